"""The Catapult's mini-games, pushed for a human's hurl (decision `catapult`)
and throw to the left neighbour (decision `catapult_catch`).

The hurl: the board seen from above at one fixed scale for everybody, the
catapult below the map in line with the fair. Press anywhere, pull back and
let go (a slingshot): the power bar fills as you pull, the token leaves
opposite the pull, flies (animated, bigger at the top of its arc), lands,
and what it does is shown (figures knocked out, the follower seduced, the
distance to the fair) before the answer goes to the game. The keyboard does
the same: Left and Right turn the aim, Up and Down set the power, Enter or
Space lets go (`KeyAim`). The catch: a side view, the hurler pulls and lets
go, the catcher closes the hand with a click or the space bar when the token
reaches it.

Nothing here ever answers by itself: no time out, and a window that loses
the focus in the middle of a pull drops the pull (the hurl is still to
come), never a half-made hurl. The helper (key H, or its box) steadies the
hand and shows where the token will land; it is a setting of the table,
kept while the program runs, for every hurler.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pygame

from carcassonne_desktop import i18n
from carcassonne_desktop.engine.expansions.catapult import (
    KNOCKOUT,
    SEDUCTION,
    TARGET,
    CatchOutcome,
    Hurl,
    catcher_of,
    current_round,
)
from carcassonne_desktop.engine.expansions.shared.catapult_geometry import (
    TOKEN_RADIUS,
    knocked,
    launch_point,
    nearest_follower,
    on_map,
    target_distance,
)
from carcassonne_desktop.ui.art.meeples import player_rgb, render_meeple
from carcassonne_desktop.ui.board_layer import BoardLayer, player_colours
from carcassonne_desktop.ui.camera import Camera
from carcassonne_desktop.ui.expansions.catapult_aim import (
    BOARD_END,
    BOARD_START,
    CATCH_WINDOW,
    HAND,
    KEY_POWER,
    KEY_START,
    KEY_TURN,
    PIXELS_PER_TILE,
    SPEED,
    TOUCH_WINDOW,
    View,
    catch_outcome,
    flight,
    key_pull,
    power,
    rest_point,
    throw_length,
    wobble,
)
from carcassonne_desktop.ui.expansions.catapult_art import draw_catapult, draw_token, limit, rgb
from carcassonne_desktop.ui.resources import font
from carcassonne_desktop.ui.scene import Scene

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


def _text(surface: pygame.Surface, text: str, pos: tuple[float, float], size: int = 20,
          colour: pygame.Color | None = None, centre: bool = False, bold: bool = False) -> None:
    image = font(size, bold=bold).render(text, True, colour or rgb("ink"))
    rect = image.get_rect()
    if centre:
        rect.center = (round(pos[0]), round(pos[1]))
    else:
        rect.topleft = (round(pos[0]), round(pos[1]))
    surface.blit(image, rect)


def _helper_box(size: tuple[int, int]) -> pygame.Rect:
    """The helper's box, its label after it, both inside the window."""
    label = font(17).size(i18n.tr("catapult.scene.helper"))[0]
    return pygame.Rect(size[0] - label - 52, 14, 24, 24)


def _draw_helper(surface: pygame.Surface) -> None:
    box = _helper_box(surface.get_size())
    pygame.draw.rect(surface, rgb("paper"), box, border_radius=4)
    if TABLE["helper"]:
        pygame.draw.lines(surface, rgb("tick"), False,
                          [(box.x + 5, box.centery), (box.x + 10, box.bottom - 6),
                           (box.right - 4, box.y + 5)], 3)
    _text(surface, i18n.tr("catapult.scene.helper"), (box.right + 8, box.y + 2), 17)


def _toggle_helper(event: pygame.event.Event, size: tuple[int, int], app: Any = None) -> bool:
    if (event.type == pygame.KEYDOWN and event.key == pygame.K_h) or (
            event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
            and _helper_box(size).inflate(8, 8).collidepoint(event.pos)):
        TABLE["helper"] = not TABLE["helper"]
        settings = getattr(app, "settings", None)
        if settings is not None and hasattr(settings, "steady_hand"):
            settings.steady_hand = TABLE["helper"]
            app.save_settings()
        return True
    return False


def _lost_focus(event: pygame.event.Event) -> bool:
    return event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWLEAVE) or (
        event.type == pygame.ACTIVEEVENT and getattr(event, "gain", 1) == 0)


def tile_distance(hundredths: int) -> str:
    """A distance in tiles as the language writes it ("0,14" in French)."""
    text = f"{hundredths / 100:.2f}"
    return text.replace(".", ",") if i18n.current_language() == "fr" else text


