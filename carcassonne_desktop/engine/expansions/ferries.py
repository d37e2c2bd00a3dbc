"""The Ferries (seed 001 "Les Bacs"): 8 lake tiles whose roads end at a lake.

Each road end of a lake tile is a road of its own that stops at the lake
(the catalogue's quays); a ferry on the lake links two of them into one
road. After the figure step of a lake tile the placer puts its ferry
(decision `ferry`). Then, for every road the placed tile extended, the
first ferry met along it may be turned once to any two ends of its lake
(decision `ferry_move`, asked again until the player passes or none is
left). Links live in `extension_state` and are reported through
`tile_links`, so the core's `relink` rebuilds the roads a turn changes and
the followers on them follow their segment.

Rulings (docs/rulings.md, "Ferries"):
- a road "leads to a ferry" when the ferry links one of its ends (a quay
  without a ferry stops the road: the walk ends there);
- the ferry placed this turn is never among those that may be turned
  (its placer just chose its link); the walk passes through it;
- a ferry turned this turn still stops the walk (it is the first met) but
  may not be turned again;
- turning to the link it already has is no turn (that is a pass);
- with the builder's second tile, each placement has its own ferry step;
- a builder (or any figure that stands only with its owner's follower)
  that a turn leaves without that follower goes home.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any, ClassVar

from carcassonne_desktop.engine.actions import PASS, Action, _int, register_action
from carcassonne_desktop.engine.decisions import Decision, DecisionKind
from carcassonne_desktop.engine.errors import MalformedError
from carcassonne_desktop.engine.events import Event
from carcassonne_desktop.engine.expansion import Expansion, register
from carcassonne_desktop.engine.features import (
    NEVER,
    FeatureKind,
    Position,
    no_points,
    register_kind,
)
from carcassonne_desktop.engine.geometry import EDGE_PORTS
from carcassonne_desktop.engine.layout_props import register_prop_placement
from carcassonne_desktop.engine.turn import Work

if TYPE_CHECKING:
    from carcassonne_desktop.engine.catalogue import TileType
    from carcassonne_desktop.engine.game import Game

ID = "ferries"
FERRY = "ferry"  # the decision kind and the action type of placing a ferry
FERRY_MOVE = "ferry_move"  # the decision kind and the action type of turning one
LAKE = "lake"  # the feature kind of the lake (never placeable: it stops roads)
LAKE_FLAG = "ferry_lake"  # the tile flag of the catalogue
LAKE_PROP = "ferry_lake"  # the lake's picture (the River's lake prop holds the name "lake")
LAKE_RADIUS = 0.2  # the lake's disc, in tile units: figures and roads keep to its rim

register_prop_placement(LAKE_PROP, "centre", radius=LAKE_RADIUS, road_end=True,
                        feature_kind=LAKE)
_PLACED = f"{ID}.placed"  # turn_state: the lake tile whose ferry is down
_MOVES = f"{ID}.moves"  # turn_state: (placed tile, ferries turned, passed)

register_kind(FeatureKind(LAKE, NEVER, no_points, order=97))

Link = tuple[str, str]  # two road ends (edge ports, board orientation), in N E S W order


def link_of(ends: Iterable[str]) -> Link:
    """Two road ends in the canonical order (N, E, S, W), whatever the order given."""
    first, second = sorted(ends, key=EDGE_PORTS.index)
    return first, second


def _link_field(data: Mapping[str, Any]) -> Link:
    value = data.get("link")
    if (not isinstance(value, list | tuple) or len(value) != 2
            or not all(isinstance(p, str) and p in EDGE_PORTS for p in value)
            or value[0] == value[1]):
        raise MalformedError(
            f"{data.get('type')}: 'link' must be two different sides among N, E, S, W, "
            f"got {value!r}")
    return link_of(value)


# ---------------------------------------------------------------- actions
@dataclass(frozen=True, slots=True)
class _FerryLink(Action):
    """The ferry of the lake at (x, y) links the road ends `link` (any order
    given names one link: the canonical N, E, S, W order is kept)."""

    x: int
    y: int
    link: Link

    def __post_init__(self) -> None:
        object.__setattr__(self, "link", link_of(self.link))

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "x": self.x, "y": self.y, "link": list(self.link)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> _FerryLink:
        return cls(_int(data, "x"), _int(data, "y"), _link_field(data))


@register_action
@dataclass(frozen=True, slots=True)
class PlaceFerry(_FerryLink):
    """The new ferry of the lake tile just placed, between two of its ends."""

    type: ClassVar[str] = FERRY


@register_action
@dataclass(frozen=True, slots=True)
class MoveFerry(_FerryLink):
    """A ferry turned to two other road ends of its lake."""

    type: ClassVar[str] = FERRY_MOVE


@dataclass(frozen=True, slots=True)
class FerryPlaced(Event):
    """`player` put the ferry of the lake at (x, y) between the ends `link`."""

    player: int
    x: int
    y: int
    link: Link
    kind: ClassVar[str] = "ferry_placed"


@dataclass(frozen=True, slots=True)
class FerryMoved(Event):
    """`player` turned the ferry at (x, y) from the ends `before` to `link`."""

    player: int
    x: int
    y: int
    before: Link
    link: Link
    kind: ClassVar[str] = "ferry_moved"


# ------------------------------------------------------------- the state
def ferries(game: Game) -> dict[Position, tuple[int, int]]:
    """Ferries on the board: the two local road features each links, by tile."""
    return {pos: (a, b) for pos, a, b in game.extension_state.get(ID, ())}


def ferry_links(game: Game) -> dict[Position, Link]:
    """Ferries on the board with the road ends each links (board orientation)."""
    out = {}
    for pos, (a, b) in ferries(game).items():
        ports = game.board[pos][0].canonical_ports
        out[pos] = link_of((ports[a], ports[b]))
    return out


def _store(game: Game, links: Mapping[Position, tuple[int, int]]) -> None:
    game.extension_state[ID] = tuple(sorted((pos, a, b) for pos, (a, b) in links.items()))


def is_lake_tile(game: Game, pos: Position) -> bool:
    return bool(game.board[pos][0].tile.flags.get(LAKE_FLAG))


def road_ends(game: Game, pos: Position) -> dict[str, int]:
    """The road ends of the lake tile at `pos`: local road feature by edge port."""
    rotated = game.board[pos][0]
    return {rotated.canonical_ports[local]: local
            for local, spec in enumerate(rotated.tile.features) if spec.kind == "road"}


def possible_links(game: Game, pos: Position) -> list[Link]:
    """Every pair of road ends of the lake at `pos`, in a stable order."""
    ends = sorted(road_ends(game, pos), key=EDGE_PORTS.index)
    return [link_of(pair) for pair in combinations(ends, 2)]


def _locals(game: Game, pos: Position, link: Link) -> tuple[int, int]:
    ends = road_ends(game, pos)
    a, b = sorted((ends[link[0]], ends[link[1]]))
    return a, b


# ------------------------------------------------- the first ferries met
def _road_neighbours(game: Game, node: int, links: Mapping[Position, tuple[int, int]]
                     ) -> list[int]:
    """Road segments joined to `node` across its tile's edges and its ferry."""
    pos, local = game.node_pos[node], game.node_local[node]
    rotated, base = game.board[pos]
    out = []
    for direction, nport, closes_edge in rotated.local_links[local]:
        if not closes_edge:
            continue
        dx, dy = ((0, -1), (1, 0), (0, 1), (-1, 0))[direction]
        neighbour = game.board.get((pos[0] + dx, pos[1] + dy))
        if neighbour is None:
            continue
        facing, nbase = neighbour
        nlocal = facing.port_feature[nport]
        if nlocal >= 0:
            out.append(nbase + nlocal)
    link = links.get(pos)
    if link is not None and local in link:
        out.append(base + (link[1] if local == link[0] else link[0]))
    return out


