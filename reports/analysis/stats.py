"""Statistics for balance answers: statsmodels and scipy do the statistics; this module adapts them to the
project's results and adds the few pieces no library has.

From the libraries: Wilson intervals, Newcombe differences with the pooled z-test, power
(statsmodels), the exact binomial and McNemar tests, the paired t-test (scipy, statsmodels), the logistic
fit and the Bradley-Terry fit (statsmodels GLM), strong connectivity (scipy.sparse.csgraph).
Here: the degenerate cases the libraries answer with NaN and a warning (no games, no spread, no
discordant pair), Holm's adjustment (see `holm` for why), the Agresti-Min interval of a paired difference
of win rates, the crossing point of a sweep curve with its bootstrap intervals, and Bradley-Terry ratings
with a block bootstrap.

The libraries are imported inside the functions, so `import reports.analysis.stats` stays cheap. Every interval
is two-sided at `conf` (default 95%); every p-value is two-sided.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

import numpy as np

Z95 = NormalDist().inv_cdf(0.975)  # two-sided 95% normal quantile
ELO_PER_LOGIT = 400 / math.log(10)  # multiply a Bradley-Terry rating (logit units) by this for Elo points


def wilson(wins: float, n: float, conf: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion (wins of n); (nan, nan) when n == 0."""
    from statsmodels.stats.proportion import proportion_confint

    if n <= 0:
        return (math.nan, math.nan)
    lo, hi = proportion_confint(wins, n, alpha=1 - conf, method="wilson")
    return (float(lo), float(hi))


@dataclass(frozen=True)
class Difference:
    """An estimated difference (a - b) with its interval and the p-value of 'no difference'."""

    estimate: float
    lo: float
    hi: float
    p_value: float
    n: int  # games (pairs for paired methods; n_a + n_b for two independent samples)
    method: str


def two_rate_test(wins_a: int, n_a: int, wins_b: int, n_b: int, conf: float = 0.95) -> Difference:
    """Difference of two independent win rates, rate_a - rate_b: Newcombe's hybrid score interval (which
    keeps its coverage near 0 and 1) and the pooled two-proportion z-test; p = 1 when both samples are all
    wins or all losses (no spread to test against)."""
    from statsmodels.stats.proportion import confint_proportions_2indep, proportions_ztest

    if n_a <= 0 or n_b <= 0:
        raise ValueError("two_rate_test needs games in both samples")
    lo, hi = confint_proportions_2indep(wins_a, n_a, wins_b, n_b, method="newcomb", compare="diff", alpha=1 - conf)
    pooled_all_same = wins_a + wins_b in (0, n_a + n_b)
    p = 1.0 if pooled_all_same else float(proportions_ztest([wins_a, wins_b], [n_a, n_b])[1])
    return Difference(wins_a / n_a - wins_b / n_b, float(lo), float(hi), p, n_a + n_b,
                      "newcombe hybrid score; pooled z-test")  # fmt: skip


def min_detectable_shift(
    n: int, reference: float, alpha: float = 0.05, power: float = 0.9, n_baseline: int | None = None
) -> float:
    """The smallest shift |p - reference| of a win rate that a two-sided test at false-alarm rate `alpha`
    detects with probability `power` from `n` games (normal approximation, variance at the reference).

    Without `n_baseline` the rate is tested against a fixed reference; with it, against a baseline run of
    n_baseline games. For many simultaneous checks pass the adjusted alpha (alpha / checks)."""
    from statsmodels.stats.power import NormalIndPower

    if n <= 0 or (n_baseline is not None and n_baseline <= 0):
        raise ValueError("min_detectable_shift needs n > 0 games")
    if not 0 < reference < 1:
        raise ValueError("the reference win rate must be strictly between 0 and 1")
    ratio = n_baseline / n if n_baseline else 0.0  # statsmodels: ratio 0 is the one-sample test
    effect = NormalIndPower().solve_power(effect_size=None, nobs1=n, alpha=alpha, power=power, ratio=ratio)
    return float(effect) * math.sqrt(reference * (1 - reference))


