"""The board's shortcuts for speed with all nineteen (issue 28, "Speed with
everything", the board's placements and the figure step) give the answers of
the long way round, after every action of random games.

Each comparison is a function returning what differs, and each has a test
that feeds it a wrong answer and sees it complain: a comparison that could
never fail would prove nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from carcassonne_desktop.engine import Game, Rules, figure_step, quick_setup
from carcassonne_desktop.engine.actions import Action
from carcassonne_desktop.engine.board import _templates
from carcassonne_desktop.engine.catalogue import RotatedTile, TileType
from carcassonne_desktop.engine.features import NEIGHBOURHOOD
from carcassonne_desktop.engine.figure_step import deploy_candidates
from carcassonne_desktop.engine.geometry import NEIGHBOURHOOD as AROUND
from tests.test_speed_caches import EVERYTHING, _random_positions

ROWS = (("base",), EVERYTHING)


@pytest.fixture(scope="module")
def every_rules() -> dict[tuple[str, ...], Rules]:
    return {row: Rules(quick_setup(2, expansions=row)) for row in ROWS}


# ------------------------------------------------------ the figure step's list
def _deploy_pairs_the_long_way(game: Game, rotated: RotatedTile) -> list[tuple[str, int, str]]:
    """(figure, local feature, port) for every figure of the player's supply
    whose kinds include the feature's, features in order, figures in the
    rules' order: what the figure step tested for each tile placed."""
    supply = game.supply[game.turn_player]
    return [
        (figure.name, local, rotated.canonical_ports[local])
        for local, spec in enumerate(rotated.tile.features)
        for figure in game.rules.figures
        if supply.get(figure.name, 0) > 0 and spec.kind in figure.kinds
    ]


def _candidate_mismatch(game: Game) -> str | None:
    """What the kept candidates of the tile just placed get wrong, if anything."""
    assert game.last_placed is not None
    rotated = game.board[game.last_placed][0]
    supply = game.supply[game.turn_player]
    kept = [
        (figure.name, local, port)
        for local, port, fitting in deploy_candidates(game.rules.figures, rotated)
        for figure in fitting
        if supply.get(figure.name, 0) > 0
    ]
    expected = _deploy_pairs_the_long_way(game, rotated)
    return None if kept == expected else f"{rotated.tile.id} rot {rotated.rot}: {kept} != {expected}"


@pytest.mark.parametrize("row", ROWS, ids=("base", "everything"))
def test_deploy_candidates_kept_per_rotated_tile_match_every_figure_tested(
        row: tuple[str, ...], every_rules: dict[tuple[str, ...], Rules]) -> None:
    """The figures kept for each feature of a rotated tile are the ones the
    figure step found by testing every figure of the supply against every
    feature, at every figure step of random games (both rules alternate, so
    a candidate kept for the other rules' figures would show)."""
    checked = deployable = 0
    for seed in (1, 2):
        for game in _random_positions(seed, every_rules[row], row):
            if game.pending is None or game.pending.kind != "figure":
                continue
            assert _candidate_mismatch(game) is None
            other = every_rules[ROWS[ROWS.index(row) - 1]]
            assert game.last_placed is not None
            deploy_candidates(other.figures, game.board[game.last_placed][0])
            checked += 1
            deployable += bool(_deploy_pairs_the_long_way(game, game.board[game.last_placed][0]))
    assert checked > 100 and deployable > 50


def test_deploy_candidates_mismatch_is_seen(every_rules: dict[tuple[str, ...], Rules]) -> None:
    """A wrong kept answer (a figure dropped from a feature) is reported."""
    rules = every_rules[EVERYTHING]
    for game in _random_positions(3, rules, EVERYTHING):
        if game.pending is not None and game.pending.kind == "figure" and \
                _deploy_pairs_the_long_way(game, game.board[game.last_placed][0]):  # type: ignore[index]
            break
    else:
        pytest.fail("no figure step with a figure to deploy")
    rotated = game.board[game.last_placed][0]  # type: ignore[index]
    right = deploy_candidates(rules.figures, rotated)
    local, port, fitting = right[0]
    try:
        figure_step._CANDIDATES[rotated] = (rules.figures, ((local, port, fitting[1:]), *right[1:]))
        assert _candidate_mismatch(game) is not None
    finally:
        figure_step._CANDIDATES[rotated] = (rules.figures, right)
    assert _candidate_mismatch(game) is None


def test_deploy_candidates_rebuilt_for_other_figures(
        every_rules: dict[tuple[str, ...], Rules]) -> None:
    """A rotated tile asked with another rules' figures gets its own answer,
    not the one kept for the first (the tile types are shared by every
    game of the process)."""
    base, everything = every_rules[("base",)], every_rules[EVERYTHING]
    tile: TileType = base.catalogue["base/D"]  # a city, a road, two fields
    rotated = tile.rotations[1]
    with_base = deploy_candidates(base.figures, rotated)
    with_everything = deploy_candidates(everything.figures, rotated)
    assert {f.name for _, _, fitting in with_base for f in fitting} == {"follower"}
    assert {f.name for _, _, fitting in with_everything for f in fitting} > {"follower"}
    assert deploy_candidates(base.figures, rotated) == with_base


# ------------------------- the open cells by pattern, the cells cloisters wait for
def _bucket_mismatch(game: Game) -> str | None:
    """What the buckets of open cells by pattern get wrong against the
    frontier (every open cell with its pattern), if anything."""
    by_frontier: dict[int, set[tuple[int, int]]] = {}
    for cell, pattern in game.frontier.items():
        by_frontier.setdefault(pattern, set()).add(cell)
    for pattern, cells in game.open_by_pattern.items():
        if len(set(cells)) != len(cells) or not cells:
            return f"pattern {pattern}: bucket {cells} is empty or holds a cell twice"
    buckets = {pattern: set(cells) for pattern, cells in game.open_by_pattern.items()}
    return None if buckets == by_frontier else f"{buckets} != {by_frontier}"


