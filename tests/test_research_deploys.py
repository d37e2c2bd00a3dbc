"""bench/research/deploys.py (bench/ai.md session 16): the figures each level
puts down, replayed from the records `bench/hard_search.py --scores` keeps."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from carcassonne_desktop.engine import Game, quick_setup
from carcassonne_desktop.engine.actions import DeployToArea
from carcassonne_desktop.engine.expansions.wheel_of_fortune import ID as WHEEL_OF_FORTUNE
from carcassonne_desktop.engine.expansions.wheel_of_fortune import WHEEL
from carcassonne_desktop.engine.record import GameRecord
from tests.bench_scripts import load_script


def crowning_game(seed: int) -> tuple[Game, int]:
    """A random game where seat 0 goes on the crown whenever it may; how many
    times it did."""
    rng = random.Random(seed)
    game = Game(quick_setup(2, seed=seed, expansions=("base", WHEEL_OF_FORTUNE)))
    crowned = 0
    while not game.is_over:
        legal = game.legal_actions()
        crowns = [a for a in legal if isinstance(a, DeployToArea) and a.area == WHEEL]
        if crowns and game.deciding_player == 0:
            game.apply(crowns[0])
            crowned += 1
        else:
            game.apply(legal[rng.randrange(len(legal))])
    return game, crowned


def test_the_crown_deploys_of_each_level_are_counted_from_the_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    study = load_script("research/deploys.py", "deploys")
    game, crowned = crowning_game(8)
    assert crowned > 0
    line = {"hard_seat": 0, "record": GameRecord.from_game(game).to_json()}
    scores = tmp_path / "a.scores"
    scores.write_text(json.dumps(line) + "\n" + json.dumps({"hard_seat": 1}) + "\n")
    assert study.main([str(scores)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["games"], report["skipped"]) == (1, 1)
    assert report["per_game"]["hard"]["crown"] == crowned
    seats = study.deploys_by_seat(GameRecord.from_game(game))
    assert report["per_game"]["medium"] == {kind: float(seats[1][kind]) for kind in study.KINDS}
    assert study.main([]) == 2 and study.main([str(tmp_path / "none")]) == 2