def holm(p_values: Sequence[float]) -> np.ndarray:
    """Holm step-down adjusted p-values in the input order; NaNs (checks that could not be made) stay NaN
    and are not counted among the simultaneous checks.

    Written out rather than taken from statsmodels' `multipletests(method="holm")`, which runs a full
    `gc.collect()` on every call (statsmodels 0.15): about a second in a process holding a large heap (a
    test session, a report over many runs), 400 times in a false-alarm check. The tests hold it equal to
    statsmodels'."""
    p = np.asarray(p_values, dtype=float)
    out = np.full(p.shape, np.nan)
    ok = np.flatnonzero(~np.isnan(p))
    order = ok[np.argsort(p[ok], kind="stable")]
    m = order.size
    scaled = np.maximum.accumulate(p[order] * np.arange(m, 0, -1))  # (m - i) * p_(i), never below an earlier one
    out[order] = np.minimum(scaled, 1.0)
    return out


# ---------------------------------------------------------------- paired comparisons (same seeds)


def paired_mean_difference(a: Sequence[float], b: Sequence[float], conf: float = 0.95) -> Difference:
    """Mean of a - b over paired games (same seeds, two conditions): the paired t-test and its interval.
    Pairing removes the between-seed variance, so small effects show."""
    from scipy.stats import ttest_rel

    d = np.asarray(a, dtype=float) - np.asarray(b, dtype=float)
    if d.size < 2:
        raise ValueError("paired_mean_difference needs at least 2 pairs")
    mean = float(d.mean())
    if not np.any(d != d[0]):  # every pair differs by the same amount: no sampling spread to speak of
        return Difference(mean, mean, mean, 1.0 if mean == 0 else 0.0, d.size, "paired t (no spread)")
    test = ttest_rel(a, b)
    ci = test.confidence_interval(conf)
    return Difference(mean, float(ci.low), float(ci.high), float(test.pvalue), d.size, "paired t")


def paired_win_difference(won_a: Sequence[bool], won_b: Sequence[bool], conf: float = 0.95) -> Difference:
    """Difference of win rates of one seat/strategy under two conditions on the same seeds.

    Only discordant games (won under a but not b: n10, and the reverse: n01) carry information:
    estimate (n10 - n01) / n; p-value: exact McNemar; interval: Agresti-Min (Wald for the paired difference
    after adding 1/2 to each of the four cells, which keeps its coverage when discordant games are few; no
    library offers it).
    """
    from statsmodels.stats.contingency_tables import mcnemar

    a = np.asarray(won_a, dtype=bool)
    b = np.asarray(won_b, dtype=bool)
    if a.shape != b.shape or a.size == 0:
        raise ValueError("paired_win_difference needs two equally long, non-empty indicator arrays")
    n = a.size
    n10 = int(np.sum(a & ~b))
    n01 = int(np.sum(~a & b))
    table = [[int(np.sum(a & b)), n10], [n01, int(np.sum(~a & ~b))]]
    p = 1.0 if n10 + n01 == 0 else float(mcnemar(table, exact=True).pvalue)
    adj_n = n + 2
    p10, p01 = (n10 + 0.5) / adj_n, (n01 + 0.5) / adj_n
    centre = p10 - p01
    half = NormalDist().inv_cdf(0.5 + conf / 2) * math.sqrt(max(0.0, (p10 + p01 - centre**2) / adj_n))
    est = (n10 - n01) / n
    return Difference(est, max(-1.0, centre - half), min(1.0, centre + half), p, n, "McNemar exact; Agresti-Min")


# ---------------------------------------------------------------- crossing point of a sweep


@dataclass(frozen=True)
class LogisticFit:
    """Binomial logistic regression logit(p) = intercept + slope * x, by maximum likelihood."""

    intercept: float
    slope: float
    cov: np.ndarray  # 2x2 covariance of (intercept, slope), inverse Fisher information
    deviance: float  # residual deviance: ~ chi-square(points - 2) when the logistic shape fits
    df: int
    converged: bool


