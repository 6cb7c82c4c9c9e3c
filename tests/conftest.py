"""Shared fixtures. Importing `sim` first points numba's cache at the hashed kernel-source directory."""

import os

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
