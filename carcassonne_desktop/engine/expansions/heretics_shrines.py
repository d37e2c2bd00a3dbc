"""Heretics & Shrines (seed 003 "Hérétiques et lieux de culte"; seed 002 "LIEUX DE
CULTE ET HERETIQUES"): 5 shrine tiles scored like cloisters, placed next to at
most one cloister, and the challenge between a monk and a heretic who touch.

Rulings (docs/rulings.md, "Heretics & Shrines"):
- a shrine may touch (8 neighbours) at most one cloister and a cloister at most
  one shrine; the rule is checked on the board as it would be after the tile
  is placed, so a tile that would give a neighbour a second rival is refused;
- the challenge is read from the board when a cloister or shrine is scored
  completed: if it was occupied and the rival next to it is occupied and still
  open, the rival's figures go home with nothing; both completed by the same
  tile: both score, nobody loses;
- any figure that may stand on a cloister may stand on a shrine (the abbot
  too), and an abbot takes part in a challenge like any monk or heretic; a
  recall is not a completion and decides no challenge;
- gardens take no part in the placement rule nor in challenges.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from carcassonne_desktop.engine.catalogue import RotatedTile, TileType
from carcassonne_desktop.engine.events import Event, FigureReturned
from carcassonne_desktop.engine.expansion import Expansion, register
from carcassonne_desktop.engine.features import (
    NEIGHBOURHOOD,
    FeatureKind,
    Position,
    neighbourhood_points,
    register_kind,
)
from carcassonne_desktop.engine.figures import FigureType
from carcassonne_desktop.engine.geometry import NEIGHBOURHOOD as AROUND
from carcassonne_desktop.engine.layout_props import register_prop_placement

if TYPE_CHECKING:
    from carcassonne_desktop.engine.game import Game

ID = "heretics_shrines"
#: extension_state: the cloisters and shrines on the board (`centres`).
_CENTRES = f"{ID}.centres"
SHRINE = "shrine"
CLOISTER = "cloister"
#: Each side of a challenge and its rival.
RIVALS = {CLOISTER: SHRINE, SHRINE: CLOISTER}

register_kind(FeatureKind(SHRINE, NEIGHBOURHOOD, neighbourhood_points, order=32))
# As big as a cloister, and a road that stops on the tile runs to it. The
# rotunda is lower than a figure: a follower on its middle hid it whole, so
# the figure stands before its door instead, under the dome.
register_prop_placement(SHRINE, "centre", radius=0.19, anchor_shift=(0.0, 0.2), road_end=True)


@dataclass(frozen=True, slots=True)
class ChallengeLost(Event):
    """A monk or heretic lost a challenge: its cloister or shrine at (x, y)
    scores nothing and its figures went home (the `figure_returned` events
    follow); the winner's feature stands at (winner_x, winner_y). ``figure``
    is the player's figure sent home (an abbot is not a monk in the log)."""

    player: int
    feature: str
    x: int
    y: int
    winner_x: int
    winner_y: int
    figure: str = "follower"
    kind: ClassVar[str] = "challenge_lost"

    def tells_return(self, returned: FigureReturned) -> bool:
        return (returned.player, returned.figure, returned.x, returned.y) == (
            self.player, self.figure, self.x, self.y)


def centre_kind(tile: TileType) -> str | None:
    """`cloister` or `shrine` if the tile holds one (never both)."""
    kinds = tile.feature_kinds
    if CLOISTER in kinds:
        return CLOISTER
    return SHRINE if SHRINE in kinds else None


def centre_at(game: Game, x: int, y: int) -> tuple[str, int] | None:
    """The cloister or shrine on the tile at (x, y): its kind and root node."""
    placed = game.board.get((x, y))
    if placed is None:
        return None
    rotated, base = placed
    for local, feature in enumerate(rotated.tile.features):
        if feature.kind in RIVALS:
            return feature.kind, game.find(base + local)
    return None


def neighbours_of_kind(game: Game, x: int, y: int, kind: str) -> Iterator[tuple[int, int, int]]:
    """(x, y, root) of every `kind` feature on the 8 tiles around (x, y)."""
    for dx, dy in AROUND:
        found = centre_at(game, x + dx, y + dy)
        if found is not None and found[0] == kind:
            yield x + dx, y + dy, found[1]


