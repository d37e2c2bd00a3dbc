"""Golden game records for the expansions (Inns & Cathedrals, The Abbot, The
River, Traders & Builders), written by hand from the rulebooks' worked examples
(seed 000 p.9-11, seed 001 p.9-13), plus records the rules must reject and perft-style counts.

Each file in tests/golden_expansions/ holds a game record (DESIGN.md section 5)
whose tile order forces the draws, the rulebook passage it reproduces
("source"), the arithmetic of the whole final position ("description"), the
expected final scores with their breakdown and, for some, scoring events that
must appear in the replay (action index, feature, players, points, reason).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from carcassonne_desktop.engine import GameRecord, RecordError, replay_summary
from tests.golden_checks import assert_final_scores

GOLDEN_DIR = Path(__file__).parent / "golden_expansions"
GOLDEN_FILES = sorted(GOLDEN_DIR.glob("*.json"))
CATEGORIES = ("road", "city", "cloister", "field", "garden")


def _load(name: str | Path) -> dict:
    path = name if isinstance(name, Path) else GOLDEN_DIR / f"{name}.json"
    with path.open(encoding="utf-8") as f:
        return json.load(f)


def test_golden_expansion_files_exist():
    names = {p.stem for p in GOLDEN_FILES}
    assert len(names) >= 12
    for prefix in ("ic_", "abbot_", "river_", "hs_", "tb_", "kr_", "hs_challenge_", "fe_", "wof_",
                   "fm_", "count_", "mw_", "gm_", "ferry_", "cc_", "ms_", "rb_", "ca_", "mx_"):
        assert any(n.startswith(prefix) for n in names), prefix


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=[p.stem for p in GOLDEN_FILES])
def test_golden_expansion_record(path: Path):
    golden = _load(path)
    expected = golden["expected"]
    summary = replay_summary(golden["record"])

    # categories an expansion adds (goods, sheep) are compared where the file lists them
    listed = {k for p in expected["players"] for k in p["breakdown"]}
    listed |= set(expected.get("extra_categories", ()))
    categories = CATEGORIES + tuple(sorted(listed - set(CATEGORIES)))
    assert_final_scores(path.name, golden, summary, categories)
    events = [
        (e["action_index"], e["feature"], sorted(e["players"]), e["points"], e["reason"])
        for e in summary["events"]
    ]
    for want in expected.get("events", []):
        key = (
            want["action_index"],
            want["feature"],
            sorted(want["players"]),
            want["points"],
            want["reason"],
        )
        assert key in events, f"{path.name}: missing scoring event {want}; got {events}"


# --------------------------------------------------------------- rejections
def _record(expansions, tile_order, actions, start_tile=None):
    setup = {
        "players": [
            {"name": "Rouge", "color": "red", "controller": "human"},
            {"name": "Bleu", "color": "blue", "controller": "human"},
        ],
        "expansions": expansions,
        "options": {"farmers": True},
        "seed": 1,
        "tile_order": tile_order,
    }
    if start_tile is not None:
        setup["start_tile"] = start_tile
        setup["start_rot"] = 0
    return {"format": "carcassonne-record/1", "setup": setup, "actions": actions}


def _place(tile, x, y, rot):
    return {"type": "place_tile", "tile": tile, "x": x, "y": y, "rot": rot}


def _deploy(figure, x, y, port):
    return {"type": "deploy", "figure": figure, "x": x, "y": y, "port": port}


PASS = {"type": "pass"}


def _rejected_at(record: dict) -> RecordError:
    with pytest.raises(RecordError) as info:
        GameRecord.from_json(record).replay()
    return info.value


# The Abbot: base/U+garden rot 0 at (1,0) east of the start base/D (road E-W meets road).
# Followers never stand on a garden (seed 001 p.10 "mais pas sur le jardin"); the
# abbot only on a cloister or a garden. Action 0 (the placement) is legal,
# action 1 (the deploy) is not.
@pytest.mark.parametrize(
    "figure, port",
    [("follower", "C"), ("large_follower", "C"), ("abbot", "E"), ("abbot", "NW")],
    ids=["follower_on_garden", "large_follower_on_garden", "abbot_on_road", "abbot_on_field"],
)
def test_abbot_illegal_deploy_rejected(figure, port):
    expansions = ["base", "abbot", "inns_cathedrals"]
    tiles = ["base/U+garden", "base/U"]
    legal = _record(
        expansions, tiles, [_place("base/U+garden", 1, 0, 0), _deploy("abbot", 1, 0, "C")], "base/D"
    )
    GameRecord.from_json(legal).replay()  # control: the abbot may stand on the garden
    error = _rejected_at(
        _record(
            expansions,
            tiles,
            [_place("base/U+garden", 1, 0, 0), _deploy(figure, 1, 0, port)],
            "base/D",
        )
    )
    assert error.action_index == 1, error


def test_follower_on_garden_rejected_from_golden_record():
    """abbot_recall_6_points with Rouge's abbot (action 1) replaced by a follower."""
    record = copy.deepcopy(_load("abbot_recall_6_points")["record"])
    record["actions"][1] = _deploy("follower", 1, 0, "C")
    error = _rejected_at(record)
    assert error.action_index == 1, error
    assert "garden" in str(error), error


