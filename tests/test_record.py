"""The game record: parsing, precise errors, replay, and the command line."""

from __future__ import annotations

import json
import random

import pytest

from carcassonne_desktop.cli import main
from carcassonne_desktop.engine import (
    Game,
    GameRecord,
    MalformedError,
    RecordError,
    parse_action,
    quick_setup,
)
from carcassonne_desktop.engine.actions import Deploy, Pass, PlaceTile, Recall
from carcassonne_desktop.engine.expansion import registry


def finished_record(seed: int = 3) -> GameRecord:
    game = Game(quick_setup(2, seed=seed))
    rng = random.Random(seed)
    while not game.is_over:
        actions = game.legal_actions()
        game.apply(actions[rng.randrange(len(actions))])
    return GameRecord.from_game(game)


@pytest.mark.parametrize(
    "action",
    [PlaceTile(1, -2, 3, "base/U"), PlaceTile(0, 1, 0), Deploy("follower", 1, 0, "NW"), Pass(),
     Recall("abbot", 2, 2)],
)
def test_actions_round_trip(action):
    assert parse_action(action.to_json()) == action
    assert parse_action(json.loads(json.dumps(action.to_json()))) == action


@pytest.mark.parametrize(
    "data,message",
    [
        ({"type": "teleport"}, "unknown action type"),
        ({"type": "place_tile", "x": 1, "y": 0}, "'rot' must be an integer"),
        ({"type": "place_tile", "x": 1, "y": 0, "rot": 4}, "rot must be 0-3"),
        ({"type": "place_tile", "x": "1", "y": 0, "rot": 0}, "'x' must be an integer"),
        ({"type": "place_tile", "x": True, "y": 0, "rot": 0}, "'x' must be an integer"),
        ({"type": "deploy", "figure": "follower", "x": 0, "y": 0, "port": "Q"}, "bad 'port'"),
        ([1, 2], "must be a JSON object"),
    ],
)
def test_malformed_actions_are_refused(data, message):
    with pytest.raises(MalformedError, match=message):
        parse_action(data)


def test_record_round_trip_and_tile_ids_are_written():
    record = finished_record()
    data = record.to_json()
    assert data["format"] == "carcassonne-record/1"
    assert all("tile" in a for a in data["actions"] if a["type"] == "place_tile")
    again = GameRecord.from_json(json.loads(json.dumps(data)))
    assert again.to_json() == data
    assert again.replay().game.is_over


def test_illegal_action_is_reported_with_its_index_and_reason():
    record = finished_record()
    data = record.to_json()
    data["actions"][4] = {"type": "place_tile", "x": 40, "y": 40, "rot": 0}
    with pytest.raises(RecordError) as info:
        GameRecord.from_json(data).replay()
    assert info.value.action_index == 4
    assert "does not touch" in str(info.value)


def test_wrong_drawn_tile_is_refused():
    data = finished_record().to_json()
    first = data["actions"][0]
    first["tile"] = "base/X" if first["tile"] != "base/X" else "base/C"
    with pytest.raises(RecordError, match="action 0: illegal place_tile: tile .* not in hand"):
        GameRecord.from_json(data).replay()


def test_action_after_the_end_is_refused():
    data = finished_record().to_json()
    data["actions"].append({"type": "pass"})
    with pytest.raises(RecordError, match="already over"):
        GameRecord.from_json(data).replay()


@pytest.mark.parametrize(
    "mutate,message",
    [
        (lambda d: d.update(format="chess-pgn"), "not a game record"),
        (lambda d: d.update(extra=1), "unknown record field"),
        (lambda d: d["setup"].update(players=[]), "0 players"),
        (lambda d: d["setup"].update(expansions=["moon"]), "unknown expansion"),
        (lambda d: d["setup"].update(seed="x"), "'seed' must be an integer"),
        (lambda d: d["setup"].update(tile_order=["base/ZZ"]), "unknown tile"),
        (lambda d: d.update(actions={}), "'actions' must be a list"),
    ],
)
def test_bad_records_are_refused_clearly(mutate, message):
    data = finished_record().to_json()
    mutate(data)
    with pytest.raises((MalformedError, RecordError), match=message):
        GameRecord.from_json(data).replay()


