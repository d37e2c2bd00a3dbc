"""Sound effects: a knock when a tile or a figure goes down, a bell for
points, a short tune at the end of the game.

A family computer may have no sound device, a broken one, or one the game
should not grab while muted: the mixer is opened only when the first sound
is due and only if sound is on, and any failure turns sound off for the
session instead of reaching the player. The effects come from
`assets/sounds/` (synthesised by `make_sounds.py` there).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterable

import pygame

from carcassonne_desktop.engine.events import (
    Event,
    FigureDeployed,
    GameOver,
    PointsScored,
    TilePlaced,
)
from carcassonne_desktop.ui.resources import asset_path

SOUND_NAMES = ("tile", "figure", "score", "illegal", "game_over", "turn")

_log = logging.getLogger(__name__)


class SoundBoard:
    """Plays the named effects at the chosen volume; silent when sound is off
    or the machine cannot play it."""

    def __init__(self, enabled: bool = True, volume: float = 0.7) -> None:
        self.enabled = enabled
        self.volume = min(max(volume, 0.0), 1.0)
        self.available: bool | None = None  # None: not tried yet
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        #: The last effects asked for while enabled (tests and diagnostics).
        self.history: list[str] = []

    def _open(self) -> bool:
        if self.available is not None:
            return self.available
        try:
            if not pygame.mixer.get_init():
                _without_c_stderr(
                    lambda: pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512))
            for name in SOUND_NAMES:
                sound = pygame.mixer.Sound(str(asset_path("sounds", f"{name}.wav")))
                sound.set_volume(self.volume)
                self._sounds[name] = sound
            self.available = True
        except (pygame.error, OSError, FileNotFoundError) as exc:
            _log.info("no sound: %s", exc)
            self._sounds.clear()
            self.available = False
        return self.available

    def play(self, name: str) -> None:
        if not self.enabled:
            return
        self.history = [*self.history[-31:], name]
        if not self._open():
            return
        sound = self._sounds.get(name)
        if sound is not None:
            sound.play()

    def set_enabled(self, enabled: bool) -> None:
        self.enabled = enabled
        if not enabled and self.available:
            pygame.mixer.stop()

    def set_volume(self, volume: float) -> None:
        self.volume = min(max(volume, 0.0), 1.0)
        for sound in self._sounds.values():
            sound.set_volume(self.volume)


def _without_c_stderr(action: Callable[[], None]) -> None:
    """Run `action` with the process's standard error closed at the C level:
    without a sound card, ALSA prints a dozen lines of its own while SDL
    looks for one, and the player's terminal is no place for them. Python's
    own errors still come through as exceptions."""
    try:
        saved = os.dup(2)
    except OSError:
        action()
        return
    try:
        with open(os.devnull, "wb") as sink:
            os.dup2(sink.fileno(), 2)
            action()
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def sounds_for(events: Iterable[Event]) -> list[str]:
    """The effects a batch of engine events calls for, in order, each at most
    once (a tile that closes two features rings once, not twice)."""
    wanted: list[str] = []
    for event in events:
        if isinstance(event, TilePlaced):
            name = "tile"
        elif isinstance(event, FigureDeployed):
            name = "figure"
        elif isinstance(event, PointsScored) and event.players and event.points > 0:
            name = "score"
        elif isinstance(event, GameOver):
            name = "game_over"
        else:
            continue
        if name not in wanted:
            wanted.append(name)
    return wanted
