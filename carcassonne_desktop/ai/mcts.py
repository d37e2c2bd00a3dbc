"""A plain UCT Monte Carlo tree search: the research opponent of `hard`.

No domain knowledge at all: no evaluation, no move ordering, no pruning.
Every iteration

1. deals one possible future (`knowledge.sampled_copy`: the unseen tiles in
   a fresh random order, every stream's future draws unknown), so the search
   never reads the real bag;
2. walks down the tree from the root, choosing at each decision the child
   with the best UCB1 score for the seat that decides there (max^n: every
   node keeps the mean reward of every seat). What chance reveals on the
   way (the tile a seat draws, a token, a discarded tile) is part of the
   child's key, so each drawn tile opens its own branch: these are the
   chance nodes over the remaining tiles, sampled by step 1;
3. adds one new child, plays uniformly random legal actions to the end of
   the game, and backs up every seat's reward.

The reward of a seat is 0.5 + 0.5 * tanh(margin / 20), the margin being its
final score minus the best other score: 1 for a clear win, 0 for a clear
loss, 0.5 for a tie, and still informative when every playout is won (a
pure win/loss reward says nothing with the few playouts a short budget
allows). The answer is the most visited root action (the better mean reward between
equally visited ones); the same seat's
follow-up in the same turn (the figure step after a placement) is the most
visited child under it, replayed like the other levels' turn plans so both
halves of a turn share one budget.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from carcassonne_desktop.ai.deadline import Deadline
from carcassonne_desktop.ai.knowledge import sampled_copy
from carcassonne_desktop.ai.player import Player
from carcassonne_desktop.engine import Action, Game
from carcassonne_desktop.engine.decisions import PLACE_TILE
from carcassonne_desktop.engine.events import Event, OutcomeRevealed, TileDiscarded, TileDrawn

#: What chance revealed while an action was applied: part of a child's key.
Observation = tuple[Event, ...]
_REVEALS = (TileDrawn, TileDiscarded, OutcomeRevealed)


def reveals(events: Sequence[Event]) -> Observation:
    return tuple(e for e in events if isinstance(e, _REVEALS))


class Edge:
    """An action of a node: its statistics over every deal, and the node
    reached for each thing chance revealed while it was applied."""

    __slots__ = ("visits", "rewards", "outcomes")

    def __init__(self, players: int) -> None:
        self.visits = 0
        self.rewards = [0.0] * players
        self.outcomes: dict[Observation, Node] = {}


class Node:
    """A decision reached by a sequence of actions and observations: who
    decides there, whether it starts a turn, and the actions tried."""

    __slots__ = ("visits", "seat", "starts_turn", "edges")

    def __init__(self, game: Game) -> None:
        self.visits = 0
        self.seat = game.deciding_player
        self.starts_turn = game.pending_kind == PLACE_TILE
        self.edges: dict[Action, Edge] = {}


def rewards(game: Game, margin_scale: float) -> list[float]:
    """Every seat's reward in [0, 1] from the final scores."""
    scores = game.scores
    out = []
    for seat, score in enumerate(scores):
        best_other = max(s for i, s in enumerate(scores) if i != seat)
        out.append(0.5 + 0.5 * math.tanh((score - best_other) / margin_scale))
    return out


class MctsPlayer(Player):
    """UCT with random playouts over sampled deals; anytime, on a wall-clock
    budget."""

    level = "mcts"
    default_budget = 1.0
    #: UCB1 exploration constant (rewards are in [0, 1]).
    exploration = 0.7
    #: Points of margin that make a reward of about 0.88 (tanh(1)).
    margin_scale = 20.0
    #: Visits a follow-up needs before it is replayed as the turn's plan.
    plan_visits = 4

    def __init__(self, seed: int | None = None, iterations: int | None = None) -> None:
        """`iterations`: stop after that many playouts even before the
        deadline (reproducible play, for tests)."""
        super().__init__(seed)
        self.iterations = iterations
        #: What the last search did (for benchmarks and tests).
        self.last_stats: dict[str, int] = {}

    def decide(self, game: Game, legal: Sequence[Action], deadline: Deadline) -> Action:
        root = Node(game)
        done = 0
        while not deadline.expired() and (self.iterations is None or done < self.iterations):
            self._iterate(game, root)
            done += 1
        self.last_stats = {"iterations": done, "children": len(root.edges)}
        tried = [(_rank(root.edges[a], root.seat), i, a) for i, a in enumerate(legal)
                 if a in root.edges]
        if not tried:
            return legal[self.rng.randrange(len(legal))]
        action = max(tried)[2]
        self.remember_plan(game, (action, *self._follow_up(root.edges[action], root.seat)))
        return action

    # ------------------------------------------------------------ one playout
    def _iterate(self, game: Game, root: Node) -> None:
        rng = self.rng
        world = sampled_copy(game, rng)
        players = world.num_players
        edges: list[Edge] = []
        node = root
        root.visits += 1
        while not world.is_over:
            legal = world.legal_actions()
            untried = [a for a in legal if a not in node.edges]
            if untried:
                action = untried[rng.randrange(len(untried))]
                edge = node.edges[action] = Edge(players)
            else:
                action = self._select(node, legal)
                edge = node.edges[action]
            edges.append(edge)
            observed = reveals(world.apply(action))
            if world.is_over:
                break
            child = edge.outcomes.get(observed)
            if child is None:  # a new action, or a draw not seen under it yet
                edge.outcomes[observed] = Node(world)
                break
            child.visits += 1
            node = child
        while not world.is_over:
            legal = world.legal_actions()
            world.apply(legal[rng.randrange(len(legal))])
        result = rewards(world, self.margin_scale)
        for edge in edges:
            edge.visits += 1
            totals = edge.rewards
            for seat, value in enumerate(result):
                totals[seat] += value

    def _select(self, node: Node, legal: Sequence[Action]) -> Action:
        """UCB1 for the seat deciding here, over the legal actions of this
        deal (an action's statistics are summed over the draws under it)."""
        seat = node.seat
        edges = node.edges
        log_parent = math.log(max(node.visits, 1))
        best_action = legal[0]
        best_score = -math.inf
        for action in legal:
            edge = edges[action]
            visits = max(edge.visits, 1)
            score = (edge.rewards[seat] / visits
                     + self.exploration * math.sqrt(log_parent / visits))
            if score > best_score:
                best_score, best_action = score, action
        return best_action

    # ------------------------------------------------------------ the answer
    def _follow_up(self, edge: Edge, seat: int) -> tuple[Action, ...]:
        """The seat's most visited next decision in the same turn, when
        nothing was revealed in between (so it is the same node in every
        deal) and it was visited enough to mean something."""
        child = edge.outcomes.get(())
        if child is None or len(edge.outcomes) != 1 or child.seat != seat or child.starts_turn:
            return ()
        tried = [(_rank(e, seat), i, a) for i, (a, e) in enumerate(child.edges.items())]
        if not tried:
            return ()
        (visits, _), _, action = max(tried)
        return (action,) if visits >= self.plan_visits else ()


def _rank(edge: Edge, seat: int) -> tuple[int, float]:
    """Most visits first; between equally visited actions (a short budget
    visits many only once), the better mean reward for the seat."""
    return edge.visits, edge.rewards[seat] / max(edge.visits, 1)
