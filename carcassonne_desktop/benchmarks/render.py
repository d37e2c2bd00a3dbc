"""Frame-time benchmark of the game screen (``carcassonne bench render``).

Draws the real game scene (board, overlays, side panel, widgets) at
1920x1080 with SDL's dummy video driver, for boards of 72 and 300 tiles,
zoomed out to fit and at normal zoom, while panning every frame. Reports the
median and 95th percentile frame time, plus the resident memory at the end
and the time to open the window on the main menu. It prints figures; it
never passes or fails.
"""

from __future__ import annotations

import os
import random
import resource
import statistics
import sys
import time
from typing import Any

SIZE = (1920, 1080)
FRAMES = 240
WARMUP = 60


def _board_game(tiles: int, seed: int = 5) -> Any:
    """A game with ``tiles`` tiles on the board, played by random legal moves."""
    from carcassonne_desktop.engine import PASS, Game, GameSetup, PlayerSetup, Rules

    rng = random.Random(seed)
    base = [t.id for t in Rules(GameSetup(players=(PlayerSetup("a", "red", "human"),
                                                   PlayerSetup("b", "blue", "human")))).catalogue]
    order = [rng.choice(base) for _ in range(tiles + 40)]
    setup = GameSetup(players=(PlayerSetup("Ada", "red", "human"), PlayerSetup("Bruno", "blue", "human"),
                               PlayerSetup("Chloé", "green", "human")), seed=seed, tile_order=order)
    game = Game(setup)
    while len(game.placed_tiles()) < tiles and not game.is_over:
        legal = list(game.legal_actions())
        if game.phase == "figure":
            deploys = [a for a in legal if a is not PASS]
            action = rng.choice(deploys) if deploys and rng.random() < 0.3 else PASS
        else:
            action = rng.choice(legal)
        game.apply(action)
    return game


def _frame_times(app: Any, scene: Any, zoom: str) -> list[float]:
    from carcassonne_desktop.ui.board_view import board_bounds

    camera = scene.camera
    if zoom == "fit":
        camera.recentre(board_bounds(scene.layer_tiles()), immediate=True, margin_tiles=0.5)
    else:
        camera.zoom = camera.target_zoom = 96.0
        camera.focus(0, 0, immediate=True)
    times: list[float] = []
    for frame in range(WARMUP + FRAMES):
        camera.pan_pixels(3.0 if (frame // 60) % 2 == 0 else -3.0, 1.0)
        start = time.perf_counter()
        scene.update(1 / 60)
        app.manager.update(1 / 60)
        app.screen.fill((0, 0, 0))
        app.stack.draw(app.screen)
        app.manager.draw_ui(app.screen)
        if frame >= WARMUP:
            times.append((time.perf_counter() - start) * 1000)
    return times


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def _rss_mb() -> float:
    try:
        with open("/proc/self/status", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def startup_seconds() -> float:
    """Seconds from a new process to the first drawn main menu (dummy driver)."""
    import subprocess

    code = ("import time; t=time.perf_counter(); from carcassonne_desktop.ui.app import App; "
            "from carcassonne_desktop.ui.launcher import build_hooks; a=App(build_hooks()); a.start(); "
            "a.step(0.0); print(time.perf_counter()-t)")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False)
    total = time.perf_counter() - start
    del out
    return total


def run() -> dict[str, Any]:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from carcassonne_desktop.persistence.settings import Settings
    from carcassonne_desktop.ui.app import App, AppHooks
    from carcassonne_desktop.ui.game_scene import GameScene

    cases = []
    app = App(AppHooks(), settings=Settings(), size=SIZE)
    app.settings_file = None
    app.save_settings = lambda: None  # type: ignore[method-assign]
    app.start()
    for tiles in (72, 300):
        game = _board_game(tiles)
        scene = GameScene(app, game, None)
        app.stack.push(scene)
        scene.update(0.0)
        scene.banner.dismiss()  # measure the board during a turn, not the hand-over banner
        scene.mouse = (SIZE[0] // 3, SIZE[1] // 2)  # a cursor over the board: ghost and hover work too
        for zoom in ("fit", "normal"):
            times = _frame_times(app, scene, zoom)
            cases.append({"tiles": len(game.placed_tiles()), "zoom": zoom, "scale_px": scene.camera.scale,
                          "frames": len(times), "p50_ms": round(statistics.median(times), 2),
                          "p95_ms": round(_percentile(times, 0.95), 2), "max_ms": round(max(times), 2)})
        app.stack.pop()
    rss = _rss_mb()
    pygame.quit()
    return {"benchmark": "render", "size": list(SIZE), "cases": cases, "rss_mb_after_300_tiles": round(rss, 1),
            "startup_to_menu_s": round(startup_seconds(), 2), "target_p95_ms_300_tiles": 8.0}


def format_text(result: dict[str, Any]) -> str:
    lines = [f"Game screen frame time at {result['size'][0]}x{result['size'][1]} while panning:"]
    for case in result["cases"]:
        lines.append(f"  {case['tiles']:>4} tiles, zoom {case['zoom']:<6} ({case['scale_px']:>3} px/tile): "
                     f"p50 {case['p50_ms']:6.2f} ms  p95 {case['p95_ms']:6.2f} ms  max {case['max_ms']:6.2f} ms")
    lines.append(f"  resident memory after the 300-tile board: {result['rss_mb_after_300_tiles']} MB")
    lines.append(f"  process start to drawn main menu: {result['startup_to_menu_s']} s")
    return "\n".join(lines)
