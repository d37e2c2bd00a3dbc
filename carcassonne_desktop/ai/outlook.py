"""The index of one evaluated position's features, shared by every term.

With every expansion about a dozen evaluation terms ran on each position a
search judges, and each of them rescanned the features it cares about on its
own: the occupied ones (once per term), every feature of a kind (the king's
and the robber baron's records, the goods in cities), their majorities, their
values and their prospects (chance of completion, open cells), each with a
cache of its own. Judging a whole turn took about 1.5 ms, half of it in those
terms (bench/ai.md, session 9). An `Outlook` computes each of these at most
once per position, on demand, and the evaluator hands the same one to the core
and to every term while it evaluates that position (`Evaluator.outlook`).

It reads only what the evaluator reads (public state) and holds no state
between positions: a position is judged as if its terms rescanned it
(`tests/test_ai_outlook.py` checks the two agree on random positions of random
games with every expansion).
"""

from __future__ import annotations

from collections.abc import Callable, Container
from typing import TYPE_CHECKING, Any

from carcassonne_desktop.ai.knowledge import tiles_to_play
from carcassonne_desktop.engine.geometry import DELTAS

if TYPE_CHECKING:
    from carcassonne_desktop.ai.evaluation import Evaluator
    from carcassonne_desktop.engine import Game
    from carcassonne_desktop.engine.features import Feature

#: (root, feature) of one feature.
Rooted = tuple[int, "Feature"]
#: (player, figure, root, feature) of one figure on the tiles.
Placed = tuple[int, str, int, "Feature"]


def feature_open_cells(game: Game, root: int, feature: Feature) -> set[tuple[int, int]]:
    """The empty cells beside the edges of road or city `root`: where a tile
    to come would extend it."""
    board = game.board
    find = game.find
    cells: set[tuple[int, int]] = set()
    for pos in feature.tiles:
        rotated, base = board[pos]
        port_feature = rotated.port_feature
        x, y = pos
        for direction in range(4):
            local = port_feature[direction]
            if local >= 0 and find(base + local) == root:
                dx, dy = DELTAS[direction]
                cell = (x + dx, y + dy)
                if cell not in board:
                    cells.add(cell)
    return cells


