"""The core's figure primitives and answer path (issue 25, review section 5,
points 2 and 3), proven with a toy expansion that exists only in this test:

- `put_figure` / `move_figure` / `remove_figure` put, move and take back any
  figure (any player, any feature of any tile, area slots, neutral figures),
  keep the figure-kind rule and the dependent-figure cascade, skip occupancy;
- `remove` and `move` are core record types (`move` without `from` for a
  figure not in play, `remove` with only a figure for a neutral one);
- any port of a feature names it in every answer;
- a figure-step action of an expansion may record the outcome it revealed
  (`Resolved`), and `game.draw(..., expect=)` checks a recorded outcome.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

import pytest

from carcassonne_desktop.engine import PASS, Action, Game, GameRecord, PlaceTile
from carcassonne_desktop.engine.actions import (
    Deploy,
    MoveFigure,
    Remove,
    _int,
    _str,
    parse_action,
    register_action,
)
from carcassonne_desktop.engine.decisions import Decision, DecisionKind, Resolved
from carcassonne_desktop.engine.errors import IllegalActionError, RecordError
from carcassonne_desktop.engine.events import Event, FigureDeployed, FigureMoved, FigureReturned
from carcassonne_desktop.engine.expansion import EXPANSIONS, Expansion
from carcassonne_desktop.engine.figures import FigureType
from carcassonne_desktop.engine.setup import quick_setup
from carcassonne_desktop.engine.turn import Work

TOY = "toy_hopper_test"
DIE = "toy_die"
MAGE = "toy_mage"
TAKE_BACK = "toy_take_back"


@register_action
@dataclass(frozen=True, slots=True)
class Hop(Action):
    """Toy figure-step action: a follower from supply hops onto the start
    tile, on its city with a 1 and on its road (occupied or not) otherwise."""

    figure: str
    drawn: int | None = field(default=None, compare=False)
    type: ClassVar[str] = "toy_hop"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "figure": self.figure}
        if self.drawn is not None:
            out["drawn"] = self.drawn
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Hop:
        return cls(_str(data, "figure"), _int(data, "drawn") if "drawn" in data else None)


class Hopper(Expansion):
    """The toy: hops in the figure step, a neutral mage, and after the
    scoring a question to take back one of one's followers on a road."""

    id = TOY
    order = 902
    title = {"fr": "Sauteur", "en": "Hopper"}
    description = {"fr": "Pour les tests.", "en": "For tests."}
    options = {TAKE_BACK: False}

    def streams(self) -> Iterable[str]:
        return (DIE,)

    def figures(self) -> Iterable[FigureType]:
        return (FigureType(MAGE, 0, frozenset({"road", "city"}), strength=0,
                           occupies=False, group=MAGE, neutral=True),)

    def extra_actions(self, game: Game) -> Iterable[Action]:
        return (Hop("follower"),) if game.supply[game.turn_player]["follower"] else ()

    def apply_action(self, game: Game, action: Action) -> list[Event] | Resolved | None:
        if not isinstance(action, Hop):
            return None
        events: list[Event] = []
        drawn = game.draw(DIE, (1, 2, 3), events, game.turn_player, expect=action.drawn)
        target = (0, 0, "N") if drawn == 1 else (0, 0, "W")
        game.put_figure(game.turn_player, action.figure, target, events)
        return Resolved(events, Hop(action.figure, drawn))

    def decision_kinds(self) -> Iterable[DecisionKind]:
        return (DecisionKind(TAKE_BACK, _take_back_legal, _take_back_resolve),)

    def turn_work(self) -> Iterable[Work]:
        return (Work("after_score", _take_back_work, name=f"{TOY}.take_back"),)


def _roads_of(game: Game, player: int) -> list[Action]:
    return [Remove(*game.spot_of(node), figure)  # type: ignore[misc]
            for owner, figure, node in game.figures_placed
            if owner == player and game.segment_kind(node) == "road"]


def _take_back_work(game: Game, events: list[Event]) -> Decision | None:
    if game.turn_state.get(TAKE_BACK) or not game.rules.options[TAKE_BACK]:
        return None
    if not _roads_of(game, game.turn_player):
        return None
    return Decision(TAKE_BACK, game.turn_player, True, ())


