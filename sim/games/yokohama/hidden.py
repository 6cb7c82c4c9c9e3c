"""What a seat of Yokohama cannot see, and how a search re-deals it (strategies/mcts.py, through sim/hooks.py).

`redeal(s, d, k, seat, rng, stream)` re-samples in place everything `seat` cannot see (RULES.md, Setup):
- the order cards not in sight: the rest of the order deck, the cards boxed unseen at setup (kept past
  `order_end`), the two orders dealt to each other seat at setup and the orders in the other seats' hands.
  The order kept at setup is hidden until fulfilled; the state does not say which hand card it is, so every
  other seat's hand is treated as unseen (the search then knows less than the seat: it plays correctly,
  only less well). Each seat keeps how many it holds in each place, the deck and the box keep their sizes.
- the order of the technology deck.
Each hidden group is gathered as a multiset, sorted and shuffled with `rng[stream]` only, so the result
depends on what the seat knows and on the generator, never on the hidden order it replaces. Area location
cards, five-power chips, achievements and the boards' cards are face up.
"""

import numpy as np
from numba import njit

from sim.games.yokohama.layout import (
    G_ORDER_DECK,
    G_ORDER_TOP,
    G_PLAYERS,
    G_TECH_DECK,
    G_TECH_END,
    G_TECH_TOP,
    HAND_SLOTS,
    MAX_ORDERS,
    P_DEALT,
    P_ORDERS_HAND,
)
from sim.games.yokohama.rules import (
    pb,
)
from sim.games.yokohama.tables import D_ORDER_N
from sim.kernel_tools import sort_and_shuffle
from sim.rng import shuffle

DEALT = 2  # orders dealt to each seat at setup


@njit(cache=True)
def redeal_orders(s, d, seat, rng, stream):
    """The deck's rest (boxed cards included) and the other seats' dealt and hand orders are one unseen pool:
    sorted, shuffled and dealt back, every place keeping its size."""
    pool = np.zeros(MAX_ORDERS, np.int64)
    n = 0
    for i in range(s[G_ORDER_TOP], d[D_ORDER_N]):
        pool[n] = s[G_ORDER_DECK + i]
        n += 1
    for q in range(s[G_PLAYERS]):
        if q == seat:
            continue
        for i in range(DEALT):
            if s[pb(q) + P_DEALT + i] >= 0:
                pool[n] = s[pb(q) + P_DEALT + i]
                n += 1
        for i in range(HAND_SLOTS):
            if s[pb(q) + P_ORDERS_HAND + i] >= 0:
                pool[n] = s[pb(q) + P_ORDERS_HAND + i]
                n += 1
    pool[:n].sort()
    shuffle(pool, np.int64(0), n, rng, stream)
    x = 0
    for q in range(s[G_PLAYERS]):
        if q == seat:
            continue
        for i in range(DEALT):
            if s[pb(q) + P_DEALT + i] >= 0:
                s[pb(q) + P_DEALT + i] = pool[x]
                x += 1
        for i in range(HAND_SLOTS):
            if s[pb(q) + P_ORDERS_HAND + i] >= 0:
                s[pb(q) + P_ORDERS_HAND + i] = pool[x]
                x += 1
    for i in range(s[G_ORDER_TOP], d[D_ORDER_N]):
        s[G_ORDER_DECK + i] = pool[x]
        x += 1


@njit(cache=True)
def redeal(s, d, k, seat, rng, stream):
    redeal_orders(s, d, seat, rng, stream)
    sort_and_shuffle(s, G_TECH_DECK + s[G_TECH_TOP], s[G_TECH_END] - s[G_TECH_TOP], rng, stream)
