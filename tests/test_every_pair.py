"""Every pair of expansions, and all nineteen systems together (issue 28,
"Every mix"): random games with the invariants after every action and the
saved game replayed equal after every action (tests/mix_checks.py).

Bounded for the suite: each pair plays the first `PAIR_ACTIONS` actions of a
seeded game (enough for the start boards, the first scorings and most
expansions' first questions); all nineteen play `ALL_GAMES` whole games with 2,
3 and 4 players. `bench/mixes.py` plays whole games of every pair and many
more of all nineteen (bench/README.md has its last result)."""

from __future__ import annotations

import itertools

import pytest

from carcassonne_desktop.engine.expansion import registry
from tests.mix_checks import play_and_check

EXPANSIONS = tuple(e for e in registry() if e != "base")
PAIRS = list(itertools.combinations(EXPANSIONS, 2))
PAIR_ACTIONS = 60
ALL_GAMES = 3


def test_every_expansion_is_in_the_pairs() -> None:
    assert len(EXPANSIONS) == 18, "the nineteen systems: the base game and 18 expansions"
    assert {e for pair in PAIRS for e in pair} == set(EXPANSIONS)
    assert len(PAIRS) == 18 * 17 // 2


@pytest.mark.parametrize("pair", PAIRS, ids="+".join)
def test_a_pair_of_expansions(pair: tuple[str, str]) -> None:
    seed = 2800 + PAIRS.index(pair)
    assert play_and_check(pair, seed, PAIR_ACTIONS) == PAIR_ACTIONS


@pytest.mark.parametrize("seed", range(2900, 2900 + ALL_GAMES))
def test_all_nineteen_together(seed: int) -> None:
    assert play_and_check(EXPANSIONS, seed) > 150
