"""Writing results: CSV tables and one self-contained HTML page, each atomically and each under a header
saying what the numbers are about (game, rules version, data set and its ASSUMED share, lineup, seeds, n).

A reader who finds one file alone must be able to tell which games it summarises, and whether the
component values behind it are real or placeholders.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from reports.analysis.strength import strength_text
from sim.output import atomic_write_bytes

ROTATION = "seat s of game i is played by lineup[(s + i) % players]"


def assumed_text(share: float | None) -> str:
    """What share of the component values are ASSUMED placeholders, in words."""
    if share is None:
        return "share of ASSUMED placeholder values unknown"
    if share <= 0:
        return "no ASSUMED placeholder values"
    return f"{share * 100:.4g}% of the component values are ASSUMED placeholders"


def lineup_text(lineup: Sequence[str] | None) -> str:
    """Lineup in the CLI's notation, runs compressed: ['greedy', 'greedy', 'random'] -> 'greedy*2,random'."""
    if not lineup:
        return "unknown"
    runs: list[list] = []
    for code in lineup:
        if runs and runs[-1][0] == code:
            runs[-1][1] += 1
        else:
            runs.append([code, 1])
    return ",".join(code if k == 1 else f"{code}*{k}" for code, k in runs)


def seeds_text(manifest: dict) -> str:
    seeds = manifest.get("seeds")
    if seeds is None:
        seeds = [manifest.get("seed", "unknown")]
    return ", ".join(str(s) for s in seeds)


def params_text(manifest: dict) -> str:
    changed = manifest.get("params_changed") or {}
    return ", ".join(f"{k}={v}" for k, v in changed.items()) if changed else "defaults"


def games_count(manifest: dict, n: int | None) -> int | str:
    if n is not None:
        return n
    return manifest.get("games_done", manifest.get("n", "unknown"))


def short_assumed_text(share: float | None) -> str:
    return "share ASSUMED unknown" if share is None else f"{share * 100:.4g}% ASSUMED placeholders"


def data_text(manifest: dict, describe=assumed_text) -> str:
    """The data set and its ASSUMED share; an answer across several sets names each set's own share (the sets
    differ, so one share would misstate all but one)."""
    shares = manifest.get("data_assumed_shares")
    if shares:
        return ", ".join(f"{name} ({describe(share)})" for name, share in shares.items())
    return f"{manifest.get('data_set', 'unknown')} ({describe(manifest.get('data_assumed_share'))})"


def checked_text(manifest: dict) -> str:
    """Which variations (data set x lineup) the answer was checked under, or that it was not."""
    checked = manifest.get("checked_under")
    if not checked:
        return "not checked under other data sets or players (playout robustness, playout sensitivity)"
    return f"checked under {len(checked)} variations: " + "; ".join(checked)


def header_lines(manifest: dict, n: int | None = None) -> list[str]:
    """The header of every output, one fact per line. n: games in the table (default: the manifest's)."""
    lines = [
        f"game: {manifest.get('game', 'unknown')}",
        f"rules version: {manifest.get('rules_version', 'unknown')}",
        f"data set: {data_text(manifest)}",
        f"lineup: {lineup_text(manifest.get('lineup'))} ({ROTATION})",
        f"players' strength: {strength_text(manifest)}",
        f"seed: {seeds_text(manifest)}",
        f"n: {games_count(manifest, n)} games",
        f"params: {params_text(manifest)}",
        f"tool: playout {manifest.get('tool_version', 'unknown')}",
        f"robustness: {checked_text(manifest)}",
    ]
    status = manifest.get("status")
    if status not in (None, "complete"):
        lines.append(f"status: {status} (the run did not finish)")
    return lines


def caption_line(manifest: dict, n: int | None = None) -> str:
    """The header squeezed into one line, for figure captions."""
    return (
        f"{manifest.get('game', 'unknown')} rules {manifest.get('rules_version', 'unknown')} | "
        f"data {data_text(manifest, short_assumed_text)} | "
        f"lineup {lineup_text(manifest.get('lineup'))} | "
        f"seed {seeds_text(manifest)} | n={games_count(manifest, n)} | params {params_text(manifest)}"
    )


# ---------------------------------------------------------------- CSV


def csv_text(table: pl.DataFrame, header: Sequence[str]) -> str:
    """The table as CSV after '# ' comment lines (read back with comment_prefix='#' / comment='#')."""
    comments = "".join(f"# {line}\n" for line in header)
    return comments + table.write_csv(float_precision=None)


