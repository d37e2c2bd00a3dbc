"""Interface plug-ins of the expansions (DESIGN.md section 2c).

Each module in this package registers what its expansion adds to the interface
when it is imported; `discover()` imports them all, so there is no hand-kept
list and the tile art never names an expansion. For now the registry holds
tile symbols: painters for a feature key (``goods`` on a city) or a tile flag
(``hill``) found in the catalogue data. Symbols are painted only when a tile
surface is first built (the art is cached), never per frame.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from carcassonne_desktop.ui.art.symbols import SymbolContext

#: When a symbol is painted: ``ground`` under roads, rivers and cities (relief);
#: ``terrain`` over them but under buildings (crops, bridges); ``top`` above
#: everything (tokens that must stay readable).
Layer = Literal["ground", "terrain", "top"]
LAYERS: tuple[Layer, ...] = ("ground", "terrain", "top")

#: ``painter(context, feature, value)``: ``feature`` is the index of the feature
#: carrying the key, or None for a tile flag; ``value`` is the key's value.
TileSymbolPainter = Callable[["SymbolContext", "int | None", Any], None]


@dataclass(frozen=True)
class TileSymbol:
    """A registered painter and the layer it paints in."""

    name: str
    painter: TileSymbolPainter
    layer: Layer


_SYMBOLS: dict[str, TileSymbol] = {}
_discovered = False


def register_tile_symbol(name: str, painter: TileSymbolPainter, *, layer: Layer = "terrain") -> None:
    """Paint ``painter`` wherever a feature key or tile flag ``name`` is set.

    One painter per name: a second registration would make the art depend on
    import order, so it is refused.
    """
    if layer not in LAYERS:
        raise ValueError(f"unknown layer {layer!r} for tile symbol {name!r}")
    existing = _SYMBOLS.get(name)
    if existing is not None and existing.painter is not painter:
        raise ValueError(f"tile symbol {name!r} is already registered")
    _SYMBOLS[name] = TileSymbol(name, painter, layer)


Point = tuple[float, float]


@dataclass(frozen=True)
class FigureStyle:
    """How a figure looks: a silhouette in a unit box (x right, y down), an
    optional round head, extra shapes drawn with the silhouette (a hood, a
    hat, a crook), its size relative to a follower, and whether a second
    ring round the colour mark says it weighs double."""

    body: tuple[Point, ...]
    head: tuple[Point, float] | None = ((0.5, 0.19), 0.15)
    extras: tuple[tuple[Point, ...], ...] = ()
    scale: float = 1.0
    ring: bool = False
    face: bool = False


_FIGURES: dict[str, FigureStyle] = {}


def register_figure_style(name: str, style: FigureStyle) -> None:
    """The look of one figure type (by the engine's figure name)."""
    existing = _FIGURES.get(name)
    if existing is not None and existing != style:
        raise ValueError(f"figure style {name!r} is already registered")
    _FIGURES[name] = style


def figure_style(name: str) -> FigureStyle | None:
    """The registered look of a figure, or None (drawn as a follower)."""
    discover()
    return _FIGURES.get(name)


#: (game, player) -> a short line about what the player holds that the panel
#: shows under their name ("Troupeau : 5 moutons"), or None.
PlayerNote = Callable[[Any, int], "str | None"]
_NOTES: dict[str, list[PlayerNote]] = {}


def register_player_note(expansion_id: str, note: PlayerNote) -> None:
    """A line in the players panel, asked only in games with that expansion."""
    notes = _NOTES.setdefault(expansion_id, [])
    if note not in notes:
        notes.append(note)


def player_notes(game: Any, player: int) -> tuple[str, ...]:
    """What the expansions in play have to say about one player."""
    discover()
    found = (note(game, player) for eid in game.rules.expansion_ids for note in _NOTES.get(eid, ()))
    return tuple(text for text in found if text)


def discover() -> None:
    """Import every module of this package once (each registers itself)."""
    global _discovered
    if _discovered:
        return
    for module in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{module.name}")
    _discovered = True


def tile_symbols() -> Mapping[str, TileSymbol]:
    """Every registered tile symbol by name (modules discovered on first use)."""
    discover()
    return MappingProxyType(_SYMBOLS)
