"""The Wheel of Fortune (seed 000 p.14-15, summary p.20).

- The 4x4 board replaces the start tile (`start_layout`); its roads, cities
  and fields are ordinary land; the wheel artwork (feature kind `wheel`)
  ends roads and splits fields.
- A tile with a wheel icon (flag `wheel`: 1-3) turns the wheel when it is
  drawn, before it is placed: the neutral pig moves that many sections
  clockwise, the section's event happens, then the followers on that
  section's crown spaces score and go home (category `crown`).
- Events (category `wheel`, reason = the section): Fortune, Taxes, Famine,
  Storm, Inquisition award points at once; Plague asks every player in turn,
  the active player first, to take back one of their followers from the
  land (`plague` decision, `remove` action).
- Instead of a figure on the tile just placed, a player may put a follower
  on a free crown space (`deploy` with `area: wheel`). Crowns score nothing
  at the end of the game.
- The base tiles that carry an icon in the Big Box are icon copies of those
  tiles (`wof/base_U_2`...), put in the bag in place of the plain copies.

Rulings: docs/rulings.md, "The Wheel of Fortune".
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from carcassonne_desktop.engine.actions import Action, DeployToArea, Remove
from carcassonne_desktop.engine.catalogue import TileType, load_tile_file
from carcassonne_desktop.engine.decisions import Decision, DecisionKind
from carcassonne_desktop.engine.events import Event
from carcassonne_desktop.engine.expansion import Expansion, LaidTile, register
from carcassonne_desktop.engine.features import NEVER, FeatureKind, no_points, register_kind
from carcassonne_desktop.engine.figures import FigureType
from carcassonne_desktop.engine.rounds import (
    next_in_round,
    round_of,
    start_round,
    take_back_in_round,
)
from carcassonne_desktop.engine.score_terms import ScoreTerm
from carcassonne_desktop.engine.turn import Work

if TYPE_CHECKING:
    from carcassonne_desktop.engine.game import Game
    from carcassonne_desktop.engine.rules import Rules

ID = "wheel_of_fortune"
WHEEL = "wheel"  # the area, the feature kind of the artwork, the tile flag, a category
CROWN = "crown"  # the score category of crown spaces
PIG = "wheel_pig"  # the neutral figure
PLAGUE = "plague"  # a section, the decision kind
FORTUNE, TAXES, FAMINE, STORM, INQUISITION = (
    "fortune", "taxes", "famine", "storm", "inquisition",
)
FORTUNE_POINTS = 3
MONK_POINTS = 2
#: Crown points: a lone follower on a one-space section, on a two-space
#: section; each of two followers on a two-space section (000 p.15).
CROWN_ALONE_SMALL, CROWN_ALONE_LARGE, CROWN_SHARED = 3, 6, 3
#: turn_state key: the tile marker (board size) whose wheel has turned; the
#: plague's round is the round helper's (engine/rounds.py), named PLAGUE.
_TURN = f"{ID}.turn"

register_kind(FeatureKind(WHEEL, NEVER, no_points, order=96))


# ------------------------------------------------------------------ data
class WheelData(NamedTuple):
    """The board as `engine/data/wheel_of_fortune.json` describes it."""

    layout: tuple[LaidTile, ...]
    #: Section ids clockwise from Fortune (the pig's start).
    sections: tuple[str, ...]
    #: Crown space ids of each section, by section id.
    crowns: Mapping[str, tuple[str, ...]]
    #: (x, y) of each crown space, tile units from the wheel centre.
    crown_xy: Mapping[str, tuple[float, float]]
    centre: tuple[float, float]
    #: (base tile id, icons of its copies that carry one).
    base_icons: tuple[tuple[str, tuple[int, ...]], ...]


@cache
def wheel_data() -> WheelData:
    doc = json.loads(
        resources.files("carcassonne_desktop.engine.data")
        .joinpath("wheel_of_fortune.json")
        .read_text(encoding="utf-8")
    )
    wheel = doc["wheel"]
    return WheelData(
        layout=tuple((tile, x, y, 0) for tile, x, y in wheel["layout"]),
        sections=tuple(s["id"] for s in wheel["sections"]),
        crowns={s["id"]: tuple(s["crowns"]) for s in wheel["sections"]},
        crown_xy={c["id"]: (c["board_xy"][0], c["board_xy"][1]) for c in wheel["crowns"]},
        centre=(wheel["centre"][0], wheel["centre"][1]),
        base_icons=tuple((b["tile"], tuple(b["icons"])) for b in wheel["base_icons"]),
    )


def icon_copy_id(base_id: str, icon: int) -> str:
    """The id of a base tile's copy with a wheel icon (`base/U` 2 -> `wof/base_U_2`)."""
    return f"wof/{base_id.replace('/', '_')}_{icon}"


