"""What a search bot needs of La Granja: re-dealing what a seat cannot see, and evaluating a state.

`redeal(s, d, k, seat, rng, stream)` re-samples in place everything `seat` cannot see (layout.py, "Hidden
information"): the draw deck and the other players' hands form one unseen pool (sorted, shuffled with
`rng[stream]`, dealt back: each other hand keeps its size, the deck takes the rest); the roof markers of the rounds
to come (their multiset shuffled over the same slots); the revenue dice of the rounds not yet rolled (rolled
again); the reshuffle key. The result depends on what the seat knows and on the generator, never on the hidden
order it replaces. The donkey markers chosen in the same step are not hidden here (the bots choose in turn order
without looking; a search should not look either).

`evaluate(s, d, k, out)`: out[p] = seat p's score if the game ended now (the final conversion on `s`, which it
changes: pass a copy).

The rest is what strategies/mcts.py calls by name (rules and the game's own bots for rollouts).
"""

import numpy as np
from numba import njit

from sim.games.lagranja.layout import (
    FL_DICE,
    G_DECK,
    G_DECK_N,
    G_FLOW,
    G_PLAYER,
    G_PLAYERS,
    G_ROLLS,
    G_ROOF_DECK,
    G_ROUND,
    G_SHUFFLE_KEY,
    MAX_CARDS,
    MAX_PLAYERS,
    P_HAND,
    P_HAND_N,
    P_VP,
    PLAYER_SIZE,
    ROOFS_PER_ROUND,
)
from sim.games.lagranja.rules import (  # noqa: F401  (the search's calls, by name)
    current_player,
    final_scores,
    final_scoring,
    is_terminal,
    legal_mask,
    pb,
    step,
)
from sim.kernel_tools import random_legal, redeal_hands
from sim.rng import below, shuffle
from strategies.lagranja import MEMORY_SIZE, greedy


@njit(cache=True)
def redeal_roofs(s, rng, stream):
    """The roof markers of the rounds after this one: the same markers over the same slots, in a new order."""
    first = s[G_ROUND] * ROOFS_PER_ROUND
    pool = np.zeros(6 * ROOFS_PER_ROUND, np.int64)
    slots = np.zeros(6 * ROOFS_PER_ROUND, np.int64)
    n = 0
    for i in range(first, 6 * ROOFS_PER_ROUND):
        if s[G_ROOF_DECK + i] >= 0:
            pool[n] = s[G_ROOF_DECK + i]
            slots[n] = i
            n += 1
    pool[:n].sort()
    shuffle(pool, np.int64(0), n, rng, stream)
    for j in range(n):
        s[G_ROOF_DECK + slots[j]] = pool[j]


@njit(cache=True)
def redeal(s, d, k, seat, rng, stream):
    redeal_hands(s, np.int64(G_DECK), np.int64(G_DECK_N), np.int64(P_HAND), np.int64(P_HAND_N), s[G_PLAYERS],
                 np.int64(G_PLAYER), np.int64(PLAYER_SIZE), seat, rng, stream, np.int64(MAX_CARDS))  # fmt: skip
    redeal_roofs(s, rng, stream)
    first = s[G_ROUND] if s[G_FLOW] <= FL_DICE else s[G_ROUND] + 1  # rounds whose dice are not rolled yet
    for r in range(first, 7):
        for i in range(9):
            s[G_ROLLS + (r - 1) * 9 + i] = 1 + below(rng, stream, np.int64(6))
    s[G_SHUFFLE_KEY] = below(rng, stream, np.int64(2147483647))


@njit(cache=True)
def evaluate(s, d, k, out):
    final_scoring(s, d, k)
    for p in range(min(s[G_PLAYERS], MAX_PLAYERS)):
        out[p] = s[pb(p) + P_VP]


@njit(cache=True)
def new_memory():
    return np.zeros((MAX_PLAYERS, MEMORY_SIZE), np.float64)


@njit(cache=True)
def rollout(policy, w, s, d, k, mask, n_legal, seat, rng, memory):
    """The game's own bots: 0 random, 1 greedy (with the searching player's greedy weights)."""
    if policy == 0:
        return random_legal(mask, n_legal, rng, 1 + seat)
    return greedy(w, s, d, k, mask, n_legal, seat, rng)
