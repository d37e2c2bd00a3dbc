"""The Ferries in the interface: the lake in the middle of its tiles with the
roads running into it, each ferry drawn on its lake between the two ends it
links (redrawn when it turns), the ferries that may turn ringed, the answers
named by their ends, and the log's lines."""

from __future__ import annotations

import json
import os
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from carcassonne_desktop.engine import GameRecord  # noqa: E402
from carcassonne_desktop.engine.expansions.ferries import (  # noqa: E402
    FERRY,
    FERRY_MOVE,
    MoveFerry,
    PlaceFerry,
)
from carcassonne_desktop.engine.tile_layout import tile_layout  # noqa: E402
from carcassonne_desktop.ui.camera import Camera  # noqa: E402
from carcassonne_desktop.ui.expansions import expansion_choice_label  # noqa: E402
from carcassonne_desktop.ui.expansions.ferries import (  # noqa: E402
    LAKE_PROP,
    crossing,
    lake_centre,
    paint_ferries,
    ring_movable,
)
from carcassonne_desktop.ui.game_log import describe  # noqa: E402
from carcassonne_desktop.ui.game_texts import decision_title  # noqa: E402
from carcassonne_desktop.ui.resources import colour  # noqa: E402
from tests.test_ui_gold_mines import french  # noqa: E402,F401 (every test in French)

GOLDEN = Path(__file__).parent / "golden_expansions"
DATA = Path(__file__).resolve().parent.parent / "carcassonne_desktop" / "engine" / "data"
TILES = {t["id"]: t for t in json.loads((DATA / "ferries.json").read_text("utf-8"))["tiles"]}

pygame.init()


def _replay(upto: int | None = None):
    record = json.loads((GOLDEN / "ferry_turned_rouge_and_jaune_part.json")
                        .read_text(encoding="utf-8"))["record"]
    return GameRecord.from_json(record).replay(upto)


def test_every_road_of_a_lake_tile_runs_into_the_lake() -> None:
    for tile in TILES.values():
        layout = tile_layout(tile)
        lakes = [p for p in layout.props if p.kind == LAKE_PROP]
        assert len(lakes) == 1, tile["id"]
        roads = [path for path in layout.paths if path.kind == "road"]
        assert len(roads) in (3, 4)
        for path in roads:
            assert path.strokes[0][-1] == lakes[0].pos, tile["id"]
        assert not any(p.kind == "junction" for p in layout.props)  # no hamlet under it


def test_the_answers_are_named_by_their_ends_and_numbered_when_several_ferries_may_turn(
        ) -> None:
    game = _replay(upto=4).game
    assert game.pending is not None and game.pending.kind == FERRY
    assert decision_title(FERRY) == "Les Bacs\u00a0: quelles routes relier\u00a0?"
    assert expansion_choice_label(FERRY, game, PlaceFerry(1, 0, ("E", "W"))) == "Est – Ouest"
    game = _replay(upto=7).game
    assert game.pending is not None and game.pending.kind == FERRY_MOVE
    assert expansion_choice_label(FERRY_MOVE, game, MoveFerry(1, 0, ("S", "W"))) == "Sud – Ouest"
    several = game.pending._replace(subject=((1, 0), (5, 5)))
    game.pending = several
    assert expansion_choice_label(FERRY_MOVE, game, MoveFerry(1, 0, ("S", "W"))) == \
        "Bac 1\u00a0: Sud – Ouest"


def test_the_log_tells_the_ferry_put_and_turned() -> None:
    replay = _replay()
    lines = [describe(e, ("Rouge", "Jaune")) for _, e in replay.events
             if e.kind in ("ferry_placed", "ferry_moved")]
    assert lines == ["Jaune pose un bac\u00a0: Est – Ouest.",
                     "Rouge fait pivoter un bac\u00a0: Est – Ouest devient Sud – Ouest."]


def _ferry_pixels(game) -> tuple[pygame.Surface, Camera]:
    surface = pygame.Surface((640, 480))
    surface.fill((0, 0, 0))
    camera = Camera(pygame.Rect(0, 0, 640, 480), zoom=120, centre=(1.5, 0.5))
    paint_ferries(surface, camera, game)
    return surface, camera


