"""How fast the first screens open (``carcassonne bench screens``): from a
new process to the drawn main menu, then from the click on New game to the
drawn setup screen, the first time in that process (its modules imported
then) and again; and choosing a box there (the screen built again). Each in
a fresh process with the remembered choice "everything" (all eighteen
expansions listed, ticked and counted), at 960x640, 1280x800 and 1920x1080,
dummy video driver. Prints figures; never passes or fails.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from typing import Any

SIZES = ((960, 640), (1280, 800), (1920, 1080))
ROUNDS = 3
#: "Open at once": the issue's wish, as a figure (a click answered within a frame or two).
TARGET_SETUP_S = 0.1

#: The child: the menu as `carcassonne` opens it, then a real click on New
#: game (posted as the mouse's press and release on the button) and the
#: frames until the setup screen is on top and drawn.
_CHILD = r"""
import json, sys, time
start = float(sys.argv[1]); width, height = int(sys.argv[2]), int(sys.argv[3])
from carcassonne_desktop.cli import build_parser
build_parser().parse_args([])
import pygame
from carcassonne_desktop.ui.app import App
from carcassonne_desktop.ui.launcher import build_hooks
app = App(build_hooks(), size=(width, height))
app.start()
app.step(0.0)
menu = time.time() - start

def open_setup():
    button = app.stack.top.buttons["new_game"].get_abs_rect()
    t0 = time.perf_counter()
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, button=1, pos=button.center))
    while type(app.stack.top).__name__ != "SetupScene":
        app.step(0.0)
    app.step(0.0)  # the frame that shows it
    return time.perf_counter() - t0

first = open_setup()
scene = app.stack.top
systems = len(scene.model.expansions)
t0 = time.perf_counter()
scene.choose_box("big_box_2021")
app.step(0.0)
box = time.perf_counter() - t0
scene.go_back()
app.step(0.0)
again = open_setup()
print(json.dumps({"menu_s": menu, "setup_first_s": first, "setup_again_s": again,
                  "choose_box_s": box, "expansions": systems}))
app.close()
"""


def _child(size: tuple[int, int], folder: str) -> dict[str, Any] | None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               CARCASSONNE_CONFIG_DIR=folder, CARCASSONNE_DATA_DIR=folder)
    out = subprocess.run([sys.executable, "-c", _CHILD, repr(time.time()), *map(str, size)],
                         capture_output=True, text=True, env=env, check=False)
    try:
        result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    except (IndexError, ValueError):
        return None  # the child failed: the row shows it
    return result


def _remember_everything(folder: str) -> None:
    """A settings file whose last choice is every expansion (the heaviest list)."""
    from carcassonne_desktop.engine import registry

    setup = {"players": [{"name": "Ada", "color": "red", "controller": "human"},
                         {"name": "Bruno", "color": "blue", "controller": "ai:medium"}],
             "expansions": list(registry()), "options": {"farmers": True}}
    with open(os.path.join(folder, "settings.json"), "w", encoding="utf-8") as handle:
        json.dump({"last_setup": setup}, handle)


def run(rounds: int = ROUNDS) -> dict[str, Any]:
    rows = []
    for size in SIZES:
        runs = []
        for _ in range(rounds):
            with tempfile.TemporaryDirectory() as folder:
                _remember_everything(folder)
                result = _child(size, folder)
            if result is not None:
                runs.append(result)
        row: dict[str, Any] = {"size": list(size), "runs": len(runs)}
        for key in ("menu_s", "setup_first_s", "setup_again_s", "choose_box_s"):
            values = sorted(r[key] for r in runs)
            row[key] = {"best": round(values[0], 3), "worst": round(values[-1], 3)} if values else None
        row["expansions"] = runs[0]["expansions"] if runs else None
        rows.append(row)
    return {"benchmark": "screens", "rounds": rounds, "rows": rows,
            "target_setup_s": TARGET_SETUP_S}


def format_text(result: dict[str, Any]) -> str:
    lines = [f"First screens, best and worst of {result['rounds']} fresh processes "
             f"(the remembered choice: every expansion; target for the setup screen "
             f"{result['target_setup_s']} s):"]
    for row in result["rows"]:
        size = "x".join(map(str, row["size"]))
        if not row["runs"]:
            lines.append(f"  {size}: the child process failed")
            continue
        parts = []
        for key, name in (("menu_s", "start to menu"), ("setup_first_s", "New game, first"),
                          ("setup_again_s", "New game, again"), ("choose_box_s", "a box chosen")):
            figure = row[key]
            parts.append(f"{name} {figure['best']:.3f}-{figure['worst']:.3f} s")
        lines.append(f"  {size:>9} ({row['expansions']} systems): " + "; ".join(parts))
    return "\n".join(lines)
