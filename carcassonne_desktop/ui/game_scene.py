"""The game screen: the board, the side panel and the flow of turns.

- Human turns go through a :class:`PlacementController` (a tentative turn on a
  ``game.copy()``); the confirmed actions go to the real game through the
  :class:`GameSession` (undo history, autosave).
- Computer turns are decided in a worker thread and animated by the
  :class:`ComputerTurnDriver`; the window stays responsive meanwhile.
- When the game ends, the final scoring is played out one feature at a time,
  then the end screen opens.

Input order: pygame-gui widgets first (the app does that), then the turn
banner, then rotation gestures, then the camera, then clicks on the board.
``draw`` only reads state.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui

from carcassonne_desktop.engine import Game, GameSetup
from carcassonne_desktop.engine.actions import MoveFigure
from carcassonne_desktop.engine.decisions import FIGURE as FIGURE_DECISION
from carcassonne_desktop.engine.events import GameOver, PointsScored
from carcassonne_desktop.ui.art.meeples import MeepleCache
from carcassonne_desktop.ui.board_layer import BoardLayer
from carcassonne_desktop.ui.board_view import BoardRenderer, Camera, board_bounds
from carcassonne_desktop.ui.computer_turns import (
    ANIMATING,
    IDLE,
    THINKING,
    ComputerTurnDriver,
    ComputerTurns,
    PlayerFactory,
    default_player_factory,
)
from carcassonne_desktop.ui.decision_scenes import (
    DecisionScenes,
    answer_by_suggestion,
    watch_computer_answer,
)
from carcassonne_desktop.ui.effects import Effects
from carcassonne_desktop.ui.expansions import (
    board_painters,
    feature_choice,
    feature_pick,
)
from carcassonne_desktop.ui.game_constants import (  # noqa: F401 (THINKING_FPS: tests)
    BOTTOM_BAR,
    BTN_H,
    FINAL_STEP_SECONDS,
    PAD,
    PLACE_FIT_MIN_ZOOM,
    STATUS_GAP,
    STATUS_ROOM,
    THINKING_FPS,
    TOOLBAR_ROW,
    TOOLBAR_TOP,
    TOOLTIP_DWELL,
)
from carcassonne_desktop.ui.game_drawing import GameDrawing
from carcassonne_desktop.ui.game_framing import GameFraming
from carcassonne_desktop.ui.game_input import GameInput
from carcassonne_desktop.ui.game_log import GameLog
from carcassonne_desktop.ui.game_menus import GameMenus
from carcassonne_desktop.ui.game_panel import GamePanel
from carcassonne_desktop.ui.game_session import GameSession, make_store
from carcassonne_desktop.ui.game_turn_flow import GameTurnFlow
from carcassonne_desktop.ui.hint import HintAdvisor
from carcassonne_desktop.ui.off_board import OffBoardViews
from carcassonne_desktop.ui.placement_controller import (
    DECIDE,
    FIGURE,
    PLACE,
    READY,
    PlacementController,
    Spot,
)
from carcassonne_desktop.ui.players_view import PlayersView
from carcassonne_desktop.ui.scene import Scene
from carcassonne_desktop.ui.track_view import TrackView  # noqa: F401 (registers the score track)
from carcassonne_desktop.ui.turn_banner import TurnBanner


def setup_from_dict(setup: dict[str, Any], seed: int | None = None) -> GameSetup:
    """A GameSetup from the setup screen's dict, with a fresh seed unless one is given."""
    data = dict(setup)
    data.setdefault("expansions", ["base"])
    data.setdefault("options", {})
    data["seed"] = seed if seed is not None else data.get("seed", random.randrange(1, 2**31))
    return GameSetup.from_json(data)




