"""`carcassonne replay FILE`: every error names the file as typed, once, says
when the game's backup (``.bak``) is there to fall back on, and is never a
traceback."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from carcassonne_desktop.cli import main
from carcassonne_desktop.engine import GameRecord
from carcassonne_desktop.persistence.store import SaveStore
from tests.test_persistence_saves import random_game


def _save(tmp_path: Path) -> dict:
    store = SaveStore(tmp_path / "data", examples=tmp_path / "none")
    info = store.save(random_game(4, 20), "cli")
    return json.loads(info.path.read_text(encoding="utf-8"))


def _record() -> dict:
    return GameRecord.from_game(random_game(4, 20)).to_json()


def _set(data: dict, change: Callable[[dict], object]) -> str:
    change(data)
    return json.dumps(data, ensure_ascii=True)


CONTENTS: dict[str, Callable[[Path], str | None]] = {
    "missing": lambda tmp: None,
    "empty": lambda tmp: "",
    "not_json": lambda tmp: "{'single': 'quotes'}",
    "truncated_save": lambda tmp: json.dumps(_save(tmp))[:300],
    "save_illegal_action": lambda tmp: _set(_save(tmp), lambda d: d["record"]["actions"]
                                            .__setitem__(2, {"type": "pass"})),
    "save_bad_colour": lambda tmp: _set(_save(tmp), lambda d: d["record"]["setup"]["players"][0]
                                        .update(color="chartreuse")),
    "record_illegal_action": lambda tmp: _set(_record(), lambda d: d["actions"]
                                              .__setitem__(2, {"type": "pass"})),
    "record_bad_setup": lambda tmp: _set(_record(), lambda d: d["setup"].update(seed="x")),
    "record_one_player": lambda tmp: _set(_record(), lambda d: d["setup"]["players"].pop()),
    "record_unknown_expansion": lambda tmp: _set(_record(), lambda d: d["setup"]
                                                 .update(expansions=["base", "moon"])),
    "record_surrogate_name": lambda tmp: _set(_record(), lambda d: d["setup"]["players"][0]
                                              .update(name="\ud800")),
    "record_huge_number": lambda tmp: json.dumps(_record()).replace(
        '"seed": ', '"seed": ' + "9" * 5000 + ', "s": ', 1),
}


def _run(capsys: pytest.CaptureFixture[str], path: Path) -> str:
    assert main(["replay", str(path)]) == 1
    captured = capsys.readouterr()
    err = captured.err
    assert captured.out == ""
    assert err.startswith(f"carcassonne: error: {path}: "), err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.count(path.name) == 1, "the file is named once"
    return err


@pytest.mark.parametrize("case", sorted(CONTENTS))
def test_every_replay_error_names_the_file(tmp_path, capsys, case):
    path = tmp_path / f"{case}.json"
    content = CONTENTS[case](tmp_path)
    if content is not None:
        path.write_text(content, encoding="utf-8")
    err = _run(capsys, path)
    assert ".bak" not in err


@pytest.mark.parametrize("case", ["missing", "truncated_save", "save_illegal_action"])
def test_a_replay_error_says_when_a_backup_exists(tmp_path, capsys, case):
    path = tmp_path / f"{case}.json"
    content = CONTENTS[case](tmp_path)
    if content is not None:
        path.write_text(content, encoding="utf-8")
    backup = tmp_path / f"{case}.json.bak"
    backup.write_text(json.dumps(_save(tmp_path)), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"carcassonne: error: {path}: ") and "Traceback" not in err
    assert f"a backup of it exists: {backup}" in err
    assert main(["replay", str(backup)]) == 0  # ...and the backup does replay


def test_a_directory_or_a_nameless_path_is_a_one_line_error(tmp_path, capsys):
    for target in (tmp_path, Path("/")):
        assert main(["replay", str(target)]) == 1
        err = capsys.readouterr().err
        assert err.startswith(f"carcassonne: error: {target}: ") and "Traceback" not in err
