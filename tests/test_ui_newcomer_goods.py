"""Issue 29, item 1: every player's tokens (the goods, any expansion's
inventory) always show in the players panel, with who leads each good.

A newcomer saw no goods at mid-game, then only one kind, while the final
table gave two majorities and a tie: the goods followed the figures on one
line and were cut when five kinds of figures filled it.
"""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import random

import pygame
import pytest

from carcassonne_desktop import i18n
from carcassonne_desktop.engine import Game, quick_setup
from carcassonne_desktop.engine.expansions.traders_builders import GOODS, goods_winners
from carcassonne_desktop.ui import players_view
from carcassonne_desktop.ui.inventory import inventory, inventory_words, token_name
from tests import test_ui_decisions
from tests.test_ui_game_flow import _steps

app = test_ui_decisions.app

#: The newcomer's game: every figure kind of three expansions on one line.
EXPANSIONS = ("base", "traders_builders", "hills_sheep", "wheel_of_fortune")


def _mid_game(seed: int, players: int = 2) -> Game:
    """A game played at random until several goods are held."""
    game = Game(quick_setup(players, seed=seed, expansions=EXPANSIONS))
    rng = random.Random(seed)
    while not game.is_over and sum(sum(t.get(g, 0) for g in GOODS) for t in game.tokens) < 4:
        game.apply(rng.choice(list(game.legal_actions())))
    return game


def _drawn_panel(app, game, monkeypatch):
    """Draw the game screen and return the labels the players rows drew,
    with the rectangle each went to."""
    from carcassonne_desktop.ui.game_scene import GameScene

    scene = GameScene(app, game)
    app.stack.push(scene)
    _steps(app)
    drawn = []
    real_text = players_view.text

    def recording(value, size, bold, group, name):
        image = real_text(value, size, bold, group, name)
        drawn.append((value, size, image.get_width()))
        return image

    monkeypatch.setattr(players_view, "text", recording)
    surface = pygame.Surface(app.screen_size)
    scene.draw(surface)
    return scene, drawn


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_every_good_of_every_player_shows_with_its_leader_regression_goods_cut_off(app, monkeypatch, seed):
    game = _mid_game(seed)
    scene, drawn = _drawn_panel(app, game, monkeypatch)
    assert len({f.name for f in game.rules.figures}) >= 5  # the figures line is full
    labels = [value for value, _, _ in drawn]
    rows = scene._panel_layout()["players"]
    for player in range(game.num_players):
        held = inventory(game, player)
        assert [h.token for h in held][:3] == list(GOODS)
        for h in held:
            leads = player in goods_winners(game, h.token)
            assert h.leads == leads
            label = players_view.inventory_label(h)
            assert label in labels, (player, label)
            assert label.startswith(players_view.LEAD_MARK) == leads
            assert str(game.tokens[player].get(h.token, 0)) in label
    # and every label of a row fits inside the panel (none cut at its edge)
    for value, _size, width in drawn:
        if any(value == players_view.inventory_label(h) for p in range(game.num_players) for h in inventory(game, p)):
            assert width < rows.width


def test_the_goods_show_from_the_first_turn_at_zero(app, monkeypatch):
    game = Game(quick_setup(2, expansions=EXPANSIONS))
    i18n.set_language("fr")
    _, drawn = _drawn_panel(app, game, monkeypatch)
    labels = [value for value, _, _ in drawn]
    for good in GOODS:
        assert labels.count(f"{token_name(good)} 0") == 2


def test_the_row_tooltip_says_who_leads_each_good():
    game = _mid_game(8)
    i18n.set_language("fr")
    try:
        for player in range(2):
            words = inventory_words(game, player)
            assert len(words) == len(GOODS)
            for good, line in zip(GOODS, words):
                winners = goods_winners(game, good)
                if not winners:
                    assert "personne" in line
                elif player in winners:
                    assert "en tête" in line
                else:
                    assert game.setup.players[winners[0]].name in line
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("size", [(1280, 800), (960, 640)])
def test_the_goods_line_never_pushes_the_buttons_out_of_the_window(app, players, size):
    """Where the base game's panel fitted the window (with the full tile
    card), the one with a line of goods per player fits too."""
    from carcassonne_desktop.ui.game_panel import CARD_H
    from carcassonne_desktop.ui.game_scene import GameScene

    def layout(expansions):
        scene = GameScene(None, Game(quick_setup(players, expansions=expansions)))
        scene.app = type("A", (), {"screen_size": size})()
        return scene._panel_layout()

    base = layout(("base",))
    goods = layout(EXPANSIONS)
    assert goods["players"].bottom <= goods["tiles_left"].top
    assert goods["card"].bottom <= goods["row_b"].top
    if base["row_d"].bottom + CARD_H - base["card"].height <= size[1]:
        assert goods["row_d"].bottom <= size[1]