def test_not_json_is_refused():
    with pytest.raises(MalformedError, match="not valid JSON"):
        GameRecord.loads('{"format": ')


def test_partial_record_replays_an_unfinished_game():
    record = finished_record()
    record.actions = record.actions[:21]
    game = record.replay().game
    assert not game.is_over and game.phase == "figure"


# ------------------------------------------------------------ command line
def test_cli_replay_json(tmp_path, capsys):
    path = tmp_path / "game.json"
    record = finished_record()
    path.write_text(record.dumps(), encoding="utf-8")
    assert main(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    game = record.replay().game
    assert out["finished"] is True
    assert [p["score"] for p in out["players"]] == game.scores
    for player, breakdown in zip(out["players"], game.breakdown):
        assert player["breakdown"] == breakdown
        assert sum(player["breakdown"].values()) == player["score"]
    assert all({"action_index", "kind", "feature", "players", "points"} <= set(e)
               for e in out["events"])
    assert sum(e["points"] * len(e["players"]) for e in out["events"]) == sum(game.scores)


def test_cli_replay_text(tmp_path, capsys):
    path = tmp_path / "game.json"
    path.write_text(finished_record().dumps(), encoding="utf-8")
    assert main(["replay", str(path), "--events"]) == 0
    out = capsys.readouterr().out
    assert "Game finished" in out and "P1" in out


@pytest.mark.parametrize("content", ["", "{", "[]", '{"format": "carcassonne-record/1"}'])
def test_cli_replay_bad_file_exits_1_with_a_message(tmp_path, capsys, content):
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("carcassonne: error:") and "Traceback" not in err


def test_cli_replay_missing_file(capsys):
    assert main(["replay", "/nonexistent/game.json"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("carcassonne: error:") and "game.json" in err


def test_cli_replay_illegal_action_names_the_index(tmp_path, capsys):
    data = finished_record().to_json()
    data["actions"][2] = {"type": "deploy", "figure": "follower", "x": 0, "y": 0, "port": "N"}
    path = tmp_path / "illegal.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    assert "action 2" in capsys.readouterr().err


def test_cli_catalogue_json(capsys):
    assert main(["catalogue", "--expansion", "base", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["format"] == "carcassonne-catalogue/1"
    assert sum(t["count"] for t in doc["tiles"]) == 72
    start = next(t for t in doc["tiles"] if t["id"] == "base/D")
    assert start["start"] == 1 and start["expansion"] == "base"
    assert start["features"][0] == {"kind": "city", "ports": ["N"], "shield": False}
    garden = next(t for t in doc["tiles"] if t["id"] == "base/E+garden")
    assert {"kind": "garden", "ports": ["C"], "placeable": False} in garden["features"]


def test_cli_catalogue_unknown_expansion_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as info:
        main(["catalogue", "--expansion", "moon", "--json"])
    assert info.value.code == 2
    assert "unknown expansion" in capsys.readouterr().err


def test_cli_bench_engine_json(capsys):
    assert main(["bench", "engine", "--games", "5", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["games"] == 5 and result["games_per_second"] > 0
    # Each new expansion's hook cost shows at once: the all-expansions row
    # plays every registered expansion, beside the base game, in the same run.
    every = result["all_expansions"]
    assert every["expansions"] == list(registry())
    assert result["expansions"] == ["base"]
    assert every["games"] >= 1 and every["games_per_second"] > 0 and every["copy_us"] > 0
    # issue 28's measure: one decision of each row, and their ratio
    assert every["us_per_decision"] > 0 and result["us_per_decision"] > 0
    assert result["decision_ratio"] == round(every["us_per_decision"] / result["us_per_decision"], 2)
    assert every["layouts_ms"] > 0
