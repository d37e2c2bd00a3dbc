"""Where the game screen looks: the view follows the turn so that what a
player must see or click is in the free area (the squares for the tile and
the last tile played, a decision's squares and spots, the figure spots at a
clickable size with the crown's spaces when they fit, else a marker
pointing to them, the hint, the computer's tile). A
mixin of `GameScene`, like `GameInput`: it reads the scene's controllers
and moves its camera, nothing else.

Every automatic move goes through `Camera.frame`: it slides the view as
little as possible and zooms out only when what matters does not fit
(issue 29: the view jumped, and the tile, the computer's last tile or the
crown's spaces ended under the panel or the pill). `matters()` says what
matters now, so tests can check it stays in view.
"""

from __future__ import annotations

from collections.abc import Iterable

from carcassonne_desktop.engine import PlaceTile
from carcassonne_desktop.ui.board_view import board_bounds
from carcassonne_desktop.ui.camera import WorldRect
from carcassonne_desktop.ui.expansions import board_choices
from carcassonne_desktop.ui.game_constants import PLACE_FIT_MIN_ZOOM
from carcassonne_desktop.ui.placement_controller import (
    DECIDE,
    FIGURE,
    PLACE,
    READY,
    PlacementController,
    Spot,
)
from carcassonne_desktop.ui.spot_markers import SpotMarker, markers, spot_groups

#: Half the side of the square a figure spot needs around its centre (tile units).
SPOT_REACH = 0.16


def cell_rect(cell: tuple[int, int]) -> WorldRect:
    return (cell[0], cell[1], cell[0] + 1, cell[1] + 1)


