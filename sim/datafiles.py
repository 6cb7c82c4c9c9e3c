"""Component data files: CSV tables with a provenance column, validated with errors a user can act on.

Every table a game ships lives in `sim/games/<game>/data/*.csv`. Each row says where its numbers come
from in a `provenance` column: `sourced` (a cited public source states it), `inferred` (reasoned from
sourced facts) or `ASSUMED` (a placeholder so the game can run). `--data DIR` overlays a user's corrected
files on the built-in ones, file by file; every problem is reported as `file, row N: what is wrong`.
A game may also ship named alternative data sets, overlays in `sim/games/<game>/data_sets/<name>/`, chosen
with `--data NAME` and listed by `playout data GAME`.
"""

from __future__ import annotations

import codecs
import csv
import difflib
import hashlib
import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from sim.errors import DataError, did_you_mean

PROVENANCE = ("sourced", "inferred", "ASSUMED")
# Columns for people, not the game: where a row's numbers come from and remarks. Any table may have them;
# a table may name more of its own (`read_table(..., notes=...)`, e.g. a card's name in another language).
NOTE_COLUMNS = ("source", "note", "notes", "comment", "comments")
SETS_DIR = "data_sets"  # beside a game's data/: one directory per named alternative data set


class BuiltinNames(Sequence):
    """Names a game takes from its builtin data (a card kind's cards), read when first asked: importing a game
    reads no file, so a command that never asks for them never opens the data."""

    def __init__(self, read: Callable[[], list[str]]):
        self._read = read
        self._names: list[str] | None = None

    def _all(self) -> list[str]:
        if self._names is None:
            self._names = list(self._read())
        return self._names

    def __getitem__(self, i):
        return self._all()[i]

    def __len__(self) -> int:
        return len(self._all())

    def __repr__(self) -> str:
        return repr(self._all())


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
    """Which directory each file was read from, and how many numbers of each provenance were read.

    `custom` is a directory of corrected files, or the name of one of the game's named data sets
    (`data_sets/<name>/` beside `builtin`); either overlays the builtin files, file by file."""

    builtin: Path
    custom: Path | None = None
    used_custom: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(PROVENANCE, 0))
    set_name: str | None = None

    def __post_init__(self):
        if self.custom is not None and self.set_name is None:
            found = named_sets(self.builtin).get(str(self.custom))
            if found is not None:
                self.set_name, self.custom = found.name, found.path
        if self.custom is not None:
            self.check_custom_names()

    def check_custom_names(self) -> None:
        """Refuse a table in the --data directory that the game does not read (a misspelled name would
        otherwise be ignored without a word, and the built-in table used in its place)."""
        known = sorted(p.name for p in self.builtin.glob("*.csv"))
        for p in sorted(self.custom.iterdir()) if self.custom.is_dir() else []:
            if p.suffix.lower() == ".csv" and p.name not in known:
                raise DataError(
                    f"{p}: the game reads no table of that name{did_you_mean(p.name, known)}; "
                    f"its tables are {', '.join(known)}"
                )

    def path_of(self, filename: str) -> Path:
        if self.custom is not None and (self.custom / filename).is_file():
            if filename not in self.used_custom:
                self.used_custom.append(filename)
            return self.custom / filename
        return self.builtin / filename

    @property
    def name(self) -> str:
        if self.set_name is not None:
            return self.set_name
        if not self.used_custom:
            return "builtin"
        return f"{self.custom} ({', '.join(sorted(self.used_custom))}) over builtin"

    @property
    def assumed_share(self) -> float:
        total = sum(self.counts.values())
        return self.counts["ASSUMED"] / total if total else 0.0


