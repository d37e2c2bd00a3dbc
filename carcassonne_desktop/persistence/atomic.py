"""Writing a file so that a crash or a power cut never leaves it broken.

The new text goes to a temporary file in the same directory (same file
system, so the rename is atomic), is flushed and fsynced, then replaces the
target with ``os.replace``. Before that, the current file, if it is readable
JSON, is copied the same way to ``name.bak``: the backup is always the
previous *good* save, never a half-written or corrupt one.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import tempfile
import time
from pathlib import Path

from carcassonne_desktop.persistence.paths import backup_path

STALE_AFTER_SECONDS = 10 * 60
"""A temporary file older than this is no running save's: a save takes milliseconds."""
_TEMPORARY = re.compile(r"\.[^/\\]+\.json(?:\.bak)?\.[a-z0-9_]{8}\.tmp")
"""Exactly what ``write_bytes_atomic`` creates for a save or its backup
(``tempfile.mkstemp`` adds 8 characters of ``[a-z0-9_]``); nothing else is touched."""
_log = logging.getLogger(__name__)


def _fsync_dir(directory: Path) -> None:
    """Make the rename itself durable (POSIX); harmless where unsupported."""
    if os.name != "posix":
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` by ``data`` all at once; on any error the old file is intact."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    tmp = Path(tmp_name)  # named as _TEMPORARY expects: keep both in step
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    _fsync_dir(path.parent)


def _is_json(data: bytes) -> bool:
    try:
        json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return False
    return True


def write_text_with_backup(path: Path, text: str) -> None:
    """Atomically write ``text`` to ``path``, keeping the previous good file as ``.bak``."""
    try:
        previous = path.read_bytes()
    except FileNotFoundError:
        previous = None
    if previous is not None and _is_json(previous):
        write_bytes_atomic(backup_path(path), previous)
    write_bytes_atomic(path, text.encode("utf-8"))


def is_temporary(path: Path) -> bool:
    """A leftover of an interrupted write (ignored when listing saves)."""
    return path.name.startswith(".") and path.name.endswith(".tmp")


def is_stale_temporary(path: Path, now: float | None = None,
                       max_age: float = STALE_AFTER_SECONDS) -> bool:
    """A temporary file of ours that an interrupted save left behind long ago."""
    if not _TEMPORARY.fullmatch(path.name):
        return False
    try:
        modified = path.lstat().st_mtime
    except OSError:
        return False
    return (time.time() if now is None else now) - modified > max_age


def remove_stale_temporaries(directory: Path, now: float | None = None,
                             max_age: float = STALE_AFTER_SECONDS) -> list[Path]:
    """Delete what killed saves left in ``directory`` (nothing else ever would).

    Only our own naming pattern and only files older than any save could run,
    so a save in progress in another window keeps its temporary file. Returns
    what was removed; a file that cannot be removed is logged and left.
    """
    removed: list[Path] = []
    try:
        candidates = list(directory.iterdir())
    except OSError:
        return removed
    for path in candidates:
        if not is_stale_temporary(path, now, max_age) or not path.is_file():
            continue
        try:
            path.unlink()
        except OSError as exc:
            _log.warning("could not remove the stale temporary file %s: %s", path, exc)
            continue
        removed.append(path)
    return removed
