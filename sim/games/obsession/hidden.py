"""What a seat of Obsession cannot see, and how a search re-deals it (strategies/mcts.py, through sim/hooks.py).

`redeal(s, d, k, seat, rng, stream)` re-samples in place everything `seat` cannot see (RULES.md, "Hidden
information"): the order of the tile bag, of the casual and prestige guest decks and of the unrevealed theme
cards; the objective cards and VP cards it does not hold (the decks and the other players' face-down cards,
each player keeping how many it holds). Each hidden group is gathered as a multiset, sorted and shuffled with
`rng[stream]` only, so the result depends on what the seat knows and on the generator, never on the hidden
order it replaces. What the seat knows of a deck's bottom (a card it put there) is not used: a search that
knows less than the seat plays correctly, only less well.
"""

import numpy as np
from numba import njit

from sim.games.obsession.layout import (
    G_BAG,
    G_BAG_N,
    G_CASUAL,
    G_CASUAL_N,
    G_OBJ_DECK,
    G_OBJ_DECK_N,
    G_PLAYER,
    G_PLAYERS,
    G_PRESTIGE,
    G_PRESTIGE_N,
    G_THEMES,
    G_THEMES_SHOWN,
    G_VPC_DECK,
    G_VPC_DECK_N,
    MAX_OBJ_CARDS,
    MAX_VP_CARDS,
    N_THEMES,
    P_OBJ,
    P_OBJ_N,
    P_SIZE,
    P_VPC,
    P_VPC_N,
)
from sim.kernel_tools import redeal_hands, sort_and_shuffle


@njit(cache=True)
def redeal(s, d, k, seat, rng, stream):
    sort_and_shuffle(s, np.int64(G_BAG), s[G_BAG_N], rng, stream)
    sort_and_shuffle(s, np.int64(G_CASUAL), s[G_CASUAL_N], rng, stream)
    sort_and_shuffle(s, np.int64(G_PRESTIGE), s[G_PRESTIGE_N], rng, stream)
    shown = s[G_THEMES_SHOWN]
    sort_and_shuffle(s, G_THEMES + shown, N_THEMES - shown, rng, stream)
    players, first, size = s[G_PLAYERS], np.int64(G_PLAYER), np.int64(P_SIZE)
    redeal_hands(s, np.int64(G_OBJ_DECK), np.int64(G_OBJ_DECK_N), np.int64(P_OBJ), np.int64(P_OBJ_N), players, first,
                 size, seat, rng, stream, np.int64(MAX_OBJ_CARDS))  # fmt: skip
    redeal_hands(s, np.int64(G_VPC_DECK), np.int64(G_VPC_DECK_N), np.int64(P_VPC), np.int64(P_VPC_N), players, first,
                 size, seat, rng, stream, np.int64(MAX_VP_CARDS))  # fmt: skip
