"""The evaluation-driven players: `medium` and the child-friendly `easy`.

`medium` plays every whole turn (tile placement and figure together) on a
copy and keeps the one whose resulting position the evaluator likes best.
`easy` uses the same judgement but, like a young player, looks at only a few
of the possible placements, misjudges values a little and now and then plays
something merely reasonable instead of the best.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from carcassonne_desktop.ai.deadline import Deadline
from carcassonne_desktop.ai.evaluation import Evaluator, Weights
from carcassonne_desktop.ai.player import Player
from carcassonne_desktop.ai.turns import sampled_turns
from carcassonne_desktop.engine import Action, Game


def rank_turns(
    game: Game,
    evaluator: Evaluator,
    firsts: list[Action],
    deadline: Deadline | None,
    rng: random.Random,
) -> list[tuple[float, tuple[Action, ...]]]:
    """Whole turns from `firsts`, best first, with the mover's evaluation,
    played on a copy whose hidden state is sampled with `rng`."""
    seat = game.deciding_player
    scored = [
        (evaluator.evaluate(turn.after, seat), turn.actions)
        for turn in sampled_turns(game, rng, firsts, deadline)
    ]
    scored.sort(key=lambda item: -item[0])
    return scored


class MediumPlayer(Player):
    """One whole turn of look-ahead judged by the full evaluation."""

    level = "medium"
    default_budget = 1.0

    def __init__(self, seed: int | None = None, weights: Weights | None = None) -> None:
        super().__init__(seed)
        self.weights = weights or Weights()

    def decide(self, game: Game, legal: Sequence[Action], deadline: Deadline) -> Action:
        evaluator = Evaluator(game, self.weights)
        firsts = list(legal)
        self.rng.shuffle(firsts)  # equal values: no systematic bias to one corner
        ranked = rank_turns(game, evaluator, firsts, deadline, self.rng)
        if not ranked:
            return legal[self.rng.randrange(len(legal))]
        self.remember_plan(game, ranked[0][1])
        return ranked[0][1][0]


class EasyPlayer(Player):
    """Sensible but fallible: sees a handful of placements, judges with noise,
    sometimes settles for a good-enough move and rarely thinks of farmers."""

    level = "easy"
    default_budget = 0.08
    placements_seen = 6
    noise = 2.5
    settle_chance = 0.25

    def decide(self, game: Game, legal: Sequence[Action], deadline: Deadline) -> Action:
        evaluator = Evaluator(game)
        firsts = list(legal)
        self.rng.shuffle(firsts)
        firsts = firsts[: self.placements_seen]
        ranked = []
        for value, actions in rank_turns(game, evaluator, firsts, deadline, self.rng):
            if any(_is_farmer(game, a) for a in actions) and self.rng.random() < 0.8:
                continue  # children rarely think of farmers
            ranked.append((value + self.rng.gauss(0.0, self.noise), actions))
        if not ranked:
            return firsts[0]
        ranked.sort(key=lambda item: -item[0])
        pick = ranked[0]
        if len(ranked) > 1 and self.rng.random() < self.settle_chance:
            pick = ranked[self.rng.randrange(min(3, len(ranked)))]
        self.remember_plan(game, pick[1])
        return pick[1][0]


def _is_farmer(game: Game, action: Action) -> bool:
    port = getattr(action, "port", None)
    return isinstance(port, str) and len(port) == 2
