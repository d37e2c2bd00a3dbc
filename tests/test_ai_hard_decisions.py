"""Every decision the newer expansions add reaches `hard` like any other
(issue 30): through the kind's policy or the generic whole-turn search, hard
answers each with an action the engine accepts, on the first position of a
golden record where the decision is asked; and hard's tile placement just
before it (the whole turn that leads to the decision) is legal too."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from carcassonne_desktop.ai.hard import HardPlayer
from carcassonne_desktop.engine import Game, GameRecord

GOLDEN = Path(__file__).parent / "golden_expansions"

#: (decision kind, golden record where it is asked)
NEW_DECISIONS = [
    ("fly_landing", "fm_die_2_lands_beside_bleu_in_the_city"),
    ("ferry", "ferry_completes_city_and_bleu_road"),
    ("ferry_move", "ferry_turned_rouge_and_jaune_part"),
    ("gold", "gm_city_three_ingots_to_rouge"),
    ("mage_witch", "mw_join_moves_the_witch_away_before_scoring"),
    ("score_pawn", "ms_chain_of_two_messages"),
    ("message", "ms_chain_of_two_messages"),
    ("message_follower", "ms_message_8_follower_back"),
    ("robber", "rb_blue_4_red_and_green_steal_2_each"),
    ("robber_steal", "rb_steal_choice_yellow_robs_blue"),
    ("crop_circle", "cc_city_deploy_both_add_a_knight"),
    ("crop_circle_deploy", "cc_city_deploy_both_add_a_knight"),
    ("crop_circle_remove", "cc_city_remove_rouge_keeps_her_big_city"),
    ("catapult", "ca_knockout_chain_and_off_map"),
    ("catapult_token", "ca_catch_each_outcome"),
    ("catapult_swap", "ca_seduction_from_board_and_off_map"),
    ("catapult_catch", "ca_catch_each_outcome"),
]


def asked(name: str, kind: str) -> tuple[Game, Game | None]:
    """The first position of the record where `kind` is asked, and the last
    tile placement before it (None if the decision comes first)."""
    record = GameRecord.from_json(
        json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))["record"])
    game = GameRecord.from_json({**record.to_json(), "actions": []}).replay().game
    placement = None
    for action in record.actions:
        if game.pending_kind == kind:
            return game, placement
        if game.pending_kind == "place_tile":
            placement = game.copy()
        game.apply(action)
    raise AssertionError(f"{kind} is never asked in {name}")


def accepted(game: Game, action: object) -> bool:
    trial = game.copy()
    trial.apply(action)  # raises EngineError if the engine refuses it
    return True


@pytest.mark.parametrize(("kind", "name"), NEW_DECISIONS)
def test_hard_answers_every_new_decision(kind: str, name: str) -> None:
    game, placement = asked(name, kind)
    hard = HardPlayer(1, rounds=2)
    assert accepted(game, hard.choose(game, budget=30.0))
    if placement is not None:
        hard = HardPlayer(2, rounds=2)
        assert accepted(placement, hard.choose(placement, budget=30.0))
