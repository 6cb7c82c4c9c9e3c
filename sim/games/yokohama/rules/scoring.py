"""Yokohama's final scoring: majorities, country sets, the ranks and their tiebreak.

RULES.md "The end" (seed 000 ゲーム終了とタイブレーク).
"""

import numpy as np
from numba import njit

from sim.games.yokohama.layout import (
    G_CHURCH,
    G_CUSTOMS,
    G_PLAYERS,
    MAX_PLAYERS,
    N_COUNTRIES,
    N_GOODS,
    P_AGENTS,
    P_FLAGS,
    P_GOODS,
    P_IMPORTS,
    P_INDUSTRY,
    P_MONEY,
    P_VP,
    V_AGENTS,
    V_CHURCH_MAJ,
    V_CUSTOMS_MAJ,
    V_GOODS,
    V_IMPORTS,
    V_INDUSTRY_MAJ,
    V_MONEY,
    V_SETS,
)
from sim.games.yokohama.params import (
    K_CHURCH_VP_1,
    K_CHURCH_VP_2,
    K_CUSTOMS_VP_1,
    K_CUSTOMS_VP_2,
    K_DUMMY_INDUSTRY_X2,
    K_GOODS_PER_VP,
    K_INDUSTRY_VP_1,
    K_INDUSTRY_VP_2,
    K_SET_VP_2,
    K_SOLE_BOTH,
    K_VP_PER_AGENT,
    K_VP_PER_IMPORT,
    K_YEN_PER_VP,
)
from sim.games.yokohama.rules.common import add_vp, pb
from sim.games.yokohama.tables import D_CHURCH_N, D_CUSTOMS_N
from sim.kernel_tools import rank_by_score_then_seat

# ================================================================ final scoring


@njit(cache=True)
def final_scoring(s, d, k):
    n = s[G_PLAYERS]
    count = np.zeros(MAX_PLAYERS + 1, np.int64)  # seats, then the dummy
    best = np.zeros(MAX_PLAYERS + 1, np.int64)
    # church and customs: more pieces first, ties to the right-most space
    for board in range(2):
        first = G_CHURCH if board == 0 else G_CUSTOMS
        spaces = d[D_CHURCH_N] if board == 0 else d[D_CUSTOMS_N]
        count[:] = 0
        best[:] = 0
        for i in range(spaces):
            owner = s[first + i]
            if owner >= 0:
                count[owner] += 1
                best[owner] = i + 1
        key = count * 100 + best
        if board == 0:
            award_majority(s, k, n, key, k[K_CHURCH_VP_1], k[K_CHURCH_VP_2], V_CHURCH_MAJ)
        else:
            award_majority(s, k, n, key, k[K_CUSTOMS_VP_1], k[K_CUSTOMS_VP_2], V_CUSTOMS_MAJ)
    # industry, doubled to hold the dummy's 7.5; among equal industry the seat nearer the start player wins
    key = np.zeros(MAX_PLAYERS + 1, np.int64)
    for p in range(n):
        industry = s[pb(p) + P_INDUSTRY]
        key[p] = 2 * industry * 8 + (MAX_PLAYERS - p) if industry > 0 else 0
    key[MAX_PLAYERS] = k[K_DUMMY_INDUSTRY_X2] * 8 if n == 2 else 0
    award_majority(s, k, n, key, k[K_INDUSTRY_VP_1], k[K_INDUSTRY_VP_2], V_INDUSTRY_MAJ)
    for p in range(n):
        b = pb(p)
        add_vp(s, p, V_SETS, country_sets(s, k, p))
        add_vp(s, p, V_AGENTS, k[K_VP_PER_AGENT] * s[b + P_AGENTS])
        add_vp(s, p, V_IMPORTS, k[K_VP_PER_IMPORT] * s[b + P_IMPORTS])
        add_vp(s, p, V_MONEY, s[b + P_MONEY] // k[K_YEN_PER_VP])
        goods = 0
        for g in range(N_GOODS):
            goods += s[b + P_GOODS + g]
        add_vp(s, p, V_GOODS, goods // k[K_GOODS_PER_VP])


@njit(cache=True)
def award_majority(s, k, n, key, vp_first, vp_second, source):
    """First and second place by key (0 = not competing); index MAX_PLAYERS is the 2-player dummy."""
    first = -1
    second = -1
    for o in range(MAX_PLAYERS + 1):
        if key[o] <= 0 or (o < MAX_PLAYERS and o >= n):
            continue
        if first < 0 or key[o] > key[first]:
            second = first
            first = o
        elif second < 0 or key[o] > key[second]:
            second = o
    if 0 <= first < MAX_PLAYERS:
        add_vp(s, first, source, vp_first)
        if second < 0 and k[K_SOLE_BOTH]:
            add_vp(s, first, source, vp_second)
    if 0 <= second < MAX_PLAYERS:
        add_vp(s, second, source, vp_second)


@njit(cache=True)
def country_sets(s, k, p):
    """Best partition of flags into sets of different countries. Taking one of every country present,
    again and again, is optimal: the set values 0,2,4,8,12 are convex in the set size (RULES.md)."""
    counts = np.zeros(N_COUNTRIES, np.int64)
    for c in range(N_COUNTRIES):
        counts[c] = s[pb(p) + P_FLAGS + c]
    vp = 0
    while True:
        size = 0
        for c in range(N_COUNTRIES):
            if counts[c] > 0:
                counts[c] -= 1
                size += 1
        if size < 2:
            return vp
        vp += k[K_SET_VP_2 + size - 2]


@njit(cache=True)
def final_scores(s, d, k, scores, ranks):
    """Final VP per seat and ranks (ties to the seat nearest the start player); returns the winner."""
    n = s[G_PLAYERS]
    for p in range(n):
        scores[p] = s[pb(p) + P_VP]
    return rank_by_score_then_seat(scores, n, ranks)
