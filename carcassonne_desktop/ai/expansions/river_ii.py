"""The River II for the computer players: the pigsty's extra point per city.

The winning farmers of a field with the pigsty score 1 more per completed
city; the evaluator already counts 3 per expected completed city, so each
current winner of such a field gets a third of that expectation more. The
volcano's extra turn needs no term: the volcano is always laid (it is the
last river tile) and nothing is chosen about it but where.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from carcassonne_desktop.ai.expansions import Outlook, evaluation_term, occupied_features
from carcassonne_desktop.engine.expansions.river_ii import ID, PIGSTY

if TYPE_CHECKING:
    from carcassonne_desktop.ai.evaluation import Evaluator
    from carcassonne_desktop.engine import Game


@evaluation_term(ID)
def pigsty_cities(evaluator: Evaluator, game: Game, totals: list[float]) -> None:
    outlook = Outlook(evaluator, game)
    for root, feature in occupied_features(game, ("field",)):
        if not feature.has_flag(PIGSTY):
            continue
        owners, _ = game.majority(feature)  # the scoring's own majority (ties, hills)
        if owners:
            value, _, _ = outlook.prospects(root, feature)
            for player in owners:
                totals[player] += value / 3.0
