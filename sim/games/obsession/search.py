"""What a search bot needs of Obsession: re-dealing what a seat cannot see, and evaluating a state.

`redeal(s, d, k, seat, rng, stream)` re-samples in place everything `seat` cannot see (RULES.md, "Hidden
information"): the order of the tile bag, of the casual and prestige guest decks and of the unrevealed theme
cards; the objective cards and VP cards it does not hold (the decks and the other players' face-down cards,
each player keeping how many it holds). Each hidden group is gathered as a multiset, sorted and shuffled with
`rng[stream]` only, so the result depends on what the seat knows and on the generator, never on the hidden
order it replaces. What the seat knows of a deck's bottom (a card it put there) is not used: a search that
knows less than the seat plays correctly, only less well.

`evaluate(s, d, k, out)`: out[p] = seat p's score if the game ended now (final scoring on `s`, which it
changes: pass a copy).

The rest is what strategies/mcts.py calls by name (rules and the game's own bots for rollouts).
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
    MAX_PLAYERS,
    MAX_VP_CARDS,
    N_THEMES,
    P_OBJ,
    P_OBJ_N,
    P_SIZE,
    P_VP,
    P_VPC,
    P_VPC_N,
)
from sim.games.obsession.rules import (  # noqa: F401  (the search's calls, by name)
    current_player,
    final_scores,
    final_scoring,
    is_terminal,
    legal_mask,
    pb,
    step,
)
from sim.kernel_tools import random_legal, redeal_hands
from sim.rng import shuffle
from strategies.obsession import MEMORY_SIZE, greedy


@njit(cache=True)
def sort_and_shuffle(s, start, n, rng, stream):
    """Forget the order of s[start:start+n]: sort it, then shuffle it with rng[stream]."""
    s[start : start + n].sort()
    shuffle(s, start, start + n, rng, stream)


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
    return greedy(w, s, d, k, mask, seat, rng)
