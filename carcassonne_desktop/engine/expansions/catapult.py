"""The Catapult (seed 002 "Catapult", English; DESIGN 5c): 12 fair tiles and
a catapult round after each one.

After a fair tile's turn (scoring included, before a builder's second tile:
seed 004 step 4A), its placer picks a token type (decision
`catapult_token`); then every player who still holds that type hurls it,
clockwise from the placer (decision `catapult`, answered by the point where
the token came to rest, in tile units). Knock-out sends home every figure it
touches, and those they fall on; Seduction lets the hurler swap the
opponent's follower nearest to it for one of theirs (decision
`catapult_swap`); Target gives 5 points to the token nearest to the fair;
Catch is thrown to the left neighbour, and its outcome scores (decision
`catapult_catch`). Every effect is computed from the answer alone
(engine/expansions/shared/catapult_geometry.py), so a replay never
re-rolls. Rulings CA1-CA10 of docs/rulings.md.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from carcassonne_desktop.engine.actions import (
    PASS,
    Action,
    Pass,
    Spot,
    _str,
    float_field,
    float_to_json,
    register_action,
    spot_from_json,
    spot_to_json,
)
from carcassonne_desktop.engine.decisions import Decision, DecisionKind
from carcassonne_desktop.engine.errors import MalformedError
from carcassonne_desktop.engine.events import Event, OutcomeRevealed
from carcassonne_desktop.engine.expansion import Expansion, register
from carcassonne_desktop.engine.expansions.shared.catapult_geometry import (
    MAX_REACH,
    knocked,
    launch_point,
    nearest_follower,
    on_map,
    target_distance,
)
from carcassonne_desktop.engine.features import (
    NEVER,
    FeatureKind,
    Position,
    no_points,
    register_kind,
)
from carcassonne_desktop.engine.layout_props import register_prop_placement
from carcassonne_desktop.engine.score_terms import ScoreTerm
from carcassonne_desktop.engine.turn import Work, tiles_flagged

if TYPE_CHECKING:
    from carcassonne_desktop.engine.game import Game

ID = "catapult"
FAIR = "fair"  # the tile flag and the feature kind of the fairground
TOKEN_CHOICE = "catapult_token"  # the placer's choice of a token type
HURL = "catapult"  # a hurl (the decision kind and the action type)
SWAP = "catapult_swap"  # seduction's exchange
CATCH = "catapult_catch"  # a catch's outcome
CATEGORY = "catapult"  # the score category
KNOCKOUT, SEDUCTION, TARGET, CATCH_TOKEN = "knockout", "seduction", "target", "catch"
TOKENS = (KNOCKOUT, SEDUCTION, TARGET, CATCH_TOKEN)
#: Target: the nearest token to the fair scores this (002).
TARGET_POINTS = 5
#: Catch: (hurler's points, catcher's points) per outcome (ruling CA8).
CATCH_POINTS: Mapping[str, tuple[int, int]] = {
    "caught": (0, 5), "far": (3, 0), "touched": (1, 1), "short": (0, 0)}
OUTCOMES = tuple(CATCH_POINTS)
#: The stream named by the `OutcomeRevealed` of a hurl or a catch: what the
#: hand did is revealed, not chosen, so nobody takes it back (ruling CA11).
HAND_STREAM = "catapult_hand"
_ROUND = f"{ID}.round"  # turn_state: the round of the fair tile just placed

register_kind(FeatureKind(FAIR, NEVER, no_points, order=98))
register_prop_placement(FAIR, "centre", radius=0.2, road_end=True)


class Round(NamedTuple):
    """A catapult round in progress (immutable, in `turn_state`)."""

    fair: Position
    token: str | None = None
    hurlers: tuple[int, ...] = ()  # still to hurl, in order
    landed: tuple[tuple[int, float, float], ...] = ()  # target tokens on the map
    swap: tuple[int, int, str, int, int, str] | None = None  # hurler, owner, figure, spot
    done: bool = False


# ------------------------------------------------------------------- tokens
def spent(game: Game) -> frozenset[tuple[int, str]]:
    """(player, token) pairs already hurled: each player holds one token of
    each type until it is hurled (ruling CA2)."""
    return frozenset(game.extension_state.get(ID, ()))


def holds(game: Game, player: int, token: str) -> bool:
    return (player, token) not in spent(game)


def tokens_left(game: Game, player: int) -> tuple[str, ...]:
    """The token types `player` still holds (the placer's choice, CA1)."""
    used = spent(game)
    return tuple(t for t in TOKENS if (player, t) not in used)


def _spend(game: Game, player: int, token: str) -> None:
    game.extension_state[ID] = tuple(sorted(spent(game) | {(player, token)}))


def clockwise(game: Game, first: int) -> tuple[int, ...]:
    return tuple((first + i) % game.num_players for i in range(game.num_players))


def catcher_of(game: Game, hurler: int) -> int:
    """The left neighbour, who catches (the next seat clockwise)."""
    return (hurler + 1) % game.num_players


def current_round(game: Game) -> Round | None:
    """The round of the fair tile just placed, if one is under way this turn."""
    return game.turn_state.get(_ROUND)


# ------------------------------------------------------------------ actions
def _token_field(data: Mapping[str, Any]) -> str:
    return _str(data, "token", lambda t: t in TOKENS)


@register_action
@dataclass(frozen=True, slots=True)
class ChooseToken(Action):
    """The fair's placer picks the token type everybody hurls."""

    token: str
    type: ClassVar[str] = TOKEN_CHOICE

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "token": self.token}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ChooseToken:
        return cls(_token_field(data))


