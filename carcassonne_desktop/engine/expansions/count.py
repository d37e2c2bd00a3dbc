"""The Count of Carcassonne (seed 003 "Le Comte de Carcassonne"; seed 002
"LE COMTE"): the 12-tile city replaces the start tile; its four quarters
hold followers that players earn when their tile made others score and not
themselves, and that come out onto the feature being scored, one round of
players per scoring; the Count blocks one quarter (docs/rulings.md, "The
Count of Carcassonne"). The city itself counts as a completed city for the
farmers of the fields around it and for the king's tally (`start_cities`,
rulings 62-63)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from carcassonne_desktop.engine.actions import (
    PASS,
    Action,
    DeployToArea,
    MoveFigure,
    Pass,
    register_action,
)
from carcassonne_desktop.engine.decisions import Decision, DecisionKind
from carcassonne_desktop.engine.events import Event
from carcassonne_desktop.engine.expansion import Expansion, LaidTile, register
from carcassonne_desktop.engine.features import Feature, Position
from carcassonne_desktop.engine.figures import FigureType
from carcassonne_desktop.engine.rounds import (
    next_in_round,
    round_defer,
    round_done,
    round_of,
    set_round_data,
    start_round,
)
from carcassonne_desktop.engine.turn import Work

if TYPE_CHECKING:
    from carcassonne_desktop.engine.game import Game

COUNT = "count"
AREA = "count"
CASTLE, MARKET, FORGE, CATHEDRAL = "castle", "market", "forge", "cathedral"
QUARTERS = (CASTLE, MARKET, FORGE, CATHEDRAL)
#: Which quarter feeds which kind of feature (003 "Les partisans sont déplacés ainsi").
FEEDS = {"city": CASTLE, "road": FORGE, "cloister": CATHEDRAL, "shrine": CATHEDRAL,
         "field": MARKET}
REINFORCE, CITY, MOVE = "count_reinforce", "count_city", "count_move"
# Feature kinds a figure must be able to stand on to enter the city: the
# follower and the large follower, not the abbot (see docs/rulings.md).
CITY_KINDS = frozenset({"city", "road", "cloister"})

# The reinforcement round under way is the round helper's (engine/rounds.py),
# named _ROUND, its data a Reinforcement. extension_state keys: the last
# feature (root) whose round is over, and whether the market round of the end is over.
_ROUND, _DONE, _MARKET_DONE = "count", "count.done", "count.market_done"
# extension_state key: the cells of the City of Carcassonne (laid at the start).
_CITY_CELLS = "count.city"
# turn_state keys (per part of a turn): (another player scored, the turn
# player scored) over this part's scorings; the city decision was answered;
# a follower went into the city; the Count decision was answered.
_SCORED, _CITY_ASKED, _ENTERED, _MOVE_ASKED = (
    "count.scored", "count.city_asked", "count.entered", "count.move_asked"
)


class Reinforcement(NamedTuple):
    """What a round of moves out of a quarter is about (the round's data;
    who still moves is the round's order): `root` the feature being scored
    (-1: every field, the market round of the end); `may_go_last` whether
    the first one may still choose to move last (003: the player who caused
    the scoring)."""

    quarter: str
    root: int
    may_go_last: bool


def _reinforcement(game: Game) -> Reinforcement | None:
    round_ = round_of(game, _ROUND)
    return None if round_ is None else round_.data  # type: ignore[return-value]


@register_action
@dataclass(frozen=True, slots=True)
class GoLast(Action):
    """The player who caused a scoring chooses to move out of the city last."""

    type: ClassVar[str] = "go_last"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GoLast:
        return GO_LAST


GO_LAST = GoLast()


# ------------------------------------------------------------------ queries
@cache
def city_of_carcassonne(cells: frozenset[Position]) -> Feature:
    """The City of Carcassonne on its cells as a completed city (the official
    clarification of 11/2013: it counts as a completed city when farms are
    scored and for the king). It is no feature of the board: no edge leads
    into it, no figure stands on it, and nobody completes it. One object per
    place, never changed, shared by every game and copy."""
    city = Feature("city", set(cells), 0, 0, None, None)
    city.completed = True
    return city


def city_cells(game: Game) -> frozenset[Position]:
    """The cells of the city of Carcassonne (empty when the Count is not in play)."""
    cells: frozenset[Position] | None = game.extension_state.get(_CITY_CELLS)
    return cells or frozenset()


def count_quarter(game: Game) -> str:
    """Where the Count stands (on the castle until someone moves him)."""
    place = game.neutral_figures.get(COUNT)
    return place[1] if place is not None else CASTLE


def market_awaits(game: Game, player: int) -> bool:
    """Whether `player`'s market followers may still go onto fields: before
    the market round of the end, or during it until the player has moved
    (afterwards they stay in the city and score nothing); never without farmers."""
    if not game.rules.options.get("farmers", True):
        return False
    if not game.extension_state.get(_MARKET_DONE):
        return True
    round_ = round_of(game, _ROUND)
    return (round_ is not None and _reinforcement(game).root < 0  # type: ignore[union-attr]
            and player in round_.order)


def city_figures(game: Game) -> list[FigureType]:
    """The figures that may enter the city (docs/rulings.md)."""
    return [f for f in game.rules.figures
            if f.group == "follower" and f.occupies and f.strength > 0 and not f.neutral
            and not f.requires_own_follower and f.kinds >= CITY_KINDS]


def in_quarter(game: Game, player: int, quarter: str) -> list[str]:
    """The figures `player` has in a quarter, each name once, in rule order."""
    names = {figure for owner, figure in game.area_figures.get((AREA, quarter), ())
             if owner == player}
    return [f.name for f in game.rules.figures if f.name in names]


def anchor(game: Game, root: int) -> tuple[int, int, str]:
    """Where a follower coming out of the city stands on a feature
    (docs/rulings.md): its segment on the tile just placed, or on its first
    tile."""
    feature = game.features[root]
    assert feature is not None
    tiles = sorted(feature.tiles)
    if game.last_placed in feature.tiles:
        tiles.insert(0, game.last_placed)  # type: ignore[arg-type]
    for x, y in tiles:
        rotated, base = game.board[(x, y)]
        for local in range(len(rotated.tile.features)):
            if game.find(base + local) == root:
                return (x, y, rotated.canonical_ports[local])
    raise AssertionError("a feature without a segment")


def _targets(game: Game, round_: Reinforcement) -> list[tuple[int, int, str]]:
    if round_.root >= 0:
        return [anchor(game, round_.root)]
    roots = {game.find(node) for node in range(len(game.parent))
             if game.features[game.find(node)].kind == "field"}  # type: ignore[union-attr]
    return sorted(anchor(game, root) for root in roots)


# ------------------------------------------------------- the reinforcement round
def _start_round(game: Game, quarter: str, root: int, first: int, may_go_last: bool
                 ) -> Reinforcement | None:
    if count_quarter(game) == quarter:
        return None  # the Count blocks the quarter (003 "Le Comte")
    round_ = start_round(game, _ROUND, first, only=lambda p: bool(in_quarter(game, p, quarter)))
    if round_ is None:
        return None
    order = round_.order
    data = Reinforcement(quarter, root, may_go_last and order[0] == first and len(order) > 1)
    set_round_data(game, _ROUND, data)
    return data


def _next_decision(game: Game, data: Reinforcement) -> Decision | None:
    """The decision of whoever moves now, or None once the round is over
    (a player with nothing left in the quarter is done without a word: only
    after the first answer, so `may_go_last` is already off then)."""
    player = next_in_round(game, _ROUND, lambda p: bool(in_quarter(game, p, data.quarter)))
    if player is None:
        return None
    subject: tuple[Any, ...] = (data.quarter,)
    if data.root >= 0:
        subject += tuple(sorted(game.features[data.root].tiles))  # type: ignore[union-attr]
    return Decision(REINFORCE, player, True, subject)


def _reinforce_legal(game: Game, decision: Decision) -> list[Action]:
    round_ = _reinforcement(game)
    if round_ is None:
        return []
    source = (AREA, round_.quarter)
    actions: list[Action] = [
        MoveFigure(figure, source, target)
        for target in _targets(game, round_)
        for figure in in_quarter(game, decision.player, round_.quarter)
    ]
    actions.append(PASS)
    if round_.may_go_last:
        actions.append(GO_LAST)
    return actions


def _reinforce_resolve(game: Game, decision: Decision, action: Action, events: list[Event]
                       ) -> Action | None:
    round_ = _reinforcement(game)
    assert round_ is not None
    set_round_data(game, _ROUND, round_._replace(may_go_last=False))
    if type(action) is GoLast:
        round_defer(game, _ROUND)
    elif type(action) is Pass:
        round_done(game, _ROUND)
    else:
        assert isinstance(action, MoveFigure) and len(action.target) == 3
        x, y, port = action.target  # type: ignore[misc]
        rotated, base = game.board[(x, y)]
        kinds = game.rules.figure_by_name[action.figure].kinds
        node = base + rotated.feature_at_port(port, kinds)
        game.area_to_feature(decision.player, action.figure, AREA, round_.quarter, node, events)
    return None


def _reinforce_explain(game: Game, decision: Decision, action: Action) -> str:
    if isinstance(action, MoveFigure):
        return (f"only your followers in the {decision.subject[0]} quarter may move, "
                "onto the feature being scored")
    return f"{action.type} is not a legal answer now: move a follower out of the city or pass"


# ------------------------------------------------------------ after the scoring
def _earned_city(game: Game) -> bool:
    scored = game.turn_state.get(_SCORED)
    return scored is not None and scored[0] and not scored[1]


def _city_work(game: Game, events: list[Event]) -> Decision | None:
    """003: "il peut placer, à la fin de son tour, un partisan de sa réserve"
    in a quarter, then move the Count (once per part of a turn, docs/rulings.md)."""
    state = game.turn_state
    player = game.turn_player
    if not state.get(_CITY_ASKED) and _earned_city(game) and any(
        game.supply[player].get(f.name, 0) > 0 for f in city_figures(game)
    ):
        return Decision(CITY, player, True, ())
    if state.get(_ENTERED) and not state.get(_MOVE_ASKED):
        return Decision(MOVE, player, True, (count_quarter(game),))
    for key in (_SCORED, _CITY_ASKED, _ENTERED, _MOVE_ASKED):
        state.pop(key, None)
    return None


def _city_legal(game: Game, decision: Decision) -> list[Action]:
    supply = game.supply[decision.player]
    return [*(DeployToArea(f.name, AREA, quarter) for quarter in QUARTERS
              for f in city_figures(game) if supply.get(f.name, 0) > 0), PASS]


def _city_resolve(game: Game, decision: Decision, action: Action, events: list[Event]
                  ) -> Action | None:
    game.turn_state[_CITY_ASKED] = True
    if isinstance(action, DeployToArea):
        game.put_in_area(decision.player, action.figure, AREA, action.slot, events)
        game.turn_state[_ENTERED] = True
    return None


def _move_legal(game: Game, decision: Decision) -> list[Action]:
    here = count_quarter(game)
    return [*(MoveFigure(COUNT, (AREA, here), (AREA, quarter))
              for quarter in QUARTERS if quarter != here), PASS]


def _move_resolve(game: Game, decision: Decision, action: Action, events: list[Event]
                  ) -> Action | None:
    game.turn_state[_MOVE_ASKED] = True
    if isinstance(action, MoveFigure):
        game.move_figure(-1, COUNT, action.source, action.target, events)
    return None


@cache
def _load_layout() -> tuple[LaidTile, ...]:
    """The city's 12 cells, read once per process (every game, every replay
    of a record, asked for them again)."""
    text = resources.files("carcassonne_desktop.engine.data").joinpath(
        "count.json").read_text(encoding="utf-8")
    return tuple((t["id"], t["x"], t["y"], t["rot"]) for t in json.loads(text)["layout"])


@register
class Count(Expansion):
    id = COUNT
    order = 60
    start_priority = 20
    data_file = "count.json"
    title = {"fr": "Le Comte de Carcassonne", "en": "The Count of Carcassonne"}
    description = {
        "fr": "La cité de Carcassonne (12 tuiles) remplace la tuile de départ, avec le Comte dans "
        "l’un de ses quatre quartiers. Qui fait marquer les autres sans rien marquer lui-même "
        "place un partisan dans un quartier. Ces partisans en sortent plus tard pour renforcer "
        "une route, une ville, une abbaye ou un pré que l’on compte ; le Comte bloque ceux de "
        "son quartier.",
        "en": "The city of Carcassonne (12 tiles) replaces the start tile, with the Count in one "
        "of its four quarters. Whoever makes others score while scoring nothing puts a follower "
        "in a quarter. Those followers later come out to reinforce a road, city, cloister or "
        "field being scored; the Count holds back those in his quarter.",
    }
    rules = {
        "fr": """La cité de Carcassonne, 12 tuiles déjà posées, remplace la tuile de départ. Elle a quatre quartiers : le château, le marché, la forge et la cathédrale. Le Comte commence sur le château.

