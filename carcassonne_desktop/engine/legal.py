"""The lazy view of the legal actions (python-chess style) and the interned
figure actions it hands out.

Placements stay grouped by edge pattern and become action objects only when
read, so asking "how many moves" or "is this one legal" costs nothing per cell.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TypeVar

from carcassonne_desktop.engine.actions import Action, Deploy, PlaceTile

Position = tuple[int, int]

_DEPLOYS: dict[tuple[str, int, int, str], Deploy] = {}


def deploy_action(figure: str, x: int, y: int, port: str) -> Deploy:
    """Interned Deploy values: legal_actions() hands out the same objects turn
    after turn, so building and matching them is a dictionary lookup."""
    key = (figure, x, y, port)
    action = _DEPLOYS.get(key)
    if action is None:
        if len(_DEPLOYS) > 200_000:
            _DEPLOYS.clear()
        action = _DEPLOYS[key] = Deploy(figure, x, y, port)
    return action



# Legal placements of one tile on cells sharing an edge pattern: every cell
# takes every rotation listed. Kept as groups so that counting and drawing one
# at random cost nothing per cell.
PlacementGroup = tuple[Sequence[Position], tuple[int, ...], str]


class LegalActions(Sequence[Action]):
    """A lazy view of the legal actions (python-chess style): placements stay
    grouped by edge pattern and become action objects only when read."""

    __slots__ = ("_groups", "_others", "_count", "_set")

    def __init__(
        self, groups: list[PlacementGroup], others: Sequence[Action], count: int | None = None
    ) -> None:
        self._groups = groups
        self._others = others
        if count is None:
            count = sum(len(cells) * len(rots) for cells, rots, _ in groups) if groups else 0
        self._count = count
        self._set: set[tuple[int, int, int, str]] | None = None

    def __len__(self) -> int:
        return self._count + len(self._others)

    def __getitem__(self, index: int) -> Action:  # type: ignore[override]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        if index >= self._count:
            return self._others[index - self._count]
        for cells, rots, tile in self._groups:
            size = len(cells) * len(rots)
            if index < size:
                x, y = cells[index // len(rots)]
                return PlaceTile(x, y, rots[index % len(rots)], tile)
            index -= size
        raise IndexError(index)  # pragma: no cover - counts are consistent

    def __iter__(self) -> Iterator[Action]:
        for cells, rots, tile in self._groups:
            for x, y in cells:
                for rot in rots:
                    yield PlaceTile(x, y, rot, tile)
        yield from self._others

    def __contains__(self, action: object) -> bool:
        if isinstance(action, PlaceTile):
            if self._set is None:
                self._set = set(self.placements())
            return (action.x, action.y, action.rot, action.tile) in self._set
        return action in self._others

    def placements(self) -> list[tuple[int, int, int, str]]:
        """Every placement as (x, y, rot, tile), for callers that want no objects."""
        return [
            (x, y, rot, tile) for cells, rots, tile in self._groups for x, y in cells for rot in rots
        ]


_NO_GROUPS: list[PlacementGroup] = []

Placement = tuple[int, int, int]  # (x, y, rot)


T = TypeVar("T")


class LazySequence(Sequence[T]):
    """A sequence of `_count` items each built only when read: slices,
    negative indexes and bounds are handled here, `_item` builds one."""

    __slots__ = ()
    _count: int

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, index):  # type: ignore[no-untyped-def, override]
        if isinstance(index, slice):
            return list(self)[index]
        if index < 0:
            index += self._count
        if not 0 <= index < self._count:
            raise IndexError(index)
        return self._item(index)

    def _item(self, index: int) -> T:
        """The item at `index`, known to be within bounds."""
        raise NotImplementedError


class Placements(LazySequence[Placement]):
    """The placements of some groups as (x, y, rot), built only when read:
    what `filter_placements` receives. A filter that does not concern the
    tile returns this very object, and the core keeps its groups whole."""

    __slots__ = ("_groups", "_count")

    def __init__(self, groups: list[PlacementGroup], count: int) -> None:
        self._groups = groups
        self._count = count

    def __iter__(self) -> Iterator[Placement]:
        for cells, rots, _ in self._groups:
            for x, y in cells:
                for rot in rots:
                    yield x, y, rot

    def _item(self, index: int) -> Placement:
        for cells, rots, _ in self._groups:
            size = len(cells) * len(rots)
            if index < size:
                x, y = cells[index // len(rots)]
                return x, y, rots[index % len(rots)]
            index -= size
        raise IndexError(index)  # pragma: no cover - counts are consistent


def keep_cells(groups: list[PlacementGroup], allowed: set[Position]) -> list[PlacementGroup]:
    """The groups with only their `allowed` cells (a group left empty goes);
    the order of what stays is unchanged."""
    kept = []
    for cells, rots, tile in groups:
        inside = [cell for cell in cells if cell in allowed]
        if inside:
            kept.append((inside, rots, tile))
    return kept


def regroup(placements: Sequence[Placement], tile: str) -> list[PlacementGroup]:
    """Placements a filter kept, one group per run of the same cell, in the
    same order (the legal actions read the same, index for index)."""
    groups: list[PlacementGroup] = []
    cell: Position | None = None
    rots: list[int] = []
    for x, y, rot in placements:
        if (x, y) != cell:
            if cell is not None:
                groups.append(([cell], tuple(rots), tile))
            cell, rots = (x, y), []
        rots.append(rot)
    if cell is not None:
        groups.append(([cell], tuple(rots), tile))
    return groups

