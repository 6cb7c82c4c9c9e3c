"""Writing an experiment's outputs (matrix, sweep, value): CSV tables, PNG figures, one HTML page and
experiment.json (sealed, with the sha256 of each table: sim/store.py), each carrying the header facts (game, rules,
data and its ASSUMED share, lineup, seed, n)."""

from __future__ import annotations

from pathlib import Path

import polars as pl

from reports import export
from sim.store import TABLES_SEAL, seal_tables, write_sealed


def write_experiment(
    out_dir: Path,
    manifest: dict,
    title: str,
    tables: dict[str, pl.DataFrame],
    figures: dict[str, Path],
    notes: dict,
    styles: dict[str, tuple] | None = None,
) -> dict[str, Path]:
    """Write the tables (CSV), the page and experiment.json into out_dir (already claimed by the caller).
    styles: per table, (columns shown as percentages, the column shaded with bars, its centre)."""
    out_dir = Path(out_dir)
    header = export.header_lines(manifest)
    paths = {}
    for name, table in tables.items():
        paths[f"{name}.csv"] = export.write_csv(table, out_dir / f"{name}.csv", [*header, notes.get(name, "")])
    sections = [
        export.Section(name.replace("_", " "), notes.get(name, ""), [figures[name]] if name in figures else [],
                       [export.Table(name.replace("_", " "), table, *(styles or {}).get(name, ()))])
        for name, table in tables.items()
    ]  # fmt: skip
    paths.update({p.name: p for p in figures.values()})
    paths["report.html"] = export.write_html(out_dir / "report.html", title, header, sections)
    # compare reads these tables back only while their bytes and this document match what was written here
    tables_sha256 = seal_tables(out_dir, [f"{name}.csv" for name in tables])
    write_sealed(out_dir / "experiment.json", {**manifest, TABLES_SEAL: tables_sha256})
    paths["experiment.json"] = out_dir / "experiment.json"
    return paths
