"""Every game's position features (sim/games/<game>/features.py, the learned value's input) read only what the
seat can see: re-dealing everything hidden from the seat (the game's `redeal`) leaves its features unchanged."""

import importlib
from pathlib import Path

import numpy as np
import pytest

from sim.registry import get_game
from sim.rng import new_streams

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(p.parent.name for p in (ROOT / "sim" / "games").glob("*/features.py"))


def positions(game: str, n_players: int, games: int, every: int):
    """States reached by seeded greedy play (every `every`-th step), with the data and knobs."""
    spec = get_game(game)
    rules = importlib.import_module(f"sim.games.{game}.rules")
    layout = importlib.import_module(f"sim.games.{game}.layout")
    actions = importlib.import_module(f"sim.games.{game}.actions")
    bots = importlib.import_module(f"strategies.{game}")
    d = spec.load_data(None).array
    k = spec.params.defaults()
    player = spec.strategies.player("greedy")
    for g in range(games):
        rng = new_streams(7, g)
        s = np.zeros(layout.STATE_SIZE, np.int32)
        rules.init_state(s, d, k, n_players, rng)
        mask = np.zeros(actions.N_ACTIONS, np.uint8)
        memory = bots.new_memory()
        step = 0
        while not rules.is_terminal(s) and step < spec.max_steps:
            n_legal = rules.legal_mask(s, d, k, mask)
            seat = rules.current_player(s)
            if step % every == 0:
                yield s.copy(), d, k
            a = bots.choose(player.strategy.kernel, player.weights, s, d, k, mask, n_legal, seat, rng, memory[seat])
            rules.step(s, d, k, np.int64(a))
            step += 1


@pytest.mark.parametrize("game", GAMES)
def test_features_see_nothing_hidden_from_the_seat(game):
    features = importlib.import_module(f"sim.games.{game}.features")
    hidden = importlib.import_module(f"sim.games.{game}.hidden")
    n_players = get_game(game).max_players
    mine = np.zeros(features.N_FEATURES)
    redealt = np.zeros(features.N_FEATURES)
    checked = moved = 0
    for s, d, k in positions(game, n_players, games=3, every=7):
        for seat in range(n_players):
            features.features(s, d, k, seat, mine)
            other = s.copy()
            hidden.redeal(other, d, k, seat, new_streams(99, checked), 5)
            features.features(other, d, k, seat, redealt)
            assert np.array_equal(mine, redealt), (game, seat, np.flatnonzero(mine != redealt))
            checked += 1
            moved += not np.array_equal(other, s)
    assert checked > 100
    assert moved > checked // 4  # the re-deal did change hidden cards: the comparison tested something


@pytest.mark.parametrize("game", GAMES)
def test_features_are_named_and_finite(game):
    features = importlib.import_module(f"sim.games.{game}.features")
    names = [name for name, _ in features.FEATURES]
    assert len(names) == len(set(names)) == features.N_FEATURES
    assert all(meaning for _, meaning in features.FEATURES)
    out = np.zeros(features.N_FEATURES)
    for s, d, k in positions(game, get_game(game).min_players, games=1, every=11):
        features.features(s, d, k, 0, out)
        assert np.isfinite(out).all()
