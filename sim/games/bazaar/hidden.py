"""What a seat of Bazaar cannot see, and how a search re-deals it (strategies/mcts.py, through sim/hooks.py).

Only the order of the deck is hidden: the market, every tableau and every purse are face up.
`redeal(s, d, k, seat, rng, stream)` forgets that order: the deck's cards are sorted (so the result never
depends on the hidden order it replaces) and shuffled with rng[stream] only.
"""

import numpy as np
from numba import njit

from sim.games.bazaar.layout import G_DECK, G_DECK_N
from sim.rng import shuffle


@njit(cache=True)
def redeal(s, d, k, seat, rng, stream):
    n = s[G_DECK_N]
    s[G_DECK : G_DECK + n].sort()
    shuffle(s, np.int64(G_DECK), G_DECK + n, rng, stream)
