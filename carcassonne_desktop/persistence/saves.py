"""Reading saved games: decode, migrate, replay, fall back to the backup.

Loading never writes anything. Whatever is wrong with a file ends in a
:class:`~carcassonne_desktop.persistence.errors.SaveError` that says what is
wrong (empty, truncated, not JSON, not a save, a newer format, an illegal
action at index n); when the main file is bad and its ``.bak`` is good, the
backup is loaded and a warning tells the player so.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from carcassonne_desktop.engine import EngineError, Game, GameRecord, RecordError
from carcassonne_desktop.engine.record import RECORD_FORMAT
from carcassonne_desktop.persistence import document, migrations, validation
from carcassonne_desktop.persistence.document import (
    PlayerSummary,
    SaveDocument,
    SaveMetadata,
)
from carcassonne_desktop.persistence.errors import (
    SaveError,
    SaveFormatError,
    SaveRecordError,
    SaveUnreadableError,
    SaveVersionError,
)
from carcassonne_desktop.persistence.paths import backup_path

_log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class SaveWarning:
    """Something the player should know after a successful load."""

    key: str
    message: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def user_message(self) -> str:
        from carcassonne_desktop.persistence.strings import text

        return text(self.key, **self.params)


@dataclass(frozen=True, slots=True)
class SaveInfo:
    """One slot of the Load screen: a readable save (``meta``) or a broken one (``error``)."""

    path: Path
    kind: str
    meta: SaveMetadata | None
    error: SaveError | None = None
    from_backup: bool = False

    @property
    def slot(self) -> str:
        """The slot id (file name without ``.json``), what ``SaveStore.delete`` takes."""
        return self.path.stem

    @property
    def read_only(self) -> bool:
        return self.kind == "example"

    @property
    def ok(self) -> bool:
        return self.meta is not None

    @property
    def name(self) -> str:
        return self.meta.name if self.meta is not None else self.path.stem

    def title(self, language: str) -> str:
        return self.meta.title(language) if self.meta is not None else self.path.stem

    @property
    def saved_at(self) -> datetime | None:
        return self.meta.saved_at if self.meta is not None else None

    @property
    def players(self) -> tuple[PlayerSummary, ...]:
        return self.meta.players if self.meta is not None else ()

    @property
    def turn(self) -> int:
        return self.meta.turn if self.meta is not None else 0

    @property
    def finished(self) -> bool:
        return self.meta.finished if self.meta is not None else False

    @property
    def thumbnail(self) -> bytes | None:
        return self.meta.thumbnail if self.meta is not None else None

    @property
    def game_id(self) -> str | None:
        return self.meta.game_id if self.meta is not None else None


@dataclass(slots=True)
class LoadedGame:
    """A game rebuilt from a save, ready to play from exactly where it was."""

    game: Game
    record: GameRecord
    info: SaveInfo
    warnings: list[SaveWarning] = field(default_factory=list)


# ------------------------------------------------------------------ decoding
def _mtime(path: Path) -> str:
    try:
        moment = datetime.fromtimestamp(path.stat().st_mtime, timezone.utc)
    except OSError:
        moment = datetime.fromtimestamp(0, timezone.utc)
    return document.format_time(moment)


def _read_text(path: Path) -> str:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise SaveUnreadableError(f"{path.name}: the file does not exist",
                                  "saves.error.missing") from None
    except OSError as exc:
        raise SaveUnreadableError(f"{path.name}: cannot read the file ({exc.strerror})",
                                  "saves.error.io", detail=str(exc.strerror)) from None
    if not data.strip():
        raise SaveUnreadableError(f"{path.name}: the file is empty", "saves.error.empty")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.reason == "unexpected end of data":
            raise SaveUnreadableError(f"{path.name}: the file is truncated (it stops in the "
                                      "middle of the game)", "saves.error.truncated") from None
        raise SaveUnreadableError(f"{path.name}: not a text file (byte {exc.start})",
                                  "saves.error.not_json") from None


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


def _unclosed(text: str) -> bool:
    """Whether brackets are still open at the end (outside strings): a cut-off file."""
    bare = _STRING.sub("", text)
    if bare.count('"') % 2:
        return True  # a string still open
    return bare.count("[") + bare.count("{") > bare.count("]") + bare.count("}")


def _looks_truncated(text: str, exc: json.JSONDecodeError) -> bool:
    if exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string"):
        return True
    tail = text[exc.pos:]
    return "\n" not in tail and len(tail) < 40 and _unclosed(text)


def _parse_json(text: str, name: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        if _looks_truncated(text, exc):
            raise SaveUnreadableError(f"{name}: the file is truncated (it stops in the middle "
                                      "of the game)", "saves.error.truncated") from None
        raise SaveUnreadableError(
            f"{name}: not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})",
            "saves.error.not_json",
        ) from None
    except RecursionError:
        raise SaveFormatError(f"{name}: the file is nested more than "
                              f"{validation.MAX_DEPTH} levels deep", "saves.error.nested",
                              where="the file") from None
    except ValueError:  # Python refuses integers of more than 4300 digits
        raise SaveFormatError(f"{name}: a number in the file is far too long (thousands of "
                              "digits)", "saves.error.number") from None


def _prefixed(exc: SaveError, name: str) -> SaveError:
    """The same error, its message naming the file (for logs and the command line)."""
    clone = type(exc)(f"{name}: {exc.message}", exc.key, **exc.params)
    if isinstance(exc, SaveRecordError) and isinstance(clone, SaveRecordError):
        clone.action_index = exc.action_index
    return clone


def decode(data: Any, context: Mapping[str, Any] | None = None) -> SaveDocument:
    """A parsed JSON value -> a current-version document (migrating old formats)."""
    if not isinstance(data, dict):
        raise SaveFormatError("not a Carcassonne saved game (not a JSON object)",
                              "saves.error.not_a_save")
    validation.check_json(data)
    version = migrations.detect_version(data)
    current = migrations.migrate(data, version, context or {})
    migrated_from = version if version < document.CURRENT_VERSION else None
    return document.from_json(current, migrated_from=migrated_from)


def read_document(path: Path) -> SaveDocument:
    """Read and check one file (no replay, no backup fallback)."""
    text = _read_text(path)
    data = _parse_json(text, path.name)
    try:
        return decode(data, {"name": path.stem, "saved_at": _mtime(path)})
    except SaveError as exc:
        raise _prefixed(exc, path.name) from None


def replay(doc: SaveDocument, name: str = "") -> Game:
    """Rebuild the position; every action must be legal and draw the recorded tile."""
    try:
        return doc.record.replay().game
    except RecordError as exc:
        where = f"{name}: " if name else ""
        raise SaveRecordError(
            f"{where}the saved game cannot be replayed: {exc}", "saves.error.record",
            action_index=exc.action_index, detail=str(exc),
        ) from None
    except EngineError as exc:  # pragma: no cover - replay wraps engine errors itself
        raise SaveRecordError(f"{name}: {exc}", "saves.error.record", detail=str(exc)) from None


def refreshed(meta: SaveMetadata, game: Game) -> SaveMetadata:
    """The metadata with its summary recomputed from the replayed game (the record wins)."""
    players = tuple(
        PlayerSummary(p.name, p.color, p.controller, game.scores[i])
        for i, p in enumerate(game.setup.players)
    )
    return replace(meta, players=players, expansions=tuple(game.setup.expansions),
                   turn=game.turn, finished=game.is_over, tiles_left=game.tiles_left(),
                   game_id=document.game_id(GameRecord.from_game(game)))


# ------------------------------------------------------------------ public
def read_info(path: Path, kind: str) -> SaveInfo:
    """What the Load screen shows for a file (metadata only, fast): never raises.

    One bad file must not hide the others (or close the game): an error the
    checks did not foresee is logged and the file listed as unusable.
    """
    try:
        doc = read_document(path)
    except SaveVersionError as exc:
        return SaveInfo(path, kind, None, exc)
    except Exception as exc:  # one file must not hide the others: see the docstring
        error = exc if isinstance(exc, SaveError) else _unforeseen(path, exc)
        try:
            doc = read_document(backup_path(path))
        except Exception as backup_exc:
            if not isinstance(backup_exc, SaveError):
                _unforeseen(backup_path(path), backup_exc)
            return SaveInfo(path, kind, None, error)
        return SaveInfo(path, kind, doc.meta, None, from_backup=True)
    return SaveInfo(path, kind, doc.meta)


def _unforeseen(path: Path, exc: Exception) -> SaveError:
    """A listing error no check foresaw: logged with its traceback, shown as unusable."""
    _log.error("could not read %s", path, exc_info=exc)
    return SaveError(f"{path.name}: cannot be read ({type(exc).__name__})",
                     "saves.error.generic")


def _load_exact(path: Path) -> tuple[SaveDocument, Game]:
    doc = read_document(path)
    return doc, replay(doc, path.name)


def load_file(path: Path, kind: str = "manual") -> LoadedGame:
    """Load a save, falling back to its backup when the main file is unusable."""
    path = Path(path)
    warnings: list[SaveWarning] = []
    from_backup = False
    try:
        doc, game = _load_exact(path)
    except SaveVersionError:
        raise  # an older backup would silently lose the newer game: refuse instead
    except SaveError as main_error:
        try:
            doc, game = _load_exact(backup_path(path))
        except SaveError:
            raise main_error from None
        from_backup = True
        when = document.format_time(doc.meta.saved_at)
        warnings.append(SaveWarning(
            "saves.warning.backup",
            f"{main_error.message}; the previous save (from {when}) was loaded instead",
            {"reason": main_error.user_message(), "date": when},
        ))
    if doc.migrated_from is not None:
        warnings.append(SaveWarning(
            "saves.warning.migrated",
            f"{path.name} was written in an older save format ({doc.migrated_from}); "
            "it will be saved in the current format next time",
            {"version": doc.migrated_from},
        ))
    info = SaveInfo(path, kind, refreshed(doc.meta, game), None, from_backup)
    return LoadedGame(game, doc.record, info, warnings)


def load_record_from_file(path: str | Path) -> GameRecord:
    """The game record in a save file or a bare record file (``carcassonne replay``).

    Raises an ``EngineError`` subclass with a one-line reason on bad input:
    the engine's own errors for a bare record, a ``SaveError`` for a save.
    """
    path = Path(path)
    text = _read_text(path)
    data = _parse_json(text, path.name)
    if isinstance(data, dict) and data.get("format") == RECORD_FORMAT and "version" not in data:
        try:
            validation.check_json(data)
            record = GameRecord.from_json(data)
            # the names are printed: the same check as the Load screen's
            record.setup = validation.check_setup(record.setup)
        except SaveError as exc:
            raise _prefixed(exc, path.name) from None
        return record
    try:
        return decode(data, {"name": path.stem, "saved_at": _mtime(path)}).record
    except SaveError as exc:
        raise _prefixed(exc, path.name) from None