class Outlook:
    """What the evaluation reads of one position, each read done once: the
    tiles left and the draws each player can expect, the features by kind,
    the occupied ones, and per feature its prospects, open cells, majority
    and value."""

    # (one is made for every position judged: slots make it and its reads cheaper)
    __slots__ = ("evaluator", "game", "left", "draws", "cache", "field_cities", "_by_kind",
                 "_occupied", "_placed", "_placed_as", "_majority", "_owners", "_values",
                 "_cells", "_chances", "_memo", "_context")

    def __init__(self, evaluator: Evaluator, game: Game) -> None:
        self.evaluator = evaluator
        self.game = game
        self.left = tiles_to_play(game)
        self.draws = max(self.left * evaluator.weights.draw_share, 0.0)
        #: root -> (expected points, chance of completion, open cells): the
        #: evaluator's `_prospects` cache, shared by the core and the terms.
        self.cache: dict[int, tuple[float, float, set[tuple[int, int]]]] = {}
        #: field root -> the completed cities it borders (`Game.completed_cities`),
        #: filled by the core's prospects of the fields as it counts them.
        self.field_cities: dict[int, int] = {}
        self._by_kind: dict[str, list[Rooted]] | None = None
        self._occupied: list[Rooted] | None = None
        #: `placed()`: every figure's root, found once for the core and the terms.
        self._placed: list[Placed] | None = None
        self._placed_as: dict[str, list[tuple[int, int, Feature]]] | None = None
        self._majority: dict[int, tuple[tuple[int, ...], int]] = {}
        self._owners: dict[int, tuple[int, ...]] = {}
        self._values: dict[tuple[int, bool], float] = {}
        self._cells: dict[int, set[tuple[int, int]]] = {}
        self._chances: dict[int, float] = {}
        self._memo: dict[Any, Any] = {}
        self._context: tuple[Any, ...] | None = None

    @property
    def context(self) -> tuple[Any, ...]:
        """What feature values read besides the features (the evaluator's
        `value_context`), worked out once for the position."""
        if self._context is None:
            self._context = self.evaluator.value_context(self.game)
        return self._context

    # ------------------------------------------------------------ features
    def prospects(self, root: int, feature: Feature) -> tuple[float, float, set[tuple[int, int]]]:
        """(value, chance of completion, cells still awaited) of a feature."""
        hit = self.cache.get(root)
        if hit is not None:
            return hit
        return self.evaluator._prospects(self.game, root, feature, self.left, self.draws,
                                         self.cache, self.context, self.field_cities)

    def completed_cities(self, root: int, feature: Feature) -> int:
        """`Game.completed_cities` of a field: what its farmers are paid for
        (the core counted it already when the field holds a figure)."""
        hit = self.field_cities.get(root)
        if hit is None:
            hit = self.field_cities[root] = self.game.completed_cities(feature)
        return hit

    def chance(self, root: int, feature: Feature) -> float:
        """The feature's chance of completion (its prospects' second item),
        without working out its value when nothing asked for it yet."""
        hit = self.cache.get(root)
        if hit is not None:
            return hit[1]
        chance = self._chances.get(root)
        if chance is None:
            evaluator = self.evaluator
            if feature.completed or feature.kind not in evaluator._edge_kinds:
                chance = self.prospects(root, feature)[1]
            else:
                chance, self._cells[root] = evaluator._edge_chance(
                    self.game, root, feature, self.left, self.draws)
            self._chances[root] = chance
        return chance

    def open_cells(self, root: int, feature: Feature) -> set[tuple[int, int]]:
        """The empty cells a road or city's open edges face."""
        cells = self._cells.get(root)
        if cells is None:
            cells = self._cells[root] = feature_open_cells(self.game, root, feature)
        return cells

    def of_kind(self, kind: str) -> list[Rooted]:
        """Every feature of a kind (finished or not), by root, in root order."""
        by_kind = self._by_kind
        if by_kind is None:
            by_kind = self._by_kind = {}
        hit = by_kind.get(kind)
        if hit is None:
            features = self.game.features
            roots = self.evaluator.kind_roots(self.game).get(kind, ())
            hit = by_kind[kind] = [(root, features[root]) for root in roots]  # type: ignore[misc]
        return hit

    def placed(self) -> list[Placed]:
        """Every figure on the tiles with its feature's root and the feature,
        in `figures_placed` order: the roots found once for the core and
        every term (each term found them all again, issue 30)."""
        placed = self._placed
        if placed is None:
            game = self.game
            parent = game.parent
            features = game.features
            placed = self._placed = []
            for player, figure, node in game.figures_placed:
                # (`game.find` without its calls: most figures' nodes are
                # one step from their root; nothing is written)
                root = node
                while parent[root] != root:
                    root = parent[root]
                placed.append((player, figure, root, features[root]))  # type: ignore[arg-type]
        return placed

    def placed_as(self, figure: str) -> list[tuple[int, int, Feature]]:
        """(player, root, feature) of every figure of that name on the tiles,
        in `figures_placed` order."""
        by_name = self._placed_as
        if by_name is None:
            by_name = self._placed_as = {}
            for player, name, root, feature in self.placed():
                by_name.setdefault(name, []).append((player, root, feature))
        return by_name.get(figure, [])

    def occupied(self, kinds: Container[str] | None = None) -> list[Rooted]:
        """Each occupied, unfinished feature (of the given kinds) once, in
        the order its first figure was placed (`occupied_features`' order)."""
        if self._occupied is None:
            seen: set[int] = set()
            out: list[Rooted] = []
            for _, _, root, feature in self.placed():
                if root in seen or feature is None or feature.completed:
                    continue
                seen.add(root)
                out.append((root, feature))
            self._occupied = out
        if kinds is None:
            return self._occupied
        return [(root, f) for root, f in self._occupied if f.kind in kinds]

    def majority(self, root: int, feature: Feature) -> tuple[tuple[int, ...], int]:
        """`game.majority`: who wins the feature now (hills break ties)."""
        hit = self._majority.get(root)
        if hit is None:
            hit = self._majority[root] = self.evaluator.majority(self.game, feature)
        return hit

    def owners(self, root: int, feature: Feature) -> tuple[int, ...]:
        """The players with the most strength on the feature (ties kept)."""
        hit = self._owners.get(root)
        if hit is None:
            hit = self._owners[root] = (self.evaluator.owners(self.game, feature.figures)
                                        if feature.figures else ())
        return hit

    def value(self, root: int, feature: Feature, completed: bool) -> float:
        """`game.feature_value`: what the feature scores now, or completed."""
        key = (root, completed)
        hit = self._values.get(key)
        if hit is None:
            hit = self._values[key] = self.evaluator._value(self.game, root, feature, completed,
                                                            self.context)
        return hit

    def memo(self, key: Any, compute: Callable[[], Any]) -> Any:
        """Anything else a term reads of the position once: `compute()` the
        first time `key` is asked."""
        memo = self._memo
        if key in memo:
            return memo[key]
        result = memo[key] = compute()
        return result