def logit(p: float) -> float:
    return math.log(p / (1 - p))


def binomial_glm(endog: np.ndarray, exog: np.ndarray, start: np.ndarray | None = None):
    """statsmodels' binomial GLM fitted to (wins, losses) rows, or None when it breaks down (separation,
    a singular design, no convergence): the callers then fall back or say the answer is not estimable.
    `start`: parameters to start from (a bootstrap replicate starts from the point estimate)."""
    from statsmodels.genmod.families import Binomial
    from statsmodels.genmod.generalized_linear_model import GLM
    from statsmodels.tools.sm_exceptions import PerfectSeparationWarning

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            fit = GLM(endog, exog, family=Binomial()).fit(start_params=start)
            cov = np.asarray(fit.cov_params())
        except (np.linalg.LinAlgError, ValueError, ZeroDivisionError, OverflowError):
            return None
    separated = any(issubclass(w.category, PerfectSeparationWarning) for w in caught)
    if separated or not fit.converged or not np.all(np.isfinite(fit.params)) or not np.all(np.isfinite(cov)):
        return None
    return fit


def fit_logistic(
    x: Sequence[float], wins: Sequence[float], n: Sequence[float], start: LogisticFit | None = None
) -> LogisticFit | None:
    """Fit logit(wins/n) = b0 + b1 x on aggregated binomial counts (statsmodels GLM); None when the fit
    breaks down (a step curve that separates perfectly drives the slope to infinity)."""
    x = np.asarray(x, dtype=float)
    w = np.asarray(wins, dtype=float)
    m = np.asarray(n, dtype=float)
    params = None if start is None else np.array([start.intercept, start.slope])
    fit = binomial_glm(np.column_stack([w, m - w]), np.column_stack([np.ones_like(x), x]), params)
    if fit is None:
        return None
    b0, b1 = (float(v) for v in fit.params)
    return LogisticFit(b0, b1, np.asarray(fit.cov_params()), float(fit.deviance), len(x) - 2, bool(fit.converged))


@dataclass(frozen=True)
class Crossing:
    """Where a win-rate curve crosses the target rate (1/players for 'fair')."""

    x: float  # nan when there is no crossing in range
    lo: float
    hi: float
    method: str  # "logistic", "interpolation" or "none"
    target: float
    message: str  # one line for the user
    fit_p: float  # goodness-of-fit p-value of the logistic curve (nan when it could not be tested)

    @property
    def found(self) -> bool:
        return self.method != "none"


def crossing_point(
    x: Sequence[float],
    wins: Sequence[float],
    n: Sequence[float],
    target: float,
    conf: float = 0.95,
    fit_alpha: float = 0.001,
    n_boot: int = 2000,
    seed: int = 0,
) -> Crossing:
    """The knob value x* at which the win rate wins/n crosses `target`, with a `conf` interval, from
    independent games at each x.

    1. Fit a binomial logistic regression of the win indicator on x; x* = (logit(target) - b0) / b1 with a
       delta-method interval (gradient of x* in (b0, b1) through the fit's covariance).
    2. When the logistic shape fits poorly (deviance goodness-of-fit p < fit_alpha, or the fit broke down),
       interpolate the empirical curve linearly between the two values of x that straddle the target, with
       a parametric-bootstrap percentile interval (`n_boot` redraws, seeded by `seed`).
    3. With no crossing inside [min x, max x], return method "none" and a message saying on which side of
       the target the curve stays.

    The points are treated as independent binomials. With common random numbers (the same seeds at every
    x) the points are positively correlated, so this interval is then too narrow: use
    crossing_point_paired with the per-game win indicators in that case.
    """
    x, w, m = checked_curve(x, wins, n, target)
    fit, fit_p = fit_or_none(x, w, m, fit_alpha)
    if fit is not None:
        return logistic_crossing(fit, fit_p, x, target, conf)
    x_star = first_crossing(x, w / m, target)
    if math.isnan(x_star):
        return no_crossing(x, target, f"the observed win rate stays {side_of(w / m, target)} the target", fit_p)
    rng = np.random.default_rng(seed)
    redraws = rng.binomial(m.astype(np.int64), w / m, size=(n_boot, len(x))) / m
    increasing = w[-1] / m[-1] >= w[0] / m[0]
    boot = np.array([interpolated_or_edge(x, r, target, increasing) for r in redraws])
    why = "logistic fit failed" if math.isnan(fit_p) else f"logistic fit rejected, p = {fit_p:.2g}"
    return bootstrap_crossing(x_star, boot, x, target, conf, "interpolation", fit_p, f"{why}; parametric bootstrap")