@register_action
@dataclass(frozen=True, slots=True)
class Hurl(Action):
    """Where a hurled token came to rest, in board tile units."""

    token: str
    x: float
    y: float
    type: ClassVar[str] = HURL

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "token": self.token,
                "x": float_to_json(self.x, "x", self.type),
                "y": float_to_json(self.y, "y", self.type)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Hurl:
        return cls(_token_field(data), float_field(data, "x"), float_field(data, "y"))


@register_action
@dataclass(frozen=True, slots=True)
class Swap(Action):
    """Seduction: one of the hurler's followers takes the place of the
    opponent's follower nearest to the token, from supply (no `source`) or
    from where it stands on the board."""

    figure: str
    source: Spot | None = None
    type: ClassVar[str] = SWAP

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "figure": self.figure}
        if self.source is not None:
            out["from"] = spot_to_json(self.source)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Swap:
        source = data.get("from")
        spot = None if source is None else spot_from_json(source, "from")
        if spot is not None and len(spot) != 3:
            raise MalformedError(f"{SWAP}: 'from' must be x/y/port of a tile")
        return cls(_str(data, "figure"), spot)


@register_action
@dataclass(frozen=True, slots=True)
class CatchOutcome(Action):
    """How a catch ended: `caught`, `touched` (but not caught), `far` (not
    caught, far enough) or `short` (not far enough)."""

    outcome: str
    type: ClassVar[str] = CATCH

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "outcome": self.outcome}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CatchOutcome:
        return cls(_str(data, "outcome", lambda o: o in CATCH_POINTS))


# ------------------------------------------------------------------- events
@dataclass(frozen=True, slots=True)
class TokenChosen(Event):
    """The placer of the fair chose the token type of the round."""

    player: int
    token: str
    kind: ClassVar[str] = "catapult_token"


@dataclass(frozen=True, slots=True)
class TokenLanded(Event):
    """`player`'s token came to rest at (x, y) (`on_map`: over a tile)."""

    player: int
    token: str
    x: float
    y: float
    on_map: bool
    kind: ClassVar[str] = "catapult_landed"


@dataclass(frozen=True, slots=True)
class KnockedOut(Event):
    """A knock-out token (`chained`: a falling figure) hit a figure, which
    goes home (the core's `FigureReturned` follows)."""

    hurler: int
    player: int
    figure: str
    x: int
    y: int
    port: str
    chained: bool
    kind: ClassVar[str] = "catapult_knocked"


@dataclass(frozen=True, slots=True)
class Seduced(Event):
    """The opponent's follower nearest to a seduction token (the hurler may swap it)."""

    hurler: int
    player: int
    figure: str
    x: int
    y: int
    port: str
    kind: ClassVar[str] = "catapult_seduced"


@dataclass(frozen=True, slots=True)
class TargetWon(Event):
    """The target contest's winners (ties all win) and their distance to
    the fair, in hundredths of a tile."""

    players: tuple[int, ...]
    distance: int
    kind: ClassVar[str] = "catapult_target"


@dataclass(frozen=True, slots=True)
class Caught(Event):
    """How `hurler`'s throw to `catcher` ended."""

    hurler: int
    catcher: int
    outcome: str
    kind: ClassVar[str] = "catapult_catch"


