"""The final table's layout (issue 28, the table with every expansion): at
960x640, 1280x800 and 1920x1080, with 2 to 6 players and 1 to 18
categories, no heading, name or number is cut and no text overlaps another
or the buttons. With every expansion at 1280x800 most headings read "Rou…",
"Cata…", "Marchan…": the table now turns (categories as rows) when they do
not fit across."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
from functools import cache
from itertools import combinations

import pytest

from carcassonne_desktop.engine import Game, GameSetup, PlayerSetup

NAMES = ("Bérénice-Eugénie", "Ordinateur (difficile)", "Ada", "Jean-Baptiste", "Ordinateur (moyen)", "Zoé")
COLOURS = ("red", "blue", "green", "yellow", "black", "purple")
SIZES = ((960, 640), (1280, 800), (1920, 1080))


def every_expansion_game(names: tuple[str, ...], seed: int, moves: int | None = None) -> Game:
    """A random game with every expansion, ``moves`` actions in (to its end when None)."""
    from carcassonne_desktop.ui.launcher import build_hooks

    expansions = ("base", *(e["id"] for e in build_hooks().expansions if e["id"] != "base"))
    setup = GameSetup(players=tuple(PlayerSetup(name, COLOURS[i]) for i, name in enumerate(names)),
                      expansions=expansions, seed=seed)
    game = Game(setup)
    rng = random.Random(seed)
    played = 0
    while not game.is_over and (moves is None or played < moves):
        actions = game.legal_actions()
        game.apply(actions[rng.randrange(len(actions))])
        played += 1
    return game


@cache
def finished_game(players: int) -> Game:
    """A random game with every expansion, played to its end."""
    return every_expansion_game(NAMES[:players], 2)


def eighteen(game: Game) -> list[str]:
    """The game's categories and more, to eighteen (the most a game with
    every expansion shows): the feature kinds and the palette's others."""
    from carcassonne_desktop.engine.features import FEATURE_KINDS
    from carcassonne_desktop.ui import end_scene
    from carcassonne_desktop.ui.resources import palette_data

    every = end_scene.categories(game)
    every += sorted((set(FEATURE_KINDS) | set(palette_data()["score_category"])) - set(every))
    assert len(every) >= 18, every
    return every[:18]