- Si la tuile que vous posez provoque au moins une évaluation où un autre joueur marque des points et où vous n’en marquez aucun (dans toutes ces évaluations), vous pouvez, à la fin de votre tour, mettre un partisan de votre réserve dans le quartier de votre choix. Un seul par tour (un par tuile avec le tour double du bâtisseur).
- Quand vous mettez un partisan dans la cité, vous pouvez aussi déplacer le Comte dans un autre quartier.
- Quand une ville, une route ou une abbaye est évaluée, avant de compter la majorité, chaque joueur à son tour peut faire sortir autant de ses partisans qu’il veut du château (vers la ville), de la forge (vers la route) ou de la cathédrale (vers l’abbaye), même si le secteur est déjà occupé. Le joueur qui a provoqué l’évaluation commence, ou choisit de jouer en dernier. Un seul tour de table.
- Les partisans du quartier où se trouve le Comte ne bougent pas.
- Les partisans du marché ne sortent qu’à la fin de la partie, juste avant l’évaluation des prés : chacun à son tour les place sur les prés de son choix.
- Les partisans de la cité ne rentrent jamais dans la réserve autrement. Le grand partisan peut y aller et compte pour deux quand il en sort.
- La cité de Carcassonne compte comme une ville achevée : en fin de partie, les paysans des prés qui la bordent la comptent comme toute ville achevée (3 points), et avec Roi & Chevalier-brigand, le roi la compte parmi les villes achevées.
- Dans la fenêtre : cliquez un quartier pour y mettre votre partisan, puis un autre quartier pour y déplacer le Comte (ou Passer). Pendant une évaluation, cliquez le secteur encadré pour chaque partisan que vous faites sortir. À la fin, cliquez un pré pour chaque partisan du marché (le pré sous la souris est entouré et sa valeur affichée), puis Passer. Le panneau des joueurs dit combien de partisans chacun garde dans la cité.""",
        "en": """The city of Carcassonne, 12 tiles laid in advance, replaces the start tile. It has four quarters: the castle, the market, the forge and the cathedral. The Count starts on the castle.

