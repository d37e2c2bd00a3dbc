"""Position evaluation: the expected final margin of one seat.

Points already scored plus, for every open feature that holds figures, its
expected value: the points it gives if completed times the chance it gets
completed (estimated from how many of the unseen tiles fit each of its open
cells), plus the points it gives if left open. Followers count for what they
can still earn (in supply, or expected back when their feature completes),
farms count the cities they will probably supply, and a feature an opponent's
feature could be joined to is discounted. The result is the seat's total minus
the best opponent's total: playing for the margin, not for one's own points,
is what makes the computer block and steal.

The evaluator only reads public state: the board, the scores, the figures and
the counts of unseen tiles (never their order).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from itertools import compress
from typing import Any

from carcassonne_desktop.ai.expansions import (
    away_for,
    majority_owners,
    terms_for,
    value_contexts_for,
)
from carcassonne_desktop.ai.knowledge import public_counts
from carcassonne_desktop.ai.outlook import Outlook, feature_open_cells
from carcassonne_desktop.ai.weights import DEFAULT_WEIGHTS, Weights
from carcassonne_desktop.engine import Game
from carcassonne_desktop.engine.features import EDGES, FEATURE_KINDS, Feature
from carcassonne_desktop.engine.features import NEIGHBOURHOOD as SURROUNDED
from carcassonne_desktop.engine.geometry import NEIGHBOURHOOD

Cell = tuple[int, int]
#: The cells a feature's prospects read, each with its edge pattern then
#: (None: no tile beside it yet).
Awaited = tuple[tuple[Cell, "int | None"], ...]

#: No entry (`Evaluator.carried`: a term may keep None).
_MISSING = object()
#: The `by_structure` memos kept (the latest tokens'), and the key of the
#: roots by kind in each.
STRUCTURES = 8
_KINDS = "kind_roots"


def _still_awaited(game: Game, awaited: Awaited) -> bool:
    """Whether every cell is still empty with the same edge pattern: then
    the chance that a tile to come lands there is the same."""
    frontier = game.frontier
    board = game.board
    for cell, pattern in awaited:
        if frontier.get(cell) != pattern or (pattern is None and cell in board):
            return False
    return True


def _start_cities_beside(game: Game, field: Feature) -> int:
    """How many start boards' cities a field borders: read of the field's
    tiles and the start boards alone (`Evaluator.carried_with`)."""
    return len(game.start_cities_beside(field))


def _kinds(completion: str) -> frozenset[str]:
    """Feature kinds that complete a given way, from the engine's registry."""
    return frozenset(k.name for k in FEATURE_KINDS.values() if k.completion == completion)


