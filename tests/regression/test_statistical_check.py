"""The slow tier (`pytest -m slow`, CI's second step): the regression check's false-alarm rate and power,
measured on synthetic win counts drawn from known rates, each figure printed so CI's log shows it.

benchmarks/regress_false_alarms.py measures the same false-alarm rate on replayed games."""

import numpy as np
import pytest

from reports.analysis.regression import compare
from sim import regression

pytestmark = pytest.mark.slow

RATES = {"0": 0.27, "1": 0.30, "2": 0.17, "3": 0.26}  # a 4-player baseline's seat win rates
N = 20_000
SETS = 400


def flagged_share(shift: float, seed: int) -> float:
    """Share of SETS baseline/replay pairs the check flags when seat 0's true rate moved by `shift`."""
    rng = np.random.default_rng(seed)
    now_rates = dict(RATES, **{"0": RATES["0"] + shift})
    now_rates["1"] -= shift  # the rates of one game's seats still sum to 1
    flagged = 0
    for _ in range(SETS):
        base = rng.multinomial(N, list(RATES.values()))
        now = rng.multinomial(N, list(now_rates.values()))
        baseline = {"seats": {k: [int(base[i]), N] for i, k in enumerate(RATES)}, "strategies": {"greedy": [N // 4, N]}}
        seats = {k: (int(now[i]), N) for i, k in enumerate(RATES)}
        checks = compare(baseline, seats, {"greedy": (N // 4, N)}, regression.FAMILY_ALPHA, regression.POWER)
        flagged += any(c.drifted for c in checks)
    return flagged / SETS


def test_false_alarm_rate_of_the_statistical_check_is_at_most_its_level():
    """Independent samples of the same rates (the null): the share of flagged baselines stays <= 1%."""
    share = flagged_share(0.0, seed=2024)
    print(f"\nregression check, false alarms: {share:.2%} of {SETS} null pairs (level {regression.FAMILY_ALPHA:.0%})")
    assert share <= regression.FAMILY_ALPHA + 2.5 * np.sqrt(0.01 * 0.99 / SETS)


def test_the_statistical_check_finds_a_drift_of_its_detectable_shift_with_its_power():
    """Seat 0's rate moved by the shift the check reports as detectable: flagged at least POWER of the time
    (the family-wise tests of the other seats can only add flags)."""
    baseline = {"seats": {k: [round(r * N), N] for k, r in RATES.items()}, "strategies": {"greedy": [N // 4, N]}}
    seats = {k: (round(r * N), N) for k, r in RATES.items()}
    checks = compare(baseline, seats, {"greedy": (N // 4, N)}, regression.FAMILY_ALPHA, regression.POWER)
    shift = next(c.detectable for c in checks if c.what == "seat 0")
    share = flagged_share(shift, seed=2025)
    print(f"\nregression check, power: flags a {shift:.2%} shift of seat 0 in {share:.2%} of {SETS} pairs "
          f"(stated power {regression.POWER:.0%})")  # fmt: skip
    assert share >= regression.POWER - 2.5 * np.sqrt(0.9 * 0.1 / SETS)
