"""The shortcuts taken for speed with every expansion (issue 28, "Speed with
everything") give the same answers as the long way round.

Each cache or early exit is checked against what it replaces, after every
action of random games with every expansion: a cache that could go stale, or
an early exit that stops too soon, shows here before it changes a game.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator

import pytest

from carcassonne_desktop.engine import Game, Rules, quick_setup
from carcassonne_desktop.engine.actions import MoveFigure, Remove
from carcassonne_desktop.engine.expansion import registry
from carcassonne_desktop.engine.expansions import mage_witch
from carcassonne_desktop.engine.figure_geometry import board_point
from carcassonne_desktop.engine.tile_layout import build_layout, tile_layout

EVERYTHING = tuple(registry())
SEEDS = (1, 2)


def _random_positions(seed: int, rules: Rules,
                      expansions: tuple[str, ...] = EVERYTHING) -> Iterator[Game]:
    """Every position of a random 2-player game (with every expansion unless
    told otherwise; `rules` are those of the same expansions)."""
    game = Game(quick_setup(2, seed=seed, expansions=expansions), rules)
    rng = random.Random(seed)
    while not game.is_over:
        yield game
        actions = game.legal_actions()
        game.apply(actions[rng.randrange(len(actions))])


@pytest.fixture(scope="module")
def rules() -> Rules:
    return Rules(quick_setup(2, expansions=EVERYTHING))


# ----------------------------------------------- answers listed once per decision
@pytest.mark.parametrize("seed", SEEDS)
def test_decision_answers_listed_once_match_a_fresh_listing(seed: int, rules: Rules) -> None:
    """The answers `legal_actions` lists for an expansion's decision are the
    ones `apply` checks against: they match a fresh listing, a copy (which
    lists them anew) and are dropped by every `apply`."""
    asked = 0
    for game in _random_positions(seed, rules):
        assert game._answers is None, "an apply left answers listed for an older state"
        pending = game.pending
        assert pending is not None
        listed = list(game.legal_actions())
        if pending.kind in ("place_tile", "figure"):
            continue
        asked += 1
        kind = rules.decision_kind(pending.kind)
        assert listed == list(kind.legal(game, pending))
        assert listed == list(game.copy().legal_actions())
    assert asked > 20  # the games asked expansions' questions


def test_decision_answers_cache_changes_no_game(monkeypatch: pytest.MonkeyPatch,
                                                rules: Rules) -> None:
    """Random games end in the same state with and without the listed answers kept."""
    def play() -> tuple[object, ...]:
        positions = list(_random_positions(3, rules))
        last = positions[-1]  # the same game object, over when the loop ends
        assert last.is_over
        return last.state_key() + (tuple(last.history),)

    kept = play()
    monkeypatch.setattr(Game, "_decision_answers",
                        lambda self, pending: rules.decision_kind(pending.kind).legal(self, pending))
    fresh = play()
    assert kept == fresh


# ----------------------------------------------------- the mage and the witch
def _open_features_scanning_every_segment(game: Game) -> dict[int, tuple[int, int, str]]:
    """`open_features` as it was written before the speed work: the oracle."""
    found: dict[int, tuple[int, int, str]] = {}
    for node in range(len(game.parent)):
        if game.node_pos[node] == game.last_placed:
            continue
        root = game.find(node)
        if root in found:
            continue
        feature = game.features[root]
        if feature is None or feature.kind not in mage_witch.KINDS or feature.open == 0:
            continue
        if game.segment_kind(node) in mage_witch.KINDS:
            found[root] = game.spot_of(node)
    return found


@pytest.mark.parametrize("seed", SEEDS)
def test_mage_witch_early_exit_agrees_with_the_full_listing(seed: int, rules: Rules) -> None:
    """After every action: the open features match the old full scan, and
    "can a figure move" is true exactly when the moves listed are not none."""
    for game in _random_positions(seed, rules):
        found = mage_witch.open_features(game)
        assert found == _open_features_scanning_every_segment(game)
        assert list(found) == list(_open_features_scanning_every_segment(game))
        for figures in (mage_witch.FIGURES, (mage_witch.MAGE,), (mage_witch.WITCH,)):
            assert mage_witch._can_move(game, figures) == bool(mage_witch.moves(game, figures))


# -------------------------------------------------------------- tile layouts
def test_tile_layout_identity_cache_matches_a_fresh_build(rules: Rules) -> None:
    """Every tile's cached layout has the anchors a fresh build gives, asked twice."""
    for tile in rules.catalogue:
        raw = tile.raw
        assert tile_layout(raw).anchors == build_layout(raw).anchors
        assert tile_layout(raw) is tile_layout(raw)


