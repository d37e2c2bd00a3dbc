"""Issue 28: the Load screen listed autosaves as "Tour 1 · P1, P2, P3" three
times over, and a family could not tell which box or which game each was;
a long example name was cut with "…" at 960x640.

Each row now says, from the save's header only (never a replay), the
expansions (a box's name when they are a box's, else "base + N
extensions") and the date; a title too long for one line goes on two; a
damaged file still lists with a clear line.
"""

import json
import os
from dataclasses import replace

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pytest

from carcassonne_desktop.engine import Game, quick_setup, registry
from carcassonne_desktop.persistence import saves
from carcassonne_desktop.persistence.store import SaveStore
from tests.test_saves_store import EXAMPLES
from tests.test_ui_figure_chip_view import app, family_window  # noqa: F401

BIG_BOX_2014 = ("base", "river", "inns_cathedrals", "traders_builders", "hills_sheep",
                "wheel_of_fortune")
FIVE = ("base", "abbot", "count", "ferries", "messages", "catapult")
#: Comte, Roi & Brigand with the Catapult: the first edition's expansions
#: (UI5-1: the header holds no options, so the box is not named).
FIRST_EDITION_SET = ("base", "king_robber_baron", "heretics_shrines", "count", "river_ii", "catapult")
NAMES = ("Joséphine", "Bartholomé", "Marie-Charlotte")


def _game(expansions: tuple[str, ...], seed: int) -> Game:
    """A family's game: three long first names."""
    setup = quick_setup(3, seed=seed, expansions=expansions)
    return Game(replace(setup, players=tuple(replace(p, name=n)
                                             for p, n in zip(setup.players, NAMES, strict=True))))


def _rows(window, store: SaveStore) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    """Each save's row (its slot's lines), by file name."""
    from carcassonne_desktop.ui.save_load_scene import load_scene

    family_window(window)
    scene = load_scene(window, store, lambda loaded: None)
    window.stack.push(scene)
    window.step(0.016)
    items, _ = scene._items()
    rows: dict[str, list[str]] = {}
    for line, (label, object_id) in enumerate(items):
        if "header:" in object_id:
            continue
        index = scene._more_lines.get(line)
        view = scene.browser.slots[int(object_id.rsplit("_", 1)[1]) if index is None else index]
        rows.setdefault(view.info.path.name, []).append(label)
    return rows


