"""Issue 29: a game installed from a wheel (``pip install .``, pipx) said "assets
directory not found". The assets lookup tries each layout in turn; these tests check
each layout it knows.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from carcassonne_desktop.ui.resources import AssetsNotFoundError, find_assets_dir


# ------------------------------------------------------------------ the lookup, layout by layout
def make_assets(folder: Path) -> Path:
    (folder / "themes").mkdir(parents=True)
    (folder / "themes" / "palette.json").write_text("{}", encoding="utf-8")
    return folder


def test_installed_wheel_layout_finds_assets_inside_the_package(tmp_path: Path) -> None:
    package = tmp_path / "site-packages" / "carcassonne_desktop"
    bundled = make_assets(package / "assets")
    assert find_assets_dir(package) == bundled


def test_clone_layout_finds_assets_beside_the_package(tmp_path: Path) -> None:
    package = tmp_path / "clone" / "carcassonne_desktop"
    package.mkdir(parents=True)
    beside = make_assets(tmp_path / "clone" / "assets")
    assert find_assets_dir(package) == beside


def test_override_wins_and_a_wrong_override_falls_back(tmp_path: Path) -> None:
    package = tmp_path / "site-packages" / "carcassonne_desktop"
    bundled = make_assets(package / "assets")
    chosen = make_assets(tmp_path / "mine")
    assert find_assets_dir(package, str(chosen)) == chosen
    assert find_assets_dir(package, str(tmp_path / "nowhere")) == bundled


def test_no_assets_anywhere_is_one_line_naming_every_place(tmp_path: Path) -> None:
    package = tmp_path / "carcassonne_desktop"
    package.mkdir()
    with pytest.raises(AssetsNotFoundError) as caught:
        find_assets_dir(package, str(tmp_path / "mine"))
    message = str(caught.value)
    assert "\n" not in message
    for place in (tmp_path / "mine", package / "assets", tmp_path / "assets"):
        assert str(place) in message
