"""The greedy's shortcuts give the values the plain way gives, on played games (greedy against random, 4 players):
the branch-free delivery count equals the rules' delivery mask count for every seat, and play candidates that
share an alike_key (fields of one crop, extensions of one kind) are worth the same after the step."""

import numpy as np
from numba import njit

from sim.games.lagranja.actions import A_NO_PLAY, N_ACTIONS
from sim.games.lagranja.layout import G_PHASE, PH_PLAY, PH_XPLAY, STATE_SIZE
from sim.games.lagranja.params import PARAMS
from sim.games.lagranja.rules import (
    count_deliveries,
    current_player,
    deliveries,
    init_state,
    is_terminal,
    legal_mask,
    step,
)
from sim.games.lagranja.tables import load
from sim.kernel_tools import first_legal, random_legal
from sim.rng import N_STREAMS, seed_streams
from strategies.lagranja import BOOK, N_ALIKE, alike_key, greedy, value

D = load().array
K = PARAMS.values({})
W = BOOK.weight_vector(BOOK.strategies["greedy"], {})


@njit(cache=True)
def check_games(n_games, w, d, k, out):
    """out: [count mismatches, counts checked, alike value mismatches, alike pairs checked]."""
    mask = np.zeros(N_ACTIONS, np.uint8)
    scratch = np.zeros(STATE_SIZE, np.int32)
    memo = np.zeros(N_ALIKE, np.float64)
    for g in range(n_games):
        rng = np.zeros(N_STREAMS, np.uint64)
        seed_streams(np.int64(17), np.int64(g), rng)
        s = np.zeros(STATE_SIZE, np.int32)
        init_state(s, d, k, np.int64(4), rng)
        while not is_terminal(s):
            n = legal_mask(s, d, k, mask)
            p = current_player(s)
            for q in range(4):
                out[0] += count_deliveries(s, d, q) != deliveries(s, d, q, s, np.bool_(False))
                out[1] += 1
            if s[G_PHASE] == PH_PLAY or s[G_PHASE] == PH_XPLAY:
                seen = 0
                for a in range(A_NO_PLAY):
                    key = alike_key(s, d, p, a)
                    if not mask[a] or key < 0:
                        continue
                    for i in range(STATE_SIZE):
                        scratch[i] = s[i]
                    step(scratch, d, k, a)
                    v = value(w, scratch, d, k, p)
                    if (seen >> key) & 1:
                        out[2] += v != memo[key]
                        out[3] += 1
                    else:
                        memo[key] = v
                        seen |= 1 << key
            if n == 1:
                a = first_legal(mask)
            elif p == 0:
                a = greedy(w, s, d, k, mask, n, p, rng)
            else:
                a = random_legal(mask, n, rng, 1 + p)
            step(s, d, k, a)


def test_the_greedy_shortcuts_give_the_plain_values():
    out = np.zeros(4, np.int64)
    check_games(np.int64(200), W, D, K, out)
    assert out[0] == 0, f"{out[0]} delivery counts differ"
    assert out[2] == 0, f"{out[2]} alike play candidates differ in value"
    assert out[1] > 100_000 and out[3] > 1_000  # the checks saw enough
