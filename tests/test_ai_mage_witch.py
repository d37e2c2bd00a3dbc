"""The computer players with Mage & Witch: every level answers the decision
with a legal action, the policy shortlists the mage on the seat's own
feature and takes it off an opponent's, the whole-turn search branches only
on the shortlist, and the evaluation sees what the figures are worth."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.ai.expansions.mage_witch import SHORTLIST, best_answers
from carcassonne_desktop.ai.levels import LEVELS
from carcassonne_desktop.ai.turns import whole_turns
from carcassonne_desktop.engine import GameRecord
from carcassonne_desktop.engine.actions import MoveFigure
from carcassonne_desktop.engine.expansions.mage_witch import KIND, MAGE

GOLDEN = Path(__file__).parent / "golden_expansions"
ROADS = "mw_witch_road_5_mage_road_3"


def _position(name: str, upto: int):  # type: ignore[no-untyped-def]
    record = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))["record"]
    return GameRecord.from_json({**record, "actions": record["actions"][:upto]}).replay().game


@pytest.mark.parametrize("level", ["random", "greedy", "easy", "medium"])
@pytest.mark.parametrize("upto", [1, 8])
def test_every_level_answers_the_mage_witch_decision(level, upto):
    game = _position(ROADS, upto)
    assert game.pending.kind == KIND
    action = LEVELS[level].factory(1).choose(game)
    assert action in game.legal_actions()


def test_the_policy_moves_the_mage_from_the_rival_road_onto_its_own():
    """Bleu decides: the mage helps Rouge's 3-tile road; Bleu's road has 4
    tiles. Best: the mage from Rouge's road onto Bleu's (+4 for Bleu, -3 for Rouge)."""
    game = _position(ROADS, 8)
    assert game.deciding_player == 1
    best = best_answers(game, list(game.legal_actions()))
    assert len(best) == SHORTLIST
    first = best[0]
    assert isinstance(first, MoveFigure) and first.figure == MAGE and first.source is not None
    bleu_road = game.find(game.node_at(1, 1, "N"))
    assert game.find(game.node_at(*first.target)) == bleu_road


def test_the_whole_turn_search_branches_only_on_the_shortlist():
    game = _position(ROADS, 7)  # Bleu places the magic tile mage/07
    assert game.pending.kind == "place_tile"
    answers: dict[object, set[object]] = {}
    for turn in whole_turns(game):
        if len(turn.actions) > 1 and isinstance(turn.actions[1], MoveFigure):
            answers.setdefault(turn.actions[0], set()).add(turn.actions[1])
    assert answers
    assert all(len(found) <= SHORTLIST for found in answers.values())


def test_the_evaluation_counts_the_mage_on_ones_own_road():
    game = _position(ROADS, 3)  # the mage on Rouge's road, Rouge's follower on it
    without = game.copy()
    without.remove_figure(-1, MAGE, None, [])
    assert Evaluator(game).evaluate(game, 0) > Evaluator(without).evaluate(without, 0)
