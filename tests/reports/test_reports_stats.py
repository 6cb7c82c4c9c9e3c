"""reports.analysis.stats against scipy/statsmodels references and on synthetic data with known effects."""

from __future__ import annotations

import gc
import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats as sps
from statsmodels.stats.contingency_tables import mcnemar
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.power import NormalIndPower
from statsmodels.stats.proportion import (
    confint_proportions_2indep,
    proportion_confint,
    proportions_ztest,
)

from reports.analysis import stats

counts = st.integers(min_value=1, max_value=5000).flatmap(
    lambda n: st.tuples(st.integers(min_value=0, max_value=n), st.just(n))
)


# ---------------------------------------------------------------- one and two win rates


@settings(max_examples=200, deadline=None)
@given(counts)
def test_wilson_matches_statsmodels(wn):
    wins, n = wn
    lo, hi = proportion_confint(wins, n, alpha=0.05, method="wilson")
    assert stats.wilson(wins, n) == pytest.approx((lo, hi), abs=1e-12)


@settings(max_examples=100, deadline=None)
@given(counts, counts)
def test_two_rate_test_matches_statsmodels(a, b):
    (wa, na), (wb, nb) = a, b
    got = stats.two_rate_test(wa, na, wb, nb)
    assert got.estimate == pytest.approx(wa / na - wb / nb, abs=1e-12)
    lo, hi = confint_proportions_2indep(wa, na, wb, nb, method="newcomb", compare="diff")
    assert (got.lo, got.hi) == pytest.approx((lo, hi), abs=1e-9)
    if 0 < wa + wb < na + nb:
        _, p = proportions_ztest([wa, wb], [na, nb])
        assert got.p_value == pytest.approx(p, rel=1e-6, abs=1e-15)
    else:
        assert got.p_value == 1.0


def test_two_rate_test_finds_a_known_difference():
    rng = np.random.default_rng(5)
    wa, wb = rng.binomial(40000, 0.27), rng.binomial(40000, 0.25)
    got = stats.two_rate_test(int(wa), 40000, int(wb), 40000)
    assert got.lo < 0.02 < got.hi and got.lo > 0 and got.p_value < 1e-6


@pytest.mark.parametrize("n, ref", [(1000, 0.25), (20000, 0.25), (50000, 0.5), (300, 0.1)])
def test_min_detectable_shift_matches_statsmodels_power(n, ref):
    sd = math.sqrt(ref * (1 - ref))
    one = NormalIndPower().solve_power(effect_size=None, nobs1=n, alpha=0.05, power=0.9, ratio=0) * sd
    assert stats.min_detectable_shift(n, ref) == pytest.approx(one, rel=1e-4)
    two = NormalIndPower().solve_power(effect_size=None, nobs1=n, alpha=0.01, power=0.9, ratio=2.0) * sd
    assert stats.min_detectable_shift(n, ref, alpha=0.01, n_baseline=2 * n) == pytest.approx(two, rel=1e-4)


def test_min_detectable_shift_has_about_ninety_percent_exact_power():
    # the exact binomial test at the computed shift rejects about 90% of the time
    n, ref = 20000, 0.25
    shift = stats.min_detectable_shift(n, ref)
    k = np.arange(n + 1)
    null = sps.binom.pmf(k, n, ref)
    ascending = np.sort(null)
    p_values = np.cumsum(ascending)[np.searchsorted(ascending, null * (1 + 1e-7), side="right") - 1]
    reject = p_values < 0.05
    power = sps.binom.pmf(k, n, ref + shift)[reject].sum()
    assert power == pytest.approx(0.9, abs=0.015)


def statsmodels_holm(ps):
    """statsmodels' Holm, the reference, without the full garbage collection it runs on every call (seconds
    in a test session's heap); the adjustment itself is untouched."""
    real = gc.collect
    gc.collect = lambda *args: 0
    try:
        return multipletests(ps, method="holm")[1]
    finally:
        gc.collect = real


@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(min_value=0.0, max_value=1.0), min_size=1, max_size=30))
def test_holm_matches_statsmodels(ps):
    assert stats.holm(ps) == pytest.approx(statsmodels_holm(ps), abs=1e-12)


