"""What each family (a player board with its start bonus) is worth, for `playout value GAME --family`.

Two answers per condition (the expansion family out, and in):

- fairness: families dealt at random, the win rate of the seats that got each family, with a Wilson interval,
  tested against the fair rate 1/players (exact binomial, Holm-adjusted over the families);
- worth: paired experiments on the same seeds: one seat is given the family, against the same game with the
  family it was dealt; the receiver's change in win rate and score (the given effect of reports.analysis.card_value).
"""

from __future__ import annotations

import numpy as np
import polars as pl

from reports.analysis.stats import holm, wilson

COLUMNS = [
    "condition", "family", "seat_games", "wins", "win_rate", "win_lo", "win_hi", "fair", "p_value", "p_holm",
    "mean_score", "given_win_delta", "given_win_lo", "given_win_hi", "given_score_delta", "given_score_lo",
    "given_score_hi",
]  # fmt: skip


def dealt_rates(frame: pl.DataFrame, family: int, players: int) -> tuple[int, int, float]:
    """(seat-games with the family, their wins, their mean score) over every seat of the games."""
    n, wins, score = 0, 0, 0.0
    winner = frame["winner"].to_numpy()
    for s in range(players):
        has = frame[f"family_{s}"].to_numpy() == family
        n += int(has.sum())
        wins += int((has & (winner == s)).sum())
        score += float(frame[f"score_{s}"].to_numpy()[has].sum())
    return n, wins, score / n if n else float("nan")


def condition_rows(condition: str, names: list[str], families: list[int], baseline: pl.DataFrame, given: dict,
                   players: int) -> list[tuple]:  # fmt: skip
    """One row per family of one condition: the dealt win rate (Holm over the families) and the given effect."""
    from scipy.stats import binomtest

    rates, p_values = [], []
    for f in families:
        n, wins, mean = dealt_rates(baseline, f, players)
        rates.append((n, wins, wins / n, *wilson(wins, n), mean) if n else (0, 0, np.nan, np.nan, np.nan, mean))
        p_values.append(binomtest(wins, n, 1 / players).pvalue if n else np.nan)  # exact, two-sided
    adjusted = holm(p_values)
    rows = []
    for f, (n, wins, rate, lo, hi, mean), p, p_adj in zip(families, rates, p_values, adjusted, strict=True):
        gw, gs = given[f]
        rows.append((condition, names[f], n, wins, rate, lo, hi, 1 / players, float(p), float(p_adj), mean,
                     gw.estimate, gw.lo, gw.hi, gs.estimate, gs.lo, gs.hi))  # fmt: skip
    return rows


def family_table(rows: list[tuple]) -> pl.DataFrame:
    return pl.DataFrame(rows, schema=COLUMNS, orient="row")


def plot(table: pl.DataFrame, players: int, caption: str, path) -> None:
    """Per condition, a panel of the families' dealt win rates with 95% intervals and the fair line."""
    from reports.writers.plots import new_figure, save

    conditions = table["condition"].unique(maintain_order=True).to_list()
    fig, axes = new_figure(height=max(3.0, 0.35 * table.height + 1.5), panels=len(conditions))
    for ax, cond in zip(axes, conditions, strict=True):
        part = table.filter(pl.col("condition") == cond)
        y = np.arange(part.height)
        rate = part["win_rate"].to_numpy()
        err = np.vstack([rate - part["win_lo"].to_numpy(), part["win_hi"].to_numpy() - rate])
        ax.barh(y, rate, color="#4c72b0", alpha=0.8)
        ax.errorbar(rate, y, xerr=err, fmt="none", ecolor="black", capsize=3)
        ax.axvline(1 / players, color="grey", linestyle="--", label=f"fair 1/{players}")
        ax.set_yticks(y, part["family"].to_list())
        ax.set_xlabel("win rate when dealt (95% interval)")
        ax.set_title(cond)
        ax.legend(fontsize=8)
    save(fig, path, "Win rate per family", caption)
