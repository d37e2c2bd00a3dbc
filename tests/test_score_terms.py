"""Every scoring says why: the engine's terms (engine/score_terms.py) add up
to the points, are written by the code that computes the value (the feature
kinds, the farmer rule, the expansions' hooks), and a hook that says nothing
is still accounted for by a `rule` term naming it."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from carcassonne_desktop.engine import Game, quick_setup
from carcassonne_desktop.engine.events import PointsScored
from carcassonne_desktop.engine.expansion import EXPANSIONS, Expansion
from carcassonne_desktop.engine.features import Feature
from carcassonne_desktop.engine.score_terms import (
    TIMES,
    UNEXPLAINED,
    ScoreTerm,
    terms_total,
)

ALL = ("base", "inns_cathedrals", "abbot", "traders_builders", "hills_sheep", "river")


def _scorings(expansions: tuple[str, ...], seed: int, options: dict | None = None) -> list[PointsScored]:
    game = Game(quick_setup(3, seed=seed, expansions=expansions, options=options))
    rng = random.Random(seed)
    found: list[PointsScored] = []
    while not game.is_over:
        actions = game.legal_actions()
        events = game.apply(actions[rng.randrange(len(actions))])
        found.extend(e for e in events if isinstance(e, PointsScored))
    assert game.score_terms is None  # only set while a value is computed
    return found


@pytest.mark.parametrize("expansions,options", [
    (("base",), None),
    (ALL, None),
    (("base", "inns_cathedrals"), {"small_city_2pts": True}),
])
def test_every_scoring_adds_up_and_is_explained_by_its_rules(expansions, options):
    reasons: Counter[str] = Counter()
    for seed in range(6):
        for event in _scorings(expansions, seed, options):
            assert terms_total(event.terms) == event.points, event
            assert all(term.reason != UNEXPLAINED for term in event.terms), event
            reasons.update(term.reason for term in event.terms)
    # the common cases really occurred (the test is not vacuous)
    for reason in ("tile", "completed", "field_city", "neighbour"):
        assert reasons[reason] > 0, reasons
    if "inns_cathedrals" in expansions and options is None:
        assert reasons["inn"] + reasons["inn_unfinished"] + reasons["cathedral"] > 0


def test_a_completed_city_reads_tiles_plus_shields_times_two():
    for seed in range(20):
        for event in _scorings(("base",), seed):
            if event.feature == "city" and event.reason == "completed" and len(event.terms) == 3:
                tiles = len(event.tiles)
                shields = event.terms[1].count
                assert event.terms == (ScoreTerm("tile", tiles), ScoreTerm("shield", shields),
                                       ScoreTerm("completed", 1, 2, TIMES))
                assert event.points == 2 * (tiles + shields)
                return
    pytest.fail("no completed city with a shield in 20 games")


def test_farmers_and_unfinished_cities_say_so():
    farmers = unfinished = 0
    for seed in range(4):
        for event in _scorings(("base",), seed):
            if event.feature == "field":
                assert event.terms == (ScoreTerm("field_city", event.points // 3, 3),)
                farmers += 1
            if event.feature == "city" and event.reason == "final":
                assert all(term.op != TIMES for term in event.terms)
                unfinished += 1
    assert farmers and unfinished


class Unexplained(Expansion):
    """Adds 5 to every road and says nothing: the core must account for it."""

    id = "toy_unexplained"
    order = 901
    title = {"fr": "Jouet", "en": "Toy"}
    description = {"fr": "Pour les tests.", "en": "For tests."}

    def modify_points(self, game: Game, feature: Feature, points: int, completed: bool) -> int:
        return points + 5 if feature.kind == "road" else points


@pytest.fixture
def unexplained() -> Iterator[None]:
    EXPANSIONS[Unexplained.id] = Unexplained
    try:
        yield
    finally:
        del EXPANSIONS[Unexplained.id]


def test_a_hook_that_says_nothing_is_blamed_by_name(unexplained):
    roads = [e for seed in range(3) for e in _scorings(("base", Unexplained.id), seed)
             if e.feature == "road"]
    assert roads
    for event in roads:
        assert event.terms[-1] == ScoreTerm(UNEXPLAINED, 1, 5, "add", Unexplained.id)
        assert terms_total(event.terms) == event.points


def test_terms_take_no_part_in_comparing_events():
    plain = PointsScored((0,), 4, "road", ((0, 0),), "completed")
    explained = PointsScored((0,), 4, "road", ((0, 0),), "completed", (ScoreTerm("tile", 4),))
    assert plain == explained and hash(plain) == hash(explained)


def test_every_registered_expansion_explains_its_scorings():
    """Every expansion in the registry, the later ones included: terms add up,
    and no scoring is left unexplained (a new expansion's awards must say why)."""
    from carcassonne_desktop.engine import registry

    everything = tuple(registry())
    reasons: Counter[str] = Counter()
    for seed in range(4):
        options = {"farmers_first_edition": True} if seed % 2 else None
        for event in _scorings(everything, seed, options):
            assert terms_total(event.terms) == event.points, event
            assert all(term.reason != UNEXPLAINED for term in event.terms), event
            reasons.update(term.reason for term in event.terms)
    assert reasons["tile"] > 0, reasons