def test_tile_layout_identity_cache_sees_a_tile_edited_in_place(rules: Rules) -> None:
    """A mapping edited in place after its layout was found gets a new layout
    (the identity cache compares what the layout was built from)."""
    source = next(t.raw for t in rules.catalogue if len(t.raw["features"]) > 2)
    tile = copy.deepcopy(dict(source))
    before = tile_layout(tile)
    assert len(before.anchors) == len(tile["features"])
    tile["features"].pop()
    after = tile_layout(tile)
    assert after is not before
    assert len(after.anchors) == len(tile["features"])
    assert after.anchors == build_layout(tile).anchors


def test_figure_points_kept_per_rotated_tile_are_those_worked_out_afresh(rules: Rules) -> None:
    """`figure_positions` keeps each rotated tile's anchors (the Catapult's
    aim asks every figure's point for every whole turn it judges): over
    random games with every expansion, every point is the one `board_point`
    works out from the catalogue, asked twice."""
    checked = 0
    for seed in SEEDS:
        for game in _random_positions(seed, rules):
            if game.turn % 5:
                continue
            for _ in range(2):
                for figure, point in game.figure_positions():
                    rotated = game.board[(figure.x, figure.y)][0]
                    assert point == board_point(figure.x, figure.y, rotated.tile.raw,
                                                rotated.rot, figure.feature_index)
                    checked += 1
    assert checked > 100


# ------------------------------------------------- pawns settled only when due
def test_pawns_settled_asked_only_when_due_changes_no_game(monkeypatch: pytest.MonkeyPatch,
                                                           rules: Rules) -> None:
    """The driver asks the `pawns_settled` hooks only after a pawn moved:
    random games with every expansion (robbers steal in them) end in the same
    state as when the hooks are asked before every step, as before."""
    def play(seed: int) -> tuple[object, ...]:
        positions = list(_random_positions(seed, rules))
        last = positions[-1]
        assert last.is_over
        return last.state_key() + (tuple(last.history),)

    due = [play(seed) for seed in (4, 5)]
    monkeypatch.setattr(Game, "settle_due", property(lambda self: True, lambda self, v: None))
    always = [play(seed) for seed in (4, 5)]
    assert due == always


def test_settle_due_cleared_when_nothing_waits(rules: Rules) -> None:
    """After any action of a game with robbers, either the hooks are due or
    nothing is waiting for them: no claim of a robber survives with the flag off."""
    robbed = 0
    for game in _random_positions(6, rules):
        claims = game.turn_state.get("robbers.claims", ())
        robbed += bool(claims)
        if not game.settle_due:
            assert not claims
    assert robbed > 0


# ------------------------------------------------------ hs/02's shared edge
def test_shared_edge_of_a_tile_type_turns_with_the_tile(rules: Rules) -> None:
    """The shared edge found once per tile type is the one the features name,
    turned with the tile."""
    from carcassonne_desktop.engine.expansions.hills_sheep import _shared_edge
    from carcassonne_desktop.engine.geometry import PORT_INDEX

    found = 0
    for tile in rules.catalogue:
        named = [(local, spec.attrs["shared_edge"]) for local, spec in enumerate(tile.features)
                 if isinstance(spec.attrs.get("shared_edge"), str)]
        for rot in range(4):
            expected = ((named[0][0], (PORT_INDEX[named[0][1]] + rot) % 4) if named else None)
            assert _shared_edge(tile.rotations[rot]) == expected
        found += bool(named)
    assert found == 1


# ------------------------------------------------ cloisters and shrines kept
@pytest.mark.parametrize("seed", SEEDS)
def test_heretics_centres_kept_match_a_board_scan(seed: int, rules: Rules) -> None:
    """The cloisters and shrines kept as tiles are placed are those a scan of
    the board finds, in placement order, after every action."""
    from carcassonne_desktop.engine.expansions.heretics_shrines import centre_kind, centres

    for game in _random_positions(seed, rules):
        scanned = tuple((kind, pos) for pos, (rotated, _) in game.board.items()
                        if (kind := centre_kind(rotated.tile)) is not None)
        assert "heretics_shrines.centres" in game.extension_state
        assert centres(game) == scanned
        assert centres(game.copy()) == scanned


