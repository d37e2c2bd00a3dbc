"""The Gold Mines (seed 001 "Les Mines d'Or"): 8 tiles with a gold mine.

Placing a gold tile puts one ingot on it and the placer puts a second on
one of its eight neighbours (decision `gold`, before the figure step). After
the scoring, the players who won a completed road, city or cloister take the
ingots on its tiles (a cloister's are its 3x3); ingots still on the board at
the end are lost, farmers take none, and each player's hoard scores by the
table of the scoring sheet (category `gold`).

Rulings (docs/rulings.md, "Gold Mines"):
- a zone is a completed road or city (every tile holding a part of it) or a
  completed feature scored by its 3x3 (cloister, and likewise a garden or a
  shrine); fields never;
- one distribution per scoring step, over every zone completed in it: from
  the turn player clockwise, each player engaged takes one ingot of a zone
  they won, round after round until none is left; a player takes first an
  ingot nobody else may take (an ingot on a tile shared by two zones won by
  different players goes last), so the handing out never depends on luck;
- a zone that nobody wins keeps its ingots on the board (they are lost at
  the end like the others).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from carcassonne_desktop.engine.actions import Action, _int, register_action
from carcassonne_desktop.engine.decisions import Decision, DecisionKind
from carcassonne_desktop.engine.events import Event
from carcassonne_desktop.engine.expansion import Expansion, register
from carcassonne_desktop.engine.features import FEATURE_KINDS, NEIGHBOURHOOD, Position
from carcassonne_desktop.engine.geometry import NEIGHBOURHOOD as AROUND
from carcassonne_desktop.engine.score_terms import ScoreTerm
from carcassonne_desktop.engine.turn import Work, tiles_flagged

if TYPE_CHECKING:
    from carcassonne_desktop.engine.game import Game

ID = "gold_mines"
GOLD = "gold"  # the tile flag, the decision kind, the token and the score category
_PLACED = f"{ID}.placed"  # turn_state: the gold tile whose ingots are down
_CLAIMS = f"{ID}.claims"  # turn_state: ((owners, zone cells), ...) of this scoring step

#: The scoring sheet: (fewest ingots, points per ingot), highest first.
RATES = ((10, 4), (7, 3), (4, 2), (1, 1))


def ingots(game: Game) -> dict[Position, int]:
    """Ingots lying on the board, by tile."""
    return dict(game.extension_state.get(ID, ()))


def _store(game: Game, lying: Mapping[Position, int]) -> None:
    game.extension_state[ID] = tuple(sorted((cell, n) for cell, n in lying.items() if n > 0))


def rate(held: int) -> int:
    """Points per ingot for a hoard of `held` ingots."""
    return next((points for least, points in RATES if held >= least), 0)


def zone_cells(game: Game, root: int) -> frozenset[Position]:
    """The tiles whose ingots a completed feature collects (a cloister: its 3x3)."""
    feature = game.features[root]
    assert feature is not None
    kind = FEATURE_KINDS.get(feature.kind)
    if kind is not None and kind.completion == NEIGHBOURHOOD:
        (x, y), = feature.tiles
        return frozenset({(x, y), *((x + dx, y + dy) for dx, dy in AROUND)})
    return frozenset(feature.tiles)


# ---------------------------------------------------------------- actions
@register_action
@dataclass(frozen=True, slots=True)
class PlaceGold(Action):
    """The second ingot of a gold tile goes on the tile at (x, y)."""

    x: int
    y: int
    type: ClassVar[str] = GOLD

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "x": self.x, "y": self.y}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PlaceGold:
        return cls(_int(data, "x"), _int(data, "y"))


@dataclass(frozen=True, slots=True)
class GoldPlaced(Event):
    """An ingot was put on the tile at (x, y) by `player` (`mine`: the gold
    tile's own ingot, else the one the placer chose)."""

    player: int
    x: int
    y: int
    mine: bool
    kind: ClassVar[str] = "gold_placed"


@dataclass(frozen=True, slots=True)
class GoldCollected(Event):
    """`player` took one ingot from the tile at (x, y)."""

    player: int
    x: int
    y: int
    kind: ClassVar[str] = "gold_collected"


@dataclass(frozen=True, slots=True)
class GoldLost(Event):
    """The game ended with `count` ingots still on the board."""

    count: int
    kind: ClassVar[str] = "gold_lost"


# ------------------------------------------------------------- placing gold
def _neighbours_with_tiles(game: Game, x: int, y: int) -> list[Position]:
    return [(x + dx, y + dy) for dx, dy in AROUND if (x + dx, y + dy) in game.board]


def _put_ingot(game: Game, player: int, cell: Position, mine: bool,
               events: list[Event]) -> None:
    lying = ingots(game)
    lying[cell] = lying.get(cell, 0) + 1
    _store(game, lying)
    events.append(GoldPlaced(player, *cell, mine))


def _gold_work(game: Game, events: list[Event]) -> Decision | None:
    """After the placement (seed 001's turn summary: "1. Placer une tuile,
    2. Poser un lingot"): one ingot on the gold tile, then the placer's choice."""
    pos = game.last_placed
    if pos is None or game.turn_state.get(_PLACED) == pos:
        return None
    if not game.board[pos][0].tile.flags.get(GOLD):
        return None
    if game.turn_state.get(_PLACED) != (pos, "first"):
        _put_ingot(game, game.turn_player, pos, True, events)
        game.turn_state[_PLACED] = (pos, "first")
    cells = _neighbours_with_tiles(game, *pos)
    if not cells:
        game.turn_state[_PLACED] = pos
        return None
    return Decision(GOLD, game.turn_player, False, tuple(cells))


def _gold_legal(game: Game, decision: Decision) -> list[Action]:
    return [PlaceGold(x, y) for x, y in decision.subject]


def _gold_resolve(game: Game, decision: Decision, action: Action, events: list[Event]
                  ) -> Action | None:
    assert isinstance(action, PlaceGold)
    _put_ingot(game, decision.player, (action.x, action.y), False, events)
    game.turn_state[_PLACED] = game.last_placed
    return None


def _gold_explain(game: Game, decision: Decision, action: Action) -> str:
    return "put the second ingot on one of the eight tiles around the gold mine (a gold action)"


# ---------------------------------------------------------- handing it out
def _hand_out(game: Game, events: list[Event]) -> Decision | None:
    """After the scoring: the winners of the zones completed in it take
    their ingots, one at a time from the turn player clockwise."""
    claims: tuple[tuple[tuple[int, ...], frozenset[Position]], ...] = \
        game.turn_state.pop(_CLAIMS, ())
    if not claims:
        return None
    lying = ingots(game)
    may_take: dict[int, set[Position]] = {}
    for owners, cells in claims:
        for player in owners:
            may_take.setdefault(player, set()).update(c for c in cells if lying.get(c))
    first = game.turn_player
    order = [p for p in ((first + i) % game.num_players for i in range(game.num_players))
             if may_take.get(p)]
    took = True
    while took:
        took = False
        for player in order:
            cells = [c for c in may_take[player] if lying.get(c)]
            if not cells:
                continue
            rivals = {c: sum(1 for p in order if p != player and c in may_take[p])
                      for c in cells}
            cell = min(cells, key=lambda c: (rivals[c], c))
            lying[cell] -= 1
            events.append(GoldCollected(player, *cell))
            game.give_token(player, GOLD, 1, events)
            took = True
    _store(game, lying)
    return None


@register
class GoldMines(Expansion):
    id = ID
    order = 45
    title = {"fr": "Les Mines d’Or", "en": "The Gold Mines"}
    description = {
        "fr": "8 tuiles avec une mine d’or : deux lingots sont posés, et qui remporte une route, "
        "une ville ou une abbaye achevée les ramasse. Plus on en a, plus chacun vaut.",
        "en": "8 tiles with a gold mine: two ingots are put down, and whoever wins a completed "
        "road, city or cloister picks them up. The more you hold, the more each is worth.",
    }
    data_file = "gold_mines.json"
    rules = {
        "fr": """8 tuiles Mine d’or sont mélangées aux autres.

- Quand vous posez une tuile Mine d’or, un lingot est posé sur elle, puis vous posez un second lingot sur l’une des 8 tuiles qui l’entourent (côté ou coin) : cliquez la tuile choisie. Une tuile peut porter plusieurs lingots.
- Ensuite seulement vous posez un partisan, comme d’habitude.
- Après l’évaluation : qui remporte une route ou une ville achevée prend les lingots de toutes ses tuiles ; pour une abbaye, ceux de sa tuile et des 8 tuiles autour.
- Égalité, ou plusieurs zones achevées en même temps : en commençant par le joueur actif puis dans le sens horaire, chacun prend 1 lingot d’une zone qu’il remporte, tour après tour, jusqu’à ce qu’il n’y en ait plus. Chacun prend d’abord un lingot que personne d’autre ne peut prendre.
- Une zone que personne ne remporte garde ses lingots. Les paysans n’en prennent jamais.
- À la fin, les lingots restés sur le plateau sont perdus. Chaque lingot rapporte : 1 point (1 à 3 lingots), 2 points (4 à 6), 3 points (7 à 9), 4 points (10 ou plus). Exemple : 7 lingots rapportent 7 × 3 = 21 points.""",
        "en": """8 Gold Mine tiles are shuffled in with the others.

- When you place a Gold Mine tile, one ingot is put on it, then you put a second ingot on one of the 8 tiles around it (side or corner): click the tile you choose. A tile may hold several ingots.
- Only then do you deploy a follower, as usual.
- After the scoring: whoever wins a completed road or city takes the ingots on all its tiles; for a cloister, those on its tile and the 8 tiles around it.
- A tie, or several zones completed at once: starting with the active player and going clockwise, each takes 1 ingot of a zone they win, round after round, until none is left. Each takes first an ingot nobody else may take.
- A zone that nobody wins keeps its ingots. Farmers never take any.
- At the end, the ingots left on the board are lost. Each ingot is worth: 1 point (1 to 3 ingots), 2 points (4 to 6), 3 points (7 to 9), 4 points (10 or more). Example: 7 ingots score 7 × 3 = 21 points.""",
    }

    def decision_kinds(self) -> Iterable[DecisionKind]:
        return (DecisionKind(GOLD, _gold_legal, _gold_resolve, _gold_explain),)

    def turn_work(self) -> Iterable[Work]:
        return (
            Work("after_place", _gold_work, before=True, name=f"{ID}.place",
                 tiles=tiles_flagged(GOLD)),
            Work("after_score", _hand_out, before=True, name=f"{ID}.hand_out"),
        )

    def on_feature_scored(self, game: Game, root: int, owners: tuple[int, ...],
                          events: list[Event]) -> None:
        feature = game.features[root]
        if (not owners or feature is None or not feature.completed or feature.kind == "field"
                or not game.extension_state.get(ID)):
            return
        claim = (owners, zone_cells(game, root))
        game.turn_state[_CLAIMS] = game.turn_state.get(_CLAIMS, ()) + (claim,)

    def final_scoring(self, game: Game, events: list[Event]) -> None:
        lost = sum(ingots(game).values())
        if lost:
            events.append(GoldLost(lost))
            game.extension_state[ID] = ()
        for player in range(game.num_players):
            held = game.tokens[player].get(GOLD, 0)
            if held:
                each = rate(held)
                game.award((player,), held * each, GOLD, "final", events,
                           terms=(ScoreTerm("gold_ingots", held, each),))
