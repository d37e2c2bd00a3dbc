"""Issue 29: a game installed from a wheel (``pip install .``, pipx) said "assets
directory not found" (and would have listed no example games). Both now ship
inside the package; these tests build the real wheel, install it in a fresh
virtual environment outside the clone and play a turn with it, and check each
layout the lookups know.

The fresh environment has no pip and reaches no index: the wheel is installed by
this environment's pip (``--python``), and the runtime dependencies are the ones
already installed here, linked by a ``.pth`` file (written after the install, so
that pip never sees this clone's editable install as already satisfying it).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from carcassonne_desktop.persistence.paths import EXAMPLES_ENV, examples_dir
from carcassonne_desktop.ui.resources import AssetsNotFoundError, find_assets_dir

REPO = Path(__file__).resolve().parents[1]
TIMEOUT = 180  # seconds per step; the whole test takes about 10 s here
# Left out of the copy that is built: caches, virtual environments and earlier builds
# (a stale build/ would hide a file the packaging no longer ships).
NOT_BUILT_FROM = (".git", ".venv", "venv", "build", "dist", "*.egg-info", "__pycache__",
                  ".pytest_cache", ".hypothesis", ".ruff_cache", "shots", "tests", "bench")
# Settings or variables that could let the installed game find the clone's assets.
LEAKING_VARIABLES = ("PYTHONPATH", "PYTHONHOME", "CARCASSONNE_ASSETS", "CARCASSONNE_EXAMPLES_DIR")


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


def test_examples_are_the_wheels_copy_else_the_clones_saves(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(EXAMPLES_ENV, raising=False)
    package = tmp_path / "carcassonne_desktop"
    package.mkdir()
    assert examples_dir(package) == tmp_path / "saves"  # none anywhere: an empty list
    (tmp_path / "saves").mkdir()
    assert examples_dir(package) == tmp_path / "saves"
    (package / "examples").mkdir()
    assert examples_dir(package) == package / "examples"
    monkeypatch.setenv(EXAMPLES_ENV, str(tmp_path / "mine"))
    assert examples_dir(package) == tmp_path / "mine"


# ------------------------------------------------------------------ the real wheel
def run(command: list[str | Path], cwd: Path, env: dict[str, str] | None = None) -> str:
    """Run a step; a failure shows its command and output instead of a bare exit status."""
    done = subprocess.run([str(part) for part in command], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=TIMEOUT)
    assert done.returncode == 0, (
        f"{' '.join(map(str, command))} exited {done.returncode}\n{done.stdout}\n{done.stderr}")
    return done.stdout


def build_wheel(work: Path) -> Path:
    """The wheel of a copy of the clone, built offline with this environment's setuptools."""
    source = work / "source"
    shutil.copytree(REPO, source, ignore=shutil.ignore_patterns(*NOT_BUILT_FROM))
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
         "--no-index", "--wheel-dir", work / "dist", source], cwd=work)
    (wheel,) = (work / "dist").glob("carcassonne_desktop-*.whl")
    return wheel


def shipped_files(folder: Path) -> set[str]:
    """Every file of a shipped top-level folder except the scripts that generate them."""
    return {path.relative_to(folder).as_posix() for path in folder.rglob("*")
            if path.is_file() and path.suffix != ".py" and "__pycache__" not in path.parts}


def files_under(archive: zipfile.ZipFile, prefix: str) -> set[str]:
    return {name.removeprefix(prefix) for name in archive.namelist() if name.startswith(prefix)}


def venv_paths(python: Path, cwd: Path) -> dict[str, str]:
    code = "import json, sysconfig; print(json.dumps(sysconfig.get_paths()))"
    return json.loads(run([python, "-c", code], cwd=cwd))


def fresh_venv(folder: Path, cwd: Path) -> tuple[Path, dict[str, str]]:
    """A virtual environment without pip (ensurepip may be missing, and it is slow)."""
    run([sys.executable, "-m", "venv", "--without-pip", folder], cwd=cwd)
    scripts = "Scripts" if os.name == "nt" else "bin"
    python = folder / scripts / ("python.exe" if os.name == "nt" else "python")
    return python, venv_paths(python, cwd)


def link_runtime_dependencies(site_packages: Path) -> None:
    """Make the dependencies installed here importable there, without copying them."""
    import platformdirs
    import pygame
    import pygame_gui

    folders = {str(Path(module.__file__ or "").resolve().parent.parent)
               for module in (pygame, pygame_gui, platformdirs)}
    (site_packages / "carcassonne_test_dependencies.pth").write_text(
        "\n".join(sorted(folders)) + "\n", encoding="utf-8")


def clean_env(work: Path) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key not in LEAKING_VARIABLES}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               CARCASSONNE_CONFIG_DIR=str(work / "config"), CARCASSONNE_DATA_DIR=str(work / "data"))
    return env


def test_wheel_installed_outside_the_clone_finds_its_assets_and_plays_a_turn(tmp_path: Path) -> None:
    """Issue 29: the installed game stopped at once with "assets directory not found"."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    wheel = build_wheel(tmp_path)
    with zipfile.ZipFile(wheel) as archive:
        assets = files_under(archive, "carcassonne_desktop/assets/")
        examples = files_under(archive, "carcassonne_desktop/examples/")
    assert assets == shipped_files(REPO / "assets"), "the wheel carries exactly assets/"
    assert examples == shipped_files(REPO / "saves"), "the wheel carries the example games"

    venv = tmp_path / "venv"
    python, paths = fresh_venv(venv, elsewhere)
    run([sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--no-deps",
         "--no-index", wheel], cwd=elsewhere)
    link_runtime_dependencies(Path(paths["purelib"]))
    env = clean_env(tmp_path)

    where = run([python, "-c", "import json, carcassonne_desktop.ui.resources as r, "
                 "carcassonne_desktop.persistence.paths as p; "
                 "print(json.dumps([r.__file__, str(r.assets_dir()), str(p.examples_dir())]))"],
                cwd=elsewhere, env=env)
    module, assets_at, examples_at = (Path(path).resolve()
                                      for path in json.loads(where.splitlines()[-1]))
    assert module.is_relative_to(venv.resolve()), f"imported from {module}, not the installed wheel"
    installed = Path(paths["purelib"]).resolve() / "carcassonne_desktop"
    assert (assets_at, examples_at) == (installed / "assets", installed / "examples")

    scripts = Path(paths["scripts"])
    game = scripts / ("carcassonne.exe" if os.name == "nt" else "carcassonne")
    shot = tmp_path / "turn.png"
    run([game, "play", "--autoplay", "--quit-after-turns", "1", "--screenshot", shot],
        cwd=elsewhere, env=env)
    assert shot.stat().st_size > 10_000, "a screenshot of the board after the turn"