def test_holm_of_ties_and_ones_matches_statsmodels():
    ps = [0.01, 0.01, 0.5, 1.0, 0.0, 0.03, 0.5]
    assert stats.holm(ps) == pytest.approx(statsmodels_holm(ps), abs=1e-12)


def test_holm_leaves_nans_out():
    got = stats.holm([0.01, math.nan, 0.04])
    assert math.isnan(got[1])
    assert got[[0, 2]] == pytest.approx(statsmodels_holm([0.01, 0.04]))


# ---------------------------------------------------------------- paired comparisons


@settings(max_examples=50, deadline=None)
@given(st.integers(min_value=0, max_value=10_000), st.integers(min_value=3, max_value=400))
def test_paired_mean_difference_matches_ttest_rel(seed, n):
    rng = np.random.default_rng(seed)
    a = rng.normal(50, 10, n)
    b = a + rng.normal(0.3, 2, n)
    got = stats.paired_mean_difference(a, b)
    ref = sps.ttest_rel(a, b)
    ci = ref.confidence_interval(0.95)
    assert got.estimate == pytest.approx(np.mean(a - b))
    assert got.p_value == pytest.approx(ref.pvalue, rel=1e-9, abs=1e-300)
    assert (got.lo, got.hi) == pytest.approx((ci.low, ci.high), rel=1e-9)


def test_paired_mean_difference_recovers_a_known_shift():
    rng = np.random.default_rng(3)
    seeds_effect = rng.normal(60, 20, 5000)  # big between-seed variance, removed by pairing
    a = seeds_effect + 0.5 + rng.normal(0, 1, 5000)
    b = seeds_effect + rng.normal(0, 1, 5000)
    got = stats.paired_mean_difference(a, b)
    assert got.lo < 0.5 < got.hi and got.lo > 0
    assert got.hi - got.lo < 0.2  # unpaired, the interval would be ~20 times wider


def test_paired_win_difference_matches_mcnemar_exact():
    rng = np.random.default_rng(8)
    a = rng.random(3000) < 0.3
    b = np.where(rng.random(3000) < 0.8, a, rng.random(3000) < 0.25)
    got = stats.paired_win_difference(a, b)
    table = [[np.sum(a & b), np.sum(a & ~b)], [np.sum(~a & b), np.sum(~a & ~b)]]
    assert got.p_value == pytest.approx(mcnemar(table, exact=True).pvalue, rel=1e-9)
    assert got.estimate == pytest.approx(a.mean() - b.mean())


def test_paired_win_difference_interval_covers_a_known_difference():
    # paired indicators with true P(win | a) - P(win | b) = 0.03; coverage of the 95% interval
    rng = np.random.default_rng(21)
    hits = 0
    reps = 400
    for _ in range(reps):
        u = rng.random(2000)
        a, b = u < 0.28, u < 0.25  # same seeds, the shift only adds wins
        noise = rng.random(2000) < 0.1  # some games go the other way independently
        a = np.where(noise, rng.random(2000) < 0.28, a)
        b = np.where(noise, rng.random(2000) < 0.25, b)
        d = stats.paired_win_difference(a, b)
        hits += d.lo <= 0.03 <= d.hi
    assert 0.92 <= hits / reps <= 0.98


def test_paired_win_difference_without_discordant_games():
    same = np.array([True, False, False, True])
    got = stats.paired_win_difference(same, same)
    assert got.estimate == 0 and got.p_value == 1.0 and got.lo < 0 < got.hi


# ---------------------------------------------------------------- crossing point


def logistic_sample(b0, b1, x, n, rng):
    p = 1 / (1 + np.exp(-(b0 + b1 * x)))
    return rng.binomial(n, p)


def test_fit_logistic_solves_the_likelihood_equations():
    # independent of how it is fitted: at the maximum, observed and expected wins agree in total and
    # weighted by x, and the covariance is the inverse Fisher information
    rng = np.random.default_rng(4)
    x = np.linspace(0, 12, 13)
    n = np.full(13, 1500)
    w = logistic_sample(-2.0, 0.25, x, n, rng)
    got = stats.fit_logistic(x, w, n)
    p = 1 / (1 + np.exp(-(got.intercept + got.slope * x)))
    assert np.sum(w - n * p) == pytest.approx(0, abs=1e-6) and np.sum(x * (w - n * p)) == pytest.approx(0, abs=1e-5)
    X = np.column_stack([np.ones_like(x), x])
    assert got.cov == pytest.approx(np.linalg.inv(X.T @ (X * (n * p * (1 - p))[:, None])), rel=1e-6)
    assert got.deviance == pytest.approx(2 * np.sum(w * np.log(w / (n * p)) + (n - w) * np.log((n - w) / (n - n * p))))


