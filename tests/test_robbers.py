"""The Robbers (seed 001 "Les Voleurs"; issue 26): the catalogue, the two
questions after a robber tile, stealing half rounded up, the robber that
follows stolen points, the steal choice, the end's 3 points, robbers
watching either of two pawns (the toy of tests/test_score_track.py), the
log, and the computer players at every level."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from carcassonne_desktop import i18n
from carcassonne_desktop.ai.levels import LEVELS
from carcassonne_desktop.engine import PASS, Game, GameRecord
from carcassonne_desktop.engine.actions import DeployToArea
from carcassonne_desktop.engine.decisions import accepts
from carcassonne_desktop.engine.errors import IllegalActionError
from carcassonne_desktop.engine.expansion import EXPANSIONS
from carcassonne_desktop.engine.expansions.robbers import (
    ROBBER,
    STEAL,
    TRACK,
    RobberFollowed,
    RobberLeft,
    RobberPlaced,
    RobberSteal,
    RobberStole,
    robber_square,
)
from carcassonne_desktop.engine.setup import quick_setup
from tests.test_catalogue import REFERENCE, assert_matches_reference, assert_tile_consistent
from tests.test_score_track import PAWNS, ChoosePawn, TwoPawns

GOLDEN = Path(__file__).parent / "golden_expansions"


def _golden(name: str) -> dict[str, Any]:
    return json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))["record"]


def _replay(record: dict[str, Any], upto: int | None = None) -> tuple[Game, list[Any]]:
    """The game after the first `upto` actions, and the events of the last one."""
    record = dict(record, actions=record["actions"][:upto])
    game = GameRecord.from_json(dict(record, actions=record["actions"][:-1])).replay().game
    events = game.apply(GameRecord.from_json(record).actions[-1])
    return game, events


def _put(slot: int) -> DeployToArea:
    return DeployToArea(ROBBER, TRACK, str(slot))


@pytest.mark.skipif(not REFERENCE.exists(), reason="shared reference catalogue not beside repo")
def test_robber_tiles_match_the_reference() -> None:
    assert_matches_reference("robbers.json", "robbers.json", "robbers")
    from carcassonne_desktop.engine.catalogue import load_tile_file

    for tile in load_tile_file("robbers.json", "robbers"):
        assert_tile_consistent(tile)
        assert tile.flags.get(ROBBER)


def test_the_placer_then_the_first_player_clockwise_with_a_robber_in_supply_are_asked() -> None:
    """Seed 001: Rouge places a robber tile; Bleu's and Jaune's robbers are on
    the track, so Vert is asked next."""
    game = Game(quick_setup(players=4, seed=1, expansions=("base", "robbers"),
                            tile_order=("robbers/02", "base/U", "base/U", "base/U")))
    for player in (1, 2):
        game.put_figure(player, ROBBER, (TRACK, "0"), [])
    from carcassonne_desktop.engine import PlaceTile

    game.apply(PlaceTile(1, 0, 0, "robbers/02"))
    assert game.pending is not None and game.pending.kind == ROBBER and game.pending.player == 0
    assert game.pending.subject == ("put", 0)
    game.apply(_put(0))
    assert game.pending.kind == ROBBER and game.pending.player == 3  # Vert, not Bleu or Jaune
    assert DeployToArea(ROBBER, TRACK, "0") in game.legal_actions()
    game.apply(PASS)
    assert game.pending.kind == "figure"
    assert robber_square(game, 0) == 0 and robber_square(game, 3) is None


def test_a_placer_with_nowhere_to_rob_is_skipped_and_the_round_ends_with_the_turn() -> None:
    """The robber questions are a round of the core's helper: a placer with
    no other player's pawn to watch is not asked, the next player is, and
    once they answer nobody else is asked and no round is left behind."""
    from carcassonne_desktop.engine import PlaceTile
    from carcassonne_desktop.engine.rounds import round_of

    game = Game(quick_setup(players=3, seed=1, expansions=("base", "robbers"),
                            tile_order=("robbers/02", "base/U", "base/U", "base/U")))
    for player in (1, 2):  # both other pawns on square 5, where Rouge's robber already is
        game.pawns[player] = (5,)
        game.scores[player] = 5
    game.put_figure(0, ROBBER, (TRACK, "5"), [])
    game.apply(PlaceTile(1, 0, 0, "robbers/02"))
    assert game.pending.kind == ROBBER and game.pending.player == 1  # Rouge skipped
    assert game.pending.subject == ("put", 0, 5)  # Rouge's pawn on 0, Jaune's on 5
    game.apply(_put(0))
    assert game.pending.kind == "figure" and game.pending.player == 0  # Jaune not asked
    assert round_of(game, ROBBER) is None
    game.apply(PASS)
    assert game.pending.kind == "place_tile" and game.pending.player == 1


def test_a_robber_goes_only_where_another_players_pawn_stands_and_moves_elsewhere() -> None:
    from carcassonne_desktop.engine import PlaceTile

    game = Game(quick_setup(players=3, seed=1, expansions=("base", "robbers"),
                            tile_order=("robbers/02", "robbers/02", "robbers/01", "robbers/01")))
    for player, points in ((1, 7), (2, 12)):
        game.pawns[player] = (points,)
        game.scores[player] = points
    game.apply(PlaceTile(1, 0, 0, "robbers/02"))
    assert list(game.legal_actions()) == [_put(7), _put(12), PASS]  # not 0: Rouge's own pawn
    with pytest.raises(IllegalActionError):
        game.apply(_put(0))
    game.apply(_put(7))
    assert game.pending.player == 1 and game.pending.subject == ("put", 0, 12)
    game.apply(PASS)  # Bleu, next with a robber in supply
    game.apply(PASS)  # Rouge's figure step
    for tile, x, rot in (("robbers/02", 2, 0), ("robbers/01", 3, 0)):  # Bleu, then Jaune
        game.apply(PlaceTile(x, 0, rot, tile))
        while game.pending.kind == ROBBER:
            assert game.pending.player != 0  # Rouge's robber is on the track: not asked
            game.apply(PASS)
        game.apply(PASS)
    game.apply(PlaceTile(-1, 0, 2, "robbers/01"))  # Rouge again: its robber may move
    assert game.pending.player == 0 and game.pending.subject == ("move", 12)  # not where it is
    events = game.apply(_put(12))
    assert robber_square(game, 0) == 12 and game.supply[0][ROBBER] == 0
    assert RobberPlaced(0, 12, True) in events


def test_rulebook_example_5_points_3_stolen_and_the_robber_that_follows() -> None:
    record = _golden("rb_red_5_blue_steals_3_yellow_follows")
    game, events = _replay(record)
    stole = [e for e in events if isinstance(e, RobberStole)]
    assert stole == [RobberStole(1, 0, 5, 3, 0)]
    assert [e for e in events if isinstance(e, RobberFollowed)] == [RobberFollowed(2, 1, 4, 7)]
    assert [e for e in events if isinstance(e, RobberLeft)] == [RobberLeft(2, 7)]
    assert game.is_over and game.scores == [5, 7, 3, 0]
    assert all(robber_square(game, p) is None for p in range(4))
    assert [game.supply[p][ROBBER] for p in range(4)] == [1, 1, 1, 1]
    # before the end: Bleu's robber went home, Jaune's stood on Bleu's new square
    before, _ = _replay(record, len(record["actions"]) - 1)
    assert robber_square(before, 1) == 0 and robber_square(before, 2) == 4


def test_rulebook_example_4_points_two_robbers_steal_2_each() -> None:
    game, events = _replay(_golden("rb_blue_4_red_and_green_steal_2_each"))
    assert [e for e in events if isinstance(e, RobberStole)] == [RobberStole(3, 1, 4, 2, 0),
                                                                RobberStole(0, 1, 4, 2, 0)]
    assert game.scores == [2, 4, 0, 2] and game.breakdown[0]["robbers"] == 2


def test_the_steal_choice_is_asked_when_two_pawns_leave_the_square_at_once() -> None:
    record = _golden("rb_steal_choice_yellow_robs_blue")
    game, _ = _replay(record, len(record["actions"]) - 1)
    assert game.pending is not None and game.pending.kind == STEAL and game.pending.player == 2
    assert game.pending.subject == ((0, 5), (1, 5))
    assert list(game.legal_actions()) == [RobberSteal(0), RobberSteal(1)]
    assert game.scores == [5, 5, 0]  # the totals are right while the question waits
    events = game.apply(RobberSteal(1))
    assert [e for e in events if isinstance(e, RobberStole)] == [RobberStole(2, 1, 5, 3, 0)]
    assert game.scores == [5, 5, 3]


def test_nobody_robs_themselves_and_stolen_points_are_not_stolen() -> None:
    game = Game(quick_setup(players=3, seed=1, expansions=("base", "robbers")))
    events: list[Any] = []
    game.put_figure(0, ROBBER, (TRACK, "0"), events)  # Rouge's robber on everyone's square
    game.put_figure(2, ROBBER, (TRACK, "0"), events)
    game.award((0,), 4, "road", "completed", events)  # Rouge scores: Jaune robs, not Rouge
    game.settle_pawns(events)
    assert game.scores == [4, 0, 2]
    assert robber_square(game, 2) is None  # Jaune robbed and took its robber back
    # Jaune's 2 stolen points left square 0 where Rouge's robber stands: not robbed
    assert [e for e in events if isinstance(e, RobberStole)] == [RobberStole(2, 0, 4, 2, 0)]
    followed = [e for e in events if isinstance(e, RobberFollowed)]
    assert followed == [RobberFollowed(0, 2, 0, 2)]  # Rouge's robber follows Jaune's pawn
    assert robber_square(game, 0) == 2


@pytest.fixture
def two_pawns() -> Iterator[None]:
    EXPANSIONS[PAWNS] = TwoPawns
    try:
        yield
    finally:
        del EXPANSIONS[PAWNS]


@pytest.mark.parametrize("pawn, robbed", [(0, True), (1, False)])
def test_robbers_watch_either_of_two_pawns(two_pawns: None, pawn: int, robbed: bool) -> None:
    """With two pawns each (the toy standing for Messages), a robber on the
    square of a player's second pawn robs only if that pawn moves."""
    game = Game(quick_setup(players=2, seed=1, expansions=("base", "robbers", PAWNS)))
    assert len(game.pawns[0]) == 2
    game.pawns[1] = (6, 0)
    game.scores[1] = 6
    events: list[Any] = []
    game.put_figure(0, ROBBER, (TRACK, "6"), events)  # on Bleu's first pawn
    game.award((1,), 3, "road", "completed", events)
    decision = game.settle_pawns(events)
    assert decision is not None and decision.player == 1  # which of Bleu's pawns moves?
    game.pending = decision
    game.apply(ChoosePawn(pawn))  # pawn 0 stands on the robber's square 6
    assert (robber_square(game, 0) is None) is robbed
    assert game.scores[0] == (2 if robbed else 0)


