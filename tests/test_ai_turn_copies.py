"""Whole turns with one copy each (issue 30): `whole_turns` applies the last
choice of every branching point to the position itself instead of a copy;
it must list the same turns, in the same order, ending in the same
positions, as copying at every decision (the way before, kept here as the
reference), and make exactly one copy per whole turn."""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carcassonne_desktop.ai.expansions import shortlist_for
from carcassonne_desktop.ai.turns import MAX_DEPTH, whole_turns
from carcassonne_desktop.engine import Action, Game
from carcassonne_desktop.engine.decisions import PLACE_TILE
from tests.test_ai_outlook import EVERY, random_position


def copying_every_decision(
    game: Game, seat: int, first: Action, depth: int = 1
) -> Iterator[tuple[tuple[Action, ...], Game]]:
    """The enumeration before issue 30's session 2: a copy at every decision."""
    after = game.copy()
    after.apply(first)
    pending = after.pending
    if pending is None or pending.player != seat or pending.kind == PLACE_TILE:
        yield (first,), after
        return
    options = after.legal_actions()
    shortlist = shortlist_for(pending.kind)
    if shortlist is not None:
        options = shortlist(after, list(options)) or options
    chosen = [options[0]] if len(options) == 1 or depth >= MAX_DEPTH else list(options)
    for second in chosen:
        for actions, position in copying_every_decision(after, seat, second, depth + 1):
            yield (first, *actions), position


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), placements=st.integers(0, 60),
       players=st.integers(2, 4), every=st.booleans())
def test_whole_turns_with_one_copy_each_are_the_turns_copying_every_decision(
    seed: int, placements: int, players: int, every: bool
) -> None:
    game = random_position(seed, placements, players, False, EVERY if every else ("base",))
    if game.is_over:
        return
    seat = game.deciding_player
    expected = [
        (actions, position.state_key())
        for first in game.legal_actions()
        for actions, position in copying_every_decision(game, seat, first)
    ]
    before = game.state_key()
    copies = 0
    original = Game.copy

    def counting(self: Game) -> Game:
        nonlocal copies
        copies += 1
        return original(self)

    Game.copy = counting  # type: ignore[method-assign]
    try:
        turns = [(turn.actions, turn.after) for turn in whole_turns(game)]
    finally:
        Game.copy = original  # type: ignore[method-assign]
    assert [(actions, after.state_key()) for actions, after in turns] == expected
    assert copies == len(turns)
    assert game.state_key() == before


class ExpiresAfter:
    """A deadline that expires after `calls` questions (no clock: exact)."""

    def __init__(self, calls: int) -> None:
        self.calls = calls

    def expired(self) -> bool:
        self.calls -= 1
        return self.calls < 0


def test_regression_a_placement_with_many_follow_ups_overran_the_deadline() -> None:
    """Medium took 2.25 s of CPU on a 0.85 s budget with every expansion: the
    deadline was asked only between placements, and one placement's figure
    choices ran to the end whatever the time."""
    for seed in range(20):
        game = random_position(seed, 20, 2, False, ("base",))
        firsts = list(game.legal_actions())
        per_first = [sum(1 for _ in whole_turns(game, [first])) for first in firsts]
        if max(per_first) >= 4:
            break
    first = firsts[per_first.index(max(per_first))]
    turns = list(whole_turns(game, [first], ExpiresAfter(3)))  # type: ignore[arg-type]
    assert 1 <= len(turns) <= 3 < max(per_first)
