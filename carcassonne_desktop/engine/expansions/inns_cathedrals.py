"""Inns & Cathedrals (seed 000 p.9, seed 001 p.10-11): 18 tiles, the large
follower, inns on roads and cathedrals in cities."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from carcassonne_desktop.engine.expansion import Expansion, register
from carcassonne_desktop.engine.features import Feature
from carcassonne_desktop.engine.figures import FigureType
from carcassonne_desktop.engine.layout_props import register_prop_placement
from carcassonne_desktop.engine.score_terms import TIMES, ScoreTerm, explain_instead

if TYPE_CHECKING:
    from carcassonne_desktop.engine.game import Game

# The inn stands beside its road; the cathedral takes the city's figure spot,
# and a figure in that city stands in front of it, lower on the tile.
register_prop_placement("inn", "beside_path", radius=0.1)
register_prop_placement("cathedral", "city_anchor", radius=0.2, anchor_shift=(0.0, 0.24))


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
    rules = {
        "fr": """18 nouvelles tuiles sont mélangées aux autres. Chaque joueur reçoit un grand partisan de sa couleur.

- Le grand partisan se pose comme un partisan ordinaire, sur une route, une ville, une abbaye ou un pré (comme paysan). Pour savoir qui a la majorité, il compte pour deux partisans, partout, y compris dans les prés. Il revient à son propriétaire comme les autres.
- Auberge : une route bordée d’au moins une auberge rapporte 2 points par tuile quand elle est achevée. Si elle est inachevée à la fin de la partie, elle ne rapporte rien.
- Cathédrale : une ville qui contient une cathédrale rapporte 3 points par tuile et par blason quand elle est achevée. Inachevée à la fin de la partie, elle ne rapporte rien.
- Plusieurs auberges sur une même route (ou deux cathédrales dans une même ville) ne se cumulent pas.""",
        "en": """18 new tiles are shuffled in with the others. Each player gets one large follower in their colour.

- The large follower is deployed like an ordinary follower, on a road, a city, a cloister or a field (as a farmer). When majorities are counted it counts as two followers everywhere, fields included. It returns to its owner like the others.
- Inn: a road with at least one inn beside it scores 2 points per tile when completed. Left unfinished at the end of the game it scores nothing.
- Cathedral: a city containing a cathedral scores 3 points per tile and per shield when completed. Left unfinished at the end of the game it scores nothing.
- Several inns on one road (or two cathedrals in one city) do not add up.""",
    }

    def figures(self) -> Iterable[FigureType]:
        kinds = {"road", "city", "cloister"}
        if self.game_options.get("farmers", True):
            kinds.add("field")
        return (FigureType("large_follower", 1, frozenset(kinds), strength=2),)

    def modify_points(self, game: Game, feature: Feature, points: int, completed: bool) -> int:
        # "Plusieurs ne se cumulent pas": one inn or several, the road is worth 2/tile.
        if feature.kind == "road" and feature.has_flag("inn"):
            if game.score_terms is not None:
                explain_instead(game, ScoreTerm("inn", len(feature.tiles), 2) if completed
                                else ScoreTerm("inn_unfinished", 0))
            return 2 * len(feature.tiles) if completed else 0
        if feature.kind == "city" and feature.has_flag("cathedral"):
            if game.score_terms is not None:
                explain_instead(game, *(
                    (ScoreTerm("tile", len(feature.tiles)), ScoreTerm("shield", feature.shields),
                     ScoreTerm("cathedral", 1, 3, TIMES)) if completed
                    else (ScoreTerm("cathedral_unfinished", 0),)))
            return 3 * (len(feature.tiles) + feature.shields) if completed else 0
        return points