# --------------------------------------------------------------- the round
def _round_work(game: Game, events: list[Event]) -> Decision | None:
    """After the fair tile's turn (seed 004, 4A): the choice, then each hurl."""
    pos = game.last_placed
    if pos is None:
        return None
    rnd = current_round(game)
    if rnd is None or rnd.fair != pos:
        if not game.board[pos][0].tile.flags.get(FAIR):
            return None
        left = tokens_left(game, game.turn_player)
        rnd = Round(pos, done=not left)
        game.turn_state[_ROUND] = rnd
        if rnd.done:
            return None
        return Decision(TOKEN_CHOICE, game.turn_player, False, (pos, left))
    if rnd.done:
        return None
    if rnd.swap is not None:
        return Decision(SWAP, rnd.swap[0], True, (pos, rnd.swap[1:]))
    if rnd.hurlers:
        hurler = rnd.hurlers[0]
        if rnd.token == CATCH_TOKEN:
            return Decision(CATCH, hurler, False, (pos, catcher_of(game, hurler)))
        return Decision(HURL, hurler, False, (pos, rnd.token))
    if rnd.token == TARGET:
        _award_target(game, rnd, events)
    game.turn_state[_ROUND] = rnd._replace(done=True)
    return None


def _award_target(game: Game, rnd: Round, events: list[Event]) -> None:
    if not rnd.landed:
        return
    distances = {player: target_distance(rnd.fair, (x, y)) for player, x, y in rnd.landed}
    best = min(distances.values())
    winners = tuple(p for p, d in distances.items() if d == best)
    events.append(TargetWon(winners, best))
    game.award(winners, TARGET_POINTS, CATEGORY, "target", events,
               terms=(ScoreTerm("catapult_target", 1, TARGET_POINTS),))


# ------------------------------------------------------ the token's choice
def _choice_legal(game: Game, decision: Decision) -> list[Action]:
    return [ChooseToken(token) for token in decision.subject[1]]


def _choice_resolve(game: Game, decision: Decision, action: Action, events: list[Event]
                    ) -> Action | None:
    assert isinstance(action, ChooseToken)
    rnd = current_round(game)
    assert rnd is not None
    hurlers = tuple(p for p in clockwise(game, decision.player) if holds(game, p, action.token))
    game.turn_state[_ROUND] = rnd._replace(token=action.token, hurlers=hurlers)
    events.append(TokenChosen(decision.player, action.token))
    return None


def _choice_explain(game: Game, decision: Decision, action: Action) -> str:
    return "choose one of the token types you still hold: " + ", ".join(decision.subject[1])


# ----------------------------------------------------------------- a hurl
def _hurl_legal(game: Game, decision: Decision) -> list[Action]:
    """A finite sample for the generic widget and policy: the fair, every
    figure, and a point off the map (any rest point is an answer)."""
    (fx, fy), token = decision.subject
    points = [(float(fx), float(fy))]
    points += [where for _, where in game.figure_positions()]
    points.append(launch_point(game, (fx, fy)))
    return [Hurl(token, float(x), float(y)) for x, y in dict.fromkeys(points)]


def _hurl_accepts(game: Game, decision: Decision, action: Action) -> bool:
    (fx, fy), token = decision.subject
    return (isinstance(action, Hurl) and action.token == token
            and math.hypot(action.x - fx, action.y - fy) <= MAX_REACH)


def _hurl_explain(game: Game, decision: Decision, action: Action) -> str:
    token = decision.subject[1]
    return (f"hurl the {token} token: its rest point must be within {MAX_REACH:g} tiles "
            "of the fair")


def _hurl_resolve(game: Game, decision: Decision, action: Action, events: list[Event]
                  ) -> Action | None:
    assert isinstance(action, Hurl)
    rnd = current_round(game)
    assert rnd is not None
    hurler = decision.player
    point = (action.x, action.y)
    lies = on_map(game, point)
    _spend(game, hurler, action.token)
    events.append(OutcomeRevealed(HAND_STREAM, (action.x, action.y), hurler))
    events.append(TokenLanded(hurler, action.token, action.x, action.y, lies))
    rnd = rnd._replace(hurlers=rnd.hurlers[1:])
    if action.token == KNOCKOUT:
        _knock_out(game, hurler, point, events)
    elif action.token == SEDUCTION and lies:
        rnd = rnd._replace(swap=_seduction(game, hurler, point, events))
    elif action.token == TARGET and lies:
        rnd = rnd._replace(landed=rnd.landed + ((hurler, action.x, action.y),))
    game.turn_state[_ROUND] = rnd
    return None


