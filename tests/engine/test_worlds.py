"""Rating a candidate in several re-deals (issue 33): `learned:lv_worlds=K` averages each candidate's learned value
over K re-deals of what the seat cannot see, so a candidate is not judged by the luck of one draw. The kernel runs
as plain Python here (NUMBA_DISABLE_JIT=1, in a subprocess), on one Gangsta! position where a recruit or a heist
refills a river from a hidden deck, rated one step on."""

import json
import os
import subprocess
import sys

import numpy as np
import pytest

from cli import main
from strategies.learned_model import MOST_WORLDS

SNIPPET = """
import json
import numpy as np
from importlib import import_module
from sim.kernel_tools import random_legal
from sim.recipe import Recipe, prepare
from sim.rng import new_streams
from strategies import learned
from strategies.learned_value import N_EXTRA
from strategies.mcts import N_MCTS_WEIGHTS

game = "gangsta"
rules, bots = import_module(f"sim.games.{game}.rules"), import_module(f"strategies.{game}")
n_actions = import_module(f"sim.games.{game}.actions").N_ACTIONS
n_features = len(import_module(f"sim.games.{game}.features").FEATURES)
prep = prepare(Recipe(game, ["learned"] * 4, 3, 1))
d, k, w = prep.data.array, prep.params, prep.players[0].weights
at = w.shape[0] - N_MCTS_WEIGHTS - n_features - N_EXTRA
rng = new_streams(3, 0)
s = np.zeros(import_module(f"sim.games.{game}.layout").STATE_SIZE, np.int32)
rules.init_state(s, d, k, 4, rng)
mask = np.zeros(n_actions, np.uint8)
for _ in range(60):  # random play into the game: heists and recruits on offer
    rules.step(s, d, k, random_legal(mask, rules.legal_mask(s, d, k, mask), rng, np.int64(5)))
rules.legal_mask(s, d, k, mask)
seat = np.int64(rules.current_player(s))
memory = bots.new_memory()[seat].copy()
step_look = np.int64(0)

def rated(r, worlds):
    v = learned.rate_in_worlds(game, w, at, s, s.copy(), d, k, mask, seat, r, memory, step_look, np.int64(worlds))
    return v[mask > 0].tolist()

one = [rated(new_streams(x, 0), 1) for x in range(20)]
eight = [rated(new_streams(x, 0), 8) for x in range(20)]
r = new_streams(99, 0)
in_turn = [rated(r, 1) for _ in range(8)]  # eight one-world ratings drawn one after another from one generator
print(json.dumps({"one": one, "eight": eight, "in_turn": in_turn, "together": rated(new_streams(99, 0), 8)}))
"""


@pytest.fixture(scope="module")
def ratings():
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    r = subprocess.run([sys.executable, "-c", SNIPPET], capture_output=True, text=True, env=env, check=True)
    return json.loads(r.stdout.strip().splitlines()[-1])


def spread(rows: list[list[float]]) -> list[float]:
    return np.asarray(rows).std(axis=0).tolist()


def test_a_candidates_value_in_several_worlds_is_the_mean_of_its_values_in_each(ratings):
    """Each world is a fresh re-deal of the position (not a re-deal of the world before), drawn in turn."""
    mean = [sum(col) / len(col) for col in zip(*ratings["in_turn"], strict=True)]
    assert ratings["together"] == pytest.approx(mean, rel=1e-12, abs=1e-12)


def test_more_worlds_judge_a_candidate_less_by_the_luck_of_one_draw(ratings):
    one, eight = spread(ratings["one"]), spread(ratings["eight"])
    lucky = [i for i, sd in enumerate(one) if sd > 1e-9]  # candidates whose worth depends on a hidden card
    assert lucky and len(lucky) < len(one), one  # and some (a pass, a learned skill) on none
    assert all(eight[i] == pytest.approx(0, abs=1e-12) for i in range(len(one)) if i not in lucky)
    # the mean of eight independent draws spreads sqrt(8) = 2.8 times less; allow for 20 samples of each spread
    assert all(eight[i] < 0.6 * one[i] for i in lucky), (one, eight)


@pytest.mark.parametrize("value", ["0", "2.5", str(MOST_WORLDS + 1)])
def test_a_count_of_worlds_that_is_not_a_whole_number_in_range_is_refused(capsys, value):
    with pytest.raises(SystemExit) as e:
        main(["run", "gangsta", "-n", "2", "--players", f"learned:lv_worlds={value},greedy*3"])
    err = capsys.readouterr().err
    assert e.value.code == 2 and "lv_worlds" in err and "whole number" in err and len(err.strip().splitlines()) == 1


def test_one_world_is_the_player_as_it_was_before_worlds_existed():
    """A count at its default is not part of what a player is: answers and ladders measured before lv_worlds
    existed still name the same player (one world is how every learned player played then)."""
    from reports.analysis import strength
    from sim.registry import get_game

    book = get_game("yokohama").strategies
    assert "lv_worlds" not in book.reads(book.player("learned"))  # what a player of before lv_worlds read
    assert book.reads(book.player("learned:lv_worlds=2"))["lv_worlds"] == 2
    assert (
        book.fingerprint("learned:lv_worlds=1")
        == book.fingerprint("learned")
        != book.fingerprint("learned:lv_worlds=2")
    )
    for game in ("yokohama", "gangsta", "lagranja", "obsession"):  # every shipped ladder rates its players now
        assert not strength.stale(game), (game, strength.stale(game))
