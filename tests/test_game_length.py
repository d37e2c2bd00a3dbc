"""The New game screen's length estimate: what each computer level's thought
adds (`ui/game_length.py`), without a display."""

from __future__ import annotations

import pytest

from carcassonne_desktop.engine import registry
from carcassonne_desktop.ui.expansions.boxes import PACE
from carcassonne_desktop.ui.game_length import (
    THINK_SECONDS,
    USUAL_LEVEL,
    expected_minutes,
    think_seconds,
)

EVERYTHING = list(registry())
RIVER_ONLY = ["base", "river"]  # fewer choices a turn than the base game


def test_every_listed_level_has_its_measured_think():
    from carcassonne_desktop.ai.levels import available_levels

    for level in available_levels(include_unlisted=False):
        base, everything = THINK_SECONDS[level["name"]]
        assert 0.0 <= base <= everything, level["name"]


def test_the_table_of_paces_is_the_games_expansions():
    assert set(PACE) == set(EVERYTHING) - {"base"}


@pytest.mark.parametrize("level", sorted(THINK_SECONDS))
def test_a_levels_think_goes_from_its_base_game_time_to_its_time_with_everything(level):
    base, everything = THINK_SECONDS[level]
    assert think_seconds(f"ai:{level}", ["base"]) == pytest.approx(base)
    assert think_seconds(f"ai:{level}", EVERYTHING) == pytest.approx(everything)
    assert think_seconds(f"ai:{level}", RIVER_ONLY) == pytest.approx(base)  # never below it
    between = think_seconds(f"ai:{level}", ["base", "abbot", "catapult", "messages"])
    assert base <= between <= everything
    if base < everything:
        assert base < between < everything


def test_an_unknown_level_thinks_as_the_usual_one():
    assert think_seconds("ai:someday", EVERYTHING) == think_seconds(f"ai:{USUAL_LEVEL}", EVERYTHING)


def test_regression_hard_was_counted_half_a_second_a_turn_with_everything():
    """Every computer's thought was 0.5 s a turn; hard thinks about 1.35 s a
    turn with every expansion (bench/ai.md, sessions 11-13), some 2 minutes more
    than medium's 0.43 s over the ~225 turns of a game of everything, with
    two hard seats: the estimate is at least as long (rounded to 5 minutes)."""
    person = "human"
    assert think_seconds("ai:hard", EVERYTHING) - think_seconds("ai:medium", EVERYTHING) >= 0.9
    with_hard = expected_minutes(EVERYTHING, [person, "ai:hard", "ai:hard"])
    with_medium = expected_minutes(EVERYTHING, [person, "ai:medium", "ai:medium"])
    assert with_hard >= with_medium
    # in the base game hard thinks under a second: the two round alike or 5 apart
    assert 0 <= expected_minutes(["base"], [person, "ai:hard"]) - expected_minutes(
        ["base"], [person, "ai:medium"]) <= 5


def test_the_think_script_times_every_decision_of_a_game(capsys):
    """bench/research/think_seconds.py, which measured THINK_SECONDS: a game's
    turns are its tiles placed, and the thought is the deciding seats' time."""
    from tests.bench_scripts import load_script

    script = load_script("research/think_seconds.py", "think_seconds")
    turns, thought = script.play("greedy", ("base",), seed=3)
    assert turns == 71 and thought > 0.0
    assert script.expansion_set("all") == tuple(registry())
    assert script.expansion_set("river,abbot") == ("base", "river", "abbot")
    with pytest.raises(SystemExit):
        script.main(["--level", "greedy", "--expansions", "no_such_box"])
    assert "unknown expansion 'no_such_box'" in capsys.readouterr().err
