"""The light players: uniform random and greedy (most immediate points).

Both are benchmark opponents; `random` is also the gentlest level.
"""

from __future__ import annotations

from collections.abc import Sequence

from carcassonne_desktop.ai.deadline import Deadline
from carcassonne_desktop.ai.player import Player
from carcassonne_desktop.ai.turns import sampled_turns
from carcassonne_desktop.engine import Action, Game


class RandomPlayer(Player):
    """Uniform among the legal actions of every decision."""

    level = "random"
    default_budget = 0.1

    def decide(self, game: Game, legal: Sequence[Action], deadline: Deadline) -> Action:
        return legal[self.rng.randrange(len(legal))]


def immediate_gain(before: Game, after: Game, seat: int) -> int:
    """Points the seat gained minus the most any opponent gained."""
    mine = after.scores[seat] - before.scores[seat]
    others = [
        after.scores[p] - before.scores[p] for p in range(before.num_players) if p != seat
    ]
    return mine - max(others, default=0)


class GreedyPlayer(Player):
    """Plays the whole turn that scores the most points right now (ties at
    random). It ignores everything that is not scored this turn, which makes
    it a useful yardstick: beating it means looking further than one turn."""

    level = "greedy"
    default_budget = 1.0

    def decide(self, game: Game, legal: Sequence[Action], deadline: Deadline) -> Action:
        seat = game.deciding_player
        best: tuple[float, tuple[Action, ...]] | None = None
        for turn in sampled_turns(game, self.rng, list(legal), deadline):
            value = immediate_gain(game, turn.after, seat) + self.rng.random() * 0.5
            if best is None or value > best[0]:
                best = (value, turn.actions)
        if best is None:
            return legal[self.rng.randrange(len(legal))]
        self.remember_plan(game, best[1])
        return best[1][0]
