"""Placements judged alone, shared by the candidates of one round (issue 30).

A capped answer inside `hard`'s futures first judges every placement of the
answering seat on its own (`search.promising_firsts`), one evaluation each,
then judges whole turns of the best placements only. With every expansion
that first pass is about 45 evaluations an answer and two thirds of a capped
round (bench/ai.md, session 17). The candidates of one round play in the
same sampled world, so their futures meet the same answer (the same turn,
seat and tile to place) on boards that differ only around the tiles and
figures the candidates' lines laid differently. The first candidate's
judgement of each placement is kept; the next candidates judge again only the
placements near what differs (within `NEAR` cells of it, or beside an open
end of a road or city it belongs to), and take every other placement at the
first candidate's value moved by how much the two positions differ before
the answer (what differs off the tiles: scores, supplies, tokens).

Only the order in which the capped answer looks at placements comes from
this; the answer itself is still the best of the whole turns it judges in
full, so a placement misjudged here costs at most a weaker answer, never a
wrong value.
"""

from __future__ import annotations

from dataclasses import dataclass

from carcassonne_desktop.ai.deadline import Deadline
from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.ai.outlook import feature_open_cells
from carcassonne_desktop.ai.turns import first_alone
from carcassonne_desktop.engine import Action, Game
from carcassonne_desktop.engine.actions import PlaceTile
from carcassonne_desktop.engine.decisions import PLACE_TILE

Cell = tuple[int, int]
#: How far (in cells, either way) from where the two boards differ a
#: placement is judged again rather than taken from the first candidate's.
NEAR = 2


@dataclass(slots=True)
class Ranking:
    """The first candidate's judgement of one answer's placements."""

    game: Game
    #: Each first action's value for the answering seat, judged alone.
    values: dict[Action, float]
    #: `game`'s own value for that seat, worked out when a next candidate first
    #: needs it (None until then).
    base: float | None = None


class RoundRankings:
    """Each answer's first ranking in one round's futures, by the turn it is
    played in, the seat and the tiles in hand: the candidates' futures meet
    the same answer at the same turn (one may have asked a question more on
    the way, so an answer's number in its future would not do)."""

    def __init__(self) -> None:
        self._first: dict[tuple[int, int, tuple[str, ...]], Ranking] = {}
        #: Placements judged, and taken from a first candidate (for studies).
        self.judged = 0
        self.reused = 0

    def rank(self, game: Game, evaluator: Evaluator, seat: int, firsts: list[Action],
             deadline: Deadline | None = None) -> list[float] | None:
        """The value of each of `firsts` judged alone, for `seat`: in full the
        first time an answer is ranked in this round, from that first
        ranking away from what differs (`near_differences`) afterwards. None
        if the deadline passes first (asked before each judgement)."""
        sharable = game.pending_kind == PLACE_TILE
        key = (game.turn, seat, tuple(game.hand))
        reference = self._first.get(key) if sharable else None
        if reference is None:
            values = judged_alone(game, evaluator, seat, firsts, deadline)
            if values is None:
                return None
            self.judged += len(firsts)
            if sharable:
                self._first[key] = Ranking(game, dict(zip(firsts, values)))
            return values
        if reference.base is None:
            reference.base = evaluator.evaluate(reference.game, seat)
        shift = evaluator.evaluate(game, seat) - reference.base
        near = near_differences(reference.game, game)
        known = reference.values
        out: list[float] = []
        for first in firsts:
            value = known.get(first)
            if (value is None or not isinstance(first, PlaceTile)
                    or (first.x, first.y) in near):
                if deadline is not None and deadline.expired():
                    return None
                out.append(evaluator.evaluate(first_alone(game, first), seat))
                self.judged += 1
            else:
                out.append(value + shift)
                self.reused += 1
        return out


def near_differences(one: Game, other: Game) -> set[Cell]:
    """The cells within `NEAR` of every cell where the two boards differ (a
    tile one has and the other lacks or holds turned otherwise, a figure on
    a tile of one and not of the other), and the open ends of the roads and
    cities of those tiles in each."""
    differing = set(one.board.keys() ^ other.board.keys())
    other_board = other.board
    for pos, (rotated, _) in one.board.items():
        there = other_board.get(pos)
        if there is not None and there[0] is not rotated:  # (one object per tile and turn)
            differing.add(pos)
    for pos, _local, _player, _figure in _figures(one) ^ _figures(other):
        differing.add(pos)
    cells: set[Cell] = set()
    for x, y in differing:
        cells.update((x + dx, y + dy) for dx in range(-NEAR, NEAR + 1)
                     for dy in range(-NEAR, NEAR + 1))
    for game in (one, other):
        board = game.board
        find = game.find
        features = game.features
        for pos in differing:
            held = board.get(pos)
            if held is None:
                continue
            rotated, base = held
            for local in set(rotated.port_feature[:4]):  # (its edges)
                if local < 0:
                    continue
                root = find(base + local)
                feature = features[root]
                if feature is not None and not feature.completed:
                    cells |= feature_open_cells(game, root, feature)
    return cells


def _figures(game: Game) -> set[tuple[Cell, int, int, str]]:
    """(tile, place on it, player, figure) of every figure on the tiles."""
    node_pos = game.node_pos
    node_local = game.node_local
    return {(node_pos[node], node_local[node], player, figure)
            for player, figure, node in game.figures_placed}


def judged_alone(game: Game, evaluator: Evaluator, seat: int, firsts: list[Action],
                 deadline: Deadline | None = None) -> list[float] | None:
    """Each of `firsts` judged on its own for `seat` (`turns.first_alone`);
    None if the deadline passes first (asked before each judgement)."""
    values: list[float] = []
    for first in firsts:
        if deadline is not None and deadline.expired():
            return None
        values.append(evaluator.evaluate(first_alone(game, first), seat))
    return values
