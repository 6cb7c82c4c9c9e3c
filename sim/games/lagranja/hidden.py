"""What a seat of La Granja cannot see, and how a search re-deals it (strategies/mcts.py, through sim/hooks.py).

`redeal(s, d, k, seat, rng, stream)` re-samples in place everything `seat` cannot see (layout.py, "Hidden
information"): the draw deck and the other players' hands form one unseen pool (sorted, shuffled with
`rng[stream]`, dealt back: each other hand keeps its size, the deck takes the rest); the roof markers of the rounds
to come (their multiset shuffled over the same slots); the revenue dice of the rounds not yet rolled (rolled
again); the reshuffle key. The result depends on what the seat knows and on the generator, never on the hidden
order it replaces. The donkey markers chosen in the same step are not hidden here (the bots choose in turn order
without looking; a search should not look either).
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
    P_HAND,
    P_HAND_N,
    PLAYER_SIZE,
    ROOFS_PER_ROUND,
)
from sim.kernel_tools import redeal_hands
from sim.rng import below, shuffle


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
