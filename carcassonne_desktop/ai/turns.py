"""Whole turns: a tile placement together with the figure decision after it.

Judging a placement without the figure that follows (or a figure without the
placement that made it possible) misjudges both, so the players that look at
the position enumerate whole turns. Everything is built from
`legal_actions()` and `apply()` on copies, so decision kinds added by
expansions (recalling the abbot, the large follower, ...) are considered
without any code here knowing about them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from carcassonne_desktop.ai.deadline import Deadline
from carcassonne_desktop.engine import Action, Game

PLACE = "place_tile"


@dataclass(slots=True)
class Turn:
    """The actions of one seat's turn (one or two) and the position after them."""

    actions: tuple[Action, ...]
    after: Game


def follow_ups(game: Game, seat: int, first: Action) -> Iterator[Turn]:
    """Every continuation of `first` while the same seat keeps deciding
    (normally: the figure step after a placement)."""
    after = game.copy()
    after.apply(first)
    if after.is_over or after.current != seat or after.phase == PLACE:
        yield Turn((first,), after)
        return
    options = after.legal_actions()
    if len(options) == 1:
        after.apply(options[0])
        yield Turn((first, options[0]), after)
        return
    for second in options:
        final = after.copy()
        final.apply(second)
        yield Turn((first, second), final)


def whole_turns(
    game: Game, firsts: list[Action] | None = None, deadline: Deadline | None = None
) -> Iterator[Turn]:
    """Every turn the seat to move can play from here (or from `firsts`)."""
    seat = game.current
    for first in firsts if firsts is not None else list(game.legal_actions()):
        if deadline is not None and deadline.expired():
            return
        yield from follow_ups(game, seat, first)