@pytest.fixture(params=SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def app(request, tmp_path, monkeypatch):
    from tests.test_setup_presets import close, make_app

    monkeypatch.setenv("CARCASSONNE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CARCASSONNE_DATA_DIR", str(tmp_path / "data"))
    application = make_app(tmp_path / "settings.json", size=request.param)
    yield application
    close(application)


def open_end(app, game: Game):  # type: ignore[no-untyped-def]
    from carcassonne_desktop.ui.end_scene import EndScene
    from carcassonne_desktop.ui.game_scene import GameScene

    scene = GameScene(app, game, show_end_screen=False)
    app.stack.push(scene)
    app.step(1 / 60)
    end = EndScene(app, scene)
    app.stack.push(end)
    app.step(1 / 60)
    end.draw(app.screen)
    return end


def check_whole_and_apart(app, end) -> None:  # type: ignore[no-untyped-def]
    """Every text of the table whole, within the panel, apart from the
    others and from the buttons."""
    panel = end.panel()
    buttons = [button.get_abs_rect() for button in end.buttons.values()]
    for rect, text in end.texts:
        assert "…" not in text, text
        assert panel.contains(rect), (text, rect, panel)
        assert not any(rect.colliderect(b) for b in buttons), (text, rect)
    for (a, text_a), (b, text_b) in combinations(end.texts, 2):
        assert not a.colliderect(b), (text_a, text_b, a, b)
    for button in buttons:
        assert panel.contains(button), button


@pytest.mark.parametrize("players", (2, 3, 6))
@pytest.mark.parametrize("count", (1, 4, 11, 18))
def test_regression_final_table_headings_cut_with_every_expansion(app, monkeypatch, players, count) -> None:  # type: ignore[no-untyped-def]
    from carcassonne_desktop.ui import end_scene
    from carcassonne_desktop.ui.end_scene import category_label

    game = finished_game(players)
    every = eighteen(game)
    monkeypatch.setattr(end_scene, "categories", lambda _game: every[:count])
    end = open_end(app, game)
    check_whole_and_apart(app, end)
    drawn = " ".join(text for _, text in end.texts).replace(" ", "").replace("-", "")
    for category in every[:count]:
        assert category_label(category).replace(" ", "").replace("-", "") in drawn, category
    for seat in range(players):
        assert game.setup.players[seat].name.replace(" ", "").replace("-", "") in drawn
        for category in every[:count]:
            assert str(game.breakdown[seat].get(category, 0)) in {text for _, text in end.texts}
    # one cell per number, each a click target, none overlapping another
    assert len(end.cells) == players * (count + 1)
    for (a, *_), (b, *_) in combinations(end.cells, 2):
        assert not a.colliderect(b)


def test_turned_table_opens_and_closes_each_list(app) -> None:  # type: ignore[no-untyped-def]
    """Turned, a number still opens its scorings (over the table when no
    room is left under it), and a click on the list closes it."""
    game = finished_game(6)
    end = open_end(app, game)
    assert not end.table_layout(end.panel().width - 56).whole  # eighteen categories: turned
    rect, seat, category = next(cell for cell in end.cells if cell[2] == "city")
    end.click(rect.center)
    assert end.detail == (seat, category)
    end.draw(app.screen)
    assert end.detail_box is not None and end.panel().contains(end.detail_box)
    if end.detail_over_table:
        end.click(end.detail_box.center)
        assert end.detail is None


def test_base_game_table_stays_across(app) -> None:  # type: ignore[no-untyped-def]
    """Two players, the base game: the usual table, players as rows."""
    game = Game(GameSetup(players=(PlayerSetup("Ada", "red"), PlayerSetup("Bob", "blue")), seed=3))
    rng = random.Random(3)
    while not game.is_over:
        game.apply(rng.choice(list(game.legal_actions())))
    end = open_end(app, game)
    assert end.table_layout(end.panel().width - 56).whole
    check_whole_and_apart(app, end)


def test_regression_final_table_capped_small_in_a_large_window(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """At 1920x1080 the panel was capped at 1100x760: the same small table
    as at 1280x800. It now grows with the window, with larger type, and
    stays whole; a table of two players does not stretch across the screen."""
    from tests.test_setup_presets import close, make_app

    monkeypatch.setenv("CARCASSONNE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CARCASSONNE_DATA_DIR", str(tmp_path / "data"))
    base = Game(GameSetup(players=(PlayerSetup("Ada", "red"), PlayerSetup("Bob", "blue")), seed=3))
    rng = random.Random(3)
    while not base.is_over:
        base.apply(rng.choice(list(base.legal_actions())))
    seen = {}
    for size in ((1280, 800), (1920, 1080), (2560, 1440)):
        app = make_app(tmp_path / f"{size[0]}.json", size=size)
        try:
            end = open_end(app, finished_game(3))
            panel = end.panel()
            tall = end.tall_layout(panel.width - 56, 10_000)
            check_whole_and_apart(app, end)
            two = open_end(app, base)
            across = two.table_layout(two.panel().width - 56)
            assert across.whole
            check_whole_and_apart(app, two)
            seen[size] = (panel, tall.size, across.width, across.size)
        finally:
            close(app)
    small, large, huge = seen[(1280, 800)], seen[(1920, 1080)], seen[(2560, 1440)]
    assert large[0].width > small[0].width + 200 and large[0].height > small[0].height + 150
    assert large[1] > small[1] and large[3] > small[3]  # larger type: rows and headings
    assert large[0].width <= 1920 - 60 and large[0].height <= 1080 - 40
    # sensible maxima: the panel stops growing, two players' table stays compact
    assert huge[0].size == large[0].size
    assert large[2] <= 1200 and huge[2] <= 1200
