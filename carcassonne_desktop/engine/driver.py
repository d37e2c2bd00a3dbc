"""The driver of the turn: it runs the compiled works (engine/turn.py)
from the cursor until one asks a decision, and follows the jumps works ask
for (a step repeated, a run of steps called for another tile). A part of
`Game`, apart from the dispatch of actions in `game.py`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from carcassonne_desktop.engine.core_works import (
    _CORE_FIGURE,
    _DEALT,
    _FIGURED,
    _PLACE_DECISIONS,
    _PLACED,
)
from carcassonne_desktop.engine.decisions import FIGURE, PLACE_TILE, Decision
from carcassonne_desktop.engine.events import DecisionRequested, Event
from carcassonne_desktop.engine.turn import STEP_INDEX, CallFrame, first_work_of

if TYPE_CHECKING:
    from carcassonne_desktop.engine.features import Position
    from carcassonne_desktop.engine.rules import Rules

# The decisions of every turn are announced by their own events (tile drawn,
# tile placed), not by a DecisionRequested.
_SILENT = frozenset({PLACE_TILE, FIGURE})


class TurnDriver:
    """The driver of the turn (a part of `Game`)."""

    __slots__ = ()
    rules: Rules
    turn_state: dict[str, Any]
    last_placed: Position | None
    pending: Decision | None
    over: bool
    _cursor: int
    _jump: int | tuple[int, int] | None
    _calls: tuple[CallFrame, ...]

    if TYPE_CHECKING:
        board: dict[Position, Any]
        pawn_queue: list[Any]
        settle_due: bool
        _figure_options: Any

        def settle_pawns(self, events: list[Event], ask: bool = True) -> Decision | None: ...
        def _work_score(self, events: list[Event]) -> Decision | None: ...
        def _work_end(self, events: list[Event]) -> Decision | None: ...
        def _work_draw(self, events: list[Event]) -> Decision | None: ...

    def _run(self, events: list[Event]) -> None:
        """Run the works of the turn from the cursor until one asks a decision
        (then `pending` holds it) or the game ends. The works are those the
        tile just placed may need (`Rules.runs_after`): a work that declared
        it cannot matter after that type of tile is not called."""
        rules = self.rules
        placed = self.last_placed
        runs = rules.plan_runs if placed is None else rules.runs_after(self.board[placed][0].tile)
        size = len(runs)
        cursor = self._cursor
        settle_always = rules.settle_always
        while not self.over:
            if self.last_placed is not placed:  # a tile put, or a called part left
                placed = self.last_placed
                runs = (rules.plan_runs if placed is None
                        else rules.runs_after(self.board[placed][0].tile))
            if self.pawn_queue or (settle_always and self.settle_due):
                decision = self.settle_pawns(events)
                if decision is not None:
                    self._cursor = cursor
                    self.pending = decision
                    events.append(DecisionRequested(decision.kind, decision.player))
                    return
            run = runs[cursor]
            if run is not None:
                decision = run(self, events)
                if decision is not None:
                    self._cursor = cursor
                    self.pending = decision
                    if decision.kind not in _SILENT:
                        events.append(DecisionRequested(decision.kind, decision.player))
                    return
            if self._jump is not None:
                cursor = self._follow_jump(cursor)
                continue
            cursor += 1
            if self._calls and cursor == self._calls[-1].end:
                cursor = self._return_from_call()
                continue
            if cursor == size:
                cursor = 0
        self._cursor = cursor
        self.pending = None

    def _finish_core_turn(self, events: list[Event]) -> None:
        """The compiled plan of a game without turn works of expansions is the
        core's five works: after the figure step come score, end, draw and
        place. The same works in the same order as `_run`, without its loop:
        this is the inner loop of every search."""
        self._work_score(events)
        self._work_end(events)
        self._work_draw(events)
        if self.over:
            self._cursor = 0
            self.pending = None
            return
        self._cursor = _CORE_FIGURE - 1
        self.pending = _PLACE_DECISIONS[self.turn_player]

    def repeat_from(self, step: str) -> None:
        """After the running work finishes, go back to `step` within this turn
        (the builder's second tile); the core's per-turn flags are cleared."""
        for key in (_DEALT, _PLACED, _FIGURED):
            self.turn_state.pop(key, None)
        self._jump = first_work_of(self.rules.plan, step)

    def call_steps(self, first: str, last: str) -> None:
        """After the running work finishes, run the steps `first` to `last`
        as a part of the turn of its own (message 4's extra tile: its draw,
        placement, figure step and scoring), then come back: the caller's
        `turn_state` and `last_placed` are restored and the calling work
        runs again (its own `turn_state` tells it that it called). The called
        part starts with an empty `turn_state`, so every work of those steps
        runs for the new tile; the core's draw deals only the turn player,
        and when no tile can be dealt the part ends at once. A called run
        never includes the `end` step (the turn's end belongs to the caller)."""
        if STEP_INDEX[first] > STEP_INDEX[last] or last == "end":
            raise ValueError(f"cannot call the steps {first}..{last}")
        plan = self.rules.plan
        start = first_work_of(plan, first)
        end = next((i for i in range(start, len(plan))
                    if STEP_INDEX[plan[i].step] > STEP_INDEX[last]), len(plan))
        self._jump = (start, end)

    @property
    def call_depth(self) -> int:
        """How many called runs of steps the turn is inside (0: none)."""
        return len(self._calls)

    def _follow_jump(self, cursor: int) -> int:
        """The driver takes a pending `repeat_from` or `call_steps` jump."""
        jump, self._jump = self._jump, None
        if type(jump) is tuple:
            start, end = jump
            frame = CallFrame(cursor, end, tuple(self.turn_state.items()), self.last_placed)
            self._calls = (*self._calls, frame)
            self.turn_state = {}
            self.settle_due = True
            return start
        return jump  # type: ignore[return-value]

    def _return_from_call(self) -> int:
        """Leave the innermost called run: restore the caller's part of the
        turn and give the index of the calling work (it runs again)."""
        frame = self._calls[-1]
        self._calls = self._calls[:-1]
        self.turn_state = dict(frame.turn_state)
        self.settle_due = True  # what the caller's part held may wait again
        self.last_placed = frame.last_placed
        self._figure_options = None
        return frame.caller

    def end_call(self) -> None:
        """End the innermost called run now (nothing to deal for it): the
        driver goes back to its caller once the running work finishes."""
        self._jump = self._return_from_call()
