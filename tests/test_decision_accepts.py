"""Answers that are not a finite list (issue 27, review 5.3 and 5.7): a
decision kind's `accepts` judges an answer by rule while `legal` stays a
finite sample, and the engine, the human controller and the computer
players all validate through that one check; float fields in records.
Proven with the toy of tests/toy_aim.py (a stone aimed at a point)."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator

import pytest

from carcassonne_desktop.ai.expansions import _POLICIES, decision_policy, policy_for
from carcassonne_desktop.ai.levels import create_player
from carcassonne_desktop.engine import PASS, GameRecord, IllegalActionError, MalformedError
from carcassonne_desktop.engine.actions import float_field, float_to_json, parse_action
from carcassonne_desktop.engine.decisions import accepts
from carcassonne_desktop.ui.placement_controller import DECIDE, PlacementController
from tests.toy_aim import AIM, TOY, Aim, aiming_game, sling


@pytest.fixture
def toy() -> Iterator[None]:
    with sling():
        yield


def test_the_engine_takes_an_answer_outside_the_sample_when_the_kind_accepts_it(toy):
    game = aiming_game()
    off_sample = Aim(1.75, -1.5)
    assert off_sample not in game.legal_actions()
    assert accepts(game, off_sample)
    game.apply(off_sample)
    assert game.extension_state[TOY] == ((1.75, -1.5),)
    assert game.history[-1] == off_sample
    assert game.pending_kind == "place_tile"


def test_the_engine_refuses_an_answer_the_kind_does_not_accept_and_changes_nothing(toy):
    game = aiming_game()
    before = game.state_key()
    too_far = Aim(4.0, 0.0)
    assert not accepts(game, too_far)
    with pytest.raises(IllegalActionError, match="within 2.0 tiles"):
        game.apply(too_far)
    with pytest.raises(IllegalActionError):
        game.apply(PASS)  # not optional: a pass is no aim
    assert game.state_key() == before


def test_accepts_is_membership_in_legal_for_the_core_decisions():
    from carcassonne_desktop.engine import Game, PlaceTile
    from carcassonne_desktop.engine.setup import quick_setup

    game = Game(quick_setup(players=2, seed=1, tile_order=("base/U",)))
    assert accepts(game, PlaceTile(1, 0, 0, "base/U"))
    assert not accepts(game, PlaceTile(5, 5, 0, "base/U"))
    assert not accepts(game, PASS)


def test_a_record_with_float_fields_replays_to_the_same_game(toy):
    game = aiming_game()
    game.apply(Aim(1.75, -1.5))
    text = GameRecord.from_game(game).dumps()
    assert {"type": AIM, "x": 1.75, "y": -1.5} in json.loads(text)["actions"]
    replayed = GameRecord.loads(text).replay().game
    assert replayed.state_key() == game.state_key()


def test_a_replayed_answer_the_kind_refuses_is_reported_not_played(toy):
    game = aiming_game()
    game.apply(Aim(1.0, 0.0))
    data = GameRecord.from_game(game).to_json()
    data["actions"][-1] = {"type": AIM, "x": 9.5, "y": 0}
    with pytest.raises(Exception, match="within 2.0 tiles"):
        GameRecord.from_json(data).replay()


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf, "1.5", None, True, [1]])
def test_float_fields_refuse_what_is_not_a_finite_number(value):
    with pytest.raises(MalformedError, match="'x' must be a"):
        float_field({"type": AIM, "x": value}, "x")


def test_float_fields_read_integers_and_decimals_and_write_them_back():
    assert float_field({"x": 2}, "x") == 2.0 and isinstance(float_field({"x": 2}, "x"), float)
    assert float_field({"x": -3.5}, "x") == -3.5
    assert float_to_json(1.75, "x", AIM) == 1.75
    with pytest.raises(MalformedError, match="finite"):
        float_to_json(math.nan, "x", AIM)


def test_nan_in_a_record_file_is_a_clear_error(toy):
    # Python's json reads NaN; the record must still refuse it with the field's name
    with pytest.raises(MalformedError, match="toy_aim: 'y' must be a finite number"):
        parse_action(json.loads('{"type": "toy_aim", "x": 1, "y": NaN}'))


# ------------------------------------------------------------ the human controller


def test_the_controller_takes_an_accepted_answer_outside_the_sample(toy):
    game = aiming_game()
    controller = PlacementController(game)
    assert controller.state == DECIDE
    assert controller.choose(Aim(4.0, 0.0)) == []  # refused: the turn stays undecided
    assert controller.state == DECIDE
    controller.choose(Aim(0.25, 1.0))
    assert controller.tentative is not None
    assert controller.tentative.extension_state[TOY] == ((0.25, 1.0),)
    assert controller.actions() == [Aim(0.25, 1.0)]


# ------------------------------------------------------------ the computer players


@pytest.fixture
def aim_policy() -> Iterator[list[tuple[float, float]]]:
    """A toy policy answering the points queued in the list it yields."""
    queue: list[tuple[float, float]] = []

    @decision_policy(AIM)
    def policy(game, legal, rng):  # type: ignore[no-untyped-def]
        return Aim(*queue.pop(0)) if queue else None

    try:
        yield queue
    finally:
        del _POLICIES[AIM]


def test_a_registered_policy_answers_before_the_generic_way(toy, aim_policy):
    assert policy_for(AIM) is not None and policy_for("place_tile") is None
    aim_policy.append((2.5, 0.5))
    game = aiming_game()
    answer = create_player("medium", seed=1).choose(game, budget=0.5)
    assert answer == Aim(2.5, 0.5)
    game.apply(answer)


def test_a_policy_answer_the_kind_refuses_falls_back_to_the_sample(toy, aim_policy):
    aim_policy.append((7.0, 7.0))
    game = aiming_game()
    answer = create_player("random", seed=1).choose(game)
    assert answer in game.legal_actions()


def test_a_player_whose_decide_answers_off_the_sample_is_validated_by_accepts(toy):
    from carcassonne_desktop.ai.player import Player

    class Outside(Player):
        def decide(self, game, legal, deadline):  # type: ignore[no-untyped-def]
            return Aim(self.point[0], self.point[1])

    game = aiming_game()
    player = Outside()
    player.point = (1.5, 1.5)  # type: ignore[attr-defined]
    assert player.choose(game) == Aim(1.5, 1.5)
    player.point = (9.0, 9.0)  # type: ignore[attr-defined]
    assert player.choose(game) == game.legal_actions()[0]
