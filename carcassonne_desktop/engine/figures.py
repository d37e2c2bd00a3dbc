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
    #: Figures of one group exclude each other on a feature (followers of
    #: every kind are one group; shepherds are another), so a shepherd may
    #: share a field with farmers but not with another shepherd.
    group: str = "follower"
    #: Joins a feature only where its owner already has a figure of strength
    #: > 0, and never makes it taken (the builder, the pig).
    requires_own_follower: bool = False
    #: Nobody owns it (mage, witch, count, the wheel's pig): it never sits in
    #: a player's supply.
    neutral: bool = False

    def may_join(self, player: int, present: tuple[tuple[int, str, int], ...],
                 types: dict[str, FigureType]) -> bool:
        """Whether this figure of `player` may be deployed on a feature holding
        the figures `present` ((player, figure name, node) each)."""
        if self.requires_own_follower:
            return any(
                owner == player and types[name].strength > 0 for owner, name, _ in present
            ) and not any(owner == player and name == self.name for owner, name, _ in present)
        group = self.group
        for _, name, _ in present:
            other = types[name]
            if other.occupies and other.group == group:
                return False
        return True
