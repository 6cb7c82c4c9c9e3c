"""The balance questions, computed from a run's games table (one row per game, per-seat columns `<x>_<seat>`).

Every function takes a polars DataFrame or LazyFrame (a `pl.scan_parquet` of games.parquet keeps memory low:
only the columns a question needs are read) and returns a small polars DataFrame, one table of the report.
Win rates carry Wilson 95% intervals; differences carry Newcombe intervals; means carry normal intervals.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

import numpy as np
import polars as pl

from reports.analysis.stats import Z95, holm, two_rate_test, wilson

Frame = pl.DataFrame | pl.LazyFrame
QUANTILES = (0.05, 0.25, 0.5, 0.75, 0.95)
LENGTH_METRICS = ("rounds", "decisions", "steps")
CORRELATION_NOTE = "correlation, not causation"


def columns_of(frame: Frame) -> list[str]:
    return frame.collect_schema().names() if isinstance(frame, pl.LazyFrame) else frame.columns


def n_seats(frame: Frame) -> int:
    """Seats in the table: the number of score_<seat> columns (the largest player count it holds)."""
    return sum(1 for c in columns_of(frame) if re.fullmatch(r"score_\d+", c))


def n_games(frame: Frame) -> int:
    return int(frame.lazy().select(pl.len()).collect().item())


def vp_sources(frame: Frame) -> list[str]:
    """VP sources, found generically as columns vp_<source>_0 (in table order)."""
    return [m.group(1) for c in columns_of(frame) if (m := re.fullmatch(r"vp_(.+)_0", c))]


def long_seats(frame: Frame, features: Sequence[str] = ()) -> pl.LazyFrame:
    """One row per (game, seat) of a game with that seat: players, seat, strategy, score, won, and each
    per-seat feature <x>_<seat> under the name <x>."""
    lf = frame.lazy()
    parts = [
        lf.filter(pl.col("players") > s).select(
            pl.col("players"),
            pl.lit(s, dtype=pl.Int8).alias("seat"),
            pl.col(f"strategy_{s}").alias("strategy"),
            pl.col(f"score_{s}").cast(pl.Int64).alias("score"),
            (pl.col("winner") == s).alias("won"),
            *[pl.col(f"{f}_{s}").alias(f) for f in features],
        )
        for s in range(n_seats(frame))
    ]
    return pl.concat(parts)


def rate_columns(frame: pl.DataFrame, wins: str, games: str, prefix: str) -> pl.DataFrame:
    """Append <prefix>rate, <prefix>lo, <prefix>hi (Wilson 95%) computed from two count columns."""
    bounds = [wilson(w, n) for w, n in zip(frame[wins].to_list(), frame[games].to_list(), strict=True)]
    return frame.with_columns(
        (pl.col(wins) / pl.col(games)).alias(f"{prefix}rate"),
        pl.Series(f"{prefix}lo", [b[0] for b in bounds], dtype=pl.Float64),
        pl.Series(f"{prefix}hi", [b[1] for b in bounds], dtype=pl.Float64),
    )


def seat_fairness(frame: Frame) -> pl.DataFrame:
    """Win rate per seat, by player count, against the fair rate 1/players: Wilson interval, exact binomial
    p-value, and that p-value Holm-adjusted over the seats of the same player count."""
    from scipy.stats import binomtest

    lf = frame.lazy()
    games = lf.group_by("players").agg(pl.len().alias("games")).collect()
    wins = lf.group_by("players", "winner").agg(pl.len().alias("wins")).collect()
    rows = []
    for players, total in games.sort("players").iter_rows():
        got = dict(wins.filter(pl.col("players") == players).select("winner", "wins").iter_rows())
        wins_of = [got.get(s, 0) for s in range(players)]
        p_values = [binomtest(w, total, 1 / players).pvalue for w in wins_of]  # exact, two-sided
        for s, (w, p, p_adj) in enumerate(zip(wins_of, p_values, holm(p_values), strict=True)):
            rows.append((players, s, total, w, w / total, *wilson(w, total), 1 / players, float(p), float(p_adj)))
    names = ["players", "seat", "games", "wins", "win_rate", "lo", "hi", "fair", "p_value", "p_holm"]
    return pl.DataFrame(rows, schema=names, orient="row")


DISTRIBUTION = (
    "n",
    "mean",
    "mean_lo",
    "mean_hi",
    "sd",
    "min",
    *[f"q{round(q * 100):02d}" for q in QUANTILES],
    "max",
)


def sum_aggs(col: str, suffix: str = "") -> list[pl.Expr]:
    """Count, sum and sum of squares of an integer column, in exact int64 arithmetic: integer sums do not
    depend on the order polars' threads add them in, so the tables are identical run to run (float sums
    are not)."""
    c = pl.col(col).cast(pl.Int64)
    return [c.count().alias(f"n{suffix}"), c.sum().alias(f"s1{suffix}"), (c * c).sum().alias(f"s2{suffix}")]


def moments(n: int, s1: int, s2: int) -> tuple[float, float]:
    """Mean and sd (ddof 1) from exact integer sums; integer arithmetic up to one final rounding."""
    if n == 0:
        return (math.nan, math.nan)
    sd = math.sqrt((n * s2 - s1 * s1) / (n * (n - 1))) if n > 1 else math.nan
    return (s1 / n, sd)


def distribution_aggs(col: str) -> list[pl.Expr]:
    """Exact sums (for the mean and sd), min, quantiles and max of one integer column; with_moments
    turns the sums into the DISTRIBUTION columns."""
    c = pl.col(col)
    return [
        *sum_aggs(col),
        c.min().cast(pl.Float64).alias("min"),
        *[c.quantile(q, interpolation="linear").alias(f"q{round(q * 100):02d}") for q in QUANTILES],
        c.max().cast(pl.Float64).alias("max"),
    ]


def with_moments(table: pl.DataFrame) -> pl.DataFrame:
    """Replace the sums n, s1, s2 by the mean with its normal 95% interval and the sd."""
    stats = [moments(n, s1, s2) for n, s1, s2 in table.select("n", "s1", "s2").iter_rows()]
    half = [Z95 * sd / math.sqrt(n) for (_, sd), n in zip(stats, table["n"].to_list(), strict=True)]
    table = table.with_columns(
        pl.Series("mean", [m for m, _ in stats], dtype=pl.Float64),
        pl.Series("mean_lo", [m - h for (m, _), h in zip(stats, half, strict=True)], dtype=pl.Float64),
        pl.Series("mean_hi", [m + h for (m, _), h in zip(stats, half, strict=True)], dtype=pl.Float64),
        pl.Series("sd", [sd for _, sd in stats], dtype=pl.Float64),
    )
    others = [c for c in table.columns if c not in DISTRIBUTION and c not in ("s1", "s2")]
    return table.select(*others, *DISTRIBUTION)


def scores(frame: Frame) -> pl.DataFrame:
    """Score distribution and win rate by strategy and by seat (seat-games: a strategy in two seats of a
    game counts twice)."""
    long = long_seats(frame)
    parts = []
    for by in ("strategy", "seat"):
        agg = (
            long.group_by(by)
            .agg(pl.col("won").sum().alias("wins"), *distribution_aggs("score"))
            .collect()
            .sort(by)
            .select(pl.lit(by).alias("by"), pl.col(by).cast(pl.String).alias("key"), pl.exclude(by))
        )
        parts.append(rate_columns(with_moments(agg), "wins", "n", "win_"))
    return pl.concat(parts)


def vp_by_source(frame: Frame) -> pl.DataFrame:
    """Mean (and sd) VP per source, per strategy and per seat; share = the source's part of the summed
    source means. Empty when the game reports no vp_<source>_<seat> columns."""
    sources = vp_sources(frame)
    schema = {"by": pl.String, "key": pl.String, "source": pl.String, "mean": pl.Float64, "sd": pl.Float64}
    if not sources:
        return pl.DataFrame(schema={**schema, "share": pl.Float64})
    long = long_seats(frame, [f"vp_{s}" for s in sources])
    rows = []
    for by in ("strategy", "seat"):
        agg = long.group_by(by).agg(*[e for k, s in enumerate(sources) for e in sum_aggs(f"vp_{s}", f"|{k}")])
        for r in agg.collect().sort(by).iter_rows(named=True):
            for k, source in enumerate(sources):
                mean, sd = moments(r[f"n|{k}"], r[f"s1|{k}"], r[f"s2|{k}"])
                rows.append((by, str(r[by]), source, mean, sd))
    table = pl.DataFrame(rows, schema=schema, orient="row")
    return table.with_columns((pl.col("mean") / pl.col("mean").sum().over("by", "key")).alias("share"))


def game_length(frame: Frame) -> pl.DataFrame:
    """Distribution of the game length measures present (rounds, decisions, steps)."""
    present = [m for m in LENGTH_METRICS if m in columns_of(frame)]
    lf = frame.lazy()
    parts = [
        with_moments(lf.select(*distribution_aggs(m)).collect()).select(pl.lit(m).alias("metric"), pl.all())
        for m in present
    ]
    return pl.concat(parts)


def end_triggers(frame: Frame) -> pl.DataFrame:
    """Share of games ended by each trigger, with Wilson intervals."""
    counts = frame.lazy().group_by("end_trigger").agg(pl.len().alias("games")).collect()
    total = int(counts["games"].sum())
    counts = counts.with_columns(pl.lit(total).alias("of")).sort("games", "end_trigger", descending=[True, False])
    return rate_columns(counts, "games", "of", "").rename({"rate": "share"}).rename({"end_trigger": "trigger"})


def bitmask_width(frame: Frame, feature: str) -> int:
    """Bits in use by a per-seat bitmask feature (highest set bit + 1) over all seats."""
    cols = [f"{feature}_{s}" for s in range(n_seats(frame))]
    top = frame.lazy().select(pl.max_horizontal(*[pl.col(c).max() for c in cols])).collect().item()
    return int(top or 0).bit_length()


def card_owners(frame: Frame, feature: str = "techs", names: list[str] | None = None) -> pl.DataFrame:
    """For each card id b of a per-seat bitmask feature (bit b of <feature>_<seat> set = the seat owned card
    b at the end): observed win rate of owners vs non-owners over seat-games, their difference with a
    Newcombe interval and a two-proportion p-value (Holm-adjusted over the cards).

    This is an association, not the card's value: strong players buy more cards, and cards bought early
    have had longer to pay. Every row is labelled "correlation, not causation"."""
    width = bitmask_width(frame, feature)
    long = long_seats(frame, [feature])
    owned = [(pl.col(feature) & (1 << b)) != 0 for b in range(width)]
    sums = long.select(
        pl.len().alias("seat_games"),
        pl.col("won").sum().alias("all_wins"),
        *[o.sum().alias(f"own{b}") for b, o in enumerate(owned)],
        *[(o & pl.col("won")).sum().alias(f"win{b}") for b, o in enumerate(owned)],
    ).collect()
    seat_games, all_wins = int(sums["seat_games"][0]), int(sums["all_wins"][0])
    rows = [
        card_row(feature, b, names, int(sums[f"own{b}"][0]), int(sums[f"win{b}"][0]), seat_games, all_wins)
        for b in range(width)
    ]
    table = pl.DataFrame(rows, orient="row", schema=CARD_COLUMNS)
    adjusted = holm(table["p_value"].to_numpy())  # cards nobody owned have no test and stay NaN
    return table.with_columns(pl.Series("p_holm", adjusted), pl.lit(CORRELATION_NOTE).alias("note"))


CARD_COLUMNS = {
    "card": pl.Int64,
    "name": pl.String,
    "owners": pl.Int64,
    "owner_wins": pl.Int64,
    "owner_rate": pl.Float64,
    "owner_lo": pl.Float64,
    "owner_hi": pl.Float64,
    "non_owners": pl.Int64,
    "non_owner_wins": pl.Int64,
    "non_owner_rate": pl.Float64,
    "non_owner_lo": pl.Float64,
    "non_owner_hi": pl.Float64,
    "difference": pl.Float64,
    "diff_lo": pl.Float64,
    "diff_hi": pl.Float64,
    "p_value": pl.Float64,
}


def card_row(
    feature: str, b: int, names: list[str] | None, owners: int, wins: int, seat_games: int, all_wins: int
) -> tuple:
    others, other_wins = seat_games - owners, all_wins - wins
    name = names[b] if names and b < len(names) else f"{feature} {b}"
    own = (wins / owners, *wilson(wins, owners)) if owners else (np.nan,) * 3
    rest = (other_wins / others, *wilson(other_wins, others)) if others else (np.nan,) * 3
    if owners and others:
        d = two_rate_test(wins, owners, other_wins, others)
        diff = (d.estimate, d.lo, d.hi, d.p_value)
    else:
        diff = (np.nan,) * 4
    return (b, name, owners, wins, *own, others, other_wins, *rest, *diff)


def pairwise_wins(frame: Frame) -> tuple[list[str], np.ndarray]:
    """Strategy codes and the matrix wins[i, j] = times a seat played by i finished ahead of (lower rank)
    a seat played by j in the same game, over every pair of seats; a tied rank counts 1/2 each way.
    Pairs of seats with the same strategy land on the diagonal. The input of stats.bradley_terry."""
    codes, blocks = pairwise_wins_by_block(frame, 1)
    return codes, blocks[0]


def pairwise_wins_by_block(frame: Frame, blocks: int = 1000) -> tuple[list[str], np.ndarray]:
    """pairwise_wins per block of consecutive games: an array (blocks, k, k) summing to pairwise_wins.
    Games are independent, so blocks are too: stats.bradley_terry_bootstrap resamples them, which keeps
    the correlation between the pairs of seats of one game (and needs only blocks * k * k numbers)."""
    lf = frame.lazy().with_row_index("row")
    size = max(1, -(-n_games(frame) // blocks))
    seats = n_seats(frame)
    parts = []
    for s in range(seats):
        for t in range(s + 1, seats):
            a, b = pl.col(f"rank_{s}"), pl.col(f"rank_{t}")
            tie = 0.5 * (a == b).cast(pl.Float64)
            parts.append(
                lf.filter(pl.col("players") > t).select(
                    (pl.col("row") // size).alias("block"),
                    pl.col(f"strategy_{s}").alias("i"),
                    pl.col(f"strategy_{t}").alias("j"),
                    ((a < b).cast(pl.Float64) + tie).alias("i_ahead"),
                    ((a > b).cast(pl.Float64) + tie).alias("j_ahead"),
                )
            )
    pairs = pl.concat(parts).group_by("block", "i", "j").agg(pl.col("i_ahead").sum(), pl.col("j_ahead").sum()).collect()
    codes = sorted(set(pairs["i"].to_list()) | set(pairs["j"].to_list()))
    index = {c: k for k, c in enumerate(codes)}
    wins = np.zeros((blocks, len(codes), len(codes)))
    for block, i, j, i_ahead, j_ahead in pairs.iter_rows():
        wins[block, index[i], index[j]] += i_ahead
        wins[block, index[j], index[i]] += j_ahead
    return codes, wins


def score_counts(frame: Frame, by: str = "strategy") -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Exact score histogram per strategy (or per seat): {key: (scores, seat-games with that score)}.
    Scores are integers, so this stays small however many games the table holds."""
    counts = long_seats(frame).group_by(by, "score").agg(pl.len().alias("count")).collect().sort(by, "score")
    out = {}
    for (key,), part in counts.partition_by(by, as_dict=True, maintain_order=True).items():
        label = f"seat {key}" if by == "seat" else str(key)
        out[label] = (part["score"].to_numpy(), part["count"].to_numpy())
    return out


def value_counts(frame: Frame, column: str) -> tuple[np.ndarray, np.ndarray]:
    """(values, games with that value) of one integer column, sorted by value."""
    counts = frame.lazy().group_by(column).agg(pl.len().alias("count")).collect().sort(column)
    return counts[column].to_numpy(), counts["count"].to_numpy()
