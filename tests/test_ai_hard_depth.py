"""hard's shallower look-ahead when the full one cannot fit (issue 30,
`HardPlayer.shallow_when_short`): the depth is decided once per decision
from the round estimate, every round of that decision (the helper's too)
plays it, and with the switch off (the product since session 11) nothing
changes."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from carcassonne_desktop.ai import deadline as deadline_module
from carcassonne_desktop.ai import hard as hard_module
from carcassonne_desktop.ai import parallel
from carcassonne_desktop.ai.deadline import Deadline
from carcassonne_desktop.ai.hard import HardPlayer
from carcassonne_desktop.ai.search import play_round, run_rounds
from carcassonne_desktop.engine import Game
from carcassonne_desktop.engine.record import GameRecord
from tests.bench_scripts import load_script
from tests.test_ai_outlook import random_position


def shallow_player(on: bool) -> HardPlayer:
    player = HardPlayer(3, workers=1)
    player.shallow_when_short = on  # on the instance: the class stays the product's
    player.cap_answers = False  # the switch alone (with the cap: below)
    return player


def test_regression_the_shallow_capped_look_ahead_won_20_of_42_with_every_expansion() -> None:
    """Both switches off in the product (bench/ai.md, session 11): with them
    hard won 20 of 42 against medium, with the root's best alone 45 of 80."""
    assert HardPlayer.shallow_when_short is False
    assert HardPlayer.cap_answers is False
    assert HardPlayer.own_turns == 1


def test_the_depth_is_the_deepest_whose_rounds_fit() -> None:
    """Two players, three candidates: a full round plays three answers per
    candidate (opponent, own turn, opponent), a shallow one one answer, so
    with the ranking at `r` seconds the estimates are 9r and 3r."""
    game = SimpleNamespace(num_players=2, tiles_left=lambda: 40)
    on, off = shallow_player(True), shallow_player(False)
    # 2 s for 22 full rounds: full depth, switch or not
    assert on._depth_plan(game, 1, 3, 0.01, 300, 2.0, 1) == (1, None, pytest.approx(0.09))
    # 2.2 full rounds: below min_rounds, so shallow (6.7 rounds) when on;
    # off, the full search goes ahead as before (not hopeless)
    assert on._depth_plan(game, 1, 3, 0.1, 300, 2.0, 1) == (0, None, pytest.approx(0.3))
    assert off._depth_plan(game, 1, 3, 0.1, 300, 2.0, 1) == (1, None, pytest.approx(0.9))
    # 0.74 full rounds: given up when off, 2.2 shallow rounds when on
    assert off._depth_plan(game, 1, 3, 0.3, 300, 2.0, 1) is None
    assert on._depth_plan(game, 1, 3, 0.3, 300, 2.0, 1) == (0, None, pytest.approx(0.9))
    # a second process doubles what fits
    assert on._depth_plan(game, 1, 3, 0.1, 300, 4.0, 2) == (1, None, pytest.approx(0.9))
    # even shallow rounds cannot fit: given up
    assert on._depth_plan(game, 1, 3, 1.0, 300, 2.0, 1) is None
    # two own turns configured (five answers, 15r): one shallower first
    # (7.4 rounds of 9r), then none
    assert on._depth_plan(game, 2, 3, 0.03, 300, 2.0, 1)[0] == 1  # type: ignore[index]
    assert on._depth_plan(game, 2, 3, 0.1, 300, 2.0, 1)[0] == 0  # type: ignore[index]


