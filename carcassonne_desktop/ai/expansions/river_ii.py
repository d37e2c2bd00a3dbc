"""The River II for the computer players: the pigsty's extra point per city.

The winning farmers of a field with the pigsty score 1 more per completed
city; the evaluator already counts 3 per expected completed city, so each
current winner of such a field gets a third of that expectation more. The
volcano's extra turn needs no term: the volcano is always laid (it is the
last river tile) and nothing is chosen about it but where.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from carcassonne_desktop.ai.expansions import evaluation_term
from carcassonne_desktop.engine.expansions.river_ii import ID, PIGSTY

if TYPE_CHECKING:
    from carcassonne_desktop.ai.evaluation import Evaluator
    from carcassonne_desktop.engine import Game


@evaluation_term(ID)
def pigsty_cities(evaluator: Evaluator, game: Game, totals: list[float]) -> None:
    left = game.tiles_left() + sum(len(h) for h in game.hands)
    draws = max(left * evaluator.weights.draw_share, 0.0)
    cache: dict = {}
    seen: set[int] = set()
    for _, _, node in game.figures_placed:
        root = game.find(node)
        feature = game.features[root]
        if root in seen or feature is None or feature.kind != "field":
            continue
        seen.add(root)
        if not feature.has_flag(PIGSTY):
            continue
        owners, _ = game._majority(feature)  # the scoring's own majority (ties, hills)
        if owners:
            value, _, _ = evaluator._prospects(game, root, feature, left, draws, cache)
            for player in owners:
                totals[player] += value / 3.0
