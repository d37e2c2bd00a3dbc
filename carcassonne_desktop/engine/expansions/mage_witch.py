"""Mage & Witch (seed 001 p.19 "Mage & Sorcière"; DESIGN 5c): eight magic
tiles and two neutral figures. After a magic tile is placed, before the
figure step, the placer must put or move the mage or the witch onto an
incomplete road or city (not on the tile just placed, never on the other's
feature); when neither can go anywhere one of them leaves play; a tile that
joins their features makes the placer move one of them away before scoring.
The mage adds 1 point per tile of the feature scored, the witch halves it
(rounded up, after inns and cathedrals); a figure leaves play when its
feature is scored. Rulings: docs/rulings.md, "Mage & Witch".
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from carcassonne_desktop.engine.actions import Action, MoveFigure, Remove, Spot
from carcassonne_desktop.engine.decisions import Decision, DecisionKind
from carcassonne_desktop.engine.events import Event
from carcassonne_desktop.engine.expansion import Expansion, register
from carcassonne_desktop.engine.features import Feature
from carcassonne_desktop.engine.figures import FigureType
from carcassonne_desktop.engine.legal import LazySequence
from carcassonne_desktop.engine.score_terms import ScoreTerm, explain
from carcassonne_desktop.engine.turn import Work

if TYPE_CHECKING:
    from carcassonne_desktop.engine.catalogue import RotatedTile
    from carcassonne_desktop.engine.game import Game

MAGE, WITCH = "mage", "witch"
FIGURES = (MAGE, WITCH)
KIND = "mage_witch"  # the decision kind
FLAG = "magic"  # the tile flag of the eight tiles
#: The feature kinds the two figures stand on (001 p.19: "une route ou une ville").
KINDS = frozenset({"road", "city"})
#: The decision's subject names why it is asked: a magic tile, or the two
#: figures brought onto one feature (the interface words each).
MAGIC, SEPARATE = "magic", "separate"
# turn_state key: the cell of the magic tile whose decision was answered.
_DONE = "mage_witch.done"


@dataclass(frozen=True, slots=True)
class Enchanted(Event):
    """The mage or the witch now stands on a road or city held by `owners`
    (the majority there, none for an empty one): what the log says, beside
    the core's `FigureMoved` that gives the place."""

    player: int  # who moved it
    figure: str
    feature: str
    owners: tuple[int, ...]
    kind: ClassVar[str] = "enchanted"


# ------------------------------------------------------------------ queries
def figure_root(game: Game, figure: str) -> int | None:
    """The root of the feature the mage or the witch stands on (None: out of
    play). `game.neutral_node` read in place: asked four times a turn once
    both figures are in play."""
    spot = game.neutral_figures.get(figure)
    if spot is None or len(spot) != 3:  # out of play, or off the tiles
        return None
    x, y, port = spot  # type: ignore[misc]
    placed = game.board.get((x, y))
    if placed is None:
        return None
    local = placed[0].feature_at_port(port, None)
    return game.find(placed[1] + local) if local >= 0 else None


def other(figure: str) -> str:
    return WITCH if figure == MAGE else MAGE


def together(game: Game) -> int | None:
    """The root of the feature both figures stand on, if they share one."""
    spots = game.neutral_figures
    if MAGE not in spots or WITCH not in spots:
        return None  # (asked twice a turn: most turns, one is out of play)
    mage = figure_root(game, MAGE)
    return mage if mage is not None and mage == figure_root(game, WITCH) else None


def open_features(game: Game) -> dict[int, tuple[int, int, str]]:
    """Every incomplete road and city with the spot the figures are put on:
    its first segment not on the tile just placed (001 p.19: "le pion ne
    peut pas être posé sur la tuile que vous venez de placer"; a feature
    that the tile extends is chosen through one of its other tiles). A
    feature completed by the tile just placed is complete."""
    return dict(_open_spots(game))