# ------------------------------------------------------------- the crowns
def test_wheel_crowns_offered_match_a_fresh_listing(rules: Rules) -> None:
    """The crown deploys built once are those the figure step would build
    afresh: each free crown for each figure in supply that may be crowned."""
    from carcassonne_desktop.engine.actions import DeployToArea
    from carcassonne_desktop.engine.expansions import wheel_of_fortune as wheel

    wheel_rules = next(e for e in rules.expansions if e.id == wheel.ID)
    offered = 0
    for game in _random_positions(7, rules):
        if game.pending is None or game.pending.kind != "figure":
            continue
        supply = game.supply[game.turn_player]
        expected = [DeployToArea(f.name, wheel.WHEEL, slot) for slot in wheel.free_crowns(game)
                    for f in rules.figures if wheel.may_crown(f) and supply.get(f.name, 0)]
        assert list(wheel_rules.extra_actions(game)) == expected
        offered += len(expected)
    assert offered > 100


# ------------------------------------------------------------------ ferries
@pytest.mark.parametrize("seed", SEEDS)
def test_ferries_walk_skipped_only_when_it_finds_none(seed: int, rules: Rules,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The first ferries met from the tile just placed are the same with the
    early exit (no other ferry on the tile's roads) as with the full walk."""
    from carcassonne_desktop.engine.expansions import ferries

    walked = skipped = 0
    for game in _random_positions(seed, rules):
        placed = game.last_placed
        if placed is None or not ferries.ferries(game):
            continue
        quick = ferries.first_ferries(game, placed)
        with monkeypatch.context() as patch:
            patch.setattr(ferries, "_ferry_on_roads", lambda *args: True)
            full = ferries.first_ferries(game, placed)
        assert quick == full
        walked += bool(full)
        skipped += not full
    assert walked > 0 and skipped > 0


# ------------------------------------------------ placement filters per tile
@pytest.mark.parametrize("seed", SEEDS)
def test_placement_filters_skipped_only_for_tiles_they_leave_alone(seed: int,
                                                                   rules: Rules) -> None:
    """The filters `filters_tile` lets the core skip for a tile type change
    none of its placements: every tile of the catalogue, in the river phase
    and on later boards, has the placements that running every filter gives."""
    every_filter = (rules.hooks["filter_cells"], rules.hooks["filter_placements"])
    assert every_filter[0] and every_filter[1]
    tiles = list(rules.catalogue)
    skipped = removed = 0
    for index, game in enumerate(_random_positions(seed, rules)):
        if index > 40 and index % 25:
            continue  # the river phase whole, then a board every 25 actions
        for tile in tiles:
            quick = game._compute_placements(tile)
            saved = rules.placement_filters(tile)
            rules.tile_filters[tile.id] = every_filter
            try:
                full = game._compute_placements(tile)
            finally:
                rules.tile_filters[tile.id] = saved
            assert quick == full, tile.id
            skipped += saved != every_filter
            edges_alone = sum(len(cells) * len(tile.fitting_rotations(pattern))
                              for pattern, cells in game.open_by_pattern.items())
            removed += full[1] < edges_alone
    assert skipped > 1000 and removed > 100  # both kinds of tile were met


def test_placement_filters_name_the_tiles_each_expansion_minds(rules: Rules) -> None:
    """River tiles for the rivers, cloisters and shrines for the heretics;
    the core asks each filter once per tile type."""
    from carcassonne_desktop.engine.expansions.heretics_shrines import centre_kind
    from carcassonne_desktop.engine.expansions.shared.river_course import is_river_tile

    for tile in rules.catalogue:
        cells, placements = rules.placement_filters(tile)
        assert {e.id for e in placements} == ({"river", "river_ii"} if is_river_tile(tile)
                                              else set())
        expected = {"river", "river_ii"} if is_river_tile(tile) else set()
        if centre_kind(tile) is not None:
            expected.add("heretics_shrines")
        assert {e.id for e in cells} == expected
        assert rules.placement_filters(tile) is rules.tile_filters[tile.id]


# ----------------------------------------------------- the board's tile order
@pytest.mark.parametrize("seed", SEEDS)
def test_board_keeps_tiles_in_the_order_of_their_nodes(seed: int, rules: Rules) -> None:
    """The board's tiles come in the order of their segments, in a game and
    in its copy: Mage & Witch's walk over the open roads and cities relies on
    it instead of sorting the board."""
    for index, game in enumerate(_random_positions(seed, rules)):
        bases = [base for _, base in game.board.values()]
        assert bases == sorted(bases)
        if index % 50 == 0:
            assert list(game.copy().board) == list(game.board)


# --------------------------------------------- the mage and witch's lazy moves
def _moves_built_at_once(game: Game, figures: tuple[str, ...]) -> list[MoveFigure]:
    """The moves as they were listed before the lazy list: the oracle."""
    targets = mage_witch.open_features(game)
    out = []
    for figure in figures:
        here = mage_witch.figure_root(game, figure)
        there = mage_witch.figure_root(game, mage_witch.other(figure))
        source = game.neutral_figures.get(figure) if here is not None else None
        out.extend(MoveFigure(figure, source, spot) for root, spot in targets.items()
                   if root != here and root != there)
    return out


@pytest.mark.parametrize("seed", SEEDS)
def test_mage_witch_lazy_moves_read_as_the_list_built_at_once(seed: int, rules: Rules) -> None:
    """The moves read one by one, by index and in full are the list built at
    once, in order; membership agrees with the list's for every move and for
    moves that differ by figure, source or target."""
    checked = 0
    for index, game in enumerate(_random_positions(seed, rules)):
        if game.pending is None or (game.pending.kind != mage_witch.KIND and index % 40):
            continue
        for figures in (mage_witch.FIGURES, (mage_witch.MAGE,), (mage_witch.WITCH,)):
            lazy = mage_witch.moves(game, figures)
            eager = _moves_built_at_once(game, figures)
            assert len(lazy) == len(eager)
            assert list(lazy) == eager
            assert [lazy[i] for i in range(len(lazy))] == eager
            if eager:
                assert lazy[-1] == eager[-1] and lazy[1:3] == eager[1:3]
            for move in eager[:30]:
                assert move in lazy
                for near in (MoveFigure(mage_witch.other(move.figure), move.source, move.target),
                             MoveFigure(move.figure, (0, 0, "N"), move.target),
                             MoveFigure(move.figure, move.source, (99, 99, "N"))):
                    assert (near in lazy) == (near in eager)
            assert Remove(figure=mage_witch.MAGE) not in lazy
            checked += len(eager)
    assert checked > 500


# ------------------------------------------------------ deploy vetoes per tile
def test_deploy_vetoes_skipped_only_for_tiles_they_leave_alone(rules: Rules) -> None:
    """The figure step of a tile whose type no veto concerns (`vetoes_tile`)
    lists what asking every veto lists: checked at every figure step of
    random games with everything, the volcano's among them."""
    every_veto = rules.hooks["may_deploy"]
    assert every_veto
    skipped = vetoed = 0
    for seed in (*SEEDS, 3, 4):
        for game in _random_positions(seed, rules):
            if game.pending is None or game.pending.kind != "figure":
                continue
            tile = game.board[game.last_placed][0].tile  # type: ignore[index]
            quick = list(game._figure_actions())
            saved = rules.deploy_vetoes(tile)
            rules.tile_vetoes[tile.id] = every_veto
            game._figure_options = None
            try:
                full = list(game._figure_actions())
            finally:
                rules.tile_vetoes[tile.id] = saved
                game._figure_options = None
            assert quick == full, tile.id
            skipped += saved != every_veto
            vetoed += saved == every_veto
    assert skipped > 400 and vetoed >= 1  # the volcano's figure step was met


def test_deploy_vetoes_name_the_volcano_only(rules: Rules) -> None:
    """River II vetoes the figure step of its volcano, of no other tile."""
    vetoing = {tile.id for tile in rules.catalogue if rules.deploy_vetoes(tile)}
    assert vetoing == {tile.id for tile in rules.catalogue if tile.flags.get("volcano")}
    assert len(vetoing) == 1


# --------------------------------------------------------- the abbot at home
@pytest.mark.parametrize("seed", SEEDS)
def test_abbot_recall_skipped_only_when_the_abbot_is_at_home(seed: int, rules: Rules,
                                                            monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    """The figure step offers the abbot's recall as the walk over every
    figure placed finds it, with the abbot in supply or not."""
    from carcassonne_desktop.engine.expansions.abbot import ABBOT

    abbot = next(e for e in rules.expansions if e.id == "abbot")
    home = away = 0
    for game in _random_positions(seed, rules):
        if game.pending is None or game.pending.kind != "figure":
            continue
        quick = list(abbot.extra_actions(game))
        with monkeypatch.context() as patch:
            patch.setitem(game.supply[game.current], ABBOT, 0)
            full = list(abbot.extra_actions(game))
        assert quick == full
        home += not full
        away += bool(full)
    assert home > 20 and away > 20
