"""Benchmarks behind `carcassonne bench ...`: they print figures, never pass or fail."""