def crossing_point_paired(
    x: Sequence[float],
    won: np.ndarray,
    target: float,
    conf: float = 0.95,
    fit_alpha: float = 0.001,
    n_boot: int = 1000,
    seed: int = 0,
) -> Crossing:
    """crossing_point for a sweep played with common random numbers: won[g, j] is the win indicator of
    game g (one seed) at knob value x[j], every value played on the same seeds.

    The estimate is crossing_point's (logistic fit, or interpolation when the fit is poor). The interval
    resamples whole games (all x values of a seed together, `n_boot` replicates seeded by `seed`) and
    recomputes x* the same way, so the correlation between the points is kept: a percentile interval.
    """
    W = np.asarray(won, dtype=float)
    if W.ndim != 2 or W.shape[0] < 2:
        raise ValueError("crossing_point_paired needs a (games, len(x)) array of win indicators")
    games = W.shape[0]
    order = sort_order(x)
    x, w, m = checked_curve(x, W.sum(axis=0), np.full(W.shape[1], float(games)), target)
    W = W[:, order]
    fit, fit_p = fit_or_none(x, w, m, fit_alpha)
    method = "logistic" if fit is not None else "interpolation"
    increasing = w[-1] >= w[0]
    x_star = point_crossing(x, w, m, target, method, fit)
    if math.isnan(x_star):
        why = "fitted" if fit is not None else "observed"
        return no_crossing(x, target, f"the {why} win rate stays {side_of(w / m, target)} the target", fit_p)
    rng = np.random.default_rng(seed)
    boot = np.empty(n_boot)
    for b in range(n_boot):
        weights = rng.multinomial(games, np.full(games, 1 / games)).astype(float)
        wins_b = weights @ W
        boot[b] = point_crossing(x, wins_b, m, target, method, fit)
        if math.isnan(boot[b]):
            boot[b] = edge_side(wins_b / m, target, increasing)
    return bootstrap_crossing(x_star, boot, x, target, conf, method, fit_p, "game bootstrap")


def checked_curve(x, wins, n, target) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """x, wins and n as float arrays sorted by x, after checking them."""
    x, w, m = (np.asarray(v, dtype=float) for v in (x, wins, n))
    if x.size < 2 or not (x.shape == w.shape == m.shape):
        raise ValueError("a crossing needs x, wins and n of equal length, at least 2 values")
    if np.any(m <= 0) or np.any(w < 0) or np.any(w > m):
        raise ValueError("a crossing needs 0 <= wins <= n and n > 0 at every x")
    if not 0 < target < 1:
        raise ValueError("the target win rate must be strictly between 0 and 1")
    order = sort_order(x)
    return x[order], w[order], m[order]


def sort_order(x) -> np.ndarray:
    return np.argsort(np.asarray(x, dtype=float), kind="stable")


