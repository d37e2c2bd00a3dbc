"""The base game as a capability: its tiles, the followers and its options.

Seeing the base game through the same hooks as every expansion keeps the core
free of tile data and of the option-specific rules.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from carcassonne_desktop.engine.events import Event
from carcassonne_desktop.engine.expansion import Expansion, register
from carcassonne_desktop.engine.features import Feature
from carcassonne_desktop.engine.figures import FigureType
from carcassonne_desktop.engine.score_terms import ADD, ScoreTerm, explain_instead, terms_total

if TYPE_CHECKING:
    from carcassonne_desktop.engine.game import Game

FOLLOWERS_PER_PLAYER = 7
#: First-edition farmers (seed 002 "Évaluation finale"): what each winner of a
#: completed city scores. The text's "4 points" is a misprint (docs/rulings.md).
POINTS_PER_SUPPLIED_CITY = 3


def supply_areas(game: Game) -> dict[int, tuple[Feature, Feature]]:
    """For each completed city touched by an occupied field, the city and one
    pseudo-field holding every figure of every field that touches it (seed
    002: "tous les paysans dont les prés touchent la ville sont pris en
    compte"), keyed as `game.bordering_cities` keys it (the City of
    Carcassonne too), so the core's majority and tie-breaks apply to it."""
    fields: dict[int, Feature] = {}
    for _, _, node in game.figures_placed:
        root = game.find(node)
        feature = game.features[root]
        if feature is not None and feature.kind == "field":
            fields[root] = feature
    areas: dict[int, tuple[Feature, Feature]] = {}
    for root in sorted(fields):
        field = fields[root]
        for key, city in game.bordering_cities(field).items():
            if not city.completed:
                continue
            if key not in areas:
                areas[key] = (city, Feature("field", set(), 0, 0, None, None))
            area = areas[key][1]
            area.tiles |= field.tiles
            area.figures = area.figures + field.figures
    return areas


def score_farmers_by_city(game: Game, events: list[Event]) -> None:
    """First-edition farmers: each completed city once, for the players with
    the most farmers in all the fields that touch it."""
    hooks = game.rules.hooks["supplied_city_points"]
    for city, area in supply_areas(game).values():
        owners, _ = game.majority(area)
        if not owners:
            continue
        roots = dict.fromkeys(game.find(n) for _, _, n in area.figures)
        fields = tuple(game.features[r] for r in roots)
        by_terms: dict[tuple[ScoreTerm, ...], list[int]] = {}
        for player in owners:
            value = POINTS_PER_SUPPLIED_CITY
            terms = [ScoreTerm("supplied_city", 1, POINTS_PER_SUPPLIED_CITY)]
            for expansion in hooks:
                before = value
                value = expansion.supplied_city_points(
                    game, city, fields, player, value  # type: ignore[arg-type]
                )
                if value != before:  # the pig: a bonus named after its expansion
                    terms.append(ScoreTerm("supplied_bonus", 1, value - before, ADD, expansion.id))
            by_terms.setdefault(tuple(terms), []).append(player)
        for terms, players in by_terms.items():
            game.award(players, terms_total(terms), "field", "final", events,
                       tuple(sorted(city.tiles)), terms=terms)


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
    #: In the order the setup screen shows them (ui/setup_scene.py reads them).
    options = {
        "farmers": True,
        "small_city_2pts": False,
        "farmers_first_edition": False,
        "hand_of_3": False,
    }
    first_edition_options = frozenset({"small_city_2pts", "farmers_first_edition"})

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

    # --- first-edition farmers (option farmers_first_edition) ---------------
    def scores_at_end_itself(self, game: Game, feature: Feature) -> bool:
        return feature.kind == "field" and self.game_options["farmers_first_edition"]

    def final_scoring(self, game: Game, events: list[Event]) -> None:
        if self.game_options["farmers_first_edition"]:
            score_farmers_by_city(game, events)

    def modify_field_points(self, game: Game, feature: Feature, points: int) -> int:
        """With first-edition farmers a field is worth, to its majority, 3 per
        completed city it touches that they win city by city (what the tooltip
        shows; the end scoring goes by city, see `score_farmers_by_city`)."""
        if not self.game_options["farmers_first_edition"]:
            return points
        owners = set(game.majority(feature)[0])
        if not owners:
            return 0
        areas = supply_areas(game)
        worth = 0
        for key in game.bordering_cities(feature):
            found = areas.get(key)
            if found is not None and owners & set(game.majority(found[1])[0]):
                worth += POINTS_PER_SUPPLIED_CITY
        return worth
