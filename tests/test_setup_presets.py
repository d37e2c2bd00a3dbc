"""The New game screen's boxes (presets): each ticks exactly what its
rulebook holds, the player can still change every tick, the choice comes back
after a restart (and a damaged one gives the defaults), the screen shows every
expansion and option without overlap at 960x640 and 1920x1080, and the
expected length follows the set (headless: SDL's dummy video driver)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")

from carcassonne_desktop.engine import registry  # noqa: E402
from carcassonne_desktop.ui.expansions.boxes import BOXES, GROUPS, PACE  # noqa: E402
from carcassonne_desktop.ui.game_length import expected_minutes  # noqa: E402
from carcassonne_desktop.ui.setup_choices import CUSTOM  # noqa: E402
from tests.test_setup_names_and_settings import open_setup  # noqa: E402

#: Written out from the rulebooks (shared/seeds), not from the table under test.
EXPECTED = {
    "base": set(),
    "big_box_2014": {"river", "inns_cathedrals", "traders_builders", "hills_sheep",
                     "wheel_of_fortune"},
    "big_box_2021": {"river", "abbot", "inns_cathedrals", "traders_builders", "flying_machines",
                     "messages", "ferries", "gold_mines", "mage_witch", "robbers", "crop_circles"},
    "count_king_robber": {"king_robber_baron", "heretics_shrines", "count", "river_ii"},
    "first_edition": {"king_robber_baron", "heretics_shrines", "count", "river_ii", "catapult"},
    "everything": set(registry()) - {"base"},
}
FIRST_EDITION_RULES = {"small_city_2pts", "farmers_first_edition"}


def make_app(settings_file: Path, size: tuple[int, int] = (1280, 800), language: str = "fr"):  # type: ignore[no-untyped-def]
    from carcassonne_desktop.ui.app import App, AppHooks
    from carcassonne_desktop.ui.launcher import expansion_choices
    from carcassonne_desktop.ui.scene import Scene

    hooks = AppHooks(game_factory=lambda a, s: Scene(a), ai_levels=["random", "medium"],
                     expansions=expansion_choices())
    app = App(hooks, settings_file=settings_file, size=size)
    app.set_language(language)
    app.start()
    app.step(1 / 60)
    return app


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARCASSONNE_CONFIG_DIR", str(tmp_path))
    return tmp_path / "settings.json"


@pytest.fixture
def app(config: Path):  # type: ignore[no-untyped-def]
    application = make_app(config)
    yield application
    close(application)


def close(app) -> None:  # type: ignore[no-untyped-def]
    app.set_language("en")
    app.stack.clear()
    app.close()


def pick_box(app, scene, box_id: str) -> None:  # type: ignore[no-untyped-def]
    """Choose a box as the menu does (its change event)."""
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, {
        "ui_element": scene.box_menu, "text": box_id, "selected_option_id": box_id}))
    app.step(1 / 60)


def test_the_box_table_names_only_registered_expansions_and_groups_each_once():
    registered = set(registry()) - {"base"}
    for box in BOXES:
        assert set(box.expansions) - {"*"} <= registered, box.id
    grouped = [e for g in GROUPS for e in g.expansions]
    assert sorted(grouped) == sorted(registered)  # each expansion under one heading
    assert set(PACE) == registered  # each has its measured pace
    first = next(b for b in BOXES if b.id == "first_edition")
    assert set(first.options) == set(registry()["base"].first_edition_options) == FIRST_EDITION_RULES


@pytest.mark.parametrize("box_id", list(EXPECTED))
def test_each_box_ticks_exactly_its_expansions_and_rules(app, box_id):
    scene = open_setup(app)
    scene.model.options["farmers"] = False  # the table's taste: no box touches it
    scene.model.options["small_city_2pts"] = box_id != "first_edition"
    pick_box(app, scene, box_id)
    scene = app.stack.top
    assert set(scene.model.expansions) == EXPECTED[box_id] | {"base"}
    ticked = {exp for check, exp in scene._expansion_boxes.items() if check.is_checked}
    assert ticked == EXPECTED[box_id]
    for rule in FIRST_EDITION_RULES:
        assert scene.model.options[rule] is (box_id == "first_edition")
    assert scene.model.options["farmers"] is False
    assert scene.current_box() == box_id
    assert scene.box_menu.selected_option[1] == box_id
    setup = scene.model.to_setup()
    assert set(setup["expansions"]) == EXPECTED[box_id] | {"base"}


def test_a_box_is_a_starting_point_every_tick_stays_free(app):
    scene = open_setup(app)
    pick_box(app, scene, "big_box_2014")
    scene = app.stack.top
    river = next(c for c, e in scene._expansion_boxes.items() if e == "river")
    ferries = next(c for c, e in scene._expansion_boxes.items() if e == "ferries")
    river.set_state(False)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_CHECK_BOX_UNCHECKED, {"ui_element": river}))
    ferries.set_state(True)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_CHECK_BOX_CHECKED, {"ui_element": ferries}))
    app.step(1 / 60)
    assert "river" not in scene.model.expansions and "ferries" in scene.model.expansions
    assert scene.current_box() == CUSTOM
    assert scene.box_menu.selected_option[1] == CUSTOM
    # choosing "my own choice" changes nothing
    pick_box(app, scene, CUSTOM)
    assert "ferries" in app.stack.top.model.expansions


def test_pointing_at_the_box_menu_says_what_the_box_holds(app):
    scene = open_setup(app)
    pick_box(app, scene, "first_edition")
    scene = app.stack.top
    said = scene.pointed_about(scene.box_menu.get_abs_rect().center)
    assert said.startswith("Première édition\u00a0: le jeu de base avec Roi & Chevalier-brigand")
    assert "La Catapulte" in said and "paysans ville par ville" in said


def test_the_choice_comes_back_after_a_restart(config):
    first = make_app(config)
    scene = open_setup(first)
    pick_box(first, scene, "first_edition")
    scene = first.stack.top
    scene.model.options["hand_of_3"] = True
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))  # back, no game
    first.step(1 / 60)
    close(first)
    again = make_app(config)
    try:
        scene = open_setup(again)
        assert scene.current_box() == "first_edition"
        assert set(scene.model.expansions) == EXPECTED["first_edition"] | {"base"}
        assert scene.model.options["hand_of_3"] is True
        assert scene.box_menu.selected_option[1] == "first_edition"
    finally:
        close(again)


@pytest.mark.parametrize("stored", [
    {"expansions": "everything", "options": [1, 2]},
    {"expansions": ["no_such_expansion", 7, "river"], "options": {"farmers_first_edition": "yes"}},
    [],
])
def test_regression_a_damaged_remembered_choice_gives_the_defaults(config, stored):
    config.write_text(json.dumps({"last_setup": stored}), encoding="utf-8")
    app = make_app(config)
    try:
        scene = open_setup(app)  # no traceback
        kept = {"river"} if isinstance(stored, dict) and "river" in stored["expansions"] else set()
        assert set(scene.model.expansions) == kept | {"base"}
        assert scene.model.options["farmers_first_edition"] is False
        assert scene.current_box() in ("base", CUSTOM)
    finally:
        close(app)


def _rows_reachable(app, scene) -> set[str]:  # type: ignore[no-untyped-def]
    """The expansions whose whole row comes into the list's sight at some scroll."""
    seen: set[str] = set()
    bar = scene.expansion_list.vert_scroll_bar
    for step in range(11):
        if bar is not None:
            bar.set_scroll_from_start_percentage(step / 10)
        for _ in range(2):
            app.step(1 / 60)
        shown = scene.expansion_list.get_abs_rect()
        for check, exp in scene._expansion_boxes.items():
            label = check.text_label.get_abs_rect()
            text_w = check.text_label.font.size(check.text)[0]
            whole = check.get_abs_rect().union(pygame.Rect(label.x, label.y, text_w, label.h))
            if shown.contains(whole):
                seen.add(exp)
    return seen


