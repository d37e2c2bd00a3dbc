"""A seeded random input storm through the real app with every implemented
expansion in the game raises nothing (tests/storm.py). The suite runs a
short storm; `python -m tests.storm 100000` runs the full one, and
CARCASSONNE_STORM_EVENTS sets the length here."""

import os

from tests.storm import run_storm

EVENTS = int(os.environ.get("CARCASSONNE_STORM_EVENTS", "1500"))


def test_a_random_input_storm_raises_nothing():
    report = run_storm(EVENTS, seed=11)
    assert report.events >= EVENTS
    # the storm reached the places that matter: the game with its panel, and the menus
    assert report.scenes["GameScene"] > 0 and report.scenes["MainMenuScene"] > 0, report.scenes
    assert {"move", "click", "wheel", "key"} <= set(report.kinds), report.kinds