class Pull:
    """Press, pull back, let go: the slingshot of both mini-games. A lost
    focus or Escape drops the pull (never a hurl)."""

    def __init__(self) -> None:
        self.press: tuple[float, float] | None = None
        self.pointer: tuple[float, float] | None = None

    @property
    def pulling(self) -> bool:
        return self.press is not None and self.pointer is not None

    def feed(self, event: pygame.event.Event
             ) -> tuple[bool, tuple[tuple[float, float], tuple[float, float]] | None]:
        """(whether the event was the gesture's, (press, release) once let go)."""
        if _lost_focus(event) or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.press = self.pointer = None
            return True, None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.press = self.pointer = event.pos
            return True, None
        if event.type == pygame.MOUSEMOTION and self.press is not None:
            self.pointer = event.pos
            return True, None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.press is not None:
            pulled = (self.press, event.pos)
            self.press = self.pointer = None
            return True, pulled
        return False, None


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
        if _lost_focus(event) or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
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


def _draw_power(surface: pygame.Surface, level: float) -> None:
    """The power bar at the right of the window, filled to ``level`` (0 to 1)."""
    bar = pygame.Rect(surface.get_width() - 50, surface.get_height() - 260, 24, 200)
    pygame.draw.rect(surface, rgb("bar"), bar.inflate(6, 6), border_radius=6)
    filled = pygame.Rect(bar.x, bar.bottom - round(bar.height * level), bar.width,
                         round(bar.height * level))
    pygame.draw.rect(surface, rgb("power_low").lerp(rgb("power_high"), level), filled,
                     border_radius=4)
    _text(surface, i18n.tr("catapult.scene.power"), (bar.centerx, bar.bottom + 16), 15,
          centre=True)


def _names(game: Any) -> list[str]:
    return [p.name for p in game.setup.players]


