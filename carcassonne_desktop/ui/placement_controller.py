"""The tentative turn of a human player, as a model with no pygame in it.

A turn is "place a tile, then every decision the same player takes before
the next tile": the figure step, and whatever expansions ask in between (the
shepherd's flock...). The player tries things out on a ``game.copy()``: the
real game changes only when the turn is confirmed, so a misclick can be taken
back at any point before that. Everything legal comes from the engine
(``legal_actions()`` on the real game or the tentative copy); this module
never re-derives a rule, and reads only ``pending.kind``.

A tentative action that reveals a random outcome (a sheep token drawn)
sets ``must_commit``: the scene applies the turn so far to the real game at
once and goes on from there, so nobody can peek at chance and take it back.

States:

- ``place``: choose a tile of the hand, a position and a rotation;
- ``figure``: the tile lies on the tentative board; choose a spot, another
  figure-step action (recall...) or pass;
- ``decide``: an expansion's decision of the same player (``decision``
  says which; ``choices()`` lists the legal answers);
- ``ready``: the whole turn is chosen and waits for ``confirm()``.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from carcassonne_desktop.engine import PASS, Action, Deploy, Game, PlaceTile
from carcassonne_desktop.engine.actions import DeployToArea, MoveFigure
from carcassonne_desktop.engine.decisions import FIGURE as FIGURE_DECISION
from carcassonne_desktop.engine.decisions import PLACE_TILE, Decision, accepts
from carcassonne_desktop.engine.events import Event, OutcomeRevealed
from carcassonne_desktop.engine.figure_geometry import feature_for
from carcassonne_desktop.ui.expansions import answers_on_spots

Cell = tuple[int, int]

_SERIALS = itertools.count(1)

PLACE = "place"
FIGURE = "figure"
DECIDE = "decide"
READY = "ready"


@dataclass(frozen=True)
class Spot:
    """One place on the just-placed tile where a figure may go."""

    x: int
    y: int
    port: str
    figures: tuple[str, ...]  # figure types that may stand there, in the engine's order
    #: A slot of an area off the tiles (the wheel's crown): ``x, y`` is then
    #: the cell the slot lies on (for drawing only) and ``port`` is empty.
    area: str = ""
    slot: str = ""
    #: In a decision whose answers name a place on the board (the plague's
    #: follower to take back): the answer a click on the spot gives.
    answer: Action | None = None
    #: The feature's index in the tile's catalogue entry, as the engine reads
    #: the port for these figures (-1: unknown): where the spot is drawn. A
    #: port alone does not say it: a field walled in by cities has none of its
    #: own, and "C" of ic/03+garden is both the garden and such a field.
    feature: int = -1


class PlacementController:
    """Model of one human turn: hover, rotate, place, deploy or pass, undo, confirm."""

    def __init__(self, game: Game) -> None:
        #: Unique per controller (per turn shown), unlike id() which Python reuses.
        self.serial = next(_SERIALS)
        #: Told about the events of every tentative action (the scene plays
        #: their sounds: the player hears the tile go down when it does, not
        #: when the turn is confirmed).
        self.observer: Callable[[list[Event]], None] | None = None
        self.game = game
        #: The player whose turn this controller plays.
        self.seat = game.deciding_player
        self.state = PLACE
        self.tentative: Game | None = None
        self.place_action: PlaceTile | None = None
        self.tentative_events: list[Event] = []
        self.selected_index = 0
        self.rotation = 0
        #: How many times the player turned the tile (the hint's advice ends
        #: when they do; a snap to a fitting rotation on hover is no turn).
        self.turns_of_tile = 0
        self.hover: Cell | None = None
        self.figure_kind = "follower"
        self.selected_spot: int | None = None  # keyboard choice among spots()
        #: A tentative action revealed chance: the scene must commit now.
        self.must_commit = False
        #: The figure step was passed for the player (nothing could be deployed).
        self.auto_passed = False
        self._legal: dict[str, dict[Cell, tuple[int, ...]]] = {}
        # Tentative actions with the game and event count before each (for undo).
        self._steps: list[tuple[Action, Game | None, int]] = []
        #: Features clicked so far towards an answer named by several (a
        #: ferry's two road ends); cleared whenever the decision changes.
        self.picked: tuple[tuple[int, int, str], ...] = ()
        if game.pending_kind not in (PLACE_TILE, None):
            # a game resumed mid-turn: the tile is already on the real board
            self.tentative = game.copy()
            self._settle()

    @property
    def answers(self) -> list[Action]:
        """The actions taken after the placement, in order (the figure step's,
        an expansion's questions)."""
        return [a for a, _, _ in self._steps if not isinstance(a, PlaceTile)]

    @property
    def answered(self) -> list[tuple[str | None, Action]]:
        """The answers after the placement, each with the kind of the
        decision it answered (a pass to the figure step is "no figure", a
        pass to an expansion's question is not)."""
        return [(before.pending_kind, a) for a, before, _ in self._steps
                if not isinstance(a, PlaceTile)]

    @property
    def figure_action(self) -> Action | None:
        """The last action taken after the placement (the figure step's, usually)."""
        after = self.answers
        return after[-1] if after else None

    @property
    def _before_figure(self) -> Game | None:
        return self._steps[-1][1] if self._steps else None

    @property
    def decision(self) -> Decision | None:
        """The decision the tentative turn waits for (None before placing)."""
        return self.tentative.pending if self.tentative is not None else None

    def _settle(self) -> None:
        """The state that follows from the tentative game's pending decision."""
        self.picked = ()
        pending = self.decision
        if pending is None or pending.player != self.seat or pending.kind == PLACE_TILE:
            self.state = READY
        elif pending.kind == FIGURE_DECISION:
            if self._nothing_to_deploy():
                # no figure can go anywhere: the turn goes straight to
                # confirmation instead of asking the player to pass
                self._auto_pass()
                return
            self.state = FIGURE
            self._pick_default_figure()
        else:
            self.state = DECIDE
            self._pick_default_figure()

    # ------------------------------------------------------------------ place step

    @property
    def hand(self) -> list[str]:
        return list(self.game.hand) if self.game.pending_kind == PLACE_TILE else []

    @property
    def selected_tile(self) -> str | None:
        hand = self.hand
        if not hand:
            return self.place_action.tile if self.place_action else None
        return hand[min(self.selected_index, len(hand) - 1)]

    def select_tile(self, index: int) -> None:
        """Hand of 3: pick which tile to place (only before placing)."""
        if self.state == PLACE and 0 <= index < len(self.hand):
            self.selected_index = index
            self._snap_rotation()

    def legal_cells(self, tile_id: str | None = None) -> dict[Cell, tuple[int, ...]]:
        """Open positions where the tile fits, with the rotations that fit there."""
        tile_id = tile_id or self.selected_tile
        if tile_id is None or self.game.pending_kind != PLACE_TILE:
            return {}
        cached = self._legal.get(tile_id)
        if cached is None:
            by_cell: dict[Cell, list[int]] = defaultdict(list)
            for x, y, rot, _tile in self.game.placements_for(tile_id):
                by_cell[(x, y)].append(rot)
            cached = {cell: tuple(sorted(rots)) for cell, rots in by_cell.items()}
            self._legal[tile_id] = cached
        return cached

    def set_hover(self, cell: Cell | None) -> None:
        """The cursor is over ``cell``; the ghost snaps to a rotation that fits there."""
        if self.state != PLACE:
            return
        self.hover = cell
        self._snap_rotation()

    def _snap_rotation(self) -> None:
        rots = self.legal_cells().get(self.hover) if self.hover is not None else None
        if rots and self.rotation not in rots:
            # the first fitting rotation clockwise from the one the player chose
            self.rotation = min(rots, key=lambda r: (r - self.rotation) % 4)

    def rotate(self, step: int = 1) -> None:
        """Turn the tile; over a legal position, rotations that do not fit are skipped."""
        if self.state != PLACE:
            return
        self.turns_of_tile += 1
        rots = self.legal_cells().get(self.hover) if self.hover is not None else None
        if rots:
            ordered = sorted(rots, key=lambda r: ((r - self.rotation) * step) % 4)
            nxt = [r for r in ordered if r != self.rotation]
            if nxt:
                self.rotation = nxt[0]
        else:
            self.rotation = (self.rotation + step) % 4

    @property
    def ghost_fits(self) -> bool:
        """Whether the tile, as shown under the cursor, may be placed there."""
        if self.hover is None:
            return False
        return self.rotation in self.legal_cells().get(self.hover, ())

    def cycle_cell(self, step: int = 1) -> Cell | None:
        """Keyboard play: move the ghost to the next legal position (reading order)."""
        if self.state != PLACE:
            return None
        cells = sorted(self.legal_cells(), key=lambda cell: (cell[1], cell[0]))
        if not cells:
            return None
        if self.hover in cells:
            index = (cells.index(self.hover) + step) % len(cells)  # type: ignore[arg-type]
        else:
            index = 0 if step > 0 else len(cells) - 1
        self.set_hover(cells[index])
        return cells[index]

    def cycle_spot(self, step: int = 1) -> Spot | None:
        """Keyboard play: select the next spot where a figure may go."""
        spots = self.spots()
        if self.state not in (FIGURE, DECIDE) or not spots:
            return None
        if self.selected_spot is None or self.selected_spot >= len(spots):
            self.selected_spot = 0 if step > 0 else len(spots) - 1
        else:
            self.selected_spot = (self.selected_spot + step) % len(spots)
        return spots[self.selected_spot]

    def deploy_selected(self) -> list[Event]:
        """Keyboard play: deploy on the spot chosen with cycle_spot()."""
        spots = self.spots()
        if self.selected_spot is None or self.selected_spot >= len(spots):
            return []
        return self.deploy(spots[self.selected_spot])

    def can_place_at(self, cell: Cell) -> bool:
        return cell in self.legal_cells()

    def place(self, cell: Cell | None = None) -> list[Event]:
        """Put the tile on the tentative board at ``cell`` (default: hovered)."""
        if self.state != PLACE:
            return []
        if cell is not None:
            self.set_hover(cell)
        tile = self.selected_tile
        if self.hover is None or tile is None or not self.ghost_fits:
            return []
        action = PlaceTile(self.hover[0], self.hover[1], self.rotation, tile)
        tentative = self.game.copy()
        events = tentative.apply(action)
        self.tentative = tentative
        self.place_action = action
        self.tentative_events = list(events)
        self._steps = [(action, None, 0)]
        self.selected_spot = None
        self._after_action(events)
        return events

    # ------------------------------------------------------------------ figure step

    def figure_options(self) -> list[Action]:
        if self.state != FIGURE or self.tentative is None:
            return []
        return list(self.tentative.legal_actions())

    def choices(self) -> list[Action]:
        """The legal answers to an expansion's decision (state ``decide``)."""
        if self.state != DECIDE or self.tentative is None:
            return []
        return list(self.tentative.legal_actions())

    def spots(self) -> list[Spot]:
        """The spots where the chosen figure may go (family table #7: with the
        abbot chosen, a click elsewhere silently put down a follower), each
        with every figure type allowed there; in a decision, the answers that
        name a place on the board."""
        every = self.all_spots()
        if self.state == DECIDE and len(self.figure_kinds()) <= 1:
            return every
        chosen = [spot for spot in every if self.figure_kind in spot.figures]
        return chosen or every

    def all_spots(self) -> list[Spot]:
        """Every spot a figure may go (on the tile just placed or in an area
        slot), each with the figure types allowed there; in a decision, its
        answers that name a board place (x, y, port)."""
        game = self.tentative
        if self.state == DECIDE:
            moves = self.decision is not None and answers_on_spots(self.decision.kind)
            spots = []
            for a in self.choices():
                if located(a):
                    figure = getattr(a, "figure", None) or ""
                    spots.append(Spot(a.x, a.y, a.port, (figure,), answer=a,
                                      feature=feature_for(game, figure, a.x, a.y, a.port)
                                      if game else -1))
                elif moves and type(a) is MoveFigure and len(a.target) == 3:
                    x, y, port = a.target  # type: ignore[misc]
                    spots.append(Spot(x, y, port, (a.figure,), answer=a,
                                      feature=feature_for(game, a.figure, x, y, port)
                                      if game else -1))
            return spots
        found: dict[tuple[int, int, str, str, str, int], list[str]] = {}
        for action in self.figure_options():
            if isinstance(action, Deploy):
                feature = feature_for(game, action.figure, action.x, action.y, action.port) if game else -1
                found.setdefault((action.x, action.y, action.port, "", "", feature), []).append(action.figure)
            elif isinstance(action, DeployToArea):
                found.setdefault((0, 0, "", action.area, action.slot, -1), []).append(action.figure)
        return [Spot(x, y, port, tuple(figs), area, slot, feature=feature)
                for (x, y, port, area, slot, feature), figs in found.items()]

    def figure_kinds(self) -> list[str]:
        """Figure types that have at least one spot, in the engine's order
        (in a decision: the figures its spot answers move, the mage and the
        witch)."""
        kinds: list[str] = []
        if self.state == DECIDE:
            if self.decision is None or not answers_on_spots(self.decision.kind):
                return kinds  # the plague's answers name figures, not a choice of one
            for spot in self.all_spots():
                if spot.figures[0] and spot.figures[0] not in kinds:
                    kinds.append(spot.figures[0])
            return kinds
        for action in self.figure_options():
            if isinstance(action, (Deploy, DeployToArea)) and action.figure not in kinds:
                kinds.append(action.figure)
        return kinds

    def other_actions(self) -> list[Action]:
        """Figure-step choices that are neither deploy nor pass (recall, expansions)."""
        return [a for a in self.figure_options()
                if not isinstance(a, (Deploy, DeployToArea)) and a != PASS]

    def _pick_default_figure(self) -> None:
        kinds = self.figure_kinds()
        if self.figure_kind not in kinds:
            self.figure_kind = kinds[0] if kinds else "follower"

    def choose_figure_kind(self, kind: str) -> None:
        if kind in self.figure_kinds():
            self.figure_kind = kind

    def spot_figure(self, spot: Spot) -> str:
        """The figure a click on ``spot`` deploys: the chosen type if it may stand there."""
        return self.figure_kind if self.figure_kind in spot.figures else spot.figures[0]

    def spot_action(self, spot: Spot, figure: str | None = None) -> Action:
        """The action a click on ``spot`` takes (what Enter on it does, too)."""
        if spot.answer is not None:
            return spot.answer
        figure = figure or self.spot_figure(spot)
        if spot.area:
            return DeployToArea(figure, spot.area, spot.slot)
        return Deploy(figure, spot.x, spot.y, spot.port)

    def deploy(self, spot: Spot, figure: str | None = None) -> list[Event]:
        return self.choose(self.spot_action(spot, figure))

    def pass_turn(self) -> list[Event]:
        return self.choose(PASS)

    def choose(self, action: Action) -> list[Event]:
        """Take one action of the figure step or of an expansion's decision on
        the tentative copy."""
        if self.state not in (FIGURE, DECIDE) or self.tentative is None:
            return []
        if not accepts(self.tentative, action):
            # the engine's own check: an answer outside the finite sample of
            # `legal_actions()` (the Catapult's aim) is judged by its kind's rule
            return []
        before = self.tentative.copy()
        events = self.tentative.apply(action)
        self._steps.append((action, before, len(self.tentative_events)))
        self.tentative_events = self.tentative_events + list(events)
        self.selected_spot = None
        self._after_action(events)
        return events

    def _nothing_to_deploy(self) -> bool:
        assert self.tentative is not None
        return list(self.tentative.legal_actions()) == [PASS]

    def _auto_pass(self) -> None:
        assert self.tentative is not None
        before = self.tentative.copy()
        events = self.tentative.apply(PASS)
        self._steps.append((PASS, before, len(self.tentative_events)))
        self.tentative_events = self.tentative_events + list(events)
        self.state = READY
        self.auto_passed = True

    def _after_action(self, events: list[Event]) -> None:
        self._settle()
        if any(isinstance(e, OutcomeRevealed) for e in events):
            self.must_commit = True
        self._tell(events)

    def _tell(self, events: list[Event]) -> None:
        if self.observer is not None:
            self.observer(list(events))

    # ------------------------------------------------------------------ undo, confirm

    @property
    def can_undo(self) -> bool:
        return bool(self._steps) and not self.must_commit

    def undo(self) -> bool:
        """Take back the latest tentative step; False when there is nothing to take back."""
        if not self.can_undo:
            return False
        action, before, events_before = self._steps.pop()
        if self.auto_passed and action == PASS and self._steps:
            # the pass was the game's, not the player's: take back the tile
            self.auto_passed = False
            action, before, events_before = self._steps.pop()
        if isinstance(action, PlaceTile):
            self.hover = (action.x, action.y)
            self.rotation = action.rot
            self.tentative = None
            self.place_action = None
            self.tentative_events = []
            self.state = PLACE
            return True
        self.tentative = before
        self.tentative_events = self.tentative_events[:events_before]
        self._settle()
        return True

    def actions(self) -> list[Action]:
        """The actions of the chosen turn, in order, to apply to the real game."""
        return [action for action, _, _ in self._steps]

    def confirm(self) -> list[Action]:
        """The turn is final: returns the actions for the real game (empty if
        not ready, unless chance was revealed: then what was done so far)."""
        if self.state != READY and not self.must_commit:
            return []
        return self.actions()

    @property
    def board_game(self) -> Game:
        """The game to draw: the tentative copy while a turn is being tried out."""
        return self.tentative if self.tentative is not None else self.game


def located(action: Action) -> bool:
    """Whether an answer names a place on the board (x, y and a port), so a
    click there can give it."""
    return (isinstance(getattr(action, "x", None), int) and isinstance(getattr(action, "y", None), int)
            and isinstance(getattr(action, "port", None), str))


def group_spots(spots: Sequence[Spot]) -> dict[Cell, list[Spot]]:
    """Spots by tile (with The Abbot or other expansions they may be on several tiles)."""
    grouped: dict[Cell, list[Spot]] = defaultdict(list)
    for spot in spots:
        grouped[(spot.x, spot.y)].append(spot)
    return dict(grouped)
