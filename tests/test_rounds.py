"""The round helper (engine/rounds.py, issue 26): "each player in turn from
X, skipping those with nothing to do", the turn player first or last, a
player who acts again or chooses to go last, the state copied with the game
and rebuilt by a replay. Proven with a toy expansion that exists only here:
after each scoring step every player is asked in turn; an answer may take a
token (the player is asked again while they hold fewer than two), go last,
or pass."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from carcassonne_desktop.engine import PASS, Action, Game, GameRecord, Pass
from carcassonne_desktop.engine.actions import _str, register_action
from carcassonne_desktop.engine.decisions import Decision, DecisionKind
from carcassonne_desktop.engine.events import Event
from carcassonne_desktop.engine.expansion import EXPANSIONS, Expansion
from carcassonne_desktop.engine.rounds import (
    clockwise,
    next_in_round,
    round_defer,
    round_done,
    round_of,
    start_round,
)
from carcassonne_desktop.engine.setup import quick_setup
from carcassonne_desktop.engine.turn import Work

TOY = "toy_round_test"
ASK = "toy_round_ask"
_STARTED = "toy_round.started"


@register_action
@dataclass(frozen=True, slots=True)
class ToyAnswer(Action):
    what: str  # "token" (act again) or "last" (go last)
    type: ClassVar[str] = "toy_round"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "what": self.what}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ToyAnswer:
        return cls(_str(data, "what"))


class ToyRound(Expansion):
    """After each scoring step, a round over every player not in `SKIPPED`
    holding fewer than two tokens; the turn player last when `LAST`."""

    id = TOY
    order = 907
    title = description = {"fr": "Tour de table", "en": "Round"}
    LAST = True
    SKIPPED: frozenset[int] = frozenset()

    def turn_work(self) -> Iterable[Work]:
        return (Work("after_score", _round_work, name="toy.round"),)

    def decision_kinds(self) -> Iterable[DecisionKind]:
        return (DecisionKind(ASK, lambda g, d: [PASS, ToyAnswer("token"), ToyAnswer("last")],
                             _resolve),)


def _may_act(game: Game, player: int) -> bool:
    return player not in ToyRound.SKIPPED and game.tokens[player].get("toy", 0) < 2


def _round_work(game: Game, events: list[Event]) -> Decision | None:
    if not game.turn_state.get(_STARTED):
        game.turn_state[_STARTED] = True
        start_round(game, TOY, game.turn_player, last=ToyRound.LAST)
    player = next_in_round(game, TOY, lambda p: _may_act(game, p))
    return None if player is None else Decision(ASK, player, True, ())


def _resolve(game: Game, decision: Decision, action: Action, events: list[Event]) -> None:
    if isinstance(action, Pass):
        round_done(game, TOY)
    elif isinstance(action, ToyAnswer) and action.what == "last":
        round_defer(game, TOY)
    else:
        game.give_token(decision.player, "toy", 1, events)


@pytest.fixture
def toy() -> Iterator[type[ToyRound]]:
    EXPANSIONS[TOY] = ToyRound
    try:
        yield ToyRound
    finally:
        del EXPANSIONS[TOY]
        ToyRound.LAST, ToyRound.SKIPPED = True, frozenset()


def _game(players: int = 3) -> Game:
    setup = quick_setup(players=players, seed=4, expansions=("base", TOY),
                        tile_order=("base/B", "base/B", "base/B"))
    game = Game(setup)
    game.apply(game.legal_actions()[0])  # place
    game.apply(PASS)  # no figure: then scoring, then the round
    return game


def _asked(game: Game, answer: Action = PASS) -> list[int]:
    """Who is asked, in order, until the round is over (each answering `answer`)."""
    asked = []
    while game.pending_kind == ASK:
        asked.append(game.deciding_player)
        game.apply(answer)
    return asked


def test_round_turn_player_last_from_the_left(toy):
    game = _game()
    assert _asked(game) == [1, 2, 0]
    assert round_of(game, TOY) is None  # over and forgotten
    assert game.pending_kind == "place_tile" and game.turn_player == 1


def test_round_turn_player_first(toy):
    toy.LAST = False
    assert _asked(_game()) == [0, 1, 2]


def test_round_skips_a_player_with_nothing_to_do(toy):
    toy.SKIPPED = frozenset({2})
    assert _asked(_game()) == [1, 0]


def test_round_player_acts_again_until_done(toy):
    game = _game()
    asked = []
    while game.pending_kind == ASK:
        asked.append(game.deciding_player)
        game.apply(ToyAnswer("token"))  # asked again while holding fewer than two
    assert asked == [1, 1, 2, 2, 0, 0]


def test_round_player_may_go_last(toy):
    game = _game()
    game.apply(ToyAnswer("last"))
    assert round_of(game, TOY).order == (2, 0, 1)  # type: ignore[union-attr]
    assert _asked(game) == [2, 0, 1]


def test_round_state_is_copied_and_replayed(toy):
    game = _game()
    game.apply(PASS)  # player 1 done: 2 and 0 to go
    copy = game.copy()
    assert copy.state_key() == game.state_key()
    copy.apply(PASS)
    assert round_of(game, TOY).order == (2, 0)  # type: ignore[union-attr]
    assert round_of(copy, TOY).order == (0,)  # type: ignore[union-attr]
    replayed = GameRecord.from_game(game).replay().game
    assert replayed.state_key() == game.state_key()
    assert round_of(replayed, TOY) == round_of(game, TOY)


def test_clockwise_orders():
    class Four:
        num_players = 4

    assert clockwise(Four(), 2) == (2, 3, 0, 1)  # type: ignore[arg-type]
    assert clockwise(Four(), 2, last=True) == (3, 0, 1, 2)  # type: ignore[arg-type]


def test_round_nobody_concerned_stores_nothing(toy):
    game = Game(quick_setup(players=2, seed=1, expansions=("base", TOY)))
    assert start_round(game, "empty", 0, only=lambda p: False) is None
    assert round_of(game, "empty") is None
    assert next_in_round(game, "empty", lambda p: True) is None
