"""Perturbed copies of one ASSUMED data table, for sensitivity: which invented table moves an answer most?

A variant changes one table file only, and in it only the whole numbers of the rows marked ASSUMED (the
first column is the row's key and is never changed; text columns are kept). Each number v moves by a
uniform fraction of max(|v|, 1) within +-spread, rounded stochastically so that small numbers move too
and the change is zero on average (with spread 0.5, a 1 becomes 0 or 2 one time in eight each), and never
changes sign. The variant must still load: the game's own checks (ranges, cross-table constraints) decide. A
column whose change the checks refuse five times is kept as printed in that variant and named, so a
variant never silently perturbs less than it says.

The draws come from sim.rng (seeded by the variant's seed and number), so a variant is the same file on
every machine.
"""

from __future__ import annotations

import csv
import io
import math
from dataclasses import dataclass
from pathlib import Path

from sim.errors import DataError
from sim.output import atomic_write_bytes
from sim.rng import new_streams, uniform

ATTEMPTS = 5  # draws per column before it is kept as printed


@dataclass(frozen=True)
class Table:
    """A data file as text: comment lines, header, rows (cells as text)."""

    name: str
    comments: list[str]
    header: list[str]
    rows: list[list[str]]

    def assumed_rows(self) -> list[int]:
        p = self.header.index("provenance") if "provenance" in self.header else None
        return [i for i, r in enumerate(self.rows) if p is not None and r[p].strip() == "ASSUMED"]

    def number_columns(self) -> list[int]:
        """Columns (not the key) whose cells are whole numbers in every ASSUMED row."""
        rows = self.assumed_rows()
        skip = {0} | {self.header.index(c) for c in ("provenance", "source") if c in self.header}
        whole = [c for c in range(len(self.header)) if all(_is_int(self.rows[r][c]) for r in rows)]
        return [c for c in whole if c not in skip] if rows else []

    def text(self) -> str:
        buffer = io.StringIO()
        buffer.write("".join(self.comments))
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(self.header)
        writer.writerows(self.rows)
        return buffer.getvalue()


def _is_int(text: str) -> bool:
    try:
        int(text.strip())
        return True
    except ValueError:
        return False


def read(path: Path) -> Table:
    text = path.read_text(encoding="utf-8-sig")
    lines = text.splitlines(keepends=True)
    comments = [line for line in lines if line.lstrip().startswith("#")]
    body = [line for line in lines if line.strip() and not line.lstrip().startswith("#")]
    rows = list(csv.reader(body))
    return Table(path.name, comments, rows[0], rows[1:])


def set_files(game: str, data: str | None) -> dict[str, Path]:
    """The file each table of a data set is read from: the builtin file, or the set's own where it has one
    (data: None for builtin, a named set of the game, or a directory, as sim.datafiles.resolve_data gives)."""
    from sim.datafiles import game_data_dir, named_sets

    builtin = game_data_dir(game)
    files = {p.name: p for p in sorted(builtin.glob("*.csv"))}
    if data is not None:
        sets = named_sets(builtin)
        over = sets[data].path if data in sets else Path(data)
        files.update({p.name: p for p in sorted(over.glob("*.csv")) if p.name in files})
    return files


def assumed_tables(files: dict[str, Path]) -> dict[str, Table]:
    """The tables (of set_files) that have ASSUMED rows with numbers to vary, by file name."""
    tables = {name: read(path) for name, path in files.items()}
    return {name: t for name, t in tables.items() if t.number_columns()}


def moved(value: int, spread: float, rng) -> int:
    scale = max(abs(value), 1)
    x = value + (2 * uniform(rng, 0) - 1) * spread * scale
    new = math.floor(x + uniform(rng, 0))
    return max(new, 0) if value >= 0 else min(new, 0)


@dataclass(frozen=True)
class Variant:
    table: str
    number: int
    directory: Path
    changed_cells: int
    kept_columns: tuple[str, ...]  # columns the game's checks refused to vary in this variant


def make_variant(
    table: Table, number: int, spread: float, seed: int, out_dir: Path, load, files: dict[str, Path] | None = None
) -> Variant:
    """Write variant `number` of `table` into out_dir, beside copies of `files` (the data set's other tables,
    so the directory overlays the builtin data as that set does); every accepted column change was checked
    by `load(out_dir)`."""
    rng = new_streams(seed, number * 1000 + sum(map(ord, table.name)))
    out_dir.mkdir(parents=True, exist_ok=True)
    for name, path in (files or {}).items():
        if name != table.name:
            atomic_write_bytes(out_dir / name, path.read_bytes())
    rows = [list(r) for r in table.rows]
    kept, changed = [], 0
    for c in table.number_columns():
        for _ in range(ATTEMPTS):
            trial = [list(r) for r in rows]
            for r in table.assumed_rows():
                trial[r][c] = str(moved(int(trial[r][c]), spread, rng))
            if _loads(Table(table.name, table.comments, table.header, trial), out_dir, load):
                changed += sum(trial[r][c] != rows[r][c] for r in table.assumed_rows())
                rows = trial
                break
        else:
            kept.append(table.header[c])
    final = Table(table.name, table.comments, table.header, rows)
    atomic_write_bytes(out_dir / table.name, final.text().encode())
    return Variant(table.name, number, out_dir, changed, tuple(kept))


def _loads(table: Table, out_dir: Path, load) -> bool:
    atomic_write_bytes(out_dir / table.name, table.text().encode())
    try:
        load(str(out_dir))
    except DataError:
        return False
    return True
