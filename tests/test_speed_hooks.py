"""The works and hooks skipped when they cannot matter, and the expansions'
quicker hot paths (issue 28, "Speed with everything", session 3), give the
answers of the long way round.

As in `tests/test_speed_caches.py`: each shortcut is compared with what it
replaces after every action of random games with every expansion.
"""

from __future__ import annotations

import random

import pytest

from carcassonne_desktop.engine import Game, Rules, quick_setup
from carcassonne_desktop.engine.expansions import mage_witch
from tests.test_speed_caches import EVERYTHING, SEEDS, _random_positions

__all__ = ["EVERYTHING"]


@pytest.fixture(scope="module")
def rules() -> Rules:
    return Rules(quick_setup(2, expansions=EVERYTHING))


# ----------------------------------------------------- the mage and the witch
def _root_the_long_way(game: Game, figure: str) -> int | None:
    node = game.neutral_node(figure)
    return game.find(node) if node is not None else None


def _together_the_long_way(game: Game) -> int | None:
    mage = _root_the_long_way(game, mage_witch.MAGE)
    return mage if mage is not None and mage == _root_the_long_way(
        game, mage_witch.WITCH) else None


@pytest.mark.parametrize("seed", SEEDS)
def test_mage_witch_together_skips_the_walk_only_with_one_out_of_play(seed: int,
                                                                      rules: Rules) -> None:
    """`together` answers at once when the mage or the witch is out of play;
    its answer is the two figures' roots compared, after every action, and
    each figure's root (read in place) is the core's `neutral_node`'s."""
    out = both = 0
    for game in _random_positions(seed, rules):
        assert mage_witch.together(game) == _together_the_long_way(game)
        for figure in mage_witch.FIGURES:
            assert mage_witch.figure_root(game, figure) == _root_the_long_way(game, figure)
        in_play = [f for f in mage_witch.FIGURES if f in game.neutral_figures]
        out += len(in_play) < 2
        if in_play:
            # random games never bring them together: put them on one feature
            joined = game.copy()
            spot = joined.neutral_figures[in_play[0]]
            for figure in mage_witch.FIGURES:
                joined.neutral_figures[figure] = spot
            assert mage_witch.together(joined) == _together_the_long_way(joined) is not None
            both += 1
    assert out > 20 and both > 20


# ------------------------------------------- works and hooks skipped per tile
def _play(seed: int, rules: Rules, expansions: tuple[str, ...] = EVERYTHING
          ) -> tuple[object, ...]:
    """A random game (with every expansion unless told otherwise; `rules` are
    those of the same expansions): every action's events, the end."""
    game = Game(quick_setup(2, seed=seed, expansions=expansions), rules)
    rng = random.Random(seed)
    told: list[object] = [tuple(game.opening_events)]
    while not game.is_over:
        actions = game.legal_actions()
        told.append(tuple(game.apply(actions[rng.randrange(len(actions))])))
    return (*game.state_key(), tuple(game.history), tuple(told))


def _every_work_and_hook(rules: Rules, monkeypatch: pytest.MonkeyPatch) -> None:
    """The long way: every work of the plan and every `on_tile_placed` hook
    after every tile."""
    monkeypatch.setattr(rules, "runs_after", lambda tile: rules.plan_runs)
    monkeypatch.setattr(rules, "placed_hooks", lambda tile: rules.hooks["on_tile_placed"])


