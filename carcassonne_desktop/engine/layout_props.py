"""Where the pictures of an expansion's features stand on a tile, as engine data.

A prop is a small building or pool drawn on a tile (an inn beside a road, a
cathedral in a city, a garden or a shrine in the field, a lake where a river
ends). Where it stands shapes where figures stand: a figure keeps clear of it,
stands on it, or is moved off it (``anchor_shift``). The Catapult resolves
its hits from the landing point alone (DESIGN 5c), so where every figure
stands must be known to the engine: each expansion declares here how its
props are placed, and the tile layout (:mod:`engine.tile_layout`) places them;
the interface only paints them (``ui.expansions.register_prop``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Point = tuple[float, float]

#: How the layout places a prop (the prop's name is what the catalogue sets):
#: ``centre``: a feature *kind* drawn like a cloister, in the open field as near
#: the centre as a disc of ``radius`` allows; the figure stands on it, moved by
#: ``anchor_shift`` (in front of a building lower than a figure, which it would
#: hide whole), and port ``C`` names it. ``beside_path``: a feature *key* of a
#: road; the prop stands beside the road on the roomier side. ``city_anchor``: a feature *key* of a
#: city; the prop takes the spot where the figure would stand and the figure
#: moves by ``anchor_shift`` (when that stays inside the walls). ``path_end``: a
#: river that enters by one edge ends in the tile centre; the prop whose
#: ``flags`` (tile flags) are set is drawn there, else the one with no flags.
Placement = Literal["centre", "beside_path", "city_anchor", "path_end"]
PLACEMENTS: tuple[Placement, ...] = ("centre", "beside_path", "city_anchor", "path_end")


@dataclass(frozen=True)
class PropPlacement:
    """How the layout places one prop, in tile units (a tile is the unit
    square). ``road_end`` (centre props): a road that stops on the tile runs
    to it, as to a cloister (a shrine), instead of to a hamlet. ``feature_kind``
    (centre props): the feature kind it draws when that is not its name (a
    name already taken by another prop: the ferries' lake)."""

    name: str
    placement: Placement
    radius: float
    anchor_shift: Point = (0.0, 0.0)
    flags: tuple[str, ...] = ()
    road_end: bool = False
    feature_kind: str = ""


_PLACEMENTS: dict[str, PropPlacement] = {}


def register_prop_placement(name: str, placement: Placement, *, radius: float,
                            anchor_shift: Point = (0.0, 0.0), flags: tuple[str, ...] = (),
                            road_end: bool = False, feature_kind: str = "") -> PropPlacement:
    """Declare how the prop ``name`` is placed (see :data:`Placement`). One
    declaration per name: a second, different one would make where figures
    stand depend on import order, so it is refused."""
    if placement not in PLACEMENTS:
        raise ValueError(f"unknown placement {placement!r} for prop {name!r}")
    spec = PropPlacement(name, placement, radius, anchor_shift, tuple(flags), road_end,
                         feature_kind)
    existing = _PLACEMENTS.get(name)
    if existing is not None and existing != spec:
        raise ValueError(f"prop {name!r} is already placed another way")
    _PLACEMENTS[name] = spec
    return spec


def _discover() -> None:
    from carcassonne_desktop.engine.expansions import discover

    discover()


def prop_placement(name: str) -> PropPlacement:
    """How the prop ``name`` is placed; ValueError when no expansion declared it."""
    _discover()
    spec = _PLACEMENTS.get(name)
    if spec is None:
        raise ValueError(f"no expansion declares where prop {name!r} stands "
                         "(engine.layout_props.register_prop_placement)")
    return spec


def props_placed(placement: Placement) -> tuple[PropPlacement, ...]:
    """The props placed one way, in declaration order (the layout's order,
    which the drawing keeps for props of equal ``order``)."""
    _discover()
    return tuple(spec for spec in _PLACEMENTS.values() if spec.placement == placement)
