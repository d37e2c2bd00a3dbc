"""The decision the game waits for, and the registry of decision kinds.

At every moment the game waits for exactly one decision by one player. The
interface and the computer players read `game.pending.kind` to know what is
asked (never a phase string, never the class of the last action), and
`game.pending.player` to know who answers: not always the player whose turn
it is, so `game.turn_player` is kept apart.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from carcassonne_desktop.engine.actions import Action
from carcassonne_desktop.engine.events import Event

if TYPE_CHECKING:
    from carcassonne_desktop.engine.game import Game

#: The two decisions of every turn of the base game.
PLACE_TILE = "place_tile"
FIGURE = "figure"


class Decision(NamedTuple):
    """One pending choice (a named tuple: immutable, and built twice a turn
    in the engine's inner loop, where a frozen dataclass costs several times more).

    `subject` says what the choice is about, for the interface to show it
    (the cell of the tile just placed, the tiles of a feature, ...); its shape
    belongs to the decision kind. `optional` means a `pass` is among the
    legal actions.
    """

    kind: str
    player: int
    optional: bool = False
    subject: tuple[Any, ...] = ()


class Resolved(NamedTuple):
    """What an expansion's figure-step action did: its events, and the action
    as the record keeps it (with the outcome it revealed: a `fly` carries the
    die it rolled, DESIGN 5c). `Expansion.apply_action` may return this
    instead of a bare list of events."""

    events: list[Event]
    record: Action


LegalFn = Callable[["Game", Decision], Sequence[Action]]
ResolveFn = Callable[["Game", Decision, Action, list[Event]], "Action | None"]
ExplainFn = Callable[["Game", Decision, Action], str]
AcceptsFn = Callable[["Game", Decision, Action], bool]


@dataclass(frozen=True, slots=True)
class DecisionKind:
    """How the game answers one kind of decision that an expansion asks.

    `legal` lists the choices, `resolve` performs the chosen one (it is
    already known to be legal) and may return the action as the record must
    keep it (carrying the outcome it revealed, DESIGN 5b). The work that asked is run again afterwards,
    so it can ask the next decision (each player in turn, say) or finish.

    `accepts` is for answers that are not a finite list (the Catapult's
    aim, a point in the plane): it says whether one answer is legal, and
    `legal` is then only a finite sample of the answers, for the generic
    button widget and the generic computer policy. Without it an answer is
    legal when `legal` lists it.
    """

    name: str
    legal: LegalFn
    resolve: ResolveFn
    explain: ExplainFn | None = None
    accepts: AcceptsFn | None = None

    def admits(self, game: Game, decision: Decision, action: Action,
               legal: Sequence[Action] | None = None) -> bool:
        """Whether `action` answers `decision` legally: by `accepts` when the
        kind has one, else by membership in `legal` (computed when not given)."""
        if self.accepts is not None:
            return self.accepts(game, decision, action)
        return action in (self.legal(game, decision) if legal is None else legal)


def accepts(game: Game, action: Action) -> bool:
    """Whether `game.apply(action)` would take `action` as the answer to the
    pending decision: the check the interface's controller and the computer
    players make before handing an answer over. Core decisions and kinds
    without `accepts` answer by membership in `legal_actions()`; a kind with
    `accepts` judges the answer as `apply` does, after normalising it."""
    pending = game.pending
    if pending is None:
        return False
    if pending.kind in (PLACE_TILE, FIGURE):
        return action in game.legal_actions()
    kind = game.rules.decision_kind(pending.kind)
    legal = kind.legal(game, pending)
    return kind.admits(game, pending, game.normalise_answer(action, legal), legal)
