"""The River (seed 000 p.16, seed 001 p.9): the spring replaces the start
tile; the river tiles are drawn first, the lake last; each river tile must
continue the river, and two successive bends may not turn the same way
(RULINGS.md)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from carcassonne_desktop.engine.catalogue import RotatedTile, TileType
from carcassonne_desktop.engine.expansion import Expansion, LaidTile, Placement, register
from carcassonne_desktop.engine.features import NEVER, FeatureKind, no_points, register_kind
from carcassonne_desktop.engine.geometry import DELTAS, OPPOSITE

if TYPE_CHECKING:
    from carcassonne_desktop.engine.game import Game

RIVER = "river"
register_kind(FeatureKind(RIVER, NEVER, no_points, order=95))
STRAIGHT, RIGHT, LEFT = 0, 1, 3  # exit direction minus flow direction, mod 4

# extension_state["river"]: (end_x, end_y, flow, last_turn) while the river is
# open, where (end_x, end_y) is the cell the river flows into, `flow` the
# direction it flows (0=N, 1=E, 2=S, 3=W) and `last_turn` the way the last
# bend turned (RIGHT, LEFT, or STRAIGHT before any bend); None once closed.
RiverEnd = tuple[int, int, int, int]


def river_ports(rotated: RotatedTile) -> tuple[int, ...]:
    """Edge directions (board orientation) where the tile's river meets an edge."""
    return tuple(
        port
        for local, spec in enumerate(rotated.tile.features)
        if spec.kind == RIVER
        for port in rotated.feature_ports[local]
        if port < 4
    )


def is_river_tile(tile: TileType) -> bool:
    return tile.has_feature(RIVER)


@register
class River(Expansion):
    id = "river"
    order = 5
    start_priority = 10
    title = {"fr": "La Rivière", "en": "The River"}
    description = {
        "fr": "12 tuiles de rivière posées en premier, de la source au lac, avant le reste "
        "du paysage. La rivière ne fait jamais demi-tour.",
        "en": "12 river tiles laid first, from the spring to the lake, before the rest of the "
        "landscape. The river never makes a U-turn.",
    }
    data_file = "river.json"
    rules = {
        "fr": """La source remplace la tuile de départ. Les tuiles Rivière sont piochées d'abord, dans un ordre aléatoire, le lac en dernier ; ensuite viennent les tuiles ordinaires.

- Chaque tuile Rivière doit prolonger la rivière, là où elle s'arrête. Les bords de rivière ne touchent que des bords de rivière.
- La rivière ne fait jamais demi-tour : deux virages de suite ne peuvent pas tourner du même côté, même s'il y a des tronçons droits entre eux.
- On peut poser des partisans sur les routes, villes, abbayes et prés des tuiles Rivière, jamais sur la rivière elle-même. La rivière sépare les prés.""",
        "en": """The spring replaces the start tile. The river tiles are drawn first, in random order, with the lake last; then come the ordinary tiles.

- Each river tile must continue the river where it ends. River edges only touch river edges.
- The river never makes a U-turn: two bends in a row may not turn the same way, even with straight pieces between them.
- Followers may go on the roads, cities, cloisters and fields of river tiles, never on the river itself. The river separates fields.""",
    }

    def start_layout(self, game: Game, laid: tuple[LaidTile, ...]) -> list[LaidTile] | None:
        """Alone, the spring is the start tile. After another start board
        (the Wheel of Fortune's), the spring goes against it "de façon à ce
        qu'elle coule vers l'extérieur du plateau" (000 p.16): on the first
        free cell (north row first, then west to east) where its edges match
        the board and its river flows straight away from the board cell it
        touches, into an empty cell (docs/rulings.md)."""
        if not laid:
            return None
        catalogue = game.rules.catalogue
        springs = [t for t in catalogue if t.start and t.flags.get("spring")]
        if not springs:
            return None
        spring = springs[0]
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
        catalogue = game.rules.catalogue
        river = [t for t in bag if is_river_tile(catalogue[t])]
        lakes = [t for t in river if catalogue[t].flags.get("river_end")]
        middle = [t for t in river if not catalogue[t].flags.get("river_end")]
        land = [t for t in bag if not is_river_tile(catalogue[t])]
        rng.shuffle(middle)
        return middle + lakes + land

    def filter_placements(
        self, game: Game, tile: TileType, placements: list[Placement]
    ) -> list[Placement]:
        if not is_river_tile(tile):
            return placements
        end: RiverEnd | None = game.extension_state.get(RIVER)
        if end is None:
            return []
        end_x, end_y, flow, last_turn = end
        allowed = []
        for x, y, rot in placements:
            if (x, y) != (end_x, end_y):
                continue
            ports = river_ports(tile.rotations[rot])
            if OPPOSITE[flow] not in ports:
                continue
            exits = [p for p in ports if p != OPPOSITE[flow]]
            if exits:
                turn = (exits[0] - flow) % 4
                if turn != STRAIGHT and turn == last_turn:
                    continue  # a U-turn: two bends the same way in a row
                dx, dy = DELTAS[exits[0]]
                if (x + dx, y + dy) in game.board:
                    continue  # the river would flow into a tile
            allowed.append((x, y, rot))
        return allowed

    def explain_placement(
        self, game: Game, tile: TileType, x: int, y: int, rot: int
    ) -> str | None:
        if not is_river_tile(tile):
            return None
        end: RiverEnd | None = game.extension_state.get(RIVER)
        if end is None:
            return "the river is finished: no river tile can be placed"
        end_x, end_y, flow, last_turn = end
        if (x, y) != (end_x, end_y):
            return f"a river tile must continue the river at ({end_x}, {end_y})"
        ports = river_ports(tile.rotations[rot])
        if OPPOSITE[flow] not in ports:
            return "this rotation does not continue the river"
        exits = [p for p in ports if p != OPPOSITE[flow]]
        if exits and (exits[0] - flow) % 4 == last_turn != STRAIGHT:
            side = "right" if last_turn == RIGHT else "left"
            return f"no U-turn: the river already turned {side} at its last bend"
        return "the river would flow into a tile"

    def on_tile_placed(self, game: Game, x: int, y: int, rotated: RotatedTile) -> None:
        ports = river_ports(rotated)
        if not ports:
            return
        end: RiverEnd | None = game.extension_state.get(RIVER)
        if end is None:
            if len(ports) == 1 and rotated.tile.flags.get("spring"):
                dx, dy = DELTAS[ports[0]]
                game.extension_state[RIVER] = (x + dx, y + dy, ports[0], STRAIGHT)
            return
        flow, last_turn = end[2], end[3]
        exits = [p for p in ports if p != OPPOSITE[flow]]
        if not exits:
            game.extension_state[RIVER] = None  # the lake closes the river
            return
        turn = (exits[0] - flow) % 4
        dx, dy = DELTAS[exits[0]]
        game.extension_state[RIVER] = (
            x + dx, y + dy, exits[0], turn if turn != STRAIGHT else last_turn
        )
