"""Running a computer player off the interface thread.

The window must keep drawing while the computer thinks, so the decision runs
in a daemon worker thread and the interface polls for the answer once per
frame. The heavy search of `hard` runs half in a helper process; the rest,
and the lighter levels, only hold the interpreter lock in short slices, so the
window stays responsive.

Usage from the interface (one runner per computer seat, reused turn after turn):

    runner = AsyncPlayer(create_player("ai:hard"))
    runner.start(game.copy(), seat=game.deciding_player)   # returns at once
    # every frame:
    action = runner.poll()        # None while thinking
    if action is not None:
        game.apply(action)        # always legal for the position given to start()
    # when the game is left, reloaded or undone while thinking:
    runner.cancel()               # the answer is dropped; start() may be called again

The runner works on its own copy of the game, so the interface may go on
using (and even changing) its game while the computer thinks.
"""

from __future__ import annotations

import random
import threading

from carcassonne_desktop.ai.player import Player
from carcassonne_desktop.engine import Action, Game


class AsyncPlayer:
    """One computer seat's decisions, computed in a background thread."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self._thread: threading.Thread | None = None
        self._cancel = threading.Event()
        self._result: Action | None = None
        self._lock = threading.Lock()
        #: The exception of the last decision, if the player failed (a bug):
        #: a legal fallback action was returned instead and this says why.
        self.error: BaseException | None = None

    def start(self, game: Game, seat: int | None = None, budget: float | None = None) -> None:
        """Begin deciding for `game.deciding_player` (which must be `seat` if given).

        `budget` is the time in seconds the player may use (None: its level's
        default). Any decision still running is cancelled first.
        """
        if game.is_over:
            raise ValueError("the game is over: there is nothing to decide")
        if seat is not None and seat != game.deciding_player:
            raise ValueError(f"seat {seat} is not the seat to move ({game.deciding_player})")
        self.cancel()
        position = game.copy()
        cancel = threading.Event()
        self._cancel = cancel
        with self._lock:
            self._result = None
        self.error = None
        self._thread = threading.Thread(
            target=self._run, args=(position, budget, cancel), name="computer-player",
            daemon=True,
        )
        self._thread.start()

    def _run(self, game: Game, budget: float | None, cancel: threading.Event) -> None:
        try:
            action = self.player.choose(game, budget, cancel)
        except Exception as exc:  # noqa: BLE001 - a bug must not freeze the game
            self.error = exc
            legal = game.legal_actions()
            action = legal[random.randrange(len(legal))]
        with self._lock:
            if not cancel.is_set():
                self._result = action

    def poll(self) -> Action | None:
        """The decided action once ready (then None again until the next start)."""
        with self._lock:
            action, self._result = self._result, None
        return action

    @property
    def thinking(self) -> bool:
        """True while a decision is being computed."""
        thread = self._thread
        return thread is not None and thread.is_alive() and not self._cancel.is_set()

    def cancel(self) -> None:
        """Stop the current decision (if any) and drop its answer. Returns at once;
        the worker notices within one unit of its work."""
        self._cancel.set()
        with self._lock:
            self._result = None

    def wait(self, timeout: float | None = None) -> Action | None:
        """Block until the decision is ready (for scripts and tests, not the UI)."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
        return self.poll()
