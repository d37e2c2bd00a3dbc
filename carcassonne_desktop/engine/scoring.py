"""Scoring: majorities, what a feature is worth, awards with a category,
figures going home, and the end-of-game scoring.

Every point goes through `award`, with a category (`road`, `city`, `goods`,
`wheel`, ...) and a reason, with or without a feature, so expansions that
score outside features use the same path and the same events.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from carcassonne_desktop.engine.events import (
    Event,
    FigureReturned,
    GameOver,
    PointsScored,
)
from carcassonne_desktop.engine.features import FEATURE_KINDS, Feature
from carcassonne_desktop.engine.score_terms import (
    UNEXPLAINED,
    ScoreTerm,
    reconcile,
)

if TYPE_CHECKING:
    from carcassonne_desktop.engine.rules import Rules


class Scoring:
    """Scoring of one game (a part of `Game`)."""

    __slots__ = ()

    rules: Rules
    num_players: int
    scores: list[int]
    breakdown: list[dict[str, int]]
    supply: list[dict[str, int]]
    features: list[Feature | None]
    figures_placed: list[tuple[int, str, int]]
    _to_score: list[int]
    #: The terms of the scoring being computed (None outside one): see
    #: engine/score_terms.py.
    score_terms: list[ScoreTerm] | None

    def majority(self, feature: Feature) -> tuple[tuple[int, ...], int]:
        """The players who win `feature` now (ties broken by the expansions'
        rules, hills) and the winning strength; the computer players read it
        here rather than counting figures their own way."""
        if not feature.figures:
            return (), 0
        strength = [0] * self.num_players
        figure_by_name = self.rules.figure_by_name
        for player, figure, _ in feature.figures:
            strength[player] += figure_by_name[figure].strength
        best = max(strength)
        if best <= 0:
            return (), 0
        owners = tuple(i for i, s in enumerate(strength) if s == best)
        if len(owners) > 1:
            for expansion in self.rules.hooks["break_tie"]:
                owners = expansion.break_tie(self, feature, owners)
        return owners, best

    def _is_complete(self, feature: Feature) -> bool:
        kind = FEATURE_KINDS.get(feature.kind)
        return kind is not None and kind.completion != "never" and feature.open == 0

    def _feature_points(self, feature: Feature, completed: bool) -> int:
        kind = FEATURE_KINDS.get(feature.kind)
        points = kind.points(self, feature, completed) if kind else 0
        terms = self.score_terms
        if terms is not None and not terms and points:
            terms.append(ScoreTerm(UNEXPLAINED, 1, points))  # a kind that says nothing
        for expansion in self.rules.hooks["modify_points"]:
            before = points
            points = expansion.modify_points(self, feature, points, completed)
            if terms is not None and points != before:
                reconcile(terms, points, expansion.id)
        return points

    def start_cities(self) -> tuple[Feature, ...]:
        """The completed cities start boards bring without being features of
        the board (the expansions' `start_cities`), always in the same order."""
        hooks = self.rules.hooks["start_cities"]
        if not hooks:
            return ()
        if len(hooks) == 1:  # (one expansion, the usual case: asked at every evaluation)
            return tuple(hooks[0].start_cities(self))
        return tuple(city for expansion in hooks for city in expansion.start_cities(self))

    def start_cities_beside(self, field: Feature) -> list[tuple[int, Feature]]:
        """The start cities a field borders (it has a segment on their cells),
        keyed -1, -2, ... by their rank in `start_cities`: keys stay ints and
        never meet a node."""
        if not self.rules.hooks["start_cities"]:
            return []
        return [(-1 - rank, city) for rank, city in enumerate(self.start_cities())
                if not city.tiles.isdisjoint(field.tiles)]

    def bordering_cities(self, field: Feature) -> dict[int, Feature]:
        """The cities a field borders, each once: the board's keyed by their
        root, in root order, then its start cities (`start_cities_beside`), so
        farmers see one kind of city whatever made it."""
        features = self.features
        out = {root: features[root] for root in sorted({self.find(c) for c in field.cities or ()})}
        out.update(self.start_cities_beside(field))
        return out  # type: ignore[return-value]

    def completed_cities(self, field: Feature) -> int:
        """How many completed cities a field borders (what farmers are paid for;
        the pig and the pigsty add per city too), start cities included."""
        features = self.features
        cities = {self.find(c) for c in field.cities or ()}
        board = sum(1 for c in cities if features[c].completed)  # type: ignore[union-attr]
        return board + len(self.start_cities_beside(field))

    def _field_points(self, feature: Feature) -> int:
        completed = self.completed_cities(feature)
        points = 3 * completed
        terms = self.score_terms
        if terms is not None:
            terms.append(ScoreTerm("field_city", completed, 3))
        for expansion in self.rules.hooks["modify_field_points"]:
            before = points
            points = expansion.modify_field_points(self, feature, points)
            if terms is not None and points != before:
                reconcile(terms, points, expansion.id)
        return points

    def award(
        self, players: Sequence[int], points: int, category: str | Feature, reason: str,
        events: list[Event], tiles: Sequence[tuple[int, int]] = (),
        terms: Sequence[ScoreTerm] = (),
    ) -> None:
        """Give `points` to each of `players` under a score category.

        `category` is a feature (its kind is the category and its tiles are
        reported) or a category name for points that belong to no feature
        (goods, the wheel, the king...). Every point of the game goes through
        here, so the breakdown, the events and the robbers see them all.
        `terms` say why (engine/score_terms.py) and must add up to `points`;
        a caller that gives none gets one unexplained term.
        """
        if isinstance(category, Feature):
            tiles = tuple(sorted(category.tiles))
            category = category.kind
        players = tuple(players)
        for player in players:
            self.scores[player] += points
            book = self.breakdown[player]
            book[category] = book.get(category, 0) + points
        if not terms and points:
            terms = (ScoreTerm(UNEXPLAINED, 1, points),)
        events.append(PointsScored(players, points, category, tuple(tiles), reason, tuple(terms)))
        self._queue_pawn_moves(players, points, category, reason)
        for expansion in self.rules.hooks["on_points_awarded"]:
            expansion.on_points_awarded(self, players, points, category, events)

    def return_figure(self, player: int, figure: str, node: int, events: list[Event]) -> None:
        """Take a figure off the board back to its owner's supply; a figure that
        only stands with its owner's follower (builder, pig) goes home with the
        last one."""
        view = self._figure_view(player, figure, node)
        self.supply[player][figure] += 1
        events.append(FigureReturned(player, figure, view.x, view.y, view.port))
        self.lift_figure(player, figure, node, events)
        for expansion in self.rules.hooks["on_figure_returned"]:
            expansion.on_figure_returned(self, player, figure, events)

    def feature_value(self, feature: Feature, completed: bool) -> int:
        """What the feature is worth to its majority now (fields by the farmer rule)."""
        if feature.kind == "field":
            return self._field_points(feature)
        return self._feature_points(feature, completed)

    def score_feature(
        self, root: int, completed: bool, reason: str, events: list[Event],
        return_figures: bool = True,
    ) -> None:
        """Score one feature for its majority and (optionally) send its figures home."""
        feature = self.features[root]
        assert feature is not None
        owners, _ = self.majority(feature)
        if owners:
            terms: list[ScoreTerm] = []
            self.score_terms = terms
            points = self.feature_value(feature, completed)
            personal = self.rules.hooks["player_points"]
            if personal:
                # players whose value and reasons agree share one award
                by_value: dict[tuple[int, tuple[ScoreTerm, ...]], list[int]] = {}
                for player in owners:
                    value = points
                    own = self.score_terms = list(terms)
                    for expansion in personal:
                        before = value
                        value = expansion.player_points(self, feature, player, value)
                        if value != before:
                            reconcile(own, value, expansion.id)
                    by_value.setdefault((value, tuple(own)), []).append(player)
                self.score_terms = None
                for (value, why), players in by_value.items():
                    self.award(players, value, feature, reason, events, terms=why)
            else:
                self.score_terms = None
                self.award(owners, points, feature, reason, events, terms=terms)
        for expansion in self.rules.hooks["on_feature_scored"]:
            expansion.on_feature_scored(self, root, owners, events)
        if return_figures:
            for spot in list(feature.figures):
                if spot in feature.figures:
                    self.return_figure(*spot, events)

    def _final_scoring(self, events: list[Event]) -> None:
        roots: dict[int, Feature] = {}
        claimers = self.rules.hooks["scores_at_end_itself"]
        for _, _, node in self.figures_placed:
            root = self.find(node)
            feature = self.features[root]
            assert feature is not None
            if not feature.completed and not (claimers and any(
                e.scores_at_end_itself(self, feature) for e in claimers
            )):
                roots[root] = feature
        order = sorted(
            roots, key=lambda r: (FEATURE_KINDS[roots[r].kind].order
                                  if roots[r].kind in FEATURE_KINDS else 50, r)
        )
        for root in order:
            self.score_feature(root, False, "final", events, return_figures=False)
        for expansion in self.rules.hooks["final_scoring"]:
            expansion.final_scoring(self, events)
        if self.pawn_queue:
            self.settle_pawns(events, ask=False)
        events.append(GameOver(tuple(self.scores), self.winners()))

