"""A rule knob swept over a range on the same seeds: win rate per seat with its band, and where the
seat in question becomes fair (its win rate crosses 1/players), with an interval."""

from __future__ import annotations

import re

import numpy as np
import polars as pl

from reports.analysis.stats import Crossing, crossing_point_paired, not_estimable, wilson


def seat_of_knob(knob: str) -> int | None:
    """The seat a knob is about, from its name (start_money.seat2 -> 2), else None."""
    m = re.search(r"seat(\d+)$", knob)
    return int(m.group(1)) if m else None


def curve_table(values: list[int], frames: list[pl.DataFrame], players: int) -> pl.DataFrame:
    """Per value and seat: games, wins, win rate and its 95% Wilson interval, mean score."""
    rows = []
    for v, f in zip(values, frames, strict=True):
        for s in range(players):
            wins = int((f["winner"] == s).sum())
            lo, hi = wilson(wins, f.height)
            rows.append((v, s, f.height, wins, wins / f.height, lo, hi, float(f[f"score_{s}"].mean())))
    return pl.DataFrame(rows, schema=["value", "seat", "games", "wins", "win_rate", "lo", "hi", "mean_score"],
                        orient="row")  # fmt: skip


def fair_crossing(values: list[int], frames: list[pl.DataFrame], seat: int, players: int, seed: int = 0) -> Crossing:
    """Where seat's win rate crosses 1/players; the games are paired across values (same seeds). Said to be
    not estimable (instead of failing) when the games cannot support an answer, e.g. a single game."""
    won = np.stack([(f["winner"] == seat).to_numpy() for f in frames], axis=1)
    try:
        return crossing_point_paired(np.asarray(values, dtype=float), won, 1.0 / players, seed=seed)
    except (ValueError, np.linalg.LinAlgError) as e:
        return not_estimable(1.0 / players, str(e))


def crossing_table(knob: str, seat: int, c: Crossing) -> pl.DataFrame:
    return pl.DataFrame(
        [(knob, seat, c.target, c.x, c.lo, c.hi, c.method, c.message)],
        schema=["knob", "seat", "target", "fair_value", "lo", "hi", "method", "message"],
        orient="row",
    )


def plot(table: pl.DataFrame, players: int, knob: str, seat: int, c: Crossing, caption: str, path) -> None:
    from reports.writers.plots import curve_with_band

    values = sorted(table["value"].unique().to_list())
    series = {}
    for s in range(players):
        part = table.filter(pl.col("seat") == s).sort("value")
        series[f"seat {s}"] = (part["win_rate"].to_numpy(), part["lo"].to_numpy(), part["hi"].to_numpy())
    crossings = {f"seat {seat}": (c.x, c.lo, c.hi)} if c.found else None
    curve_with_band(values, series, caption, path, xlabel=knob, fair=1 / players, crossings=crossings,
                    title=f"Sweep of {knob}")  # fmt: skip
