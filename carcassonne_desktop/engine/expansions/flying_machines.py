"""The Flying Machines (seed 001, "Les Ornithoptères"; DESIGN 5c).

A flier tile is placed as usual. In its figure step the player may, instead
of a normal deploy, put a follower (or the large follower) on the machine:
the die (1, 1, 2, 2, 3, 3; stream `die`) gives the distance, the machine's
printed direction (`flags.flier`, orthogonal or diagonal, turning with the
tile) the line. If the tile there holds an incomplete road, city or cloister
the follower must land on one of them, occupied or not (never a field; a
feature the placed tile just completed is complete): decision `fly_landing`,
answered with a `deploy` on the target tile. Otherwise the follower stays in
supply. Nothing else is deployed that turn.

Record: `{"type": "fly", "figure": "follower", "drawn": 2}` (the roll is a
check, left out of equality), then the landing's `deploy`.

Rulings: docs/rulings.md, "Flying Machines".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from carcassonne_desktop.engine.actions import Action, Deploy, _int, _str, register_action
from carcassonne_desktop.engine.decisions import Decision, DecisionKind, Resolved
from carcassonne_desktop.engine.errors import MalformedError
from carcassonne_desktop.engine.events import Event
from carcassonne_desktop.engine.expansion import Expansion, register
from carcassonne_desktop.engine.features import FEATURE_KINDS, NEVER
from carcassonne_desktop.engine.turn import Work

if TYPE_CHECKING:
    from carcassonne_desktop.engine.game import Game

FLYING_MACHINES = "flying_machines"
FLIER = "flier"  # the catalogue flag: the machine's direction at rot 0
FLY = "fly"  # the action type
FLY_LANDING = "fly_landing"  # the decision kind
DIE = "die"  # the draw stream
#: The special die of the box (seed 001: "avec les valeurs 1, 1, 2, 2, 3, 3").
DIE_FACES: tuple[int, ...] = (1, 1, 2, 2, 3, 3)
#: The figures that may fly: "Propulser un meeples ou le grand meeples" (seed
#: 001, turn summary). The abbot, the builder, the pig, the shepherd stay home.
FLYING_FIGURES: tuple[str, ...] = ("follower", "large_follower")

#: The eight compass directions clockwise, so a quarter turn is two steps.
COMPASS: tuple[str, ...] = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
STEPS: Mapping[str, tuple[int, int]] = {
    "N": (0, -1), "NE": (1, -1), "E": (1, 0), "SE": (1, 1),
    "S": (0, 1), "SW": (-1, 1), "W": (-1, 0), "NW": (-1, -1),
}

# turn_state key: (figure, target x, target y) while a landing is to be chosen
_LANDING = "flying_machines.landing"


# ------------------------------------------------------------------ records
@register_action
@dataclass(frozen=True, slots=True)
class Fly(Action):
    """Put `figure` on the flier instead of deploying. `drawn`, the distance
    the die gave, is written in the record as a check and is not part of the
    choice (left out of equality)."""

    figure: str
    drawn: int | None = field(default=None, compare=False)
    type: ClassVar[str] = FLY

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "figure": self.figure}
        if self.drawn is not None:
            out["drawn"] = self.drawn
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Fly:
        drawn = _int(data, "drawn") if "drawn" in data else None
        if drawn is not None and drawn not in DIE_FACES:
            raise MalformedError(f"fly: 'drawn' must be 1, 2 or 3, got {drawn!r}")
        return cls(_str(data, "figure"), drawn)


@dataclass(frozen=True, slots=True)
class Flight(Event):
    """`player`'s figure flew from the machine at (x, y) `distance` cells to
    (target_x, target_y). `lands` is False when nothing there may receive it:
    the figure stays in its owner's supply."""

    player: int
    figure: str
    x: int
    y: int
    distance: int
    target_x: int
    target_y: int
    lands: bool
    kind: ClassVar[str] = "flight"


