"""Carcassonne desktop: the board game for the family computer."""

__version__ = "0.1.0"
