"""Where the game screen looks: the view follows the turn so that what a
player must click is in the free area (the squares for the tile, a
decision's squares, the figure spots at a clickable size, the hint, the
computer's next tile). A mixin of `GameScene`, like `GameInput`: it reads the
scene's controllers and moves its camera, nothing else."""

from __future__ import annotations

from carcassonne_desktop.engine import PlaceTile
from carcassonne_desktop.ui.board_view import board_bounds
from carcassonne_desktop.ui.expansions import board_choices
from carcassonne_desktop.ui.game_constants import PLACE_FIT_MIN_ZOOM
from carcassonne_desktop.ui.placement_controller import DECIDE, FIGURE, PLACE


class GameFraming:
    """The camera-following half of `GameScene` (a mixin)."""

    def _fit_spots(self) -> None:
        """During the figure step, zoom in on the tile if its spots would be
        too small to click; when the step ends, go back to the view before."""
        c = self.shown_controller()
        step = (c.serial, c.place_action, c.figure_kind) if c is not None and c.state == FIGURE else None
        if step == self._spots_view_for:
            return
        self._spots_view_for = step
        cam = self.camera
        if step is None or c is None or c.place_action is None:
            if self._view_before_spots is not None:
                cam.target_zoom, x, y = self._view_before_spots
                cam.zoom_anchor, cam.target_centre = None, (x, y)
                self._view_before_spots = None
            return
        self.layer.sync(c.board_game)
        needed = self.layer.spot_scale_needed(c.spots())
        if cam.target_zoom < needed:
            if self._view_before_spots is None:
                x, y = cam.target_centre or (cam.centre_x, cam.centre_y)
                self._view_before_spots = (cam.target_zoom, x, y)
            cam.focus(c.place_action.x, c.place_action.y, zoom=needed)

    def _fit_choices(self) -> None:
        """When a human is to click a square (where the tile goes, a Count's
        quarter), bring every square offered into the free area once per
        question, zooming out only if they do not fit as they are (the
        family table: the squares of a grown board were under the buttons),
        but never below a playable scale for the tile's squares."""
        c = self.shown_controller()
        # runs every frame: the squares are listed only when the question changes
        asking = c is not None and c.state in (DECIDE, PLACE)
        step = (c.serial, c.state, c.decision) if asking and c is not None else None
        if step == self._choices_view_for:
            return
        self._choices_view_for = step
        if c is None or step is None:
            return
        if c.state == DECIDE:
            cells = list(board_choices(c.tentative, c.decision))
        else:
            cells = list(c.legal_cells())
        if cells and not all(self._in_clear_view(cell) for cell in cells):
            xs, ys = [x for x, _ in cells], [y for _, y in cells]
            bounds = (min(xs), min(ys), max(xs), max(ys))
            if c.state == PLACE and self.camera.fit_zoom(bounds, 0.5) < PLACE_FIT_MIN_ZOOM:
                return  # a big board: tiles too small to play on; the player scrolls
            self.camera.recentre(bounds, margin_tiles=0.5, max_zoom=self.camera.target_zoom)

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
        if not self._in_clear_view(cell):
            self.camera.focus(*cell)

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
