"""Where each level puts its figures, from the games of `bench/hard_search.py
--scores` (issue 30).

    python bench/research/deploys.py F.scores [F.scores ...]

With every expansion `hard` scores about 7 points a game fewer than `medium`
on the Wheel of Fortune's crown, and `crown_choices.py` found that on
positions of medium's play the two go on the crown almost alike (7 and 8
times in 120): the gap comes from the games themselves. Each line of a
`--scores` file since session 16 holds the game's record; this replays
them and counts, per level and game, the figures each put down: on the
crown (`deploy` with `area: wheel`), anywhere else off the tiles, on a
field (a farmer) and on the other features of the tiles.
Lines without a record (older files) are skipped and counted.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

from carcassonne_desktop.engine import Game
from carcassonne_desktop.engine.actions import Action, Deploy, DeployToArea
from carcassonne_desktop.engine.expansions.wheel_of_fortune import WHEEL
from carcassonne_desktop.engine.record import GameRecord

KINDS = ("crown", "off_tiles", "farmer", "tiles")


def kind_of(game: Game, action: Action) -> str | None:
    """Which count a figure put down in `game` goes to (None: not a figure
    put down); a farmer is what the engine says stands on a field
    (`Game.feature_kind_for`: the inner field of ic/03 is named "C")."""
    if isinstance(action, DeployToArea):
        return "crown" if action.area == WHEEL else "off_tiles"
    if isinstance(action, Deploy):
        kind = game.feature_kind_for(action.figure, action.x, action.y, action.port)
        return "farmer" if kind == "field" else "tiles"
    return None


def deploys_by_seat(record: GameRecord) -> list[Counter[str]]:
    """Each seat's figures put down in the game, by kind."""
    game = Game(record.setup)
    counts: list[Counter[str]] = [Counter() for _ in range(game.num_players)]
    for action in record.actions:
        kind = kind_of(game, action)
        if kind is not None:
            counts[game.deciding_player][kind] += 1
        game.apply(action)
    return counts


def tally(paths: list[Path]) -> dict[str, object]:
    """Mean figures put down a game, per level and kind, over the files' games."""
    totals = {"hard": Counter[str](), "medium": Counter[str]()}
    games = skipped = 0
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            if "record" not in row:
                skipped += 1
                continue
            seats = deploys_by_seat(GameRecord.from_json(row["record"]))
            hard_seat = int(row["hard_seat"])
            totals["hard"].update(seats[hard_seat])
            totals["medium"].update(seats[1 - hard_seat])
            games += 1
    means = {level: {kind: round(counts[kind] / games, 2) if games else None for kind in KINDS}
             for level, counts in totals.items()}
    return {"games": games, "skipped": skipped, "per_game": means}


def main(argv: list[str] | None = None) -> int:
    paths = [Path(arg) for arg in (sys.argv[1:] if argv is None else argv)]
    if not paths:
        print("deploys: give one or more --scores files", file=sys.stderr)
        return 2
    missing = [str(path) for path in paths if not path.is_file()]
    if missing:
        print(f"deploys: no such file: {', '.join(missing)}", file=sys.stderr)
        return 2
    print(json.dumps(tally(paths), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
