"""The Messages for the computer players (and the interface's suggestion).

Which pawn moves (`score_pawn`): in the player's own turn, a pawn that
stops on a dark square earns a message (worth at least the seal's 2
points), unless one is already earned for this scoring; a pawn standing on
a square that holds another player's figure of the track (a robber) is
worse to move, since leaving that square is what it waits for; otherwise
the pawn ending nearest below a dark square, so that the next points are
likelier to reach one. The message (`message`): carry it out when that is
worth more than the 2 points (message 4, a whole extra tile, always is;
message 8 when the feature scores at least 2). Message 8's follower: the
one whose feature scores most, a farmer last (farmers score at the end).
The whole-turn search is given these answers only, so a pawn question does
not multiply the turns it weighs.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from carcassonne_desktop.ai.expansions import answer_shortlist, decision_policy
from carcassonne_desktop.engine.actions import Remove
from carcassonne_desktop.engine.expansions.messages import (
    _DARK,
    ACT,
    DARK,
    EXTRA_TILE,
    FOLLOWER_BACK,
    MESSAGE,
    MESSAGE_FOLLOWER,
    POINTS,
    SCORE_PAWN,
    SEAL_POINTS,
    MessageChoice,
    ScorePawn,
    act_points,
    follower_back_points,
    followers,
    is_dark,
)
from carcassonne_desktop.engine.track import TRACK_SQUARES

if TYPE_CHECKING:
    from carcassonne_desktop.engine import Action, Game

#: The area of the track where figures (robbers) may stand (DESIGN 5c).
TRACK_AREA = "track"


def watched(game: Game, player: int, square: int) -> bool:
    """Whether another player's figure stands on that square of the track."""
    held = game.area_figures.get((TRACK_AREA, str(square)), ())
    return any(owner != player for owner, _ in held)


def pawn_value(game: Game, player: int, pawn: int, points: int) -> float:
    """How good it is for `player` that `pawn` (0 or 1) carries `points`."""
    start = game.pawns[player][pawn]
    end = start + points
    value = 0.0
    if (player == game.turn_player and points > 0 and is_dark(end)
            and not game.turn_state.get(_DARK)):
        value += 10.0  # a message now
    if watched(game, player, start % TRACK_SQUARES):
        value -= 6.0  # leaving it is what the robber waits for
    # next points are likelier to reach a dark square from just below one
    value -= ((-end) % DARK) * 0.1
    return value


def suggested_pawn(game: Game, player: int, points: int) -> int:
    """The pawn (1 or 2, as the record names them) suggested for `points`."""
    values = [pawn_value(game, player, pawn, points) for pawn in (0, 1)]
    return 2 if values[1] > values[0] else 1


def suggest_score_pawn(game: Game, decision: object) -> ScorePawn:
    """The answer to a pending `score_pawn` decision the game suggests."""
    points = game.pending.subject[0] if game.pending is not None else 0
    player = game.deciding_player
    return ScorePawn(suggested_pawn(game, player, points))


def message_worth(game: Game, player: int, message: int) -> float:
    """What carrying a message out is worth now, against the seal's 2."""
    if message == EXTRA_TILE:
        return SEAL_POINTS + 1.0  # a tile, a figure step and its scoring
    if message == FOLLOWER_BACK:
        return max((follower_back_points(game, player, node)
                    for _, node, _ in followers(game, player)), default=0)
    return float(act_points(game, player, message))


def suggest_message(game: Game, legal: Sequence[Action]) -> Action | None:
    answers = [a for a in legal if isinstance(a, MessageChoice)]
    act = next((a for a in answers if a.choice == ACT), None)
    if act is None:
        return next((a for a in answers if a.choice == POINTS), None)
    worth = message_worth(game, game.deciding_player, act.message)
    points = next((a for a in answers if a.choice == POINTS), act)
    return act if worth > SEAL_POINTS else points


def _follower_rank(game: Game, action: Remove) -> tuple[int, int]:
    node = game.node_at(action.x, action.y, action.port, action.figure)  # type: ignore[arg-type]
    if node is None:
        return (-1, 0)
    farmer = game.feature(node).kind == "field"
    return (follower_back_points(game, game.deciding_player, node), 0 if farmer else 1)


def suggest_follower(game: Game, legal: Sequence[Action]) -> Action | None:
    removes = [a for a in legal if isinstance(a, Remove)]
    return max(removes, key=lambda a: _follower_rank(game, a)) if removes else None


@decision_policy(SCORE_PAWN)
def choose_pawn(game: Game, legal: Sequence[Action], rng: random.Random) -> Action | None:
    return suggest_score_pawn(game, game.pending)


@decision_policy(MESSAGE)
def choose_message(game: Game, legal: Sequence[Action], rng: random.Random) -> Action | None:
    return suggest_message(game, legal)


@decision_policy(MESSAGE_FOLLOWER)
def choose_follower(game: Game, legal: Sequence[Action], rng: random.Random) -> Action | None:
    return suggest_follower(game, legal)


@answer_shortlist(SCORE_PAWN)
def pawn_shortlist(game: Game, options: list[Action]) -> list[Action]:
    return [suggest_score_pawn(game, game.pending)]


@answer_shortlist(MESSAGE_FOLLOWER)
def follower_shortlist(game: Game, options: list[Action]) -> list[Action]:
    best = suggest_follower(game, options)
    return [best] if best is not None else options


__all__ = ["MESSAGE", "choose_follower", "choose_message", "choose_pawn", "suggest_score_pawn",
           "suggested_pawn"]