def read_table(
    sources: DataSources,
    filename: str,
    columns: list[Column],
    min_rows: int = 1,
    max_rows: int = 10_000,
    notes: tuple[str, ...] = (),
) -> list[Row]:
    """The rows of one table, every cell checked. The header must hold each column the game reads, and
    provenance; any other column must be a note (NOTE_COLUMNS, or one of this table's `notes`), so that a
    misspelt column a user added to correct a value is refused instead of silently left unread."""
    path = sources.path_of(filename)
    if not path.is_file():
        raise DataError(f"{path}: file not found")
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise DataError(f"{path}: cannot be read ({e.strerror or e})") from None
    bom = codecs.BOM_UTF8 if raw.startswith(codecs.BOM_UTF8) else b""  # what spreadsheet programs write
    try:
        text = raw[len(bom) :].decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw[len(bom) : len(bom) + e.start].count(b"\n") + 1
        raise DataError(
            f"{path}, line {line}: not UTF-8 text (byte 0x{raw[len(bom) + e.start]:02x}); save it as UTF-8 "
            "(in a spreadsheet program: CSV UTF-8)"
        ) from None
    lines = [line for line in io.StringIO(text, newline="") if line.strip() and not line.lstrip().startswith("#")]
    reader = csv.DictReader(lines)
    header = reader.fieldnames or []
    twice = [name for i, name in enumerate(header) if name in header[:i]]
    if twice:  # a reader would silently keep the last copy: which of the two the user meant is unknown
        raise DataError(f"{path}: column {twice[0]} appears twice in the header; keep one")
    expected = [c.name for c in columns] + ["provenance"]
    missing = [c for c in expected if c not in header]
    if missing:
        raise DataError(f"{path}: header lacks column(s) {', '.join(missing)} (has: {', '.join(header)})")
    _refuse_unread(path, header, expected, NOTE_COLUMNS + notes)
    rows: list[Row] = []
    for n, raw in enumerate(reader, start=1):
        where = f"{path}, row {n}"
        if None in raw:
            raise DataError(f"{where}: more cells than the header has columns")
        if (raw.get("") or "").strip():  # a header ending in a comma: harmless while the column is empty
            raise DataError(f"{where}: a value {raw[''].strip()!r} under a column without a name; name it or empty it")
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


def _refuse_unread(path: Path, header: list[str], read: list[str], notes: tuple[str, ...]) -> None:
    """Refuse the columns of `header` the game neither reads nor keeps as notes, each with its closest
    read column (case aside), in one line."""
    unread = [h for h in header if h and h not in read and h not in notes]
    if not unread:
        return
    by_lower = {name.lower(): name for name in read}
    named = []
    for h in unread:
        close = difflib.get_close_matches(h.lower(), list(by_lower), n=1, cutoff=0.6)
        named.append(f"{h!r}" + (f" (did you mean {by_lower[close[0]]!r}?)" if close else ""))
    raise DataError(
        f"{path}: the game reads no column {', '.join(named)}; it reads {', '.join(read)}, "
        f"and keeps {', '.join(notes)} as notes"
    )


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


# ---------------------------------------------------------------- named data sets


@dataclass(frozen=True)
class NamedSet:
    """An alternative data set a game ships: `sim/games/<game>/data_sets/<name>/` holds the tables (CSV files)
    that differ from the builtin ones, and a README.md whose first paragraph after the title describes it."""

    name: str
    path: Path
    description: str

    def tables(self) -> list[str]:
        return sorted(p.name for p in self.path.glob("*.csv"))


def named_sets(builtin: Path) -> dict[str, NamedSet]:
    """The named data sets beside a game's builtin data directory, by name."""
    root = builtin.parent / SETS_DIR
    if not root.is_dir():
        return {}
    return {d.name: NamedSet(d.name, d, _description(d)) for d in sorted(root.iterdir()) if d.is_dir()}


def _description(path: Path) -> str:
    readme = path / "README.md"
    if not readme.is_file():
        return ""
    paragraphs = readme.read_text(encoding="utf-8").split("\n\n")
    text = [p for p in paragraphs if p.strip() and not p.lstrip().startswith("#")]
    return " ".join(text[0].split()) if text else ""


def game_data_dir(game: str) -> Path:
    """A game's builtin data directory (sim/games/<game>/data)."""
    return Path(__file__).parent / "games" / game / "data"


def resolve_data(game: str, data: str | None) -> str | None:
    """What `--data` names: None (builtin), a named set of the game (kept as its name, so a recipe replays
    on any machine), or a directory (made absolute). A bare word that names a set is the set; write ./NAME
    for a directory of that name. Raises DataError for anything else."""
    if data is None or data == "builtin":
        return None
    if not data.strip():  # not "here": an empty option is a slip, and the current directory would be read
        raise DataError("--data is empty: name a data set of `playout data GAME` or a directory")
    sets = named_sets(game_data_dir(game))
    if data in sets:
        return data
    path = Path(data)
    if path.is_dir():
        return str(path.resolve())
    raise DataError(f"--data {data}: not a directory, nor a data set of {game}{did_you_mean(data, ['builtin', *sets])}")
