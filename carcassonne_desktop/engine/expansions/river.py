"""The River (seed 000 p.16, seed 001 p.9): the spring replaces the start
tile; the river tiles are drawn first, the lake last; each river tile must
continue the river, and two successive bends may not turn the same way
(RULINGS.md). The course itself (bag order, placement, open ends) is shared
with The River II in `shared/river_course.py`."""

from __future__ import annotations

from carcassonne_desktop.engine.expansion import register
from carcassonne_desktop.engine.expansions.shared.river_course import (
    RiverCourse,
    is_river_tile,
)
from carcassonne_desktop.engine.layout_props import register_prop_placement

__all__ = ["River", "is_river_tile"]

# Where a river that enters by one edge ends: a lake on the last tile (and
# River II's lakes), a spring on the first. Figures keep clear of them.
register_prop_placement("lake", "path_end", radius=0.3, flags=("lake", "river_end"))
register_prop_placement("spring", "path_end", radius=0.14)


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
        "fr": """La source remplace la tuile de départ. Les tuiles Rivière sont piochées d’abord, dans un ordre aléatoire, le lac en dernier ; ensuite viennent les tuiles ordinaires.

- Chaque tuile Rivière doit prolonger la rivière, là où elle s’arrête. Les bords de rivière ne touchent que des bords de rivière.
- La rivière ne fait jamais demi-tour : deux virages de suite ne peuvent pas tourner du même côté, même s’il y a des tronçons droits entre eux.
- On peut poser des partisans sur les routes, villes, abbayes et prés des tuiles Rivière, jamais sur la rivière elle-même. La rivière sépare les prés.""",
        "en": """The spring replaces the start tile. The river tiles are drawn first, in random order, with the lake last; then come the ordinary tiles.

- Each river tile must continue the river where it ends. River edges only touch river edges.
- The river never makes a U-turn: two bends in a row may not turn the same way, even with straight pieces between them.
- Followers may go on the roads, cities, cloisters and fields of river tiles, never on the river itself. The river separates fields.""",
    }