def placement_problem(game: Game, kind: str, x: int, y: int) -> str | None:
    """Why a `kind` (cloister or shrine) may not go at (x, y), or None."""
    rival = RIVALS[kind]
    rivals = list(neighbours_of_kind(game, x, y, rival))
    if len(rivals) > 1:
        return f"a {kind} may not touch more than one {rival}"
    for rx, ry, _ in rivals:
        if any(True for _ in neighbours_of_kind(game, rx, ry, kind)):
            return f"the {rival} at ({rx}, {ry}) already touches a {kind}"
    return None


def centres(game: Game) -> tuple[tuple[str, Position], ...]:
    """Every cloister and shrine tile on the board (its kind and cell), in
    the order they were placed: kept by `on_tile_placed` while the expansion
    plays (a scan of the whole board at every cloister or shrine dealt cost
    more than the rest of the deal), found by a scan otherwise."""
    kept = game.extension_state.get(_CENTRES)
    if kept is not None:
        return kept  # type: ignore[no-any-return]
    return tuple((found, pos) for pos, (rotated, _) in game.board.items()
                 if (found := centre_kind(rotated.tile)) is not None)


def forbidden_cells(game: Game, kind: str) -> set[Position]:
    """Every empty cell where a `kind` tile would break the rule, from one
    pass over the board: `placement_problem` for each candidate cell looked
    at 8 neighbours of 8 neighbours, for every cloister or shrine dealt. A
    cell is forbidden next to two rivals, or next to a rival that already
    touches a `kind` (the same answer, tests/test_heretics_shrines.py)."""
    rival = RIVALS[kind]
    rivals: list[Position] = []
    same: set[Position] = set()
    for found, pos in centres(game):
        if found == rival:
            rivals.append(pos)
        elif found == kind:
            same.add(pos)
    if not rivals:
        return set()
    touching: set[Position] = set()
    forbidden: set[Position] = set()
    for x, y in rivals:
        around = [(x + dx, y + dy) for dx, dy in AROUND]
        taken = any(cell in same for cell in around)
        for cell in around:
            if taken or cell in touching:
                forbidden.add(cell)
            touching.add(cell)
    # (not `forbidden - board.keys()`: that copies every placed cell into
    # a set first, 12 us on a board of 225 tiles against 1 us for this)
    board = game.board
    return {cell for cell in forbidden if cell not in board}


def challenger(game: Game, root: int) -> tuple[int, int, int] | None:
    """The occupied rival (x, y, root) touching the occupied cloister or shrine
    `root`, i.e. the other side of its challenge, if there is one."""
    feature = game.features[root]
    if feature is None or feature.kind not in RIVALS or not feature.figures:
        return None
    x, y = game.node_pos[root]
    for rx, ry, other in neighbours_of_kind(game, x, y, RIVALS[feature.kind]):
        rival = game.features[other]
        if rival is not None and rival.figures:
            return rx, ry, other
    return None


