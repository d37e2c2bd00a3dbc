"""Inns & Cathedrals in the interface: the large follower, bigger and ringed
(it weighs two in every majority)."""

from __future__ import annotations

from carcassonne_desktop.ui.art.meeples import BODY
from carcassonne_desktop.ui.expansions import FigureStyle, register_figure_style

register_figure_style("large_follower", FigureStyle(BODY, scale=1.3, ring=True))
