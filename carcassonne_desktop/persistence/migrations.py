"""Older save formats are upgraded one version at a time.

``MIGRATIONS[n]`` turns a version-``n`` document into a version ``n + 1``
one. A file is never rewritten by a migration: the upgraded document lives
in memory, and the next save writes the current format. To change the
format: bump ``document.CURRENT_VERSION``, register the step from the
previous version here, and add a test with a file in the old format.

Version 0 is a bare game record (``carcassonne-record/1``, the input of
``carcassonne replay``), without any metadata: records written by
``selfplay --records`` or attached to bug reports open as saved games.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from carcassonne_desktop import __version__
from carcassonne_desktop.engine import EngineError
from carcassonne_desktop.engine.record import RECORD_FORMAT
from carcassonne_desktop.persistence import document
from carcassonne_desktop.persistence.errors import SaveFormatError, SaveVersionError

Context = Mapping[str, Any]
"""What a migration may need besides the document: ``name`` (file stem) and
``saved_at`` (the file's modification time, ISO 8601)."""

Migration = Callable[[dict[str, Any], Context], dict[str, Any]]
MIGRATIONS: dict[int, Migration] = {}


def migration(from_version: int) -> Callable[[Migration], Migration]:
    def register(step: Migration) -> Migration:
        if from_version in MIGRATIONS:
            raise ValueError(f"two migrations from version {from_version}")
        MIGRATIONS[from_version] = step
        return step

    return register


def detect_version(data: Mapping[str, Any]) -> int:
    """The format version of a parsed document; refuses what is not a save."""
    fmt = data.get("format")
    if fmt == RECORD_FORMAT and "version" not in data:
        return 0
    if fmt != document.SAVE_FORMAT:
        raise SaveFormatError(
            f"not a Carcassonne saved game (format {fmt!r})", "saves.error.not_a_save",
        )
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveFormatError(f"bad format version {version!r}", "saves.error.format",
                              detail=f"bad format version {version!r}")
    if version > document.CURRENT_VERSION:
        program = data.get("program_version")
        program = program if isinstance(program, str) else "?"
        raise SaveVersionError(
            f"saved by a newer version of the game (program {program}, save format "
            f"{version}; this program reads up to {document.CURRENT_VERSION}): "
            "update the game to open it",
            "saves.error.newer", version=version, program=program,
        )
    return version


def migrate(data: dict[str, Any], version: int, context: Context) -> dict[str, Any]:
    """Upgrade ``data`` from ``version`` to the current one, step by step."""
    while version < document.CURRENT_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:  # pragma: no cover - a missing step is a programming error
            raise SaveVersionError(f"no migration from save format {version}",
                                   "saves.error.generic")
        data = step(data, context)
        version += 1
        if data.get("version") != version:  # pragma: no cover - guards new migrations
            raise AssertionError(f"migration to {version} did not set the version")
    return data


@migration(0)
def bare_record_to_v1(data: dict[str, Any], context: Context) -> dict[str, Any]:
    """Wrap a bare record with the metadata a version-1 save carries.

    The summary (turn, scores) comes from a replay; when the record cannot be
    replayed the summary stays at zero and the loader reports the real error.
    """
    record = document.parse_record(data)
    turn, finished, tiles_left = 0, False, 0
    scores = [0] * len(record.setup.players)
    try:
        game = record.replay().game
    except EngineError:
        pass
    else:
        turn, finished, tiles_left, scores = (game.turn, game.is_over, game.tiles_left(),
                                              list(game.scores))
    return {
        "format": document.SAVE_FORMAT,
        "version": 1,
        "program_version": str(context.get("program_version", __version__)),
        "saved_at": str(context.get("saved_at", "1970-01-01T00:00:00Z")),
        "name": str(context.get("name", "")),
        "kind": "manual",
        "game_id": document.game_id(record),
        "players": [
            {"name": p.name, "color": p.color, "controller": p.controller, "score": scores[i]}
            for i, p in enumerate(record.setup.players)
        ],
        "expansions": list(record.setup.expansions),
        "turn": turn,
        "finished": finished,
        "tiles_left": tiles_left,
        "thumbnail": None,
        "record": data,
    }
