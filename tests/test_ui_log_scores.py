"""The family table, part B, through the scenes with the dummy driver: the
log is the whole game (one entry per tile placed, with the figure or the
pass), scrolls with the wheel, a drag and its scrollbar, and a click on
points opens their sum (the engine's terms); the end screen explains any
number of its table; the tiles left are listed as a player may know them."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import random

import pygame

from carcassonne_desktop.ai.knowledge import public_counts
from carcassonne_desktop.engine import PASS, Game, quick_setup
from carcassonne_desktop.engine.events import PointsScored, TilePlaced
from carcassonne_desktop.engine.score_terms import terms_total
from tests import test_ui_decisions

app = test_ui_decisions.app  # the app in French, as the family plays it


def _played(expansions=("base",), seed=4, until_over=True, turns=None):
    game = Game(quick_setup(2, seed=seed, expansions=expansions))
    rng = random.Random(seed)
    events = []
    while not game.is_over and (turns is None or len(game.history) < turns):
        actions = game.legal_actions()
        events.extend(game.apply(actions[rng.randrange(len(actions))]))
    return game, events


def _open_game(app, game):
    from carcassonne_desktop.ui.game_scene import GameScene

    scene = GameScene(app, game, None, show_end_screen=False)
    app.stack.push(scene)
    scene.banner.dismiss()
    app.step(1 / 60)
    return scene


def _send(app, *events):
    for event in events:
        pygame.event.post(event)
    app.step(1 / 60)


def _keys(app, key):
    _send(app, pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0),
          pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))


def _wheel(app, pos, dy):
    _send(app, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
          pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False, precise_x=0.0, precise_y=float(dy)))


def _click(app, pos):
    _send(app, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
          pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
          pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def test_one_entry_per_tile_placed_with_figure_or_pass(app):
    game, events = _played(turns=40)
    scene = _open_game(app, game)
    placed = [e for e in events if isinstance(e, TilePlaced)]
    heads = [entry for entry in scene.log.entries if entry.placed is not None]
    assert [(h.placed.x, h.placed.y) for h in heads] == [(e.x, e.y) for e in placed]
    lines = scene.log.lines()
    assert sum(h.passed for h in heads) == sum(1 for a in game.history if a == PASS) > 0
    assert sum("et passe" in line for line in lines) == sum(h.passed for h in heads)
    assert any("et un partisan" in line or "et un paysan" in line for line in lines)
    # no board coordinates: "(2, -7)" meant nothing to a family (a click shows the tile)
    assert not any(f"({e.x}, {e.y})" in line for e in placed for line in lines)
    # and a turn played in the window: a square (Tab), put down (Enter), pass (Space), confirm
    if scene.game.pending_kind != "place_tile":  # the random play stopped mid-turn
        _keys(app, pygame.K_SPACE)
        _keys(app, pygame.K_RETURN)
    before = len(scene.game.history)
    scene.banner.dismiss()
    for key in (pygame.K_TAB, pygame.K_RETURN, pygame.K_SPACE, pygame.K_RETURN):
        _keys(app, key)
    assert len(scene.game.history) == before + 2
    newest = [entry for entry in scene.log.entries if entry.placed is not None][-1]
    placed_now = scene.game.history[-2]
    assert (newest.placed.x, newest.placed.y) == (placed_now.x, placed_now.y)
    assert newest.passed and scene.log.rows(newest)[0].text.endswith("et passe.")


def test_the_log_scrolls_with_wheel_drag_and_scrollbar(app):
    game, _ = _played(turns=60)
    scene = _open_game(app, game)
    log = scene.log
    rect = scene._panel_layout()["log"]
    assert log.view.max_offset > 0, "a long game is taller than the box"
    assert log.view.offset == log.view.max_offset  # the latest show first
    _wheel(app, rect.center, 3)
    after_wheel = log.view.offset
    assert after_wheel < log.view.max_offset
    # drag the content down: older lines come into view
    x, y = rect.centerx - 40, rect.top + 20
    _send(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1),
          pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y + 60), rel=(0, 60), buttons=(1, 0, 0)),
          pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y + 60), button=1))
    assert log.view.offset == max(0, after_wheel - 60)
    # drag the scrollbar's thumb to the top
    thumb = log.view.thumb_rect()
    _send(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=thumb.center, button=1),
          pygame.event.Event(pygame.MOUSEMOTION, pos=(thumb.centerx, rect.top - 500), rel=(0, -500),
                             buttons=(1, 0, 0)),
          pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(thumb.centerx, rect.top - 500), button=1))
    assert log.view.offset == 0
    # the board did not move while the log was dragged
    assert scene.camera.target_centre is None


def _row_position(scene, predicate):
    """Screen position of the first drawn log row matching `predicate` (scrolling it into view)."""
    log = scene.log
    rect = scene._panel_layout()["log"]
    top = 0
    for entry, lines, height in log._layout:
        y = top
        for surface, row in lines:
            if predicate(entry, row):
                log.view.offset = max(0, min(y, log.view.max_offset))
                log.view._at_bottom = False
                return (rect.x + 60, rect.y + y - log.view.offset + surface.get_height() // 2)
            y += surface.get_height()
        top += height
    raise AssertionError("no such row")


def test_a_click_on_points_opens_their_sum_from_the_engine(app):
    def completed_city(event):
        return isinstance(event, PointsScored) and event.feature == "city" and event.reason == "completed"

    seed = next(s for s in range(50) if any(completed_city(e) for e in _played(seed=s, turns=80)[1]))
    game, _ = _played(seed=seed, turns=80)
    scene = _open_game(app, game)
    target = next(e for entry in scene.log.entries for e in entry.events if completed_city(e))
    pos = _row_position(scene, lambda entry, row: row.style == "score" and entry.events[row.event] is target)
    before = scene.log.lines()
    _click(app, pos)
    opened = scene.log.lines()
    assert len(opened) == len(before) + 2
    tiles = sum(t.count for t in target.terms if t.reason == "tile")
    assert any(line.startswith(f"{tiles} tuile") and line.endswith(f"= {target.points}")
               and "(ville achevée)" in line for line in opened)
    assert "Ville achevée" in " ".join(opened)
    _click(app, pos)  # and closes it again
    assert scene.log.lines() == before


def test_a_click_on_a_turn_shows_its_tile(app):
    game, events = _played(turns=30)
    scene = _open_game(app, game)
    first = next(e for e in events if isinstance(e, TilePlaced))
    pos = _row_position(scene, lambda entry, row: row.style == "head" and entry.placed == first)
    scene.camera.focus(first.x + 40, first.y + 40, immediate=True)  # far away
    assert not scene._in_clear_view((first.x, first.y))
    _click(app, pos)
    for _ in range(120):  # the view glides there
        app.step(1 / 20)
    assert scene._in_clear_view((first.x, first.y))


def test_end_screen_explains_each_number(app):
    from carcassonne_desktop.ui.end_scene import EndScene

    game, _ = _played(expansions=("base", "inns_cathedrals"), seed=2)
    scene = _open_game(app, game)
    end = EndScene(app, scene)
    app.stack.push(end)
    app.step(1 / 60)
    checked = 0
    for rect, seat, category in list(end.cells):
        _click(app, rect.center)
        assert end.detail == (seat, category)
        scorings = end.detail_scorings()
        expected = game.scores[seat] if category is None else game.breakdown[seat].get(category, 0)
        assert sum(e.points for e in scorings) == expected
        assert all(terms_total(e.terms) == e.points for e in scorings)
        checked += bool(scorings)
        lines = end._detail_lines[1] if end._detail_lines else []
        assert lines, "the list is drawn"
    assert checked >= 4
    _send(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    assert end.detail is None and app.stack.top is end


def test_tiles_left_are_what_the_player_may_know(app):
    from carcassonne_desktop.ui.tiles_left_scene import TilesLeftScene, tiles_left

    game, _ = _played(expansions=("base", "hills_sheep"), seed=3, until_over=False, turns=50)
    scene = _open_game(app, game)
    _send(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=0, unicode="t", scancode=0))
    panel = app.stack.top
    assert isinstance(panel, TilesLeftScene)
    listed = dict(tiles_left(game))
    assert listed == {t: n for t, n in public_counts(game).items() if n > 0}
    hidden = sum(1 for _ in game.rules.hooks["unseen_tiles"][0].unseen_tiles(game))
    assert hidden > 0, "some tiles lie under hills in this game"
    assert sum(listed.values()) == game.tiles_left() + hidden
    assert not set(game.hand) - set(game.bag) - set(listed)  # the tile in hand is seen
    for _ in range(200):  # the art fills in over a few frames, never freezing one
        if not panel.filling:
            break
        app.step(1 / 60)
    assert not panel.filling and panel._drawn
    _send(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    assert app.stack.top is scene
    # and from the side panel's line
    _click(app, scene._panel_layout()["tiles_left"].move(4, 4).topleft)
    assert isinstance(app.stack.top, TilesLeftScene)


def test_regression_final_awards_of_zero_said_nothing_in_the_log(app):
    """"Fin de partie : Ada +0 (pré)" said nothing: a final award of 0 points
    is left out of the log (ruling UI2), and the final table's list of its
    category still shows it with its reason (a city with a cathedral...)."""
    from carcassonne_desktop.ui.end_scene import EndScene

    def zeros(events):
        return [e for e in events if isinstance(e, PointsScored) and e.reason == "final" and e.points == 0
                and e.players]

    seed = next(s for s in range(40) if zeros(_played(expansions=("base", "inns_cathedrals"), seed=s)[1]))
    game, events = _played(expansions=("base", "inns_cathedrals"), seed=seed)
    zero = zeros(events)[0]
    scene = _open_game(app, game)
    lines = scene.log.lines()
    finals = [line for line in lines if "Fin de partie\u00a0:" in line]
    assert finals, "the final scoring is in the log"
    assert not [line for line in finals if "+0 " in line], finals
    assert zero in scene.log.scorings  # kept for the final table's lists
    end = EndScene(app, scene)
    app.stack.push(end)
    app.step(1 / 60)
    end.detail = (zero.players[0], zero.feature)
    assert zero in end.detail_scorings()


def test_regression_enter_as_the_final_table_opened_threw_it_away(app):
    """Under Xvfb an Enter pressed as the final table opened (the last turn
    confirmed with Enter, once too often) started a new game at once: the
    table of a two-hour game was gone before anyone read it. Enter starts a
    new game only once the table has been up ENTER_GRACE seconds."""
    from carcassonne_desktop.ui.end_scene import ENTER_GRACE, EndScene

    game, _ = _played(seed=2)
    scene = _open_game(app, game)
    end = EndScene(app, scene)
    app.stack.push(end)
    app.step(1 / 60)
    assert end.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    assert app.stack.top is end  # the table stays
    end.update(ENTER_GRACE)
    end.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    assert app.stack.top is not end and app.stack.top is not scene  # a new game, as the button says
