"""The shared index of a position's features (`ai/outlook.py`, issue 30):
judging a position with one outlook shared by the core and every expansion
term gives exactly what each term rescanning the position on its own gives,
on random positions of random games with every expansion (and with the
first-edition farmers, whose term reads the fields)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.ai.turns import whole_turns
from carcassonne_desktop.engine import Game, quick_setup, registry

EVERY = tuple(registry())


def random_position(seed: int, placements: int, players: int, first_edition: bool,
                    expansions: tuple[str, ...] = EVERY) -> Game:
    """The tile placement number `placements` of a random game (or its end)."""
    options = {"farmers_first_edition": True} if first_edition else None
    game = Game(quick_setup(players, seed=seed, expansions=expansions, options=options))
    rng = random.Random(seed)
    placed = 0
    while not game.is_over:
        if game.pending_kind == "place_tile":
            if placed == placements:
                break
            placed += 1
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    return game


def rescanning(game: Game) -> Evaluator:
    evaluator = Evaluator(game)
    evaluator.share_outlook = False
    return evaluator


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), placements=st.integers(3, 70),
       players=st.integers(2, 4), first_edition=st.booleans())
def test_the_shared_outlook_judges_as_every_term_rescanning(
    seed: int, placements: int, players: int, first_edition: bool
) -> None:
    game = random_position(seed, placements, players, first_edition)
    shared = Evaluator(game)
    alone = rescanning(game)
    # The positions a search judges: every whole turn from here (a few),
    # one after the other with the same evaluator, then the start again.
    positions = [turn.after for _, turn in zip(range(12), whole_turns(game))] + [game]
    for position in positions:
        assert shared.totals(position) == alone.totals(position)
        seat = position.deciding_player
        assert shared.evaluate(position, seat) == alone.evaluate(position, seat)


def test_the_outlook_is_the_evaluated_positions_only_while_it_is_evaluated() -> None:
    """A term asking for the outlook of another position (or of the same one
    after `totals`, when it may have changed in place) gets a fresh one."""
    game = random_position(5, 30, 2, False)
    evaluator = Evaluator(game)
    seen = []

    def spy(evaluator: Evaluator, position: Game, totals: list[float]) -> None:
        seen.append((evaluator.outlook(position), evaluator.outlook(position),
                     evaluator.outlook(game.copy())))

    evaluator._terms = (*evaluator._terms, spy)
    evaluator.totals(game)
    first, again, other = seen[0]
    assert first is again and other is not first and first.game is game
    assert evaluator.outlook(game) is not first


def test_rescanning_evaluator_gives_each_term_its_own_outlook() -> None:
    game = random_position(6, 30, 2, False)
    evaluator = rescanning(game)
    seen = []
    evaluator._terms = (lambda e, g, t: seen.append(e.outlook(g)),) * 2
    evaluator.totals(game)
    assert seen[0] is not seen[1]
