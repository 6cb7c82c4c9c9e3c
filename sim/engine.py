"""The batch engine: a run is a recipe; a recipe is cut into chunks of game indices; each chunk is played
by the game's parallel kernel (prange over games, one result row each) and written as a parquet part.

Game i of seed s depends only on (s, i, lineup, params, data): never on the chunk it falls in, the thread
count or the machine, so any chunking, any number of threads and a dask cluster give the same table.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

import sim
from sim import results
from sim.errors import ParamError, RunDirError, SimulationError
from sim.registry import get_game
from sim.spec import STATUS_OK, STATUS_TEXT, DataSet, GameSpec
from strategies import Player, lineup_arrays

DEFAULT_CHUNK = 8192


@dataclass(frozen=True)
class Recipe:
    """Everything that determines a run's result table, and nothing else (threads and cluster do not)."""

    game: str
    players: list[str]
    seed: int
    n: int
    chunk: int = DEFAULT_CHUNK
    params: dict[str, int] = field(default_factory=dict)
    data_dir: str | None = None
    first: int = 0  # the run plays games first .. first + n - 1 of the seed

    @property
    def n_chunks(self) -> int:
        return -(-self.n // self.chunk)

    def chunk_range(self, c: int) -> tuple[int, int]:
        """(first game index, games) of chunk c."""
        start = c * self.chunk
        return self.first + start, min(self.chunk, self.n - start)

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, d: dict) -> Recipe:
        return cls(**d)

    def same_games(self, other: Recipe) -> bool:
        return self.to_json() == other.to_json()


@dataclass
class Prepared:
    recipe: Recipe
    spec: GameSpec
    players: list[Player]
    lineup: np.ndarray
    weights: np.ndarray
    params: np.ndarray
    data: DataSet

    @property
    def codes(self) -> list[str]:
        return [p.code for p in self.players]


def prepare(recipe: Recipe) -> Prepared:
    """Resolve names to arrays, checking every value (raises ParamError / DataError with one-line messages)."""
    spec = get_game(recipe.game)
    n_players = len(recipe.players)
    if not spec.min_players <= n_players <= spec.max_players:
        raise ParamError(
            f"{spec.name} is played by {spec.min_players} to {spec.max_players} players, "
            f"not {n_players} ({', '.join(recipe.players)})"
        )
    if recipe.n < 1:
        raise ParamError(f"the number of games must be at least 1, not {recipe.n}")
    if recipe.chunk < 1:
        raise ParamError(f"the chunk size must be at least 1, not {recipe.chunk}")
    if recipe.first < 0:
        raise ParamError(f"the first game index must be 0 or more, not {recipe.first}")
    players = [spec.strategies.player(code) for code in recipe.players]
    lineup, weights = lineup_arrays(players)
    params = spec.params.values(recipe.params)
    data = spec.load_data(recipe.data_dir)
    return Prepared(recipe, spec, players, lineup, weights, params, data)


def play_range(prep: Prepared, first: int, count: int) -> np.ndarray:
    """Play games first..first+count-1 with the game's parallel kernel; raw result rows."""
    out = np.zeros((count, prep.spec.n_result_columns), dtype=np.int32)
    prep.spec.kernels.play_chunk(
        np.int64(prep.recipe.seed),
        np.int64(first),
        np.int64(len(prep.players)),
        prep.lineup,
        prep.weights,
        prep.data.array,
        prep.params,
        np.int64(prep.spec.max_steps),
        out,
    )
    check_rows(prep, first, out)
    return out


def check_rows(prep: Prepared, first: int, out: np.ndarray) -> None:
    """Raise SimulationError naming the first game whose status is not OK, with the command to replay it."""
    bad = np.flatnonzero(out[:, 0] != STATUS_OK)
    if bad.size:
        i = int(bad[0])
        raise SimulationError(
            f"game {first + i} of seed {prep.recipe.seed}: {STATUS_TEXT.get(int(out[i, 0]), 'unknown status')}; "
            f"reproduce with: playout show {prep.spec.name} --seed {prep.recipe.seed} --game {first + i} "
            f"--players {','.join(prep.codes)}" + "".join(f" --set {k}={v}" for k, v in prep.recipe.params.items())
        )


def play_frame(prep: Prepared, first: int, count: int):
    return results.to_frame(prep.spec, prep.codes, prep.recipe.seed, first, play_range(prep, first, count))


_worker_cache: dict[str, Prepared] = {}


