"""Playing games: a range of game indices through the game's parallel play loop (sim/playloop.py) into result
rows (noting sampled positions on the way, for sim/samples.py), a frame, or a chunk as a self-contained task that a
dask worker runs.

Game i of seed s depends only on (s, i, lineup, params, data): never on the chunk it falls in, the thread
count or the machine."""

from __future__ import annotations

import json
import time

import numpy as np

from sim import results
from sim.dispatch import for_game
from sim.errors import SimulationError
from sim.playloop import TRACE_FIELDS, Notes, no_notes, play_chunk, play_traced
from sim.recipe import Prepared, Recipe, prepare
from sim.spec import STATUS_OK, STATUS_TEXT


def play_range(prep: Prepared, first: int, count: int, notes: Notes | None = None) -> np.ndarray:
    """Play games first..first+count-1 with the game's parallel kernel; raw result rows. With `notes` (for these
    games), the sampled positions are noted into them too."""
    out = np.zeros((count, prep.spec.n_result_columns), dtype=np.int32)
    for_game(
        play_chunk,
        prep.spec.name,
        np.int64(prep.recipe.seed),
        np.int64(first),
        np.int64(len(prep.players)),
        prep.lineup,
        prep.weights,
        prep.data.array,
        prep.params,
        np.int64(prep.spec.max_steps),
        out,
        no_notes(count) if notes is None else notes,
    )
    check_rows(prep, first, out)
    return out


def play_one(prep: Prepared, game_index: int, row: np.ndarray, trace: np.ndarray) -> int:
    """Play game `game_index` alone, writing its result row into `row` and recording its first trace.shape[0] steps
    into `trace` (sim/playloop.py TRACE_FIELDS columns); the steps it took."""
    return for_game(
        play_traced, prep.spec.name, np.int64(prep.recipe.seed), np.int64(game_index), np.int64(len(prep.players)),
        prep.lineup, prep.weights, prep.data.array, prep.params, np.int64(prep.spec.max_steps), row, trace, no_notes(),
    )  # fmt: skip


def new_trace(prep: Prepared) -> np.ndarray:
    """Room to record every step of one game."""
    return np.zeros((prep.spec.max_steps, TRACE_FIELDS), dtype=np.int32)


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


def compile_kernels(prep: Prepared, traced: bool = False) -> float:
    """Compile (or load from the cache) the game's parallel kernel for this process, or with `traced` its
    one-game traced kernel; the seconds it took. Called before play so that the compile is not counted as
    play (the parallel kernel is called with no games; the traced one plays the recipe's first game)."""
    started = time.perf_counter()
    if traced:
        play_one(prep, prep.recipe.first, np.zeros(prep.spec.n_result_columns, np.int32), new_trace(prep))
    else:
        play_range(prep, prep.recipe.first, 0)
    return time.perf_counter() - started