def test_the_ferry_is_drawn_between_its_ends_and_redrawn_when_it_turns() -> None:
    before = _replay(upto=7).game  # the ferry W-E at (1, 0)
    after = _replay().game  # turned to W-S
    centre = lake_centre(TILES["ferries/02"], 0)
    assert centre == pytest.approx((0.5, 0.5), abs=0.05)
    road, boat, rim = (tuple(colour("tile", name))[:3] for name in ("road", "fence", "fence_dark"))
    for game, link in ((before, ("E", "W")), (after, ("S", "W"))):
        surface, camera = _ferry_pixels(game)
        mx, my = camera.world_to_screen(1 + centre[0], centre[1])
        a, b, _ = (camera.world_to_screen(*p) for p in crossing(1, 0, centre, link))
        for qx, qy, ox, oy in ((*a, *b), (*b, *a)):  # a fifth of the way from each quay
            drawn = surface.get_at((round(qx + (ox - qx) * 0.2), round(qy + (oy - qy) * 0.2)))[:3]
            assert drawn in (road, boat, rim), link
        for side in {"E", "S", "W"} - set(link):
            # the end the ferry does not link stays bare, a little inside its quay
            qx, qy = camera.world_to_screen(*crossing(1, 0, centre, (side, side))[0])
            drawn = surface.get_at((round(qx + (mx - qx) * 0.25), round(qy + (my - qy) * 0.25)))[:3]
            assert drawn == (0, 0, 0), (link, side)


def test_the_ferries_that_may_turn_are_ringed_only_while_they_may() -> None:
    asking = _replay(upto=7).game
    done = _replay().game
    rings = []
    for game in (asking, done):
        surface = pygame.Surface((640, 480))
        surface.fill((0, 0, 0))
        camera = Camera(pygame.Rect(0, 0, 640, 480), zoom=120, centre=(1.5, 0.5))
        ring_movable(surface, camera, game, None)
        rings.append(pygame.mask.from_threshold(surface, colour("ui", "accent"),
                                                (1, 1, 1, 255)).count())
    assert rings[0] > 100 and rings[1] == 0


def test_a_lake_s_tooltip_says_what_it_is_for_not_its_points() -> None:
    """Regression (played by hand): pointing at the lake said "Lac : 0 point en
    l'état (élément inachevé), personne ne l'occupe"; a feature that never
    scores is named with its notes only."""
    from carcassonne_desktop.ui.game_texts import feature_lines

    game = _replay().game
    info = game.feature_at(1, 0, "C")
    assert info is not None and info.kind == "lake"
    assert feature_lines(game, info) == [
        "Lac", "Les routes s’arrêtent au lac\u00a0; le bac en relie deux."]
    road = game.feature_at(1, 0, "E")
    assert road is not None and len(feature_lines(game, road)) == 2


#: The window, in French (the fixture of the flock decision's tests).
from tests import test_ui_decisions  # noqa: E402
from tests.test_ui_game_flow import _dismiss_banner, _steps  # noqa: E402

app = test_ui_decisions.app


def _lake_placed(app, port: str):  # type: ignore[no-untyped-def]
    """The game screen, Rouge's lake tile put at (2, 0) and a follower on its
    `port` end (ferry_links_rouge_to_bleu after 4 actions): the ferry is asked."""
    from carcassonne_desktop.engine.actions import Deploy
    from carcassonne_desktop.ui.game_scene import GameScene

    record = json.loads((GOLDEN / "ferry_links_rouge_to_bleu.json").read_text("utf-8"))["record"]
    game = GameRecord.from_json({**record, "actions": record["actions"][:4]}).replay().game
    scene = GameScene(app, game)
    app.stack.push(scene)
    _steps(app)
    _dismiss_banner(scene, app)
    c = scene.human_controller()
    assert c is not None and c.place((2, 0))
    c.choose(Deploy("follower", 2, 0, port))
    assert c.decision is not None and c.decision.kind == FERRY
    return scene, c


