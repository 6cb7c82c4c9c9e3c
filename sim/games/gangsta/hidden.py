"""What a seat of Gangsta! cannot see, and how a search re-deals it (strategies/mcts.py, through sim/hooks.py).

`redeal(s, d, k, seat, rng, stream)` re-samples in place everything no seat can see (RULES.md, Setup; no
player holds hidden cards, and heist influence is public in this model):
- the order of the recruiting deck and of each chapter's heist deck (snitches included);
- the opening river of each chapter not yet begun: its five heists are drawn from that chapter's heists
  (never a snitch), so they and the heists left in its deck are one unseen pool, re-dealt (five to the
  river, the rest to the deck);
- the key of the later reshuffles of a discard pile (a fresh draw: the future order of a reshuffled pile).
Each hidden group is gathered as a multiset, sorted and shuffled with `rng[stream]` only, so the result
depends on what the seat knows and on the generator, never on the hidden order it replaces. The discard
piles are face up.
"""

import numpy as np
from numba import njit

from sim.games.gangsta.layout import (
    G_CHAPTER,
    G_GDECK,
    G_GDECK_N,
    G_HDECK_N,
    G_OPENING,
    G_SHUFFLE_KEY,
    MAX_CHAPTER_CARDS,
    N_CHAPTERS,
    RIVER,
)
from sim.games.gangsta.rules import (
    deck_base,
    is_snitch,
)
from sim.kernel_tools import sort_and_shuffle
from sim.rng import below, shuffle

SHUFFLE_KEYS = 2147483647  # the range of the setup's reshuffle key


@njit(cache=True)
def redeal_opening(s, d, ch, rng, stream):
    """Chapter ch (not begun): its opening river and the heists (not snitches) of its deck form one pool."""
    base = deck_base(ch)
    at = G_OPENING + (ch - 2) * RIVER
    pool = np.zeros(MAX_CHAPTER_CARDS + RIVER, np.int64)
    n = 0
    for r in range(RIVER):
        pool[n] = s[at + r]
        n += 1
    for i in range(s[G_HDECK_N + ch - 1]):
        if not is_snitch(d, s[base + i]):
            pool[n] = s[base + i]
            n += 1
    pool[:n].sort()
    shuffle(pool, np.int64(0), n, rng, stream)
    for r in range(RIVER):
        s[at + r] = pool[r]
    x = RIVER
    for i in range(s[G_HDECK_N + ch - 1]):
        if not is_snitch(d, s[base + i]):
            s[base + i] = pool[x]
            x += 1


@njit(cache=True)
def redeal(s, d, k, seat, rng, stream):
    sort_and_shuffle(s, np.int64(G_GDECK), s[G_GDECK_N], rng, stream)
    for ch in range(1, N_CHAPTERS + 1):
        if ch > s[G_CHAPTER]:
            redeal_opening(s, d, np.int64(ch), rng, stream)
        sort_and_shuffle(s, deck_base(ch), s[G_HDECK_N + ch - 1], rng, stream)
    s[G_SHUFFLE_KEY] = below(rng, stream, np.int64(SHUFFLE_KEYS))
