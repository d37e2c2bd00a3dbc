"""The computer players with the Catapult (issue 27): every level answers every
catapult decision; a player aims at the best point for it (the engine's own
effects judge it) and misses by a seeded spread that grows with the distance
and shrinks with its level; whole games with every expansion play through."""

from __future__ import annotations

import json
import math
import random
import statistics
from pathlib import Path

import pytest

from carcassonne_desktop.ai.expansions.catapult import (
    SPREAD_PER_TILE,
    aim,
    catch_outcome,
    knockout_value,
    shaken,
)
from carcassonne_desktop.ai.levels import LEVELS
from carcassonne_desktop.engine import Game, GameRecord, quick_setup
from carcassonne_desktop.engine.decisions import accepts
from carcassonne_desktop.engine.expansions.catapult import (
    CATCH,
    HURL,
    SWAP,
    TOKEN_CHOICE,
    ChooseToken,
    Hurl,
    Swap,
)
from carcassonne_desktop.engine.expansions.shared.catapult_geometry import launch_point

GOLDEN = Path(__file__).parent / "golden_expansions"


def _position(name: str, upto: int, controllers: tuple[str, ...] | None = None) -> Game:
    record = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))["record"]
    if controllers is not None:
        for seat, controller in zip(record["setup"]["players"], controllers, strict=False):
            seat["controller"] = controller
    return GameRecord.from_json(record).replay(upto).game


@pytest.mark.parametrize("level", ["random", "greedy", "easy", "medium", "hard"])
@pytest.mark.parametrize("name,upto,kind", [
    ("ca_knockout_chain_and_off_map", 6, TOKEN_CHOICE),
    ("ca_knockout_chain_and_off_map", 7, HURL),
    ("ca_seduction_from_supply", 8, SWAP),
    ("ca_catch_each_outcome", 3, CATCH),
])
def test_every_level_answers_every_catapult_decision(level: str, name: str, upto: int,
                                                     kind: str) -> None:
    game = _position(name, upto)
    assert game.pending is not None and game.pending.kind == kind
    action = LEVELS[level].factory(1).choose(game)
    assert action in game.legal_actions() or accepts(game, action)
    game.apply(action)


def test_the_placer_avoids_a_knock_out_whose_chain_would_send_his_own_farmer_home() -> None:
    """Bleu's follower stands 0.55 from Rouge's farmer: a knock-out on it
    sends both home (CA5), so Rouge seduces Bleu's road instead."""
    game = _position("ca_knockout_chain_and_off_map", 6)
    assert LEVELS["medium"].factory(1).choose(game) == ChooseToken("seduction")


def test_the_aim_is_the_best_point_the_engine_judges() -> None:
    from carcassonne_desktop.engine import PASS, Deploy, PlaceTile

    game = Game(quick_setup(2, seed=1, expansions=("base", "catapult"),
                            tile_order=("base/U", "base/A", "catapult/06")))
    game.apply(PlaceTile(1, 0, 2, "base/U"))
    game.apply(PASS)
    game.apply(PlaceTile(2, 0, 1, "base/A"))
    game.apply(Deploy("follower", 2, 0, "W"))
    fair = (0, 1)
    assert knockout_value(game, 0, aim(game, 0, "knockout", fair)) == 1.0
    assert aim(game, 1, "target", fair) == (0.0, 1.0)


def test_a_knock_out_that_costs_more_than_it_brings_is_aimed_off_the_map() -> None:
    """Every point that knocks Bleu's follower also knocks Rouge's farmer (CA5)."""
    game = _position("ca_knockout_chain_and_off_map", 7)
    fair = game.pending.subject[0]
    point = aim(game, 0, "knockout", fair)
    assert knockout_value(game, 0, point) == 0 and point == launch_point(game, fair)


def test_the_spread_grows_with_distance_and_shrinks_with_level() -> None:
    def miss(controller: str, point: tuple[float, float]) -> float:
        game = Game(quick_setup(2, seed=1, expansions=("base", "catapult"),
                                controllers=(controller, "human")))
        rng = random.Random(7)
        return statistics.fmean(math.dist(shaken(game, 0, point, (0, 0), rng), point)
                                for _ in range(400))

    near, far = (0.0, 0.0), (0.0, -8.0)
    assert miss("ai:easy", far) > 2 * miss("ai:easy", near)
    assert miss("ai:hard", far) < miss("ai:medium", far) < miss("ai:easy", far)
    assert SPREAD_PER_TILE["hard"] < SPREAD_PER_TILE["easy"]


def test_the_same_seed_hurls_to_the_same_point() -> None:
    game = _position("ca_knockout_chain_and_off_map", 7)
    first = LEVELS["medium"].factory(5).choose(game)
    again = LEVELS["medium"].factory(5).choose(game)
    assert isinstance(first, Hurl) and first == again


