"""User settings: a small JSON file in the platformdirs user config directory.

Settings must never cost the player a game: the file is written atomically
(temporary file + ``os.replace``) so a crash mid-write leaves the old file, and
a missing, corrupt or hand-edited file loads as defaults (value by value, and
the remembered new-game setup field by field) instead of raising. What was
wrong is logged and kept in ``Settings.problems`` for the menu to mention, and
a damaged file is copied to ``settings.json.damaged`` before the game writes
its own settings over it.
"""

from __future__ import annotations

import json
import logging
import os
import re
import tempfile
import unicodedata
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from platformdirs import user_config_dir

APP_NAME = "carcassonne-desktop"
FILE_NAME = "settings.json"
AI_SPEEDS: tuple[str, ...] = ("slow", "normal", "fast", "instant")
#: The Settings screen's choice "the system's language" (stored as null).
FOLLOW_SYSTEM = "system"
DAMAGED_SUFFIX = ".damaged"
MAX_PLAYERS = 8
MAX_NAME_LENGTH = 24
MAX_COPY_BYTES = 1 << 20
_LANGUAGE_CODE = re.compile(r"[a-z]{2,3}(?:[_-][A-Za-z]{2,4})?")
_SETUP_KEYS = ("players", "expansions", "options")

_log = logging.getLogger(__name__)


@dataclass
class Settings:
    """Everything the game remembers between sessions.

    ``language`` is None until the player picks one (then the system locale
    decides). ``last_setup`` is the new-game setup dict last started, replayed
    into the setup screen next time.
    """

    language: str | None = None
    ai_speed: str = "normal"
    auto_confirm: bool = False
    #: Small questions the game can suggest an answer to (which scoring pawn
    #: moves) are answered by the suggestion (`ui.expansions.register_suggestion`).
    follow_suggestions: bool = False
    #: Dexterity mini-games (the Catapult's hurl) without the wobble, the
    #: landing point shown: a table setting for children, kept between games.
    steady_hand: bool = False
    #: Hot seat: a screen hands the game over between players every turn
    #: (always when players hold a hand of tiles the others must not see).
    handoff_screen: bool = False
    fullscreen: bool = False
    sound: bool = True
    window_size: tuple[int, int] = (1280, 800)
    last_setup: dict[str, Any] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list, compare=False, repr=False)
    """What was wrong with the file it was read from (not saved)."""

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        del data["problems"]
        data["window_size"] = list(self.window_size)
        return data

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        """Build settings from parsed JSON, keeping defaults for anything invalid."""
        settings = cls()
        if not isinstance(data, dict):
            settings.problems.append("the file is not a JSON object")
            return settings
        for name, read in _READERS.items():
            if name in data:
                problem = read(settings, data[name])
                if problem:
                    settings.problems.append(f"{name}: {problem}")
        return settings


# ------------------------------------------------------------------ one value each
def _read_language(settings: Settings, value: Any) -> str | None:
    if value is None or value == FOLLOW_SYSTEM:
        settings.language = None
        return None
    if isinstance(value, str) and _LANGUAGE_CODE.fullmatch(value):
        settings.language = value
        return None
    return "not a language code"


def _read_speed(settings: Settings, value: Any) -> str | None:
    if value in AI_SPEEDS:
        settings.ai_speed = value
        return None
    return f"not one of {', '.join(AI_SPEEDS)}"


def _flag(name: str) -> Any:
    def read(settings: Settings, value: Any) -> str | None:
        if isinstance(value, bool):
            setattr(settings, name, value)
            return None
        return "not true or false"

    return read


def _read_size(settings: Settings, value: Any) -> str | None:
    if (
        isinstance(value, (list, tuple))
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) and 320 <= v <= 16384
                for v in value)
    ):
        settings.window_size = (value[0], value[1])
        return None
    return "not two sizes between 320 and 16384"


def _read_last_setup(settings: Settings, value: Any) -> str | None:
    settings.last_setup, problems = clean_setup(value)
    return "; ".join(problems) or None


_READERS = {
    "language": _read_language, "ai_speed": _read_speed, "auto_confirm": _flag("auto_confirm"),
    "follow_suggestions": _flag("follow_suggestions"), "steady_hand": _flag("steady_hand"),
    "handoff_screen": _flag("handoff_screen"),
    "fullscreen": _flag("fullscreen"), "sound": _flag("sound"), "window_size": _read_size,
    "last_setup": _read_last_setup,
}


