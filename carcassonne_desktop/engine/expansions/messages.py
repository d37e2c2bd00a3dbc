"""The Messages (seed 001 "Les Hérauts"; DESIGN 5c "Messages"): each player
has a second scoring pawn, the messenger. Whenever a player scores during
play they choose which of their two pawns moves (decision `score_pawn`,
asked only when the pawns stand on different squares). When, in their own
turn, a pawn stops on a dark square (a multiple of 5), the player draws the
top message after the scoring step (one per scoring step; the points of a
message may chain another) and either carries it out or takes 2 points; it
goes under the deck. At the end the two pawns are added; no message is drawn
in the final scoring. Points a message gives are category `messages`.

The deck is a stream (`messages`): while some message has never been drawn,
the top one is a draw among those; once all eight have been seen, the deck
comes round again in the order they were first drawn (a used message goes
under the deck). Rulings: docs/rulings.md, "The Messages".
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING, Any, ClassVar

from carcassonne_desktop.engine.actions import (
    Action,
    MalformedError,
    Remove,
    _int,
    _str,
    register_action,
)
from carcassonne_desktop.engine.decisions import Decision, DecisionKind
from carcassonne_desktop.engine.events import Event
from carcassonne_desktop.engine.expansion import Expansion, register
from carcassonne_desktop.engine.features import Feature
from carcassonne_desktop.engine.score_terms import ScoreTerm, reconcile, terms_total
from carcassonne_desktop.engine.track import PawnMove
from carcassonne_desktop.engine.turn import Work

if TYPE_CHECKING:
    from carcassonne_desktop.engine.game import Game

ID = "messages"
CATEGORY = STREAM = ID
SCORE_PAWN = "score_pawn"  # decision: which pawn moves
MESSAGE = "message"  # decision: act or take 2 points
MESSAGE_FOLLOWER = "message_follower"  # decision: message 8's follower
ACT, POINTS = "act", "points"
DATA_FILE = "messages.json"  # the 8 message tiles (engine/data, from the shared reference)


def _deck_from_data() -> tuple[int, ...]:
    """The message numbers of the deck, one per tile, from the data file."""
    text = resources.files("carcassonne_desktop.engine.data").joinpath(DATA_FILE).read_text(
        encoding="utf-8")
    return tuple(m["number"] for m in json.loads(text)["messages"] for _ in range(m["count"]))


MESSAGES = _deck_from_data()
SEAL_POINTS = 2  # the seal printed on every message
EACH = 2  # messages 5, 6 and 7: points per shield, knight, farmer
DARK = 5  # a square whose number is a multiple of this is dark
#: Messages 1-3: the kinds of feature each scores ("abbaye": the monastic
#: buildings, a shrine of Heretics & Shrines with the cloister; ruling MS4).
SMALLEST = {1: ("road",), 2: ("city",), 3: ("cloister", "shrine")}
EXTRA_TILE, SHIELDS, KNIGHTS, FARMERS, FOLLOWER_BACK = 4, 5, 6, 7, 8

# extension_state keys (immutable values)
_DECK = ID  # the messages in the order first drawn (the deck once all are seen)
_DRAWN = f"{ID}.drawn"  # how many messages were drawn in the game
_CHAIN = f"{ID}.chain"  # (turn, messages drawn in it): a chain's bound (ruling MS7)
# turn_state keys
_DARK = f"{ID}.dark"  # a pawn of the turn player stopped on a dark square
_HELD = f"{ID}.held"  # the message being carried out (message 8's follower)
_EXTRA = f"{ID}.extra"  # message 4: the extra tile is to be called
_CALLED = f"{ID}.called"  # message 4: the extra tile was played


# ---------------------------------------------------------------- actions
@register_action
@dataclass(frozen=True, slots=True)
class ScorePawn(Action):
    """The scorer's pawn `pawn` (1: the usual pawn, 2: the messenger) moves."""

    pawn: int
    type: ClassVar[str] = SCORE_PAWN

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "pawn": self.pawn}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ScorePawn:
        return cls(_int(data, "pawn"))


