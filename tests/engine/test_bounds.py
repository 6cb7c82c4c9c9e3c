"""No kernel reads or writes outside its arrays: every game at every player count, every bot in every seat,
played with numba's bounds checks on (NUMBA_BOUNDSCHECK=1, a separate kernel cache).

Compiled kernels do not check indices: a bot that reads past the end of the state reads whatever memory
lies there, and its choices (so the results) change from one process or thread count to the next with no
error. Obsession's greedy bot did (a vp_hire action valued as a recruit from a seat far past the last),
found when the committed digests of tests/engine/test_digests.py moved with the thread count.

Slow tier: compiling every game again with checks takes minutes (CI runs it as its second step).
"""

import json
import os
import subprocess
import sys

import pytest

from sim.registry import available

SNIPPET = """
import json, sys
from sim.engine import Recipe, play_range, prepare
from sim.registry import get_game
game, lo, hi = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
book = get_game(game).strategies
bots = [c for c, s in book.strategies.items() if s.family != "mcts"]
played = 0
for n in range(lo, hi + 1):
    for shift in range(len(bots)):  # every bot in every seat, at every player count
        players = [bots[(shift + i) % len(bots)] for i in range(n)]
        play_range(prepare(Recipe(game, players, seed=11, n=GAMES, chunk=GAMES)), 0, GAMES)
        played += GAMES
    play_range(prepare(Recipe(game, ["mcts:iters=8,depth=6"] + bots[: n - 1], seed=11, n=2, chunk=2)), 0, 2)
print(json.dumps({"games": played}))
"""
GAMES = 150


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(available()))
def test_no_kernel_indexes_outside_its_arrays(game):
    lo, hi = available()[game].players
    env = {**os.environ, "NUMBA_BOUNDSCHECK": "1"}
    code = SNIPPET.replace("GAMES", str(GAMES))
    r = subprocess.run([sys.executable, "-c", code, game, str(lo), str(hi)], capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stderr.strip().splitlines()[-1] if r.stderr.strip() else r.stdout
    assert json.loads(r.stdout.strip().splitlines()[-1])["games"] >= GAMES * (hi - lo + 1)
