"""`playout report DIR`: the balance report of a finished run, from games.parquet and manifest.json only
(never re-simulating). Writes CSV tables, PNG figures and one self-contained report.html."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import polars as pl

from reports.analysis import balance
from reports.writers import export, plots
from sim.errors import InputError
from sim.output import OutputDir
from sim.results import GAMES_FILE, read_manifest, verify_games

REPORT_DIR = "report"
REQUIRED = ("players", "winner", "end_trigger", "strategy_0", "score_0", "rank_0")
CARD_FEATURE = "techs"  # per-seat bitmask of owned cards, when the game reports one


def open_games(run_dir: Path) -> pl.LazyFrame:
    """games.parquet as a lazy scan (only the columns a table needs are read), checked for the columns the
    report relies on; InputError naming the file when it is missing, unreadable, malformed or empty."""
    path = run_dir / GAMES_FILE
    if not path.is_file():
        raise InputError(f"no {GAMES_FILE} in {run_dir} (is the run finished? `playout run --resume` completes it)")
    try:
        games = pl.scan_parquet(path, glob=False)
        columns = games.collect_schema().names()
        rows = games.select(pl.len()).collect().item()
    except Exception as e:  # polars raises several error types for torn or foreign files
        raise InputError(f"{path}: not a readable parquet table ({str(e).splitlines()[0]})") from None
    missing = [c for c in REQUIRED if c not in columns]
    if missing:
        raise InputError(f"{path}: not a playout games table (missing column {missing[0]!r})")
    if rows == 0:
        raise InputError(f"{path}: holds no games")
    return games


def compute_tables(games: pl.LazyFrame, card_names: Sequence[str] | None) -> dict[str, pl.DataFrame]:
    """The report's tables, by CSV name (without .csv)."""
    tables = {
        "seat_fairness": balance.seat_fairness(games),
        "scores": balance.scores(games),
        "vp_by_source": balance.vp_by_source(games),
        "game_length": balance.game_length(games),
        "end_triggers": balance.end_triggers(games),
    }
    if f"{CARD_FEATURE}_0" in balance.columns_of(games):
        names = list(card_names) if card_names else None
        tables["card_owners"] = balance.card_owners(games, CARD_FEATURE, names)
    return tables


NOTES = {
    "seat_fairness": "Win rate per seat; fair = 1/players. p_value: exact binomial test against fair; "
    "p_holm: Holm-adjusted over the seats.",
    "scores": "Per strategy and per seat, over seat-games (a strategy in two seats counts twice per game).",
    "vp_by_source": "Mean VP per seat-game from each source; share of the summed source means.",
    "game_length": "Distribution of game length (rounds, decisions, engine steps).",
    "end_triggers": "Which end condition ended each game.",
    "card_owners": "Win rate of seats owning each card at the end vs seats not owning it: "
    "correlation, not causation (stronger play buys more cards).",
}


def draw_figures(games: pl.LazyFrame, tables: dict[str, pl.DataFrame], caption: str, out: Path) -> dict[str, Path]:
    """The report's figures, by table name."""
    figs = {
        "seat_fairness": plots.seat_win_rates(tables["seat_fairness"], caption, out / "seat_fairness.png"),
        "scores": plots.score_distributions(
            {
                "by strategy": balance.score_counts(games, "strategy"),
                "by seat": balance.score_counts(games, "seat"),
            },
            caption,
            out / "scores.png",
        ),
        "game_length": plots.histograms(
            {m: balance.value_counts(games, m) for m in ("rounds", "decisions") if m in balance.columns_of(games)},
            caption,
            out / "game_length.png",
            "Game length",
        ),
        "end_triggers": plots.end_triggers(tables["end_triggers"], caption, out / "end_triggers.png"),
    }
    if tables["vp_by_source"].height:
        figs["vp_by_source"] = plots.vp_by_source(tables["vp_by_source"], caption, out / "vp_by_source.png")
    if "card_owners" in tables:
        cards = tables["card_owners"]
        figs["card_owners"] = plots.ranked_bars(
            cards["name"].to_list(),
            cards["difference"].to_list(),
            cards["diff_lo"].to_list(),
            cards["diff_hi"].to_list(),
            caption,
            out / "card_owners.png",
            xlabel="win rate of owners minus non-owners (95% interval)",
            title="Card owners vs non-owners: correlation, not causation",
        )
    return figs


