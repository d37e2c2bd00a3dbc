"""Plug-in discovery shared by the layers: every module of an `expansions`
package registers itself when imported, so importing them all is the whole
registry (no hand-kept list, and nothing depends on import order)."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable

_DONE: set[str] = set()


def import_all(package: str, path: Iterable[str]) -> None:
    """Import every module of `package` found on `path`, once per process."""
    if package in _DONE:
        return
    for module in pkgutil.iter_modules(list(path)):
        importlib.import_module(f"{package}.{module.name}")
    _DONE.add(package)