def test_fit_logistic_gives_none_for_a_separating_step():
    assert stats.fit_logistic([0.0, 1.0, 2.0, 3.0], [0, 0, 50, 50], [50, 50, 50, 50]) is None


def test_crossing_point_recovers_a_known_crossing_with_coverage():
    b0, b1, target = -2.0, 0.3, 0.25
    truth = (math.log(target / (1 - target)) - b0) / b1  # 3.338
    x = np.linspace(0, 10, 11)
    n = np.full(11, 2000)
    rng = np.random.default_rng(12)
    hits = logistic = 0
    reps = 300
    for _ in range(reps):
        c = stats.crossing_point(x, logistic_sample(b0, b1, x, n, rng), n, target, n_boot=200)
        logistic += c.method == "logistic"  # the goodness-of-fit test rejects a true logistic 0.1% of the time
        hits += c.lo <= truth <= c.hi
    assert logistic >= reps - 3
    assert 0.92 <= hits / reps <= 0.98


def test_crossing_point_on_a_decreasing_curve():
    rng = np.random.default_rng(2)
    x = np.arange(1, 9, dtype=float)
    n = np.full(8, 5000)
    c = stats.crossing_point(x, logistic_sample(1.0, -0.4, x, n, rng), n, 1 / 3)
    truth = (math.log(0.5) - 1.0) / -0.4
    assert c.found and c.lo <= truth <= c.hi and c.x == pytest.approx(truth, abs=0.3)


def test_crossing_point_falls_back_to_interpolation_when_the_curve_is_not_logistic():
    # a staircase: flat, jump, flat; the target 0.25 is met half way between x = 4 and x = 5
    x = np.arange(10, dtype=float)
    y = np.array([0.10, 0.11, 0.12, 0.13, 0.24, 0.26, 0.37, 0.38, 0.39, 0.40])
    n = np.full(10, 1_000_000)
    c = stats.crossing_point(x, np.round(y * n), n, 0.25, n_boot=500, seed=1)
    assert c.method == "interpolation"
    assert c.x == pytest.approx(4.5, abs=1e-9)
    assert c.lo < 4.5 < c.hi and c.hi - c.lo < 0.2
    again = stats.crossing_point(x, np.round(y * n), n, 0.25, n_boot=500, seed=1)
    assert (again.lo, again.hi) == (c.lo, c.hi)  # the bootstrap is seeded


@pytest.mark.slow  # a coverage check over many simulated experiments: the slow tier
def test_crossing_point_paired_keeps_its_coverage_under_common_random_numbers():
    # every x value is played on the same seeds: half of each game's outcomes follow one shared uniform
    b0, b1, target = -2.0, 0.3, 0.25
    truth = (math.log(target / (1 - target)) - b0) / b1
    x = np.linspace(0, 10, 11)
    p = 1 / (1 + np.exp(-(b0 + b1 * x)))
    rng = np.random.default_rng(1)
    paired = independent = 0
    reps, games = 80, 2000
    for r in range(reps):
        shared = rng.random(games)[:, None] < p
        won = np.where(rng.random((games, 11)) < 0.5, rng.random((games, 11)) < p, shared)
        c = stats.crossing_point_paired(x, won, target, n_boot=200, seed=r)
        assert c.method == "logistic" and c.lo <= c.x <= c.hi
        paired += c.lo <= truth <= c.hi
        naive = stats.crossing_point(x, won.sum(axis=0), np.full(11, games), target)
        independent += naive.lo <= truth <= naive.hi
    assert paired / reps >= 0.9
    assert independent / reps < 0.9  # treating correlated points as independent is overconfident


