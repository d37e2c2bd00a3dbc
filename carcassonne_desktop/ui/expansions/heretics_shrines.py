"""Heretics & Shrines in the interface: the shrine, the challenge in a
cloister's or shrine's tooltip, and what the log says when one is lost.

A shrine is a centre feature like a cloister (the figure stands on it, port
``C`` names it, a road that stops on the tile runs to it), but it must not be
taken for one at a glance: a low round chapel of grey stone under a dark
purple dome, with a fire burning before its door instead of a bell tower.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pygame

from carcassonne_desktop import i18n
from carcassonne_desktop.engine.events import Event
from carcassonne_desktop.engine.expansions.heretics_shrines import (
    ID,
    RIVALS,
    ChallengeLost,
    centre_at,
    challenger,
)
from carcassonne_desktop.engine.tile_layout import Prop
from carcassonne_desktop.ui.art.tile_art import Painter, shadow
from carcassonne_desktop.ui.expansions import (
    register_event_text,
    register_feature_note,
    register_prop,
)
from carcassonne_desktop.ui.game_log import figure_name
from carcassonne_desktop.ui.resources import colour


def _c(name: str) -> pygame.Color:
    return colour("tile", name)


def paint_shrine(p: Painter, prop: Prop, detail: bool, rng: random.Random) -> None:
    """A rotunda: a stone drum, a dome, and a small fire in front (from 40 px)."""
    del rng
    cx, cy = prop.pos
    r = prop.radius
    shadow(p, (cx + r * 0.08, cy + r * 0.6), r * 0.95, r * 0.36)
    stone, dark, roof = _c("shrine_stone"), _c("building_dark"), _c("shrine_roof")
    left, right = cx - r * 0.62, cx + r * 0.62
    top, base = cy - r * 0.05, cy + r * 0.62
    p.polygon([(left - 0.01, top), (right + 0.01, top), (right + 0.01, base + 0.01),
               (left - 0.01, base + 0.01)], dark)
    p.polygon([(left, top), (right, top), (right, base), (left, base)], stone)
    p.ellipse((cx, base), r * 0.62, r * 0.16, stone)
    # the dome and its finial
    p.ellipse((cx, top), r * 0.74, r * 0.62, dark)
    p.ellipse((cx, top), r * 0.68, r * 0.56, roof)
    p.polygon([(left - r * 0.12, top), (right + r * 0.12, top), (right + r * 0.12, top + r * 0.12),
               (left - r * 0.12, top + r * 0.12)], dark)
    p.circle((cx, top - r * 0.62), r * 0.09, dark)
    if detail:
        # columns and the door
        for k in (-0.42, 0.42):
            x = cx + r * k
            p.stroke([(x, top + r * 0.14), (x, base)], dark, max(0.006, r * 0.07))
        p.polygon([(cx - r * 0.13, base), (cx - r * 0.13, base - r * 0.3), (cx + r * 0.13, base - r * 0.3),
                   (cx + r * 0.13, base)], dark)
        flame = (cx + r * 0.78, base + r * 0.05)
        p.circle(flame, r * 0.13, dark)
        p.circle(flame, r * 0.09, _c("shrine_flame"))


def _challenge_text(event: Event, names: Sequence[str]) -> str | None:
    if not isinstance(event, ChallengeLost):
        return None
    # one sentence per kind: French articles and agreement differ; a figure
    # other than a follower (the abbot, a large follower) is named as it is
    if event.figure != "follower":
        return i18n.tr(f"message.challenge_lost_{event.feature}_other", name=names[event.player],
                       figure=figure_name(event.figure, False))
    return i18n.tr(f"message.challenge_lost_{event.feature}", name=names[event.player])


def _challenge_note(game: Any, info: Any) -> str | None:
    """The tooltip of a challenged cloister or shrine names the rival."""
    if info.kind not in RIVALS or info.completed or not info.tiles:
        return None
    found = centre_at(game, *info.tiles[0])
    other = challenger(game, found[1]) if found is not None else None
    if other is None:
        return None
    rival = game.features[other[2]]
    players = game.setup.players
    names = ", ".join(sorted({players[p].name for p, _, _ in rival.figures}))
    return i18n.tr(f"hud.challenge_{rival.kind}", names=names)


# as big as a cloister and drawn at the same moment
# (where it stands, and the figure before its door: engine/expansions/heretics_shrines.py)
register_prop("shrine", paint_shrine, order=4.0)
register_event_text(ChallengeLost.kind, _challenge_text)
register_feature_note(ID, _challenge_note)
