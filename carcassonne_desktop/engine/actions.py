"""Actions: small frozen values with a parse/format pair.

Each action type registers itself under its record `type`, so an expansion that
adds a decision adds an action class and nothing else changes in the parser.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from carcassonne_desktop.engine.errors import MalformedError
from carcassonne_desktop.engine.geometry import is_port

ACTION_TYPES: dict[str, type[Action]] = {}


class Action:
    """Base of every decision a player can take."""

    __slots__ = ()
    type: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        raise NotImplementedError

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Action:
        raise NotImplementedError


def register_action(cls: type[Action]) -> type[Action]:
    if not cls.type or cls.type in ACTION_TYPES:
        raise ValueError(f"action type {cls.type!r} missing or registered twice")
    ACTION_TYPES[cls.type] = cls
    return cls


def parse_action(data: object) -> Action:
    """Reads one action of a record; raises MalformedError with the reason."""
    if not isinstance(data, Mapping):
        raise MalformedError(f"an action must be a JSON object, not {type(data).__name__}")
    kind = data.get("type")
    cls = ACTION_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None and isinstance(kind, str):
        # Action types of expansions register when their module is imported:
        # parsing must not depend on whether a game was set up before.
        from carcassonne_desktop.engine.expansions import discover

        discover()
        cls = ACTION_TYPES.get(kind)
    if cls is None:
        raise MalformedError(f"unknown action type {kind!r}")
    return cls.from_json(data)


def _int(data: Mapping[str, Any], key: str) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise MalformedError(f"{data.get('type')}: {key!r} must be an integer, got {value!r}")
    return value


def float_field(data: Mapping[str, Any], key: str) -> float:
    """Reads a number of an action record (a point in the plane, the
    Catapult's aim in tile units): an integer or a decimal, finite. JSON
    readers accept ``NaN`` and ``Infinity``, which no rule can judge, so
    they are refused here with the field's name, as a missing or textual
    value is."""
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise MalformedError(f"{data.get('type')}: {key!r} must be a number, got {value!r}")
    number = float(value)
    if not math.isfinite(number):
        raise MalformedError(f"{data.get('type')}: {key!r} must be a finite number, got {value!r}")
    return number


def float_to_json(value: float, key: str, action_type: str) -> float:
    """A number as a record writes it (the inverse of :func:`float_field`):
    refuses what could not be read back (not finite: ``json`` would write
    ``NaN``, which is no JSON) so a bad record is never saved."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise MalformedError(f"{action_type}: {key!r} must be a finite number, got {value!r}")
    return float(value)


def _str(data: Mapping[str, Any], key: str, check: Callable[[str], bool] | None = None) -> str:
    value = data.get(key)
    if not isinstance(value, str) or (check is not None and not check(value)):
        raise MalformedError(f"{data.get('type')}: bad {key!r}: {value!r}")
    return value


@register_action
@dataclass(frozen=True, slots=True)
class PlaceTile(Action):
    """Put the tile in hand at (x, y), turned `rot` quarter turns clockwise.

    `tile` names the tile; a record may omit it when only one tile is in hand.
    """

    x: int
    y: int
    rot: int
    tile: str | None = None
    type: ClassVar[str] = "place_tile"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "x": self.x, "y": self.y, "rot": self.rot}
        if self.tile is not None:
            out["tile"] = self.tile
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PlaceTile:
        rot = _int(data, "rot")
        if rot not in (0, 1, 2, 3):
            raise MalformedError(f"place_tile: rot must be 0-3, got {rot}")
        tile = data.get("tile")
        if tile is not None and not isinstance(tile, str):
            raise MalformedError(f"place_tile: bad 'tile': {tile!r}")
        return cls(_int(data, "x"), _int(data, "y"), rot, tile)


@register_action
@dataclass(frozen=True, slots=True)
class Deploy(Action):
    """Put a figure from supply on the feature at `port` of the tile at (x, y)."""

    figure: str
    x: int
    y: int
    port: str
    type: ClassVar[str] = "deploy"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "figure": self.figure, "x": self.x, "y": self.y,
                "port": self.port}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Deploy | DeployToArea:  # type: ignore[override]
        if "area" in data:
            return DeployToArea(_str(data, "figure"), _str(data, "area"), _str(data, "slot"))
        return cls(_str(data, "figure"), _int(data, "x"), _int(data, "y"),
                   _str(data, "port", is_port))


