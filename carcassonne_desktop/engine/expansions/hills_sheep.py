"""Hills & Sheep (seed 000 p.12-13; the choice's place in the turn: seed 004).

- Hills: a hill tile placed during the game takes the next tile of the bag
  under it, face down and unseen (out of the game). In every majority, tied
  players with a follower on a hill tile of the feature win alone.
- Vineyards: a completed cloister scores 3 more per vineyard tile among its
  eight neighbours (category `cloister`; nothing for incomplete cloisters).
- The shepherd (one per player, strength 0) stands on a field; a token of the
  bag of 18 (`sheep_1`..`sheep_4`, `wolf`; stream `sheep`) is drawn when it is
  deployed and whenever its owner extends its field and chooses to grow the
  flock (`{"type": "flock", "choice": "grow"}`); herding (`"herd"`) scores
  1 point per sheep of the field's whole flock for every shepherd there
  (category `sheep`); a wolf sends the field's sheep and shepherds home.
- hs/02's north edge belongs to two cities (`shared_edge`): a city touching
  it joins both (see `_join_shared_edges`).

Rulings: docs/rulings.md, "Hills & Sheep".
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from carcassonne_desktop.engine.actions import Action, register_action
from carcassonne_desktop.engine.catalogue import RotatedTile, TileType
from carcassonne_desktop.engine.decisions import Decision, DecisionKind
from carcassonne_desktop.engine.errors import MalformedError
from carcassonne_desktop.engine.events import Event
from carcassonne_desktop.engine.expansion import Expansion, register
from carcassonne_desktop.engine.features import Feature
from carcassonne_desktop.engine.figures import FigureType
from carcassonne_desktop.engine.geometry import DELTAS, NEIGHBOURHOOD, OPPOSITE, PORT_INDEX
from carcassonne_desktop.engine.score_terms import ScoreTerm, explain
from carcassonne_desktop.engine.turn import Work

if TYPE_CHECKING:
    from carcassonne_desktop.engine.game import Game

HILLS_SHEEP = "hills_sheep"
SHEPHERD = "shepherd"
SHEEP = "sheep"  # the draw stream and the score category
WOLF = "wolf"
#: The 18 tokens of the bag (seed 000 p.12 "4x 1 mouton, 5x 2 moutons, 5x 3
#: moutons, 2x 4 moutons, 2x loup"), names fixed by DESIGN 5b.
TOKEN_COUNTS: tuple[tuple[str, int], ...] = (
    ("sheep_1", 4), ("sheep_2", 5), ("sheep_3", 5), ("sheep_4", 2), (WOLF, 2),
)
TOKENS: tuple[str, ...] = tuple(name for name, _ in TOKEN_COUNTS)
FULL_BAG: tuple[str, ...] = tuple(name for name, count in TOKEN_COUNTS for _ in range(count))
FLOCK = "flock"  # the decision kind and the action type
GROW, HERD = "grow", "herd"
HILL, VINEYARD = "hill", "vineyard"
VINEYARD_POINTS = 3

# turn_state keys (immutable values)
_FLOCK_DONE = "hills_sheep.flock_done"  # cell of the tile whose flock choice is made


def sheep_in(token: str) -> int:
    """Sheep shown on a token (0 for the wolf)."""
    return int(token.rsplit("_", 1)[1]) if token.startswith("sheep_") else 0


class HillsSheepState(NamedTuple):
    """`game.extension_state["hills_sheep"]` (immutable)."""

    #: (cell of a hill tile, the tile face down under it), in placing order.
    hidden: tuple[tuple[tuple[int, int], str], ...] = ()
    #: (player, tokens beside that player's shepherd), sorted by player.
    flocks: tuple[tuple[int, tuple[str, ...]], ...] = ()
    #: Tokens face down in the bag, sorted (with repeats: the draw population).
    bag: tuple[str, ...] = FULL_BAG


def state_of(game: Game) -> HillsSheepState:
    state = game.extension_state.get(HILLS_SHEEP)
    return state if state is not None else HillsSheepState()


def _store(game: Game, state: HillsSheepState) -> None:
    game.extension_state[HILLS_SHEEP] = state


def flock_of(game: Game, player: int) -> tuple[str, ...]:
    """Tokens beside `player`'s shepherd (empty if the shepherd is at home)."""
    return dict(state_of(game).flocks).get(player, ())


