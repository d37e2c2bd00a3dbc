"""The evaluator carries what it worked out of a feature from one judged
position to the next (issue 30): the chance of completion and open cells of
a road or city, a cloister's prospects and a feature's value, while the root
holds the very feature object that no game can change any more
(copy-on-write), the same number of tiles is left, the cells read are still
empty with the same patterns and the expansions' value contexts (where the
mage and the witch stand) are the same. The totals must be exactly those of
an evaluator that works every position out anew, on the positions a search
judges one after the other: every whole turn from a position, positions
played on in place after being judged, and futures played further on
copies."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.ai.turns import whole_turns
from carcassonne_desktop.engine import Game
from tests.test_ai_outlook import EVERY, random_position
from tests.test_feature_copy_on_write import play


def anew(game: Game) -> Evaluator:
    evaluator = Evaluator(game)
    evaluator.carry = False
    return evaluator


def judged_positions(game: Game, rng: random.Random) -> list[Game]:
    """Positions in the order a search judges them: whole turns, then each
    played on (in place) by a few random actions, then the start again."""
    turns = [turn.after for _, turn in zip(range(10), whole_turns(game))]
    out: list[Game] = list(turns)
    for position in turns[:4]:
        play(position, rng, rng.randrange(1, 8))
        out.append(position)
        future = position.copy()
        play(future, rng, rng.randrange(1, 8))
        out.append(future)
    return [*out, game]


def same_totals(game: Game, seed: int) -> None:
    carried = Evaluator(game)
    fresh = anew(game)
    for position in judged_positions(game, random.Random(seed)):
        assert carried.totals(position) == fresh.totals(position)
        seat = position.deciding_player
        assert carried.evaluate(position, seat) == fresh.evaluate(position, seat)
        # judged twice in a row (the carried values serve the second time)
        assert carried.totals(position) == fresh.totals(position)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), placements=st.integers(3, 90),
       players=st.integers(2, 4), first_edition=st.booleans())
def test_carried_prospects_judge_as_working_every_position_out_anew(
    seed: int, placements: int, players: int, first_edition: bool
) -> None:
    same_totals(random_position(seed, placements, players, first_edition), seed)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), placements=st.integers(3, 60), players=st.integers(2, 4))
def test_carried_prospects_judge_as_working_every_position_out_anew_base_game(
    seed: int, placements: int, players: int
) -> None:
    same_totals(random_position(seed, placements, players, False, ("base",)), seed)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), placements=st.integers(10, 80), players=st.integers(2, 4))
def test_carried_values_follow_the_mage_and_the_witch(
    seed: int, placements: int, players: int
) -> None:
    """The mage and the witch change a road's or city's value without
    changing the feature: every answer of their decision judged in turn."""
    expansions = ("base", "mage_witch")
    game = random_position(seed, placements, players, False, expansions)
    carried = Evaluator(game)
    fresh = anew(game)
    rng = random.Random(seed)
    judged = 0
    while not game.is_over and judged < 6:
        if game.pending_kind == "mage_witch":
            for answer in list(game.legal_actions())[:12]:
                after = game.copy()
                after.apply(answer)
                assert carried.totals(after) == fresh.totals(after)
            judged += 1
        play(game, rng, 1)


def test_a_feature_the_game_owns_is_not_carried() -> None:
    """The position being judged owns the features it changed since its
    last copy; those can still change in place, so nothing of them is kept."""
    game = random_position(3, 40, 2, False, EVERY)
    evaluator = Evaluator(game)
    evaluator.totals(game)
    assert not evaluator._carried and not evaluator._carried_values
    turn = next(iter(whole_turns(game)))
    evaluator.totals(turn.after)
    kept = [entry[0] for entry in evaluator._carried.values()]
    assert kept and all(turn.after.shares_feature(feature) for feature in kept)


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4))
def test_one_evaluator_along_a_whole_game_judges_as_working_every_position_out_anew(
    seed: int, players: int
) -> None:
    """Positions far apart (fairs to come, tokens spent and catapult rounds
    of the terms' carried results change; tiles left change): one evaluator
    judging copies taken along a whole random game, every few actions."""
    game = random_position(seed, 0, players, False)
    carried = Evaluator(game)
    fresh = anew(game)
    rng = random.Random(seed)
    while not game.is_over:
        position = game.copy()
        assert carried.totals(position) == fresh.totals(position)
        play(game, rng, rng.randrange(1, 4))


def test_the_catapult_tokens_are_carried_by_fairs_to_come() -> None:
    """The same tokens held and no round, but no fair left to come: the
    tokens are worth nothing any more, whatever an earlier position said."""
    from carcassonne_desktop.ai.expansions.catapult import fair_tiles, fairs_to_come

    game = random_position(7, 5, 2, False, ("base", "catapult"))
    carried = Evaluator(game)
    before = carried.totals(game)
    assert fairs_to_come(game) > 0
    fair = fair_tiles(game.rules.catalogue)
    dry = game.copy()
    dry.bag = [tile for tile in dry.bag if tile not in fair]
    dry.hands = [[tile for tile in hand if tile not in fair] for hand in dry.hands]
    assert fairs_to_come(dry) == 0
    assert carried.totals(dry) == anew(game).totals(dry) != before


class Checked(Evaluator):
    """An evaluator that carries, checked at every position it judges
    against one that works every position out anew."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.fresh = anew(game)
        self.judged = 0

    def totals(self, game: Game) -> list[float]:
        totals = super().totals(game)
        assert totals == self.fresh.totals(game)
        self.judged += 1
        return totals


def checked_round(game: Game, seed: int, cap: int | None) -> None:
    """One round of hard's search (its root candidates, the answers inside
    the sampled future, capped or not) judged by a checked evaluator
    (nothing to judge once the game is over)."""
    if game.is_over:
        return
    from carcassonne_desktop.ai.heuristic import rank_turns
    from carcassonne_desktop.ai.search import draw_schedule, play_round

    evaluator = Checked(game)
    ranked = rank_turns(game, evaluator, list(game.legal_actions()), None, random.Random(seed))
    candidates = [actions for _, actions in ranked[:2]]
    play_round(game, candidates, range(len(candidates)), game.deciding_player, evaluator,
               seed, 0, draw_schedule(game, seed), None, 1, cap)
    assert evaluator.judged > len(candidates)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), placements=st.integers(3, 90),
       players=st.integers(2, 4), first_edition=st.booleans())
