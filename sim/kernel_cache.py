"""Where compiled kernels are cached, keyed by a hash of all kernel sources."""

import functools
import hashlib
import os
import shutil
import sys
from importlib import metadata
from pathlib import Path

_ROOT = Path(__file__).resolve().parent.parent
_KERNEL_PACKAGES = ("sim", "strategies")
_KEEP = 4  # cache directories kept besides the current one
_NOT_KERNEL = {
    f"sim/{name}.py"
    for name in (
        "action_stats", "backends", "datafiles", "dispatch", "docs", "engine", "errors", "experiments",
        "kernel_cache", "output", "params", "play", "recipe", "registry", "regression", "results", "samples", "seal",
        "store", "trace", "warm",
    )
}  # fmt: skip
_NOT_KERNEL_IN_GAMES = {"render.py", "spec.py"}  # a game's text/JSON output and its GameSpec


def kernel_source_hash() -> str:
    """sha256 of every module a kernel may read (code, or constants frozen into compiled code): all of
    sim/ and strategies/ but the orchestration modules no kernel imports, so editing those recompiles
    nothing; a new module is hashed unless listed here."""
    h = hashlib.sha256()
    for package in _KERNEL_PACKAGES:
        for path in sorted((_ROOT / package).rglob("*.py")):
            rel = str(path.relative_to(_ROOT))
            if rel in _NOT_KERNEL or (rel.startswith("sim/games/") and path.name in _NOT_KERNEL_IN_GAMES):
                continue
            h.update(rel.encode())
            h.update(path.read_bytes())
    try:
        h.update(metadata.version("numba").encode())
    except metadata.PackageNotFoundError:
        pass
    # Build flags are not part of numba's own key: a bounds-checked build must not reuse unchecked code, nor a
    # run at numba's default optimisation (NUMBA_OPT 3) code built at a lower level (the tests build at 1).
    h.update(os.environ.get("NUMBA_BOUNDSCHECK", "").encode())
    if os.environ.get("NUMBA_OPT", "3") != "3":
        h.update(b"NUMBA_OPT=" + os.environ["NUMBA_OPT"].encode())
    return h.hexdigest()[:16]


# Modules no kernel imports that still decide a run's rows: which games a chunk holds and how kernel output
# becomes columns (engine, recipe, play, results), how knobs, weights and data files become arrays (params,
# strategies, datafiles), and each game's result columns and end-trigger names (spec).
_DECIDES_ROWS = (
    "sim/engine.py", "sim/recipe.py", "sim/play.py", "sim/results.py", "sim/params.py", "sim/datafiles.py",
    "sim/spec.py",
)  # fmt: skip


@functools.cache
def code_fingerprint() -> str:
    """sha256 of every source that can change a run's rows: the kernel sources (kernel_source_hash; the
    bots' presets are in strategies/, hashed whole) and the modules above. A run resumed under another
    fingerprint would mix rows of two programs, so the engine records it and refuses that."""
    h = hashlib.sha256(kernel_source_hash().encode())
    games = sorted(str(p.relative_to(_ROOT)) for p in (_ROOT / "sim" / "games").glob("*/spec.py"))
    presets = sorted(str(p.relative_to(_ROOT)) for p in (_ROOT / "strategies" / "presets").glob("*.json"))
    presets += sorted(str(p.relative_to(_ROOT)) for p in (_ROOT / "strategies" / "models").glob("*.json"))
    for rel in (*_DECIDES_ROWS, *games, *presets):  # a shipped preset decides the rows of its `tuned` bot
        h.update(rel.encode())
        h.update((_ROOT / rel).read_bytes())
    return h.hexdigest()[:16]


def cache_root() -> Path:
    base = os.environ.get("PLAYOUT_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "playout"
    )
    return Path(base) / "numba"


def configure_numba_cache() -> Path:
    target = cache_root() / kernel_source_hash()
    try:
        target.mkdir(parents=True, exist_ok=True)
        os.utime(target)
        _prune(target.parent, keep=target)
    except OSError:
        return target  # an unwritable cache only costs compile time; numba falls back to no cache
    os.environ["NUMBA_CACHE_DIR"] = str(target)
    if "numba" in sys.modules:  # numba read its config already
        import numba

        numba.config.CACHE_DIR = str(target)
    return target


def _prune(parent: Path, keep: Path) -> None:
    others = sorted((p for p in parent.iterdir() if p.is_dir() and p != keep), key=lambda p: p.stat().st_mtime)
    for old in others[:-_KEEP] if len(others) > _KEEP else []:
        shutil.rmtree(old, ignore_errors=True)