def play_chunk_task(recipe_json: dict, chunk: int, threads: int = 1):
    """One chunk as a self-contained task (a dask worker runs this): returns (chunk, arrow table)."""
    import numba

    key = json.dumps(recipe_json, sort_keys=True)
    if key not in _worker_cache:
        _worker_cache.clear()
        _worker_cache[key] = prepare(Recipe.from_json(recipe_json))
    prep = _worker_cache[key]
    numba.set_num_threads(max(1, min(threads, numba.config.NUMBA_NUM_THREADS)))
    first, count = prep.recipe.chunk_range(chunk)
    return chunk, play_frame(prep, first, count).to_arrow()


def check_out_dir(out_dir: Path, prep: Prepared, resume: bool) -> None:
    recipe = prep.recipe
    if out_dir.exists() and not out_dir.is_dir():
        raise RunDirError(f"--out {out_dir} is an existing file, not a directory")
    manifest = out_dir / results.MANIFEST
    if resume:
        if not manifest.exists():
            raise RunDirError(f"--resume: {out_dir} holds no run to resume (no {results.MANIFEST})")
        old_manifest = results.read_manifest(out_dir)
        old = Recipe.from_json(old_manifest["recipe"])
        if not old.same_games(recipe):
            raise RunDirError(f"--resume: {out_dir} holds a different run ({old.game}, seed {old.seed}, n {old.n})")
        now = manifest_for(prep, "running", 0.0, 0, None)
        for key in ("rules_version", "data_fingerprint", "params_fingerprint"):
            if old_manifest.get(key) != now[key]:
                raise RunDirError(
                    f"--resume: {out_dir} was played under {key} {old_manifest.get(key)}, now {now[key]}: "
                    "its finished chunks would not match the rest"
                )
    elif manifest.exists() or (out_dir / results.PARTS).exists():
        raise RunDirError(f"--out {out_dir} already holds a run: choose another directory, or add --resume")
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        probe = out_dir / ".playout-write-test"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as e:
        raise RunDirError(f"--out {out_dir} cannot be written ({e.strerror or e})") from None


def manifest_for(prep: Prepared, status: str, wall: float, games_done: int, fingerprint: str | None) -> dict:
    spec = prep.spec
    return {
        "tool": "playout",
        "tool_version": sim.__version__,
        "status": status,
        "game": spec.name,
        "rules_version": spec.version,
        "params_fingerprint": spec.params.fingerprint(prep.params),
        "params_changed": spec.params.changed(prep.params),
        "data_set": prep.data.name,
        "data_fingerprint": prep.data.fingerprint,
        "data_assumed_share": round(prep.data.assumed_share, 4),
        "lineup": prep.codes,
        "seat_rotation": "seat s of game i is played by lineup[(s + i) % players]",
        "seed": prep.recipe.seed,
        "n": prep.recipe.n,
        "games_done": games_done,
        "wall_seconds": round(wall, 3),
        "games_per_second": round(games_done / wall, 1) if wall > 0 else None,
        "results_sha256": fingerprint,
        "recipe": prep.recipe.to_json(),
    }


def run(
    recipe: Recipe,
    out_dir: Path,
    threads: int | None = None,
    cluster: str | None = None,
    resume: bool = False,
    on_chunk: Callable[[int], None] | None = None,
    on_resume: Callable[[int], None] | None = None,
) -> dict:
    """Play the recipe into out_dir (parts, then games.parquet + manifest.json); return the manifest.
    on_chunk(games) is called as each chunk is written; on_resume(games) once for the chunks a resumed
    run finds already done."""
    prep = prepare(recipe)
    out_dir = Path(out_dir)
    check_out_dir(out_dir, prep, resume)
    if resume and (out_dir / results.GAMES_FILE).exists():
        manifest = results.read_manifest(out_dir)
        if manifest.get("status") == "complete":
            return manifest  # nothing left to play
    done = results.finished_parts(out_dir) if resume else set()
    todo = [c for c in range(recipe.n_chunks) if c not in done]
    started = time.perf_counter()
    results.write_json(out_dir / results.MANIFEST, manifest_for(prep, "running", 0.0, 0, None))
    if on_resume and done:
        on_resume(sum(recipe.chunk_range(c)[1] for c in done))
    from sim.backends import backend_for

    with backend_for(cluster, threads) as backend:
        for chunk, table in backend.map_chunks(prep, todo):
            results.write_part(out_dir, chunk, table)
            if on_chunk:
                on_chunk(recipe.chunk_range(chunk)[1])
    played = sum(recipe.chunk_range(c)[1] for c in todo)
    playing = time.perf_counter() - started
    fingerprint = results.merge_parts(out_dir, recipe.n_chunks)
    manifest = manifest_for(prep, "complete", time.perf_counter() - started, recipe.n, fingerprint)
    manifest["games_played_this_session"] = played
    manifest["games_per_second"] = round(played / playing, 1) if playing > 0 else None  # while playing
    results.write_json(out_dir / results.MANIFEST, manifest)
    return manifest
