"""Events are data: what an action caused, for the interface to animate and
log and for replays to report. Players are seat indexes."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar

from carcassonne_desktop.engine.score_terms import ScoreTerm

Position = tuple[int, int]


class Event:
    __slots__ = ()
    kind: ClassVar[str] = ""

    def tells_return(self, returned: FigureReturned) -> bool:
        """Whether this event already says that `returned`'s figure went home
        (an expansion's event naming the figure sent back), so a log need not
        say it twice."""
        return False

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)  # type: ignore[call-overload]
        out["kind"] = self.kind
        return out


@dataclass(frozen=True, slots=True)
class TileDrawn(Event):
    player: int
    tile: str
    kind: ClassVar[str] = "tile_drawn"


@dataclass(frozen=True, slots=True)
class TileDiscarded(Event):
    """A drawn tile fitted nowhere and went back in the box."""

    player: int
    tile: str
    kind: ClassVar[str] = "tile_discarded"


@dataclass(frozen=True, slots=True)
class ExtraTurn(Event):
    """An expansion's `next_player` gave the player who just played another
    whole turn at once (the River II's volcano)."""

    player: int
    kind: ClassVar[str] = "extra_turn"


@dataclass(frozen=True, slots=True)
class TilePlaced(Event):
    player: int
    tile: str
    x: int
    y: int
    rot: int
    kind: ClassVar[str] = "tile_placed"


@dataclass(frozen=True, slots=True)
class FigureDeployed(Event):
    player: int
    figure: str
    x: int
    y: int
    port: str
    #: The kind of feature it stands on ("field" means a farmer, lying down).
    feature: str = ""
    kind: ClassVar[str] = "figure_deployed"


@dataclass(frozen=True, slots=True)
class FeatureCompleted(Event):
    feature: str
    tiles: tuple[Position, ...]
    kind: ClassVar[str] = "feature_completed"


@dataclass(frozen=True, slots=True)
class PointsScored(Event):
    """`players` all receive `points`.

    `feature` is the score category (`road`, `city`, ..., or one without a
    feature: `goods`, `wheel`, ...); `tiles` the feature's tiles, empty when
    no feature is scored. `reason` is "completed" (during play), "final"
    (end-of-game scoring) or what caused it (e.g. "recall"). `terms` say why
    the points are what they are (engine/score_terms.py); they add up to
    `points` and take no part in comparisons (two scorings are the same
    scoring whatever words explain them).
    """

    players: tuple[int, ...]
    points: int
    feature: str
    tiles: tuple[Position, ...]
    reason: str
    terms: tuple[ScoreTerm, ...] = field(default=(), compare=False)
    kind: ClassVar[str] = "score"


@dataclass(frozen=True, slots=True)
class FigureReturned(Event):
    player: int
    figure: str
    x: int
    y: int
    port: str
    kind: ClassVar[str] = "figure_returned"


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    kind: ClassVar[str] = "game_over"


@dataclass(frozen=True, slots=True)
class DecisionRequested(Event):
    """The game now waits for a decision of an expansion's kind (the tile and
    figure decisions of every turn are not announced)."""

    decision: str
    player: int
    kind: ClassVar[str] = "decision_requested"


@dataclass(frozen=True, slots=True)
class OutcomeRevealed(Event):
    """A random outcome of a named stream became known (a sheep token, the die)."""

    stream: str
    outcome: Any
    player: int
    kind: ClassVar[str] = "outcome_revealed"


@dataclass(frozen=True, slots=True)
class TokenGained(Event):
    """A player gained (or, with a negative count, gave up) tokens."""

    player: int
    token: str
    count: int
    kind: ClassVar[str] = "token_gained"


@dataclass(frozen=True, slots=True)
class PawnMoved(Event):
    """A scoring pawn of `player` moved from `start` to `end` points (its
    square is the value mod 50) for points of `category` (engine/track.py)."""

    player: int
    pawn: int
    start: int
    end: int
    category: str
    kind: ClassVar[str] = "pawn_moved"


@dataclass(frozen=True, slots=True)
class FigureMoved(Event):
    """A figure moved between two places; each is a dict with x, y, port or
    area, slot (the record's location shape)."""

    player: int
    figure: str
    origin: Any
    target: Any
    kind: ClassVar[str] = "figure_moved"
