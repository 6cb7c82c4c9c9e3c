"""What every game's position features (sim/games/<game>/features.py) must keep, checked on played positions.

`positions` plays seeded games through the game's own rules (init_state, legal_mask, step) with the random
bot, or with a bot given as `choose(s, d, k, mask, n_legal, seat, rng) -> action`, and keeps every position
reached. The checks then hold the features to the contract of issue 33: a seat's features read nothing it
cannot see (the game's `hidden.redeal` for that seat changes none of them), they are finite, their names are
unique and each of them varies over the positions.
"""

from __future__ import annotations

import importlib

import numpy as np

from sim.kernel_tools import random_legal
from sim.rng import N_STREAMS, new_streams


class Game:
    """A game's modules, data and default knobs, loaded by name."""

    def __init__(self, name: str):
        self.name = name
        self.rules = importlib.import_module(f"sim.games.{name}.rules")
        self.hidden = importlib.import_module(f"sim.games.{name}.hidden")
        self.layout = importlib.import_module(f"sim.games.{name}.layout")
        self.actions = importlib.import_module(f"sim.games.{name}.actions")
        self.module = importlib.import_module(f"sim.games.{name}.features")
        self.d = importlib.import_module(f"sim.games.{name}.tables").load().array
        self.k = importlib.import_module(f"sim.games.{name}.params").PARAMS.defaults()

    def features(self, s: np.ndarray, seat: int) -> np.ndarray:
        out = np.full(self.module.N_FEATURES, np.nan)
        self.module.features(s, self.d, self.k, np.int64(seat), out)
        return out


def random_choice(s, d, k, mask, n_legal, seat, rng):
    return random_legal(mask, n_legal, rng, np.int64(1 + seat))


def positions(g: Game, n_players: int, games: range, seed: int = 1, choose=random_choice, max_steps: int = 20000):
    """Every position of the seeded games (the finished one included), as copies of the state."""
    out = []
    mask = np.zeros(g.actions.N_ACTIONS, np.uint8)
    for game in games:
        rng = new_streams(seed, game)
        s = np.zeros(g.layout.STATE_SIZE, np.int32)
        g.rules.init_state(s, g.d, g.k, np.int64(n_players), rng)
        for _ in range(max_steps):
            out.append(s.copy())
            if g.rules.is_terminal(s):
                break
            n_legal = g.rules.legal_mask(s, g.d, g.k, mask)
            assert n_legal > 0
            seat = g.rules.current_player(s)
            g.rules.step(s, g.d, g.k, np.int64(choose(s, g.d, g.k, mask, n_legal, seat, rng)))
        else:
            raise AssertionError(f"{g.name}: game {game} did not end in {max_steps} steps")
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
