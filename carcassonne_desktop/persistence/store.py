"""The saved games of one player: named saves, autosaves and shipped examples.

This is the API the interface calls (no pygame here)::

    store = SaveStore()                      # platformdirs / $CARCASSONNE_DATA_DIR
    store.autosave(game)                     # after every turn and on closing
    info = store.latest_unfinished()         # enables "Continue"
    loaded = store.load(info)                # LoadedGame: game, record, info, warnings
    store.save(game, "Friday night", png)    # a named slot
    store.list_saves(); store.list_examples(); store.delete(info)

Autosaves are kept one per game (by ``game_id``), the most recent
``AUTOSAVES_KEPT`` of them, so starting a new game never destroys the
autosave of an unfinished one. Past them, an autosave this version cannot
read (damaged, or written by a newer version) is never deleted: it is set
aside in ``autosaves/set-aside/`` and the Load screen says so.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import unicodedata
from collections.abc import Callable, Iterable
from datetime import datetime
from pathlib import Path

from carcassonne_desktop.engine import Game, GameRecord
from carcassonne_desktop.persistence import document, paths
from carcassonne_desktop.persistence.atomic import (
    is_temporary,
    remove_stale_temporaries,
    write_text_with_backup,
)
from carcassonne_desktop.persistence.errors import (
    ReadOnlySaveError,
    SaveError,
    SaveWriteError,
)
from carcassonne_desktop.persistence.saves import LoadedGame, SaveInfo, load_file, read_info

Thumbnailer = Callable[[Game], bytes | None]
"""Draws the board as PNG bytes (supplied by the interface; may be slow or fail)."""

AUTOSAVES_KEPT = 10
SLOT_MAX_LENGTH = 48
_log = logging.getLogger(__name__)


def slot_from_name(name: str) -> str:
    """A portable file name from a save name ("Soirée n°2" -> "soiree-n-2")."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    ascii_name = bare.encode("ascii", "replace").decode("ascii")
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")
    return slug[:SLOT_MAX_LENGTH].strip("-") or "save"


def _free_stem(directory: Path, base: str) -> str:
    """``base``, or ``base-2``, ``base-3``...: the first stem no file (nor backup) uses."""
    candidate, n = base, 1
    while (directory / f"{candidate}.json").exists() or (
        directory / f"{candidate}.json.bak"
    ).exists():
        n += 1
        candidate = f"{base}-{n}"
    return candidate


def _files(directory: Path) -> list[Path]:
    """What a folder holds; nothing when it is missing or cannot be read (logged):
    a listing never raises."""
    if not directory.is_dir():
        return []
    try:
        return list(directory.iterdir())
    except OSError as exc:
        _log.warning("cannot list %s: %s", directory, exc.strerror or exc)
        return []


def _check_slot(slot: str) -> str:
    if not re.fullmatch(r"[A-Za-z0-9_][A-Za-z0-9_.-]*", slot) or slot.endswith(".json"):
        raise SaveError(f"bad save slot {slot!r}", "saves.error.generic")
    return slot