def first_ferries(game: Game, placed: Position) -> list[Position]:
    """The first ferry met along each road of the tile at `placed`, walking
    away from it (its own ferry, placed this turn, is passed through)."""
    rotated, base = game.board[placed]
    starts = [base + local for local, spec in enumerate(rotated.tile.features)
              if spec.kind == "road"]
    if not starts or not _ferry_on_roads(game, placed, starts):
        return []
    links = ferries(game)
    found: set[Position] = set()
    seen = set(starts)
    todo = list(starts)
    while todo:
        node = todo.pop()
        pos = game.node_pos[node]
        link = links.get(pos)
        if pos != placed and link is not None and game.node_local[node] in link:
            found.add(pos)  # the first ferry met on this way: look no further
            continue
        for other in _road_neighbours(game, node, links):
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return sorted(found)


def _ferry_on_roads(game: Game, placed: Position, starts: list[int]) -> bool:
    """Whether another tile's ferry lies on one of the roads `starts` belong
    to. A road's feature already joins what the ferries link (`tile_links`),
    so the walk of `first_ferries` never leaves it: without a ferry on its
    tiles the walk, run every turn once a ferry exists, would find none.
    (Read from the kept ferries, not `ferries()`'s dict: asked every turn.)"""
    others = {pos for pos, _, _ in game.extension_state.get(ID, ()) if pos != placed}
    if not others:
        return False
    features = game.features
    for start in starts:
        feature = features[game.find(start)]
        if feature is not None and not others.isdisjoint(feature.tiles):
            return True
    return False


