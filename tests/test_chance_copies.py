"""Copies that share their generators (engine/chance.py, engine/snapshots.py):
a copy costs no generator state, yet every copy draws exactly what the
historical generators drew and no copy changes another's outcomes."""

from __future__ import annotations

import random

import pytest

from carcassonne_desktop.engine import Game, quick_setup
from carcassonne_desktop.engine.chance import Streams
from carcassonne_desktop.engine.errors import SetupError

NAMES = ("sheep", "wheel", "die")
POPULATIONS = (tuple(range(7)), ("a", "b"), tuple(range(100)))


def historical(seed: int, stream: str, sizes: list[int]) -> list[int]:
    """The outcomes the streams drew before copies shared them: one
    generator per stream seeded "seed/stream", one randrange per draw."""
    generator = random.Random(f"{seed}/{stream}")
    return [generator.randrange(size) for size in sizes]


def test_copies_draw_the_historical_outcomes_whoever_draws_first() -> None:
    """Random interleavings of draws and copies: every copy's outcomes per
    stream are exactly the historical sequence from where it was copied."""
    for trial in range(30):
        plan = random.Random(trial)
        streams = [Streams(trial, {}, frozenset(NAMES))]
        drawn: list[dict[str, list[tuple[int, int]]]] = [{name: [] for name in NAMES}]
        for _ in range(60):
            who = plan.randrange(len(streams))
            if plan.random() < 0.3:
                streams.append(streams[who].copy())
                drawn.append({name: list(seen) for name, seen in drawn[who].items()})
                continue
            index = plan.randrange(len(NAMES))
            population = POPULATIONS[index][: plan.randrange(1, len(POPULATIONS[index]) + 1)]
            outcome = streams[who].draw(NAMES[index], population)
            drawn[who][NAMES[index]].append((len(population), population.index(outcome)))
        for seen in drawn:
            for name, draws in seen.items():
                sizes = [size for size, _ in draws]
                assert [i for _, i in draws] == historical(trial, name, sizes)


def test_a_copy_shares_the_generators_instead_of_copying_their_state() -> None:
    streams = Streams(3, {}, frozenset(NAMES))
    for name in NAMES:
        streams.draw(name, POPULATIONS[0])
    other = streams.copy()
    assert all(other._generators[name] is streams._generators[name] for name in NAMES)
    other.draw("sheep", POPULATIONS[0])
    assert other._generators["sheep"] is not streams._generators["sheep"]
    assert other._generators["wheel"] is streams._generators["wheel"]


def test_peek_tells_the_next_outcome_without_drawing_it() -> None:
    streams = Streams(5, {"wheel": ("b",)}, frozenset(NAMES))
    assert streams.peek("wheel", ("a", "b")) == "b"  # forced
    assert streams.draw("wheel", ("a", "b")) == "b"
    for _ in range(20):
        for name, population in zip(NAMES, POPULATIONS, strict=True):
            before = streams.key()
            seen = streams.peek(name, population)
            assert streams.key() == before
            assert streams.draw(name, population) == seen
    copied = streams.copy()
    assert copied.peek("die", POPULATIONS[2]) == streams.draw("die", POPULATIONS[2])
    assert copied.draw("die", POPULATIONS[2]) == historical(5, "die", [100] * 21)[-1]


def test_peek_refuses_an_impossible_forced_outcome_like_draw() -> None:
    streams = Streams(1, {"die": (7,)}, frozenset(NAMES))
    with pytest.raises(SetupError, match="not possible now"):
        streams.peek("die", (1, 2, 3))


def test_game_copies_share_the_setup_generator_copy_on_write() -> None:
    """game.rng built the bag and nothing draws from it after: copies share
    it, and asking for it on either side clones it first."""
    game = Game(quick_setup(2, seed=4))
    reference = random.Random()
    reference.setstate(game.rng.getstate())
    copy = game.copy()
    assert copy._rng is game._rng
    ahead = [copy.rng.random() for _ in range(5)]
    assert ahead == [reference.random() for _ in range(5)]
    assert game.rng.getstate() != copy.rng.getstate()  # the original did not move
    again = game.copy()
    assert again.rng.random() == game.rng.random()