def test_a_round_of_the_search_judges_as_working_every_position_out_anew(
    seed: int, placements: int, players: int, first_edition: bool
) -> None:
    """Every position of a round of hard's search with every expansion (the
    placements judged alone, the capped answers' whole turns, the futures)
    totals the same when what was worked out of earlier positions is
    carried: the Wheel's events, the titles, the goods, hill ties, gold
    zones, the flock bag's odds, owners and start cities carried by what
    they read (issue 30, session 4)."""
    checked_round(random_position(seed, placements, players, first_edition), seed, 4)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), placements=st.integers(10, 60))
def test_an_uncapped_round_judges_as_working_every_position_out_anew(
    seed: int, placements: int
) -> None:
    """The same with whole answers (every whole turn of each answer)."""
    checked_round(random_position(seed, placements, 2, False), seed, None)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), placements=st.integers(0, 90), players=st.integers(2, 4))
def test_a_node_holds_a_feature_exactly_while_it_is_a_root(
    seed: int, placements: int, players: int
) -> None:
    """What `Outlook.of_kind` relies on to visit only the roots: merges
    clear the absorbed node's entry, relinks (ferries) give every node
    they make a root again a new feature."""
    game = random_position(seed, placements, players, False)
    rng = random.Random(seed)
    for _ in range(4):
        assert all((feature is not None) == (game.parent[node] == node)
                   for node, feature in enumerate(game.features))
        play(game, rng, rng.randrange(1, 12))


def test_the_wheels_carried_events_tell_one_city_from_two() -> None:
    """Two knights of one player in one city pay k (shields + k) once, in
    two cities with as many shields each pays its own: the Wheel's carried
    events are keyed by each partisan's root, not only by what it stands on
    (two positions alike but for that, judged one after the other)."""
    game = random_position(5, 30, 2, False, ("base", "wheel_of_fortune"))
    by_shields: dict[int, list[int]] = {}
    for root, feature in enumerate(game.features):
        if feature is not None and feature.kind == "city":
            by_shields.setdefault(feature.shields, []).append(root)
    first, second = next(roots for roots in by_shields.values() if len(roots) > 1)[:2]
    one_city = game.copy()
    one_city.figures_placed = [(0, "follower", first), (0, "follower", first)]
    two_cities = game.copy()
    two_cities.figures_placed = [(0, "follower", first), (0, "follower", second)]
    carried = Evaluator(game)
    fresh = anew(game)
    assert carried.totals(one_city) == fresh.totals(one_city)
    assert carried.totals(two_cities) == fresh.totals(two_cities) != fresh.totals(one_city)


