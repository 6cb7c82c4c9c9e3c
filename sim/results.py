"""Result rows: kernel output -> polars frame -> parquet parts -> one games.parquet, and the manifest.

A run directory holds, when finished:

    games.parquet   one row per game (schema in README.md), row groups of ROW_GROUP rows; its key-value
                    metadata `playout` names the game, seed, n and the table fingerprint
    manifest.json   what was run (recipe), with what (tool, code, rules, data), how fast, and the table
                    fingerprint

While running, finished chunks sit in parts/: part-NNNNNN.parquet, written atomically and durably, and
beside it part-NNNNNN.json, written after it, recording the chunk's game-index range, the run it belongs
to and the sha256 of the part's bytes. A part is trusted only when all of these agree with the run and
its rows hold exactly the games of its range: a torn, damaged, swapped or foreign part is named and never
merged. The parts are removed only once games.parquet and the complete manifest are on disk.
"""

from __future__ import annotations

import hashlib
import io
import json
import shutil
from pathlib import Path

import numpy as np
import polars as pl
import pyarrow as pa
import pyarrow.parquet as pq

from sim.errors import InputError, RunDataError, WriteError
from sim.output import atomic_write, atomic_write_bytes, fsync_dir
from sim.seal import check_seal
from sim.spec import GAME_COLUMNS, GameSpec

ROW_GROUP = 65_536  # fixed, so games.parquet is byte-identical whatever the chunk size
PARTS = "parts"
GAMES_FILE = "games.parquet"
MANIFEST = "manifest.json"
TABLE_META = "playout"  # key of games.parquet's key-value metadata


def seat_strategy_index(game_index: np.ndarray, seat: int, n_players: int) -> np.ndarray:
    """Which lineup entry plays `seat` in each game: seats rotate with the game index."""
    return (game_index + seat) % n_players


def to_frame(spec: GameSpec, codes: list[str], seed: int, first: int, raw: np.ndarray) -> pl.DataFrame:
    """Kernel rows (int32[n, spec.n_result_columns]) of games first.. -> the results frame."""
    n_players = len(codes)
    n = raw.shape[0]
    game_index = np.arange(first, first + n, dtype=np.int64)
    col = {name: i for i, name in enumerate(GAME_COLUMNS)}
    codes_arr = np.array(codes, dtype=object)
    cols: dict[str, pl.Series] = {
        "seed": pl.Series(np.full(n, seed, dtype=np.int64)),
        "game_index": pl.Series(game_index),
        "players": pl.Series(np.full(n, n_players, dtype=np.int8)),
    }
    for s in range(n_players):
        cols[f"strategy_{s}"] = pl.Series(codes_arr[seat_strategy_index(game_index, s, n_players)], dtype=pl.String)
    for s in range(n_players):
        cols[f"score_{s}"] = pl.Series(raw[:, spec.seat_column(s, "score")].astype(np.int32))
    for s in range(n_players):
        cols[f"rank_{s}"] = pl.Series(raw[:, spec.seat_column(s, "rank")].astype(np.int8))
    winner = raw[:, col["winner"]].astype(np.int8)
    cols["winner"] = pl.Series(winner)
    cols["winner_strategy"] = pl.Series(codes_arr[seat_strategy_index(game_index, winner, n_players)], dtype=pl.String)
    cols["decisions"] = pl.Series(raw[:, col["decisions"]].astype(np.int32))
    cols["steps"] = pl.Series(raw[:, col["steps"]].astype(np.int32))
    cols["rounds"] = pl.Series(raw[:, col["rounds"]].astype(np.int16))
    triggers = np.array(spec.end_triggers, dtype=object)
    cols["end_trigger"] = pl.Series(triggers[raw[:, col["end_trigger"]]], dtype=pl.String)
    for feature in spec.seat_features:
        for s in range(n_players):
            cols[f"{feature}_{s}"] = pl.Series(raw[:, spec.seat_column(s, feature)].astype(np.int32))
    return pl.DataFrame(cols)


def write_json(path: Path, obj: dict) -> None:
    atomic_write_bytes(path, (json.dumps(obj, indent=2, sort_keys=False) + "\n").encode())


def part_path(out_dir: Path, chunk: int) -> Path:
    return out_dir / PARTS / f"part-{chunk:06d}.parquet"


def part_record_path(out_dir: Path, chunk: int) -> Path:
    return part_path(out_dir, chunk).with_suffix(".json")