@pytest.mark.parametrize("size", [(960, 640), (1920, 1080)])
def test_layout_every_row_reachable_nothing_overlaps_start_visible(config, size):
    app = make_app(config, size=size)
    try:
        scene = open_setup(app)
        pick_box(app, scene, "everything")
        scene = app.stack.top
        panel = scene.panel.get_abs_rect()
        screen = pygame.Rect((0, 0), size)
        assert screen.contains(scene.start_button.get_abs_rect())
        assert scene.start_button.is_enabled
        # the screen's parts, side by side
        parts = [scene.start_button, scene.back_button, scene.box_menu, scene.expansion_list,
                 scene.add_button, scene.length_label]
        parts += [w for seat in scene._seat_widgets for w in seat.values()]
        rects = [p.get_abs_rect() for p in parts if p is not None]
        for index, rect in enumerate(rects):
            assert panel.contains(rect), (parts[index], rect, panel)
            for other in rects[index + 1:]:
                assert not rect.colliderect(other), (rect, other)
        # every expansion and option, readable (its name whole, not over another)
        words = []
        for check in list(scene._expansion_boxes) + list(scene._option_boxes):
            label = check.text_label.get_abs_rect()
            text_w = check.text_label.font.size(check.text)[0]
            words.append(pygame.Rect(label.x, label.y, text_w, label.h).union(check.get_abs_rect()))
        inner = scene.expansion_list.get_abs_rect()
        for index, rect in enumerate(words):
            assert rect.right <= inner.right, rect
            for other in words[index + 1:]:
                assert not rect.colliderect(other), (rect, other)
        assert len(scene._expansion_boxes) == len(registry()) - 1 == 18
        assert _rows_reachable(app, scene) == set(scene._expansion_boxes.values())
        if size == (1920, 1080):  # a big screen shows them all at once
            bar = scene.expansion_list.vert_scroll_bar
            assert bar is None or bar.get_relative_rect().width == 0  # pygame-gui keeps it, 0 wide
    finally:
        close(app)


