"""Expansion modules. Every module in this package registers itself when
imported; `discover()` imports them all, so there is no hand-kept list."""

from __future__ import annotations

import importlib
import pkgutil

_discovered = False


def discover() -> None:
    global _discovered
    if _discovered:
        return
    for module in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{module.name}")
    _discovered = True
