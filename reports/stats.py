"""Statistics for balance answers: plain functions on numbers and arrays, tested against scipy/statsmodels.

Only numpy and the standard library are imported here; scipy (t, chi-square and exact binomial tails) is
imported inside the functions that need it, so `import reports.stats` stays cheap. statsmodels is used by
the tests only, as the reference.

Every interval is two-sided at `conf` (default 95%); every p-value is two-sided.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

import numpy as np

Z95 = 1.959963984540054  # two-sided 95% normal quantile
ELO_PER_LOGIT = 400 / math.log(10)  # multiply a Bradley-Terry rating (logit units) by this for Elo points


def wilson(wins: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion (wins of n); (nan, nan) when n == 0."""
    if n <= 0:
        return (math.nan, math.nan)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def z_for(conf: float) -> float:
    """The two-sided normal quantile of a confidence level (1.96 for 0.95)."""
    return Z95 if conf == 0.95 else NormalDist().inv_cdf(0.5 + conf / 2)


# ---------------------------------------------------------------- one and two win rates


def normal_two_sided(z: float) -> float:
    """Two-sided normal tail P(|Z| >= |z|), via erfc so tiny p-values do not round to 0 until ~1e-300."""
    return math.erfc(abs(z) / math.sqrt(2))


@dataclass(frozen=True)
class RateTest:
    """A win rate tested against a reference rate."""

    wins: int
    n: int
    rate: float
    lo: float  # Wilson interval of the rate
    hi: float
    reference: float
    p_value: float


@dataclass(frozen=True)
class Difference:
    """An estimated difference (a - b) with its interval and the p-value of 'no difference'."""

    estimate: float
    lo: float
    hi: float
    p_value: float
    n: int  # games (pairs for paired methods; n_a + n_b for two independent samples)
    method: str


def binomial_test(wins: int, n: int, reference: float, conf: float = 0.95) -> RateTest:
    """Exact two-sided binomial test of `wins` of `n` against the rate `reference`.

    The p-value sums the probabilities of all outcomes no more likely than the observed one (the
    'minimum likelihood' rule of scipy.stats.binomtest and R's binom.test); the interval is Wilson's.
    """
    from scipy.stats import binomtest

    if n <= 0:
        raise ValueError("binomial_test needs n > 0 games")
    lo, hi = wilson(wins, n, z_for(conf))
    p = binomtest(int(wins), int(n), reference).pvalue
    return RateTest(int(wins), int(n), wins / n, lo, hi, reference, float(p))


def two_rate_test(wins_a: int, n_a: int, wins_b: int, n_b: int, conf: float = 0.95) -> Difference:
    """Difference of two independent win rates, rate_a - rate_b.

    Interval: Newcombe's hybrid score interval (method 10, built from the two Wilson intervals), which
    keeps its coverage near 0 and 1 where the Wald interval does not. p-value: the pooled two-proportion
    z-test (as statsmodels proportions_ztest).
    """
    if n_a <= 0 or n_b <= 0:
        raise ValueError("two_rate_test needs games in both samples")
    z = z_for(conf)
    pa, pb = wins_a / n_a, wins_b / n_b
    la, ua = wilson(wins_a, n_a, z)
    lb, ub = wilson(wins_b, n_b, z)
    d = pa - pb
    lo = d - math.sqrt((pa - la) ** 2 + (ub - pb) ** 2)
    hi = d + math.sqrt((ua - pa) ** 2 + (pb - lb) ** 2)
    pooled = (wins_a + wins_b) / (n_a + n_b)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n_a + 1 / n_b))
    p = 1.0 if se == 0 else normal_two_sided(d / se)
    return Difference(d, lo, hi, p, n_a + n_b, "newcombe hybrid score; pooled z-test")


