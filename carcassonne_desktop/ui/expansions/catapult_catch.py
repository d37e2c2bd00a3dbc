"""The Catapult's catch (decision `catapult_catch`): a side view, the hurler
pulls and lets go, the catcher closes the hand with a click or the space bar
(see ``catapult_scene`` for how the two mini-games behave)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pygame

from carcassonne_desktop import i18n
from carcassonne_desktop.engine.expansions.catapult import (
    CatchOutcome,
    catcher_of,
)
from carcassonne_desktop.ui.art.meeples import render_meeple
from carcassonne_desktop.ui.board_layer import player_colours
from carcassonne_desktop.ui.expansions.catapult_aim import (
    BOARD_END,
    BOARD_START,
    CATCH_WINDOW,
    HAND,
    SPEED,
    TOUCH_WINDOW,
    catch_outcome,
    power,
    throw_length,
)
from carcassonne_desktop.ui.expansions.catapult_art import draw_token, limit, rgb
from carcassonne_desktop.ui.expansions.catapult_controls import (
    CATCHER_SPREAD,
    SHOW_SECONDS,
    KeyAim,
    Pull,
    draw_power,
    draw_text,
    player_names,
)
from carcassonne_desktop.ui.scene import Scene


class CatchScene(Scene):
    """A throw to the left neighbour, seen from the side."""

    def __init__(self, app: Any, game: Any, decision: Any,
                 answer: Callable[[Any], None]) -> None:
        super().__init__(app)
        self.game = game
        self.answer = answer
        self.hurler = decision.player
        self.catcher = catcher_of(game, decision.player)
        self.gesture = Pull()
        #: The throw by keyboard: Up and Down set the power, Enter or Space
        #: lets go (found playing by keys only: the catch's throw waited for a
        #: mouse drag for ever).
        self.keys = KeyAim()
        self.pull: float | None = None  # the power, once let go
        self.clock = 0.0
        self.closed_at: float | None = None
        self.outcome: str | None = None
        #: A computer's catch being shown: the outcome it already has.
        self.forced: str | None = None
        #: A computer's throw to a person, waiting for them to be ready.
        self.ready_pull: float | None = None
        self.shown = 0.0
        self.answered = False
        self.size = app.screen_size if app is not None else (1280, 800)
        controller = game.setup.players[self.catcher].controller
        self.computer_catcher = controller.startswith("ai:")
        self.computer_hurler = False
        if self.computer_catcher:
            level = controller.split(":", 1)[1]
            rng = random.Random(f"{game.setup.seed}:{len(game.history)}:catch")
            self.computer_late = rng.gauss(0.0, CATCHER_SPREAD.get(level, 0.1))

    @classmethod
    def watch(cls, app: Any, game: Any, decision: Any, action: Any,
              done: Callable[[Any], None]) -> CatchScene:
        """A computer's throw. To a person, who catches it here (the
        computer's own outcome says only whether the throw was long enough);
        to a computer, played out as the computer's outcome says, for the
        people at the table to see (the hand closes in time, a little off,
        or too late), and that outcome is the answer. A person catches only
        once ready: the computer throws at their click or key (found
        playing: the token flew while the mouse was still in the previous
        player's hand, and the catch was lost)."""
        scene = cls(app, game, decision, done)
        scene.computer_hurler = True
        pull = 0.35 if action.outcome == "short" else 1.0
        if not scene.computer_catcher:
            scene.ready_pull = pull
            return scene
        scene.pull = pull
        scene.forced = action.outcome
        scene.computer_late = {"caught": 0.0, "touched": (CATCH_WINDOW + TOUCH_WINDOW) / 2
                               }.get(action.outcome, 2 * TOUCH_WINDOW)
        return scene

    def _x(self, table: float) -> float:
        width = self.size[0]
        return 80 + table * (width - 160)

    def on_resize(self, size: tuple[int, int]) -> None:
        self.size = size
        super().on_resize(size)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.ready_pull is not None:
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
                self.pull, self.ready_pull = self.ready_pull, None
                self.clock = 0.0
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)
        if self.pull is None:
            keyed, released = self.keys.feed(event)
            if released and self.keys.level > 0.03:
                self.pull = self.keys.level
                self.clock = 0.0
            used, pulled = self.gesture.feed(event)
            if pulled is not None and power(*pulled) > 0.03:
                self.pull = power(*pulled)
                self.clock = 0.0
            return keyed or used or event.type == pygame.KEYDOWN
        closing = (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN))
        if closing and self.closed_at is None and self.outcome is None \
                and not self.computer_catcher:
            self.closed_at = self.clock
        return True

    def in_motion(self) -> bool:
        return self.pull is not None or self.gesture.press is not None

    def update(self, dt: float) -> None:
        if self.pull is None or self.answered:
            return
        self.clock += dt
        if self.computer_catcher and self.closed_at is None:
            arrives = HAND / SPEED
            if self.clock >= arrives + self.computer_late:
                self.closed_at = self.clock
        landed = min(throw_length(self.pull), 1.15) / SPEED
        if self.outcome is None and (self.clock >= landed or self.closed_at is not None
                                     and self.clock >= HAND / SPEED):
            self.outcome = self.forced or catch_outcome(self.pull, self.closed_at)
        if self.outcome is not None:
            self.shown += dt
            if self.shown >= SHOW_SECONDS:
                self.answered = True
                self.answer(CatchOutcome(self.outcome))

    def token_at(self) -> tuple[float, float]:
        """The token in the side view: table distance and height (0 to 1)."""
        assert self.pull is not None
        length = throw_length(self.pull)
        travelled = min(self.clock * SPEED, length)
        if self.outcome == "caught":
            travelled = min(travelled, HAND)
        share = travelled / length if length else 1.0
        return travelled, 4 * share * (1 - share)

    def draw(self, surface: pygame.Surface) -> None:
        self.size = surface.get_size()
        width, height = self.size
        ground = height - 160
        _sky(surface, ground)
        pygame.draw.rect(surface, rgb("grass"), pygame.Rect(0, ground, width, 160))
        pygame.draw.rect(surface, rgb("grass_dark"), pygame.Rect(0, ground, width, 6))
        names = player_names(self.game)
        colours = player_colours(self.game)
        # the measuring board, a wooden ruler with its marks
        board = pygame.Rect(round(self._x(BOARD_START)), ground - 18,
                            round(self._x(BOARD_END) - self._x(BOARD_START)), 18)
        pygame.draw.rect(surface, rgb("ruler"), board, border_radius=3)
        pygame.draw.rect(surface, rgb("ruler_tick"), board, 2, border_radius=3)
        for i in range(1, 10):
            tick = board.x + i * board.width / 10
            pygame.draw.line(surface, rgb("ruler_tick"), (tick, board.y + 2),
                             (tick, board.y + (9 if i % 5 == 0 else 6)), 2)
        # the hurler and the catcher, as their figures
        hx, cx = self._x(0.0), self._x(HAND)
        for seat, x in ((self.hurler, hx), (self.catcher, cx + 40)):
            figure = render_meeple("follower", colours[seat], 96)
            surface.blit(figure, figure.get_rect(midbottom=(round(x), ground + 4)))
        hand_open = self.closed_at is None
        hand = (round(cx), ground - 130)
        pygame.draw.line(surface, rgb("skin_edge"), (cx + 30, ground - 70), hand, 8)
        pygame.draw.circle(surface, rgb("skin_edge"), hand, 24 if hand_open else 16)
        pygame.draw.circle(surface, rgb("skin"), hand, 21 if hand_open else 13)
        draw_text(surface, names[self.hurler], (hx, ground + 20), 20, centre=True, bold=True)
        draw_text(surface, names[self.catcher], (cx + 40, ground + 20), 20, centre=True, bold=True)
        # the token
        if self.pull is None:
            grip = (hx + 30, ground - 110)
            press, pointer = self.gesture.press, self.gesture.pointer
            if press is not None and pointer is not None:
                back = limit((pointer[0] - press[0], pointer[1] - press[1]), 60)
                grip = (grip[0] + back[0], grip[1] + back[1])
            elif self.keys.aiming:
                grip = (grip[0] - 60 * self.keys.level, grip[1])
            draw_token(surface, "catch", grip, 14)
            say = (i18n.tr("catapult.scene.catch_ready", name=names[self.catcher],
                           hurler=names[self.hurler]) if self.ready_pull is not None
                   else i18n.tr("catapult.scene.catch_pull", name=names[self.hurler]))
        else:
            travelled, rise = self.token_at()
            tx = self._x(travelled)
            ty = ground - 20 - rise * (ground - 260) if self.outcome != "caught" else hand[1]
            draw_token(surface, "catch", (tx, ty), 14)
            if self.outcome is not None:
                say = i18n.tr(f"catapult.outcome.{self.outcome}")
            elif self.computer_catcher:
                say = i18n.tr("catapult.scene.catch_watch", name=names[self.catcher])
            else:
                say = i18n.tr("catapult.scene.catch_close", name=names[self.catcher])
        pygame.draw.rect(surface, rgb("header"), pygame.Rect(0, 0, width, 52))
        draw_text(surface, i18n.tr("catapult.scene.catch_title", hurler=names[self.hurler],
                               catcher=names[self.catcher]), (20, 6), 22, bold=True)
        draw_text(surface, say, (20, 30), 16)
        if self.gesture.press is not None and self.gesture.pointer is not None:
            draw_power(surface, power(self.gesture.press, self.gesture.pointer))
        elif self.pull is None and self.keys.aiming:
            draw_power(surface, self.keys.level)


def _sky(surface: pygame.Surface, ground: int) -> None:
    """The catch's sky, lighter towards the horizon."""
    top, bottom = rgb("sky_top"), rgb("sky_bottom")
    width = surface.get_width()
    bands = 40
    for i in range(bands):
        y0, y1 = ground * i // bands, ground * (i + 1) // bands
        pygame.draw.rect(surface, top.lerp(bottom, i / (bands - 1)), pygame.Rect(0, y0, width, y1 - y0))
