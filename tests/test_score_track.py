"""The score track in the core (issue 26, review section 5 point 1): awards
queue pawn moves, the turn settles them between works and after each
feature, an expansion may ask which pawn moves or react to a move, and the
final scoring settles without questions. Proven with toy expansions that
exist only here: two pawns with a question (as Messages will), a thief on
the track (as Robbers will), and a bonus that awards points every turn.
Neither toy names the other."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

import pytest

from carcassonne_desktop.engine import PASS, Action, Game, GameRecord, PlaceTile
from carcassonne_desktop.engine.actions import _int, register_action
from carcassonne_desktop.engine.decisions import Decision, DecisionKind
from carcassonne_desktop.engine.events import Event, PawnMoved
from carcassonne_desktop.engine.expansion import EXPANSIONS, Expansion
from carcassonne_desktop.engine.setup import quick_setup
from carcassonne_desktop.engine.track import PawnMove
from carcassonne_desktop.engine.turn import Work

PAWNS, THIEF, BONUS = "toy_pawns_test", "toy_thief_test", "toy_bonus_test"
ASK = "toy_pawn"


@register_action
@dataclass(frozen=True, slots=True)
class ChoosePawn(Action):
    pawn: int
    type: ClassVar[str] = "toy_pawn"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "pawn": self.pawn}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ChoosePawn:
        return cls(_int(data, "pawn"))


class TwoPawns(Expansion):
    """Two pawns; the scorer chooses when they stand on different squares."""

    id = PAWNS
    order = 904
    title = description = {"fr": "Deux pions", "en": "Two pawns"}

    def score_pawns(self) -> int:
        return 2

    def settle_pawn(self, game: Game, move: PawnMove, ask: bool) -> Decision | int | None:
        if game.square(move.player, 0) == game.square(move.player, 1):
            return 0
        return Decision(ASK, move.player, False, (move.points,)) if ask else 1

    def decision_kinds(self) -> Iterable[DecisionKind]:
        return (DecisionKind(ASK, lambda g, d: [ChoosePawn(0), ChoosePawn(1)], _choose),)


def _choose(game: Game, decision: Decision, action: Action, events: list[Event]) -> None:
    assert isinstance(action, ChoosePawn)
    game.settle_with(action.pawn, events)


class Thief(Expansion):
    """Player 2's thief sits on square 3: a pawn of another player leaving
    it steals half of the points, rounded up; stolen points are not stolen."""

    id = THIEF
    order = 905
    title = description = {"fr": "Voleur", "en": "Thief"}

    def on_pawn_moved(self, game: Game, player: int, pawn: int, start: int, move: PawnMove,
                      events: list[Event]) -> None:
        if (player != 1 and start % 50 == 3 and move.category != "stolen"
                and move.reason != "final"):
            game.award((1,), (move.points + 1) // 2, "stolen", "thief", events)


class Bonus(Expansion):
    """After each scoring step the turn player scores 3, and on turn 2 both
    players share 2 more."""

    id = BONUS
    order = 906
    title = description = {"fr": "Prime", "en": "Bonus"}

    def turn_work(self) -> Iterable[Work]:
        return (Work("after_score", _bonus, name="toy.bonus"),)

    def final_scoring(self, game: Game, events: list[Event]) -> None:
        game.award((0,), 5, "bonus", "final", events)


def _bonus(game: Game, events: list[Event]) -> Decision | None:
    if game.turn_state.get(BONUS):
        return None
    game.turn_state[BONUS] = True
    game.award((game.turn_player,), 3, "bonus", "turn", events)
    if game.turn == 2:
        game.award((0, 1), 2, "bonus", "shared", events)
    return None


@pytest.fixture
def toys() -> Iterator[None]:
    for cls in (TwoPawns, Thief, Bonus):
        EXPANSIONS[cls.id] = cls
    try:
        yield
    finally:
        for cls in (TwoPawns, Thief, Bonus):
            del EXPANSIONS[cls.id]


ORDER = ("base/B", "base/B", "base/B", "base/B")


def _game(*expansions: str) -> Game:
    setup = quick_setup(expansions=("base", *expansions), tile_order=ORDER)
    return Game(replace(setup, start_tile="base/D"))


def _place_next(game: Game) -> None:
    placement = next(a for a in game.legal_actions() if isinstance(a, PlaceTile))
    game.apply(placement)
    game.apply(PASS)


def test_pawns_move_without_a_question_while_they_share_a_square(toys: None) -> None:
    game = _game(PAWNS, BONUS)
    _place_next(game)  # P1's bonus: both pawns on 0, pawn 0 moves
    assert game.pawns[0] == (3, 0) and game.pending is not None
    assert game.pending.kind == "place_tile"


def test_the_scorer_is_asked_which_pawn_moves_and_shared_awards_ask_in_seat_order(
        toys: None) -> None:
    game = _game(PAWNS, BONUS)
    _place_next(game)
    _place_next(game)  # P2: 3 on pawn 0, no question
    placement = next(a for a in game.legal_actions() if isinstance(a, PlaceTile))
    game.apply(placement)
    events = game.apply(PASS)  # turn 2, P1: 3 for P1, then 2 each (P1 first)
    assert game.pending == Decision(ASK, 0, False, (3,))
    assert game.scores == [8, 5]  # the totals are right at once
    game.apply(ChoosePawn(1))
    # P1's pawns now share square 3: P1's share of the 2 goes to pawn 0 unasked
    assert game.pawns[0] == (5, 3)
    assert game.pending == Decision(ASK, 1, False, (2,))  # then P2's share
    events = game.apply(ChoosePawn(1))
    assert game.pawns == [(5, 3), (3, 2)]
    assert [e for e in events if isinstance(e, PawnMoved)] == [PawnMoved(1, 1, 0, 2, "bonus")]
    assert game.pending.kind == "place_tile"
    replayed = GameRecord.from_json(GameRecord.from_game(game).to_json()).replay().game
    assert replayed.state_key() == game.state_key()


def test_a_pawn_leaving_the_thiefs_square_pays_half_rounded_up_once(toys: None) -> None:
    game = _game(THIEF, BONUS)
    _place_next(game)  # P1: 0 -> 3
    _place_next(game)  # P2: 0 -> 3
    placement = next(a for a in game.legal_actions() if isinstance(a, PlaceTile))
    game.apply(placement)
    events = game.apply(PASS)  # P1 leaves square 3 with 3 (thief: 2), then shares 2 (thief: 1)
    moved = [(e.player, e.start, e.end, e.category) for e in events if isinstance(e, PawnMoved)]
    assert moved == [(0, 3, 6, "bonus"), (1, 3, 5, "stolen"), (0, 6, 8, "bonus"),
                     (1, 5, 7, "bonus")]
    assert game.scores == [8, 7] and game.breakdown[1]["stolen"] == 2


def test_final_scoring_settles_without_questions_and_steals_nothing(toys: None) -> None:
    game = _game(PAWNS, THIEF, BONUS)
    while not game.is_over:
        if game.pending is not None and game.pending.kind == ASK:
            game.apply(ChoosePawn(1))
        elif game.pending is not None and game.pending.kind == "place_tile":
            game.apply(next(a for a in game.legal_actions() if isinstance(a, PlaceTile)))
        else:
            game.apply(PASS)
    assert not game.pawn_queue
    assert [sum(p) for p in game.pawns] == game.scores
    assert game.breakdown[0]["bonus"] >= 5  # the final 5 moved a pawn with no question


@pytest.mark.parametrize("seed", range(3))
def test_in_a_game_without_the_track_pawn_zero_carries_the_score(seed: int) -> None:
    game = Game(quick_setup(seed=seed, expansions=("base", "inns_cathedrals")))
    rng = random.Random(seed)
    assert not game.rules.track
    while not game.is_over:
        game.apply(rng.choice(list(game.legal_actions())))
        assert [p[0] for p in game.pawns] == game.scores and not game.pawn_queue


TALLY = "toy_tally_test"


class Tally(Expansion):
    """Once every queued move of a settling is made, player 2 scores 1 per
    move seen (what waits for all the moves: a robber choosing its victim)."""

    id = TALLY
    order = 908
    title = description = {"fr": "Décompte", "en": "Tally"}

    def on_pawn_moved(self, game: Game, player: int, pawn: int, start: int, move: PawnMove,
                      events: list[Event]) -> None:
        if move.category != "tally":
            game.turn_state[TALLY] = game.turn_state.get(TALLY, 0) + 1

    def pawns_settled(self, game: Game, events: list[Event], ask: bool) -> Decision | None:
        seen = game.turn_state.pop(TALLY, 0)
        if seen:
            game.award((1,), seen, "tally", "tally", events)
        return None


def test_pawns_settled_acts_after_every_move_even_one_made_by_an_answer(toys: None) -> None:
    EXPANSIONS[TALLY] = Tally
    try:
        game = _game(PAWNS, BONUS, TALLY)
        seen = answered = 0
        while not game.is_over:
            if game.pending.kind == ASK:
                events = game.apply(ChoosePawn(1))
                answered += 1
            elif game.pending.kind == "place_tile":
                events = game.apply(next(a for a in game.legal_actions()
                                         if isinstance(a, PlaceTile)))
            else:
                events = game.apply(PASS)
            moves = [e.category for e in events if isinstance(e, PawnMoved)]
            seen += sum(1 for c in moves if c != "tally")
            asking = game.pending is not None and game.pending.kind == ASK
            if moves and moves[-1] != "tally":
                assert asking  # the settling waits for an answer
            assert asking or not game.turn_state.get(TALLY)
        assert answered  # some moves were made by an answer, and tallied after it
        assert game.breakdown[1]["tally"] == seen
    finally:
        del EXPANSIONS[TALLY]
