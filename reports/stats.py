"""Statistics for balance answers, as plain functions on numbers and arrays (tested against scipy/statsmodels)."""

from __future__ import annotations

import math

Z95 = 1.959963984540054  # two-sided 95% normal quantile


def wilson(wins: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion (wins of n); (nan, nan) when n == 0."""
    if n <= 0:
        return (math.nan, math.nan)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))
