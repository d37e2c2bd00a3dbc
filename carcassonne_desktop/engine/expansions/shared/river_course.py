"""The course of a river, shared by The River (I) and The River II.

Both boxes lay their river tiles before the landscape, from a spring to one
or more lakes, and both forbid U-turns; River II adds a fork, so the river
has several open ends ("bras") that may never join. This module keeps the
open ends in `game.extension_state["river"]` and checks every river tile
against them, whichever river boxes are in play: with both, the one first
in the registry order (`lead`) keeps the course and the other's hooks stand
aside, so the river is followed once.

Rulings (docs/rulings.md, "The River" and "The River II"):
- no U-turn, per arm: two successive bends of one arm may not turn the same
  way, straight tiles between them or not (RULINGS.md); the fork's two arms
  each start from the fork's turn;
- a river tile never flows into a tile nor into another arm's open end;
- after another start board (the Wheel of Fortune's, the Count's city), the
  spring goes against it and flows away from it; with both river boxes, one
  spring, River II's (the first asked: the higher start priority).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from carcassonne_desktop.engine.catalogue import RotatedTile, TileType
from carcassonne_desktop.engine.expansion import Expansion, LaidTile, Placement, tiles_of
from carcassonne_desktop.engine.features import (
    NEVER,
    FeatureKind,
    Position,
    no_points,
    register_kind,
)
from carcassonne_desktop.engine.geometry import DELTAS, OPPOSITE

if TYPE_CHECKING:
    from carcassonne_desktop.engine.game import Game
    from carcassonne_desktop.engine.rules import Rules

RIVER = "river"
register_kind(FeatureKind(RIVER, NEVER, no_points, order=95))
STRAIGHT, RIGHT, LEFT = 0, 1, 3  # exit direction minus flow direction, mod 4

# extension_state["river"]: the open ends, a tuple of (end_x, end_y, flow,
# last_turn): (end_x, end_y) is the cell an arm flows into, `flow` the
# direction it flows (0=N, 1=E, 2=S, 3=W) and `last_turn` the way that arm's
# last bend turned (RIGHT, LEFT, or STRAIGHT before any bend). Absent before
# the spring, () once every arm is closed.
RiverEnd = tuple[int, int, int, int]


def river_ports(rotated: RotatedTile) -> tuple[int, ...]:
    """Edge directions (board orientation) where the tile's river meets an edge."""
    ports = _PORTS.get(rotated)
    if ports is None:
        if len(_PORTS) > 20_000:
            _PORTS.clear()
        ports = _PORTS[rotated] = tuple(
            port
            for local, spec in enumerate(rotated.tile.features)
            if spec.kind == RIVER
            for port in rotated.feature_ports[local]
            if port < 4
        )
    return ports


#: `river_ports` by the catalogue's rotated tile (every river placement
#: checked asks for them, before each draw of the river phase).
_PORTS: dict[RotatedTile, tuple[int, ...]] = {}


def is_river_tile(tile: TileType) -> bool:
    return RIVER in tile.feature_kinds


def is_lake(tile: TileType) -> bool:
    """A lake closes an arm and is laid after every other river tile."""
    return bool(tile.flags.get("lake"))


def open_ends(game: Game) -> tuple[RiverEnd, ...]:
    return game.extension_state.get(RIVER) or ()


def arrange_river(bag: list[str], game: Game, rng: random.Random) -> list[str]:
    """River tiles first: the fork, then the others shuffled, then the lakes
    (the volcano last of all: "Le volcan est mis à la fin", seed 003); the
    landscape after them. With River I alone this is exactly the historical
    order (the same list is shuffled the same way)."""
    catalogue = game.rules.catalogue
    river = [t for t in bag if is_river_tile(catalogue[t])]
    forks = [t for t in river if catalogue[t].flags.get("river_fork")]
    lakes = [t for t in river if is_lake(catalogue[t])]
    lakes.sort(key=lambda t: bool(catalogue[t].flags.get("volcano")))
    middle = [t for t in river if t not in forks and t not in lakes]
    land = [t for t in bag if not is_river_tile(catalogue[t])]
    rng.shuffle(middle)
    return forks + middle + lakes + land


