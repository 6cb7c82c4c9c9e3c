"""Bazaar bots: one compiled dispatcher, `choose`, selects the strategy by id at run time.

`greedy` scores each legal action with named weights, in VP: a card's printed VP, and coins at what they are
worth at the end (1 / final.coins_per_vp VP each) times w_coin, a card's income counted for every round it
will still pay. `builder` is the same kernel with other weights (an archetype). Bots read the rules only
through the rules modules' names; they never re-implement a rule.
"""

import numpy as np
from numba import njit

from sim.games.bazaar.actions import A_BUY, A_TAKE, N_ACTIONS
from sim.games.bazaar.layout import G_MARKET, G_PLAYERS, G_ROUND, MAX_PLAYERS, P_INCOME, P_MONEY, P_VP
from sim.games.bazaar.params import K_COINS_PER_VP, K_ROUNDS, K_TAKE
from sim.games.bazaar.rules import cb, pb
from sim.games.bazaar.tables import C_COST, C_INCOME, C_VP
from sim.kernel_tools import random_legal
from sim.rng import uniform
from strategies import Strategy, Weight, families

GREEDY = 1  # the game's own kernel (strategies/families.py dispatches the families)

WEIGHTS = [
    Weight("w_vp", 1.0, "one VP printed on a card"),
    Weight("w_coin", 1.5, "one coin, in units of its worth at the end (above 1: coins buy cards)"),
    Weight("w_income", 1.0, "a card's income, counted as coins for each round it will still pay"),
    Weight("w_noise", 0.05, "random jitter on every score (variety between games)"),
]
W_VP, W_COIN, W_INCOME, W_NOISE = range(len(WEIGHTS))

BOOK = families.book(
    "bazaar",
    WEIGHTS,
    [
        Strategy("greedy", GREEDY, "best one-step value of each legal action (weights below)"),
        Strategy("builder", GREEDY, "values income twice as much: buys early engines", {"w_income": 2.0}),
    ],
)


@njit(cache=True)
def choose(kernel, weights, s, d, k, mask, n_legal, seat, rng, memory):
    """The game's own bots: greedy and its archetypes (every family is dispatched in strategies/families.py)."""
    return greedy(weights, s, d, k, mask, seat, rng)


@njit(cache=True)
def greedy(w, s, d, k, mask, p, rng):
    """The legal action of highest score (first on ties; w_noise jitters the scores)."""
    best = -1
    best_score = -1e18
    for a in range(N_ACTIONS):
        if not mask[a]:
            continue
        sc = score(w, s, d, k, a)
        if w[W_NOISE] > 0:
            sc += w[W_NOISE] * uniform(rng, 1 + p)
        if sc > best_score:
            best, best_score = a, sc
    return best


@njit(cache=True)
def score(w, s, d, k, a):
    """One action's worth in VP: coins gained or paid, a card's VP, its income over the rounds left (this
    round's end included)."""
    coin = w[W_COIN] / k[K_COINS_PER_VP]
    if a == A_TAKE:
        return coin * k[K_TAKE]
    c = s[G_MARKET + a - A_BUY]
    rounds_left = k[K_ROUNDS] - s[G_ROUND]
    income = w[W_INCOME] * d[cb(c) + C_INCOME] * rounds_left
    return w[W_VP] * d[cb(c) + C_VP] + coin * (income - d[cb(c) + C_COST])


# ------------------------------------------------------------------ what the search (strategies/mcts.py) asks


@njit(cache=True)
def new_memory():
    """Every seat's scratch: Bazaar's bots keep nothing between decisions (one unused cell per seat)."""
    return np.zeros((MAX_PLAYERS, 1), np.int32)


@njit(cache=True)
def rollout(policy, w, s, d, k, mask, n_legal, seat, rng, memory):
    """The game's own bots in a search's playouts: 0 random, 1 greedy (with the searching player's weights)."""
    if policy == 0:
        return random_legal(mask, n_legal, rng, 1 + seat)
    return greedy(w, s, d, k, mask, seat, rng)


EVAL_SCALE = 10.0  # evaluate() returns integers: tenths of a VP


@njit(cache=True)
def evaluate(s, d, k, out):
    """out[p] = seat p's worth at a rollout's cut-off, in tenths of a VP: its cards' VP, and its coins with
    the income still to come converted at final.coins_per_vp (fractions kept: they still buy cards)."""
    rounds_left = k[K_ROUNDS] - s[G_ROUND]
    for p in range(min(s[G_PLAYERS], MAX_PLAYERS)):
        b = pb(p)
        coins = s[b + P_MONEY] + s[b + P_INCOME] * rounds_left
        out[p] = np.int64(EVAL_SCALE * (s[b + P_VP] + coins / k[K_COINS_PER_VP]))
