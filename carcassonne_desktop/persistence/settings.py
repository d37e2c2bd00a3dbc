"""User settings: a small JSON file in the platformdirs user config directory.

Settings must never cost the player a game: the file is written atomically
(temporary file + ``os.replace``) so a crash mid-write leaves the old file, and
a missing, corrupt or hand-edited file loads as defaults (value by value) instead
of raising.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from platformdirs import user_config_dir

APP_NAME = "carcassonne-desktop"
FILE_NAME = "settings.json"
AI_SPEEDS: tuple[str, ...] = ("slow", "normal", "fast", "instant")

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
    fullscreen: bool = False
    sound: bool = True
    window_size: tuple[int, int] = (1280, 800)
    last_setup: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["window_size"] = list(self.window_size)
        return data

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        """Build settings from parsed JSON, keeping defaults for anything invalid."""
        settings = cls()
        if not isinstance(data, dict):
            return settings
        language = data.get("language")
        if language is None or isinstance(language, str):
            settings.language = language
        if data.get("ai_speed") in AI_SPEEDS:
            settings.ai_speed = data["ai_speed"]
        for name in ("auto_confirm", "fullscreen", "sound"):
            if isinstance(data.get(name), bool):
                setattr(settings, name, data[name])
        size = data.get("window_size")
        if (
            isinstance(size, (list, tuple))
            and len(size) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) and 320 <= v <= 16384 for v in size)
        ):
            settings.window_size = (size[0], size[1])
        if isinstance(data.get("last_setup"), dict):
            settings.last_setup = data["last_setup"]
        return settings


def settings_path() -> Path:
    """Where the settings file lives (``$CARCASSONNE_CONFIG_DIR`` overrides, for tests)."""
    override = os.environ.get("CARCASSONNE_CONFIG_DIR")
    base = Path(override) if override else Path(user_config_dir(APP_NAME, appauthor=False))
    return base / FILE_NAME


def load_settings(path: Path | None = None) -> Settings:
    """Read the settings; defaults when the file is missing or unreadable."""
    path = path or settings_path()
    try:
        with path.open(encoding="utf-8") as handle:
            data = json.load(handle)
    except FileNotFoundError:
        return Settings()
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        _log.warning("settings file %s unreadable (%s); using defaults", path, exc)
        return Settings()
    return Settings.from_json(data)


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
    return [f.name for f in fields(Settings)]
