"""Saved games, autosave, settings and paths (platformdirs)."""