def min_detectable_shift(
    n: int, reference: float, alpha: float = 0.05, power: float = 0.9, n_baseline: int | None = None
) -> float:
    """The smallest shift |p - reference| of a win rate that a two-sided test at false-alarm rate `alpha`
    detects with probability `power`, from `n` games (normal approximation, variance at the reference):

        shift = (z[1 - alpha/2] + z[power]) * sqrt(reference * (1 - reference)) * sqrt(1/n [+ 1/n_baseline])

    Without `n_baseline` the rate is tested against a fixed reference (binomial_test); with it, against a
    baseline run of n_baseline games (two_rate_test). For many simultaneous checks pass the adjusted alpha
    (alpha / checks for Bonferroni).
    """
    if n <= 0 or (n_baseline is not None and n_baseline <= 0):
        raise ValueError("min_detectable_shift needs n > 0 games")
    if not 0 < reference < 1:
        raise ValueError("the reference win rate must be strictly between 0 and 1")
    z = NormalDist().inv_cdf(1 - alpha / 2) + NormalDist().inv_cdf(power)
    scale = 1 / n + (1 / n_baseline if n_baseline else 0.0)
    return z * math.sqrt(reference * (1 - reference) * scale)


def bonferroni(p_values: Sequence[float]) -> np.ndarray:
    """Bonferroni-adjusted p-values: min(1, m * p) for m simultaneous checks (NaNs are not counted)."""
    p = np.asarray(p_values, dtype=float)
    m = int(np.sum(~np.isnan(p)))
    return np.minimum(1.0, p * m)


def holm(p_values: Sequence[float]) -> np.ndarray:
    """Holm step-down adjusted p-values (controls the family-wise false-alarm rate like Bonferroni, but is
    uniformly more powerful): the k-th smallest p gets max over j <= k of (m - j + 1) * p_(j), capped at 1.
    Returned in the input order; NaNs stay NaN and are not counted."""
    p = np.asarray(p_values, dtype=float)
    out = np.full(p.shape, np.nan)
    ok = np.flatnonzero(~np.isnan(p))
    order = ok[np.argsort(p[ok], kind="stable")]
    m = len(order)
    scaled = (m - np.arange(m)) * p[order]
    out[order] = np.minimum(1.0, np.maximum.accumulate(scaled))
    return out


# ---------------------------------------------------------------- paired comparisons (same seeds)


def paired_mean_difference(a: Sequence[float], b: Sequence[float], conf: float = 0.95) -> Difference:
    """Mean of a - b over paired games (same seeds, two conditions): paired t interval and t-test
    (as scipy.stats.ttest_rel). Pairing removes the between-seed variance, so small effects show."""
    from scipy.stats import t as student_t

    d = np.asarray(a, dtype=float) - np.asarray(b, dtype=float)
    n = d.size
    if n < 2:
        raise ValueError("paired_mean_difference needs at least 2 pairs")
    mean = float(d.mean())
    se = float(d.std(ddof=1)) / math.sqrt(n)
    if se == 0:  # every pair differs by the same amount: no sampling spread to speak of
        return Difference(mean, mean, mean, 1.0 if mean == 0 else 0.0, n, "paired t (no spread)")
    q = float(student_t.ppf(0.5 + conf / 2, n - 1))
    p = float(2 * student_t.sf(abs(mean) / se, n - 1))
    return Difference(mean, mean - q * se, mean + q * se, p, n, "paired t")


def paired_win_difference(won_a: Sequence[bool], won_b: Sequence[bool], conf: float = 0.95) -> Difference:
    """Difference of win rates of one seat/strategy under two conditions on the same seeds.

    Only discordant games (won under a but not b: n10, and the reverse: n01) carry information:
    estimate (n10 - n01) / n; p-value: exact McNemar (binomial test of n10 of n10 + n01 at 1/2);
    interval: Agresti-Min (Wald for the paired difference after adding 1/2 to each of the four cells,
    which keeps its coverage when discordant games are few).
    """
    from scipy.stats import binomtest

    a = np.asarray(won_a, dtype=bool)
    b = np.asarray(won_b, dtype=bool)
    if a.shape != b.shape or a.size == 0:
        raise ValueError("paired_win_difference needs two equally long, non-empty indicator arrays")
    n = a.size
    n10 = int(np.sum(a & ~b))
    n01 = int(np.sum(~a & b))
    discordant = n10 + n01
    p = 1.0 if discordant == 0 else float(binomtest(n10, discordant, 0.5).pvalue)
    adj_n = n + 2
    p10, p01 = (n10 + 0.5) / adj_n, (n01 + 0.5) / adj_n
    centre = p10 - p01
    half = z_for(conf) * math.sqrt(max(0.0, (p10 + p01 - centre**2) / adj_n))
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


