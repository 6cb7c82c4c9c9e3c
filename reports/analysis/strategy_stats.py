"""What each strategy does: action kinds taken, cards acquired, VP by source, end triggers (for `playout stats`)."""

from __future__ import annotations

import polars as pl

from reports.analysis import balance
from reports.analysis.summary import long_by_seat, n_players


def decisions_per_game(counts: pl.DataFrame) -> pl.DataFrame:
    """Action kind x strategy: decisions per seat-game (only kinds some strategy chose)."""
    per = counts.with_columns((pl.col("decisions") / pl.col("seat_games")).alias("per_game"))
    wide = per.pivot(on="strategy", index="action", values="per_game", aggregate_function="first")
    chosen = counts.group_by("action").agg(pl.col("decisions").sum()).filter(pl.col("decisions") > 0)["action"]
    order = counts["action"].unique(maintain_order=True)
    return (
        wide.filter(pl.col("action").is_in(chosen.to_list()))
        .join(pl.DataFrame({"action": order, "_i": range(len(order))}), on="action")
        .sort("_i")
        .drop("_i")
    )


def seat_long(frame: pl.DataFrame, features: list[str]) -> pl.DataFrame:
    """One row per (game, seat) with the strategy and the given per-seat features."""
    parts = [
        frame.select(
            pl.col(f"strategy_{s}").alias("strategy"),
            (pl.col("winner") == s).alias("won"),
            *[pl.col(f"{f}_{s}").alias(f) for f in features],
        )
        for s in range(n_players(frame))
    ]
    return pl.concat(parts)


def vp_by_source(frame: pl.DataFrame) -> pl.DataFrame:
    """Mean final VP per source (rows) and strategy (columns)."""
    table = balance.vp_by_source(frame).filter(pl.col("by") == "strategy")
    return table.pivot(on="key", index="source", values="mean", aggregate_function="first")


def card_ownership(frame: pl.DataFrame, feature: str | list[str], names: list[str]) -> pl.DataFrame:
    """Share of seat-games in which each strategy ended owning each card (its bit of `feature`, see
    reports.analysis.card_value.owned_bits)."""
    from reports.analysis.card_value import feature_columns, owned_bits

    long = seat_long(frame, feature_columns(feature))
    renamed = long.rename({c: f"{c}_0" for c in feature_columns(feature)})
    rows = {"card": names}
    for strategy in sorted(long["strategy"].unique()):
        mine = renamed.filter(pl.col("strategy") == strategy)
        rows[strategy] = [float(owned_bits(mine, feature, i, 0).mean()) for i in range(len(names))]
    return pl.DataFrame(rows)


def game_summary(frame: pl.DataFrame) -> pl.DataFrame:
    """Per strategy: seat-games, win rate, mean score, mean winning score (when it wins)."""
    long = long_by_seat(frame)
    return (
        long.group_by("strategy")
        .agg(
            pl.len().alias("seat_games"),
            pl.col("won").mean().alias("win_rate"),
            pl.col("score").mean().alias("mean_score"),
            pl.col("score").filter(pl.col("won")).mean().alias("mean_winning_score"),
        )
        .sort("strategy")
    )


def end_triggers(frame: pl.DataFrame) -> pl.DataFrame:
    """Share of games ended by each trigger (95% interval) and the mean rounds of those games."""
    rounds = frame.group_by("end_trigger").agg(pl.col("rounds").mean().alias("mean_rounds"))
    return balance.end_triggers(frame).join(rounds.rename({"end_trigger": "trigger"}), on="trigger")