@dataclass(frozen=True, slots=True)
class DeployToArea(Action):
    """Put a figure from supply in a slot of an area off the tiles (the
    wheel's crown, the Count's quarters). Same record type as `deploy`."""

    figure: str
    area: str
    slot: str
    type: ClassVar[str] = "deploy"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "figure": self.figure, "area": self.area, "slot": self.slot}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DeployToArea:
        return cls(_str(data, "figure"), _str(data, "area"), _str(data, "slot"))


#: Where a figure stands in a `move`: an area slot (area, slot) or a
#: feature of a tile (x, y, port).
Spot = tuple[str, str] | tuple[int, int, str]


def spot_to_json(spot: Spot) -> dict[str, Any]:
    if len(spot) == 2:
        return {"area": spot[0], "slot": spot[1]}
    return {"x": spot[0], "y": spot[1], "port": spot[2]}


def spot_from_json(data: object, key: str) -> Spot:
    if not isinstance(data, Mapping):
        raise MalformedError(f"move: {key!r} must be an object with area/slot or x/y/port")
    if "area" in data:
        return (_str(data, "area"), _str(data, "slot"))
    return (_int(data, "x"), _int(data, "y"), _str(data, "port", is_port))


def is_area_spot(spot: Spot) -> bool:
    """Whether a spot is an area slot (area, slot) rather than a feature of a tile."""
    return len(spot) == 2


@register_action
@dataclass(frozen=True, slots=True)
class MoveFigure(Action):
    """Move a figure by a player's choice (DESIGN 5b): from an area slot or a
    feature of a tile to another (`source` and `target` are spots). A figure
    not in play yet (the mage's first appearance) has no `source` (DESIGN 5c:
    "no `from` while the figure is not in play")."""

    figure: str
    source: Spot | None
    target: Spot
    type: ClassVar[str] = "move"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "figure": self.figure}
        if self.source is not None:
            out["from"] = spot_to_json(self.source)
        out["to"] = spot_to_json(self.target)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MoveFigure:
        source = data.get("from")
        return cls(_str(data, "figure"),
                   None if source is None else spot_from_json(source, "from"),
                   spot_from_json(data.get("to"), "to"))


@register_action
@dataclass(frozen=True, slots=True)
class Remove(Action):
    """Take a figure off the board by a player's choice (the plague, crop
    circles, a message): the one at (x, y, port), or a neutral figure named
    by `figure` alone (the mage or the witch leaving play, DESIGN 5c).

    `figure` names the figure where a spot holds two (a farmer and an abbot
    both at "C" of ic/03); a record may omit it when the spot holds one, and
    the game fills it in (`Game.normalise_answer`)."""

    x: int | None = None
    y: int | None = None
    port: str | None = None
    figure: str | None = None
    type: ClassVar[str] = "remove"

    @property
    def spot(self) -> Spot | None:
        if self.x is None or self.y is None or self.port is None:
            return None
        return (self.x, self.y, self.port)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        if self.x is not None:
            out.update(x=self.x, y=self.y, port=self.port)
        if self.figure is not None:
            out["figure"] = self.figure
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Remove:
        figure = data.get("figure")
        if figure is not None and not isinstance(figure, str):
            raise MalformedError(f"remove: bad 'figure': {figure!r}")
        if not any(key in data for key in ("x", "y", "port")):
            if figure is None:
                raise MalformedError("remove: give x, y and port, or the figure to take out")
            return cls(figure=figure)
        return cls(_int(data, "x"), _int(data, "y"), _str(data, "port", is_port), figure)


@register_action
@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline the optional step the game is waiting on (deploy nothing)."""

    type: ClassVar[str] = "pass"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Pass:
        return PASS


PASS = Pass()


def __getattr__(name: str) -> object:
    """Action classes registered by expansions (``Recall``...) by class name,
    found through the registry, so callers need not know which module owns them."""
    if not name[:1].isupper():
        raise AttributeError(name)
    from carcassonne_desktop.engine.expansion import registry

    registry()
    for cls in ACTION_TYPES.values():
        if cls.__name__ == name:
            return cls
    raise AttributeError(name)
