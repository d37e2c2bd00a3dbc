"""Chance as named seeded streams (DESIGN 5b).

Each kind of random outcome (sheep tokens, the flying machines' die, message
tiles...) has its own stream, so adding an expansion never changes the
outcomes of another, and `setup.draws` can force the outcomes of one stream
for scenarios and tests. The tile bag keeps the game's historical generator
(`game.rng`) so that every saved game replays exactly as before.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from carcassonne_desktop.engine.errors import SetupError

T = TypeVar("T")


class Streams:
    """The random streams of one game: forced outcomes first, then the seed."""

    __slots__ = ("_seed", "_forced", "_used", "_generators")

    def __init__(self, seed: int, forced: Mapping[str, Sequence[Any]], known: frozenset[str]):
        unknown = sorted(set(forced) - known)
        if unknown:
            raise SetupError(
                f"unknown draw stream(s): {', '.join(unknown)} "
                f"(known: {', '.join(sorted(known)) or 'none'})"
            )
        self._seed = seed
        self._forced = {name: tuple(values) for name, values in forced.items()}
        self._used: dict[str, int] = {}
        self._generators: dict[str, random.Random] = {}

    def draw(self, stream: str, population: Sequence[T]) -> T:
        """One outcome of `stream` among `population` (a forced outcome must be in it)."""
        used = self._used.get(stream, 0)
        self._used[stream] = used + 1
        forced = self._forced.get(stream, ())
        if used < len(forced):
            outcome = forced[used]
            if outcome not in population:
                raise SetupError(
                    f"forced draw {outcome!r} of stream {stream!r} is not possible now "
                    f"(possible: {', '.join(map(str, population))})"
                )
            return outcome  # type: ignore[no-any-return]
        generator = self._generators.get(stream)
        if generator is None:
            generator = self._generators[stream] = random.Random(f"{self._seed}/{stream}")
        return population[generator.randrange(len(population))]

    def copy(self) -> Streams:
        other = Streams.__new__(Streams)
        other._seed = self._seed
        other._forced = self._forced
        other._used = dict(self._used)
        other._generators = {}
        for name, generator in self._generators.items():
            clone = random.Random()
            clone.setstate(generator.getstate())
            other._generators[name] = clone
        return other

    def hide(self, rng: random.Random) -> None:
        """Make every future outcome unknown (a computer player's sampled copy):
        forced outcomes are dropped and each stream is reseeded from `rng`."""
        self._forced = {}
        self._generators = {
            name: random.Random(rng.getrandbits(64)) for name in sorted(self._generators)
        }
        self._seed = rng.getrandbits(64)

    def key(self) -> tuple[Any, ...]:
        return tuple(sorted(self._used.items()))
