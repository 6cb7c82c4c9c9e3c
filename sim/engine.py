"""The batch engine: a run is a recipe; a recipe is cut into chunks of game indices; each chunk is played
by the game's parallel kernel (prange over games, one result row each) and written as a parquet part.

Game i of seed s depends only on (s, i, lineup, params, data): never on the chunk it falls in, the thread
count or the machine, so any chunking, any number of threads and a dask cluster give the same table.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

import sim
from sim import results
from sim.errors import ParamError, RunDirError, SimulationError, WriteError
from sim.kernel_cache import code_fingerprint
from sim.output import OutputDir, check, remove_stale_temps
from sim.registry import get_game
from sim.spec import STATUS_OK, STATUS_TEXT, DataSet, GameSpec
from sim.store import seal
from strategies import Player, lineup_arrays
from strategies.presets import check_preset

DEFAULT_CHUNK = 8192
# A searching seat costs seconds of CPU per game (benchmarks/README.md), so a chunk of DEFAULT_CHUNK would be
# hours of work with nothing kept; a chunk of SEARCH_CHUNK games is minutes, the unit a long run resumes from.
SEARCH_CHUNK = 16
# Seeds and game indices travel as int64 to the kernels and in games.parquet (the generator itself mixes
# them as uint64), so both must lie in 0 .. 2**63 - 1.
MAX_INDEX = 2**63 - 1


def chunk_for(game: str, players: list[str], n: int) -> int:
    """The default chunk of a run: SEARCH_CHUNK games when a seat searches, else DEFAULT_CHUNK (never more
    than n). The chunk never changes a result, only how often progress is kept."""
    book = get_game(game).strategies
    searching = any(book.player(code).strategy.family == "mcts" for code in players)
    return min(n, SEARCH_CHUNK if searching else DEFAULT_CHUNK)


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
    check_index(recipe.seed, "--seed")
    if recipe.n < 1:
        raise ParamError(f"the number of games must be at least 1, not {recipe.n}")
    if recipe.chunk < 1:
        raise ParamError(f"the chunk size must be at least 1, not {recipe.chunk}")
    check_index(recipe.first, "the first game index")
    if recipe.first + recipe.n - 1 > MAX_INDEX:
        raise ParamError(
            f"-n {recipe.n} from game {recipe.first} runs past the last game index, {MAX_INDEX} (2**63 - 1)"
        )
    players = [spec.strategies.player(code) for code in recipe.players]
    for player in players:
        check_search_weights(spec, player)
    lineup, weights = lineup_arrays(players)
    params = spec.params.values(recipe.params)
    check_knobs_apply(recipe.params, n_players)
    data = spec.load_data(recipe.data_dir)
    for player in players:
        if player.preset is not None:  # a tuned@PATH file: tuned under these rules and on this data?
            check_preset(player.code, player.preset, spec.version, data.fingerprint)
    return Prepared(recipe, spec, players, lineup, weights, params, data)


def check_index(value: int, what: str) -> int:
    """A seed or game index: a whole number in 0 .. MAX_INDEX."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_INDEX:
        raise ParamError(f"{what} {value!r} is out of range: a whole number from 0 to {MAX_INDEX} (2**63 - 1)")
    return value


# What one node of the search tree costs (strategies/mcts.py `search`: four int32 links, visits and
# availability as float64, a float64 reward sum per seat for its MAX_SEATS = 8 seats, an int32 on the path).
SEARCH_NODE_BYTES = 4 * 4 + 2 * 8 + 8 * 8 + 4


