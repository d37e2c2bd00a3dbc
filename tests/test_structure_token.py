"""`Game.structure` is replaced whenever the features' roots or their kinds
may change, and shared by copies: the evaluator keeps the roots of each
kind by that token across the positions it judges (issue 30), and the terms
keep what they read of the features' tiles and goods by it (the king's and
the robber baron's contenders, the cities with goods), so two positions
holding the same token must have the same roots, each with the same kind,
tiles and flags, in random games with every expansion (ferries relink
roads, the hills and the ferries join features outside the edge
matching)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carcassonne_desktop.ai.evaluation import Evaluator
from carcassonne_desktop.engine import Game, quick_setup
from carcassonne_desktop.engine.expansion import registry
from carcassonne_desktop.engine.expansions.ferries import ID as FERRIES

EVERY = tuple(registry())


def roots_by_kind(game: Game) -> dict[str, tuple[int, ...]]:
    """The roots of each kind, scanned anew."""
    found: dict[str, list[int]] = {}
    for root, feature in enumerate(game.features):
        if feature is not None:
            found.setdefault(feature.kind, []).append(root)
    return {kind: tuple(roots) for kind, roots in found.items()}


def structure_of(game: Game) -> dict[int, tuple[object, ...]]:
    """What the token stands for: each root's kind, tiles and flags."""
    return {root: (feature.kind, frozenset(feature.tiles), tuple(sorted((feature.flags or {}).items())))
            for root, feature in enumerate(game.features) if feature is not None}


def tokens_name_their_roots(seed: int, players: int, expansions: tuple[str, ...]) -> int:
    """Play a random game, with copies played on aside; every position seen
    with a token seen before has the roots seen then. Returns how many
    tokens were seen."""
    rng = random.Random(seed)
    game = Game(quick_setup(players, seed=seed, expansions=expansions))
    seen: dict[object, dict[int, tuple[object, ...]]] = {}
    tokens: list[object] = []  # (kept alive: an id is never reused)

    def check(position: Game) -> None:
        now = structure_of(position)
        known = seen.get(position.structure)
        if known is None:
            seen[position.structure] = now
            tokens.append(position.structure)
        else:
            assert known == now
        assert Evaluator(position).kind_roots(position) == roots_by_kind(position)

    while not game.is_over:
        check(game)
        if rng.random() < 0.2:
            aside = game.copy()
            for _ in range(rng.randrange(1, 6)):
                if aside.is_over:
                    break
                legal = aside.legal_actions()
                aside.apply(legal[rng.randrange(len(legal))])
                check(aside)
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    check(game)
    return len(tokens)


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4))
def test_a_structure_token_names_its_roots_every_expansion(seed: int, players: int) -> None:
    assert tokens_name_their_roots(seed, players, EVERY) > 1


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_a_structure_token_names_its_roots_with_ferries(seed: int) -> None:
    assert tokens_name_their_roots(seed, 2, ("base", FERRIES)) > 1


def test_a_copy_shares_the_token_until_a_tile_is_laid() -> None:
    game = Game(quick_setup(2, seed=3, expansions=("base",)))
    copy = game.copy()
    assert copy.structure is game.structure
    while copy.structure is game.structure:  # the tile, then the figure step
        copy.apply(copy.legal_actions()[0])
    assert roots_by_kind(copy) != roots_by_kind(game)


def test_kind_roots_are_kept_by_token_and_worked_out_anew_without_carry() -> None:
    game = Game(quick_setup(2, seed=5, expansions=EVERY))
    evaluator = Evaluator(game)
    assert evaluator.kind_roots(game) is evaluator.kind_roots(game.copy())
    evaluator.carry = False
    assert evaluator.kind_roots(game) is not evaluator.kind_roots(game)
    assert evaluator.kind_roots(game) == roots_by_kind(game)


def test_relinking_a_feature_replaces_the_token() -> None:
    """A relink may split a feature with no join at all (a ferry moved off
    a road of single segments): the relink itself replaces the token."""
    game = Game(quick_setup(2, seed=4, expansions=("base",)))
    before = game.structure
    game.relink([0])
    assert game.structure is not before


def test_only_the_latest_structures_memos_are_kept() -> None:
    """Every placement of a search's futures makes a new token: the memos
    kept by token are the latest `STRUCTURES` only (kept all, they were most
    of a decision's memory), the oldest dropped first."""
    from carcassonne_desktop.ai.evaluation import STRUCTURES

    game = Game(quick_setup(2, seed=6, expansions=EVERY))
    evaluator = Evaluator(game)
    first = evaluator.by_structure(game)
    positions = []
    position = game
    while len(positions) < STRUCTURES:
        position = position.copy()
        before = position.structure
        while position.structure is before:
            position.apply(position.legal_actions()[0])
        positions.append(position)
        evaluator.by_structure(position)
    assert len(evaluator._by_structure) == STRUCTURES
    assert evaluator.by_structure(positions[-1]) is evaluator.by_structure(positions[-1])
    assert evaluator.by_structure(game) is not first  # the oldest went
    assert len(evaluator._by_structure) == STRUCTURES
