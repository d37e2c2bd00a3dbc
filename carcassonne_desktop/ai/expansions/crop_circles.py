"""Crop Circles for the computer players: the placer's choice.

Each player's own answer (which follower to deploy beside, which to take
back, or pass) needs nothing of its own: it is one decision of that seat,
tried the generic way on a copy and evaluated, and the evaluator sees the
follower added or gone in every majority.

The placer's choice cannot be judged that way: right after it the round
passes to another seat, so the position the generic search would evaluate
is the same for both answers (nobody has acted yet). The policy here plays
the round in its head instead: each player, from the placer's left, the
placer last, answers as a sensible player would (deploys where one more
follower wins or shares a feature it does not yet win, if that beats keeping
the follower in supply; takes back the follower whose loss costs least),
and the placer picks the choice that leaves it best placed against the
others. Values are the features' worth now (`game.feature_value`), so inns,
cathedrals and farmers count as the engine counts them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from carcassonne_desktop.ai.expansions import decision_policy
from carcassonne_desktop.engine.expansions.crop_circles import (
    CHOICES,
    CROP_CIRCLE,
    DEPLOY,
    CropCircleChoice,
    deployable,
    followers_of_type,
    may_act,
)
from carcassonne_desktop.engine.rounds import clockwise

if TYPE_CHECKING:
    from carcassonne_desktop.engine import Action, Game

#: What a follower in supply is worth to its owner, in points: deploying one
#: must gain more than this, taking one back gives it (farmers never come back).
IN_SUPPLY = {"field": 3.0, "road": 1.0, "city": 1.5}


def _strengths(game: Game, root: int, extra: dict[int, int]) -> list[int]:
    types = game.rules.figure_by_name
    strength = [0] * game.num_players
    for player, name, _ in game.feature(root).figures:
        strength[player] += types[name].strength
    for player, change in extra.items():
        strength[player] += change
    return strength


def _winners(strength: list[int]) -> set[int]:
    best = max(strength)
    return {p for p, s in enumerate(strength) if s == best} if best > 0 else set()


#: Strength changes the round has made so far in the policy's head, by
#: feature root and player.
Changes = dict[int, dict[int, int]]


def change_of(game: Game, root: int, player: int, strength_change: int,
              changes: Changes | None = None) -> list[float]:
    """What every player wins (or loses) on the feature `root` when
    `player`'s strength there changes by `strength_change`, after the
    `changes` already made."""
    feature = game.feature(root)
    value = float(game.feature_value(feature, False))
    base = dict((changes or {}).get(root, {}))
    before = _winners(_strengths(game, root, base))
    base[player] = base.get(player, 0) + strength_change
    after = _winners(_strengths(game, root, base))
    return [value * ((p in after) - (p in before)) for p in range(game.num_players)]


def relative(change: list[float], player: int) -> float:
    """What a change is worth to `player` against the others (on average):
    taking a feature from a rival counts as much as winning one."""
    others = [v for p, v in enumerate(change) if p != player]
    return change[player] - (sum(others) / len(others) if others else 0.0)


def _answer(game: Game, player: int, choice: str, circle: str, changes: Changes
            ) -> list[float]:
    """The change in every player's points that `player`'s sensible answer
    brings, judged by `relative`; the answer is added to `changes`."""
    roots = {game.find(node): figure for figure, node in followers_of_type(game, player, circle)}
    types = game.rules.figure_by_name
    best: tuple[float, list[float], int, int] | None = None  # (worth, change, root, strength)
    if choice == DEPLOY:
        strength = max(types[f].strength for f in deployable(game, player, circle))
        for root in sorted(roots):
            change = change_of(game, root, player, strength, changes)
            worth = relative(change, player)
            if worth > IN_SUPPLY[circle] and (best is None or worth > best[0]):
                best = (worth, change, root, strength)
    else:
        for root, figure in sorted(roots.items()):
            change = change_of(game, root, player, -types[figure].strength, changes)
            change[player] += IN_SUPPLY[circle]
            worth = relative(change, player)
            if best is None or worth > best[0]:
                best = (worth, change, root, -types[figure].strength)
    if best is None:
        return [0.0] * game.num_players
    _, change, root, strength = best
    moved = changes.setdefault(root, {})
    moved[player] = moved.get(player, 0) + strength
    return change


def round_outcome(game: Game, placer: int, choice: str, circle: str) -> list[float]:
    """Every player's expected change in points over the round after
    `choice`, each answer made on the board as the answers before it left it."""
    total = [0.0] * game.num_players
    changes: Changes = {}
    for player in clockwise(game, placer, last=True):
        if may_act(game, player, choice, circle):
            for p, change in enumerate(_answer(game, player, choice, circle, changes)):
                total[p] += change
    return total


def choice_value(game: Game, placer: int, choice: str, circle: str) -> float:
    """How much better the placer does than the others on average."""
    return relative(round_outcome(game, placer, choice, circle), placer)


@decision_policy(CROP_CIRCLE)
def choose_circle(game: Game, legal: Sequence[Action], rng: random.Random) -> Action | None:
    """The placer's choice, by `choice_value` (deploy on a tie: it costs nobody)."""
    del legal, rng
    decision = game.pending
    if decision is None:
        return None
    circle = decision.subject[2]
    values = {choice: choice_value(game, decision.player, choice, circle) for choice in CHOICES}
    return CropCircleChoice(max(CHOICES, key=lambda c: (values[c], c == DEPLOY)))
