"""The computer players with the Count: every level answers the Count's
decisions with a legal action, and the evaluation values followers kept in
the city (more in a free quarter than under the Count)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.ai.heuristic import rank_turns
from carcassonne_desktop.ai.levels import LEVELS
from carcassonne_desktop.ai.turns import sampled_turns
from carcassonne_desktop.engine import PASS, GameRecord

GOLDEN = Path(__file__).parent / "golden_expansions"


def _position(name: str, upto: int):
    record = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))["record"]
    return GameRecord.from_json({**record, "actions": record["actions"][:upto]}).replay().game


@pytest.mark.parametrize("level", ["random", "greedy", "easy", "medium"])
@pytest.mark.parametrize(("name", "upto", "kind"), [
    ("count_castle_follower_joins_city", 6, "count_city"),
    ("count_castle_follower_joins_city", 7, "count_move"),
    ("count_castle_follower_joins_city", 12, "count_reinforce"),
    ("count_market_follower_to_field_at_end", 8, "count_reinforce"),
])
def test_every_level_answers_the_count_decisions(level, name, upto, kind):
    game = _position(name, upto)
    assert game.pending.kind == kind
    action = LEVELS[level].factory(1).choose(game)
    assert action in game.legal_actions()


def test_followers_in_the_city_are_worth_points_more_in_a_free_quarter():
    game = _position("count_castle_follower_joins_city", 6)
    before = Evaluator(game).totals(game)[0]
    free, blocked = game.copy(), game.copy()
    free.put_in_area(0, "follower", "count", "forge", [])
    blocked.put_in_area(0, "follower", "count", "castle", [])  # the Count is on the castle
    assert Evaluator(free).totals(free)[0] > Evaluator(blocked).totals(blocked)[0]
    # the free quarter's follower is worth more than it was in supply
    assert Evaluator(free).totals(free)[0] > before


def test_medium_takes_the_follower_for_the_city_and_brings_it_out():
    medium = LEVELS["medium"].factory(1)
    game = _position("count_castle_follower_joins_city", 6)
    assert medium.choose(game).to_json()["type"] == "deploy"
    game = _position("count_castle_follower_joins_city", 12)
    assert medium.choose(game).to_json()["type"] == "move"


# ------------------------------------------------------------ the market round
def _market_with(extra: int, players: int = 2):  # type: ignore[no-untyped-def]
    """The market round: the golden position (Rouge, one market follower)
    with `extra` more of Rouge's followers in the market; with three players,
    a random game's market round instead, its seat given `extra` more."""
    from carcassonne_desktop.engine import Game, quick_setup

    if players == 2:
        game = _position("count_market_follower_to_field_at_end", 8)
    else:
        game = Game(quick_setup(players=players, seed=1, expansions=("base", "count")))
        rng = random.Random(1)
        while not (game.pending.kind == "count_reinforce" and game.pending.subject == ("market",)):
            legal = list(game.legal_actions())
            market = [a for a in legal if getattr(a, "slot", None) == "market"]
            game.apply(market[0] if market else legal[rng.randrange(len(legal))])
    for _ in range(extra):
        game.put_in_area(game.deciding_player, "follower", "count", "market", [])
    return game


def _enumerated(game) -> dict:  # type: ignore[no-untyped-def]
    """Every first answer's value by trying every sequence of answers (the
    generic judgement, with no deadline)."""
    evaluator = Evaluator(game)
    seat = game.deciding_player
    best: dict = {}
    for turn in sampled_turns(game, random.Random(0), list(game.legal_actions())):
        value = evaluator.evaluate(turn.after, seat)
        best[turn.actions[0]] = max(value, best.get(turn.actions[0], value))
    return best


@pytest.mark.parametrize(("extra", "players"), [(1, 2), (2, 2), (1, 3)])
def test_the_market_planner_values_every_answer_as_trying_every_sequence(extra, players):
    game = _market_with(extra, players)
    assert game.pending.kind == "count_reinforce" and game.pending.subject == ("market",)
    ranked = rank_turns(game, Evaluator(game), list(game.legal_actions()), None, random.Random(0))
    planned = {actions[0]: value for value, actions in ranked}
    enumerated = _enumerated(game)
    assert planned.keys() == enumerated.keys()
    for action, value in enumerated.items():
        assert planned[action] == pytest.approx(value, abs=1e-9), action
    top = max(enumerated.values())
    assert ranked[0][0] == pytest.approx(top)  # the decision is unchanged
    # the planned turn plays: every move legal in turn, worth what was said
    after = game.copy()
    for action in ranked[0][1]:
        after.apply(action)
    assert Evaluator(game).evaluate(after, game.deciding_player) == pytest.approx(top)


def test_the_market_planner_evaluates_each_field_once_per_group(monkeypatch):
    game = _market_with(2, 3)
    calls = []
    original = Evaluator.totals

    def counted(self, position):  # type: ignore[no-untyped-def]
        calls.append(1)
        return original(self, position)

    monkeypatch.setattr(Evaluator, "totals", counted)
    moves = [a for a in game.legal_actions() if a.to_json()["type"] == "move"]
    paying = {a.target for a in moves if game.completed_cities(game.features[game.find(
        game.board[a.target[:2]][1] + game.board[a.target[:2]][0].feature_at_port(
            a.target[2], frozenset({"field"})))]) > 0}
    assert 0 < len(paying) < len({a.target for a in moves})
    rank_turns(game, Evaluator(game), list(game.legal_actions()), None, random.Random(0))
    # nothing moved, then 1, 2 or 3 followers into each field along a completed city
    assert len(calls) == 1 + 3 * len(paying)


def test_a_market_follower_is_worth_nothing_once_its_owner_has_passed():
    game = _position("count_market_follower_to_field_at_end", 7)  # before the last pass
    game.put_in_area(1, "follower", "count", "market", [])  # Bleu has one too
    game.apply(PASS)  # the tiles run out: the market round starts with Bleu
    assert (game.pending.kind, game.deciding_player) == ("count_reinforce", 1)
    waiting = Evaluator(game).totals(game)[1] - game.scores[1]
    assert waiting >= 3.0  # it may still go onto a field
    game.apply(PASS)
    assert (game.pending.kind, game.deciding_player) == ("count_reinforce", 0)
    lost = Evaluator(game).totals(game)[1] - game.scores[1]
    assert lost == pytest.approx(waiting - 3.0)  # it stays in the city and scores nothing
