"""bench/research/search_reach.py and shared_rankings.py (issue 30, session
17): what settings do to hard's search, and what shared rankings save."""

from __future__ import annotations

import json

import pytest

from tests.bench_scripts import load_script


def test_a_variant_sets_hards_settings_on_the_instance_only() -> None:
    study = load_script("research/search_reach.py", "search_reach")
    player = study.variant_player("cap_answers=True answer_room=4 min_answer_turns=30", 1, 1)
    assert (player.cap_answers, player.answer_room, player.min_answer_turns) == (True, 4.0, 30)
    assert type(player).cap_answers is False  # the class keeps the product's


def test_bad_variants_and_arguments_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    study = load_script("research/search_reach.py", "search_reach")
    assert study.main(["--variant", "no_such_setting=1"]) == 2
    assert study.main(["--seeds", "x"]) == 2
    assert "search_reach: bad argument" in capsys.readouterr().err


def test_the_summary_counts_among_the_searched_decisions_only() -> None:
    study = load_script("research/search_reach.py", "search_reach")

    def decision(searched: int, samples: int, reached: int, given_up: int, overruled: int,
                 cpu: float) -> dict[str, object]:
        return {"searched": searched, "samples": samples, "reached": reached,
                "given_up": given_up, "overruled": overruled, "cpu": cpu, "answer_turns": 0}

    rows = [{"v0": decision(1, 8, 1, 0, 1, 2.4)}, {"v0": decision(1, 0, 0, 1, 0, 1.2)},
            {"v0": decision(0, 0, 0, 0, 0, 0.0)}]
    summary = study.summarise(rows, ["cap_answers=True"])["cap_answers=True"]
    assert (summary["searched"], summary["reached"], summary["given_up"],
            summary["overruled"]) == (2, 1, 1, 1)
    assert summary["samples_p50"] == 4 and summary["cpu_p50"] == pytest.approx(1.8)


def test_the_shared_rankings_study_plays_both_ways_on_the_same_worlds(
    capsys: pytest.CaptureFixture[str],
) -> None:
    study = load_script("research/shared_rankings.py", "shared_rankings")
    assert study.main(["--expansions", "base", "--seeds", "2", "--stops", "12",
                       "--rounds", "1", "--cap", "10"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["positions"] == 1
    changed, values = summary["values_changed"].split(" of ")
    assert 0 <= int(changed) <= int(values)
    assert 0.0 <= summary["placements_reused_share"] <= 1.0
    from carcassonne_desktop.ai import search, shared_rankings
    assert search.RoundRankings is shared_rankings.RoundRankings  # put back
