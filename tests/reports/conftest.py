"""Fixtures for the report tests: synthetic runs with known effects, and a copy of the example run."""

from __future__ import annotations

import shutil
from pathlib import Path

import polars as pl
import pytest
from synthetic_runs import manifest, synthetic_games, write_run


@pytest.fixture(scope="session")
def synth() -> pl.DataFrame:
    """3 players, seat 0 favoured (0.4 / 0.3 / 0.3), 6,000 games."""
    return synthetic_games(6000, 3, seed=7, seat_win=[0.4, 0.3, 0.3], lineup=["a", "b", "c"])


@pytest.fixture()
def synth_run(tmp_path, synth) -> Path:
    return write_run(tmp_path / "run", synth, manifest(synth, ["a", "b", "c"], 7))


@pytest.fixture(scope="session")
def played_run(tmp_path_factory) -> Path:
    """A real Yokohama run made by the engine: 4 random bots, seed 1, 2,000 games."""
    from sim.engine import Recipe, run

    out = tmp_path_factory.mktemp("played") / "r1"
    run(Recipe("yokohama", ["random"] * 4, seed=1, n=2000, chunk=500), out, threads=2)
    return out


@pytest.fixture()
def example_run(tmp_path, played_run) -> Path:
    """A private copy of the played run (the original is never touched)."""
    return Path(shutil.copytree(played_run, tmp_path / "r1"))
