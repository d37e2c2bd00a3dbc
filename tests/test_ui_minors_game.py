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


def _hover(app, widget) -> None:  # type: ignore[no-untyped-def]
    pos = widget.get_abs_rect().center
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(120):  # pygame-gui waits a moment before a tooltip
        app.step(1 / 60)


def test_regression_tooltip_breaking_l_ordinateur_and_covering_the_banner(app) -> None:  # type: ignore[no-untyped-def]
    """The hint button's tooltip, 170 px wide, cut "l’ordinat-" "-eur" over
    two lines and opened over the instruction pill: it now fits its words
    (no word wider than the box) and stays off the pill."""
    from carcassonne_desktop import i18n
    from carcassonne_desktop.ui.resources import font
    from carcassonne_desktop.ui.tooltips import CHROME_W, TEXT_PX

    scene = open_scene(app, Game(quick_setup(2, seed=5)))
    for name in ("hint", "menu"):
        button = scene.buttons[name]
        assert button.visible and button.is_enabled, name
        _hover(app, button)
        tip = button.tool_tip
        assert tip is not None, name
        said = i18n.tr(f"hud.{name}_tip")
        longest = max(font(TEXT_PX).size(word)[0] for word in said.split())
        assert tip.rect.width >= longest + CHROME_W, (name, tip.rect)
        assert not tip.rect.colliderect(scene.pill_rect()), (name, tip.rect, scene.pill_rect())
        assert app.manager.get_root_container().get_rect().contains(tip.rect)
        pygame.mouse.set_pos((5, 790))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 790), rel=(0, 0), buttons=(0, 0, 0)))
        app.step(1 / 60)
    said = i18n.tr("hud.hint_tip")
    assert "l’ordinateur" in said
    # the short sentence stays on one line
    _hover(app, scene.buttons["hint"])
    assert scene.buttons["hint"].tool_tip.rect.height < 2.2 * font(TEXT_PX).get_linesize() + 12


def test_a_tooltip_goes_beside_what_it_must_not_cover() -> None:
    from carcassonne_desktop.ui.tooltips import clear_position, tooltip_width

    window = pygame.Rect(0, 0, 1280, 800)
    pill = pygame.Rect(90, 64, 730, 84)
    button = pygame.Rect(565, 14, 115, 38)
    under = pygame.Rect(565, 56, 300, 40)
    moved = clear_position(under, button, [pill], window)
    assert not moved.colliderect(pill) and window.contains(moved)
    assert moved.left >= button.right  # beside the button it speaks of
    assert clear_position(pygame.Rect(10, 300, 50, 20), button, [pill], window) == pygame.Rect(10, 300, 50, 20)
    # a word never wider than the box: "Anticonstitutionnellement" is not cut
    assert tooltip_width("Anticonstitutionnellement") > tooltip_width("Ah")


