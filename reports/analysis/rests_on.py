"""What a card-value answer rests on: how much of the spread between the cards' values follows each column
of the data table that describes the cards, and whether that column is sourced or ASSUMED.

A ranking of cards can be a ranking of an invented attribute: when every card's crop and extension kind are
placeholders and the values line up with them, the answer measures the placeholders. Each game declares, per
card kind, the table and the columns that describe a card (`described_by` in its spec's `card_kinds`):

    {"table": "cards.csv", "key": "name", "keys": None, "columns": {"field": ("field",), ...}}

`key` is the table's column naming a card; `keys` (optional) the key value of each card, in the card kind's
`names` order, when the names are not the key itself; `columns` maps each describing column to the words a
row's `source` text uses for it ("barrow" for `barrow_vp`), read to find a sourced row that says one of its
values is ASSUMED.
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import polars as pl

from reports.analysis.stats import Z95
from sim.datafiles import DataSources, game_data_dir

LARGE_SHARE = 0.5  # from here on the console says the ranking reads as a ranking of that column
PROVENANCE_ORDER = ("sourced", "inferred", "ASSUMED")  # worst last: a column is as weak as its weakest row

COLUMNS = ["column", "provenance", "assumed_cards", "share", "groups", "value", "cards", "mean_given_win_delta",
           "mean_lo", "mean_hi"]  # fmt: skip


def card_rows(game: str, data_dir: str | None, described_by: dict, names: list[str],
              all_names: list[str] | None = None) -> pl.DataFrame:  # fmt: skip
    """The describing columns of each card (column `card` holds its name), read from the table the run used
    (the --data overlay if it has one), with `provenance` and `source`, in `names` order. Values are text:
    they are grouped, never added. all_names: every card of the kind (default: names)."""
    sources = DataSources(game_data_dir(game), Path(data_dir) if data_dir else None)
    path = sources.path_of(described_by["table"])
    table = pl.read_csv(path, comment_prefix="#", infer_schema=False, encoding="utf8-lossy", glob=False)
    # `keys` (when the table keys its rows otherwise than by name) follow every card of the kind, in the
    # kind's order (all_names); the cards asked may be a few of them
    keys = [described_by["keys"][(all_names or names).index(n)] for n in names] if "keys" in described_by else names
    wanted = pl.DataFrame({"card": names, described_by["key"]: [str(k) for k in keys]})
    source = pl.col("source") if "source" in table.columns else pl.lit("")
    picked = table.select(described_by["key"], *described_by["columns"], "provenance", source.alias("source"))
    return wanted.join(picked, on=described_by["key"], how="left", maintain_order="left").drop(described_by["key"])


def assumed_in(provenance: str, source: str | None, words: tuple[str, ...]) -> bool:
    """One row's value of a column is ASSUMED: the row says so, or its source text has a clause (between
    semicolons) that says ASSUMED and names the column, as in "category, PR, VP ASSUMED" of a row that is
    otherwise inferred."""
    if provenance == "ASSUMED":
        return True
    for clause in (source or "").split(";"):
        if "ASSUMED" in clause and any(re.search(rf"\b{re.escape(w)}\b", clause, re.IGNORECASE) for w in words):
            return True
    return False


def assumed_rows(rows: pl.DataFrame, words: tuple[str, ...]) -> list[bool]:
    """Per card: its value of the column the words name is ASSUMED."""
    return [assumed_in(p, s, words) for p, s in zip(rows["provenance"], rows["source"], strict=True)]


def provenance_of(rows: pl.DataFrame, assumed: list[bool]) -> tuple[str, int]:
    """("ASSUMED", how many) when a card's value is ASSUMED, else the weakest provenance of the rows."""
    if any(assumed):
        return "ASSUMED", sum(assumed)
    present = [p for p in PROVENANCE_ORDER if p in set(rows["provenance"].to_list())]
    return (present[-1] if present else "unknown"), 0


def explained_share(values: np.ndarray, groups: np.ndarray) -> float:
    """Omega squared of the one-way ANOVA of the cards' estimates on the grouping: the share of the spread
    between the cards' estimates that follows the column beyond what chance would put between its groups,
    (SSB - (k-1) MSW) / (SST + MSW), clipped at 0. The within-group mean square MSW holds both the cards' own
    sampling error and the spread the column does not explain, so the share is near 0 for a column unrelated to
    the values or for cards that differ only by noise, does not grow with the number of groups, and is near 1
    for a column that determines the values (less when sampling noise is a large part of the spread).

    Not the cards' standard errors (given_win_lo/hi): the cards' estimates share the baseline games and the
    seeds, so their errors are positively correlated and the per-card errors overstate the noise in the spread
    between cards (at 300 La Granja games a card they exceeded what two columns explained)."""
    d = np.asarray(values, float)
    labels, index, sizes = np.unique(groups, return_inverse=True, return_counts=True)
    n, k = len(d), len(labels)
    if k < 2 or k >= n:
        return float("nan")
    grand = d.mean()
    means = np.bincount(index, weights=d) / sizes
    sst = float(((d - grand) ** 2).sum())
    if sst <= 0:
        return float("nan")
    ssb = float((sizes * (means - grand) ** 2).sum())
    msw = (sst - ssb) / (n - k)
    return float(max(0.0, (ssb - (k - 1) * msw) / (sst + msw)))