@register_action
@dataclass(frozen=True, slots=True)
class MessageChoice(Action):
    """The message drawn (`message`, the check of what was revealed) is
    carried out (`act`) or exchanged for 2 points (`points`)."""

    message: int
    choice: str
    type: ClassVar[str] = MESSAGE

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "message": self.message, "choice": self.choice}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MessageChoice:
        choice = _str(data, "choice")
        if choice not in (ACT, POINTS):
            raise MalformedError(f"message: 'choice' must be act or points, not {choice!r}")
        return cls(_int(data, "message"), choice)


# ----------------------------------------------------------------- events
@dataclass(frozen=True, slots=True)
class MessageDrawn(Event):
    """`player` drew message `message` (the log and the card show it)."""

    player: int
    message: int
    kind: ClassVar[str] = "message_drawn"


@dataclass(frozen=True, slots=True)
class MessageCarried(Event):
    """What `player` did with message `message`: `act` or `points`; `points`
    is what it gave (0 when carrying it out scored nothing)."""

    player: int
    message: int
    choice: str
    points: int
    kind: ClassVar[str] = "message_carried"


# ---------------------------------------------------------------- queries
def is_dark(points: int) -> bool:
    """Whether a pawn carrying `points` stands on a dark square."""
    return points % DARK == 0


def _is_follower(game: Game, figure: str) -> bool:
    """A meeple of the rulebook: a player's figure that weighs in a majority
    (the large follower counts once, ruling MS5; builder, pig, shepherd not)."""
    kind = game.rules.figure_by_name[figure]
    return not kind.neutral and kind.strength > 0


def followers(game: Game, player: int) -> list[tuple[str, int, Feature]]:
    """`player`'s followers on the board: (figure, node, its feature)."""
    out = []
    for owner, figure, node in game.figures_placed:
        if owner == player and _is_follower(game, figure):
            out.append((figure, node, game.feature(node)))
    return out


def worth(game: Game, feature: Feature, player: int) -> tuple[int, tuple[ScoreTerm, ...]]:
    """What `feature` would bring `player` in the final scoring (the terms
    say why): the feature's value, then the hooks of personal points."""
    terms: list[ScoreTerm] = []
    game.score_terms = terms
    try:
        value = game.feature_value(feature, False)
        for expansion in game.rules.hooks["player_points"]:
            before = value
            value = expansion.player_points(game, feature, player, value)
            if value != before:
                reconcile(terms, value, expansion.id)
    finally:
        game.score_terms = None
    if terms_total(terms) != value:
        reconcile(terms, value, ID)
    return value, tuple(terms)


def smallest(game: Game, player: int, message: int) -> Feature | None:
    """Messages 1-3: the feature of the kind holding a follower of `player`
    that would bring them the fewest points at the end (first found on a tie)."""
    kinds = SMALLEST[message]
    best: tuple[int, Feature] | None = None
    seen: set[int] = set()
    for _, node, feature in followers(game, player):
        root = game.find(node)
        if root in seen or feature.kind not in kinds or feature.completed:
            continue
        seen.add(root)
        value = worth(game, feature, player)[0]
        if best is None or value < best[0]:
            best = (value, feature)
    return best[1] if best is not None else None


def count_for(game: Game, player: int, message: int) -> int:
    """Messages 5-7: the shields of cities with a knight of `player` (each
    city once), their knights, their farmers."""
    if message == SHIELDS:
        cities = {game.find(node): feature for _, node, feature in followers(game, player)
                  if feature.kind == "city"}
        return sum(feature.shields for feature in cities.values())
    kind = "city" if message == KNIGHTS else "field"
    return sum(1 for _, _, feature in followers(game, player) if feature.kind == kind)


def can_act(game: Game, player: int, message: int) -> bool:
    """Whether the message has something to act on (ruling MS3)."""
    if message in SMALLEST:
        return smallest(game, player, message) is not None
    if message == EXTRA_TILE:
        return bool(game.bag) or (game.rules.hand_size > 1 and bool(game.hands[player]))
    if message == SHIELDS:
        return any(f.kind == "city" for _, _, f in followers(game, player))
    if message in (KNIGHTS, FARMERS):
        return count_for(game, player, message) > 0
    return bool(followers(game, player))


