"""Computer players: legality, full games, budgets, no peeking at the bag,
the asynchronous runner and the selfplay command line."""

from __future__ import annotations

import json
import random
import time

import pytest

from carcassonne_desktop.ai import AsyncPlayer, available_levels, create_player, level_names
from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.ai.hard import HardPlayer
from carcassonne_desktop.ai.heuristic import MediumPlayer
from carcassonne_desktop.ai.knowledge import sampled_copy
from carcassonne_desktop.ai.levels import UnknownLevelError
from carcassonne_desktop.ai.player import Player
from carcassonne_desktop.cli import main
from carcassonne_desktop.engine import Game, GameRecord, Rules, quick_setup
from carcassonne_desktop.engine.decisions import accepts

RULES = Rules(quick_setup(2))
LIGHT_LEVELS = ("random", "easy", "greedy", "medium")


def make_player(level: str, seed: int = 0) -> Player:
    """Players with test-sized effort (the hard search in this process only)."""
    if level == "hard":
        return HardPlayer(seed, workers=1, rounds=2)
    return create_player(level, seed=seed)


def position(seed: int, moves: int) -> Game:
    """A position reached by random play (any phase, never over)."""
    game = Game(quick_setup(2, seed=seed), RULES)
    rng = random.Random(seed)
    for _ in range(moves):
        actions = game.legal_actions()
        following = game.copy()
        following.apply(actions[rng.randrange(len(actions))])
        if following.is_over:
            break
        game = following
    return game


def test_registry_lists_levels_in_both_languages() -> None:
    names = [level["name"] for level in available_levels("fr")]
    assert names == ["random", "easy", "medium", "hard"]
    assert available_levels("fr")[1]["title"] == "Facile"
    assert available_levels("en")[3]["controller"] == "ai:hard"
    assert "greedy" in level_names()
    assert create_player("ai:medium").level == "medium"
    with pytest.raises(UnknownLevelError, match="unknown computer level"):
        create_player("ai:grandmaster")


@pytest.mark.parametrize("level", [*LIGHT_LEVELS, "hard"])
def test_only_legal_actions_over_many_positions(level: str) -> None:
    count = 24 if level != "hard" else 6
    for index in range(count):
        game = position(seed=100 + index, moves=(index * 11) % 130)
        action = make_player(level, seed=index).choose(game, budget=2.0)
        assert action in game.legal_actions()


@pytest.mark.parametrize("level", [*LIGHT_LEVELS, "hard"])
def test_every_level_finishes_a_game(level: str) -> None:
    game = Game(quick_setup(2, seed=7), RULES)
    players = [make_player(level, seed=1), make_player(level, seed=2)]
    if level == "hard":
        players = [HardPlayer(1, workers=1), HardPlayer(2, workers=1)]
    while not game.is_over:
        game.apply(players[game.current].choose(game, budget=0.02))
    assert game.is_over and sum(game.scores) > 0


@pytest.mark.parametrize("level", [*LIGHT_LEVELS, "hard"])
def test_every_level_plays_every_expansion(level: str) -> None:
    """Expansion decisions (the abbot's recall, the large follower, the river
    rules) reach the computer through legal_actions() like any other."""
    from carcassonne_desktop.engine import registry

    setup = quick_setup(3, seed=21, expansions=tuple(registry()))
    game = Game(setup, Rules(setup))
    players = [make_player(level, seed=s) for s in range(3)]
    if level == "hard":
        players = [HardPlayer(s, workers=1) for s in range(3)]
    kinds: set[str] = set()
    while not game.is_over:
        action = players[game.current].choose(game, budget=0.05)
        # an aim in the plane (the Catapult) is judged by its kind's `accepts`
        assert action in game.legal_actions() or accepts(game, action)
        kinds.add(action.type if not hasattr(action, "figure") else action.figure)
        game.apply(action)
    assert {"place_tile", "follower"} <= kinds
    if level != "random":
        assert len(kinds & {"large_follower", "abbot"}) >= 1, kinds


def test_hard_keeps_its_budget_with_many_players() -> None:
    """Regression: one sampled future of a 6-player game takes longer than a
    small budget, and the search used to finish it anyway (1.6 s for 0.05 s
    with 3 players and every expansion)."""
    setup = quick_setup(6, seed=5)
    game = Game(setup, Rules(setup))
    rng = random.Random(5)
    for _ in range(60):
        actions = game.legal_actions()
        game.apply(actions[rng.randrange(len(actions))])
    if game.phase != "place_tile":
        game.apply(game.legal_actions()[-1])
    player = HardPlayer(0, workers=1)
    slowest = 0.0
    for _ in range(3):
        start = time.perf_counter()
        action = player.choose(game, budget=0.1)
        slowest = max(slowest, time.perf_counter() - start)
        assert action in game.legal_actions()
    assert slowest < 0.6  # 6 times the budget: generous against a noisy machine