def _knock_out(game: Game, hurler: int, point: tuple[float, float], events: list[Event]) -> None:
    for figure, chained in knocked(game, point):
        spot = (figure.x, figure.y, figure.port)
        if not any(p == figure.player and f == figure.figure
                   for p, f, _ in game.figures_at(spot)):
            continue  # gone home already with the follower it depended on
        events.append(KnockedOut(hurler, figure.player, figure.figure, *spot, chained))
        game.remove_figure(figure.player, figure.figure, spot, events)


def _seduction(game: Game, hurler: int, point: tuple[float, float], events: list[Event]
               ) -> tuple[int, int, str, int, int, str] | None:
    """The swap the hurler may make, or None when there is nothing to swap."""
    nearest = nearest_follower(game, hurler, point)
    if nearest is None:
        return None
    events.append(Seduced(hurler, nearest.player, nearest.figure, nearest.x, nearest.y,
                          nearest.port))
    swap = (hurler, nearest.player, nearest.figure, nearest.x, nearest.y, nearest.port)
    return swap if _swaps(game, swap) else None


# ---------------------------------------------------------------- the swap
def _swaps(game: Game, swap: tuple[int, int, str, int, int, str]) -> list[Swap]:
    """The hurler's followers that may take the seduced one's place: from
    supply (one per figure type) or from the board (ruling CA6)."""
    hurler, _, _, x, y, port = swap
    target = game.node_at(x, y, port)
    if target is None:
        return []
    kind = game.segment_kind(target)
    types = game.rules.figure_by_name
    fits = [f for f in game.rules.figures
            if f.strength > 0 and not f.neutral and kind in f.kinds]
    out = [Swap(f.name) for f in fits if game.supply[hurler].get(f.name, 0) > 0]
    for player, name, node in game.figures_placed:
        if player == hurler and node != target and types[name] in fits:
            out.append(Swap(name, game.spot_of(node)))
    return list(dict.fromkeys(out))


def _swap_legal(game: Game, decision: Decision) -> list[Action]:
    _, seduced = decision.subject
    return [*_swaps(game, (decision.player, *seduced)), PASS]


def _canonical(game: Game, action: Action) -> Action:
    if isinstance(action, Swap) and action.source is not None:
        return Swap(action.figure, game.canonical_spot(action.source, action.figure))
    return action


def _swap_accepts(game: Game, decision: Decision, action: Action) -> bool:
    return _canonical(game, action) in _swap_legal(game, decision)


def _swap_explain(game: Game, decision: Decision, action: Action) -> str:
    return ("swap the seduced follower for one of yours that may stand there, from your "
            "supply or from the board, or pass")


def _swap_resolve(game: Game, decision: Decision, action: Action, events: list[Event]
                  ) -> Action | None:
    rnd = current_round(game)
    assert rnd is not None and rnd.swap is not None
    game.turn_state[_ROUND] = rnd._replace(swap=None)
    if isinstance(action, Pass):
        return None
    action = _canonical(game, action)
    assert isinstance(action, Swap)
    hurler, owner, figure, x, y, port = rnd.swap
    game.remove_figure(owner, figure, (x, y, port), events)
    game.move_figure(hurler, action.figure, action.source, (x, y, port), events)
    return action


# ---------------------------------------------------------------- a catch
def _catch_legal(game: Game, decision: Decision) -> list[Action]:
    return [CatchOutcome(outcome) for outcome in OUTCOMES]


def _catch_resolve(game: Game, decision: Decision, action: Action, events: list[Event]
                   ) -> Action | None:
    assert isinstance(action, CatchOutcome)
    rnd = current_round(game)
    assert rnd is not None
    hurler = decision.player
    catcher = decision.subject[1]
    _spend(game, hurler, CATCH_TOKEN)
    game.turn_state[_ROUND] = rnd._replace(hurlers=rnd.hurlers[1:])
    events.append(OutcomeRevealed(HAND_STREAM, action.outcome, hurler))
    events.append(Caught(hurler, catcher, action.outcome))
    term = f"catapult_{action.outcome}"
    for player, points in zip((hurler, catcher), CATCH_POINTS[action.outcome], strict=True):
        if points:
            game.award((player,), points, CATEGORY, "catch", events,
                       terms=(ScoreTerm(term, 1, points),))
    return None


