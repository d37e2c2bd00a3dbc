"""The Gold Mines for the computer players: what each hoard will be worth.

A player's hoard at the end is the ingots held now plus those lying on the
zones (road, city, cloister's 3x3) of the open features they win, each zone
counted with its chance of completion (the engine's prospects) and shared
among tied winners. The hoard is valued by the scoring sheet, so the fourth,
seventh and tenth ingots weigh more; a fractional hoard is valued between
its two neighbours so that one more expected ingot always counts.

The second ingot of a mine is answered by the generic policy: each tile
around is tried and the position valued, and this term makes the tiles of
one's own features (likely to complete) the best.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from carcassonne_desktop.ai.expansions import evaluation_term
from carcassonne_desktop.engine.expansions.gold_mines import GOLD, ID, ingots, rate, zone_cells

if TYPE_CHECKING:
    from carcassonne_desktop.ai.evaluation import Evaluator
    from carcassonne_desktop.engine import Game
    from carcassonne_desktop.engine.features import Feature

KINDS = frozenset({"road", "city", "cloister", "garden", "shrine"})


#: `rate` of each hoard asked so far (two are asked per player at every
#: evaluation; the scoring sheet's look-up walks its rows).
_rate = cache(rate)


def hoard_value(count: float) -> float:
    """Final points of `count` ingots, interpolated between whole hoards."""
    low = int(count)
    worth_low = low * _rate(low)
    if count == low:
        return float(worth_low)
    high = low + 1
    return worth_low + (count - low) * (high * _rate(high) - worth_low)


def expected_hoards(evaluator: Evaluator, game: Game) -> list[float]:
    """Each player's ingots expected at the end (held + likely collected)."""
    hoards = [float(game.tokens[p].get(GOLD, 0)) for p in range(game.num_players)]
    state = game.extension_state.get(ID)
    if not state:  # (no ingot lies on the board: `ingots` is empty)
        return hoards
    outlook = evaluator.outlook(game)
    # the ingots on each zone while these ingots lie on the board, by
    # feature: a feature no game can change any more has the same zone
    on_zones: dict[Feature, int] = evaluator.carried((expected_hoards, state), dict)
    for root, feature in outlook.occupied(KINDS):
        # (the ingots first: most zones have none, and then who wins the
        # feature is not asked)
        on_zone = evaluator.carried_in(
            game, on_zones, feature,
            # the ingots read once a position, whatever the features it misses
            lambda root=root: _on_zone(game, root, outlook.memo(ingots, lambda: ingots(game))))
        if not on_zone:
            continue
        owners, _ = outlook.majority(root, feature)
        if not owners:
            continue
        chance = outlook.chance(root, feature)
        for player in owners:
            hoards[player] += chance * on_zone / len(owners)
    return hoards


def _on_zone(game: Game, root: int, lying: dict[tuple[int, int], int]) -> int:
    """The ingots lying on a feature's zone: read of the feature and the
    ingots alone, so carried while both are the same (`Evaluator.carried`)."""
    return sum(lying.get(cell, 0) for cell in zone_cells(game, root))


@evaluation_term(ID)
def gold(evaluator: Evaluator, game: Game, totals: list[float]) -> None:
    for player, hoard in enumerate(expected_hoards(evaluator, game)):
        totals[player] += hoard_value(hoard)
