"""Locating the assets directory and loading the shared palette.

The repository keeps the assets at its top level (``<repo root>/assets``); a wheel
(``pip install .``, pipx) carries them inside the package as
``carcassonne_desktop/assets`` (setup.py maps them there). The lookup tries the
package first, then beside it, so an installed game, an editable install and a
plain clone all find them. Everything that needs a font, a theme or a colour goes
through this module so the lookup rule exists in one place only.
"""

from __future__ import annotations

import json
import os
from functools import lru_cache
from pathlib import Path
from typing import Any

import pygame

from carcassonne_desktop.shipped import PACKAGE_DIR, shipped_places

_ENV_OVERRIDE = "CARCASSONNE_ASSETS"


class AssetsNotFoundError(FileNotFoundError):
    """Raised when no assets directory can be found (a broken install)."""


@lru_cache(maxsize=1)
def assets_dir() -> Path:
    """The assets directory of this copy of the game (see ``find_assets_dir``)."""
    return find_assets_dir(PACKAGE_DIR, os.environ.get(_ENV_OVERRIDE))


def find_assets_dir(package_dir: Path, override: str | None = None) -> Path:
    """The first of ``override`` (``$CARCASSONNE_ASSETS``), ``<package>/assets`` (an
    installed wheel) and ``<package>/../assets`` (a clone, an editable install) that
    holds the palette; a separate function so each layout can be tested without
    installing anything."""
    candidates = [Path(override)] if override else []
    candidates += shipped_places("assets", "assets", package_dir)
    for candidate in candidates:
        if (candidate / "themes" / "palette.json").is_file():
            return candidate
    looked = ", ".join(str(candidate) for candidate in candidates)
    raise AssetsNotFoundError(f"assets directory not found (looked in {looked})")


def asset_path(*parts: str) -> Path:
    """Path of a file inside the assets directory."""
    return assets_dir().joinpath(*parts)


def font_path(bold: bool = False, serif: bool = False) -> Path:
    """The bundled DejaVu font (covers French accents on every system)."""
    if serif:
        return asset_path("fonts", "DejaVuSerif-Bold.ttf")
    return asset_path("fonts", "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")


def theme_path() -> Path:
    """The pygame-gui theme file."""
    return asset_path("themes", "theme.json")


@lru_cache(maxsize=1)
def palette_data() -> dict[str, Any]:
    """The raw palette JSON (tile-art, board, interface and player colours)."""
    with asset_path("themes", "palette.json").open(encoding="utf-8") as handle:
        return json.load(handle)


def colour(group: str, name: str) -> pygame.Color:
    """A palette colour, e.g. ``colour("tile", "road")``; KeyError names the missing entry."""
    try:
        rgb = palette_data()[group][name]
    except KeyError as exc:
        raise KeyError(f"palette has no colour {group}.{name}") from exc
    return pygame.Color(*rgb)


def font(size: int, bold: bool = False, serif: bool = False) -> pygame.font.Font:
    """A cached bundled font at a pixel size. Fonts die with ``pygame.quit()``:
    if the font module was shut down since, the cache is emptied first."""
    if not pygame.font.get_init():
        pygame.font.init()
        _cached_font.cache_clear()
    return _cached_font(size, bold, serif)


@lru_cache(maxsize=32)
def _cached_font(size: int, bold: bool, serif: bool) -> pygame.font.Font:
    return pygame.font.Font(str(font_path(bold=bold, serif=serif)), max(6, int(size)))


def load_theme() -> dict[str, Any]:
    """The pygame-gui theme as a dict, with font paths made absolute.

    pygame-gui resolves relative font paths against the working directory, so the
    theme file names fonts relative to the assets directory and this fixes them up.
    """
    with theme_path().open(encoding="utf-8") as handle:
        theme: dict[str, Any] = json.load(handle)
    base = assets_dir()
    for block in theme.values():
        font_block = block.get("font") if isinstance(block, dict) else None
        if isinstance(font_block, dict):
            for key, value in list(font_block.items()):
                if key.endswith("_path") and isinstance(value, str) and not Path(value).is_absolute():
                    font_block[key] = str(base / value)
    return theme


def reset_font_cache() -> None:
    """Forget cached fonts (they die with ``pygame.quit()``; a new window needs new ones)."""
    _cached_font.cache_clear()
