"""Regression baselines: a fixed recipe's exact result fingerprint and its win counts, stored as JSON
under tests/regression/<game>/, re-played to catch unintended changes (`playout regress`).

A baseline is keyed by game, rules version and data fingerprint: a baseline recorded under another
rules version or data set is stale and must be re-recorded with --update, which is how an intended
change is made visible.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import polars as pl

from sim.backends import backend_for
from sim.engine import Recipe, prepare
from sim.errors import InputError
from sim.results import TableHasher, atomic_write_bytes, seat_strategy_index

BASELINE_DIR = Path(__file__).resolve().parent.parent / "tests" / "regression"
FAMILY_ALPHA = 0.01  # false-alarm rate of one baseline's statistical check, all its win rates together
POWER = 0.9


@dataclass
class Counts:
    """What a replay of a recipe yields: the table fingerprint and win counts (wins, games) per check."""

    fingerprint: str
    seats: dict[str, tuple[int, int]]
    strategies: dict[str, tuple[int, int]]


def replay(recipe: Recipe, threads: int | None = None) -> Counts:
    prep = prepare(recipe)
    hasher = TableHasher()
    n_players = len(prep.codes)
    seat_wins = np.zeros(n_players, dtype=np.int64)
    strategy: dict[str, list[int]] = {c: [0, 0] for c in prep.codes}
    with backend_for(None, threads) as backend:
        frames = dict(backend.map_chunks(prep, list(range(recipe.n_chunks))))
    for c in sorted(frames):
        frame = frames[c]
        hasher.update(frame)
        winner = frame["winner"].to_numpy()
        seat_wins += np.bincount(winner, minlength=n_players)
        for code, wins in pl.Series(frame["winner_strategy"]).value_counts().iter_rows():
            strategy[code][0] += wins
        index = frame["game_index"].to_numpy()
        for s in range(n_players):
            for code, count in zip(*np.unique(np.array(prep.codes)[seat_strategy_index(index, s, n_players)],
                                              return_counts=True), strict=True):  # fmt: skip
                strategy[str(code)][1] += int(count)
    n = recipe.n
    return Counts(
        hasher.hexdigest(),
        {str(s): (int(seat_wins[s]), n) for s in range(n_players)},
        {code: (w, g) for code, (w, g) in strategy.items()},
    )


def baseline_paths(games: list[str] | None = None, root: Path = BASELINE_DIR) -> list[Path]:
    paths = sorted(root.glob("*/*.json"))
    if games:
        paths = [p for p in paths if p.parent.name in games]
    return paths


def load_baseline(path: Path) -> dict:
    try:
        data = json.loads(Path(path).read_text())
        Recipe.from_json(data["recipe"])
    except FileNotFoundError:
        raise InputError(f"{path}: no such baseline file") from None
    except (json.JSONDecodeError, KeyError, TypeError) as e:
        raise InputError(f"{path}: not a playout baseline ({e})") from None
    return data


def record(recipe: Recipe, counts: Counts) -> dict:
    """The baseline document for a recipe and its replay."""
    prep = prepare(recipe)
    return {
        "game": prep.spec.name,
        "rules_version": prep.spec.version,
        "data_set": prep.data.name,
        "data_fingerprint": prep.data.fingerprint,
        "params_fingerprint": prep.spec.params.fingerprint(prep.params),
        "recipe": recipe.to_json(),
        "results_sha256": counts.fingerprint,
        "seats": {k: list(v) for k, v in counts.seats.items()},
        "strategies": {k: list(v) for k, v in counts.strategies.items()},
        "test": f"two-sided pooled two-proportion z-test per win rate against the baseline counts, "
        f"Holm-adjusted over the baseline's win rates; family-wise false-alarm rate {FAMILY_ALPHA}",
    }


def write_baseline(path: Path, doc: dict) -> None:
    atomic_write_bytes(Path(path), (json.dumps(doc, indent=2) + "\n").encode())


def stale_reason(doc: dict) -> str | None:
    """Why the baseline cannot be compared exactly (another rules version or data set), or None."""
    prep = prepare(Recipe.from_json(doc["recipe"]))
    if doc["rules_version"] != prep.spec.version:
        return f"recorded for rules {doc['rules_version']}, now {prep.spec.version}"
    if doc["data_fingerprint"] != prep.data.fingerprint:
        return f"recorded for data {doc['data_fingerprint']}, now {prep.data.fingerprint}"
    return None