@register
class HereticsShrines(Expansion):
    id = ID
    order = 61
    title = {"fr": "Hérétiques & Lieux de culte", "en": "Heretics & Shrines"}
    description = {
        "fr": "5 lieux de culte se mêlent aux tuiles et se comptent comme des abbayes ; un "
        "partisan posé sur l’un d’eux est un hérétique. Un hérétique et un moine voisins se "
        "défient : le premier dont le lieu est entouré de huit tuiles marque 9 points, l’autre "
        "ne marque rien.",
        "en": "5 shrines join the tiles and score like cloisters; a follower on one is a heretic. "
        "A heretic and a monk side by side challenge each other: the first whose building is "
        "surrounded by eight tiles scores 9, the other nothing.",
    }
    data_file = "heretics_shrines.json"
    rules = {
        "fr": """5 tuiles Lieu de culte sont mélangées aux autres. Un lieu de culte se place et se compte comme une abbaye : entouré de huit tuiles il rapporte 9 points, inachevé en fin de partie 1 point plus 1 par tuile voisine. Un partisan posé sur un lieu de culte s’appelle un hérétique.

- Un lieu de culte ne peut pas toucher (sur les côtés ou en diagonale) plus d’une abbaye, et une abbaye ne peut pas toucher plus d’un lieu de culte. Les tuiles qui enfreindraient cette règle ne sont pas proposées.
- Le défi : quand une abbaye occupée et un lieu de culte occupé se touchent, le moine et l’hérétique se défient, quels que soient leurs propriétaires (on peut se défier soi-même).
- Le premier des deux achevé rapporte ses 9 points habituels. Le partisan de l’autre rentre aussitôt dans la réserve de son propriétaire, sans aucun point.
- Si la même tuile achève les deux à la fois, il n’y a pas de perdant : chacun marque ses 9 points.
- Si le défi n’est pas terminé à la fin de la partie, l’abbaye et le lieu de culte marquent tous les deux comme des abbayes inachevées.
- Celui qui pose un lieu de culte peut mettre son partisan ailleurs sur la tuile (route, ville, pré).
- Avec L’Abbé : l’abbé peut aller sur un lieu de culte, et un abbé sur une abbaye ou un lieu de culte prend part au défi comme un moine ou un hérétique. Reprendre son abbé n’achève rien : le défi s’arrête sans gagnant ni perdant. Les jardins ne comptent ni pour la règle de voisinage ni pour les défis.""",
        "en": """5 shrine tiles are shuffled in with the others. A shrine is placed and scored like a cloister: surrounded by eight tiles it scores 9, unfinished at the end 1 point plus 1 per neighbouring tile. A follower on a shrine is called a heretic.

- A shrine may not touch (on a side or diagonally) more than one cloister, and a cloister may not touch more than one shrine. Placements that would break this rule are not offered.
- The challenge: when an occupied cloister and an occupied shrine touch, the monk and the heretic challenge each other, whoever owns them (you may challenge yourself).
- The first of the two to be completed scores its usual 9 points. The other's follower goes straight back to its owner's supply, with no points at all.
- If the same tile completes both at once there is no loser: each scores its 9 points.
- If the challenge is still open at the end of the game, the cloister and the shrine both score as unfinished cloisters.
- Whoever places a shrine may put the follower elsewhere on the tile (road, city, field).
- With the Abbot: the abbot may go on a shrine, and an abbot on a cloister or a shrine takes part in a challenge like a monk or a heretic. Taking the abbot back completes nothing: the challenge ends with no winner and no loser. Gardens count neither for the placement rule nor for challenges.""",
    }

    def extend_figure_kinds(self, figure: FigureType) -> frozenset[str]:
        # "Un lieu de culte est placé et évalué de la même façon qu'une abbaye":
        # whatever may stand on a cloister may stand on a shrine.
        if CLOISTER in figure.kinds:
            return figure.kinds | {SHRINE}
        return figure.kinds

    def on_tile_placed(self, game: Game, x: int, y: int, rotated: RotatedTile) -> None:
        kind = centre_kind(rotated.tile)
        state = game.extension_state
        if kind is not None:
            state[_CENTRES] = state.get(_CENTRES, ()) + ((kind, (x, y)),)
        elif _CENTRES not in state:
            state[_CENTRES] = ()

    def filters_tile(self, tile: TileType) -> bool:
        """Only a cloister or a shrine minds its neighbours."""
        return centre_kind(tile) is not None

    def filter_cells(
        self, game: Game, tile: TileType, cells: list[Position]
    ) -> list[Position]:
        # the rule depends on the cell only, not on the rotation
        kind = centre_kind(tile)
        if kind is None:
            return cells
        forbidden = forbidden_cells(game, kind)
        if not forbidden:
            return cells
        return [cell for cell in cells if cell not in forbidden]

    def explain_placement(
        self, game: Game, tile: TileType, x: int, y: int, rot: int
    ) -> str | None:
        kind = centre_kind(tile)
        return placement_problem(game, kind, x, y) if kind is not None else None

    def on_feature_scored(
        self, game: Game, root: int, owners: tuple[int, ...], events: list[Event]
    ) -> None:
        feature = game.features[root]
        if feature is None or not feature.completed:
            return  # final scoring or a recall: no challenge is decided
        other = challenger(game, root)
        if other is None:
            return
        rx, ry, rival_root = other
        rival = game.features[rival_root]
        assert rival is not None
        if rival.open == 0:
            return  # completed by the same tile: both score, nobody loses
        x, y = game.node_pos[root]
        for player, figure in sorted({(p, f) for p, f, _ in rival.figures}):
            events.append(ChallengeLost(player, rival.kind, rx, ry, x, y, figure))
        for spot in list(rival.figures):
            if spot in rival.figures:
                game.return_figure(*spot, events)
