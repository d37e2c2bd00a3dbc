"""Advice for a human player: the whole turn the `medium` player would play
in their place.

It sees what the player sees (the board, the scores, their own tile or hand,
the counts of tiles left, never the order of the bag), so asking for advice
is not cheating, and it is the judgement of the `medium` computer player
with the best turns judged again in a few sampled worlds as `hard` does
(`root_worlds.py`: what a turn reveals, a sheep token or the next tile's
wheel turn, is not judged by one lucky outcome), so the advice is good
without being the strongest search the game has (the hard search would
make the button a slow oracle).
"""

from __future__ import annotations

import random
import threading

from carcassonne_desktop.ai.deadline import Deadline
from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.ai.expansions import policy_for
from carcassonne_desktop.ai.heuristic import rank_turns
from carcassonne_desktop.ai.root_worlds import POOL, WINDOW, WORLDS, rejudge_in_worlds
from carcassonne_desktop.engine import Action, Game

#: Seconds the advice may take (medium usually needs well under 0.2 s).
ADVICE_BUDGET = 1.5


def suggest_turn(
    game: Game, budget: float = ADVICE_BUDGET, cancel: threading.Event | None = None
) -> tuple[Action, ...]:
    """The best whole turn for the seat to move, from its own point of view:
    (placement, figure step) at the start of a turn, (figure step,) after
    the tile is down. Empty when the game is over."""
    if game.is_over:
        return ()
    legal = list(game.legal_actions())
    if len(legal) == 1 and game.pending_kind != "place_tile":
        return (legal[0],)
    policy = policy_for(game.pending_kind)
    if policy is not None:
        # an expansion's own answer, the one the computer players give (and
        # the interface suggests): the advice never contradicts it
        answer = policy(game, legal, random.Random(0))
        if answer is not None and answer in legal:
            return (answer,)
    # A fixed sampling seed: the same position always gets the same advice.
    deadline = Deadline(budget, cancel)
    evaluator = Evaluator(game)
    ranked = rank_turns(game, evaluator, legal, deadline, random.Random(0))
    ranked = rejudge_in_worlds(game, evaluator, ranked, random.Random(1), deadline,
                               POOL, WINDOW, WORLDS)
    return ranked[0][1] if ranked else (legal[0],)