def write_part(out_dir: Path, chunk: int, frame: pl.DataFrame, run_key: str) -> None:
    """The chunk's rows as a parquet part, then its record (range, run, checksum): both durable, the
    record last, so a part without a matching record is an unfinished chunk."""
    buffer = io.BytesIO()
    frame.write_parquet(buffer)
    data = buffer.getvalue()
    index = frame["game_index"]
    record = {
        "chunk": chunk,
        "first": int(index[0]) if frame.height else None,
        "count": frame.height,
        "run": run_key,
        "sha256": hashlib.sha256(data).hexdigest(),
    }
    try:
        (out_dir / PARTS).mkdir(exist_ok=True)
    except OSError as e:
        raise WriteError(f"cannot write {out_dir / PARTS} ({e.strerror or e})") from None
    atomic_write_bytes(part_path(out_dir, chunk), data)
    write_json(part_record_path(out_dir, chunk), record)


class PartError(Exception):
    """A part that cannot be trusted; the message names the file and the problem."""


def read_part(out_dir: Path, chunk: int, first: int, count: int, seed: int, run_key: str) -> pa.Table:
    """Chunk `chunk`'s rows, after checking its record and its rows against what the run expects."""
    path = part_path(out_dir, chunk)

    def bad(problem: str) -> PartError:
        return PartError(f"{path} {problem}")

    try:
        record = json.loads(part_record_path(out_dir, chunk).read_text())
        data = path.read_bytes()
    except FileNotFoundError:
        raise bad("was not finished (no record of it was written)") from None
    except (OSError, ValueError) as e:
        raise bad(f"cannot be read ({getattr(e, 'strerror', None) or e})") from None
    if not isinstance(record, dict) or record.get("run") != run_key:
        raise bad("belongs to another run")
    if (record.get("chunk"), record.get("first"), record.get("count")) != (chunk, first, count):
        raise bad(f"holds games {record.get('first')}+{record.get('count')}, not chunk {chunk} ({first}+{count})")
    if hashlib.sha256(data).hexdigest() != record.get("sha256"):
        raise bad("is damaged: its bytes differ from the checksum recorded when it was written")
    try:
        table = pq.read_table(pa.BufferReader(data))
    except (pa.ArrowException, OSError) as e:
        raise bad(f"is not a readable parquet file ({str(e).splitlines()[0]})") from None
    expected = np.arange(first, first + count, dtype=np.int64)
    index = table.column("game_index").to_numpy() if "game_index" in table.column_names else None
    if index is None or not np.array_equal(index, expected):
        raise bad(f"does not hold exactly games {first}..{first + count - 1}")
    if not np.all(table.column("seed").to_numpy() == seed):
        raise bad(f"holds games of another seed than {seed}")
    return table


def scan_parts(out_dir: Path, chunk_range, seed: int, run_key: str) -> tuple[set[int], list[str]]:
    """(chunks whose parts can be trusted, one line per part that cannot); the untrusted parts and stray
    records are deleted so their chunks are played again."""
    done, problems, trusted = set(), [], set()
    parts = out_dir / PARTS
    for p in sorted(parts.glob("part-*.parquet")) if parts.is_dir() else []:
        try:
            chunk = int(p.stem.split("-")[1])
            read_part(out_dir, chunk, *chunk_range(chunk), seed, run_key)
            done.add(chunk)
            trusted.add(p)
        except (ValueError, IndexError):
            problems.append(f"{p} is not a part of this run (unexpected name)")
            remove_entry(p)
        except PartError as e:
            problems.append(str(e))
            remove_entry(p)
            remove_entry(part_record_path(out_dir, chunk))
    for r in sorted(parts.glob("part-*.json")) if parts.is_dir() else []:
        if r.with_suffix(".parquet") not in trusted:  # a record without its part (or a directory in its place)
            remove_entry(r)
    return done, problems


def remove_entry(path: Path) -> None:
    """Remove whatever sits at path, a file or a directory (something put a directory where a part or its
    record belongs: it is removed like a damaged part, so the chunk is played again)."""
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    else:
        path.unlink(missing_ok=True)


def merge_parts(out_dir: Path, n_chunks: int, chunk_range, seed: int, run_key: str, meta: dict) -> str:
    """Concatenate the parts in chunk order into games.parquet with fixed row groups, each part checked
    (read_part) on the way, and return the table fingerprint (computed on the way, so a 10M-row table is
    never held at once). `meta` goes into the file's key-value metadata with the fingerprint."""
    hasher = TableHasher()

    def write(f) -> None:
        writer = None
        pending: list[pa.Table] = []
        pending_rows = 0
        for c in range(n_chunks):
            table = read_part(out_dir, c, *chunk_range(c), seed, run_key)
            hasher.update(pl.from_arrow(table))
            if writer is None:
                writer = pq.ParquetWriter(f, table.schema, compression="zstd")
            pending.append(table)
            pending_rows += table.num_rows
            while pending_rows >= ROW_GROUP:
                merged = pa.concat_tables(pending)
                writer.write_table(merged.slice(0, ROW_GROUP), row_group_size=ROW_GROUP)
                rest = merged.slice(ROW_GROUP)
                pending, pending_rows = [rest], rest.num_rows
        if pending_rows:
            writer.write_table(pa.concat_tables(pending), row_group_size=ROW_GROUP)
        writer.add_key_value_metadata({TABLE_META: json.dumps({**meta, "results_sha256": hasher.hexdigest()})})
        writer.close()

    atomic_write(out_dir / GAMES_FILE, write)
    return hasher.hexdigest()


