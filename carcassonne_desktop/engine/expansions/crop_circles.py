"""Crop Circles (seed 001 "Les Agroglyphes", the Big Box 2021's Crop Circles
II; seed 004 step 4A): 6 tiles with a crop circle of one type (road, city or
field).

After the scoring step of the turn a crop circle tile is placed in, its
placer chooses (decision `crop_circle`): every player may deploy a follower
beside one of their own of that type (`deploy`), or every player must take
one of theirs of that type back (`remove`). Then each player acts in turn
from the placer's left, the placer last (the core's round helper,
engine/rounds.py): `crop_circle_deploy` (a `deploy` on the same tile and
feature as one of their followers of that type, or `pass`) or
`crop_circle_remove` (a `remove` of one of them). A player with nothing to
do is not asked. A field circle does nothing when farmers are off.

Rulings (docs/rulings.md, "Crop Circles", CC1-CC7): which figures are
followers (the follower and the large follower, on a road, city or field;
never the builder, pig, shepherd, abbot or a neutral figure, nor a follower
off the tiles: the Count's city, the wheel's crowns); the deployed figure is
the player's choice among their followers in supply; no question to the
placer when nobody has a follower of that type; a builder's second tile
brings its own circle.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from carcassonne_desktop.engine.actions import (
    PASS,
    Action,
    Deploy,
    Pass,
    Remove,
    _str,
    register_action,
)
from carcassonne_desktop.engine.decisions import Decision, DecisionKind
from carcassonne_desktop.engine.events import Event
from carcassonne_desktop.engine.expansion import Expansion, register
from carcassonne_desktop.engine.features import (
    NEVER,
    FeatureKind,
    Position,
    no_points,
    register_kind,
)
from carcassonne_desktop.engine.figures import FigureType
from carcassonne_desktop.engine.layout_props import register_prop_placement
from carcassonne_desktop.engine.rounds import (
    next_in_round,
    round_done,
    round_of,
    start_round,
    take_back_in_round,
)
from carcassonne_desktop.engine.turn import Work

if TYPE_CHECKING:
    from carcassonne_desktop.engine.catalogue import TileType
    from carcassonne_desktop.engine.game import Game

ID = "crop_circles"
CROP_CIRCLE = "crop_circle"  # the tile flag, the feature kind, the decision and action type
DEPLOY_ASK, REMOVE_ASK = "crop_circle_deploy", "crop_circle_remove"  # each player's decision
DEPLOY, REMOVE = "deploy", "remove"  # the placer's two choices
CHOICES = (DEPLOY, REMOVE)
TYPES = ("road", "city", "field")
#: The circle's disc in the tile centre, in tile units: roads that touch one
#: edge run to it, figures keep clear of it (followers never stand on it).
CIRCLE_RADIUS = 0.2

register_kind(FeatureKind(CROP_CIRCLE, NEVER, no_points, order=96))
register_prop_placement(CROP_CIRCLE, "centre", radius=CIRCLE_RADIUS, road_end=True)

_ASKED = f"{ID}.asked"  # turn_state: the circle tile whose placer has chosen
_DONE = f"{ID}.done"  # turn_state: the circle tile whose round is over


# ---------------------------------------------------------------- actions
@register_action
@dataclass(frozen=True, slots=True)
class CropCircleChoice(Action):
    """The placer's choice for everybody: `deploy` or `remove`."""

    choice: str
    type: ClassVar[str] = CROP_CIRCLE

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "choice": self.choice}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CropCircleChoice:
        return cls(_str(data, "choice", lambda c: c in CHOICES))


@dataclass(frozen=True, slots=True)
class CropCircleChosen(Event):
    """The placer of the circle at (x, y) chose `choice` for the followers of
    type `circle` (road, city or field)."""

    player: int
    x: int
    y: int
    circle: str
    choice: str
    kind: ClassVar[str] = "crop_circle_chosen"


@dataclass(frozen=True, slots=True)
class CropCirclePassed(Event):
    """`player` deployed nothing beside their followers of type `circle`: an
    event of its own so the log can say a player's answer was to pass."""

    player: int
    circle: str
    kind: ClassVar[str] = "crop_circle_passed"


# ------------------------------------------------------------------ queries
def circle_type(game: Game, pos: Position | None) -> str | None:
    """The type of the crop circle on the tile at `pos`, or None."""
    if pos is None or pos not in game.board:
        return None
    value = game.board[pos][0].tile.flags.get(CROP_CIRCLE)
    return value if value in TYPES else None


