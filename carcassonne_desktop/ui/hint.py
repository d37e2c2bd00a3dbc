"""The "Hint" button: what the computer would play in the human's place,
shown as a suggestion the player may follow or ignore.

The advice is computed in a background thread (it can take a moment on a
big board and the window must keep drawing), on a copy of the position the
controller shows. An answer is only used if the player is still looking at
the same position when it arrives; then the ghost tile moves to the
suggested square and rotation, and after the tile is down the suggested
figure spot is preselected. The advice stays on screen until the player
places the tile or turns it (family table #1: it used to vanish as soon as
the mouse moved, while the pill still pointed at the gold square), and
Enter follows it wherever the mouse went meanwhile.
"""

from __future__ import annotations

import threading

from carcassonne_desktop.ai.advice import suggest_turn
from carcassonne_desktop.engine import PASS, Action, Deploy, Game, PlaceTile
from carcassonne_desktop.engine.actions import DeployToArea
from carcassonne_desktop.ui.placement_controller import DECIDE, FIGURE, PLACE, PlacementController

#: What the pill says while and after advising (translation keys).
THINKING, PLACE_HERE, FIGURE_HERE, NO_FIGURE, ANSWER = (
    "hud.hint_thinking", "hud.hint_place", "hud.hint_figure", "hud.hint_pass", "hud.hint_answer")


