"""Connectivity that can be relinked (issue 25, review section 5 point 4):
`game.relink` rebuilds the features around a link that changed inside a
tile, checked against an independent recount on random positions, with a
toy expansion that links road ends of tiles the way a ferry does."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import replace

import pytest

from carcassonne_desktop.engine import PASS, Game, PlaceTile
from carcassonne_desktop.engine.actions import Deploy
from carcassonne_desktop.engine.expansion import EXPANSIONS, Expansion
from carcassonne_desktop.engine.features import EDGES, FEATURE_KINDS
from carcassonne_desktop.engine.setup import quick_setup

TOY = "toy_links_test"


class Links(Expansion):
    """Links kept as ((x, y), local a, local b) triples, changed by the test."""

    id = TOY
    order = 903
    title = {"fr": "Liens", "en": "Links"}
    description = {"fr": "Pour les tests.", "en": "For tests."}

    def tile_links(self, game: Game, x: int, y: int) -> Iterable[tuple[int, int]]:
        return [(a, b) for pos, a, b in game.extension_state.get(TOY, ()) if pos == (x, y)]


@pytest.fixture
def links() -> Iterator[None]:
    EXPANSIONS[TOY] = Links
    try:
        yield
    finally:
        del EXPANSIONS[TOY]


def _road_ends(game: Game, pos: tuple[int, int]) -> list[int]:
    rotated, _ = game.board[pos]
    return [i for i, f in enumerate(rotated.tile.features) if f.kind == "road"]


def _set_link(game: Game, pos: tuple[int, int], pair: tuple[int, int] | None) -> None:
    """Replace the tile's link (a ferry turned), then relink around old and new."""
    base = game.board[pos][1]
    old = [(a, b) for p, a, b in game.extension_state.get(TOY, ()) if p == pos]
    kept = tuple(t for t in game.extension_state.get(TOY, ()) if t[0] != pos)
    game.extension_state[TOY] = kept + ((pos, *pair),) if pair else kept
    touched = [base + i for a, b in old for i in (a, b)]
    if pair:
        touched += [base + pair[0], base + pair[1]]
    game.relink(touched)


def _recount(game: Game) -> dict[frozenset[int], tuple[set, int, list]]:
    """Road and city components found from scratch: segments joined along
    shared tile edges and the toy's links; their tiles, open edges, figures."""
    n = len(game.parent)
    neighbours: dict[int, set[int]] = {i: set() for i in range(n)}
    for (x, y), (rotated, base) in game.board.items():
        for local, links in enumerate(rotated.local_links):
            for direction, nport, _ in links:
                dx, dy = ((0, -1), (1, 0), (0, 1), (-1, 0))[direction]
                other = game.board.get((x + dx, y + dy))
                if other is None or other[0].port_feature[nport] < 0:
                    continue
                neighbours[base + local].add(other[1] + other[0].port_feature[nport])
    for pos, a, b in game.extension_state.get(TOY, ()):
        base = game.board[pos][1]
        neighbours[base + a].add(base + b)
        neighbours[base + b].add(base + a)
    seen: set[int] = set()
    out = {}
    for start in range(n):
        kind = game.segment_kind(start)
        if start in seen or kind not in ("road", "city"):
            continue
        group, todo = set(), [start]
        while todo:
            node = todo.pop()
            if node in group:
                continue
            group.add(node)
            todo.extend(neighbours[node])
        seen |= group
        open_edges = 0
        for node in group:
            (x, y), local = game.node_pos[node], game.node_local[node]
            for direction, _, closes in game.board[(x, y)][0].local_links[local]:
                dx, dy = ((0, -1), (1, 0), (0, 1), (-1, 0))[direction]
                if closes and (x + dx, y + dy) not in game.board:
                    open_edges += 1
        tiles = {game.node_pos[node] for node in group}
        figures = sorted(f for f in game.figures_placed if f[2] in group)
        out[frozenset(group)] = (tiles, open_edges, figures)
    return out


def _check(game: Game) -> None:
    for group, (tiles, open_edges, figures) in _recount(game).items():
        roots = {game.find(node) for node in group}
        assert len(roots) == 1, "one component, one root"
        root = roots.pop()
        assert set(game.members(root)) == set(group)
        feature = game.features[root]
        assert feature is not None and FEATURE_KINDS[feature.kind].completion == EDGES
        assert feature.tiles == tiles
        assert feature.open == open_edges
        assert sorted(feature.figures) == figures
        if feature.open:
            assert not feature.completed


@pytest.mark.parametrize("seed", range(6))
def test_relinked_roads_match_an_independent_recount(links: None, seed: int) -> None:
    rng = random.Random(seed)
    game = Game(quick_setup(seed=seed, expansions=("base", TOY)))
    relinks = 0
    while not game.is_over:
        legal = list(game.legal_actions())
        deploys = [a for a in legal if isinstance(a, Deploy)]
        action = rng.choice(deploys) if deploys and rng.random() < 0.5 else rng.choice(legal)
        game.apply(action)
        if game.pending is not None and game.pending.kind == "place_tile" and rng.random() < 0.4:
            candidates = [pos for pos in game.board if len(_road_ends(game, pos)) >= 2]
            if candidates:
                pos = rng.choice(candidates)
                ends = _road_ends(game, pos)
                pair = tuple(rng.sample(ends, 2)) if rng.random() < 0.8 else None
                _set_link(game, pos, pair)  # type: ignore[arg-type]
                relinks += 1
                _check(game)
    assert relinks > 10


