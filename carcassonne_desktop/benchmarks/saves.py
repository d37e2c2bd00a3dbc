"""`carcassonne bench saves`: saving and loading a finished 72-tile game.

Saving = metadata + JSON encoding + atomic write with backup (two fsyncs);
loading = read + parse + checks + full replay through the engine. The target
is at most 100 ms each (issue 4); the figures are medians over many rounds.
"""

from __future__ import annotations

import platform
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from carcassonne_desktop.engine import Game, quick_setup
from carcassonne_desktop.persistence.history import UndoHistory
from carcassonne_desktop.persistence.store import SaveStore

TARGET_MS = 100.0


def finished_game(seed: int = 1) -> Game:
    game = Game(quick_setup(2, seed=seed, options={"farmers": True}))
    rng = random.Random(seed)
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    return game


def _ms(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {"median_ms": round(statistics.median(ordered) * 1000, 2),
            "max_ms": round(ordered[-1] * 1000, 2)}


def run(rounds: int = 30) -> dict[str, Any]:
    game = finished_game()
    thumbnail = bytes(20_000)  # about what a small PNG of the board weighs
    with tempfile.TemporaryDirectory() as tmp:
        store = SaveStore(Path(tmp), examples=Path(tmp) / "none")
        info = store.save(game, "warm-up", thumbnail)
        saves, autosaves, loads = [], [], []
        for _ in range(rounds):
            t0 = time.perf_counter()
            info = store.save(game, "bench", thumbnail)
            t1 = time.perf_counter()
            store.autosave(game, thumbnail)
            t2 = time.perf_counter()
            store.load(info)
            t3 = time.perf_counter()
            saves.append(t1 - t0)
            autosaves.append(t2 - t1)
            loads.append(t3 - t2)
        size = info.path.stat().st_size
    history = UndoHistory(game)
    undo = []
    while history.can_undo():
        t0 = time.perf_counter()
        history.undo()
        undo.append(time.perf_counter() - t0)
    return {
        "benchmark": "saves",
        "machine": f"{platform.machine()} {platform.processor() or ''}".strip(),
        "python": platform.python_version(),
        "actions": len(game.history),
        "tiles_placed": len(game.placed_tiles()),
        "file_bytes": size,
        "rounds": rounds,
        "save": _ms(saves),
        "autosave": _ms(autosaves),
        "load": _ms(loads),
        "undo_step": _ms(undo),
        "target_ms": TARGET_MS,
    }


def format_text(result: dict[str, Any]) -> str:
    lines = [
        f"Saves benchmark ({result['machine']}, Python {result['python']})",
        f"  finished game: {result['tiles_placed']} tiles, {result['actions']} actions, "
        f"file {result['file_bytes'] / 1024:.1f} KiB, {result['rounds']} rounds",
    ]
    for key, label in (("save", "save (atomic, backup)"), ("autosave", "autosave"),
                       ("load", "load (parse + replay)"), ("undo_step", "undo, one step")):
        figures = result[key]
        lines.append(f"  {label:<24} median {figures['median_ms']:7.2f} ms   "
                     f"max {figures['max_ms']:7.2f} ms")
    lines.append(f"  target: save and load at most {result['target_ms']:.0f} ms each")
    return "\n".join(lines)


if __name__ == "__main__":
    print(format_text(run()))
