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
import os
import tempfile
from pathlib import Path

from carcassonne_desktop.persistence.paths import backup_path


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
    tmp = Path(tmp_name)
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