def test_abbot_recall_only_own_abbot_on_board():
    # Recall with no abbot on the board (action 1), and Bleu recalling Rouge's abbot (action 3).
    tiles = ["base/U+garden", "base/U"]
    error = _rejected_at(
        _record(
            ["base", "abbot"],
            tiles,
            [
                _place("base/U+garden", 1, 0, 0),
                {"type": "recall", "figure": "abbot", "x": 1, "y": 0},
            ],
            "base/D",
        )
    )
    assert error.action_index == 1, error
    error = _rejected_at(
        _record(
            ["base", "abbot"],
            tiles,
            [
                _place("base/U+garden", 1, 0, 0),
                _deploy("abbot", 1, 0, "C"),
                _place("base/U", 2, 0, 0),
                {"type": "recall", "figure": "abbot", "x": 1, "y": 0},
            ],
            "base/D",
        )
    )
    assert error.action_index == 3, error


# The River: the spring river1/01 (start, omitted from the setup) at (0,0) flows E.
# river1/10 rot 0 (river W-S) at (1,0) is a right bend (flow E -> S). Then a second
# right bend (flow S -> W) is river1/08 rot 2 (river N-W); a left bend (S -> E) is
# river1/08 rot 3 (river N-E). Every rejected placement below matches its
# neighbours' edges, so only the river rules can refuse it.
RIVER = ["base", "river"]


def _river(order, actions):
    return _record(RIVER, order, actions)


def test_river_u_turn_rejected():
    order = ["river1/10", "river1/08"]
    head = [_place("river1/10", 1, 0, 0), PASS]
    # control: the left bend is accepted
    GameRecord.from_json(_river(order, [*head, _place("river1/08", 1, 1, 3), PASS])).replay()
    error = _rejected_at(_river(order, [*head, _place("river1/08", 1, 1, 2), PASS]))
    assert error.action_index == 2, error


def test_river_u_turn_with_straight_between_rejected():
    # RULINGS.md: two successive bends may not turn the same way, even with straight
    # river tiles between them (river1/07 rot 1 is straight N-S at (1,1)).
    order = ["river1/10", "river1/07", "river1/08"]
    head = [_place("river1/10", 1, 0, 0), PASS, _place("river1/07", 1, 1, 1), PASS]
    GameRecord.from_json(_river(order, [*head, _place("river1/08", 1, 2, 3), PASS])).replay()
    error = _rejected_at(_river(order, [*head, _place("river1/08", 1, 2, 2), PASS]))
    assert error.action_index == 4, error


def test_river_tile_away_from_river_end_rejected():
    # river1/05 rot 2 (river E-W, road N, field S) at (0,-1): its south field meets the
    # spring's north field, but the river's open end is (1,0), east of the spring.
    order = ["river1/05"]
    GameRecord.from_json(_river(order, [_place("river1/05", 1, 0, 0), PASS])).replay()
    error = _rejected_at(_river(order, [_place("river1/05", 0, -1, 2), PASS]))
    assert error.action_index == 0, error
    # Later in the river: after river1/07 at (1,0), a tile beside it at (1,-1) is refused too.
    order = ["river1/07", "river1/05"]
    error = _rejected_at(
        _river(order, [_place("river1/07", 1, 0, 0), PASS, _place("river1/05", 1, -1, 2), PASS])
    )
    assert error.action_index == 2, error


def test_river_no_follower_on_the_river():
    order = ["river1/07"]
    GameRecord.from_json(
        _river(order, [_place("river1/07", 1, 0, 0), _deploy("follower", 1, 0, "NW")])
    ).replay()
    error = _rejected_at(
        _river(order, [_place("river1/07", 1, 0, 0), _deploy("follower", 1, 0, "E")])
    )
    assert error.action_index == 1, error