@pytest.mark.parametrize("seed", (*SEEDS, 3, 4))
def test_works_and_hooks_skipped_per_tile_change_no_game(seed: int, rules: Rules,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """Random games with every expansion tell the same events and end in the
    same state whether the driver skips the works and the board the hooks
    that cannot matter after a tile (`Work.tiles`, `Expansion.watches_tile`)
    or calls every one of them after every tile."""
    quick = _play(seed, rules)
    skipped = sum(run is None for runs in rules.tile_runs.values() for run in runs)
    assert skipped > 100  # works were skipped after many tile types
    assert sum(len(h) < len(rules.hooks["on_tile_placed"])
               for h in rules.tile_placed.values()) > 50
    with monkeypatch.context() as patch:
        _every_work_and_hook(rules, patch)
        full = _play(seed, rules)
    assert quick == full


def test_works_name_the_tiles_they_act_after(rules: Rules) -> None:
    """The gold mines' ingot after a gold tile, the robbers after a robber
    tile, the crop circles after a circle, the catapult after the fair, the
    ferries after a lake or a road: each work is skipped after every other
    tile and run after its own."""
    named = {work.name: index for index, work in enumerate(rules.plan) if work.tiles}
    assert set(named) == {"gold_mines.place", "robbers.place", "crop_circles.round",
                          "catapult.round", "ferries.ferries"}
    marks = {"gold_mines.place": "gold", "robbers.place": "robber",
             "crop_circles.round": "crop_circle", "catapult.round": "fair"}
    for tile in rules.catalogue:
        runs = rules.runs_after(tile)
        for name, index in named.items():
            if name == "ferries.ferries":  # a ferry to put, or a road to a ferry to turn
                acts = bool(tile.flags.get("ferry_lake")) or "road" in tile.feature_kinds
            else:
                acts = bool(tile.flags.get(marks[name]))
            assert (runs[index] is not None) == acts, (name, tile.id)
        assert [run for run in runs if run is not None] == [
            work.run for work in rules.plan if work.name not in named or runs[named[work.name]]]


def test_placed_hooks_name_river_tiles_and_the_volcano(rules: Rules) -> None:
    """The rivers watch their river tiles (River II its volcano too); every
    other `on_tile_placed` hook watches every tile."""
    from carcassonne_desktop.engine.expansions.shared.river_course import is_river_tile

    every = rules.hooks["on_tile_placed"]
    for tile in rules.catalogue:
        hooks = rules.placed_hooks(tile)
        expected = tuple(e for e in every if e.id not in ("river", "river_ii")
                         or is_river_tile(tile)
                         or (e.id == "river_ii" and tile.flags.get("volcano")))
        assert hooks == expected, tile.id


def test_work_naming_tiles_before_the_placement_is_refused() -> None:
    """A work of the draw step cannot name the tile placed: it would be the
    last turn's (the setup says so at once)."""
    from carcassonne_desktop.engine.errors import SetupError
    from carcassonne_desktop.engine.turn import Work, compile_plan, tiles_flagged

    def nothing(game: Game, events: list[object]) -> None:
        return None

    with pytest.raises(SetupError, match="before the placement"):
        compile_plan((), (Work("draw", nothing, name="toy", tiles=tiles_flagged("gold")),))
    assert compile_plan((), (Work("after_place", nothing, name="toy",
                                  tiles=tiles_flagged("gold")),))


# ------------------------------------------------------------------ the rivers
def test_river_ports_kept_per_rotated_tile_match_the_tile(rules: Rules) -> None:
    """The river's edges of every rotated tile, asked twice (the second
    answer is the kept one), are those its river segments reach."""
    from carcassonne_desktop.engine.expansions.shared.river_course import RIVER, river_ports

    rivers = 0
    for tile in rules.catalogue:
        for rotated in tile.rotations:
            expected = tuple(port for local, spec in enumerate(tile.features)
                             if spec.kind == RIVER
                             for port in rotated.feature_ports[local] if port < 4)
            assert river_ports(rotated) == expected == river_ports(rotated)
            rivers += bool(expected)
    assert rivers > 50


@pytest.mark.parametrize("boxes", [("river",), ("river_ii",), ("river", "river_ii"),
                                   ("river_ii", "river", "wheel_of_fortune")])
def test_river_lead_kept_per_rules_is_the_first_river_box(boxes: tuple[str, ...]) -> None:
    """With one river box it keeps the course; with both, The River (first in
    the registry's order) does and River II's hooks stand aside: asked twice,
    and for two games of the rules."""
    from carcassonne_desktop.engine.expansions.shared.river_course import RiverCourse

    rules = Rules(quick_setup(2, expansions=boxes))
    games = [Game(quick_setup(2, seed=seed, expansions=boxes), rules) for seed in (1, 2)]
    rivers = [e for e in rules.expansions if isinstance(e, RiverCourse)]
    assert len(rivers) == len([b for b in boxes if b.startswith("river")])
    for game in games * 2:
        assert [e.leads(game) for e in rivers] == [e is rivers[0] for e in rivers]
    assert rivers[0].id == ("river" if "river" in boxes else "river_ii")


# ---------------------------------------------------------- the shepherds
@pytest.mark.parametrize("seed", SEEDS)
def test_shepherd_spot_skips_the_walk_only_with_the_shepherd_at_home(seed: int,
                                                                     rules: Rules) -> None:
    """Each player's shepherd found on the board (asked by the flock's and the
    shepherd's works every turn) is the one the walk over every figure placed
    finds, with the shepherd in the supply or not."""
    from carcassonne_desktop.engine.expansions import hills_sheep

    home = away = 0
    for game in _random_positions(seed, rules):
        for player in range(game.num_players):
            walked = next((spot for spot in game.figures_placed
                           if spot[0] == player and spot[1] == hills_sheep.SHEPHERD), None)
            assert hills_sheep._shepherd_spot(game, player) == walked
            home += walked is None
            away += walked is not None
    assert home > 50 and away > 50


@pytest.mark.parametrize("boxes", [EVERYTHING, ("river_ii",), ("river", "river_ii"),
                                   ("river_ii", "heretics_shrines")])
def test_river_tile_fits_at_the_ends_as_the_full_listing_says(boxes: tuple[str, ...]) -> None:
    """River II's dead-river check judges each river tile on the river's open
    ends only: after every action of the river phase of random games, for
    every river tile of the catalogue, its placements are those of the core's
    full listing (filters included), and so is the answer "it fits"."""
    from carcassonne_desktop.engine.expansions.river_ii import end_placements, river_tile_fits
    from carcassonne_desktop.engine.expansions.shared.river_course import is_river_tile
    from carcassonne_desktop.engine.legal import LegalActions

    rules = Rules(quick_setup(2, expansions=boxes))
    rivers = [tile for tile in rules.catalogue if is_river_tile(tile)]
    fits = misfits = 0
    for seed in (1, 2, 3):
        game = Game(quick_setup(2, seed=seed, expansions=boxes), rules)
        rng = random.Random(seed)
        for _ in range(60):
            if game.is_over:
                break
            for tile in rivers:
                listed = game.placement_count(tile.id)
                assert river_tile_fits(game, tile) == (listed > 0), (seed, tile.id)
                full = LegalActions(game._compute_placements(tile)[0], []).placements()
                assert sorted(end_placements(game, tile)) == sorted(
                    (x, y, rot) for x, y, rot, _ in full), (seed, tile.id)
                fits += listed > 0
                misfits += listed == 0
            actions = game.legal_actions()
            game.apply(actions[rng.randrange(len(actions))])
    assert fits > 100 and misfits > 100
