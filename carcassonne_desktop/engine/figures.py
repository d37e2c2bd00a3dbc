"""Figure types: what a figure may stand on and how much it weighs in a majority."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class FigureType:
    """A kind of figure each player owns `per_player` of.

    `strength` counts in majorities (2 for the large follower); `occupies` says
    whether the figure makes a feature taken, so that nobody else may deploy
    there; `kinds` are the feature kinds it may be deployed on.
    """

    name: str
    per_player: int
    kinds: frozenset[str]
    strength: int = 1
    occupies: bool = True
