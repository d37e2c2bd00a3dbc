"""Robbers with Messages (issue 26: "robbers watch either pawn, and stolen
points can bring a message"), on a recorded game of both: in Vert's own turn
Vert's robber steals 2 of Bleu's 4 points, the stolen points take Vert's pawn
from 8 to the dark square 10, so Vert draws a message; Rouge's robber, on
square 8, follows Vert's pawn moved by stolen points (ruling RB5), and robs
it when the message's points move it on."""

from __future__ import annotations

import json
from pathlib import Path

from carcassonne_desktop.engine import GameRecord
from carcassonne_desktop.engine.events import PawnMoved
from carcassonne_desktop.engine.expansions.messages import MessageDrawn
from carcassonne_desktop.engine.expansions.robbers import RobberFollowed, RobberStole

RECORD = Path(__file__).parent / "records" / "robbers_with_messages_stolen_points_bring_a_message.json"
ROUGE, BLEU, VERT = 0, 1, 2


def _events_by_action() -> list[tuple[int, object]]:
    record = json.loads(RECORD.read_text(encoding="utf-8"))
    replay = GameRecord.from_json(record).replay()
    return [(index, event) for index, event in replay.events]


def test_stolen_points_that_reach_a_dark_square_in_the_thiefs_turn_bring_a_message():
    events = _events_by_action()
    steal = next(i for i, (_, e) in enumerate(events)
                 if isinstance(e, RobberStole) and e.thief == VERT)
    assert events[steal][1] == RobberStole(thief=VERT, victim=BLEU, points=4, stolen=2, square=0)
    after = [e for _, e in events[steal:]]
    moved = next(e for e in after if isinstance(e, PawnMoved) and e.player == VERT)
    assert (moved.start, moved.end, moved.category) == (8, 10, "robbers")
    assert MessageDrawn(player=VERT, message=7) in after
    # Rouge's robber on 8 follows the pawn moved by stolen points, then robs it
    assert RobberFollowed(owner=ROUGE, victim=VERT, start=8, end=10) in after
    assert RobberStole(thief=ROUGE, victim=VERT, points=2, stolen=1, square=10) in after
