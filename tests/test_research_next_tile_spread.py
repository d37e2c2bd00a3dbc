"""bench/research/next_tile_spread.py: what it says about hard's look-ahead
(issue 30, bench/ai.md session 9) rests on its sums and on every next tile
being played once with its weight."""

from __future__ import annotations

import math
from types import ModuleType

import pytest

from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.ai.knowledge import public_counts
from tests.bench_scripts import load_script


def script() -> ModuleType:
    return load_script("research/next_tile_spread.py", "next_tile_spread")


def test_a_pair_weighs_each_next_tile_by_its_count() -> None:
    spread = script()
    # three tile types, a half, a quarter and a quarter of the draws
    rows = [(0.5, [10.0, 9.0]), (0.25, [10.0, 9.0]), (0.25, [10.0, 13.0])]
    pair = spread.pair(1, 20, 1, rows, 0.0)
    assert pair.mean == pytest.approx(0.5 * -1 + 0.25 * -1 + 0.25 * 3)  # 0.0
    assert pair.distinct == 2
    assert pair.constant_share == pytest.approx(0.75)
    spread_sd = math.sqrt(0.75 * 1.0**2 + 0.25 * 3.0**2)
    assert pair.se_rounds == pytest.approx(spread_sd / math.sqrt(spread.ROUNDS))
    assert pair.se_mean == pytest.approx(spread_sd / math.sqrt(3))


def test_a_candidate_unplayed_on_a_tile_leaves_that_tile_out() -> None:
    spread = script()
    rows = [(0.5, [10.0, None]), (0.5, [10.0, 12.0])]
    pair = spread.pair(1, 20, 1, rows, 0.0)
    assert pair.types == 1
    assert pair.mean == pytest.approx(2.0)


def test_the_trust_rule_overrules_as_a_normal_gap_would() -> None:
    spread = script()
    Pair = spread.Pair
    sure = Pair(1, 20, 1, 10, 3, 0.5, 2.0, 0.0, 0.0, 0.0)  # always better, no noise
    even = Pair(1, 20, 2, 10, 3, 0.5, 0.0, 1.0, 0.0, 0.0)  # no better, SE 1
    same = Pair(1, 20, 3, 10, 1, 1.0, 0.0, 0.0, 0.0, 0.0)  # a lookalike: never counted
    overrules, gain = spread.overrule_outlook([sure, even, same], 1.0)
    # the even one passes one standard error 15.9% of the time, and gains nothing
    assert overrules == pytest.approx(1.0 + 0.5 * math.erfc(1.0 / math.sqrt(2.0)))
    assert gain == pytest.approx(2.0)
    assert spread.overrule_outlook([even], 0.0)[0] == pytest.approx(0.5)


def test_every_tile_that_can_come_next_is_played_once_for_each_candidate() -> None:
    spread = script()
    seed, placed, game = next(spread.positions(("base",), range(3, 4), [10]))
    assert placed == 10
    evaluator = Evaluator(game)
    turns = spread.candidates(game, evaluator, seed)
    rows = spread.values_by_tile(game, evaluator, turns, 20)
    counts = game.next_draws(public_counts(game))
    total = sum(counts.values())
    assert [weight for weight, _ in rows] == pytest.approx(
        [count / total for _, count in sorted(counts.items())])
    assert len(set(counts.values())) > 1  # (so the weights are not all alike)
    assert all(len(values) == len(turns) for _, values in rows)
    assert all(value is not None for _, values in rows for value in values)