def field_flock(game: Game, root: int) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """The shepherds' owners on a field and the field's whole flock."""
    feature = game.features[game.find(root)]
    assert feature is not None
    flocks = dict(state_of(game).flocks)
    owners = tuple(sorted({p for p, f, _ in feature.figures if f == SHEPHERD}))
    tokens = tuple(t for p in owners for t in flocks.get(p, ()))
    return owners, tokens


def flock_sheep(tokens: Iterable[str]) -> int:
    return sum(sheep_in(t) for t in tokens)


# ------------------------------------------------------------------ action
@register_action
@dataclass(frozen=True, slots=True)
class Flock(Action):
    """The shepherd's choice when its owner extends its field: `grow` (draw a
    token) or `herd` (score the flock). `drawn`, the token a `grow` revealed,
    is written in the record as a check and is not part of the choice (it is
    left out of equality)."""

    choice: str
    drawn: str | None = field(default=None, compare=False)
    type: ClassVar[str] = FLOCK

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "choice": self.choice}
        if self.drawn is not None:
            out["drawn"] = self.drawn
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Flock:
        choice = data.get("choice")
        if choice not in (GROW, HERD):
            raise MalformedError(f"flock: 'choice' must be 'grow' or 'herd', got {choice!r}")
        drawn = data.get("drawn")
        if drawn is not None and (choice != GROW or drawn not in TOKENS):
            raise MalformedError(f"flock: bad 'drawn': {drawn!r}")
        return cls(choice, drawn)


GROW_ACTION = Flock(GROW)
HERD_ACTION = Flock(HERD)


# ------------------------------------------------------------- the flocks
def _shepherd_spot(game: Game, player: int) -> tuple[int, str, int] | None:
    if game.supply[player].get(SHEPHERD):
        return None  # a player's one shepherd, in the supply: on no field (asked every turn)
    for spot in game.figures_placed:
        if spot[0] == player and spot[1] == SHEPHERD:
            return spot
    return None


def _extended_field(game: Game, player: int) -> int | None:
    """Root of the field holding `player`'s shepherd if the tile just placed
    extends it, else None."""
    spot = _shepherd_spot(game, player)
    if spot is None or game.last_placed is None:
        return None
    root = game.find(spot[2])
    rotated, base = game.board[game.last_placed]
    for local, spec in enumerate(rotated.tile.features):
        if spec.kind == "field" and game.find(base + local) == root:
            return root
    return None


def _draw_token(game: Game, player: int, events: list[Event], expect: str | None = None) -> str:
    return game.draw(SHEEP, state_of(game).bag, events, player,  # type: ignore[no-any-return]
                     expect=expect)


def _add_to_flock(game: Game, player: int, token: str) -> None:
    state = state_of(game)
    bag = list(state.bag)
    bag.remove(token)
    flocks = dict(state.flocks)
    flocks[player] = flocks.get(player, ()) + (token,)
    _store(game, state._replace(flocks=tuple(sorted(flocks.items())), bag=tuple(bag)))


def _empty_field(game: Game, root: int, score: bool, events: list[Event]) -> None:
    """Herd (score) or lose to the wolf the flock of a field: its tokens go
    back in the bag and every shepherd on it goes home."""
    root = game.find(root)
    feature = game.features[root]
    assert feature is not None
    owners, tokens = field_flock(game, root)
    if score and owners:
        game.award(owners, flock_sheep(tokens), SHEEP, "herd", events,
                   tiles=tuple(sorted(feature.tiles)),
                   terms=(ScoreTerm(SHEEP, flock_sheep(tokens)),))
    state = state_of(game)
    flocks = {p: t for p, t in state.flocks if p not in owners}
    _store(game, state._replace(flocks=tuple(sorted(flocks.items())),
                                bag=tuple(sorted(state.bag + tokens))))
    for spot in [s for s in feature.figures if s[1] == SHEPHERD]:
        game.return_figure(*spot, events)  # the flock is back already: the hook finds none


def _flock_legal(game: Game, decision: Decision) -> list[Action]:
    return [GROW_ACTION, HERD_ACTION]