def _open_spots(game: Game) -> Iterator[tuple[int, tuple[int, int, str]]]:
    """`open_features` one at a time, in segment order, so that a question
    "is there any answer" stops at the first (it is asked after every magic
    tile and every join, on a board of hundreds of segments). Only the road
    and city segments of each tile are looked at, tile by tile in the order
    of their segments; a root is judged once (whether its feature is an open
    road or city does not depend on the segment that reached it)."""
    placed = game.last_placed
    features = game.features
    parent = game.parent
    find = game.find
    done: set[int] = set()
    # The board holds its tiles in the order they were put, which is the
    # order of their segments (`_put_tile` is its only writer; a copy keeps
    # the order): no sort, and the spot is read from the tile at hand.
    for pos, (rotated, base) in game.board.items():
        if pos == placed:
            continue
        segments = _SEGMENTS.get(rotated)
        if segments is None:
            segments = _road_and_city_segments(rotated)
        for local, port in segments:
            node = base + local
            root = parent[node]
            if parent[root] != root:  # (most segments point at their root)
                root = find(node)
            if root in done:
                continue
            done.add(root)
            feature = features[root]
            if feature is not None and feature.kind in KINDS and feature.open != 0:
                yield root, (pos[0], pos[1], port)


#: (local, canonical port) of each rotated tile's roads and cities, by the
#: catalogue's rotated tile (a few catalogues' worth: each Rules builds its own).
_SEGMENTS: dict[RotatedTile, tuple[tuple[int, str], ...]] = {}


def _road_and_city_segments(rotated: RotatedTile) -> tuple[tuple[int, str], ...]:
    """The tile's features the figures may stand on: local index and spot port."""
    if len(_SEGMENTS) > 20_000:
        _SEGMENTS.clear()
    segments = _SEGMENTS[rotated] = tuple(
        (local, rotated.canonical_ports[local])
        for local, spec in enumerate(rotated.tile.features) if spec.kind in KINDS)
    return segments


def moves(game: Game, figures: Iterable[str]) -> Moves:
    """Where each of `figures` may go: an incomplete road or city other than
    the one it stands on and the one the other figure stands on."""
    targets = open_features(game)
    blocks: list[tuple[str, Spot | None, list[tuple[int, int, str]]]] = []
    for figure in figures:
        here = figure_root(game, figure)
        there = figure_root(game, other(figure))
        source = game.neutral_figures.get(figure) if here is not None else None
        spots = [spot for root, spot in targets.items() if root != here and root != there]
        if spots:
            blocks.append((figure, source, spots))
    return Moves(blocks)


class Moves(LazySequence[Action]):
    """The moves of a decision, built only when read (like the core's
    placements): late in a game a decision offers about two hundred (both
    figures to every open road and city) and building each move cost more
    than finding the roads and cities; a player reads one, and `apply`
    checks the answer by its figure, source and target."""

    __slots__ = ("_blocks", "_targets", "_count")

    def __init__(self, blocks: list[tuple[str, Spot | None, list[tuple[int, int, str]]]]
                 ) -> None:
        self._blocks = blocks  # (figure, source, targets), in the listing's order
        self._targets: dict[tuple[str, Spot | None], set[tuple[int, int, str]]] | None = None
        self._count = sum(len(spots) for _, _, spots in blocks)

    def _item(self, index: int) -> Action:
        for figure, source, spots in self._blocks:
            if index < len(spots):
                return _move(figure, source, spots[index])
            index -= len(spots)
        raise IndexError(index)  # pragma: no cover - counts are consistent

    def __iter__(self) -> Iterator[Action]:
        for figure, source, spots in self._blocks:
            made = _moves_from(figure, source)
            for spot in spots:
                move = made.get(spot)
                yield move if move is not None else _move(figure, source, spot)

    def __contains__(self, action: object) -> bool:
        if type(action) is not MoveFigure:
            return False
        targets = self._targets
        if targets is None:
            targets = self._targets = {(f, source): set(spots)
                                       for f, source, spots in self._blocks}
        try:
            spots = targets.get((action.figure, action.source))
            return spots is not None and action.target in spots
        except TypeError:  # a spot given as a list, say: compare one by one
            return any(move == action for move in self)


# The moves built so far, by figure and source, then by target.
_MOVES: dict[tuple[str, Spot | None], dict[tuple[int, int, str], MoveFigure]] = {}


def _moves_from(figure: str, source: Spot | None) -> dict[tuple[int, int, str], MoveFigure]:
    """The moves of one figure from one place built so far (actions are
    immutable, so each is built once and handed out again)."""
    made = _MOVES.get((figure, source))
    if made is None:
        if len(_MOVES) > 10_000:
            _MOVES.clear()
        made = _MOVES[(figure, source)] = {}
    return made


def _move(figure: str, source: Spot | None, target: tuple[int, int, str]) -> MoveFigure:
    made = _moves_from(figure, source)
    move = made.get(target)
    if move is None:
        move = made[target] = MoveFigure(figure, source, target)
    return move


