"""Component data files: CSV tables with a provenance column, validated with errors a user can act on.

Every table a game ships lives in `sim/games/<game>/data/*.csv`. Each row says where its numbers come
from in a `provenance` column: `sourced` (a cited public source states it), `inferred` (reasoned from
sourced facts) or `ASSUMED` (a placeholder so the game can run). `--data DIR` overlays a user's corrected
files on the built-in ones, file by file; every problem is reported as `file, row N: what is wrong`.
"""

from __future__ import annotations

import csv
import hashlib
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from sim.errors import DataError

PROVENANCE = ("sourced", "inferred", "ASSUMED")


@dataclass(frozen=True)
class Column:
    name: str
    kind: str = "int"  # int | str | choice
    lo: int = 0
    hi: int = 1000
    choices: tuple[str, ...] = ()
    optional: bool = False  # an empty cell reads as 0 (int) or "" (str)


@dataclass
class Row:
    where: str  # "file.csv, row 3" for error messages
    values: dict[str, int | str]
    provenance: str

    def __getitem__(self, key: str):
        return self.values[key]

    def fail(self, problem: str) -> DataError:
        return DataError(f"{self.where}: {problem}")


@dataclass
class DataSources:
    """Which directory each file was read from, and how many numbers of each provenance were read."""

    builtin: Path
    custom: Path | None = None
    used_custom: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(PROVENANCE, 0))

    def path_of(self, filename: str) -> Path:
        if self.custom is not None and (self.custom / filename).is_file():
            if filename not in self.used_custom:
                self.used_custom.append(filename)
            return self.custom / filename
        return self.builtin / filename

    @property
    def name(self) -> str:
        if not self.used_custom:
            return "builtin"
        return f"{self.custom} ({', '.join(sorted(self.used_custom))}) over builtin"

    @property
    def assumed_share(self) -> float:
        total = sum(self.counts.values())
        return self.counts["ASSUMED"] / total if total else 0.0


def read_table(
    sources: DataSources, filename: str, columns: list[Column], min_rows: int = 1, max_rows: int = 10_000
) -> list[Row]:
    path = sources.path_of(filename)
    if not path.is_file():
        raise DataError(f"{path}: file not found")
    try:
        with path.open(newline="", encoding="utf-8") as f:
            lines = [line for line in f if line.strip() and not line.lstrip().startswith("#")]
    except (OSError, UnicodeDecodeError) as e:
        raise DataError(f"{path}: cannot be read ({e})") from None
    reader = csv.DictReader(lines)
    header = reader.fieldnames or []
    expected = [c.name for c in columns] + ["provenance"]
    missing = [c for c in expected if c not in header]
    if missing:
        raise DataError(f"{path}: header lacks column(s) {', '.join(missing)} (has: {', '.join(header)})")
    rows: list[Row] = []
    for n, raw in enumerate(reader, start=1):
        where = f"{path}, row {n}"
        if None in raw:
            raise DataError(f"{where}: more cells than the header has columns")
        values = {c.name: _cell(where, c, raw.get(c.name)) for c in columns}
        prov = (raw.get("provenance") or "").strip()
        if prov not in PROVENANCE:
            raise DataError(f"{where}: column provenance: {prov!r} is not one of {', '.join(PROVENANCE)}")
        sources.counts[prov] += sum(1 for c in columns if c.kind == "int")
        rows.append(Row(where, values, prov))
    if not min_rows <= len(rows) <= max_rows:
        want = f"exactly {min_rows}" if min_rows == max_rows else f"between {min_rows} and {max_rows}"
        raise DataError(f"{path}: has {len(rows)} rows, needs {want}")
    return rows


def _cell(where: str, col: Column, text: str | None) -> int | str:
    text = (text or "").strip()
    if text == "":
        if col.optional:
            return 0 if col.kind == "int" else ""
        raise DataError(f"{where}: column {col.name} is empty")
    if col.kind == "int":
        try:
            value = int(text)
        except ValueError:
            raise DataError(f"{where}: column {col.name}: {text!r} is not a whole number") from None
        if not col.lo <= value <= col.hi:
            raise DataError(f"{where}: column {col.name}: {value} is outside {col.lo}..{col.hi}")
        return value
    if col.kind == "choice" and text not in col.choices:
        raise DataError(f"{where}: column {col.name}: {text!r} is not one of {', '.join(col.choices)}")
    return text


def unique(rows: list[Row], key: str) -> None:
    seen: dict[int | str, str] = {}
    for r in rows:
        if r[key] in seen:
            raise r.fail(f"column {key}: {r[key]!r} already used at {seen[r[key]]}")
        seen[r[key]] = r.where


def fingerprint(*arrays: np.ndarray) -> str:
    h = hashlib.sha256()
    for a in arrays:
        h.update(np.ascontiguousarray(a).tobytes())
    return h.hexdigest()[:16]
