"""The candidates of one round share how their capped answers' placements are
judged alone (`ai/shared_rankings.py`, issue 30): the first judges them all,
the next ones only near what differs; only the order of the placements
comes from it."""

from __future__ import annotations

import random

from carcassonne_desktop.ai.deadline import Deadline
from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.ai.hard import HardPlayer
from carcassonne_desktop.ai.heuristic import rank_turns
from carcassonne_desktop.ai.search import (
    RoundValues,
    draw_schedule,
    play_line,
    play_round,
    promising_firsts,
    sampled_world,
)
from carcassonne_desktop.ai.shared_rankings import NEAR, RoundRankings, near_differences
from carcassonne_desktop.ai.turns import first_alone
from carcassonne_desktop.engine import Game, registry
from carcassonne_desktop.engine.actions import PlaceTile
from carcassonne_desktop.engine.decisions import PLACE_TILE
from tests.test_ai_hard_search import RecordingEvaluator, mid_game

EVERY = tuple(registry())


def judged_alone(game: Game, evaluator: Evaluator, seat: int, first: PlaceTile) -> float:
    return evaluator.evaluate(first_alone(game, first), seat)


def after_turn(game: Game, seed: int) -> Game:
    """`game` after one whole turn of random play and the next tile drawn."""
    rng = random.Random(seed)
    after = game.copy()
    player = after.turn_player
    while not after.is_over and (after.turn_player == player
                                 or after.pending_kind != PLACE_TILE):
        after.apply(rng.choice(list(after.legal_actions())))
    return after


def test_the_same_position_twice_takes_every_value_from_the_first() -> None:
    game = mid_game(3, 30, EVERY)
    evaluator = Evaluator(game)
    seat = game.deciding_player
    firsts = list(game.legal_actions())
    rankings = RoundRankings()
    first = rankings.rank(game, evaluator, seat, firsts)
    assert first == [judged_alone(game, evaluator, seat, a) for a in firsts]  # type: ignore[arg-type]
    assert near_differences(game, game.copy()) == set()
    again = rankings.rank(game.copy(), evaluator, seat, firsts)
    assert again == first
    assert (rankings.judged, rankings.reused) == (len(firsts), len(firsts))


def two_candidates_answered(seed: int, placements: int) -> tuple[Evaluator, Game, Game]:
    """The positions two different root candidates leave to the opponent's
    answer in one sampled world: the same turn, seat and tile in hand."""
    game = mid_game(seed, placements, EVERY)
    evaluator = Evaluator(game)
    ranked = rank_turns(game, evaluator, list(game.legal_actions()), None, random.Random(2))
    world = sampled_world(game, 5, 0, draw_schedule(game, 5))
    best = ranked[0][1]
    elsewhere = next(actions for _, actions in ranked  # a turn placing its tile elsewhere
                     if (actions[0].x, actions[0].y) != (best[0].x, best[0].y))  # type: ignore[attr-defined]
    lines = [play_line(world, actions, evaluator, None) for actions in (best, elsewhere)]
    one, other = lines
    assert one is not None and other is not None
    return evaluator, one, other


def test_placements_near_what_differs_are_judged_again_and_the_rest_moved_by_the_shift() -> None:
    evaluator, one, other = two_candidates_answered(5, 40)
    seat = one.deciding_player
    assert (other.turn, other.deciding_player, other.hand) == (one.turn, seat, one.hand)
    assert other.pending_kind == PLACE_TILE
    rankings = RoundRankings()
    firsts = list(one.legal_actions())
    reference = dict(zip(firsts, rankings.rank(one, evaluator, seat, firsts) or []))
    near = near_differences(one, other)
    assert near  # the two candidates' turns differ on the board
    seconds = list(other.legal_actions())
    values = rankings.rank(other, evaluator, seat, seconds)
    assert values is not None
    shift = evaluator.evaluate(other, seat) - evaluator.evaluate(one, seat)
    reused = 0
    for action, value in zip(seconds, values):
        if isinstance(action, PlaceTile) and (action.x, action.y) not in near \
                and action in reference:
            assert abs(value - (reference[action] + shift)) < 1e-9
            reused += 1
        else:
            assert value == judged_alone(other, evaluator, seat, action)  # type: ignore[arg-type]
    assert 0 < reused < len(seconds)
    assert rankings.reused == reused


def test_a_figure_on_one_board_only_makes_its_tile_differ() -> None:
    game = mid_game(9, 30, EVERY)
    figures = [f for f in game.figures_placed]
    assert figures, "the position should hold figures"
    without = game.copy()
    player, figure, node = figures[0]
    without.figures_placed = [f for f in without.figures_placed if f != (player, figure, node)]
    x, y = game.node_pos[node]
    near = near_differences(game, without)
    assert {(x + dx, y + dy) for dx in range(-NEAR, NEAR + 1)
            for dy in range(-NEAR, NEAR + 1)} <= near


def test_a_tile_on_one_board_only_makes_its_surroundings_differ() -> None:
    game = mid_game(4, 30, EVERY)
    later = after_turn(game, 3)
    laid = set(later.board) - set(game.board)
    assert laid
    near = near_differences(game, later)
    for x, y in laid:
        assert (x + NEAR, y - NEAR) in near and (x, y) in near


def capped_round(share: bool, index: int = 0, evaluator_type: type[Evaluator] = Evaluator,
                 playing: tuple[int, ...] = (0, 1, 2)) -> tuple[RoundValues, Evaluator]:
    """One capped round (10 whole turns an answer) of the root's best three
    turns (those `playing`) at a position with every expansion, and the
    evaluator it used."""
    game = mid_game(11, 30, EVERY)
    ranked = rank_turns(game, Evaluator(game), list(game.legal_actions()), None,
                        random.Random(2))
    candidates = [actions for _, actions in ranked[:3]]
    evaluator = evaluator_type(game)
    values = play_round(game, candidates, list(playing), game.deciding_player, evaluator, 5, index,
                        draw_schedule(game, 5), None, 1, 10, share)
    return values, evaluator


def test_the_first_candidate_of_a_round_plays_as_without_sharing() -> None:
    """Only the next candidates take placements from the first: its own
    future is the unshared one, value for value."""
    for index in range(2):
        alone, _ = capped_round(False, index, playing=(0,))
        shared, _ = capped_round(True, index)
        assert shared[0] == alone[0]
        assert all(v is not None for v in shared)


def test_sharing_judges_fewer_positions_in_a_capped_round() -> None:
    _, whole = capped_round(False, evaluator_type=RecordingEvaluator)
    _, shared = capped_round(True, evaluator_type=RecordingEvaluator)
    assert shared.calls < 0.9 * whole.calls  # type: ignore[attr-defined]


def test_a_shared_ranking_gives_up_when_the_deadline_passes() -> None:
    game = mid_game(3, 30, EVERY)
    evaluator = Evaluator(game)
    seat = game.deciding_player
    expired = Deadline(0.0)
    assert RoundRankings().rank(game, evaluator, seat, list(game.legal_actions()),
                                expired) is None
    assert promising_firsts(game, evaluator, seat, random.Random(1), expired,
                            RoundRankings()) is None


def test_hard_shares_rankings_only_when_asked() -> None:
    assert HardPlayer.share_rankings is False
    game = mid_game(7, 30, EVERY)
    hard = HardPlayer(2, workers=1, rounds=2)
    hard.share_rankings = True
    hard.cap_answers = True
    assert hard.choose(game, budget=60.0) in game.legal_actions()