def act_points(game: Game, player: int, message: int) -> int:
    """The points carrying out a message gives at once (messages 1-3, 5-7;
    0 for 4 and 8, whose worth depends on what follows)."""
    if message in SMALLEST:
        feature = smallest(game, player, message)
        return worth(game, feature, player)[0] if feature is not None else 0
    if message in (SHIELDS, KNIGHTS, FARMERS):
        return EACH * count_for(game, player, message)
    return 0


def follower_back_points(game: Game, player: int, node: int) -> int:
    """Message 8: what taking back the follower on `node` scores (its feature
    as at the end, for its owner alone, if they are among its majority)."""
    feature = game.feature(node)
    owners, _ = game.majority(feature)
    return worth(game, feature, player)[0] if player in owners else 0


def deck(game: Game) -> tuple[int, ...]:
    """The messages in the order they were first drawn."""
    return game.extension_state.get(_DECK, ())


# ------------------------------------------------------- the pawn question
def _score_pawn_legal(game: Game, decision: Decision) -> list[Action]:
    return [ScorePawn(1), ScorePawn(2)]


def _score_pawn_resolve(game: Game, decision: Decision, action: Action,
                        events: list[Event]) -> None:
    assert isinstance(action, ScorePawn)
    game.settle_with(action.pawn - 1, events)


def _score_pawn_explain(game: Game, decision: Decision, action: Action) -> str:
    return "say which scoring pawn moves: score_pawn with pawn 1 or 2"


# ------------------------------------------------------------ the message
def _draw_message(game: Game, player: int, events: list[Event]) -> int:
    order = deck(game)
    drawn = game.extension_state.get(_DRAWN, 0)
    if len(order) < len(MESSAGES):
        unseen = [m for m in MESSAGES if m not in order]
        message = game.draw(STREAM, unseen, events, player)
        game.extension_state[_DECK] = (*order, message)
    else:
        message = order[drawn % len(order)]
    game.extension_state[_DRAWN] = drawn + 1
    events.append(MessageDrawn(player, message))
    return message


def _chain_count(game: Game) -> int:
    turn, count = game.extension_state.get(_CHAIN, (-1, 0))
    return count if turn == game.turn else 0


def _message_work(game: Game, events: list[Event]) -> Decision | None:
    """After the scoring step: the message a dark square earned, what it
    asks, then any message its points earned."""
    state = game.turn_state
    player = game.turn_player
    held = state.get(_HELD)
    if held is not None:
        if held[1] == MESSAGE_FOLLOWER:
            return Decision(MESSAGE_FOLLOWER, player, False, (held[0],))
        return Decision(MESSAGE, player, False, (held[0],))
    if state.pop(_EXTRA, False):
        state[_CALLED] = True
        game.refill_hand(player)
        game.call_steps("draw", "after_score")
        return None
    if not state.pop(_DARK, False):
        return None
    chained = _chain_count(game)
    if chained >= len(MESSAGES):
        return None  # ruling MS7: the deck once round per turn
    game.extension_state[_CHAIN] = (game.turn, chained + 1)
    message = _draw_message(game, player, events)
    state[_HELD] = (message, MESSAGE)
    return Decision(MESSAGE, player, False, (message,))


def _late_message_work(game: Game, events: list[Event]) -> Decision | None:
    """At the end of the turn, after the works that score there (seed 004 4A:
    "use the catapult. MESSAGES (#4)"): the message their points earned, which
    the turn's end would otherwise forget (ruling MX2)."""
    return _message_work(game, events)


def _message_legal(game: Game, decision: Decision) -> list[Action]:
    message = decision.subject[0]
    answers: list[Action] = []
    if can_act(game, decision.player, message):
        answers.append(MessageChoice(message, ACT))
    answers.append(MessageChoice(message, POINTS))
    return answers


