"""Scenes and the scene stack.

A scene is one screen (menu, setup, game...). Only the top scene receives
input; scenes below it are paused (their widgets hidden) and drawn only when the
top scene is not opaque (a dialog over the board). ``draw`` must never change
game state: everything that changes happens in ``handle_event`` or ``update``.
"""

from __future__ import annotations

import contextlib
import logging
from typing import TYPE_CHECKING

import pygame
import pygame_gui

if TYPE_CHECKING:
    from carcassonne_desktop.ui.app import App

_log = logging.getLogger(__name__)


class Scene:
    """Base class: override the hooks you need.

    Widgets belong to ``self.root`` (a full-window container) so pausing,
    resuming and rebuilding after a resize or a language change is one call.
    """

    opaque: bool = True

    def __init__(self, app: App | None = None) -> None:
        self.app = app
        self.root: pygame_gui.core.UIContainer | None = None

    # ----------------------------------------------------------------- lifecycle

    @property
    def manager(self) -> pygame_gui.UIManager:
        if self.app is None:
            raise RuntimeError("this scene has no app (and so no UI manager)")
        return self.app.manager

    def enter(self) -> None:
        """Called when the scene becomes active for the first time."""
        self.rebuild_ui()

    def exit(self) -> None:
        """Called when the scene leaves the stack for good."""
        self.kill_ui()

    def pause(self) -> None:
        """Another scene was pushed on top."""
        if self.root is not None:
            self.root.hide()

    def resume(self) -> None:
        """The scene above was popped."""
        if self.root is not None:
            self.root.show()

    def build_ui(self, root: pygame_gui.core.UIContainer) -> None:
        """Create the widgets inside ``root`` (override)."""

    def kill_ui(self) -> None:
        if self.root is not None:
            self.root.kill()
            self.root = None

    def rebuild_ui(self) -> None:
        """Recreate the widgets (after a resize or a language change)."""
        self.kill_ui()
        if self.app is None:
            return
        size = self.app.screen_size
        self.root = pygame_gui.core.UIContainer(pygame.Rect((0, 0), size), self.manager)
        self.build_ui(self.root)

    def on_resize(self, size: tuple[int, int]) -> None:
        del size
        self.rebuild_ui()

    def on_language_changed(self) -> None:
        self.rebuild_ui()

    # ----------------------------------------------------------------- frame

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Return True to consume the event."""
        del event
        return False

    def in_motion(self) -> bool:
        """Whether something moves on screen that needs the full frame rate even
        when nobody touches the mouse or keyboard (an animation, a computer turn)."""
        return False

    def motion_fps(self) -> int | None:
        """A lower frame rate that is enough for what moves now (None: full
        rate). Frames cost the computer players time they could think with."""
        return None

    def update(self, dt: float) -> None:
        del dt

    def draw(self, surface: pygame.Surface) -> None:
        del surface

    def tooltip_avoid(self) -> list[pygame.Rect]:
        """What a tooltip must not cover on this screen (ui/tooltips.py)."""
        return []

    # ----------------------------------------------------------------- errors

    def rescue(self) -> bool | None:
        """Save what this scene holds, because an error is about to close it.

        Called by the app when a scene raised (maybe this one, maybe another):
        True once saved, False when saving failed, None when there is nothing
        to save. Must not draw nor rely on the state that raised.
        """
        return None


class SceneStack:
    """The stack of scenes; the top one is active."""

    def __init__(self) -> None:
        self._scenes: list[Scene] = []

    def __len__(self) -> int:
        return len(self._scenes)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(list(self._scenes))

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def push(self, scene: Scene) -> None:
        if self._scenes:
            self._scenes[-1].pause()
        self._scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        scene.exit()
        if self._scenes:
            self._scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> Scene | None:
        """Swap the top scene for another (the one below stays paused)."""
        old = self._scenes.pop() if self._scenes else None
        if old is not None:
            old.exit()
        self._scenes.append(scene)
        scene.enter()
        return old

    def clear(self) -> None:
        while self._scenes:
            self._scenes.pop().exit()

    def rescue(self) -> list[bool]:
        """Ask every scene to save what it holds (top first); the answers of those
        that had something to save. One that raises counts as not saved."""
        answers: list[bool] = []
        for scene in reversed(self._scenes):
            try:
                answer = scene.rescue()
            except Exception:  # the error being handled may have broken it too
                _log.exception("%s could not be saved", type(scene).__name__)
                answer = False
            if answer is not None:
                answers.append(answer)
        return answers

    def abandon(self) -> None:
        """Empty the stack after an error: every scene exits; one that raises
        while exiting is logged and its widgets removed all the same."""
        while self._scenes:
            scene = self._scenes.pop()
            try:
                scene.exit()
            except Exception:
                _log.exception("%s failed while closing", type(scene).__name__)
                with contextlib.suppress(Exception):
                    scene.kill_ui()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Offer an event to the top scene only; returns whether it was consumed."""
        top = self.top
        return top.handle_event(event) if top is not None else False

    def update(self, dt: float) -> None:
        top = self.top
        if top is not None:
            top.update(dt)

    def visible(self) -> list[Scene]:
        """Scenes to draw, bottom first: from the highest opaque scene up."""
        start = 0
        for i in range(len(self._scenes) - 1, -1, -1):
            if self._scenes[i].opaque:
                start = i
                break
        return self._scenes[start:]

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self.visible():
            scene.draw(surface)

    def broadcast_resize(self, size: tuple[int, int]) -> None:
        for scene in self._scenes:
            scene.on_resize(size)
            if scene is not self.top:
                scene.pause()

    def broadcast_language(self) -> None:
        for scene in self._scenes:
            scene.on_language_changed()
            if scene is not self.top:
                scene.pause()
