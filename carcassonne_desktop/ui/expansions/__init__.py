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
