"""The end-of-run summary: win rate per seat and per strategy with 95% intervals, and mean scores."""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

from reports.analysis.stats import wilson


@dataclass(frozen=True)
class RateRow:
    label: str
    games: int  # seat-games played (a strategy in two seats counts twice per game)
    wins: int
    rate: float
    lo: float
    hi: float
    mean_score: float


def n_players(frame: pl.DataFrame) -> int:
    return int(frame["players"][0])


def by_seat(frame: pl.DataFrame) -> list[RateRow]:
    rows = []
    n = frame.height
    for s in range(n_players(frame)):
        wins = int((frame["winner"] == s).sum())
        lo, hi = wilson(wins, n)
        rows.append(RateRow(f"seat {s}", n, wins, wins / n, lo, hi, float(frame[f"score_{s}"].mean())))
    return rows


def long_by_seat(frame: pl.DataFrame) -> pl.DataFrame:
    """One row per (game, seat): strategy, score, won."""
    parts = [
        frame.select(
            pl.col("game_index"),
            pl.lit(s, dtype=pl.Int8).alias("seat"),
            pl.col(f"strategy_{s}").alias("strategy"),
            pl.col(f"score_{s}").alias("score"),
            (pl.col("winner") == s).alias("won"),
        )
        for s in range(n_players(frame))
    ]
    return pl.concat(parts)


def by_strategy(frame: pl.DataFrame) -> list[RateRow]:
    long = long_by_seat(frame)
    agg = long.group_by("strategy").agg(
        pl.len().alias("games"), pl.col("won").sum().alias("wins"), pl.col("score").mean().alias("mean_score")
    )
    rows = []
    for r in agg.sort("strategy").iter_rows(named=True):
        lo, hi = wilson(r["wins"], r["games"])
        rate = r["wins"] / r["games"]
        rows.append(RateRow(r["strategy"], r["games"], r["wins"], rate, lo, hi, r["mean_score"]))
    return rows
