"""Figures of the balance answers, each saved as a PNG (atomically) and returned as its path.

matplotlib is imported inside the functions and only through its object API (Figure + the Agg canvas), so
importing this module is cheap and no global pyplot state or display backend is involved. Every figure
carries the caption line (game, rules, data set and ASSUMED share, lineup, seed, n) at its foot and in the
PNG's Description field.
"""

from __future__ import annotations

import io
import math
import textwrap
from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np
import polars as pl

from sim.output import atomic_write_bytes

CAPTION_WIDTH = 130  # characters per caption line
MOST_PANELS = 6  # conclusions drawn against strength (a card-value answer has one per card)
BAND_ALPHA = 0.2


def new_figure(width: float = 8.0, height: float = 4.5, panels: int = 1):
    """A Figure on the Agg canvas, with `panels` side by side axes."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), layout="constrained")
    FigureCanvasAgg(fig)
    axes = fig.subplots(1, panels, squeeze=False)[0]
    return fig, list(axes)


def save(fig, path: Path, title: str, caption: str) -> Path:
    """Add the caption at the foot, render to PNG in memory and write it atomically."""
    fig.text(0.0, -0.01, textwrap.fill(caption, CAPTION_WIDTH), fontsize=6.5, ha="left", va="top", color="#444")
    return write_png(fig, path, title, caption, bbox_inches="tight")


def write_png(fig, path: Path, title: str, caption: str = "", dpi: int = 110, **options) -> Path:
    """The figure rendered to PNG in memory and written atomically: the one way a figure reaches the disk (a
    killed or full-disk write leaves the old file or none, never half a PNG; a WriteError names the file)."""
    buffer = io.BytesIO()
    metadata = {"Title": title, "Description": caption, "Software": None}
    fig.savefig(buffer, format="png", dpi=dpi, metadata=metadata, **options)
    path = Path(path)
    atomic_write_bytes(path, buffer.getvalue())
    return path


def seat_win_rates(table: pl.DataFrame, caption: str, path: Path) -> Path:
    """Win rate per seat with its 95% interval, and the fair line 1/players, per player count
    (a reports.analysis.balance.seat_fairness table: players, seat, win_rate, lo, hi)."""
    fig, (ax,) = new_figure()
    counts = table["players"].unique().sort().to_list()
    for k, players in enumerate(counts):
        part = table.filter(pl.col("players") == players)
        x = part["seat"].to_numpy() + (k - (len(counts) - 1) / 2) * 0.15
        y = part["win_rate"].to_numpy()
        err = np.vstack([y - part["lo"].to_numpy(), part["hi"].to_numpy() - y])
        ax.errorbar(x, y, yerr=err, fmt="o", capsize=4, label=f"{players} players")
        ax.hlines(
            1 / players,
            x.min() - 0.3,
            x.max() + 0.3,
            colors="grey",
            linestyles="--",
            label=f"fair 1/{players}",
        )
    ax.set_xticks(sorted(table["seat"].unique().to_list()))
    ax.set_xlabel("seat (0 starts)")
    ax.set_ylabel("win rate (95% Wilson interval)")
    ax.set_title("Seat fairness")
    ax.legend(fontsize=8)
    return save(fig, path, "Seat fairness", caption)


def share_histogram(ax, values: np.ndarray, counts: np.ndarray, bins: np.ndarray, label: str) -> None:
    """A step histogram of counted integer values, as the share of observations per bin."""
    hist, edges = np.histogram(values, bins=bins, weights=counts)
    ax.stairs(hist / max(1, counts.sum()), edges, label=label)


def integer_bins(low: float, high: float, target: int = 60) -> np.ndarray:
    """Bin edges on half-integers, so every integer falls inside one bin and none is split."""
    width = max(1, math.ceil((high - low + 1) / target))
    return np.arange(low - 0.5, high + width + 0.5, width)


def score_distributions(
    panels: Mapping[str, Mapping[str, tuple[np.ndarray, np.ndarray]]], caption: str, path: Path
) -> Path:
    """Overlaid score histograms, one panel per grouping: {panel title: {label: (scores, counts)}}
    (reports.analysis.balance.score_counts)."""
    fig, axes = new_figure(width=5.0 * len(panels), panels=len(panels))
    for ax, (title, groups) in zip(axes, panels.items(), strict=True):
        low = min(float(v.min()) for v, _ in groups.values())
        high = max(float(v.max()) for v, _ in groups.values())
        bins = integer_bins(low, high)
        for label, (values, counts) in groups.items():
            share_histogram(ax, values, counts, bins, label)
        ax.set_xlabel("final score")
        ax.set_ylabel("share of seat-games")
        ax.set_title(title)
        ax.legend(fontsize=8)
    return save(fig, path, "Score distributions", caption)


def stacked_bars(ax, keys: list[str], sources: list[str], means: np.ndarray) -> None:
    """Bars of keys stacked by source; negative means stack downwards from 0."""
    import matplotlib as mpl

    colours = mpl.colormaps["tab20"](np.linspace(0, 1, max(len(sources), 2)))
    up = np.zeros(len(keys))
    down = np.zeros(len(keys))
    for s, source in enumerate(sources):
        v = means[:, s]
        base = np.where(v >= 0, up, down)
        ax.bar(keys, v, bottom=base, color=colours[s], label=source)
        up = up + np.clip(v, 0, None)
        down = down + np.clip(v, None, 0)


def vp_by_source(table: pl.DataFrame, caption: str, path: Path) -> Path:
    """Mean VP per source stacked into one bar per strategy and per seat (a reports.analysis.balance.vp_by_source
    table: by, key, source, mean)."""
    groups = [g for g in ("strategy", "seat") if g in table["by"].to_list()]
    fig, axes = new_figure(width=11.0, height=5.0, panels=len(groups))
    sources = list(dict.fromkeys(table["source"].to_list()))
    for ax, by in zip(axes, groups, strict=True):
        part = table.filter(pl.col("by") == by)
        wide = part.pivot("source", index="key", values="mean").select("key", *sources)
        keys = [k if by == "strategy" else f"seat {k}" for k in wide["key"].to_list()]
        stacked_bars(ax, keys, sources, wide.select(sources).to_numpy())
        ax.set_ylabel("mean VP per seat-game")
        ax.set_title(f"VP by source, per {by}")
    handles, labels = axes[0].get_legend_handles_labels()
    fig.legend(handles[::-1], labels[::-1], loc="outside right upper", fontsize=7)
    return save(fig, path, "VP by source", caption)


def histograms(panels: Mapping[str, tuple[np.ndarray, np.ndarray]], caption: str, path: Path, title: str) -> Path:
    """One histogram per panel from counted integer values: {x label: (values, counts)}."""
    fig, axes = new_figure(width=5.0 * len(panels), panels=len(panels))
    for ax, (label, (values, counts)) in zip(axes, panels.items(), strict=True):
        bins = integer_bins(float(values.min()), float(values.max()))
        hist, edges = np.histogram(values, bins=bins, weights=counts)
        ax.stairs(hist, edges, fill=True, alpha=0.7)
        ax.set_xlabel(label)
        ax.set_ylabel("games")
    fig.suptitle(title)
    return save(fig, path, title, caption)


def end_triggers(table: pl.DataFrame, caption: str, path: Path) -> Path:
    """Share of games per end trigger with 95% intervals (a reports.analysis.balance.end_triggers table)."""
    fig, (ax,) = new_figure(height=3.5)
    y = table["share"].to_numpy()
    # a share of 1 (one trigger ends every game) has a Wilson bound 1 - 1e-16: no negative error bar
    err = np.clip(np.vstack([y - table["lo"].to_numpy(), table["hi"].to_numpy() - y]), 0, None)
    ax.bar(table["trigger"].to_list(), y, yerr=err, capsize=4, color="#4c72b0")
    ax.set_ylabel("share of games (95% interval)")
    ax.set_ylim(0, 1)
    ax.set_title("What ended the game")
    return save(fig, path, "End triggers", caption)


def curve_with_band(
    x: Sequence[float],
    series: Mapping[str, tuple[Sequence[float], Sequence[float], Sequence[float]]],
    caption: str,
    path: Path,
    xlabel: str,
    ylabel: str = "win rate",
    fair: float | None = None,
    crossings: Mapping[str, tuple[float, float, float]] | None = None,
    title: str = "Sweep",
) -> Path:
    """Curves over a knob's values with their 95% bands: series = {label: (y, lo, hi)}; a dashed fair line
    at `fair`; crossings = {label: (x*, lo, hi)} drawn as a marker on the fair line with its interval
    (e.g. from stats.crossing_point; NaN x* is skipped)."""
    fig, (ax,) = new_figure()
    xs = np.asarray(x, dtype=float)
    for label, (y, lo, hi) in series.items():
        (line,) = ax.plot(xs, y, marker="o", ms=3, label=label)
        ax.fill_between(xs, lo, hi, color=line.get_color(), alpha=BAND_ALPHA, linewidth=0)
        mark = (crossings or {}).get(label)
        if mark is not None and fair is not None and not math.isnan(mark[0]):
            err = [[mark[0] - mark[1]], [mark[2] - mark[0]]]
            ax.errorbar([mark[0]], [fair], xerr=err, fmt="D", color=line.get_color(), capsize=4, ms=6)
    if fair is not None:
        ax.axhline(fair, color="grey", linestyle="--", label=f"fair {fair:.3g}")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(f"{ylabel} (95% band)")
    ax.set_title(title)
    ax.legend(fontsize=8)
    return save(fig, path, title, caption)


def ranked_bars(
    labels: Sequence[str],
    values: Sequence[float],
    lo: Sequence[float],
    hi: Sequence[float],
    caption: str,
    path: Path,
    xlabel: str,
    title: str,
    reference: float = 0.0,
) -> Path:
    """Horizontal bars sorted by value (largest on top) with 95% error bars and a line at `reference`
    (card values, strategy ratings). NaN values are left out."""
    v, l, h = (np.asarray(a, dtype=float) for a in (values, lo, hi))
    keep = ~np.isnan(v)
    order = np.argsort(v[keep], kind="stable")
    names = np.asarray(labels, dtype=object)[keep][order]
    v, l, h = v[keep][order], l[keep][order], h[keep][order]
    fig, (ax,) = new_figure(height=max(3.0, 0.28 * len(names) + 1.2))
    ax.barh(range(len(names)), v - reference, left=reference, color="#4c72b0", alpha=0.8)
    ax.errorbar(v, range(len(names)), xerr=np.vstack([v - l, h - v]), fmt="none", ecolor="black", capsize=3)
    ax.axvline(reference, color="grey", linestyle="--")
    ax.set_yticks(range(len(names)), [str(n) for n in names])
    ax.set_xlabel(xlabel)
    ax.set_title(title)
    return save(fig, path, title, caption)


def forest(estimates, reference: float | None, caption: str, path: Path, title: str) -> Path:
    """Each conclusion's estimate under each variation with its 95% interval, one row per conclusion and
    one colour per variation (reports.analysis.robustness.Estimate), and a dashed line at the reference."""
    conclusions = list(dict.fromkeys(e.conclusion for e in estimates))
    variations = list(dict.fromkeys(e.variation for e in estimates))
    fig, (ax,) = new_figure(width=9.0, height=max(3.0, 0.3 * len(conclusions) * max(1, len(variations) / 2) + 1.5))
    step = 0.8 / max(1, len(variations))
    for k, variation in enumerate(variations):
        mine = {e.conclusion: e for e in estimates if e.variation == variation}
        rows = [i for i, c in enumerate(conclusions) if c in mine and math.isfinite(mine[c].value)]
        if not rows:
            continue
        y = np.array(rows, dtype=float) + (k - (len(variations) - 1) / 2) * step
        v = np.array([mine[conclusions[i]].value for i in rows])
        lo = np.array([mine[conclusions[i]].lo for i in rows])
        hi = np.array([mine[conclusions[i]].hi for i in rows])
        ax.errorbar(v, y, xerr=np.vstack([v - lo, hi - v]), fmt="o", ms=4, capsize=3, label=variation.label)
    if reference is not None:
        ax.axvline(reference, color="grey", linestyle="--", label=f"reference {reference:.3g}")
    ax.set_yticks(range(len(conclusions)), conclusions)
    ax.invert_yaxis()
    ax.set_xlabel("estimate (95% interval)")
    ax.set_title(title)
    ax.legend(fontsize=7, loc="best")
    return save(fig, path, title, caption)


def against_strength(table: pl.DataFrame, reference: float | None, caption: str, path: Path, title: str) -> Path:
    """Each conclusion's answer (95% interval) against the rating of the players who gave it (95% interval),
    one panel per conclusion (the first MOST_PANELS): an answer that levels off as the players get stronger
    is settled, one still rising or falling at the strong end is not. Unrated populations are left out."""
    rated = table.filter(pl.col("rating").is_not_nan())
    conclusions = list(dict.fromkeys(rated["conclusion"]))[:MOST_PANELS]
    fig, axes = new_figure(width=min(4.0 * max(1, len(conclusions)), 16.0), height=3.6, panels=max(1, len(conclusions)))
    for ax, conclusion in zip(axes, conclusions, strict=False):
        rows = rated.filter(pl.col("conclusion") == conclusion).sort("rating")
        x, y = rows["rating"].to_numpy(), rows["estimate"].to_numpy()
        xerr = np.vstack([x - rows["rating_lo"].to_numpy(), rows["rating_hi"].to_numpy() - x])
        yerr = np.vstack([y - rows["lo"].to_numpy(), rows["hi"].to_numpy() - y])
        ax.errorbar(x, y, xerr=xerr, yerr=yerr, fmt="o-", ms=4, capsize=3)
        for xi, yi, who in zip(x, y, rows["players"], strict=True):
            ax.annotate(who, (xi, yi), fontsize=6, xytext=(3, 3), textcoords="offset points")
        if reference is not None:
            ax.axhline(reference, color="grey", linestyle="--", lw=0.8)
        ax.set_title(conclusion, fontsize=9)
        ax.set_xlabel("players' ladder rating (logits)")
    axes[0].set_ylabel("answer (95% interval)")
    fig.suptitle(title)
    return save(fig, path, title, caption)
