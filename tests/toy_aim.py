"""A toy expansion whose decision is not a finite list, for the tests of the
answer path (`DecisionKind.accepts`, the interface's decision scenes and the
computer players' decision policies): after the figure step the placer aims
at a point in the plane, in tile units, no farther than `REACH` from the
tile just placed (a catapult's hurl, reduced to its answer). It exists only
in the tests."""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, ClassVar

from carcassonne_desktop.engine import Action, Game
from carcassonne_desktop.engine.actions import ACTION_TYPES, float_field, float_to_json
from carcassonne_desktop.engine.decisions import Decision, DecisionKind
from carcassonne_desktop.engine.events import Event
from carcassonne_desktop.engine.expansion import EXPANSIONS, Expansion
from carcassonne_desktop.engine.setup import quick_setup
from carcassonne_desktop.engine.turn import Work

TOY = "toy_aim_test"
AIM = "toy_aim"
REACH = 2.0


@dataclass(frozen=True, slots=True)
class Aim(Action):
    """Where the toy's stone came to rest, in board tile units."""

    x: float
    y: float
    type: ClassVar[str] = AIM

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "x": float_to_json(self.x, "x", self.type),
                "y": float_to_json(self.y, "y", self.type)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Aim:
        return cls(float_field(data, "x"), float_field(data, "y"))


class Sling(Expansion):
    """After the figure step the placer hurls one stone near the tile placed."""

    id = TOY
    order = 902
    title = {"fr": "Fronde", "en": "Sling"}
    description = {"fr": "Pour les tests.", "en": "For tests."}

    def decision_kinds(self) -> Iterable[DecisionKind]:
        return (DecisionKind(AIM, _legal, _resolve, _explain, accepts=_accepts),)

    def turn_work(self) -> Iterable[Work]:
        return (Work("after_figure", _ask, name=f"{TOY}.aim"),)


def _ask(game: Game, events: list[Event]) -> Decision | None:
    if game.turn_state.get(AIM):
        return None
    return Decision(AIM, game.turn_player, False, (game.last_placed,))


def _legal(game: Game, decision: Decision) -> list[Action]:
    """A finite sample for the generic widget and policy: the tile placed
    and its four neighbours."""
    x, y = decision.subject[0]
    return [Aim(float(x + dx), float(y + dy))
            for dx, dy in ((0, 0), (1, 0), (0, 1), (-1, 0), (0, -1))]


def _accepts(game: Game, decision: Decision, action: Action) -> bool:
    if not isinstance(action, Aim):
        return False
    x, y = decision.subject[0]
    return math.hypot(action.x - x, action.y - y) <= REACH


def _explain(game: Game, decision: Decision, action: Action) -> str:
    return f"the stone must land within {REACH} tiles of the tile placed"


def _resolve(game: Game, decision: Decision, action: Action, events: list[Event]) -> Action | None:
    assert isinstance(action, Aim)
    game.turn_state[AIM] = True
    game.extension_state[TOY] = (*game.extension_state.get(TOY, ()), (action.x, action.y))
    return None


@contextmanager
def sling() -> Iterator[None]:
    """The toy expansion and its action type registered for one test."""
    EXPANSIONS[TOY] = Sling
    ACTION_TYPES[AIM] = Aim
    try:
        yield
    finally:
        del EXPANSIONS[TOY]
        del ACTION_TYPES[AIM]


def aiming_game() -> Game:
    """A game waiting for the first aim: base/U placed east of the start, no figure."""
    from carcassonne_desktop.engine import PASS, PlaceTile

    game = Game(quick_setup(players=2, seed=1, expansions=("base", TOY),
                            tile_order=("base/U", "base/E")))
    game.apply(PlaceTile(1, 0, 0, "base/U"))
    game.apply(PASS)
    assert game.pending_kind == AIM
    return game
