"""Scene stack routing and the real app: menu -> setup with posted pygame events."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pygame
import pygame_gui
import pytest

from carcassonne_desktop import i18n
from carcassonne_desktop.persistence.settings import load_settings
from carcassonne_desktop.ui.scene import Scene, SceneStack


class Recorder(Scene):
    def __init__(self, name, log, consume=()):
        super().__init__(None)
        self.name, self.log, self.consume = name, log, consume

    def enter(self):
        self.log.append(("enter", self.name))

    def exit(self):
        self.log.append(("exit", self.name))

    def pause(self):
        self.log.append(("pause", self.name))

    def resume(self):
        self.log.append(("resume", self.name))

    def handle_event(self, event):
        self.log.append(("event", self.name, event.type))
        return event.type in self.consume


def test_stack_lifecycle_and_routing():
    log = []
    stack = SceneStack()
    a, b = Recorder("a", log), Recorder("b", log, consume=(pygame.KEYDOWN,))
    stack.push(a)
    stack.push(b)
    assert stack.top is b
    assert stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x)) is True
    assert stack.handle_event(pygame.event.Event(pygame.KEYUP, key=pygame.K_x)) is False
    events = [entry for entry in log if entry[0] == "event"]
    assert all(entry[1] == "b" for entry in events)  # only the top scene hears events
    stack.pop()
    assert stack.top is a
    c = Recorder("c", log)
    stack.replace(c)
    assert log == [("enter", "a"), ("pause", "a"), ("enter", "b"),
                   ("event", "b", pygame.KEYDOWN), ("event", "b", pygame.KEYUP),
                   ("exit", "b"), ("resume", "a"), ("exit", "a"), ("enter", "c")]
    assert len(stack) == 1


def test_non_opaque_scene_draws_over_the_one_below():
    stack = SceneStack()
    log = []
    a, b = Recorder("a", log), Recorder("b", log)
    b.opaque = False
    stack.push(a)
    stack.push(b)
    assert stack.visible() == [a, b]
    b.opaque = True
    assert stack.visible() == [b]


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("CARCASSONNE_CONFIG_DIR", str(tmp_path))
    from carcassonne_desktop.ui.app import App, AppHooks

    started = []

    class FakeGame(Scene):
        def __init__(self, app_, setup):
            super().__init__(app_)
            self.setup = setup
            self.board_events = []

        def handle_event(self, event):
            self.board_events.append(event.type)
            return True

    hooks = AppHooks(game_factory=lambda a, s: started.append(s) or FakeGame(a, s), ai_levels=["random", "medium"])
    application = App(hooks, size=(1280, 800))
    application.set_language("en")
    application.start()
    application.started = started
    yield application
    application.stack.clear()
    i18n.unregister_manager(application.manager)
    pygame.quit()


def _click(app, element):
    pos = element.get_abs_rect().center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    for _ in range(4):
        app.step(1 / 60)


def test_menu_to_setup_to_game_with_real_events(app):
    from carcassonne_desktop.ui.menu_scene import MainMenuScene
    from carcassonne_desktop.ui.setup_scene import SetupScene

    menu = app.stack.top
    assert isinstance(menu, MainMenuScene)
    assert not menu.buttons["continue"].is_enabled  # no saved game
    _click(app, menu.buttons["new_game"])
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    # add a third player, then start
    _click(app, setup.add_button)
    assert len(setup.model.seats) == 3
    _click(app, setup.start_button)
    assert len(app.started) == 1
    record_setup = app.started[0]
    assert [p["color"] for p in record_setup["players"]] == ["red", "blue", "green"]
    assert record_setup["players"][0]["controller"] == "human"
    assert record_setup["players"][1]["controller"].startswith("ai:")
    assert record_setup["options"]["farmers"] is True
    assert record_setup["expansions"] == ["base"]
    # remembered for next time
    assert load_settings().last_setup == record_setup


def test_events_consumed_by_widgets_never_reach_the_scene(app):
    from carcassonne_desktop.ui.scene import Scene as BaseScene

    seen = []

    class Board(BaseScene):
        def build_ui(self, root):
            self.button = pygame_gui.elements.UIButton(pygame.Rect(100, 100, 200, 60), "x", self.manager,
                                                       container=root)

        def handle_event(self, event):
            seen.append(event.type)
            return False

    board = Board(app)
    app.stack.push(board)
    app.step(1 / 60)
    seen.clear()
    _click(app, board.button)
    assert pygame.MOUSEBUTTONDOWN not in seen  # the button took the click
    assert pygame_gui.UI_BUTTON_PRESSED in seen  # ...and the scene hears about the button
    seen.clear()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(700, 500), button=1))
    app.step(1 / 60)
    assert pygame.MOUSEBUTTONDOWN in seen  # a click on the empty board does reach it


def test_escape_goes_back_and_settings_change_language(app):
    from carcassonne_desktop.ui.menu_scene import MainMenuScene
    from carcassonne_desktop.ui.settings_scene import SettingsScene

    menu = app.stack.top
    _click(app, menu.buttons["settings"])
    assert isinstance(app.stack.top, SettingsScene)
    app.set_language("fr")
    assert i18n.tr("menu.quit") == "Quitter"
    assert load_settings().language == "fr"
    scene = app.stack.top
    assert scene.sound_box is not None
    _click(app, scene.sound_box)  # sound is on by default: this turns it off
    assert load_settings().sound is False and not app.sounds.enabled
    _click(app, scene.sound_box)
    assert load_settings().sound is True and app.sounds.history[-1] == "figure"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=41))
    app.step(1 / 60)
    assert isinstance(app.stack.top, MainMenuScene)
    app.set_language("en")


def test_setup_model_swaps_colours_and_validates(app):
    from carcassonne_desktop.ui.setup_scene import SetupModel

    model = SetupModel.default(3)
    assert model.errors() == []
    model.seats[1].name = "  "
    assert "setup.error_names" in model.errors()
    restored = SetupModel.from_setup(
        {"players": [{"name": "A", "color": "red", "controller": "ai:nope"},
                     {"name": "B", "color": "red", "controller": "human"}],
         "expansions": ["river", "unknown"], "options": {"farmers": False}},
        ["human", "ai:random"], ["base", "river"])
    assert [s.color for s in restored.seats][0] == "red"
    assert len({s.color for s in restored.seats}) == 2
    assert restored.seats[0].controller == "human"
    assert restored.expansions == ["base", "river"]
    assert restored.options["farmers"] is False


def test_default_computer_seat_is_medium_or_the_closest_offered():
    from carcassonne_desktop.ui.setup_scene import SetupModel

    model = SetupModel.default(2)
    assert model.seats[1].controller == "ai:medium"
    model.fit_controllers(["human", "ai:random", "ai:easy"])
    assert model.seats[1].controller == "ai:easy"
    model.add_seat()
    assert model.seats[2].controller == "ai:easy"  # a new seat copies the previous one


def test_a_resting_window_is_drawn_once_then_left_alone(app, monkeypatch):
    """Left alone for half a minute with nothing moving, the game stops
    redrawing (each copy to the window is costly without a GPU) and its
    animations stand still; any event brings it back."""
    import carcassonne_desktop.ui.app as app_module
    from carcassonne_desktop.ui.backdrop import FADE_IN_S

    backdrop = app.stack.top.backdrop  # its landscape in (until then the menu moves)
    backdrop.warm(budget_ms=1e9)
    backdrop.update(FADE_IN_S)
    assert backdrop.settled and not app.stack.top.in_motion()
    flips = []
    monkeypatch.setattr(app_module.pygame.display, "flip", lambda: flips.append(1))
    app.realtime = True
    app.last_input_ms = pygame.time.get_ticks()
    app.step(0.05)
    assert len(flips) == 1 and not app.resting
    app.last_input_ms = pygame.time.get_ticks() - int(app_module.REST_AFTER_SECONDS * 1000) - 1000
    assert app.resting and app.frame_rate() == app_module.REST_FPS
    backdrop = app.stack.top.backdrop
    before = backdrop.time
    for _ in range(5):
        app.step(0.05)
    assert len(flips) == 2  # one frame for the resting picture, then none
    assert backdrop.time == before  # the drifting landscape stands still
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 10), rel=(1, 1), buttons=(0, 0, 0)))
    app.step(0.05)
    assert len(flips) == 3 and not app.resting


def test_the_real_window_loop_may_rest(tmp_path, monkeypatch):
    """Regression: `carcassonne` runs its own loop (launcher.run), which
    never switched resting on, so an idle window kept redrawing."""
    import carcassonne_desktop.ui.app as app_module
    from carcassonne_desktop.ui import launcher

    monkeypatch.setenv("CARCASSONNE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CARCASSONNE_DATA_DIR", str(tmp_path / "data"))
    seen = []
    real_step = app_module.App.step

    def step(self, dt=None):
        seen.append(self.realtime)
        return real_step(self, dt)

    monkeypatch.setattr(app_module.App, "step", step)
    assert launcher.run(quit_after_turns=0, settings_file=tmp_path / "settings.json") == 0
    assert seen and all(seen)
