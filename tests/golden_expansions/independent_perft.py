"""An independent move counter for the perft tests of test_golden_expansions.py.

It shares no code with the engine: it reads the tile data files as plain JSON
and re-derives, with its own (slow, obvious) algorithms, what the rulebooks
allow: edge matching, the river's course (continue the open end, no U-turn,
never flow into a tile), feature connectivity by union-find over every port of
the board rebuilt from scratch, occupancy, completion (figures go home),
the abbot's recall. The numbers it prints were pasted into the tests.

Run: python tests/golden_expansions/independent_perft.py
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "carcassonne_desktop" / "engine" / "data"
GOLDEN = Path(__file__).resolve().parent

EDGES = "NESW"
DELTA = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPP = {"N": "S", "E": "W", "S": "N", "W": "E"}
# One clockwise quarter turn (DESIGN.md section 3).
TURN = {
    "N": "E",
    "E": "S",
    "S": "W",
    "W": "N",
    "C": "C",
    "NW": "EN",
    "EN": "SE",
    "SE": "WS",
    "WS": "NW",
    "NE": "ES",
    "ES": "SW",
    "SW": "WN",
    "WN": "NE",
}
# A half-edge port and the half-edge of the neighbour it touches.
HALF_FACING = {
    "NW": "SW",
    "NE": "SE",
    "EN": "WN",
    "ES": "WS",
    "SE": "NE",
    "SW": "NW",
    "WS": "ES",
    "WN": "EN",
}
EDGE_KINDS = ("road", "city", "river")
FIGURE_KINDS = {
    "follower": {"road", "city", "cloister", "field"},
    "large_follower": {"road", "city", "cloister", "field"},
    "abbot": {"cloister", "garden"},
}
SUPPLY = {
    "base": {"follower": 7},
    "inns_cathedrals": {"large_follower": 1},
    "abbot": {"abbot": 1},
    "river": {},
}


def load_tiles(expansions):
    tiles = {}
    for exp in expansions:
        path = DATA / f"{exp}.json"
        if not path.exists():  # The Abbot brings figures, no tiles
            continue
        for tile in json.loads(path.read_text(encoding="utf-8"))["tiles"]:
            tiles[tile["id"]] = tile
    return tiles


def rotate(port, rot):
    for _ in range(rot):
        port = TURN[port]
    return port


def features(tiles, tile_id, rot):
    """[(kind, [board ports])] of a tile in a rotation."""
    return [(f["kind"], [rotate(p, rot) for p in f["ports"]]) for f in tiles[tile_id]["features"]]


def edge(tiles, tile_id, rot, side):
    for kind, ports in features(tiles, tile_id, rot):
        if kind in EDGE_KINDS and side in ports:
            return kind
    return "field"


def river_sides(tiles, tile_id, rot):
    return [p for kind, ports in features(tiles, tile_id, rot) if kind == "river" for p in ports]


class Position:
    def __init__(self, record):
        setup = record["setup"]
        self.expansions = list(dict.fromkeys(["base", *setup["expansions"]]))
        self.tiles = load_tiles(self.expansions)
        self.players = len(setup["players"])
        self.board = {}
        self.figures = []  # [player, figure, x, y, feature index]
        self.supply = [{} for _ in range(self.players)]
        for sup in self.supply:
            for exp in self.expansions:
                sup.update(SUPPLY[exp])
        self.bag = list(setup["tile_order"])
        self.current = 0
        self.river = None  # (end cell, flow side, last bend) while the river is open
        start = setup.get("start_tile") or ("river1/01" if "river" in self.expansions else "base/D")
        self.put(start, setup.get("start_rot", 0), 0, 0)

    # ---------------------------------------------------------------- board
    def put(self, tile_id, rot, x, y):
        self.board[(x, y)] = (tile_id, rot)
        sides = river_sides(self.tiles, tile_id, rot)
        if not sides:
            return
        if self.river is None:  # the spring
            (side,) = sides
            dx, dy = DELTA[side]
            self.river = ((x + dx, y + dy), side, None)
            return
        _, flow, last = self.river
        exits = [s for s in sides if s != OPP[flow]]
        if not exits:
            self.river = "closed"
            return
        out = exits[0]
        bend = None if out == flow else ("right" if TURN[flow] == out else "left")
        dx, dy = DELTA[out]
        self.river = ((x + dx, y + dy), out, bend or last)

    def fits(self, tile_id, rot, x, y):
        if (x, y) in self.board:
            return False
        touching = False
        for side in EDGES:
            dx, dy = DELTA[side]
            other = self.board.get((x + dx, y + dy))
            if other is None:
                continue
            touching = True
            if edge(self.tiles, *other, OPP[side]) != edge(self.tiles, tile_id, rot, side):
                return False
        if not touching:
            return False
        sides = river_sides(self.tiles, tile_id, rot)
        if sides:
            if not isinstance(self.river, tuple):
                return False
            cell, flow, last = self.river
            if (x, y) != cell or OPP[flow] not in sides:
                return False
            for out in sides:
                if out == OPP[flow]:
                    continue
                if out != flow and ("right" if TURN[flow] == out else "left") == last:
                    return False  # U-turn
                dx, dy = DELTA[out]
                if (x + dx, y + dy) in self.board:
                    return False
        return True

    def placements(self, tile_id):
        cells = {(x + dx, y + dy) for (x, y) in self.board for dx, dy in DELTA.values()}
        return sorted(
            (x, y, r) for (x, y) in cells for r in range(4) if self.fits(tile_id, r, x, y)
        )

    # ------------------------------------------------------------- features
    def components(self):
        parent = {}

        def find(n):
            while parent[n] != n:
                n = parent[n]
            return n

        for (x, y), (tile_id, rot) in self.board.items():
            for i, _ in enumerate(features(self.tiles, tile_id, rot)):
                parent[(x, y, i)] = (x, y, i)
        for (x, y), (tile_id, rot) in self.board.items():
            for i, (_kind, ports) in enumerate(features(self.tiles, tile_id, rot)):
                for port in ports:
                    if port == "C":
                        continue
                    side = port[0]
                    dx, dy = DELTA[side]
                    other = self.board.get((x + dx, y + dy))
                    if other is None:
                        continue
                    want = OPP[port] if len(port) == 1 else HALF_FACING[port]
                    for j, (_, oports) in enumerate(features(self.tiles, *other)):
                        if want in oports:
                            parent[find((x, y, i))] = find((x + dx, y + dy, j))
        groups = {}
        for node in parent:
            groups.setdefault(find(node), []).append(node)
        return {node: groups[find(node)] for node in parent}

    def kind(self, node):
        x, y, i = node
        return features(self.tiles, *self.board[(x, y)])[i][0]

    def complete(self, group):
        kind = self.kind(group[0])
        if kind in ("cloister", "garden"):
            x, y, _ = group[0]
            return all((x + dx, y + dy) in self.board for dx in (-1, 0, 1) for dy in (-1, 0, 1))
        if kind not in ("road", "city"):
            return False
        for x, y, i in group:
            for port in features(self.tiles, *self.board[(x, y)])[i][1]:
                dx, dy = DELTA[port]
                if (x + dx, y + dy) not in self.board:
                    return False
        return True

    # ---------------------------------------------------------------- turns
    def figure_actions(self, x, y):
        comps = self.components()
        occupied = {tuple(n) for f in self.figures for n in comps[(f[2], f[3], f[4])]}
        out = []
        for i, (kind, ports) in enumerate(features(self.tiles, *self.board[(x, y)])):
            if (x, y, i) in occupied or not ports:
                continue
            for figure, count in self.supply[self.current].items():
                if count > 0 and kind in FIGURE_KINDS[figure]:
                    out.append(("deploy", figure, x, y, ports[0]))
        out += [
            ("recall", f[2], f[3]) for f in self.figures if f[0] == self.current and f[1] == "abbot"
        ]
        return out + [("pass",)]

    def end_turn(self):
        comps = self.components()
        for figure in list(self.figures):
            if self.complete(comps[(figure[2], figure[3], figure[4])]):
                self.figures.remove(figure)
                self.supply[figure[0]][figure[1]] += 1
        self.current = (self.current + 1) % self.players

    def play(self, actions):
        for action in actions:
            kind = action["type"]
            if kind == "place_tile":
                tile_id = self.bag.pop(0)
                assert self.fits(tile_id, action["rot"], action["x"], action["y"]), action
                self.put(tile_id, action["rot"], action["x"], action["y"])
                continue
            if kind == "deploy":
                x, y = action["x"], action["y"]
                index = next(
                    i
                    for i, (_, ports) in enumerate(features(self.tiles, *self.board[(x, y)]))
                    if action["port"] in ports
                )
                self.figures.append([self.current, action["figure"], x, y, index])
                self.supply[self.current][action["figure"]] -= 1
            elif kind == "recall":
                figure = next(
                    f
                    for f in self.figures
                    if f[0] == self.current
                    and f[1] == "abbot"
                    and (f[2], f[3]) == (action["x"], action["y"])
                )
                self.figures.remove(figure)
                self.supply[self.current]["abbot"] += 1
            self.end_turn()

    def perft(self):
        """(number of placements of the next tile, sum over them of figure-step actions)."""
        tile_id = self.bag[0]
        places = self.placements(tile_id)
        total = 0
        for x, y, rot in places:
            saved = (dict(self.board), self.river)
            self.put(tile_id, rot, x, y)
            total += len(self.figure_actions(x, y))
            self.board, self.river = saved
        return len(places), total


POSITIONS = [  # (golden file, number of actions replayed)
    ("ic_large_follower_ties_two", 14),
    ("abbot_recall_6_points", 8),
    ("river_bridge_and_split_fields", 4),
    ("river_bridge_and_split_fields", 8),
]


def count(name, upto):
    record = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))["record"]
    position = Position(record)
    position.play(record["actions"][:upto])
    return position.perft()


if __name__ == "__main__":
    for name, upto in POSITIONS:
        print(name, upto, count(name, upto))
