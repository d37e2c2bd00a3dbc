"""Events are data: what an action caused, for the interface to animate and
log and for replays to report. Players are seat indexes."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, ClassVar

Position = tuple[int, int]


class Event:
    __slots__ = ()
    kind: ClassVar[str] = ""

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
    kind: ClassVar[str] = "figure_deployed"


@dataclass(frozen=True, slots=True)
class FeatureCompleted(Event):
    feature: str
    tiles: tuple[Position, ...]
    kind: ClassVar[str] = "feature_completed"


@dataclass(frozen=True, slots=True)
class PointsScored(Event):
    """`players` all receive `points` for one feature.

    `reason` is "completed" (during play), "final" (end-of-game scoring) or the
    name of the action that caused it (e.g. "recall").
    """

    players: tuple[int, ...]
    points: int
    feature: str
    tiles: tuple[Position, ...]
    reason: str
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
