"""Traders & Builders for the computer players: goods majorities, the
builder's extra turns and the pig's extra point per city.

- Goods: each player's expected tokens of each good are the tokens held
  plus a share of the goods in open cities, weighted by the chance the city
  gets completed (its majority owners are likelier to complete it). The
  10 points of a good go to the expected leader through a smooth step whose
  width shrinks as fewer goods remain, so a token that breaks a tie is worth
  nearly a 10-point swing near the end, and little at the start.
- Builder: a builder on an open road or city earns, on each of its owner's
  turns left, an extra turn when a tile that fits one of the feature's open
  cells is drawn and played there; an extra turn is worth `TURN_VALUE`. A
  second tile already granted (pending now) is worth one turn to its player.
- Pig: a pig on a field its owner currently wins adds 1 per expected
  completed city (the evaluator already counts 3).
- Pigsty (The River II's, which counts only with this box): every current
  winner of its field gets 1 more per expected completed city, as a pig of
  their own; without this box no term runs and a pigsty is worth nothing.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from carcassonne_desktop.ai.expansions import evaluation_term
from carcassonne_desktop.engine.decisions import PLACE_TILE
from carcassonne_desktop.engine.expansions.traders_builders import (
    BUILDER,
    GOODS,
    GOODS_POINTS,
    ID,
    PIG,
    PIGSTY,
    SECOND,
    goods_in,
)

if TYPE_CHECKING:
    from carcassonne_desktop.ai.evaluation import Evaluator
    from carcassonne_desktop.engine import Game
    from carcassonne_desktop.engine.features import Feature

#: What one more turn is worth, in points (a turn scores a few points and
#: improves the position).
TURN_VALUE = 4.0
#: Share of the extend-the-feature chances the builder's owner actually takes.
BUILDER_TAKEN = 0.5
#: At most this many extra turns are expected from one builder.
BUILDER_CAP = 3.0
#: Share of an open city's goods expected to go to its majority owners.
OWNER_SHARE = 0.6
#: Unseen goods symbols of every kind in the box (9 wine, 6 grain, 5 cloth).
BOX = {"wine": 9, "grain": 6, "cloth": 5}
#: No token of any good (the default of each `held` count).
_NONE_HELD = (0,) * len(GOODS)
#: Key of game.turn_state the core sets once the tile of the turn is placed.
_PLACED = "placed"


@evaluation_term(ID)
def goods_majorities(evaluator: Evaluator, game: Game, totals: list[float]) -> None:
    """Each good's 10 points to its expected leader. What decides them, read
    of the position (the tokens held, the tiles left, and each city with
    goods: its goods, and when open its chance and owners), keys the
    additions, worked out once per decision for each (`Evaluator.carried`)."""
    n = game.num_players
    outlook = evaluator.outlook(game)
    # each city's goods, kept by the city while no game can change it
    known: dict[Feature, tuple[tuple[str, int], ...]] = evaluator.carried((goods_in,), dict)
    # the cities with goods: a city's goods change only with the roots
    # (`Game.structure`: a tile laid, two cities joined), so the positions
    # of one placement find them once
    memo = evaluator.by_structure(game)
    with_goods = memo.get(goods_majorities)
    if with_goods is None:
        with_goods = memo[goods_majorities] = tuple(
            [root for root, feature in outlook.of_kind("city") if feature.flags and goods_in(feature)])
    features = game.features
    cities = []
    for root in with_goods:
        feature = features[root]
        goods = evaluator.carried_in(game, known, feature,
                                     lambda feature=feature: tuple(goods_in(feature).items()))
        if feature.completed:
            cities.append((goods, None, None))
        else:
            cities.append((goods, outlook.chance(root, feature), outlook.owners(root, feature)))
    held = tuple([tuple(map(tokens.get, GOODS, _NONE_HELD)) for tokens in game.tokens])
    key = (goods_majorities, held, outlook.left, tuple(cities), n)
    for player, points in evaluator.carried(key, lambda: _goods_additions(*key[1:])):
        totals[player] += points


def _goods_additions(
    held: tuple[tuple[int, ...], ...], left: int,
    cities: tuple[tuple[tuple[tuple[str, int], ...], float | None, tuple[int, ...] | None], ...],
    n: int,
) -> list[tuple[int, float]]:
    """`goods_majorities`' additions to the totals, in order: (player, points)."""
    expected = {good: [float(held[p][g]) for p in range(n)] for g, good in enumerate(GOODS)}
    seen = {good: sum(held[p][g] for p in range(n)) for g, good in enumerate(GOODS)}
    for goods, chance, owners in cities:
        for good, count in goods:
            seen[good] += count
        if chance is None or owners is None:  # completed
            continue
        if owners and len(owners) < n:
            shares = [
                OWNER_SHARE / len(owners) if p in owners
                else (1.0 - OWNER_SHARE) / (n - len(owners))
                for p in range(n)
            ]
        else:
            shares = [1.0 / n] * n
        for good, count in goods:
            row = expected[good]
            for p in range(n):
                row[p] += chance * count * shares[p]
    out: list[tuple[int, float]] = []
    for good in GOODS:
        row = expected[good]
        # goods not yet on the board: the more remain, the less a lead is sure
        unknown = max(BOX[good] - seen[good], 0) * min(1.0, left / 40.0)
        width = 0.35 + 0.45 * math.sqrt(unknown + 0.25 * sum(row))
        for p in range(n):
            lead = row[p] - max(row[q] for q in range(n) if q != p)
            # a tie still scores 10: count it as half a token ahead
            out.append((p, GOODS_POINTS / (1.0 + math.exp(-(lead + 0.5) / width))))
    return out


@evaluation_term(ID)
def builder_turns(evaluator: Evaluator, game: Game, totals: list[float]) -> None:
    pending = game.pending
    state = game.turn_state
    if (
        pending is not None and pending.kind == PLACE_TILE and state.get(SECOND)
        and not state.get(_PLACED)
    ):
        totals[game.turn_player] += TURN_VALUE  # the second tile is coming now
    n = game.num_players
    outlook = evaluator.outlook(game)
    left = outlook.left
    if left <= 0:
        return
    for player, root, feature in outlook.placed_as(BUILDER):
        if feature is None or feature.completed:
            continue
        cells = outlook.open_cells(root, feature)
        if not cells:
            continue
        fitting = 0
        for cell in cells:
            pattern = game.frontier.get(cell)
            fitting += evaluator.fitting(pattern) if pattern is not None else 0
        chance = min(1.0, fitting / evaluator._total)
        own_turns = left / n
        extra = min(BUILDER_CAP, own_turns * chance * BUILDER_TAKEN)
        totals[player] += TURN_VALUE * extra


@evaluation_term(ID)
def pig_cities(evaluator: Evaluator, game: Game, totals: list[float]) -> None:
    outlook = evaluator.outlook(game)
    for player, root, feature in outlook.placed_as(PIG):
        if feature is None or player not in outlook.owners(root, feature):
            continue
        value, _, _ = outlook.prospects(root, feature)
        totals[player] += value / 3.0


@evaluation_term(ID)
def pigsty_cities(evaluator: Evaluator, game: Game, totals: list[float]) -> None:
    outlook = evaluator.outlook(game)
    for root, feature in outlook.occupied(("field",)):
        if not feature.flags or not feature.has_flag(PIGSTY):
            continue
        owners, _ = outlook.majority(root, feature)  # the scoring's own majority (ties, hills)
        if owners:
            value, _, _ = outlook.prospects(root, feature)
            for player in owners:
                totals[player] += value / 3.0