def movable_ferries(game: Game) -> list[Position]:
    """The ferries the turn player may still turn now (none once they passed)."""
    placed = game.last_placed
    if placed is None:
        return []
    moves = game.turn_state.get(_MOVES)
    turned: tuple[Position, ...] = ()
    if moves is not None and moves[0] == placed:
        if moves[2]:
            return []
        turned = moves[1]
    return [pos for pos in first_ferries(game, placed) if pos not in turned]


# ------------------------------------------------------------- the works
def _may_ferry(tile: TileType) -> bool:
    """`Work.tiles` of the ferries' work: a lake tile gets its ferry, and
    only a tile with a road can lead to a ferry to turn (`first_ferries`)."""
    return bool(tile.flags.get(LAKE_FLAG)) or tile.has_feature("road")


def _ferry_work(game: Game, events: list[Event]) -> Decision | None:
    """After the figure step (seed 001: "2. Poser un meeple, 3. Poser un bac,
    4. Faire pivoter un bac, 5. Évaluer"): the new ferry, then the turns."""
    placed = game.last_placed
    if placed is None or game.over:
        return None
    if is_lake_tile(game, placed) and game.turn_state.get(_PLACED) != placed:
        return Decision(FERRY, game.turn_player, False, placed)
    if not game.extension_state.get(ID):
        return None
    movable = movable_ferries(game)
    if not movable:
        return None
    return Decision(FERRY_MOVE, game.turn_player, True, tuple(movable))


def _ferry_legal(game: Game, decision: Decision) -> list[Action]:
    x, y = decision.subject
    return [PlaceFerry(x, y, link) for link in possible_links(game, (x, y))]


def _ferry_resolve(game: Game, decision: Decision, action: Action, events: list[Event]
                   ) -> Action | None:
    assert isinstance(action, PlaceFerry)
    pos = (action.x, action.y)
    links = ferries(game)
    a, b = links[pos] = _locals(game, pos, action.link)
    _store(game, links)
    game.turn_state[_PLACED] = pos
    base = game.board[pos][1]
    game.join_features(base + a, base + b)
    events.append(FerryPlaced(decision.player, *pos, action.link))
    return None


def _ferry_explain(game: Game, decision: Decision, action: Action) -> str:
    ends = ", ".join(" ".join(link) for link in possible_links(game, decision.subject))
    return (f"put the ferry of the lake at {tuple(decision.subject)} between two of its "
            f"road ends (a ferry action; links: {ends})")


def _move_legal(game: Game, decision: Decision) -> list[Action]:
    current = ferry_links(game)
    out: list[Action] = [
        MoveFerry(x, y, link) for x, y in decision.subject
        for link in possible_links(game, (x, y)) if link != current[(x, y)]
    ]
    out.append(PASS)
    return out


def _move_resolve(game: Game, decision: Decision, action: Action, events: list[Event]
                  ) -> Action | None:
    placed = game.last_placed
    moves = game.turn_state.get(_MOVES)
    turned = moves[1] if moves is not None and moves[0] == placed else ()
    if not isinstance(action, MoveFerry):  # a pass: no more turns this turn
        game.turn_state[_MOVES] = (placed, turned, True)
        return None
    pos = (action.x, action.y)
    links = ferries(game)
    before = ferry_links(game)[pos]
    old = links[pos]
    new = links[pos] = _locals(game, pos, action.link)
    _store(game, links)
    game.turn_state[_MOVES] = (placed, (*turned, pos), False)
    base = game.board[pos][1]
    roots = game.relink([base + n for n in (*old, *new)])
    events.append(FerryMoved(decision.player, *pos, before, action.link))
    _send_home_the_stranded(game, roots, events)
    return None


