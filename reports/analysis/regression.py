"""The statistical half of `playout regress`: every win rate of a replay against its baseline."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import polars as pl

from reports.analysis.stats import holm, min_detectable_shift, two_rate_test


@dataclass(frozen=True)
class Check:
    what: str  # "seat 0", "strategy greedy"
    base_wins: int
    base_n: int
    wins: int
    n: int
    diff: float
    lo: float
    hi: float
    p_value: float
    p_adjusted: float
    detectable: float  # shift this check detects with the stated power at its share of the false-alarm rate
    drifted: bool


def compare(baseline: dict, seats: dict, strategies: dict, alpha: float, power: float) -> list[Check]:
    """Each seat's and strategy's win rate now against the baseline counts; Holm-adjusted p-values."""
    pairs = [(f"seat {k}", baseline["seats"][k], seats[k]) for k in sorted(baseline["seats"])]
    pairs += [
        (f"strategy {k}", baseline["strategies"][k], strategies.get(k, (0, 0))) for k in sorted(baseline["strategies"])
    ]
    raw = []
    for what, (bw, bn), (w, n) in pairs:
        raw.append((what, bw, bn, w, n, two_rate_test(w, n, bw, bn) if n else None))
    p_values = np.array([d.p_value if d else 0.0 for *_, d in raw])
    adjusted = holm(p_values)
    checks = []
    for (what, bw, bn, w, n, d), p_adj in zip(raw, adjusted, strict=True):
        reference = min(max(bw / bn, 1e-3), 1 - 1e-3)
        shift = min_detectable_shift(max(n, 1), reference, alpha / len(raw), power, n_baseline=bn)
        diff, lo, hi, p = (d.estimate, d.lo, d.hi, d.p_value) if d else (np.nan, np.nan, np.nan, 0.0)
        checks.append(Check(what, bw, bn, w, n, diff, lo, hi, p, float(p_adj), shift, bool(p_adj < alpha)))
    return checks


def checks_table(checks: list[Check]) -> pl.DataFrame:
    return pl.DataFrame(
        [(c.what, c.base_wins / c.base_n, c.wins / c.n if c.n else np.nan, c.diff, c.lo, c.hi, c.p_value,
          c.p_adjusted, c.detectable, c.drifted) for c in checks],
        schema=["win rate of", "baseline", "now", "difference", "lo", "hi", "p", "p_holm", "detectable_shift",
                "drifted"],
        orient="row",
    )  # fmt: skip
