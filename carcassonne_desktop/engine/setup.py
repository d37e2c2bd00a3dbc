"""The setup of a game: who plays, with which expansions and options, and how
the bag is filled. The record's `setup` object, with its parse/format pair."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from carcassonne_desktop.engine.errors import SetupError

MIN_PLAYERS = 2
MAX_PLAYERS = 8
SETUP_KEYS = frozenset(
    {"players", "expansions", "options", "seed", "start_tile", "start_rot", "tile_order", "draws"}
)


def _expansion_setup_fields() -> frozenset[str]:
    """Setup fields declared by expansions (found through the registry, so a
    record parses the same whatever was imported first)."""
    from carcassonne_desktop.engine.expansion import registry

    return frozenset(name for cls in registry().values() for name in cls.setup_fields)


#: The eight player colours, in seat order: the names the interface's
#: palette (assets/themes/palette.json) draws and the save validation accepts
#: (a test keeps the three equal). Default seats and self-play use them.
PLAYER_COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow", "black", "purple", "orange", "white")

#: Longest player name a file may hold (the screens cut far shorter ones).
MAX_NAME_LENGTH = 200
#: Characters a name must not hold: control characters (NUL, newline, ESC and
#: the C1 controls, which make a terminal run escape codes), lone surrogates
#: (not text) and the line and paragraph separators (a name shows on one line).
_UNSHOWABLE = frozenset({"Cc", "Cs", "Zl", "Zp"})


def name_problem(name: str, allow_empty: bool = False) -> str | None:
    """Why a name cannot be shown on one line, in English, or None when it can.

    The rule every reader of names shares: the save loader and ``carcassonne
    replay`` (``persistence.validation.check_setup``) and the names the setup
    screen remembers.
    """
    if not name.strip() and not allow_empty:
        return "is empty"
    if len(name) > MAX_NAME_LENGTH:
        return f"is longer than {MAX_NAME_LENGTH} characters"
    if any(unicodedata.category(c) in _UNSHOWABLE for c in name):
        return "contains a control character"
    return None


def same_name_key(name: str) -> str:
    """What makes two names the same for the players: spaces around and case ignored."""
    return name.strip().casefold()


@dataclass(frozen=True, slots=True)
class PlayerSetup:
    name: str
    color: str
    controller: str = "human"

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "color": self.color, "controller": self.controller}

    @classmethod
    def from_json(cls, data: object) -> PlayerSetup:
        if not isinstance(data, Mapping):
            raise SetupError("each player must be an object with name and color")
        name, color = data.get("name"), data.get("color")
        controller = data.get("controller", "human")
        for key, value in (("name", name), ("color", color), ("controller", controller)):
            if not isinstance(value, str) or not value:
                raise SetupError(f"player {key} must be a non-empty string, got {value!r}")
        return cls(name, color, controller)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class GameSetup:
    players: tuple[PlayerSetup, ...]
    expansions: tuple[str, ...] = ("base",)
    options: Mapping[str, Any] = field(default_factory=dict)
    seed: int = 0
    start_tile: str | None = None
    start_rot: int = 0
    tile_order: tuple[str, ...] | None = None
    #: Forced outcomes per draw stream (DESIGN 5b); a stream's own seeded
    #: generator takes over when its list runs out.
    draws: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    #: Setup fields declared by expansions (`Expansion.setup_fields`).
    extras: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "players": [p.to_json() for p in self.players],
            "expansions": list(self.expansions),
            "options": dict(self.options),
            "seed": self.seed,
        }
        if self.start_tile is not None:
            out["start_tile"] = self.start_tile
            out["start_rot"] = self.start_rot
        if self.tile_order is not None:
            out["tile_order"] = list(self.tile_order)
        if self.draws:
            out["draws"] = {name: list(values) for name, values in self.draws.items()}
        out.update(self.extras)
        return out

    @classmethod
    def from_json(cls, data: object) -> GameSetup:
        if not isinstance(data, Mapping):
            raise SetupError("'setup' must be a JSON object")
        extra_keys = _expansion_setup_fields()
        unknown = set(data) - SETUP_KEYS - extra_keys
        if unknown:
            raise SetupError(f"unknown setup field(s): {', '.join(sorted(unknown))}")
        players_data = data.get("players")
        if not isinstance(players_data, list):
            raise SetupError("'players' must be a list")
        players = tuple(PlayerSetup.from_json(p) for p in players_data)
        expansions = data.get("expansions", ["base"])
        if not isinstance(expansions, list) or not all(isinstance(e, str) for e in expansions):
            raise SetupError("'expansions' must be a list of expansion ids")
        options = data.get("options", {})
        if not isinstance(options, Mapping):
            raise SetupError("'options' must be an object")
        seed = data.get("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SetupError(f"'seed' must be an integer, got {seed!r}")
        start_tile = data.get("start_tile")
        if start_tile is not None and not isinstance(start_tile, str):
            raise SetupError(f"'start_tile' must be a tile id, got {start_tile!r}")
        start_rot = data.get("start_rot", 0)
        if start_rot not in (0, 1, 2, 3) or isinstance(start_rot, bool):
            raise SetupError(f"'start_rot' must be 0-3, got {start_rot!r}")
        order = data.get("tile_order")
        if order is not None and (
            not isinstance(order, list) or not all(isinstance(t, str) for t in order)
        ):
            raise SetupError("'tile_order' must be a list of tile ids")
        draws = data.get("draws", {})
        if not isinstance(draws, Mapping) or not all(
            isinstance(name, str)
            and isinstance(values, list)
            and all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in values)
            for name, values in draws.items()
        ):
            raise SetupError("'draws' must map stream names to lists of outcomes")
        setup = cls(
            players=players,
            expansions=tuple(expansions),
            options=dict(options),
            seed=seed,
            start_tile=start_tile,
            start_rot=start_rot,
            tile_order=tuple(order) if order is not None else None,
            draws={name: tuple(values) for name, values in draws.items()},
            extras={key: data[key] for key in extra_keys if key in data},
        )
        setup.check_players()
        return setup

    def check_players(self) -> None:
        if not MIN_PLAYERS <= len(self.players) <= MAX_PLAYERS:
            raise SetupError(
                f"{len(self.players)} players: the game is for {MIN_PLAYERS} to {MAX_PLAYERS}"
            )
        names = [p.name for p in self.players]
        if len(set(names)) != len(names):
            raise SetupError("two players have the same name")


def quick_setup(
    players: int = 2,
    seed: int = 0,
    expansions: tuple[str, ...] = ("base",),
    options: Mapping[str, Any] | None = None,
    tile_order: tuple[str, ...] | None = None,
    controllers: tuple[str, ...] | None = None,
    draws: Mapping[str, tuple[Any, ...]] | None = None,
) -> GameSetup:
    """A setup with default names and colours, for tests, benchmarks and self-play."""
    return GameSetup(
        players=tuple(
            PlayerSetup(f"P{i + 1}", PLAYER_COLOURS[i], controllers[i] if controllers else "human")
            for i in range(players)
        ),
        expansions=expansions,
        options=dict(options or {}),
        seed=seed,
        tile_order=tile_order,
        draws=dict(draws or {}),
    )