def _waiting_mismatch(game: Game) -> str | None:
    """What the cells waited for by cloister-like features get wrong against
    a walk over the board (each empty cell around such a feature's tile lists
    its node, in the order the tiles were placed), if anything."""
    expected: dict[tuple[int, int], list[int]] = {}
    for (x, y), (rotated, base) in game.board.items():
        for local, template in enumerate(_templates(rotated.tile)):
            if template[1] != NEIGHBOURHOOD:
                continue
            for dx, dy in AROUND:
                if (x + dx, y + dy) not in game.board:
                    expected.setdefault((x + dx, y + dy), []).append(base + local)
    kept = {cell: list(nodes) for cell, nodes in game.waiting_cells.items()}
    return None if kept == expected else f"{kept} != {expected}"


@pytest.mark.parametrize("row", ROWS, ids=("base", "everything"))
def test_pattern_buckets_match_the_frontier_after_every_action(
        row: tuple[str, ...], every_rules: dict[tuple[str, ...], Rules]) -> None:
    """Each open cell sits in the bucket of its pattern, once, in a game and
    in a copy played on (the copy shares the buckets it did not change)."""
    waited = 0
    for game in _random_positions(4, every_rules[row], row):
        assert _bucket_mismatch(game) is None
        assert _waiting_mismatch(game) is None
        waited += bool(game.waiting_cells)
        if len(game.history) % 40 == 5:
            copy = game.copy()
            for _ in range(6):
                if copy.is_over:
                    break
                copy.apply(copy.legal_actions()[0])
                assert _bucket_mismatch(copy) is None
                assert _waiting_mismatch(copy) is None
            assert _bucket_mismatch(game) is None
            assert _waiting_mismatch(game) is None
    assert waited > 50


def test_bucket_mismatch_is_seen(every_rules: dict[tuple[str, ...], Rules]) -> None:
    """A cell listed twice, missing or under another pattern is reported."""
    game = next(g for i, g in enumerate(_random_positions(5, every_rules[EVERYTHING], EVERYTHING))
                if i == 30)
    assert _bucket_mismatch(game) is None
    buckets = game.open_by_pattern
    pattern, cells = next(iter(buckets.items()))
    other = next(p for p in buckets if p != pattern)
    for wrong in ((*cells, cells[0]), cells[1:]):
        buckets[pattern] = wrong
        assert _bucket_mismatch(game) is not None
    buckets[pattern] = cells
    buckets[other] = (*buckets[other], cells[0])
    assert _bucket_mismatch(game) is not None


def test_waiting_mismatch_is_seen(every_rules: dict[tuple[str, ...], Rules]) -> None:
    """A node missing from a waited cell, or a filled cell still waited, is reported."""
    game = next(g for g in _random_positions(5, every_rules[EVERYTHING], EVERYTHING)
                if len(g.waiting_cells) > 3)
    assert _waiting_mismatch(game) is None
    waiting = game.waiting_cells
    cell, nodes = next(iter(waiting.items()))
    waiting[cell] = nodes[1:]
    assert _waiting_mismatch(game) is not None
    waiting[cell] = nodes
    waiting[next(iter(game.board))] = nodes
    assert _waiting_mismatch(game) is not None


@pytest.mark.parametrize("row", ROWS, ids=("base", "everything"))
def test_placements_listed_before_a_move_still_read_the_same_after_it(
        row: tuple[str, ...], every_rules: dict[tuple[str, ...], Rules]) -> None:
    """The listing hands out the board's buckets without copying them: a
    listing kept while the game (or a copy of it) moves on must still read
    the placements it listed, and a copy's moves leave the game's alone."""
    checked = 0
    kept: list[tuple[Sequence[Action], list[Action]]] = []
    for game in _random_positions(6, every_rules[row], row):
        for legal, listed in kept:  # listed before the game itself moved on
            assert list(legal) == listed
        if game.pending is None or game.pending.kind != "place_tile":
            continue
        legal = game.legal_actions()
        listed = list(legal)
        buckets = {pattern: tuple(cells) for pattern, cells in game.open_by_pattern.items()}
        copy = game.copy()
        copy.apply(legal[len(legal) // 2])
        assert list(legal) == listed
        assert game.open_by_pattern == buckets
        assert list(game.legal_actions()) == listed
        kept = [*kept[-3:], (legal, listed)]
        checked += 1
    assert checked > 50


# ------------------------------------------------------- placements listed once
def test_placements_listed_once_per_tile_dealt(monkeypatch: pytest.MonkeyPatch,
                                              every_rules: dict[tuple[str, ...], Rules]) -> None:
    """The deal lists the drawn tile's placements to know whether it can be
    placed; the place-tile decision that follows reads that listing (asked
    several times, and `apply` checks against it) instead of listing again."""
    calls: list[str] = []
    listing = Game._compute_placements

    def counted(game: Game, tile: TileType) -> object:
        calls.append(tile.id)
        return listing(game, tile)

    monkeypatch.setattr(Game, "_compute_placements", counted)
    drawn = 0
    for game in _random_positions(7, every_rules[("base",)], ("base",)):
        if game.pending is not None and game.pending.kind == "place_tile":
            game.legal_actions()
            game.legal_actions()
        drawn = sum(1 for action in game.history if type(action).__name__ == "PlaceTile")
    assert drawn > 60
    assert len(calls) == drawn  # (no tile of a base game goes back in the box unplaced)