def _can_move(game: Game, figures: Iterable[str]) -> bool:
    """Whether `moves(game, figures)` is not empty, without building it."""
    barred = [(figure_root(game, f), figure_root(game, other(f))) for f in figures]
    return any(root != here and root != there
               for root, _ in _open_spots(game) for here, there in barred)


def _removals(game: Game) -> list[Action]:
    """Nowhere to go: one of the figures in play leaves it (001 p.19 "vous
    devez retirer un des deux pions du jeu")."""
    return [Remove(figure=f) for f in FIGURES if figure_root(game, f) is not None]


# ------------------------------------------------------------ the decision
def _legal(game: Game, decision: Decision) -> Sequence[Action]:
    figures = _movable(game)
    return moves(game, figures) or _removals(game)


def _movable(game: Game) -> tuple[str, ...]:
    """The figures the decision may move: both, or the two sharing a feature."""
    shared = together(game)
    return FIGURES if shared is None else tuple(
        f for f in FIGURES if figure_root(game, f) == shared)


def _resolve(game: Game, decision: Decision, action: Action, events: list[Event]
             ) -> Action | None:
    if type(action) is MoveFigure:
        game.move_figure(-1, action.figure, action.source, action.target, events)
        root = figure_root(game, action.figure)
        assert root is not None
        feature = game.features[root]
        assert feature is not None
        events.append(Enchanted(decision.player, action.figure, feature.kind,
                                game.majority(feature)[0]))
    else:
        assert isinstance(action, Remove) and action.figure is not None
        game.remove_figure(-1, action.figure, None, events)
    if decision.subject[:1] == (MAGIC,):
        game.turn_state[_DONE] = game.last_placed
    return None


def _explain(game: Game, decision: Decision, action: Action) -> str:
    if type(action) is Remove and moves(game, FIGURES):
        return "the mage or the witch can still move: it leaves play only when neither can"
    if type(action) is MoveFigure:
        if together(game) is not None:
            return "move the mage or the witch off the feature they share"
        return ("the mage and the witch go on an incomplete road or city, not on the tile "
                "just placed, not where the other one stands, and not where they already are")
    return f"{action.type} is not a legal answer: move the mage or the witch"


def _magic_tile(game: Game) -> bool:
    if game.last_placed is None:
        return False
    return bool(game.board[game.last_placed][0].tile.flags.get(FLAG))


def _after_place(game: Game, events: list[Event]) -> Decision | None:
    """The magic tile's decision, or the separation of the two figures that
    the tile brought together (one decision does both: ruling)."""
    if together(game) is not None:
        return _ask(game, SEPARATE if not _magic_pending(game) else MAGIC)
    if _magic_pending(game):
        return _ask(game, MAGIC)
    return None


def _before_score(game: Game, events: list[Event]) -> Decision | None:
    """A later join in the turn (a ferry turned) parts them before scoring too:
    at the start of the scoring step, so after every work of the figure step's
    aftermath whatever its expansion's order (ruling MX1)."""
    return _ask(game, SEPARATE) if together(game) is not None else None


def _magic_pending(game: Game) -> bool:
    return _magic_tile(game) and game.turn_state.get(_DONE) != game.last_placed


def _ask(game: Game, why: str) -> Decision | None:
    decision = Decision(KIND, game.turn_player, False, (why,))
    if not _can_move(game, _movable(game)) and not _removals(game):
        game.turn_state[_DONE] = game.last_placed  # neither is in play nor can come in
        return None
    return decision


