"""Starting the window: the hooks that connect the menu to the game, saved
games and computer players, and the ``play --autoplay`` mode.

Each optional part (saved games, computer players) is looked up when the
window opens; a missing or broken one disables its buttons rather than
stopping the game from starting.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

import pygame

from carcassonne_desktop import i18n
from carcassonne_desktop.ui.app import App, AppHooks

_log = logging.getLogger(__name__)
AUTOPLAY_NAMES = ("Ada", "Bruno", "Chloé", "Driss")
AUTOPLAY_COLOURS = ("red", "blue", "green", "yellow")


def expansion_choices() -> list[dict[str, Any]]:
    """The expansions a player may add on the setup screen (the base game is always on)."""
    from carcassonne_desktop.engine import registry

    out = []
    for exp_id, cls in registry().items():
        if exp_id == "base":
            continue
        # the whole description, written for the setup screen (two or three
        # sentences): cut to its first sentence, the Count's and the Heretics'
        # said only what they replace or count as (family table, second round)
        description = dict(getattr(cls, "description", {}) or {})
        out.append({"id": exp_id, "name": dict(getattr(cls, "title", {}) or {"en": exp_id}),
                    "description": description})
    return out


def ai_level_names() -> list[str]:
    try:
        from carcassonne_desktop.ai.levels import available_levels

        return [level["name"] for level in available_levels(i18n.current_language())]
    except Exception:  # no computer players: every seat is human
        _log.exception("computer players unavailable")
        return []


def build_hooks(store: Any | None = None) -> AppHooks:
    """Everything the menu needs: game factory, Continue, Load, levels, expansions."""
    from carcassonne_desktop.ui.game_scene import GameScene
    from carcassonne_desktop.ui.game_session import make_store

    store = store if store is not None else make_store()

    def game_factory(app: App, setup: dict[str, Any]) -> GameScene:
        return GameScene.from_setup(app, setup, store=store)

    def has_saved_game() -> bool:
        if store is None:
            return False
        try:
            return bool(store.has_unfinished())
        except Exception:
            return False

    def open_loaded(app: App, loaded: Any) -> None:
        app.stack.push(GameScene(app, loaded.game, store))

    def on_continue(app: App) -> None:
        try:
            loaded = store.continue_game() if store is not None else None
        except Exception:
            _log.exception("could not continue the saved game")
            loaded = None
        if loaded is not None:
            open_loaded(app, loaded)

    def on_load(app: App) -> None:
        from carcassonne_desktop.ui.save_load_scene import load_scene

        def loaded_cb(loaded: Any) -> None:
            app.stack.pop()
            open_loaded(app, loaded)

        app.stack.push(load_scene(app, store, loaded_cb))

    hooks = AppHooks(game_factory=game_factory, has_saved_game=has_saved_game,
                     on_continue=on_continue if store is not None else None,
                     on_load=on_load if store is not None else None,
                     expansions=expansion_choices())
    levels = ai_level_names()
    if levels:
        hooks.ai_levels = levels
    return hooks


def autoplay_setup(players: int = 4, level: str = "easy") -> dict[str, Any]:
    return {"players": [{"name": AUTOPLAY_NAMES[i], "color": AUTOPLAY_COLOURS[i], "controller": f"ai:{level}"}
                        for i in range(players)],
            "expansions": ["base"], "options": {"farmers": True}}


def run(autoplay: bool = False, quit_after_turns: int | None = None, screenshot: str | None = None,
        settings_file: Path | None = None) -> int:
    """Open the window: the main menu, or with ``autoplay`` a game of computer players."""
    os.environ.setdefault("SDL_VIDEO_CENTERED", "1")
    app = App(build_hooks(), settings_file=settings_file)
    app.start()
    app.realtime = True  # a real window: it may rest when left alone
    app.recovers = True  # ...and an error in a screen goes back to the menu
    state: dict[str, Any] = {"quit": False}
    if autoplay:
        from carcassonne_desktop.engine import Game
        from carcassonne_desktop.ui.game_scene import GameScene, setup_from_dict

        def turn_end(scene: GameScene) -> None:
            if quit_after_turns is not None and scene.turns_played >= quit_after_turns:
                state["quit"] = True

        # a watched game is not saved: it would bury the player's own unfinished game
        scene = GameScene(app, Game(setup_from_dict(autoplay_setup())), None, on_turn_end=turn_end)
        app.stack.push(scene)
        if quit_after_turns == 0:
            state["quit"] = True
    elif quit_after_turns is not None:
        state["frames"] = 0
    try:
        while app.step():
            if state["quit"]:
                break
            if not autoplay and quit_after_turns is not None:
                state["frames"] += 1
                if state["frames"] > 2:
                    break
        if screenshot:
            app.step(0.0)
            pygame.image.save(app.screen, screenshot)
    finally:
        app.save_settings()
        app.close()
    return 0
