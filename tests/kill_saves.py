"""Kill a process that saves in a loop, again and again; every save must stay loadable.

A family computer gets switched off in the middle of an autosave. This script
starts a child process that saves, backs up and autosaves several games in an
endless loop, kills it at a random moment, checks that every save loads (from
its main file, not a backup), and starts again. At the end the leftover
temporary files are aged past ``STALE_AFTER_SECONDS`` and the store is
reopened: none may remain, and nothing else may be removed.

    python -m tests.kill_saves --kills 200     # from the repository root

``tests/test_saves_kill.py`` runs a few kills (``CARCASSONNE_KILL_COUNT``).
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from carcassonne_desktop.engine import Game, quick_setup
from carcassonne_desktop.persistence.atomic import STALE_AFTER_SECONDS, is_temporary
from carcassonne_desktop.persistence.store import SaveStore

REPO = Path(__file__).resolve().parents[1]
READY = "ready"


def _game(seed: int, actions: int) -> Game:
    """A game of a few turns, played at random (reproducible from the seed)."""
    game = Game(quick_setup(2, seed=seed))
    rng = random.Random(seed)
    while not game.is_over and len(game.history) < actions:
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    return game


def child(root: Path) -> None:
    """Save forever: two named slots (each save backs up the previous one) and autosaves."""
    store = SaveStore(root, examples=root / "no-examples")
    games = [_game(seed, 10 + 7 * seed) for seed in range(4)]
    turn = 0
    while True:
        game = games[turn % len(games)]
        store.save(game, "first")
        store.autosave(game)
        store.save(games[(turn + 1) % len(games)], "second")
        if turn == 0:
            print(READY, flush=True)
        turn += 1


@dataclass
class Outcome:
    """What the kills left behind."""

    kills: int = 0
    temporaries_seen: int = 0
    temporaries_left: int = 0
    saves_checked: int = 0
    seconds: float = 0.0


def _temporaries(root: Path) -> list[Path]:
    return [p for d in (root / "saves", root / "autosaves") if d.is_dir()
            for p in d.iterdir() if is_temporary(p)]


def _kill_once(root: Path, rng: random.Random) -> None:
    """Start the saving child, let it save for a random moment, kill it (SIGKILL)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.kill_saves", "--child", str(root)],
        cwd=REPO, stdout=subprocess.PIPE, text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline().strip()
        if line != READY:
            raise AssertionError(f"the saving child did not start (said {line!r})")
        time.sleep(rng.uniform(0.0, 0.05))
    finally:
        proc.kill()
        proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()


def _check_loadable(root: Path) -> int:
    """Every listed save loads from its own file; returns how many were checked."""
    store = SaveStore(root, examples=root / "no-examples")
    infos = store.list_saves()
    if len(infos) < 3:
        raise AssertionError(f"saves went missing: {[i.path.name for i in infos]}")
    for info in infos:
        if not info.ok or info.from_backup:
            raise AssertionError(f"{info.path.name} is damaged: {info.error}")
        loaded = store.load(info)
        if loaded.warnings:
            raise AssertionError(f"{info.path.name}: {loaded.warnings}")
    return len(infos)


def run(kills: int, root: Path, seed: int = 1) -> Outcome:
    """Kill the saving child ``kills`` times, checking the saves after each kill."""
    rng = random.Random(seed)
    outcome = Outcome()
    start = time.perf_counter()
    for _ in range(kills):
        _kill_once(root, rng)
        outcome.kills += 1
        outcome.saves_checked += _check_loadable(root)
    left = _temporaries(root)
    outcome.temporaries_seen = len(left)
    old = time.time() - STALE_AFTER_SECONDS - 60
    for path in left:
        os.utime(path, (old, old))
    names = sorted(p.name for d in ("saves", "autosaves") for p in (root / d).iterdir()
                   if not is_temporary(p))
    SaveStore(root, examples=root / "no-examples")  # reopening clears the stale ones
    outcome.temporaries_left = len(_temporaries(root))
    after = sorted(p.name for d in ("saves", "autosaves") for p in (root / d).iterdir())
    if after != names:
        raise AssertionError(f"reopening removed or added files: {names} -> {after}")
    _check_loadable(root)
    outcome.seconds = time.perf_counter() - start
    return outcome


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--child", metavar="ROOT", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(Path(args.child))
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        outcome = run(args.kills, Path(tmp), args.seed)
    print(f"{outcome.kills} kills in {outcome.seconds:.1f} s: {outcome.saves_checked} saves "
          f"loaded after the kills, all from their own file; {outcome.temporaries_seen} "
          f"temporary file(s) left by the kills, {outcome.temporaries_left} after reopening")
    return 0 if outcome.temporaries_left == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
