"""The River (seed 000 p.16, seed 001 p.9): the spring replaces the start
tile; the river tiles are drawn first, the lake last; each river tile must
continue the river, and two successive bends may not turn the same way
(RULINGS.md). The course itself (bag order, placement, open ends) is shared
with The River II in `shared/river_course.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from carcassonne_desktop.engine.expansion import LaidTile, register
from carcassonne_desktop.engine.expansions.shared.river_course import (
    RiverCourse,
    is_river_tile,
    river_ports,
)
from carcassonne_desktop.engine.geometry import DELTAS, OPPOSITE

if TYPE_CHECKING:
    from carcassonne_desktop.engine.game import Game

__all__ = ["River", "is_river_tile"]


@register
class River(RiverCourse):
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
