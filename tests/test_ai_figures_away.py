"""Figures kept off the tiles (ai.expansions.figures_away): the evaluator
counts them in the supply series by their chance of coming home, discounted
for the wait, and the Wheel's crown uses the hook: a follower there waits
for the pig, for most of the game when few tiles carry an icon."""

from __future__ import annotations

from dataclasses import field, make_dataclass

import pytest

from carcassonne_desktop.ai import expansions as ai_expansions
from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.ai.expansions.wheel_of_fortune import SWITCH, crown_returns, first_stops
from carcassonne_desktop.ai.weights import Weights
from carcassonne_desktop.engine import PASS, Game, GameSetup, PlayerSetup, quick_setup
from carcassonne_desktop.engine.actions import DeployToArea

#: Weights with the crown valued the old way (a flat return, whatever the wait).
FlatReturn = make_dataclass("FlatReturn", [(SWITCH, float, field(default=0.0))],
                            bases=(Weights,), frozen=True)
EVERY = ("base", "river", "inns_cathedrals", "abbot", "traders_builders", "hills_sheep",
         "river_ii", "king_robber_baron", "heretics_shrines", "wheel_of_fortune", "count")


def test_a_figure_away_counts_like_one_in_supply_by_its_chance_of_coming_home(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game(quick_setup(players=2, seed=3))
    held = game.copy()
    away = game.copy()
    away.supply[0]["follower"] -= 1  # the one away
    coming: list[tuple[int, str, float]] = []
    monkeypatch.setitem(ai_expansions._AWAY, "base", [lambda evaluator, g: coming])
    at_home = Evaluator(held).totals(held)
    coming[:] = [(0, "follower", 1.0)]  # home for sure, no wait
    assert Evaluator(away).totals(away) == pytest.approx(at_home)
    coming[:] = [(0, "follower", 0.5)]
    half = Evaluator(away).totals(away)[0]
    coming[:] = []
    gone = Evaluator(away).totals(away)[0]
    assert gone < half < at_home[0]


def test_the_pig_first_stops_with_the_icons_in_order() -> None:
    # From Fortune (0), one icon 1 and one icon 3 to come, each draw a 1 or a
    # 3 with their frequencies: Taxes (1) and Storm (3) are reached with the
    # 1st icon or never; section 4 only with the 2nd (1 then 3, or 3 then 1).
    firsts = first_stops(0, (1, 0, 1))
    assert firsts[1] == pytest.approx((0.5, 0.0))
    assert firsts[3] == pytest.approx((0.5, 0.0))  # Storm: a 3 first
    assert firsts[4] == pytest.approx((0.0, 0.5))  # 1 then 3, or 3 then 1
    returns = crown_returns(0, (1, 0, 1), left=7, players=2, decay=0.5)
    # 7 tiles left, 2 icons: the 1st comes after about 8/3 tiles, 4/3 own turns
    assert returns[1] == pytest.approx(0.5 * 0.5 ** (4 / 3))
    assert returns[4] == pytest.approx(0.5 * 0.5 ** (8 / 3))


def _first_turn_crown(expansions: tuple[str, ...]) -> tuple[Game, Game]:
    """(a follower on a crown space, the follower kept) after the first tile."""
    game = Game(GameSetup(players=(PlayerSetup("A", "blue"), PlayerSetup("B", "red")),
                          expansions=expansions, seed=3))
    game.apply(next(iter(game.legal_actions())))
    crowned, kept = game.copy(), game.copy()
    crowned.apply(DeployToArea("follower", "wheel", "crown_1"))
    kept.apply(PASS)
    return crowned, kept


@pytest.mark.parametrize("expansions", [("base", "wheel_of_fortune"), EVERY])
def test_a_crown_follower_early_is_worth_less_than_its_points_once_the_wait_counts(
        expansions: tuple[str, ...]) -> None:
    """Early, the pig reaches a section only after many turns: the follower
    is away meanwhile, so putting it there gains less than the crown's
    3 points. The old flat return made it look worth 5 to 7 points more than
    keeping it, and `medium` parked four or five followers there."""
    crowned, kept = _first_turn_crown(expansions)

    def gain(weights: Weights) -> float:
        return Evaluator(crowned, weights).totals(crowned)[0] - Evaluator(kept, weights).totals(kept)[0]

    assert gain(Weights()) < 3.0
    assert gain(FlatReturn()) > gain(Weights()) + 4.0


def _last_follower_spent(weights: Weights) -> float:
    """With the Abbot, the abbot at home: what spending the last normal
    follower costs the evaluator (its first follower and the reserve)."""
    game = Game(GameSetup(players=(PlayerSetup("A", "blue"), PlayerSetup("B", "red")),
                          expansions=("base", "abbot"), seed=3))
    kept, spent = game.copy(), game.copy()
    kept.supply[0]["follower"] = 1
    spent.supply[0]["follower"] = 0
    return Evaluator(kept, weights).totals(kept)[0] - Evaluator(spent, weights).totals(spent)[0]


def test_an_abbot_at_home_is_no_reserve_and_leaves_the_last_follower_its_worth() -> None:
    """The abbot never stands on a road or a city: with `narrow_apart` it is
    valued after the followers, so the last follower keeps the worth of a
    first one plus the reserve (it used to be the second in the series, the
    abbot the first, and the abbot counted as the reserve)."""
    weights = Weights(narrow_apart=1.0)
    assert _last_follower_spent(weights) == pytest.approx(weights.follower + weights.reserve)
    assert _last_follower_spent(Weights(narrow_apart=0.0)) < weights.follower
