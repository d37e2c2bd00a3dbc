"""Copies of a game and what a search may know of it: an exact independent
copy, the hidden state reshuffled for a player's view, and a hashable key of
the whole state (tests compare replays with it). A mixin of `Game`, split
out of engine/game.py: these read every attribute but change no rule."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, TypeVar

from carcassonne_desktop.engine.chance import clone_generator

_G = TypeVar("_G", bound="Snapshots")


class Snapshots:
    """Copy, resample and compare whole game states (see the module docstring)."""

    __slots__ = ()

    _rng: random.Random
    _rng_shared: bool
    _owner: object

    @property
    def rng(self) -> random.Random:
        """The tile bag's generator (the historical stream): drawn from while
        the bag is built, and by nothing after that (later chance comes from
        `streams`). Copies share it, copy-on-write: whichever asks for it
        while it is shared gets its own clone first, so a copy costs no
        generator state (a quarter to a third of a base game's copy before)
        and nothing any copy does can change another's generator."""
        if self._rng_shared:
            self._rng = clone_generator(self._rng)
            self._rng_shared = False
        return self._rng

    @rng.setter
    def rng(self, generator: random.Random) -> None:
        self._rng = generator
        self._rng_shared = False

    def copy(self: _G) -> _G:
        """An independent game in the same state (for search and previews)."""
        cls = type(self)
        other = cls.__new__(cls)
        other.setup = self.setup
        other.rules = self.rules
        other.num_players = self.num_players
        # the setup generator is shared, not copied (see `rng`)
        other._rng = self._rng
        other._rng_shared = self._rng_shared = True
        other.streams = self.streams.copy()
        other.scores = list(self.scores)
        other.pawns = list(self.pawns)
        other.pawn_queue = list(self.pawn_queue)
        other.settle_due = self.settle_due
        other.score_terms = None
        other.breakdown = [dict(b) for b in self.breakdown]
        other.supply = [dict(s) for s in self.supply]
        other.tokens = [dict(t) for t in self.tokens]
        other.board = dict(self.board)
        other.parent = list(self.parent)
        # Copy-on-write features (issue 30: cloning them was 70% of a copy
        # with every expansion): both games share the Feature objects and
        # get new owner tokens, so neither owns any of them any more and
        # each clones a feature before its first change of it
        # (`Board.writable_feature`).
        other.features = list(self.features)
        self._owner = object()
        other._owner = object()
        other.structure = self.structure  # (the same roots: see Board.structure)
        other.node_pos = list(self.node_pos)
        other.node_local = list(self.node_local)
        other.frontier = dict(self.frontier)
        other.open_by_pattern = dict(self.open_by_pattern)  # (its buckets are tuples)
        other.waiting_cells = dict(self.waiting_cells)  # (tuples too)
        other.figures_placed = list(self.figures_placed)
        other.area_figures = dict(self.area_figures)
        other.neutral_figures = dict(self.neutral_figures)
        other.hands = [list(h) for h in self.hands]
        other.bag = list(self.bag)
        other.extension_state = dict(self.extension_state)
        other.turn_player = self.turn_player
        other.pending = self.pending
        other.turn = self.turn
        other.turn_state = dict(self.turn_state)
        other.history = list(self.history)
        other.last_placed = self.last_placed
        other.over = self.over
        other._cursor = self._cursor
        other._jump = self._jump
        other._calls = self._calls
        other._to_score = list(self._to_score)
        other._placements = dict(self._placements)
        other._placement_counts = dict(self._placement_counts)
        other._figure_options = self._figure_options
        other._answers = None  # a copy may be resampled: its answers are listed again
        other.opening_events = self.opening_events
        return other

    def resample_hidden(self, rng: random.Random) -> None:
        """Shuffle what the player to decide cannot see (the bag, other
        players' hands, tiles hidden by expansions) and make every future
        draw of every stream unknown, so that a search on a copy cannot
        exploit the real order or the forced outcomes."""
        seer = self.pending.player if self.pending is not None else self.turn_player
        hidden = list(self.bag)
        owners = []
        # A single tile in hand was drawn face up for everyone to see (a
        # decision asked of another player before it is placed must not
        # change it); only hands of three are private.
        private = self.rules.hand_size > 1
        for player, hand in enumerate(self.hands):
            if private and player != seer:
                owners.append((player, len(hand)))
                hidden.extend(hand)
        hooks = self.rules.hooks["resample_hidden"]
        for expansion in self.rules.hooks["unseen_tiles"]:
            hidden.extend(expansion.unseen_tiles(self))
        # Sorted first: where each unseen tile really was (bag position, under
        # which hill, in which hand) must not shape the sample.
        hidden.sort()
        rng.shuffle(hidden)
        for expansion in hooks:
            expansion.resample_hidden(self, rng, hidden)
        for player, count in owners:
            self.hands[player] = [hidden.pop() for _ in range(count)]
        self.bag = hidden
        self.streams.hide(rng)

    def next_draws(self, unseen: Counter[str]) -> Counter[str]:
        """Of the tiles ``unseen`` (by type), those the next draw can give: an
        expansion that orders the bag narrows them (during the river, only
        river tiles); never empty while ``unseen`` is not."""
        for expansion in self.rules.hooks["next_draws"]:
            narrowed = expansion.next_draws(self, unseen)
            if narrowed:
                return narrowed
        return unseen

    def state_key(self) -> tuple[Any, ...]:
        """Everything that defines the position, for equality checks in tests."""
        roots = tuple(
            (
                i, f.kind, f.size, tuple(sorted(f.tiles)), f.open, f.shields,
                tuple(sorted((f.flags or {}).items())), f.figures,
                tuple(sorted(self.find(c) for c in f.cities)) if f.cities is not None else None,
                f.completed,
            )
            for i, f in enumerate(self.features)
            if f is not None and self.parent[i] == i
        )
        return (
            tuple(self.scores),
            tuple(self.pawns),
            tuple(self.pawn_queue),
            tuple(tuple(sorted(b.items())) for b in self.breakdown),
            tuple(tuple(sorted(s.items())) for s in self.supply),
            tuple(tuple(sorted(t.items())) for t in self.tokens),
            tuple(sorted((pos, rt.tile.id, rt.rot) for pos, (rt, _) in self.board.items())),
            roots,
            tuple(sorted(self.frontier.items())),
            tuple(self.figures_placed),
            tuple(sorted(self.area_figures.items())),
            tuple(sorted(self.neutral_figures.items())),
            tuple(tuple(h) for h in self.hands),
            tuple(self.bag),
            tuple(sorted(self.extension_state.items())),
            self.turn_player,
            self.pending,
            self.turn,
            tuple(sorted(self.turn_state.items())),
            self._cursor,
            self._calls,
            tuple(self.history),
            self.last_placed,
            self.streams.key(),
        )

