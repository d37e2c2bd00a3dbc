"""The one interface every computer player implements.

`choose(game, budget, cancel)` returns a legal action for the seat to move
(`game.deciding_player`), whatever the decision is (tile placement, figure, or a
decision kind added by an expansion). The game object is only read through
its public state; searches run on `knowledge.sampled_copy()` so the hidden
order of the bag can never influence the answer.

Players that plan whole turns decide the figure step together with the tile
placement; the planned second half is kept and replayed at the figure step,
after checking it is still legal in exactly the position it was planned for.
"""

from __future__ import annotations

import random
import threading
from abc import ABC, abstractmethod
from collections.abc import Sequence

from carcassonne_desktop.ai.deadline import Deadline
from carcassonne_desktop.ai.expansions import policy_for
from carcassonne_desktop.engine import Action, Game
from carcassonne_desktop.engine.decisions import accepts

PlanKey = tuple[int, int, int, Action]


class Player(ABC):
    """A computer player. Subclasses implement `decide`."""

    #: Registry name (e.g. "medium").
    level: str = ""
    #: Seconds per decision when the caller gives no budget.
    default_budget: float = 1.0

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self._plan: tuple[PlanKey, Action] | None = None

    def choose(
        self,
        game: Game,
        budget: float | None = None,
        cancel: threading.Event | None = None,
    ) -> Action:
        """A legal action for `game.deciding_player` within about `budget` seconds.

        `cancel` (set from another thread) makes the player answer at once
        with the best action found so far.
        """
        if game.is_over:
            raise ValueError("the game is over: there is nothing to decide")
        legal = game.legal_actions()
        policy = policy_for(game.pending_kind)
        if policy is not None:
            # an expansion's own answer (an aim in the plane) comes first; one
            # its kind does not accept falls back to the generic way
            answer = policy(game, legal, self.rng)
            if answer is not None and (answer in legal or accepts(game, answer)):
                return answer
        if len(legal) == 1:
            return legal[0]
        planned = self._take_plan(game, legal)
        if planned is not None:
            return planned
        deadline = Deadline(self.default_budget if budget is None else budget, cancel)
        action = self.decide(game, legal, deadline)
        if action not in legal and not accepts(game, action):
            # a bug must never reach the game: fall back safely
            action = legal[0]
        return action

    @abstractmethod
    def decide(self, game: Game, legal: Sequence[Action], deadline: Deadline) -> Action:
        """Pick one of `legal` (called when there is a real choice)."""

    # ------------------------------------------------------------ turn plans
    def remember_plan(self, game: Game, actions: Sequence[Action]) -> None:
        """Keep the second action of a planned turn for the next decision.
        The plan holds only if nothing is drawn meanwhile (the draw counts,
        public, are part of its key): the rest of a turn planned across a
        draw was chosen for the outcome the planning copy drew, not the real
        one (a shepherd's token, a wolf), so the player decides again."""
        if len(actions) >= 2:
            key = (len(game.history) + 1, game.turn, game.deciding_player, actions[0],
                   game.streams.key())
            self._plan = (key, actions[1])
        else:
            self._plan = None

    def _take_plan(self, game: Game, legal: Sequence[Action]) -> Action | None:
        plan, self._plan = self._plan, None
        if plan is None or not game.history:
            return None
        key, action = plan
        now = (len(game.history), game.turn, game.deciding_player, game.history[-1],
               game.streams.key())
        if key == now and action in legal:
            return action
        return None
