"""Procedural art: tiles and figures are drawn from data, never from scanned images."""
