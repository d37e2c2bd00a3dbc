"""The save file format: a game record (DESIGN.md section 5) plus metadata.

A save is one human-readable JSON object::

    {"format": "carcassonne-save", "version": 1,
     "program_version": "0.1.0", "saved_at": "2025-03-01T20:14:03Z",
     "name": "Friday night", "kind": "manual", "game_id": "3f2a...",
     "players": [{"name": "Rouge", "color": "red", "controller": "human", "score": 12}],
     "expansions": ["base"], "turn": 14, "finished": false, "tiles_left": 57,
     "thumbnail": "<base64 PNG>" | null,
     "record": {"format": "carcassonne-record/1", "setup": {...}, "actions": [...]}}

The record is the truth: a position is rebuilt by replaying it. The metadata
is a summary so the Load screen can list slots without replaying every game.
An optional ``"titles": {"fr": ..., "en": ...}`` gives example games a name
in each language. Unknown fields are refused: a new field means a new format
version and a migration (see ``migrations.py``).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from carcassonne_desktop import __version__
from carcassonne_desktop.engine import Game, GameRecord, MalformedError, RecordError
from carcassonne_desktop.persistence import validation
from carcassonne_desktop.persistence.errors import SaveFormatError, SaveRecordError

SAVE_FORMAT = "carcassonne-save"
CURRENT_VERSION = 1
KINDS = ("manual", "autosave", "example")
MAX_THUMBNAIL_BYTES = 512 * 1024
_REQUIRED = {
    "format": str, "version": int, "program_version": str, "saved_at": str, "name": str,
    "kind": str, "game_id": str, "players": list, "expansions": list, "turn": int,
    "finished": bool, "tiles_left": int, "record": dict,
}
_OPTIONAL = {"thumbnail": (str, type(None)), "titles": dict}
_PLAYER_KEYS = {"name": str, "color": str, "controller": str, "score": int}


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    """One seat as the Load screen shows it."""

    name: str
    color: str
    controller: str
    score: int

    @property
    def is_computer(self) -> bool:
        return self.controller.startswith("ai:")


@dataclass(frozen=True, slots=True)
class SaveMetadata:
    """Everything a save says about its game besides the record."""

    name: str
    saved_at: datetime
    kind: str
    game_id: str
    players: tuple[PlayerSummary, ...]
    expansions: tuple[str, ...]
    turn: int
    finished: bool
    tiles_left: int
    program_version: str = __version__
    thumbnail: bytes | None = None
    titles: Mapping[str, str] = field(default_factory=dict)

    def title(self, language: str) -> str:
        """The name to show: a translated title when the save has one."""
        return self.titles.get(language) or self.name


@dataclass(frozen=True, slots=True)
class SaveDocument:
    """A decoded save: metadata and the (not yet replayed) record."""

    meta: SaveMetadata
    record: GameRecord
    migrated_from: int | None = None


# ----------------------------------------------------------------- building
def game_id(record: GameRecord) -> str:
    """A stable id for "this game", from its setup: autosaves are kept one per game.

    Two games with exactly the same players, options and seed share an id; the
    new-game screen draws a fresh seed each time, so that does not happen in play.
    """
    canonical = json.dumps(record.setup.to_json(), sort_keys=True, ensure_ascii=False)
    return hashlib.sha1(canonical.encode("utf-8")).hexdigest()[:16]


def utc_now() -> datetime:
    return datetime.now(timezone.utc).replace(microsecond=0)


def metadata_for(game: Game, name: str, kind: str, thumbnail: bytes | None = None,
                 saved_at: datetime | None = None,
                 titles: Mapping[str, str] | None = None) -> SaveMetadata:
    """The summary of a game as it stands now."""
    if kind not in KINDS:
        raise ValueError(f"unknown save kind {kind!r}")
    setup = game.setup
    players = tuple(
        PlayerSummary(p.name, p.color, p.controller, game.scores[i])
        for i, p in enumerate(setup.players)
    )
    if thumbnail is not None and len(thumbnail) > MAX_THUMBNAIL_BYTES:
        thumbnail = None  # a thumbnail is a nicety; never let it bloat every autosave
    return SaveMetadata(
        name=name, saved_at=saved_at or utc_now(), kind=kind,
        game_id=game_id(GameRecord.from_game(game)), players=players,
        expansions=tuple(setup.expansions), turn=game.turn, finished=game.is_over,
        tiles_left=game.tiles_left(), thumbnail=thumbnail, titles=dict(titles or {}),
    )


def format_time(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def to_json(meta: SaveMetadata, record: GameRecord) -> dict[str, Any]:
    out: dict[str, Any] = {
        "format": SAVE_FORMAT,
        "version": CURRENT_VERSION,
        "program_version": meta.program_version,
        "saved_at": format_time(meta.saved_at),
        "name": meta.name,
    }
    if meta.titles:
        out["titles"] = dict(meta.titles)
    out.update({
        "kind": meta.kind,
        "game_id": meta.game_id,
        "players": [
            {"name": p.name, "color": p.color, "controller": p.controller, "score": p.score}
            for p in meta.players
        ],
        "expansions": list(meta.expansions),
        "turn": meta.turn,
        "finished": meta.finished,
        "tiles_left": meta.tiles_left,
        "thumbnail": base64.b64encode(meta.thumbnail).decode("ascii") if meta.thumbnail else None,
        "record": record.to_json(),
    })
    return out


def dumps(document: dict[str, Any]) -> str:
    """Indented JSON with one action per line: readable, diffable and compact."""
    record = document["record"]
    marker = "\x00actions\x00"
    text = json.dumps({**document, "record": {**record, "actions": marker}},
                      indent=1, ensure_ascii=False)
    lines = ",\n".join("   " + json.dumps(a, ensure_ascii=False) for a in record["actions"])
    actions = "[\n" + lines + "\n  ]" if lines else "[]"
    return text.replace(json.dumps(marker), actions, 1) + "\n"


def encode(meta: SaveMetadata, record: GameRecord) -> str:
    return dumps(to_json(meta, record))


# ----------------------------------------------------------------- reading
def _bad(message: str, **params: Any) -> SaveFormatError:
    return SaveFormatError(message, "saves.error.format", detail=message, **params)


def _typed(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    value = data[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds:
        raise _bad(f"{where}'{key}' has the wrong type ({type(value).__name__})")
    if not isinstance(value, kinds):
        raise _bad(f"{where}'{key}' has the wrong type ({type(value).__name__})")
    return value


def check_fields(data: Mapping[str, Any]) -> None:
    """Every required field present with its type, no unknown field."""
    unknown = set(data) - set(_REQUIRED) - set(_OPTIONAL)
    if unknown:
        raise _bad(f"unknown field(s): {', '.join(sorted(unknown))}")
    missing = [k for k in _REQUIRED if k not in data]
    if missing:
        raise _bad(f"missing field(s): {', '.join(missing)}")
    for key, kind in _REQUIRED.items():
        _typed(data, key, kind, "")
    for key, kinds in _OPTIONAL.items():
        if key in data:
            _typed(data, key, kinds, "")


def _player(raw: object, index: int) -> PlayerSummary:
    if not isinstance(raw, Mapping):
        raise _bad(f"player {index + 1} is not an object")
    if set(raw) != set(_PLAYER_KEYS):
        raise _bad(f"player {index + 1} must have exactly {', '.join(_PLAYER_KEYS)}")
    for key, kind in _PLAYER_KEYS.items():
        _typed(raw, key, kind, f"player {index + 1}: ")
    validation.check_player(raw["name"], raw["color"], raw["controller"], index)
    validation.check_count(raw["score"], f"player {index + 1}: score", -validation.MAX_COUNT)
    return PlayerSummary(raw["name"], validation.palette_colour(raw["color"]), raw["controller"], raw["score"])


def parse_time(text: str) -> datetime:
    """The save's date, refused when no local time zone could show it."""
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise _bad(f"'saved_at' is not a date: {validation.shown(text)}") from None
    moment = moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)
    return validation.check_time(moment, text)


