"""Heretics & Shrines for the computer players: the risk of losing a challenge.

The evaluator already counts an occupied shrine like a cloister (the engine
registers it as a centre feature). A challenged monk or heretic is lost, with
everything it would score, if the rival feature is completed first: its
expected points are taken away in proportion to the chance of that. The rival
is completed with its own chance (the engine's prospects) and first when it
waits for fewer cells, through a smooth step on the difference. So a player
avoids putting a monk next to a heretic that is closer to completion, and
likes to challenge one that is further from it.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from carcassonne_desktop.ai.expansions import evaluation_term
from carcassonne_desktop.engine.expansions.heretics_shrines import ID, RIVALS, challenger

if TYPE_CHECKING:
    from carcassonne_desktop.ai.evaluation import Evaluator
    from carcassonne_desktop.engine import Game

#: Width of the step from "mine waits for fewer cells" to "the rival's does".
RACE_WIDTH = 1.2


def first_chance(own_cells: int, rival_cells: int) -> float:
    """The chance the rival is completed before this feature, given the cells
    each still waits for (one half when they wait for as many)."""
    return 1.0 / (1.0 + math.exp((rival_cells - own_cells) / RACE_WIDTH))


@evaluation_term(ID)
def challenges(evaluator: Evaluator, game: Game, totals: list[float]) -> None:
    outlook = evaluator.outlook(game)
    for root, feature in outlook.occupied(RIVALS):
        other = challenger(game, root)
        if other is None:
            continue
        rival = game.features[other[2]]
        assert rival is not None
        value, _, cells = outlook.prospects(root, feature)
        _, rival_chance, rival_cells = outlook.prospects(other[2], rival)
        lose = rival_chance * first_chance(len(cells), len(rival_cells))
        for player in {p for p, _, _ in feature.figures}:
            totals[player] -= value * lose
