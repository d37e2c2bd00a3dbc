"""The generic planner hook of the computer players (ai.expansions.turn_planner):
a decision kind's planner values the first answers in place of the whole-turn
enumeration, and one that declines (None) leaves the enumeration untouched,
its random draws included. The kind here is a toy's, registered for the test."""

from __future__ import annotations

import random

import pytest

from carcassonne_desktop.ai import expansions as ai_expansions
from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.ai.heuristic import rank_turns
from carcassonne_desktop.engine import Game, quick_setup


@pytest.fixture
def toy_planner(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """A planner for the tile decision that answers only when told to."""
    said: dict = {"answer": None, "asked": 0}

    def planner(evaluator, game, firsts, rng, deadline=None):  # type: ignore[no-untyped-def]
        said["asked"] += 1
        if said["answer"] is None:
            return None
        return [(float(i), (action,)) for i, action in enumerate(firsts[:3])]

    monkeypatch.setitem(ai_expansions._PLANNERS, "place_tile", [planner])
    return said


def test_a_planner_ranks_the_answers_of_its_decision_kind(toy_planner):
    game = Game(quick_setup(players=2, seed=3))
    firsts = list(game.legal_actions())
    toy_planner["answer"] = True
    ranked = rank_turns(game, Evaluator(game), firsts, None, random.Random(0))
    assert ranked == [(2.0, (firsts[2],)), (1.0, (firsts[1],)), (0.0, (firsts[0],))]
    assert ai_expansions.planner_for("place_tile") is not None
    assert ai_expansions.planner_for("flock") is None and ai_expansions.planner_for(None) is None


def test_a_planner_that_declines_leaves_the_enumeration_as_it_was(toy_planner, monkeypatch):
    game = Game(quick_setup(players=2, seed=3))
    firsts = list(game.legal_actions())
    with_planner = rank_turns(game, Evaluator(game), firsts, None, random.Random(5))
    assert toy_planner["asked"] == 1
    monkeypatch.delitem(ai_expansions._PLANNERS, "place_tile")
    without = rank_turns(game, Evaluator(game), firsts, None, random.Random(5))
    assert with_planner == without and len(without) > len(firsts)


def test_planners_of_one_kind_are_asked_in_turn_until_one_answers(monkeypatch):
    """Regression (issue 25): one planner per kind let an expansion planning
    the tile placement (the flights' die) take the kind from every other."""
    asked: list[str] = []

    def declines(evaluator, game, firsts, rng, deadline=None):  # type: ignore[no-untyped-def]
        asked.append("declines")
        return None

    def answers(evaluator, game, firsts, rng, deadline=None):  # type: ignore[no-untyped-def]
        asked.append("answers")
        return [(1.0, (firsts[0],))]

    monkeypatch.setitem(ai_expansions._PLANNERS, "toy_kind", [])
    ai_expansions.turn_planner("toy_kind")(declines)
    ai_expansions.turn_planner("toy_kind")(answers)
    ai_expansions.turn_planner("toy_kind")(answers)  # registered once
    game = Game(quick_setup(players=2, seed=3))
    planner = ai_expansions.planner_for("toy_kind")
    assert planner is not None
    firsts = list(game.legal_actions())
    assert planner(Evaluator(game), game, firsts, random.Random(0)) == [(1.0, (firsts[0],))]
    assert asked == ["declines", "answers"]