def _thumbnail(raw: str | None) -> bytes | None:
    """A broken thumbnail is dropped, not fatal: it is only a picture."""
    if not raw:
        return None
    try:
        return base64.b64decode(raw.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError):
        return None


def parse_record(raw: object) -> GameRecord:
    """The record inside a save, with the engine's reasons turned into save errors.

    The engine reads a record without ``actions`` as a game at turn 0; in a save
    that means the moves were lost, and saving over it would lose the game for good.
    """
    if isinstance(raw, Mapping) and "actions" not in raw:
        raise validation.refuse("the game record has no 'actions' (the moves of the game "
                                "are missing)", "saves.error.no_actions")
    try:
        record = GameRecord.from_json(raw)
    except RecordError as exc:
        raise SaveRecordError(f"the game record is invalid: {exc}", "saves.error.record",
                              action_index=exc.action_index, detail=str(exc)) from None
    except MalformedError as exc:
        raise _bad(f"the game record is invalid: {exc}") from None
    record.setup = validation.check_setup(record.setup)
    return record


def _check_summary(data: Mapping[str, Any]) -> None:
    """The listed fields beyond their types: what the Load screen prints must print."""
    if data["kind"] not in KINDS:
        raise _bad(f"unknown save kind {validation.shown(data['kind'])}")
    for key in ("turn", "tiles_left"):
        if data[key] < 0:
            raise _bad(f"'{key}' is negative")
        validation.check_count(data[key], key)
    validation.check_name(data["name"], "the save's name", allow_empty=True)
    if not all(isinstance(e, str) for e in data["expansions"]):
        raise _bad("'expansions' must be a list of expansion ids")
    titles = data.get("titles", {})
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in titles.items()):
        raise _bad("'titles' must map language codes to text")
    for language, title in titles.items():
        validation.check_name(title, f"the {validation.shown(language)} title",
                              allow_empty=True)


def from_json(data: Mapping[str, Any], migrated_from: int | None = None) -> SaveDocument:
    """A current-version save document, fully checked (except the replay)."""
    check_fields(data)
    _check_summary(data)
    titles = data.get("titles", {})
    players = tuple(_player(p, i) for i, p in enumerate(data["players"]))
    meta = SaveMetadata(
        name=data["name"], saved_at=parse_time(data["saved_at"]), kind=data["kind"],
        game_id=data["game_id"], players=players, expansions=tuple(data["expansions"]),
        turn=data["turn"], finished=data["finished"], tiles_left=data["tiles_left"],
        program_version=data["program_version"], thumbnail=_thumbnail(data.get("thumbnail")),
        titles=dict(titles),
    )
    return SaveDocument(meta, parse_record(data["record"]), migrated_from)
