"""The board's shortcuts for speed with all nineteen (issue 28, "Speed with
everything", the board's placements and the figure step) give the answers of
the long way round, after every action of random games.

Each comparison is a function returning what differs, and each has a test
that feeds it a wrong answer and sees it complain: a comparison that could
never fail would prove nothing.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from carcassonne_desktop.engine import Game, Rules, figure_step, quick_setup
from carcassonne_desktop.engine.catalogue import RotatedTile, TileType
from carcassonne_desktop.engine.expansion import registry
from carcassonne_desktop.engine.figure_step import deploy_candidates

EVERYTHING = tuple(registry())
ROWS = (("base",), EVERYTHING)


def _positions(seed: int, rules: Rules, expansions: tuple[str, ...]) -> Iterator[Game]:
    """Every position of a random 2-player game."""
    game = Game(quick_setup(2, seed=seed, expansions=expansions), rules)
    rng = random.Random(seed)
    while not game.is_over:
        yield game
        actions = game.legal_actions()
        game.apply(actions[rng.randrange(len(actions))])


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
        for game in _positions(seed, every_rules[row], row):
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
    for game in _positions(3, rules, EVERYTHING):
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
