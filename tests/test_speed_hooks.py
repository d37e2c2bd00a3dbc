"""The works and hooks skipped when they cannot matter, and the expansions'
quicker hot paths (issue 28, "Speed with everything", session 3), give the
answers of the long way round.

As in `tests/test_speed_caches.py`: each shortcut is compared with what it
replaces after every action of random games with every expansion.
"""

from __future__ import annotations

import pytest

from carcassonne_desktop.engine import Game, Rules
from carcassonne_desktop.engine.expansions import mage_witch
from tests.test_speed_caches import EVERYTHING, SEEDS, _random_positions

__all__ = ["EVERYTHING"]


@pytest.fixture(scope="module")
def rules() -> Rules:
    from carcassonne_desktop.engine import quick_setup

    return Rules(quick_setup(2, expansions=EVERYTHING))


# ----------------------------------------------------- the mage and the witch
def _together_the_long_way(game: Game) -> int | None:
    mage = mage_witch.figure_root(game, mage_witch.MAGE)
    return mage if mage is not None and mage == mage_witch.figure_root(
        game, mage_witch.WITCH) else None


@pytest.mark.parametrize("seed", SEEDS)
def test_mage_witch_together_skips_the_walk_only_with_one_out_of_play(seed: int,
                                                                      rules: Rules) -> None:
    """`together` answers at once when the mage or the witch is out of play;
    its answer is the two figures' roots compared, after every action."""
    out = both = 0
    for game in _random_positions(seed, rules):
        assert mage_witch.together(game) == _together_the_long_way(game)
        in_play = [f for f in mage_witch.FIGURES if f in game.neutral_figures]
        out += len(in_play) < 2
        if in_play:
            # random games never bring them together: put them on one feature
            joined = game.copy()
            spot = joined.neutral_figures[in_play[0]]
            for figure in mage_witch.FIGURES:
                joined.neutral_figures[figure] = spot
            assert mage_witch.together(joined) == _together_the_long_way(joined) is not None
            both += 1
    assert out > 20 and both > 20
