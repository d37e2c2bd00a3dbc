"""Tally `carcassonne selfplay` runs from their per-game lines on stderr
(for runs that were stopped, or split over several commands).

    python bench/research/tally_lines.py LEVEL RUN.log [RUN2.log ...]

A game is LEVEL's when one of its seats (e.g. `hard`, or `hard#1` and
`hard#2`) has the best score (a tie with another level counts half); its
margin is LEVEL's best score minus the best score of the other levels.
Prints games, wins, the win rate with its 95% Wilson interval and the mean
margin with its 95% interval. A game that appears twice (same number and
seed) is counted once.
"""

from __future__ import annotations

import re
import sys

from carcassonne_desktop.ai.stats import mean, mean_interval, wilson_interval

LINE = re.compile(r"^game (\d+) \(\d+/\d+ done, seed (\d+)\): (.*?) \[")
SEAT = re.compile(r"([\w#]+) (-?\d+)")


def main(argv: list[str]) -> None:
    if len(argv) < 2:
        raise SystemExit(__doc__)
    level, paths = argv[0], argv[1:]
    seen: set[tuple[int, int]] = set()
    points = 0.0
    margins: list[int] = []
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                match = LINE.match(line)
                if match is None:
                    continue
                key = (int(match.group(1)), int(match.group(2)))
                if key in seen:
                    continue
                seen.add(key)
                mine, others = [], []
                for label, score in SEAT.findall(match.group(3)):
                    (mine if label.split("#")[0] == level else others).append(int(score))
                best, rival = max(mine), max(others)
                margins.append(best - rival)
                points += 1.0 if best > rival else 0.5 if best == rival else 0.0
    games = len(margins)
    low, high = wilson_interval(points, games)
    m_low, m_high = mean_interval(margins)
    print(f"{level}: {games} games, {points:g} wins = {100 * points / max(games, 1):.1f}% "
          f"(95% CI {100 * low:.1f}-{100 * high:.1f}%), mean margin {mean(margins):+.1f} "
          f"({m_low:+.1f}..{m_high:+.1f})")


if __name__ == "__main__":
    main(sys.argv[1:])
