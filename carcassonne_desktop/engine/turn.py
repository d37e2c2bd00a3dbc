"""The turn as a compiled list of named steps (DESIGN 2b, seed 004's order).

Each step holds works: the core's own and those expansions attach before or
after it. A work either acts and returns None (scoring, the wheel turning),
or returns the decision it waits for; after that decision is resolved the
same work runs again, so one work can ask several decisions in a row and
then finish. The list is compiled once per game from the chosen expansions,
so a game pays only for the works it has.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from carcassonne_desktop.engine.decisions import Decision
from carcassonne_desktop.engine.errors import SetupError
from carcassonne_desktop.engine.events import Event

if TYPE_CHECKING:
    from carcassonne_desktop.engine.catalogue import TileType
    from carcassonne_desktop.engine.game import Game

#: The steps of a turn, in the order of seed 004.
STEPS = (
    "start",  # wheel, fairy, robbers' points
    "draw",  # the tile (hand of 3, hills slide one under)
    "place",  # the tile placement decision (gold, mage or witch, ferries after it)
    "after_place",  # consequences of the placement (the shepherd's flock)
    "figure",  # deploy, recall, pass (flying machine, crop circle, count...)
    "after_figure",
    "score",  # completed features, one at a time (may pause inside one)
    "after_score",  # goods, king and baron, messages...
    "end",  # the builder's second tile, the next player
)
STEP_INDEX = {name: index for index, name in enumerate(STEPS)}

RunFn = Callable[["Game", list[Event]], Decision | None]


@dataclass(frozen=True, slots=True)
class Work:
    """Something done at one step of every turn."""

    step: str
    run: RunFn
    before: bool = False
    name: str = ""
    #: For a work after the place step that has something to do only after a
    #: tile of some types was placed (a gold mine, a robber, a fair): whether
    #: `tile` is one (judged on the type alone; `run` must return None and
    #: change nothing after any other tile). The compiled turn does not call
    #: the work after the others (`Rules.runs_after`). None: every tile.
    tiles: Callable[[TileType], bool] | None = None


class CallFrame(NamedTuple):
    """Where a called run of steps returns to (`Game.call_steps`)."""

    #: Index of the work that called (it runs again on return).
    caller: int
    #: Index of the first work after the called steps.
    end: int
    #: The caller's `turn_state` (as items: the frame is immutable, so
    #: copies of a game may share it).
    turn_state: tuple[tuple[str, Any], ...]
    #: The tile the caller's part of the turn is about.
    last_placed: tuple[int, int] | None


def tiles_flagged(flag: str) -> Callable[[TileType], bool]:
    """`Work.tiles` for a work that acts only after a tile with `flag`."""
    def flagged(tile: TileType) -> bool:
        return bool(tile.flags.get(flag))

    return flagged


def compile_plan(core: Iterable[Work], attached: Iterable[Work]) -> tuple[Work, ...]:
    """Order the works: by step, then expansions' `before` works, the core's
    work, and expansions' `after` works (expansions in registry order)."""
    core = tuple(core)
    attached = tuple(attached)
    for work in core + attached:
        if work.step not in STEP_INDEX:
            raise SetupError(f"work {work.name!r} attaches to unknown step {work.step!r}")
        if work.tiles is not None and STEP_INDEX[work.step] <= STEP_INDEX["place"]:
            # before the tile is placed, the tile placed is the last turn's
            raise SetupError(f"work {work.name!r} names its tiles but runs before the placement")
    plan: list[Work] = []
    for step in STEPS:
        plan.extend(w for w in attached if w.step == step and w.before)
        plan.extend(w for w in core if w.step == step)
        plan.extend(w for w in attached if w.step == step and not w.before)
    return tuple(plan)


def first_work_of(plan: tuple[Work, ...], step: str) -> int:
    """Index of the first work of `step` (or of the next step that has one)."""
    wanted = STEP_INDEX[step]
    for index, work in enumerate(plan):
        if STEP_INDEX[work.step] >= wanted:
            return index
    return len(plan)
