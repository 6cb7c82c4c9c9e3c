"""The one writer of an experiment's outputs (matrix, ladder, sweep, value, robustness, sensitivity): CSV tables,
PNG figures, one HTML page and experiment.json (sealed, with the sha256 of each table: sim/store.py), each
carrying the header facts (game, rules, data and its ASSUMED share, lineup, seed, n).

A question computes its answer and states what to show (a Shown per table: its note, its figure, its styling);
this module alone turns that into files, so the header, the figure captions and the page are alike for all."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from reports.writers import export
from sim.store import TABLES_SEAL, seal_tables, write_sealed


@dataclass
class Answer:
    """What a question returns to its command: the manifest, the tables, where they were written, and the
    question's own results the terminal shows (extra)."""

    manifest: dict
    tables: dict[str, pl.DataFrame]
    out: Path
    extra: dict = field(default_factory=dict)


@dataclass
class Figure:
    """A PNG to draw: its file name in the output directory, and draw(caption, path), given the header squeezed
    into one line (export.caption_line) to print under the figure."""

    file: str
    draw: Callable[[str, Path], object]


@dataclass
class Shown:
    """One table of an experiment: written as NAME.csv under the header and the note, and shown on report.html
    as a section with the note, the figure (if any) and the table, `percent` columns as percentages and the
    `shade` column as bars growing from `centre` (export.Table)."""

    table: pl.DataFrame
    note: str = ""
    figure: Figure | None = None
    percent: Sequence[str] = ()
    shade: str | None = None
    centre: float | None = None


def write_experiment(
    out_dir: Path, manifest: dict, title: str, shown: dict[str, Shown], side: Sequence[Figure] = ()
) -> dict[str, Path]:
    """Draw the figures (those of the tables, then the `side` ones no section shows), write the tables (CSV),
    the page and experiment.json into out_dir (already claimed by the caller); returns the paths by name."""
    out_dir = Path(out_dir)
    header = export.header_lines(manifest)
    caption = export.caption_line(manifest)
    paths = {}
    figures = {name: s.figure for name, s in shown.items() if s.figure is not None}
    for figure in [*figures.values(), *side]:
        figure.draw(caption, out_dir / figure.file)
        paths[figure.file] = out_dir / figure.file
    for name, s in shown.items():
        paths[f"{name}.csv"] = export.write_csv(s.table, out_dir / f"{name}.csv", [*header, s.note])
    sections = [
        export.Section(name.replace("_", " "), s.note, [out_dir / figures[name].file] if name in figures else [],
                       [export.Table(name.replace("_", " "), s.table, s.percent, s.shade, s.centre)])
        for name, s in shown.items()
    ]  # fmt: skip
    paths["report.html"] = export.write_html(out_dir / "report.html", title, header, sections)
    # compare reads these tables back only while their bytes and this document match what was written here
    tables_sha256 = seal_tables(out_dir, [f"{name}.csv" for name in shown])
    write_sealed(out_dir / "experiment.json", {**manifest, TABLES_SEAL: tables_sha256})
    paths["experiment.json"] = out_dir / "experiment.json"
    return paths