def crown_section(slot: str) -> str:
    return next(s for s, crowns in wheel_data().crowns.items() if slot in crowns)


# ------------------------------------------------------------ game state
def pig_section(game: Game) -> str:
    """The section the pig stands on (Fortune until it first moves)."""
    where = game.neutral_figures.get(PIG)
    return where[1] if where is not None else wheel_data().sections[0]


def wheel_icon(game: Game, tile_id: str | None) -> int:
    if tile_id is None:
        return 0
    return int(game.rules.catalogue[tile_id].flags.get(WHEEL, 0) or 0)


def is_partisan(figure: FigureType) -> bool:
    """A "partisan" of the rulebook: a figure of the followers' group that
    counts in majorities (follower, large follower, abbot), not a builder,
    pig or shepherd (docs/rulings.md)."""
    return figure.group == "follower" and figure.strength > 0 and not figure.neutral


def may_crown(figure: FigureType) -> bool:
    """Partisans that may stand on any land may go on a crown space; the
    abbot, which stands only on cloisters and gardens, may not."""
    return is_partisan(figure) and "city" in figure.kinds


@lru_cache(maxsize=16)
def _crowners(rules: Rules) -> tuple[str, ...]:
    """The names of the figures that may go on a crown, in the game's order
    (asked at every figure step: once per rules, whose figures never change)."""
    return tuple(f.name for f in rules.figures if may_crown(f))


@lru_cache(maxsize=256)
def _crown_action(figure: str, slot: str) -> DeployToArea:
    """One crown's deploy action, built once (actions are immutable): every
    figure step offers each free crown to each figure that may go there."""
    return DeployToArea(figure, WHEEL, slot)


def _crown_deploys(figures: tuple[str, ...]
                   ) -> tuple[tuple[tuple[str, str], tuple[DeployToArea, ...]], ...]:
    """Each crown's area key with its deploys for `figures`, in the order of
    the crowns (`free_crowns`): built once per set of figures in supply, so
    that every figure step only asks which crowns are taken."""
    table = _CROWN_DEPLOYS.get(figures)
    if table is None:
        data = wheel_data()
        table = _CROWN_DEPLOYS[figures] = tuple(
            ((WHEEL, slot), tuple(_crown_action(name, slot) for name in figures))
            for section in data.sections for slot in data.crowns[section])
    return table


#: `_crown_deploys` by the figures in supply (a few per game's figures).
_CROWN_DEPLOYS: dict[tuple[str, ...], tuple[tuple[tuple[str, str], tuple[DeployToArea, ...]], ...]] = {}


def partisans_on_land(game: Game, player: int) -> list[tuple[int, str, int]]:
    """`player`'s partisans on features of the tiles (crowns excluded)."""
    types = game.rules.figure_by_name
    return [spot for spot in game.figures_placed
            if spot[0] == player and is_partisan(types[spot[1]])]


def free_crowns(game: Game) -> list[str]:
    data = wheel_data()
    return [slot for section in data.sections for slot in data.crowns[section]
            if (WHEEL, slot) not in game.area_figures]