class Evaluator:
    """Built once per decision from the unseen-tile counts; evaluates many
    positions of the search below that decision."""

    #: Whether the terms share the core's outlook of a position (False: each
    #: term reads the position anew, as before the outlook; for the tests).
    share_outlook = True
    #: Whether what was worked out of a feature that no game can change any
    #: more is carried from one judged position to the next (issue 30: all
    #: whole turns from one position share most of its features, copy-on-
    #: write), and so are the terms' results kept by key (`carried`).
    #: False: every position is worked out anew (for the tests).
    carry = True

    def __init__(self, game: Game, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.weights = weights
        catalogue = game.rules.catalogue
        counts = public_counts(game)
        # Sorted so that the result never depends on the order tiles were seen.
        self._types = [(catalogue[t], n) for t, n in sorted(counts.items())]
        self._total = max(sum(counts.values()), 1)
        self._fit_cache: dict[int, int] = {}
        #: (patterns the type fits, unseen count) of each type, for `fitting`.
        self._fit_types = [(tile.fitting_patterns, n) for tile, n in self._types]
        w = weights
        self._edge_kinds = _kinds(EDGES)
        self._centre_kinds = _kinds(SURROUNDED)
        # The figures the reserve counts (they win majorities; with
        # `narrow_apart`, only those that may stand on a road or a city).
        self._majority_figures = frozenset(
            f.name for f in game.rules.figures
            if f.strength > 0 and not (w.narrow_apart and not f.kinds & self._edge_kinds))
        self._figure_weight = {
            f.name: (1.0 + w.strength_weight * (f.strength - 1)) if f.strength > 0 else w.weak_figure
            for f in game.rules.figures
        }
        # What a full supply of majority figures weighs (where the weak ones start).
        self._majority_start = sum(
            f.per_player * self._figure_weight[f.name]
            for f in game.rules.figures if f.name in self._majority_figures and not f.neutral
        )
        self._terms = terms_for(game.rules.expansion_ids, game.rules.options)
        #: The outlook of the position `totals` is evaluating (None between
        #: evaluations, so a position changed in place is never read stale).
        self._outlook: Outlook | None = None
        self._away = away_for(game.rules.expansion_ids, game.rules.options)
        self._value_contexts = value_contexts_for(game.rules.expansion_ids, game.rules.options)
        #: Carried between positions, by root: (feature, tiles left, the
        #: cells read with their patterns, what was worked out), valid while
        #: the root holds that very feature (`Game.shares_feature`: it cannot
        #: change), the same number of tiles is left and the cells read are
        #: still empty with the same patterns; the chance of completion and
        #: open cells of a road or city, the prospects of a cloister.
        self._carried: dict[int, tuple[Feature, int, Awaited, Any]] = {}
        #: root -> (the `_carried` entry, value context, prospects): a road's
        #: or city's whole prospects, valid while that very entry is (the
        #: same feature, tiles left and awaited cells: its chance and open
        #: cells) and the value context is the same (its values); the two
        #: values and the growth are then not worked out again (issue 30:
        #: most of an answer's whole turns share most roads and cities).
        self._carried_prospects: dict[int, tuple[Any, tuple[Any, ...],
                                                 tuple[float, float, set[Cell]]]] = {}
        #: (root, completed) -> (feature, value context, value): a feature's
        #: value, valid while the root holds that very feature and the
        #: expansions' value contexts (`value_context`) are the same.
        self._carried_values: dict[tuple[int, bool], tuple[Feature, tuple[Any, ...], float]] = {}
        self._carried_terms: dict[Hashable, Any] = {}
        #: a supply's items -> `_supply_sums`.
        self._supplies: dict[tuple[tuple[str, int], ...], tuple[float, float, int]] = {}
        #: shared field -> the start boards' cities it borders (`_prospects`).
        self._beside: dict[Feature, int] = {}
        #: figures of a feature -> who wins its majority (`owners`).
        self._owners: dict[tuple[Any, ...], tuple[int, ...]] = {}
        #: figures of a feature nobody ties -> `Game.majority` (`majority`).
        self._majorities: dict[tuple[Any, ...], tuple[tuple[int, ...], int]] = {}
        #: `Game.structure` -> what was derived from the roots alone
        #: (`by_structure`), the latest `STRUCTURES` tokens only.
        self._by_structure: dict[object, dict[Hashable, Any]] = {}

    # ------------------------------------------------------------ tile fits
    def fitting(self, pattern: int) -> int:
        """How many unseen tiles fit an open cell with this edge pattern."""
        cached = self._fit_cache.get(pattern)
        if cached is None:
            cached = sum([n for fits, n in self._fit_types if pattern in fits])
            self._fit_cache[pattern] = cached
        return cached

    def _cell_chance(self, game: Game, cell: tuple[int, int], left: int, draws: float) -> float:
        """Chance that some tile still to come gets placed on `cell`."""
        if left <= 0 or draws <= 0:
            return 0.0
        pattern = game.frontier.get(cell)
        # A cell next to no tile yet: nearly anything fits there later.
        share = 0.6 if pattern is None else self.fitting(pattern) / self._total
        if share <= 0.0:
            return 0.0
        return 1.0 - (1.0 - min(share, 1.0)) ** draws

    # ------------------------------------------------------------ features
    def _edge_chance(
        self, game: Game, root: int, feature: Feature, left: int, draws: float,
    ) -> tuple[float, set[tuple[int, int]]]:
        """(chance of completion, open cells) of an unfinished road or city:
        what most terms need of it, without its value."""
        carried = self._carried.get(root)
        if (carried is not None and carried[0] is feature and carried[1] == left
                and _still_awaited(game, carried[2])):
            return carried[3]  # type: ignore[no-any-return]
        cells = feature_open_cells(game, root, feature)
        decay = self.weights.cell_decay
        chance = 1.0
        ordered = sorted(cells)
        for index, cell in enumerate(ordered):
            chance *= self._cell_chance(game, cell, left, draws)
            if index:
                chance *= decay
        self._carry(game, root, feature, left, ordered, (chance, cells))
        return chance, cells

    def _carry(self, game: Game, root: int, feature: Feature, left: int,
               cells: list[Cell], result: Any) -> None:
        """Keep `result` for the next positions if nothing it read can change
        without the feature or those cells changing (see `_carried`)."""
        if self.carry and game.shares_feature(feature):
            frontier = game.frontier
            self._carried[root] = (feature, left, tuple((c, frontier.get(c)) for c in cells),
                                   result)

    def _value(self, game: Game, root: int, feature: Feature, completed: bool,
               context: tuple[Any, ...] | None) -> float:
        """`game.feature_value`, carried between positions (`_carried_values`)
        when the position's value `context` is given."""
        if context is None or not self.carry:
            return float(game.feature_value(feature, completed))
        key = (root, completed)
        carried = self._carried_values.get(key)
        if carried is not None and carried[0] is feature and carried[1] == context:
            return carried[2]
        value = float(game.feature_value(feature, completed))
        if game.shares_feature(feature):
            self._carried_values[key] = (feature, context, value)
        return value

    def carried(self, key: Hashable, compute: Callable[[], Any]) -> Any:
        """What a term works out from `key` alone (and from what every
        position of this decision shares: the players, their levels, the
        rules), worked out once for all the positions with an equal key:
        `compute()` the first time. The key must hold everything else the
        result reads of the position (and name the term)."""
        if not self.carry:
            return compute()
        memo = self._carried_terms
        # (one look-up: a key is hashed anew at every look-up, and the terms'
        # keys are long tuples)
        result = memo.get(key, _MISSING)
        if result is _MISSING:
            result = memo[key] = compute()
        return result

    def carried_with(self, game: Game, feature: Feature, key: Hashable,
                     compute: Callable[[], Any]) -> Any:
        """`carried` for what a term works out of one feature (and `key`):
        kept while the position shares that very feature object (it can no
        longer change: copy-on-write); worked out anew on a feature the
        position owns (it may still change in place)."""
        if game.shares_feature(feature):
            return self.carried((key, feature), compute)
        return compute()

    def carried_in(self, game: Game, table: dict[Any, Any], feature: Feature,
                   compute: Callable[[], Any]) -> Any:
        """`carried_with` for a term that asks many features under one long
        key: the term fetches its table once a position (`carried(key,
        dict)`, the key hashed once, not once a feature) and reads each
        feature here, kept while the position shares that feature."""
        hit = table.get(feature)
        if hit is None:
            hit = compute()
            if game.shares_feature(feature):
                table[feature] = hit
        return hit

    def by_structure(self, game: Game) -> dict[Hashable, Any]:
        """A memo of what is derived from the position's roots alone (their
        kinds, tiles and goods), shared by the positions holding the same
        `Game.structure` token: the whole turns of one placement, which
        differ only in their figures, are judged one after the other, so
        only the latest `STRUCTURES` tokens are kept (every placement of a
        search's futures makes a new one: kept all, they were most of a
        decision's memory). Without `carry`, an empty memo every time."""
        if not self.carry:
            return {}
        token = game.structure
        kept = self._by_structure
        memo = kept.get(token)
        if memo is None:
            if len(kept) >= STRUCTURES:
                del kept[next(iter(kept))]  # the oldest
            # (the token is kept with its memo: its id cannot be reused)
            memo = kept[token] = {}
        return memo

    def kind_roots(self, game: Game) -> dict[str, tuple[int, ...]]:
        """The roots of every feature, by kind, in root order, found once per
        structure (`by_structure`; issue 30: the scan was a tenth of an
        evaluation with every expansion)."""
        memo = self.by_structure(game)
        hit: dict[str, tuple[int, ...]] | None = memo.get(_KINDS)
        if hit is None:
            found: dict[str, list[int]] = {}
            features = game.features
            # (a node's entry is a feature exactly while the node is a root,
            # tests/test_ai_carried_prospects.py: `compress` picks the roots)
            for root in compress(range(len(features)), features):
                found.setdefault(features[root].kind, []).append(root)  # type: ignore[union-attr]
            hit = memo[_KINDS] = {kind: tuple(roots) for kind, roots in found.items()}
        return hit

    def owners(self, game: Game, figures: tuple[Any, ...]) -> tuple[int, ...]:
        """`majority_owners` of a feature's figures: they alone decide it
        (with the players and the figures' strengths, the same for the
        whole decision), so it is worked out once per set of figures."""
        if not self.carry:
            return majority_owners(game, figures)
        hit = self._owners.get(figures)
        if hit is None:
            hit = self._owners[figures] = majority_owners(game, figures)
        return hit

    def majority(self, game: Game, feature: Feature) -> tuple[tuple[int, ...], int]:
        """`Game.majority`, kept by figures when nobody ties: the figures
        alone decide it then (the expansions' tie breaks, hills, are not
        asked), so it is worked out once per set of figures."""
        if not self.carry:
            return game.majority(feature)
        figures = feature.figures
        hit = self._majorities.get(figures)
        if hit is None:
            hit = game.majority(feature)
            if len(hit[0]) < 2:
                self._majorities[figures] = hit
        return hit

    def value_context(self, game: Game) -> tuple[Any, ...]:
        """What the expansions in play say feature values read besides the
        features (`ai.expansions.value_context`), for this position."""
        return tuple([context(game) for context in self._value_contexts])

    def _prospects(
        self, game: Game, root: int, feature: Feature, left: int, draws: float,
        cache: dict[int, tuple[float, float, set[tuple[int, int]]]],
        context: tuple[Any, ...] | None = None, field_cities: dict[int, int] | None = None,
    ) -> tuple[float, float, set[tuple[int, int]]]:
        """(expected points, chance of completion, open cells) of one feature;
        `context` (`value_context` of the position) lets values be carried;
        `field_cities` receives each field's completed cities as they are
        counted (`Outlook.completed_cities`)."""
        hit = cache.get(root)
        if hit is not None:
            return hit
        kind = feature.kind
        cells: set[tuple[int, int]]
        if feature.completed:
            result = (0.0, 1.0, set())
        elif kind in self._edge_kinds:
            valued = self._carried_prospects.get(root)
            if valued is not None and valued[1] == context:
                carried = self._carried.get(root)
                if (carried is valued[0] and carried[0] is feature  # type: ignore[index]
                        and carried[1] == left and _still_awaited(game, carried[2])):  # type: ignore[index]
                    cache[root] = valued[2]
                    return valued[2]
            w = self.weights
            chance, cells = self._edge_chance(game, root, feature, left, draws)
            # What the engine says it is worth (inns, cathedrals and every
            # expansion's modifier included), grown by the expected tiles to
            # come in proportion to its size now.
            now = self._value(game, root, feature, False, context)
            complete_now = self._value(game, root, feature, True, context)
            units = len(feature.tiles) + (feature.shields if kind == "city" else 0)
            growth = w.city_growth if kind == "city" else w.road_growth
            done = complete_now * (1.0 + growth * len(cells) / max(units, 1))
            result = (chance * done + (1.0 - chance) * now, chance, cells)
            carried = self._carried.get(root)
            if context is not None and carried is not None and carried[0] is feature:
                # (`_edge_chance` just kept or confirmed this very entry)
                self._carried_prospects[root] = (carried, context, result)
        elif kind in self._centre_kinds:
            carried = self._carried.get(root)
            if (carried is not None and carried[0] is feature and carried[1] == left
                    and _still_awaited(game, carried[2])):
                cache[root] = carried[3]
                return carried[3]  # type: ignore[no-any-return]
            x, y = next(iter(feature.tiles))
            board = game.board
            filled = 1.0
            chance = 1.0
            cells = set()
            for dx, dy in NEIGHBOURHOOD:
                cell = (x + dx, y + dy)
                if cell in board:
                    filled += 1.0
                else:
                    p = self._cell_chance(game, cell, left, draws)
                    filled += p
                    chance *= p
                    cells.add(cell)
            result = (filled, chance, cells)
            # (a tile placed around it changes the feature: its open count)
            self._carry(game, root, feature, left, sorted(cells), result)
        elif kind == "field":
            value = 0.0
            completed = 0
            cities = feature.cities
            if cities:
                seen: set[int] = set()
                find = game.find
                features = game.features
                for node in cities:
                    city_root = find(node)
                    if city_root in seen:
                        continue
                    seen.add(city_root)
                    city = features[city_root]
                    assert city is not None
                    if city.completed:
                        value += 3.0
                        completed += 1
                    else:
                        # (a city bordering several fields: its prospects are
                        # asked once per position, then read here)
                        prospects = cache.get(city_root) or self._prospects(
                            game, city_root, city, left, draws, cache, context, field_cities)
                        value += 3.0 * prospects[1]
            # a start board's city is completed from the start (the City of
            # Carcassonne): read of the field's tiles and the start boards
            # alone, so kept by the field while no game can change it
            # (`carried_with`, here without its key: one per field)
            if self.carry and game.shares_feature(feature):
                beside = self._beside.get(feature)
                if beside is None:
                    beside = self._beside[feature] = _start_cities_beside(game, feature)
            else:
                beside = _start_cities_beside(game, feature)
            value += 3.0 * beside
            if field_cities is not None:
                field_cities[root] = completed + beside
            result = (value, 0.0, set())
        else:  # a kind this evaluator does not know: what it is worth now
            result = (float(game.feature_info(root).value), 0.0, set())
        cache[root] = result
        return result

    # ------------------------------------------------------------ position
    def outlook(self, game: Game) -> Outlook:
        """The index of `game`'s features: while `totals` evaluates it, the
        one the core and every term share; otherwise a fresh one."""
        current = self._outlook
        if current is not None and current.game is game:
            return current
        return Outlook(self, game)

    def totals(self, game: Game) -> list[float]:
        """Expected final score of every player."""
        if game.is_over:
            return [float(s) for s in game.scores]
        outlook = Outlook(self, game)
        previous = self._outlook
        if self.share_outlook:
            self._outlook = outlook
        try:
            return self._totals(game, outlook)
        finally:
            self._outlook = previous

    def _totals(self, game: Game, outlook: Outlook) -> list[float]:
        # (every attribute the per-figure loops read is looked up once here:
        # about eleven figures a position with every expansion, issue 30)
        totals = [float(s) for s in game.scores]
        w = self.weights
        n = game.num_players
        left = outlook.left
        draws = outlook.draws
        cache = outlook.cache
        context = outlook.context
        field_cities = outlook.field_cities
        prospects = self._prospects
        edge_kinds = self._edge_kinds
        locked_decay = w.locked_decay
        size_decay = w.size_decay
        expected_back = [0.0] * n
        weak_back = [0.0] * n  # the part of expected_back that never wins a majority
        # root -> feature of every feature with a figure, in the order of
        # their first figure
        claimed: dict[int, Feature] = {}
        # (player, figure, chance back discounted for the wait) of every
        # figure off the supply that may come home
        away: list[tuple[int, str, float]] = []
        # (the roots found once, shared with the terms: `Outlook.placed`)
        for player, figure, root, feature in outlook.placed():
            claimed[root] = feature
            kind = feature.kind
            hit = cache.get(root)
            if hit is None:
                hit = prospects(game, root, feature, left, draws, cache, context, field_cities)
            if kind != "field":
                back = hit[1] * locked_decay ** len(hit[2])
                if size_decay != 1.0 and kind in edge_kinds:
                    back *= size_decay ** max(0, len(feature.tiles) - 2)
                away.append((player, figure, back))
        for expansion_away in self._away:
            away.extend(expansion_away(self, game))
        figure_weight = self._figure_weight
        weak_figure = w.weak_figure
        majority_figures = self._majority_figures
        weak_apart = w.weak_apart
        for player, figure, back in away:
            worth = back * figure_weight.get(figure, weak_figure)
            expected_back[player] += worth
            if weak_apart and figure not in majority_figures:
                weak_back[player] += worth
        # the features someone wins, and who waits on each open cell of a
        # road or city (an opponent's feature there may be joined to it)
        cell_owners: dict[tuple[int, int], list[tuple[str, tuple[int, ...]]]] = {}
        owned: list[tuple[float, tuple[int, ...], set[tuple[int, int]], str]] = []
        owners_of = self._owners if self.carry else {}
        for root, feature in claimed.items():
            figures = feature.figures
            owners = owners_of.get(figures)
            if owners is None:
                owners = self.owners(game, figures)
            if not owners:
                continue
            value, _, cells = cache[root]
            kind = feature.kind
            owned.append((value, owners, cells, kind))
            if kind in edge_kinds:
                for cell in cells:
                    waiting = cell_owners.get(cell)
                    if waiting is None:
                        cell_owners[cell] = [(kind, owners)]
                    else:
                        waiting.append((kind, owners))
        # a feature is threatened only through a cell two features wait on
        shared_cells = {cell for cell, waiting in cell_owners.items() if len(waiting) > 1}
        threat = w.threat
        for value, owners, cells, kind in owned:
            if shared_cells and kind in edge_kinds and not shared_cells.isdisjoint(cells) and any(
                k == kind and o != owners for cell in cells for k, o in cell_owners[cell]
            ):
                value *= threat
            for player in owners:
                totals[player] += value
        turns_left = left / n
        horizon = min(1.0, turns_left / w.follower_horizon)
        for player in range(n):
            supply, weak, ready = self._supply_sums(game.supply[player])
            effective = supply + expected_back[player]
            if w.weak_apart:
                weak += weak_back[player]
                effective -= weak
            else:
                weak = 0.0
            cap = w.turn_cap * turns_left if w.turn_cap > 0.0 else float("inf")
            effective = min(effective, cap)
            series = (1.0 - w.supply_decay**effective) / (1.0 - w.supply_decay)
            if weak:
                start = self._majority_start
                weak = min(weak, cap)
                series += (w.supply_decay**start - w.supply_decay**(start + weak)) / (1.0 - w.supply_decay)
            totals[player] += horizon * w.follower * series
            if w.reserve > 0.0:
                totals[player] += horizon * w.reserve * min(ready, w.reserve_count)
        for term in self._terms:
            term(self, game, totals)
        return totals

    def _supply_sums(self, supply: dict[str, int]) -> tuple[float, float, int]:
        """(weight, the part that never wins a majority, the majority
        figures ready for the reserve) of one player's supply, in one pass:
        read of the supply alone, so worked out once per decision for each
        (a search's positions have a few supplies between them)."""
        key = tuple(supply.items())
        hit = self._supplies.get(key)
        if hit is None:
            weights = self._figure_weight
            default = self.weights.weak_figure
            majority = self._majority_figures
            total = weak = 0.0
            ready = 0
            for name, count in key:
                weight = count * weights.get(name, default)
                total += weight
                if name in majority:
                    ready += count
                else:
                    weak += weight
            hit = (total, weak, ready)
            if self.carry:
                self._supplies[key] = hit
        return hit

    def evaluate(self, game: Game, seat: int) -> float:
        """The seat's expected total minus the best opponent's."""
        totals = self.totals(game)
        mine = totals[seat]
        best_other = max(totals[:seat] + totals[seat + 1:])
        return mine - best_other
