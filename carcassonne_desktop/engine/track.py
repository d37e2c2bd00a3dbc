"""The score track: scoring pawns and their deferred moves.

A player's score is a number, but on the table it is one or more pawns on a
track of 50 squares, and two expansions play on the track itself: Messages
gives each player a second pawn (the scorer chooses which one moves, and a
pawn stopping on a dark square draws a message), Robbers put a figure on a
square and steal half of the points of a pawn leaving it. Neither may name
the other, and both need to ask questions while points move.

So `award` updates the totals at once (the breakdown and the events are
exact whenever they are read) and, in a game whose expansions play on the
track (`Rules.track`), queues one pawn move per player. The turn settles the
queue between works and after each feature scored: for each move an
expansion may ask which pawn moves (`settle_pawn` returns a decision, whose
answer calls `settle_with`), choose it, or leave it to pawn 0; then the pawn
moves and `on_pawn_moved` lets expansions react (a robber steals, which
awards and queues more). Moves queued by the final scoring settle without
questions. In a game without such expansions nothing is queued: pawn 0
simply carries the score.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from carcassonne_desktop.engine.events import PawnMoved

if TYPE_CHECKING:
    from carcassonne_desktop.engine.decisions import Decision
    from carcassonne_desktop.engine.events import Event
    from carcassonne_desktop.engine.rules import Rules

#: Squares of the track: a pawn with S points stands on square S mod 50.
TRACK_SQUARES = 50


class PawnMove(NamedTuple):
    """Points awarded to `player` whose pawn has not moved yet."""

    player: int
    points: int
    category: str
    reason: str


class ScoreTrack:
    """Pawns and the settling of their moves (a part of `Game`)."""

    __slots__ = ()

    rules: Rules
    num_players: int
    turn_player: int
    scores: list[int]
    #: Points each pawn of each player carries (their sum is the score once
    #: the queue is settled); pawn 0 is the usual scoring pawn.
    pawns: list[tuple[int, ...]]
    #: Awards whose pawns have not moved yet, oldest first.
    pawn_queue: list[PawnMove]
    settle_due: bool

    def square(self, player: int, pawn: int = 0) -> int:
        """The square of the track a pawn stands on."""
        return self.pawns[player][pawn] % TRACK_SQUARES

    def _queue_pawn_moves(self, players: tuple[int, ...], points: int, category: str,
                          reason: str) -> None:
        """Called by `award`: one move per player, in seat order from the
        player whose turn it is (the order their questions are asked in)."""
        if not self.rules.track:
            for player in players:
                self.pawns[player] = (self.pawns[player][0] + points,)
            return
        n = self.num_players
        first = self.turn_player
        for player in sorted(players, key=lambda p: (p - first) % n):
            self.pawn_queue.append(PawnMove(player, points, category, reason))

    def settle_pawns(self, events: list[Event], ask: bool = True) -> Decision | None:
        """Move the queued pawns, oldest first; returns the decision an
        expansion asks about the first move that needs one (the queue keeps
        it until `settle_with` answers). With `ask` False (final scoring)
        nobody is asked: the expansions' default, else pawn 0."""
        queue = self.pawn_queue
        hooks = self.rules.hooks["settle_pawn"]
        settled = self.rules.hooks["pawns_settled"]
        while True:
            while queue:
                move = queue[0]
                pawn = 0
                for expansion in hooks:
                    said = expansion.settle_pawn(self, move, ask)  # type: ignore[arg-type]
                    if said is None:
                        continue
                    if isinstance(said, int):
                        pawn = said
                        break
                    if ask:
                        return said
                self.settle_with(pawn, events)
            # the queue is empty: what waited for every move may happen now,
            # and the moves it causes settle in turn
            for expansion in settled:
                decision = expansion.pawns_settled(self, events, ask)  # type: ignore[arg-type]
                if decision is not None and ask:
                    return decision
            if not queue:
                # nothing waits any more until a pawn moves (the driver then
                # asks again: `settle_due`, set by `move_pawn`)
                self.settle_due = False
                return None

    def settle_with(self, pawn: int, events: list[Event]) -> None:
        """The first queued move is made by `pawn` (an expansion's answer to
        its `settle_pawn` question calls this)."""
        queue = self.pawn_queue
        move = queue.pop(0)
        before = len(queue)
        self.move_pawn(move.player, pawn, move, events)
        if len(queue) > before:
            # what this move caused (a robber's steal) settles right after it,
            # before the awards that were already waiting (DESIGN 5c)
            caused = queue[before:]
            del queue[before:]
            queue[0:0] = caused

    def move_pawn(self, player: int, pawn: int, move: PawnMove, events: list[Event]) -> None:
        self.settle_due = True
        carried = list(self.pawns[player])
        start = carried[pawn]
        carried[pawn] = start + move.points
        self.pawns[player] = tuple(carried)
        events.append(PawnMoved(player, pawn, start, start + move.points, move.category))
        for expansion in self.rules.hooks["on_pawn_moved"]:
            expansion.on_pawn_moved(self, player, pawn, start, move, events)  # type: ignore[arg-type]