def test_budget_is_respected() -> None:
    game = position(seed=3, moves=40)
    if game.phase != "place_tile":
        game.apply(game.legal_actions()[-1])
    start = time.perf_counter()
    action = HardPlayer(0, workers=1).choose(game, budget=0.3)
    assert time.perf_counter() - start < 2.0  # generous: no flaky timing
    assert action in game.legal_actions()


@pytest.mark.parametrize("level", [*LIGHT_LEVELS, "hard"])
def test_decisions_never_depend_on_the_bag_order(level: str) -> None:
    for index in range(8 if level != "hard" else 3):
        game = position(seed=200 + index, moves=10 + index * 14)
        shuffled = game.copy()
        random.Random(index).shuffle(shuffled.bag)
        assert shuffled.bag != game.bag or len(set(game.bag)) <= 1
        first = make_player(level, seed=index).choose(game, budget=30.0)
        second = make_player(level, seed=index).choose(shuffled, budget=30.0)
        assert first == second


def test_searched_worlds_never_depend_on_the_bag_order() -> None:
    """The sampler every search goes through deals the same futures whatever
    the real order (a direct check: decisions may agree by chance)."""
    for index in range(5):
        game = position(seed=300 + index, moves=5 + index * 20)
        shuffled = game.copy()
        random.Random(index).shuffle(shuffled.bag)
        one = sampled_copy(game, random.Random(9))
        two = sampled_copy(shuffled, random.Random(9))
        assert one.bag == two.bag and one.hands == two.hands
        assert one.rng.random() == two.rng.random()


def test_evaluation_values_inns_and_cathedrals() -> None:
    # Inns & Cathedrals must be in play: the evaluation asks the engine what a
    # feature is worth, and without the expansion an inn means nothing.
    game = Game(quick_setup(2, seed=11, expansions=("base", "inns_cathedrals")))
    rng = random.Random(1)
    # Play until some road is claimed and still open.
    while not game.is_over:
        roads = [
            node for _, _, node in game.figures_placed
            if game.feature(node).kind == "road" and not game.feature(node).completed
        ]
        if roads and game.phase == "place_tile":
            break
        actions = game.legal_actions()
        game.apply(actions[rng.randrange(len(actions))])
    assert roads
    feature = game.feature(roads[0])
    feature.flags = None  # a plain road (this game may have dealt it an inn)
    evaluator = Evaluator(game)
    plain = evaluator.totals(game)
    feature.flags = {"inn": 1}  # on a copy would be cleaner; this game is thrown away
    with_inn = Evaluator(game).totals(game)
    owner = feature.figures[0][0]
    assert with_inn[owner] != plain[owner]  # an open inn road is a gamble, not the same value


def test_async_player_returns_a_legal_action() -> None:
    game = position(seed=5, moves=20)
    runner = AsyncPlayer(create_player("medium", seed=1))
    runner.start(game.copy(), seat=game.current)
    action = runner.wait(timeout=30)
    assert action is not None and action in game.legal_actions()
    assert runner.poll() is None  # handed out once