def test_autosave_rows_name_the_box_and_the_date_regression_tour_n_players_only(app, tmp_path,  # noqa: F811
                                                                                monkeypatch):
    from carcassonne_desktop.ui.hud import fit_text
    from carcassonne_desktop.ui.save_load_scene import LIST_FONT_SIZE

    store = SaveStore(tmp_path / "data", examples=EXAMPLES)
    everything = tuple(registry())
    ids = {}
    for exps, seed in ((BIG_BOX_2014, 1), (everything, 2), (FIVE, 3), (("base",), 4),
                       (FIRST_EDITION_SET, 5)):
        ids[exps] = store.autosave(_game(exps, seed)).path.name
    (store.autosaves_dir / "broken.json").write_text('{"format": "carcassonne-save", "vers')
    old = store.save(Game(quick_setup(2, seed=6)), "sans extensions notées").path
    data = json.loads(old.read_text())
    data["expansions"] = []  # a save that does not say still lists
    old.write_text(json.dumps(data))

    def no_replay(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise AssertionError("listing replayed a game")

    monkeypatch.setattr(saves, "replay", no_replay)
    rows = _rows(app, store)
    date = rows[old.name][-1]
    big_box = rows[ids[BIG_BOX_2014]]
    assert " ".join(big_box[:-1]) == f"Tour 1 · {', '.join(NAMES)}" and len(big_box) == 3
    assert big_box[-1] == f"Big Box 2014 · {date}"
    assert rows[ids[everything]][-1] == f"Tout · {date}"
    assert rows[ids[FIVE]][-1] == f"base + 5 extensions · {date}"
    assert rows[ids[("base",)]][-1] == f"Jeu de base seul · {date}"
    assert rows[ids[FIRST_EDITION_SET]][-1] == f"base + 5 extensions · {date}"
    assert rows["broken.json"] == ["broken", "Illisible\u00a0: la raison est à droite"]
    assert len(date) == len("27/11/2026 12:20") and date[2] == "/"
    width = app.stack.top._list_area.width - 28
    for lines in rows.values():
        assert not any(line.endswith("…") for line in lines), lines
        assert fit_text(lines[0], LIST_FONT_SIZE, True, width) == lines[0]


def test_a_long_example_name_fits_on_two_lines_regression_cut_with_an_ellipsis(app, tmp_path):  # noqa: F811
    store = SaveStore(tmp_path / "data", examples=EXAMPLES)
    rows = _rows(app, store)
    from carcassonne_desktop.ui.hud import fit_text
    from carcassonne_desktop.ui.save_load_scene import LIST_FONT_SIZE

    width = app.stack.top._list_area.width - 28
    titles = [view.title for view in app.stack.top.browser.slots]
    assert any(fit_text(t, LIST_FONT_SIZE, True, width) != t for t in titles)  # one is too long
    for view in app.stack.top.browser.slots:
        lines = rows[view.info.path.name]
        assert " ".join(lines[:-1]) == view.title and not any(line.endswith("…") for line in lines)


@pytest.mark.parametrize(("language", "expected"), [("fr", "base + 1 extension"),
                                                    ("en", "base + 1 expansion")])
def test_one_expansion_is_said_in_the_singular(language: str, expected: str) -> None:
    from carcassonne_desktop import i18n
    from carcassonne_desktop.ui.setup_choices import mix_label

    i18n.set_language(language)
    try:
        assert mix_label(("base", "abbot"), list(registry())) == expected
    finally:
        i18n.set_language("en")


def _two_saves_and_an_unchosen_second_line(window, tmp_path):  # type: ignore[no-untyped-def]
    """The Load screen with two saves: (scene, a list line after the first
    of a row, that row's save) for the save not chosen."""
    from carcassonne_desktop.ui.save_load_scene import load_scene

    store = SaveStore(tmp_path / "data", examples=tmp_path / "none")
    store.save(_game(BIG_BOX_2014, 1), "first")
    store.save(_game(FIVE, 2), "second")
    family_window(window)
    scene = load_scene(window, store, lambda loaded: None)
    window.stack.push(scene)
    window.step(0.016)
    line, index = next((line, index) for line, index in scene._more_lines.items()
                       if index != scene.browser.selected)
    return scene, line, index


def test_clicking_a_rows_second_line_selects_its_save(app, tmp_path):  # noqa: F811
    """The row's lines after its first are list items of their own: one
    picks the same save, and the selection shows on the row's first line."""
    from carcassonne_desktop.ui.save_load_scene import MORE_ID
    from tests.test_ui_game_flow import _click_at

    scene, line, index = _two_saves_and_an_unchosen_second_line(app, tmp_path)
    assert scene.list.item_list[line]["object_id"] == MORE_ID
    name = scene.browser.slots[index].info.name
    _click_at(app, scene.list.item_list[line]["button_element"].rect.center)
    assert scene.browser.selected == index
    chosen = scene.list.get_single_selection()
    assert chosen == name  # the save's first line shows the selection


def test_the_load_rows_in_english_name_the_box_and_the_date(app, tmp_path):  # noqa: F811
    """Session 4 checked the rows in French only: the same rows in English
    (box names, "base + N expansions", the turn, a damaged file)."""
    store = SaveStore(tmp_path / "data", examples=EXAMPLES)
    ids = {exps: store.autosave(_game(exps, seed)).path.name
           for exps, seed in ((BIG_BOX_2014, 1), (tuple(registry()), 2), (FIVE, 3), (("base",), 4))}
    (store.autosaves_dir / "broken.json").write_text('{"format": "carcassonne-save", "vers')
    app.set_language("en")
    rows = _rows(app, store)
    date = rows[ids[("base",)]][-1].rsplit(" · ", 1)[1]
    assert " ".join(rows[ids[BIG_BOX_2014]][:-1]) == f"Turn 1 · {', '.join(NAMES)}"
    assert rows[ids[BIG_BOX_2014]][-1] == f"Big Box 2014 · {date}"
    assert rows[ids[tuple(registry())]][-1] == f"Everything · {date}"
    assert rows[ids[FIVE]][-1] == f"base + 5 expansions · {date}"
    assert rows[ids[("base",)]][-1] == f"Base game only · {date}"
    assert rows["broken.json"][0] == "broken" and rows["broken.json"][1].startswith("Unreadable")
    assert not any("Tour" in line or "Illisible" in line for lines in rows.values() for line in lines)


def test_the_pointer_on_a_rows_second_line_lights_the_whole_row(app, tmp_path):  # noqa: F811
    """Session 4: the pointer on a row's second line lit that line alone
    (pygame-gui has one line an item), so one save looked like two rows; the
    chosen save showed chosen on its first line only."""
    import pygame

    scene, line, index = _two_saves_and_an_unchosen_second_line(app, tmp_path)
    items = scene.list.item_list
    row = [i for i in range(len(items)) if scene._row_of(i) == index]
    others = [i for i in range(len(items)) if scene._row_of(i) not in (index, None)]
    assert len(row) >= 2 and others

    def states(lines):  # type: ignore[no-untyped-def]
        return [items[i]["button_element"].drawable_shape.active_state.state_id for i in lines]

    pygame.mouse.set_pos(items[line]["button_element"].get_abs_rect().center)
    for _ in range(3):
        app.step(0.016)
    assert states(row) == ["hovered"] * len(row)
    assert "hovered" not in states(others)
    pygame.mouse.set_pos((1, 1))
    for _ in range(3):
        app.step(0.016)
    assert "hovered" not in states(row + others)
    assert states(others) == ["selected"] * len(others)  # the chosen save, whole
    assert states(row) == ["normal"] * len(row)


def test_a_saves_detail_shows_its_players_whole_regression_fourth_line_half_hidden(app, tmp_path):  # noqa: F811
    """Session 5's screenshots: room kept under the detail for a message
    that was not there cut a three-player save's detail after its first
    player, who showed half hidden until the box was scrolled. Without a
    message the detail runs to the column's bottom and needs no scrolling."""
    scene, _, _ = _two_saves_and_an_unchosen_second_line(app, tmp_path)
    assert scene.message is None
    assert scene.detail.relative_rect.bottom == scene._detail_area.bottom
    assert scene.detail.scroll_bar is None
    for name in NAMES:
        assert name in scene.detail.html_text
