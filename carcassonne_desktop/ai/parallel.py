"""A helper process for root parallelism of the `hard` search.

The game is sent as its record (setup and actions): small, and rebuilt in the
helper by replaying it, so nothing depends on pickling engine internals. The
helper runs its own rounds of `search.run_rounds` (odd round numbers while the
main process plays the even ones) in short chunks and sends back each round's
values, so the main process can stop the search early, or drop candidates
that are clearly worse, between chunks.

The helper is started with the "spawn" method, which is safe in a process
that already runs threads (the window, the asynchronous runner) and works on
every platform. Anything going wrong here (no multiprocessing, a broken pool)
only means the search runs in one process.
"""

from __future__ import annotations

import atexit
import json
import multiprocessing
import os
import time
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

from carcassonne_desktop.ai.deadline import Deadline, cpu_clock, use_cpu_clock
from carcassonne_desktop.engine import Game, GameRecord, GameSetup, Rules, parse_action

_pool: ProcessPoolExecutor | None = None
_broken = False
_rules_cache: dict[str, Rules] = {}
#: Wall-clock seconds a chunk's values are waited for when budgets are CPU time.
CPU_CLOCK_PATIENCE = 60.0
#: The position of the last request (its record as text, the game): a
#: decision sends the same position chunk after chunk, and replaying it took
#: a good part of a short chunk with every expansion.
_last_game: tuple[str, Game] | None = None


#: Environment variable limiting the cores a computer player may use (set to
#: 1 in the worker processes of `selfplay --jobs`, which share the cores).
CORES_VARIABLE = "CARCASSONNE_AI_CORES"


def helper_count() -> int:
    """How many helper processes are worth starting on this machine."""
    cores = os.cpu_count() or 1
    limit = os.environ.get(CORES_VARIABLE, "").strip()
    if limit.isdigit():
        cores = min(cores, max(int(limit), 1))
    return max(0, min(1, cores - 1))


def _get_pool() -> ProcessPoolExecutor | None:
    global _pool, _broken
    if _broken:
        return None
    if _pool is None:
        try:
            _pool = ProcessPoolExecutor(
                max_workers=1, mp_context=multiprocessing.get_context("spawn")
            )
            atexit.register(shutdown)
        except (OSError, ValueError, ImportError):
            _broken = True
            return None
    return _pool


def warm_up() -> None:
    """Start the helper now (its imports take a moment) instead of mid-search.
    Returns at once: creating a player must not block the window."""
    pool = _get_pool()
    if pool is not None:
        try:
            pool.submit(_ping)
        except Exception:  # noqa: BLE001 - any failure just means single-process
            _mark_broken()


def shutdown() -> None:
    global _pool
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
        _pool = None


def _mark_broken() -> None:
    global _broken
    _broken = True
    shutdown()


def submit_rounds(
    game: Game, candidates: list[tuple[Any, ...]], seed: int, seconds: float, own_turns: int,
    first_round: int = 1, step: int = 2, active: list[int] | None = None,
    answer_turns: int | None = None, share_rankings: bool = False,
) -> Future[dict[int, list[float | None]]] | None:
    """Start rounds first_round, first_round + step, ... in the helper for
    `seconds` from now; None if there is no helper. The end is sent as
    wall-clock time, so a request that starts late (helper still importing, or
    finishing an abandoned chunk) still ends on time instead of falling
    further and further behind. With budgets in CPU time (`deadline.cpu_clock`)
    the helper is given `seconds` of its own CPU instead: a shared machine
    may run it late, and it must still do the work an idle one would."""
    pool = _get_pool()
    if pool is None:
        return None
    record = GameRecord.from_game(game).to_json()
    plans = [[a.to_json() for a in actions] for actions in candidates]
    try:
        return pool.submit(
            _rounds_in_helper, record, plans, seed, time.time() + seconds, own_turns,
            first_round, step, active, answer_turns, seconds if cpu_clock() else None,
            share_rankings,
        )
    except Exception:  # noqa: BLE001 - a broken pool: carry on alone
        _mark_broken()
        return None


def collect(
    future: Future[dict[int, list[float | None]]] | None, timeout: float
) -> dict[int, list[float | None]] | None:
    """The helper's round values, or None if it failed or is late (with
    budgets in CPU time, late by the wall clock is only the machine being
    busy: the helper's CPU budget ends its chunk, so it is waited for, up to
    a minute in case it hangs)."""
    if future is None:
        return None
    if cpu_clock():
        timeout = max(timeout, CPU_CLOCK_PATIENCE)
    try:
        return future.result(timeout=max(timeout, 0.0))
    except FutureTimeout:
        future.cancel()
        return None
    except Exception:  # noqa: BLE001
        _mark_broken()
        return None


# ------------------------------------------------------------ in the helper
def _ping() -> bool:
    return True


def _rounds_in_helper(
    record: dict[str, Any], plans: list[list[dict[str, Any]]], seed: int, end_wall: float,
    own_turns: int, first_round: int = 1, step: int = 2, active: list[int] | None = None,
    answer_turns: int | None = None, cpu_seconds: float | None = None,
    share_rankings: bool = False,
) -> dict[int, list[float | None]]:
    from carcassonne_desktop.ai.search import run_rounds

    global _last_game
    if cpu_seconds is not None and not cpu_clock():
        use_cpu_clock(True)  # a helper started before the choice was made
    budget = cpu_seconds if cpu_seconds is not None else max(end_wall - time.time(), 0.0)
    deadline = Deadline(budget)
    position = json.dumps(record, sort_keys=True)
    if _last_game is not None and _last_game[0] == position:
        game = _last_game[1]  # the rounds play on copies: it is unchanged
    else:
        setup = GameSetup.from_json(record["setup"])
        key = json.dumps(record["setup"], sort_keys=True)
        rules = _rules_cache.get(key)
        if rules is None:
            _rules_cache.clear()
            rules = _rules_cache[key] = Rules(setup)
        game = Game(setup, rules)
        for action in GameRecord.from_json(record).actions:
            game.apply(action)
        _last_game = (position, game)
    candidates = [[parse_action(a) for a in plan] for plan in plans]
    return run_rounds(game, candidates, seed, deadline, first_round=first_round, step=step,
                      own_turns=own_turns, active=active, answer_turns=answer_turns,
                      share_rankings=share_rankings)
