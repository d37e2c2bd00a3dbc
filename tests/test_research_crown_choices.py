"""bench/research/crown_choices.py (bench/ai.md session 16): who goes on the
Wheel of Fortune's crown and how lucky the ranking's world was for it."""

from __future__ import annotations

import json

import pytest

from carcassonne_desktop.engine.actions import Deploy, DeployToArea, Pass
from carcassonne_desktop.engine.expansions.wheel_of_fortune import WHEEL
from tests.bench_scripts import load_script


def study():  # type: ignore[no-untyped-def]
    return load_script("research/crown_choices.py", "crown_choices")


def test_a_turn_goes_on_the_crown_only_through_a_deploy_to_the_wheel() -> None:
    on_crown = study().on_crown
    assert on_crown((Pass(), DeployToArea("follower", WHEEL, "c1")))
    assert not on_crown((Pass(), DeployToArea("follower", "count", "castle")))
    assert not on_crown((Deploy("follower", 0, 0, "N"),))


def test_the_summary_counts_the_choices_and_the_luck_behind_them() -> None:
    rows = [
        {"crown_in_pool": 2, "medium_crown": True, "hard_crown": False, "expected_crown": False,
         "medium_luck": 4.0, "medium_loss": 1.0, "hard_loss": 0.0},
        {"crown_in_pool": 0, "medium_crown": False, "hard_crown": False, "expected_crown": False,
         "medium_luck": -1.0, "medium_loss": 0.0, "hard_loss": 0.5},
    ]
    summary = study().summarise(rows)
    assert summary["positions"] == 2 and summary["crown_in_pool"] == 1
    assert (summary["medium_crown"], summary["hard_crown"], summary["expected_crown"]) == (1, 0, 0)
    assert summary["medium_luck_when_crown"] == 4.0
    assert summary["medium_luck_otherwise"] == -1.0
    assert summary["medium_loss_mean"] == 0.5 and summary["hard_loss_mean"] == 0.25


def test_the_study_runs_on_a_position_of_every_expansion(capsys: pytest.CaptureFixture[str]) -> None:
    module = study()
    assert module.main(["--seeds", "2", "--stops", "4", "--exact", "2", "--samples", "2"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["positions"] == 1
    assert summary["hard_loss_mean"] >= 0.0 and summary["medium_loss_mean"] >= 0.0
    assert module.main(["--seeds", "x"]) == 2
