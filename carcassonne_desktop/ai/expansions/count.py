"""The Count of Carcassonne for the computer players: what a follower kept
in a quarter of the city is worth. The decisions themselves (a follower for
the city, the Count, bringing followers out) are judged the generic way:
each answer tried on a sampled copy and the position evaluated, so this
term is what makes putting a follower in the city, and choosing its quarter,
comparable with keeping it in supply.

The figures are rough estimates, not tuned by self-play: a follower brought
out of the castle, the forge or the cathedral usually shares or takes a
scoring worth several points, if such a scoring comes before the end; a
market follower always scores at the end, on the best field still open to
it; a quarter under the Count waits until he moves."""

from __future__ import annotations

from typing import TYPE_CHECKING

from carcassonne_desktop.ai.expansions import evaluation_term
from carcassonne_desktop.engine.expansions.count import AREA, MARKET, count_quarter

if TYPE_CHECKING:
    from carcassonne_desktop.ai.evaluation import Evaluator
    from carcassonne_desktop.engine import Game

#: What one follower in the castle, the forge or the cathedral is expected to
#: add, early enough in the game for a matching scoring to come.
QUARTER_WORTH = 4.0
#: What one market follower is expected to add at the end (a field, often shared).
MARKET_WORTH = 3.0
#: Turns per player below which the chance of a matching scoring fades.
HORIZON = 8.0
#: A quarter under the Count is worth this share (he may move away later).
BLOCKED = 0.5


@evaluation_term("count")
def followers_in_the_city(evaluator: Evaluator, game: Game, totals: list[float]) -> None:
    left = game.tiles_left() + sum(len(h) for h in game.hands)
    horizon = min(1.0, left / game.num_players / HORIZON)
    blocked = count_quarter(game)
    strength = {f.name: f.strength for f in game.rules.figures}
    for (area, quarter), held in game.area_figures.items():
        if area != AREA:
            continue
        worth = MARKET_WORTH if quarter == MARKET else QUARTER_WORTH * horizon
        if quarter == blocked:
            worth *= BLOCKED * horizon
        for player, figure in held:
            totals[player] += worth * strength.get(figure, 1)