def test_before_confirming_the_board_shows_the_ferry_just_put(app) -> None:
    """Regression (played by hand): after the follower and the ferry, the board
    waiting for "Valider" was drawn as before the ferry: the link chosen did
    not show until the turn was confirmed."""
    from carcassonne_desktop.engine.expansions.ferries import ferry_links
    from carcassonne_desktop.ui.placement_controller import READY

    scene, c = _lake_placed(app, "S")
    c.choose(PlaceFerry(2, 0, ("S", "W")))
    assert c.state == READY and len(scene.game.history) == 4  # not confirmed yet
    assert ferry_links(scene.display_game()) == {(2, 0): ("S", "W")}


def test_two_road_ends_clicked_in_turn_name_the_link() -> None:
    """The ferry's answer by the board: a first road end is picked, a second
    one of the same lake answers; the same end again drops it; the lake, a
    field or another tile pick nothing. A turned ferry's own link is no turn."""
    from carcassonne_desktop.ui.expansions import feature_pick

    game = _replay(upto=4).game
    decision = game.pending
    assert feature_pick(game, decision, (), (1, 0, "E")) == ((1, 0, "E"),)
    assert feature_pick(game, decision, ((1, 0, "E"),), (1, 0, "E")) == ()
    assert feature_pick(game, decision, ((1, 0, "E"),), (1, 0, "W")) == \
        PlaceFerry(1, 0, ("E", "W"))
    for elsewhere in ((1, 0, "C"), (1, 0, "NW"), (0, 0, "E"), (-1, 0, "W")):
        assert feature_pick(game, decision, ((1, 0, "E"),), elsewhere) is None
    game = _replay(upto=7).game  # the ferry at (1, 0) is E-W and may turn
    decision = game.pending
    assert feature_pick(game, decision, ((1, 0, "W"),), (1, 0, "S")) == \
        MoveFerry(1, 0, ("S", "W"))
    assert feature_pick(game, decision, ((1, 0, "W"),), (1, 0, "E")) == ()


def test_the_ferry_is_put_by_clicking_two_road_ends_on_the_board(app) -> None:
    """Issue 25: "choosing a link is a click on two ends"; the first end picked
    is lit until the second click answers."""
    from carcassonne_desktop.engine.expansions.ferries import ferry_links
    from carcassonne_desktop.ui.placement_controller import READY
    from tests.test_ui_game_flow import _click_at

    scene, c = _lake_placed(app, "E")
    scene.camera.focus(2, 0, immediate=True)
    _steps(app)
    rect = scene.camera.tile_rect(2, 0)

    def end(dx: float, dy: float) -> tuple[float, float]:  # a road end, near its edge
        return rect.centerx + dx * rect.width * 0.4, rect.centery + dy * rect.height * 0.4

    _click_at(app, end(0, 1))  # S
    assert c.picked == ((2, 0, "S"),) and c.state != READY
    _click_at(app, end(-1, 0))  # W
    assert c.state == READY and c.picked == ()
    assert ferry_links(c.board_game) == {(2, 0): ("S", "W")}


def test_after_a_followed_pass_the_hint_speaks_of_the_ferry_regression_hint_said_keep_followers():
    """Followed advice to pass left the pill saying "keep your followers"
    over the ferry's question that came next (seen under Xvfb)."""
    from carcassonne_desktop.engine import PASS
    from carcassonne_desktop.engine.actions import parse_action
    from carcassonne_desktop.ui.hint import ANSWER, NO_FIGURE, HintAdvisor
    from carcassonne_desktop.ui.placement_controller import DECIDE, FIGURE, PlacementController

    with open("tests/golden_expansions/ferry_turned_rouge_and_jaune_part.json",
              encoding="utf-8") as f:
        record = json.load(f)["record"]
    advised = [parse_action(a) for a in record["actions"][5:8]]
    record["actions"] = record["actions"][:5]
    c = PlacementController(GameRecord.from_json(record).replay().game)
    advisor = HintAdvisor()
    advisor.actions, advisor._shown_for = tuple(advised), c.serial
    advisor._turns_of_tile = c.turns_of_tile
    assert advisor.follow(c) and c.state == FIGURE  # the tile, where advised
    assert advisor._still_fits(c) and advisor.message == NO_FIGURE
    assert advisor.actions[0] == PASS
    assert advisor.follow(c) and c.state == DECIDE  # the pass; the ferry's question
    assert advisor.message == ANSWER
