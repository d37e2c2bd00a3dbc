"""What the expansions add to the tile art and the figures: tile symbols,
layout props, figure styles and spot shapes (see the package's docstring)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal

from carcassonne_desktop.engine.layout_props import Placement, PropPlacement, prop_placement
from carcassonne_desktop.engine.layout_props import props_placed as engine_props_placed
from carcassonne_desktop.ui.expansions.registering import discover, register_once

if TYPE_CHECKING:
    from carcassonne_desktop.engine.tile_layout import Prop
    from carcassonne_desktop.ui.art.symbols import SymbolContext
    from carcassonne_desktop.ui.art.tile_art import Painter


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


#: When a prop is painted: ``water`` over rivers but under roads and cities (a
#: pool the river runs into); ``buildings`` with the core's buildings, after the
#: terrain symbols, in the props' ``order``.
PropLayer = Literal["water", "buildings"]


PROP_LAYERS: tuple[PropLayer, ...] = ("water", "buildings")


#: ``painter(paint, prop, detail, rng)``: ``prop`` is in board orientation;
#: ``rng`` is the tile's own generator (shared with the grass and houses, so
#: random details stay the same from one render to the next).
PropPainter = Callable[["Painter", "Prop", bool, random.Random], None]


@dataclass(frozen=True)
class PropKind:
    """A registered prop: how the engine's layout places it (``spec``, declared
    by the expansion's engine module, since figures stand by it) and how it
    is painted."""

    spec: PropPlacement
    painter: PropPainter
    order: float
    layer: PropLayer

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def placement(self) -> Placement:
        return self.spec.placement

    @property
    def radius(self) -> float:
        return self.spec.radius

    @property
    def anchor_shift(self) -> Point:
        return self.spec.anchor_shift

    @property
    def feature_kind(self) -> str:
        return self.spec.feature_kind


_PROPS: dict[str, PropKind] = {}


def register_prop(name: str, painter: PropPainter, *, order: float,
                  layer: PropLayer = "buildings") -> None:
    """Paint the prop ``name`` with ``painter``. Where it stands is engine data
    (``engine.layout_props.register_prop_placement`` in the expansion's engine
    module), because figures stand by it; a prop no expansion placed is refused.

    ``order`` sorts it among the buildings (the core draws its crossroads hamlet
    at 1, cloisters and shrines at 4, shields at 6: lower is drawn first, so
    under). As with symbols, one registration per name: a second would make
    the art depend on import order.
    """
    if layer not in PROP_LAYERS:
        raise ValueError(f"unknown layer {layer!r} for prop {name!r}")
    register_once(_PROPS, name, PropKind(prop_placement(name), painter, order, layer), "prop")


def tile_props() -> Mapping[str, PropKind]:
    """Every registered prop by name (modules discovered on first use)."""
    discover()
    return MappingProxyType(_PROPS)


def props_placed(placement: Placement) -> tuple[PropKind, ...]:
    """The registered props placed one way, in the engine's declaration order
    (the layout's order, which the drawing keeps for props of equal ``order``)."""
    props = tile_props()
    return tuple(props[spec.name] for spec in engine_props_placed(placement) if spec.name in props)


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
    #: A neutral figure's own colour (a name of ``player_colour_names``):
    #: nobody's colour applies to it, so its choice chip wears this one.
    colour: str | None = None


_FIGURES: dict[str, FigureStyle] = {}


def register_figure_style(name: str, style: FigureStyle) -> None:
    """The look of one figure type (by the engine's figure name)."""
    register_once(_FIGURES, name, style, "figure style")


def figure_style(name: str) -> FigureStyle | None:
    """The registered look of a figure, or None (drawn as a follower)."""
    discover()
    return _FIGURES.get(name)


_SPOT_SHAPES: dict[str, str] = {}


def register_spot_shape(kind: str, shape: str) -> None:
    """The outline of the figure spots on a feature kind an expansion adds
    (one of ``ui/art/spot_shapes.SHAPES``), so players tell the spots apart
    by shape as well as by colour."""
    from carcassonne_desktop.ui.art.spot_shapes import SHAPES

    if shape not in SHAPES:
        raise ValueError(f"unknown spot shape {shape!r} for feature kind {kind!r}")
    register_once(_SPOT_SHAPES, kind, shape, "spot shape of")


def spot_shapes() -> Mapping[str, str]:
    """The spot shapes the expansions registered, by feature kind."""
    discover()
    return MappingProxyType(_SPOT_SHAPES)


def tile_symbols() -> Mapping[str, TileSymbol]:
    """Every registered tile symbol by name (modules discovered on first use)."""
    discover()
    return MappingProxyType(_SYMBOLS)