# How each table shows on the page: (columns as percentages, the column shaded with bars, its centre).
CARD_RATES = ("owner_rate", "owner_lo", "owner_hi", "non_owner_rate", "non_owner_lo", "non_owner_hi", "difference",
              "diff_lo", "diff_hi")  # fmt: skip
TABLE_STYLES = {
    "seat_fairness": (("win_rate", "lo", "hi", "fair"), "win_rate", None),
    "scores": (("win_rate", "win_lo", "win_hi"), "win_rate", None),
    "end_triggers": (("share", "lo", "hi"), "share", None),
    "card_owners": (CARD_RATES, "difference", 0.0),
}

SECTIONS = (
    ("seat_fairness", "Seat fairness"),
    ("scores", "Scores and win rates"),
    ("vp_by_source", "VP by source"),
    ("game_length", "Game length"),
    ("end_triggers", "End triggers"),
    ("card_owners", "Card owners vs non-owners (correlation, not causation)"),
)


def html_sections(tables: dict[str, pl.DataFrame], figs: dict[str, Path]) -> list[export.Section]:
    sections = []
    for name, heading in SECTIONS:
        if name not in tables:
            continue
        table = tables[name]
        if name == "vp_by_source" and table.height:  # sources down, strategies/seats across reads better
            table = table.with_columns((pl.col("by") + " " + pl.col("key")).alias("group")).pivot(
                "group", index="source", values="mean"
            )
        images = [figs[name]] if name in figs else []
        percent, shade, centre = TABLE_STYLES.get(name, ((), None, None))
        if name == "seat_fairness" and table["fair"].n_unique() == 1:
            centre = table["fair"][0]
        style = export.Table(f"{name}.csv", table, percent, shade, centre)
        sections.append(export.Section(heading, NOTES[name], images, [style]))
    return sections


def build_report(
    run_dir: Path, out_dir: Path | str | None = None, *, card_names: Sequence[str] | None = None
) -> dict[str, Path]:
    """Write the balance report of the run in run_dir to out_dir (default run_dir/report): CSV tables,
    PNG figures and report.html. Returns {file name: path}. card_names: display names of the card ids of
    the techs bitmask (default "techs <id>").

    The table is checked against its manifest first (the run finished, the same game, seed and n, and the
    rows hash to the recorded fingerprint): a report of a damaged or mismatched run would be silently
    wrong. Raises InputError (one line, naming the file) on bad input."""
    run_dir = Path(run_dir)
    if not run_dir.is_dir():
        raise InputError(f"{run_dir}: no such run directory")
    manifest = read_manifest(run_dir)
    games = open_games(run_dir)
    verify_games(run_dir, manifest)
    with OutputDir(out_dir if out_dir is not None else run_dir / REPORT_DIR) as claimed:
        return write_report(games, manifest, claimed.path, card_names)


def write_report(games: pl.LazyFrame, manifest: dict, out: Path, card_names: Sequence[str] | None) -> dict[str, Path]:
    n = balance.n_games(games)
    header = export.header_lines(manifest, n)
    caption = export.caption_line(manifest, n)
    tables = compute_tables(games, card_names)
    paths = {
        f"{name}.csv": export.write_csv(table, out / f"{name}.csv", [*header, NOTES[name]])
        for name, table in tables.items()
    }
    figs = draw_figures(games, tables, caption, out)
    paths.update({p.name: p for p in figs.values()})
    title = f"playout balance report: {manifest.get('game', 'unknown game')}"
    paths["report.html"] = export.write_html(out / "report.html", title, header, html_sections(tables, figs))
    return paths
