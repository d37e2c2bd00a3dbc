"""The Catapult for the computer players: where to aim, and an unsteady hand.

A computer player aims at the best point for it, judged by the engine's own
effects (engine/expansions/shared/catapult_geometry.py: the figures a
knock-out would send home, the follower a seduction would take), then misses
by a spread drawn from its seeded generator: the spread grows with the
distance from the catapult to the aim and shrinks with the player's level.
The catch is played out the same way (a short throw, a catch, a touch) from
both players' levels. The token chosen, the swap and the whole-turn
shortlists follow the same judgement, so a fair tile costs the turn search
one branch, not one per token and aim.

The tokens still held are worth the points their rounds are expected to
bring (`tokens_in_hand`, an evaluation term): a round comes with each fair
tile still to play, as long as tokens are left; the target's 5 points go to
the steadiest hand, the catch's by both players' skill. Knock-out and
seduction move figures rather than score, and who gains depends on where
the figures will stand: they are valued when hurled, by the aim, not held.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from carcassonne_desktop.ai.expansions import answer_shortlist, decision_policy, evaluation_term
from carcassonne_desktop.engine.actions import PASS
from carcassonne_desktop.engine.expansions.catapult import (
    CATCH,
    CATCH_POINTS,
    CATCH_TOKEN,
    FAIR,
    HURL,
    ID,
    KNOCKOUT,
    SEDUCTION,
    SWAP,
    TARGET,
    TARGET_POINTS,
    TOKEN_CHOICE,
    CatchOutcome,
    ChooseToken,
    Hurl,
    Swap,
    catcher_of,
    current_round,
    tokens_left,
)
from carcassonne_desktop.engine.expansions.shared.catapult_geometry import (
    HIT_REACH,
    knocked,
    launch_point,
)

if TYPE_CHECKING:
    from carcassonne_desktop.ai.evaluation import Evaluator
    from carcassonne_desktop.engine import Action, Game
    from carcassonne_desktop.engine.catalogue import Catalogue

Point = tuple[float, float]

#: Spread of the landing point per tile flown (standard deviation, tile
#: units), by level: a child's computer opponent misses by half a tile from
#: four tiles away, the strongest by a tenth.
SPREAD_PER_TILE = {"random": 0.15, "easy": 0.12, "greedy": 0.08, "medium": 0.06,
                   "mcts": 0.03, "hard": 0.025}
#: Catch: (chance of a throw too short, chance of catching one that comes), by level.
CATCH_SKILL = {"random": (0.35, 0.2), "easy": (0.3, 0.3), "greedy": (0.2, 0.4),
               "medium": (0.15, 0.45), "mcts": (0.08, 0.6), "hard": (0.08, 0.6)}
#: A touch that is not a catch, for any catcher who gets a hand to it.
TOUCH = 0.25
DEFAULT_LEVEL = "medium"
#: Sending home one's own figure costs more than an opponent's brings.
OWN_WEIGHT = 1.5


def level_of(game: Game, player: int) -> str:
    """The level named by a seat's controller ("ai:hard" -> "hard"); a human
    seat (or an unknown level) counts as medium."""
    controller = game.setup.players[player].controller
    level = controller.split(":", 1)[1] if controller.startswith("ai:") else ""
    return level if level in SPREAD_PER_TILE else DEFAULT_LEVEL


# ------------------------------------------------------------- the aim
def knockout_value(game: Game, player: int, point: Point) -> float:
    """What a knock-out resting at `point` is worth to `player`: one per
    opponent figure sent home, minus `OWN_WEIGHT` per own figure."""
    return sum(-OWN_WEIGHT if f.player == player else 1.0 for f, _ in knocked(game, point))


def _knockout_aim(game: Game, player: int, fair: tuple[int, int]) -> tuple[Point, float]:
    standing = [where for f, where in game.figure_positions() if f.player != player]
    candidates: list[Point] = list(standing)
    for i, a in enumerate(standing):
        for b in standing[i + 1:]:
            if math.dist(a, b) <= 2 * HIT_REACH:
                candidates.append(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
    best, value = launch_point(game, fair), 0.0  # nothing worth it: land harmlessly
    for point in candidates:
        worth = knockout_value(game, player, point)
        if worth > value:
            best, value = point, worth
    return best, value


def _worth(game: Game, x: int, y: int, port: str) -> float:
    """What the feature at a spot is worth now (0 where none is found)."""
    info = game.feature_at(x, y, port)
    return float(info.value) if info is not None else 0.0


def _seduction_aim(game: Game, player: int) -> tuple[Point | None, float]:
    """The opponent follower on the most valuable feature, if the player has
    a follower to swap in."""
    if not any(game.supply[player].get(f.name, 0) > 0 for f in game.rules.figures
               if f.strength > 0 and not f.neutral):
        return None, 0.0
    types = game.rules.figure_by_name
    best: tuple[Point | None, float] = (None, 0.0)
    for figure, where in game.figure_positions():
        if figure.player == player or types[figure.figure].strength <= 0:
            continue
        value = _worth(game, figure.x, figure.y, figure.port)
        if value > best[1]:
            best = (where, value)
    return best


def aim(game: Game, player: int, token: str, fair: tuple[int, int]) -> Point:
    """The best rest point for `player`'s token, before the hand shakes."""
    if token == KNOCKOUT:
        return _knockout_aim(game, player, fair)[0]
    if token == SEDUCTION:
        point, _ = _seduction_aim(game, player)
        if point is not None:
            return point
    return (float(fair[0]), float(fair[1]))


