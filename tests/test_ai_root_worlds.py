"""hard judges its root's best turns again in several sampled worlds
(`ai/root_worlds.py`, issue 30): what a turn reveals (a sheep token, the
next tile) is no longer judged by the one outcome of the ranking's copy."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

import pytest

from carcassonne_desktop.ai import hard as hard_module
from carcassonne_desktop.ai import root_worlds
from carcassonne_desktop.ai.deadline import Deadline
from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.ai.hard import HardPlayer
from carcassonne_desktop.ai.heuristic import rank_turns
from carcassonne_desktop.ai.root_worlds import Ranked, rejudge_in_worlds
from carcassonne_desktop.engine import Action, Game
from carcassonne_desktop.engine.events import OutcomeRevealed
from tests.bench_scripts import load_script
from tests.test_ai_outlook import random_position


def ranking(game: Game, seed: int = 5) -> tuple[Evaluator, Ranked]:
    evaluator = Evaluator(game)
    rng = random.Random(seed)
    firsts = list(game.legal_actions())
    rng.shuffle(firsts)
    return evaluator, rank_turns(game, evaluator, firsts, None, rng)


def scripted_worlds(monkeypatch: pytest.MonkeyPatch, worlds: list[list[float]]) -> list[int]:
    """Each world gives the next scripted values; returns the count of worlds asked."""
    asked: list[int] = []

    def values(game: Game, evaluator: Evaluator, turns: Sequence[object], seat: int,
               rng: random.Random, deadline: Deadline | None) -> list[float] | None:
        asked.append(len(turns))
        return worlds[len(asked) - 1] if len(asked) <= len(worlds) else None

    monkeypatch.setattr(root_worlds, "values_in_world", values)
    return asked


def turns(*values: float) -> Ranked:
    return [(value, (f"turn {i}",)) for i, value in enumerate(values)]  # type: ignore[misc]


def test_the_best_turns_in_the_window_take_their_mean_over_the_worlds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The first turn was lucky in the ranking's copy: 10 there, 4 and 6 in
    the two worlds; the second is 8 everywhere. The third is outside the
    window and keeps its place below the judged ones, whatever its value."""
    game = random_position(1, 5, 2, False, ("base",))
    asked = scripted_worlds(monkeypatch, [[4.0, 8.0], [6.0, 8.0]])
    ranked = turns(10.0, 8.0, 1.0)
    got = rejudge_in_worlds(game, Evaluator(game), ranked, random.Random(0), None,
                            pool=16, window=5.0, worlds=2)
    assert asked == [2, 2]
    assert got == [(8.0, ("turn 1",)), (5.0, ("turn 0",)), (1.0, ("turn 2",))]


