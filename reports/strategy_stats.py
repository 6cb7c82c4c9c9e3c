"""What each strategy does: action kinds taken, cards acquired, VP by source, end triggers (for `playout stats`)."""

from __future__ import annotations

import polars as pl

from reports.summary import long_by_seat, n_players


def decisions_per_game(counts: pl.DataFrame) -> pl.DataFrame:
    """Action kind x strategy: decisions per seat-game (only kinds some strategy chose)."""
    per = counts.with_columns((pl.col("decisions") / pl.col("seat_games")).alias("per_game"))
    wide = per.pivot(on="strategy", index="action", values="per_game", aggregate_function="first")
    chosen = counts.group_by("action").agg(pl.col("decisions").sum()).filter(pl.col("decisions") > 0)["action"]
    order = counts["action"].unique(maintain_order=True)
    return wide.filter(pl.col("action").is_in(chosen)).join(
        pl.DataFrame({"action": order, "_i": range(len(order))}), on="action"
    ).sort("_i").drop("_i")


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


def vp_sources(frame: pl.DataFrame) -> list[str]:
    return sorted({c[3:].rsplit("_", 1)[0] for c in frame.columns if c.startswith("vp_")}, key=_source_order(frame))


def _source_order(frame: pl.DataFrame):
    order = [c[3:].rsplit("_", 1)[0] for c in frame.columns if c.startswith("vp_") and c.endswith("_0")]
    return lambda s: order.index(s) if s in order else len(order)


def vp_by_source(frame: pl.DataFrame) -> pl.DataFrame:
    """Mean final VP per source, per strategy (rows: source; columns: strategies)."""
    sources = vp_sources(frame)
    long = seat_long(frame, [f"vp_{v}" for v in sources])
    means = long.group_by("strategy").agg([pl.col(f"vp_{v}").mean() for v in sources]).sort("strategy")
    out = means.unpivot(index="strategy", variable_name="source", value_name="vp")
    out = out.with_columns(pl.col("source").str.strip_prefix("vp_"))
    return out.pivot(on="strategy", index="source", values="vp", aggregate_function="first")


def card_ownership(frame: pl.DataFrame, feature: str, names: list[str]) -> pl.DataFrame:
    """Share of seat-games in which each strategy ended owning each card (bit i of `feature`)."""
    long = seat_long(frame, [feature])
    rows = {"card": names}
    for strategy in sorted(long["strategy"].unique()):
        bits = long.filter(pl.col("strategy") == strategy)[feature].to_numpy()
        rows[strategy] = [float(((bits >> i) & 1).mean()) for i in range(len(names))]
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
    return (
        frame.group_by("end_trigger")
        .agg(pl.len().alias("games"), pl.col("rounds").mean().alias("mean_rounds"))
        .with_columns((pl.col("games") / frame.height).alias("share"))
        .sort("games", descending=True)
    )
