"""The placement-preview controller: a tentative turn on a copy, no pygame."""

from carcassonne_desktop.engine import PASS, Deploy, Game, PlaceTile, quick_setup
from carcassonne_desktop.ui.placement_controller import FIGURE, PLACE, READY, PlacementController


def _game(**kwargs):
    return Game(quick_setup(players=2, seed=4, **kwargs))


def test_legal_cells_come_from_the_engine():
    game = _game()
    c = PlacementController(game)
    expected = {}
    for action in game.legal_actions():
        expected.setdefault((action.x, action.y), set()).add(action.rot)
    assert {cell: set(rots) for cell, rots in c.legal_cells().items()} == expected


def test_hover_snaps_to_a_fitting_rotation_and_rotate_skips_illegal_ones():
    game = _game()
    c = PlacementController(game)
    cell, rots = next((cell, rots) for cell, rots in c.legal_cells().items() if len(rots) < 4)
    c.rotation = next(r for r in range(4) if r not in rots)
    c.set_hover(cell)
    assert c.rotation in rots and c.ghost_fits
    seen = set()
    for _ in range(4):
        c.rotate()
        seen.add(c.rotation)
    assert seen == set(rots)
    c.set_hover((50, 50))  # far away: nothing fits, rotation turns freely
    assert not c.ghost_fits
    before = c.rotation
    c.rotate()
    assert c.rotation == (before + 1) % 4


def test_place_deploy_undo_confirm_never_touch_the_real_game():
    game = _game()
    key = game.state_key()
    c = PlacementController(game)
    cell = next(iter(c.legal_cells()))
    assert c.place(cell)
    assert c.state == FIGURE and game.state_key() == key
    spots = c.spots()
    assert spots and all(s.figures for s in spots)
    c.deploy(spots[0])
    assert c.state == READY and game.state_key() == key
    assert c.undo() and c.state == FIGURE
    assert c.undo() and c.state == PLACE and c.hover == cell
    assert c.place(cell)
    c.pass_turn()
    actions = c.confirm()
    assert isinstance(actions[0], PlaceTile) and actions[1] == PASS
    for action in actions:
        game.apply(action)
    assert game.phase == "place_tile" and len(game.history) == 2


def test_illegal_click_does_nothing():
    game = _game()
    c = PlacementController(game)
    assert c.place((40, 40)) == [] and c.state == PLACE
    assert c.confirm() == []


def test_large_follower_is_a_second_figure_choice():
    game = _game(expansions=("base", "inns_cathedrals"))
    c = PlacementController(game)
    for cell in c.legal_cells():
        c.place(cell)
        if len(c.figure_kinds()) > 1:
            break
        c.undo()
    assert c.figure_kinds()[:2] == ["follower", "large_follower"]
    c.choose_figure_kind("large_follower")
    spot = c.spots()[0]
    c.deploy(spot)
    assert isinstance(c.figure_action, Deploy) and c.figure_action.figure == "large_follower"


def test_hand_of_three_lets_the_player_choose_the_tile():
    game = _game(options={"hand_of_3": True})
    c = PlacementController(game)
    assert len(c.hand) == 3
    c.select_tile(2)
    assert c.selected_tile == game.hand[2]
    cell = next(iter(c.legal_cells()))
    c.place(cell)
    assert c.place_action is not None and c.place_action.tile == game.hand[2]


def test_resumed_mid_turn_starts_at_the_figure_step():
    game = _game()
    game.apply(next(iter(game.legal_actions())))
    c = PlacementController(game)
    assert c.state == FIGURE and not c.can_undo
    c.pass_turn()
    assert c.confirm() == [PASS]


def test_keyboard_play_cycles_legal_cells_and_spots():
    from carcassonne_desktop.engine import Game, quick_setup
    from carcassonne_desktop.ui.placement_controller import FIGURE, READY, PlacementController

    game = Game(quick_setup(2, tile_order=("base/U", "base/U")))
    c = PlacementController(game)
    seen = {c.cycle_cell() for _ in range(len(c.legal_cells()))}
    assert seen == set(c.legal_cells())  # Tab visits every legal square once
    assert c.ghost_fits
    c.place()
    assert c.state == FIGURE
    first = c.cycle_spot()
    second = c.cycle_spot()
    assert first is not None and second is not None and first != second
    assert c.cycle_spot(-1) == first
    c.deploy_selected()
    assert c.state == READY
    assert c.actions()[1].port == first.port


def test_hint_after_the_tile_is_down_preselects_the_advised_figure() -> None:
    import time

    from carcassonne_desktop.ai.advice import suggest_turn
    from carcassonne_desktop.engine import Deploy, Game, Rules, quick_setup
    from carcassonne_desktop.ui.hint import FIGURE_HERE, NO_FIGURE, HintAdvisor
    from carcassonne_desktop.ui.placement_controller import PlacementController

    setup = quick_setup(2, seed=5)
    game = Game(setup, Rules(setup))
    c = PlacementController(game)
    c.place(next(iter(c.legal_cells())))
    advisor = HintAdvisor()
    assert advisor.request(c) and advisor.thinking
    deadline = time.monotonic() + 20
    while advisor.thinking and time.monotonic() < deadline:
        advisor.update(c)
        time.sleep(0.01)
    expected = suggest_turn(c.tentative)
    assert advisor.actions == expected
    if isinstance(expected[0], Deploy):
        assert advisor.message == FIGURE_HERE
        spot = c.spots()[c.selected_spot]
        assert (spot.x, spot.y, spot.port) == (expected[0].x, expected[0].y, expected[0].port)
    else:
        assert advisor.message == NO_FIGURE
    c.pass_turn()  # the player decides otherwise: the advice goes away
    advisor.update(c)
    assert advisor.message is None and not advisor.actions


def test_a_player_with_nothing_to_deploy_goes_straight_to_confirmation():
    """Regression (family table #8): with no follower left the turn stopped at
    'deploy or pass'; now the pass is made for the player, and taking back
    returns to the placement, not to a step with nothing to choose."""
    from carcassonne_desktop import i18n
    from carcassonne_desktop.ui.game_texts import status

    game = Game(quick_setup(2, tile_order=("base/U", "base/U")))
    game.supply[0] = {name: 0 for name in game.supply[0]}
    c = PlacementController(game)
    cell = next(iter(c.legal_cells()))
    c.set_hover(cell)
    c.place()
    assert c.state == READY and c.auto_passed
    assert [a.type for a in c.confirm()] == ["place_tile", "pass"]
    said = status(game, c, final_running=False, thinking=False)
    assert said.title == i18n.tr("hud.nothing_to_deploy")
    assert c.undo() and c.state == PLACE


def test_choosing_the_abbot_offers_only_its_spots_and_names_it():
    """Regression (family table #7): with the abbot chosen, road and field spots
    were still offered and a click there silently deployed a follower."""
    from carcassonne_desktop import i18n
    from carcassonne_desktop.ui.game_texts import status

    game = Game(quick_setup(2, expansions=("base", "abbot"), tile_order=("base/B", "base/B")))
    c = PlacementController(game)
    c.set_hover((0, 1))
    c.place()
    assert len(c.spots()) >= 2  # the follower: cloister and field
    c.choose_figure_kind("abbot")
    assert [s.port for s in c.spots()] == ["C"]
    c.deploy(c.spots()[0])
    assert c.figure_action == Deploy("abbot", 0, 1, "C")
    i18n.set_language("fr")
    try:
        assert status(game, c, final_running=False, thinking=False).title.startswith("Abbé posé")
    finally:
        i18n.set_language("en")
