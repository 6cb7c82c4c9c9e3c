"""Strategy matchups: a win-rate matrix (one strategy against a field of another) and ratings.

Cell (a, b) is the win rate of one seat of `a` against players-1 seats of `b`, over games on the same
seeds with seats rotating, so a fair matchup sits at 1/players. Ratings are Bradley-Terry strengths
from every pair of seats of every game (who finished ahead), with block-bootstrap intervals because the
pairs of one game are correlated.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import polars as pl

from reports.analysis.balance import pairwise_wins_by_block
from reports.analysis.stats import ELO_PER_LOGIT, Rating, bradley_terry_bootstrap, wilson
from reports.writers.plots import write_png

MIN_RATED_GAMES = 20  # fewer games make too few blocks for a bootstrap interval to mean anything


@dataclass(frozen=True)
class Cell:
    row: str
    col: str
    games: int
    wins: int
    rate: float
    lo: float
    hi: float


def field_lineup(a: str, b: str, players: int) -> list[str]:
    return [a] + [b] * (players - 1)


def cell(a: str, b: str, frame: pl.DataFrame) -> Cell:
    """Win rate of the single seat of `a` in games of one `a` against a field of `b`."""
    wins = int((frame["winner_strategy"] == a).sum())
    lo, hi = wilson(wins, frame.height)
    return Cell(a, b, frame.height, wins, wins / frame.height, lo, hi)


def matrix_table(cells: list[Cell]) -> pl.DataFrame:
    return pl.DataFrame(
        [(c.row, c.col, c.games, c.wins, c.rate, c.lo, c.hi) for c in cells],
        schema=["strategy", "against_field_of", "games", "wins", "win_rate", "lo", "hi"],
        orient="row",
    )


def ratings(
    frames: list[pl.DataFrame], blocks: int = 400, seed: int = 0, anchor: str | None = None
) -> tuple[list[Rating] | None, str]:
    """Bradley-Terry ratings over all the games of all the matchups, and how they were fitted. When some
    strategy never finished ahead of another (the ratings would be infinite), half a virtual win each way
    between every pair that met keeps them finite; the method says so. (None, why) when even that cannot
    rate them (too few games). `anchor`: the strategy rated 0 (default: the ratings average 0)."""
    wanted = ("rank_", "score_", "strategy_", "players")
    games = pl.concat([f.select(sorted(c for c in f.columns if c.startswith(wanted))) for f in frames])
    if games.height < MIN_RATED_GAMES:
        return None, f"not estimable from {games.height} games (the interval needs at least {MIN_RATED_GAMES})"
    codes, block_wins = pairwise_wins_by_block(games, min(blocks, games.height))
    why = ""
    for prior, method in ((0.0, "maximum likelihood"), (0.5, "with a prior of 1/2 win each way")):
        try:
            return bradley_terry_bootstrap(block_wins, codes, prior=prior, seed=seed, anchor=anchor), method
        except ValueError as e:
            why = f"not estimable from {games.height} games ({e})"
    return None, why


def ratings_table(
    rows: list[Rating] | None, method: str, codes: list[str], behind: list[Rating] | None = None
) -> pl.DataFrame:
    """The ratings, best first; when they are not estimable, one row per strategy saying so. With `behind` (the
    same ratings anchored at the strongest, so each interval is that of the difference itself, not two intervals
    side by side): how far each is behind the strongest (behind_top, with behind_lo and behind_hi)."""
    nan = float("nan")
    ordered = sorted(rows, key=lambda r: -r.rating) if rows else [Rating(c, nan, nan, nan, nan) for c in codes]
    table = pl.DataFrame(
        [(r.name, r.rating, r.lo, r.hi, r.rating * ELO_PER_LOGIT, method) for r in ordered],
        schema=["strategy", "rating_logit", "lo", "hi", "elo", "fit"],
        orient="row",
    )
    if behind is None:
        return table
    gap = {r.name: (r.rating, r.lo, r.hi) for r in behind}
    return table.with_columns(
        *(pl.Series(name, [gap.get(r.name, (nan, nan, nan))[i] for r in ordered], pl.Float64)
          for i, name in enumerate(("behind_top", "behind_lo", "behind_hi")))
    )  # fmt: skip


def heatmap(cells: list[Cell], codes: list[str], players: int, caption: str, path) -> None:
    """The matrix as a picture: rows = the single strategy, columns = the field; 1/players is neutral."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    k = len(codes)
    grid = np.full((k, k), np.nan)
    text = [[""] * k for _ in range(k)]
    for c in cells:
        i, j = codes.index(c.row), codes.index(c.col)
        grid[i, j] = c.rate
        text[i][j] = f"{c.rate:.0%}\n[{c.lo:.0%}, {c.hi:.0%}]"
    fair = 1 / players
    fig, ax = plt.subplots(figsize=(1.6 * k + 2.5, 1.2 * k + 2))
    span = max(0.05, float(np.nanmax(np.abs(grid - fair)))) if np.isfinite(grid).any() else 0.5
    im = ax.imshow(grid, cmap="RdBu", vmin=fair - span, vmax=fair + span)
    for i in range(k):
        for j in range(k):
            ax.text(j, i, text[i][j] or "-", ha="center", va="center", fontsize=8)
    ax.set_xticks(range(k), codes, rotation=30, ha="right")
    ax.set_yticks(range(k), codes)
    ax.set_xlabel(f"field of {players - 1}")
    ax.set_ylabel("one seat of")
    ax.set_title(f"win rate of one seat against a field (fair = {fair:.0%})")
    fig.colorbar(im, ax=ax, fraction=0.046)
    fig.text(0.01, 0.01, caption, fontsize=6, color="0.3")
    fig.tight_layout(rect=(0, 0.03, 1, 1))
    write_png(fig, path, "matchups", caption)
    plt.close(fig)


def score_summary(frames: list[pl.DataFrame]) -> pl.DataFrame:
    """Per strategy over all matchup games: mean score, win rate and mean winning score."""
    from reports.analysis.summary import long_by_seat

    long = pl.concat([long_by_seat(f) for f in frames])
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
