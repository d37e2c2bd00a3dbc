"""Where saved games live.

Players' saves go in the platformdirs user data directory, never inside the
installed package; ``$CARCASSONNE_DATA_DIR`` overrides it so tests and
portable installs can point elsewhere. The example games shipped with the
project sit in ``saves/`` at the top of the repository, and a wheel carries
them as ``carcassonne_desktop/examples`` (read-only either way);
``$CARCASSONNE_EXAMPLES_DIR`` overrides both.
"""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_data_dir

from carcassonne_desktop.shipped import PACKAGE_DIR, shipped_places

APP_NAME = "carcassonne-desktop"
DATA_ENV = "CARCASSONNE_DATA_DIR"
EXAMPLES_ENV = "CARCASSONNE_EXAMPLES_DIR"


def data_dir() -> Path:
    """The per-user directory for saves (created on first write, not here)."""
    override = os.environ.get(DATA_ENV)
    if override:
        return Path(override)
    return Path(user_data_dir(APP_NAME, appauthor=False))


def saves_dir(root: Path | None = None) -> Path:
    """Named saves the player made."""
    return (root if root is not None else data_dir()) / "saves"


def autosaves_dir(root: Path | None = None) -> Path:
    """One autosave per game in progress (see ``store.SaveStore.autosave``)."""
    return (root if root is not None else data_dir()) / "autosaves"


def set_aside_dir(root: Path | None = None) -> Path:
    """Autosaves this version could not read, moved out of the way instead of
    deleted when old autosaves are pruned (see ``store.SaveStore``)."""
    return autosaves_dir(root) / "set-aside"


def examples_dir(package_dir: Path = PACKAGE_DIR) -> Path:
    """The example games: the override, else a wheel's copy inside the package, else
    the clone's ``saves/`` (the last one even when missing: the list is then empty)."""
    override = os.environ.get(EXAMPLES_ENV)
    if override:
        return Path(override)
    places = shipped_places("examples", "saves", package_dir)
    return next((place for place in places if place.is_dir()), places[-1])


def backup_path(path: Path) -> Path:
    """The previous good version of a save: ``name.json.bak`` next to it."""
    return path.with_name(path.name + ".bak")