# ------------------------------------------------------------------ remembered setup
def is_plain_text(value: Any, limit: int = MAX_NAME_LENGTH) -> bool:
    """A short string the screens can draw: no control character, no lone surrogate."""
    return (isinstance(value, str) and 0 < len(value) <= limit
            and not any(unicodedata.category(c) in ("Cc", "Cs") for c in value))


def _clean_player(raw: Any) -> dict[str, str] | None:
    """The usable fields of one remembered seat; the setup screen fills in the rest."""
    if not isinstance(raw, dict):
        return None
    return {key: raw[key] for key in ("name", "color", "controller")
            if is_plain_text(raw.get(key), MAX_NAME_LENGTH if key == "name" else 40)}


def clean_setup(raw: Any) -> tuple[dict[str, Any], list[str]]:
    """The remembered new-game setup, with every unusable field dropped.

    The setup screen trusts this dict: a wrong type used to crash "New game".
    Returns the cleaned dict and what was dropped, for the log.
    """
    if not isinstance(raw, dict):
        return {}, ["not an object"]
    clean: dict[str, Any] = {}
    problems = [f"unknown field {key!a}" for key in raw if key not in _SETUP_KEYS]
    players = raw.get("players")
    if isinstance(players, list):
        seats = [_clean_player(p) for p in players[:MAX_PLAYERS]]
        clean["players"] = [seat for seat in seats if seat is not None]
        if len(clean["players"]) != len(players) or any(
                len(seat) < 3 for seat in clean["players"]):
            problems.append("some players are unusable")
    elif "players" in raw:
        problems.append("players is not a list")
    expansions = raw.get("expansions")
    if isinstance(expansions, list):
        clean["expansions"] = [e for e in expansions if is_plain_text(e, 40)]
    elif "expansions" in raw:
        problems.append("expansions is not a list")
    options = raw.get("options")
    if isinstance(options, dict):
        clean["options"] = {k: v for k, v in options.items()
                            if is_plain_text(k, 40) and isinstance(v, bool)}
    elif "options" in raw:
        problems.append("options is not an object")
    return clean, problems


def settings_path() -> Path:
    """Where the settings file lives (``$CARCASSONNE_CONFIG_DIR`` overrides, for tests)."""
    override = os.environ.get("CARCASSONNE_CONFIG_DIR")
    base = Path(override) if override else Path(user_config_dir(APP_NAME, appauthor=False))
    return base / FILE_NAME


def load_settings(path: Path | None = None) -> Settings:
    """Read the settings; defaults (and ``problems``) when the file is unreadable.

    A deeply nested file makes ``json`` raise RecursionError and a number of
    thousands of digits a ValueError: neither may stop the game from starting.
    """
    path = path or settings_path()
    try:
        data = json.loads(path.read_bytes().decode("utf-8"))
    except FileNotFoundError:
        return Settings()
    except (OSError, ValueError, RecursionError, MemoryError) as exc:
        settings = Settings(problems=[f"unreadable ({_reason(exc)})"])
    else:
        settings = Settings.from_json(data)
    if settings.problems:
        _log.warning("settings file %s: %s; using the defaults for those", path,
                     "; ".join(settings.problems))
        _keep_damaged(path)
    return settings


def _reason(exc: BaseException) -> str:
    """A short, printable reason (the message of a RecursionError is not for players)."""
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    return ascii(str(exc))[1:-1][:200] or type(exc).__name__


def _keep_damaged(path: Path) -> None:
    """Copy a damaged settings file aside before the game writes its own over it."""
    try:
        if path.stat().st_size > MAX_COPY_BYTES:
            return
        data = path.read_bytes()
        copy = path.with_name(path.name + DAMAGED_SUFFIX)
        if not copy.exists() or copy.read_bytes() != data:
            copy.write_bytes(data)
    except OSError as exc:
        _log.warning("could not keep a copy of the damaged settings file: %s", exc)


def save_settings(settings: Settings, path: Path | None = None) -> bool:
    """Write the settings atomically; returns False (and logs) if the disk refuses."""
    path = path or settings_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=".settings-", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump(settings.to_json(), handle, ensure_ascii=False, indent=2)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp_name, path)
        except BaseException:
            Path(tmp_name).unlink(missing_ok=True)
            raise
    except OSError as exc:
        _log.warning("could not save settings to %s: %s", path, exc)
        return False
    return True


def setting_names() -> list[str]:
    """Names of the stored settings (for tools and tests)."""
    return [f.name for f in fields(Settings) if f.name != "problems"]