def test_crossing_point_paired_interpolates_a_staircase_and_orders_x():
    x = np.array([3.0, 0.0, 2.0, 1.0])  # unsorted on purpose
    rate = {0.0: 0.1, 1.0: 0.2, 2.0: 0.3, 3.0: 0.31}
    u = np.random.default_rng(0).random(20000)[:, None]
    won = u < np.array([rate[v] for v in x])[None, :]
    c = stats.crossing_point_paired(x, won, 0.25, n_boot=200, seed=3)
    assert c.method == "interpolation"  # the plateau from 2 to 3 is no logistic curve
    empirical = won.mean(axis=0)[np.argsort(x)]
    assert c.x == pytest.approx(1 + (0.25 - empirical[1]) / (empirical[2] - empirical[1]))
    assert 1.3 < c.lo <= c.x <= c.hi < 1.7
    none = stats.crossing_point_paired(x, won, 0.5, n_boot=50)
    assert not none.found and "below" in none.message


def test_crossing_interval_that_runs_off_the_range_is_clipped_and_flagged():
    # a crossing just inside the low end, from few games: many redraws cross before x = 0
    x = np.arange(6.0)
    n = np.full(6, 400)
    wins = np.round(np.array([0.24, 0.27, 0.28, 0.36, 0.5, 0.6]) * n)
    c = stats.crossing_point(x, wins, n, 0.25, fit_alpha=0.99, n_boot=500, seed=1)  # force interpolation
    assert c.method == "interpolation" and c.lo == 0.0 and c.x < c.hi < 5
    assert "reaches the edge of the range" in c.message


@pytest.mark.parametrize("level, side", [(0.35, "above"), (0.15, "below")])
def test_crossing_point_reports_no_crossing_in_range(level, side):
    rng = np.random.default_rng(9)
    x = np.linspace(0, 5, 6)
    n = np.full(6, 4000)
    w = rng.binomial(n, level + 0.01 * x)
    c = stats.crossing_point(x, w, n, 0.25)
    assert not c.found and math.isnan(c.x)
    assert c.message.startswith("no crossing in range [0, 5]") and side in c.message


def test_crossing_point_rejects_bad_input():
    with pytest.raises(ValueError):
        stats.crossing_point([1.0], [1], [10], 0.25)
    with pytest.raises(ValueError):
        stats.crossing_point([1.0, 2.0], [11, 1], [10, 10], 0.25)


# ---------------------------------------------------------------- Bradley-Terry


def sample_matchups(theta, games_per_pair, rng):
    k = len(theta)
    wins = np.zeros((k, k))
    for i in range(k):
        for j in range(i + 1, k):
            w = rng.binomial(games_per_pair, 1 / (1 + np.exp(theta[j] - theta[i])))
            wins[i, j], wins[j, i] = w, games_per_pair - w
    return wins


def hunter_mm(wins, iterations=20_000):
    """Hunter's (2004) MM iteration for Bradley-Terry strengths: an independent reference."""
    n = wins + wins.T
    p = np.ones(len(wins))
    for _ in range(iterations):
        p = wins.sum(axis=1) / (n / (p[:, None] + p[None, :])).sum(axis=1)
        p /= np.exp(np.mean(np.log(p)))
    return np.log(p) - np.mean(np.log(p))


def test_bradley_terry_matches_hunters_mm_and_the_fisher_information():
    rng = np.random.default_rng(6)
    theta = np.array([0.0, 0.4, -0.3, 0.9])
    wins = sample_matchups(theta, 400, rng)
    got = stats.bradley_terry(wins, ["a", "b", "c", "d"])
    ratings = np.array([r.rating for r in got])
    assert ratings == pytest.approx(hunter_mm(wins), abs=1e-7)
    assert sum(ratings) == pytest.approx(0, abs=1e-9)
    # se: the pseudo-inverse of the Fisher information (a graph Laplacian whose null space is the shift)
    pi = 1 / (1 + np.exp(-(ratings[:, None] - ratings[None, :])))
    weight = (wins + wins.T) * pi * (1 - pi)
    cov = np.linalg.pinv(np.diag(weight.sum(axis=1)) - weight)
    assert [r.se for r in got] == pytest.approx(np.sqrt(np.diag(cov)), rel=1e-6)
    assert [r.name for r in got] == ["a", "b", "c", "d"]


