"""Plug-in discovery shared by the layers: every module of an `expansions`
package registers itself when imported, so importing them all is the whole
registry (no hand-kept list, and nothing depends on import order)."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable


def import_all(package: str, path: Iterable[str]) -> None:
    """Import every module of `package` found on `path`."""
    for module in pkgutil.iter_modules(list(path)):
        importlib.import_module(f"{package}.{module.name}")
