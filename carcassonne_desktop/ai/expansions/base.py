"""The base game's options for the computer players: first-edition farmers
(a term keyed on the option, run only when it is on).

The evaluator judges farmers field by field (3 per completed city a field
touches, 3 times the chance for an open one). With the option
`farmers_first_edition` a city pays once, to the players with the most farmers
in all the fields around it: this term takes back the field-by-field credit
and gives each city's expected 3 points to its city-by-city winners, so a
second farmer next to the same city is no longer counted twice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from carcassonne_desktop.ai.expansions import OPTION, evaluation_term, majority_owners
from carcassonne_desktop.engine.expansions.base import POINTS_PER_SUPPLIED_CITY

if TYPE_CHECKING:
    from carcassonne_desktop.ai.evaluation import Evaluator
    from carcassonne_desktop.engine import Game
    from carcassonne_desktop.engine.features import Feature, FigureSpot


@evaluation_term(OPTION + "farmers_first_edition")
def farmers_city_by_city(evaluator: Evaluator, game: Game, totals: list[float]) -> None:
    outlook = evaluator.outlook(game)
    seen: set[int] = set()
    around: dict[int, list[FigureSpot]] = {}
    cities: dict[int, Feature] = {}
    for _, _, node in game.figures_placed:
        root = game.find(node)
        field = game.features[root]
        if field is None or field.kind != "field" or root in seen:
            continue
        seen.add(root)
        owners = outlook.owners(root, field)
        if owners:
            value, _, _ = outlook.prospects(root, field)
            for player in owners:
                totals[player] -= value
        for key, city in game.bordering_cities(field).items():  # start cities too
            around.setdefault(key, []).extend(field.figures)
            cities[key] = city
    for key, figures in around.items():
        owners = majority_owners(game, figures)
        city = cities[key]
        if not owners:
            continue
        chance = 1.0 if city.completed else outlook.prospects(key, city)[1]
        for player in owners:
            totals[player] += POINTS_PER_SUPPLIED_CITY * chance