def fit_logistic(x: Sequence[float], wins: Sequence[float], n: Sequence[float], max_iter: int = 100) -> LogisticFit:
    """Fit logit(wins/n) = b0 + b1 x on aggregated binomial counts by iteratively reweighted least squares
    (the same estimate as statsmodels GLM(Binomial) with a (wins, losses) endog). x is standardised inside
    for numerical stability; the result is in the units of x."""
    x = np.asarray(x, dtype=float)
    w = np.asarray(wins, dtype=float)
    m = np.asarray(n, dtype=float)
    centre, spread = float(x.mean()), float(x.std()) or 1.0
    X = np.column_stack([np.ones_like(x), (x - centre) / spread])
    y = w / m
    eta = np.log((w + 0.5) / (m - w + 0.5))  # empirical logits start the iteration
    beta = np.linalg.lstsq(X, eta, rcond=None)[0]
    converged = False
    for _ in range(max_iter):
        mu = 1 / (1 + np.exp(-(X @ beta)))
        var = np.clip(mu * (1 - mu), 1e-12, None)
        z = X @ beta + (y - mu) / var
        info = X.T @ (X * (m * var)[:, None])
        new = np.linalg.solve(info, X.T @ (m * var * z))
        step = float(np.max(np.abs(new - beta)))
        beta = new
        if step < 1e-10:
            converged = True
            break
    mu = 1 / (1 + np.exp(-(X @ beta)))
    info = X.T @ (X * (m * mu * (1 - mu))[:, None])
    cov_std = np.linalg.inv(info)
    # back to the units of x: b1 = s1 / spread, b0 = s0 - s1 * centre / spread
    to_x = np.array([[1.0, -centre / spread], [0.0, 1.0 / spread]])
    b0, b1 = to_x @ beta
    return LogisticFit(
        float(b0), float(b1), to_x @ cov_std @ to_x.T, binomial_deviance(w, m, mu), len(x) - 2, converged
    )


