"""What a save may contain beyond its JSON types, so the screens never choke on it.

The loader used to accept any string, colour, level or date of the right JSON
type; the Load screen and the game then crashed while drawing or playing them
(a lone surrogate cannot be encoded, a NUL cannot be rendered, a colour outside
the palette has no RGB, an unknown level has no player, year 1 cannot be shown
in local time). Every check here raises a :class:`SaveFormatError` with a
translated reason, so a bad file is listed with that reason and never opened.

No pygame here: the palette's player colours are the engine's
:data:`PLAYER_COLOURS` (a test keeps them equal to ``assets/themes/palette.json``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from datetime import datetime, timezone
from typing import Any

from carcassonne_desktop.engine.setup import (
    PLAYER_COLOURS,
    GameSetup,
    name_problem,
    same_name_key,
)
from carcassonne_desktop.persistence.errors import SaveFormatError

#: Colours earlier versions wrote that the palette names otherwise: self-play
#: gave an eighth player "gray" while the palette's eighth colour is "white".
#: Such records load with the palette's name.
LEGACY_COLOURS: dict[str, str] = {"gray": "white"}
MAX_COUNT = 1_000_000
#: Containers inside containers a file may hold. A save needs about 6 (save,
#: record, setup, options or an action, a value); the parser itself gives up
#: near 1000, and anything between used to crash whoever recursed next.
MAX_DEPTH = 64
EARLIEST = datetime(1970, 1, 1, tzinfo=timezone.utc)
LATEST = datetime(9000, 1, 1, tzinfo=timezone.utc)
_BAD_CHARACTER = re.compile("[\x00\ud800-\udfff]")
_SHOWN_LENGTH = 40


def shown(value: object) -> str:
    """A value quoted for a message, short and printable whatever the file held."""
    text = ascii(value) if isinstance(value, str) else type(value).__name__
    return text if len(text) <= _SHOWN_LENGTH else text[: _SHOWN_LENGTH - 1] + "…"


def refuse(message: str, key: str, **params: Any) -> SaveFormatError:
    """A format error with its own translated reason (``detail`` keeps the English one)."""
    return SaveFormatError(message, key, detail=message, **params)


# ------------------------------------------------------------ any value
def _strings(data: Any, where: str) -> Iterator[tuple[str, str]]:
    """Every string (keys too) of a parsed JSON value with where it sits; no recursion,
    because the parser accepts nesting deeper than Python's recursion limit.

    Refuses a value nested deeper than :data:`MAX_DEPTH` on the way: whatever
    reads the document next (``json.dumps`` for the game id, comparisons,
    copies) recurses, and a few hundred levels exhaust the stack of a caller
    that is itself deep, such as the Load screen inside the main loop.
    """
    stack: list[tuple[Any, str, int]] = [(data, where, 0)]
    while stack:
        value, path, depth = stack.pop()
        if isinstance(value, str):
            yield value, path
            continue
        if not isinstance(value, (dict, list)):
            continue
        if depth >= MAX_DEPTH:
            raise refuse(f"{path or 'the file'} is nested more than {MAX_DEPTH} levels deep",
                         "saves.error.nested", where=shown(path or "the file"))
        if isinstance(value, dict):
            for key, item in value.items():
                yield key, path
                stack.append((item, f"{path}.{key}" if path else str(key), depth + 1))
        else:
            stack.extend((item, f"{path}[{i}]", depth + 1) for i, item in enumerate(value))


def check_json(data: Any) -> None:
    """A parsed file is text the game can draw and write back, and shallow enough
    to be read without recursion errors: no string anywhere holds a NUL or a lone
    surrogate (neither can be drawn, and UTF-8 refuses a surrogate), and nothing is
    nested more than :data:`MAX_DEPTH` levels deep."""
    for value, path in _strings(data, ""):
        if _BAD_CHARACTER.search(value):
            where = path or "the file"
            raise refuse(f"{where} contains a character that is not text "
                         "(a NUL or a lone surrogate)", "saves.error.bad_text",
                         where=shown(where))


# ------------------------------------------------------------ fields
def check_name(value: str, where: str, allow_empty: bool = False) -> str:
    """A name the screens can show on one line: the engine's rule (``name_problem``)."""
    problem = name_problem(value, allow_empty)
    if problem is not None:
        raise refuse(f"{where} {problem}", "saves.error.bad_name")
    return value


def palette_colour(value: str) -> str:
    """The palette's name for a colour (an old name read as today's)."""
    return LEGACY_COLOURS.get(value, value)


def check_colour(value: str, index: int) -> str:
    """A colour of the palette: the board draws figures in palette colours only."""
    if palette_colour(value) not in PLAYER_COLOURS:
        raise refuse(f"player {index + 1} has a colour outside the palette ({shown(value)})",
                     "saves.error.colour", n=index + 1, colour=shown(value))
    return palette_colour(value)


def known_controllers() -> tuple[str, ...]:
    """"human" and one "ai:<level>" per computer level this build can create."""
    from carcassonne_desktop.ai.levels import level_names

    return ("human", *(f"ai:{name}" for name in level_names()))


def check_controller(value: str, index: int) -> str:
    """A controller the game can seat: an unknown level has no computer player."""
    if value not in known_controllers():
        raise refuse(f"player {index + 1} is an unknown kind of player ({shown(value)})",
                     "saves.error.level", n=index + 1, level=shown(value))
    return value


def check_player(name: str, colour: str, controller: str, index: int) -> None:
    """One seat, as the game will draw and run it."""
    check_name(name, f"player {index + 1}'s name")
    check_colour(colour, index)
    check_controller(controller, index)


def check_setup(setup: GameSetup) -> GameSetup:
    """The seats of a record as the game will draw, print and run them: the one
    check for every reader of a game file, the Load screen (``document.parse_record``)
    and ``carcassonne replay`` (``saves.load_record_from_file``) alike.

    Each seat has a name that shows on one line, a colour of the palette and a
    known controller; no two seats share a colour, nor a name as the players
    would read it (case and spaces around ignored, as on the setup screen).
    Returns the setup with the palette's names for old colours.
    """
    colours: dict[str, int] = {}
    names: dict[str, int] = {}
    for index, player in enumerate(setup.players):
        check_player(player.name, player.color, player.controller, index)
        colour, name = palette_colour(player.color), same_name_key(player.name)
        if colour in colours:
            first = colours[colour] + 1
            raise refuse(f"players {first} and {index + 1} have the same colour "
                         f"({shown(colour)})", "saves.error.same_colour", n=first, m=index + 1)
        if name in names:
            first = names[name] + 1
            raise refuse(f"players {first} and {index + 1} have the same name",
                         "saves.error.same_name", n=first, m=index + 1)
        colours[colour], names[name] = index, index
    seats = tuple(replace(p, color=palette_colour(p.color)) for p in setup.players)
    return setup if seats == setup.players else replace(setup, players=seats)


def check_count(value: int, key: str, minimum: int = 0) -> int:
    """A turn, score or tile count of a plausible size (the screens print it)."""
    if not minimum <= value <= MAX_COUNT:
        raise refuse(f"'{key}' is out of range ({value if abs(value) < 10**12 else '…'})",
                     "saves.error.format")
    return value


def check_time(moment: datetime, text: str) -> datetime:
    """A date every local time zone can show (year 1 or 9999 cannot be converted)."""
    try:
        inside = EARLIEST <= moment <= LATEST
    except OverflowError:
        inside = False
    if not inside:
        raise refuse(f"'saved_at' is not a plausible date: {shown(text)}",
                     "saves.error.date", date=shown(text))
    return moment
