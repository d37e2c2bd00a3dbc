"""A random input storm through the real app (dummy video driver): mouse
moves, clicks, drags, the wheel, keys with and without modifiers, and
window resizes, seeded, with every implemented expansion in the game. Every
event goes through the app's own frame (`App.step`: the UI manager, the top
scene's handle_event, update and draw), so anything a family could do with
the mouse and keyboard runs here. Nothing may raise.

Run the full storm with `python -m tests.storm 100000` (it prints what it
did); the test suite runs a shorter one (tests/test_ui_storm.py).
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

EXPANSIONS = ["base", "inns_cathedrals", "abbot", "traders_builders", "hills_sheep", "river"]
PLAYERS = [{"name": "Marie", "color": "red", "controller": "human"},
           {"name": "Paul", "color": "blue", "controller": "human"},
           {"name": "Zoé", "color": "green", "controller": "human"}]
KEYS = [pygame.K_r, pygame.K_t, pygame.K_h, pygame.K_l, pygame.K_c, pygame.K_z, pygame.K_y,
        pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_TAB, pygame.K_SPACE, pygame.K_RETURN,
        pygame.K_BACKSPACE, pygame.K_ESCAPE, pygame.K_HOME, pygame.K_LEFT, pygame.K_RIGHT,
        pygame.K_UP, pygame.K_DOWN, pygame.K_PLUS, pygame.K_MINUS, pygame.K_a]
MODS = [0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL]
SIZES = [(1280, 800), (1024, 700), (800, 600), (1920, 1080), (1440, 900), (900, 1000)]
EVENTS_PER_FRAME = 8  # a busy hand: several events reach each frame


@dataclass
class StormReport:
    """What the storm did (to show it reached the game, not only the menus)."""

    events: int = 0
    frames: int = 0
    restarts: int = 0
    seconds: float = 0.0
    kinds: Counter[str] = field(default_factory=Counter)
    scenes: Counter[str] = field(default_factory=Counter)
    actions_applied: int = 0


def _mouse(rng: random.Random, size: tuple[int, int], last: list[int]) -> tuple[int, int]:
    # near the last position most of the time (drags, hovering), anywhere otherwise
    if rng.random() < 0.7:
        last[0] = min(size[0] - 1, max(0, last[0] + rng.randint(-60, 60)))
        last[1] = min(size[1] - 1, max(0, last[1] + rng.randint(-60, 60)))
    else:
        last[0], last[1] = rng.randrange(size[0]), rng.randrange(size[1])
    return last[0], last[1]


def storm_events(rng: random.Random, size: tuple[int, int], last: list[int],
                 held: set[int]) -> list[tuple[str, pygame.event.Event]]:
    """One random gesture, as the events the window would receive."""
    roll = rng.random()
    if roll < 0.40:
        pos = _mouse(rng, size, last)
        buttons = tuple(int(b in held) for b in (1, 2, 3))
        return [("move", pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(rng.randint(-9, 9), rng.randint(-9, 9)),
                                            buttons=buttons))]
    if roll < 0.55:
        pos = _mouse(rng, size, last)
        button = rng.choice((1, 1, 1, 2, 3))
        if button in held:
            held.discard(button)
            return [("release", pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))]
        if rng.random() < 0.6:  # a click
            return [("click", pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)),
                    ("click", pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))]
        held.add(button)  # a press held for a drag
        return [("press", pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))]
    if roll < 0.67:
        dy = rng.choice((-3, -1, -1, 1, 1, 3))
        return [("wheel", pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False,
                                             precise_x=0.0, precise_y=float(dy)))]
    if roll < 0.76:
        # a turn by the keyboard: a legal square (Tab), maybe turned, put
        # down, a figure spot or not, confirmed: the game moves on
        keys = [pygame.K_TAB] + [pygame.K_r] * rng.randrange(2) + [pygame.K_RETURN]
        keys += [pygame.K_TAB] * rng.randrange(2) + [pygame.K_RETURN, pygame.K_RETURN]
        return [("turn", pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0))
                for key in keys for kind in (pygame.KEYDOWN, pygame.KEYUP)]
    if roll < 0.998:
        key, mod = rng.choice(KEYS), rng.choice(MODS)
        return [("key", pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)),
                ("key", pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))]
    # the window itself: resized, or full screen and back (F11); rare, as
    # each one rebuilds every widget
    if roll < 0.9995:
        w, h = rng.choice(SIZES)
        return [("resize", pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)))]
    return [("fullscreen", pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0)),
            ("fullscreen", pygame.event.Event(pygame.KEYUP, key=pygame.K_F11, mod=0, unicode="", scancode=0))]


def _open_app(folder: str) -> Any:
    os.environ["CARCASSONNE_CONFIG_DIR"] = os.path.join(folder, "config")
    os.environ["CARCASSONNE_DATA_DIR"] = os.path.join(folder, "data")
    from carcassonne_desktop.ui.app import App
    from carcassonne_desktop.ui.launcher import build_hooks

    app = App(build_hooks(), size=(1280, 800))
    app.set_language("fr")
    app.settings.ai_speed = "instant"
    app.start()
    return app


def _start_game(app: Any, rng: random.Random) -> None:
    setup = {"players": PLAYERS, "expansions": EXPANSIONS,
             "options": {"farmers": True}, "seed": rng.randrange(1, 2**31)}
    app.start_game(setup)


def run_storm(count: int, seed: int = 0,
              progress: Callable[[StormReport], None] | None = None) -> StormReport:
    """Send `count` random events through the app; raises what the app raises.
    `progress` hears the report every 5,000 events (long runs)."""
    rng = random.Random(seed)
    report = StormReport()
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        app = _open_app(folder)
        _start_game(app, rng)
        last = [640, 400]
        held: set[int] = set()
        next_report = 5000
        try:
            while report.events < count:
                for _ in range(EVENTS_PER_FRAME):
                    for kind, event in storm_events(rng, app.screen.get_size(), last, held):
                        pygame.event.post(event)
                        report.kinds[kind] += 1
                        report.events += 1
                running = app.step(1 / 60)
                report.frames += 1
                if progress is not None and report.events >= next_report:
                    next_report += 5000
                    report.seconds = time.perf_counter() - start
                    progress(report)
                top = app.stack.top
                report.scenes[type(top).__name__ if top is not None else "none"] += 1
                game = getattr(top, "game", None)
                if game is not None:
                    report.actions_applied = max(report.actions_applied, len(game.history))
                if not running:  # "Quit" was clicked: open the app again, with a game
                    report.restarts += 1
                    app.close()
                    app = _open_app(folder)
                    _start_game(app, rng)
                elif rng.random() < 0.05 and type(top).__name__ == "MainMenuScene":
                    _start_game(app, rng)  # back to a game with every expansion now and then
        finally:
            app.stack.clear()
            app.close()
    report.seconds = time.perf_counter() - start
    return report


def main(argv: list[str]) -> int:
    count = int(argv[0]) if argv else 100_000
    seed = int(argv[1]) if len(argv) > 1 else 0
    def tell(report: StormReport) -> None:
        print(f"... {report.events} events, {report.frames} frames, {report.seconds:.0f} s, "
              f"most actions in one game {report.actions_applied}", flush=True)

    report = run_storm(count, seed, tell)
    print(f"{report.events} events in {report.frames} frames, {report.seconds:.1f} s, seed {seed}; "
          f"restarts {report.restarts}; most actions in one game {report.actions_applied}")
    print("events:", dict(report.kinds))
    print("frames by scene:", dict(report.scenes))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