def max_search_iters() -> int:
    """The most iterations a search may take per decision: its tree (iters + 1 nodes, allocated at each
    decision) in every thread at once must fit in half of this machine's memory."""
    import numba

    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (OSError, ValueError):
        total = 2**33
    return max(1, total // (2 * max(1, numba.config.NUMBA_NUM_THREADS) * SEARCH_NODE_BYTES) - 1)


def check_search_weights(spec: GameSpec, player: Player) -> None:
    """A searching player's iterations and depth are whole numbers in range (the iterations bounded by this
    machine's memory), its exploration constant not negative: the kernel would read a negative count as one
    iteration, truncate a fraction, and fail (or be killed) allocating a tree beyond memory."""
    if player.strategy.code == "random" and ":" in player.code:  # it reads no weight: they would change nothing
        raise ParamError(f"player code {player.code!r}: the random bot takes no weights")
    if player.strategy.family != "mcts":
        return
    at = {w.name: i for i, w in enumerate(spec.strategies.weights)}
    w = player.weights
    most = max_search_iters()
    iters, depth, c = w[at["iters"]], w[at["depth"]], w[at["c"]]
    if not (iters == int(iters) and 1 <= iters <= most):
        raise ParamError(f"player code {player.code!r}: iters must be a whole number from 1 to {most:,} "
                         f"(the most this machine's memory holds), not {iters:g}")  # fmt: skip
    if not (depth == int(depth) and 0 <= depth <= spec.max_steps):
        raise ParamError(f"player code {player.code!r}: depth must be a whole number from 0 (to the end) to "
                         f"{spec.max_steps}, not {depth:g}")  # fmt: skip
    if not c >= 0:
        raise ParamError(f"player code {player.code!r}: c (exploration) must be 0 or more, not {c:g}")


def check_knobs_apply(changed: dict[str, int], n_players: int) -> None:
    """Refuse a knob set for a seat or a player count this lineup does not have: it could not take effect,
    and the run would silently answer another question. The games name such knobs alike: `NAME.seatN` is
    about seat N, `NAME_Np` about N-player games, and `experiment.NAME_seat` holds a seat number."""
    seats = f"a {n_players}-player game has seats 0..{n_players - 1}"
    for name, value in changed.items():
        if (m := re.search(r"\.seat(\d+)$", name)) and int(m.group(1)) >= n_players:
            raise ParamError(f"--set {name}: this knob is about seat {m.group(1)}, but {seats}")
        if (m := re.search(r"_(\d+)p$", name)) and int(m.group(1)) != n_players:
            raise ParamError(f"--set {name}: this knob applies to {m.group(1)}-player games, not {n_players}")
        if re.fullmatch(r"experiment\.\w+_seat", name) and value >= n_players:
            raise ParamError(f"--set {name}={value}: {seats}")
        if (m := re.fullmatch(r"(experiment\.\w+)_seat", name)) and not changed.get(m.group(1)):
            raise ParamError(f"--set {name}: it names the seat given {m.group(1)}, which is not set (0: none), "
                             "so it would change nothing: set both, or neither")  # fmt: skip


def check_memory(n_bytes: float, what: str) -> None:
    """Refuse work whose results would not fit in this machine's memory, before allocating any of it."""
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (OSError, ValueError):
        return
    if n_bytes > total:
        raise ParamError(f"{what} would need about {n_bytes / 2**30:,.1f} GiB of memory; this machine has "
                         f"{total / 2**30:,.1f} GiB: ask for fewer games")  # fmt: skip


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


def compile_kernels(prep: Prepared, traced: bool = False) -> float:
    """Compile (or load from the cache) the game's parallel kernel for this process, or with `traced` its
    one-game traced kernel; the seconds it took. Called before play so that the compile is not counted as
    play (the parallel kernel is called with no games; the traced one plays the recipe's first game)."""
    started = time.perf_counter()
    if traced:
        from sim.trace import trace_game

        trace_game(prep, prep.recipe.first)
    else:
        play_range(prep, prep.recipe.first, 0)
    return time.perf_counter() - started


def run_key(manifest: dict) -> str:
    """What a part must belong to: the recipe and everything that decides its rows."""
    keys = ("recipe", "code_fingerprint", "rules_version", "params_fingerprint", "data_fingerprint")
    return hashlib.sha256(json.dumps([manifest[k] for k in keys], sort_keys=True).encode()).hexdigest()[:16]


# How the user names each field of a recipe, for a resume refused because one differs.
RECIPE_OPTIONS = {"game": "game", "players": "--players", "seed": "--seed", "n": "-n", "chunk": "--chunk",
                  "params": "--set", "data_dir": "--data", "first": "first game"}  # fmt: skip


def check_run_dir(out_dir: Path, now: dict, resume: bool) -> dict | None:
    """Check that out_dir can take this run (a fresh one, or the same run resumed); the old manifest when
    resuming. Creates nothing."""
    manifest = out_dir / results.MANIFEST
    if not resume:
        if manifest.exists() or (out_dir / results.PARTS).exists():
            raise RunDirError(f"--out {out_dir} already holds a run: choose another directory, or add --resume")
        return None
    if not manifest.exists():
        raise RunDirError(f"--resume: {out_dir} holds no run to resume (no {results.MANIFEST})")
    old_manifest = results.read_manifest(out_dir)
    try:
        old = Recipe.from_json(old_manifest["recipe"])
    except (KeyError, TypeError):
        raise RunDirError(f"--resume: {manifest} does not record a playout recipe") from None
    new = Recipe.from_json(now["recipe"])
    if not old.same_games(new):
        differ = [f"{option} {getattr(old, name)!r} there, {getattr(new, name)!r} now"
                  for name, option in RECIPE_OPTIONS.items() if getattr(old, name) != getattr(new, name)]  # fmt: skip
        raise RunDirError(f"--resume: {out_dir} holds a different run ({'; '.join(differ)}): give the same options "
                          "as the run that is kept there, or choose another --out")  # fmt: skip
    for key, what in (("code_fingerprint", "other code"), ("rules_version", "other rules"),
                      ("data_fingerprint", "other data"), ("params_fingerprint", "other rule knobs")):  # fmt: skip
        if old_manifest.get(key) != now[key]:
            raise RunDirError(
                f"--resume: {out_dir} was played by {what} ({key} {old_manifest.get(key)}, now {now[key]}): "
                "its finished chunks would not match the rest; start a new run"
            )
    return old_manifest


def manifest_for(prep: Prepared, status: str, wall: float, games_done: int, fingerprint: str | None) -> dict:
    spec = prep.spec
    return {
        "tool": "playout",
        "tool_version": sim.__version__,
        "code_fingerprint": code_fingerprint(),
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
    on_compile: Callable[[bool], None] | None = None,
    on_warning: Callable[[str], None] | None = None,
    go_on: str = "rerun the same command with --resume to continue",
) -> dict:
    """Play the recipe into out_dir (parts, then games.parquet + manifest.json); return the manifest.

    Everything is checked before anything is created; the directory is locked while the run writes.
    on_chunk(games) is called as each chunk is written; on_resume(games) once for the chunks a resumed run
    finds already done; on_compile(True) before and on_compile(False) after the kernel compile;
    on_warning(line) for each damaged or foreign part a resumed run discards (its games are played again).
    A fault while writing raises WriteError saying what was kept and, in `go_on`, how to go on (an experiment,
    which resumes its arms by itself, says so without naming --resume)."""
    from sim.backends import backend_for, parse_cluster

    prep = prepare(recipe)
    parse_cluster(cluster)
    out_dir = check(out_dir, "--out")
    now = manifest_for(prep, "running", 0.0, 0, None)
    key = run_key(now)
    check_run_dir(out_dir, now, resume)
    session = Session(recipe, go_on)
    with backend_for(cluster, threads) as backend, OutputDir(out_dir) as _:
        remove_stale_temps(out_dir / results.PARTS)  # a part a killed run was writing (OutputDir cleans out_dir)
        old = check_run_dir(out_dir, now, resume)  # again, now that the directory is ours
        if old is not None and old.get("status") == "complete" and (out_dir / results.GAMES_FILE).exists():
            results.remove_parts(out_dir)  # a crash may have come between the manifest and the clean-up
            return {**old, "games_played_this_session": 0, "play_seconds": 0.0, "games_per_second": None}
        done, problems = results.scan_parts(out_dir, recipe.chunk_range, recipe.seed, key) if resume else (set(), [])
        for line in problems:
            if on_warning:
                on_warning(f"{line}: playing its games again")
        results.write_json(out_dir / results.MANIFEST, seal(now))
        try:
            session.play(prep, backend, out_dir, key, done, cluster, on_chunk, on_resume, on_compile)
            session.fingerprint = session.merge(prep, out_dir, key)
        except BaseException as e:
            raise session.failed(e, out_dir, fresh=not resume) from None
        manifest = manifest_for(prep, "complete", time.perf_counter() - session.started, recipe.n, session.fingerprint)
        manifest.update(
            compile_seconds=None if session.compile_seconds is None else round(session.compile_seconds, 6),
            play_seconds=round(session.play_seconds, 6),  # a short resumed run plays in milliseconds
            games_played_this_session=session.played,
            games_per_second=round(session.played / session.play_seconds, 1) if session.play_seconds > 0 else None,
        )
        manifest = seal(manifest)  # report, compare and reuse read it only while its content matches this seal
        results.write_json(out_dir / results.MANIFEST, manifest)
        results.remove_parts(out_dir)  # only now: the table and the complete manifest are on disk
    return manifest


@dataclass
class Session:
    """One invocation of `run` on a run directory: what it played and how long each phase took."""

    recipe: Recipe
    go_on: str  # how the user goes on after a fault (run: with --resume; an experiment: the same command)
    started: float = field(default_factory=time.perf_counter)
    compile_seconds: float | None = None  # None on a cluster: each worker compiles, within play
    play_seconds: float = 0.0
    played: int = 0
    parts_written: int = 0
    parts_kept: int = 0
    fingerprint: str | None = None

    def play(self, prep, backend, out_dir, key, done, cluster, on_chunk, on_resume, on_compile) -> None:
        recipe = self.recipe
        self.parts_kept = len(done)
        if cluster is None:  # on a cluster each worker compiles (or loads) its own kernels
            if on_compile:
                on_compile(True)
            self.compile_seconds = compile_kernels(prep)
            if on_compile:
                on_compile(False)
        if on_resume and done:
            on_resume(sum(recipe.chunk_range(c)[1] for c in done))
        playing = time.perf_counter()
        todo = (c for c in range(recipe.n_chunks) if c not in done)  # lazily: n may be huge
        try:
            for chunk, frame in backend.map_chunks(prep, todo):
                results.write_part(out_dir, chunk, frame, key)
                self.parts_written += 1
                self.parts_kept += 1
                self.played += frame.height
                if on_chunk:
                    on_chunk(frame.height)
        finally:
            self.play_seconds = time.perf_counter() - playing

    def merge(self, prep, out_dir, key) -> str:
        recipe = self.recipe
        meta = {"game": prep.spec.name, "seed": recipe.seed, "n": recipe.n, "code_fingerprint": code_fingerprint()}
        try:
            return results.merge_parts(out_dir, recipe.n_chunks, recipe.chunk_range, recipe.seed, key, meta)
        except results.PartError as e:
            raise WriteError(f"{e}; its games are played again: {self.go_on}") from None

    def failed(self, error: BaseException, out_dir: Path, fresh: bool) -> BaseException:
        """The error to raise when the session ends early (a fault while writing says what was kept; Ctrl-C
        and other errors go on as they are). A fresh run that wrote no chunk leaves nothing behind, so the
        corrected command can start again."""
        if fresh and self.parts_written == 0:
            (out_dir / results.MANIFEST).unlink(missing_ok=True)
            results.remove_parts(out_dir)
        kept = (
            f"{self.parts_kept} finished chunk(s) kept in {out_dir}: {self.go_on}"
            if self.parts_kept
            else "no chunk had finished"
        )
        if isinstance(error, WriteError):
            return WriteError(f"{error}; {kept}")
        if isinstance(error, OSError):
            return WriteError(f"cannot write the run ({error.strerror or error}); {kept}")
        return error