def shaken(game: Game, player: int, point: Point, fair: tuple[int, int],
           rng: random.Random) -> Point:
    """Where a token aimed at `point` comes to rest: a miss drawn from `rng`,
    growing with the distance flown and shrinking with the player's level."""
    start = launch_point(game, fair)
    sigma = SPREAD_PER_TILE[level_of(game, player)] * max(1.0, math.dist(start, point))
    return (point[0] + rng.gauss(0.0, sigma), point[1] + rng.gauss(0.0, sigma))


@decision_policy(HURL)
def hurl(game: Game, legal: Sequence[Action], rng: random.Random) -> Action | None:
    pending = game.pending
    assert pending is not None
    fair, token = pending.subject
    x, y = shaken(game, pending.player, aim(game, pending.player, token, fair), fair, rng)
    return Hurl(token, round(x, 3), round(y, 3))


@answer_shortlist(HURL)
def hurl_shortlist(game: Game, answers: list[Action]) -> list[Action]:
    """In a whole turn, the hurl is judged where it is aimed (no branching)."""
    pending = game.pending
    assert pending is not None
    fair, token = pending.subject
    x, y = aim(game, pending.player, token, fair)
    return [Hurl(token, x, y)]


# ------------------------------------------------------------- the token
def choose_token(game: Game, legal: Sequence[Action]) -> Action:
    """Knock-out when it would send home opponents, else seduction when an
    opponent follower is worth taking, else the target, else the catch."""
    pending = game.pending
    assert pending is not None
    player, (fair, offered) = pending.player, pending.subject
    if KNOCKOUT in offered and _knockout_aim(game, player, fair)[1] >= 1.0:
        return ChooseToken(KNOCKOUT)
    if SEDUCTION in offered and _seduction_aim(game, player)[1] >= 3.0:
        return ChooseToken(SEDUCTION)
    if TARGET in offered:
        return ChooseToken(TARGET)
    return legal[-1] if legal else ChooseToken(offered[0])


@decision_policy(TOKEN_CHOICE)
def token_policy(game: Game, legal: Sequence[Action], rng: random.Random) -> Action | None:
    return choose_token(game, legal)


@answer_shortlist(TOKEN_CHOICE)
def token_shortlist(game: Game, answers: list[Action]) -> list[Action]:
    return [choose_token(game, answers)]


# ---------------------------------------------------------------- the swap
@decision_policy(SWAP)
def swap(game: Game, legal: Sequence[Action], rng: random.Random) -> Action | None:
    """From supply when possible; else the follower on the feature worth the
    least, if it is worth less than the seduced one's; else pass."""
    pending = game.pending
    assert pending is not None
    _, (owner, figure, x, y, port) = pending.subject
    gained = _worth(game, x, y, port)
    swaps = [a for a in legal if isinstance(a, Swap)]
    if not swaps:
        return PASS
    from_supply = [a for a in swaps if a.source is None]
    if from_supply:
        return min(from_supply, key=lambda a: game.rules.figure_by_name[a.figure].strength)

    def worth(action: Swap) -> float:
        assert action.source is not None
        return _worth(game, *action.source)  # type: ignore[arg-type]

    cheapest = min(swaps, key=worth)
    return cheapest if worth(cheapest) < gained else PASS


# ---------------------------------------------------------------- a catch
def _skills(game: Game, hurler: int, catcher: int) -> tuple[float, float]:
    """(chance the hurler's throw is too short, chance the catcher catches one that comes)."""
    return CATCH_SKILL[level_of(game, hurler)][0], CATCH_SKILL[level_of(game, catcher)][1]


def catch_chances(game: Game, hurler: int, catcher: int) -> dict[str, float]:
    """The chance of each outcome of a throw, as `catch_outcome` draws them."""
    short, catches = _skills(game, hurler, catcher)
    comes = 1.0 - short
    return {"short": short, "caught": comes * catches, "touched": comes * TOUCH,
            "far": comes * (1.0 - catches - TOUCH)}


