"""Where the folders shipped beside the code are: inside the package, or beside it.

The repository keeps ``assets/`` and ``saves/`` (the example games) at its top level,
but an installed game has no repository around it: setup.py maps them into the
wheel as ``carcassonne_desktop/assets`` and ``carcassonne_desktop/examples``. A clone,
run in place or installed with ``pip install -e .``, still has them beside the
package. This module is the one place that knows both layouts (docs/ui-api.md,
"Where the assets are found"); it imports nothing of the game, so the engine-free
layers can use it.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent


def shipped_places(in_package: str, in_repository: str, package_dir: Path = PACKAGE_DIR) -> list[Path]:
    """Where a shipped folder may be, in the order to try: a wheel's copy, then a clone's."""
    return [package_dir / in_package, package_dir.parent / in_repository]
