"""Obsession's decks: the gentry decks and a player's cards (invite, return a guest), objective and VP cards.

RULES.md "The game as modelled"; seed.
"""

import numpy as np
from numba import njit

from sim.games.obsession.layout import (
    CL_PRESTIGE,
    CS_HAND,
    G_ACT_OK,
    G_CASUAL,
    G_CASUAL_N,
    G_OBJ_BOTTOM,
    G_OBJ_DECK,
    G_OBJ_DECK_N,
    G_PRESTIGE,
    G_PRESTIGE_N,
    G_SHUFFLE_KEY,
    G_SHUFFLES,
    G_VPC_DECK,
    G_VPC_DECK_N,
    MAX_DECK,
    MAX_OBJ,
    MAX_VPC,
    NONE,
    P_CARD_STATE,
    P_DECK,
    P_DECK_N,
    P_INVITED,
    P_OBJ,
    P_OBJ_N,
    P_VPC,
    P_VPC_N,
)
from sim.games.obsession.rules.common import gb, pb
from sim.games.obsession.tables import C_CLASS
from sim.rng import seed_streams, shuffle

# ================================================================ decks


@njit(cache=True)
def reshuffle(s, start, n):
    """Shuffle s[start:start+n] with the reshuffle key dealt at setup (no chance enters after setup)."""
    local = np.zeros(1, np.uint64)
    seed_streams(np.int64(s[G_SHUFFLE_KEY]), np.int64(s[G_SHUFFLES]), local)
    s[G_SHUFFLES] += 1
    shuffle(s, start, start + n, local, np.int64(0))


@njit(cache=True)
def draw_top(s, base, count_at):
    """The top card of the deck at s[base:], its size at s[count_at]; -1 when empty."""
    n = s[count_at]
    if n == 0:
        return NONE
    s[count_at] = n - 1
    return s[base + n - 1]


@njit(cache=True)
def put_bottom(s, base, count_at, card):
    n = s[count_at]
    for i in range(n, 0, -1):
        s[base + i] = s[base + i - 1]
    s[base] = card
    s[count_at] = n + 1


@njit(cache=True)
def add_card(s, p, c, state):
    """Card c joins p's gentry deck in `state`; returns its slot (-1 when the deck is full: it is lost)."""
    b = pb(p)
    n = s[b + P_DECK_N]
    if n >= MAX_DECK:
        return NONE
    s[b + P_DECK + n] = c
    s[b + P_CARD_STATE + n] = state
    s[b + P_DECK_N] = n + 1
    return n


@njit(cache=True)
def remove_slot(s, p, i):
    """Take the card in deck slot i out of p's deck (the later slots move down one); returns the card."""
    b = pb(p)
    c = s[b + P_DECK + i]
    n = s[b + P_DECK_N]
    for j in range(i, n - 1):
        s[b + P_DECK + j] = s[b + P_DECK + j + 1]
        s[b + P_CARD_STATE + j] = s[b + P_CARD_STATE + j + 1]
        s[G_ACT_OK + j] = s[G_ACT_OK + j + 1]
    s[b + P_DECK_N] = n - 1
    s[G_ACT_OK + n - 1] = 0
    return c


@njit(cache=True)
def find_card(s, p, c):
    b = pb(p)
    for i in range(s[b + P_DECK_N]):
        if s[b + P_DECK + i] == c:
            return i
    return NONE


@njit(cache=True)
def invite(s, d, p, prestige):
    """The top casual (or prestige) guest joins p's active hand; False when the deck is empty."""
    if prestige:
        c = draw_top(s, np.int64(G_PRESTIGE), np.int64(G_PRESTIGE_N))
    else:
        c = draw_top(s, np.int64(G_CASUAL), np.int64(G_CASUAL_N))
    if c < 0:
        return False
    if add_card(s, p, c, np.int64(CS_HAND)) >= 0:
        s[pb(p) + P_INVITED] += 1
    return True


@njit(cache=True)
def return_guest(s, d, c):
    """A dismissed or rejected guest goes to the bottom of its deck."""
    if d[gb(c) + C_CLASS] == CL_PRESTIGE:
        put_bottom(s, np.int64(G_PRESTIGE), np.int64(G_PRESTIGE_N), c)
    else:
        put_bottom(s, np.int64(G_CASUAL), np.int64(G_CASUAL_N), c)


@njit(cache=True)
def draw_objective(s, p):
    o = draw_top(s, np.int64(G_OBJ_DECK), np.int64(G_OBJ_DECK_N))
    b = pb(p)
    if o >= 0 and s[b + P_OBJ_N] < MAX_OBJ:
        s[b + P_OBJ + s[b + P_OBJ_N]] = o
        s[b + P_OBJ_N] += 1
    elif o >= 0:
        put_bottom(s, np.int64(G_OBJ_DECK), np.int64(G_OBJ_DECK_N), o)


@njit(cache=True)
def discard_objective(s, p, i):
    """Objective card in slot i goes under the objective deck (counted for the reshuffle of the discards)."""
    b = pb(p)
    o = s[b + P_OBJ + i]
    n = s[b + P_OBJ_N]
    for j in range(i, n - 1):
        s[b + P_OBJ + j] = s[b + P_OBJ + j + 1]
    s[b + P_OBJ_N] = n - 1
    put_bottom(s, np.int64(G_OBJ_DECK), np.int64(G_OBJ_DECK_N), o)
    s[G_OBJ_BOTTOM] += 1


@njit(cache=True)
def draw_vp_card(s, p):
    """The top VP card to p (its last slot); False when none was drawn."""
    v = draw_top(s, np.int64(G_VPC_DECK), np.int64(G_VPC_DECK_N))
    b = pb(p)
    if v >= 0 and s[b + P_VPC_N] < MAX_VPC:
        s[b + P_VPC + s[b + P_VPC_N]] = v
        s[b + P_VPC_N] += 1
        return True
    return False
