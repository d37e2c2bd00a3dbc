"""The offline replay of bench/research/tune_hard.py plays hard's decision as
HardPlayer itself would on stored round values (issue 30): it is how hard's
parameters are tuned, so a replay that drifts from the search would tune
something else."""

from __future__ import annotations

import random
from types import ModuleType

from carcassonne_desktop.ai.deadline import Deadline
from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.ai.hard import HardPlayer
from carcassonne_desktop.ai.heuristic import rank_turns
from carcassonne_desktop.ai.search import draw_schedule, play_round
from tests.bench_scripts import load_script
from tests.test_ai_outlook import random_position


def harness() -> ModuleType:
    return load_script("research/tune_hard.py", "tune_hard")


ROOT = [10.0, 9.5, 9.0, 8.5]


def table(gains: list[float], rounds: int, noise: float) -> list[list[float]]:
    """Round values: candidate i is `gains[i]` above a shared future, each
    with its own noise of +-`noise` alternating (common random numbers)."""
    rng = random.Random(5)
    rows = []
    for r in range(rounds):
        shared = rng.uniform(-20, 20)
        rows.append([shared + g + (noise if (r + i) % 2 else -noise)
                     for i, g in enumerate(gains)])
    return rows


def test_replay_keeps_the_roots_best_when_no_candidate_is_trusted_better() -> None:
    tune = harness()
    hard = tune.player_with({})
    # candidate 1 leads by 0.2 on average, far inside its noise of +-3
    rows = table([0.0, 0.2, -5.0, -5.0], 10, 3.0)
    assert tune.replay(hard, ROOT, rows) == 0


def test_replay_plays_a_candidate_clearly_better_than_the_roots_best() -> None:
    tune = harness()
    rows = table([0.0, 4.0, -5.0, -5.0], 10, 0.5)
    assert tune.replay(tune.player_with({}), ROOT, rows) == 1
    # ... but not before min_rounds, nor when hard gives up (too few rounds)
    assert tune.replay(tune.player_with({}), ROOT, rows[:5]) == 0
    assert tune.replay(tune.player_with({"min_rounds": 4}), ROOT, rows[:2]) == 0
    assert tune.replay(tune.player_with({"min_rounds": 4}), ROOT, rows[:5]) == 1
    # the window and max_candidates cut it out as decide() would
    assert tune.replay(tune.player_with({"candidate_window": 0.4}), ROOT, rows) == 0
    assert tune.replay(tune.player_with({"max_candidates": 1}), ROOT, rows) == 0


def test_replay_widens_a_late_candidate_in_as_the_search_does() -> None:
    """The third candidate joins after round 2 (first_candidates 2, widen
    every 2): at 7 rounds it has 5 paired with the root's best, short of
    min_rounds 6, so hard cannot play it yet; at 8 rounds it can."""
    tune = harness()
    hard = tune.player_with({"first_candidates": 2, "widen_every": 2})
    rows = table([0.0, -1.0, 6.0, -5.0], 8, 0.5)
    assert tune.replay(hard, ROOT, rows[:7]) == 0
    assert tune.replay(hard, ROOT, rows) == 2


def test_replay_chooses_what_hards_search_chooses_on_a_real_position() -> None:
    """Fixed-round searches on base positions against the replay of the same
    rounds (played for every candidate with hard's seed). With trust 0 the
    search overrules the root's best on two of these four positions."""
    tune = harness()
    overruled = 0
    for seed in (2, 3, 4, 7):
        game = random_position(seed, 25, 2, False, ("base",))
        evaluator = Evaluator(game)
        ranked = rank_turns(game, evaluator, list(game.legal_actions()), None, random.Random(1))
        hard = HardPlayer(seed, workers=1, rounds=8)
        hard.trust = 0.0
        # decide()'s cut: max_candidates within candidate_window of the best
        root = [value for value, _ in ranked[: tune.searched(hard, [v for v, _ in ranked])]]
        candidates = [actions for _, actions in ranked[: len(root)]]
        search_seed = random.Random()
        search_seed.setstate(hard.rng.getstate())
        round_seed = search_seed.getrandbits(32)
        chosen = hard._search(game, candidates, Deadline(60.0), 0.0, len(ranked))
        schedule = draw_schedule(game, round_seed)
        rows = [play_round(game, candidates, range(len(candidates)), game.deciding_player,
                           evaluator, round_seed, index, schedule, None, hard.own_turns)
                for index in range(8)]
        replayed = tune.replay(tune.player_with({"trust": 0.0}), root, rows)
        assert candidates[replayed] == chosen
        overruled += replayed != 0
    assert overruled == 2


def test_replay_charges_every_active_candidates_future_against_a_budget_in_futures() -> None:
    """With a budget in candidate futures, a round costs one per active
    candidate: two candidates on 10 futures get 5 rounds, short of
    min_rounds, on 12 they get the 6 that let the clear gainer be played."""
    tune = harness()
    hard = tune.player_with({})
    rows = table([0.0, 4.0], 10, 0.5)
    assert tune.replay_costed(hard, ROOT[:2], rows, 10) == (0, 10)
    assert tune.replay_costed(hard, ROOT[:2], rows, 12) == (1, 12)
