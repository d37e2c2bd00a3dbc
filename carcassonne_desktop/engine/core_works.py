"""The core's own works of a turn: draw, place, figure, score, end (and
dealing tiles). `Game` compiles them with the expansions' works into the
plan of every turn (engine/turn.py); they are a module of their own so the
turn flow of `game.py` reads apart from what each step does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from carcassonne_desktop.engine.decisions import FIGURE, PLACE_TILE, Decision
from carcassonne_desktop.engine.events import (
    Event,
    ExtraTurn,
    FeatureCompleted,
    TileDiscarded,
    TileDrawn,
)
from carcassonne_desktop.engine.features import Position
from carcassonne_desktop.engine.legal import PlacementGroup
from carcassonne_desktop.engine.turn import Work

if TYPE_CHECKING:
    from carcassonne_desktop.engine.rules import Rules

# Keys of `turn_state` the core's works use; a re-entered draw step clears them.
_DEALT, _PLACED, _FIGURED = "dealt", "placed", "figured"
# Set once nobody has a tile left: the game is ending (final decisions may follow).
_ENDING = "ending"
# The two decisions of every turn, built once: building a named tuple twice a
# turn is a measurable part of a base game's inner loop.
_PLACE_DECISIONS = tuple(Decision(PLACE_TILE, player) for player in range(16))
_FIGURE_DECISIONS: dict[tuple[int, Position], Decision] = {}
# Index of the figure work in a plan of the core's works only.
_CORE_FIGURE = 2


class CoreWorks:
    """The core's works (a part of `Game`)."""

    __slots__ = ()
    rules: Rules
    turn_state: dict[str, Any]

    # ------------------------------------------------------- the core's works
    def _work_draw(self, events: list[Event]) -> Decision | None:
        """Give the player to move something to place; skips players with
        empty hands (hand_of_3 endgame) and ends the game when nobody has a
        tile, after the decisions expansions ask before the final scoring
        (this work runs again once each is resolved)."""
        state = self.turn_state
        if state.get(_DEALT):
            return None
        if self._calls:
            # a called part of the turn (an extra tile): only the turn
            # player draws, and with nothing to place the part ends
            if self._deal(self.turn_player, events):
                state[_DEALT] = True
            else:
                self.end_call()
            return None
        if not state.get(_ENDING):
            for _ in range(self.num_players):
                if self._deal(self.turn_player, events):
                    state[_DEALT] = True
                    return None
                if not self.bag and not any(self.hands):
                    break
                self.turn_player = (self.turn_player + 1) % self.num_players
            self._placements = {}
            state[_ENDING] = True
        for expansion in self.rules.hooks["before_final_scoring"]:
            decision = expansion.before_final_scoring(self, events)
            if decision is not None:
                return decision
        self.over = True
        self._final_scoring(events)
        return None

    def _work_place(self, events: list[Event]) -> Decision | None:
        if self.turn_state.get(_PLACED):
            return None
        return _PLACE_DECISIONS[self.turn_player]

    def _work_figure(self, events: list[Event]) -> Decision | None:
        if self.turn_state.get(_FIGURED):
            return None
        return self._figure_decision()

    def _figure_decision(self) -> Decision:
        key = (self.turn_player, self.last_placed)
        decision = _FIGURE_DECISIONS.get(key)  # type: ignore[arg-type]
        if decision is None:
            if len(_FIGURE_DECISIONS) > 50_000:
                _FIGURE_DECISIONS.clear()
            decision = Decision(FIGURE, self.turn_player, True, self.last_placed or ())
            _FIGURE_DECISIONS[key] = decision  # type: ignore[index]
        return decision

    def _work_score(self, events: list[Event]) -> Decision | None:
        """Score the completed features one at a time; an expansion may pause
        inside one for a decision, and scoring resumes with the same feature."""
        queue = self._to_score
        if not queue:
            return None
        pausers = self.rules.hooks["before_feature_scored"]
        completed_hooks = self.rules.hooks["on_feature_completed"]
        while queue:
            root = self.find(queue[0])
            feature = self.features[root]
            assert feature is not None
            if feature.completed:
                queue.pop(0)
                continue
            for expansion in pausers:
                decision = expansion.before_feature_scored(self, root, events)
                if decision is not None:
                    return decision
            queue.pop(0)
            # (a hook above may have changed it: asked for again, for writing)
            feature = self.writable_feature(root)
            feature.completed = True
            events.append(FeatureCompleted(feature.kind, tuple(sorted(feature.tiles))))
            for expansion in completed_hooks:
                expansion.on_feature_completed(self, root, self.turn_player, events)
            self.score_feature(root, True, "completed", events)
            if self.pawn_queue:
                decision = self.settle_pawns(events)
                if decision is not None:
                    return decision
        return None

    def _work_end(self, events: list[Event]) -> Decision | None:
        self._figure_options = None
        player = self.turn_player
        rules = self.rules
        if rules.hand_size > 1:  # (a base game's inner loop skips the call)
            self.refill_hand(player)
        self.turn += 1
        following = None
        for expansion in rules.hooks["next_player"]:
            following = expansion.next_player(self, player)
            if following is not None:
                break
        if following is None:
            self.turn_player = (player + 1) % self.num_players
        else:
            if following == player:
                events.append(ExtraTurn(player))
            self.turn_player = following
        self.turn_state = {}
        return None

    def refill_hand(self, player: int) -> None:
        """With a hand of several tiles, the tile just played is replaced from
        the bag. The end of every turn does it; an extra tile within the same
        turn (repeat_from) must do it too, or the hand would shrink."""
        if self.rules.hand_size > 1 and self.bag:
            self.hands[player].append(self.bag.pop())

    CORE_WORK = (
        Work("draw", _work_draw, name="core.draw"),
        Work("place", _work_place, name="core.place"),
        Work("figure", _work_figure, name="core.figure"),
        Work("score", _work_score, name="core.score"),
        Work("end", _work_end, name="core.end"),
    )

    def _deal(self, player: int, events: list[Event]) -> bool:
        """Fill the player's hand with placeable tiles; a tile that fits nowhere
        goes back in the box and is replaced (000 p.3). True if one can be played."""
        catalogue = self.rules.catalogue
        hand = self.hands[player]
        placements: dict[str, list[PlacementGroup]] = {}
        counts: dict[str, int] = {}
        if self.rules.hand_size == 1:
            while not hand and self.bag:
                tile_id = self.bag.pop()
                events.append(TileDrawn(player, tile_id))
                groups, total = self._compute_placements(catalogue[tile_id])
                if total:
                    hand.append(tile_id)
                    placements[tile_id] = groups
                    counts[tile_id] = total
                else:
                    events.append(TileDiscarded(player, tile_id))
        else:
            checked = False
            while not checked:
                checked = True
                for tile_id in list(hand):
                    if tile_id in placements:
                        continue
                    groups, total = self._compute_placements(catalogue[tile_id])
                    if total:
                        placements[tile_id] = groups
                        counts[tile_id] = total
                        continue
                    hand.remove(tile_id)
                    events.append(TileDiscarded(player, tile_id))
                    if self.bag:
                        drawn = self.bag.pop()
                        hand.append(drawn)
                        events.append(TileDrawn(player, drawn))
                        checked = False
        self._placements = placements
        self._placement_counts = counts
        return bool(hand)