def _flock_resolve(
    game: Game, decision: Decision, action: Action, events: list[Event]
) -> Action | None:
    assert isinstance(action, Flock)
    player = decision.player
    root = _extended_field(game, player)
    assert root is not None
    if action.choice == HERD:
        game.turn_state[_FLOCK_DONE] = game.last_placed
        _empty_field(game, root, True, events)
        return None
    # a replay checks the recorded token before anything changes
    token = _draw_token(game, player, events, expect=action.drawn)
    game.turn_state[_FLOCK_DONE] = game.last_placed
    if token == WOLF:
        _empty_field(game, root, False, events)
    else:
        _add_to_flock(game, player, token)
    return Flock(GROW, token)  # the record keeps the token drawn (DESIGN 5b)


def _flock_explain(game: Game, decision: Decision, action: Action) -> str:
    return "the shepherd's field was extended: choose grow or herd (a flock action)"


def _flock_work(game: Game, events: list[Event]) -> Decision | None:
    """After the placement, before the figure step (seed 000 p.12 'et ce,
    avant de pouvoir placer un partisan'): the player who extended the field
    of their own shepherd chooses to grow or herd the flock."""
    state = game.turn_state
    pos = game.last_placed
    if state.get(_FLOCK_DONE) == pos:
        return None
    player = game.turn_player
    root = _extended_field(game, player)
    if root is None:
        state[_FLOCK_DONE] = pos
        return None
    feature = game.features[root]
    assert feature is not None
    return Decision(FLOCK, player, False, tuple(sorted(feature.tiles)))


def _shepherd_work(game: Game, events: list[Event]) -> Decision | None:
    """A shepherd just deployed draws its first token; with the wolf it goes
    home at once (seed 000 p.12)."""
    player = game.turn_player
    spot = _shepherd_spot(game, player)
    if spot is None or flock_of(game, player):
        return None
    token = _draw_token(game, player, events)
    if token == WOLF:
        game.return_figure(*spot, events)
    else:
        _add_to_flock(game, player, token)
    return None


# ----------------------------------------------------- hs/02's shared edge
def _shared_edge(rotated: RotatedTile) -> tuple[int, int] | None:
    """(local city, board direction of the edge it shares) if the tile has one."""
    own = _shared_edge_of(rotated.tile)
    if own is None:
        return None
    return own[0], (own[1] + rotated.rot) % 4


def _shared_edge_of(tile: TileType) -> tuple[int, int] | None:
    """(local city, unturned direction of its shared edge), once per tile
    type: every placed tile asks it of itself and its four neighbours (kept
    in a plain dict by tile type: an `lru_cache` call cost more than the
    rest of the question)."""
    try:
        return _SHARED_EDGES[tile]
    except KeyError:
        pass
    found = None
    for local, spec in enumerate(tile.features):
        edge = spec.attrs.get("shared_edge")
        if isinstance(edge, str):
            found = local, PORT_INDEX[edge]
            break
    if len(_SHARED_EDGES) > 20_000:  # tile types of a few catalogues (each Rules builds its own)
        _SHARED_EDGES.clear()
    _SHARED_EDGES[tile] = found
    return found


_SHARED_EDGES: dict[TileType, tuple[int, int] | None] = {}