def _exit_problem(game: Game, end: RiverEnd, exits: list[int], x: int, y: int) -> str | None:
    """Why these exits may not leave the cell of `end`, or None."""
    flow, last_turn = end[2], end[3]
    others = {(e[0], e[1]) for e in open_ends(game) if e != end}
    for exit_ in exits:
        turn = (exit_ - flow) % 4
        if turn != STRAIGHT and turn == last_turn:
            side = "right" if last_turn == RIGHT else "left"
            return f"no U-turn: the river already turned {side} at its last bend"
        dx, dy = DELTAS[exit_]
        if (x + dx, y + dy) in game.board:
            return "the river would flow into a tile"
        if (x + dx, y + dy) in others:
            return "the two arms of the river may not join"
    return None


def _problem(game: Game, tile: TileType, x: int, y: int, rot: int) -> str | None:
    """Why a river tile may not go there (edges already match), or None."""
    ends = open_ends(game)
    if not ends:
        return "the river is finished: no river tile can be placed"
    end = next((e for e in ends if (e[0], e[1]) == (x, y)), None)
    if end is None:
        cells = " or ".join(f"({e[0]}, {e[1]})" for e in ends)
        return f"a river tile must continue the river at {cells}"
    ports = river_ports(tile.rotations[rot])
    if OPPOSITE[end[2]] not in ports:
        return "this rotation does not continue the river"
    return _exit_problem(game, end, [p for p in ports if p != OPPOSITE[end[2]]], x, y)


