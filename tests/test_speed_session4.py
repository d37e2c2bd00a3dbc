"""Issue 28, session 4 (branch h-speed2): each shortcut gives the answers of
the long way round, compared after the actions of random games (the base
game, the Ferries alone and every expansion), as in
`tests/test_speed_caches.py`.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne_desktop.engine import Game, Rules, quick_setup
from tests.test_speed_caches import EVERYTHING, SEEDS, _random_positions
from tests.test_speed_hooks import _play


@pytest.fixture(scope="module")
def rules() -> Rules:
    return Rules(quick_setup(2, expansions=EVERYTHING))


# ------------------------------------------------------- relinked features
def _segments_scanning_every_node(game: Game, roots: set[int]) -> list[int]:
    """The long way: every node of the board asked for its root."""
    return [n for n in range(len(game.parent)) if game.find(n) in roots]


@pytest.mark.parametrize("seed", SEEDS)
def test_relink_segments_read_on_the_features_tiles_match_a_scan_of_every_node(
        seed: int, rules: Rules) -> None:
    """The segments of one or two features, read on their tiles, are those a
    scan of every node finds, in node order, after every action of a random
    game with every expansion (ferried roads, shared edges and relinks
    included); `members` gives the same for one feature."""
    rng = random.Random(seed)
    checked = 0
    for game in _random_positions(seed, rules):
        nodes = rng.sample(range(len(game.parent)), 3)
        for chosen in ({game.find(nodes[0])}, {game.find(nodes[1]), game.find(nodes[2])}):
            assert game._segments_of(chosen) == _segments_scanning_every_node(game, chosen)
            checked += 1
        assert game.members(nodes[0]) == _segments_scanning_every_node(
            game, {game.find(nodes[0])})
    assert checked > 500


_BOXES = {"base": ("base",), "ferries": ("ferries",), "everything": EVERYTHING}
_RULES: dict[str, Rules] = {}


def _rules_of(boxes: str) -> Rules:
    if boxes not in _RULES:
        _RULES[boxes] = Rules(quick_setup(2, expansions=_BOXES[boxes]))
    return _RULES[boxes]


@settings(max_examples=30, deadline=None)
@given(boxes=st.sampled_from(sorted(_BOXES)), seed=st.integers(0, 10_000),
       actions=st.integers(0, 700), picks=st.lists(st.integers(0, 10**6), min_size=1,
                                                   max_size=4))
def test_relink_segments_of_any_features_match_a_scan_of_every_node(
        boxes: str, seed: int, actions: int, picks: list[int]) -> None:
    """Hypothesis: a random game (base, ferries, everything) stopped after a
    random number of actions; the segments of the features of a few random
    nodes, read on their tiles, are those the scan of every node finds."""
    rules = _rules_of(boxes)
    game = Game(quick_setup(2, seed=seed, expansions=_BOXES[boxes]), rules)
    rng = random.Random(seed)
    for _ in range(actions):
        if game.is_over:
            break
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    roots = {game.find(pick % len(game.parent)) for pick in picks}
    assert game._segments_of(roots) == _segments_scanning_every_node(game, roots)


@pytest.mark.parametrize("expansions", [("ferries",), EVERYTHING])
def test_relink_by_the_features_tiles_changes_no_game(expansions: tuple[str, ...],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Random games in which ferries turn tell the same events and end in the
    same state whether a relink reads the features' tiles or scans every
    node of the board."""
    from carcassonne_desktop.engine import relink

    rules = Rules(quick_setup(2, expansions=expansions))
    turned = 0
    original = relink.Relinking._segments_of

    def counting(game: Game, roots: set[int]) -> list[int]:
        nonlocal turned
        turned += 1
        return original(game, roots)  # type: ignore[arg-type]

    with monkeypatch.context() as patch:
        patch.setattr(relink.Relinking, "_segments_of", counting)
        quick = [_play(seed, rules, expansions) for seed in (1, 2, 3)]
    assert turned > 3  # ferries were turned
    with monkeypatch.context() as patch:
        patch.setattr(relink.Relinking, "_segments_of", _segments_scanning_every_node)
        full = [_play(seed, rules, expansions) for seed in (1, 2, 3)]
    assert quick == full
