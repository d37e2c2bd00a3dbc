"""The `hard` player: whole-turn candidates from the evaluation, refined by a
sampled look-ahead (see search.py) until the deadline.

Anytime: the root ranking alone is a complete answer (it is the `medium`
move); every search round only refines it, and the best average so far is
played when time is up or the interface cancels. With a second core, a helper
process plays half of the rounds (parallel.py); without one, everything runs
here.
"""

from __future__ import annotations

from collections.abc import Sequence

from carcassonne_desktop.ai import parallel
from carcassonne_desktop.ai.deadline import Deadline
from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.ai.heuristic import rank_turns
from carcassonne_desktop.ai.player import Player
from carcassonne_desktop.ai.search import run_rounds
from carcassonne_desktop.engine import Action, Game


class HardPlayer(Player):
    """Sampled expectimax over whole turns with the evaluation at the leaves."""

    level = "hard"
    default_budget = 2.0
    #: Most root candidates searched, and how far below the best (in points
    #: of evaluation) a candidate may be and still be searched.
    max_candidates = 6
    candidate_window = 6.0
    #: Own extra turns simulated after the opponents' answers.
    own_turns = 0
    #: Share of the budget the root ranking may use before searching.
    root_share = 0.4

    def __init__(
        self, seed: int | None = None, workers: int | None = None, rounds: int | None = None
    ) -> None:
        """`workers`: processes to search with (None: one per core, at most 2;
        1: this process only). `rounds`: stop after that many sampled futures
        even before the deadline (single-process only: reproducible play)."""
        super().__init__(seed)
        self.rounds = rounds
        #: What the last search did (for benchmarks and curious users).
        self.last_stats: dict[str, int] = {}
        self.helpers = parallel.helper_count() if workers is None else max(0, workers - 1)
        if rounds is not None:
            self.helpers = 0
        if self.helpers:
            parallel.warm_up()

    def decide(self, game: Game, legal: Sequence[Action], deadline: Deadline) -> Action:
        evaluator = Evaluator(game)
        firsts = list(legal)
        self.rng.shuffle(firsts)
        root_deadline = Deadline(max(deadline.remaining(), 0.0) * self.root_share,
                                 deadline.cancel_event)
        ranked = rank_turns(game, evaluator, firsts, root_deadline)
        if not ranked:
            return firsts[0]
        best_value = ranked[0][0]
        candidates = [
            actions for value, actions in ranked[: self.max_candidates]
            if value >= best_value - self.candidate_window
        ]
        choice = candidates[0]
        if len(candidates) > 1 and not deadline.expired():
            choice = self._search(game, candidates, deadline)
        self.remember_plan(game, choice)
        return choice[0]

    def _search(
        self, game: Game, candidates: list[tuple[Action, ...]], deadline: Deadline
    ) -> tuple[Action, ...]:
        seed = self.rng.getrandbits(32)
        future = None
        if self.helpers and not deadline.cancelled:
            future = parallel.submit_rounds(
                game, candidates, seed, max(deadline.remaining() - 0.05, 0.0), self.own_turns
            )
        sums, counts = run_rounds(
            game, candidates, seed, deadline, own_turns=self.own_turns, max_rounds=self.rounds
        )
        helped = None
        if future is not None:
            helped = parallel.collect(future, 0.0 if deadline.cancelled else 0.5)
            if helped is not None:
                sums = [a + b for a, b in zip(sums, helped[0])]
                counts = [a + b for a, b in zip(counts, helped[1])]
        self.last_stats = {"candidates": len(candidates), "samples": sum(counts),
                           "helper_samples": sum(helped[1]) if future and helped else 0}
        best_index = 0
        best_mean = float("-inf")
        for index, (total, count) in enumerate(zip(sums, counts)):
            if count and total / count > best_mean:
                best_index, best_mean = index, total / count
        return candidates[best_index]
