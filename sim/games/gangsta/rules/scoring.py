"""Gangsta!'s end of the game and final scoring: most money and most gangsters, the tiebreak.

RULES.md "The end" and "Scoring"; seed 002.
"""

import numpy as np
from numba import njit

from sim.games.gangsta.layout import (
    G_ACTIVE,
    G_CUR,
    G_END_TRIGGER,
    G_PHASE,
    G_PLAYERS,
    MAX_PLAYERS,
    P_GANG_N,
    P_MONEY,
    P_VP,
    PH_GAME_OVER,
    V_MOST_GANGSTERS,
    V_MOST_MONEY,
)
from sim.games.gangsta.params import K_MOST_VP, K_SHARED_VP
from sim.games.gangsta.rules.common import add_vp, pb
from sim.kernel_tools import rank_by_score_then_seat

# ================================================================ the end


@njit(cache=True)
def end_game(s, d, k, trigger):
    s[G_END_TRIGGER] = trigger
    final_scoring(s, k)
    s[G_PHASE] = PH_GAME_OVER
    s[G_CUR] = s[G_ACTIVE]


@njit(cache=True)
def final_scoring(s, k):
    """Most money and most gangsters: +2 alone, +1 each when shared."""
    award_most(s, k, np.int64(P_MONEY), np.int64(V_MOST_MONEY))
    award_most(s, k, np.int64(P_GANG_N), np.int64(V_MOST_GANGSTERS))


@njit(cache=True)
def award_most(s, k, field, source):
    n = s[G_PLAYERS]
    top = -1
    count = 0
    for p in range(n):
        x = s[pb(p) + field]
        if x > top:
            top = x
            count = 1
        elif x == top:
            count += 1
    for p in range(n):
        if s[pb(p) + field] == top:
            add_vp(s, p, source, k[K_MOST_VP] if count == 1 else k[K_SHARED_VP])


@njit(cache=True)
def final_scores(s, d, k, scores, ranks):
    """Final influence per seat and ranks: more influence, then more gangsters (tiebreak, S1), then the
    seat nearer the first player (the project's convention; the seed is silent). Returns the winner."""
    n = s[G_PLAYERS]
    keys = np.zeros(MAX_PLAYERS, np.int64)
    for p in range(n):
        scores[p] = s[pb(p) + P_VP]
        keys[p] = scores[p] * 64 + s[pb(p) + P_GANG_N]
    return rank_by_score_then_seat(keys, n, ranks)
