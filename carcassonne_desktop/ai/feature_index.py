"""The features of a position by kind, and selections of them, patched from
the engine's change log instead of rescanned (issue 30).

Every position a search judges shares most features with the others: an
answer's whole turns are copies of one position that each changed a few
nodes. The engine logs those nodes (engine/change_log.py): two games with
the same log base hold the very same Feature object at every node neither
logged. So the index keeps one scan (of the first position of a base, with
the nodes it had logged then) and gives any later position of that base
the scan's lists with the nodes either logged read again, for the kinds
they touch alone; a position of another base, or one too far from the
scan, is scanned anew and becomes the scan.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Hashable
from itertools import compress
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from carcassonne_desktop.engine import Game
    from carcassonne_desktop.engine.features import Feature

#: (root, feature) of one feature.
Rooted = tuple[int, "Feature"]
ByKind = dict[str, list[Rooted]]
#: kind -> the changed nodes that held or hold a feature of that kind, in order.
Changes = dict[str, list[int]]
#: A selection's test: it reads the feature alone (and what its name says).
Keep = Callable[["Feature"], bool]

#: Changed nodes beyond which a position is scanned anew (and kept as the scan).
PATCHED_AT_MOST = 24


def scan(game: Game) -> ByKind:
    """Every feature by kind, in root order (a node's entry is a feature
    exactly while the node is a root: tests/test_ai_carried_prospects.py)."""
    by_kind: ByKind = {}
    features = game.features
    for root in compress(range(len(features)), features):
        feature = features[root]
        by_kind.setdefault(feature.kind, []).append((root, feature))  # type: ignore[union-attr]
    return by_kind


def _patch(kept: list[Rooted], at: list[int], changed: list[int],
           features: list[Feature | None], kind: str, keep: Keep | None) -> list[Rooted]:
    """`kept` (in root order, roots `at`) with the `changed` nodes read
    again: slices of `kept` around them."""
    now = len(features)
    out: list[Rooted] = []
    start = 0
    for node in changed:
        index = bisect_left(at, node, start)
        out += kept[start:index]
        start = index + 1 if index < len(at) and at[index] == node else index
        feature = features[node] if node < now else None
        if feature is not None and feature.kind == kind and (keep is None or keep(feature)):
            out.append((node, feature))
    out += kept[start:]
    return out


class KindIndex:
    """The features by kind of the positions of one log base (see the
    module docstring). The lists handed out are shared: read them only."""

    __slots__ = ("_base", "_logged", "_entries", "_by_kind", "_roots", "_selections")

    def __init__(self) -> None:
        self._base: object = None
        self._logged: frozenset[int] = frozenset()
        self._entries: list[Feature | None] = []
        self._by_kind: ByKind = {}
        #: kind -> the roots of the scan's list of that kind, in order.
        self._roots: dict[str, list[int]] = {}
        #: (kind, name) -> the scan's selection and its roots (`selected`).
        self._selections: dict[tuple[str, Hashable], tuple[list[Rooted], list[int]]] = {}

    def changes(self, game: Game) -> Changes:
        """What `game` changed since the scan, by kind; when it is too far
        from the scan (or of another base), it is scanned: nothing changed."""
        if game.change_base is self._base:
            changed = game.changed_nodes
            dirty = self._logged.union(changed) if changed else self._logged
            if len(dirty) <= PATCHED_AT_MOST:
                return self._by_kinds(game, dirty)
        by_kind = self._by_kind = scan(game)
        self._base = game.change_base
        self._logged = frozenset(game.changed_nodes)
        self._entries = list(game.features)
        self._roots = {kind: [root for root, _ in rooted] for kind, rooted in by_kind.items()}
        self._selections = {}
        return {}

    def _by_kinds(self, game: Game, dirty: frozenset[int]) -> Changes:
        features = game.features
        entries = self._entries
        now = len(features)
        then = len(entries)
        nodes: Changes = {}
        for node in sorted(dirty):
            # (a node's feature, then or now, is of its segment's kind)
            entry = entries[node] if node < then else None
            if entry is None and node < now:
                entry = features[node]
            if entry is not None:
                nodes.setdefault(entry.kind, []).append(node)
        return nodes

    def by_kind(self, game: Game, changes: Changes) -> ByKind:
        """Every feature of `game` by kind, in root order (`changes`: what
        `changes(game)` said)."""
        by_kind = self._by_kind
        if not changes:
            return by_kind
        patched = dict(by_kind)
        roots = self._roots
        features = game.features
        for kind, changed in changes.items():
            out = _patch(by_kind.get(kind, []), roots.get(kind, []), changed, features, kind, None)
            if out:
                patched[kind] = out
            else:
                patched.pop(kind, None)
        return patched

    def selected(self, game: Game, changes: Changes, kind: str, name: Hashable,
                 keep: Keep) -> list[Rooted]:
        """The features of a kind that `keep` keeps, in root order: `keep`
        asked of the changed ones alone (`name` names `keep` and whatever
        it reads besides the feature)."""
        key = (kind, name)
        hit = self._selections.get(key)
        if hit is None:
            # (the scan's entries at the nodes it had logged may have changed
            # since, in place: they are among the changed nodes, read again)
            kept = [item for item in self._by_kind.get(kind, []) if keep(item[1])]
            hit = self._selections[key] = (kept, [root for root, _ in kept])
        changed = changes.get(kind)
        if not changed:
            return hit[0]
        return _patch(hit[0], hit[1], changed, game.features, kind, keep)
