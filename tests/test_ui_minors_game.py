"""Family table, second round (issue 29, minors): the game screen, through
the scene with the dummy driver."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random

import pygame

from carcassonne_desktop.engine import Game, quick_setup
from tests import test_ui_decisions

app = test_ui_decisions.app  # the app in French, as the family plays it


def game_asking(kind: str, expansions: tuple[str, ...], seed: int = 0) -> Game:
    """A two-player game (random moves) stopped on a question of `kind`."""
    for attempt in range(seed, seed + 200):
        game = Game(quick_setup(2, seed=attempt, expansions=("base", *expansions)))
        rng = random.Random(attempt)
        while not game.is_over:
            if game.pending_kind == kind:
                return game
            game.apply(rng.choice(list(game.legal_actions())))
    raise AssertionError(f"no {kind} question")


def open_scene(app, game: Game):  # type: ignore[no-untyped-def]
    from carcassonne_desktop.ui.game_scene import GameScene

    scene = GameScene(app, game)
    app.stack.push(scene)
    app.step(1 / 60)
    scene.banner.dismiss()
    app.step(1 / 60)
    return scene


def _answer_buttons(scene) -> list:  # type: ignore[no-untyped-def]
    return [scene.buttons[f"choice:{i}"] for i in range(len(scene._choice_labels))]


def test_regression_question_buttons_over_the_tile_preview(app) -> None:  # type: ignore[no-untyped-def]
    """Four answers rose over the tile card: the card now shrinks above
    them (or, with no room left, is not drawn under them), and the answers
    read top down in the rules' order."""
    scene = open_scene(app, game_asking("count_city", ("count",), seed=1))
    buttons = _answer_buttons(scene)
    assert len(buttons) == 4
    tops = [b.get_abs_rect().top for b in buttons]
    assert tops == sorted(tops)  # the first answer on top, as read
    assert scene.buttons["choice:0"].text.startswith("Partisan → Château")
    card = scene._panel_layout()["card"]
    room = scene.card_room(card)
    assert any(b.get_abs_rect().colliderect(card) for b in buttons)  # they do rise over the card
    for b in buttons:
        assert not b.get_abs_rect().colliderect(room)
    # and what is drawn: the card's room under the buttons holds no tile art
    scene.choices_top = None
    full = scene.card_room(card)
    assert full == card  # without answers over it, the card has its whole room


def test_regression_buttons_change_order_between_turns(app) -> None:  # type: ignore[no-untyped-def]
    """The same answers in another order on a later turn made a player click
    the wrong one: the question keeps the order it first showed."""
    scene = open_scene(app, game_asking("count_city", ("count",), seed=1))
    c = scene.controller
    first = scene._choice_actions(c)
    labels = list(scene._choice_labels)
    assert len(first) == 4
    # a later turn where the rules list the same answers the other way round
    reverse = list(reversed(first))
    assert scene._in_stable_order("count_city", reverse) == first
    # fewer answers keep their relative order; a new one goes last
    assert scene._in_stable_order("count_city", [first[3], first[1]]) == [first[1], first[3]]
    scene.answer_order.clear()
    assert scene._in_stable_order("count_city", reverse) == reverse
    scene.answer_order.clear()
    scene._choice_labels = ()
    scene._sync_buttons()
    app.step(1 / 60)
    assert list(scene._choice_labels) == labels  # the buttons and Tab follow the same order
    pygame.event.clear()
