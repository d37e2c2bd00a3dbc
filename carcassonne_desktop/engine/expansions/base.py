"""The base game as a capability: its tiles, the followers and its options.

Seeing the base game through the same hooks as every expansion keeps the core
free of tile data and of the option-specific rules.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from carcassonne_desktop.engine.expansion import Expansion, register
from carcassonne_desktop.engine.features import Feature
from carcassonne_desktop.engine.figures import FigureType
from carcassonne_desktop.engine.score_terms import ScoreTerm, explain_instead

if TYPE_CHECKING:
    from carcassonne_desktop.engine.game import Game

FOLLOWERS_PER_PLAYER = 7


@register
class BaseGame(Expansion):
    id = "base"
    order = 0
    title = {"fr": "Jeu de base", "en": "Base game"}
    description = {
        "fr": "72 tuiles, 7 partisans par joueur : routes, villes, abbayes et prés.",
        "en": "72 tiles, 7 followers each: roads, cities, cloisters and fields.",
    }
    data_file = "base.json"
    options = {"farmers": True, "small_city_2pts": False, "hand_of_3": False}

    def figures(self) -> Iterable[FigureType]:
        kinds = {"road", "city", "cloister"}
        if self.game_options["farmers"]:
            kinds.add("field")
        return (FigureType("follower", FOLLOWERS_PER_PLAYER, frozenset(kinds)),)

    def modify_points(self, game: Game, feature: Feature, points: int, completed: bool) -> int:
        # 1st edition (seed 002): "Une ville n'a que 2 quartiers ... ne reçoit que 2 points."
        if (
            completed
            and self.game_options["small_city_2pts"]
            and feature.kind == "city"
            and len(feature.tiles) == 2
        ):
            explain_instead(game, ScoreTerm("small_city", 1, min(points, 2)))
            return min(points, 2)
        return points
