"""The board camera: world (tile) coordinates <-> screen pixels, smooth pan and zoom.

World units are tiles: tile ``(x, y)`` covers ``[x, x+1) x [y, y+1)``, x east,
y south. The displayed scale is a whole number of pixels per tile, so tiles
always meet without gaps or overlaps and cached art is blitted unscaled; the
smooth zoom animates a float and rounds it each frame, moving the centre so
that the world point under the zoom anchor (the cursor) stays put.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

MIN_ZOOM = 16
MAX_ZOOM = 256
DRAG_THRESHOLD_PX = 5
KEY_PAN_SPEED_PX = 900.0
_ZOOM_STEP = 1.25
_SMOOTHING = 14.0

_PAN_KEYS: dict[int, tuple[int, int]] = {
    pygame.K_LEFT: (-1, 0), pygame.K_a: (-1, 0),
    pygame.K_RIGHT: (1, 0), pygame.K_d: (1, 0),
    pygame.K_UP: (0, -1), pygame.K_w: (0, -1),
    pygame.K_DOWN: (0, 1), pygame.K_s: (0, 1),
}
_ZOOM_IN_KEYS = {pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS}
_ZOOM_OUT_KEYS = {pygame.K_MINUS, pygame.K_KP_MINUS}


#: A world rectangle (x0, y0, x1, y1) in tile units.
WorldRect = tuple[float, float, float, float]
#: Pixels kept between what `Camera.frame` brings into view and the free area's edge.
FRAME_MARGIN_PX = 6


def clamp_zoom(zoom: float) -> float:
    return max(float(MIN_ZOOM), min(float(MAX_ZOOM), zoom))


def _slide(start: float, length: float, lo: float, hi: float,
           within: tuple[float, float] | None) -> float:
    """Where a view of ``length`` starting at ``start`` goes along one axis
    so that ``[lo, hi]`` is inside it, moving as little as possible (centred
    on it when it is longer than the view); then kept inside ``within`` when
    that is longer than the view (without losing ``[lo, hi]``), or centred
    on it when shorter."""
    if hi - lo <= length:
        start = min(max(start, hi - length), lo)
    else:
        start = (lo + hi - length) / 2
        return start
    if within is not None:
        w_lo, w_hi = within
        if w_hi - w_lo >= length:
            low, high = max(w_lo, hi - length), min(w_hi - length, lo)
            if low <= high:
                start = min(max(start, low), high)
        else:
            start = min(max((w_lo + w_hi - length) / 2, hi - length), lo)
    return start


class Camera:
    """Pan and zoom state for one board viewport."""

    def __init__(self, viewport: pygame.Rect | tuple[int, int, int, int], zoom: float = 96.0,
                 centre: tuple[float, float] = (0.5, 0.5)) -> None:
        self.viewport = pygame.Rect(viewport)
        self.centre_x, self.centre_y = centre
        self.zoom = clamp_zoom(zoom)
        self.target_zoom = self.zoom
        self.zoom_anchor: tuple[float, float] | None = None
        self.target_centre: tuple[float, float] | None = None
        self._keys: set[int] = set()
        self._drag_start: tuple[int, int] | None = None
        self._drag_last: tuple[int, int] | None = None
        self._dragging = False
        self.drag_buttons: tuple[int, ...] = (1, 2, 3)
        self.last_press_was_drag = False
        #: The part of the viewport no widget covers (screen pixels): fitting
        #: and gliding aim there, so nothing lands under a toolbar or a pill.
        #: None: the whole viewport.
        self.free_area: pygame.Rect | None = None

    # ------------------------------------------------------------------ transforms

    @property
    def scale(self) -> int:
        """Pixels per tile actually displayed (a whole number)."""
        return max(1, round(self.zoom))

    def world_to_screen(self, wx: float, wy: float) -> tuple[float, float]:
        s = self.scale
        return (self.viewport.centerx + (wx - self.centre_x) * s,
                self.viewport.centery + (wy - self.centre_y) * s)

    def screen_to_world(self, sx: float, sy: float) -> tuple[float, float]:
        s = self.scale
        return (self.centre_x + (sx - self.viewport.centerx) / s,
                self.centre_y + (sy - self.viewport.centery) / s)

    def cell_at(self, sx: float, sy: float) -> tuple[int, int]:
        """The board cell under a screen point."""
        wx, wy = self.screen_to_world(sx, sy)
        return (math.floor(wx), math.floor(wy))

    def tile_origin(self) -> tuple[int, int]:
        """Screen position of world (0, 0), rounded once so every tile lands on whole pixels."""
        ox, oy = self.world_to_screen(0.0, 0.0)
        return (math.floor(ox), math.floor(oy))

    def tile_rect(self, x: int, y: int) -> pygame.Rect:
        ox, oy = self.tile_origin()
        s = self.scale
        return pygame.Rect(ox + x * s, oy + y * s, s, s)

    def visible_cells(self, margin: int = 0) -> tuple[int, int, int, int]:
        """Inclusive cell range (min_x, min_y, max_x, max_y) covering the viewport."""
        x0, y0 = self.screen_to_world(self.viewport.left, self.viewport.top)
        x1, y1 = self.screen_to_world(self.viewport.right, self.viewport.bottom)
        return (math.floor(x0) - margin, math.floor(y0) - margin,
                math.floor(x1) + margin, math.floor(y1) + margin)

    # ------------------------------------------------------------------ commands

    def set_viewport(self, rect: pygame.Rect | tuple[int, int, int, int],
                     free_area: pygame.Rect | None = None) -> None:
        self.viewport = pygame.Rect(rect)
        self.free_area = pygame.Rect(free_area) if free_area is not None else None

    def _aim(self) -> pygame.Rect:
        """Where fitted and focused content goes: the free area, else the viewport."""
        free = self.free_area
        return free if free is not None and free.width > 0 and free.height > 0 else self.viewport

    def _centre_for(self, wx: float, wy: float, zoom: float) -> tuple[float, float]:
        """The view centre that shows world point (wx, wy) in the middle of
        the free area once the zoom has reached ``zoom``."""
        aim, s = self._aim(), max(1, round(zoom))
        return (wx - (aim.centerx - self.viewport.centerx) / s,
                wy - (aim.centery - self.viewport.centery) / s)

    def zoom_at(self, anchor: tuple[float, float] | None, factor: float, immediate: bool = False) -> None:
        """Zoom by ``factor`` keeping the point under ``anchor`` (screen) fixed."""
        self.target_zoom = clamp_zoom(self.target_zoom * factor)
        self.zoom_anchor = anchor if anchor is not None else (float(self.viewport.centerx),
                                                              float(self.viewport.centery))
        self.target_centre = None
        if immediate:
            self._apply_zoom(self.target_zoom)

    def pan_pixels(self, dx: float, dy: float) -> None:
        """Move the view by a screen distance (content follows the mouse)."""
        s = self.scale
        self.centre_x -= dx / s
        self.centre_y -= dy / s
        self.target_centre = None

    def focus(self, x: float, y: float, immediate: bool = False, zoom: float | None = None) -> None:
        """Glide to put the centre of tile ``(x, y)`` in the middle of the
        free area (zooming to ``zoom`` on the way, if given)."""
        if zoom is not None:
            self.target_zoom = clamp_zoom(zoom)
            if immediate:
                self.zoom = self.target_zoom
        self.target_centre = self._centre_for(x + 0.5, y + 0.5, self.target_zoom)
        self.zoom_anchor = None
        if immediate:
            self.centre_x, self.centre_y = self.target_centre
            self.target_centre = None

    def fit_zoom(self, bounds: tuple[int, int, int, int], margin_tiles: float = 1.0) -> float:
        """The scale at which the inclusive cell range fits the free area."""
        min_x, min_y, max_x, max_y = bounds
        width = max_x - min_x + 1 + 2 * margin_tiles
        height = max_y - min_y + 1 + 2 * margin_tiles
        aim = self._aim()
        return min(aim.width / width, aim.height / height)

    def recentre(self, bounds: tuple[int, int, int, int], immediate: bool = False,
                 margin_tiles: float = 1.0, max_zoom: float = 128.0) -> None:
        """Fit the inclusive cell range (min_x, min_y, max_x, max_y) in the free area."""
        min_x, min_y, max_x, max_y = bounds
        fit = self.fit_zoom(bounds, margin_tiles)
        self.target_zoom = clamp_zoom(min(fit, max_zoom))
        self.zoom_anchor = None
        self.target_centre = self._centre_for((min_x + max_x + 1) / 2, (min_y + max_y + 1) / 2,
                                              self.target_zoom)
        if immediate:
            self.zoom = self.target_zoom
            self.centre_x, self.centre_y = self.target_centre
            self.target_centre = None

    def frame(self, rects: Sequence[WorldRect], *, zoom: float | None = None,
              within: WorldRect | None = None, margin_px: float = FRAME_MARGIN_PX,
              immediate: bool = False) -> None:
        """Move the view as little as possible so that every world rectangle
        ``(x0, y0, x1, y1)`` lies inside the free area, at ``zoom`` (default:
        the zoom the view is going to), zooming out only when they do not
        fit. ``within``: a world rectangle the view keeps inside when it is
        larger than the view (the board and its open squares: a view that
        only slid would leave half the screen empty), else keeps whole.

        Sliding rather than centring keeps the board where the eye left it
        (issue 29: the view jumped at every step)."""
        if not rects:
            return
        aim = self._aim()
        x0 = min(r[0] for r in rects)
        y0 = min(r[1] for r in rects)
        x1 = max(r[2] for r in rects)
        y1 = max(r[3] for r in rects)
        target = clamp_zoom(zoom if zoom is not None else self.target_zoom)
        fit = self.fit_scale(rects, margin_px)
        if fit < target:
            target = clamp_zoom(math.floor(fit))
        s = max(1, round(target))
        pad = margin_px / s
        left, top, width, height = self._view_at(target)
        cx, cy = self.target_centre or (self.centre_x, self.centre_y)
        if (abs(target - self.target_zoom) < 0.01 and within is None and left <= x0 and x1 <= left + width
                and top <= y0 and y1 <= top + height):
            return  # already in view: nothing glides (a drag or a scroll stays the player's)
        wx = (within[0], within[2]) if within is not None else None
        wy = (within[1], within[3]) if within is not None else None
        left = _slide(left, width, x0 - pad, x1 + pad, wx)
        top = _slide(top, height, y0 - pad, y1 + pad, wy)
        centre = (left + width / 2 - (aim.centerx - self.viewport.centerx) / s,
                  top + height / 2 - (aim.centery - self.viewport.centery) / s)
        if (abs(centre[0] - cx) * s < 0.5 and abs(centre[1] - cy) * s < 0.5
                and abs(target - self.target_zoom) < 0.01 and not immediate):
            return  # already where it should be
        self.target_zoom = float(target)
        self.zoom_anchor = None
        self.target_centre = centre
        if immediate:
            self.zoom = self.target_zoom
            self.centre_x, self.centre_y = self.target_centre
            self.target_centre = None

    def _view_at(self, zoom: float) -> tuple[float, float, float, float]:
        """(left, top, width, height) in tile units of what the free area
        shows at ``zoom`` once the view has reached where it is going."""
        aim, s = self._aim(), max(1, round(zoom))
        width, height = aim.width / s, aim.height / s
        cx, cy = self.target_centre or (self.centre_x, self.centre_y)
        return (cx + (aim.centerx - self.viewport.centerx) / s - width / 2,
                cy + (aim.centery - self.viewport.centery) / s - height / 2, width, height)

    def fit_scale(self, rects: Sequence[WorldRect], margin_px: float = FRAME_MARGIN_PX) -> float:
        """The largest pixels-per-tile at which the world rectangles fit the
        free area together (with ``margin_px`` round them)."""
        aim = self._aim()
        width = max(r[2] for r in rects) - min(r[0] for r in rects)
        height = max(r[3] for r in rects) - min(r[1] for r in rects)
        room_w, room_h = max(1, aim.width - 2 * margin_px), max(1, aim.height - 2 * margin_px)
        return min(room_w / max(width, 1e-6), room_h / max(height, 1e-6))

    def shows(self, rects: Sequence[WorldRect]) -> bool:
        """Whether every world rectangle lies whole in the free area where
        the view is going: a caller that only needs them visible leaves the
        view alone then (a figure chip moved the spots from under the mouse)."""
        left, top, width, height = self._view_at(self.target_zoom)
        return all(left <= r[0] and r[2] <= left + width and top <= r[1] and r[3] <= top + height
                   for r in rects)

    @property
    def animating(self) -> bool:
        return (abs(self.zoom - self.target_zoom) > 0.01 or self.target_centre is not None
                or bool(self._keys))

    def update(self, dt: float) -> None:
        """Advance the smooth zoom, glide and keyboard panning by ``dt`` seconds."""
        blend = 1.0 - math.exp(-_SMOOTHING * max(0.0, dt))
        if abs(self.zoom - self.target_zoom) > 0.01:
            z = self.zoom + (self.target_zoom - self.zoom) * blend
            if abs(z - self.target_zoom) < 0.05:
                z = self.target_zoom
            self._apply_zoom(z)
        if self.target_centre is not None:
            tx, ty = self.target_centre
            self.centre_x += (tx - self.centre_x) * blend
            self.centre_y += (ty - self.centre_y) * blend
            if abs(tx - self.centre_x) * self.scale < 0.5 and abs(ty - self.centre_y) * self.scale < 0.5:
                self.centre_x, self.centre_y = tx, ty
                self.target_centre = None
        if self._keys:
            dx = sum(_PAN_KEYS[k][0] for k in self._keys)
            dy = sum(_PAN_KEYS[k][1] for k in self._keys)
            self.pan_pixels(-dx * KEY_PAN_SPEED_PX * dt, -dy * KEY_PAN_SPEED_PX * dt)

    def _apply_zoom(self, new_zoom: float) -> None:
        anchor = self.zoom_anchor
        if anchor is None:
            self.zoom = clamp_zoom(new_zoom)
            return
        wx, wy = self.screen_to_world(*anchor)
        self.zoom = clamp_zoom(new_zoom)
        s = self.scale
        self.centre_x = wx - (anchor[0] - self.viewport.centerx) / s
        self.centre_y = wy - (anchor[1] - self.viewport.centery) / s

    # ------------------------------------------------------------------ input

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Wheel, drag, +/- and arrow/WASD keys; returns True when the event was used.

        A left-button press is not consumed (the board may want the click); if the
        mouse then moves past a small threshold the press becomes a drag and
        ``last_press_was_drag`` tells the click handler to ignore the release.
        """
        if event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            if not self.viewport.collidepoint(pos):
                return False
            self.zoom_at((float(pos[0]), float(pos[1])), _ZOOM_STEP ** event.y)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in self.drag_buttons:
            if not self.viewport.collidepoint(event.pos):
                return False
            self._drag_start = self._drag_last = event.pos
            self._dragging = False
            self.last_press_was_drag = False
            return event.button != 1
        if event.type == pygame.MOUSEMOTION and self._drag_start is not None:
            if not self._dragging:
                dx = event.pos[0] - self._drag_start[0]
                dy = event.pos[1] - self._drag_start[1]
                if math.hypot(dx, dy) >= DRAG_THRESHOLD_PX:
                    self._dragging = True
                    self._drag_last = self._drag_start
            if self._dragging and self._drag_last is not None:
                self.pan_pixels(event.pos[0] - self._drag_last[0], event.pos[1] - self._drag_last[1])
                self._drag_last = event.pos
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and self._drag_start is not None:
            was_drag = self._dragging
            self._drag_start = self._drag_last = None
            self._dragging = False
            self.last_press_was_drag = was_drag
            return was_drag or event.button != 1
        if event.type == pygame.KEYDOWN:
            if event.key in _PAN_KEYS:
                self._keys.add(event.key)
                self.target_centre = None
                return True
            if event.key in _ZOOM_IN_KEYS:
                self.zoom_at(None, _ZOOM_STEP)
                return True
            if event.key in _ZOOM_OUT_KEYS:
                self.zoom_at(None, 1 / _ZOOM_STEP)
                return True
        if event.type == pygame.KEYUP and event.key in self._keys:
            self._keys.discard(event.key)
            return True
        return False

    def release_keys(self) -> None:
        """Forget held keys (e.g. when the window loses focus or a dialog opens)."""
        self._keys.clear()
