"""Packaging that pyproject.toml cannot say: top-level folders shipped inside the package.

The repository keeps ``assets/`` (fonts, themes, sounds) and ``saves/`` (the example
games) at its top level, but an installed game has no repository around it: a
wheel (``pip install .``, pipx) must carry them as ``carcassonne_desktop/assets`` and
``carcassonne_desktop/examples``. Mapping those packages to the folders does that
without a second copy in the repository; pyproject.toml's package-data says which
files go. A mapped package cannot be discovered (no such folder in the tree), hence
the package list is computed here instead of in pyproject.toml.
``carcassonne_desktop/shipped.py`` looks inside the package first, then beside it (a
clone, an editable install). See docs/ui-api.md, "Where the assets are found".
"""

from __future__ import annotations

from setuptools import find_namespace_packages, setup
from setuptools.command.build_py import build_py

SHIPPED = {"carcassonne_desktop.assets": "assets", "carcassonne_desktop.examples": "saves"}
NOT_PACKAGES = ["*__pycache__*"]


def shipped_packages() -> list[str]:
    """Each shipped folder and its subfolders (fonts, themes...): setuptools wants every
    folder that holds package data listed as a package, or it warns at each build."""
    names: list[str] = []
    for package, folder in SHIPPED.items():
        subfolders = find_namespace_packages(where=folder, exclude=NOT_PACKAGES)
        names += [package, *(f"{package}.{sub}" for sub in subfolders)]
    return names


class ShippedDataOnly(build_py):
    """The shipped folders are data: the scripts that regenerate it (assets/sounds/
    make_sounds.py, saves/make_examples.py: they write beside themselves) stay in the
    repository, out of the installed package."""

    def find_package_modules(self, package: str, package_dir: str) -> list[tuple[str, str, str]]:
        if any(package == name or package.startswith(f"{name}.") for name in SHIPPED):
            return []
        return super().find_package_modules(package, package_dir)


setup(
    packages=[*find_namespace_packages(include=["carcassonne_desktop*"], exclude=NOT_PACKAGES),
              *shipped_packages()],
    package_dir=SHIPPED,
    cmdclass={"build_py": ShippedDataOnly},
)
