"""The Catapult's scenes, what the hurl and the catch share: the table's
helper (steady hand), the timings, the pull by mouse and the aim by keys,
and small drawing helpers (see ``catapult_scene`` for the two scenes)."""

from __future__ import annotations

from typing import Any

import pygame

from carcassonne_desktop import i18n
from carcassonne_desktop.ui.expansions.catapult_aim import (
    KEY_POWER,
    KEY_START,
    KEY_TURN,
    key_pull,
)
from carcassonne_desktop.ui.expansions.catapult_art import rgb
from carcassonne_desktop.ui.resources import font

#: The table's helper (steady hand, landing point shown), for every hurler:
#: read from the settings (``steady_hand``) when a hurl opens, saved there
#: when a player switches it during a hurl.
TABLE = {"helper": False}
#: How long the flight and the showing of its effects last (seconds).
FLIGHT_SECONDS, SHOW_SECONDS = 0.9, 1.4
#: Where the catapult stands in the window: centred, this far above the bottom.
LAUNCH_FROM_BOTTOM = 70

#: The drawn pull of the catapult's arm is at most this long (pixels): a
#: long pull with the mouse drew the token out of the window.
ARM_PULL = 46
#: A computer catcher's hand closes this far from the right moment (seconds,
#: standard deviation), by level.
CATCHER_SPREAD = {"random": 0.2, "easy": 0.16, "greedy": 0.12, "medium": 0.1,
                  "mcts": 0.06, "hard": 0.06}


def draw_text(surface: pygame.Surface, text: str, pos: tuple[float, float], size: int = 20,
          colour: pygame.Color | None = None, centre: bool = False, bold: bool = False,
          backing: bool = False) -> pygame.Rect:
    """A line of text at ``pos`` (its centre with ``centre``); a centred line
    stays inside the window: the name under the catch's hurler, at the
    window's left edge, read "e-Christine Delacroi". With ``backing`` it sits
    on the header's colour: a line drawn straight over the tiles was hard to
    read. Returns where it went."""
    image = font(size, bold=bold).render(text, True, colour or rgb("ink"))
    rect = image.get_rect()
    if centre:
        rect.center = (round(pos[0]), round(pos[1]))
        rect.clamp_ip(surface.get_rect())
    else:
        rect.topleft = (round(pos[0]), round(pos[1]))
    if backing:
        pygame.draw.rect(surface, rgb("header"), rect.inflate(16, 8), border_radius=6)
    surface.blit(image, rect)
    return rect


def helper_box(size: tuple[int, int]) -> pygame.Rect:
    """The helper's box, its label after it, both inside the window."""
    label = font(17).size(i18n.tr("catapult.scene.helper"))[0]
    return pygame.Rect(size[0] - label - 52, 14, 24, 24)


def draw_helper(surface: pygame.Surface) -> None:
    box = helper_box(surface.get_size())
    pygame.draw.rect(surface, rgb("paper"), box, border_radius=4)
    if TABLE["helper"]:
        pygame.draw.lines(surface, rgb("tick"), False,
                          [(box.x + 5, box.centery), (box.x + 10, box.bottom - 6),
                           (box.right - 4, box.y + 5)], 3)
    draw_text(surface, i18n.tr("catapult.scene.helper"), (box.right + 8, box.y + 2), 17)


def toggle_helper(event: pygame.event.Event, size: tuple[int, int], app: Any = None) -> bool:
    if (event.type == pygame.KEYDOWN and event.key == pygame.K_h) or (
            event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
            and helper_box(size).inflate(8, 8).collidepoint(event.pos)):
        TABLE["helper"] = not TABLE["helper"]
        settings = getattr(app, "settings", None)
        if settings is not None and hasattr(settings, "steady_hand"):
            settings.steady_hand = TABLE["helper"]
            app.save_settings()
        return True
    return False


def lost_focus(event: pygame.event.Event) -> bool:
    return event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWLEAVE) or (
        event.type == pygame.ACTIVEEVENT and getattr(event, "gain", 1) == 0)


def tile_distance(hundredths: int) -> str:
    """A distance in tiles as the language writes it ("0,14" in French)."""
    text = f"{hundredths / 100:.2f}"
    return text.replace(".", ",") if i18n.current_language() == "fr" else text


