"""The game: one pending decision at a time, `legal_actions()` and
`apply(action) -> events`, driven through the compiled steps of the turn.

The board and its features live in `board.py`, scoring in `scoring.py`, the
core's works for the steps of a turn (draw, place, figure, score, end) in
`core_works.py`, the driver that runs works until one asks a decision in
`driver.py`; this module is the game's public view and the dispatch of each
action to the kind of decision pending.
The state is plain lists, dicts and small objects so that `copy()` is cheap
for search.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from carcassonne_desktop.engine.actions import (
    Action,
    Deploy,
    MoveFigure,
    Pass,
    PlaceTile,
    Remove,
    Spot,
    is_area_spot,
)
from carcassonne_desktop.engine.board import Board, FeatureInfo, FigureOnBoard
from carcassonne_desktop.engine.chance import Streams
from carcassonne_desktop.engine.core_works import (
    _CORE_FIGURE,
    _FIGURED,
    _PLACED,
    CoreWorks,
)
from carcassonne_desktop.engine.decisions import FIGURE, PLACE_TILE, Decision, Resolved
from carcassonne_desktop.engine.driver import TurnDriver
from carcassonne_desktop.engine.errors import IllegalActionError, SetupError
from carcassonne_desktop.engine.events import (
    Event,
    FigureDeployed,
    OutcomeRevealed,
    TilePlaced,
    TokenGained,
)
from carcassonne_desktop.engine.features import Position
from carcassonne_desktop.engine.figure_moves import FigureMoves
from carcassonne_desktop.engine.figure_step import FigureStep
from carcassonne_desktop.engine.legal import _NO_GROUPS, LegalActions, PlacementGroup
from carcassonne_desktop.engine.relink import Relinking
from carcassonne_desktop.engine.rules import Rules
from carcassonne_desktop.engine.scoring import Scoring
from carcassonne_desktop.engine.setup import GameSetup
from carcassonne_desktop.engine.snapshots import Snapshots
from carcassonne_desktop.engine.track import ScoreTrack
from carcassonne_desktop.engine.turn import CallFrame

__all__ = ["FIGURE", "PLACE_TILE", "Decision", "FeatureInfo", "FigureOnBoard", "Game"]

OVER = "over"


class Game(CoreWorks, TurnDriver, Board, FigureMoves, FigureStep, Relinking, Scoring,
           ScoreTrack, Snapshots):
    """A game in progress. Create with a `GameSetup`; drive with `apply`."""

    # Slots, not an instance dict: with more than 30 attributes CPython stops
    # sharing the dict's keys and attribute reads in the inner loop get
    # slower (a base game measured 15% slower before this).
    __slots__ = (
        "_answers", "_calls", "_cursor", "_figure_options", "_jump", "_placement_counts", "_placements", "_rng",
        "_owner", "_rng_shared", "_to_score", "area_figures", "bag", "board", "breakdown",
        "extension_state", "features", "figures_placed", "frontier", "hands", "history", "last_placed", "neutral_figures",
        "node_local", "node_pos", "num_players", "open_by_pattern", "opening_events", "over",
        "parent", "pawn_queue", "pawns", "settle_due", "pending", "rules", "score_terms", "scores", "setup",
        "streams", "structure",
        "supply", "tokens", "turn", "turn_player", "turn_state", "waiting_cells",
    )

    def __init__(self, setup: GameSetup, rules: Rules | None = None) -> None:
        setup.check_players()
        self.setup = setup
        self.rules = rules if rules is not None else Rules(setup)
        self.num_players = len(setup.players)
        self.rng = random.Random(setup.seed)  # the tile bag (historical stream)
        self.streams = Streams(setup.seed, setup.draws, self.rules.stream_names)
        self.scores = [0] * self.num_players
        self.score_terms = None  # set while a scoring is explained (engine/score_terms.py)
        self.pawns: list[tuple[int, ...]] = [(0,) * self.rules.score_pawns] * self.num_players
        self.pawn_queue: list[Any] = []
        #: Whether the `pawns_settled` hooks may have something to do: set by
        #: every pawn move and every change of the turn's state, cleared when
        #: they all answered None with nothing queued (engine/track.py).
        self.settle_due = False
        self.breakdown: list[dict[str, int]] = [{} for _ in range(self.num_players)]
        self.supply: list[dict[str, int]] = [
            {f.name: f.per_player for f in self.rules.figures if not f.neutral}
            for _ in range(self.num_players)
        ]
        #: Tokens each player holds (goods, sheep, king...), by name.
        self.tokens: list[dict[str, int]] = [{} for _ in range(self.num_players)]
        self.board = {}
        self.parent = []
        self.features = []
        self._owner = object()  # the features this game may change in place (copy-on-write)
        self.structure = object()  # replaced whenever the roots may change (Board.structure)
        self.node_pos = []
        self.node_local = []
        # Open cells with the edge pattern they require (see catalogue.EDGE_CODES),
        # and the same cells indexed by pattern.
        self.frontier = {}
        self.open_by_pattern = {}
        self.waiting_cells = {}
        self.figures_placed = []
        #: Figures off the tiles: (area, slot) -> ((player or -1, figure), ...).
        self.area_figures: dict[tuple[str, str], tuple[tuple[int, str], ...]] = {}
        #: Where each neutral figure stands (its shape belongs to its expansion).
        self.neutral_figures: dict[str, Any] = {}
        self.hands: list[list[str]] = [[] for _ in range(self.num_players)]
        self.bag: list[str] = []  # drawn from the end; hidden information
        self.extension_state: dict[str, Any] = {}
        self.turn_player = 0
        #: What the game waits for; None once the game is over.
        self.pending: Decision | None = None
        self.turn = 0
        #: Per-turn flags of the works (what is done in this turn already).
        self.turn_state: dict[str, Any] = {}
        self.history: list[Action] = []
        self.last_placed: Position | None = None
        self.over = False
        self._cursor = 0
        self._jump: int | tuple[int, int] | None = None
        #: Runs of steps called for another tile and the turn part each
        #: returns to (engine/turn.py `CallFrame`), innermost last.
        self._calls: tuple[CallFrame, ...] = ()
        self._to_score: list[int] = []
        self._placements: dict[str, list[PlacementGroup]] = {}
        self._placement_counts: dict[str, int] = {}
        self._figure_options: list[Action] | None = None
        #: An expansion decision's answers as `legal` listed them, with the
        #: decision they answer: `apply` checks the chosen one against them
        #: instead of listing them again (they can cost a scan of the board).
        #: Any `apply` drops them, so they never outlive the state they describe.
        self._answers: tuple[Decision, Sequence[Action]] | None = None
        self._setup_board()

    # ------------------------------------------------------------------ setup
    def _setup_board(self) -> None:
        catalogue = self.rules.catalogue
        setup = self.setup
        layout = None
        if setup.start_tile is not None:
            if setup.start_tile not in catalogue:
                raise SetupError(f"unknown start tile {setup.start_tile!r}")
            start = catalogue[setup.start_tile]
        else:
            layout = self.rules.start_layout(self)
            start = None if layout else self.rules.start_tile()
        if setup.tile_order is not None:
            unknown = [t for t in setup.tile_order if t not in catalogue]
            if unknown:
                raise SetupError(f"unknown tile(s) in tile_order: {', '.join(unknown[:5])}")
            drawn_first = list(setup.tile_order)
        else:
            drawn_first = []
            for tile in catalogue:
                copies = tile.count - tile.start
                if setup.start_tile is not None and tile is start and not tile.start:
                    copies -= 1
                drawn_first.extend([tile.id] * max(copies, 0))
            self.rng.shuffle(drawn_first)
            for expansion in self.rules.hooks["arrange_bag"]:
                drawn_first = expansion.arrange_bag(self, drawn_first, self.rng)
        self.bag = drawn_first[::-1]
        if layout:
            for tile_id, x, y, rot in layout:
                self._put_tile(catalogue[tile_id].rotations[rot % 4], x, y)
        else:
            assert start is not None
            self._put_tile(start.rotations[setup.start_rot % 4], 0, 0)
        self._to_score = []
        events: list[Event] = []
        if self.rules.hand_size > 1:
            for player in range(self.num_players):
                for _ in range(self.rules.hand_size):
                    if self.bag:
                        self.hands[player].append(self.bag.pop())
        self._run(events)
        self.opening_events = events

    # ------------------------------------------------------------ public view
    @property
    def current(self) -> int:
        """The player whose turn it is (`turn_player`); who must answer now is
        `pending.player`."""
        return self.turn_player

    @property
    def deciding_player(self) -> int:
        """Who must answer the pending decision (the turn player once over)."""
        pending = self.pending
        return pending.player if pending is not None else self.turn_player

    @property
    def pending_kind(self) -> str | None:
        """The kind of the pending decision; None once the game is over."""
        pending = self.pending
        return pending.kind if pending is not None else None

    @property
    def phase(self) -> str:
        """The pending decision's kind, or "over" (kept for old callers and
        tests; new code reads `pending.kind`)."""
        pending = self.pending
        return pending.kind if pending is not None else OVER

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def hand(self) -> list[str]:
        """Tiles the current player may place (one, or up to three with hand_of_3)."""
        return self.hands[self.turn_player]

    @property
    def current_tile(self) -> str | None:
        hand = self.hands[self.turn_player]
        return hand[0] if hand and not self.over else None

    def tiles_left(self) -> int:
        return len(self.bag)

    def remaining_tile_counts(self) -> Counter[str]:
        """Tiles still to come, by type: public knowledge (their order is not)."""
        return Counter(self.bag)

    def unseen_tile_counts(self) -> Counter[str]:
        """Every tile no player has seen: the bag and tiles hidden by expansions
        (under hills); what a computer player may reason about."""
        counts = Counter(self.bag)
        for expansion in self.rules.hooks["unseen_tiles"]:
            counts.update(expansion.unseen_tiles(self))
        return counts

    def players(self) -> list[str]:
        return [p.name for p in self.setup.players]

    def winners(self) -> tuple[int, ...]:
        best = max(self.scores)
        return tuple(i for i, s in enumerate(self.scores) if s == best)

    def feature_kind_for(self, figure: str, x: int, y: int, port: str) -> str | None:
        """The kind of feature a figure would stand on (a follower on the inner
        field of ic/03 at "C" is a farmer, an abbot there is on the garden)."""
        placed = self.board.get((x, y))
        if placed is None:
            return None
        rotated = placed[0]
        local = rotated.feature_at_port(port, self._figure_kinds(figure))
        return rotated.tile.features[local].kind if local >= 0 else None

    def placements_for(self, tile_id: str) -> list[tuple[int, int, int, str]]:
        """Legal (x, y, rot, tile) for one tile of the hand during the place step."""
        pending = self.pending
        if pending is None or pending.kind != PLACE_TILE or tile_id not in self._placements:
            return []
        return LegalActions(self._placements[tile_id], []).placements()

    def placement_count(self, tile_id: str) -> int:
        """How many legal placements a tile would have on the board as it is
        now, whoever holds it (expansions' filters included): a river box
        sets its remaining tiles aside when none of them fits anywhere."""
        return self._compute_placements(self.rules.catalogue[tile_id])[1]

    # ------------------------------------------------------- chance, tokens
    def draw(self, stream: str, population: list[Any] | tuple[Any, ...],
             events: list[Event] | None = None, player: int = -1,
             expect: Any = None) -> Any:
        """One random outcome of a named stream; the event that reveals it
        carries it, so a replay can check it. `expect` is the outcome a
        record says was drawn (the `drawn` of a `fly`, a `flock`...): when
        the game would draw something else the action is illegal and the
        stream is left untouched, so every recorded outcome is checked here
        and nowhere else. Draw before changing anything else."""
        if expect is not None:
            outcome = self.streams.peek(stream, population)
            if outcome != expect:
                raise IllegalActionError(
                    f"the record says {expect} was drawn ({stream}), the game draws {outcome}"
                )
        outcome = self.streams.draw(stream, population)
        if events is not None:
            events.append(OutcomeRevealed(stream, outcome, player))
        return outcome

    def give_token(self, player: int, token: str, count: int, events: list[Event]) -> None:
        """Add (or, with a negative count, take) tokens of one kind."""
        held = self.tokens[player]
        held[token] = held.get(token, 0) + count
        events.append(TokenGained(player, token, count))

    # ------------------------------------------------------- legal actions
    def legal_actions(self) -> LegalActions:
        pending = self.pending
        if pending is None:
            return LegalActions(_NO_GROUPS, [], 0)
        kind = pending.kind
        if kind == PLACE_TILE:
            hand = self.hands[self.turn_player]
            if len(hand) == 1:
                tile_id = hand[0]
                return LegalActions(
                    self._placements[tile_id], [], self._placement_counts[tile_id]
                )
            groups: list[PlacementGroup] = []
            for tile_id in dict.fromkeys(hand):
                groups.extend(self._placements[tile_id])
            return LegalActions(groups, [])
        if kind == FIGURE:
            return LegalActions(_NO_GROUPS, self._figure_actions(), 0)
        # (not copied: the answers are listed once per decision and a view
        # reads them; an expansion may list them lazily, as Mage & Witch does)
        return LegalActions(_NO_GROUPS, self._decision_answers(pending), 0)

    def _decision_answers(self, pending: Decision) -> Sequence[Action]:
        """The `legal` answers of an expansion's pending decision, listed once
        between two `apply`s (see `_answers`)."""
        answers = self._answers
        if answers is not None and answers[0] is pending:
            return answers[1]
        legal = self.rules.decision_kind(pending.kind).legal(self, pending)
        if type(legal) is not list and not isinstance(legal, Sequence):
            legal = list(legal)  # read by index and length: a generator is listed
        self._answers = (pending, legal)
        return legal

    # --------------------------------------------------------------- apply
    def apply(self, action: Action) -> list[Event]:
        """Perform one legal action; raises IllegalActionError and changes
        nothing if the action is not legal now."""
        pending = self.pending
        if pending is None:
            raise IllegalActionError("the game is over", action)
        # whatever this action does changes the state the listed answers describe
        answers, self._answers = self._answers, None
        events: list[Event] = []
        kind = pending.kind
        if kind == PLACE_TILE:
            if type(action) is not PlaceTile:
                raise IllegalActionError(
                    f"expected a tile placement, got {action.type}", action
                )
            action = self._check_placement(action)
            self._apply_placement(action, events)
            if self.rules.core_only:
                # the core's plan: the figure step follows at once
                self._cursor = _CORE_FIGURE
                self.pending = self._figure_decision()
                return events
        elif kind == FIGURE:
            # passing an optional figure step is always legal: no need to list
            # every deploy first (most turns of a search pass)
            if not (type(action) is Pass and pending.optional):
                action = self._normalise_figure_action(action)
                if action not in self._figure_actions():
                    raise IllegalActionError(self._explain_figure(action), action)
            if type(action) is Deploy:
                self._deploy(action, events)
            elif type(action) is not Pass:
                for expansion in self.rules.hooks["apply_action"]:
                    done = expansion.apply_action(self, action)
                    if done is not None:
                        if type(done) is Resolved:
                            # the record keeps the outcome the action revealed
                            events.extend(done.events)
                            action = done.record
                        else:
                            events.extend(done)
                        break
                else:
                    raise IllegalActionError(f"no rule handles {action.type}", action)
            self.history.append(action)
            self.turn_state[_FIGURED] = True
            self._figure_options = None
            if self.rules.core_only:
                self._finish_core_turn(events)
                return events
        else:
            decision_kind = self.rules.decision_kind(kind)
            legal = (answers[1] if answers is not None and answers[0] is pending
                     else decision_kind.legal(self, pending))
            action = self.normalise_answer(action, legal)
            if not decision_kind.admits(self, pending, action, legal):
                reason = (
                    decision_kind.explain(self, pending, action)
                    if decision_kind.explain is not None
                    else f"{action.type} is not a legal answer to the {kind} decision now"
                )
                raise IllegalActionError(reason, action)
            recorded = decision_kind.resolve(self, pending, action, events)
            # the action as the record keeps it (with the outcome it revealed)
            self.history.append(recorded if recorded is not None else action)
        self.pending = None
        self._run(events)
        return events

    def _check_placement(self, action: PlaceTile) -> PlaceTile:
        hand = self.hands[self.turn_player]
        tile = action.tile
        if tile is None:
            if len(set(hand)) != 1:
                raise IllegalActionError("say which tile of the hand to place", action)
            tile = hand[0]
            action = PlaceTile(action.x, action.y, action.rot, tile)
        elif tile not in hand:
            raise IllegalActionError(
                f"tile {tile} is not in hand (the tile to place is {', '.join(hand)})", action
            )
        if not self._is_legal_placement(action.x, action.y, action.rot, tile):
            raise IllegalActionError(self._explain_placement(action, tile), action)
        return action

    def _figure_kinds(self, figure: str) -> frozenset[str] | None:
        figure_type = self.rules.figure_by_name.get(figure)
        return figure_type.kinds if figure_type is not None else None

    def _normalise_figure_action(self, action: Action) -> Action:
        """Any port of a feature names it; legal actions use the first one."""
        if type(action) is Deploy and (action.x, action.y) in self.board:
            rotated = self.board[(action.x, action.y)][0]
            local = rotated.feature_at_port(action.port, self._figure_kinds(action.figure))
            if local >= 0 and rotated.canonical_ports[local] != action.port:
                return Deploy(action.figure, action.x, action.y, rotated.canonical_ports[local])
        return action

    def normalise_answer(self, action: Action, legal: Sequence[Action]) -> Action:
        """An answer as the legal list names it: any port of a feature names
        the feature (a `deploy`, a `remove`, either end of a `move`), and a
        `remove` that does not say which figure names the one figure there."""
        if type(action) is Deploy:
            return self._normalise_figure_action(action)
        if type(action) is Remove and action.spot is not None:
            x, y, port = self.canonical_spot(action.spot, action.figure)  # type: ignore[misc]
            action = Remove(x, y, port, action.figure)
            if action.figure is None:
                named = [a for a in legal if type(a) is Remove
                         and (a.x, a.y, a.port) == (x, y, port)]
                if len(named) == 1:
                    return named[0]
            return action
        if type(action) is MoveFigure:
            source = action.source
            if source is not None:
                source = self.canonical_spot(source, action.figure)
            action = MoveFigure(action.figure, source,
                                self.canonical_spot(action.target, action.figure))
            if action not in legal:
                return self._same_feature_move(action, legal)
            return action
        return action

    def _same_feature_move(self, action: MoveFigure, legal: Sequence[Action]) -> MoveFigure:
        """Where a decision names each feature once for a neutral figure (by
        one of its segments: the mage goes on a road, wherever on it), a move
        to any other segment of that feature is that answer, and so is a move
        from any segment of the feature the figure stands on."""
        figure = self.rules.figure_by_name.get(action.figure)
        if figure is None or not figure.neutral:
            return action  # a player's figure stands where the answer says (the Count's)
        target = self._root_of(action.target, action.figure)
        if target is None:
            return action
        source = None if action.source is None else self._root_of(action.source, action.figure)
        for answer in legal:
            if (type(answer) is MoveFigure and answer.figure == action.figure
                    and (answer.source is None) == (action.source is None)
                    and self._root_of(answer.target, answer.figure) == target
                    and (answer.source is None
                         or self._root_of(answer.source, answer.figure) == source)):
                return answer
        return action

    def _root_of(self, spot: Spot, figure: str) -> int | None:
        if is_area_spot(spot):
            return None
        node = self.node_at(*spot, figure)  # type: ignore[misc]
        return None if node is None else self.find(node)

    def _explain_figure(self, action: Action) -> str:
        if type(action) is PlaceTile:
            return "a tile was already placed this turn: deploy a figure or pass"
        if type(action) is Deploy:
            if (action.x, action.y) != self.last_placed:
                return "figures may only be deployed on the tile just placed"
            if action.figure not in self.rules.figure_by_name:
                return f"no figure {action.figure!r} in this game"
            if self.supply[self.turn_player].get(action.figure, 0) <= 0:
                return f"no {action.figure} left in supply"
            rotated = self.board[(action.x, action.y)][0]
            local = rotated.feature_at_port(action.port, self._figure_kinds(action.figure))
            if local < 0:
                return f"no feature at port {action.port}"
            kind = rotated.tile.features[local].kind
            if kind not in self.rules.figure_by_name[action.figure].kinds:
                return f"a {action.figure} cannot stand on a {kind}"
            if self.rules.figure_by_name[action.figure].requires_own_follower:
                return f"a {action.figure} joins only a {kind} that holds your follower"
            return f"the {kind} at port {action.port} is already occupied"
        return f"{action.type} is not possible now"

    def _apply_placement(self, action: PlaceTile, events: list[Event]) -> None:
        tile_id = action.tile
        assert tile_id is not None
        player = self.turn_player
        rotated = self.rules.catalogue[tile_id].rotations[action.rot]
        self.hands[player].remove(tile_id)
        self._placements = {}
        self._put_tile(rotated, action.x, action.y)
        self.last_placed = (action.x, action.y)
        self.history.append(action)
        events.append(TilePlaced(player, tile_id, action.x, action.y, action.rot))
        self.turn_state[_PLACED] = True
        self._figure_options = None

    def _deploy(self, action: Deploy, events: list[Event]) -> None:
        player = self.turn_player
        rotated, base = self.board[(action.x, action.y)]
        local = rotated.feature_at_port(action.port, self._figure_kinds(action.figure))
        node = base + local
        self.supply[player][action.figure] -= 1
        feature = self.writable_feature(self.find(node))
        feature.figures = feature.figures + ((player, action.figure, node),)
        self.figures_placed.append((player, action.figure, node))
        events.append(
            FigureDeployed(player, action.figure, action.x, action.y, action.port,
                           rotated.tile.features[local].kind)
        )
