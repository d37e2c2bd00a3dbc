"""Computer turns without freezing the window.

A computer player's ``choose()`` may think for a second or more, so it runs in
a worker thread on a ``game.copy()`` (the real game is only touched by the
interface thread, through ``apply``). The scene polls :meth:`ComputerTurns.poll`
each frame; a request that became stale (undo, leaving the game) is cancelled
and its answer ignored.

How long the animation of each decision lasts comes from the "computer turn
speed" setting.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from carcassonne_desktop.engine import Action, Game
from carcassonne_desktop.engine.decisions import PLACE_TILE

# seconds to show one decision (tile sliding in, figure dropping) per speed setting
ANIMATION_SECONDS: dict[str, float] = {"slow": 1.4, "normal": 0.75, "fast": 0.3, "instant": 0.0}
# pause after a computer turn, so a person can see what happened
PAUSE_SECONDS: dict[str, float] = {"slow": 0.9, "normal": 0.45, "fast": 0.15, "instant": 0.0}

PlayerFactory = Callable[[str, int], object]


def animation_seconds(speed: str) -> float:
    return ANIMATION_SECONDS.get(speed, ANIMATION_SECONDS["normal"])


def pause_seconds(speed: str) -> float:
    return PAUSE_SECONDS.get(speed, PAUSE_SECONDS["normal"])


def default_player_factory(controller: str, seed: int) -> object:
    from carcassonne_desktop.ai.levels import create_player

    return create_player(controller, seed)


@dataclass
class _Request:
    generation: int
    thread: threading.Thread
    cancel: threading.Event
    result: Action | None = None
    error: BaseException | None = None


class ComputerTurns:
    """One computer player per seat, asked in a worker thread, one request at a time."""

    def __init__(self, controllers: list[str], seed: int,
                 factory: PlayerFactory = default_player_factory) -> None:
        self._players: dict[int, object] = {}
        for seat, controller in enumerate(controllers):
            if controller.startswith("ai:"):
                self._players[seat] = factory(controller, seed * 31 + seat)
        self._request: _Request | None = None
        self._generation = 0

    def is_computer(self, seat: int) -> bool:
        return seat in self._players

    @property
    def busy(self) -> bool:
        return self._request is not None

    def ask(self, game: Game, budget: float | None = None) -> None:
        """Start thinking about ``game.deciding_player``'s decision (on a private copy)."""
        self.cancel()
        player = self._players[game.deciding_player]
        snapshot = game.copy()
        self._generation += 1
        cancel = threading.Event()
        request = _Request(self._generation, threading.Thread(daemon=True), cancel)

        def work() -> None:
            try:
                request.result = player.choose(snapshot, budget, cancel)  # type: ignore[attr-defined]
            except BaseException as exc:  # reported to the interface thread by poll()
                request.error = exc

        request.thread = threading.Thread(target=work, name="computer-player", daemon=True)
        self._request = request
        request.thread.start()

    def poll(self) -> Action | None:
        """The chosen action once the worker is done (None while it thinks)."""
        request = self._request
        if request is None or request.thread.is_alive():
            return None
        self._request = None
        if request.error is not None:
            raise RuntimeError("the computer player failed") from request.error
        return request.result

    def cancel(self) -> None:
        """Forget the current request (its thread finishes quickly and is ignored)."""
        if self._request is not None:
            self._request.cancel.set()
            self._request = None

    def wait(self, timeout: float = 30.0) -> Action | None:
        """Block until the answer is there (tests and headless runs only)."""
        request = self._request
        if request is None:
            return None
        request.thread.join(timeout)
        return self.poll()


THINKING = "thinking"
ANIMATING = "animating"
PAUSING = "pausing"
IDLE = "idle"


class ComputerTurnDriver:
    """Plays the computer seats' decisions one at a time, with a short animation each.

    ``update`` asks the worker, waits for its answer, lets the scene animate it
    (``action`` and ``progress`` describe what to draw) and then applies it
    through the session; it returns the events the action caused.
    """

    def __init__(self, turns: ComputerTurns) -> None:
        self.turns = turns
        self.state = IDLE
        self.action: Action | None = None
        self.elapsed = 0.0
        self.duration = 0.0
        self.thinking_for = 0.0
        #: Asked with each answer as it arrives; True when it shows the answer
        #: somewhere (a watch scene) and holds it until :meth:`release`.
        self.watch: Callable[[Action], bool] | None = None

    @property
    def progress(self) -> float:
        return 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)

    def reset(self) -> None:
        self.turns.cancel()
        self.state = IDLE
        self.action = None

    def hold(self) -> None:
        """Keep the answer being animated until :meth:`release` (a scene shows it)."""
        if self.state == ANIMATING:
            self.duration = float("inf")

    def release(self, action: Action) -> None:
        """Play ``action`` (the held answer, or one a scene changed) at the next update."""
        if self.state == ANIMATING:
            self.action = action
            self.duration = 0.0

    def update(self, dt: float, session: object, speed: str) -> list:
        """Advance by ``dt`` seconds; returns the events of an action just applied."""
        game: Game = session.game  # type: ignore[attr-defined]
        if game.is_over or not self.turns.is_computer(game.deciding_player):
            if self.state != IDLE:
                self.reset()
            return []
        if self.state == IDLE:
            self.turns.ask(game)
            self.state = THINKING
            self.thinking_for = 0.0
        if self.state == THINKING:
            self.thinking_for += dt
            action = self.turns.poll()
            if action is None:
                return []
            self.action = action
            self.elapsed = 0.0
            is_tile = getattr(action, "type", "") == "place_tile"
            is_figure = getattr(action, "type", "") == "deploy"
            self.duration = animation_seconds(speed) * (1.0 if is_tile else 0.6 if is_figure else 0.0)
            self.state = ANIMATING
            dt = 0.0
            if self.watch is not None and self.watch(action):
                return []
        if self.state == ANIMATING:
            self.elapsed += dt
            if self.elapsed < self.duration:
                return []
            action = self.action
            assert action is not None
            self.action = None
            events = session.apply(action)  # type: ignore[attr-defined]
            if session.game.pending_kind in (PLACE_TILE, None):  # type: ignore[attr-defined]
                self.state = PAUSING
                self.elapsed = 0.0
                self.duration = pause_seconds(speed)
            else:
                self.state = IDLE
            return events
        if self.state == PAUSING:
            self.elapsed += dt
            if self.elapsed >= self.duration:
                self.state = IDLE
        return []