class Pull:
    """Press, pull back, let go: the slingshot of both mini-games. A lost
    focus or Escape drops the pull (never a hurl).

    The pull follows the mouse's movements, not its place in the window:
    the catapult stands at the bottom of the window, so a press on it left
    a pull back of a few pixels before the pointer met the window's edge
    (a third of the power at 1920x1080). While pulling, the mouse is held
    in the window (SDL's relative mode) and the pull may run past the edge."""

    def __init__(self) -> None:
        self.press: tuple[float, float] | None = None
        self.pointer: tuple[float, float] | None = None
        #: The mouse's last place in the window (a move without ``rel`` moves the pull by its change).
        self._seen: tuple[float, float] = (0, 0)

    @property
    def pulling(self) -> bool:
        return self.press is not None and self.pointer is not None

    def _moved(self, event: pygame.event.Event) -> None:
        """Move the pull by the mouse's movement: its ``rel`` (past the
        window's edge too), else the change of its place."""
        assert self.pointer is not None
        dx, dy = getattr(event, "rel", (0, 0)) if event.type == pygame.MOUSEMOTION else (0, 0)
        if (dx, dy) == (0, 0):
            dx, dy = event.pos[0] - self._seen[0], event.pos[1] - self._seen[1]
        self._seen = event.pos
        self.pointer = (self.pointer[0] + dx, self.pointer[1] + dy)

    def feed(self, event: pygame.event.Event
             ) -> tuple[bool, tuple[tuple[float, float], tuple[float, float]] | None]:
        """(whether the event was the gesture's, (press, release) once let go)."""
        if lost_focus(event) or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self._let_go()
            return True, None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.press = self.pointer = self._seen = event.pos
            _hold_mouse(True)
            return True, None
        if event.type == pygame.MOUSEMOTION and self.press is not None and self.pointer is not None:
            self._moved(event)
            return True, None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.press is not None:
            if self.pointer is not None:
                self._moved(event)
            pulled = (self.press, self.pointer or event.pos)
            self._let_go()
            return True, pulled
        return False, None

    def _let_go(self) -> None:
        """The pull ends: the mouse is free again, back where it was pressed."""
        if self.press is not None:
            _hold_mouse(False, self.press)
        self.press = self.pointer = None


def _hold_mouse(held: bool, back_to: tuple[float, float] | None = None) -> None:
    """Hold the mouse in the window for a pull (its movements only), or
    free it again at ``back_to``; nothing where the display cannot."""
    if pygame.display.get_surface() is None:  # no window (a test's surface)
        return
    try:
        pygame.mouse.set_relative_mode(held)
        if back_to is not None:
            pygame.mouse.set_pos(back_to)
    except pygame.error:
        pass


class KeyAim:
    """The hurl by keyboard, for a player without a mouse: Left and Right
    turn the aim, Up and Down set the power, Enter or Space lets go. The aim
    is turned into the pull a drag would make (`key_pull`), so a key hurl
    lands by the same rule. A lost focus or Escape drops it (never a hurl)."""

    TURN = {pygame.K_LEFT: -KEY_TURN, pygame.K_RIGHT: KEY_TURN}
    POWER = {pygame.K_UP: KEY_POWER, pygame.K_DOWN: -KEY_POWER}
    RELEASE = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)

    def __init__(self) -> None:
        self.angle = KEY_START
        self.level = 0.0
        self.aiming = False

    def feed(self, event: pygame.event.Event) -> tuple[bool, bool]:
        """(whether the event was the aim's, whether it let go)."""
        if lost_focus(event) or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.aiming, self.level = False, 0.0
            return event.type == pygame.KEYDOWN, False
        if event.type != pygame.KEYDOWN:
            return False, False
        if event.key in self.TURN:
            self.angle += self.TURN[event.key]
            self.aiming = True
            return True, False
        if event.key in self.POWER:
            self.level = min(max(self.level + self.POWER[event.key], 0.0), 1.0)
            self.aiming = True
            return True, False
        if event.key in self.RELEASE and self.aiming:
            return True, True
        return False, False

    def pull(self, anchor: tuple[float, float]
             ) -> tuple[tuple[float, float], tuple[float, float]]:
        return key_pull(anchor, self.angle, self.level)


def draw_power(surface: pygame.Surface, level: float) -> None:
    """The power bar at the right of the window, filled to ``level`` (0 to 1)."""
    bar = pygame.Rect(surface.get_width() - 50, surface.get_height() - 260, 24, 200)
    pygame.draw.rect(surface, rgb("bar"), bar.inflate(6, 6), border_radius=6)
    filled = pygame.Rect(bar.x, bar.bottom - round(bar.height * level), bar.width,
                         round(bar.height * level))
    pygame.draw.rect(surface, rgb("power_low").lerp(rgb("power_high"), level), filled,
                     border_radius=4)
    draw_text(surface, i18n.tr("catapult.scene.power"), (bar.centerx, bar.bottom + 16), 15,
          centre=True)


def player_names(game: Any) -> list[str]:
    return [p.name for p in game.setup.players]