def remove_parts(out_dir: Path) -> None:
    """Delete the parts and their records (once the merged table and the complete manifest are durable)."""
    parts = out_dir / PARTS
    if not parts.is_dir():
        return
    for p in parts.iterdir():
        remove_entry(p)
    parts.rmdir()
    fsync_dir(out_dir)


class TableHasher:
    """sha256 per column over its values in row order, fed frame by frame: equal digests mean equal tables,
    however the rows were split into frames."""

    def __init__(self):
        self._columns: dict[str, hashlib._Hash] = {}

    def update(self, frame: pl.DataFrame) -> None:
        for name in frame.columns:
            h = self._columns.setdefault(name, hashlib.sha256(name.encode()))
            s = frame[name]
            if s.dtype == pl.String:  # each value followed by \x1f
                h.update((s + "\x1f").str.join("").item().encode())
            else:
                h.update(np.ascontiguousarray(s.to_numpy()).tobytes())

    def hexdigest(self) -> str:
        total = hashlib.sha256()
        for name, h in self._columns.items():
            total.update(name.encode() + h.digest())
        return total.hexdigest()


def table_fingerprint(frame: pl.DataFrame) -> str:
    hasher = TableHasher()
    hasher.update(frame)
    return hasher.hexdigest()


def read_games(out_dir: Path) -> pl.DataFrame:
    # glob=False: a run directory's name may hold a `*` (robustness and answers name theirs by lineup, learned*4),
    # which polars would otherwise read as a pattern and pool the games of every sibling it matches
    return pl.read_parquet(Path(out_dir) / GAMES_FILE, glob=False)


def read_manifest(out_dir: Path) -> dict:
    """manifest.json as a dict; InputError naming the file when it is missing or not a JSON object."""
    path = Path(out_dir) / MANIFEST
    if not path.is_file():
        raise InputError(f"no {MANIFEST} in {out_dir} (is it a `playout run` directory?)")
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise InputError(f"{path}: not valid JSON ({str(e).splitlines()[0]})") from None
    if not isinstance(manifest, dict):
        raise InputError(f"{path}: expected a JSON object, found {type(manifest).__name__}")
    return manifest


def verify_games(out_dir: Path, manifest: dict) -> None:
    """Raise RunDataError unless games.parquet is the finished table its manifest describes: the run is
    complete, the table's own metadata names the same game, seed and n, and its rows hash to the
    manifest's results_sha256 (read row group by row group, so memory stays flat)."""
    path = Path(out_dir) / GAMES_FILE
    where = Path(out_dir) / MANIFEST
    if manifest.get("status") != "complete":
        raise RunDataError(
            f"{where}: the run is not finished (status {manifest.get('status')!r}): complete it with "
            "`playout run ... --resume`"
        )
    try:
        file = pq.ParquetFile(path)
        raw = (file.metadata.metadata or {}).get(TABLE_META.encode())
        meta = json.loads(raw) if raw else None
    except (pa.ArrowException, OSError, ValueError) as e:
        raise RunDataError(f"{path}: not a readable parquet table ({str(e).splitlines()[0]})") from None
    if not isinstance(meta, dict):
        raise RunDataError(f"{path}: not a table written by `playout run` (no {TABLE_META!r} metadata)")
    for key in ("game", "seed", "n", "results_sha256"):
        if meta.get(key) != manifest.get(key):
            raise RunDataError(
                f"{where} says {key} {manifest.get(key)!r} but {path} holds {key} {meta.get(key)!r}: "
                "the two files are not of the same run"
            )
    hasher = TableHasher()
    try:
        for batch in file.iter_batches(batch_size=ROW_GROUP):
            hasher.update(pl.from_arrow(batch))
    except (pa.ArrowException, OSError) as e:
        raise RunDataError(f"{path}: damaged ({str(e).splitlines()[0]})") from None
    if hasher.hexdigest() != manifest.get("results_sha256"):
        raise RunDataError(
            f"{path} is damaged: its rows do not match the fingerprint (results_sha256) recorded when the run finished"
        )
    check_seal(manifest, where)  # every fact a header copies from the manifest is as the run wrote it