@register
class MageWitch(Expansion):
    id = "mage_witch"
    # After Inns & Cathedrals (10: the witch halves the inn's or cathedral's
    # value) and before Hills & Sheep (40: DESIGN 5c puts the mage or witch
    # before the robbers and the flock in the placement's questions).
    order = 36
    data_file = "mage_witch.json"
    title = {"fr": "Mage & Sorcière", "en": "Mage & Witch"}
    description = {
        "fr": "8 tuiles Magie : qui en pose une place le mage ou la sorcière sur une route ou "
        "une ville inachevée, où le mage ajoute 1 point par tuile et où la sorcière divise "
        "les points par deux.",
        "en": "8 magic tiles: whoever places one puts the mage or the witch on an unfinished "
        "road or city, where the mage adds 1 point per tile and the witch halves the points.",
    }
    rules = {
        "fr": """8 tuiles portant le symbole Magie sont mélangées aux autres. Le mage (violet) et la sorcière (orange) n’appartiennent à personne.

- Quand vous posez une tuile Magie, vous devez, avant de poser un partisan, poser le mage ou la sorcière sur une route ou une ville inachevée, ou déplacer l’un d’eux s’il est déjà en jeu. Jamais sur la tuile que vous venez de poser (une route ou une ville qu’elle prolonge se choisit sur une autre de ses tuiles), jamais sur la route ou la ville de l’autre.
- Si aucun des deux ne peut aller nulle part, vous retirez l’un d’eux du jeu (il reviendra avec une prochaine tuile Magie).
- Si une tuile réunit le mage et la sorcière sur une même route ou ville, vous devez aussitôt en déplacer un ailleurs, avant l’évaluation.
- Le mage rapporte 1 point de plus par tuile de la route ou de la ville évaluée.
- La sorcière divise par 2 les points de la route ou de la ville (arrondi au supérieur), après l’auberge ou la cathédrale.
- Quand la route ou la ville est évaluée, le pion quitte le jeu, même si personne n’y marque.
- En fin de partie, ils comptent de la même façon. Une route avec auberge ou une ville avec cathédrale inachevée rapporte alors 1 point par tuile grâce au mage (les blasons ne rapportent rien).
- Dans la fenêtre : choisissez le mage ou la sorcière dans les cases sous la carte, puis cliquez le repère d’une route (losange) ou d’une ville (carré) pour l’y poser. Une bulle sur une route ou une ville dit si le mage ou la sorcière s’y trouve.""",
        "en": """8 tiles showing the magic symbol are shuffled in with the others. The mage (purple) and the witch (orange) belong to nobody.

- When you place a magic tile you must, before deploying a follower, put the mage or the witch on an unfinished road or city, or move one of them if it is already in play. Never on the tile you just placed (a road or city the tile extends is chosen on another of its tiles), never on the other one’s road or city.
- If neither can go anywhere, you take one of them out of play (it comes back with a later magic tile).
- If a tile brings the mage and the witch onto one road or city, you must move one of them elsewhere at once, before scoring.
- The mage brings 1 more point per tile of the road or city scored.
- The witch halves the points of the road or city (rounded up), after the inn or cathedral.
- When the road or city is scored, the figure leaves play, even if nobody scores there.
- At the end of the game they count the same way. An unfinished road with an inn or city with a cathedral then scores 1 point per tile thanks to the mage (shields score nothing).
- In the window: choose the mage or the witch in the boxes under the card, then click the marker of a road (diamond) or city (square) to put it there. Pointing at a road or city says whether the mage or the witch stands on it.""",
    }

    def figures(self) -> Iterable[FigureType]:
        return tuple(FigureType(name, 1, KINDS, strength=0, occupies=False, group=name,
                                neutral=True) for name in FIGURES)

    def decision_kinds(self) -> Iterable[DecisionKind]:
        return (DecisionKind(KIND, _legal, _resolve, _explain),)

    def turn_work(self) -> Iterable[Work]:
        return (Work("after_place", _after_place, name="mage_witch.place"),
                Work("score", _before_score, before=True, name="mage_witch.part"))

    def modify_points(self, game: Game, feature: Feature, points: int, completed: bool) -> int:
        """Mage then witch, after the inn's or cathedral's value (seed 004's
        tally order; 001 p.19: the witch halves what the inn or cathedral gave)."""
        if feature.kind not in KINDS or not game.neutral_figures:
            return points
        on = [f for f in FIGURES if _stands_on(game, f, feature)]
        if MAGE in on:
            explain(game, ScoreTerm(MAGE, len(feature.tiles)))
            points += len(feature.tiles)
        if WITCH in on:
            halved = (points + 1) // 2
            if halved != points:
                explain(game, ScoreTerm(WITCH, 1, halved - points))
            points = halved
        return points

    def on_feature_scored(self, game: Game, root: int, owners: tuple[int, ...],
                          events: list[Event]) -> None:
        """001 p.19: "Si un pion Mage ou Sorcière occupe une zone qui est
        évaluée, alors retirez-le du jeu" (owners or not)."""
        for figure in FIGURES:
            if figure_root(game, figure) == root:
                game.remove_figure(-1, figure, None, events)


def _stands_on(game: Game, figure: str, feature: Feature) -> bool:
    node = game.neutral_node(figure)
    return node is not None and game.features[game.find(node)] is feature