def _message_resolve(game: Game, decision: Decision, action: Action,
                     events: list[Event]) -> None:
    assert isinstance(action, MessageChoice)
    player, message = decision.player, action.message
    state = game.turn_state
    del state[_HELD]
    if action.choice == POINTS:
        events.append(MessageCarried(player, message, POINTS, SEAL_POINTS))
        game.award((player,), SEAL_POINTS, CATEGORY, "message", events,
                   terms=(ScoreTerm("message_seal", 1, SEAL_POINTS),))
        return
    if message == EXTRA_TILE:
        events.append(MessageCarried(player, message, ACT, 0))
        state[_EXTRA] = True
        return
    if message == FOLLOWER_BACK:
        state[_HELD] = (message, MESSAGE_FOLLOWER)
        return
    if message in SMALLEST:
        feature = smallest(game, player, message)
        assert feature is not None
        points, terms = worth(game, feature, player)
        events.append(MessageCarried(player, message, ACT, points))
        if points:
            game.award((player,), points, CATEGORY, "message", events,
                       tiles=tuple(sorted(feature.tiles)), terms=terms)
        return
    count = count_for(game, player, message)
    reason = {SHIELDS: "message_shield", KNIGHTS: "message_knight",
              FARMERS: "message_farmer"}[message]
    events.append(MessageCarried(player, message, ACT, EACH * count))
    if count:
        game.award((player,), EACH * count, CATEGORY, "message", events,
                   terms=(ScoreTerm(reason, count, EACH),))


def _message_explain(game: Game, decision: Decision, action: Action) -> str:
    message = decision.subject[0]
    if isinstance(action, MessageChoice) and action.message != message:
        return f"the message drawn is {message}, not {action.message}"
    if isinstance(action, MessageChoice) and action.choice == ACT:
        return f"message {message} has nothing to act on now: take the 2 points"
    return f"answer message {message} with act or points"


# -------------------------------------------------- message 8's follower
def _follower_legal(game: Game, decision: Decision) -> list[Action]:
    answers: list[Action] = []
    for figure, node, _ in followers(game, decision.player):
        x, y, port = game.spot_of(node)
        answer = Remove(x, y, port, figure)
        if answer not in answers:
            answers.append(answer)
    return answers


def _follower_resolve(game: Game, decision: Decision, action: Action,
                      events: list[Event]) -> None:
    assert isinstance(action, Remove) and action.spot is not None
    player = decision.player
    del game.turn_state[_HELD]
    node = game.node_at(*action.spot, action.figure)  # type: ignore[misc]
    assert node is not None
    feature = game.feature(node)
    owners, _ = game.majority(feature)
    points, terms = worth(game, feature, player) if player in owners else (0, ())
    events.append(MessageCarried(player, FOLLOWER_BACK, ACT, points))
    if points:
        game.award((player,), points, CATEGORY, "message", events,
                   tiles=tuple(sorted(feature.tiles)), terms=terms)
    game.remove_figure(player, action.figure, action.spot, events)


def _follower_explain(game: Game, decision: Decision, action: Action) -> str:
    return "message 8: remove one of your own followers on the board"