class HintAdvisor:
    """One hint at a time for the human turn on screen."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._cancel = threading.Event()
        self._answer: tuple[tuple[object, ...], tuple[Action, ...]] | None = None
        self._asked: tuple[object, ...] | None = None
        #: The advice being shown: its actions, and the square of the tile.
        self.actions: tuple[Action, ...] = ()
        self.message: str | None = None
        self._shown_for: int | None = None  # serial of the controller (the turn) it is for
        self._turns_of_tile = 0  # the controller's count of turns of the tile when shown

    @staticmethod
    def position_key(c: PlacementController) -> tuple[object, ...]:
        """What the advice depends on: the turn and where in it the player is."""
        return (c.serial, c.state, c.place_action)

    @property
    def thinking(self) -> bool:
        return self._asked is not None

    @property
    def cell(self) -> tuple[int, int] | None:
        first = self.actions[0] if self.actions else None
        return (first.x, first.y) if isinstance(first, PlaceTile) else None

    def request(self, c: PlacementController) -> bool:
        """Start advising on the position `c` shows (False: nothing to advise);
        the answer comes through `update`."""
        if c.state == PLACE:
            game: Game = c.game
        elif c.state in (FIGURE, DECIDE) and c.tentative is not None:
            game = c.tentative
        else:
            return False
        self.cancel()
        key = self.position_key(c)
        self._asked = key
        self.message = THINKING
        cancel = threading.Event()
        self._cancel = cancel
        position = game.copy()

        def work() -> None:
            actions = suggest_turn(position, cancel=cancel)
            with self._lock:
                if not cancel.is_set():
                    self._answer = (key, actions)

        threading.Thread(target=work, name="hint", daemon=True).start()
        return True

    def cancel(self) -> None:
        """Drop the advice (the turn moved on, or the player acted)."""
        self._cancel.set()
        with self._lock:
            self._answer = None
        self._asked = None
        self.actions = ()
        self.message = None
        self._shown_for = None

    def update(self, c: PlacementController | None) -> bool:
        """Apply an answer that has arrived, or forget advice that no longer
        fits what is on screen. True when the ghost tile was moved."""
        if c is None:
            if self._asked is not None or self.actions:
                self.cancel()
            return False
        with self._lock:
            answer, self._answer = self._answer, None
        if answer is not None:
            key, actions = answer
            if key == self._asked == self.position_key(c) and actions:
                self._asked = None
                return self._show(c, actions)
            self.cancel()
            return False
        if self.actions and (self._shown_for != c.serial or not self._still_fits(c)):
            self.cancel()
        return False

    def _show(self, c: PlacementController, actions: tuple[Action, ...]) -> bool:
        self.actions = actions
        self._shown_for = c.serial
        self._turns_of_tile = c.turns_of_tile
        first = actions[0]
        if isinstance(first, PlaceTile):
            if first.tile in c.hand:
                c.select_tile(c.hand.index(first.tile))
            self.pin(c)
            self.message = PLACE_HERE
            return True
        self._preselect(c, first)
        return False

    def pin(self, c: PlacementController) -> bool:
        """Put the ghost back on the advised square, turned as advised (the
        mouse left the squares where the tile fits). False: no such advice."""
        first = self.actions[0] if self.actions and self._shown_for == c.serial else None
        if c.state != PLACE or not isinstance(first, PlaceTile):
            return False
        c.set_hover((first.x, first.y))
        c.rotation = first.rot
        return True

    def advised_spot(self, c: PlacementController) -> int | None:
        """The index in ``c.spots()`` of the advised figure spot, if any."""
        step = self.actions[0] if self.actions and self._shown_for == c.serial else None
        if c.state != FIGURE or not isinstance(step, (Deploy, DeployToArea)):
            return None
        where = ((step.x, step.y, step.port, "", "") if isinstance(step, Deploy)
                 else (0, 0, "", step.area, step.slot))
        for index, spot in enumerate(c.spots()):
            if (spot.x, spot.y, spot.port, spot.area, spot.slot) == where:
                return index
        return None

    def follow(self, c: PlacementController) -> bool:
        """Play the advised step (Enter), whatever the mouse did since it
        was shown; False when there is no advice for this step."""
        if not self.actions or self._shown_for != c.serial or not self._still_fits(c):
            return False
        if self.pin(c):
            return bool(c.place())
        step = self.actions[0]
        if c.state in (FIGURE, DECIDE) and not isinstance(step, PlaceTile):
            if not c.choose(step):
                return False
            self.actions = self.actions[1:]  # a next question may follow in the same turn
            if not self.actions:
                self.cancel()  # the advice is played out
            else:
                # the pill speaks of the next advised step (after a pass, a
                # ferry's question said "keep your followers")
                self._preselect(c, self.actions[0])
            return True
        return False

    def _preselect(self, c: PlacementController, figure_step: Action) -> None:
        if c.state == DECIDE:  # an expansion's question: Enter plays the advised answer
            self.message = ANSWER
            return
        if not isinstance(figure_step, (Deploy, DeployToArea)) and figure_step != PASS:
            # another answer of the figure step (fly a follower, take the abbot back):
            # "keep your figures" would say the opposite of the advice
            self.message = ANSWER
            return
        if isinstance(figure_step, Deploy) and figure_step.figure in c.figure_kinds():
            c.choose_figure_kind(figure_step.figure)
        index = self.advised_spot(c)
        if index is None:
            self.message = NO_FIGURE
            return
        c.selected_spot = index
        self.message = FIGURE_HERE

    def follows(self, c: PlacementController) -> bool:
        """Whether Enter plays advice now (what the pill tells, `follow` does)."""
        return bool(self.actions) and self._shown_for == c.serial and self.message is not None

    def _still_fits(self, c: PlacementController) -> bool:
        """Follow the player: once the suggested tile is down, point at the
        suggested next step (a figure, or an expansion's question asked
        first: the flock, the Count); if they placed elsewhere or answered
        otherwise, the advice is void. Advice for another step than the one
        on screen never stays (the pill showed the tile step's advice over
        the flock's question)."""
        first = self.actions[0]
        if c.state == PLACE:
            # turning the tile or picking another of the hand sets the advice aside
            return (isinstance(first, PlaceTile) and c.turns_of_tile == self._turns_of_tile
                    and first.tile in (None, c.selected_tile))
        if c.state not in (FIGURE, DECIDE) or c.tentative is None:
            return False
        if isinstance(first, PlaceTile):
            if c.place_action is None or (c.place_action.x, c.place_action.y, c.place_action.rot) != (
                    first.x, first.y, first.rot) or len(self.actions) == 1:
                return False
            self.actions = self.actions[1:]
            first = self.actions[0]
            self._preselect(c, first)
        # the next advised step must be an answer to the question on screen
        return first in c.tentative.legal_actions()
