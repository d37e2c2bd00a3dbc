"""Independent checks of the engine's incremental state, shared by tests.

The oracle recomputes every feature from the placed tiles by a plain graph
search, the slow obvious way, and compares it with the union-find aggregates.
"""

from __future__ import annotations

import random
from collections import defaultdict

from carcassonne_desktop.engine import Game
from carcassonne_desktop.engine.events import Event, FeatureCompleted, PointsScored
from carcassonne_desktop.engine.features import FEATURE_KINDS
from carcassonne_desktop.engine.geometry import DELTAS, NEIGHBOURHOOD


def _shared_edges(rotated) -> list[tuple[int, int]]:
    """(local feature, board direction) of edges a feature shares with another."""
    out = []
    for local, spec in enumerate(rotated.tile.features):
        edge = spec.attrs.get("shared_edge")
        if isinstance(edge, str):
            out.append((local, (("N", "E", "S", "W").index(edge) + rotated.rot) % 4))
    return out


def oracle_components(game: Game) -> list[dict]:
    """Connected features recomputed from scratch."""
    adjacency: dict[int, set[int]] = defaultdict(set)
    nodes: dict[int, tuple[tuple[int, int], int]] = {}
    for (x, y), (rotated, base) in game.board.items():
        for local in range(len(rotated.tile.features)):
            nodes[base + local] = ((x, y), local)
        for direction, (dx, dy) in enumerate(DELTAS):
            neighbour = game.board.get((x + dx, y + dy))
            if neighbour is None:
                continue
            facing, nbase = neighbour
            for local, nport, _ in rotated.links[direction]:
                nlocal = facing.port_feature[nport]
                assert nlocal >= 0, "edges matched but a facing segment is missing"
                adjacency[base + local].add(nbase + nlocal)
                adjacency[nbase + nlocal].add(base + local)
            # a feature that also runs along an edge owned by another one of
            # its tile (catalogue attribute shared_edge) meets what faces it
            for local, edge in _shared_edges(rotated):
                if edge == direction:
                    nlocal = facing.port_feature[(direction + 2) % 4]
                    if nlocal >= 0:
                        adjacency[base + local].add(nbase + nlocal)
                        adjacency[nbase + nlocal].add(base + local)
    # links expansions report inside a tile (a ferry joins two road ends)
    for expansion in game.rules.hooks["tile_links"]:
        for (x, y), (_, base) in game.board.items():
            for a, b in expansion.tile_links(game, x, y):
                adjacency[base + a].add(base + b)
                adjacency[base + b].add(base + a)
    seen: set[int] = set()
    components = []
    for start in nodes:
        if start in seen:
            continue
        stack, members = [start], []
        seen.add(start)
        while stack:
            node = stack.pop()
            members.append(node)
            for other in adjacency[node]:
                if other not in seen:
                    seen.add(other)
                    stack.append(other)
        pos, local = nodes[start]
        rotated = game.board[pos][0]
        kind = rotated.tile.features[local].kind
        tiles = {nodes[n][0] for n in members}
        open_edges = 0
        shields = 0
        for node in members:
            (x, y), loc = nodes[node]
            rt = game.board[(x, y)][0]
            spec = rt.tile.features[loc]
            shields += 1 if spec.flag("shield") else 0
            ports = list(rt.feature_ports[loc])
            ports += [edge for shared, edge in _shared_edges(rt) if shared == loc]
            for port in ports:
                if port < 4:
                    dx, dy = DELTAS[port]
                    if (x + dx, y + dy) not in game.board:
                        open_edges += 1
        if FEATURE_KINDS[kind].completion == "neighbourhood":
            (x, y) = pos
            open_edges = sum(
                1 for dx, dy in NEIGHBOURHOOD if (x + dx, y + dy) not in game.board
            )
        components.append(
            {"kind": kind, "members": set(members), "tiles": tiles, "open": open_edges,
             "shields": shields}
        )
    return components


