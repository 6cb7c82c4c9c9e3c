"""Seeing a turn through (issue 33): `learned:lv_look=turn` rates a candidate where the seat's turn ends (and
`lv_look=round` where the seat is to move again after the others), and
`mcts:...,cut=turn` cuts a rollout at the end of the turn under way, so a learned value never rates a turn half
done. The kernels run as plain Python here (NUMBA_DISABLE_JIT=1, one subprocess per game): the functions are
called on one position directly, which compiled would mean compiling them for these argument types."""

import json
import os
import subprocess
import sys

import pytest

from cli import main

SNIPPET = """
import json, sys
import numpy as np
from importlib import import_module
from sim.kernel_tools import random_legal
from sim.recipe import Recipe, prepare
from sim.rng import new_streams
from strategies import learned, mcts

game = sys.argv[1]
rules, bots = import_module(f"sim.games.{game}.rules"), import_module(f"strategies.{game}")
n_actions = import_module(f"sim.games.{game}.actions").N_ACTIONS
prep = prepare(Recipe(game, ["learned"] * 4, 3, 1))
d, k, w = prep.data.array, prep.params, prep.players[0].weights
rng = new_streams(3, 0)
s = np.zeros(import_module(f"sim.games.{game}.layout").STATE_SIZE, np.int32)
rules.init_state(s, d, k, 4, rng)
mask = np.zeros(n_actions, np.uint8)
# random play until a seat's turn starts (another seat was to move the step before) with a real choice
last, steps = -1, 0
while True:
    n = rules.legal_mask(s, d, k, mask)
    p = int(rules.current_player(s))
    if steps > 30 and n > 1 and p != last:
        break
    last = p
    rules.step(s, d, k, random_legal(mask, n, rng, np.int64(5)))
    steps += 1
memory = bots.new_memory()[p].copy()
out = {"seat": p, "after_one_step": [], "after_the_turn": [], "after_the_round": []}
for a in np.flatnonzero(mask):
    t = s.copy()
    rules.step(t, d, k, a)
    out["after_one_step"].append(int(rules.current_player(t)))
    seats = bots.new_memory()
    seats[p] = memory
    learned.play_on(game, w, t, d, k, np.zeros(n_actions, np.uint8), np.int64(p), rng, seats, False)
    out["after_the_turn"].append(-1 if rules.is_terminal(t) else int(rules.current_player(t)))
    t = s.copy()
    rules.step(t, d, k, a)
    seats = bots.new_memory()
    seats[p] = memory
    learned.play_on(game, w, t, d, k, np.zeros(n_actions, np.uint8), np.int64(p), rng, seats, True)
    out["after_the_round"].append(-1 if rules.is_terminal(t) else int(rules.current_player(t)))
memories = np.zeros_like(bots.new_memory())
for depth in (1, -1):
    t = s.copy()
    mcts.playout(game, w, t, d, k, np.zeros(n_actions, np.uint8), 1, depth, rng, memories.copy())
    out[f"playout_{depth}"] = -1 if rules.is_terminal(t) else int(rules.current_player(t))
print(json.dumps(out))
"""


def look(game: str) -> dict:
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    r = subprocess.run([sys.executable, "-c", SNIPPET, game], capture_output=True, text=True, env=env, check=True)
    return json.loads(r.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("game", ["yokohama", "obsession"])
def test_the_look_ahead_rates_each_candidate_where_the_seats_turn_ends(game):
    out = look(game)
    assert all(p != out["seat"] for p in out["after_the_turn"]), out
    # the one-step rating would rate a turn half done: after the first step the seat is still to move
    assert any(p == out["seat"] for p in out["after_one_step"]), out


@pytest.mark.parametrize("game", ["yokohama", "obsession"])
def test_the_round_look_rates_each_candidate_where_the_seat_is_to_move_again(game):
    out = look(game)
    # the turn's end has another seat to move, so a round that ends with the seat to move played the others
    assert all(p == out["seat"] for p in out["after_the_round"] if p >= 0), out
    assert all(p != out["seat"] for p in out["after_the_turn"]), out


def test_a_rollout_cut_at_the_turn_stops_where_the_turn_ends_not_after_one_decision():
    out = look("yokohama")
    assert out["playout_1"] == out["seat"]  # one decision of a Yokohama turn leaves the turn half done
    assert out["playout_-1"] != out["seat"]


def test_cut_turn_without_a_depth_is_refused(capsys):
    with pytest.raises(SystemExit) as e:
        main(["run", "yokohama", "-n", "2", "--players", "mcts:cut=turn,greedy*3"])
    assert e.value.code == 2 and "give a depth" in capsys.readouterr().err
