"""Kept results: the one place that keeps an answer on disk for reuse and reads it back.

Everything a command keeps to reuse later (a run's table and manifest, an experiment's arms, a robustness or
sensitivity variation's run and its estimates.json, an experiment's tables and experiment.json) is

- keyed by what made it: a run by `engine.run_key` (its recipe, the code fingerprint, the rules version, the
  knobs' fingerprint and the fingerprint of the data *contents*); an estimate by that and every option of
  the question asked (`answer_key`). A kept result is reused only when its key equals the key of what is
  asked now, so new code, corrected data files, other knobs, players or question options never reuse it;
- sealed: a kept JSON document carries the sha256 of its own content (`content_sha256`), a run's manifest
  too, and a table's rows are hashed into the manifest (`results_sha256`), experiment tables into
  experiment.json (`tables_sha256`); every read recomputes the hash, so a damaged or hand-edited result is
  never read as an answer;
- replayed when it does not match: `kept_run` and `recall` return nothing for a result that is missing,
  unreadable, made by something else or damaged, and the caller plays it again. `compare` and `report`,
  which cannot replay, refuse such a result with one line naming the file (RunDataError, exit code 2).
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

from sim.errors import InputError, RunDataError
from sim.seal import (  # noqa: F401  (kept answers are sealed documents)
    SEAL,
    canonical,
    check_seal,
    key_of,
    read_json,
    read_sealed,
    seal,
    sha256,
    write_sealed,
)

GO_ON = "rerun the same command to go on"  # a kept run resumes by itself: no --resume to type
TABLES_SEAL = "tables_sha256"  # experiment.json: {file name: sha256 of its bytes}
ARMS = "arms"  # under an experiment's output: its arms' run directories while it runs


# ---------------------------------------------------------------- kept answers (estimates.json)


def keep(path: Path, made_by: dict, payload) -> None:
    """Keep `payload` at path, keyed by `made_by` and sealed."""
    write_sealed(path, {"key": key_of(made_by), "made_by": made_by, "payload": payload})


def recall(path: Path, made_by: dict):
    """The payload kept at path when it was made by exactly `made_by` and is intact, else None (the caller
    makes it again): a missing, unreadable, damaged, edited or foreign answer is never reused."""
    try:
        doc = read_sealed(path)
    except (InputError, RunDataError):
        return None
    if doc.get("key") != key_of(made_by) or "payload" not in doc:
        return None
    return doc["payload"]


def answer_key(recipe, question: dict) -> dict:
    """Everything that decides a question's answer under one recipe: what decides the recipe's games (code,
    rules, knobs, data contents, the recipe itself) and every option of the question."""
    return {"games": recipe_key(recipe), "question": question}


def recipe_key(recipe) -> str:
    """engine.run_key of the recipe: its recipe, code, rules, knobs and data *contents* fingerprints."""
    from sim.engine import manifest_for, prepare, run_key

    return run_key(manifest_for(prepare(recipe), "running", 0.0, 0, None))


# ---------------------------------------------------------------- runs


def verified_run(run_dir: Path) -> dict:
    """The manifest of a finished run whose table, manifest and seal all agree (RunDataError or InputError
    naming the file otherwise)."""
    from sim.results import read_manifest, verify_games

    manifest = read_manifest(run_dir)
    verify_games(run_dir, manifest)
    return manifest


def kept_run(
    recipe,
    where: Path,
    threads=None,
    cluster=None,
    on_chunk: Callable[[int], None] | None = None,
    on_warning: Callable[[str], None] | None = None,
) -> Path:
    """The run of `recipe` in `where`, verified: reused when a finished run there was made by the same key
    and verifies; resumed from its finished chunks when an unfinished one was; otherwise (another key, a
    damaged table or manifest, litter) removed and played again."""
    from sim.engine import run
    from sim.results import read_manifest

    key = recipe_key(recipe)
    skip = getattr(on_chunk, "skip", on_chunk)
    resume = False
    if where.exists():
        try:
            old = read_manifest(where)
            same = _run_key_of(old) == key
        except InputError:
            old, same = None, False
        if same and old.get("status") == "complete":
            try:
                verified_run(where)
                if skip:
                    skip(recipe.n)  # finished by an earlier attempt: the progress moves, the rate does not
                return where
            except (InputError, RunDataError) as e:
                if on_warning:
                    on_warning(f"{e}: playing it again")
                same = False
        if same:
            resume = True
        else:
            shutil.rmtree(where)
    run(recipe, where, threads, cluster, resume=resume, on_chunk=on_chunk, on_resume=skip, go_on=GO_ON)
    verified_run(where)  # what was just written is read back through the same check
    return where


def _run_key_of(manifest: dict) -> str | None:
    from sim.engine import run_key

    try:
        return run_key(manifest)
    except (KeyError, TypeError):
        return None


# ---------------------------------------------------------------- experiment outputs


def seal_tables(out_dir: Path, names: list[str]) -> dict[str, str]:
    """{file name: sha256 of its bytes} for the tables an experiment wrote, for its experiment.json."""
    return {name: sha256((out_dir / name).read_bytes()) for name in names}


def verified_experiment(out_dir: Path) -> dict:
    """experiment.json of an experiment output, after checking its seal."""
    return read_sealed(Path(out_dir) / "experiment.json")


def verified_table(out_dir: Path, experiment: dict, name: str) -> bytes:
    """The bytes of table `name` of an experiment output, after checking them against experiment.json."""
    path = Path(out_dir) / name
    recorded = (experiment.get(TABLES_SEAL) or {}).get(name)
    if recorded is None:
        raise RunDataError(f"{path}: {Path(out_dir) / 'experiment.json'} records no such table")
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise RunDataError(f"{path} is missing") from None
    except OSError as e:
        raise RunDataError(f"{path}: cannot be read ({e.strerror or e})") from None
    if sha256(data) != recorded:
        raise RunDataError(f"{path} is damaged or was edited: its bytes do not match experiment.json's {TABLES_SEAL}")
    return data


# ---------------------------------------------------------------- what an interrupted experiment kept

VARIATIONS = "variations"  # robustness and sensitivity: a directory per variation, estimates.json when finished
ESTIMATES = "estimates.json"


def finished_parts(out: Path) -> tuple[int, int]:
    """(finished, started) of what an experiment keeps in out: its variations (robustness, sensitivity), each
    finished once its sealed estimates.json is written, or else its arms (matrix, sweep, value), each
    finished once its run is complete; `started` counts the unfinished ones that kept a finished chunk."""
    out = Path(out)
    if (out / VARIATIONS).is_dir():
        units = [d for d in (out / VARIATIONS).iterdir() if d.is_dir()]
        done = [d for d in units if _intact(d / ESTIMATES)]
    else:
        units = [d for d in (out / ARMS).iterdir() if d.is_dir()] if (out / ARMS).is_dir() else []
        done = [d for d in units if _complete(d)]
    started = [d for d in units if d not in done and next(d.rglob("part-*.json"), None) is not None]
    return len(done), len(started)


def _intact(path: Path) -> bool:
    try:
        read_sealed(path)
        return True
    except (InputError, RunDataError):
        return False


def _complete(run_dir: Path) -> bool:
    try:
        return read_json(run_dir / "manifest.json").get("status") == "complete"
    except InputError:
        return False