class GameScene(GameTurnFlow, GameMenus, GamePanel, GameInput, GameDrawing, GameFraming, Scene):
    """Plays one game from its current position to the end screen."""

    covers_screen = True  # board + panel paint every pixel: the app need not clear first

    def __init__(self, app: Any, game: Game, store: Any | None = None, *,
                 player_factory: PlayerFactory = default_player_factory,
                 on_turn_end: Callable[[GameScene], None] | None = None,
                 show_end_screen: bool = True) -> None:
        super().__init__(app)
        self.session = GameSession(game, store)
        self.turns = ComputerTurns([p.controller for p in game.setup.players], game.setup.seed or 0,
                                   player_factory)
        self.driver = ComputerTurnDriver(self.turns)
        self.driver.watch = lambda _answer: watch_computer_answer(self.app, self.game, self.driver,
                                                                  self.speed)
        names = [p.name for p in game.setup.players]
        self.colours = [p.color for p in game.setup.players]
        self.log = GameLog(names, self.colours)
        self.renderer = BoardRenderer()
        self.layer = BoardLayer(self.renderer)
        self.meeples = MeepleCache(128)
        self.players_view = PlayersView(self.meeples)
        self.banner = TurnBanner(self.meeples)
        self.effects = Effects()
        size = app.screen_size if app is not None else (1280, 800)
        self.camera = Camera(self.board_rect(size), zoom=96)
        #: Views off the board (the score track), at the bottom of its area.
        self.off_board = OffBoardViews(game)
        self.camera.drag_buttons = (1, 2)  # the right button turns the tile
        self._set_view_areas(size)
        self.camera.recentre(board_bounds(self.layer_tiles()), immediate=True, max_zoom=112.0)
        self.controller: PlacementController | None = None
        self._controller_key: tuple[int, int] | None = None
        self._last_human: int | None = None
        self._handoff_for: int | None = None  # a hand-off screen waiting for the animation
        #: The last human decision was asked of a player out of turn (another
        #: player's question in the middle of a turn): the screen changes hands.
        self._asked_out_of_turn = False
        self.mouse = (-1, -1)
        self._hover_mouse: tuple[int, int] | None = None
        self.mouse_still = 0.0  # seconds since the mouse last moved
        self.hint = HintAdvisor()
        self._quiet_turn_start = True  # no "your turn" sound on opening a game
        self.hover_spot: Spot | None = None
        self._spots_view_for: tuple[Any, ...] | None = None  # the figure step the view was fitted to
        self._view_before_spots: tuple[float, float, float] | None = None  # zoom, centre to go back to
        self._choices_view_for: tuple[Any, ...] | None = None  # the decision the view was fitted to
        self.hover_feature: tuple[Game, Any] | None = None
        self.hover_answers = False  # a click on the feature under the mouse answers the question
        self._last_view: tuple[Any, ...] | None = None
        self.pulse = 0.0
        self.turns_played = 0
        self.on_turn_end = on_turn_end
        self.show_end_screen = show_end_screen
        self.final_queue: list[PointsScored] = []
        self.final_current: PointsScored | None = None
        self.final_timer = 0.0
        self.shown_scores: list[int] | None = None
        self.end_pushed = False
        self.dialog: pygame_gui.windows.UIConfirmationDialog | None = None
        #: What a yes to the open dialog does: "quit" or "undo".
        self.dialog_purpose = "quit"
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self._button_state: dict[str, tuple[bool, bool]] = {}
        self._choice_labels: tuple[str, ...] = ()
        self._choices_over_chips = False  # the answers stand above the figure chips
        #: The answer button chosen with Tab (a question with no board spots).
        self.answer_index: int | None = None
        #: Each question's answers in the order first shown (GamePanel._in_stable_order).
        self.answer_order: dict[str, list[str]] = {}

        self.decision_scenes = DecisionScenes(app, self._after_tentative)
        self._rebuild_log()
        if game.is_over:
            self.end_pushed = not show_end_screen

    # ------------------------------------------------------------------ construction

    @classmethod
    def from_setup(cls, app: Any, setup: dict[str, Any], **kwargs: Any) -> GameScene:
        store = kwargs.pop("store", None)
        if store is None:
            store = make_store()
        scene = cls(app, Game(setup_from_dict(setup)), store, **kwargs)
        # Saved at once: a game closed before its first turn still shows
        # under "Continue" with its players and options.
        scene.session.autosave(scene.thumbnail())
        return scene

    @property
    def game(self) -> Game:
        return self.session.game

    def layer_tiles(self) -> Any:
        self.layer.sync(self.game)
        return self.layer.tiles

    @property
    def speed(self) -> str:
        return str(self.app.settings.ai_speed) if self.app is not None else "instant"

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        self._set_view_areas(size)  # after the widgets: the toolbar may wrap differently
        self.recentre(immediate=True)  # a new window (or leaving full screen): fit again

    def exit(self) -> None:
        self.driver.reset()
        self._close_dialog()
        super().exit()

    def rescue(self) -> bool | None:
        return self.session.rescue()

    def pause(self) -> None:
        self.camera.release_keys()
        super().pause()

    def resume(self) -> None:
        super().resume()
        self._button_state = {}
        self._sync_buttons()
        # the mouse moved while a scene stood on top (the Catapult's hurl): a
        # player's tooltip stayed open over the panel where it had last been
        self.mouse = pygame.mouse.get_pos() if pygame.mouse.get_focused() else (-1, -1)
        self.mouse_still = 0.0

    # ------------------------------------------------------------------ update

    def _explaining(self) -> bool:
        """Whether to outline the feature under the mouse and say what it is
        worth: at once over a figure spot (the player is choosing), otherwise
        only once the mouse rests, so sweeping across the board does not
        flash a tooltip over every field it crosses."""
        if self.hover_feature is None or self.banner.visible:
            return False
        return self.hover_spot is not None or self.hover_answers or self.mouse_still >= TOOLTIP_DWELL

    def _animating(self) -> bool:
        """Something glides, scores or appears on screen."""
        return (self.effects.busy or self.final_running or self.camera.animating
                or (self.banner.visible and self.banner.age < 1.0)
                or self.off_board.moving()
                or any(moving(self.game) for _, moving in board_painters(self.game) if moving))

    def motion_fps(self) -> int | None:
        """While a computer only thinks (nothing glides, nothing scores), the
        screen shows a few dots: 20 frames a second leave the search the rest."""
        return THINKING_FPS if self.driver.state == THINKING and not self._animating() else None

    def in_motion(self) -> bool:
        return self.driver.state != IDLE or self._animating()

    def update(self, dt: float) -> None:
        self.pulse += dt
        self.mouse_still += dt
        self.camera.update(dt)
        self.effects.update(dt)
        self.banner.update(dt)
        self.off_board.update(dt, self.display_game())
        if self.final_running:
            self._advance_final(dt)
        elif self.game.is_over:
            if not self.end_pushed and not self.effects.busy:
                self.open_end_screen()
        elif self.turns.is_computer(self.game.deciding_player):
            before = self.driver.state
            events = self.driver.update(dt, self.session, self.speed)
            if self.driver.state == ANIMATING and before != ANIMATING:
                self._follow_computer_action()
            if events:
                self._play_event_sounds(events)
                self._after_events(events)
        else:
            c = self.human_controller()
            # after the hand-over: a small question the player lets the game
            # answer by its suggestion, else a decision with a scene of its own
            if (self._handoff_for is None and not self.banner.visible
                    and not answer_by_suggestion(c, self._follows_suggestions(),
                                                 self._after_tentative)):
                self.decision_scenes.offer(c)
        if self._handoff_for is not None and not self.effects.busy:
            player = self.game.setup.players[self._handoff_for]
            self.banner.show(player.name, player.color,
                             question=self._handoff_for != self.game.turn_player)
            self._handoff_for = None
        self.sync_free_area()
        self._fit_spots()
        self._fit_choices()
        self._follow_hint()
        self._update_hover()
        self._sync_buttons()

    def _follows_suggestions(self) -> bool:
        settings = getattr(self.app, "settings", None)
        return bool(getattr(settings, "follow_suggestions", False))

    def _advance_final(self, dt: float) -> None:
        self.final_timer -= dt
        if self.final_timer > 0:
            return
        if self.final_queue:
            event = self.final_queue.pop(0)
            self.final_current = event
            self.final_timer = FINAL_STEP_SECONDS.get(self.speed, 1.1)
            self.log.add([event])
            if event.points > 0:
                self.play_sound("score")
            assert self.shown_scores is not None
            for i, player in enumerate(event.players):
                self.shown_scores[player] += event.points
                self.effects.float_points(event.points, self.colours[player], event.tiles, delay=0.1 * i)
        else:
            self.final_current = None
            self.shown_scores = None
            self.log.add([getattr(self, "_game_over_event", GameOver((), ()))])
            self.play_sound("game_over")

    def open_end_screen(self) -> None:
        self.end_pushed = True
        if not self.show_end_screen or self.app is None:
            return
        from carcassonne_desktop.ui.end_scene import EndScene

        self.app.stack.push(EndScene(self.app, self))

    def _update_hover(self) -> None:
        """What the cursor points at: the ghost's square, a figure spot or a feature.

        While the view moves under a still cursor, the feature under it is looked up
        again only once the view settles (the lookup scans the board).
        """
        view = (self.camera.centre_x, self.camera.centre_y, self.camera.scale, self.mouse,
                id(self.game), len(self.game.history), self.controller.state if self.controller else None)
        moving = self._last_view is not None and view[:3] != self._last_view[:3] and view[3:] == self._last_view[3:]
        self._last_view = view
        if moving:
            return
        pos = self.mouse
        board = self.camera.viewport
        c = self.human_controller()
        # a button over the board is not the board (pointing at "Conseil"
        # opened the tooltip of a shrine hidden under it beside the button's)
        on_board = board.collidepoint(pos) and not self.banner.visible and not self.over_button(pos)
        # The mouse only takes over from a keyboard choice (Tab) once it moves.
        mouse_moved = pos != self._hover_mouse
        self._hover_mouse = pos
        if c is not None and c.state == PLACE and mouse_moved:
            cell = self.camera.cell_at(*pos) if on_board else None
            if cell is not None and (cell in self.layer_tiles() or cell not in self.game.frontier):
                cell = None
            if cell is None and self.hint.pin(c):
                pass  # off the squares where it fits, the ghost goes back to the advice
            elif cell != c.hover:
                c.set_hover(cell)
        self.hover_spot = None
        if c is not None and c.state in (FIGURE, DECIDE):
            spots = c.spots()
            if on_board:
                self.layer.sync(c.board_game)
                self.hover_spot = self.layer.spot_under(self.camera, spots, pos)
            if self.hover_spot is not None and mouse_moved:
                c.selected_spot = None
            else:
                if c.selected_spot is None and self.hover_spot is None:
                    c.selected_spot = self.hint.advised_spot(c)  # off the spots: the advice again
                if c.selected_spot is not None and c.selected_spot < len(spots):
                    self.hover_spot = spots[c.selected_spot]
        self.hover_feature = None
        self.hover_answers = False
        if not on_board:
            return
        shown = self.display_game()
        self.layer.sync(shown)
        # facts (owners, value) come from the tentative game including its figure step
        facts = c.board_game if c is not None and c.state == READY else shown
        if self.hover_spot is not None and self.hover_spot.area:
            info = None  # a slot off the tiles: no feature to explain
        elif self.hover_spot is not None:
            info = self.layer.feature_at(shown, self.hover_spot.x, self.hover_spot.y, self.hover_spot.port)
        else:
            found = self.layer.feature_port_under(self.camera, pos)
            info = self.layer.feature_at(facts, *found) if found else None
            if c is not None and c.state == DECIDE and found is not None:
                # a click there answers (a market follower onto this field):
                # outline it and say what it is worth at once, as over a spot
                self.hover_answers = (
                    feature_choice(c.tentative, c.decision, found) is not None
                    or feature_pick(c.tentative, c.decision, c.picked, found) is not None)
            self.layer.sync(shown)
        if info is not None:
            self.hover_feature = (shown, info)

    def over_button(self, pos: tuple[int, int]) -> bool:
        """Whether a button in sight (the toolbar, "Recentre"...) is under
        ``pos``, or a question's dialog stands over the board (the quit
        question's Quitter button showed the city under it explained)."""
        if getattr(self, "dialog", None) is not None:
            return True
        return any(widget.visible and widget.rect.collidepoint(pos) for widget in self.buttons.values())

    def display_game(self) -> Game:
        """The game drawn on the board (a tentative turn shows before its figure step)."""
        c = self.controller if self.controller is not None and self._controller_key == (
            id(self.game), len(self.game.history)) else None
        if c is None:
            return self.game
        # the figure just put down is drawn over the board as it was before it
        # (a scoring may already have sent it home); a moved figure (the
        # Count) shows where it went, and so does a question answered after
        # the figure step (the ferry just put on its lake)
        before = c._before_figure
        if (c.state == READY and before is not None and before.pending_kind == FIGURE_DECISION
                and not isinstance(c.figure_action, MoveFigure)):
            return before
        return c.board_game

    # ------------------------------------------------------------------ drawing
