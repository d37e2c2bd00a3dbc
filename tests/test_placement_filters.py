"""Placement filters that keep the groups whole (engine/board.py
`_compute_placements`, `filter_cells`, engine/legal.py): the legal actions
are exactly those of the former rule (every placement exploded into a
triple, then filtered one by one), in the same order, while the groups of
placements sharing an edge pattern stay whole when a filter drops cells only
or does not concern the tile."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from carcassonne_desktop.engine import Game, quick_setup
from carcassonne_desktop.engine.actions import PlaceTile
from carcassonne_desktop.engine.catalogue import TileType
from carcassonne_desktop.engine.decisions import PLACE_TILE
from carcassonne_desktop.engine.expansion import registry
from carcassonne_desktop.engine.expansions.heretics_shrines import (
    centre_kind,
    forbidden_cells,
    placement_problem,
)
from carcassonne_desktop.engine.expansions.shared.river_course import (
    RiverCourse,
    _problem,
    is_river_tile,
    open_ends,
)
from carcassonne_desktop.engine.legal import LegalActions, Placements, regroup

EVERY = tuple(registry())
HERETICS_AND_RIVERS = ("base", "river", "river_ii", "abbot", "heretics_shrines")


def former_placements(game: Game, tile: TileType) -> list[tuple[int, int, int, str]]:
    """The former rule, written out: every (cell, rotation) whose edges fit,
    in the order of the patterns, then every placement judged alone."""
    leads = any(isinstance(e, RiverCourse) for e in game.rules.expansions)
    kind = centre_kind(tile) if "heretics_shrines" in game.rules.expansion_ids else None
    ends = {(e[0], e[1]) for e in open_ends(game)}
    out = []
    for pattern, cells in game.open_by_pattern.items():
        for x, y in cells:
            for rot in tile.fitting_rotations(pattern):
                if leads and is_river_tile(tile) and (
                    (x, y) not in ends or _problem(game, tile, x, y, rot) is not None
                ):
                    continue
                if kind is not None and placement_problem(game, kind, x, y) is not None:
                    continue
                out.append((x, y, rot, tile.id))
    return out


def place_decisions(
    expansions: tuple[str, ...], seeds: range, options: dict[str, bool] | None = None
) -> Iterator[tuple[Game, LegalActions]]:
    """Every place decision of random games (the game, at that decision)."""
    for seed in seeds:
        game = Game(quick_setup(2, seed=seed, expansions=expansions, options=options))
        rng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            if game.pending is not None and game.pending.kind == PLACE_TILE:
                yield game, legal
            game.apply(legal[rng.randrange(len(legal))])


def test_filtered_legal_actions_are_the_former_ones_in_the_same_order() -> None:
    checked = 0
    for expansions, options in ((EVERY, None), (HERETICS_AND_RIVERS, None),
                                (HERETICS_AND_RIVERS, {"hand_of_3": True})):
        for game, legal in place_decisions(expansions, range(4), options):
            expected = [
                p for tile in dict.fromkeys(game.hand)
                for p in former_placements(game, game.rules.catalogue[tile])
            ]
            as_tuples = [(a.x, a.y, a.rot, a.tile) for a in legal]
            assert as_tuples == expected
            assert len(legal) == len(expected)
            assert [legal[i] for i in range(0, len(legal), 7)] == list(legal)[::7]
            assert all(PlaceTile(*p) in legal for p in expected[::5])
            checked += 1
    assert checked > 500


def test_groups_stay_whole_when_no_filter_splits_them() -> None:
    """A tile no rotation rule concerns keeps one group per edge pattern,
    whatever the cell filters dropped (a cloister's neighbours, Heretics)."""
    cloisters = 0
    for game, legal in place_decisions(HERETICS_AND_RIVERS, range(6)):
        tile = game.rules.catalogue[game.hand[0]]
        if is_river_tile(tile):
            continue
        cloisters += centre_kind(tile) is not None
        groups = legal._groups
        patterns = [{game.frontier[cell] for cell in cells} for cells, _, _ in groups]
        assert all(len(p) == 1 for p in patterns)
        assert len({next(iter(p)) for p in patterns}) == len(groups)
    assert cloisters > 10


def test_heretics_forbidden_cells_are_those_the_rule_refuses() -> None:
    """The one-pass forbidden set is the rule cell by cell (placement_problem)."""
    refused = 0
    for game, _ in place_decisions(("base", "abbot", "heretics_shrines"), range(8)):
        for kind in ("cloister", "shrine"):
            expected = {
                cell for cell in game.frontier
                if placement_problem(game, kind, *cell) is not None
            }
            assert forbidden_cells(game, kind) & game.frontier.keys() == expected
            refused += len(expected)
    assert refused > 50


def test_placements_view_reads_like_the_list_and_regroups_in_order() -> None:
    groups = [([(0, 1), (2, 3)], (0, 2), "t"), ([(5, 5)], (1,), "t")]
    view = Placements(groups, 5)
    triples = [(0, 1, 0), (0, 1, 2), (2, 3, 0), (2, 3, 2), (5, 5, 1)]
    assert list(view) == triples and len(view) == 5 and view[3] == (2, 3, 2)
    assert view[-1] == (5, 5, 1) and view[1:3] == triples[1:3]
    assert [view[i] for i in range(5)] == triples
    with pytest.raises(IndexError):
        view[5]
    kept = [triples[0], triples[1], triples[4]]
    assert regroup(kept, "t") == [([(0, 1)], (0, 2), "t"), ([(5, 5)], (1,), "t")]
    assert regroup([], "t") == []
