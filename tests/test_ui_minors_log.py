"""Family table, second round (issue 29, minors): what the log says of the
Wheel's crowns and sections, and tiles set aside in a turn."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pytest

from carcassonne_desktop import i18n
from carcassonne_desktop.engine import Game, quick_setup
from carcassonne_desktop.engine.actions import DeployToArea
from carcassonne_desktop.engine.events import TileDiscarded, TilePlaced
from carcassonne_desktop.engine.expansions.wheel_of_fortune import WheelTurned
from carcassonne_desktop.ui.game_log import GameLog


@pytest.fixture(autouse=True)
def french():  # type: ignore[no-untyped-def]
    before = i18n.current_language()
    i18n.set_language("fr")
    yield
    i18n.set_language(before)


def _log_of(game: Game) -> GameLog:
    return GameLog([p.name for p in game.setup.players], [p.color for p in game.setup.players])


def test_regression_no_log_line_for_a_follower_put_on_a_crown() -> None:
    game = Game(quick_setup(2, seed=3, expansions=["base", "wheel_of_fortune"]))
    log = _log_of(game)
    rng = random.Random(3)
    crowned = None
    while not game.is_over and crowned is None:
        actions = game.legal_actions()
        on_crown = [a for a in actions if isinstance(a, DeployToArea)]
        action = on_crown[0] if on_crown else actions[rng.randrange(len(actions))]
        log.add(game.apply(action), [action])
        crowned = action if on_crown else None
    assert crowned is not None
    lines = log.lines()
    said = [line for line in lines if "sur la couronne de «\u00a0" in line]
    assert len(said) == 1, lines[-4:]
    assert " pose un partisan sur la couronne de «\u00a0" in said[0]
    i18n.set_language("en")
    assert any(" puts a follower on the crown of “" in line for line in log.lines())


@pytest.mark.parametrize("section", ["taxes", "famine", "storm", "inquisition", "plague"])
def test_regression_no_line_for_the_taxes_effect_the_pig_says_what_its_section_does(section: str) -> None:
    """Taxes with no knight in a city gave no line at all after the pig's:
    the line says what the section does, so nothing following means nobody."""
    log = GameLog(["Ada", "Bruno"], ["red", "blue"])
    log.add([TilePlaced(0, "base/B", 1, 0, 0), WheelTurned(0, "base/B", 2, "fortune", section)])
    line = log.lines()[-1]
    assert line.startswith("Ada pioche une tuile marquée 2\u00a0: le cochon avance jusqu’à")
    assert ", où chaque " in line and line.endswith(".")
    i18n.set_language("en")
    assert ", where each " in log.lines()[-1]


def test_regression_one_log_line_per_discarded_tile_inside_a_turn() -> None:
    """Tiles set aside in a row during a turn (the River II's dead river)
    made one line each: one line for the run."""
    log = GameLog(["Ada", "Bruno"], ["red", "blue"])
    log.add([TilePlaced(0, "base/B", 1, 0, 0), TileDiscarded(0, "a"), TileDiscarded(0, "b"),
             TileDiscarded(0, "c"), TileDiscarded(1, "d")])
    assert log.lines()[1:] == [
        "Ada a pioché 3 tuiles qui ne vont nulle part\u00a0: elles retournent dans la boîte.",
        "Bruno a pioché une tuile qui ne va nulle part\u00a0: elle retourne dans la boîte.",
    ]


def test_one_point_is_said_in_the_singular_regression_marque_1_points():
    """The log said "Joueur 2 marque 1 points (voleurs)" (seen under Xvfb)."""
    from carcassonne_desktop import i18n
    from carcassonne_desktop.engine.events import PointsScored
    from carcassonne_desktop.ui.game_log import describe as event_text

    before = i18n.current_language()
    try:
        i18n.set_language("fr")
        one = event_text(PointsScored((1,), 1, "road", (), "completed"), ["Ada", "Bruno"])
        many = event_text(PointsScored((1,), 4, "road", (), "completed"), ["Ada", "Bruno"])
        assert "1 point " in one and "1 points" not in one
        assert "4 points" in many
        i18n.set_language("en")
        assert "1 point " in event_text(PointsScored((0,), 1, "road", (), "completed"), ["Ada", "Bruno"])
    finally:
        i18n.set_language(before)