def test_seduction_swaps_from_supply_when_it_can() -> None:
    game = _position("ca_seduction_from_supply", 8)
    assert LEVELS["hard"].factory(1).choose(game) == Swap("follower")


def test_a_better_catcher_catches_more_often() -> None:
    game = Game(quick_setup(2, seed=1, expansions=("base", "catapult"),
                            controllers=("ai:hard", "ai:easy")))
    rng = random.Random(3)
    by_hard = sum(catch_outcome(game, 1, 0, rng) == "caught" for _ in range(500))
    by_easy = sum(catch_outcome(game, 0, 1, rng) == "caught" for _ in range(500))
    assert by_hard > by_easy


@pytest.mark.parametrize("levels", [("random", "easy", "medium"), ("greedy", "hard")])
def test_computer_games_with_the_catapult_and_every_expansion_play_through(levels) -> None:
    expansions = ("base", "inns_cathedrals", "traders_builders", "abbot", "hills_sheep",
                  "mage_witch", "ferries", "flying_machines", "gold_mines", "catapult")
    game = Game(quick_setup(len(levels), seed=4, expansions=expansions,
                            controllers=tuple(f"ai:{level}" for level in levels)))
    players = [LEVELS[level].factory(seat) for seat, level in enumerate(levels)]
    hurls = 0
    while not game.is_over:
        action = players[game.pending.player].choose(game, budget=0.05)
        hurls += isinstance(action, Hurl)
        game.apply(action)
    assert hurls >= len(levels)
    replayed = GameRecord.loads(GameRecord.from_game(game).dumps()).replay().game
    assert replayed.scores == game.scores


# ---------------------------------------------------- the tokens in hand
def test_the_evaluator_values_the_tokens_still_held() -> None:
    """Regression: the evaluator ignored the catapult tokens still held. On a
    hand-made position (a steady hard player and an easy one, every token
    held, fairs to come) the target and the catch are worth their expected
    points, more to the steadier hand; spent tokens, or no fair left to
    start a round, are worth nothing."""
    from carcassonne_desktop.ai.evaluation import Evaluator
    from carcassonne_desktop.ai.expansions.catapult import (
        catch_chances,
        fairs_to_come,
        tokens_in_hand,
    )
    from carcassonne_desktop.engine.expansions.catapult import CATCH_POINTS, TOKENS

    game = Game(quick_setup(2, seed=1, expansions=("base", "catapult"),
                            controllers=("ai:hard", "ai:easy")))
    assert fairs_to_come(game) == 12
    assert sum(catch_chances(game, 0, 1).values()) == pytest.approx(1.0)
    evaluator = Evaluator(game)
    totals = [0.0, 0.0]
    tokens_in_hand(evaluator, game, totals)
    hard, easy = 1 / 0.025, 1 / 0.12
    target = [5 * hard / (hard + easy), 5 * easy / (hard + easy)]
    caught = {o: CATCH_POINTS[o] for o in CATCH_POINTS}
    c01, c10 = catch_chances(game, 0, 1), catch_chances(game, 1, 0)
    catch0 = sum(c01[o] * caught[o][0] for o in c01) + sum(c10[o] * caught[o][1] for o in c10)
    catch1 = sum(c10[o] * caught[o][0] for o in c10) + sum(c01[o] * caught[o][1] for o in c01)
    assert totals == pytest.approx([target[0] + catch0, target[1] + catch1])
    assert totals[0] > totals[1] > 0
    # the evaluator runs the term in games with the catapult
    before = Evaluator(game).totals(game)
    game.extension_state["catapult"] = tuple((p, t) for p in (0, 1) for t in TOKENS)
    after = Evaluator(game).totals(game)
    assert before[0] - after[0] == pytest.approx(totals[0])
    spent = [0.0, 0.0]
    tokens_in_hand(evaluator, game, spent)
    assert spent == [0.0, 0.0]
    # no fair left to start a round: held tokens are worth nothing
    game.extension_state["catapult"] = ()
    game.bag[:] = [t for t in game.bag if not game.rules.catalogue[t].flags.get("fair")]
    none_left = [0.0, 0.0]
    tokens_in_hand(evaluator, game, none_left)
    assert fairs_to_come(game) == 0 and none_left == [0.0, 0.0]
    # two fairs for four types held: each type has an even chance of its round
    fair = "catapult/06"
    game.bag[:0] = [fair, fair]
    half = [0.0, 0.0]
    tokens_in_hand(evaluator, game, half)
    assert half == pytest.approx([v / 2 for v in totals])