def test_the_log_explains_every_stolen_point(tmp_path: Any) -> None:
    from carcassonne_desktop.ui.game_log import GameLog

    i18n.set_language("fr")
    try:
        record = _golden("rb_red_5_blue_steals_3_yellow_follows")
        game, events = _replay(record)
        log = GameLog([p.name for p in game.setup.players], [p.color for p in game.setup.players])
        log.add(events)
        text = "\n".join(log.lines())
        assert "Le voleur de Bleu vole 3 sur les 5 points de Rouge (case 0)" in text
        assert "Le voleur de Jaune suit Bleu" in text and "case 7" in text
        assert "Le voleur de Jaune est resté sur la case 7\u00a0: 3 points." in text
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("level", ["random", "greedy", "easy", "medium", "hard"])
def test_every_level_puts_a_robber_and_chooses_whom_to_rob(level: str) -> None:
    record = _golden("rb_blue_4_red_and_green_steal_2_each")
    game, _ = _replay(record, 1)
    assert game.pending.kind == ROBBER
    action = LEVELS[level].factory(1).choose(game)
    assert accepts(game, action)
    record = _golden("rb_steal_choice_yellow_robs_blue")
    game, _ = _replay(record, len(record["actions"]) - 1)
    assert game.pending.kind == STEAL
    action = LEVELS[level].factory(1).choose(game)
    assert accepts(game, action)


def test_medium_watches_the_pawn_that_may_score_soon_not_an_idle_one() -> None:
    """Jaune's question of the first golden record: square 0 holds Rouge's
    pawn (Rouge has a follower on an open road), square 4 Bleu's (Bleu's
    city is scored, nothing open): medium robs the pawn with points in sight."""
    record = _golden("rb_red_5_blue_steals_3_yellow_follows")
    game, _ = _replay(record, 5)
    assert game.pending.kind == ROBBER and game.pending.player == 2
    assert game.pending.subject == ("put", 0, 4)
    assert LEVELS["medium"].factory(1).choose(game) == _put(0)
