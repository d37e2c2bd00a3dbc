"""A digest of the evaluation's totals, to check that a speed change keeps
them bit for bit (issue 30): `Evaluator.totals` of every whole turn of fixed
random-play positions (every registered expansion with 2, 3 and 4 players,
and the base game), read twice where the evaluator carries what it worked
out, then of the next positions' whole turns with the same evaluator (what
a search does), each total written with `repr`. Prints how many were read
and the SHA-256 of the text; `--out FILE` keeps the text, so two checkouts'
files can be compared line by line when the digests differ.

    python bench/totals_digest.py [--out FILE] [--only base|all]

Uses only APIs older than itself, so the same file reads an older checkout:
`PYTHONPATH=/that/checkout python bench/totals_digest.py` (the first line
says which code ran). About 40 s of CPU with every expansion.
"""

from __future__ import annotations

import argparse
import hashlib

from whole_turns import chosen_rows, random_position  # (bench/, the script's own folder)

import carcassonne_desktop
from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.ai.turns import whole_turns
from carcassonne_desktop.engine import Rules, quick_setup

SEEDS = {"all": range(11, 15), "base": range(11, 13)}
PLACEMENTS = (8, 25, 45, 70)
#: Whole turns read again, and of each the next position's whole turns read.
AGAIN = 20
NEXT = 15


def totals_text(name: str, expansions: tuple[str, ...]) -> tuple[int, list[str]]:
    """(whole turns judged first, every total read in order) of one row."""
    lines: list[str] = []
    first = 0
    for players in (2, 3, 4):
        rules = Rules(quick_setup(players, expansions=expansions))
        for seed in SEEDS[name]:
            for placements in PLACEMENTS:
                game = random_position(seed, expansions, rules, placements, players)
                if game.is_over:
                    continue
                evaluator = Evaluator(game)
                turns = list(whole_turns(game, list(game.legal_actions())))
                for turn in turns:
                    lines.append(repr(evaluator.totals(turn.after)))
                first += len(turns)
                for turn in turns[:AGAIN]:
                    lines.append(repr(evaluator.totals(turn.after)))
                    after = turn.after
                    if after.is_over or not after.legal_actions():
                        continue
                    for answer in list(whole_turns(after, list(after.legal_actions())))[:NEXT]:
                        lines.append(repr(evaluator.totals(answer.after)))
    return first, lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=None)
    parser.add_argument("--only", choices=["base", "all"], default=None)
    args = parser.parse_args()
    print(f"code: {carcassonne_desktop.__file__}")
    lines: list[str] = []
    for name, expansions in chosen_rows(args.only):
        first, row = totals_text(name, expansions)
        print(f"{name}: {first} whole turns judged, {len(row)} totals read")
        lines += row
    text = "\n".join(lines)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as out:
            out.write(text)
    print(f"sha256 {hashlib.sha256(text.encode()).hexdigest()}")


if __name__ == "__main__":
    main()
