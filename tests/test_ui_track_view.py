"""The score track seen (issue 26): a view off the board in games that play
on the track. Proven with a toy that exists only here: two pawns per player
and, after each tile, a question whose answers name squares of the track
(as the robbers' will)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import pygame
import pytest

from carcassonne_desktop import i18n
from carcassonne_desktop.engine import PASS, Action, Game, PlaceTile
from carcassonne_desktop.engine.actions import ACTION_TYPES, _int
from carcassonne_desktop.engine.decisions import Decision, DecisionKind
from carcassonne_desktop.engine.events import Event
from carcassonne_desktop.engine.expansion import EXPANSIONS, Expansion
from carcassonne_desktop.engine.setup import quick_setup
from carcassonne_desktop.engine.turn import Work
from carcassonne_desktop.ui import track_view
from carcassonne_desktop.ui.placement_controller import DECIDE, FIGURE
from carcassonne_desktop.ui.track_view import TrackMarker, TrackView
from tests.test_ui_game_flow import _click_at, _dismiss_banner, _steps

TOY, ASK = "toy_square_test", "toy_square"


@dataclass(frozen=True, slots=True)
class PickSquare(Action):
    square: int
    type: ClassVar[str] = ASK

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "square": self.square}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PickSquare:
        return cls(_int(data, "square"))


class Squares(Expansion):
    """Two pawns each; after each tile the placer may name square 3 or 7,
    which gives them 4 points (and puts a marker there)."""

    id = TOY
    order = 907
    title = description = {"fr": "Cases", "en": "Squares"}

    def score_pawns(self) -> int:
        return 2

    def decision_kinds(self) -> Iterable[DecisionKind]:
        return (DecisionKind(ASK, lambda g, d: [PickSquare(3), PickSquare(7), PASS], _resolve),)

    def turn_work(self) -> Iterable[Work]:
        return (Work("after_place", _ask, before=True, name=f"{TOY}.ask"),)


def _ask(game: Game, events: list[Event]) -> Decision | None:
    if game.turn_state.get(ASK):
        return None
    return Decision(ASK, game.turn_player, True, ())


def _resolve(game: Game, decision: Decision, action: Action, events: list[Event]) -> None:
    game.turn_state[ASK] = True
    if isinstance(action, PickSquare):
        game.extension_state[TOY] = action.square
        game.award((decision.player,), 4, "toy", "toy", events)


@pytest.fixture
def toy() -> Iterator[None]:
    EXPANSIONS[TOY] = Squares
    ACTION_TYPES[ASK] = PickSquare
    track_view.register_track_answers(ASK, lambda a: a.square if isinstance(a, PickSquare) else None)
    track_view.register_track_markers(TOY, lambda g: (
        [TrackMarker(g.extension_state[TOY], 0, "toy")] if TOY in g.extension_state else []))
    try:
        yield
    finally:
        del EXPANSIONS[TOY], ACTION_TYPES[ASK]
        del track_view._ANSWERS[ASK], track_view._MARKERS[TOY]


def _game(*expansions: str) -> Game:
    return Game(quick_setup(players=2, seed=1, expansions=("base", *expansions),
                            tile_order=("base/U", "base/E", "base/U")))


def _app(size: tuple[int, int], tmp_path: Any, monkeypatch: Any) -> Any:
    monkeypatch.setenv("CARCASSONNE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CARCASSONNE_DATA_DIR", str(tmp_path / "data"))
    from carcassonne_desktop.ui.app import App
    from carcassonne_desktop.ui.launcher import build_hooks

    application = App(build_hooks(), size=size)
    application.start()
    return application


@pytest.fixture
def app(tmp_path: Any, monkeypatch: Any) -> Iterator[Any]:
    application = _app((1280, 800), tmp_path, monkeypatch)
    yield application
    application.stack.clear()
    i18n.unregister_manager(application.manager)
    pygame.quit()


def _scene(app: Any, game: Game) -> Any:
    from carcassonne_desktop.ui.game_scene import GameScene

    scene = GameScene(app, game)
    app.stack.push(scene)
    _steps(app)
    _dismiss_banner(scene, app)
    _steps(app)
    return scene


def test_a_game_without_the_track_shows_no_track(app: Any) -> None:
    scene = _scene(app, _game())
    assert scene.off_board.views == []
    board = scene.camera.viewport
    assert scene.free_rect().bottom > board.bottom - 70


@pytest.mark.parametrize("size", [(960, 640), (1280, 800), (1920, 1080)])
def test_the_track_lies_under_the_free_area_inside_the_board_at_every_size(
        toy: None, tmp_path: Any, monkeypatch: Any, size: tuple[int, int]) -> None:
    application = _app(size, tmp_path, monkeypatch)
    try:
        scene = _scene(application, _game(TOY))
        (view,) = scene.off_board.views
        assert isinstance(view, TrackView)
        rect = scene.off_board.rects[0]
        board = scene.camera.viewport
        assert board.contains(rect)
        assert scene.free_rect().bottom <= rect.top  # the camera frames nothing under it
        assert all(not rect.colliderect(r) for r in scene._toolbar.values())
        assert rect.bottom <= scene.buttons["recentre"].get_abs_rect().top
        assert rect.top > scene.pill_rect().bottom + 100  # the board keeps most of its room
        assert view.side >= 18  # a square big enough to click
        squares = [view.square_rect(s) for s in range(50)]
        assert all(rect.contains(r) for r in squares)
        assert len({r.topleft for r in squares}) == 50
    finally:
        application.stack.clear()
        i18n.unregister_manager(application.manager)
        pygame.quit()


def test_every_pawn_of_every_player_is_drawn_and_glides_when_points_are_scored(
        app: Any, toy: None) -> None:
    game = _game(TOY)
    view = TrackView(game)
    view.layout(pygame.Rect(0, 0, 900, 80))
    assert sorted(view.shown) == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert len(view._pawn_places()) == 4
    game.apply(PlaceTile(1, 0, 0, "base/U"))
    game.apply(PickSquare(3))
    key = game.state_key()
    surface = pygame.Surface((900, 80))
    view.update(0.1, game)
    assert view.moving() and 0 < view.shown[(0, 0)] < 4
    view.draw(surface, game, (0, 0), None, [])
    assert game.state_key() == key  # drawing never changes the game
    for _ in range(60):
        view.update(1 / 30, game)
    assert not view.moving() and view.shown[(0, 0)] == 4.0
    assert game.pawns[0] == (4, 0)


def test_laps_and_markers_are_told_on_the_square(app: Any, toy: None) -> None:
    i18n.set_language("en")
    game = _game(TOY)
    game.pawns[1] = (57, 0)
    game.extension_state[TOY] = 7
    view = TrackView(game)
    view.layout(pygame.Rect(0, 0, 900, 80))
    centre = view.square_rect(7).center
    words = view.words_at(centre, game)
    assert words[0] == "Square 7" and any("57" in w for w in words)
    assert view.square_at(view.square_rect(30).center) == 30
    assert view.square_rect(25).x == view.square_rect(24).x  # the loop turns back


def test_a_click_on_a_lit_square_answers_and_the_board_does_not_see_it(
        app: Any, toy: None) -> None:
    game = _game(TOY)
    scene = _scene(app, game)
    c = scene.controller
    assert c is not None
    # place the tile with the mouse, then the question of the toy
    c.place((1, 0))
    scene._after_tentative(c)
    _steps(app)
    assert c.state == DECIDE and c.decision.kind == ASK
    assert scene._choice_actions(c) == []  # no button for a square: it is clicked
    view = scene.off_board.views[0]
    _click_at(app, view.square_rect(5).center)  # not an answer: nothing happens
    assert c.state == DECIDE
    _click_at(app, view.square_rect(7).center)
    assert c.actions()[-1] == PickSquare(7) and c.state == FIGURE  # then the figure step


def test_tab_walks_the_squares_that_answer_and_enter_gives_the_one_chosen(
        app: Any, toy: None) -> None:
    from tests.test_ui_game_flow import _key

    scene = _scene(app, _game(TOY))
    c = scene.controller
    c.place((1, 0))
    scene._after_tentative(c)
    _steps(app)
    assert c.state == DECIDE and scene.chosen_answer(c) is None
    _key(app, pygame.K_TAB)
    _key(app, pygame.K_TAB)
    assert scene.chosen_answer(c) == PickSquare(7)  # drawn framed on the track
    assert scene.enter_effect(c).action == PickSquare(7)
    _key(app, pygame.K_RETURN)
    assert c.actions()[-1] == PickSquare(7)


def test_the_drawn_squares_follow_the_answers_and_the_pointer(app: Any, toy: None) -> None:
    """The squares are drawn once and blitted each frame (render benchmark):
    a square that starts or stops answering, or gets pointed at, must show it
    in the very next frame, and a new layout must move them."""
    from carcassonne_desktop.ui.resources import colour

    game = _game(TOY)
    view = TrackView(game)
    view.layout(pygame.Rect(0, 0, 900, 80))
    surface = pygame.Surface((900, 200))
    decision = Decision(ASK, 0, True, ())
    answers = [PickSquare(3), PickSquare(7)]

    def at(square: int) -> tuple[int, int, int]:
        rect = view.square_rect(square)
        return tuple(surface.get_at((rect.centerx, rect.bottom - 3)))[:3]  # under the pawns

    view.draw(surface, game, (0, 0), None, [])
    plain = at(7)
    assert plain == tuple(colour("track", "square"))[:3]
    view.draw(surface, game, (0, 0), decision, answers)
    assert at(7) == tuple(colour("track", "answer"))[:3]
    view.draw(surface, game, view.square_rect(7).center, decision, answers)
    assert at(7) == tuple(colour("track", "answer_hover"))[:3]
    view.draw(surface, game, (0, 0), None, [])
    assert at(7) == plain
    view.layout(pygame.Rect(0, 100, 900, 80))
    view.draw(surface, game, (0, 0), None, [])
    assert at(7) == plain and view.square_rect(7).top >= 100
