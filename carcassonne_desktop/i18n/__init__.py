"""French and English text through one mechanism shared with pygame-gui.

pygame-gui translates widget text with python-i18n; our own strings live in the
same python-i18n store (``i18n/data/carcassonne.<lang>.json``), so a widget built
with a key (``"carcassonne.menu.new_game"``) and text drawn with :func:`tr` always
agree, and switching language switches both.

Keys are namespaced by the file name: ``carcassonne.<section>.<name>``. Pass
either the full key or the short form without the ``carcassonne.`` prefix to
:func:`tr`; widgets need the full key (see :func:`key`). Placeholders are
written ``%{name}`` in the JSON files (python-i18n's syntax).

An expansion keeps its own texts in a fragment beside the main files,
``i18n/data/<expansion id>.<lang>.json`` (same layout: ``{"<lang>": {...}}``, keys
under the ``carcassonne`` namespace), merged at load: several people can add
expansions without editing one shared file, and a key defined twice is an error
(:func:`raw_table` raises, a test reads every table).
"""

from __future__ import annotations

import contextlib
import json
import locale
import os
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

import i18n as _i18n

NAMESPACE = "carcassonne"
DATA_DIR = Path(__file__).resolve().parent / "data"
DEFAULT_LANGUAGE = "en"
_LANGUAGE_NAMES = {"fr": "Français", "en": "English"}


class _LocaleTarget(Protocol):
    def set_locale(self, locale: str) -> None: ...


_state: dict[str, Any] = {"language": None, "managers": []}


def _configure() -> None:
    """Point python-i18n at our data directory once (pygame-gui adds its own later)."""
    if str(DATA_DIR) not in _i18n.load_path:
        _i18n.load_path.append(str(DATA_DIR))
    _i18n.set("file_format", "json")
    _i18n.set("fallback", DEFAULT_LANGUAGE)
    _i18n.set("available_locales", available_languages())
    if _state["language"] is None:
        _state["language"] = detect_default_language()
    _i18n.set("locale", _state["language"])
    if not _state.get("fragments_loaded"):
        _state["fragments_loaded"] = True
        for code in available_languages():
            for fragment in _fragments(code):
                for dotted, value in _leaves("", fragment):
                    _i18n.add_translation(f"{NAMESPACE}.{dotted}", value, locale=code)


def key(short: str) -> str:
    """The full python-i18n key for a short key (``menu.quit`` -> ``carcassonne.menu.quit``)."""
    return short if short.startswith(NAMESPACE + ".") else f"{NAMESPACE}.{short}"


def tr(text_key: str, **params: Any) -> str:
    """The text of a key in the current language, with ``%{name}`` placeholders filled.

    An unknown key comes back unchanged (python-i18n's behaviour), which keeps a
    missing string visible instead of crashing the game.
    """
    _configure()
    return str(_i18n.t(key(text_key), **{k: str(v) for k, v in params.items()}))


def available_languages() -> list[str]:
    """Language codes that have a data file, e.g. ``["en", "fr"]``."""
    return list(_language_files())


@lru_cache(maxsize=1)
def _language_files() -> tuple[str, ...]:
    """The data files, listed once: ``tr`` runs many times per frame and must not hit the disk."""
    prefix = NAMESPACE + "."
    codes = sorted(
        p.name[len(prefix):-len(".json")]
        for p in DATA_DIR.glob(f"{NAMESPACE}.*.json")
    )
    return tuple(codes)


def language_name(code: str) -> str:
    """The language's own name ("Français", "English"), for language pickers."""
    return _LANGUAGE_NAMES.get(code, code)


def detect_default_language() -> str:
    """French when the system locale is French, else English."""
    candidates: list[str | None] = []
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        candidates.append(os.environ.get(var))
    with contextlib.suppress(ValueError):
        candidates.append(locale.getlocale()[0])
    for value in candidates:
        if not value or value in ("C", "POSIX"):
            continue
        return "fr" if value.lower().startswith("fr") else "en"
    return DEFAULT_LANGUAGE


def current_language() -> str:
    """The language in use."""
    _configure()
    return str(_state["language"])


def register_manager(manager: _LocaleTarget) -> None:
    """Make ``set_language`` switch this pygame-gui UIManager too."""
    if manager not in _state["managers"]:
        _state["managers"].append(manager)


def unregister_manager(manager: _LocaleTarget) -> None:
    if manager in _state["managers"]:
        _state["managers"].remove(manager)


def set_language(code: str, manager: _LocaleTarget | None = None) -> str:
    """Switch our text and every registered UIManager to ``code``; returns the code used.

    An unknown code falls back to English rather than failing.
    """
    if code not in available_languages():
        code = DEFAULT_LANGUAGE
    _state["language"] = code
    _configure()
    if manager is not None:
        register_manager(manager)
    for target in list(_state["managers"]):
        target.set_locale(code)
    return code


def translation_paths() -> list[str]:
    """Directories to pass as ``translation_directory_paths`` to ``UIManager``."""
    return [str(DATA_DIR)]


def fragment_paths(code: str) -> list[Path]:
    """The expansions' own text files of one language, in name order."""
    return sorted(p for p in DATA_DIR.glob(f"*.{code}.json")
                  if not p.name.startswith(NAMESPACE + "."))


@lru_cache(maxsize=8)
def _fragments(code: str) -> tuple[dict[str, Any], ...]:
    out = []
    for path in fragment_paths(code):
        with path.open(encoding="utf-8") as handle:
            out.append(json.load(handle)[code])
    return tuple(out)


def _leaves(prefix: str, node: Any) -> list[tuple[str, Any]]:
    if not isinstance(node, dict):
        return [(prefix, node)]
    return [leaf for k, v in node.items()
            for leaf in _leaves(f"{prefix}.{k}" if prefix else k, v)]


def _merge_into(table: dict[str, Any], fragment: dict[str, Any], where: str) -> None:
    for k, v in fragment.items():
        if isinstance(v, dict) and isinstance(table.get(k), dict):
            _merge_into(table[k], v, f"{where}.{k}")
        elif k in table:
            raise ValueError(f"text key {where}.{k} is defined twice (main file and a fragment)")
        else:
            table[k] = v


@lru_cache(maxsize=8)
def raw_table(code: str) -> dict[str, Any]:
    """The nested key table of one language, fragments merged (for tests and tools)."""
    path = DATA_DIR / f"{NAMESPACE}.{code}.json"
    with path.open(encoding="utf-8") as handle:
        table: dict[str, Any] = json.load(handle)[code]
    for fragment in _fragments(code):
        _merge_into(table, fragment, NAMESPACE)
    return table


def flat_keys(code: str) -> set[str]:
    """Every leaf key of a language file, dotted, without the namespace."""
    out: set[str] = set()

    def walk(prefix: str, node: Any) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                walk(f"{prefix}.{k}" if prefix else k, v)
        else:
            out.add(prefix)

    walk("", raw_table(code))
    return out


def points_text(count: int) -> str:
    """'1 point' / '3 points' in the current language (French also says '0 point')."""
    singular = count in (0, 1) if current_language() == "fr" else count == 1
    return tr("hud.points_one" if singular else "hud.points_many", count=count)
