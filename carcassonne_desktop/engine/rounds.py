"""Rounds of decisions: "each player in turn from X, skipping those with
nothing to do" (the plague, the Count's rounds out of his city, crop circles).

Several expansions ask one decision of every player in turn. Writing that
order by hand in each of them (who is still to answer, who answers now,
when the round is over) copied the same bookkeeping with small differences;
this module keeps it once, in the game's `extension_state` under
``round.<name>``, so it is copied with the game, compared by `state_key`,
and rebuilt by a replay from the record's actions like any other state.

How a caller uses it, from a `Work` (or a hook) that runs again after each
answer:

- `start_round(game, name, first, last=...)` once, when the round begins:
  every player clockwise from `first`, or with ``last=True`` from `first`'s
  left with `first` last (crop circles: the placer acts last);
- `next_in_round(game, name, can_act)` each time the work runs: the player
  who answers now (players at the front for whom `can_act` is false are
  skipped, without a word), or None once nobody is left (the round is then
  over and forgotten);
- in the decision's `resolve`: `round_done(game, name)` when that player has
  finished, nothing when they act again (the Count's followers come out one
  at a time), or `round_defer(game, name)` when they choose to go last.

A round may carry immutable facts of its caller (`data`), replaced with
`set_round_data`; the values stored must stay immutable, since a game copy
shares them (`snapshots.py` copies the dict, not its values).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from carcassonne_desktop.engine.actions import Remove

if TYPE_CHECKING:
    from carcassonne_desktop.engine.actions import Action
    from carcassonne_desktop.engine.decisions import Decision
    from carcassonne_desktop.engine.events import Event
    from carcassonne_desktop.engine.game import Game

_PREFIX = "round."


@dataclass(frozen=True, slots=True)
class Round:
    """A round under way: `order` is who still has to act, the one acting
    now first; `data` the caller's own (immutable) facts about it."""

    order: tuple[int, ...]
    data: Hashable = None

    @property
    def player(self) -> int:
        """Who acts now."""
        return self.order[0]


def clockwise(game: Game, first: int, last: bool = False) -> tuple[int, ...]:
    """Every player clockwise from `first`; with `last`, from the player on
    `first`'s left round to `first` (the one who caused it acts last)."""
    n = game.num_players
    start = first + 1 if last else first
    return tuple((start + i) % n for i in range(n))


def start_round(game: Game, name: str, first: int, *, last: bool = False,
                data: Hashable = None, only: Callable[[int], bool] | None = None
                ) -> Round | None:
    """Begin the round `name` from `first` (see `clockwise`); `only` keeps
    the players concerned from the start (the order then tells who goes
    first among them). Returns the round, or None (and nothing is stored)
    when nobody is concerned."""
    order = clockwise(game, first, last)
    if only is not None:
        order = tuple(p for p in order if only(p))
    if not order:
        return None
    round_ = Round(order, data)
    game.extension_state[_PREFIX + name] = round_
    return round_


def round_of(game: Game, name: str) -> Round | None:
    """The round `name` under way, or None."""
    round_: Round | None = game.extension_state.get(_PREFIX + name)
    return round_


def next_in_round(game: Game, name: str, can_act: Callable[[int], bool]) -> int | None:
    """The player who acts now in the round `name`, skipping those at the
    front who have nothing to do; None (and the round is over) when nobody
    is left or no such round is under way."""
    round_ = round_of(game, name)
    if round_ is None:
        return None
    order = round_.order
    while order and not can_act(order[0]):
        order = order[1:]
    if not order:
        end_round(game, name)
        return None
    if order != round_.order:
        game.extension_state[_PREFIX + name] = replace(round_, order=order)
    return order[0]


def round_done(game: Game, name: str) -> None:
    """The player acting now has finished their part of the round."""
    round_ = round_of(game, name)
    assert round_ is not None, f"no round {name} under way"
    game.extension_state[_PREFIX + name] = replace(round_, order=round_.order[1:])


def round_defer(game: Game, name: str) -> None:
    """The player acting now goes to the end of the round (and acts last)."""
    round_ = round_of(game, name)
    assert round_ is not None, f"no round {name} under way"
    order = round_.order
    game.extension_state[_PREFIX + name] = replace(round_, order=order[1:] + order[:1])


def set_round_data(game: Game, name: str, data: Hashable) -> None:
    """Replace the caller's facts about the round `name`."""
    round_ = round_of(game, name)
    assert round_ is not None, f"no round {name} under way"
    game.extension_state[_PREFIX + name] = replace(round_, data=data)


def end_round(game: Game, name: str) -> None:
    """Forget the round `name` (over, or abandoned)."""
    game.extension_state.pop(_PREFIX + name, None)


def take_back_in_round(name: str) -> Callable[[Game, Decision, Action, list[Event]], None]:
    """The `resolve` of a round whose answers are `remove`s of the deciding
    player's own figures (the plague, a crop circle's "remove"): the figure
    named goes home (with the figures that stood only with it) and that
    player is done."""

    def resolve(game: Game, decision: Decision, action: Action, events: list[Event]) -> None:
        assert isinstance(action, Remove) and action.spot is not None
        game.remove_figure(decision.player, action.figure, action.spot, events)
        round_done(game, name)

    return resolve