def test_regression_a_feature_tooltip_covering_the_banner(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The tooltip of a road or a city near the top of the board opened over
    the instruction pill: it now stays below it."""
    from carcassonne_desktop.ui import game_drawing
    from carcassonne_desktop.ui.hud import tooltip_box

    scene = open_scene(app, Game(quick_setup(2, seed=5)))
    game = scene.game
    info = scene.layer.feature_at(game, 0, 0, game.board[(0, 0)].ports[0] if hasattr(
        game.board[(0, 0)], "ports") else "N")
    assert info is not None
    pill = scene.pill_rect()
    drawn = []

    def spy(surface, lines, pos, bounds, avoid=None):  # type: ignore[no-untyped-def]
        drawn.append(tooltip_box((260, 60), pos, bounds, avoid))

    monkeypatch.setattr(game_drawing, "draw_tooltip", spy)
    scene.hover_feature = (game, info)
    scene.mouse_still = 10.0
    scene.mouse = (pill.centerx, pill.centery)  # a road under the pill
    scene.draw(app.screen)
    assert drawn and not drawn[0].colliderect(pill)


def test_regression_final_table_headers_cut_couron_marcha_in_mixed_sizes(app) -> None:  # type: ignore[no-untyped-def]
    """The newcomer's table (Traders & Builders, Hills & Sheep, the Wheel…)
    read "Couron…", "Marcha…" in three sizes: every heading is now whole,
    in one size, within its column."""
    from carcassonne_desktop.ui.end_scene import category_label, table_layout
    from carcassonne_desktop.ui.resources import font

    expansions = ("traders_builders", "hills_sheep", "wheel_of_fortune", "count", "king_robber_baron",
                  "heretics_shrines", "gold_mines")
    game = Game(quick_setup(3, seed=2, expansions=("base", *expansions)))
    rng = random.Random(2)
    while not game.is_over:
        game.apply(rng.choice(list(game.legal_actions())))
    from tests.test_ui_end_table_layout import open_end

    end = open_end(app, game)
    width = end.panel().width - 56
    layout = end.table_layout(width)
    headers = [category_label(c) for c in layout.cats] + ["Total"]
    assert {"Couronne", "Marchandises", "Chevalier-brigand"} <= set(headers)
    assert len(headers) >= 11
    fnt = font(layout.size, bold=True)
    assert layout.size >= 12  # readable
    for text, lines, col_w in zip(headers, layout.lines, layout.widths):
        assert "…" not in "".join(lines), text
        assert "".join(lines).replace(" ", "") == text.replace(" ", ""), (text, lines)
        assert all(fnt.size(line)[0] <= col_w - 8 for line in lines), (text, lines, col_w)
    assert layout.name_w + sum(layout.widths) <= width
    # the columns the clicks use are the drawn ones
    assert {rect.width for rect, _, _ in end.cells} <= set(layout.widths)
    # a table of few columns keeps the usual type
    assert table_layout(["road", "city"], ["1. Ada"], width).size == 17
    # a rule stands before the totals (the last category's "9" and the total
    # "416" read "9416" under Xvfb with every expansion)
    from carcassonne_desktop.ui.resources import colour

    end.draw(app.screen)
    totals = [rect for rect, _, category in end.cells if category is None]
    assert totals
    accent = tuple(colour("ui", "accent"))[:3]
    assert all(tuple(app.screen.get_at((r.left + 2, r.centery)))[:3] == accent for r in totals)


def test_regression_the_hints_tile_vanishes_when_the_mouse_shows_another_square(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """With the hint shown, pointing at another legal square moved the
    advised tile there: the pill still said where it was. The advised tile
    now stays drawn on its square, and the pill still tells the advice."""
    import random

    from tests.test_ui_family_table_a import _move, _wait_for_advice
    from tests.test_ui_game_flow import _start_game

    # a deal whose first tile fits more than one square (a random one failed
    # when the first tile fitted a single square)
    monkeypatch.setattr(random, "randrange", lambda *_: 7)
    scene = _start_game(app)
    _wait_for_advice(scene, app)
    c = scene.controller
    place = scene.hint.actions[0]
    cells = list(c.legal_cells())
    assert len(cells) > 1, cells
    other = next(cell for cell in cells if cell != (place.x, place.y))
    _move(app, scene.camera.tile_rect(*other).center)
    assert c.hover == other
    assert scene.hint.follows(c) and scene.hint.message == "hud.hint_place"
    drawn = []
    real = scene.layer.draw_ghost

    def spy(surface, camera, tile, rot, cell, fits):  # type: ignore[no-untyped-def]
        drawn.append((cell, rot))
        real(surface, camera, tile, rot, cell, fits)

    monkeypatch.setattr(scene.layer, "draw_ghost", spy)
    scene.draw(app.screen)
    assert ((place.x, place.y), place.rot) in drawn  # the advised tile, on its square
    assert any(cell == other for cell, _ in drawn)  # and the one the mouse shows


def test_regression_the_wolf_shown_only_in_the_log(app) -> None:  # type: ignore[no-untyped-def]
    """The wolf eating a flock was only a log line: "Le loup !" now rises
    from the field where it struck, and each shepherd's flock shows beside
    it on the board."""
    import copy

    from carcassonne_desktop.ui.expansions import board_flashes, board_overlays
    from carcassonne_desktop.ui.expansions.hills_sheep import draw_flocks

    for seed in range(300):
        game = Game(quick_setup(2, seed=seed, expansions=("base", "hills_sheep")))
        rng = random.Random(seed)
        while not game.is_over and game.pending_kind != "flock":
            game.apply(rng.choice(list(game.legal_actions())))
        if game.pending_kind == "flock":
            grow = next(a for a in game.legal_actions() if "grow" in str(a))
            trial = copy.deepcopy(game)
            if any(getattr(e, "outcome", None) == "wolf" for e in trial.apply(grow)):
                break
    else:
        raise AssertionError("no wolf")
    scene = open_scene(app, game)
    assert draw_flocks in board_overlays(game)
    # the flocks beside the shepherds: drawn over the board
    shepherds = [(s, wx, wy) for s, wx, wy in scene.layer.figure_points(game) if s.kind == "shepherd"]
    assert shepherds
    board = pygame.Surface(app.screen.get_size())
    draw_flocks(board, scene.camera, game, scene.layer)
    sx, sy = scene.camera.world_to_screen(shepherds[0][1], shepherds[0][2])
    size = scene.layer.renderer.figure_size(scene.camera.scale)
    badge = pygame.Rect(int(sx + size * 0.45), int(sy - 8), 24, 16)
    assert pygame.image.tobytes(board.subsurface(badge), "RGB").strip(b"\0")  # something drawn there
    events = game.apply(grow)
    flashes = board_flashes(events, game)
    returned = next(e for e in events if getattr(e, "figure", None) == "shepherd")
    assert flashes == [("Le loup\u00a0!", (returned.x, returned.y))]
    scene._after_events(events)
    assert any(item.text == "Le loup\u00a0!" for item in scene.effects.items)


def _hot_seat_after_two_turns(app, controllers=("human", "human", "ai:random")):  # type: ignore[no-untyped-def]
    """A game of two humans and a computer (the newcomer's hot-seat game),
    opened with Ada's turn played and Bruno's turn on screen."""
    from carcassonne_desktop.engine import PASS
    from carcassonne_desktop.ui.game_scene import GameScene

    game = Game(quick_setup(len(controllers), seed=4, controllers=controllers))
    scene = GameScene(app, game)
    app.stack.push(scene)
    app.step(1 / 60)
    scene.banner.dismiss()
    first = next(a for a in scene.game.legal_actions())
    scene.session.apply(first)
    if scene.game.deciding_player == 0:
        scene.session.apply(PASS if PASS in scene.game.legal_actions() else scene.game.legal_actions()[0])
    scene._reset_after_jump()
    app.step(1 / 60)
    return scene


def test_regression_any_player_can_undo_the_previous_players_turn_in_hot_seat(app) -> None:  # type: ignore[no-untyped-def]
    """Ruling UI1: with two humans or more, undo takes back another
    player's turn only after a question naming them; Escape keeps the turn,
    Enter (or the button) takes it back."""
    scene = _hot_seat_after_two_turns(app)
    assert scene.game.deciding_player == 1 and scene.session.undo_seat() == 0
    played = len(scene.game.history)
    scene.undo_turn()
    assert scene.dialog is not None and scene.dialog_purpose == "undo"
    assert "P1" in scene.dialog.window_display_title
    assert len(scene.game.history) == played  # nothing taken back yet
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    app.step(1 / 60)
    assert scene.dialog is None and len(scene.game.history) == played
    # Ctrl+Z asks too; Enter answers yes: P1's turn is taken back
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="",
                                         scancode=0))
    app.step(1 / 60)
    assert scene.dialog is not None
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    app.step(1 / 60)
    assert scene.dialog is None and len(scene.game.history) == 0
    assert scene.app.stack.top is scene  # yes to this question never leaves the game


def test_undo_against_the_computer_asks_nothing(app) -> None:  # type: ignore[no-untyped-def]
    scene = _hot_seat_after_two_turns(app, controllers=("human", "ai:random"))
    assert scene.undo_asks_for() is None
    scene.undo_turn()
    assert scene.dialog is None and len(scene.game.history) == 0