def clockwise_from(game: Game, first: int) -> tuple[int, ...]:
    return tuple((first + i) % game.num_players for i in range(game.num_players))


# ---------------------------------------------------------------- actions
@dataclass(frozen=True, slots=True)
class WheelTurned(Event):
    """The pig moved `steps` sections clockwise, from `origin` to `section`,
    for the icon on `tile` drawn by `player`; the section's event follows."""

    player: int
    tile: str
    steps: int
    origin: str
    section: str
    kind: ClassVar[str] = "wheel_turned"


@dataclass(frozen=True, slots=True)
class WheelCounted(Event):
    """Why a player scores `points` at an event, just before the `score`
    event: `count` knights, farmers, followers in supply or monks, counted by
    `unit` (the city's shields, the field's completed cities; else 0)."""

    player: int
    section: str
    count: int
    unit: int
    points: int
    kind: ClassVar[str] = "wheel_counted"


# ----------------------------------------------------------------- events
def _partisans_by_feature(
    game: Game, kind: str
) -> dict[int, Counter[int]]:
    """Per root of a `kind` feature: how many partisans each player has there
    (pieces, not strength: a large follower is one knight)."""
    types = game.rules.figure_by_name
    out: dict[int, Counter[int]] = {}
    for player, name, node in game.figures_placed:
        if not is_partisan(types[name]):
            continue
        root = game.find(node)
        feature = game.features[root]
        if feature is not None and feature.kind == kind:
            out.setdefault(root, Counter())[player] += 1
    return out


class Award(NamedTuple):
    """What an event gives one player now, and why: `count` pieces (knights,
    farmers, followers in supply, monks) and the `unit` they count by
    (the city's shields, the completed cities of the field; else 0)."""

    player: int
    points: int
    tiles: tuple[tuple[int, int], ...] = ()
    count: int = 0
    unit: int = 0


def _taxes(game: Game) -> list[Award]:
    """Per knight: 1 per shield of its city + 1 per knight of the same
    player in it, so k knights with p shields give k * (p + k)."""
    out: list[Award] = []
    for root, counts in sorted(_partisans_by_feature(game, "city").items()):
        feature = game.features[root]
        assert feature is not None
        for player in clockwise_from(game, game.turn_player):
            knights = counts.get(player, 0)
            if knights:
                out.append(Award(player, knights * (feature.shields + knights),
                                 tuple(sorted(feature.tiles)), knights, feature.shields))
    return out


def _famine(game: Game) -> list[Award]:
    """Per farmer: 1 per completed city bordering its field, no majority."""
    out: list[Award] = []
    for root, counts in sorted(_partisans_by_feature(game, "field").items()):
        feature = game.features[root]
        assert feature is not None
        completed = game.completed_cities(feature)  # the City of Carcassonne too (ruling 62)
        for player in clockwise_from(game, game.turn_player):
            farmers = counts.get(player, 0)
            if farmers and completed:
                out.append(Award(player, farmers * completed, tuple(sorted(feature.tiles)),
                                 farmers, completed))
    return out


def _storm(game: Game) -> list[Award]:
    """1 per partisan in supply (a large follower is one)."""
    partisans = [f.name for f in game.rules.figures if is_partisan(f)]
    out: list[Award] = []
    for player in clockwise_from(game, game.turn_player):
        held = sum(game.supply[player].get(name, 0) for name in partisans)
        if held:
            out.append(Award(player, held, (), held))
    return out


def _inquisition(game: Game) -> list[Award]:
    """2 per monk: a partisan on a cloister (the abbot there too)."""
    monks: Counter[int] = Counter()
    tiles: dict[int, set[tuple[int, int]]] = {}
    for root, counts in _partisans_by_feature(game, "cloister").items():
        feature = game.features[root]
        assert feature is not None
        for player, count in counts.items():
            monks[player] += count
            tiles.setdefault(player, set()).update(feature.tiles)
    return [Award(player, MONK_POINTS * monks[player], tuple(sorted(tiles[player])), monks[player])
            for player in clockwise_from(game, game.turn_player) if monks[player]]


