"""Regression: hard's search replayed whole candidate turns across chance
drawn mid-turn. A turn enumerated on one sampled outcome (the wolf sends the
shepherd home, then the shepherd goes out again) was replayed in sampled
worlds with another outcome, where its last action was illegal ("no
shepherd left in supply"): the search stopped with an exception. The same
mistake in the players' turn plans: the rest of a turn planned across a draw
was played whatever the real draw had been."""

import random

from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.ai.search import draw_schedule, play_line, play_round
from carcassonne_desktop.ai.turns import sampled_turns
from carcassonne_desktop.engine.decisions import PLACE_TILE
from carcassonne_desktop.engine.events import OutcomeRevealed
from tests.test_ai_fairness import positions


def _reveals_mid_turn(game, actions) -> bool:
    line = game.copy()
    for action in actions[:-1]:
        if any(isinstance(e, OutcomeRevealed) for e in line.apply(action)):
            return True
    return False


def test_search_replays_turns_that_draw_chance_half_way_in_every_sampled_world():
    crossing = 0
    for index, game in enumerate(positions(6)):
        seat = game.deciding_player
        evaluator = Evaluator(game)
        turns = [t.actions for t in sampled_turns(game, random.Random(index))]
        candidates = [a for a in turns if _reveals_mid_turn(game.copy(), a)] or turns[:3]
        crossing += sum(1 for a in candidates if len(a) > 1 and _reveals_mid_turn(game.copy(), a))
        schedule = draw_schedule(game, index)
        for round_index in range(12):
            values = play_round(game, candidates, range(len(candidates)), seat, evaluator,
                                index, round_index, schedule, None, 0)
            assert all(isinstance(v, float) for v in values)
        for actions in candidates:
            line = play_line(game, actions, evaluator, None)
            assert line is not None
            pending = line.pending
            # the seat's turn is over: never left half-played for the evaluation
            assert pending is None or pending.player != seat or pending.kind == PLACE_TILE
    assert crossing, "the positions include turns that draw chance half-way"


def test_a_turn_planned_across_a_draw_is_decided_again_after_the_draw():
    """The second action of a planned turn is kept for the next decision,
    unless something was drawn in between: it was chosen for the outcome the
    planning copy drew (the wolf or not), not for the real one."""
    from carcassonne_desktop.ai.heuristic import MediumPlayer

    player = MediumPlayer(1)
    kept = dropped = 0
    for index, game in enumerate(positions(10)):
        for turn in sampled_turns(game, random.Random(index)):
            actions = turn.actions
            if len(actions) < 2:
                continue
            real = game.copy()
            player.remember_plan(real, actions)
            drew = any(isinstance(e, OutcomeRevealed) for e in real.apply(actions[0]))
            legal = real.legal_actions()
            if actions[1] not in legal:
                continue
            taken = player._take_plan(real, legal)
            if drew:
                assert taken is None, actions
                dropped += 1
            else:
                assert taken == actions[1]
                kept += 1
    assert kept and dropped