def _has_circle(tile: TileType) -> bool:
    """`Work.tiles` of the round: a tile `circle_type` names a circle for."""
    return tile.flags.get(CROP_CIRCLE) in TYPES


def is_follower(figure: FigureType) -> bool:
    """A follower in the sense of the circles (ruling CC1): a player's own
    figure of the follower group that weighs in majorities and stands on its
    own (the follower, the large follower); not the builder or the pig, not
    the shepherd, not a neutral figure."""
    return (figure.group == "follower" and figure.strength > 0 and figure.occupies
            and not figure.neutral and not figure.requires_own_follower)


def followers_of_type(game: Game, player: int, circle: str) -> list[tuple[str, int]]:
    """`player`'s followers standing on a feature of kind `circle`, as
    (figure, segment node), in the order they were put down."""
    types = game.rules.figure_by_name
    return [(figure, node) for owner, figure, node in game.figures_placed
            if owner == player and is_follower(types[figure])
            and game.feature(node).kind == circle]


def deployable(game: Game, player: int, circle: str) -> list[str]:
    """The followers `player` has in supply that may stand on `circle`."""
    return [f.name for f in game.rules.figures
            if is_follower(f) and circle in f.kinds and game.supply[player].get(f.name, 0) > 0]


def circle_active(game: Game, circle: str) -> bool:
    """A field circle does nothing without farmers (issue 26; ruling CC5)."""
    return circle != "field" or bool(game.rules.options.get("farmers", True))


def may_act(game: Game, player: int, choice: str, circle: str) -> bool:
    """Whether `player` has something to do in the round (ruling CC3)."""
    if not followers_of_type(game, player, circle):
        return False
    return choice == REMOVE or bool(deployable(game, player, circle))


# ------------------------------------------------------------- the round
def _circle_work(game: Game, events: list[Event]) -> Decision | None:
    """After the scoring step: the placer's choice, then each player's answer
    from the placer's left, the placer last (runs again after each answer)."""
    pos = game.last_placed
    circle = circle_type(game, pos)
    state = game.turn_state
    if circle is None or state.get(_DONE) == pos:
        return None
    assert pos is not None
    if state.get(_ASKED) != pos:
        if not circle_active(game, circle) or not any(
                followers_of_type(game, p, circle) for p in range(game.num_players)):
            state[_DONE] = pos  # nobody could act either way (ruling CC4)
            return None
        return Decision(CROP_CIRCLE, game.turn_player, False, (*pos, circle))
    round_ = round_of(game, ID)
    choice = round_.data[0] if round_ is not None else DEPLOY  # type: ignore[index]
    player = next_in_round(game, ID, lambda p: may_act(game, p, choice, circle))
    if player is None:
        state[_DONE] = pos
        return None
    kind = DEPLOY_ASK if choice == DEPLOY else REMOVE_ASK
    return Decision(kind, player, choice == DEPLOY, (*pos, circle))


def _choice_legal(game: Game, decision: Decision) -> list[Action]:
    return [CropCircleChoice(choice) for choice in CHOICES]


def _choice_resolve(game: Game, decision: Decision, action: Action, events: list[Event]
                    ) -> Action | None:
    assert isinstance(action, CropCircleChoice)
    x, y, circle = decision.subject
    game.turn_state[_ASKED] = (x, y)
    events.append(CropCircleChosen(decision.player, x, y, circle, action.choice))
    start_round(game, ID, decision.player, last=True, data=(action.choice, circle))
    return None


def _choice_explain(game: Game, decision: Decision, action: Action) -> str:
    return "choose for every player: deploy a follower or take one back (a crop_circle action)"


def _deploy_legal(game: Game, decision: Decision) -> list[Action]:
    circle = decision.subject[2]
    player = decision.player
    figures = deployable(game, player, circle)
    spots = sorted({game.spot_of(node) for _, node in followers_of_type(game, player, circle)})
    actions: list[Action] = [Deploy(figure, x, y, port) for x, y, port in spots
                             for figure in figures]
    actions.append(PASS)
    return actions


def _deploy_resolve(game: Game, decision: Decision, action: Action, events: list[Event]
                    ) -> Action | None:
    if isinstance(action, Pass):
        events.append(CropCirclePassed(decision.player, decision.subject[2]))
    else:
        assert isinstance(action, Deploy)
        game.put_figure(decision.player, action.figure, (action.x, action.y, action.port),
                        events)
    round_done(game, ID)
    return None


