"""Expansion modules. Every module in this package registers itself when
imported; `discover()` imports them all, so there is no hand-kept list."""

from __future__ import annotations

from carcassonne_desktop.discovery import import_all


def discover() -> None:
    import_all(__name__, __path__)
