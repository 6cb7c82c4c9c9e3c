"""Result rows: kernel output -> polars frame -> parquet parts -> one games.parquet, and the manifest.

A run directory holds, when finished:

    games.parquet   one row per game (schema in README.md), row groups of ROW_GROUP rows
    manifest.json   what was run (recipe), with what (tool, rules, data), how fast, and a table fingerprint

While running, finished chunks sit in parts/part-NNNNNN.parquet, each written atomically, so an
interrupted run loses at most the chunks in flight and `--resume` continues from the rest.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path

import numpy as np
import polars as pl
import pyarrow as pa
import pyarrow.parquet as pq

from sim.spec import GAME_COLUMNS, GameSpec

ROW_GROUP = 65_536  # fixed, so games.parquet is byte-identical whatever the chunk size
PARTS = "parts"
GAMES_FILE = "games.parquet"
MANIFEST = "manifest.json"


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


def atomic_write_bytes(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_json(path: Path, obj: dict) -> None:
    atomic_write_bytes(path, (json.dumps(obj, indent=2, sort_keys=False) + "\n").encode())


def part_path(out_dir: Path, chunk: int) -> Path:
    return out_dir / PARTS / f"part-{chunk:06d}.parquet"


def write_part(out_dir: Path, chunk: int, frame: pl.DataFrame) -> None:
    path = part_path(out_dir, chunk)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".part.", suffix=".tmp")
    os.close(fd)
    try:
        frame.write_parquet(tmp)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def finished_parts(out_dir: Path) -> set[int]:
    """Chunk numbers whose part file is complete and readable."""
    done = set()
    for p in (out_dir / PARTS).glob("part-*.parquet"):
        try:
            pq.read_metadata(p)
        except Exception:  # a torn file from a crash: redo that chunk
            p.unlink(missing_ok=True)
            continue
        done.add(int(p.stem.split("-")[1]))
    return done


def merge_parts(out_dir: Path, n_chunks: int) -> str:
    """Concatenate the parts in chunk order into games.parquet with fixed row groups, remove the parts,
    and return the table fingerprint (computed on the way, so a 10M-row table is never held at once)."""
    target = out_dir / GAMES_FILE
    hasher = TableHasher()
    fd, tmp = tempfile.mkstemp(dir=out_dir, prefix=".games.", suffix=".tmp")
    os.close(fd)
    writer = None
    pending: list[pa.Table] = []
    pending_rows = 0
    try:
        for c in range(n_chunks):
            table = pq.read_table(part_path(out_dir, c))
            hasher.update(pl.from_arrow(table))
            if writer is None:
                writer = pq.ParquetWriter(tmp, table.schema, compression="zstd")
            pending.append(table)
            pending_rows += table.num_rows
            while pending_rows >= ROW_GROUP:
                merged = pa.concat_tables(pending)
                writer.write_table(merged.slice(0, ROW_GROUP), row_group_size=ROW_GROUP)
                rest = merged.slice(ROW_GROUP)
                pending, pending_rows = [rest], rest.num_rows
        if pending_rows and writer is not None:
            writer.write_table(pa.concat_tables(pending), row_group_size=ROW_GROUP)
        if writer is not None:
            writer.close()
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    for c in range(n_chunks):
        part_path(out_dir, c).unlink(missing_ok=True)
    try:
        (out_dir / PARTS).rmdir()
    except OSError:
        pass
    return hasher.hexdigest()


class TableHasher:
    """sha256 per column over its values in row order, fed frame by frame: equal digests mean equal tables,
    however the rows were split into frames."""

    def __init__(self):
        self._columns: dict[str, hashlib._Hash] = {}

    def update(self, frame: pl.DataFrame) -> None:
        for name in frame.columns:
            h = self._columns.setdefault(name, hashlib.sha256(name.encode()))
            s = frame[name]
            if s.dtype == pl.String:
                h.update("".join(v + "\x1f" for v in s.to_list()).encode())
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
    return pl.read_parquet(Path(out_dir) / GAMES_FILE)


def read_manifest(out_dir: Path) -> dict:
    return json.loads((Path(out_dir) / MANIFEST).read_text())
