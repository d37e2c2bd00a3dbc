"""What the game screen says, without a window: the pill, the winner, the tooltip."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from carcassonne_desktop import i18n
from carcassonne_desktop.engine import Game, GameSetup, PlayerSetup, Rules
from carcassonne_desktop.engine.actions import Deploy, PlaceTile
from carcassonne_desktop.ui.game_texts import feature_lines, status, winner_text
from carcassonne_desktop.ui.placement_controller import PlacementController


def _game(order: tuple[str, ...] = ("base/E", "base/U")) -> Game:
    setup = GameSetup(players=(PlayerSetup("Alice", "red", "human"), PlayerSetup("Bruno", "blue", "ai:easy")),
                      expansions=("base",), options={"farmers": True}, seed=1,
                      start_tile="base/D", start_rot=0, tile_order=order)
    return Game(setup, Rules(setup))


def test_the_pill_follows_the_turn_in_french() -> None:
    i18n.set_language("fr")
    try:
        game = _game()
        c = PlacementController(game)
        said = status(game, c, final_running=False, thinking=False)
        assert said.title == "À vous de jouer, Alice" and said.colour == "red"
        c.place((0, -1))
        said = status(game, c, final_running=False, thinking=False, advice="hud.hint_figure")
        assert said.hint.startswith("Conseil")
        c.deploy(c.spots()[0])
        said = status(game, c, final_running=False, thinking=False, advice="hud.hint_figure")
        assert said.hint == i18n.tr("hud.ready_hint")  # the advice is over once the turn is ready
        thinking = status(game, None, final_running=False, thinking=True)
        assert "réfléchit" in thinking.title
    finally:
        i18n.set_language("en")


def test_winner_tooltip_and_final_lines() -> None:
    i18n.set_language("en")
    game = _game()
    game.apply(PlaceTile(0, -1, 2, "base/E"))  # closes the start tile's city
    game.apply(Deploy("follower", 0, -1, "S"))
    game.apply(PlaceTile(1, 0, 0, "base/U"))
    rotated, base = game.board[(0, 0)]
    info = game.feature_info(base + rotated.feature_at_port("N"))
    assert feature_lines(game, info) == ["City: completed, 4 points", "Nobody holds it"]
    rotated, base = game.board[(1, 0)]
    road = game.feature_info(base + rotated.feature_at_port("E"))
    assert feature_lines(game, road) == ["Road: worth 2 points now (unfinished)", "Nobody holds it"]
    game.apply(Deploy("follower", 1, 0, "E"))
    road = game.feature_info(base + rotated.feature_at_port("E"))
    assert feature_lines(game, road)[1] == "Held by Bruno (blue)"
    assert game.is_over
    assert winner_text(game) == "Alice wins with 4 points!"  # Bruno's road: 2 at the end
    assert status(game, None, final_running=True, thinking=False).title == "Final scoring"