def binomial_deviance(wins: np.ndarray, n: np.ndarray, mu: np.ndarray) -> float:
    """2 * sum of observed * log(observed / expected) over wins and losses (0 log 0 = 0)."""
    losses = n - wins

    def term(obs, exp):
        safe = np.where(obs > 0, obs, 1.0)
        return np.where(obs > 0, obs * np.log(safe / np.clip(exp, 1e-300, None)), 0.0)

    return float(2 * np.sum(term(wins, n * mu) + term(losses, n * (1 - mu))))


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

    1. Fit a binomial logistic regression of the win indicator on x (fit_logistic); x* = (logit(target)
       - b0) / b1 with a delta-method interval (gradient of x* in (b0, b1) through the fit's covariance).
    2. When the logistic shape fits poorly (deviance goodness-of-fit p < fit_alpha, or the fit did not
       converge), interpolate the empirical curve linearly between the two values of x that straddle the
       target, with a parametric-bootstrap percentile interval (`n_boot` redraws, seeded by `seed`).
    3. With no crossing inside [min x, max x], return method "none" and a message saying on which side of
       the target the curve stays.

    The points are treated as independent binomials. With common random numbers (the same seeds at every
    x) the points are positively correlated: a lucky seed set lifts the whole curve, which pooling across
    x does not average away, so this interval is then too narrow. Use crossing_point_paired with the
    per-game win indicators in that case.
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
    x_star = point_crossing(x, w, m, target, method)
    if math.isnan(x_star):
        why = "fitted" if fit is not None else "observed"
        return no_crossing(x, target, f"the {why} win rate stays {side_of(w / m, target)} the target", fit_p)
    rng = np.random.default_rng(seed)
    boot = np.empty(n_boot)
    for b in range(n_boot):
        weights = rng.multinomial(games, np.full(games, 1 / games)).astype(float)
        wins_b = weights @ W
        boot[b] = point_crossing(x, wins_b, m, target, method)
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
    """The logistic fit and its goodness-of-fit p-value; None for the fit when it breaks down (a step
    curve that separates perfectly drives the slope to infinity) or fits poorly (p < fit_alpha)."""
    from scipy.stats import chi2

    try:
        fit = fit_logistic(x, w, m)
    except np.linalg.LinAlgError:
        return None, math.nan
    if not fit.converged or not np.all(np.isfinite(fit.cov)):
        return None, math.nan
    fit_p = float(chi2.sf(fit.deviance, fit.df)) if fit.df > 0 else 1.0
    return (fit if fit_p >= fit_alpha else None), fit_p


def logistic_x(fit: LogisticFit, target: float, x: np.ndarray) -> float:
    """x* of the fitted curve, or nan when it falls outside [x[0], x[-1]] (or the curve is flat)."""
    if fit.slope == 0:
        return math.nan
    x_star = (logit(target) - fit.intercept) / fit.slope
    return x_star if x[0] <= x_star <= x[-1] else math.nan


def point_crossing(x: np.ndarray, w: np.ndarray, m: np.ndarray, target: float, method: str) -> float:
    """x* by `method` ("logistic": refit; "interpolation": the empirical curve); nan when none in range."""
    if method == "interpolation":
        return first_crossing(x, w / m, target)
    try:
        return logistic_x(fit_logistic(x, w, m), target, x)
    except np.linalg.LinAlgError:
        return math.nan


def logistic_crossing(fit: LogisticFit, fit_p: float, x: np.ndarray, target: float, conf: float) -> Crossing:
    x_star = logistic_x(fit, target, x)
    if math.isnan(x_star):
        side = "above" if fit.intercept + fit.slope * x[0] > logit(target) else "below"
        return no_crossing(x, target, f"the fitted win rate stays {side} the target", fit_p)
    grad = np.array([-1 / fit.slope, -x_star / fit.slope])  # d x* / d (b0, b1)
    half = z_for(conf) * math.sqrt(float(grad @ fit.cov @ grad))
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
    tol: float = 1e-10,
    max_iter: int = 100_000,
) -> list[Rating]:
    """Bradley-Terry ratings from pairwise win counts, wins[i][j] = times i finished ahead of j (a tie may
    count 1/2 each way).

    Fit: Hunter's (2004) MM algorithm, strength_i <- W_i / sum_j N_ij / (strength_i + strength_j), which
    increases the likelihood at every step. Interval: rating +- z * se with se from the inverse Fisher
    information (its pseudo-inverse, which is the covariance of ratings constrained to average 0).
    The MLE exists only if no group of strategies never loses (or never wins) against the rest; otherwise
    a ValueError says which, and `prior` > 0 (that many virtual wins each way between every pair that
    met) regularises the fit. Pairwise outcomes are taken as independent: with several players per game
    they are positively correlated, so the intervals are then somewhat too narrow.
    """
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
    met = (W + W.T) > 0
    W = W + prior * met
    check_ratings_exist(W, names)
    theta = mm_strengths(W, tol, max_iter)
    se = np.sqrt(np.diag(rating_covariance(W + W.T, theta)))
    z = z_for(conf)
    return [
        Rating(names[i], float(theta[i]), float(se[i]), float(theta[i] - z * se[i]), float(theta[i] + z * se[i]))
        for i in range(k)
    ]


