"""Whole turns: a tile placement together with the figure decision after it.

Judging a placement without the figure that follows (or a figure without the
placement that made it possible) misjudges both, so the players that look at
the position enumerate whole turns. Everything is built from
`legal_actions()` and `apply()` on copies, so decision kinds added by
expansions (recalling the abbot, the large follower, ...) are considered
without any code here knowing about them.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from carcassonne_desktop.ai.deadline import Deadline
from carcassonne_desktop.ai.expansions import shortlist_for
from carcassonne_desktop.ai.knowledge import sampled_copy
from carcassonne_desktop.engine import Action, Game
from carcassonne_desktop.engine.actions import PASS
from carcassonne_desktop.engine.decisions import PLACE_TILE


@dataclass(slots=True)
class Turn:
    """The actions of one seat's turn (one or more) and the position after them."""

    actions: tuple[Action, ...]
    after: Game


# Decisions in one turn beyond which whole-turn enumeration stops branching
# (a placement, a flock choice, a figure...): deeper ones take the first choice.
MAX_DEPTH = 4


def follow_ups(
    game: Game, seat: int, first: Action, depth: int = 1, *, own: bool = False
) -> Iterator[Turn]:
    """Every continuation of `first` while the same seat keeps deciding in
    the same turn (the figure step after a placement, an expansion's choice
    between them); a new tile placement or another player's decision ends it.

    `own`: `game` is this enumeration's own copy, which nothing else reads
    any more, so `first` is applied to it instead of to a copy. Each
    branching point copies its position for every choice but the last, which
    takes the position itself: one copy per whole turn instead of one per
    decision of it (issue 30), the same turns in the same order."""
    after = game if own else game.copy()
    after.apply(first)
    pending = after.pending
    if pending is None or pending.player != seat or pending.kind == PLACE_TILE:
        yield Turn((first,), after)
        return
    options = after.legal_actions()
    shortlist = shortlist_for(pending.kind)
    if shortlist is not None:
        options = shortlist(after, list(options)) or options
    if len(options) == 1 or depth >= MAX_DEPTH:
        options = [options[0]]
    last = len(options) - 1
    for index, second in enumerate(options):
        for turn in follow_ups(after, seat, second, depth + 1, own=index == last):
            yield Turn((first, *turn.actions), turn.after)


def first_alone(game: Game, first: Action) -> Game:
    """A copy of `game` after `first` and, when the same seat is then asked an
    optional step (the figure step after a placement), that step declined:
    the placement judged on its own. Judged before the step, a placement that
    completes a road or city was worth nothing of it (the feature is scored
    after the figure step, and the evaluation counts a completed feature
    only in the scores), so a capped answer put its own completions last; with
    every expansion the capped answers' loss against the best whole turn fell
    from 1.19 to 1.01 points at 40 whole turns (24 positions, bench/ai.md
    session 17)."""
    seat = game.deciding_player
    after = game.copy()
    after.apply(first)
    pending = after.pending
    if (pending is not None and pending.player == seat and pending.kind != PLACE_TILE
            and PASS in after.legal_actions()):
        after.apply(PASS)
    return after


def whole_turns(
    game: Game, firsts: list[Action] | None = None, deadline: Deadline | None = None
) -> Iterator[Turn]:
    """Every turn the seat to move can play from here (or from `firsts`).
    The deadline is asked after every turn, not only between placements:
    with every expansion one placement may lead to hundreds of whole turns
    (figure, mage or witch, ferry...), and a medium placement took 2.25 s of
    CPU on a 0.85 s budget (bench/ai.md, 2026-11-27 session 2)."""
    seat = game.pending.player if game.pending is not None else game.turn_player
    for first in firsts if firsts is not None else list(game.legal_actions()):
        if deadline is not None and deadline.expired():
            return
        for turn in follow_ups(game, seat, first):
            yield turn
            if deadline is not None and deadline.expired():
                return


def sampled_turns(
    game: Game, rng: random.Random, firsts: list[Action] | None = None,
    deadline: Deadline | None = None,
) -> Iterator[Turn]:
    """`whole_turns` on a sampled copy of `game` (knowledge.sampled_copy):
    whatever the turn reveals is one possible outcome, never the real one.
    The actions are those of `game` (the seat's own tile and the public
    position are the same in the copy)."""
    yield from whole_turns(sampled_copy(game, rng), firsts, deadline)
