"""The Robbers for the computer players.

A robber on the track is worth what it will steal: half of the next points
of the pawns it watches, or the 3 points it brings at the end if they never
move. The evaluation term values each robber on the track as 3 plus half of
the best score one of its victims has in sight (an occupied feature it wins,
its value times its chance of completion, the engine's prospects), so the
generic answer (every square tried on a copy and the position valued) puts
a robber on the pawn most likely to score soon and big, and the steal
choice (every victim tried) takes the larger half.

In a whole turn the robber question comes between the tile and the figure;
the turn enumeration branches only on the squares of the two pawns that
threaten most (and the pass), ranked without the evaluator.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from carcassonne_desktop.ai.expansions import (
    answer_shortlist,
    evaluation_term,
    occupied_features,
)
from carcassonne_desktop.engine.actions import DeployToArea
from carcassonne_desktop.engine.expansions.robbers import (
    ID,
    LEFT_ON_TRACK,
    ROBBER,
    robber_square,
)

if TYPE_CHECKING:
    from carcassonne_desktop.ai.evaluation import Evaluator
    from carcassonne_desktop.engine import Action, Game

#: Feature kinds whose points come during play (fields score only at the
#: end, when nothing is stolen).
KINDS = frozenset({"road", "city", "cloister", "garden", "shrine"})
#: How many squares a whole turn tries for a robber.
SHORTLIST = 2


def _victims_at(game: Game, square: int, thief: int) -> list[int]:
    return [p for p in range(game.num_players) if p != thief
            and any(game.square(p, i) == square for i in range(len(game.pawns[p])))]


def best_in_sight(evaluator: Evaluator, game: Game) -> list[float]:
    """Each player's best expected next score: the most valuable feature
    they win, its value times its chance of completion."""
    best = [0.0] * game.num_players
    outlook = evaluator.outlook(game)
    for root, feature in outlook.occupied(KINDS):
        owners, _ = outlook.majority(root, feature)
        if not owners:
            continue
        value, chance, _ = outlook.prospects(root, feature)
        for player in owners:
            best[player] = max(best[player], float(value) * float(chance))
    return best


@evaluation_term(ID)
def robbers(evaluator: Evaluator, game: Game, totals: list[float]) -> None:
    squares = [robber_square(game, p) for p in range(game.num_players)]
    if all(s is None for s in squares):
        return
    best = best_in_sight(evaluator, game)
    for thief, square in enumerate(squares):
        if square is None:
            continue
        watched = [best[v] for v in _victims_at(game, square, thief)]
        totals[thief] += LEFT_ON_TRACK + 0.5 * max(watched, default=0.0)


def threat(game: Game, player: int) -> float:
    """What `player` may score soon, cheaply: the largest feature they win
    (a city's tiles count double, a cloister or a garden is a 3x3 to fill)."""
    top = 0.0
    for _, feature in occupied_features(game, KINDS):
        owners, _ = game.majority(feature)
        if player not in owners:
            continue
        size = len(feature.tiles)
        top = max(top, 2.0 * size if feature.kind == "city" else 5.0 if size == 1 and
                  feature.kind != "road" else float(size))
    return top


@answer_shortlist(ROBBER)
def robber_shortlist(game: Game, answers: list[Action]) -> list[Action]:
    """The squares of the pawns that threaten most, then the pass."""
    decision = game.pending
    thief = decision.player if decision is not None else game.turn_player
    threats = [threat(game, p) for p in range(game.num_players)]

    def worth(action: Action) -> float:
        if not isinstance(action, DeployToArea):
            return -1.0
        return max((threats[v] for v in _victims_at(game, int(action.slot), thief)), default=0.0)

    squares = sorted((a for a in answers if isinstance(a, DeployToArea)), key=worth, reverse=True)
    rest = [a for a in answers if not isinstance(a, DeployToArea)]
    return squares[:SHORTLIST] + rest
