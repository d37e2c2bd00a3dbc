"""The Count of Carcassonne for the computer players: what a follower kept
in a quarter of the city is worth, and the planner of the market round.

The decisions are judged the generic way (each answer tried on a sampled
copy and the position evaluated), so the term is what makes putting a
follower in the city, and choosing its quarter, comparable with keeping it
in supply. The figures are rough estimates, not tuned by self-play: a
follower brought out of the castle, the forge or the cathedral usually
shares or takes a scoring worth several points, if such a scoring comes
before the end; a market follower scores at the end, on the best field
still open to it, but nothing once its owner's turn of the market round has
passed; a quarter under the Count waits until he moves.

The market round is the exception to the generic judgement: a player moves
any number of followers, one answer at a time, onto any of the fields, and
trying every sequence of answers (fields to the power of followers, each
position copied and evaluated) took seconds. The planner evaluates each
field with each group of the player's market figures once, then combines
the fields' effects on every player's expected total (fields are scored one
by one, so their effects add up) to find the best set of moves."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import TYPE_CHECKING

from carcassonne_desktop.ai.expansions import evaluation_term, turn_planner
from carcassonne_desktop.ai.knowledge import sampled_copy
from carcassonne_desktop.engine.actions import PASS, Action, MoveFigure
from carcassonne_desktop.engine.expansions.count import (
    AREA,
    MARKET,
    REINFORCE,
    count_quarter,
    market_awaits,
)

if TYPE_CHECKING:
    from carcassonne_desktop.ai.deadline import Deadline
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
#: Sets of moves (market figures onto fields) the planner compares at most (a
#: player with many market followers and many useful fields): beyond, the
#: generic enumeration (bounded by the deadline) decides.
MAX_SETS = 200_000

Spot = tuple[int, int, str]
Group = tuple[int, ...]  # how many of each of the player's market figure kinds
Single = tuple[Spot, int]  # one figure (its kind's index) onto a field
NOWHERE: Spot = (0, 0, "")  # every field where a move changes nothing


#: The term's switch, to measure what it is worth (bench/research/count_term.py):
#: weights carrying ``count_city = 0`` make followers kept in the city worth nothing.
SWITCH = "count_city"


@evaluation_term("count")
def followers_in_the_city(evaluator: Evaluator, game: Game, totals: list[float]) -> None:
    if not getattr(evaluator.weights, SWITCH, 1.0):
        return
    left = evaluator.outlook(game).left  # (`tiles_to_play`, read once a position)
    horizon = min(1.0, left / game.num_players / HORIZON)
    blocked = count_quarter(game)
    # (the rules' figures: the same for the whole decision)
    strength = evaluator.carried((followers_in_the_city, "strength"),
                                 lambda: {f.name: f.strength for f in game.rules.figures})
    for (area, quarter), held in game.area_figures.items():
        if area != AREA:
            continue
        for player, figure in held:
            if quarter == MARKET:
                worth = MARKET_WORTH if market_awaits(game, player) else 0.0
            else:
                worth = QUARTER_WORTH * horizon
            if quarter == blocked:
                worth *= BLOCKED * horizon
            totals[player] += worth * strength.get(figure, 1)


@turn_planner(REINFORCE)
def plan_market_round(
    evaluator: Evaluator, game: Game, firsts: list[Action], rng: random.Random,
    deadline: Deadline | None = None,
) -> list[tuple[float, tuple[Action, ...]]] | None:
    """Every first answer of the market round valued with the best set of
    moves it begins (then a pass); None for the rounds during the game (one
    feature: few answers) and where fields are not scored one by one. The
    deadline is not asked: the best set needs every move's effect, and there
    are a few (fields paying at the end × groups of the figures held) once a
    game."""
    decision = game.pending
    if (decision is None or len(decision.subject) != 1 or decision.subject[0] != MARKET
            or game.rules.options.get("farmers_first_edition")):
        return None
    moves = [a for a in firsts if isinstance(a, MoveFigure)]
    if any(a is not PASS and not isinstance(a, MoveFigure) for a in firsts) or not moves:
        return None
    seat = decision.player
    held = Counter(figure for owner, figure in game.area_figures.get((AREA, MARKET), ())
                   if owner == seat)
    kinds = sorted(held)
    # a field along no completed city pays nobody at the end (farmers are paid
    # per completed city, the pig and the pigsty too): moving there is as
    # good as keeping the figure, so it is never evaluated
    targets = sorted({a.target for a in moves if _pays(game, a)})  # type: ignore[type-var]
    groups = [g for g in itertools.product(*(range(held[k] + 1) for k in kinds)) if any(g)]
    sample = sampled_copy(game, rng)
    passed = sample.copy()
    passed.apply(PASS)
    base = evaluator.totals(passed)
    effects: dict[Spot, dict[Group, list[float]]] = {}
    for target in targets:
        for group in groups:
            after = sample.copy()
            for kind, count in zip(kinds, group):
                for _ in range(count):
                    after.apply(MoveFigure(kind, (AREA, MARKET), target))
            if after.pending == sample.pending:  # figures left: the player stops here
                after.apply(PASS)
            delta = [t - b for t, b in zip(evaluator.totals(after), base)]
            if any(abs(d) > 1e-9 for d in delta):
                effects.setdefault(target, {})[group] = delta  # type: ignore[index]
    # a figure moved where it changes nothing is as good as kept: one field
    # stands for all those (its moves are left out of the plans)
    effects[NOWHERE] = {group: [0.0] * len(base) for group in groups}
    best = _best_sets(effects, tuple(held[k] for k in kinds), base, seat)
    if best is None:
        return None
    nothing = _value(base, seat)
    every = sum(held.values())

    def move(single: Single) -> MoveFigure:
        return MoveFigure(kinds[single[1]], (AREA, MARKET), single[0])

    ranked: list[tuple[float, tuple[Action, ...]]] = [(nothing, (PASS,))]
    for first in moves:
        kind = kinds.index(first.figure)
        found = [best[key] for key in [(first.target, kind)] if key in best]
        single = tuple(int(i == kind) for i in range(len(kinds)))
        if single not in effects.get(first.target, {}):  # type: ignore[call-overload]
            found.append(best[(NOWHERE, kind)])  # alone there it changes nothing
        value, rest = max(found, key=lambda item: item[0])
        rest = [single for single in rest if single[0] != NOWHERE]
        stop = (PASS,) if len(rest) + 1 < every else ()  # the round moves on by itself
        ranked.append((value, (first, *map(move, rest), *stop)))
    return ranked


def _pays(game: Game, move: MoveFigure) -> bool:
    """Whether the field a market figure would go into borders a completed city."""
    x, y, port = move.target  # type: ignore[misc]
    rotated, base = game.board[(x, y)]
    local = rotated.feature_at_port(port, game.rules.figure_by_name[move.figure].kinds)
    field = game.features[game.find(base + local)] if local >= 0 else None
    return field is None or game.completed_cities(field) > 0


def _value(totals: list[float], seat: int) -> float:
    return totals[seat] - max(t for i, t in enumerate(totals) if i != seat)


def _best_sets(effects: dict[Spot, dict[Group, list[float]]], held: Group, base: list[float],
               seat: int) -> dict[Single, tuple[float, list[Single]]] | None:
    """For each first move (field, figure kind) the value of the best set of
    moves containing it, with the set's other moves; None when there are too
    many sets to compare. A set gives each field at most one group of
    figures; its effect is the sum of its fields' effects."""
    fields = list(effects)
    best: dict[Single, tuple[float, list[Single]]] = {}
    visited = 0

    def record(chosen: list[tuple[Spot, Group]], value: float) -> None:
        singles = [(target, kind) for target, group in chosen
                   for kind, n in enumerate(group) for _ in range(n)]
        for i, first in enumerate(singles):
            if first not in best or value > best[first][0]:
                best[first] = (value, singles[:i] + singles[i + 1:])

    def visit(index: int, left: Group, totals: list[float], chosen: list[tuple[Spot, Group]]) -> bool:
        nonlocal visited
        visited += 1
        if visited > MAX_SETS:
            return False
        if index == len(fields):
            if chosen:
                record(chosen, _value(totals, seat))
            return True
        if not visit(index + 1, left, totals, chosen):
            return False
        for group, delta in effects[fields[index]].items():
            if all(g <= f for g, f in zip(group, left)):
                chosen.append((fields[index], group))
                ok = visit(index + 1, tuple(f - g for f, g in zip(left, group)),
                           [t + d for t, d in zip(totals, delta)], chosen)
                chosen.pop()
                if not ok:
                    return False
        return True

    return best if visit(0, held, list(base), []) else None
