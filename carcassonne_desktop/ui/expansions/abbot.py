"""The Abbot in the interface: the abbot's robe and hood."""

from __future__ import annotations

from carcassonne_desktop.ui.art.meeples import ROBE
from carcassonne_desktop.ui.expansions import FigureStyle, register_figure_style

_HOOD = (
    (0.33, 0.32), (0.33, 0.17), (0.40, 0.07), (0.50, 0.0), (0.60, 0.07), (0.67, 0.17), (0.67, 0.32),
)

register_figure_style(
    "abbot", FigureStyle(ROBE, head=((0.5, 0.2125), 0.135), extras=(_HOOD,), face=True)
)