class GameFraming:
    """The camera-following half of `GameScene` (a mixin)."""

    def spot_rects(self, spots: Iterable[Spot]) -> list[WorldRect]:
        """Where figure spots are on the board (on a tile, or an area's slot)."""
        rects = []
        for spot in spots:
            if spot.area:
                point = self.layer.area_point(spot.area, spot.slot)
            else:
                anchor = self.layer.spot_anchor(spot)
                point = (spot.x + anchor[0], spot.y + anchor[1]) if anchor is not None else None
            if point is not None:
                rects.append((point[0] - SPOT_REACH, point[1] - SPOT_REACH,
                              point[0] + SPOT_REACH, point[1] + SPOT_REACH))
        return rects

    def matters(self) -> list[WorldRect]:
        """What the human on screen must see now: the squares the tile may
        go to and the last tile played, the placed tile and its spots, the
        squares and spots of a question, the tile just played once ready.
        (At the start of a turn whose squares do not fit at a playable
        scale, only the last tile: the view then covers the board.)"""
        c = self.shown_controller()
        if c is None:
            return []
        last = [cell_rect(self.game.last_placed)] if self.game.last_placed is not None else []
        if c.state == PLACE:
            cells = [cell_rect(cell) for cell in c.legal_cells()]
            return cells + last if self._place_fits(cells + last) else last
        placed = [cell_rect((c.place_action.x, c.place_action.y))] if c.place_action is not None else []
        self.layer.sync(c.board_game)
        if c.state == FIGURE:
            return placed + self._spots_to_frame(c, placed)
        if c.state == DECIDE:
            cells = [cell_rect(cell) for cell in board_choices(c.tentative, c.decision)]
            return cells + self.spot_rects(c.spots())
        return placed if c.state == READY else []

    def _spots_to_frame(self, c: PlacementController, placed: list[WorldRect]) -> list[WorldRect]:
        """The figure step's spots the view frames: all of them when they fit
        with the tile at a scale they can be clicked at; else the tile's own,
        and those in areas off the tiles (far crown spaces) get a marker at
        the edge (`spot_markers`): framing them too zoomed out to 8 px marks."""
        spots = c.spots()
        every = self.spot_rects(spots)
        on_tile = [spot for spot in spots if not spot.area]
        if not on_tile or len(on_tile) == len(spots):
            return every
        if self.camera.fit_scale(every + placed) >= self.layer.spot_scale_needed(spots):
            return every
        return self.spot_rects(on_tile)

    def spot_markers(self) -> list[SpotMarker]:
        """During the figure step, a marker at the edge of the free area for
        each group of spots (an area's, the tile's) out of view. Not for a
        question's spots: they are all framed, and a question naming
        followers across the board would ring the view with markers."""
        c = self.human_controller()
        if c is None or c.state != FIGURE:
            return []
        spots = [spot for spot in c.spots() if self.layer.spot_position(self.camera, spot) is not None]
        return markers(self.camera, spot_groups(spots, self.spot_rects(spots)))

    def go_to_marker(self, marker: SpotMarker) -> None:
        """A click on a marker: glide to its spots at a scale they can be clicked at."""
        c = self.human_controller()
        needed = self.layer.spot_scale_needed(c.spots()) if c is not None else self.camera.target_zoom
        self.camera.frame(list(marker.rects), zoom=max(self.camera.target_zoom, needed))

    def _place_fits(self, rects: list[WorldRect]) -> bool:
        """Whether the squares for the tile fit the free area at a playable scale."""
        if not rects:
            return True
        x0, y0 = min(r[0] for r in rects), min(r[1] for r in rects)
        x1, y1 = max(r[2] for r in rects), max(r[3] for r in rects)
        return self.camera.fit_zoom((int(x0), int(y0), int(x1) - 1, int(y1) - 1), 0.5) >= PLACE_FIT_MIN_ZOOM

    def _fit_spots(self) -> None:
        """During the figure step, bring the tile and every spot (the crown's
        spaces too) into the free area, zoomed in until the spots are large
        enough to click; when the step ends, go back to the view before
        and keep the tile just played in sight."""
        c = self.shown_controller()
        step = (c.serial, c.place_action, c.figure_kind) if c is not None and c.state == FIGURE else None
        if step == self._spots_view_for:
            return
        only_the_figure_kind = (step is not None and self._spots_view_for is not None
                                and step[:2] == self._spots_view_for[:2])
        self._spots_view_for = step
        if only_the_figure_kind and c is not None and self.camera.shows(self.matters()):
            # a figure chip chosen: its spots are already in view, so the view
            # stays (each kind's spots need their own scale: the view zoomed
            # from 23 to 85 px a tile, and a click where a spot was missed)
            return
        cam = self.camera
        if step is None or c is None or c.place_action is None:
            if self._view_before_spots is not None:
                cam.target_zoom, x, y = self._view_before_spots
                cam.zoom_anchor, cam.target_centre = None, (x, y)
                self._view_before_spots = None
                cam.frame(self.matters())
            return
        self.layer.sync(c.board_game)
        needed = self.layer.spot_scale_needed(c.spots())
        if self._view_before_spots is None:
            x, y = cam.target_centre or (cam.centre_x, cam.centre_y)
            self._view_before_spots = (cam.target_zoom, x, y)
        cam.frame(self.matters(), zoom=max(cam.target_zoom, needed))

    def _fit_choices(self) -> None:
        """When a human is to click a square (where the tile goes, a Count's
        quarter, a spot a question names), bring every one offered into the
        free area once per question, with the last tile played (and the tile
        just placed once the turn is ready), zooming out
        only if they do not fit as they are; at the start of a turn whose
        squares would need a scale too small to play, the view covers the
        board around the last tile at a playable scale instead."""
        c = self.shown_controller()
        # runs every frame: the squares are listed only when the question changes
        # (and once the turn is ready: the tile just played stays in sight)
        asking = c is not None and c.state in (DECIDE, PLACE, READY)
        step = (c.serial, c.state, c.decision, c.place_action) if asking and c is not None else None
        if step == self._choices_view_for:
            return
        self._choices_view_for = step
        if c is None or step is None:
            return
        rects = self.matters()
        if c.state == PLACE and rects and not self._place_fits(
                [cell_rect(cell) for cell in c.legal_cells()] + rects):
            # a big board: tiles too small to play on; the player scrolls
            x0, y0, x1, y1 = board_bounds(self.layer_tiles())
            self.camera.frame(rects, zoom=max(self.camera.target_zoom, PLACE_FIT_MIN_ZOOM),
                              within=(x0 - 1, y0 - 1, x1 + 2, y1 + 2))
            return
        self.camera.frame(rects)

    def _follow_hint(self) -> None:
        c = self.human_controller() if not self.game.is_over else None
        if self.hint.update(c) and self.hint.cell is not None:
            self._hover_mouse = self.mouse  # the ghost stays there until the mouse moves
            self._keep_in_view(self.hint.cell)

    def _in_clear_view(self, cell: tuple[int, int]) -> bool:
        """Whether the whole square shows, not under the instruction pill at
        the top nor cut by an edge."""
        return self.free_rect().contains(self.camera.tile_rect(*cell))

    def _keep_in_view(self, cell: tuple[int, int]) -> None:
        """Slide the view just enough for the square to show whole."""
        self.camera.frame([cell_rect(cell)])

    def _follow_computer_action(self) -> None:
        """Glide the view to where the computer is about to place, if it is off screen."""
        action = self.driver.action
        if isinstance(action, PlaceTile):
            self._keep_in_view((action.x, action.y))

    def recentre(self, immediate: bool = False) -> None:
        """Fit the whole board in the free area (C, Home, "Recentre")."""
        self.camera.recentre(board_bounds(self.layer_tiles()), immediate=immediate)

    def show_last_tile(self) -> None:
        if self.game.last_placed is not None:
            self.camera.focus(*self.game.last_placed)