def _take_back_legal(game: Game, decision: Decision) -> list[Action]:
    return [*_roads_of(game, decision.player), PASS]


def _take_back_resolve(game: Game, decision: Decision, action: Action,
                       events: list[Event]) -> Action | None:
    game.turn_state[TAKE_BACK] = True
    if isinstance(action, Remove):
        game.remove_figure(decision.player, action.figure, action.spot, events)
    return None


@pytest.fixture
def hopper() -> Iterator[None]:
    EXPANSIONS[TOY] = Hopper
    try:
        yield
    finally:
        del EXPANSIONS[TOY]


def _game(*expansions: str, draws: Mapping[str, Any] | None = None,
          options: Mapping[str, Any] | None = None,
          order: tuple[str, ...] = ("base/D", "base/D", "base/D")) -> Game:
    setup = quick_setup(expansions=("base", *expansions), tile_order=order,
                        draws=dict(draws or {}), options=options)
    return Game(replace(setup, start_tile="base/D"))


# ------------------------------------------------------------ the primitives
def test_put_figure_puts_a_follower_on_any_tile_even_on_an_occupied_feature() -> None:
    game = _game()
    events: list[Event] = []
    game.put_figure(0, "follower", (0, 0, "E"), events)
    game.put_figure(1, "follower", (0, 0, "W"), events)  # the same road, any port names it
    assert game.supply[0]["follower"] == 6 and game.supply[1]["follower"] == 6
    node = game.node_at(0, 0, "E")
    assert node is not None
    assert game.majority(game.feature(node)) == ((0, 1), 1)
    assert [type(e) for e in events] == [FigureDeployed, FigureDeployed]
    assert events[1].port == "E"  # type: ignore[attr-defined]  # the canonical port


def test_put_figure_keeps_the_figure_kind_rule() -> None:
    game = _game("abbot")
    with pytest.raises(IllegalActionError, match="abbot"):
        game.put_figure(0, "abbot", (0, 0, "N"), [])
    assert game.supply[0]["abbot"] == 1 and not game.figures_placed


def test_move_figure_between_features_keeps_supply_and_sends_the_builder_home() -> None:
    game = _game("traders_builders")
    events: list[Event] = []
    game.put_figure(0, "follower", (0, 0, "N"), events)
    game.put_figure(0, "builder", (0, 0, "N"), events)
    events.clear()
    game.move_figure(0, "follower", (0, 0, "N"), (0, 0, "W"), events)
    assert game.supply[0]["follower"] == 6 and game.supply[0]["builder"] == 1
    assert [(type(e), e.figure) for e in events] == [  # type: ignore[attr-defined]
        (FigureReturned, "builder"), (FigureMoved, "follower")]
    moved = events[1]
    assert moved.origin == {"x": 0, "y": 0, "port": "N"}  # type: ignore[attr-defined]
    assert moved.target == {"x": 0, "y": 0, "port": "E"}  # type: ignore[attr-defined]
    assert [(p, f) for p, f, _ in game.figures_placed] == [(0, "follower")]


def test_move_figure_from_and_to_area_slots() -> None:
    game = _game()
    events: list[Event] = []
    game.put_figure(1, "follower", ("shed", "1"), events)
    assert game.area_figures[("shed", "1")] == ((1, "follower"),)
    game.move_figure(1, "follower", ("shed", "1"), (0, 0, "N"), events)
    assert ("shed", "1") not in game.area_figures and game.supply[1]["follower"] == 6
    game.move_figure(1, "follower", (0, 0, "N"), ("shed", "2"), events)
    assert game.area_figures[("shed", "2")] == ((1, "follower"),) and not game.figures_placed
    game.remove_figure(1, "follower", ("shed", "2"), events)
    assert game.supply[1]["follower"] == 7 and not game.area_figures


