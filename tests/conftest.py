"""Shared fixtures. Importing `sim` first points numba's cache at the hashed kernel-source directory."""

import fcntl
import hashlib
import json
import os
import pickle
from pathlib import Path

os.environ.setdefault("NUMBA_NUM_THREADS", "2")
# The tests compile at LLVM level 1, not numba's default 3: about a quarter less compile time (Bazaar 47 -> 36 s
# of CPU, Gangsta! 130 -> 94 s) for kernels about 14% slower, and the same results (the committed digests of
# tests/engine/test_digests.py were recorded at level 3). Its own kernel cache (sim/kernel_cache.py), so the
# CLI's level-3 kernels are not replaced; `NUMBA_OPT=3 pytest` tests at the CLI's level, with its cache.
os.environ.setdefault("NUMBA_OPT", "1")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

import sim  # noqa: E402, F401
from sim.registry import available  # noqa: E402


@pytest.fixture(scope="session")
def yokohama():
    from sim.registry import get_game

    return get_game("yokohama")


@pytest.fixture(scope="session")
def yokohama_data(yokohama):
    return yokohama.load_data(None)


@pytest.fixture()
def yokohama_params(yokohama):
    return yokohama.params.defaults()


@pytest.fixture()
def rng():
    from sim.rng import new_streams

    return new_streams(12345, 0)


def pytest_configure(config):
    np.set_printoptions(linewidth=160)


def pytest_sessionstart(session):
    """Under pytest-xdist, compile every game's kernels once, one game per core, before the workers start:
    workers started on a cold cache would each compile every kernel (a minute apiece). A warm cache makes
    this a few seconds; NUMBA_DISABLE_JIT runs and single-process runs (which compile on first use) skip it."""
    config = session.config
    distributed = (config.getoption("numprocesses", None) or 0) and not hasattr(config, "workerinput")
    if not distributed or os.environ.get("NUMBA_DISABLE_JIT") == "1":
        return
    from sim.warm import warm

    reporter = config.pluginmanager.get_plugin("terminalreporter")
    for game, seconds in warm(_games(config), jobs=os.cpu_count() or 1).items():
        reporter.write_line(f"kernels of {game} ready in {seconds:.0f} s")


def _games(config) -> list[str]:
    """The games the selected tests play: those of tests/<game>/ when every path given is in a game's folder
    (`pytest tests/yokohama` compiles Yokohama only), else every game (the engine, report and regression
    tests play them all). A game left out still compiles on first use, only not ahead."""
    games = list(available())
    tests = Path(__file__).resolve().parent
    chosen = set()
    for arg in config.args:
        path = (Path(config.invocation_params.dir) / arg.split("::")[0]).resolve()
        inside = path.relative_to(tests).parts if path.is_relative_to(tests) else ()
        if not inside or inside[0] not in games:
            return games
        chosen.add(inside[0])
    return [g for g in games if g in chosen]


# Tests that run in one worker, one after another (pytest-xdist otherwise hands out tests one by one, and two
# workers would each do the same long work at once): a module with its own test kernel, which a cold cache
# compiles in a minute or more, a module whose module-scoped fixture compiles or plays for a while (each worker
# would run it), and the tests that share the baseline replays (shared_replays below).
ONE_WORKER = {
    "tests/engine/test_learned.py": "learned value kernels",
    "tests/engine/test_learn_store.py": "the uninterrupted learn every resumed one is compared with",
    "tests/engine/test_tune.py": "the badly set weight's tune",
    **{f"tests/{game}/test_features.py": f"{game} features kernels" for game in available()},
    "tests/lagranja/test_greedy.py": "lagranja greedy kernel",
    "tests/gangsta/test_invariants.py": "gangsta invariants kernel",
    "tests/lagranja/test_invariants.py": "lagranja invariants kernel",
    "tests/obsession/test_invariants.py": "obsession invariants kernel",
    "tests/yokohama/test_invariants.py": "yokohama invariants kernel",
    "tests/regression/test_regression.py": "baseline replays",
    "tests/engine/test_cli_experiments.py::test_regress_exits_one_on_drift_and_zero_when_all_hold": "baseline replays",
    "tests/lagranja/test_commands.py::test_regress_holds_for_la_granja": "baseline replays",
}


@pytest.hookimpl(optionalhook=True)  # an xdist hook: unknown when xdist is not loaded (`-p no:xdist`)
def pytest_xdist_make_scheduler(config, log):
    """xdist's default (`--dist load`) with the groups of ONE_WORKER kept together; a group is handed out
    before the single tests (the largest first), so it does not start last. Another --dist is left alone."""
    if config.getvalue("dist") != "load":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class Grouped(LoadScopeScheduling):
        def _split_scope(self, nodeid):
            test = nodeid.split("[")[0]
            return ONE_WORKER.get(test) or ONE_WORKER.get(test.split("::")[0]) or nodeid

    return Grouped(config, log)


_replays: dict[str, object] = {}


@pytest.fixture()
def shared_replays(monkeypatch, tmp_path_factory):
    """One replay per baseline recipe in a test run, shared by the tests that replay the recorded baselines
    (tests/regression and the `regress` command's tests) across the xdist workers. A replay is deterministic
    (the same recipe and code give the same counts, whatever the threads), so replaying 20,000 games a second
    time checks nothing the first did not; each test still makes its own assertions on the counts."""
    from sim import regression

    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")  # one id per run, the same in every worker
    folder = tmp_path_factory.getbasetemp().parent / f"replays-{run}" if run else None
    replay = regression.replay

    def shared(recipe, threads=None):
        key = hashlib.sha256(json.dumps(recipe.to_json(), sort_keys=True).encode()).hexdigest()[:16]
        if key in _replays:
            return _replays[key]
        if folder is None:
            _replays[key] = replay(recipe, threads)
            return _replays[key]
        folder.mkdir(exist_ok=True)
        path = folder / f"{key}.pickle"
        # One worker replays while another that needs the same recipe waits for it (the regress command's tests
        # and tests/regression ask for the same ones): replaying it alongside would take the waiting worker's
        # core from the first and check nothing more.
        with open(folder / f"{key}.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if path.exists():
                _replays[key] = pickle.loads(path.read_bytes())
            else:
                _replays[key] = replay(recipe, threads)
                part = path.with_suffix(f".{os.getpid()}")
                part.write_bytes(pickle.dumps(_replays[key]))
                part.replace(path)  # whole or absent for a worker reading it at the same moment
        return _replays[key]

    monkeypatch.setattr(regression, "replay", shared)
