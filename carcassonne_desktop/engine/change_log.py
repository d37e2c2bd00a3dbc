"""The change log of a game's features: which nodes' `features` entries were
written (or their feature changed) since a base state, for readers that keep
an index of the features and patch it instead of rescanning (issue 30: the
computer players' evaluation). The engine records, whoever reads.

Every game names the state its log counts from (`change_base`, a token) and
the nodes changed since (`changed_nodes`). Two games with the same base
hold the very same Feature object at every node neither logged (copies
share their features, and a game changes none in place without logging its
node: `Board.writable_feature`, `_union`, `_put_tile`, `relink`), so an index
built on one of them serves the other once the nodes either logged are read
again. A copy starts from its original's base and log; when that log has
grown past `KEPT_BY_COPIES`, the copy makes the state at the copy a new base
for both games (empty logs), which keeps the logs a search reads short.

The log is not state: saves, records, `state_key` and equality never read it.
Figures move only with their feature's entry (a figure is in its feature's
`figures`), so logging features logs them too.
"""

from __future__ import annotations

from typing import Protocol

#: Longest log a copy inherits; a longer one starts a new base at the copy.
KEPT_BY_COPIES = 8


class Logged(Protocol):
    change_base: object
    changed_nodes: set[int]


def start_log(game: Logged) -> None:
    """A new base: the game's state now, with nothing changed since."""
    game.change_base = object()
    game.changed_nodes = set()


def copy_log(original: Logged, copy: Logged) -> None:
    """The copy's log, from its original's (see the module docstring)."""
    if len(original.changed_nodes) > KEPT_BY_COPIES:
        start_log(original)
        copy.change_base = original.change_base
        copy.changed_nodes = set()
    else:
        copy.change_base = original.change_base
        copy.changed_nodes = set(original.changed_nodes)
