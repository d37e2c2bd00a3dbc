"""The decision core, proven with a toy expansion that exists only in this
test: a decision by another player, a forced random stream, a pause inside
the scoring of a feature, a second tile in one turn, a setup field, an area
slot, awards without a feature, tokens, and the compiled step order."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator

import pytest

from carcassonne_desktop.engine import PASS, Action, Deploy, Game, PlaceTile, SetupError
from carcassonne_desktop.engine.actions import (
    ACTION_TYPES,
    DeployToArea,
    Pass,
    parse_action,
)
from carcassonne_desktop.engine.decisions import FIGURE, PLACE_TILE, Decision, DecisionKind
from carcassonne_desktop.engine.events import (
    DecisionRequested,
    Event,
    OutcomeRevealed,
    PointsScored,
    TokenGained,
)
from carcassonne_desktop.engine.expansion import EXPANSIONS, Expansion
from carcassonne_desktop.engine.record import GameRecord
from carcassonne_desktop.engine.setup import GameSetup, quick_setup
from carcassonne_desktop.engine.turn import STEPS, Work
from tests.engine_checks import check_invariants

TOY = "toy_core_test"


class Toy(Expansion):
    """Road tiles ask the *next* player whether to pay a toll (a coin of 1-3
    drawn from stream `coin`, scored as `toll` by the payer); a completed
    city pauses its own scoring for a `city_bell` decision of the turn
    player; a cloister tile gives its player a second tile (never a third)."""

    id = TOY
    order = 900
    title = {"fr": "Jouet", "en": "Toy"}
    description = {"fr": "Pour les tests.", "en": "For tests."}
    setup_fields = {"toy_note": "any text, kept in the record"}

    def streams(self) -> Iterable[str]:
        return ("coin",)

    def decision_kinds(self) -> Iterable[DecisionKind]:
        return (
            DecisionKind("toll", _toll_legal, _toll_resolve),
            DecisionKind("city_bell", _bell_legal, _bell_resolve),
        )

    def turn_work(self) -> Iterable[Work]:
        return (
            Work("after_place", _ask_toll, name="toy.toll"),
            Work("end", _second_tile, before=True, name="toy.second"),
        )

    def before_feature_scored(self, game: Game, root: int, events: list[Event]) -> Decision | None:
        feature = game.features[root]
        rung = game.extension_state.get(TOY, frozenset())
        if feature is not None and feature.kind == "city" and root not in rung:
            return Decision("city_bell", game.turn_player, False, (root,))
        return None


def _road_on_last_tile(game: Game) -> bool:
    assert game.last_placed is not None
    rotated, _ = game.board[game.last_placed]
    return any(spec.kind == "road" for spec in rotated.tile.features)


def _ask_toll(game: Game, events: list[Event]) -> Decision | None:
    if game.turn_state.get("toll") or not _road_on_last_tile(game):
        return None
    payer = (game.turn_player + 1) % game.num_players
    return Decision("toll", payer, True)


def _toll_legal(game: Game, decision: Decision) -> list[Action]:
    return [Pay(), PASS]


def _toll_resolve(game: Game, decision: Decision, action: Action, events: list[Event]) -> None:
    game.turn_state["toll"] = True
    if isinstance(action, Pay):
        coin = game.draw("coin", (1, 2, 3), events, decision.player)
        game.award((decision.player,), coin, "toll", "toy", events)
        game.give_token(decision.player, "coin", 1, events)


def _bell_legal(game: Game, decision: Decision) -> list[Action]:
    return [Pay()]


def _bell_resolve(game: Game, decision: Decision, action: Action, events: list[Event]) -> None:
    rung = game.extension_state.get(TOY, frozenset())
    game.extension_state[TOY] = rung | {decision.subject[0]}


def _second_tile(game: Game, events: list[Event]) -> Decision | None:
    assert game.last_placed is not None
    rotated, _ = game.board[game.last_placed]
    if rotated.tile.has_feature("cloister") and not game.turn_state.get("again"):
        game.repeat_from("draw")
        game.turn_state["again"] = True
    return None


class Pay(Action):
    __slots__ = ()
    type = "toy_pay"

    def to_json(self) -> dict[str, str]:
        return {"type": self.type}

    @classmethod
    def from_json(cls, data: object) -> Pay:
        return cls()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pay)

    def __hash__(self) -> int:
        return hash(self.type)


@pytest.fixture
def toy() -> Iterator[None]:
    EXPANSIONS[TOY] = Toy
    ACTION_TYPES[Pay.type] = Pay
    try:
        yield
    finally:
        del EXPANSIONS[TOY]
        del ACTION_TYPES[Pay.type]


def toy_game(order: tuple[str, ...], coins: tuple[int, ...] = (), players: int = 2) -> Game:
    return Game(quick_setup(players, expansions=("base", TOY), tile_order=order,
                            draws={"coin": coins} if coins else None))


def test_steps_are_compiled_in_seed_004_order_with_attached_work(toy: None) -> None:
    game = toy_game(("base/U",))
    names = [w.name for w in game.rules.plan]
    assert names == ["core.draw", "core.place", "toy.toll", "core.figure", "core.score",
                     "toy.second", "core.end"]
    assert [STEPS.index(w.step) for w in game.rules.plan] == sorted(
        STEPS.index(w.step) for w in game.rules.plan)
    base = Game(quick_setup(2, tile_order=("base/U",)))
    assert [w.name for w in base.rules.plan] == [
        "core.draw", "core.place", "core.figure", "core.score", "core.end"]


def test_another_player_decides_and_a_forced_draw_is_revealed(toy: None) -> None:
    game = toy_game(("base/U", "base/U"), coins=(3,))
    assert game.pending == Decision(PLACE_TILE, 0)
    events = game.apply(PlaceTile(1, 0, 0, "base/U"))  # road E-W continues the start road
    assert game.pending is not None and game.pending.kind == "toll"
    assert game.pending.player == 1 and game.turn_player == 0
    assert DecisionRequested("toll", 1) in events
    assert PASS in game.legal_actions() and Pay() in game.legal_actions()
    events = game.apply(Pay())
    assert OutcomeRevealed("coin", 3, 1) in events
    assert PointsScored((1,), 3, "toll", (), "toy") in events
    assert TokenGained(1, "coin", 1) in events
    assert game.breakdown[1] == {"toll": 3} and game.tokens[1] == {"coin": 1}
    assert game.pending.kind == FIGURE and game.pending.player == 0


def test_scoring_pauses_inside_a_feature_and_resumes_it(toy: None) -> None:
    # base/E (city N) closes the start tile's city from the north
    game = toy_game(("base/E", "base/U"))
    game.apply(PlaceTile(0, -1, 2, "base/E"))
    game.apply(Deploy("follower", 0, -1, "S"))
    assert game.pending is not None and game.pending.kind == "city_bell"
    assert game.scores == [0, 0]  # paused before the city is scored
    events = game.apply(Pay())
    assert [e.points for e in events if isinstance(e, PointsScored)] == [4]
    assert game.pending is not None and game.pending.kind == PLACE_TILE
    assert game.turn_player == 1
    check_invariants(game)


def test_a_step_may_run_again_for_a_second_tile_never_a_third(toy: None) -> None:
    game = toy_game(("base/B", "base/B", "base/B", "base/B"))
    cells = [(0, 1), (1, 1), (-1, 1)]
    for cell in cells[:2]:
        assert game.turn_player == 0
        game.apply(PlaceTile(*cell, 0, "base/B"))
        game.apply(PASS)
    assert game.turn_player == 1 and game.turn == 1
    assert [a.x for a in game.history if isinstance(a, PlaceTile)] == [0, 1]


def test_the_record_replays_decisions_of_other_players_and_forced_draws(toy: None) -> None:
    game = toy_game(("base/U", "base/U", "base/E"), coins=(2, 1))
    rng = random.Random(4)
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
        check_invariants(game)
    record = GameRecord.from_game(game)
    again = GameRecord.loads(record.dumps()).replay().game
    assert again.state_key() == game.state_key()


def test_setup_fields_and_streams_come_from_the_registry(toy: None) -> None:
    data = quick_setup(2, expansions=("base", TOY)).to_json()
    data["toy_note"] = "hello"
    data["draws"] = {"coin": [1]}
    setup = GameSetup.from_json(data)
    assert setup.extras == {"toy_note": "hello"}
    assert setup.to_json()["toy_note"] == "hello"
    data["draws"] = {"dice": [1]}
    with pytest.raises(SetupError, match="unknown draw stream"):
        Game(GameSetup.from_json(data))


def test_unknown_setup_field_is_refused_without_its_expansion() -> None:
    data = quick_setup(2).to_json()
    data["toy_note"] = "hello"
    with pytest.raises(SetupError, match="unknown setup field"):
        GameSetup.from_json(data)


def test_hidden_draws_are_resampled_on_copies(toy: None) -> None:
    game = toy_game(("base/U", "base/U"), coins=(3,))
    game.apply(PlaceTile(1, 0, 0, "base/U"))
    copy = game.copy()
    copy.resample_hidden(random.Random(1))
    outcomes = set()
    for seed in range(30):
        sample = game.copy()
        sample.resample_hidden(random.Random(seed))
        events = sample.apply(Pay())
        outcomes.update(e.outcome for e in events if isinstance(e, OutcomeRevealed))
    assert outcomes == {1, 2, 3}  # the forced 3 is not what a search sees
    assert [e.outcome for e in game.copy().apply(Pay()) if isinstance(e, OutcomeRevealed)] == [3]


def test_area_slots_hold_figures_off_the_tiles() -> None:
    game = Game(quick_setup(2, tile_order=("base/U",)))
    events: list[Event] = []
    game.put_in_area(0, "follower", "crown", "crown_3", events)
    assert game.area_figures == {("crown", "crown_3"): ((0, "follower"),)}
    assert game.supply[0]["follower"] == 6
    copy = game.copy()
    game.take_from_area(0, "follower", "crown", "crown_3", events)
    assert game.area_figures == {} and game.supply[0]["follower"] == 7
    assert copy.area_figures and copy.state_key() != game.state_key()
    action = parse_action({"type": "deploy", "figure": "follower", "area": "wheel",
                           "slot": "crown_3"})
    assert action == DeployToArea("follower", "wheel", "crown_3")
    assert action.to_json() == {"type": "deploy", "figure": "follower", "area": "wheel",
                                "slot": "crown_3"}


def test_a_farmer_event_says_it_stands_on_a_field() -> None:
    game = Game(quick_setup(2, tile_order=("base/U",)))
    game.apply(PlaceTile(1, 0, 0, "base/U"))
    deploys = [a for a in game.legal_actions() if isinstance(a, Deploy)]
    kinds = {a.port: e.feature for a in deploys
             for e in game.copy().apply(a) if e.kind == "figure_deployed"}
    assert set(kinds.values()) == {"road", "field"}
    assert all(kind == "field" for port, kind in kinds.items() if len(port) == 2)


def test_pass_is_a_single_interned_value() -> None:
    assert Pass() == PASS


class Joiner(Expansion):
    """Counts the features that became one (the hook mage and witch need)."""

    id = "toy_joiner_test"
    order = 901
    title = {"fr": "Jouet", "en": "Toy"}
    description = {"fr": "Pour les tests.", "en": "For tests."}

    def on_features_joined(self, game: Game, kept: int, absorbed: int) -> None:
        assert game.find(absorbed) == kept
        game.extension_state[self.id] = game.extension_state.get(self.id, 0) + 1


def test_features_joined_hook_is_told_of_every_merge() -> None:
    EXPANSIONS[Joiner.id] = Joiner
    try:
        game = Game(quick_setup(2, seed=3, expansions=("base", Joiner.id)))
        rng = random.Random(3)
        while not game.is_over:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
        # a whole game merges separate features several times; each merge was told
        assert game.extension_state.get(Joiner.id, 0) > 0
    finally:
        del EXPANSIONS[Joiner.id]


class _Square(Expansion):
    """A start board of two base/B tiles side by side."""

    id = "toy_square"
    start_priority = 50

    def start_layout(self, game: Game, laid: tuple) -> list:
        assert laid == ()
        return [("base/B", 0, 0, 0), ("base/B", 1, 0, 0)]


class _Porch(Expansion):
    """Places a base/E beside whatever was laid before it, its city facing out."""

    id = "toy_porch"
    start_priority = 40

    def start_layout(self, game: Game, laid: tuple) -> list | None:
        if not laid:
            return None
        east = max(x for _, x, _, _ in laid)
        return [("base/E", east + 1, 0, 1)]


@pytest.mark.parametrize("chosen, placed", [
    (("toy_square", "toy_porch"),
     {(0, 0): ("base/B", 0), (1, 0): ("base/B", 0), (2, 0): ("base/E", 1)}),
    (("toy_porch",), {(0, 0): ("base/D", 0)}),  # alone it lays nothing: the start tile
])
def test_start_layouts_compose_highest_priority_first(chosen, placed) -> None:
    for cls in (_Square, _Porch):
        EXPANSIONS[cls.id] = cls
    try:
        game = Game(quick_setup(2, expansions=("base", *chosen), tile_order=("base/U",)))
        assert game.placed_tiles() == placed
    finally:
        for cls in (_Square, _Porch):
            del EXPANSIONS[cls.id]
