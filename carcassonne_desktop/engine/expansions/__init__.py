"""Expansion modules. Every module in this package registers itself when
imported; `discover()` imports them all, so there is no hand-kept list."""

from __future__ import annotations

from carcassonne_desktop.discovery import import_all

_discovered = False


def discover() -> None:
    global _discovered
    if _discovered:
        return
    import_all(__name__, __path__)
    _discovered = True
