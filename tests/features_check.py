"""What every game's position features (sim/games/<game>/features.py) must keep, checked on played positions.

`positions` plays seeded games the way `playout run` does (the traced play loop, one bot in every seat) and
keeps every position reached: that loop is the one the test run's warm-up compiled, where calling a bot from
Python would compile it once more (La Granja's greedy 24 s, cold). The checks then hold the features to the
contract of issue 33: a seat's features read nothing it cannot see (the game's `hidden.redeal` for that seat
changes none of them), they are finite, their names are unique and each of them varies over the positions.
"""

from __future__ import annotations

import importlib

import numpy as np

from sim.recipe import Recipe, prepare
from sim.rng import N_STREAMS, new_streams
from sim.spec import STATUS_OK
from sim.trace import trace_game


class Game:
    """A game's modules, data and default knobs, loaded by name."""

    def __init__(self, name: str):
        self.name = name
        self.hidden = importlib.import_module(f"sim.games.{name}.hidden")
        self.layout = importlib.import_module(f"sim.games.{name}.layout")
        self.module = importlib.import_module(f"sim.games.{name}.features")
        self.d = importlib.import_module(f"sim.games.{name}.tables").load().array
        self.k = importlib.import_module(f"sim.games.{name}.params").PARAMS.defaults()

    def features(self, s: np.ndarray, seat: int) -> np.ndarray:
        out = np.full(self.module.N_FEATURES, np.nan)
        self.module.features(s, self.d, self.k, np.int64(seat), out)
        return out


def positions(g: Game, n_players: int, games: range, seed: int = 1, bot: str = "random") -> list[np.ndarray]:
    """Every position of the seeded games (the finished one included), as copies of the state."""
    prep = prepare(Recipe(g.name, [bot] * n_players, seed, max(games) + 1, max(games) + 1))
    out = []
    for game in games:
        trace = trace_game(prep, game)
        assert trace.row[0] == STATUS_OK, f"{g.name}: game {game} ended with status {trace.row[0]}"
        out += [trace.initial, *(step.after for step in trace.steps)]
    return out


def redeal_changes_no_feature(g: Game, states: list[np.ndarray], seed: int = 3) -> int:
    """For every position and seat: the re-deal of what the seat cannot see leaves its features equal.
    Returns how many positions the re-deal changed (the check is empty if it never changes any)."""
    rng = new_streams(seed, 0)
    assert rng.shape == (N_STREAMS,)
    changed = 0
    for i, s in enumerate(states):
        for seat in range(int(s[g.layout.G_PLAYERS])):
            t = s.copy()
            g.hidden.redeal(t, g.d, g.k, np.int64(seat), rng, np.int64(0))
            changed += not np.array_equal(t, s)
            same = g.features(s, seat) == g.features(t, seat)
            names = [g.module.FEATURES[j][0] for j in np.flatnonzero(~same)]
            assert same.all(), f"{g.name} position {i}, seat {seat}: the re-deal moved {names}"
    return changed


def feature_table(g: Game, states: list[np.ndarray]) -> np.ndarray:
    """Features of every position for every seat, one row each."""
    return np.array([g.features(s, seat) for s in states for seat in range(int(s[g.layout.G_PLAYERS]))])


def check_declaration(g: Game) -> None:
    names = [name for name, _ in g.module.FEATURES]
    assert len(set(names)) == len(names), "feature names repeat"
    assert len(names) == g.module.N_FEATURES
    assert all(name.isidentifier() and meaning for name, meaning in g.module.FEATURES)


def check_table(g: Game, table: np.ndarray) -> None:
    """Finite everywhere, and no feature constant over the positions."""
    names = [name for name, _ in g.module.FEATURES]
    bad = [names[j] for j in range(len(names)) if not np.isfinite(table[:, j]).all()]
    assert not bad, f"non-finite features: {bad}"
    constant = [names[j] for j in range(len(names)) if np.ptp(table[:, j]) == 0]
    assert not constant, f"features that never vary: {constant}"
