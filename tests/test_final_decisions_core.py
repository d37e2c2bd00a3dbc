"""The core's "final scoring that can ask" hook (docs/architecture-expansions.md
part 3 #2), proven with a toy expansion that exists only in this test: before
the final scoring every player in turn, from the player whose turn would
come, may move the figure they keep off the board (an area slot) onto a
field, and the fields are then scored with it; `apply`, `legal_actions`,
copies and record replay all see the game as not over until the last
answer."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import pytest

from carcassonne_desktop.engine import PASS, Action, Game, GameRecord, PlaceTile
from carcassonne_desktop.engine.actions import MoveFigure
from carcassonne_desktop.engine.decisions import Decision, DecisionKind
from carcassonne_desktop.engine.events import DecisionRequested, Event, GameOver
from carcassonne_desktop.engine.expansion import EXPANSIONS, Expansion
from carcassonne_desktop.engine.setup import quick_setup

TOY = "toy_final_test"
AREA, SLOT = "toy_shed", "shed"


def _waiting(game: Game) -> tuple[int, ...]:
    """Players still to answer (kept by the toy as a tuple, immutable)."""
    return game.extension_state.get(TOY, ())


class Shed(Expansion):
    """Each player starts with one follower in a shed off the board; at the
    end, each in turn may put it on any field's segment of the start tile."""

    id = TOY
    order = 901
    title = {"fr": "Remise", "en": "Shed"}
    description = {"fr": "Pour les tests.", "en": "For tests."}

    def decision_kinds(self) -> Iterable[DecisionKind]:
        return (DecisionKind("toy_shed_move", _legal, _resolve),)

    def before_final_scoring(self, game: Game, events: list[Event]) -> Decision | None:
        if TOY not in game.extension_state:
            first = game.turn_player
            game.extension_state[TOY] = tuple(
                (first + i) % game.num_players for i in range(game.num_players))
            for player in range(game.num_players):
                game.put_in_area(player, "follower", AREA, SLOT, events)
        waiting = _waiting(game)
        if not waiting:
            return None
        return Decision("toy_shed_move", waiting[0], True, ())


def _legal(game: Game, decision: Decision) -> list[Action]:
    rotated = game.board[(0, 0)][0]
    fields = [rotated.canonical_ports[i] for i, f in enumerate(rotated.tile.features)
              if f.kind == "field"]
    return [MoveFigure("follower", (AREA, SLOT), (0, 0, port)) for port in fields] + [PASS]


def _resolve(game: Game, decision: Decision, action: Action, events: list[Event]
             ) -> Action | None:
    if isinstance(action, MoveFigure):
        x, y, port = action.target  # type: ignore[misc]
        rotated, base = game.board[(x, y)]
        node = base + rotated.feature_at_port(port)
        game.area_to_feature(decision.player, "follower", AREA, SLOT, node, events)
    game.extension_state[TOY] = _waiting(game)[1:]
    return None


@pytest.fixture
def shed() -> Iterator[None]:
    EXPANSIONS[TOY] = Shed
    try:
        yield
    finally:
        del EXPANSIONS[TOY]


def _two_turns() -> Game:
    """base/D at the start; two road tiles close the city N of base/D with
    base/E: the field under the road touches no city, the field above it
    touches the completed city."""
    game = Game(quick_setup(players=2, seed=1, expansions=("base", TOY),
                            tile_order=("base/U", "base/E")))
    game.apply(PlaceTile(1, 0, 0, "base/U"))
    game.apply(PASS)
    game.apply(PlaceTile(0, -1, 2, "base/E"))
    return game


def test_the_game_waits_for_every_player_before_the_final_scoring(shed):
    game = _two_turns()
    assert not game.rules.core_only  # the straight path would end the game at once
    events = game.apply(PASS)
    assert not game.is_over and game.tiles_left() == 0
    assert (game.pending.kind, game.pending.player) == ("toy_shed_move", 0)
    assert DecisionRequested("toy_shed_move", 0) in events
    assert not any(isinstance(e, GameOver) for e in events)
    legal = list(game.legal_actions())
    assert PASS in legal and len(legal) == 3  # the two fields of base/D and pass
    north = MoveFigure("follower", (AREA, SLOT), (0, 0, "EN"))
    assert north in legal
    copy = game.copy()
    game.apply(north)
    assert (game.pending.kind, game.pending.player) == ("toy_shed_move", 1)
    events = game.apply(PASS)
    assert game.is_over and game.pending is None
    # the completed city touches the north field: 3 for player 0 only
    assert game.scores == [3, 0]
    assert any(isinstance(e, GameOver) for e in events)
    assert game.area_figures == {(AREA, SLOT): ((1, "follower"),)}
    # the copy taken mid-way is independent and finishes the same way
    copy.apply(north)
    copy.apply(PASS)
    assert copy.state_key() == game.state_key()


def test_a_record_replays_through_the_final_decisions(shed):
    game = _two_turns()
    game.apply(PASS)
    game.apply(MoveFigure("follower", (AREA, SLOT), (0, 0, "EN")))
    game.apply(MoveFigure("follower", (AREA, SLOT), (0, 0, "EN")))
    assert game.is_over and game.scores == [3, 3]  # tied farmers both score
    replayed = GameRecord.from_json(GameRecord.from_game(game).to_json()).replay().game
    assert replayed.state_key() == game.state_key()


def test_without_the_hook_the_core_ends_at_once():
    game = Game(quick_setup(players=2, seed=1, tile_order=("base/U",)))
    assert game.rules.core_only
    game.apply(PlaceTile(1, 0, 0, "base/U"))
    game.apply(PASS)
    assert game.is_over