def _catch_explain(game: Game, decision: Decision, action: Action) -> str:
    return "say how the catch ended: " + ", ".join(OUTCOMES)


@register
class Catapult(Expansion):
    id = ID
    order = 26  # seed 004 4A: before the builder's second tile (4B) and the crop circles
    title = {"fr": "La Catapulte", "en": "The Catapult"}
    description = {
        "fr": "12 tuiles Foire : après chacune, tout le monde tire à la catapulte. "
        "Renverser des partisans, en séduire, viser la foire ou jouer à attraper.",
        "en": "12 Fair tiles: after each one, everybody fires the catapult. Knock "
        "followers out, seduce them, aim at the fair or play catch.",
    }
    data_file = "catapult.json"
    rules = {
        "fr": """12 tuiles Foire sont mélangées aux autres. Chaque joueur a 4 jetons : Renversement, Séduction, Tir sur cible et Attrape.

- La foire est un élément à part : les routes s’y arrêtent, elle peut couper un pré, et personne ne s’y pose.
- Quand votre tuile Foire est posée et son tour fini (évaluation comprise), vous choisissez un type de jeton. Puis chaque joueur qui possède encore ce jeton le lance, en commençant par vous et dans le sens horaire. Un jeton lancé est utilisé pour le reste de la partie.
- Pour lancer : tirez le jeton vers l’arrière avec la souris, puis lâchez. Plus vous tirez, plus il va loin. Il part dans la direction opposée. Au clavier : les flèches gauche et droite visent, haut et bas règlent la puissance, Entrée ou Espace lance.
- Renversement : chaque figurine que le jeton touche rentre chez son propriétaire, les vôtres aussi ; une figurine renversée renverse aussi celles qui sont tout près d’elle.
- Séduction : si le jeton s’arrête sur une tuile, le partisan adverse le plus proche peut être échangé contre un des vôtres, pris dans votre réserve ou sur le plateau. Le partisan échangé rentre chez son propriétaire. Hors du plateau : sans effet.
- Tir sur cible : le jeton posé sur le plateau le plus près du centre de la tuile Foire rapporte 5 points ; en cas d’égalité, chacun marque 5 points.
- Attrape : chacun lance vers son voisin de gauche, qui essaie d’attraper le jeton au vol (cliquez ou appuyez sur Espace pour fermer la main). Attrapé : 5 points pour celui qui attrape. Pas attrapé mais assez loin : 3 points pour le lanceur. Touché mais pas attrapé : 1 point chacun. Pas assez loin : rien.""",
        "en": """12 Fair tiles are shuffled in with the others. Each player has 4 tokens: Knock-out, Seduction, Target and Catch.

- The fair is a feature of its own: roads end at it, it may split a field, and nobody stands on it.
- When your Fair tile is placed and its turn is over (scoring included), you choose a token type. Then every player who still holds that token hurls it, starting with you and going clockwise. A hurled token is used for the rest of the game.
- To hurl: pull the token back with the mouse, then let go. The further you pull, the further it flies. It leaves in the opposite direction. With the keyboard: the Left and Right arrows aim, Up and Down set the power, Enter or Space hurls.
- Knock-out: every figure the token touches goes home, yours too; a knocked figure knocks over those standing right next to it.
- Seduction: if the token comes to rest on a tile, you may swap the opponent’s follower nearest to it for one of yours, from your supply or from the board. The swapped follower goes home. Off the map: no effect.
- Target: the token on the map nearest to the centre of the Fair tile scores 5 points; in a tie, each scores 5 points.
- Catch: each player hurls to their left neighbour, who tries to catch the token in flight (click or press Space to close the hand). Caught: 5 points to the catcher. Not caught but far enough: 3 points to the hurler. Touched but not caught: 1 point each. Not far enough: nothing.""",
    }

    def decision_kinds(self) -> Iterable[DecisionKind]:
        return (
            DecisionKind(TOKEN_CHOICE, _choice_legal, _choice_resolve, _choice_explain),
            DecisionKind(HURL, _hurl_legal, _hurl_resolve, _hurl_explain, accepts=_hurl_accepts),
            DecisionKind(SWAP, _swap_legal, _swap_resolve, _swap_explain, accepts=_swap_accepts),
            DecisionKind(CATCH, _catch_legal, _catch_resolve, _catch_explain),
        )

    def turn_work(self) -> Iterable[Work]:
        return (Work("end", _round_work, before=True, name=f"{ID}.round",
                     tiles=tiles_flagged(FAIR)),)