class HurlScene(Scene):
    """A hurl: the slingshot over the board, the flight, what it did."""

    def __init__(self, app: Any, game: Any, decision: Any,
                 answer: Callable[[Any], None]) -> None:
        super().__init__(app)
        self.game = game
        self.decision = decision
        self.answer = answer
        self.fair, self.token = decision.subject
        self.player = decision.player
        self.launch = launch_point(game, self.fair)
        settings = getattr(app, "settings", None)
        if settings is not None and hasattr(settings, "steady_hand"):
            TABLE["helper"] = bool(settings.steady_hand)
        self.seed = f"{game.setup.seed}:{len(game.history)}:{self.player}"
        self.gesture = Pull()
        self.keys = KeyAim()
        self.rest: tuple[float, float] | None = None
        self.clock = 0.0
        self.answered = False
        self.watching = False
        self.layer = BoardLayer()
        self.layer.sync(game)
        self.size = app.screen_size if app is not None else (1280, 800)

    # ----------------------------------------------------------- geometry
    def view(self) -> View:
        width, height = self.size
        return View(self.launch, (width / 2, height - LAUNCH_FROM_BOTTOM))

    def camera(self) -> Camera:
        width, height = self.size
        anchor = self.view().anchor
        # board points have tile centres at whole numbers; the camera's world
        # puts tile (x, y) over x .. x + 1
        centre = (self.launch[0] + 0.5 + (width / 2 - anchor[0]) / PIXELS_PER_TILE,
                  self.launch[1] + 0.5 + (height / 2 - anchor[1]) / PIXELS_PER_TILE)
        return Camera((0, 0, width, height), zoom=PIXELS_PER_TILE, centre=centre)

    def shake(self) -> tuple[float, float]:
        return (0.0, 0.0) if TABLE["helper"] else wobble(self.seed)

    def pulled(self) -> tuple[tuple[float, float], tuple[float, float]] | None:
        """The pull under way, by the mouse or by the keyboard's aim: (press,
        where the hand is now), window pixels."""
        if self.gesture.press is not None and self.gesture.pointer is not None:
            return self.gesture.press, self.gesture.pointer
        if self.keys.aiming:
            return self.keys.pull(self.view().anchor)
        return None

    def planned(self) -> tuple[float, float] | None:
        """Where the token would land if let go now (what the helper shows)."""
        pull = self.pulled()
        return None if pull is None else rest_point(self.launch, *pull, self.shake())

    # ------------------------------------------------------------- input
    def on_resize(self, size: tuple[int, int]) -> None:
        self.size = size
        super().on_resize(size)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.rest is not None:
            if self.watching and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
                self.clock = max(self.clock, FLIGHT_SECONDS + SHOW_SECONDS)  # seen enough
            return True  # flying: nothing to do but watch
        if self.gesture.press is None and _toggle_helper(event, self.size, self.app):
            return True
        keyed, released = self.keys.feed(event)
        used, pulled = self.gesture.feed(event)
        if released:
            pulled = self.keys.pull(self.view().anchor)
        if pulled is not None:
            rest = rest_point(self.launch, *pulled, self.shake())
            if rest is not None:
                self.rest = rest
                self.clock = 0.0
        if used or keyed:
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)

    def in_motion(self) -> bool:
        return self.rest is not None or self.pulled() is not None

    def update(self, dt: float) -> None:
        if self.rest is None or self.answered:
            return
        self.clock += dt
        if self.clock >= FLIGHT_SECONDS + SHOW_SECONDS:
            self.answered = True
            self.answer(Hurl(self.token, *self.rest))

    @classmethod
    def watch(cls, app: Any, game: Any, decision: Any, action: Any,
              done: Callable[[Any], None]) -> HurlScene:
        """A computer's hurl shown: the same flight and effects, no pull."""
        scene = cls(app, game, decision, done)
        scene.watching = True
        scene.rest = (action.x, action.y)
        return scene

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        self.size = surface.get_size()
        surface.fill(rgb("backdrop"))
        camera = self.camera()
        self.layer.draw(surface, camera, self.game)
        view = self.view()
        fx, fy = self.fair
        corner = view.to_screen((fx - 0.5, fy - 0.5))
        pygame.draw.rect(surface, rgb("good"), pygame.Rect(round(corner[0]), round(corner[1]),
                                                        PIXELS_PER_TILE, PIXELS_PER_TILE), 3)
        if self.token == TARGET:
            self._draw_earlier_targets(surface, view)
        self._draw_catapult(surface, view)
        if self.rest is None and self.pulled() is not None and TABLE["helper"]:
            self._draw_landing(surface, view)
        if self.rest is not None:
            self._draw_flight(surface, view)
        self._draw_header(surface)

    def _draw_earlier_targets(self, surface: pygame.Surface, view: View) -> None:
        """Where the round's earlier target tokens came to rest, ringed in
        their hurler's colour, and the best so far: what this hurl must beat
        (they neither stay nor block, ruling CA4; they are only shown)."""
        rnd = current_round(self.game)
        landed = rnd.landed if rnd is not None else ()
        if not landed:
            return
        colours = player_colours(self.game)
        radius = TOKEN_RADIUS * PIXELS_PER_TILE
        for player, x, y in landed:
            sx, sy = view.to_screen((x, y))
            draw_token(surface, TARGET, (sx, sy), radius * 0.8)
            pygame.draw.circle(surface, player_rgb(colours[player]), (round(sx), round(sy)),
                               round(radius * 0.8) + 2, 3)
        best = min(landed, key=lambda hurl: target_distance(self.fair, hurl[1:]))
        _text(surface, i18n.tr("catapult.scene.best", name=_names(self.game)[best[0]],
                               distance=tile_distance(target_distance(self.fair, best[1:]))),
              (surface.get_width() / 2, 88), 17, centre=True, bold=True)

    def _draw_header(self, surface: pygame.Surface) -> None:
        width = surface.get_width()
        pygame.draw.rect(surface, rgb("header"), pygame.Rect(0, 0, width, 52))
        name = _names(self.game)[self.player]
        colour = player_rgb(player_colours(self.game)[self.player])
        draw_token(surface, self.token, (22, 26), 13)
        pygame.draw.circle(surface, colour, (22, 26), 13, 3)
        _text(surface, i18n.tr("catapult.scene.hurl_title", name=name,
                               token=i18n.tr(f"catapult.token.{self.token}")), (40, 6), 22,
              bold=True)
        _text(surface, i18n.tr(f"catapult.scene.goal.{self.token}"), (40, 30), 16)
        if self.rest is None and not self.watching:
            _draw_helper(surface)
            _text(surface, i18n.tr("catapult.scene.hurl_keys"), (surface.get_width() / 2, 66), 15,
                  centre=True)

    def _draw_catapult(self, surface: pygame.Surface, view: View) -> None:
        """The catapult, its arm drawn back as far as the pull (never out of
        the window), the token in its cup until it flies."""
        pull = self.pulled()
        arm = limit((pull[1][0] - pull[0][0], pull[1][1] - pull[0][1]), ARM_PULL) if pull else (0, 0)
        cup = draw_catapult(surface, view.anchor, arm)
        if self.rest is None:
            draw_token(surface, self.token, cup, TOKEN_RADIUS * PIXELS_PER_TILE)
        if pull is not None:
            _draw_power(surface, power(*pull))

    def _draw_landing(self, surface: pygame.Surface, view: View) -> None:
        """The helper's mark where the token will land if let go now."""
        landing = self.planned()
        if landing is None:
            return
        sx, sy = view.to_screen(landing)
        good = rgb("good")
        pygame.draw.circle(surface, good, (round(sx), round(sy)),
                           round(TOKEN_RADIUS * PIXELS_PER_TILE), 2)
        pygame.draw.line(surface, good, (sx - 8, sy), (sx + 8, sy), 2)
        pygame.draw.line(surface, good, (sx, sy - 8), (sx, sy + 8), 2)

    def _draw_flight(self, surface: pygame.Surface, view: View) -> None:
        assert self.rest is not None
        t = min(self.clock / FLIGHT_SECONDS, 1.0)
        where, height = flight(self.launch, self.rest, t)
        sx, sy = view.to_screen(where)
        radius = TOKEN_RADIUS * PIXELS_PER_TILE * (1.0 + 1.2 * height)
        size = round(TOKEN_RADIUS * PIXELS_PER_TILE)
        shade = pygame.Surface((4 * size, 2 * size), pygame.SRCALPHA)
        pygame.draw.ellipse(shade, (*rgb("shadow")[:3], 90), shade.get_rect())
        surface.blit(shade, shade.get_rect(center=(round(sx + 6 * height), round(sy + 14 * height))))
        draw_token(surface, self.token, (sx, sy - 30 * height), radius)
        if t < 1.0:
            return
        self._draw_effects(surface, view)

    def _draw_effects(self, surface: pygame.Surface, view: View) -> None:
        """What the token did, computed as the engine will (the same functions)."""
        assert self.rest is not None
        game = self.game
        message = ""
        if self.token == KNOCKOUT:
            hits = knocked(game, self.rest)
            for figure, _ in hits:
                point = next((p for f, p in game.figure_positions() if f == figure), None)
                if point is None:
                    continue
                sx, sy = view.to_screen(point)
                hit = rgb("hit")
                pygame.draw.circle(surface, hit, (round(sx), round(sy)), 16, 4)
                pygame.draw.line(surface, hit, (sx - 10, sy - 10), (sx + 10, sy + 10), 4)
                pygame.draw.line(surface, hit, (sx - 10, sy + 10), (sx + 10, sy - 10), 4)
            message = i18n.tr("catapult.scene.knocked", count=len(hits))
        elif not on_map(game, self.rest):
            message = i18n.tr("catapult.scene.off_map")
        elif self.token == SEDUCTION:
            seduced = nearest_follower(game, self.player, self.rest)
            if seduced is None:
                message = i18n.tr("catapult.scene.nobody")
            else:
                point = next(p for f, p in game.figure_positions() if f == seduced)
                sx, sy = view.to_screen(point)
                pygame.draw.circle(surface, rgb("good"), (round(sx), round(sy)), 18, 4)
                message = i18n.tr("catapult.scene.seduced", name=_names(game)[seduced.player])
        elif self.token == TARGET:
            centre = view.to_screen((float(self.fair[0]), float(self.fair[1])))
            landing = view.to_screen(self.rest)
            pygame.draw.line(surface, rgb("good"), centre, landing, 3)
            message = i18n.tr("catapult.scene.distance",
                              distance=tile_distance(target_distance(self.fair, self.rest)))
        if message:
            _text(surface, message, (surface.get_width() / 2, surface.get_height() - 20), 22,
                  centre=True, bold=True)


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
        names = _names(self.game)
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
        _text(surface, names[self.hurler], (hx, ground + 20), 20, centre=True, bold=True)
        _text(surface, names[self.catcher], (cx + 40, ground + 20), 20, centre=True, bold=True)
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
        _text(surface, i18n.tr("catapult.scene.catch_title", hurler=names[self.hurler],
                               catcher=names[self.catcher]), (20, 6), 22, bold=True)
        _text(surface, say, (20, 30), 16)
        if self.gesture.press is not None and self.gesture.pointer is not None:
            _draw_power(surface, power(self.gesture.press, self.gesture.pointer))
        elif self.pull is None and self.keys.aiming:
            _draw_power(surface, self.keys.level)


def _sky(surface: pygame.Surface, ground: int) -> None:
    """The catch's sky, lighter towards the horizon."""
    top, bottom = rgb("sky_top"), rgb("sky_bottom")
    width = surface.get_width()
    bands = 40
    for i in range(bands):
        y0, y1 = ground * i // bands, ground * (i + 1) // bands
        pygame.draw.rect(surface, top.lerp(bottom, i / (bands - 1)), pygame.Rect(0, y0, width, y1 - y0))
