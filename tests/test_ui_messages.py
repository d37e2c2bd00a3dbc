"""The Messages in the interface: the pawn question's buttons say where each
pawn would go and mark the suggestion, the setting answers it by the
suggestion (the record keeps the answer), the message drawn is a card over
the board with its two choices on the buttons, the pawns' squares follow the
player's name, and the log explains every message."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from carcassonne_desktop import i18n  # noqa: E402
from carcassonne_desktop.engine import GameRecord  # noqa: E402
from carcassonne_desktop.engine.expansions.messages import (  # noqa: E402
    MessageCarried,
    MessageChoice,
    MessageDrawn,
    ScorePawn,
)
from carcassonne_desktop.ui.camera import Camera  # noqa: E402
from carcassonne_desktop.ui.expansions import (  # noqa: E402
    expansion_choice_label,
    player_notes,
)
from carcassonne_desktop.ui.expansions.messages import draw_card  # noqa: E402
from carcassonne_desktop.ui.game_log import describe  # noqa: E402
from tests.test_ui_game_flow import _dismiss_banner, _steps  # noqa: E402

GOLDEN = Path(__file__).parent / "golden_expansions"
NAMES = ("Rouge", "Bleu")

pygame.init()


@pytest.fixture(autouse=True)
def french() -> Iterator[None]:
    before = i18n.current_language()
    i18n.set_language("fr")
    yield
    i18n.set_language(before)


def _position(name: str, upto: int) -> Any:
    record = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))["record"]
    return GameRecord.from_json({**record, "actions": record["actions"][:upto]}).replay().game


def test_ms_pawn_buttons_name_both_squares_and_the_suggestion() -> None:
    game = _position("ms_chain_of_two_messages", 15)  # 5 points, pawns on 5 and 0
    assert expansion_choice_label("score_pawn", game, ScorePawn(1)) == \
        "Pion 1\u00a0: 5 → 10 ● ★"
    assert expansion_choice_label("score_pawn", game, ScorePawn(2)) == \
        "Pion 2\u00a0: 0 → 5 ●"


def test_ms_message_buttons_say_what_each_choice_gives() -> None:
    game = _position("ms_chain_of_two_messages", 14)  # message 3: the cloister, 5
    assert expansion_choice_label("message", game, MessageChoice(3, "act")) == \
        "Effectuer (+5)"
    assert expansion_choice_label("message", game, MessageChoice(3, "points")) == \
        "Prendre 2 points"


def test_ms_the_pawns_squares_follow_the_players_name() -> None:
    game = _position("ms_chain_of_two_messages", 15)
    assert "Pions 5 · 0" in player_notes(game, 0)


def test_ms_the_message_is_a_card_over_the_board_while_it_is_decided() -> None:
    camera = Camera(pygame.Rect(0, 0, 800, 600))
    blank = pygame.Surface((800, 600))
    asked = _position("ms_chain_of_two_messages", 14)
    surface = blank.copy()
    draw_card(surface, camera, asked, None)
    assert pygame.image.tobytes(surface, "RGB") != pygame.image.tobytes(blank, "RGB")
    answered = _position("ms_chain_of_two_messages", 15)
    surface = blank.copy()
    draw_card(surface, camera, answered, None)
    assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(blank, "RGB")


def test_ms_the_log_explains_every_message() -> None:
    assert describe(MessageDrawn(0, 6), NAMES) == \
        "Rouge reçoit la missive 6\u00a0: 2 points par chevalier."
    assert describe(MessageCarried(0, 6, "act", 4), NAMES) == \
        "Rouge marque 2 points par chevalier\u00a0: 4 points."
    assert describe(MessageCarried(1, 2, "points", 2), NAMES) == \
        "Bleu préfère le sceau\u00a0: 2 points."


@pytest.fixture
def app(tmp_path, monkeypatch) -> Iterator[Any]:
    monkeypatch.setenv("CARCASSONNE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CARCASSONNE_DATA_DIR", str(tmp_path / "data"))
    from carcassonne_desktop.ui.app import App
    from carcassonne_desktop.ui.launcher import build_hooks

    application = App(build_hooks(), size=(1280, 800))
    application.start()
    try:
        yield application
    finally:
        application.stack.clear()
        i18n.unregister_manager(application.manager)
        pygame.quit()
        pygame.init()


@pytest.mark.parametrize("follow", [True, False])
def test_ms_the_setting_answers_the_pawn_question_by_the_suggestion(app, follow) -> None:
    from carcassonne_desktop.ui.game_scene import GameScene

    app.settings.follow_suggestions = follow
    game = _position("ms_chain_of_two_messages", 15)
    game.pawns[0] = (6, 0)  # now pawn 2 reaches the dark square 5
    scene = GameScene(app, game)
    app.stack.push(scene)
    _steps(app)
    _dismiss_banner(scene, app)
    _steps(app)
    c = scene.controller
    assert c is not None
    if follow:
        # answered at once; the message it earned was drawn, so the turn so far
        # was played for good, and the record holds the answer
        assert scene.game.history[-1] == ScorePawn(2)
        assert c.decision is not None and c.decision.kind == "message"
    else:
        assert c.actions() == [] and c.decision is not None
        assert c.decision.kind == "score_pawn"


def test_ms_the_suggestion_setting_is_saved_with_the_settings(tmp_path) -> None:
    from carcassonne_desktop.persistence.settings import Settings, load_settings, save_settings

    settings = Settings(follow_suggestions=True)
    path = tmp_path / "settings.json"
    assert save_settings(settings, path)
    assert load_settings(path).follow_suggestions is True
    assert Settings.from_json({"follow_suggestions": "yes"}).follow_suggestions is False


def test_ms_the_draw_of_a_message_is_said_once_in_the_log() -> None:
    from carcassonne_desktop.engine.events import OutcomeRevealed

    assert describe(OutcomeRevealed("messages", 1, 2), NAMES) is None
    assert describe(OutcomeRevealed("die", 3, 0), NAMES) != ""


def test_ms_the_card_keeps_above_the_score_track_regression_card_under_the_track() -> None:
    """Under Xvfb the card sat in the board's corner partly under the score
    track (a view off the board): it now keeps inside the free area."""
    from carcassonne_desktop.ui.resources import reset_font_cache

    pygame.init()
    reset_font_cache()  # fonts of an earlier test's pygame session are dead
    camera = Camera(pygame.Rect(0, 0, 900, 800))
    camera.set_viewport(pygame.Rect(0, 0, 900, 800), free_area=pygame.Rect(0, 150, 900, 490))
    surface = pygame.Surface((900, 800))
    surface.fill((1, 2, 3))
    draw_card(surface, camera, _position("ms_chain_of_two_messages", 14), None)
    below = surface.subsurface(pygame.Rect(0, 640, 900, 160)).copy()
    untouched = pygame.Surface(below.get_size())
    untouched.fill((1, 2, 3))
    assert pygame.image.tobytes(below, "RGB") == pygame.image.tobytes(untouched, "RGB")