def check_invariants(game: Game) -> None:
    """Everything that must hold between any two decisions."""
    rules = game.rules
    placed = game.placed_tiles()
    assert all(game.placed_tile(x, y) == tile for (x, y), tile in placed.items())
    assert game.placed_tile(min(x for x, _ in placed) - 1, 0) is None
    for player in range(game.num_players):
        for figure in rules.figures:
            if figure.neutral:
                assert figure.name not in game.supply[player]
                continue
            on_board = sum(
                1 for p, f, _ in game.figures_placed if p == player and f == figure.name
            )
            in_areas = sum(
                1 for present in game.area_figures.values() for who in present
                if who == (player, figure.name)
            )
            assert on_board + in_areas + game.supply[player][figure.name] == figure.per_player
            assert game.supply[player][figure.name] >= 0
    # Features completed by the tile just placed are scored after the figure step.
    pending = {game.find(n) for n in game._to_score}
    for component in oracle_components(game):
        roots = {game.find(n) for n in component["members"]}
        assert len(roots) == 1, "one connected feature split over several roots"
        root = roots.pop()
        feature = game.features[root]
        assert feature is not None
        assert feature.kind == component["kind"]
        assert feature.tiles == component["tiles"]
        assert feature.shields == component["shields"]
        assert feature.size == len(component["members"])
        completion = FEATURE_KINDS[feature.kind].completion
        if completion != "never":
            assert feature.open == component["open"]
            if root in pending:
                assert feature.open == 0 and not feature.completed
            else:
                assert feature.completed == (feature.open == 0), "completion missed or early"
        if feature.completed:
            assert not feature.figures, "figures left on a completed feature"
        occupants = sum(1 for _, f, _ in feature.figures if rules.figure_by_name[f].occupies)
        if occupants > 1 and not {"count", "crop_circles", "flying_machines"} & set(rules.expansion_ids):
            # Only a merge can put two followers on one feature (the Count's
            # followers come out of the city onto occupied features; a crop
            # circle puts a follower beside one of its owner's on its segment).
            # A flier may land on an occupied segment (ruling FL4).
            assert len({n for _, _, n in feature.figures}) == len(feature.figures)
    board = game.board
    for cell in game.frontier:
        assert cell not in board
        x, y = cell
        assert any((x + dx, y + dy) in board for dx, dy in DELTAS)
    for (x, y) in board:
        for dx, dy in DELTAS:
            cell = (x + dx, y + dy)
            if cell not in board:
                assert cell in game.frontier
    for (x, y), (rotated, _) in board.items():
        for direction, (dx, dy) in enumerate(DELTAS):
            neighbour = board.get((x + dx, y + dy))
            if neighbour is not None:
                assert rotated.edges[direction] == neighbour[0].edges[(direction + 2) % 4]


def _completed_keys(game: Game) -> set[tuple[str, tuple, frozenset[int]]]:
    """Every feature marked completed, by kind, tiles and segments."""
    segments: dict[int, set[int]] = defaultdict(set)
    for node in range(len(game.parent)):
        root = game.find(node)
        feature = game.features[root]
        if feature is not None and feature.completed:
            segments[root].add(node)
    return {(game.features[root].kind, tuple(sorted(game.features[root].tiles)),  # type: ignore[union-attr]
             frozenset(nodes)) for root, nodes in segments.items()}


class Watcher:
    """Follows a game action by action and checks history-wide properties."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.scores = list(game.scores)
        self.completed: set[tuple[str, tuple]] = set()

    def after(self, events: list[Event]) -> None:
        game = self.game
        for old, new in zip(self.scores, game.scores):
            assert new >= old, "a score decreased"
        self.scores = list(game.scores)
        relinks = bool(game.rules.hooks["tile_links"])
        marked = _completed_keys(game) if relinks else set()
        for event in events:
            if isinstance(event, FeatureCompleted):
                key = (event.feature, event.tiles)
                if relinks:
                    # a link may reopen a scored road (docs/rulings.md R1) or join it
                    # to a road not scored (R3): a road on the same tiles with other
                    # segments is another road; the same segments never complete twice
                    same = {k for k in marked if k[:2] == key}
                    assert not same or same - self.completed, f"{key} completed twice"
                    self.completed |= same
                    continue
                assert key not in self.completed, f"{key} completed twice"
                self.completed.add(key)
            if isinstance(event, PointsScored):
                assert event.points >= 0
        assert sum(sum(b.values()) for b in game.breakdown) == sum(game.scores)
        for player in range(game.num_players):
            assert sum(game.breakdown[player].values()) == game.scores[player]
        if relinks:
            # only a feature still marked completed may never complete again
            self.completed &= marked


def play_random(game: Game, rng: random.Random, check_every: int = 1) -> Game:
    watcher = Watcher(game)
    step = 0
    while not game.is_over:
        actions = game.legal_actions()
        assert len(actions) > 0
        action = actions[rng.randrange(len(actions))]
        assert action in actions
        watcher.after(game.apply(action))
        step += 1
        if check_every and step % check_every == 0:
            check_invariants(game)
    check_invariants(game)
    return game
