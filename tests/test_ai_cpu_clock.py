"""Budgets in CPU seconds (`selfplay --cpu-clock`): on a shared machine a
wall-clock budget buys a search whatever the other processes leave it, so
strength measured there was the load as much as the player."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator

import pytest

from carcassonne_desktop.ai import deadline as clock
from carcassonne_desktop.ai import parallel
from carcassonne_desktop.ai.deadline import Deadline
from carcassonne_desktop.ai.turns import whole_turns
from carcassonne_desktop.cli import main
from carcassonne_desktop.engine import Game, GameRecord, Rules, quick_setup


@pytest.fixture(autouse=True)
def wall_clock_again() -> Iterator[None]:
    yield
    clock.use_cpu_clock(False)


def _spin(seconds: float) -> None:
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass


def test_a_cpu_budget_does_not_run_out_while_the_process_waits() -> None:
    clock.use_cpu_clock(True)
    budget = Deadline(0.05)
    time.sleep(0.2)  # another process has the core: no CPU spent here
    assert not budget.expired()
    _spin(0.06)
    assert budget.expired()


def test_a_wall_budget_runs_out_while_the_process_waits() -> None:
    budget = Deadline(0.05)
    time.sleep(0.1)
    assert budget.expired()


def test_the_choice_reaches_processes_started_later() -> None:
    clock.use_cpu_clock(True)
    assert os.environ[clock.CLOCK_VARIABLE] == "cpu"
    clock.use_cpu_clock(False)
    assert clock.CLOCK_VARIABLE not in os.environ


def test_a_helper_chunk_started_late_still_gets_its_cpu_seconds() -> None:
    """The helper's chunk is sent with a wall-clock end; on a busy machine it
    may start after that end. With CPU budgets it must still play rounds."""
    setup = quick_setup(2, seed=5)
    game = Game(setup, Rules(setup))
    game.apply(game.legal_actions()[0])
    turns = list(whole_turns(game))[:2]
    plans = [[a.to_json() for a in turn.actions] for turn in turns]
    record = GameRecord.from_game(game).to_json()
    late = time.time() - 5.0  # the wall-clock end has long passed
    assert parallel._rounds_in_helper(record, plans, 7, late, 0) == {}
    rounds = parallel._rounds_in_helper(record, plans, 7, late, 0, cpu_seconds=0.3)
    assert rounds and all(len(values) == 2 for values in rounds.values())
    assert clock.cpu_clock()


def test_selfplay_cpu_clock_says_so_in_its_report(capsys) -> None:
    status = main(["selfplay", "--players", "random,greedy", "--games", "2", "--seed", "4",
                   "--json", "--cpu-clock", "--quiet"])
    assert status == 0
    result = json.loads(capsys.readouterr().out)
    assert result["selfplay"]["clock"] == "cpu"
    assert [r["games"] for r in result["results"]] == [2, 2]


def test_selfplay_reports_wall_clock_by_default(capsys) -> None:
    status = main(["selfplay", "--players", "random,greedy", "--games", "1", "--json", "--quiet"])
    assert status == 0
    assert json.loads(capsys.readouterr().out)["selfplay"]["clock"] == "wall"