class SaveStore:
    """Saves in ``root`` (default: the user data directory), examples read-only."""

    def __init__(
        self,
        root: Path | None = None,
        examples: Path | None = None,
        thumbnailer: Thumbnailer | None = None,
        clock: Callable[[], datetime] = document.utc_now,
    ) -> None:
        self.root = Path(root) if root is not None else paths.data_dir()
        self.examples_dir = Path(examples) if examples is not None else paths.examples_dir()
        self.thumbnailer = thumbnailer
        self.clock = clock
        self.remove_stale_temporaries()

    @property
    def saves_dir(self) -> Path:
        return paths.saves_dir(self.root)

    @property
    def autosaves_dir(self) -> Path:
        return paths.autosaves_dir(self.root)

    @property
    def set_aside_dir(self) -> Path:
        return paths.set_aside_dir(self.root)

    def remove_stale_temporaries(self) -> list[Path]:
        """Clear what a killed save left behind (called when the store opens)."""
        removed: list[Path] = []
        for directory in (self.saves_dir, self.autosaves_dir):
            removed += remove_stale_temporaries(directory)
        if removed:
            _log.info("removed %d stale temporary file(s) of interrupted saves", len(removed))
        return removed

    # ------------------------------------------------------------- writing
    def _thumbnail(self, game: Game, thumbnail: bytes | None) -> bytes | None:
        if thumbnail is not None or self.thumbnailer is None:
            return thumbnail
        try:
            return self.thumbnailer(game)
        except Exception:  # a picture must never cost the player the save
            _log.exception("thumbnail failed; saving without it")
            return None

    def _write(self, path: Path, game: Game, name: str, kind: str,
               thumbnail: bytes | None) -> SaveInfo:
        meta = document.metadata_for(game, name, kind, self._thumbnail(game, thumbnail),
                                     self.clock())
        text = document.encode(meta, GameRecord.from_game(game))
        try:
            write_text_with_backup(path, text)
        except OSError as exc:
            raise SaveWriteError(
                f"could not write {path}: {exc.strerror or exc}", "saves.error.write",
                detail=str(exc.strerror or exc),
            ) from None
        return SaveInfo(path, kind, meta)

    def autosave(self, game: Game, thumbnail: bytes | None = None) -> SaveInfo:
        """Save the game in its own autosave slot (call after every turn and on closing).

        Raises SaveWriteError if the disk refuses; the previous autosave stays.
        """
        record = GameRecord.from_game(game)
        path = self.autosaves_dir / f"{document.game_id(record)}.json"
        name = " / ".join(p.name for p in game.setup.players)
        info = self._write(path, game, name, "autosave", thumbnail)
        self._prune_autosaves(keep=path)
        return info

    def save(self, game: Game, name: str, thumbnail: bytes | None = None,
             slot: str | None = None) -> SaveInfo:
        """Save under a name. Saving again under the same name replaces that slot
        (the previous version becomes its backup); ``slot`` forces a slot."""
        name = name.strip() or "save"
        if slot is None:
            slot = self.slot_for_name(name) or _free_stem(self.saves_dir, slot_from_name(name))
        path = self.saves_dir / f"{_check_slot(slot)}.json"
        return self._write(path, game, name, "manual", thumbnail)

    def slot_for_name(self, name: str) -> str | None:
        """The slot already holding a save of this name (ask before overwriting it)."""
        for info in self._infos(self.saves_dir, "manual"):
            if info.meta is not None and info.meta.name == name.strip():
                return info.slot
        return None

    def _prune_autosaves(self, keep: Path) -> None:
        """Keep the ``AUTOSAVES_KEPT`` most recent autosaves (readable ones first).

        Past them, one that reads is deleted with its backup; one this version
        cannot read in full (damaged, written by a newer version, or readable
        only through its backup) is set aside instead: what cannot be read
        cannot be known to be worthless.
        """
        infos = self._sorted(self._infos(self.autosaves_dir, "autosave"))
        for info in infos[AUTOSAVES_KEPT:]:
            if info.path == keep:
                continue
            if info.ok and not info.from_backup:
                self._remove(info.path)
            else:
                self._set_aside(info)

    def _set_aside(self, info: SaveInfo) -> None:
        """Move an unreadable autosave and its backup to ``set-aside/`` (logged).

        A move that fails leaves the file where it was: never a deletion.
        """
        folder = self.set_aside_dir
        reason = info.error.message if info.error is not None else "readable only from its backup"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            target = folder / f"{_free_stem(folder, info.slot)}.json"
            for source, moved in ((info.path, target),
                                  (paths.backup_path(info.path), paths.backup_path(target))):
                if source.exists():
                    os.replace(source, moved)
        except OSError as exc:
            _log.warning("could not set aside the unreadable autosave %s (%s): left in place",
                         info.path, exc.strerror or exc)
            return
        _log.warning("autosave %s cannot be read (%s): set aside in %s, not deleted",
                     info.path.name, reason, target)

    def set_aside(self) -> list[Path]:
        """The autosaves set aside because this version could not read them."""
        return sorted(p for p in _files(self.set_aside_dir)
                      if p.name.endswith((".json", ".json.bak")) and not is_temporary(p)
                      and not (p.name.endswith(".bak") and p.with_suffix("").exists()))

    # ------------------------------------------------------------- listing
    @staticmethod
    def _infos(directory: Path, kind: str) -> list[SaveInfo]:
        stems: set[str] = set()
        for path in _files(directory):
            if is_temporary(path):
                continue
            if path.name.endswith(".json"):
                stems.add(path.name[: -len(".json")])
            elif path.name.endswith(".json.bak"):
                stems.add(path.name[: -len(".json.bak")])
        return [read_info(directory / f"{stem}.json", kind) for stem in sorted(stems)]

    @staticmethod
    def _sorted(infos: Iterable[SaveInfo]) -> list[SaveInfo]:
        """Newest first; unreadable files last."""

        def key(info: SaveInfo) -> tuple[int, float, int]:
            try:
                mtime = info.path.stat().st_mtime_ns
            except OSError:
                mtime = 0
            stamp = info.saved_at.timestamp() if info.saved_at is not None else 0.0
            return (0 if info.ok else 1, -stamp, -mtime)

        return sorted(infos, key=key)

    def list_saves(self, include_autosaves: bool = True) -> list[SaveInfo]:
        """The player's saves, newest first (broken files are listed, with their error)."""
        infos = self._infos(self.saves_dir, "manual")
        if include_autosaves:
            infos += self._infos(self.autosaves_dir, "autosave")
        return self._sorted(infos)

    def list_autosaves(self) -> list[SaveInfo]:
        return self._sorted(self._infos(self.autosaves_dir, "autosave"))

    def list_examples(self) -> list[SaveInfo]:
        """The example games shipped in ``saves/`` (read-only), by file name."""
        return self._infos(self.examples_dir, "example")

    def latest_unfinished(self) -> SaveInfo | None:
        """The most recently saved game still in progress ("Continue").

        Saves are grouped by game: a game whose latest save is finished is over,
        even if an older save of it is not.
        """
        latest: dict[str, SaveInfo] = {}
        for info in self.list_saves():  # newest first
            if info.meta is not None and info.meta.game_id not in latest:
                latest[info.meta.game_id] = info
        for info in self._sorted(latest.values()):
            if not info.finished:
                return info
        return None

    def has_unfinished(self) -> bool:
        return self.latest_unfinished() is not None

    # ------------------------------------------------------------- loading
    def load(self, target: SaveInfo | Path | str) -> LoadedGame:
        """Load and check a save (the file is never modified); raises SaveError."""
        if isinstance(target, SaveInfo):
            return load_file(target.path, target.kind)
        path = Path(target)
        kind = "manual"
        with contextlib.suppress(ValueError, OSError):
            if path.resolve().is_relative_to(self.examples_dir.resolve()):
                kind = "example"
            elif path.resolve().is_relative_to(self.autosaves_dir.resolve()):
                kind = "autosave"
        return load_file(path, kind)

    def continue_game(self) -> LoadedGame | None:
        """Load the latest unfinished game, or None when there is none."""
        info = self.latest_unfinished()
        return self.load(info) if info is not None else None

    # ------------------------------------------------------------- deleting
    def delete(self, slot: SaveInfo | str) -> None:
        """Delete a save and its backup (ask the player first). Examples are read-only."""
        if isinstance(slot, SaveInfo):
            if slot.read_only:
                raise ReadOnlySaveError(f"{slot.name} is an example game and cannot be deleted",
                                        "saves.error.read_only")
            directory = self.autosaves_dir if slot.kind == "autosave" else self.saves_dir
            if slot.path.parent.resolve() != directory.resolve():
                raise ReadOnlySaveError(f"{slot.path} is not one of your saves",
                                        "saves.error.read_only")
            path = slot.path
        else:
            _check_slot(slot)
            path = self.saves_dir / f"{slot}.json"
            if not path.exists() and not paths.backup_path(path).exists():
                path = self.autosaves_dir / f"{slot}.json"
        if not path.exists() and not paths.backup_path(path).exists():
            raise SaveError(f"no save {path.stem!r}", "saves.error.missing")
        self._remove(path)

    @staticmethod
    def _remove(path: Path) -> None:
        for victim in (path, paths.backup_path(path)):
            try:
                victim.unlink()
            except FileNotFoundError:
                pass
            except OSError as exc:
                raise SaveWriteError(f"could not delete {victim}: {exc.strerror}",
                                     "saves.error.write", detail=str(exc.strerror)) from None
