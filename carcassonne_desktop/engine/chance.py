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
# No forced outcome (None may be one).
_NONE = object()


def clone_generator(generator: random.Random) -> random.Random:
    """An independent generator in the same state. `random.Random()` would
    first seed itself from os.urandom (about 50 us) only to be overwritten;
    this costs the state's copy alone."""
    clone = type(generator).__new__(type(generator))
    clone.setstate(generator.getstate())
    return clone


class Streams:
    """The random streams of one game: forced outcomes first, then the seed.

    Copies are copy-on-write: a copy shares every generator already made and
    neither side advances a shared one; whichever draws from it next clones
    it first (`_own` names the generators this object alone holds). A search
    that copies a game at every step and draws in few of them no longer pays
    a generator copy per stream per copy, and the outcomes are those of the
    historical generators, so every record replays as before.
    """

    __slots__ = ("_seed", "_forced", "_used", "_generators", "_own")

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
        self._own: set[str] = set()

    def draw(self, stream: str, population: Sequence[T]) -> T:
        """One outcome of `stream` among `population` (a forced outcome must be in it)."""
        used = self._used.get(stream, 0)
        self._used[stream] = used + 1
        forced = self._forced_outcome(stream, used, population)
        if forced is not _NONE:
            return forced  # type: ignore[return-value]
        generator = self._generators.get(stream)
        if generator is None:
            generator = random.Random(f"{self._seed}/{stream}")
        elif stream in self._own:
            return population[generator.randrange(len(population))]
        else:
            generator = clone_generator(generator)
        self._generators[stream] = generator
        self._own.add(stream)
        return population[generator.randrange(len(population))]

    def peek(self, stream: str, population: Sequence[T]) -> T:
        """The outcome the next `draw(stream, population)` would give, without
        drawing it (a replay checks a recorded outcome before anything changes)."""
        forced = self._forced_outcome(stream, self._used.get(stream, 0), population)
        if forced is not _NONE:
            return forced  # type: ignore[return-value]
        generator = self._generators.get(stream)
        probe = (
            random.Random(f"{self._seed}/{stream}")
            if generator is None
            else clone_generator(generator)
        )
        return population[probe.randrange(len(population))]

    def _forced_outcome(self, stream: str, used: int, population: Sequence[Any]) -> Any:
        """The forced outcome of draw number `used` of `stream`, or _NONE."""
        forced = self._forced.get(stream, ())
        if used >= len(forced):
            return _NONE
        outcome = forced[used]
        if outcome not in population:
            raise SetupError(
                f"forced draw {outcome!r} of stream {stream!r} is not possible now "
                f"(possible: {', '.join(map(str, population))})"
            )
        return outcome

    def copy(self) -> Streams:
        """An independent copy in O(streams): the generators are shared, and
        from now on neither side owns them (see the class docstring)."""
        other = Streams.__new__(Streams)
        other._seed = self._seed
        other._forced = self._forced
        other._used = dict(self._used)
        other._generators = dict(self._generators)
        other._own = set()
        if self._own:
            self._own = set()
        return other

    def hide(self, rng: random.Random) -> None:
        """Make every future outcome unknown (a computer player's sampled copy):
        forced outcomes are dropped and each stream is reseeded from `rng`."""
        self._forced = {}
        self._generators = {
            name: random.Random(rng.getrandbits(64)) for name in sorted(self._generators)
        }
        self._own = set(self._generators)
        self._seed = rng.getrandbits(64)

    def key(self) -> tuple[Any, ...]:
        return tuple(sorted(self._used.items()))
