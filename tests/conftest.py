"""Shared fixtures. Importing `sim` first points numba's cache at the hashed kernel-source directory."""

import os
from pathlib import Path

os.environ.setdefault("NUMBA_NUM_THREADS", "2")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

import sim  # noqa: E402, F401


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
    from sim.registry import available

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