def fit_or_none(x: np.ndarray, w: np.ndarray, m: np.ndarray, fit_alpha: float) -> tuple[LogisticFit | None, float]:
    """The logistic fit and its goodness-of-fit p-value; None for the fit when it breaks down or fits
    poorly (p < fit_alpha)."""
    from scipy.stats import chi2

    fit = fit_logistic(x, w, m)
    if fit is None:
        return None, math.nan
    fit_p = float(chi2.sf(fit.deviance, fit.df)) if fit.df > 0 else 1.0
    return (fit if fit_p >= fit_alpha else None), fit_p


def logistic_x(fit: LogisticFit, target: float, x: np.ndarray) -> float:
    """x* of the fitted curve, or nan when it falls outside [x[0], x[-1]] (or the curve is flat)."""
    if fit.slope == 0:
        return math.nan
    x_star = (logit(target) - fit.intercept) / fit.slope
    return x_star if x[0] <= x_star <= x[-1] else math.nan


def point_crossing(
    x: np.ndarray, w: np.ndarray, m: np.ndarray, target: float, method: str, start: LogisticFit | None = None
) -> float:
    """x* by `method` ("logistic": refit, from `start`; "interpolation": the empirical curve); nan when none
    in range."""
    if method == "interpolation":
        return first_crossing(x, w / m, target)
    fit = fit_logistic(x, w, m, start)
    return math.nan if fit is None else logistic_x(fit, target, x)


def logistic_crossing(fit: LogisticFit, fit_p: float, x: np.ndarray, target: float, conf: float) -> Crossing:
    x_star = logistic_x(fit, target, x)
    if math.isnan(x_star):
        side = "above" if fit.intercept + fit.slope * x[0] > logit(target) else "below"
        return no_crossing(x, target, f"the fitted win rate stays {side} the target", fit_p)
    grad = np.array([-1 / fit.slope, -x_star / fit.slope])  # d x* / d (b0, b1)
    half = NormalDist().inv_cdf(0.5 + conf / 2) * math.sqrt(float(grad @ fit.cov @ grad))
    msg = f"win rate crosses {target:.4g} at x = {x_star:.4g} ({x_star - half:.4g} to {x_star + half:.4g})"
    return Crossing(x_star, x_star - half, x_star + half, "logistic", target, msg, fit_p)


def first_crossing(x: np.ndarray, y: np.ndarray, target: float) -> float:
    """Linear interpolation of the first place the piecewise-linear curve (x, y) meets target; nan if none."""
    d = y - target
    hits = np.flatnonzero(d == 0)
    changes = np.flatnonzero(d[:-1] * d[1:] < 0)
    first = min([*hits[:1].tolist(), *changes[:1].tolist()], default=None)
    if first is None:
        return math.nan
    if d[first] == 0:
        return float(x[first])
    return float(x[first] + (x[first + 1] - x[first]) * d[first] / (d[first] - d[first + 1]))


def side_of(y: np.ndarray, target: float) -> str:
    return "above" if np.mean(y) > target else "below"


def edge_side(y: np.ndarray, target: float, increasing: bool) -> float:
    """Where a resampled curve without a crossing puts x*: beyond the low end (-inf) when an increasing
    curve lies wholly above the target (or a decreasing one below), else beyond the high end (+inf)."""
    above = bool(np.mean(y) > target)
    return -math.inf if above == increasing else math.inf


def interpolated_or_edge(x: np.ndarray, y: np.ndarray, target: float, increasing: bool) -> float:
    found = first_crossing(x, y, target)
    return edge_side(y, target, increasing) if math.isnan(found) else found


def bootstrap_crossing(
    x_star: float,
    boot: np.ndarray,
    x: np.ndarray,
    target: float,
    conf: float,
    method: str,
    fit_p: float,
    how: str,
) -> Crossing:
    """Percentile interval of bootstrap x* values (+-inf for replicates that cross beyond the range),
    clipped to the range with a warning when it runs off an end."""
    tail = (1 - conf) / 2
    span = float(x[-1] - x[0])
    beyond = np.clip(boot, x[0] - span, x[-1] + span)  # finite stand-ins, so quantiles interpolate
    lo, hi = np.quantile(beyond, [tail, 1 - tail], method="linear")
    edge = lo < x[0] or hi > x[-1]
    lo, hi = float(np.clip(lo, x[0], x[-1])), float(np.clip(hi, x[0], x[-1]))
    msg = f"win rate crosses {target:.4g} at x = {x_star:.4g} ({lo:.4g} to {hi:.4g}; {method}, {how})"
    if edge:
        msg += "; the interval reaches the edge of the range"
    return Crossing(x_star, lo, hi, method, target, msg, fit_p)