class RiverCourse(Expansion):
    """Base of the expansions that bring river tiles: the bag order, the
    placement rules and the open ends, kept by the `lead` one."""

    #: The rules `leads` last answered for, and its answer.
    _lead: tuple[Rules, bool] | None = None

    def leads(self, game: Game) -> bool:
        """Whether this river box keeps the course (the first in play): the
        same for every game of these rules, so found once (the filters ask at
        every river placement)."""
        rules = game.rules
        known = self._lead
        if known is not None and known[0] is rules:
            return known[1]
        lead = next((e for e in rules.expansions if isinstance(e, RiverCourse)), None) is self
        self._lead = (rules, lead)
        return lead

    def start_layout(self, game: Game, laid: tuple[LaidTile, ...]) -> list[LaidTile] | None:
        """Alone, the spring is the start tile. After another start board
        (the Wheel of Fortune's, the Count's city), this box's spring goes
        against it "de façon à ce qu'elle coule vers l'extérieur du plateau"
        (000 p.16): on the first free cell (north row first, then west to
        east) where its edges match the board and its river flows straight
        away from the board cell it touches, into an empty cell. With both
        river boxes, the one asked first (River II, the higher start
        priority) lays its spring and the other stands aside: one spring
        (docs/rulings.md)."""
        catalogue = game.rules.catalogue
        if not laid or any(catalogue[tile].flags.get("spring") for tile, *_ in laid):
            return None
        springs = [t for t in tiles_of(self) if t.start and t.flags.get("spring")]
        if not springs:
            return None
        spring = catalogue[springs[0].id]
        cells = {(x, y): catalogue[tile].rotations[rot % 4] for tile, x, y, rot in laid}
        free = sorted(
            {(x + dx, y + dy) for x, y in cells for dx, dy in DELTAS} - set(cells),
            key=lambda cell: (cell[1], cell[0]),
        )
        for x, y in free:
            touching = [d for d, (dx, dy) in enumerate(DELTAS) if (x + dx, y + dy) in cells]
            if len(touching) != 1:
                continue
            side = touching[0]
            for rot in range(4):
                rotated = spring.rotations[rot]
                if river_ports(rotated) != (OPPOSITE[side],):
                    continue
                dx, dy = DELTAS[side]
                if (x - dx, y - dy) in cells:
                    continue
                if rotated.edges[side] == cells[(x + dx, y + dy)].edges[OPPOSITE[side]]:
                    return [(spring.id, x, y, rot)]
        return None

    def arrange_bag(self, game: Game, bag: list[str], rng: random.Random) -> list[str]:
        return arrange_river(bag, game, rng) if self.leads(game) else bag

    def resample_hidden(self, game: Game, rng: random.Random, pool: list[str]) -> None:
        """A computer player's sampled copy keeps the river first: the unseen
        river tiles are drawn before the landscape, in the river's order, as
        in the real game (the pool is drawn from its end)."""
        catalogue = game.rules.catalogue
        if not self.leads(game) or not any(is_river_tile(catalogue[t]) for t in pool):
            return
        pool[:] = arrange_river(pool[::-1], game, rng)[::-1]

    def next_draws(self, game: Game, unseen: Counter[str]) -> Counter[str] | None:
        """While the river leads, the next draw is a river tile, in the order
        `arrange_river` deals them: a fork first, the lakes last (the
        volcano after every other lake)."""
        if not self.leads(game):
            return None
        catalogue = game.rules.catalogue
        river = [t for t in unseen if is_river_tile(catalogue[t])]
        if not river:
            return None
        forks = [t for t in river if catalogue[t].flags.get("river_fork")]
        lakes = [t for t in river if is_lake(catalogue[t])]
        middle = [t for t in river if t not in forks and t not in lakes]
        volcano_last = [t for t in lakes if not catalogue[t].flags.get("volcano")] or lakes
        first = forks or middle or volcano_last
        return Counter({t: unseen[t] for t in first})

    def filters_tile(self, tile: TileType) -> bool:
        """Only river tiles follow the course."""
        return is_river_tile(tile)

    def filter_cells(
        self, game: Game, tile: TileType, cells: list[Position]
    ) -> list[Position]:
        """A river tile goes only where an arm ends: the rotations are then
        judged on those few cells, not on the whole frontier (the river
        phase counts every river tile's placements before each draw)."""
        if not is_river_tile(tile) or not self.leads(game):
            return cells
        ends = {(e[0], e[1]) for e in open_ends(game)}
        return [cell for cell in cells if cell in ends]

    def filter_placements(
        self, game: Game, tile: TileType, placements: Sequence[Placement]
    ) -> Sequence[Placement]:
        if not is_river_tile(tile) or not self.leads(game):
            return placements
        ends = {(e[0], e[1]) for e in open_ends(game)}
        return [
            (x, y, rot) for x, y, rot in placements
            if (x, y) in ends and _problem(game, tile, x, y, rot) is None
        ]

    def explain_placement(
        self, game: Game, tile: TileType, x: int, y: int, rot: int
    ) -> str | None:
        if not is_river_tile(tile) or not self.leads(game):
            return None
        return _problem(game, tile, x, y, rot)

    def watches_tile(self, tile: TileType) -> bool:
        """Only a river tile moves the river's open ends."""
        return is_river_tile(tile)

    def on_tile_placed(self, game: Game, x: int, y: int, rotated: RotatedTile) -> None:
        if not is_river_tile(rotated.tile):
            return  # every tile comes here: the river's ports only for its own
        ports = river_ports(rotated)
        if not ports or not self.leads(game):
            return
        state = game.extension_state
        if RIVER not in state:
            if len(ports) == 1 and rotated.tile.flags.get("spring"):
                dx, dy = DELTAS[ports[0]]
                state[RIVER] = ((x + dx, y + dy, ports[0], STRAIGHT),)
            return
        ends = open_ends(game)
        end = next((e for e in ends if (e[0], e[1]) == (x, y)), None)
        if end is None:
            return  # only a forced start tile can be laid away from an end
        flow, last_turn = end[2], end[3]
        new: list[RiverEnd] = []
        for exit_ in ports:
            if exit_ == OPPOSITE[flow]:
                continue
            turn = (exit_ - flow) % 4
            dx, dy = DELTAS[exit_]
            new.append((x + dx, y + dy, exit_, turn if turn != STRAIGHT else last_turn))
        index = ends.index(end)
        state[RIVER] = ends[:index] + tuple(new) + ends[index + 1:]
