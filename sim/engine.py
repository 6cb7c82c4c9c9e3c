"""The batch engine: a run is a recipe; a recipe is cut into chunks of game indices; each chunk is played
by the game's parallel kernel (prange over games, one result row each) and written as a parquet part.

Game i of seed s depends only on (s, i, lineup, params, data): never on the chunk it falls in, the thread
count or the machine, so any chunking, any number of threads and a dask cluster give the same table.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import sim
from sim import results
from sim.backends import backend_for, parse_cluster
from sim.errors import RunDirError, WriteError
from sim.kernel_cache import code_fingerprint
from sim.output import OutputDir, check, remove_stale_temps
from sim.play import check_rows, compile_kernels, play_chunk_task, play_frame, play_range  # noqa: F401  (the engine's face)
from sim.recipe import (  # noqa: F401  (the engine's face: what a run is made of)
    DEFAULT_CHUNK,
    MAX_INDEX,
    SEARCH_CHUNK,
    Prepared,
    Recipe,
    check_index,
    check_knobs_apply,
    check_memory,
    check_search_weights,
    chunk_for,
    max_search_iters,
    prepare,
)
from sim.seal import seal


def run_key(manifest: dict) -> str:
    """What a part must belong to: the recipe and everything that decides its rows, the weights each code
    played included (a shipped model or preset is JSON, outside the code fingerprint: an experiment's kept arm
    or a robustness variation's kept answer played by a replaced model is not the new model's). A manifest from
    before those fingerprints has a key of its own: its parts are played again, not read as today's players'."""
    keys = ("recipe", "code_fingerprint", "rules_version", "params_fingerprint", "data_fingerprint")
    fields = [manifest[k] for k in keys] + [manifest.get("fingerprints")]
    return hashlib.sha256(json.dumps(fields, sort_keys=True).encode()).hexdigest()[:16]


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
    changed = [c for c, fp in old_manifest.get("fingerprints", {}).items() if now["fingerprints"].get(c, fp) != fp]
    if changed:  # a shipped model or preset replaced (JSON, outside the code fingerprint) between the sessions
        raise RunDirError(f"--resume: {out_dir} was played by other weights under {', '.join(changed)} (a model "
                          "or preset replaced since): its finished chunks would not match the rest; "
                          "start a new run")  # fmt: skip
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
        "fingerprints": spec.strategies.fingerprints(prep.codes),  # what each code played (the ladder's check)
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