def no_crossing(x: np.ndarray, target: float, why: str, fit_p: float) -> Crossing:
    msg = f"no crossing in range [{x[0]:.4g}, {x[-1]:.4g}]: {why} (target {target:.4g})"
    return Crossing(math.nan, math.nan, math.nan, "none", target, msg, fit_p)


def not_estimable(target: float, why: str) -> Crossing:
    """The answer when the games cannot support a crossing at all (too few games, a degenerate curve)."""
    return Crossing(math.nan, math.nan, math.nan, "none", target, f"fair value not estimable: {why}", math.nan)


# ---------------------------------------------------------------- ratings from a matchup matrix


@dataclass(frozen=True)
class Rating:
    """A Bradley-Terry rating in logit units, centred so the ratings average 0: strategy i beats j with
    probability 1 / (1 + exp(rating_j - rating_i)). Multiply by ELO_PER_LOGIT for Elo points."""

    name: str
    rating: float
    se: float
    lo: float
    hi: float


def bradley_terry(
    wins: Sequence[Sequence[float]] | np.ndarray,
    names: Sequence[str] | None = None,
    conf: float = 0.95,
    prior: float = 0.0,
) -> list[Rating]:
    """Bradley-Terry ratings from pairwise win counts, wins[i][j] = times i finished ahead of j (a tie may
    count 1/2 each way): the binomial GLM of 'i ahead of j' on rating_i - rating_j (statsmodels), with
    rating +- z * se from its covariance, re-expressed for ratings that average 0.

    The maximum-likelihood ratings exist only if every strategy can reach every other by a chain of wins;
    otherwise a ValueError says which group never beat the rest, and `prior` > 0 (that many virtual wins
    each way between every pair that met) regularises the fit. Pairwise outcomes are taken as independent:
    with several players per game they are positively correlated, so the intervals are then somewhat too
    narrow (bradley_terry_bootstrap accounts for that)."""
    W = np.array(wins, dtype=float)
    k = W.shape[0]
    if W.ndim != 2 or W.shape != (k, k) or k < 2:
        raise ValueError("bradley_terry needs a square matrix of pairwise wins for 2 or more strategies")
    names = [str(i) for i in range(k)] if names is None else list(names)
    if len(names) != k:
        raise ValueError(f"bradley_terry got {len(names)} names for {k} strategies")
    np.fill_diagonal(W, 0.0)
    if np.any(W < 0):
        raise ValueError("bradley_terry needs non-negative win counts")
    W = W + prior * ((W + W.T) > 0)
    check_ratings_exist(W, names)
    pairs = [(i, j) for i in range(k) for j in range(i + 1, k) if W[i, j] + W[j, i] > 0]
    design = np.zeros((len(pairs), k))
    for row, (i, j) in enumerate(pairs):
        design[row, i], design[row, j] = 1.0, -1.0
    fit = binomial_glm(np.array([[W[i, j], W[j, i]] for i, j in pairs]), design[:, 1:])  # strategy 0 at 0
    if fit is None:
        raise ValueError("Bradley-Terry ratings could not be fitted (the likelihood has no finite maximum)")
    centre = np.eye(k) - 1 / k  # ratings relative to their mean
    theta = centre @ np.concatenate([[0.0], fit.params])
    cov = np.zeros((k, k))
    cov[1:, 1:] = fit.cov_params()
    se = np.sqrt(np.diag(centre @ cov @ centre.T))
    z = NormalDist().inv_cdf(0.5 + conf / 2)
    return [Rating(names[i], float(theta[i]), float(se[i]), float(theta[i] - z * se[i]), float(theta[i] + z * se[i]))
            for i in range(k)]  # fmt: skip


