"""Synthetic games tables with known effects and run directories, for the report tests (no simulation)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import polars as pl
import pyarrow.parquet as pq

from sim.results import TABLE_META, table_fingerprint
from sim.store import seal

CARD0_IF_WIN, CARD0_IF_LOSS = 0.6, 0.2  # card 0 is owned more often by winners: a known association
CARD1_OWNED, CARD3_OWNED = 0.3, 0.1  # cards 1 and 3 are owned independently of winning; card 2 never


def synthetic_games(
    n: int,
    players: int,
    seed: int,
    seat_win: list[float] | None = None,
    lineup: list[str] | None = None,
    techs: bool = True,
) -> pl.DataFrame:
    """A games table in the results schema, with winners drawn from known seat win probabilities."""
    rng = np.random.default_rng(seed)
    lineup = lineup or [f"s{k}" for k in range(players)]
    seat_win = seat_win or [1 / players] * players
    game_index = np.arange(n)
    winner = rng.choice(players, size=n, p=seat_win)
    cols: dict[str, object] = {
        "seed": np.full(n, seed),
        "game_index": game_index,
        "players": np.full(n, players, dtype=np.int8),
    }
    codes = np.array(lineup, dtype=object)
    for s in range(players):
        cols[f"strategy_{s}"] = pl.Series(codes[(game_index + s) % players], dtype=pl.String)
    for s in range(players):
        cols[f"score_{s}"] = rng.integers(10, 90, size=n).astype(np.int32)
    ranks = np.argsort(rng.random((n, players)), axis=1) + 2  # a random order of the losers
    ranks[np.arange(n), winner] = 1
    order = np.argsort(ranks, axis=1)  # renumber to 1..players keeping the winner first
    dense = np.empty_like(ranks)
    dense[np.arange(n)[:, None], order] = np.arange(1, players + 1)
    for s in range(players):
        cols[f"rank_{s}"] = dense[:, s].astype(np.int8)
    cols["winner"] = winner.astype(np.int8)
    cols["winner_strategy"] = pl.Series(codes[(game_index + winner) % players], dtype=pl.String)
    cols["decisions"] = rng.integers(100, 400, size=n).astype(np.int32)
    cols["steps"] = (cols["decisions"] * 2).astype(np.int32)
    cols["rounds"] = rng.integers(5, 30, size=n).astype(np.int16)
    cols["end_trigger"] = pl.Series(rng.choice(np.array(["deck_out", "race"], dtype=object), size=n, p=[0.7, 0.3]))
    for source in ("alpha", "two_words"):
        for s in range(players):
            cols[f"vp_{source}_{s}"] = rng.integers(0, 20 if source == "alpha" else 6, size=n).astype(np.int32)
    if techs:
        for s in range(players):
            won = winner == s
            card0 = rng.random(n) < np.where(won, CARD0_IF_WIN, CARD0_IF_LOSS)
            card1 = rng.random(n) < CARD1_OWNED
            card3 = rng.random(n) < CARD3_OWNED
            cols[f"techs_{s}"] = (card0 * 1 + card1 * 2 + card3 * 8).astype(np.int32)
    return pl.DataFrame(cols)


def manifest(frame: pl.DataFrame, lineup: list[str], seed: int, share: float = 0.25) -> dict:
    return {
        "tool": "playout",
        "tool_version": "0.1.0",
        "status": "complete",
        "game": "synthgame",
        "rules_version": "9.9.9",
        "params_changed": {},
        "data_set": "testdata",
        "data_assumed_share": share,
        "lineup": lineup,
        "seed": seed,
        "n": frame.height,
        "games_done": frame.height,
    }


def write_run(run_dir: Path, frame: pl.DataFrame, meta: dict) -> Path:
    """A finished run as `playout run` leaves it: the table with its key-value metadata, the manifest
    with the table's fingerprint, sealed (sim/store.py)."""
    run_dir.mkdir(parents=True, exist_ok=True)
    meta = {**meta, "results_sha256": table_fingerprint(frame)}
    table_meta = {k: meta[k] for k in ("game", "seed", "n", "results_sha256")}
    table = frame.to_arrow()
    table = table.replace_schema_metadata({TABLE_META: json.dumps(table_meta)})
    pq.write_table(table, run_dir / "games.parquet")
    (run_dir / "manifest.json").write_text(json.dumps(seal(meta)))
    return run_dir
