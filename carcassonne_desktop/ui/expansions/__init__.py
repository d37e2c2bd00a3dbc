"""Interface plug-ins of the expansions (DESIGN.md section 2c).

Each module in this package registers what its expansion adds to the interface
when it is imported; `discover()` imports them all, so there is no hand-kept
list and the tile art never names an expansion. The registry holds tile
symbols (painters for a feature key such as ``goods`` on a city, or a tile flag
such as ``hill``), tile props (pictures the layout places, such as a building
beside a road or a pool where a river ends, see :func:`register_prop`), figure
styles and player notes. Symbols and props are painted only when a tile surface
is first built (the art is cached), never per frame.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal

from carcassonne_desktop.discovery import import_all
from carcassonne_desktop.engine.layout_props import Placement, PropPlacement, prop_placement
from carcassonne_desktop.engine.layout_props import props_placed as engine_props_placed

if TYPE_CHECKING:
    from carcassonne_desktop.engine.tile_layout import Prop
    from carcassonne_desktop.ui.art.symbols import SymbolContext
    from carcassonne_desktop.ui.art.tile_art import Painter

#: When a symbol is painted: ``ground`` under roads, rivers and cities (relief);
#: ``terrain`` over them but under buildings (crops, bridges); ``top`` above
#: everything (tokens that must stay readable).
Layer = Literal["ground", "terrain", "top"]
LAYERS: tuple[Layer, ...] = ("ground", "terrain", "top")

#: ``painter(context, feature, value)``: ``feature`` is the index of the feature
#: carrying the key, or None for a tile flag; ``value`` is the key's value.
TileSymbolPainter = Callable[["SymbolContext", "int | None", Any], None]


@dataclass(frozen=True)
class TileSymbol:
    """A registered painter and the layer it paints in."""

    name: str
    painter: TileSymbolPainter
    layer: Layer


_SYMBOLS: dict[str, TileSymbol] = {}


def _register_once(table: dict[str, Any], name: str, value: Any, what: str) -> None:
    """One value per name: a second, different registration would make the
    interface depend on import order, so it is refused."""
    existing = table.get(name)
    if existing is not None and existing != value:
        raise ValueError(f"{what} {name!r} is already registered")
    table[name] = value


def register_tile_symbol(name: str, painter: TileSymbolPainter, *, layer: Layer = "terrain") -> None:
    """Paint ``painter`` wherever a feature key or tile flag ``name`` is set.

    One painter per name: a second registration would make the art depend on
    import order, so it is refused.
    """
    if layer not in LAYERS:
        raise ValueError(f"unknown layer {layer!r} for tile symbol {name!r}")
    existing = _SYMBOLS.get(name)
    if existing is not None and existing.painter is not painter:
        raise ValueError(f"tile symbol {name!r} is already registered")
    _SYMBOLS[name] = TileSymbol(name, painter, layer)


Point = tuple[float, float]

#: When a prop is painted: ``water`` over rivers but under roads and cities (a
#: pool the river runs into); ``buildings`` with the core's buildings, after the
#: terrain symbols, in the props' ``order``.
PropLayer = Literal["water", "buildings"]
PROP_LAYERS: tuple[PropLayer, ...] = ("water", "buildings")

#: ``painter(paint, prop, detail, rng)``: ``prop`` is in board orientation;
#: ``rng`` is the tile's own generator (shared with the grass and houses, so
#: random details stay the same from one render to the next).
PropPainter = Callable[["Painter", "Prop", bool, random.Random], None]


@dataclass(frozen=True)
class PropKind:
    """A registered prop: how the engine's layout places it (``spec``, declared
    by the expansion's engine module, since figures stand by it) and how it
    is painted."""

    spec: PropPlacement
    painter: PropPainter
    order: float
    layer: PropLayer

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def placement(self) -> Placement:
        return self.spec.placement

    @property
    def radius(self) -> float:
        return self.spec.radius

    @property
    def anchor_shift(self) -> Point:
        return self.spec.anchor_shift

    @property
    def feature_kind(self) -> str:
        return self.spec.feature_kind


_PROPS: dict[str, PropKind] = {}


def register_prop(name: str, painter: PropPainter, *, order: float,
                  layer: PropLayer = "buildings") -> None:
    """Paint the prop ``name`` with ``painter``. Where it stands is engine data
    (``engine.layout_props.register_prop_placement`` in the expansion's engine
    module), because figures stand by it; a prop no expansion placed is refused.

    ``order`` sorts it among the buildings (the core draws its crossroads hamlet
    at 1, cloisters and shrines at 4, shields at 6: lower is drawn first, so
    under). As with symbols, one registration per name: a second would make
    the art depend on import order.
    """
    if layer not in PROP_LAYERS:
        raise ValueError(f"unknown layer {layer!r} for prop {name!r}")
    _register_once(_PROPS, name, PropKind(prop_placement(name), painter, order, layer), "prop")


def tile_props() -> Mapping[str, PropKind]:
    """Every registered prop by name (modules discovered on first use)."""
    discover()
    return MappingProxyType(_PROPS)


def props_placed(placement: Placement) -> tuple[PropKind, ...]:
    """The registered props placed one way, in the engine's declaration order
    (the layout's order, which the drawing keeps for props of equal ``order``)."""
    props = tile_props()
    return tuple(props[spec.name] for spec in engine_props_placed(placement) if spec.name in props)


@dataclass(frozen=True)
class FigureStyle:
    """How a figure looks: a silhouette in a unit box (x right, y down), an
    optional round head, extra shapes drawn with the silhouette (a hood, a
    hat, a crook), its size relative to a follower, and whether a second
    ring round the colour mark says it weighs double."""

    body: tuple[Point, ...]
    head: tuple[Point, float] | None = ((0.5, 0.19), 0.15)
    extras: tuple[tuple[Point, ...], ...] = ()
    scale: float = 1.0
    ring: bool = False
    face: bool = False
    #: A neutral figure's own colour (a name of ``player_colour_names``):
    #: nobody's colour applies to it, so its choice chip wears this one.
    colour: str | None = None


_FIGURES: dict[str, FigureStyle] = {}


def register_figure_style(name: str, style: FigureStyle) -> None:
    """The look of one figure type (by the engine's figure name)."""
    _register_once(_FIGURES, name, style, "figure style")


def figure_style(name: str) -> FigureStyle | None:
    """The registered look of a figure, or None (drawn as a follower)."""
    discover()
    return _FIGURES.get(name)


_SPOT_SHAPES: dict[str, str] = {}


def register_spot_shape(kind: str, shape: str) -> None:
    """The outline of the figure spots on a feature kind an expansion adds
    (one of ``ui/art/spot_shapes.SHAPES``), so players tell the spots apart
    by shape as well as by colour."""
    from carcassonne_desktop.ui.art.spot_shapes import SHAPES

    if shape not in SHAPES:
        raise ValueError(f"unknown spot shape {shape!r} for feature kind {kind!r}")
    _register_once(_SPOT_SHAPES, kind, shape, "spot shape of")


def spot_shapes() -> Mapping[str, str]:
    """The spot shapes the expansions registered, by feature kind."""
    discover()
    return MappingProxyType(_SPOT_SHAPES)


#: (game, player) -> a short line about what the player holds that the panel
#: shows under their name ("Troupeau : 5 moutons"), or None.
PlayerNote = Callable[[Any, int], "str | None"]
_NOTES: dict[str, list[PlayerNote]] = {}


#: (game, player) -> the note in words, a sentence for the tooltip over the
#: player's row ("♚ 5" means nothing until it is said), or None.
_NOTE_WORDS: dict[str, list[PlayerNote]] = {}


def register_player_note(expansion_id: str, note: PlayerNote, words: PlayerNote | None = None) -> None:
    """A line in the players panel, asked only in games with that expansion;
    ``words`` says it in full when the mouse is over the player's row."""
    notes = _NOTES.setdefault(expansion_id, [])
    if note not in notes:
        notes.append(note)
    said = _NOTE_WORDS.setdefault(expansion_id, [])
    if words is not None and words not in said:
        said.append(words)


def player_notes(game: Any, player: int) -> tuple[str, ...]:
    """What the expansions in play have to say about one player."""
    return _asked(_NOTES, game, player)


def player_note_words(game: Any, player: int) -> tuple[str, ...]:
    """The players panel's notes about one player in full sentences."""
    return _asked(_NOTE_WORDS, game, player)


def _asked(table: Mapping[str, list[PlayerNote]], game: Any, player: int) -> tuple[str, ...]:
    discover()
    found = (note(game, player) for eid in game.rules.expansion_ids for note in table.get(eid, ()))
    return tuple(text for text in found if text)


#: (surface, camera, game, layer) -> None: drawn over the board and its
#: figures wherever a game's board is drawn (figures kept off the tiles).
BoardOverlay = Callable[[Any, Any, Any, Any], None]
_OVERLAYS: dict[str, list[BoardOverlay]] = {}


def register_board_overlay(expansion_id: str, overlay: BoardOverlay) -> None:
    """Something to draw over the board, only in games with that expansion."""
    overlays = _OVERLAYS.setdefault(expansion_id, [])
    if overlay not in overlays:
        overlays.append(overlay)


def board_overlays(game: Any) -> tuple[BoardOverlay, ...]:
    discover()
    return tuple(o for eid in game.rules.expansion_ids for o in _OVERLAYS.get(eid, ()))


#: (events, index, game) -> (words, cell) or None: a word flashed over the
#: board where an event of the batch happened (the wolf was only in the log).
BoardFlash = Callable[[Any, int, Any], "tuple[str, tuple[int, int]] | None"]
_FLASHES: dict[str, list[BoardFlash]] = {}


def register_board_flash(kind: str, flash: BoardFlash) -> None:
    """A word shown on the board, where it happened, for events of ``kind``."""
    flashes = _FLASHES.setdefault(kind, [])
    if flash not in flashes:
        flashes.append(flash)


def board_flashes(events: Any, game: Any) -> list[tuple[str, tuple[int, int]]]:
    """The words to flash over the board for a batch of events."""
    discover()
    out = []
    for index, event in enumerate(events):
        for flash in _FLASHES.get(getattr(event, "kind", ""), ()):
            said = flash(events, index, game)
            if said is not None:
                out.append(said)
    return out


#: (game, decision) -> {cell: action}: board cells that answer a decision when
#: clicked (a quarter of a city off the tiles); the scene frames them.
BoardChoices = Callable[[Any, Any], "Mapping[tuple[int, int], Any]"]
_BOARD_CHOICES: dict[str, BoardChoices] = {}


def register_board_choices(kind: str, choices: BoardChoices) -> None:
    """Let a decision kind be answered by clicking board cells."""
    _register_once(_BOARD_CHOICES, kind, choices, "board choices for")


def board_choices(game: Any, decision: Any) -> Mapping[tuple[int, int], Any]:
    """The cells that answer `decision` (empty for most kinds)."""
    discover()
    choices = _BOARD_CHOICES.get(decision.kind) if decision is not None else None
    return choices(game, decision) if choices is not None else {}


#: (game, decision, x, y, port) -> the answer a click on that feature gives,
#: or None: for decisions whose answers are features rather than cells (a
#: follower going onto one field among several on a tile).
FeatureChoice = Callable[[Any, Any, int, int, str], Any]
_FEATURE_CHOICES: dict[str, FeatureChoice] = {}


def register_feature_choice(kind: str, choice: FeatureChoice) -> None:
    """Let a decision kind be answered by clicking a feature of the board."""
    _register_once(_FEATURE_CHOICES, kind, choice, "a feature choice for")


def answered_on_features(kind: str) -> bool:
    """Whether a decision kind's answers are given by clicking features."""
    discover()
    return kind in _FEATURE_CHOICES


def feature_choice(game: Any, decision: Any, spot: tuple[int, int, str] | None) -> Any:
    """The answer a click on the feature `spot` (x, y, port) gives, if any."""
    discover()
    choice = _FEATURE_CHOICES.get(decision.kind) if decision is not None else None
    if choice is None or spot is None:
        return None
    return choice(game, decision, *spot)


_SPOT_ANSWERS: set[str] = set()


def register_spot_answers(kind: str) -> None:
    """Let the answers of a decision kind that move a figure onto a feature
    of the board (a ``move`` whose target is x, y, port) be spots there,
    clicked like a deploy; when they name several figures, the figure chips
    under the card choose which one moves (the mage or the witch)."""
    _SPOT_ANSWERS.add(kind)


def answers_on_spots(kind: str) -> bool:
    """Whether a decision kind's moves are answered on the board's spots."""
    discover()
    return kind in _SPOT_ANSWERS


#: (game, decision, picked, x, y, port) -> what a click on the feature at
#: (x, y, port) does when `picked` were clicked before it: the answer, once
#: the clicks say it all; the features picked so far (a tuple, perhaps empty)
#: when one more click is needed; None when this feature picks nothing. For
#: answers named by two places (a ferry's two road ends).
FeaturePick = Callable[[Any, Any, tuple[tuple[int, int, str], ...], int, int, str], Any]
_FEATURE_PICKS: dict[str, FeaturePick] = {}


def register_feature_pick(kind: str, pick: FeaturePick) -> None:
    """Let a decision kind be answered by clicking several features in turn."""
    _register_once(_FEATURE_PICKS, kind, pick, "a feature pick for")


def feature_pick(game: Any, decision: Any, picked: tuple[tuple[int, int, str], ...],
                 spot: tuple[int, int, str] | None) -> Any:
    """What a click on the feature `spot` does after the features `picked`
    (see `FeaturePick`); None when the decision kind picks no features."""
    discover()
    pick = _FEATURE_PICKS.get(decision.kind) if decision is not None else None
    if pick is None or spot is None:
        return None
    return pick(game, decision, picked, *spot)


#: (game, action) -> the button text of one answer, or None for the generic one.
ChoiceLabel = Callable[[Any, Any], "str | None"]
_LABELS: dict[str, ChoiceLabel] = {}


def register_choice_label(kind: str, label: ChoiceLabel) -> None:
    """Words for the answers of a decision kind that keys alone cannot say
    (an answer naming a cell of the board)."""
    _LABELS[kind] = label


def expansion_choice_label(kind: str, game: Any, action: Any) -> str | None:
    discover()
    label = _LABELS.get(kind)
    return label(game, action) if label is not None else None


#: ``painter(surface, camera, game)``: draws over the tiles and under the
#: figures (the Wheel of Fortune's wheel and its pig). It caches what it can.
BoardPainter = Callable[[Any, Any, Any], None]
#: ``moving(game) -> bool``: the painter is animating (the scene keeps its
#: full frame rate while it is).
BoardMotion = Callable[[Any], bool]
_BOARD_PAINTERS: dict[str, list[tuple[BoardPainter, BoardMotion | None]]] = {}


def register_board_painter(expansion_id: str, painter: BoardPainter,
                           moving: BoardMotion | None = None) -> None:
    """Something drawn on the board itself, in games with that expansion."""
    painters = _BOARD_PAINTERS.setdefault(expansion_id, [])
    if all(p is not painter for p, _ in painters):
        painters.append((painter, moving))


def board_painters(game: Any) -> tuple[tuple[BoardPainter, BoardMotion | None], ...]:
    discover()
    return tuple(entry for eid in game.rules.expansion_ids for entry in _BOARD_PAINTERS.get(eid, ()))


#: ``points(game) -> {(area, slot): (x, y)}``: where each slot of an area
#: lies on the board, in board units (tile (x, y) spans x..x+1, y..y+1).
AreaPoints = Callable[[Any], Mapping[tuple[str, str], tuple[float, float]]]
_AREA_POINTS: dict[str, AreaPoints] = {}


def register_area_points(expansion_id: str, points: AreaPoints) -> None:
    """Board positions of an expansion's area slots: the figures standing in
    them are drawn there, and a deploy to a slot is a spot clicked there."""
    _AREA_POINTS[expansion_id] = points


def area_points(game: Any) -> dict[tuple[str, str], tuple[float, float]]:
    discover()
    found: dict[tuple[str, str], tuple[float, float]] = {}
    for eid in game.rules.expansion_ids:
        if eid in _AREA_POINTS:
            found.update(_AREA_POINTS[eid](game))
    return found


#: (event, player names) -> the log line of an event, "" for no line at all
#: (another event of the expansion said it), or None (not one of theirs: the
#: next text, or the core's, tells it).
EventText = Callable[[Any, "tuple[str, ...] | list[str]"], "str | None"]
_EVENT_TEXTS: dict[str, list[EventText]] = {}


def register_event_text(kind: str, text: EventText) -> None:
    """How the log tells an event of ``kind``: an expansion's own event
    (``challenge_lost``), or a core event it says better (the king changing
    hands is a ``token_gained``)."""
    texts = _EVENT_TEXTS.setdefault(kind, [])
    if text not in texts:
        texts.append(text)


def event_text(event: Any, names: Any) -> str | None:
    """The first log line an expansion gives the event, or None."""
    discover()
    for text in _EVENT_TEXTS.get(getattr(event, "kind", ""), ()):
        line = text(event, names)
        if line is not None:
            return line
    return None


#: (game, feature info) -> one more line for a feature's tooltip, or None.
FeatureNote = Callable[[Any, Any], "str | None"]
_FEATURE_NOTES: dict[str, list[FeatureNote]] = {}


def register_feature_note(expansion_id: str, note: FeatureNote) -> None:
    """A line under a feature's tooltip (a challenge), in games with that expansion."""
    notes = _FEATURE_NOTES.setdefault(expansion_id, [])
    if note not in notes:
        notes.append(note)


def feature_notes(game: Any, info: Any) -> tuple[str, ...]:
    """What the expansions in play add to the tooltip of one feature."""
    discover()
    found = (note(game, info) for eid in game.rules.expansion_ids
             for note in _FEATURE_NOTES.get(eid, ()))
    return tuple(text for text in found if text)


#: Tokens whose holder a player note already shows (the king): the panel does
#: not list them a second time with the goods.
_NOTED_TOKENS: set[str] = set()


def register_noted_token(token: str) -> None:
    """Leave ``token`` out of the panel's token line: a player note shows it."""
    _NOTED_TOKENS.add(token)


def noted_tokens() -> frozenset[str]:
    discover()
    return frozenset(_NOTED_TOKENS)


#: (game, decision) -> one more sentence for the pill while that decision is
#: asked (what the board alone does not say), or None.
DecisionNote = Callable[[Any, Any], "str | None"]
_DECISION_NOTES: dict[str, list[DecisionNote]] = {}


def register_decision_note(kind: str, note: DecisionNote) -> None:
    """A sentence the pill adds to a decision's hint, said before the player
    answers (where the Count stands, and what that does to a follower put
    there)."""
    notes = _DECISION_NOTES.setdefault(kind, [])
    if note not in notes:
        notes.append(note)


def decision_notes(game: Any, decision: Any) -> tuple[str, ...]:
    """What the expansions add to the hint of ``decision``."""
    discover()
    if decision is None:
        return ()
    found = (note(game, decision) for note in _DECISION_NOTES.get(decision.kind, ()))
    return tuple(text for text in found if text)


#: (game, token) -> the players who would win a token contested by majority now.
TokenLeaders = Callable[[Any, str], "tuple[int, ...]"]
#: Token kinds an expansion's players hold, by expansion id, each with who
#: leads it (None: not won by a majority).
_TOKEN_KINDS: dict[str, dict[str, TokenLeaders | None]] = {}


def register_token_kinds(expansion_id: str, tokens: tuple[str, ...],
                         leaders: TokenLeaders | None = None) -> None:
    """The tokens of an expansion's inventory (the goods), listed for every
    player all game long, from the first turn; ``leaders`` says who leads
    a token won by holding the most (the panel marks them)."""
    _TOKEN_KINDS.setdefault(expansion_id, {}).update({token: leaders for token in tokens})


def token_kinds(game: Any) -> dict[str, TokenLeaders | None]:
    """The registered tokens of the expansions in play, in their order."""
    discover()
    return {token: leaders for eid in game.rules.expansion_ids
            for token, leaders in _TOKEN_KINDS.get(eid, {}).items()}

#: ``factory(app, game, decision, answer) -> Scene``: a full-screen scene for a
#: human's decision of one kind (the Catapult's mini-game, where the answer is a
#: point in the plane no button can give). ``game`` is the tentative game (to
#: read, never to change), ``decision`` the pending one; the scene calls
#: ``answer(action)`` once with its answer. The game scene then pops it and
#: plays the answer through the human's controller, which validates it with
#: the kind's ``accepts``: a refused answer leaves the decision pending and the
#: scene is asked for again (see ``ui/decision_scenes.py``).
DecisionSceneFactory = Callable[[Any, Any, Any, Callable[[Any], None]], Any]
_DECISION_SCENES: dict[str, DecisionSceneFactory] = {}


def register_decision_scene(kind: str, factory: DecisionSceneFactory) -> None:
    """The scene pushed when a human must answer a decision of ``kind``
    (one per kind: a second would depend on import order)."""
    _register_once(_DECISION_SCENES, kind, factory, "decision scene")


def decision_scene(kind: str) -> DecisionSceneFactory | None:
    """The scene factory registered for a decision kind, if any."""
    discover()
    return _DECISION_SCENES.get(kind)


#: ``fn(game, decision) -> action | None``: the answer the game suggests to a
#: human for a decision (``register_suggestion``).
Suggestion = Callable[[Any, Any], Any]
_SUGGESTIONS: dict[str, Suggestion] = {}


def register_suggestion(kind: str, suggest: Suggestion) -> None:
    """The answer the game suggests for a small, frequent question (which
    scoring pawn moves): the answer buttons mark it, and with the setting
    ``follow_suggestions`` a human's decision of that kind is answered by it
    at once (the record still holds the answer)."""
    _register_once(_SUGGESTIONS, kind, suggest, "suggestion")


def suggestion_for(kind: str) -> Suggestion | None:
    """The suggestion registered for a decision kind, if any."""
    discover()
    return _SUGGESTIONS.get(kind)


#: ``factory(app, game, decision, action, done) -> Scene``: a computer
#: player's answer of one kind shown in a scene before it is played (the
#: Catapult's flight), where a person may even take part (a human catching a
#: computer's throw). ``game`` is the real game (to read), ``action`` the
#: computer's answer; the scene calls ``done(action)`` once with the answer to
#: play: the computer's, or one the people at the table changed (a catch's
#: outcome). The game scene pops it and plays that answer for the computer,
#: validated as any answer is. Skipped at the "instant" computer speed.
WatchSceneFactory = Callable[[Any, Any, Any, Any, Callable[[Any], None]], Any]
_WATCH_SCENES: dict[str, WatchSceneFactory] = {}


def register_watch_scene(kind: str, factory: WatchSceneFactory) -> None:
    """The scene shown when a computer player answers a decision of ``kind``."""
    _register_once(_WATCH_SCENES, kind, factory, "watch scene")


def watch_scene(kind: str | None) -> WatchSceneFactory | None:
    """The watch scene registered for a decision kind, if any."""
    if kind is None:
        return None
    discover()
    return _WATCH_SCENES.get(kind)


def discover() -> None:
    """Import every module of this package once (each registers itself)."""
    import_all(__name__, __path__)


def tile_symbols() -> Mapping[str, TileSymbol]:
    """Every registered tile symbol by name (modules discovered on first use)."""
    discover()
    return MappingProxyType(_SYMBOLS)
