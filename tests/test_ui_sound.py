"""Sound effects: which events ring, silence when off, no error without a device."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import wave

import pygame

from carcassonne_desktop.engine.events import (
    FigureDeployed,
    FigureReturned,
    GameOver,
    PointsScored,
    TilePlaced,
)
from carcassonne_desktop.ui import sound
from carcassonne_desktop.ui.resources import asset_path
from carcassonne_desktop.ui.sound import SOUND_NAMES, SoundBoard, sounds_for


def test_every_effect_is_a_short_mono_wav() -> None:
    for name in SOUND_NAMES:
        with wave.open(str(asset_path("sounds", f"{name}.wav"))) as w:
            assert w.getnchannels() == 1 and w.getsampwidth() == 2
            assert 0.05 < w.getnframes() / w.getframerate() < 2.0, name


def test_events_map_to_effects_once_each() -> None:
    events = [
        TilePlaced(0, "base/E", 0, -1, 2),
        PointsScored((0,), 4, "city", ((0, 0), (0, -1)), "completed"),
        PointsScored((1,), 2, "road", ((1, 0),), "completed"),
        FigureReturned(0, "follower", 0, -1, "S"),
    ]
    assert sounds_for(events) == ["tile", "score"]
    assert sounds_for([FigureDeployed(1, "abbot", 0, 0, "C")]) == ["figure"]
    assert sounds_for([PointsScored((), 0, "city", (), "completed"), GameOver((), ())]) == ["game_over"]


def test_off_means_silent_and_a_missing_device_is_no_error(monkeypatch) -> None:
    board = SoundBoard(enabled=False)
    board.play("tile")
    assert board.history == [] and board.available is None  # the mixer was not even opened

    def no_device(*args, **kwargs):
        raise pygame.error("ALSA: Couldn't open audio device")

    monkeypatch.setattr(sound.pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(sound.pygame.mixer, "init", no_device)
    broken = SoundBoard()
    broken.play("tile")
    broken.play("score")
    assert broken.available is False and broken.history == ["tile", "score"]


def test_sounds_play_on_the_dummy_device() -> None:
    pygame.init()
    try:
        board = SoundBoard(volume=0.5)
        board.play("tile")
        assert board.available is True
        board.set_volume(2.0)
        assert board.volume == 1.0
        board.set_enabled(False)
        board.play("score")
        assert board.history == ["tile"]
    finally:
        pygame.quit()


def test_sound_card_probing_stays_out_of_the_terminal(capfd) -> None:
    """Regression: without a sound card, ALSA printed a dozen lines to the
    player's terminal when the first sound was tried."""
    import os

    import pytest

    from carcassonne_desktop.ui.sound import _without_c_stderr

    def noisy() -> None:
        os.write(2, b"ALSA lib pcm.c: Unknown PCM default\n")

    _without_c_stderr(noisy)

    def failing() -> None:
        os.write(2, b"ALSA again\n")
        raise RuntimeError("no device")

    with pytest.raises(RuntimeError):
        _without_c_stderr(failing)
    os.write(2, b"still here\n")
    err = capfd.readouterr().err
    assert "ALSA" not in err and "still here" in err
