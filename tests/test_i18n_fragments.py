"""An expansion's texts in a file of its own, merged at load (issue 26)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from carcassonne_desktop import i18n


def _data_dir_with(tmp_path: Path, fragments: dict[str, dict]) -> Path:
    for path in i18n.DATA_DIR.glob(f"{i18n.NAMESPACE}.*.json"):
        shutil.copy(path, tmp_path / path.name)
    for name, table in fragments.items():
        (tmp_path / name).write_text(json.dumps(table), encoding="utf-8")
    return tmp_path


@pytest.fixture
def isolated(monkeypatch: pytest.MonkeyPatch):
    def use(directory: Path) -> None:
        monkeypatch.setattr(i18n, "DATA_DIR", directory)
        i18n.raw_table.cache_clear()
        i18n._fragments.cache_clear()
        i18n._language_files.cache_clear()

    yield use
    i18n.raw_table.cache_clear()
    i18n._fragments.cache_clear()
    i18n._language_files.cache_clear()


def test_a_fragment_adds_its_keys_to_both_the_table_and_tr(tmp_path, isolated, monkeypatch):
    isolated(_data_dir_with(tmp_path, {
        "toyexp.fr.json": {"fr": {"toyexp": {"hello": "Salut %{name}"}}},
        "toyexp.en.json": {"en": {"toyexp": {"hello": "Hi %{name}"}}},
    }))
    monkeypatch.setitem(i18n._state, "fragments_loaded", False)
    assert "toyexp.hello" in i18n.flat_keys("fr")
    assert "menu.new_game" in i18n.flat_keys("fr")
    assert i18n.available_languages() == ["en", "fr"]
    before = i18n.current_language()
    try:
        i18n.set_language("fr")
        assert i18n.tr("toyexp.hello", name="Ana") == "Salut Ana"
        i18n.set_language("en")
        assert i18n.tr("toyexp.hello", name="Ana") == "Hi Ana"
    finally:
        i18n.set_language(before)


def test_a_key_defined_in_the_main_file_and_a_fragment_is_an_error(tmp_path, isolated):
    isolated(_data_dir_with(tmp_path, {
        "clash.en.json": {"en": {"menu": {"new_game": "Another"}}},
    }))
    with pytest.raises(ValueError, match="menu.new_game"):
        i18n.raw_table("en")


def test_the_shipped_tables_merge_without_a_clash():
    for code in i18n.available_languages():
        assert i18n.raw_table(code)
