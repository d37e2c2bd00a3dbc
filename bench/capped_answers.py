"""How good a capped answer inside hard's futures is (issue 30).

For random 2-player positions after 30 placements, the rank of the whole
turn a capped answer plays among all the seat's whole turns (0: the best of
all), with the answer taken from shuffled placements (the old cap) and from
the placements judged best alone (`search.promising_firsts`, the cap now).

    python bench/capped_answers.py [base|all] [--cap 10] [--positions 8]
"""

from __future__ import annotations

import argparse
import random

from whole_turns import random_position  # (bench/, the script's own folder)

from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.ai.search import best_turn_after
from carcassonne_desktop.ai.turns import whole_turns
from carcassonne_desktop.engine import Rules, quick_setup
from carcassonne_desktop.engine.expansion import registry


def _rank(values: list[float], value: float) -> int:
    """How many whole turns are judged better than `value`."""
    return sum(1 for v in values if v > value + 1e-9)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("expansions", choices=("base", "all"), nargs="?", default="base")
    parser.add_argument("--cap", type=int, default=10)
    parser.add_argument("--positions", type=int, default=8)
    args = parser.parse_args()
    expansions = ("base",) if args.expansions == "base" else tuple(registry())
    rules = Rules(quick_setup(2, expansions=expansions))
    for seed in range(args.positions):
        game = random_position(seed, expansions, rules, 30)
        seat = game.deciding_player
        evaluator = Evaluator(game)
        values = sorted((evaluator.evaluate(t.after, seat) for t in whole_turns(game)), reverse=True)
        after = best_turn_after(game, evaluator, None, args.cap, random.Random(1))
        assert after is not None
        now = evaluator.evaluate(after, seat)
        firsts = list(game.legal_actions())
        random.Random(1).shuffle(firsts)
        shuffled = max(evaluator.evaluate(t.after, seat)
                       for _, t in zip(range(args.cap), whole_turns(game, firsts)))

        print(f"position {seed}: {len(values)} whole turns; rank from placements judged "
              f"alone {_rank(values, now)}, from shuffled placements {_rank(values, shuffled)}")


if __name__ == "__main__":
    main()