def bradley_terry_bootstrap(
    block_wins: np.ndarray,
    names: Sequence[str] | None = None,
    conf: float = 0.95,
    prior: float = 0.0,
    n_boot: int = 500,
    seed: int = 0,
    anchor: str | None = None,
) -> list[Rating]:
    """Bradley-Terry ratings with intervals that hold for games of more than two players.

    block_wins[b, i, j]: the pairwise wins of block b of independent games (balance.pairwise_wins_by_block).
    The ratings are bradley_terry's on the summed matrix; the interval is the bootstrap percentile
    interval over `n_boot` resamplings of the blocks (seeded by `seed`) and se the bootstrap sd. The
    several pairs of seats of one game stay together, so their correlation is accounted for. Replicates
    in which the ratings do not exist (a strategy never beaten) are refitted with prior 0.5 when
    `prior` is 0. With `anchor` (one of `names`) every rating, point and replicate, is taken relative to
    that strategy's (which is then 0 with an empty interval) instead of to the average."""
    blocks = np.asarray(block_wins, dtype=float)
    if blocks.ndim != 3 or blocks.shape[0] < 2:
        raise ValueError("Bradley-Terry intervals need games in at least 2 blocks")
    point = bradley_terry(blocks.sum(axis=0), names, conf, prior)
    rng = np.random.default_rng(seed)
    draws = np.empty((n_boot, blocks.shape[1]))
    flat = blocks.reshape(blocks.shape[0], -1)
    total = blocks.sum(axis=0)
    met = (total + total.T) > 0  # the pairs that met in the games, whether or not a resample holds them
    for b in range(n_boot):
        weights = rng.multinomial(blocks.shape[0], np.full(blocks.shape[0], 1 / blocks.shape[0]))
        W = (weights @ flat).reshape(blocks.shape[1:])
        try:
            draws[b] = [r.rating for r in bradley_terry(W, None, conf, prior)]
        except ValueError:  # a resample where some strategy is never beaten: shrink it a little; one where a
            # strategy with few games (all in a few blocks) played none says nothing of it: left out of its interval
            draws[b] = [r.rating for r in bradley_terry(W + (prior or 0.5) * met, None, conf, 0.0)]
            draws[b, (W.sum(axis=0) + W.sum(axis=1)) == 0] = np.nan
    centre = np.zeros(len(point))
    if anchor is not None:
        at = [r.name for r in point].index(anchor)
        centre = np.full(len(point), point[at].rating)
        draws = draws - draws[:, [at]]
    tail = (1 - conf) / 2
    lo, hi = np.nanquantile(draws, [tail, 1 - tail], axis=0)
    sd = np.nanstd(draws, axis=0, ddof=1)
    return [Rating(r.name, r.rating - centre[i], float(sd[i]), float(lo[i]), float(hi[i])) for i, r in enumerate(point)]


def check_ratings_exist(W: np.ndarray, names: list[str]) -> None:
    """Raise unless the 'i beat j' graph is strongly connected (Hunter's condition for a finite MLE)."""
    from scipy.sparse.csgraph import connected_components

    count, label = connected_components(W > 0, directed=True, connection="strong")
    if count == 1:
        return
    # some group of strategies never finished ahead of anyone outside it: its ratings would run to -infinity
    k = len(names)
    beat_outside = {int(label[i]) for i in range(k) for j in range(k) if W[i, j] > 0 and label[i] != label[j]}
    group = next(c for c in range(count) if c not in beat_outside)
    raise ValueError(
        "Bradley-Terry ratings do not exist: {"
        + ", ".join(n for i, n in enumerate(names) if label[i] == group)
        + "} never beat the other strategies (or the matchups do not connect everyone); pass prior > 0 to regularise"
    )
