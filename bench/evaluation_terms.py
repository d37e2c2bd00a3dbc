"""Where an evaluation's time goes, term by term (issue 30): each expansion
term's CPU time over every whole turn of `bench/whole_turns.py`'s positions
with every expansion, the core being the rest.

    python bench/evaluation_terms.py [--repeat 3]

Each term is wrapped in a timer inside the evaluator, so the shared outlook
and the carried prospects work as in a search. Uses only APIs older than
itself (`Evaluator._terms` included), so the same file measures an older
checkout: `PYTHONPATH=/that/checkout python bench/evaluation_terms.py`.
CPU time, best of `--repeat`: compare same-run shares and ratios.
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from whole_turns import positions

import carcassonne_desktop
from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.ai.turns import whole_turns
from carcassonne_desktop.engine import registry


def timed(term: Callable[..., None], spent: dict[str, float]) -> Callable[..., None]:
    name = f"{term.__module__.rsplit('.', 1)[-1]}.{term.__name__}"

    def run(evaluator: Any, game: Any, totals: list[float]) -> None:
        start = time.process_time()
        term(evaluator, game, totals)
        spent[name] += time.process_time() - start

    return run


def measure(repeat: int) -> tuple[float, int, dict[str, float]]:
    """(evaluation seconds, whole turns, seconds per term) of the best run."""
    games = positions(tuple(registry()))
    best: tuple[float, int, dict[str, float]] | None = None
    for _ in range(repeat):
        spent: dict[str, float] = defaultdict(float)
        total = 0.0
        count = 0
        for game in games:
            evaluator = Evaluator(game)
            evaluator._terms = tuple(timed(term, spent) for term in evaluator._terms)
            afters = [turn.after for turn in whole_turns(game, list(game.legal_actions()))]
            start = time.process_time()
            for after in afters:
                evaluator.evaluate(after, game.deciding_player)
            total += time.process_time() - start
            count += len(afters)
        if best is None or total < best[0]:
            best = (total, count, dict(spent))
    assert best is not None
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"code: {carcassonne_desktop.__file__}")
    total, count, spent = measure(args.repeat)
    print(f"evaluation: {total / count * 1e3:.3f} ms a whole turn ({count} whole turns)")
    for name, seconds in sorted(spent.items(), key=lambda item: -item[1]):
        print(f"  {name:45s} {seconds / total:6.1%}")
    core = total - sum(spent.values())
    print(f"  {'core (the rest)':45s} {core / total:6.1%}")


if __name__ == "__main__":
    main()
