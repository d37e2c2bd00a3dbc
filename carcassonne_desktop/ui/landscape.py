"""Decorative landscapes: random boards whose edges match, for menu backdrops and previews.

This is not the rules engine (no bag, no players); it only lays catalogue tiles
so that roads, cities and fields continue across edges, which is all a menu
background or an art check needs. The catalogue is read straight from the data
files, so the menus do not depend on the engine.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from carcassonne_desktop.engine.tile_geometry import EDGES, rotate_port

DATA_DIR = Path(__file__).resolve().parent.parent / "engine" / "data"
_OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
_STEP = {"N": (0, -1), "S": (0, 1), "E": (1, 0), "W": (-1, 0)}


@lru_cache(maxsize=4)
def data_tiles(files: tuple[str, ...] = ("base.json",)) -> tuple[dict[str, Any], ...]:
    """Catalogue tiles from the engine's data files (read-only use)."""
    tiles: list[dict[str, Any]] = []
    for name in files:
        path = DATA_DIR / name
        if path.is_file():
            with path.open(encoding="utf-8") as handle:
                tiles.extend(json.load(handle)["tiles"])
    return tuple(tiles)


def edge_kinds(tile: Mapping[str, Any], rot: int) -> dict[str, str]:
    """The terrain on each edge (board orientation): city, road, river or field."""
    kinds = {edge: "field" for edge in EDGES}
    for feature in tile["features"]:
        if feature["kind"] in ("city", "road", "river"):
            for port in feature["ports"]:
                if port in kinds:
                    kinds[rotate_port(port, rot)] = feature["kind"]
    return kinds


def fits(tiles: Mapping[tuple[int, int], tuple[Mapping[str, Any], int]], pos: tuple[int, int],
         tile: Mapping[str, Any], rot: int) -> bool:
    """Whether a tile matches every placed neighbour of ``pos``."""
    mine = edge_kinds(tile, rot)
    for edge, (dx, dy) in _STEP.items():
        neighbour = tiles.get((pos[0] + dx, pos[1] + dy))
        if neighbour is not None and edge_kinds(*neighbour)[_OPPOSITE[edge]] != mine[edge]:
            return False
    return True


def random_board(tiles: Sequence[Mapping[str, Any]], count: int, rng: random.Random,
                 cells: Iterable[tuple[int, int]] | None = None) -> dict[tuple[int, int], tuple[Mapping[str, Any], int]]:
    """Lay up to ``count`` matching tiles outward from (0, 0), or fill ``cells`` in order.

    Tiles are weighted by their box count so the mix looks like a real game.
    """
    pool = [t for t in tiles for _ in range(int(t.get("count", 1)))
            if not any(f["kind"] == "river" for f in t["features"])]
    board: dict[tuple[int, int], tuple[Mapping[str, Any], int]] = {}
    if not pool:
        return board
    start = next((t for t in pool if t.get("start")), pool[0])
    targets = list(cells) if cells is not None else None
    if targets is None:
        board[(0, 0)] = (start, 0)
    attempts = 0
    while len(board) < (len(targets) if targets is not None else count) and attempts < count * 60 + 600:
        attempts += 1
        if targets is not None:
            pos = targets[len(board)] if len(board) < len(targets) else None
            if pos is None:
                break
        else:
            frontier = sorted({(x + dx, y + dy) for (x, y) in board for dx, dy in _STEP.values()} - set(board))
            pos = rng.choice(frontier)
        for _ in range(40):
            tile = rng.choice(pool)
            rot = rng.randrange(4)
            if fits(board, pos, tile, rot):
                board[pos] = (tile, rot)
                break
        else:
            if targets is not None:  # nothing fits: a plain field-ish tile keeps the fill going
                board[pos] = (pool[0], 0)
    return board