def test_bradley_terry_recovers_known_strengths():
    theta = np.array([-1.0, -0.2, 0.0, 0.5, 0.7])
    rng = np.random.default_rng(10)
    covered = 0
    for _ in range(40):
        got = stats.bradley_terry(sample_matchups(theta, 1500, rng))
        covered += sum(r.lo <= t <= r.hi for r, t in zip(got, theta - theta.mean(), strict=True))
    assert 0.9 <= covered / (40 * 5) <= 0.99
    order = [int(r.name) for r in sorted(got, key=lambda r: r.rating)]
    assert order == [0, 1, 2, 3, 4]


def test_bradley_terry_without_a_finite_solution():
    wins = np.array([[0, 5, 3], [0, 0, 4], [0, 2, 0]])  # "a" never loses
    with pytest.raises(ValueError, match="never beat"):
        stats.bradley_terry(wins, ["a", "b", "c"])
    rated = stats.bradley_terry(wins, ["a", "b", "c"], prior=1.0)
    assert all(math.isfinite(r.rating) for r in rated) and rated[0].rating > rated[1].rating


def test_bradley_terry_bootstrap_rates_a_strategy_whose_few_games_sit_in_a_few_blocks():
    """A costly player's ladder pair is a few games: all of one strategy's games may fall in 4 of 400 blocks, and
    many resamples then hold none of them. Such a replicate says nothing of it; it must not stop the fit (it did:
    `playout ladder yokohama` with mcts-fast at 4 games a pair rated nobody)."""
    rng = np.random.default_rng(3)
    blocks = rng.integers(5, 15, size=(400, 3, 3)).astype(float)
    blocks[:, 2, :] = blocks[:, :, 2] = 0.0  # strategy 2 plays only in blocks 0..3
    blocks[:4, 2, 0], blocks[:4, 2, 1] = [3, 2, 2, 1], [2, 3, 1, 2]  # its 12 games with each of the others
    blocks[:4, 0, 2], blocks[:4, 1, 2] = 3 - blocks[:4, 2, 0], 3 - blocks[:4, 2, 1]
    for b in range(3):
        blocks[:, b, b] = 0.0
    rated = stats.bradley_terry_bootstrap(blocks, ["a", "b", "few"], n_boot=300, seed=1, anchor="a")
    assert all(math.isfinite(r.lo) and math.isfinite(r.hi) and r.lo <= r.rating <= r.hi for r in rated)
    assert rated[2].hi - rated[2].lo > rated[1].hi - rated[1].lo  # 12 games rate it far less surely than 8,000


def plackett_luce_blocks(theta, games, blocks, rng):
    """4-player games whose finishing order is Plackett-Luce in the seat strategies' strengths (its
    pairwise marginals are Bradley-Terry in the same strengths), as pairwise wins per block of games."""
    k = len(theta)
    index = np.arange(games)
    strategy = (index[:, None] + np.arange(k)[None, :]) % k  # seats rotate with the game index
    place = np.argsort(np.argsort(-(theta[strategy] + rng.gumbel(size=(games, k))), axis=1), axis=1)
    out = np.zeros((blocks, k, k))
    for s, t in itertools.permutations(range(k), 2):
        np.add.at(out, (index // (games // blocks), strategy[:, s], strategy[:, t]), place[:, s] < place[:, t])
    return out


@pytest.mark.slow  # a coverage check over many simulated experiments: the slow tier
def test_bradley_terry_bootstrap_covers_in_multiplayer_games():
    theta = np.array([-0.5, 0.0, 0.2, 0.6])
    truth = theta - theta.mean()
    rng = np.random.default_rng(5)
    fisher = boot = 0
    reps = 40
    for r in range(reps):
        blocks = plackett_luce_blocks(theta, 2000, 200, rng)
        total = stats.bradley_terry(blocks.sum(axis=0))
        fisher += sum(f.lo <= t <= f.hi for f, t in zip(total, truth, strict=True))
        rated = stats.bradley_terry_bootstrap(blocks, n_boot=200, seed=r)
        assert [b.rating for b in rated] == pytest.approx([f.rating for f in total])
        boot += sum(b.lo <= t <= b.hi for b, t in zip(rated, truth, strict=True))
    assert 0.9 <= boot / (4 * reps) <= 0.99
    assert fisher / (4 * reps) < boot / (4 * reps)  # pairs of one game are correlated: Fisher is too narrow
