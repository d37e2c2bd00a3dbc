"""Hills & Sheep for the computer players: what flocks, vineyards and hills
are worth. The flock decision itself is judged the generic way (each choice
tried on a sampled copy and the position evaluated), so these terms are
what makes `grow` and `herd` comparable."""

from __future__ import annotations

from typing import TYPE_CHECKING

from carcassonne_desktop.ai.expansions import evaluation_term
from carcassonne_desktop.engine.expansions.hills_sheep import (
    FULL_BAG,
    HILL,
    SHEPHERD,
    VINEYARD,
    VINEYARD_POINTS,
    WOLF,
    flock_sheep,
    sheep_in,
    state_of,
)
from carcassonne_desktop.engine.geometry import NEIGHBOURHOOD

if TYPE_CHECKING:
    from carcassonne_desktop.ai.evaluation import Evaluator
    from carcassonne_desktop.engine import Game
    from carcassonne_desktop.engine.catalogue import Catalogue
    from carcassonne_desktop.engine.features import Feature

#: Share of a flock on the board its shepherds are expected to bank: the
#: owner must extend the field again, and may meet the wolf growing it.
FLOCK_KEPT = 0.8
#: Below this many turns each, a flock is less and less likely to be herded.
FLOCK_HORIZON = 6.0
#: Worth of a shepherd at home: a deployment brings about one token.
SHEPHERD_AT_HOME = 1.2


@evaluation_term("hills_sheep")
def flocks(evaluator: Evaluator, game: Game, totals: list[float]) -> None:
    """Every shepherd on the board is worth its field's whole flock, discounted
    by the wolves left in the bag and the turns left to herd it."""
    state = state_of(game)
    n = game.num_players
    outlook = evaluator.outlook(game)
    left = outlook.left
    horizon = min(1.0, left / n / FLOCK_HORIZON)
    wolf_share, mean_sheep = evaluator.carried((_bag_odds, state.bag),
                                               lambda: _bag_odds(state.bag or FULL_BAG))
    fields: dict[int, list[int]] = {}
    for player, root, _ in outlook.placed_as(SHEPHERD):
        fields.setdefault(root, []).append(player)
    flocks = dict(state.flocks) if fields else {}
    carried = evaluator.carried
    for owners in fields.values():
        # (each flock's sheep counted once per decision: a flock is a few
        # tokens, the same in most positions)
        sheep = 0
        for p in owners:
            tokens = flocks.get(p)
            if tokens:
                sheep += carried((flock_sheep, tokens), lambda tokens=tokens: flock_sheep(tokens))
        value = sheep * horizon * FLOCK_KEPT * (1.0 - wolf_share)
        for player in owners:
            totals[player] += value
    for player in range(n):
        if game.supply[player].get(SHEPHERD, 0):
            totals[player] += horizon * SHEPHERD_AT_HOME * (1.0 - wolf_share) * mean_sheep / 2.0


def _bag_odds(bag: tuple[str, ...]) -> tuple[float, float]:
    """(share of wolves, mean sheep a token) of the tokens in the bag."""
    return (sum(1 for t in bag if t == WOLF) / len(bag),
            sum(sheep_in(t) for t in bag) / len(bag))


@evaluation_term("hills_sheep")
def vineyards(evaluator: Evaluator, game: Game, totals: list[float]) -> None:
    """3 points per vineyard around an occupied open cloister, now or to come,
    weighted by the chance that the cloister is completed."""
    outlook = evaluator.outlook(game)
    vineyard_share: float | None = None
    for root, feature in outlook.occupied(("cloister",)):
        owners, _ = outlook.majority(root, feature)
        if not owners:
            continue
        if vineyard_share is None:
            vineyard_share = _vineyard_share(game, evaluator)
        x, y = next(iter(feature.tiles))
        now = empty = 0
        for dx, dy in NEIGHBOURHOOD:
            cell = game.board.get((x + dx, y + dy))
            if cell is None:
                empty += 1
            elif cell[0].tile.flags.get(VINEYARD):
                now += 1
        chance = outlook.chance(root, feature)
        value = VINEYARD_POINTS * chance * (now + empty * vineyard_share)
        for player in owners:
            totals[player] += value


def _vineyard_share(game: Game, evaluator: Evaluator) -> float:
    """The share of the unseen tiles that carry a vineyard: the tiles of
    `game.unseen_tile_counts()` counted without a Counter, the bag's once
    per decision for each bag (building the Counter was half this term on
    positions of real games, issue 30)."""
    catalogue = game.rules.catalogue
    has_vineyard = evaluator.carried((_vineyard_tiles, catalogue),
                                     lambda: _vineyard_tiles(catalogue)).__contains__
    unseen = vineyards = 0
    for expansion in game.rules.hooks["unseen_tiles"]:
        hidden = list(expansion.unseen_tiles(game))
        unseen += len(hidden)
        vineyards += sum(map(has_vineyard, hidden))
    bag = game.bag
    unseen += len(bag)
    vineyards += evaluator.carried((_vineyard_share, tuple(bag)),
                                   lambda: sum(map(has_vineyard, bag)))
    return vineyards / max(unseen, 1)


def _vineyard_tiles(catalogue: Catalogue) -> frozenset[str]:
    """The ids of the catalogue's tiles that carry a vineyard."""
    return frozenset(tile.id for tile in catalogue if tile.flags.get(VINEYARD))


@evaluation_term("hills_sheep")
def hill_ties(evaluator: Evaluator, game: Game, totals: list[float]) -> None:
    """In a tied road, city or field, the tied players without a follower on a
    hill lose the share the core evaluator gave them; those on a hill gain it."""
    outlook = evaluator.outlook(game)
    for root, feature in outlook.occupied():
        if len(feature.figures) < 2:
            continue  # one figure ties nobody (`_hill_tie` says None): not asked
        tie = evaluator.carried_with(game, feature, _hill_tie,
                                     lambda feature=feature: _hill_tie(game, feature))
        if tie is None:
            continue
        tied, winners = tie
        value = outlook.value(root, feature, False)
        for player in tied:
            if player not in winners:
                totals[player] -= value


def _hill_tie(game: Game, feature: Feature) -> tuple[list[int], list[int]] | None:
    """(the tied players, those of them on a hill) of a tied feature that a
    hill decides, else None: read of its figures and the tiles they stand
    on alone, so the same once the feature can no longer change."""
    types = game.rules.figure_by_name
    strength = [0] * game.num_players
    on_hill = [False] * game.num_players
    for player, figure, spot in feature.figures:
        strength[player] += types[figure].strength
        if types[figure].strength > 0 and game.board[game.node_pos[spot]][0].tile.flags.get(
            HILL
        ):
            on_hill[player] = True
    best = max(strength)
    tied = [p for p in range(game.num_players) if strength[p] == best and best > 0]
    winners = [p for p in tied if on_hill[p]]
    if len(tied) < 2 or not winners or len(winners) == len(tied):
        return None
    return tied, winners