def group_means(d: np.ndarray, se: np.ndarray, groups: np.ndarray) -> list[tuple]:
    """(value, cards, mean, lo, hi) per group, largest mean first. The interval is that of the mean value of
    the group's cards: from their spread within the group, but never narrower than their own sampling errors
    allow (a spread of two or three estimates can be small by luck)."""
    rows = []
    for value in np.unique(groups):
        mine = groups == value
        m = int(mine.sum())
        spread = d[mine].var(ddof=1) / m if m > 1 else 0.0
        half = Z95 * np.sqrt(max(spread, (se[mine] ** 2).sum() / m**2))
        rows.append((str(value), m, float(d[mine].mean()), float(d[mine].mean() - half), float(d[mine].mean() + half)))
    return sorted(rows, key=lambda r: -r[2])


def rests_on(value: pl.DataFrame, rows: pl.DataFrame, described_by: dict) -> pl.DataFrame:
    """Per describing column (one row per value of it): its provenance, the share of the cards' given-card
    win-rate spread it explains (explained_share) and the group means. Columns where all cards share one value,
    or every card has its own, explain nothing a grouping can show and are left out. Then the two columns that
    explain most, taken together ("a × b", one group per pair of values): two placeholder columns can share the
    spread between them, each below the warning, and together explain nearly all of it. Sorted by share."""
    joined = value.select("card", "given_win_delta", "given_win_lo", "given_win_hi").join(rows, on="card")
    joined = joined.filter(pl.col("given_win_delta").is_not_nan())
    d = joined["given_win_delta"].to_numpy()
    se = (joined["given_win_hi"].to_numpy() - joined["given_win_lo"].to_numpy()) / (2 * Z95)
    examined = {}  # column -> (share, each card's group, each card's value ASSUMED)
    for column, words in described_by["columns"].items():
        groups = joined[column].fill_null("(missing)").to_numpy().astype(str)
        if 1 < len(set(groups)) < len(groups):
            examined[column] = (explained_share(d, groups), groups, assumed_rows(joined, tuple(words)))
    leading = sorted((c for c in examined if examined[c][0] > 0), key=lambda c: -examined[c][0])[:2]
    if len(leading) == 2:
        (_, ga, aa), (_, gb, ab) = (examined[c] for c in leading)
        groups = np.char.add(np.char.add(ga, " × "), gb)
        if len(set(groups)) < len(groups):
            either = [x or y for x, y in zip(aa, ab, strict=True)]
            examined[" × ".join(leading)] = (explained_share(d, groups), groups, either)
    out = []
    for column, (share, groups, assumed) in examined.items():
        share = share if np.isfinite(share) else None  # no spread to explain
        provenance, n_assumed = provenance_of(joined, assumed)
        for g in group_means(d, se, groups):
            out.append((column, provenance, n_assumed, share, len(set(groups)), *g))
    table = pl.DataFrame(out, schema=COLUMNS, orient="row")
    return table.sort(["share", "column", "mean_given_win_delta"], descending=[True, False, True], nulls_last=True)


def skipped_columns(table: pl.DataFrame, described_by: dict) -> list[str]:
    """The describing columns rests_on left out (one value for all cards, or one per card)."""
    return [c for c in described_by["columns"] if c not in set(table["column"].to_list())]


def columns_by_share(table: pl.DataFrame) -> pl.DataFrame:
    """One row per column: column, provenance, assumed_cards, share, groups (largest share first)."""
    return table.unique("column", keep="first", maintain_order=True).select(COLUMNS[:5])


def headline(table: pl.DataFrame, cards: int) -> str | None:
    """One line for the terminal: a warning when an ASSUMED column explains LARGE_SHARE or more of the spread,
    else the columns and their shares; None when no column could be examined."""
    columns = columns_by_share(table)
    if columns.height == 0:
        return None
    top = columns.row(0, named=True)
    if top["provenance"] == "ASSUMED" and (top["share"] or 0) >= LARGE_SHARE:
        column = "those columns" if " × " in top["column"] else "that column"
        return (
            f"{top['share']:.0%} of the spread between the {cards} cards' values follows their ASSUMED "
            f"{column.split()[1]} `{top['column']}` (omega squared): read the ranking as a ranking of {column} "
            "(rests_on.csv)"
        )
    parts = [f"{r['column']} ({r['provenance']}) " + ("-" if r["share"] is None else f"{r['share']:.0%}")
             for r in columns.iter_rows(named=True)]  # fmt: skip
    return f"share of the cards' value spread each data column explains (omega squared): {', '.join(parts)}"


def note(table: pl.DataFrame, described_by: dict) -> str:
    """The rests-on table's note, for its CSV header and its section of the page."""
    skipped = skipped_columns(table, described_by)
    return (
        f"the cards grouped by each column of {described_by['table']} that describes them: share = the part of the "
        "spread between the cards' given win-rate changes that follows the column beyond chance (omega squared of "
        "a one-way ANOVA of the card estimates, 0..1), then the two leading columns together (a × b); provenance "
        "ASSUMED when any card's row is ASSUMED for the column; mean of the group's cards with a 95% interval"
        + (f"; left out (one value for all cards, or one per card): {', '.join(skipped)}" if skipped else "")
    )


def plot(table: pl.DataFrame, caption: str, path: Path) -> Path | None:
    """The group means of the column explaining the most, with their intervals; None without a column."""
    if table.height == 0:
        return None
    from reports.writers.plots import ranked_bars

    top = table.filter(pl.col("column") == table["column"][0])
    row = top.row(0, named=True)
    labels = [f"{v} ({n} cards)" for v, n in zip(top["value"], top["cards"], strict=True)]
    share = "-" if row["share"] is None else f"{row['share']:.0%}"
    title = f"Card values by `{row['column']}` ({row['provenance']}, explains {share} of their spread)"
    return ranked_bars(labels, top["mean_given_win_delta"].to_numpy(), top["mean_lo"].to_numpy(),
                       top["mean_hi"].to_numpy(), caption, path, title=title,
                       xlabel="mean change in the receiver's win rate of the group's cards (95% interval)")  # fmt: skip
