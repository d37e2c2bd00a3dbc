"""Mage & Witch for the computer players: which of the many answers to try.

The evaluator needs no term of its own: it values every road and city with
the engine's `feature_value`, which already adds the mage's point per tile
and halves the witch's feature, so a position with the mage on one's own
road is worth more than the same position without it.

What it needs is a policy: the decision may name every unfinished road and
city of the board for each figure (a hundred answers late in a game), and
trying each one after each placement, then each figure step after it, would
take seconds. The shortlist ranks the answers by a quick estimate of what
they change for the seat that decides (the mage on one's own big feature,
the witch on an opponent's, taking one off the feature it helps or harms)
and keeps the best few for the whole-turn search to judge exactly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from carcassonne_desktop.ai.expansions import answer_shortlist, value_context
from carcassonne_desktop.engine.actions import Action, MoveFigure, Remove
from carcassonne_desktop.engine.expansions.mage_witch import (
    FIGURES,
    KIND,
    MAGE,
    MageWitch,
    figure_root,
)

if TYPE_CHECKING:
    from carcassonne_desktop.engine import Game
    from carcassonne_desktop.engine.actions import Spot

@value_context(MageWitch.id)
def places(game: Game) -> tuple[int | None, ...]:
    """The segments the mage and the witch stand on: the value of a road or
    city changes with them while the feature itself does not."""
    return tuple([game.neutral_node(figure) for figure in FIGURES])


#: Answers the whole-turn search tries after each placement.
SHORTLIST = 3


def effect(game: Game, seat: int, figure: str, root: int | None) -> float:
    """What `figure` standing on the feature `root` is worth to `seat`, seen
    against the other players: the mage adds a point per tile for the
    feature's winners, the witch takes half its value (completed or not,
    weighed by how open it still is); unowned features matter to nobody yet."""
    if root is None:
        return 0.0
    feature = game.features[root]
    if feature is None or feature.completed:
        return 0.0
    owners, _ = game.majority(feature)
    if not owners:
        return 0.0
    if figure == MAGE:
        change = float(len(feature.tiles))
    else:
        chance = 1.0 / (1.0 + feature.open)
        value = (chance * game.feature_value(feature, True)
                 + (1.0 - chance) * game.feature_value(feature, False))
        change = -value / 2.0
    mine = 1.0 if seat in owners else 0.0
    theirs = 1.0 if any(owner != seat for owner in owners) else 0.0
    return change * (mine - theirs)


def _root(game: Game, figure: str, spot: Spot) -> int | None:
    node = game.node_at(*spot, figure)  # type: ignore[misc]
    return game.find(node) if node is not None else None


def answer_value(game: Game, seat: int, action: Action) -> float:
    """The quick estimate of one answer for `seat`."""
    if type(action) is MoveFigure:
        value = effect(game, seat, action.figure, _root(game, action.figure, action.target))
        if action.source is not None:
            value -= effect(game, seat, action.figure, figure_root(game, action.figure))
        return value
    if type(action) is Remove and action.figure is not None:
        return -effect(game, seat, action.figure, figure_root(game, action.figure))
    return 0.0


@answer_shortlist(KIND)
def best_answers(game: Game, answers: list[Action]) -> list[Action]:
    """The few answers worth a whole-turn search, best first."""
    seat = game.deciding_player
    ranked = sorted(answers, key=lambda a: -answer_value(game, seat, a))
    return ranked[:SHORTLIST]