def test_with_capped_answers_too_only_the_shallowest_depth_is_capped() -> None:
    """`shallow_when_short` with `cap_answers`: the full depth is kept only
    when its rounds fit with whole answers; otherwise the rounds go shallow
    and their answers are capped as far as the time needs (before, the cap
    always made the full depth fit, so it never went shallow)."""
    game = SimpleNamespace(num_players=2, tiles_left=lambda: 40)
    both = shallow_player(True)
    both.cap_answers = True
    capped_only = HardPlayer(3, workers=1)
    capped_only.cap_answers = True
    capped_only.shallow_when_short = False
    # 22 full rounds fit: full depth, whole answers
    assert both._depth_plan(game, 1, 3, 0.01, 300, 2.0, 1) == (1, None, pytest.approx(0.09))
    # 2.2 full rounds, 6.7 shallow ones: shallow with whole answers
    assert both._depth_plan(game, 1, 3, 0.1, 300, 2.0, 1) == (0, None, pytest.approx(0.3))
    # 0.74 full rounds, 2.2 shallow ones: shallow, each answer judging
    # 300 x 2.2 / (1.5 x 6) = 74 whole turns; capped answers alone stay at
    # the full depth with 300 x 0.74 / 9 = 24
    depth, cap, estimate = both._depth_plan(game, 1, 3, 0.3, 300, 2.0, 1)  # type: ignore[misc]
    assert (depth, cap) == (0, 74) and estimate == pytest.approx(0.9 * 74 / 300)
    assert capped_only._depth_plan(game, 1, 3, 0.3, 300, 2.0, 1)[:2] == (1, 24)  # type: ignore[index]


def test_the_endgame_rule_is_not_made_shallower() -> None:
    """With `endgame_tiles` tiles or fewer rounds play to the end: a search
    that cannot afford that is given up, not cut short."""
    player = shallow_player(True)
    endgame = SimpleNamespace(num_players=2, tiles_left=lambda: player.endgame_tiles)
    assert player._depth_plan(endgame, 4, 3, 0.3, 300, 2.0, 1) is None
    assert player._depth_plan(endgame, 4, 3, 0.001, 300, 2.0, 1) == (
        4, None, pytest.approx(0.012))


def fake_ranking(monkeypatch: pytest.MonkeyPatch, seconds: float) -> None:
    """hard's clock says the root ranking took `seconds` (so the estimate
    says full rounds cannot fit), then advances a millisecond a call (the
    measured rounds are quick: the estimate alone decides)."""
    ticks: Iterator[float] = itertools.chain([0.0], itertools.count(seconds, 0.001))
    monkeypatch.setattr(hard_module, "now", lambda: next(ticks))


