"""Call and return of turn steps (issue 26, review section 5 point 5): a
work calls a run of steps for another tile (message 4's extra tile runs its
own draw, placement, figure step and scoring) and the turn comes back to the
work that called, with the first tile's part of the turn as it was. Proven
with a toy expansion that exists only here: a cloister tile calls the steps
draw..after_score once for an extra tile, and works at every step write down
which tile they see."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import pytest

from carcassonne_desktop.engine import PASS, Game, PlaceTile
from carcassonne_desktop.engine.decisions import Decision
from carcassonne_desktop.engine.events import Event, TileDrawn
from carcassonne_desktop.engine.expansion import EXPANSIONS, Expansion
from carcassonne_desktop.engine.record import GameRecord
from carcassonne_desktop.engine.setup import quick_setup
from carcassonne_desktop.engine.turn import Work
from tests.engine_checks import check_invariants

TOY = "toy_call_test"
LOG = f"{TOY}.log"


class Caller(Expansion):
    """After the scoring of a cloister tile, one extra tile (its own steps)."""

    id = TOY
    order = 907
    title = description = {"fr": "Appel", "en": "Call"}

    def turn_work(self) -> Iterable[Work]:
        return (
            Work("after_place", _note("placed"), name="toy.placed"),
            Work("after_score", _call_extra, name="toy.call"),
            Work("end", _note("end"), before=True, name="toy.end"),
        )


def _note(label: str):  # type: ignore[no-untyped-def]
    def run(game: Game, events: list[Event]) -> Decision | None:
        if not game.turn_state.get(f"{TOY}.{label}"):
            game.turn_state[f"{TOY}.{label}"] = True
            log = game.extension_state.get(LOG, ())
            game.extension_state[LOG] = (*log, (label, game.last_placed, game.call_depth))
        return None
    return run


def _call_extra(game: Game, events: list[Event]) -> Decision | None:
    state = game.turn_state
    if state.get("called"):
        return None
    assert game.last_placed is not None
    if game.board[game.last_placed][0].tile.has_feature("cloister"):
        state["called"] = True
        game.call_steps("draw", "after_score")
    return None


@pytest.fixture
def toy() -> Iterator[None]:
    EXPANSIONS[TOY] = Caller
    try:
        yield
    finally:
        del EXPANSIONS[TOY]


def _game(*order: str) -> Game:
    return Game(quick_setup(2, expansions=("base", TOY), tile_order=order))


def _play_first(game: Game) -> list[Event]:
    events = game.apply(next(a for a in game.legal_actions() if isinstance(a, PlaceTile)))
    return events + game.apply(PASS)


def _log(game: Game) -> tuple[tuple[str, object, int], ...]:
    return game.extension_state.get(LOG, ())


def test_sq_called_steps_play_an_extra_tile_then_return_to_the_first_tile(toy: None) -> None:
    game = _game("base/B", "base/U", "base/U")
    events = _play_first(game)  # the cloister: its scoring step calls an extra tile
    assert [e.player for e in events if isinstance(e, TileDrawn)] == [0]
    assert game.turn_player == 0 and game.pending is not None
    assert game.pending.kind == "place_tile" and game.call_depth == 1
    first = game.history[0]
    events = _play_first(game)  # the extra tile: placement, figure step, scoring
    second = game.history[2]
    assert game.call_depth == 0 and game.turn_player == 1
    assert _log(game) == (
        ("placed", (first.x, first.y), 0),
        ("placed", (second.x, second.y), 1),
        ("end", (first.x, first.y), 0),  # the first tile's end step, with its tile
    )
    assert [e.player for e in events if isinstance(e, TileDrawn)] == [1]
    check_invariants(game)


def test_sq_a_called_part_may_call_again_and_each_returns_to_its_caller(toy: None) -> None:
    game = _game("base/B", "base/B", "base/U", "base/U")
    _play_first(game)
    _play_first(game)  # the second cloister calls a third tile
    assert game.call_depth == 2 and game.turn_player == 0
    _play_first(game)
    first, second, third = game.history[0], game.history[2], game.history[4]
    assert game.call_depth == 0 and game.turn_player == 1
    assert _log(game) == (
        ("placed", (first.x, first.y), 0),
        ("placed", (second.x, second.y), 1),
        ("placed", (third.x, third.y), 2),
        ("end", (first.x, first.y), 0),
    )


def test_sq_a_call_with_nothing_to_draw_ends_at_once_without_passing_the_turn(
        toy: None) -> None:
    game = _game("base/B")
    events = _play_first(game)
    assert game.is_over and game.call_depth == 0
    assert not [e for e in events if isinstance(e, TileDrawn)]
    assert _log(game)[-1][0] == "end" and _log(game)[-1][2] == 0


def test_sq_copies_and_replays_inside_a_call_are_equal(toy: None) -> None:
    game = _game("base/B", "base/U", "base/U", "base/U")
    _play_first(game)
    copy = game.copy()
    assert copy.state_key() == game.state_key()
    _play_first(game)
    _play_first(copy)
    assert copy.state_key() == game.state_key()
    replayed = GameRecord.from_game(game).replay().game
    assert replayed.state_key() == game.state_key()


def test_sq_the_end_step_cannot_be_called(toy: None) -> None:
    game = _game("base/B", "base/U")
    with pytest.raises(ValueError):
        game.call_steps("draw", "end")
    with pytest.raises(ValueError):
        game.call_steps("score", "draw")
