"""Yokohama bots: one compiled dispatcher, `choose`, selects the strategy by id at run time.

`greedy` values every legal decision in VP-equivalents with named weights (greedy.py);
the archetypes are the same kernel with other weights, so a new lineup or new weights compile nothing.
"""

import numpy as np
from numba import njit

from sim.games.yokohama.layout import G_PLAYERS, MAX_PLAYERS, P_VP
from sim.games.yokohama.rules import final_scoring, pb
from sim.kernel_tools import random_legal
from strategies import Strategy, families
from strategies.yokohama.greedy import N_SEEDS, PLAN_SEED, WEIGHTS, choose_greedy

GREEDY = 1  # the game's own kernel (strategies/families.py dispatches the families)
MEMORY_SIZE = PLAN_SEED + N_SEEDS  # per-seat scratch the greedy bot keeps between its decisions

BOOK = families.book(
    "yokohama",
    WEIGHTS,
    [
        Strategy("greedy", GREEDY, "one-step value of each legal decision with the default weights"),
        Strategy(
            "orders", GREEDY, "order runner: ports, goods for orders, country sets and foreign agents",
            {"w_order": 1.8, "w_needed": 2.0, "w_flag": 2.5, "w_agent": 2.6, "w_tech": 0.6, "w_church": 1.2},
        ),
        Strategy(
            "techs", GREEDY, "tech builder: laboratories, the industry majority, engine techs",
            {"w_tech": 1.8, "w_industry": 0.9, "w_order": 0.7, "w_money": 0.8},
        ),
        Strategy(
            "church", GREEDY, "church racer: faith, the church and customs majorities, ends the game early",
            {"w_church": 3.0, "w_faith": 0.7, "w_customs": 6.0, "w_import": 3.0, "w_end": 0.8, "w_order": 0.8},
        ),
        Strategy(
            "customs", GREEDY, "customs racer: imports from orders, chips and Chinatown into customs spaces",
            {"w_faith": 0.2, "w_church": 0.5, "w_customs": 10.0, "w_import": 4.5},
        ),
        Strategy(
            "builder", GREEDY, "builder: spread placement, shops and trading houses, location rewards",
            {"w_build": 4.0, "w_shop": 0.9, "w_th": 0.9, "w_tempo": 0.6, "w_assistant": 1.0, "w_church": 0.0,
             "w_faith": 0.3, "w_end": 0.6},
        ),
    ],
)  # fmt: skip


@njit(cache=True)
def choose(kernel, weights, s, d, k, mask, n_legal, seat, rng, memory):
    """The game's own bots: greedy and its archetypes (every family is dispatched in strategies/families.py)."""
    return choose_greedy(weights, s, d, k, mask, seat, memory)


# ------------------------------------------------------------------ what the search (strategies/mcts.py) asks


@njit(cache=True)
def new_memory():
    """Every seat's scratch, zeroed: what a bot keeps between its decisions."""
    return np.zeros((MAX_PLAYERS, MEMORY_SIZE), np.int32)


@njit(cache=True)
def rollout(policy, w, s, d, k, mask, n_legal, seat, rng, memory):
    """The game's own bots in a search's playouts: 0 random, 1 greedy (with the searching player's weights)."""
    if policy == 0:
        return random_legal(mask, n_legal, rng, 1 + seat)
    return choose_greedy(w, s, d, k, mask, seat, memory)


@njit(cache=True)
def evaluate(s, d, k, out):
    """out[p] = seat p's score if the game ended now, for a search cut short (final scoring on `s`, which it
    changes: pass a copy)."""
    final_scoring(s, d, k)
    for p in range(min(s[G_PLAYERS], MAX_PLAYERS)):
        out[p] = s[pb(p) + P_VP]
