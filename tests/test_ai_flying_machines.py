"""The computer players and the Flying Machines: a flight is valued over the
die's faces (each landing the best one there), and flies only when that
beats every other turn."""

from __future__ import annotations

import json
import random
from pathlib import Path

from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.ai.expansions import planner_for
from carcassonne_desktop.ai.expansions.flying_machines import TIE, flight_value, plan_flights
from carcassonne_desktop.ai.levels import create_player
from carcassonne_desktop.engine import PASS, Game, GameRecord, PlaceTile, quick_setup
from carcassonne_desktop.engine.expansions.flying_machines import DIE_FACES, Fly
from tests.test_ai_turn_copies import ExpiresAfter

GOLDEN = Path(__file__).parent / "golden_expansions"


def _before_the_flier(dice: list[int] | None = None) -> GameRecord:
    """fm_die_2's game before Rouge places the flier at (2,0) pointing W:
    the die's 1, 2, 3 reach Jaune's cloister, the start tile's city (Bleu's)
    and Rouge's own cloister."""
    golden = json.loads((GOLDEN / "fm_die_2_lands_beside_bleu_in_the_city.json").read_text(
        encoding="utf-8"))
    record = golden["record"]
    record["actions"] = record["actions"][:6]
    record["setup"]["tile_order"] += ["base/B", "base/B", "base/B"]  # the game goes on
    if dice is not None:
        record["setup"]["draws"] = {"die": dice}
    return GameRecord.from_json(record)


def test_flight_value_is_the_mean_of_the_best_landing_for_each_face():
    game = _before_the_flier().replay().game
    game.apply(PlaceTile(2, 0, 0, "flier/02"))
    evaluator = Evaluator(game)
    passed = game.copy()
    passed.apply(PASS)
    got = flight_value(evaluator, passed, 0, "follower")
    # the same through the real rules: a game whose die is forced to each face
    want = []
    for face in sorted(set(DIE_FACES)):
        real = _before_the_flier([face]).replay().game
        real.apply(PlaceTile(2, 0, 0, "flier/02"))
        real.apply(Fly("follower"))
        best = None
        for landing in real.legal_actions():
            after = real.copy()
            after.apply(landing)
            value = evaluator.evaluate(after, 0)
            best = value if best is None else max(best, value)
        want.append(best)
    assert abs(got - sum(want) / 3) < 1e-9  # faces 1, 2, 3 each a third of the die


def test_the_planner_is_only_for_games_with_a_flight_in_sight():
    from carcassonne_desktop.ai.expansions import _PLANNERS

    assert planner_for("place_tile") is not None and planner_for("figure") is not None
    assert plan_flights in _PLANNERS["place_tile"] and plan_flights in _PLANNERS["figure"]
    base = Game(quick_setup(2, seed=1))
    assert plan_flights(Evaluator(base), base, list(base.legal_actions()), random.Random(1)) is None
    game = Game(quick_setup(2, expansions=("base", "flying_machines"), tile_order=("base/U",)))
    assert plan_flights(Evaluator(game), game, list(game.legal_actions()), random.Random(1)) is None


def test_no_flight_where_no_face_can_land():
    """fm_die_3's flier at (1,0) turned to point NE: no tile on the line, so
    a flight is worth a pass minus the tie-breaker and is never chosen."""
    setup = quick_setup(2, expansions=("base", "flying_machines"),
                        tile_order=("flier/06", "base/U", "base/U"))
    from dataclasses import replace

    game = Game(replace(setup, start_tile="base/D"))
    game.apply(PlaceTile(1, 0, 1, "flier/06"))
    ranked = plan_flights(Evaluator(game), game, list(game.legal_actions()), random.Random(2))
    assert ranked is not None
    by_action = {actions[0]: value for value, actions in ranked}
    assert abs(by_action[Fly("follower")] - (by_action[PASS] - TIE)) < 1e-9
    player = create_player("medium", 3)
    assert not isinstance(player.choose(game, budget=2.0), Fly)


def test_medium_flies_onto_a_sure_landing_that_beats_deploying():
    """Every face lands (Jaune's cloister, Bleu's city, Rouge's own cloister)
    and the flier tile offers nothing better than a farmer: medium flies, and
    then lands on the best spot the die gives."""
    game = _before_the_flier().replay().game
    player = create_player("medium", 5)
    ranked = plan_flights(Evaluator(game), game, list(game.legal_actions()), random.Random(4))
    assert ranked is not None
    fly_value = max(v for v, a in ranked if len(a) > 1 and a[1] == Fly("follower")
                    and a[0] == PlaceTile(2, 0, 0, "flier/02"))
    no_fly = max(v for v, a in ranked if len(a) > 1 and a[0] == PlaceTile(2, 0, 0, "flier/02")
                 and not isinstance(a[1], Fly))
    assert fly_value > no_fly
    game.apply(PlaceTile(2, 0, 0, "flier/02"))
    assert player.choose(game, budget=2.0) == Fly("follower")


def test_regression_the_flight_planner_ran_past_the_decisions_deadline():
    """With every expansion a medium placement of a flier took 2.3 s of CPU
    on its 0.85 s budget: the planner judged every turn and valued every
    flight over the die's faces whatever the time."""
    game = _before_the_flier().replay().game
    firsts = list(game.legal_actions())
    whole = plan_flights(Evaluator(game), game, firsts, random.Random(1))
    cut = plan_flights(Evaluator(game), game, firsts, random.Random(1),
                       ExpiresAfter(3))  # type: ignore[arg-type]
    assert whole is not None and cut is not None
    assert 0 < len(cut) < len(whole)
