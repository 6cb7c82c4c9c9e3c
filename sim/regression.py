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
from sim.engine import MAX_INDEX, Recipe, prepare
from sim.errors import InputError
from sim.output import atomic_write_bytes
from sim.results import TableHasher, seat_strategy_index

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
    """A baseline document, checked field by field; InputError naming the file and the field otherwise."""
    path = Path(path)
    if path.is_dir():
        raise InputError(f"{path}: is a directory, not a baseline file")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError(f"{path}: no such baseline file") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise InputError(f"{path}: not a playout baseline ({str(e).splitlines()[0]})") from None
    problem = baseline_problem(data)
    if problem:
        raise InputError(f"{path}: not a playout baseline ({problem})")
    return data


def baseline_problem(doc) -> str | None:
    """What is wrong with a baseline document, or None."""
    if not isinstance(doc, dict):
        return "not a JSON object"
    for key in ("game", "rules_version", "data_fingerprint", "results_sha256"):
        if not isinstance(doc.get(key), str):
            return f"{key} is missing or not text"
    recipe = doc.get("recipe")
    if not isinstance(recipe, dict):
        return "recipe is missing"
    types = {"game": str, "players": list, "seed": int, "n": int, "chunk": int, "params": dict}
    words = {str: "text", list: "list", int: "whole number", dict: "table of knobs"}
    for key, kind in types.items():
        if not isinstance(recipe.get(key), kind) or isinstance(recipe.get(key), bool):
            return f"recipe.{key} is missing or not a {words[kind]}"
    if not 0 <= recipe["seed"] <= MAX_INDEX or recipe["n"] < 1 or recipe["chunk"] < 1:
        return "recipe.seed, n or chunk is out of range"
    players = recipe["players"]
    if not players or not all(isinstance(c, str) and c.strip() for c in players):
        return "recipe.players is not a list of player codes"
    if "data_dir" not in recipe or not (recipe["data_dir"] is None or isinstance(recipe["data_dir"], str)):
        return "recipe.data_dir is missing or not text (null for the builtin data)"  # never a silent builtin
    first = recipe.get("first", 0)
    if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first <= MAX_INDEX:
        return "recipe.first is not a game index"
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in recipe["params"].values()):
        return "recipe.params holds a value that is not a whole number"
    try:
        Recipe.from_json(recipe)
    except TypeError as e:
        return f"recipe: {e}"
    expected = {"seats": {str(s) for s in range(len(players))}, "strategies": set(players)}
    for key in ("seats", "strategies"):
        counts = doc.get(key)
        if not isinstance(counts, dict) or not counts:
            return f"{key} is missing"
        if set(counts) != expected[key]:  # the replay counts exactly these: any other key has nothing to match
            names, lineup = ", ".join(sorted(counts)), ", ".join(sorted(expected[key]))
            return f"{key} names {names}, but the recipe's lineup has {lineup}"
        for name, pair in counts.items():
            ok = isinstance(pair, list) and len(pair) == 2 and all(type(v) is int for v in pair)
            if not ok or not 0 <= pair[0] <= pair[1] or pair[1] < 1:
                return f"{key}.{name} is not [wins, games] with 0 <= wins <= games"
    return None


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
    from sim.output import OutputDir

    with OutputDir(Path(path).parent, "the baseline directory", lock=False):
        atomic_write_bytes(Path(path), (json.dumps(doc, indent=2) + "\n").encode())


def stale_reason(doc: dict) -> str | None:
    """Why the baseline cannot be compared exactly (another rules version or data set), or None."""
    prep = prepare(Recipe.from_json(doc["recipe"]))
    if doc["rules_version"] != prep.spec.version:
        return f"recorded for rules {doc['rules_version']}, now {prep.spec.version}"
    if doc["data_fingerprint"] != prep.data.fingerprint:
        return f"recorded for data {doc['data_fingerprint']}, now {prep.data.fingerprint}"
    return None
