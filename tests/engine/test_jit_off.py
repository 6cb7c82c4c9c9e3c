"""The kernels run as plain Python (NUMBA_DISABLE_JIT=1) and give exactly the compiled results: Python is a
usable oracle for debugging a game index with pdb."""

import json
import os
import subprocess
import sys

import numpy as np
import pytest

from sim.engine import Recipe, play_range, prepare
from sim.registry import available

SNIPPET = """
import json, sys
from sim.engine import Recipe, play_range, prepare
game, players, first, n = sys.argv[1], sys.argv[2].split(","), int(sys.argv[3]), int(sys.argv[4])
print(json.dumps(play_range(prepare(Recipe(game, players, 5, first + n, 64)), first, n).tolist()))
"""


@pytest.mark.parametrize("game", available())  # every game, as soon as it registers
def test_python_and_compiled_kernels_give_identical_rows(game):
    players = "greedy,random,greedy"
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    r = subprocess.run([sys.executable, "-c", SNIPPET, game, players, "3", "1"], capture_output=True, text=True,
                       env=env, check=True)  # fmt: skip
    python_rows = np.array(json.loads(r.stdout.strip().splitlines()[-1]), dtype=np.int32)
    compiled_rows = play_range(prepare(Recipe(game, players.split(","), 5, 4, 64)), 3, 1)
    assert np.array_equal(python_rows, compiled_rows)
