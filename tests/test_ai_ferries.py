"""The computer players with the Ferries: every level answers both ferry
decisions, and the generic policy (each answer tried and the position
judged) values them: it turns a ferry to stop sharing a road and puts one
down to join a rival's longer road rather than lose to it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from carcassonne_desktop.ai.levels import LEVELS
from carcassonne_desktop.engine import PASS, GameRecord
from carcassonne_desktop.engine.expansions.ferries import FERRY, FERRY_MOVE, MoveFerry, PlaceFerry

GOLDEN = Path(__file__).parent / "golden_expansions"


def _position(name: str, upto: int):
    record = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))["record"]
    return GameRecord.from_json(record).replay(upto).game


@pytest.mark.parametrize("level", ["random", "greedy", "easy", "medium", "hard"])
@pytest.mark.parametrize("upto,kind", [(4, FERRY), (7, FERRY_MOVE)])
def test_every_level_answers_the_ferry_decisions(level: str, upto: int, kind: str) -> None:
    game = _position("ferry_turned_rouge_and_jaune_part", upto)
    assert game.pending is not None and game.pending.kind == kind
    action = LEVELS[level].factory(1).choose(game)
    assert action in game.legal_actions()


def test_medium_turns_the_ferry_rather_than_share_its_road() -> None:
    """Rouge's road runs through Jaune's ferry to Jaune's follower: sharing it
    gives Jaune as much as Rouge; turned away, the road is Rouge's alone."""
    game = _position("ferry_turned_rouge_and_jaune_part", 7)
    action = LEVELS["medium"].factory(1).choose(game)
    assert isinstance(action, MoveFerry) and action != PASS


def test_medium_puts_the_ferry_to_join_the_longer_rival_road_as_the_rulebook_s_red_does(
        ) -> None:
    """Jaune's lake at (1,0), her follower on the E end; Rouge holds the start
    road, longer. E-S keeps Jaune's road hers but 1 tile against Rouge's 2;
    E-W joins them: a tie on 3 tiles, worth more to her than to lose by one."""
    game = _position("ferry_turned_rouge_and_jaune_part", 4)
    action = LEVELS["medium"].factory(1).choose(game)
    assert action == PlaceFerry(1, 0, ("E", "W"))