# ------------------------------------------------------------ the expansion
@register
class Messages(Expansion):
    id = ID
    order = 46
    title = {"fr": "Les Hérauts", "en": "The Messages"}
    description = {
        "fr": "Une meeplette rejoint votre pion Score : quand l’un de vos pions s’arrête sur "
        "une case sombre pendant votre tour, vous recevez une missive du roi.",
        "en": "A messenger joins your scoring pawn: when one of your pawns stops on a dark "
        "square in your turn, you receive a message from the king.",
    }
    rules = {
        "fr": """Chaque joueur a deux pions Score : son pion habituel (pion 1) et sa meeplette (pion 2). Son score est leur somme. Les 8 missives sont mélangées en une pile face cachée.

- Chaque fois que vous marquez des points pendant la partie, vous choisissez lequel de vos deux pions avance, pour la totalité des points. Quand les deux pions sont sur la même case, le pion 1 avance sans question.
- Pendant votre tour, si l’un de vos pions s’arrête sur une case sombre (0, 5, 10, 15…), vous piochez la missive du dessus après l’évaluation. Une seule missive par évaluation, même si vos deux pions s’arrêtent sur des cases sombres.
- Vous effectuez l’action de la missive, ou vous marquez 2 points à la place. Puis elle retourne sous la pile.
- Les points d’une missive peuvent vous en faire piocher une autre : la réaction en chaîne est permise.
- Pendant le tour d’un autre joueur, une case sombre ne rapporte rien.
- 1, 2, 3 : vous marquez votre plus petite route, ville ou abbaye (celle qui vous rapporterait le moins en fin de partie, parmi celles où vous avez un partisan). Le partisan reste.
- 4 : vous piochez une tuile de plus, la placez et pouvez y poser un partisan ; elle est évaluée, puis votre tour reprend.
- 5 : 2 points par blason des villes où vous avez au moins un chevalier.
- 6 : 2 points par chevalier. 7 : 2 points par paysan. Le grand partisan compte pour un.
- 8 : vous reprenez un de vos partisans ; si vous avez la majorité dans sa zone, vous la marquez d’abord comme en fin de partie (vous seul).
- Avec Auberges & Cathédrales, une route à auberge ou une ville à cathédrale inachevée vaut 0, comme en fin de partie.
- En fin de partie, les deux pions s’additionnent ; plus aucune missive n’est piochée.""",
        "en": """Each player has two scoring pawns: the usual one (pawn 1) and the messenger (pawn 2). The score is their sum. The 8 messages are shuffled into a face-down pile.

- Whenever you score during the game, you choose which of your two pawns moves, for all the points. When both pawns stand on the same square, pawn 1 moves without a question.
- In your own turn, when one of your pawns stops on a dark square (0, 5, 10, 15…), you draw the top message after the scoring. Only one message per scoring, even if both pawns stop on dark squares.
- You carry out the message, or take 2 points instead. Then it goes under the pile.
- The points of a message may earn you another one: a chain reaction is allowed.
- In another player's turn, a dark square gives nothing.
- 1, 2, 3: score your smallest road, city or cloister (the one that would bring you the fewest points at the end, among those holding a follower of yours). The follower stays.
- 4: draw one more tile, place it and you may deploy on it; it is scored, then your turn goes on.
- 5: 2 points per shield in cities where you have at least one knight.
- 6: 2 points per knight. 7: 2 points per farmer. The large follower counts as one.
- 8: take back one of your followers; if you hold the majority in its feature, first score it as at the end (you alone).
- With Inns & Cathedrals, an unfinished road with an inn or city with a cathedral is worth 0, as at the end.
- At the end, the two pawns are added; no more messages are drawn.""",
    }

    def score_pawns(self) -> int:
        return 2

    def streams(self) -> Iterable[str]:
        return (STREAM,)

    def decision_kinds(self) -> Iterable[DecisionKind]:
        return (
            DecisionKind(SCORE_PAWN, _score_pawn_legal, _score_pawn_resolve,
                         _score_pawn_explain),
            DecisionKind(MESSAGE, _message_legal, _message_resolve, _message_explain),
            DecisionKind(MESSAGE_FOLLOWER, _follower_legal, _follower_resolve,
                         _follower_explain),
        )

    def turn_work(self) -> Iterable[Work]:
        return (Work("after_score", _message_work, before=True, name=f"{ID}.message"),
                Work("end", _late_message_work, before=True, name=f"{ID}.late"))

    def settle_pawn(self, game: Game, move: PawnMove, ask: bool) -> Decision | int | None:
        player = move.player
        if not ask or move.points == 0 or game.square(player, 0) == game.square(player, 1):
            return 0
        return Decision(SCORE_PAWN, player, False, (move.points,))

    def on_pawn_moved(self, game: Game, player: int, pawn: int, start: int, move: PawnMove,
                      events: list[Event]) -> None:
        if (move.points > 0 and player == game.turn_player and not game.over
                and is_dark(start + move.points)):
            game.turn_state[_DARK] = True
