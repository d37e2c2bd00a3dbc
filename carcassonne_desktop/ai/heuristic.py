"""The evaluation-driven players: `medium` and the child-friendly `easy`.

`medium` plays every whole turn (tile placement and figure together) on a
copy and keeps the one whose resulting position the evaluator likes best.
`easy` uses the same judgement but, like a young player, looks at only one
of the possible placements (and every one that finishes something), often
forgets its followers, misjudges values a little and now and then plays
something merely reasonable instead of the best.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from carcassonne_desktop.ai.deadline import Deadline
from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.ai.expansions import planner_for
from carcassonne_desktop.ai.player import Player
from carcassonne_desktop.ai.turns import sampled_turns
from carcassonne_desktop.ai.weights import Weights
from carcassonne_desktop.engine import Action, Game
from carcassonne_desktop.engine.actions import Deploy, DeployToArea
from carcassonne_desktop.engine.decisions import PLACE_TILE


def rank_turns(
    game: Game,
    evaluator: Evaluator,
    firsts: list[Action],
    deadline: Deadline | None,
    rng: random.Random,
) -> list[tuple[float, tuple[Action, ...]]]:
    """Whole turns from `firsts`, best first, with the mover's evaluation,
    played on a copy whose hidden state is sampled with `rng` (by the
    decision kind's planner when an expansion registered one)."""
    planner = planner_for(game.pending_kind)
    planned = planner(evaluator, game, firsts, rng, deadline) if planner is not None else None
    if planned is not None:
        return sorted(planned, key=lambda item: -item[0])
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
    #: Below 1 s so that its decisions' p95 stays within 1 s: with every
    #: expansion a placement's ranking is cut by the deadline and finishes
    #: the turn it is judging, and with 1.0 the p95 was 1.025 s (placements
    #: 1.09 s; 10 games against greedy, CPU clock, bench/ai.md 2026-11-27).
    default_budget = 0.85

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
    """A real opponent for a child: finishes its own roads, cities and
    cloisters whenever a tile lets it, otherwise plays one placement it
    happens to look at, often forgets to put a follower down, never thinks
    of farmers, and never throws a follower away: a turn that puts a figure
    down is only considered when the evaluation likes it better than the
    same placement without it."""

    level = "easy"
    # Enough to judge every turn (p50 0.07 s on a loaded machine): with a
    # cap of 0.08 s its strength depended on the machine's speed (bench/ai.md,
    # 2026-11-24 (later): 54.5% against greedy under heavy load, 97% with time).
    default_budget = 1.0
    # Tuned so that easy plays below greedy (bench/ai.md, 2026-11-24, session 6):
    # finishing its features and keeping its followers alone beat greedy in
    # 97% of the games, and forgetting its followers nine turns in ten still
    # left it at 58%; forgetting, now and then, the follower it could put on
    # the feature its tile closes is what brings it below.
    placements_seen = 1
    noise = 6.0
    settle_chance = 0.5
    # Chance of not even considering a turn that puts a farmer down.
    farmer_skip = 1.0
    # Chance of forgetting its followers for a turn ("oh, I forgot to put
    # one down!"): it then only considers turns that keep them all.
    forget_chance = 0.9
    # Chance that a turn it forgets its followers it also forgets one that
    # would come straight back (put down on the feature the tile closes): a
    # child sees the points of its own features more readily than the chance
    # to claim the one it is closing.
    forget_closing = 0.3

    def decide(self, game: Game, legal: Sequence[Action], deadline: Deadline) -> Action:
        seat = game.deciding_player
        evaluator = Evaluator(game)
        firsts = list(legal)
        self.rng.shuffle(firsts)
        # It overlooks placements, not figure steps (those come from its plan,
        # or, asked alone, are all in view).
        placing = game.pending_kind == PLACE_TILE
        seen = set(firsts[: self.placements_seen] if placing else firsts)

        def group(actions: tuple[Action, ...]) -> Action | None:
            """Turns compared for keeping figures: those of one placement."""
            return actions[0] if placing else None

        every = []  # (value, scores for me, figures left in supply, puts one down, actions)
        # Per placement (asked a figure step alone: over every option), the
        # most figures a turn keeps in supply.
        most: dict[Action | None, int] = {}
        for turn in sampled_turns(game, self.rng, firsts, deadline):
            after = turn.after
            scored = after.scores[seat] - game.scores[seat]
            left = sum(after.supply[seat].values())
            key = group(turn.actions)
            most[key] = max(left, most.get(key, left))
            puts_down = any(isinstance(a, (Deploy, DeployToArea)) for a in turn.actions)
            every.append((evaluator.evaluate(after, seat), scored, left, puts_down, turn.actions))
        # A placement it did not look at is still seen when it finishes something.
        seen.update(actions[0] for _, scored, _, _, actions in every if scored > 0)
        # A turn keeps its figures when it leaves as many in supply as the same
        # placement without putting one down (a feature it closes may give some back).
        turns = [(value, scored, left >= most[group(actions)], puts_down, actions)
                 for value, scored, left, puts_down, actions in every if actions[0] in seen]
        if not turns:
            return firsts[0]
        # The best value of each placement without putting a figure down.
        keep_value: dict[Action | None, float] = {}
        for value, _, kept, _, actions in turns:
            if kept:
                key = group(actions)
                keep_value[key] = max(value, keep_value.get(key, value))
        forgets = self.forget_chance > 0.0 and self.rng.random() < self.forget_chance
        forgets_all = forgets and self.forget_closing > 0.0 and self.rng.random() < self.forget_closing
        choices = [
            (value + self.rng.gauss(0.0, self.noise), scored, actions)
            for value, scored, kept, puts_down, actions in turns
            if not (forgets_all and puts_down)
            and (kept or (not forgets and value > keep_value.get(group(actions), float("-inf"))))
            and not (any(_is_farmer(game, a) for a in actions) and self.rng.random() < self.farmer_skip)
        ]
        if not choices:  # every turn puts a farmer down: the best one, then
            best = max(turns, key=lambda item: item[0])
            choices = [(best[0], best[1], best[4])]
        choices.sort(key=lambda item: -item[0])
        finishing = [c for c in choices if c[1] > 0]
        if finishing:
            pick = finishing[0]  # "I can finish it!": a child does not let that go
        elif len(choices) > 1 and self.rng.random() < self.settle_chance:
            pick = choices[self.rng.randrange(min(3, len(choices)))]
        else:
            pick = choices[0]
        self.remember_plan(game, pick[2])
        return pick[2][0]


def _is_farmer(game: Game, action: Action) -> bool:
    port = getattr(action, "port", None)
    return isinstance(port, str) and len(port) == 2
