"""The `carcassonne` command (DESIGN.md section 6).

Every failure the user can cause (a missing file, a corrupt record, a bad
argument) ends with a one-line message and exit status 1 or 2, never a
traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from carcassonne_desktop import __version__
from carcassonne_desktop.engine import EngineError, GameRecord, registry
from carcassonne_desktop.engine.catalogue import Catalogue
from carcassonne_desktop.engine.errors import one_line

# The command speaks for itself: no pygame greeting line on the terminal.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
#: An error is one line (a path or value from the user may hold a newline or
#: ESC: escaped), cut past this length (a value of millions of characters).
MAX_ERROR_LENGTH = 1000


class UsageError(Exception):
    """A command-line argument that makes no sense (exit status 2)."""


def _print_json(data: Any) -> None:
    print(json.dumps(data, indent=1, ensure_ascii=False))


class InputFileError(Exception):
    """A file given on the command line cannot be used (exit status 1); names the file."""


# ---------------------------------------------------------------- replay
def load_record_or_save(path: str) -> GameRecord:
    """A bare record, or a saved game that contains one."""
    try:
        from carcassonne_desktop.persistence.saves import load_record_from_file
    except ImportError:
        return GameRecord.load(path)
    return load_record_from_file(path)


def backup_of(path: str) -> Path | None:
    """The ``.bak`` the game keeps beside a save, when there is one to fall back on."""
    try:
        backup = Path(path).with_name(Path(path).name + ".bak")
        return backup if backup.is_file() else None
    except (OSError, ValueError):  # "." or "/" has no name to add ".bak" to
        return None


def file_error(path: str, exc: BaseException) -> InputFileError:
    """The reason, starting with the file as the user typed it, plus the backup if any.

    The engine's reasons do not know the file and the save loader's name only its
    last part; either way the user sees which file, once.
    """
    reason = str(exc)
    name = Path(path).name
    for prefix in (f"{path}: ", f"{name}: "):
        if reason.startswith(prefix):
            reason = reason[len(prefix):]
            break
    message = f"{path}: {reason}"
    backup = backup_of(path)
    if backup is not None:
        message += (f" (a backup of it exists: {backup}; "
                    f"'carcassonne replay {backup}' replays it)")
    return InputFileError(message)


def replay_file(path: str) -> dict[str, Any]:
    """The replay summary of a record or save file; every failure names the file."""
    try:
        return load_record_or_save(path).replay().summary()
    except (EngineError, OSError) as exc:
        raise file_error(path, exc) from None


def cmd_replay(args: argparse.Namespace) -> int:
    summary = replay_file(args.file)
    if args.json:
        _print_json(summary)
        return 0
    state = "finished" if summary["finished"] else f"in progress (turn {summary['turn']})"
    print(f"Game {state}, {summary['actions']} actions, {summary['tiles_left']} tiles left")
    for player in summary["players"]:
        parts = ", ".join(f"{k} {v}" for k, v in player["breakdown"].items() if v)
        print(f"  {player['name']:<16} {player['score']:>4}  ({parts or 'no points'})")
    if summary["winners"]:
        print(f"Winner(s): {', '.join(summary['winners'])}")
    if args.events:
        for event in summary["events"]:
            print(
                f"  action {event['action_index']:>3}: {', '.join(event['players'])} "
                f"+{event['points']} ({event['feature']}, {event['reason']})"
            )
    return 0


# ------------------------------------------------------------- catalogue
def cmd_catalogue(args: argparse.Namespace) -> int:
    known = registry()
    ids = list(known) if args.expansion is None else [args.expansion]
    if args.expansion is not None and args.expansion not in known:
        raise UsageError(
            f"unknown expansion {args.expansion!r} (known: {', '.join(known)})"
        )
    tiles = []
    for expansion_id in ids:
        tiles.extend(known[expansion_id]({}).tiles())
    document = Catalogue(tiles).to_json()
    if args.json:
        _print_json(document)
    else:
        for tile in document["tiles"]:
            start = " (start)" if tile.get("start") else ""
            print(f"{tile['id']:<22} x{tile['count']:<2} {tile['name']}{start}")
        print(f"{sum(t['count'] for t in document['tiles'])} tiles")
    return 0


# ----------------------------------------------------------------- bench
def cmd_bench(args: argparse.Namespace) -> int:
    if args.target == "engine":
        from carcassonne_desktop.benchmarks import engine as bench

        result = bench.run(games=args.games or 300)
    elif args.target == "render":
        from carcassonne_desktop.benchmarks import render as bench  # type: ignore[no-redef]

        result = bench.run()
    elif args.target == "saves":
        from carcassonne_desktop.benchmarks import saves as bench  # type: ignore[no-redef]

        result = bench.run()
    elif args.target == "screens":
        from carcassonne_desktop.benchmarks import screens as bench  # type: ignore[no-redef]

        result = bench.run()
    else:
        from carcassonne_desktop.benchmarks import ai as bench  # type: ignore[no-redef]

        result = bench.run()
    if args.json:
        _print_json(result)
    else:
        print(bench.format_text(result))
    return 0


# ------------------------------------------------------------------ play
def cmd_play(args: argparse.Namespace) -> int:
    if args.quit_after_turns is not None and args.quit_after_turns < 0:
        raise UsageError("--quit-after-turns must be 0 or more")
    from carcassonne_desktop.ui.launcher import run

    return run(
        autoplay=args.autoplay,
        quit_after_turns=args.quit_after_turns,
        screenshot=args.screenshot,
    )


def cmd_selfplay(args: argparse.Namespace) -> int:
    from carcassonne_desktop.ai.selfplay import run_selfplay

    return run_selfplay(args)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="carcassonne", description="Carcassonne for the family computer."
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command")

    replay = sub.add_parser("replay", help="replay a game record or saved game")
    replay.add_argument("file")
    replay.add_argument("--json", action="store_true", help="machine-readable output")
    replay.add_argument("--events", action="store_true", help="list every scoring")
    replay.set_defaults(handler=cmd_replay)

    catalogue = sub.add_parser("catalogue", help="list the tiles the game knows")
    catalogue.add_argument("--expansion", metavar="NAME")
    catalogue.add_argument("--json", action="store_true")
    catalogue.set_defaults(handler=cmd_catalogue)

    bench = sub.add_parser("bench", help="measure speed (prints figures only)")
    bench.add_argument("target", choices=["engine", "render", "ai", "saves", "screens"])
    bench.add_argument("--json", action="store_true")
    bench.add_argument("--games", type=int, default=None, help="number of games (engine)")
    bench.set_defaults(handler=cmd_bench)

    play = sub.add_parser("play", help="open the game window")
    play.add_argument("--autoplay", action="store_true", help="computer players in every seat")
    play.add_argument("--quit-after-turns", type=int, metavar="N")
    play.add_argument("--screenshot", metavar="PNG", help="save a screenshot before quitting")
    play.set_defaults(handler=cmd_play)

    selfplay = sub.add_parser("selfplay", help="computer players against each other")
    selfplay.add_argument("--players", required=True, help="levels, e.g. medium,random")
    selfplay.add_argument("--games", type=int, required=True)
    selfplay.add_argument("--seed", type=int, default=1)
    selfplay.add_argument("--expansions", default="base", help="comma-separated ids")
    selfplay.add_argument("--json", action="store_true")
    selfplay.add_argument("--records", metavar="DIR", help="write every game's record here")
    selfplay.add_argument("--jobs", type=int, default=1,
                          help="games played at once, one process each (players then use one core)")
    selfplay.add_argument("--budget", type=float, default=None, metavar="SECONDS",
                          help="time per decision for every player (default: each level's own)")
    selfplay.add_argument("--cpu-clock", action="store_true",
                          help="measure every time budget in CPU seconds of the deciding process, "
                               "so a busy machine plays as an idle one would (for benchmarks)")
    selfplay.add_argument("--quiet", action="store_true",
                          help="no line per finished game on stderr")
    selfplay.set_defaults(handler=cmd_selfplay)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    handler = getattr(args, "handler", None)
    if handler is None:
        args = parser.parse_args(["play", *(argv or [])])
        handler = args.handler
    try:
        return int(handler(args) or 0)
    except UsageError as exc:
        parser.error(str(exc))
    except (EngineError, OSError, InputFileError) as exc:
        print(f"carcassonne: error: {one_line(str(exc), MAX_ERROR_LENGTH)}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    return 0