def test_the_expected_length_follows_the_set_and_the_seats(app):
    humans = ["human", "human", "human"]
    base = expected_minutes(["base"], humans)
    assert base == 35  # the base game's box: 35 min
    big_2021 = expected_minutes(["base", *EXPECTED["big_box_2021"]], humans)
    assert 90 <= big_2021 <= 120  # its rulebook: 90 to 120 minutes with all of it
    everything = expected_minutes(["base", *EXPECTED["everything"]], humans)
    assert base < expected_minutes(["base", *EXPECTED["big_box_2014"]], humans) < everything
    assert expected_minutes(["base"], ["human", "ai:medium"]) < base  # computers show, not think
    scene = open_setup(app)
    shown = scene.length_label.text
    pick_box(app, scene, "everything")
    scene = app.stack.top
    assert scene.length_label.text != shown
    minutes = expected_minutes(scene.model.expansions, [s.controller for s in scene.model.seats])
    assert scene.length_label.text.startswith(f"Environ {minutes} min de jeu")


#: The rulebooks' durations for an expansion alone with the base game (minutes
#: added to the base game's 35), written out here, not read from the table.
RULEBOOK_ADDS = {"inns_cathedrals": 15, "wheel_of_fortune": 20, "messages": 15, "flying_machines": 10}


def test_regression_game_length_short_by_5_to_15_min_for_inns_wheel_and_messages():
    """The formula gave Inns & Cathedrals +10 min (its rulebook: +15), the
    Wheel +10 (+20), the Messages +0 (+15): their table time (weighing an
    inn, turning the wheel, reading a message) is now counted for people,
    and the Big Box 2021 stays within its rulebook's 90-120 minutes."""
    from carcassonne_desktop.ui.expansions.boxes import TABLE_MINUTES

    people = ["human", "human", "human"]
    base = expected_minutes(["base"], people)
    assert base == 35
    for expansion, added in RULEBOOK_ADDS.items():
        assert expected_minutes(["base", expansion], people) - base == added, expansion
    assert 90 <= expected_minutes(["base", *EXPECTED["big_box_2021"]], people) <= 120
    # computers do not deliberate: with one person of two, the table time is halved
    alone = ["human", "ai:medium"]
    messages = expected_minutes(["base", "messages"], alone) - expected_minutes(["base"], alone)
    assert 5 <= messages <= 10 < RULEBOOK_ADDS["messages"]
    assert set(TABLE_MINUTES) <= set(EXPECTED["everything"])  # only expansions the game has


def test_regression_open_box_menu_hid_the_start_of_what_a_box_holds(config):
    """At 960x640 the open box menu hung over the first lines of the about
    box (seen under Xvfb): it now starts under the list, whole, and goes back
    when a box is chosen."""
    app = make_app(config, size=(960, 640))
    try:
        scene = open_setup(app)
        home = scene.about_box.get_abs_rect().copy()
        centre = scene.box_menu.get_abs_rect().center
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, button=1, pos=centre))
        for _ in range(2):
            app.step(1 / 60)
        listed = scene.box_menu.current_state.options_selection_list
        item = next(i for i in listed.item_list if i["object_id"] == "everything")
        pygame.mouse.set_pos(item["button_element"].get_abs_rect().center)
        for _ in range(2):
            app.step(1 / 60)
        assert scene._about_shown.startswith("Tout\u00a0: le jeu de base avec")
        shown = scene.about_box.get_abs_rect()
        assert not shown.colliderect(listed.get_abs_rect())
        assert scene.about_box.scroll_bar is None  # the whole text shows
        pick_box(app, scene, "everything")
        assert app.stack.top.about_box.get_abs_rect() == home
    finally:
        close(app)