class LastFlight(NamedTuple):
    """`game.extension_state["flying_machines"]`: the latest flight and the
    turn it was flown in, kept so the interface can show it (the line, the
    die) after the turn moved on."""

    turn: int
    flight: Flight


def last_flight(game: Game) -> LastFlight | None:
    state = game.extension_state.get(FLYING_MACHINES)
    return state if isinstance(state, LastFlight) else None


# ----------------------------------------------------------------- geometry
def flier_direction(game: Game, x: int, y: int) -> str | None:
    """The compass direction the machine on the tile at (x, y) points to on
    the board (the printed one turned with the tile), None for other tiles."""
    placed = game.board.get((x, y))
    if placed is None:
        return None
    rotated = placed[0]
    printed = rotated.tile.flags.get(FLIER)
    if printed not in STEPS:
        return None
    return COMPASS[(COMPASS.index(printed) + 2 * rotated.rot) % 8]


def flight_target(x: int, y: int, direction: str, distance: int) -> tuple[int, int]:
    dx, dy = STEPS[direction]
    return x + dx * distance, y + dy * distance


def landing_spots(game: Game, figure: str, x: int, y: int) -> list[Deploy]:
    """Where `figure` may land on the tile at (x, y): each incomplete road,
    city or cloister-like feature (a kind that can be completed) it may stand
    on, occupied or not, named by its first port; none off the board."""
    placed = game.board.get((x, y))
    if placed is None:
        return []
    rotated, base = placed
    kinds = game.rules.figure_by_name[figure].kinds
    out = []
    for local, spec in enumerate(rotated.tile.features):
        kind = FEATURE_KINDS.get(spec.kind)
        if spec.kind not in kinds or kind is None or kind.completion == NEVER:
            continue
        feature = game.features[game.find(base + local)]
        # `open` is 0 for a feature the placed tile just completed (not yet scored)
        if feature is None or feature.completed or feature.open <= 0:
            continue
        out.append(Deploy(figure, x, y, rotated.canonical_ports[local]))
    return out


# ---------------------------------------------------------------- the turn
def _landing_work(game: Game, events: list[Event]) -> Decision | None:
    """Right after the figure step (the landing is part of it, DESIGN 5c):
    the flier's owner chooses where the figure lands."""
    landing = game.turn_state.get(_LANDING)
    if landing is None:
        return None
    _, x, y = landing
    return Decision(FLY_LANDING, game.turn_player, False, (x, y))


def _landing_legal(game: Game, decision: Decision) -> list[Action]:
    landing = game.turn_state.get(_LANDING)
    if landing is None:
        return []
    figure, x, y = landing
    return list(landing_spots(game, figure, x, y))


def _landing_resolve(game: Game, decision: Decision, action: Action,
                     events: list[Event]) -> Action | None:
    assert isinstance(action, Deploy)
    del game.turn_state[_LANDING]
    # occupancy is not checked: a flier may land beside any figure (seed 001)
    game.put_figure(decision.player, action.figure, (action.x, action.y, action.port), events)
    return None


def _landing_explain(game: Game, decision: Decision, action: Action) -> str:
    x, y = decision.subject
    return (f"the flying figure must land on an incomplete road, city or cloister "
            f"of the tile at ({x}, {y})")


