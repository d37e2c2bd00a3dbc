"""The registries' common rules: one value per name, and `discover()`, which
imports every module of the package once (each registers itself)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from carcassonne_desktop.discovery import import_all

#: The package whose modules register themselves.
_PACKAGE = "carcassonne_desktop.ui.expansions"


def register_once(table: dict[str, Any], name: str, value: Any, what: str) -> None:
    """One value per name: a second, different registration would make the
    interface depend on import order, so it is refused."""
    existing = table.get(name)
    if existing is not None and existing != value:
        raise ValueError(f"{what} {name!r} is already registered")
    table[name] = value


def discover() -> None:
    """Import every module of this package once (each registers itself)."""
    import_all(_PACKAGE, [str(Path(__file__).parent)])