# ---------------------------------------------------------------- the rules
@register
class HillsSheep(Expansion):
    id = HILLS_SHEEP
    order = 40
    title = {"fr": "Moutons & collines", "en": "Hills & Sheep"}
    description = {
        "fr": "18 tuiles avec collines et vignobles, et un berger par joueur. Une colline "
        "cache une tuile et départage les égalités ; les vignobles enrichissent les abbayes ; "
        "le berger fait grandir son troupeau… gare au loup !",
        "en": "18 tiles with hills and vineyards, and a shepherd each. A hill hides a tile and "
        "breaks ties; vineyards enrich cloisters; the shepherd grows a flock... beware the wolf!",
    }
    data_file = "hills_sheep.json"
    rules = {
        "fr": """18 nouvelles tuiles sont mélangées aux autres. Chaque joueur reçoit un berger de sa couleur. Les 18 jetons (4 jetons à 1 mouton, 5 à 2 moutons, 5 à 3 moutons, 2 à 4 moutons et 2 loups) sont mis face cachée dans un sac.

- Colline : quand vous posez une tuile Colline, la tuile suivante de la pioche est glissée dessous, face cachée, sans que personne ne la voie. Elle ne sera pas jouée : la partie est un peu plus courte.
- En cas d’égalité pour la majorité (route, ville ou pré, pendant la partie comme à la fin), les joueurs à égalité qui ont un partisan sur une tuile Colline de cet endroit l’emportent seuls. Si aucun n’en a, tous les joueurs à égalité marquent.
- Vignoble : une abbaye achevée rapporte 3 points de plus pour chaque tuile Vignoble parmi les 8 tuiles qui l’entourent. À la fin de la partie, les vignobles ne rapportent rien aux abbayes inachevées.
- Berger : au lieu d’un partisan, vous pouvez poser votre berger sur un pré de la tuile que vous venez de poser, même s’il y a déjà des paysans, mais pas s’il y a déjà un berger. Vous piochez aussitôt un jeton : un mouton reste près du berger ; un loup le renvoie chez vous (le loup retourne dans le sac).
- Chaque fois que vous posez une tuile qui agrandit le pré de votre berger, vous devez choisir, avant de poser un pion : agrandir le troupeau (piocher un jeton : un mouton s’ajoute au troupeau ; un loup mange tout le troupeau du pré et tous les bergers du pré rentrent) ou ramener le troupeau (chaque berger du pré marque 1 point par mouton de tout le pré, puis bergers et moutons rentrent).
- Si deux prés avec des bergers se rejoignent, leurs moutons forment un seul troupeau, partagé par tous les bergers du pré.
- Le berger ne compte jamais pour la majorité d’un pré. À la fin de la partie, les bergers et leurs moutons ne rapportent rien.""",
        "en": """18 new tiles are shuffled in with the others. Each player gets a shepherd in their colour. The 18 tokens (4 with 1 sheep, 5 with 2 sheep, 5 with 3 sheep, 2 with 4 sheep and 2 wolves) go face down in a bag.

- Hill: when you place a hill tile, the next tile of the draw pile is slid under it face down, unseen by anyone. It is never played: the game is a little shorter.
- When a majority is tied (road, city or field, during the game as at the end), the tied players who have a follower on a hill tile of that feature win alone. If none has, every tied player scores.
- Vineyard: a completed cloister scores 3 more points for each vineyard tile among the 8 tiles around it. At the end of the game vineyards give nothing to unfinished cloisters.
- Shepherd: instead of a follower you may put your shepherd on a field of the tile you just placed, even beside farmers, but not where another shepherd stands. You draw a token at once: a sheep stays beside the shepherd; a wolf sends the shepherd home (the wolf goes back in the bag).
- Whenever you place a tile that extends your shepherd's field, you must choose, before deploying a figure: grow the flock (draw a token: a sheep joins the flock; a wolf eats the field's whole flock and every shepherd there goes home) or herd the flock (every shepherd of the field scores 1 point per sheep of the whole field, then shepherds and sheep go home).
- When two fields with shepherds join, their sheep form one flock shared by every shepherd of the field.
- A shepherd never counts in a field's majority. At the end of the game shepherds and their sheep score nothing.""",
    }

    def figures(self) -> Iterable[FigureType]:
        return (FigureType(SHEPHERD, 1, frozenset({"field"}), strength=0, group=SHEPHERD),)

    def streams(self) -> Iterable[str]:
        return (SHEEP,)

    def decision_kinds(self) -> Iterable[DecisionKind]:
        return (DecisionKind(FLOCK, _flock_legal, _flock_resolve, _flock_explain),)

    def turn_work(self) -> Iterable[Work]:
        return (
            Work("after_place", _flock_work, name="hills_sheep.flock"),
            Work("after_figure", _shepherd_work, before=True, name="hills_sheep.shepherd"),
        )

    def on_figure_returned(self, game: Game, player: int, figure: str,
                           events: list[Event]) -> None:
        """A shepherd sent home by anything but its own flock's end (a catapult's
        knock-out) takes no points and its tokens go back in the bag (ruling MX5)."""
        if figure != SHEPHERD:
            return
        state = state_of(game)
        flocks = dict(state.flocks)
        tokens = flocks.pop(player, ())
        if tokens:
            _store(game, state._replace(flocks=tuple(sorted(flocks.items())),
                                        bag=tuple(sorted(state.bag + tokens))))

    # --- hills ------------------------------------------------------------
    def on_tile_placed(self, game: Game, x: int, y: int, rotated: RotatedTile) -> None:
        self._join_shared_edges(game, x, y, rotated)
        # Tiles of the start board are put down before anyone decides.
        if rotated.tile.flags.get(HILL) and game.pending is not None and game.bag:
            state = state_of(game)
            _store(game, state._replace(hidden=state.hidden + (((x, y), game.bag.pop()),)))

    def break_tie(self, game: Game, feature: Feature, owners: tuple[int, ...]) -> tuple[int, ...]:
        types = game.rules.figure_by_name
        on_hill = tuple(
            player for player in owners
            if any(
                owner == player and types[name].strength > 0
                and game.board[game.node_pos[node]][0].tile.flags.get(HILL)
                for owner, name, node in feature.figures
            )
        )
        return on_hill or owners

    def unseen_tiles(self, game: Game) -> Iterable[str]:
        return tuple([tile for _, tile in state_of(game).hidden])

    def resample_hidden(self, game: Game, rng: random.Random, pool: list[str]) -> None:
        state = state_of(game)
        if state.hidden:
            hidden = tuple((cell, pool.pop()) for cell, _ in state.hidden)
            _store(game, state._replace(hidden=hidden))

    # --- vineyards ----------------------------------------------------------
    def modify_points(self, game: Game, feature: Feature, points: int, completed: bool) -> int:
        if completed and feature.kind == "cloister":
            for x, y in feature.tiles:
                vineyards = sum(
                    1 for dx, dy in NEIGHBOURHOOD
                    if (cell := game.board.get((x + dx, y + dy))) is not None
                    and cell[0].tile.flags.get(VINEYARD)
                )
                if vineyards:
                    explain(game, ScoreTerm(VINEYARD, vineyards, VINEYARD_POINTS))
                points += VINEYARD_POINTS * vineyards
        return points

    # --- hs/02 ----------------------------------------------------------------
    @staticmethod
    def _join_shared_edges(game: Game, x: int, y: int, rotated: RotatedTile) -> None:
        """A city edge shared by two cities of one tile (hs/02's north edge:
        "La partie droite de la tuile contient deux villes distinctes. Une
        simple tuile peut être utilisée pour les relier", seed 000 p.12):
        the neighbouring city across it joins both. The core links the
        edge to the first city; the second one gets one more open edge until
        a tile lies there, then joins the city facing it."""
        own = _shared_edge(rotated)
        if own is not None:
            _, base = game.board[(x, y)]
            local, direction = own
            dx, dy = DELTAS[direction]
            neighbour = game.board.get((x + dx, y + dy))
            root = game.find(base + local)
            if neighbour is None:
                game.writable_feature(root).open += 1
                game.requeue_if_complete(root)  # no longer complete: out of the queue
            else:
                facing, nbase = neighbour
                nlocal = facing.port_feature[OPPOSITE[direction]]
                if nlocal >= 0:
                    game.join_features(base + local, nbase + nlocal)
        board = game.board
        for direction, (dx, dy) in enumerate(DELTAS):
            neighbour = board.get((x + dx, y + dy))
            # (the type's answer first: one tile of the game has a shared edge)
            if neighbour is None or _shared_edge_of(neighbour[0].tile) is None:
                continue
            facing, nbase = neighbour
            other = _shared_edge(facing)
            if other is None or other[1] != OPPOSITE[direction]:
                continue
            nlocal = rotated.port_feature[direction]
            if nlocal < 0:
                continue
            base = board[(x, y)][1]
            root = game.join_features(nbase + other[0], base + nlocal)
            game.writable_feature(root).open -= 1
            game.requeue_if_complete(root)

    def _recheck_completion(game: Game, roots: list[int]) -> None:
        queue = []
        for node in game._to_score:
            root = game.find(node)
            feature = game.features[root]
            if feature is not None and feature.open == 0 and root not in queue:
                queue.append(root)
        for node in roots:
            root = game.find(node)
            feature = game.features[root]
            if (feature is not None and feature.open == 0 and not feature.completed
                    and root not in queue):
                queue.append(root)
        game._to_score[:] = queue
