"""What a catapult token does, computed from the point where it came to rest.

The engine never simulates a hand: the interface's mini-game (or a computer
player's aim) gives the rest point in board tile units (tile centres at whole
numbers, x east, y south), and every effect is a function of that point, the
documented sizes below and where each figure stands
(`game.figure_positions()`, the same anchors the interface draws figures at),
so a replay never re-rolls. Rulings CA3-CA7 of docs/rulings.md.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from carcassonne_desktop.engine.board import FigureOnBoard
    from carcassonne_desktop.engine.game import Game

Point = tuple[float, float]

#: A token is a disc about 18 mm across on a 45 mm tile (ruling CA5).
TOKEN_RADIUS = 0.2
#: A figure's foot, in tile units: a token touches a figure when their discs meet.
FIGURE_RADIUS = 0.12
HIT_REACH = TOKEN_RADIUS + FIGURE_RADIUS
#: A knocked figure is pushed and falls (its height, 16 mm, plus the push: 27 mm, 0.6
#: tile on a 45 mm tile) and knocks every figure
#: standing that close to it (the chain of ruling CA5).
CHAIN_REACH = 0.6
#: Target distances are compared at this precision (what the measuring
#: board tells apart: ruling CA7); equal rounded distances tie.
TARGET_PRECISION = 0.01
#: How far from the fair a rest point may be at all (a record beyond it is
#: refused: no token flies a hundred tiles).
MAX_REACH = 100.0


def cell_of(point: Point) -> tuple[int, int]:
    """The board cell under a point (tile (x, y) spans x - 0.5 .. x + 0.5)."""
    return (math.floor(point[0] + 0.5), math.floor(point[1] + 0.5))


def on_map(game: Game, point: Point) -> bool:
    """Whether a token resting at `point` lies on the map: its centre is over
    a placed tile, start boards included (ruling CA3)."""
    return cell_of(point) in game.board


def launch_point(game: Game, fair: tuple[int, int]) -> Point:
    """Where the catapult stands for a round: one tile south of the map's
    southern edge, in line with the fair (the interface draws it there and a
    computer player's spread grows with the distance from it)."""
    south = max(y for _, y in game.board)
    return (float(fair[0]), south + 1.5)


def knocked(game: Game, point: Point) -> list[tuple[FigureOnBoard, bool]]:
    """Every figure a knock-out token resting at `point` sends home, with
    whether it fell in a chain (knocked by another figure) rather than by the
    token: the figures whose foot the token touches, then every figure within
    `CHAIN_REACH` of a knocked one, again and again (ruling CA5). Every
    player's figure on the tiles counts, the hurler's too; neutral figures and
    figures in areas off the tiles are never hit."""
    left = game.figure_positions()
    hit: list[tuple[FigureOnBoard, bool]] = []
    # what falls, how far it reaches, and whether it is a figure (the chain)
    falling: list[tuple[Point, float, bool]] = [(point, HIT_REACH, False)]
    while falling:
        source, reach, chained = falling.pop(0)
        still: list[tuple[FigureOnBoard, Point]] = []
        for figure, where in left:
            if math.dist(where, source) <= reach:
                hit.append((figure, chained))
                falling.append((where, CHAIN_REACH, True))
            else:
                still.append((figure, where))
        left = still
    return hit


def nearest_follower(game: Game, hurler: int, point: Point) -> FigureOnBoard | None:
    """The opponent's follower (a figure of strength > 0) standing nearest to
    `point`; a tie goes to the first player from the hurler's left, then to
    the first in the board's order (ruling CA6). None when no opponent has a
    follower on the tiles."""
    types = game.rules.figure_by_name
    best: tuple[float, int, int] | None = None
    chosen: FigureOnBoard | None = None
    for order, (figure, where) in enumerate(game.figure_positions()):
        if figure.player == hurler or types[figure.figure].strength <= 0:
            continue
        seat = (figure.player - hurler) % game.num_players
        key = (math.dist(where, point), seat, order)
        if best is None or key < best:
            best, chosen = key, figure
    return chosen


def target_distance(fair: tuple[int, int], point: Point) -> int:
    """A target token's distance to the fair tile just placed, in hundredths
    of a tile: from the token's centre to the tile's centre (ruling CA7)."""
    return round(math.dist(point, fair) / TARGET_PRECISION)
