"""Inns & Cathedrals (seed 000 p.9, seed 001 p.10-11): 18 tiles, the large
follower, inns on roads and cathedrals in cities."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from carcassonne_desktop.engine.expansion import Expansion, register
from carcassonne_desktop.engine.features import Feature
from carcassonne_desktop.engine.figures import FigureType

if TYPE_CHECKING:
    from carcassonne_desktop.engine.game import Game


@register
class InnsCathedrals(Expansion):
    id = "inns_cathedrals"
    order = 10
    title = {"fr": "Auberges & Cathédrales", "en": "Inns & Cathedrals"}
    description = {
        "fr": "18 tuiles et un grand partisan (compte double). Une auberge double la route "
        "achevée, une cathédrale triple la ville achevée ; inachevées, elles ne rapportent rien.",
        "en": "18 tiles and a large follower (counts double). An inn doubles a completed road, "
        "a cathedral triples a completed city; left unfinished they score nothing.",
    }
    data_file = "inns_cathedrals.json"

    def figures(self) -> Iterable[FigureType]:
        kinds = {"road", "city", "cloister"}
        if self.game_options.get("farmers", True):
            kinds.add("field")
        return (FigureType("large_follower", 1, frozenset(kinds), strength=2),)

    def modify_points(self, game: Game, feature: Feature, points: int, completed: bool) -> int:
        # "Plusieurs ne se cumulent pas": one inn or several, the road is worth 2/tile.
        if feature.kind == "road" and feature.has_flag("inn"):
            return 2 * len(feature.tiles) if completed else 0
        if feature.kind == "city" and feature.has_flag("cathedral"):
            return 3 * (len(feature.tiles) + feature.shields) if completed else 0
        return points