def test_async_player_can_be_cancelled() -> None:
    game = position(seed=6, moves=30)
    if game.phase != "place_tile":
        game.apply(game.legal_actions()[-1])
    runner = AsyncPlayer(HardPlayer(0, workers=1))
    runner.start(game.copy(), budget=60.0)
    time.sleep(0.2)
    assert runner.thinking
    start = time.perf_counter()
    runner.cancel()
    assert runner.wait(timeout=10) is None
    assert time.perf_counter() - start < 5.0
    assert not runner.thinking


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "medium,nobody", "--games", "2"], "unknown level"),
        (["--players", "medium,random", "--games", "0"], "--games"),
        (["--players", "medium", "--games", "2"], "--players"),
        (["--players", "medium,random", "--games", "2", "--expansions", "moon"],
         "unknown expansion"),
        (["--players", "medium,random", "--games", "2", "--jobs", "0"], "--jobs"),
        (["--players", "medium,random", "--games", "2", "--budget", "0"], "--budget"),
    ],
)
def test_selfplay_bad_arguments_exit_2(argv: list[str], message: str, capsys) -> None:
    assert main(["selfplay", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_selfplay_plays_swapped_games_and_writes_records(tmp_path, capsys) -> None:
    status = main(["selfplay", "--players", "random,greedy", "--games", "2", "--seed", "4",
                   "--json", "--records", str(tmp_path)])
    assert status == 0
    result = json.loads(capsys.readouterr().out)
    assert [r["games"] for r in result["results"]] == [2, 2]
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 2
    games = [GameRecord.load(path).replay().game for path in records]
    assert all(g.is_over for g in games)
    # Same deal, seats swapped: the same first tile.
    assert games[0].history[0].tile == games[1].history[0].tile


def test_selfplay_tallies_a_level_on_several_seats_as_one_side(tmp_path, capsys) -> None:
    """hard,mcts,hard,mcts: a game belongs to the side of its best seat."""
    argv = ["selfplay", "--players", "greedy,random,greedy,random", "--games", "4", "--seed", "3",
            "--json", "--quiet", "--budget", "0.5", "--records", str(tmp_path)]
    assert main(argv) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["selfplay"]["budget"] == 0.5
    sides = {r["level"]: r for r in result["sides"]}
    assert set(sides) == {"greedy", "random"}
    assert sides["greedy"]["wins"] + sides["random"]["wins"] + sides["greedy"]["ties"] == 4
    assert sides["greedy"]["ties"] == sides["random"]["ties"]
    finals = [GameRecord.load(path).replay().game for path in sorted(tmp_path.glob("*.json"))]
    greedy_best = [
        max(s for s, p in zip(g.scores, g.setup.players) if p.controller == "ai:greedy")
        for g in finals
    ]
    random_best = [
        max(s for s, p in zip(g.scores, g.setup.players) if p.controller == "ai:random")
        for g in finals
    ]
    assert sides["greedy"]["wins"] == sum(a > b for a, b in zip(greedy_best, random_best))
    margins = [a - b for a, b in zip(greedy_best, random_best)]
    assert sides["greedy"]["mean_margin"] == round(sum(margins) / 4, 2)


def test_selfplay_jobs_play_the_same_games_as_one_process(tmp_path, capsys) -> None:
    # a budget far above what greedy needs: with its own 1 s a loaded machine
    # cut its enumeration short and the two runs played different games
    argv = ["selfplay", "--players", "greedy,random", "--games", "4", "--seed", "9", "--json",
            "--quiet", "--budget", "120"]
    assert main([*argv, "--records", str(tmp_path / "one")]) == 0
    alone = json.loads(capsys.readouterr().out)
    assert main([*argv, "--jobs", "2", "--records", str(tmp_path / "two")]) == 0
    shared = json.loads(capsys.readouterr().out)
    for key in ("games", "wins", "ties", "mean_score", "mean_margin"):
        assert [r[key] for r in alone["results"]] == [r[key] for r in shared["results"]]
    one = sorted(p.name for p in (tmp_path / "one").iterdir())
    assert one == sorted(p.name for p in (tmp_path / "two").iterdir()) and len(one) == 4
    for name in one:
        assert (tmp_path / "one" / name).read_text() == (tmp_path / "two" / name).read_text()


def test_ai_cores_variable_turns_the_helper_off(monkeypatch) -> None:
    from carcassonne_desktop.ai import parallel

    monkeypatch.setenv(parallel.CORES_VARIABLE, "1")
    assert parallel.helper_count() == 0
    assert HardPlayer(0).helpers == 0


def test_hard_drops_clearly_worse_candidates_and_stops_when_settled() -> None:
    player = HardPlayer(0, workers=1)
    # Candidate 1 is 5 points worse than 0 in every sampled future (common
    # random numbers), candidate 2 is as good as 0 on average but noisy.
    rounds = {i: [10.0 + i % 3, 5.0 + i % 3, 10.0 + (4 if i % 2 else -4)] for i in range(6)}
    active, settled = player._prune(rounds, [0, 1, 2])
    assert 1 not in active and 0 in active and not settled
    clear = {i: [10.0 + i % 3, 5.0 + i % 3, 2.0 + i % 3] for i in range(6)}
    assert player._prune(clear, [0, 1, 2]) == ([0], True)
    early = {i: [10.0, 5.0, 2.0] for i in range(2)}  # too few rounds to judge
    assert player._prune(early, [0, 1, 2])[1] is False


def test_hard_keeps_the_root_choice_unless_the_search_shows_better() -> None:
    """Candidate 0 is the evaluation's best turn: a leader of a few noisy
    rounds does not replace it; a consistent lead over enough rounds does."""
    player = HardPlayer(0, workers=1)
    noisy = {i: [10.0, 10.0 + (6 if i % 2 else -5)] for i in range(4)}
    assert player._choice(noisy, [0, 1]) == 0
    few = {i: [10.0, 12.0] for i in range(3)}  # too few rounds, however clear
    assert player._choice(few, [0, 1]) == 0
    clear = {i: [10.0 + i % 3, 12.0 + i % 3 + (0.5 if i % 2 else 0.0)] for i in range(8)}
    assert player._choice(clear, [0, 1]) == 1
    assert player._choice(clear, [1]) == 1  # the root's best was dropped as worse
    assert player._choice({}, [0, 1]) == 0


def test_hard_gives_up_a_search_too_slow_to_count() -> None:
    """Fewer than `min_rounds` futures can only confirm the root's best turn,
    so `hard` stops waiting for them once the time left cannot play half of
    them, and never when its rounds are fixed (tests, analyses)."""
    player = HardPlayer(0, workers=1)
    assert player.min_rounds == 6
    half = 0.5
    assert not player._hopeless(0, 2.0, 0.5, 1, half)  # 4 rounds to come
    assert player._hopeless(0, 2.0, 1.0, 1, half)  # 2 to come
    assert not player._hopeless(0, 2.0, 1.0, 2, half)  # 2 in each of two processes
    assert not player._hopeless(2, 1.0, 1.0, 1, half)  # 2 played and 1 to come
    assert player._hopeless(1, 1.0, 1.0, 1, half)
    assert not player._hopeless(0, 2.0, 1.0, 1, 0.25)  # an estimate needs a wider margin
    assert not HardPlayer(0, workers=1, rounds=2)._hopeless(0, 0.0, 10.0, 1, half)


def test_hard_that_gives_up_its_search_plays_the_medium_move_at_once() -> None:
    """Regression (session 9): with every expansion one sampled future took
    longer than hard's whole budget, and hard waited out its 2.4 s on every
    turn for futures that could not change its move."""
    given_up = 0
    for seed in (3, 8, 21):
        game = position(seed=seed, moves=30)
        if game.phase != "place_tile":
            game.apply(game.legal_actions()[-1])
        hard = HardPlayer(seed, workers=1)
        hard.min_rounds = 10**6  # no search can be counted
        action = hard.choose(game, budget=30.0)
        if hard.last_stats.get("candidates", 1) > 1:
            assert hard.last_stats["given_up"] == 1 and hard.last_stats["samples"] == 0
            given_up += 1
        # the same generator draws, the ranking uncut: medium's own move
        assert action == MediumPlayer(seed).choose(game, budget=30.0)
    assert given_up  # the positions have choices to search


def test_stratified_next_draws_follow_the_public_counts() -> None:
    from collections import Counter

    from carcassonne_desktop.ai.search import draw_schedule, sampled_world

    game = position(seed=12, moves=30)
    if game.phase != "place_tile":
        game.apply(game.legal_actions()[-1])
    schedule = draw_schedule(game, seed=5)
    assert Counter(schedule) == game.remaining_tile_counts()
    shuffled = game.copy()
    random.Random(3).shuffle(shuffled.bag)
    assert draw_schedule(shuffled, seed=5) == schedule  # public counts only
    for index in range(len(schedule)):
        world = sampled_world(game, 5, index, schedule)
        assert world.bag[-1] == schedule[index]  # the bag is drawn from its end
        assert Counter(world.bag) == game.remaining_tile_counts()
        assert world.bag == sampled_world(shuffled, 5, index, schedule).bag


def test_hard_answers_a_clear_choice_well_within_its_budget() -> None:
    """Decisions stop once the search is settled: over a few positions the
    total stays far below the sum of the budgets."""
    spent = 0.0
    for index in range(3):
        game = position(seed=400 + index, moves=20 + index * 30)
        if game.phase != "place_tile":
            game.apply(game.legal_actions()[-1])
        # CPU time of this process (one worker, no helper): what the search
        # did, whatever else the machine runs (wall time failed under load)
        start = time.process_time()
        action = HardPlayer(index, workers=1).choose(game, budget=20.0)
        spent += time.process_time() - start
        assert action in game.legal_actions()
    assert spent < 45.0


def test_hard_with_a_helper_process_answers_legally_and_on_time() -> None:
    game = position(seed=9, moves=50)
    if game.phase != "place_tile":
        game.apply(game.legal_actions()[-1])
    player = HardPlayer(3, workers=2)
    start = time.perf_counter()
    action = player.choose(game, budget=1.0)
    assert time.perf_counter() - start < 4.0  # generous: the helper may still be starting
    assert action in game.legal_actions()
    assert "helper_samples" in player.last_stats


@pytest.mark.skipif(not hasattr(__import__("signal"), "SIGINT") or __import__("os").name != "posix",
                    reason="POSIX signals")
def test_selfplay_with_jobs_stops_cleanly_on_ctrl_c() -> None:
    """Ctrl-C reports the games finished so far, stops the worker processes
    and prints no traceback (the workers leave the signal to the main one)."""
    import signal
    import subprocess
    import sys

    process = subprocess.Popen(
        [sys.executable, "-m", "carcassonne_desktop", "selfplay", "--players", "greedy,random",
         "--games", "5000", "--jobs", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 60
        assert process.stderr is not None
        first = process.stderr.readline()  # the first finished game: the workers are running
        assert first.startswith("game ") or time.monotonic() > deadline, first
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0
    assert "interrupted after" in err and "Traceback" not in err
    assert "greedy" in out and "requested" not in out  # the text report of the finished games