def _deploy_explain(game: Game, decision: Decision, action: Action) -> str:
    return (f"deploy a follower on a {decision.subject[2]} where one of your own already "
            "stands (a deploy action), or pass")


def _remove_legal(game: Game, decision: Decision) -> list[Action]:
    out: list[Action] = []
    for figure, node in followers_of_type(game, decision.player, decision.subject[2]):
        x, y, port = game.spot_of(node)
        out.append(Remove(x, y, port, figure))
    return list(dict.fromkeys(out))


def _remove_explain(game: Game, decision: Decision, action: Action) -> str:
    return (f"take back one of your own followers on a {decision.subject[2]} "
            "(a remove action)")


@register
class CropCircles(Expansion):
    id = ID
    #: After the other works of the scoring step (seed 004 4A lists the crop
    #: circle last; the builder's second tile, 4B, comes after it).
    order = 65
    title = {"fr": "Les Agroglyphes", "en": "Crop Circles"}
    description = {
        "fr": "6 tuiles avec un agroglyphe (route, ville ou pré) : après l’évaluation, qui l’a "
        "posée décide si chacun peut poser un partisan de ce type à côté d’un des siens, ou "
        "doit en reprendre un.",
        "en": "6 tiles with a crop circle (road, city or field): after the scoring, whoever "
        "placed it decides whether everybody may deploy a follower of that type beside one of "
        "theirs, or must take one back.",
    }
    data_file = "crop_circles.json"
    rules = {
        "fr": """6 tuiles Agroglyphe sont mélangées aux autres. Chaque agroglyphe montre un type de partisan : un bouclier (chevaliers, dans les villes), un gourdin (brigands, sur les routes) ou une fourche (paysans, dans les prés).

- Quand vous posez une tuile Agroglyphe, vous jouez votre tour normalement. Après l’évaluation, vous choisissez pour tous les joueurs :
- A) chaque joueur peut poser un partisan de sa réserve dans une zone où se trouve déjà un de ses partisans de ce type (sur la même tuile et la même zone, même si d’autres joueurs l’occupent) ;
- B) chaque joueur doit reprendre un de ses partisans de ce type.
- Les joueurs agissent chacun à leur tour en commençant par votre voisin de gauche ; vous agissez en dernier. Un joueur qui n’a pas de partisan de ce type (ou, pour A, plus de partisan en réserve) ne fait rien.
- Le grand partisan compte comme un partisan. Le bâtisseur, le cochon, le berger, l’abbé et les pions neutres ne sont pas des partisans ; les partisans dans la cité du Comte ou sur la roue ne sont pas en jeu.
- Sans paysans, un agroglyphe à fourche n’a aucun effet.
- Dans la fenêtre : cliquez « Poser » ou « Reprendre », puis chaque joueur clique l’emplacement choisi (ou Passer pour A).""",
        "en": """6 Crop Circle tiles are shuffled in with the others. Each crop circle shows a type of follower: a shield (knights, in cities), a club (highwaymen, on roads) or a pitchfork (farmers, in fields).

- When you place a Crop Circle tile, you play your turn as usual. After the scoring, you choose for every player:
- A) each player may deploy a follower from their supply on a feature where one of their followers of that type already stands (on the same tile and feature, even if other players occupy it);
- B) each player must take back one of their followers of that type.
- The players act in turn, starting with the player on your left; you act last. A player with no follower of that type (or, for A, no follower left in supply) does nothing.
- The large follower counts as a follower. The builder, the pig, the shepherd, the abbot and neutral figures are not followers; followers in the Count's city or on the wheel are not in play.
- Without farmers, a pitchfork crop circle has no effect.
- In the window: click “Deploy” or “Take back”, then each player clicks the spot they choose (or Pass for A).""",
    }

    def decision_kinds(self) -> Iterable[DecisionKind]:
        return (
            DecisionKind(CROP_CIRCLE, _choice_legal, _choice_resolve, _choice_explain),
            DecisionKind(DEPLOY_ASK, _deploy_legal, _deploy_resolve, _deploy_explain),
            DecisionKind(REMOVE_ASK, _remove_legal, take_back_in_round(ID), _remove_explain),
        )

    def turn_work(self) -> Iterable[Work]:
        return (Work("after_score", _circle_work, name=f"{ID}.round", tiles=_has_circle),)
