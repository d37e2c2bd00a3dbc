"""Packaging that pyproject.toml cannot say: the top-level ``assets/`` ships inside the package.

The repository keeps ``assets/`` at its top level (fonts, themes, sounds), but an
installed game has no repository around it: a wheel (``pip install .``, pipx)
must carry the assets as ``carcassonne_desktop/assets``. Mapping the package
``carcassonne_desktop.assets`` to the folder ``assets`` does that without a second
copy in the repository; its files are listed under package-data in
pyproject.toml. The mapped package cannot be discovered (no such folder in
the tree), hence the package list is computed here instead of in pyproject.toml.
``ui/resources.py`` looks inside the package first, then beside it (a clone or
an editable install). See docs/ui-api.md, "Where the assets are found".
"""

from setuptools import find_namespace_packages, setup

setup(
    packages=[*find_namespace_packages(include=["carcassonne_desktop*"]), "carcassonne_desktop.assets"],
    package_dir={"carcassonne_desktop.assets": "assets"},
)