- If the tile you place causes at least one scoring in which another player scores and you score nothing (in every one of them), you may put a follower from your supply in the quarter of your choice at the end of your turn. Only one per turn (one per tile with the builder's double turn).
- When you put a follower in the city, you may also move the Count to another quarter.
- When a city, road or cloister is scored, before the majority is decided, each player in turn may bring any number of their followers out of the castle (to the city), the forge (to the road) or the cathedral (to the cloister), even onto an occupied feature. The player who caused the scoring starts, or chooses to go last. One round only.
- Followers in the Count's quarter cannot move.
- Market followers come out only at the end of the game, just before the fields are scored: each player in turn puts them on fields of their choice.
- Followers in the city never go back to the supply otherwise. The large follower may go there and counts two when it comes out.
- The city of Carcassonne counts as a completed city: at the end, the farmers of the fields around it score it like any completed city (3 points), and with King & Robber Baron the king counts it among the completed cities.
- In the window: click a quarter to put your follower there, then another quarter to move the Count there (or Pass). During a scoring, click the framed feature for each follower you bring out. At the end, click a field for each market follower (the field under the mouse is outlined and its worth shown), then Pass. The players panel says how many followers each keeps in the city.""",
    }

    def start_layout(self, game: Game, laid: tuple[LaidTile, ...]) -> list[LaidTile] | None:
        """The city at its place; after another start board (the Wheel of
        Fortune's), west of it with one free column between, top rows level
        (docs/rulings.md: no rulebook joins them)."""
        layout = _load_layout()
        layout = list(layout)
        if laid:
            dx = min(x for _, x, _, _ in laid) - 3  # the city's east column (x = 1) two cells west
            dy = min(y for _, _, y, _ in laid) + 1  # its north row (y = -1) level with theirs
            layout = [(tile, x + dx, y + dy, rot) for tile, x, y, rot in layout]
        game.extension_state[_CITY_CELLS] = frozenset((x, y) for _, x, y, _ in layout)
        return layout

    def start_cities(self, game: Game) -> tuple[Feature, ...]:
        """The City of Carcassonne, a completed city for the farmers of the
        fields around it and for the king's tally (docs/rulings.md 62-63)."""
        cells = city_cells(game)
        return (city_of_carcassonne(cells),) if cells else ()

    def decision_kinds(self) -> Iterable[DecisionKind]:
        return (
            DecisionKind(REINFORCE, _reinforce_legal, _reinforce_resolve, _reinforce_explain),
            DecisionKind(CITY, _city_legal, _city_resolve),
            DecisionKind(MOVE, _move_legal, _move_resolve),
        )

    def turn_work(self) -> Iterable[Work]:
        return (Work("after_score", _city_work, name="count.city"),)

    def before_feature_scored(self, game: Game, root: int, events: list[Event]
                              ) -> Decision | None:
        state = game.extension_state
        round_ = _reinforcement(game)
        if round_ is None:
            if state.get(_DONE) == root:
                return None
            feature = game.features[root]
            assert feature is not None
            quarter = FEEDS.get(feature.kind)
            if quarter is None or quarter == MARKET:
                return None
            state[_DONE] = root
            round_ = _start_round(game, quarter, root, game.turn_player, True)
            if round_ is None:
                return None
        return _next_decision(game, round_)

    def on_feature_scored(self, game: Game, root: int, owners: tuple[int, ...],
                          events: list[Event]) -> None:
        feature = game.features[root]
        if game.over or feature is None or not feature.completed:
            return  # only the scorings of completed features count (docs/rulings.md)
        player = game.turn_player
        others, himself = game.turn_state.get(_SCORED, (False, False))
        game.turn_state[_SCORED] = (others or any(o != player for o in owners),
                                    himself or player in owners)

    def before_final_scoring(self, game: Game, events: list[Event]) -> Decision | None:
        state = game.extension_state
        round_ = _reinforcement(game)
        if round_ is None:
            if state.get(_MARKET_DONE) or not game.rules.options.get("farmers", True):
                return None
            state[_MARKET_DONE] = True
            round_ = _start_round(game, MARKET, -1, game.turn_player, False)
            if round_ is None:
                return None
        return _next_decision(game, round_)