# ------------------------------------------------------------------- perft
# (golden file, actions replayed, legal placements of the next tile, sum over
# those placements of the legal figure-step actions after each).
#
# The figures were computed by tests/golden_expansions/independent_perft.py, a
# small counter of our own that shares no code with the engine (it reads the
# tile data files as JSON, rebuilds the board from the record's placements,
# matches edges, follows the river, and finds features by union-find over the
# ports), and checked by hand:
# - ic_large_follower_ties_two after 14 actions: Noir holds base/Q (city N-E-W,
#   shield; field S); 10 placements. After each, Noir (5 followers + the large
#   follower in supply) may put either figure on the city or the field, or pass:
#   5 actions, except at (0,-2) rot 2, where the city joins the occupied city:
#   3. 9 * 5 + 3 = 48.
# - abbot_recall_6_points after 8 actions: Rouge holds base/U; 16 placements;
#   each leaves road + 2 fields, all free (3 follower deploys; no cloister or
#   garden for the abbot), + recall of the abbot at (1,0) + pass = 5; 16 * 5 = 80.
# - river_bridge_and_split_fields after 4 actions: Rouge holds the bridge
#   river1/06; it must continue the river at (3,0): rot 1 and rot 3 (2
#   placements). On it: road free, NE and SE quarters free, NW quarter joins the
#   north bank (Rouge's farmer), SW quarter the south bank (Bleu's farmer):
#   3 deploys + pass = 4 each; 8.
# - river_bridge_and_split_fields after 8 actions (river closed by the lake):
#   Rouge holds base/E; 21 placements (river edges accept no land tile), 63
#   figure-step actions.
PERFT = [
    ("ic_large_follower_ties_two", 14, 10, 48),
    ("abbot_recall_6_points", 8, 16, 80),
    ("river_bridge_and_split_fields", 4, 2, 8),
    ("river_bridge_and_split_fields", 8, 21, 63),
]


@pytest.mark.parametrize(
    "name, upto, placements, figure_actions", PERFT, ids=[f"{n}@{u}" for n, u, _, _ in PERFT]
)
def test_perft(name, upto, placements, figure_actions):
    game = GameRecord.from_json(_load(name)["record"]).replay(upto).game
    assert game.phase == "place_tile"
    legal = list(game.legal_actions())
    assert len(legal) == placements
    assert len(set(legal)) == placements
    total = 0
    for action in legal:
        child = game.copy()
        child.apply(action)
        assert child.phase == "figure"
        total += len(child.legal_actions())
    assert total == figure_actions


def test_perft_matches_independent_counter():
    """Re-run the independent counter, so the table above cannot drift from it."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "independent_perft", GOLDEN_DIR / "independent_perft.py"
    )
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    for name, upto, placements, figure_actions in PERFT:
        assert module.count(name, upto) == (placements, figure_actions), (name, upto)


# ---------------------------------------------------------- suspected bug
# ic/03+garden: four separate city segments and a garden in the middle of an
# inner field (catalogue field with no ports, "inner": true). The engine gives
# that field the canonical port "C", the same as the garden, and offers
# Deploy(follower, x, y, "C") for the field; applying it puts the follower on the
# GARDEN (feature_at_port("C") finds the garden first), which then scores for
# the follower at the end ("garden": 3) - even without The Abbot. Followers never
# stand on a garden (seed 001 p.10 "mais pas sur le jardin", RULINGS.md).
@pytest.mark.parametrize(
    "expansions", [["base", "inns_cathedrals"], ["base", "inns_cathedrals", "abbot"]]
)
def test_follower_on_ic03_centre_never_on_garden(expansions):
    record = _record(
        expansions,
        ["ic/03+garden", "base/E"],
        [
            _place("ic/03+garden", 0, -1, 0),
            _deploy("follower", 0, -1, "C"),
            _place("base/E", 0, -2, 2),
            PASS,
        ],
        "base/D",
    )
    # Regression: the portless inner field was named "C" like the garden and
    # the follower landed on the garden. A follower's "C" is the field.
    replay = GameRecord.from_json(record).replay()
    kinds = [f.feature for f in replay.game.figures_on_board()]
    assert kinds == ["field"]
    assert replay.game.breakdown[0].get("garden", 0) == 0
    # the farmer on the inner field touches two completed 2-tile cities: the
    # one joined with the start tile and the one closed by base/E (2 x 3)
    assert replay.game.breakdown[0] == {"field": 6}