def _send_home_the_stranded(game: Game, roots: Iterable[int], events: list[Event]) -> None:
    """A figure that stands only with its owner's follower (the builder, the
    pig) and that the turn left on a part of the road without one goes home,
    as when that follower leaves (rulings, "Ferries")."""
    if not game.rules.dependent_figures:
        return
    types = game.rules.figure_by_name
    for root in roots:
        feature = game.features[root]
        assert feature is not None
        for owner, name, node in feature.figures:
            if types[name].requires_own_follower and not any(
                    other == owner and types[kind].strength > 0
                    for other, kind, _ in feature.figures):
                game.return_figure(owner, name, node, events)


def _move_explain(game: Game, decision: Decision, action: Action) -> str:
    cells = ", ".join(str(tuple(pos)) for pos in decision.subject)
    return (f"turn one of the ferries at {cells} to two other road ends of its lake "
            "(a ferry_move action), or pass")


@register
class Ferries(Expansion):
    id = ID
    order = 47
    title = {"fr": "Les Bacs", "en": "The Ferries"}
    description = {
        "fr": "8 tuiles Lac : un bac relie deux routes du lac, et qui prolonge une route menant "
        "à un bac peut le faire pivoter pour relier d’autres routes.",
        "en": "8 lake tiles: a ferry links two roads of the lake, and whoever extends a road "
        "leading to a ferry may turn it to link other roads.",
    }
    data_file = "ferries.json"
    rules = {
        "fr": """8 tuiles Lac sont mélangées aux autres. Chaque route d’une tuile Lac s’arrête au lac.

- Quand vous posez une tuile Lac, posez d’abord un partisan si vous le souhaitez (sur l’une des routes, comme d’habitude), puis posez le bac : il relie deux des routes du lac, qui forment alors une seule route. Cliquez deux bouts de route du lac, ou l’un des liens proposés.
- Une route qui arrive au lac à un endroit sans bac s’arrête là.
- Quand vous posez une tuile qui prolonge une route menant à un bac, vous pouvez faire pivoter le premier bac rencontré sur cette route en partant de votre tuile : il relie alors deux routes quelconques de son lac, même en quittant la route que vous venez de prolonger.
- Si votre tuile prolonge plusieurs routes menant à des bacs, vous pouvez faire pivoter le premier bac de chacune. Un bac ne pivote qu’une fois par tour ; le bac que vous venez de poser ne pivote pas.
- Les routes et les partisans qui s’y trouvent se séparent et se rejoignent quand un bac pivote ; chaque partisan reste sur sa portion de route. Ensuite seulement les zones achevées sont évaluées.
- Une route qui traverse un lac compte la tuile Lac une seule fois. Avec Auberges et Cathédrales, le lac n’est pas une auberge.""",
        "en": """8 lake tiles are shuffled in with the others. Each road of a lake tile ends at the lake.

- When you place a lake tile, first deploy a follower if you wish (on one of its roads, as usual), then put the ferry: it links two of the lake’s roads, which become one road. Click two road ends of the lake, or one of the links offered.
- A road that reaches the lake where there is no ferry stops there.
- When you place a tile that extends a road leading to a ferry, you may turn the first ferry met on that road, starting from your tile: it then links any two roads of its lake, even leaving the road you just extended.
- If your tile extends several roads leading to ferries, you may turn the first ferry of each. A ferry turns at most once a turn; the ferry you just put does not turn.
- Roads, and the followers on them, split and join as a ferry turns; each follower stays on its part of the road. Only then are completed features scored.
- A road through a lake counts the lake tile once. With Inns & Cathedrals, the lake is no inn.""",
    }

    def decision_kinds(self) -> Iterable[DecisionKind]:
        return (DecisionKind(FERRY, _ferry_legal, _ferry_resolve, _ferry_explain),
                DecisionKind(FERRY_MOVE, _move_legal, _move_resolve, _move_explain))

    def turn_work(self) -> Iterable[Work]:
        return (Work("after_figure", _ferry_work, name=f"{ID}.ferries", tiles=_may_ferry),)

    def tile_links(self, game: Game, x: int, y: int) -> Iterable[tuple[int, int]]:
        link = ferries(game).get((x, y))
        return (link,) if link is not None else ()
