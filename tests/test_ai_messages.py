"""The computer players with the Messages: every level answers the pawn
question, the message and message 8's follower with a legal action; the
pawn that reaches a dark square in the player's own turn is chosen, a pawn
a robber watches is not moved, and a message is carried out only when it is
worth more than its 2 points."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from carcassonne_desktop.ai.expansions.messages import suggest_message, suggested_pawn
from carcassonne_desktop.ai.levels import LEVELS
from carcassonne_desktop.engine import GameRecord
from carcassonne_desktop.engine.expansions.messages import MessageChoice, ScorePawn

GOLDEN = Path(__file__).parent / "golden_expansions"
ALL_LEVELS = sorted(LEVELS)


def _position(name: str, upto: int):  # type: ignore[no-untyped-def]
    record = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))["record"]
    return GameRecord.from_json({**record, "actions": record["actions"][:upto]}).replay().game


@pytest.mark.parametrize("level", ALL_LEVELS)
@pytest.mark.parametrize(("name", "upto", "kind"), [
    ("ms_message_1_smallest_road", 11, "score_pawn"),
    ("ms_message_1_smallest_road", 10, "message"),
    ("ms_message_8_follower_back", 11, "message_follower"),
])
def test_every_level_answers_the_messages_decisions(level, name, upto, kind):
    game = _position(name, upto)
    assert game.pending.kind == kind
    action = LEVELS[level].factory(1).choose(game, budget=0.2)
    assert action in game.legal_actions()


def test_ms_ai_moves_the_pawn_that_reaches_a_dark_square_in_its_turn():
    game = _position("ms_chain_of_two_messages", 15)  # Rouge's 5 points to move
    assert game.pending.kind == "score_pawn" and game.pending.subject == (5,)
    game.pawns[0] = (6, 0)
    assert suggested_pawn(game, 0, 5) == 2  # 0 -> 5, a dark square: a message
    assert LEVELS["medium"].factory(1).choose(game) == ScorePawn(2)
    game.pawns[0] = (5, 1)
    assert suggested_pawn(game, 0, 5) == 1  # 5 -> 10


def test_ms_ai_does_not_move_a_pawn_a_robber_watches():
    game = _position("ms_chain_of_two_messages", 15)
    game.area_figures[("track", "0")] = ((1, "robber"),)  # Bleu's figure on pawn 2's square
    assert suggested_pawn(game, 0, 5) == 1


def test_ms_ai_carries_a_message_out_only_when_it_is_worth_more_than_2():
    game = _position("ms_chain_of_two_messages", 14)  # message 3: a cloister worth 5
    assert suggest_message(game, list(game.legal_actions())) == MessageChoice(3, "act")
    game = _position("ms_message_1_smallest_road", 10)  # message 1: a road worth 1
    assert suggest_message(game, list(game.legal_actions())) == MessageChoice(1, "points")


def test_ms_advice_for_the_pawn_question_is_the_suggestion():
    """The hint's advice gave pawn 1 while the buttons suggested pawn 2: the
    advice now takes a decision kind's own policy, as the computer players do."""
    from carcassonne_desktop.ai.advice import suggest_turn

    game = _position("ms_chain_of_two_messages", 15)
    game.pawns[0] = (6, 0)
    assert suggest_turn(game, 0.5) == (ScorePawn(2),)
