"""The window, the main loop and the wiring between scenes.

The loop owns the clock and the pygame-gui ``UIManager``. Each event goes to
the UI manager first; an event it consumes (a click on a button, typing in a
text field) never reaches the scene, so a click on a button cannot also place a
tile under it. F11 toggles full screen anywhere.

Parts built elsewhere plug in through :class:`AppHooks` (the game scene
factory, saved-game callbacks, the computer levels and the expansion list).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from carcassonne_desktop import i18n
from carcassonne_desktop.persistence.settings import Settings, load_settings, save_settings
from carcassonne_desktop.ui.resources import colour, load_theme, reset_font_cache
from carcassonne_desktop.ui.scene import Scene, SceneStack
from carcassonne_desktop.ui.sound import SoundBoard
from carcassonne_desktop.ui.tooltips import TidyUIManager

_log = logging.getLogger(__name__)

MIN_WINDOW = (960, 640)
FPS = 60
# Nobody touching the game (or the window in the background) needs fewer
# frames: a family laptop should not spin its fan for a game left open.
IDLE_FPS = 15
BACKGROUND_FPS = 10
IDLE_AFTER_SECONDS = 3.0
# Left alone for longer, a screen where nothing moves is drawn once and then
# only when something happens: no redraw, no copy to the window (which costs
# ~35 ms a frame on an X server without a GPU). Animations pause meanwhile.
REST_AFTER_SECONDS = 30.0
REST_FPS = 5
INPUT_EVENTS = frozenset({pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                          pygame.MOUSEWHEEL, pygame.KEYDOWN, pygame.KEYUP})

DEFAULT_EXPANSIONS: list[dict[str, Any]] = [
    {"id": "base", "name": {"fr": "Jeu de base", "en": "Base game"},
     "description": {"fr": "Routes, villes, abbayes et prés.", "en": "Roads, cities, cloisters and fields."}},
]


@dataclass
class AppHooks:
    """What the rest of the game plugs into the interface.

    - ``game_factory(app, setup)`` builds the game scene from a setup dict
      (DESIGN.md section 5 "setup").
    - ``has_saved_game()`` enables the Continue button.
    - ``on_continue(app)`` / ``on_load(app)`` resume or pick a saved game.
    - ``ai_levels`` are the computer controller levels ("random", "medium"...);
      a seat's controller becomes ``"ai:<level>"``.
    - ``expansions``: ``{"id", "name": {"fr","en"}, "description": {"fr","en"}}``.
    """

    game_factory: Callable[[App, dict[str, Any]], Scene] | None = None
    has_saved_game: Callable[[], bool] = lambda: False
    on_continue: Callable[[App], None] | None = None
    on_load: Callable[[App], None] | None = None
    ai_levels: list[str] = field(default_factory=lambda: ["random"])
    expansions: list[dict[str, Any]] = field(default_factory=lambda: list(DEFAULT_EXPANSIONS))


class App:
    """The application: window, UI manager, settings and the scene stack."""

    def __init__(self, hooks: AppHooks | None = None, settings: Settings | None = None,
                 settings_file: Path | None = None, size: tuple[int, int] | None = None) -> None:
        self.hooks = hooks or AppHooks()
        self.settings_file = settings_file
        self.settings = settings if settings is not None else load_settings(settings_file)
        # Only what the game uses: initialising the mixer too would make SDL
        # probe the sound hardware and print ALSA warnings on machines without it.
        pygame.display.init()
        pygame.font.init()
        reset_font_cache()
        pygame.key.set_repeat(350, 35)
        self.last_input_ms = pygame.time.get_ticks()  # a new window counts as touched
        #: True inside run() (a real window): tests step frames themselves and
        #: always draw.
        self.realtime = False
        self._rest_frame_drawn = False
        self.fullscreen = bool(self.settings.fullscreen)
        self.sounds = SoundBoard(enabled=bool(self.settings.sound))
        self._windowed_size = size or self.settings.window_size
        self.screen = self._open_window()
        language = self.settings.language or i18n.detect_default_language()
        self.manager = TidyUIManager(
            self.screen.get_size(),
            load_theme(),
            enable_live_theme_updates=False,
            starting_language=language,
            translation_directory_paths=i18n.translation_paths(),
            avoid=self._tooltip_avoid,
        )
        # bold text inside text boxes (<b> in the rules) uses a font the theme does not list
        self.manager.preload_fonts([{"name": "dejavu", "point_size": 17, "style": "bold"}])
        i18n.set_language(language, self.manager)
        pygame.display.set_caption(i18n.tr("app.window_title"))
        self.stack = SceneStack()
        self.clock = pygame.time.Clock()
        self.running = True
        #: True in a real window (``run``, the launcher): an error in a scene is
        #: shown and the game goes back to the main menu instead of closing
        #: (``recover``). Tests step frames themselves and see errors raised.
        self.recovers = False
        self._just_recovered = False
        self.error_window: pygame_gui.windows.UIMessageWindow | None = None

    # ----------------------------------------------------------------- window

    @property
    def screen_size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def _tooltip_avoid(self) -> list[pygame.Rect]:
        """What the screen on top keeps clear of tooltips (ui/tooltips.py)."""
        stack = getattr(self, "stack", None)
        top = stack.top if stack is not None else None
        return top.tooltip_avoid() if top is not None else []

    def _open_window(self) -> pygame.Surface:
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        w = max(MIN_WINDOW[0], self._windowed_size[0])
        h = max(MIN_WINDOW[1], self._windowed_size[1])
        return pygame.display.set_mode((w, h), pygame.RESIZABLE)

    def set_fullscreen(self, on: bool) -> None:
        """Switch between full screen and a resizable window (remembered in settings)."""
        if on == self.fullscreen:
            return
        if not self.fullscreen:
            self._windowed_size = self.screen.get_size()
        self.fullscreen = on
        self.screen = self._open_window()
        self.settings.fullscreen = on
        self.save_settings()
        self._resized()

    def toggle_fullscreen(self) -> None:
        self.set_fullscreen(not self.fullscreen)

    def _resized(self) -> None:
        size = self.screen.get_size()
        self.manager.set_window_resolution(size)
        if not self.fullscreen:
            self.settings.window_size = size
        self.stack.broadcast_resize(size)

    # ----------------------------------------------------------------- settings, language

    def save_settings(self) -> None:
        save_settings(self.settings, self.settings_file)

    def set_language(self, code: str | None) -> None:
        """Switch every text (widgets and drawn text) and remember the choice
        (None: follow the system's language, now and at every start)."""
        used = i18n.set_language(code or i18n.detect_default_language(), self.manager)
        self.settings.language = used if code is not None else None
        self.save_settings()
        pygame.display.set_caption(i18n.tr("app.window_title"))
        self.stack.broadcast_language()

    # ----------------------------------------------------------------- navigation

    def start(self) -> None:
        """Show the main menu."""
        from carcassonne_desktop.ui.menu_scene import MainMenuScene

        self.stack.clear()
        self.stack.push(MainMenuScene(self))

    def start_game(self, setup: dict[str, Any]) -> None:
        """Remember a setup and open the game scene built by the hooks' factory."""
        self.settings.last_setup = setup
        self.save_settings()
        if self.hooks.game_factory is None:
            return
        self.stack.push(self.hooks.game_factory(self, setup))

    def quit(self) -> None:
        self.running = False

    def _untouched_for(self) -> float:
        """Seconds since the last mouse or keyboard input."""
        return (pygame.time.get_ticks() - self.last_input_ms) / 1000.0

    @property
    def resting(self) -> bool:
        """Nobody has touched the game for a while and nothing is moving."""
        if self._untouched_for() <= REST_AFTER_SECONDS:
            return False
        top = self.stack.top
        return top is None or not top.in_motion()

    def frame_rate(self) -> int:
        if self.resting:
            return REST_FPS
        if not pygame.display.get_active():
            return BACKGROUND_FPS
        top = self.stack.top
        idle = self._untouched_for() > IDLE_AFTER_SECONDS
        if top is not None and top.in_motion():
            lower = top.motion_fps()
            return lower if lower is not None and idle else FPS
        return IDLE_FPS if idle else FPS

    # ----------------------------------------------------------------- loop

    def process_event(self, event: pygame.event.Event) -> None:
        """Route one event: window events, F11, then the UI manager, then the scene."""
        if event.type in INPUT_EVENTS:
            self.last_input_ms = pygame.time.get_ticks()
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE and not self.fullscreen:
            w, h = max(MIN_WINDOW[0], event.w), max(MIN_WINDOW[1], event.h)
            if (w, h) != self.screen.get_size():
                self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
            self._resized()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if self._error_window_takes(event):
            return
        if self.manager.process_events(event):
            return
        self.stack.handle_event(event)

    def step(self, dt: float | None = None) -> bool:
        """One frame: events, update, draw. Returns False once the app should stop.

        With ``recovers`` on, an error raised by a scene during the frame goes to
        :meth:`recover` rather than out of the main loop (which closed the game).
        """
        if not self.recovers:
            return self._frame(dt)
        try:
            alive = self._frame(dt)
        except Exception as error:
            self.recover(error)
            return self.running and len(self.stack) > 0
        self._just_recovered = False
        return alive

    def recover(self, error: Exception) -> None:
        """A scene raised: log it, save every game on the stack, go back to the
        main menu and say so in a window (the error on one line).

        If the menu itself fails before one frame went through since the last
        recovery, there is nothing left to go back to: the error is raised again.
        """
        if self._just_recovered:
            raise error
        self._just_recovered = True
        _log.error("error in %s: back to the main menu", type(self.stack.top).__name__,
                   exc_info=error)
        saved = self.stack.rescue()
        self.stack.abandon()
        if self.error_window is not None:
            self.error_window.kill()
        self.start()
        from carcassonne_desktop.ui.error_notice import show_error_notice

        self.error_window = show_error_notice(self.manager, self.screen_size, error, saved)

    def _error_window_takes(self, event: pygame.event.Event) -> bool:
        """Enter or Escape closes the error window, rather than start a new game
        (or leave) from the menu under it."""
        window = self.error_window
        if window is None or not window.alive() or event.type != pygame.KEYDOWN or \
                event.key not in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
            return False
        window.kill()
        self.error_window = None
        return True

    def _frame(self, dt: float | None) -> bool:
        if dt is None:
            dt = self.clock.tick(self.frame_rate()) / 1000.0
        events = pygame.event.get()
        for event in events:
            self.process_event(event)
            if not self.running:
                return False
        resting = self.realtime and self.resting and not events
        # While resting, time stands still for the scenes (pulses, the drifting
        # menu landscape), so the one frame on screen stays true.
        self.stack.update(0.0 if resting else dt)
        self.manager.update(dt)
        if resting:
            if self._rest_frame_drawn:
                return self.running and len(self.stack) > 0  # the window already shows it
            self._rest_frame_drawn = True
        else:
            self._rest_frame_drawn = False
        top = self.stack.top
        if top is None or not getattr(top, "covers_screen", False):
            self.screen.fill(colour("ui", "window"))  # a full-screen clear costs ~1.5 ms: skipped when not needed
        self.stack.draw(self.screen)
        self.manager.draw_ui(self.screen)
        pygame.display.flip()
        return self.running and len(self.stack) > 0

    def run(self) -> int:
        """Run until the player quits; returns a process exit status."""
        if not len(self.stack):
            self.start()
        self.realtime = True
        self.recovers = True
        try:
            while self.step():
                pass
        finally:
            self.save_settings()
            self.close()
        return 0

    def close(self) -> None:
        """Tear the window down so another App can start cleanly in the same
        process: the translation switcher must forget this UIManager, whose
        fonts die with pygame."""
        self.stack.clear()
        i18n.unregister_manager(self.manager)
        pygame.quit()


def run_app(hooks: AppHooks | None = None) -> int:
    """Open the window on the main menu (what ``carcassonne`` with no arguments does)."""
    os.environ.setdefault("SDL_VIDEO_CENTERED", "1")
    return App(hooks).run()