def test_what_is_worked_out_of_a_feature_the_position_owns_is_not_carried() -> None:
    """`carried_with` keeps what a term works out of one feature only while
    the position shares that feature object: one the position owns (the
    turn just changed it) may still change in place, so it is worked out
    every time it is asked."""
    game = random_position(3, 40, 2, False, EVERY)
    turn = next(iter(whole_turns(game)))
    after = turn.after
    owned = [f for f in after.features if f is not None and not after.shares_feature(f)]
    shared = [f for f in after.features if f is not None and after.shares_feature(f)]
    assert owned and shared
    evaluator = Evaluator(game)
    computed: list[object] = []

    def compute() -> int:
        computed.append(None)
        return len(computed)

    for feature in (owned[0], shared[0]):
        computed.clear()
        first = evaluator.carried_with(after, feature, "test", compute)
        second = evaluator.carried_with(after, feature, "test", compute)
        assert (first, second) == ((1, 2) if feature is owned[0] else (1, 1))


def every_answer_then_the_next(game: Game, rng: random.Random, limit: int) -> list[Game]:
    """What one search's answers judge in turn: every whole turn of a
    position (up to `limit`: siblings of one placement share all but the
    figure step, issue 30's carried prospects, supplies and fields), then
    every whole turn of the position after a random one of them."""
    out: list[Game] = []
    for _ in range(2):
        if game.is_over:
            break
        turns = [turn.after for _, turn in zip(range(limit), whole_turns(game))]
        out.extend(turns)
        if not turns:
            break
        game = turns[rng.randrange(len(turns))]
    return out


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), placements=st.integers(3, 90),
       players=st.integers(2, 4), first_edition=st.booleans())
def test_sibling_whole_turns_judge_as_working_every_position_out_anew(
    seed: int, placements: int, players: int, first_edition: bool
) -> None:
    """Every expansion, 2-4 players: the whole turns of a position one after
    the other (what an uncapped answer judges), then those of the next
    position, judged by one evaluator that carries a road's or city's whole
    prospects, the start cities of fields, the supplies' sums and the bag's
    fairs, and by one that works every position out anew."""
    game = random_position(seed, placements, players, first_edition)
    carried = Evaluator(game)
    fresh = anew(game)
    rng = random.Random(seed)
    for position in every_answer_then_the_next(game, rng, 150):
        assert carried.totals(position) == fresh.totals(position)


def test_the_start_cities_of_a_field_the_position_owns_are_not_kept() -> None:
    """A field the judged position owns may still grow in place (a search
    plays a judged position on), so the start boards' cities it borders are
    kept only for fields no game can change any more."""
    owned_fields = 0
    for seed in range(1, 6):
        game = random_position(seed, 30, 2, False, EVERY)
        evaluator = Evaluator(game)
        for turn in whole_turns(game):
            after = turn.after
            owned_fields += sum(1 for f in after.features if f is not None and f.kind == "field"
                                and f.figures and not after.shares_feature(f))
            evaluator.totals(after)
            assert evaluator._beside
            assert all(after.shares_feature(field) for field in evaluator._beside)
    assert owned_fields


def test_the_bags_fairs_are_carried_by_the_tiles_in_the_bag() -> None:
    """Two positions alike but for which tiles the bag holds (as many of
    them): the fairs to come, hence the catapult tokens' worth, differ."""
    from carcassonne_desktop.ai.expansions.catapult import fair_tiles, fairs_to_come

    game = random_position(7, 5, 2, False, ("base", "catapult"))
    fair = fair_tiles(game.rules.catalogue)
    plain = next(tile for tile in game.bag if tile not in fair)
    dry = game.copy()
    dry.bag = [plain if tile in fair else tile for tile in dry.bag]
    assert len(dry.bag) == len(game.bag) and fairs_to_come(dry) < fairs_to_come(game)
    carried = Evaluator(game)
    assert carried.totals(game) == anew(game).totals(game)
    assert carried.totals(dry) == anew(game).totals(dry) != carried.totals(game)