def _crossing_game() -> Game:
    """Start base/D (road E-W), a crossroads base/X east of it (four road
    ends around a well, each a road of its own), Rouge on the west end."""
    setup = quick_setup(expansions=("base", TOY), tile_order=("base/X", "base/A", "base/V"))
    game = Game(replace(setup, start_tile="base/D"))
    game.apply(PlaceTile(1, 0, 0, "base/X"))
    game.apply(Deploy("follower", 1, 0, "W"))
    return game


def test_a_link_turned_away_splits_the_road_and_the_follower_stays_on_its_part(
        links: None) -> None:
    game = _crossing_game()
    ends = {game.rules.catalogue["base/X"].rotations[0].canonical_ports[i]: i
            for i in _road_ends(game, (1, 0))}
    _set_link(game, (1, 0), (ends["W"], ends["E"]))  # the road goes straight through
    west = game.node_at(1, 0, "W")
    east = game.node_at(1, 0, "E")
    assert west is not None and east is not None and game.find(west) == game.find(east)
    assert game.feature(east).tiles == {(0, 0), (1, 0)}
    _set_link(game, (1, 0), (ends["N"], ends["E"]))  # turned: west is cut off again
    assert game.find(west) != game.find(east)
    assert game.feature(west).figures == ((0, "follower", west),)
    assert game.feature(east).figures == ()
    _check(game)


def test_a_scored_road_reopened_by_a_link_is_no_longer_completed(links: None) -> None:
    """Ruling: a link that opens a scored road again makes it an open road;
    closed again, it is a completed road not yet scored, which waits for
    this turn's scoring like any road just closed."""
    game = _crossing_game()
    game.apply(PlaceTile(-1, 0, 3, "base/A"))  # a cloister ends the west end: road complete
    game.apply(PASS)
    west = game.node_at(1, 0, "W")
    assert west is not None and game.feature(west).completed
    assert game.supply[0]["follower"] == 7  # scored, back home
    ends = {game.rules.catalogue["base/X"].rotations[0].canonical_ports[i]: i
            for i in _road_ends(game, (1, 0))}
    _set_link(game, (1, 0), (ends["W"], ends["E"]))
    assert not game.feature(west).completed and game.feature(west).open == 1
    east = game.node_at(1, 0, "E")
    assert east is not None and game.find(east) == game.find(west)
    assert game.find(west) not in game._to_score  # open again: nothing to score
    _set_link(game, (1, 0), None)
    assert not game.feature(west).completed and game.feature(west).open == 0
    assert game._to_score == [game.find(west)]
    _check(game)


def test_a_closed_part_of_a_scored_road_stays_completed(links: None) -> None:
    """A link that moves away from a scored road's tile without opening it
    (another pair of ends) leaves its mark alone: it is not scored twice."""
    game = _crossing_game()
    game.apply(PlaceTile(-1, 0, 3, "base/A"))
    game.apply(PASS)
    west = game.node_at(1, 0, "W")
    ends = {game.rules.catalogue["base/X"].rotations[0].canonical_ports[i]: i
            for i in _road_ends(game, (1, 0))}
    _set_link(game, (1, 0), (ends["N"], ends["E"]))
    assert west is not None and game.feature(west).completed
    assert game.find(west) not in game._to_score


def test_a_scored_road_joined_to_a_road_the_tile_just_closed_is_scored_again(
        links: None) -> None:
    """Regression (random games with the Ferries left a follower on a road
    marked completed): a link that joins a scored road to a road closed this
    turn and not yet scored makes one new completed road, scored this turn
    with the figures on it (docs/rulings.md R3)."""
    setup = quick_setup(expansions=("base", TOY), tile_order=("base/X", "base/A", "base/A"))
    game = Game(replace(setup, start_tile="base/D"))
    game.apply(PlaceTile(1, 0, 0, "base/X"))
    game.apply(Deploy("follower", 1, 0, "W"))
    game.apply(PlaceTile(-1, 0, 3, "base/A"))  # closes the west end: scored for Rouge
    game.apply(PASS)
    west = game.node_at(1, 0, "W")
    assert west is not None and game.feature(west).completed and game.scores[0] == 3
    game.apply(PlaceTile(1, -1, 0, "base/A"))  # closes the north end, not scored yet
    north = game.node_at(1, 0, "N")
    assert north is not None and game.find(north) in game._to_score
    ends = {game.rules.catalogue["base/X"].rotations[0].canonical_ports[i]: i
            for i in _road_ends(game, (1, 0))}
    _set_link(game, (1, 0), (ends["W"], ends["N"]))
    assert game.find(west) == game.find(north)
    assert not game.feature(west).completed and game._to_score == [game.find(west)]
    game.apply(Deploy("follower", 1, -1, "S"))
    road = game.feature(west)
    assert road.completed and road.figures == ()
    assert game.scores[0] == 3 + 4  # (-1,0), (0,0), (1,0), (1,-1)
    _check(game)