def test_a_first_world_that_changes_nothing_ends_the_rejudging(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = random_position(1, 5, 2, False, ("base",))
    asked = scripted_worlds(monkeypatch, [[10.0, 8.0], [0.0, 0.0]])
    ranked = turns(10.0, 8.0)
    assert rejudge_in_worlds(game, Evaluator(game), ranked, random.Random(0), None,
                             16, 5.0, 8) is ranked
    assert asked == [2]


def test_the_deadline_keeps_the_worlds_judged_so_far(monkeypatch: pytest.MonkeyPatch) -> None:
    """The third world is cut (None): the two judged count."""
    game = random_position(1, 5, 2, False, ("base",))
    scripted_worlds(monkeypatch, [[1.0, 8.0], [3.0, 8.0]])
    got = rejudge_in_worlds(game, Evaluator(game), turns(10.0, 8.0), random.Random(0),
                            None, 16, 5.0, 8)
    assert got == [(8.0, ("turn 1",)), (2.0, ("turn 0",))]
    asked = scripted_worlds(monkeypatch, [])
    ranked = turns(10.0, 8.0)
    assert rejudge_in_worlds(game, Evaluator(game), ranked, random.Random(0), None,
                             16, 5.0, 8) is ranked
    assert asked == [2]


@pytest.mark.parametrize("seed", [3, 11])
def test_base_game_turns_reveal_nothing_so_the_ranking_stands(seed: int) -> None:
    game = random_position(seed, 20, 2, False, ("base",))
    evaluator, ranked = ranking(game)
    assert rejudge_in_worlds(game, evaluator, ranked, random.Random(1), None,
                             16, 10.0, 8) is ranked


def draws(game: Game, actions: tuple[Action, ...]) -> bool:
    """Whether playing the turn reveals a random outcome."""
    copy = game.copy()
    return any(isinstance(event, OutcomeRevealed)
               for action in actions for event in copy.apply(action))


def test_only_the_turns_that_draw_a_sheep_token_are_judged_again() -> None:
    """Hills & Sheep: a shepherd put down draws a token. Those turns take
    their mean over the worlds; every other turn keeps its ranked value."""
    checked = 0
    for seed in range(40):
        game = random_position(seed, 12, 2, False, ("base", "hills_sheep"))
        if game.is_over:
            continue
        evaluator, ranked = ranking(game)
        judged = [item for item in ranked[:16] if item[0] >= ranked[0][0] - 10.0]
        if len(judged) < 2 or not any(draws(game, actions) for _, actions in judged):
            continue
        got = dict((actions, value) for value, actions in rejudge_in_worlds(
            game, evaluator, ranked, random.Random(seed), None, 16, 10.0, 8))
        moved = [actions for value, actions in judged if got[actions] != value]
        assert all(draws(game, actions) for actions in moved)
        checked += len(moved)
        if checked >= 3:
            return
    pytest.fail(f"only {checked} turns drawing a token were judged again")


def worst_put_first(monkeypatch: pytest.MonkeyPatch, module: object) -> list[tuple[Action, ...]]:
    """`module.rejudge_in_worlds` puts the ranking's worst turn first; the
    list gets each turn it promoted."""
    promoted: list[tuple[Action, ...]] = []

    def worst_first(game: Game, evaluator: Evaluator, ranked: Ranked,
                    *args: object) -> Ranked:
        promoted.append(ranked[-1][1])
        return [(ranked[0][0] + 100.0, ranked[-1][1]), *ranked[:-1]]

    monkeypatch.setattr(module, "rejudge_in_worlds", worst_first)
    return promoted


def test_hard_plays_the_best_turn_of_the_rejudged_ranking(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The ranking's worst turn, put first by the worlds, is what hard plays."""
    game = random_position(2, 15, 2, False, ("base",))
    promoted = worst_put_first(monkeypatch, hard_module)
    hard = HardPlayer(7, workers=1, rounds=0)
    action = hard.choose(game, budget=5.0)
    assert len(promoted) == 1 and action == promoted[0][0]
    assert HardPlayer.root_worlds == 8


def test_the_chance_study_measures_hards_own_rejudging(capsys: pytest.CaptureFixture[str]) -> None:
    """bench/research/chance_root.py (bench/ai.md session 11): on a base
    position nothing is uncertain, so neither the ranking nor hard's
    re-judging loses anything; the figures come out as JSON."""
    study = load_script("research/chance_root.py", "chance_root")
    assert study.main(["--expansions", "base", "--seeds", "2", "--stops", "6",
                       "--exact", "3", "--samples", "2"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["positions"] == 1
    assert summary["with_chance_turns"] == 0
    assert summary["root_loss_mean"] == summary["rejudged_loss_mean"] == 0.0
    assert study.main(["--seeds", "x"]) == 2


def test_the_hint_advises_the_best_turn_of_the_rejudged_ranking(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from carcassonne_desktop.ai import advice

    game = random_position(2, 15, 2, False, ("base",))
    promoted = worst_put_first(monkeypatch, advice)
    assert advice.suggest_turn(game) == promoted[0]