def catch_outcome(game: Game, hurler: int, catcher: int, rng: random.Random) -> str:
    """How a throw ends, drawn from both players' levels."""
    short, catches = _skills(game, hurler, catcher)
    if rng.random() < short:
        return "short"
    draw = rng.random()
    if draw < catches:
        return "caught"
    if draw < catches + TOUCH:
        return "touched"
    return "far"


@decision_policy(CATCH)
def catch(game: Game, legal: Sequence[Action], rng: random.Random) -> Action | None:
    pending = game.pending
    assert pending is not None
    hurler = pending.player
    return CatchOutcome(catch_outcome(game, hurler, catcher_of(game, hurler), rng))


# ------------------------------------------------------ the tokens in hand
#: The fair tile types of each catalogue: looked up once, not on every
#: tile type still unseen at every evaluation (a tenth of a whole turn's
#: evaluation with every expansion, issue 30).
_FAIR_TILES: WeakKeyDictionary[Catalogue, frozenset[str]] = WeakKeyDictionary()


def fair_tiles(catalogue: Catalogue) -> frozenset[str]:
    """The ids of the catalogue's tile types that start a fair."""
    found = _FAIR_TILES.get(catalogue)
    if found is None:
        found = _FAIR_TILES[catalogue] = frozenset(t.id for t in catalogue if t.flags.get(FAIR))
    return found


def fairs_to_come(game: Game, evaluator: Evaluator | None = None) -> int:
    """Fair tiles not yet played: unseen, or in a hand. With an evaluator,
    the bag's fairs are counted once per decision for each bag (the bag is
    most of the unseen tiles, and a search's positions share few bags)."""
    catalogue = game.rules.catalogue
    fair = (fair_tiles(catalogue) if evaluator is None else
            evaluator.carried((fair_tiles, catalogue), lambda: fair_tiles(catalogue))).__contains__
    # (the tiles of `game.unseen_tile_counts()` counted without a Counter:
    # a tenth of this term at every evaluation, issue 30)
    count = 0
    for expansion in game.rules.hooks["unseen_tiles"]:
        count += sum(map(fair, expansion.unseen_tiles(game)))
    bag = game.bag
    count += (sum(map(fair, bag)) if evaluator is None else
              evaluator.carried((fairs_to_come, tuple(bag)), lambda: sum(map(fair, bag))))
    for hand in game.hands:
        count += sum(map(fair, hand))
    return count


def steadiness(game: Game) -> list[float]:
    """Each player's share of target contests won: the steadier hand (a
    smaller spread for its level) wins more often."""
    weights = [1.0 / SPREAD_PER_TILE[level_of(game, p)] for p in range(game.num_players)]
    total = sum(weights)
    return [w / total for w in weights]


def expected_catch(game: Game, hurler: int) -> tuple[float, float]:
    """(hurler's, catcher's) expected points of one throw to the left neighbour."""
    chances = catch_chances(game, hurler, catcher_of(game, hurler))
    return (sum(chances[o] * CATCH_POINTS[o][0] for o in chances),
            sum(chances[o] * CATCH_POINTS[o][1] for o in chances))


@evaluation_term(ID)
def tokens_in_hand(evaluator: Evaluator, game: Game, totals: list[float]) -> None:
    """The points the tokens still held are expected to bring. Each fair to
    come starts one round and spends one type for everybody, so a held type
    is played with the chance min(1, fairs to come / types held); a type
    whose round is under way is played for sure by those still to hurl.
    Worked out once per decision for each (fairs, tokens spent, round)
    (`Evaluator.carried`: most positions of a search share them)."""
    fairs = fairs_to_come(game, evaluator)
    rnd = current_round(game)
    under_way = rnd.token if rnd is not None and not rnd.done else None
    waiting = rnd.hurlers if under_way is not None and rnd is not None else ()
    key = (ID, fairs, game.extension_state.get(ID), under_way, waiting)
    for player, points in evaluator.carried(
            key, lambda: _token_points(game, fairs, under_way, waiting)):
        totals[player] += points


def _token_points(game: Game, fairs: int, under_way: str | None,
                  waiting: tuple[int, ...]) -> list[tuple[int, float]]:
    """`tokens_in_hand`'s additions, in order: (player, points)."""
    shares = steadiness(game)
    out: list[tuple[int, float]] = []
    for player in range(game.num_players):
        held = [t for t in tokens_left(game, player) if t != under_way or player not in waiting]
        later = min(1.0, fairs / len(held)) if held else 0.0
        for token in tokens_left(game, player):
            chance = 1.0 if token == under_way and player in waiting else later
            if not chance:
                continue
            if token == TARGET:
                out.append((player, chance * TARGET_POINTS * shares[player]))
            elif token == CATCH_TOKEN:
                as_hurler, as_catcher = expected_catch(game, player)
                out.append((player, chance * as_hurler))
                out.append((catcher_of(game, player), chance * as_catcher))
    return out