def recorded_depths(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The depth (own turns) of every round hard plays in this process."""
    depths: list[int] = []

    def recording(*args: Any) -> Any:
        depths.append(args[9])
        return play_round(*args)

    monkeypatch.setattr(hard_module, "play_round", recording)
    return depths


def searched_position() -> Game:
    game = random_position(7, 25, 2, False, ("base",))
    assert game.tiles_left() > HardPlayer.endgame_tiles
    return game


def short_decision(monkeypatch: pytest.MonkeyPatch, on: bool) -> tuple[HardPlayer, list[int]]:
    """One decision of a player whose full rounds cannot fit (the ranking
    said to take 0.3 s: 0.74 full rounds, 2.2 shallow ones in 2 s), and
    the depth of each round it played."""
    game = searched_position()
    depths = recorded_depths(monkeypatch)
    fake_ranking(monkeypatch, 0.3)
    player = shallow_player(on)
    player.decide(game, list(game.legal_actions()), Deadline(2.0))
    return player, depths


def test_a_short_search_plays_shallow_rounds_instead_of_giving_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    player, depths = short_decision(monkeypatch, True)
    stats = player.last_stats
    assert stats["candidates"] > 1 and "given_up" not in stats
    assert stats["own_turns"] == 0 and stats["samples"] >= 2
    # every round of the decision at that one depth, even once the measured
    # pace would let full rounds fit
    assert len(depths) == stats["samples"] and set(depths) == {0}


def test_with_the_switch_off_a_short_search_is_given_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    player, depths = short_decision(monkeypatch, False)
    assert player.last_stats["given_up"] == 1 and player.last_stats["samples"] == 0
    assert player.last_stats["own_turns"] == player.own_turns and depths == []


def stand_in_helper(monkeypatch: pytest.MonkeyPatch, asked: Callable[[int, bool], None]
                    ) -> None:
    """The helper process stood in for by the same rounds played here, one a
    request; `asked(own_turns, share_rankings)` hears each request."""

    def submit(game: Game, candidates: list[Any], seed: int, seconds: float, own_turns: int,
               first_round: int = 1, step: int = 2, active: list[int] | None = None,
               answer_turns: int | None = None, share_rankings: bool = False) -> Future[Any]:
        asked(own_turns, share_rankings)
        future: Future[Any] = Future()
        future.set_result(run_rounds(game, candidates, seed, Deadline(seconds), first_round,
                                     step, own_turns, 1, active, answer_turns, share_rankings))
        return future

    monkeypatch.setattr(parallel, "submit_rounds", submit)


def test_the_helper_plays_the_same_shallow_depth(monkeypatch: pytest.MonkeyPatch) -> None:
    """The helper process is stood in for by the same rounds played here,
    one a request: what matters is the depth it is asked for."""
    game = searched_position()
    depths = recorded_depths(monkeypatch)
    helper_depths: list[int] = []

    stand_in_helper(monkeypatch, lambda own_turns, share: helper_depths.append(own_turns))
    # two processes: full rounds need a slower ranking to be out of reach
    fake_ranking(monkeypatch, 0.6)
    player = shallow_player(True)
    player.helpers = 1
    player.decide(game, list(game.legal_actions()), Deadline(2.0))
    assert player.last_stats["helper_samples"] >= 1
    assert helper_depths and set(helper_depths) == set(depths) == {0}


def rounds_of(monkeypatch: pytest.MonkeyPatch, round_seconds: float) -> HardPlayer:
    """One decision (one process, a 2 s deadline) of a player whose clock
    says the ranking took no time and every round `round_seconds`."""
    clock = [0.0]
    monkeypatch.setattr(hard_module, "now", lambda: clock[0])

    def slow_round(*args: Any) -> Any:
        clock[0] += round_seconds
        return play_round(*args)

    monkeypatch.setattr(hard_module, "play_round", slow_round)
    game = searched_position()
    player = HardPlayer(3, workers=1)
    player.decide(game, list(game.legal_actions()), Deadline(2.0))
    assert player.last_stats["candidates"] > 1
    return player


def test_regression_hard_waited_for_a_second_round_that_could_not_change_its_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rounds of 1.5 s with 2 s left: one round and at most 1.3 more, short
    of half of `min_rounds`, so the first round's pace gives the search up.
    Before, the pace was trusted from the second round only: with every
    expansion hard played two rounds in its whole 2.4 s on a quarter of its
    mid-game placements, to play the root's best turn anyway (bench/ai.md,
    session 12)."""
    player = rounds_of(monkeypatch, 1.5)
    assert player.last_stats["given_up"] == 1 and player.last_stats["samples"] == 1


def test_a_first_round_within_the_margin_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rounds of 0.5 s with 2 s left: four more may come, enough to go on
    (the fake clock lets the real deadline decide when it stops)."""
    player = rounds_of(monkeypatch, 0.5)
    assert "given_up" not in player.last_stats and player.last_stats["samples"] >= 2


@given(remaining=st.floats(0.05, 10.0), processes=st.sampled_from([1, 2]),
       share=st.sampled_from([0.25, 0.5, 1.0]))
def test_the_first_round_limit_is_where_the_check_after_it_gives_up(
    remaining: float, processes: int, share: float,
) -> None:
    """A first round a hair shorter than the limit goes on when it ends, one
    a hair longer is given up: cutting it at the limit plays what waiting
    for it would have played."""
    player = HardPlayer(3, workers=1)
    player.hopeless_share = share
    limit = player._first_round_limit(remaining, processes)
    assert limit is not None and 0.0 < limit < remaining
    for r, hopeless in ((limit * (1 - 1e-6), False), (limit * (1 + 1e-6), True)):
        assert player._hopeless(1, remaining - r, r, processes, share) is hopeless


def test_a_first_round_is_never_cut_when_one_round_meets_the_share() -> None:
    player = HardPlayer(3, workers=1)
    player.hopeless_share = 1 / player.min_rounds
    assert player._first_round_limit(2.0, 2) is None
    assert HardPlayer(3, workers=1, rounds=4)._first_round_limit(2.0, 1) is None


def test_regression_hard_ran_a_hopeless_first_round_to_the_deadline(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One process, 2 s left when the first round starts: a round longer than
    2/3 s leaves fewer than 3 rounds in all, hopeless. The round is cut there
    and the root's best turn played, where it used to run to the deadline
    (with every expansion a round takes 1.7-7 s) and play that same turn at
    2.4 s (bench/ai.md, session 13). One fake clock for the player and the
    deadlines; the round stands in for one that runs to its deadline."""
    clock = [0.0]
    monkeypatch.setattr(hard_module, "now", lambda: clock[0])
    monkeypatch.setattr(deadline_module, "_clock", lambda: clock[0])
    given: list[float] = []

    def endless_round(*args: Any) -> Any:
        round_deadline = args[8]
        given.append(round_deadline.remaining())
        clock[0] = round_deadline.end  # it plays until its deadline stops it
        return play_round(*args)  # (which has passed: no candidate is played)

    monkeypatch.setattr(hard_module, "play_round", endless_round)
    game = searched_position()
    player = HardPlayer(3, workers=1)
    deadline = Deadline(2.0)
    player.decide(game, list(game.legal_actions()), deadline)
    assert player.last_stats["candidates"] > 1
    assert given == [pytest.approx(2.0 / 3)]
    assert player.last_stats["given_up"] == 1 and player.last_stats["samples"] == 0
    assert clock[0] == pytest.approx(2.0 / 3)  # and nothing after it


def load_hard_search() -> ModuleType:
    return load_script("hard_search.py", "hard_search_bench")


def test_hard_search_reports_the_shallow_searches(tmp_path: Path) -> None:
    """bench/hard_search.py counts the mid-game searches played shallow,
    from lines with the depth and from older lines without it."""
    bench = load_hard_search()

    def line(placement: int, samples: int, own_turns: int | None, chosen: int = 0) -> str:
        decision = {"game": 0, "placement": placement, "seconds": 1.0, "candidates": 4,
                    "samples": samples, "given_up": samples == 0,
                    "reached": samples >= 6, "chosen": chosen, "own_turns": own_turns}
        if own_turns is None:
            del decision["own_turns"]
        return json.dumps(decision)

    rows = [line(10, 8, 0, 2), line(11, 3, 0), line(12, 9, 1, 1), line(13, 0, 1),
            line(14, 7, None), line(40, 0, 1)]
    path = tmp_path / "lines.jsonl"
    path.write_text("\n".join(rows) + "\n")
    figures = bench.report(bench.load_lines(path), 10)
    assert figures["mid_searched"] == 5
    assert (figures["mid_shallow"], figures["mid_shallow_reached"],
            figures["mid_shallow_overruled"]) == (2, 1, 1)
    assert figures["mid_reached"] == 3 and figures["mid_overruled"] == 2


def test_hard_search_splits_the_margin_by_category(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    """`--scores` keeps each game's breakdowns (a quick hard, one round a
    decision, against greedy); `--categories` reports the mean gap per
    category, which adds up to the margin."""
    bench = load_hard_search()
    from carcassonne_desktop.ai.levels import create_player

    monkeypatch.setattr(bench, "create_player", lambda level, seed: (
        HardPlayer(seed, workers=1, rounds=1) if level == "hard"
        else create_player("greedy", seed)))
    scores = tmp_path / "scores.jsonl"
    bench.play(1, ("base",), 40, bench.Series(), None, scores)
    (game,) = (json.loads(line) for line in scores.read_text().splitlines())
    assert (game["deal"], game["hard_seat"]) == (40, 1)
    assert sum(game["hard_breakdown"].values()) == game["hard"]
    replayed = GameRecord.from_json(game["record"]).replay().game
    assert replayed.is_over and replayed.scores[1] == game["hard"]
    assert bench.main(["--categories", str(scores)]) == 0
    report = json.loads(capsys.readouterr().out)
    margin = game["hard"] - game["medium"]
    assert report["games"] == 1 and report["margin"] == {"mean": margin, "ci95": [margin] * 2}
    assert report["hard_wins"] == (1.0 if margin > 0 else 0.5 if margin == 0 else 0.0)
    gaps = [row["mean"] for row in report["categories"].values()]
    assert sum(gaps) == pytest.approx(margin)
    assert abs(gaps[0]) == max(abs(gap) for gap in gaps)
    # two series pooled: a second file with the same game mirrored
    mirrored = dict(game, hard=game["medium"], medium=game["hard"],
                    hard_breakdown=game["medium_breakdown"],
                    medium_breakdown=game["hard_breakdown"])
    other = tmp_path / "other.jsonl"
    other.write_text(json.dumps(mirrored) + "\n")
    assert bench.main(["--categories", str(scores), str(other)]) == 0
    pooled = json.loads(capsys.readouterr().out)
    assert pooled["games"] == 2 and pooled["hard_wins"] == 1.0
    assert pooled["margin"]["mean"] == 0.0
    assert all(row["mean"] == 0.0 for row in pooled["categories"].values())


def test_the_first_round_study_compares_the_first_round_with_the_later_ones(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """bench/research/first_round.py (bench/ai.md session 12): one base
    position searched for three rounds, its ratios as JSON."""
    study = load_script("research/first_round.py", "first_round")
    assert study.main(["--expansions", "base", "--seeds", "7", "--stops", "20",
                       "--rounds", "3"]) == 0
    row, summary = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert summary["positions"] == 1 and row["placed"] == 20
    assert row["first"] > 0.0 and row["later"] > 0.0
    assert summary["first_over_later"]["p50"] == pytest.approx(row["first"] / row["later"], 0.01)
    assert study.main(["--seeds", "x"]) == 2
    assert study.main(["--expansions", "nonsense"]) == 2


@pytest.mark.parametrize("share", [False, True])
def test_the_helper_shares_rankings_as_the_main_process_does(
    monkeypatch: pytest.MonkeyPatch, share: bool
) -> None:
    """`share_rankings` reaches the rounds played here and the helper's."""
    game = searched_position()
    here: list[bool] = []
    helper: list[bool] = []

    def recording(*args: Any) -> Any:
        here.append(args[11])
        return play_round(*args)

    monkeypatch.setattr(hard_module, "play_round", recording)
    stand_in_helper(monkeypatch, lambda own_turns, share: helper.append(share))
    fake_ranking(monkeypatch, 0.6)
    player = shallow_player(True)
    player.share_rankings = share
    player.helpers = 1
    player.decide(game, list(game.legal_actions()), Deadline(2.0))
    assert here and helper and set(here) == set(helper) == {share}


def test_a_slow_first_round_shrinks_the_answers_once_instead_of_giving_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With capped answers and `shrink_slow_start`, a first round of 1.5 s
    with 2 s left (hopeless at its cap, see the regression above) makes the
    answers' cap smaller and the search goes on with rounds that fit."""
    clock = [0.0]
    caps: list[int | None] = []
    monkeypatch.setattr(hard_module, "now", lambda: clock[0])

    def round_at(*args: Any) -> Any:
        caps.append(args[10])
        clock[0] += 1.5 if len(caps) == 1 else 0.01
        return play_round(*args)

    monkeypatch.setattr(hard_module, "play_round", round_at)
    game = searched_position()
    player = HardPlayer(3, workers=1)
    player.cap_answers = player.shrink_slow_start = True
    player.decide(game, list(game.legal_actions()), Deadline(2.0))
    assert "given_up" not in player.last_stats
    assert player.last_stats["shrunk"] == 1 and player.last_stats["samples"] >= 2
    smaller = player.last_stats["answer_turns"]
    assert caps[1] == smaller and all(cap == smaller for cap in caps[1:])
    assert caps[0] is None or smaller < caps[0]


def test_the_smaller_cap_scales_the_cap_by_the_first_rounds_excess() -> None:
    player = HardPlayer(3, workers=1)
    assert player._smaller_cap(400, 100, 2.0, 1.8, 2, False) is None  # switches off
    player.cap_answers = player.shrink_slow_start = True
    wanted = player.answer_room * player.min_rounds
    # 1.8 s left on 2 processes: a round may take 3.6 / wanted s
    assert player._smaller_cap(400, 100, 2.0, 1.8, 2, False) == int(400 * 3.6 / wanted / 2.0)
    assert player._smaller_cap(None, 100, 2.0, 1.8, 2, False) == max(
        player.min_answer_turns, int(100 * 3.6 / wanted / 2.0))
    assert player._smaller_cap(400, 100, 2.0, 1.8, 2, True) is None  # once only
    assert player._smaller_cap(player.min_answer_turns, 100, 2.0, 1.8, 2, False) is None
