"""Where each figure stands, in board tile units (DESIGN 5c).

The Catapult's effects are computed from the point where a token came to rest
(`{"x": 1.75, "y": -3.5}`, tile centres at whole numbers) and the documented
place of every figure, so a replay never re-rolls. That place is the figure
anchor of the tile layout (:mod:`engine.tile_layout`, computed from the
catalogue and the props the expansions place), which the interface also draws
figures at: what the engine judges is what the player saw.

Two frames: an *anchor* is in the unit square of one tile in board orientation
(x east, y south, (0, 0) its north-west corner); a *board point* is in tile
units on the board, the centre of tile (x, y) at (x, y), so that tile spans
x - 0.5 .. x + 0.5.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from carcassonne_desktop.engine.tile_geometry import Point, rotate_point
from carcassonne_desktop.engine.tile_layout import tile_layout

if TYPE_CHECKING:
    from carcassonne_desktop.engine.board import Board, FigureOnBoard


def feature_anchor(tile: Mapping[str, Any], rot: int, feature_index: int) -> Point:
    """Where a figure on a feature stands, in the tile's unit square (board orientation).

    `tile` is a catalogue entry (`TileType.raw`), `feature_index` the feature's
    index in it. Fields get a roomy point of their own area (never on a road
    or in a city), roads a point on the road, cities a point inside the walls
    (in front of a cathedral), cloisters and other centre features their
    building (before a shrine's door). Raises IndexError for a feature the
    tile does not have.
    """
    layout = tile_layout(tile)
    if feature_index not in layout.anchors:
        raise IndexError(f"tile {tile.get('id')} has no feature {feature_index}")
    x, y = layout.anchors[feature_index]
    dx, dy = layout.upright_shifts.get(feature_index, (0.0, 0.0))
    # buildings are drawn upright: "before the door" is below the building
    # whatever the tile's turn (turned with the tile, the heretic stood on
    # the shrine's dome or beside it and hid it)
    bx, by = rotate_point((x - dx, y - dy), rot)
    return (bx + dx, by + dy)


def board_point(x: int, y: int, tile: Mapping[str, Any], rot: int, feature_index: int) -> Point:
    """Where a figure on a feature of the tile at (x, y) stands, in board tile
    units (tile centres at whole numbers)."""
    ax, ay = feature_anchor(tile, rot, feature_index)
    return (x - 0.5 + ax, y - 0.5 + ay)


def feature_for(game: Board, figure: str, x: int, y: int, port: str) -> int:
    """The index of the feature a figure named by `port` of the tile at (x, y)
    stands on, as the engine reads a deploy (``"C"`` of ic/03+garden is the
    garden for an abbot and the walled-in field for a farmer); -1 for none.
    The interface places spots and figures of answers by it: a field walled
    in by cities has no port of its own."""
    placed = game.board.get((x, y))
    if placed is None:
        return -1
    figure_type = game.rules.figure_by_name.get(figure)
    return placed[0].feature_at_port(port, figure_type.kinds if figure_type is not None else None)


def figure_positions(game: Board) -> list[tuple[FigureOnBoard, Point]]:
    """Every figure standing on a tile (`game.figures_on_board()`, in that
    order) with its board point. Figures in areas off the tiles (a crown, a
    quarter) are not on the board and have no point here."""
    out: list[tuple[FigureOnBoard, Point]] = []
    board = game.board
    for figure in game.figures_on_board():
        x, y = figure.x, figure.y
        rotated = board[(x, y)][0]
        # (a rotated tile's anchors never change: each is worked out once)
        anchors = rotated.figure_anchors
        index = figure.feature_index
        anchor = anchors.get(index)
        if anchor is None:
            anchor = anchors[index] = feature_anchor(rotated.tile.raw, rotated.rot, index)
        out.append((figure, (x - 0.5 + anchor[0], y - 0.5 + anchor[1])))
    return out
