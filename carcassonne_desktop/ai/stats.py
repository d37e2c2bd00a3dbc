"""Small statistics for self-play reports: Wilson intervals and percentiles."""

from __future__ import annotations

import math
from collections.abc import Sequence


def wilson_interval(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """95% confidence interval of a proportion (Wilson score), robust near 0 and 1."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(sorted_values: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile of already sorted values (0 when empty)."""
    if not sorted_values:
        return 0.0
    rank = max(math.ceil(fraction * len(sorted_values)) - 1, 0)
    return sorted_values[min(rank, len(sorted_values) - 1)]


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def mean_interval(values: Sequence[float], z: float = 1.96) -> tuple[float, float]:
    """Normal-approximation 95% interval of a mean."""
    n = len(values)
    if n < 2:
        m = mean(values)
        return (m, m)
    m = mean(values)
    variance = sum((v - m) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(variance / n)
    return (m - half, m + half)
