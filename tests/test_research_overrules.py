"""bench/research/overrules.py (bench/ai.md session 16): how often hard's
search overrules the root's best with a fixed number of rounds."""

from __future__ import annotations

import json

import pytest

from tests.bench_scripts import load_script


def test_the_study_reports_the_overrules_per_number_of_rounds(
    capsys: pytest.CaptureFixture[str],
) -> None:
    study = load_script("research/overrules.py", "overrules")
    assert study.main(["--expansions", "base", "--seeds", "1", "--stops", "8,12",
                       "--rounds", "3,1"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["positions"] == 2
    for count in (1, 3):
        row = summary[f"rounds_{count}"]
        assert 0 <= row["overruled"] <= row["searched"] <= 2
        if row["searched"]:
            assert row["played_p50"] <= count
    assert study.main(["--rounds", "x"]) == 2


def test_the_summary_counts_overrules_among_the_searched_decisions_only() -> None:
    study = load_script("research/overrules.py", "overrules")
    rows = [
        {"r6_searched": 1, "r6_overruled": 1, "r6_played": 6, "r6_cpu": 2.0},
        {"r6_searched": 1, "r6_overruled": 0, "r6_played": 4, "r6_cpu": 1.0},
        {"r6_searched": 0, "r6_overruled": 0, "r6_played": 0, "r6_cpu": 0.0},
    ]
    summary = study.summarise(rows, [6])["rounds_6"]
    assert (summary["searched"], summary["overruled"], summary["share"]) == (2, 1, 0.5)
    assert summary["played_p50"] == 5 and summary["cpu_p50"] == 1.5