def write_csv(table: pl.DataFrame, path: Path, header: Sequence[str]) -> Path:
    path = Path(path)
    atomic_write_bytes(path, csv_text(table, header).encode())
    return path


# ---------------------------------------------------------------- HTML


@dataclass
class Table:
    """A table of the page: its caption and rows, the columns shown as percentages, and one column shaded
    with in-cell bars (growing from `centre`, e.g. the fair win rate, when given)."""

    caption: str
    frame: pl.DataFrame
    percent: Sequence[str] = ()
    shade: str | None = None
    centre: float | None = None


@dataclass
class Section:
    """One part of the page: a heading, a note, figures (PNG paths) and tables (Table, or (caption, frame))."""

    heading: str
    note: str = ""
    images: list[Path] = field(default_factory=list)
    tables: list[Table | tuple[str, pl.DataFrame]] = field(default_factory=list)


STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 70em; color: #222; }
.header { border: 1px solid #bbb; background: #f6f6f6; padding: 0.6em 1em; }
.header li { list-style: none; }
.assumed { color: #a40000; font-weight: bold; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; font-size: 0.85em; }
th, td { border: 1px solid #ccc; padding: 0.2em 0.5em; text-align: right; }
th { background: #eee; }
img { max-width: 100%; display: block; margin: 0.5em 0; }
.note { font-style: italic; }
"""


def table_html(table: Table, uuid: str) -> str:
    """The table rendered by pandas' Styler: floats to 4 significant digits (percent columns as %), NaN
    empty, text left-aligned and escaped, the shaded column as bars; `uuid` keeps the page reproducible."""
    frame = table.frame.to_pandas()
    floats = [c for c in frame.columns if frame[c].dtype.kind == "f"]
    formats = {c: ("{:.1%}" if c in table.percent else "{:.4g}") for c in floats}
    text = [c for c in frame.columns if frame[c].dtype.kind not in "fiub"]
    styler = (
        frame.style.set_uuid(uuid)
        .hide(axis="index")
        .set_caption(html.escape(table.caption))
        .format(formats, na_rep="", escape="html")
        .format_index(escape="html", axis=1)
        .set_properties(subset=text, **{"text-align": "left"})
    )
    if table.shade in floats and frame[table.shade].notna().any():
        lo, hi = frame[table.shade].min(), frame[table.shade].max()
        centre = "mid" if table.centre is None else table.centre
        if table.centre is not None:  # the bars grow from the centre, so it must lie within the scale
            lo, hi = min(lo, table.centre), max(hi, table.centre)
        if hi > lo:  # a column of one value has no scale to draw (pandas would divide by zero)
            styler = styler.bar(subset=[table.shade], align=centre, color=["#d6604d", "#4393c3"], vmin=lo, vmax=hi)
    return styler.to_html()


def image_html(path: Path) -> str:
    """The PNG embedded as a base64 data URI, so the page needs no other file."""
    data = base64.b64encode(Path(path).read_bytes()).decode("ascii")
    return f'<img alt="{html.escape(Path(path).stem)}" src="data:image/png;base64,{data}">'


def header_html(header: Sequence[str]) -> str:
    items = []
    for line in header:
        cls = ' class="assumed"' if "ASSUMED placeholders" in line else ""
        items.append(f"<li{cls}>{html.escape(line)}</li>")
    return f'<ul class="header">{"".join(items)}</ul>'


def section_html(section: Section, number: int) -> str:
    parts = [f"<h2>{html.escape(section.heading)}</h2>"]
    if section.note:
        parts.append(f'<p class="note">{html.escape(section.note)}</p>')
    parts += [image_html(p) for p in section.images]
    tables = [t if isinstance(t, Table) else Table(*t) for t in section.tables]
    parts += [table_html(t, f"s{number}t{k}") for k, t in enumerate(tables)]
    return "\n".join(parts)


def page_html(title: str, header: Sequence[str], sections: Sequence[Section]) -> str:
    """The whole page: inline style, header block, sections; no external asset of any kind."""
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en"><head><meta charset="utf-8">',
            f"<title>{html.escape(title)}</title>",
            f"<style>{STYLE}</style></head>",
            f"<body><h1>{html.escape(title)}</h1>",
            header_html(header),
            *[section_html(s, k) for k, s in enumerate(sections)],
            "</body></html>",
            "",
        ]
    )


def write_html(path: Path, title: str, header: Sequence[str], sections: Sequence[Section]) -> Path:
    path = Path(path)
    atomic_write_bytes(path, page_html(title, header, sections).encode())
    return path