# ---------------------------------------------------------------- the rules
@register
class FlyingMachines(Expansion):
    id = FLYING_MACHINES
    order = 45
    title = {"fr": "Les Ornithoptères", "en": "The Flying Machines"}
    description = {
        "fr": "8 tuiles avec une machine volante : au lieu de poser un partisan, faites-le "
        "voler aussi loin que le dé le dit, sur une route, une ville ou une abbaye "
        "inachevée, même occupée.",
        "en": "8 tiles with a flying machine: instead of deploying, fly a follower as far as "
        "the die says onto an unfinished road, city or cloister, even an occupied one.",
    }
    data_file = "flying_machines.json"
    rules = {
        "fr": """8 tuiles Ornithoptère sont mélangées aux autres. Chacune montre une machine volante qui pointe dans une direction : horizontale, verticale ou en diagonale. La direction tourne avec la tuile.

- Vous posez une tuile Ornithoptère selon les règles habituelles. Vous pouvez ensuite poser un pion comme d’habitude, ou bien poser un partisan (ou votre grand partisan) sur la machine volante et le faire voler.
- Lancez le dé (1, 1, 2, 2, 3, 3) : le partisan vole d’autant de tuiles, en ligne droite, dans la direction de la machine.
- S’il y a là une route, une ville ou une abbaye inachevée, il doit y atterrir, même si elle est déjà occupée (par vous ou par d’autres) ; vous choisissez laquelle en cliquant sur la tuile d’arrivée.
- Jamais dans un pré, ni sur une route, une ville ou une abbaye achevée (même achevée par la tuile que vous venez de poser).
- S’il n’y a pas de tuile à cet endroit, ou seulement des prés et des zones achevées, le partisan retourne dans votre réserve.
- Dans tous les cas, vous ne posez plus aucun pion pendant ce tour. Le lancer du dé rend le tour définitif : on ne peut plus l’annuler.
- L’abbé, le bâtisseur, le cochon et le berger ne volent pas.""",
        "en": """8 flier tiles are shuffled in with the others. Each shows a flying machine pointing in one direction: across an edge or across a corner. The direction turns with the tile.

- You place a flier tile by the usual rules. Then you may deploy a figure as usual, or put a follower (or your large follower) on the flying machine and let it fly.
- Roll the die (1, 1, 2, 2, 3, 3): the follower flies that many tiles in a straight line, in the machine's direction.
- If that tile holds an unfinished road, city or cloister, the follower must land on one of them, even an occupied one (by you or others); you choose which by clicking on the target tile.
- Never on a field, nor on a finished road, city or cloister (even one the tile you just placed finished).
- If there is no tile there, or only fields and finished features, the follower goes back to your supply.
- Either way, you deploy nothing else that turn. The die roll makes the turn final: it cannot be taken back.
- The abbot, the builder, the pig and the shepherd do not fly.""",
    }

    def streams(self) -> Iterable[str]:
        return (DIE,)

    def decision_kinds(self) -> Iterable[DecisionKind]:
        return (DecisionKind(FLY_LANDING, _landing_legal, _landing_resolve, _landing_explain),)

    def turn_work(self) -> Iterable[Work]:
        return (Work("figure", _landing_work, name=f"{FLYING_MACHINES}.landing"),)

    def extra_actions(self, game: Game) -> Iterable[Action]:
        if game.last_placed is None or flier_direction(game, *game.last_placed) is None:
            return ()
        supply = game.supply[game.turn_player]
        return tuple(Fly(name) for name in FLYING_FIGURES if supply.get(name, 0) > 0)

    def apply_action(self, game: Game, action: Action) -> list[Event] | Resolved | None:
        if not isinstance(action, Fly):
            return None
        assert game.last_placed is not None
        player = game.turn_player
        events: list[Event] = []
        # a replay checks the recorded roll before anything changes
        drawn = game.draw(DIE, DIE_FACES, events, player, expect=action.drawn)
        x, y = game.last_placed
        direction = flier_direction(game, x, y)
        assert direction is not None
        tx, ty = flight_target(x, y, direction, drawn)
        lands = bool(landing_spots(game, action.figure, tx, ty))
        flight = Flight(player, action.figure, x, y, drawn, tx, ty, lands)
        events.append(flight)
        game.extension_state[FLYING_MACHINES] = LastFlight(game.turn, flight)
        if lands:
            game.turn_state[_LANDING] = (action.figure, tx, ty)
        return Resolved(events, Fly(action.figure, drawn))
