"""The Catapult's hurl (decision `catapult`): the board from above, the
slingshot pull or the keys, the flight and what the token did (see
``catapult_scene`` for how the two mini-games behave)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from carcassonne_desktop import i18n
from carcassonne_desktop.engine.expansions.catapult import (
    KNOCKOUT,
    SEDUCTION,
    TARGET,
    Hurl,
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
from carcassonne_desktop.ui.art.meeples import player_rgb
from carcassonne_desktop.ui.board_layer import BoardLayer, player_colours
from carcassonne_desktop.ui.camera import Camera
from carcassonne_desktop.ui.expansions.catapult_aim import (
    PIXELS_PER_TILE,
    View,
    flight,
    power,
    rest_point,
    wobble,
)
from carcassonne_desktop.ui.expansions.catapult_art import draw_catapult, draw_token, limit, rgb
from carcassonne_desktop.ui.expansions.catapult_controls import (
    ARM_PULL,
    FLIGHT_SECONDS,
    LAUNCH_FROM_BOTTOM,
    SHOW_SECONDS,
    TABLE,
    KeyAim,
    Pull,
    draw_helper,
    draw_power,
    draw_text,
    helper_box,
    player_names,
    tile_distance,
    toggle_helper,
)
from carcassonne_desktop.ui.game_log import wrap
from carcassonne_desktop.ui.resources import font
from carcassonne_desktop.ui.scene import Scene

#: How long the "too weak" line stays after a let-go that sent nothing.
WEAK_SECONDS = 2.5
#: The height of a line of the goal under the header's title.
GOAL_LINE = 18


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
        #: Seconds left of the "too weak" line: a let-go that sends nothing
        #: (Enter before any power, a click on the catapult without a pull)
        #: did nothing and said nothing.
        self.weak = 0.0
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
        if self.gesture.press is None and toggle_helper(event, self.size, self.app):
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
        let_go = pulled is not None or (event.type == pygame.KEYDOWN
                                        and event.key in KeyAim.RELEASE)
        self.weak = WEAK_SECONDS if let_go and self.rest is None else self.weak
        if used or keyed:
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)

    def in_motion(self) -> bool:
        return self.rest is not None or self.pulled() is not None

    def update(self, dt: float) -> None:
        self.weak = max(0.0, self.weak - dt)
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
        draw_text(surface, i18n.tr("catapult.scene.best", name=player_names(self.game)[best[0]],
                               distance=tile_distance(target_distance(self.fair, best[1:]))),
              (surface.get_width() / 2, 88 + self.header_extra(surface.get_size())), 17, centre=True, bold=True,
              backing=True)

    def goal_lines(self, size: tuple[int, int]) -> list[str]:
        """The goal under the title, wrapped before the helper's label: at
        960x640 "… Attention aux vôtres !" ran under "Aide : main sûre…"."""
        helper = self.rest is None and not self.watching
        right = helper_box(size).x - 12 if helper else size[0] - 12
        return wrap(i18n.tr(f"catapult.scene.goal.{self.token}"), font(16), max(80, right - 40))

    def header_extra(self, size: tuple[int, int]) -> int:
        """How much taller than one line of goal the header is (the lines under it move down)."""
        return GOAL_LINE * (len(self.goal_lines(size)) - 1)

    def _draw_header(self, surface: pygame.Surface) -> None:
        width = surface.get_width()
        goal = self.goal_lines(surface.get_size())
        extra = GOAL_LINE * (len(goal) - 1)
        pygame.draw.rect(surface, rgb("header"), pygame.Rect(0, 0, width, 52 + extra))
        name = player_names(self.game)[self.player]
        colour = player_rgb(player_colours(self.game)[self.player])
        draw_token(surface, self.token, (22, 26), 13)
        pygame.draw.circle(surface, colour, (22, 26), 13, 3)
        draw_text(surface, i18n.tr("catapult.scene.hurl_title", name=name,
                               token=i18n.tr(f"catapult.token.{self.token}")), (40, 6), 22,
              bold=True)
        for index, line in enumerate(goal):
            draw_text(surface, line, (40, 30 + GOAL_LINE * index), 16)
        if self.rest is None and not self.watching:
            draw_helper(surface)
            # on a backing: over the tiles "pour viser" was lost in a circus tent
            draw_text(surface, i18n.tr("catapult.scene.hurl_keys"), (surface.get_width() / 2, 66 + extra), 15,
                  centre=True, backing=True)
            if self.weak > 0.0:
                draw_text(surface, i18n.tr("catapult.scene.too_weak"),
                          (surface.get_width() / 2, 118 + extra), 17, colour=rgb("warning"), centre=True,
                          bold=True, backing=True)

    def _draw_catapult(self, surface: pygame.Surface, view: View) -> None:
        """The catapult, its arm drawn back as far as the pull (never out of
        the window), the token in its cup until it flies."""
        pull = self.pulled()
        arm = limit((pull[1][0] - pull[0][0], pull[1][1] - pull[0][1]), ARM_PULL) if pull else (0, 0)
        cup = draw_catapult(surface, view.anchor, arm)
        if self.rest is None:
            draw_token(surface, self.token, cup, TOKEN_RADIUS * PIXELS_PER_TILE)
        if pull is not None:
            draw_power(surface, power(*pull))

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
                message = i18n.tr("catapult.scene.seduced", name=player_names(game)[seduced.player])
        elif self.token == TARGET:
            centre = view.to_screen((float(self.fair[0]), float(self.fair[1])))
            landing = view.to_screen(self.rest)
            pygame.draw.line(surface, rgb("good"), centre, landing, 3)
            message = i18n.tr("catapult.scene.distance",
                              distance=tile_distance(target_distance(self.fair, self.rest)))
        if message:
            draw_text(surface, message, (surface.get_width() / 2, surface.get_height() - 20), 22,
                  centre=True, bold=True)