def bradley_terry_bootstrap(
    block_wins: np.ndarray,
    names: Sequence[str] | None = None,
    conf: float = 0.95,
    prior: float = 0.0,
    n_boot: int = 500,
    seed: int = 0,
) -> list[Rating]:
    """Bradley-Terry ratings with intervals that hold for games of more than two players.

    block_wins[b, i, j]: the pairwise wins of block b of independent games (balance.pairwise_wins_by_block).
    The ratings are bradley_terry's on the summed matrix; the interval is the bootstrap percentile
    interval over `n_boot` resamplings of the blocks (seeded by `seed`) and se the bootstrap sd. The
    several pairs of seats of one game stay together, so their correlation is accounted for. Replicates
    in which the ratings do not exist (a strategy never beaten) are refitted with prior 0.5 when
    `prior` is 0."""
    blocks = np.asarray(block_wins, dtype=float)
    if blocks.ndim != 3 or blocks.shape[0] < 2:
        raise ValueError("bradley_terry_bootstrap needs an array (blocks >= 2, k, k) of pairwise wins")
    point = bradley_terry(blocks.sum(axis=0), names, conf, prior)
    rng = np.random.default_rng(seed)
    draws = np.empty((n_boot, blocks.shape[1]))
    flat = blocks.reshape(blocks.shape[0], -1)
    for b in range(n_boot):
        weights = rng.multinomial(blocks.shape[0], np.full(blocks.shape[0], 1 / blocks.shape[0]))
        W = (weights @ flat).reshape(blocks.shape[1:])
        try:
            draws[b] = [r.rating for r in bradley_terry(W, None, conf, prior)]
        except ValueError:  # a resample where some strategy is never beaten: shrink it a little
            draws[b] = [r.rating for r in bradley_terry(W, None, conf, prior or 0.5)]
    tail = (1 - conf) / 2
    lo, hi = np.quantile(draws, [tail, 1 - tail], axis=0)
    sd = draws.std(axis=0, ddof=1)
    return [Rating(r.name, r.rating, float(sd[i]), float(lo[i]), float(hi[i])) for i, r in enumerate(point)]


def check_ratings_exist(W: np.ndarray, names: list[str]) -> None:
    """Raise unless the 'i beat j' graph is strongly connected (Hunter's condition for a finite MLE)."""
    k = W.shape[0]
    reach = (W > 0) | np.eye(k, dtype=bool)
    for _ in range(k):  # transitive closure by repeated squaring of a small boolean matrix
        reach = reach | ((reach.astype(np.int64) @ reach.astype(np.int64)) > 0)
    if reach.all():
        return
    # what a strategy can reach by chains of wins is a group that never beat anyone outside it
    i = int(np.argmin(reach.sum(axis=1)))
    group = [names[j] for j in range(k) if reach[i, j]]
    raise ValueError(
        "Bradley-Terry ratings do not exist: {" + ", ".join(group) + "} never beat the other strategies "
        "(or the matchups do not connect everyone); pass prior > 0 to regularise"
    )


def mm_strengths(W: np.ndarray, tol: float, max_iter: int) -> np.ndarray:
    """Hunter's MM iteration on strengths; returns log-strengths centred at mean 0."""
    N = W + W.T
    total = W.sum(axis=1)
    p = np.ones(W.shape[0])
    for _ in range(max_iter):
        denom = (N / (p[:, None] + p[None, :])).sum(axis=1)
        new = total / denom
        new /= np.exp(np.mean(np.log(new)))  # fix the scale: geometric mean 1
        done = np.max(np.abs(np.log(new) - np.log(p))) < tol
        p = new
        if done:
            break
    theta = np.log(p)
    return theta - theta.mean()


def rating_covariance(N: np.ndarray, theta: np.ndarray) -> np.ndarray:
    """Pseudo-inverse of the Fisher information of the log-strengths (a graph Laplacian whose null space
    is the common shift), i.e. the covariance of the ratings constrained to average 0."""
    pi = 1 / (1 + np.exp(-(theta[:, None] - theta[None, :])))
    weight = N * pi * (1 - pi)
    info = np.diag(weight.sum(axis=1)) - weight
    return np.linalg.pinv(info)
