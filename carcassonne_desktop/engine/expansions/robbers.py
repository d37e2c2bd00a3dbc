"""The Robbers (seed 001 "Les Voleurs"; DESIGN 5c "Robbers").

Each player owns one robber, which stands on a square of the score track
(area `track`, slots "0" to "49"). After a robber tile is placed, its placer
may put their robber (or move it, if it is on the track already) on a square
holding a pawn of another player, then the next player clockwise whose
robber is still in supply may put theirs (decision `robber`, answered with
`{"type": "deploy", "figure": "robber", "area": "track", "slot": "23"}` or a
pass). When a pawn of another player leaves a robber's square to score, the
robber's owner scores half of those points, rounded up, and takes the robber
back (category `robbers`); stolen points are not stolen again: a robber on
the square of a pawn moved by stolen points follows it. A robber that saw
pawns of several players leave its square in the same settling chooses whom
it robs (decision `robber_steal`). A robber still on the track at the end
scores 3, before the features are scored.

The robbers watch every pawn of every player (`game.pawns`): with an
expansion that gives two pawns, either one. Nothing here names it.

How the questions are kept: the two questions after a robber tile are a
round of at most two players (the core's `rounds` helper, begun once per
turn); the steals wait in `turn_state` until every queued pawn move has
settled (the core's `pawns_settled`), then each robber, in seat order from
the turn player, robs.

Rulings (docs/rulings.md, "The Robbers": RB1-RB8).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from carcassonne_desktop.engine.actions import PASS, Action, DeployToArea, _int, register_action
from carcassonne_desktop.engine.decisions import Decision, DecisionKind
from carcassonne_desktop.engine.events import Event
from carcassonne_desktop.engine.expansion import Expansion, register
from carcassonne_desktop.engine.figures import FigureType
from carcassonne_desktop.engine.rounds import next_in_round, round_done, start_round
from carcassonne_desktop.engine.score_terms import ScoreTerm
from carcassonne_desktop.engine.track import TRACK_SQUARES, PawnMove
from carcassonne_desktop.engine.turn import Work, tiles_flagged

if TYPE_CHECKING:
    from carcassonne_desktop.engine.game import Game

ID = "robbers"
ROBBER = "robber"  # the figure, the tile flag and the decision kind
STEAL = "robber_steal"
TRACK = "track"  # the area of the score track
CATEGORY = ID  # stolen points and the end's 3
#: What a robber still on the track is worth at the end.
LEFT_ON_TRACK = 3
_ASKED = f"{ID}.asked"  # turn_state: this turn's robber tile has begun its round
#: turn_state: steals waiting for the queue to settle, ((robber owner,
#: victim, points, square), ...) in the order the pawns left.
_CLAIMS = f"{ID}.claims"


# ---------------------------------------------------------------- actions
@register_action
@dataclass(frozen=True, slots=True)
class RobberSteal(Action):
    """The robber robs `player` (seat, 0 first) among the pawns that left its square."""

    player: int
    type: ClassVar[str] = STEAL

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "player": self.player}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RobberSteal:
        return cls(_int(data, "player"))


@dataclass(frozen=True, slots=True)
class RobberPlaced(Event):
    """`player` put their robber on `square` (`moved`: from another square)."""

    player: int
    square: int
    moved: bool
    kind: ClassVar[str] = "robber_placed"


@dataclass(frozen=True, slots=True)
class RobberStole(Event):
    """`thief`'s robber took `stolen` of the `points` `victim` scored from
    `square` (the award and the robber's return follow)."""

    thief: int
    victim: int
    points: int
    stolen: int
    square: int
    kind: ClassVar[str] = "robber_stole"


@dataclass(frozen=True, slots=True)
class RobberFollowed(Event):
    """`owner`'s robber followed `victim`'s pawn, moved by stolen points,
    from `start` to `end`."""

    owner: int
    victim: int
    start: int
    end: int
    kind: ClassVar[str] = "robber_followed"


@dataclass(frozen=True, slots=True)
class RobberLeft(Event):
    """At the end `owner`'s robber was still on `square` (3 points follow)."""

    owner: int
    square: int
    kind: ClassVar[str] = "robber_left"


# ------------------------------------------------------------- where they are
def robber_square(game: Game, player: int) -> int | None:
    """The square `player`'s robber stands on, or None (in supply)."""
    for (area, slot), present in game.area_figures.items():
        if area == TRACK and (player, ROBBER) in present:
            return int(slot)
    return None


def robbers_at(game: Game, square: int) -> list[int]:
    """The owners of the robbers on a square."""
    return [p for p, figure in game.area_figures.get((TRACK, str(square)), ()) if figure == ROBBER]


def watched_squares(game: Game, player: int) -> list[int]:
    """Squares holding a pawn of another player (where `player` may rob)."""
    return sorted({game.square(other, pawn) for other in range(game.num_players) if other != player
                   for pawn in range(len(game.pawns[other]))})


def _clockwise_after(game: Game, player: int) -> Iterable[int]:
    n = game.num_players
    return ((player + i) % n for i in range(1, n))


# ------------------------------------------------------ putting the robbers
def _question(game: Game, player: int) -> Decision | None:
    """Where `player` may put (or move) their robber; None when nowhere."""
    here = robber_square(game, player)
    squares = [s for s in watched_squares(game, player) if s != here]
    if not squares:
        return None
    return Decision(ROBBER, player, True, ("put" if here is None else "move", *squares))


def _robber_work(game: Game, events: list[Event]) -> Decision | None:
    """After a robber tile is placed (after the gold and the mage or witch,
    before the figure step): its placer, then the first player clockwise
    whose robber is still in supply (a round of the core's helper, begun
    once per turn; a player with no square to choose is skipped)."""
    pos = game.last_placed
    if pos is None or not game.board[pos][0].tile.flags.get(ROBBER):
        return None
    placer = game.turn_player
    if not game.turn_state.get(_ASKED):
        game.turn_state[_ASKED] = True
        following = next((p for p in _clockwise_after(game, placer)
                          if game.supply[p].get(ROBBER, 0) > 0), None)
        start_round(game, ROBBER, placer, only=lambda p: p in (placer, following))
    asked: dict[int, Decision | None] = {}

    def has_question(player: int) -> bool:
        asked[player] = _question(game, player)
        return asked[player] is not None

    player = next_in_round(game, ROBBER, has_question)
    return asked[player] if player is not None else None


def _robber_legal(game: Game, decision: Decision) -> list[Action]:
    return [*(DeployToArea(ROBBER, TRACK, str(s)) for s in decision.subject[1:]), PASS]


def _robber_resolve(game: Game, decision: Decision, action: Action, events: list[Event]) -> None:
    player = decision.player
    round_done(game, ROBBER)
    if not isinstance(action, DeployToArea):
        return
    here = robber_square(game, player)
    if here is None:
        game.put_figure(player, ROBBER, (TRACK, action.slot), events)
    else:
        game.move_figure(player, ROBBER, (TRACK, str(here)), (TRACK, action.slot), events)
    events.append(RobberPlaced(player, int(action.slot), here is not None))


def _robber_explain(game: Game, decision: Decision, action: Action) -> str:
    return "a robber goes on a square of the score track holding another player's pawn"


# ---------------------------------------------------------------- stealing
def _claims(game: Game) -> tuple[tuple[int, int, int, int], ...]:
    return game.turn_state.get(_CLAIMS, ())


def _steal(game: Game, thief: int, victim: int, events: list[Event]) -> None:
    """`thief` robs `victim` (the largest of their claims), takes the robber
    back, and scores half, rounded up."""
    claims = _claims(game)
    points, square = max((c[2], c[3]) for c in claims if c[0] == thief and c[1] == victim)
    game.turn_state[_CLAIMS] = tuple(c for c in claims if c[0] != thief)
    stolen = (points + 1) // 2
    events.append(RobberStole(thief, victim, points, stolen, square))
    # back to supply before the thief's pawn moves: it does not follow itself
    game.take_from_area(thief, ROBBER, TRACK, str(square), events)
    game.award((thief,), stolen, CATEGORY, "robber", events,
               terms=(ScoreTerm("robber_half", 1, stolen),))


def _victims(game: Game, thief: int) -> dict[int, int]:
    """The players `thief` may rob now, with the most each would give."""
    found: dict[int, int] = {}
    for owner, victim, points, _ in _claims(game):
        if owner == thief:
            found[victim] = max(points, found.get(victim, 0))
    return found


def _steal_legal(game: Game, decision: Decision) -> list[Action]:
    return [RobberSteal(victim) for victim, _ in decision.subject]


def _steal_resolve(game: Game, decision: Decision, action: Action, events: list[Event]) -> None:
    assert isinstance(action, RobberSteal)
    _steal(game, decision.player, action.player, events)


def _steal_explain(game: Game, decision: Decision, action: Action) -> str:
    return "the robber robs one of the players whose pawn left its square"


@register
class Robbers(Expansion):
    id = ID
    order = 48
    title = {"fr": "Les Voleurs", "en": "The Robbers"}
    description = {
        "fr": "8 tuiles Voleurs : posez votre voleur sur la piste de score, sur le pion "
        "Score d’un adversaire ; quand il marque, vous volez la moitié de ses points.",
        "en": "8 Robber tiles: put your robber on the score track, on an opponent’s pawn; when "
        "they score, you steal half of their points.",
    }
    data_file = "robbers.json"
    rules = {
        "fr": """8 tuiles Voleurs (un sac) sont mélangées aux autres. Chaque joueur a un voleur.

- Quand vous posez une tuile Voleurs, vous pouvez poser votre voleur sur une case de la piste de score où se trouve le pion Score d’un autre joueur (cliquez la case sur la piste), ou le déplacer s’il y est déjà. Puis le premier joueur suivant dans le sens horaire dont le voleur est encore dans sa réserve peut poser le sien.
- Cela se fait après la pose de la tuile, avant celle du partisan.
- Quand le pion Score d’un autre joueur quitte la case de votre voleur pour marquer des points, vous marquez la moitié de ces points (arrondie au supérieur) et reprenez votre voleur. L’autre joueur marque tous ses points.
- Les points volés ne sont pas volés à leur tour : un voleur posé sur la case d’un pion qui avance grâce à des points volés le suit.
- Si les pions de plusieurs joueurs quittent la case de votre voleur lors d’une même évaluation, vous choisissez lequel vous volez. Plusieurs voleurs sur une même case volent tous.
- On ne se vole pas soi-même.
- Un voleur encore sur la piste à la fin de la partie rapporte 3 points à son propriétaire, avant l’évaluation finale, où l’on ne vole rien.""",
        "en": """8 Robber tiles (a bag) are shuffled in with the others. Each player has one robber.

- When you place a Robber tile, you may put your robber on a square of the score track where another player’s pawn stands (click the square on the track), or move it if it is there already. Then the first player clockwise whose robber is still in supply may put theirs.
- This happens after placing the tile, before deploying a follower.
- When another player’s pawn leaves your robber’s square to score, you score half of those points (rounded up) and take your robber back. The other player scores all their points.
- Stolen points are not stolen in turn: a robber on the square of a pawn that moves by stolen points follows it.
- If pawns of several players leave your robber’s square in the same scoring, you choose which one you rob. Several robbers on one square all rob.
- Nobody robs themselves.
- A robber still on the track at the end of the game scores 3 points for its owner, before the final scoring, in which nothing is stolen.""",
    }

    def figures(self) -> Iterable[FigureType]:
        return (FigureType(ROBBER, 1, frozenset(), strength=0, occupies=False, group=ROBBER),)

    def decision_kinds(self) -> Iterable[DecisionKind]:
        return (DecisionKind(ROBBER, _robber_legal, _robber_resolve, _robber_explain),
                DecisionKind(STEAL, _steal_legal, _steal_resolve, _steal_explain))

    def turn_work(self) -> Iterable[Work]:
        return (Work("after_place", _robber_work, name=f"{ID}.place",
                     tiles=tiles_flagged(ROBBER)),)

    def on_pawn_moved(self, game: Game, player: int, pawn: int, start: int, move: PawnMove,
                      events: list[Event]) -> None:
        square = start % TRACK_SQUARES
        here = [owner for owner in robbers_at(game, square) if owner != player]
        if not here:
            return
        claims = _claims(game)
        if move.category == CATEGORY:
            # stolen points are not stolen: the robbers follow the pawn
            # (a robber about to rob stays to rob)
            end = (start + move.points) % TRACK_SQUARES
            waiting = {c[0] for c in claims}
            for owner in here:
                if owner not in waiting and end != square:
                    game.move_figure(owner, ROBBER, (TRACK, str(square)), (TRACK, str(end)), events)
                    events.append(RobberFollowed(owner, player, square, end))
            return
        if move.points <= 0:
            return
        game.turn_state[_CLAIMS] = claims + tuple((owner, player, move.points, square)
                                                  for owner in here)

    def pawns_settled(self, game: Game, events: list[Event], ask: bool) -> Decision | None:
        """Each robber that saw pawns leave robs, one robber at a time in
        seat order from the turn player; a choice of victims is asked."""
        claims = _claims(game)
        if not claims:
            return None
        n, first = game.num_players, game.turn_player
        thief = min({c[0] for c in claims}, key=lambda p: (p - first) % n)
        victims = _victims(game, thief)
        if len(victims) > 1 and ask:
            return Decision(STEAL, thief, False, tuple(sorted(victims.items())))
        victim = max(victims, key=lambda v: (victims[v], -((v - first) % n)))
        _steal(game, thief, victim, events)
        return None

    def before_final_scoring(self, game: Game, events: list[Event]) -> Decision | None:
        """A robber still on the track scores 3 and goes home, before any
        feature is scored (so nothing is stolen in the final scoring)."""
        for player in range(game.num_players):
            square = robber_square(game, player)
            if square is None:
                continue
            events.append(RobberLeft(player, square))
            game.take_from_area(player, ROBBER, TRACK, str(square), events)
            game.award((player,), LEFT_ON_TRACK, CATEGORY, "final", events,
                       terms=(ScoreTerm("robber_left", 1, LEFT_ON_TRACK),))
        return None