def test_neutral_figure_follows_its_feature_through_a_merge_and_leaves_play(hopper: None
                                                                           ) -> None:
    game = _game(TOY)
    events: list[Event] = []
    game.move_figure(-1, MAGE, None, (0, 0, "W"), events)  # comes into play: no `from`
    assert game.neutral_figures[MAGE] == (0, 0, "E")
    game.apply(PlaceTile(1, 0, 0, "base/D"))  # extends the mage's road
    mage = game.neutral_node(MAGE)
    placed = game.node_at(1, 0, "E")
    assert mage is not None and placed is not None and game.find(mage) == game.find(placed)
    assert game.majority(game.feature(placed)) == ((), 0)  # a neutral figure wins nothing
    game.remove_figure(-1, MAGE, None, events)
    assert MAGE not in game.neutral_figures
    assert events[-1] == FigureMoved(-1, MAGE, {"x": 0, "y": 0, "port": "E"}, None)


def test_remove_of_a_missing_figure_is_illegal_and_changes_nothing() -> None:
    game = _game()
    with pytest.raises(IllegalActionError, match="no follower"):
        game.remove_figure(0, "follower", (0, 0, "N"), [])
    assert game.supply[0]["follower"] == 7


# ------------------------------------------------------------- the records
def test_remove_and_move_record_shapes_of_design_5c_round_trip() -> None:
    witch = parse_action({"type": "remove", "figure": "witch"})
    assert witch == Remove(figure="witch") and witch.spot is None
    assert witch.to_json() == {"type": "remove", "figure": "witch"}
    mage = parse_action({"type": "move", "figure": "mage", "to": {"x": 1, "y": 2, "port": "N"}})
    assert mage == MoveFigure("mage", None, (1, 2, "N"))
    assert "from" not in mage.to_json() and parse_action(mage.to_json()) == mage
    with pytest.raises(Exception, match="remove"):
        parse_action({"type": "remove"})


def test_any_port_of_a_feature_names_it_in_a_decision_answer(hopper: None) -> None:
    """Regression (issue 29): `remove` accepted only the first port of a
    feature while `deploy` accepted any."""
    game = _game(TOY, options={TAKE_BACK: True})
    game.apply(PlaceTile(1, 0, 0, "base/D"))
    game.apply(Deploy("follower", 1, 0, "W"))  # the road, named by its other end
    assert game.pending is not None and game.pending.kind == TAKE_BACK
    assert list(game.legal_actions()) == [Remove(1, 0, "E", "follower"), PASS]
    game.apply(Remove(1, 0, "W"))  # another port, and no figure named
    assert game.history[-1] == Remove(1, 0, "E", "follower")
    assert game.supply[0]["follower"] == 7


# ------------------------------------------------------ the answer path
def test_a_figure_step_action_records_the_outcome_it_revealed(hopper: None) -> None:
    game = _game(TOY, draws={DIE: (2, 1)})
    game.apply(PlaceTile(1, 0, 0, "base/D"))
    assert Hop("follower") in game.legal_actions()
    events = game.apply(Hop("follower"))
    assert game.history[-1].to_json() == {"type": "toy_hop", "figure": "follower", "drawn": 2}
    assert [e.kind for e in events][:2] == ["outcome_revealed", "figure_deployed"]
    assert [(p, f, game.spot_of(n)) for p, f, n in game.figures_placed] == [
        (0, "follower", (0, 0, "E"))]
    replayed = GameRecord.from_json(GameRecord.from_game(game).to_json()).replay().game
    assert replayed.state_key() == game.state_key()


def test_a_record_whose_outcome_differs_is_refused_with_its_index(hopper: None) -> None:
    game = _game(TOY, draws={DIE: (2,)})
    game.apply(PlaceTile(1, 0, 0, "base/D"))
    game.apply(Hop("follower"))
    data = GameRecord.from_game(game).to_json()
    data["actions"][1]["drawn"] = 3
    with pytest.raises(RecordError, match=r"action 1: .*says 3 was drawn.*draws 2"):
        GameRecord.from_json(data).replay()


def test_an_illegal_outcome_leaves_the_stream_untouched(hopper: None) -> None:
    game = _game(TOY, draws={DIE: (2,)})
    game.apply(PlaceTile(1, 0, 0, "base/D"))
    before = game.state_key()
    with pytest.raises(IllegalActionError):
        game.apply(Hop("follower", 1))
    assert game.state_key() == before
    game.apply(Hop("follower", 2))
    assert game.history[-1] == Hop("follower") and game.history[-1].drawn == 2  # type: ignore[attr-defined]