def _fortune(game: Game) -> list[Award]:
    return [Award(game.turn_player, FORTUNE_POINTS)]


_EVENTS = {FORTUNE: _fortune, TAXES: _taxes, FAMINE: _famine, STORM: _storm,
           INQUISITION: _inquisition}


def event_terms(section: str, award: Award) -> tuple[ScoreTerm, ...]:
    """Why an event gave what it gave: `count` pieces worth the same each
    (the knights of one city, the farmers of one field, the monks...)."""
    count = award.count or 1
    return (ScoreTerm(f"wheel_{section}", count, award.points // count),)


def event_awards(game: Game, section: str) -> list[Award]:
    """What the section's event would give now (nothing for the plague, whose
    effect is a choice); the computer players read it too."""
    event = _EVENTS.get(section)
    return event(game) if event is not None else []


def score_crowns(game: Game, section: str, events: list[Event]) -> None:
    """The followers on the crown spaces of `section` score and go home."""
    slots = wheel_data().crowns[section]
    present = [(slot, who) for slot in slots for who in game.area_figures.get((WHEEL, slot), ())]
    if not present:
        return
    points = crown_points(len(slots), len(present))
    for _, (player, _figure) in present:
        game.award((player,), points, CROWN, section, events,
                   terms=(ScoreTerm("crown", 1, points),))
    for slot, (player, figure) in present:
        game.take_from_area(player, figure, WHEEL, slot, events)


def crown_points(section_size: int, occupants: int) -> int:
    """What each follower on a section's crowns earns when the pig stops."""
    if occupants > 1:
        return CROWN_SHARED
    return CROWN_ALONE_LARGE if section_size > 1 else CROWN_ALONE_SMALL


# ------------------------------------------------------ turning the wheel
def _icon_tile(game: Game) -> str | None:
    """The tile whose icon turns the wheel now: the tile just drawn, or with
    a hand of three the tile just placed (docs/rulings.md)."""
    if game.rules.hand_size > 1:
        if game.last_placed is None:
            return None
        return game.board[game.last_placed][0].tile.id
    hand = game.hand
    return hand[0] if hand else None


def _turn_wheel(game: Game, events: list[Event]) -> Decision | None:
    """Move the pig, run its section's event, score its crowns; the plague
    asks each player in turn from the turn player (engine/rounds.py: this
    work runs again after each answer)."""
    if game.over:
        return None
    state = game.turn_state
    marker = len(game.board)
    if state.get(_TURN) == marker:
        if round_of(game, PLAGUE) is None:
            return None  # this tile's wheel has turned
    else:
        state[_TURN] = marker
        tile = _icon_tile(game)
        steps = wheel_icon(game, tile)
        if not steps:
            return None
        sections = wheel_data().sections
        origin = pig_section(game)
        section = sections[(sections.index(origin) + steps) % len(sections)]
        game.neutral_figures[PIG] = (WHEEL, section)
        events.append(WheelTurned(game.turn_player, tile or "", steps, origin, section))
        if section != PLAGUE:
            for award in event_awards(game, section):
                if award.count:
                    events.append(WheelCounted(award.player, section, award.count, award.unit,
                                              award.points))
                game.award((award.player,), award.points, WHEEL, section, events,
                           tiles=award.tiles, terms=event_terms(section, award))
            score_crowns(game, section, events)
            return None
        start_round(game, PLAGUE, game.turn_player)
    player = next_in_round(game, PLAGUE, lambda p: bool(partisans_on_land(game, p)))
    if player is None:
        score_crowns(game, PLAGUE, events)
        return None
    spots = partisans_on_land(game, player)
    cells = tuple(sorted({game.node_pos[node] for _, _, node in spots}))
    return Decision(PLAGUE, player, False, cells)


def _plague_legal(game: Game, decision: Decision) -> list[Action]:
    out: list[Action] = []
    for player, figure, node in partisans_on_land(game, decision.player):
        view = game._figure_view(player, figure, node)
        out.append(Remove(view.x, view.y, view.port, figure))
    return out


def _plague_explain(game: Game, decision: Decision, action: Action) -> str:
    return "the plague: take back one of your own followers from the land (a remove action)"


# -------------------------------------------------------------- the rules
@register
class WheelOfFortune(Expansion):
    id = ID
    order = 50
    #: The board goes down before any other start tile or layout (000 p.16).
    start_priority = 20
    title = {"fr": "La Roue de la Fortune", "en": "The Wheel of Fortune"}
    description = {
        "fr": "Un grand plateau de départ avec une roue : les tuiles à icône font tourner "
        "le cochon, qui déclenche Fortune, Taxes, Famine, Tempête, Inquisition ou Peste, "
        "et des partisans sur la couronne marquent quand il s’y arrête.",
        "en": "A large start board with a wheel: tiles with an icon move the pig, which "
        "sets off Fortune, Taxes, Famine, Storm, Inquisition or Plague, and followers on "
        "the crown score when it stops there.",
    }
    data_file = "wheel_of_fortune.json"
    rules = {
        "fr": """Le plateau de la Roue remplace la tuile de départ ; ses routes, villes et prés se jouent comme sur des tuiles, mais la roue elle-même arrête les routes et sépare les prés. 12 tuiles s’ajoutent aux autres. Le cochon de la roue n’appartient à personne ; il part de la section Fortune.

- Une tuile marquée d’une icône 1, 2 ou 3 fait tourner la roue dès qu’elle est piochée, avant d’être posée : le cochon avance d’autant de sections dans le sens des aiguilles d’une montre. Seule la section où il s’arrête compte.
- Fortune : le joueur actif marque 3 points.
- Taxes : pour chacun de ses chevaliers, un joueur marque 1 point par blason de la ville de ce chevalier, plus 1 point par chevalier à lui dans cette même ville (2 chevaliers dans une ville à 2 blasons : 2 × 4 = 8 points).
- Famine : pour chacun de ses paysans, un joueur marque 1 point par ville achevée qui touche le pré de ce paysan, sans besoin de majorité.
- Tempête : chaque joueur marque 1 point par partisan dans sa réserve.
- Inquisition : chaque joueur marque 2 points par moine (partisan sur une abbaye).
- Peste : chaque joueur, en commençant par le joueur actif puis dans le sens des aiguilles d’une montre, reprend un de ses partisans posés sur le terrain (jamais sur la roue). Celui qui n’en a aucun ne fait rien.
- Ensuite, les partisans sur la couronne de cette section marquent et rentrent : seul sur une section à une case, 3 points ; seul sur une section à deux cases, 6 points ; à deux sur une section à deux cases, 3 points chacun. Puis le tour continue normalement.
- Au lieu de poser un pion sur la tuile qu’il vient de placer, un joueur peut poser un partisan de sa réserve sur une case libre de la couronne (un seul partisan par case). Les partisans de la couronne ne rapportent rien en fin de partie.
- Avec La Rivière ou La Rivière II : le plateau d’abord, puis la source contre le plateau, de façon à ce que la rivière s’en éloigne. Avec les deux Rivières, seule la source de La Rivière II est posée.""",
        "en": """The Wheel board replaces the start tile; its roads, cities and fields play like tiles, but the wheel itself ends roads and splits fields. 12 tiles join the others. The wheel's pig belongs to nobody; it starts on the Fortune section.

- A tile with an icon 1, 2 or 3 turns the wheel as soon as it is drawn, before it is placed: the pig moves that many sections clockwise. Only the section where it stops counts.
- Fortune: the active player scores 3 points.
- Taxes: for each of their knights, a player scores 1 point per shield in that knight's city, plus 1 point per knight of theirs in that same city (2 knights in a city with 2 shields: 2 × 4 = 8 points).
- Famine: for each of their farmers, a player scores 1 point per completed city touching that farmer's field; no majority needed.
- Storm: each player scores 1 point per follower in their supply.
- Inquisition: each player scores 2 points per monk (follower on a cloister).
- Plague: each player, the active player first and then clockwise, takes back one of their followers from the land (never from the wheel). A player with none does nothing.
- Then the followers on that section's crown score and go home: alone on a one-space section, 3 points; alone on a two-space section, 6 points; two on a two-space section, 3 points each. Then the turn goes on as usual.
- Instead of deploying on the tile just placed, a player may put a follower from supply on a free crown space (one follower per space). Followers on the crown score nothing at the end of the game.
- With The River or The River II: the board first, then the spring against it so that the river flows away from it. With both Rivers, only The River II's spring is laid.""",
    }

    def tiles(self) -> tuple[TileType, ...]:
        """The 12 tiles and the board, and the icon copies of base tiles
        (never in the bag themselves: `arrange_bag` swaps them in)."""
        base = {t.id: t for t in load_tile_file("base.json", "base")}
        copies = []
        for base_id, icons in wheel_data().base_icons:
            raw = {k: v for k, v in base[base_id].raw.items() if k != "expansion"}
            for icon in sorted(set(icons)):
                copies.append(TileType(
                    {**raw, "id": icon_copy_id(base_id, icon), "count": 0,
                     "name": f"{raw.get('name', base_id)}; wheel icon {icon}",
                     "design_of": base_id,
                     "flags": {**raw.get("flags", {}), WHEEL: icon}},
                    self.id,
                ))
        return super().tiles() + tuple(copies)

    def figures(self) -> Iterable[FigureType]:
        return (FigureType(PIG, 1, frozenset(), strength=0, occupies=False, group=PIG,
                           neutral=True),)

    def start_layout(self, game: Game, laid: tuple[LaidTile, ...]) -> list[LaidTile] | None:
        return list(wheel_data().layout)

    def arrange_bag(self, game: Game, bag: list[str], rng: random.Random) -> list[str]:
        """The copies of base tiles that carry an icon take the place of plain
        copies, the icons dealt at random among them."""
        bag = list(bag)
        for base_id, icons in wheel_data().base_icons:
            slots = [i for i, tile in enumerate(bag) if tile == base_id]
            dealt = list(icons)[: len(slots)]
            rng.shuffle(slots)
            for index, icon in zip(slots, dealt):
                bag[index] = icon_copy_id(base_id, icon)
        return bag

    def decision_kinds(self) -> Iterable[DecisionKind]:
        return (DecisionKind(PLAGUE, _plague_legal, take_back_in_round(PLAGUE), _plague_explain),)

    def turn_work(self) -> Iterable[Work]:
        if self.game_options.get("hand_of_3"):
            return (Work("after_place", _turn_wheel, before=True, name=f"{ID}.turn"),)
        return (Work("draw", _turn_wheel, name=f"{ID}.turn"),)

    # --- the crown ---------------------------------------------------------
    def extra_actions(self, game: Game) -> Iterable[Action]:
        supply = game.supply[game.turn_player]
        figures = tuple(name for name in _crowners(game.rules) if supply.get(name, 0))
        if not figures:
            return ()
        taken = game.area_figures
        return [action for key, actions in _crown_deploys(figures) if key not in taken
                for action in actions]

    def apply_action(self, game: Game, action: Action) -> list[Event] | None:
        if not isinstance(action, DeployToArea) or action.area != WHEEL:
            return None
        events: list[Event] = []
        game.put_in_area(game.turn_player, action.figure, WHEEL, action.slot, events)
        return events
