"""Obsession's end of the game and final scoring: tiles, gentry, objectives, reputation, the final VP cards,
the tiebreak.

RULES.md "The end".
"""

import numpy as np
from numba import njit

from sim.games.obsession.layout import (
    CL_CASUAL,
    CL_FAIRCHILD,
    CL_FAMILY,
    CL_PRESTIGE,
    CL_STARTER,
    E_LAST_ROUND,
    F_DECIDE,
    G_CUR,
    G_END_TRIGGER,
    G_FAIRCHILD,
    G_FIRST,
    G_FLOW,
    G_MAX_REP,
    G_OBJ_DECK,
    G_OBJ_DECK_N,
    G_PHASE,
    G_PLAYERS,
    G_PRESTIGE,
    G_PRESTIGE_N,
    MAX_PLAYERS,
    N_CATS,
    N_VP,
    OK_CATEGORY,
    OK_GROUP,
    OK_GUESTS,
    OK_LARGEST,
    OK_MONEY,
    OK_MONUMENTS,
    OK_REPUTATION,
    OK_SERVANTS,
    OK_TILE,
    P_DECK,
    P_DECK_N,
    P_ESTATE,
    P_ESTATE_N,
    P_MONEY,
    P_MONUMENTS,
    P_OBJ,
    P_OBJ_N,
    P_REP,
    P_VP,
    P_VP_SRC,
    P_VPC,
    P_VPC_N,
    PH_GAME_OVER,
    V_FAIRCHILD,
    V_GENTRY,
    V_OBJECTIVES,
    V_REPUTATION,
    V_SERVANTS,
    V_TILES,
    V_VP_CARDS,
    V_WEALTH,
    VK_HIRE,
    VK_MONEY,
    VK_OBJECTIVE,
    VK_PRESTIGE,
    VK_REPUTATION,
)
from sim.games.obsession.params import K_EXTENDED, K_SERVANT_VP, K_WEALTH
from sim.games.obsession.rules.common import gb, level, max_level, ob, pb, tile_vp, vb
from sim.games.obsession.rules.market import category_count, owns_kind
from sim.games.obsession.rules.servants import n_servants, servant_count, supply_hireable
from sim.games.obsession.tables import (
    C_CLASS,
    C_PR,
    C_SEX,
    C_VP,
    D_REP_VP,
    O_CATEGORIES,
    O_CATEGORY,
    O_CLASS,
    O_COUNT,
    O_COUNT2,
    O_KIND,
    O_MIN_PR,
    O_SERVANT,
    O_SERVANT2,
    O_SEX,
    O_TILE,
    O_VP,
    OC_CASUAL,
    OC_PRESTIGE,
    OC_STARTER,
    SERVANT_ANY,
    V_AMOUNT,
    V_KIND,
    V_VP,
)
from sim.kernel_tools import rank_by_score_then_seat

# ================================================================ the end


@njit(cache=True)
def reputation_vp(d, k, r):
    """End VP of reputation step r (triangular by level, per track)."""
    return d[D_REP_VP + k[K_EXTENDED] * 9 + level(r) - 1]


@njit(cache=True)
def final_favour_vp(s, d, k, p, i):
    """VP that using p's VP card in slot i after the final courtship adds at the scoring, its own VP aside:
    exact for reputation, pounds and a hire; a prestige guest and the objective cards by their mean over
    the deck's cards (the order of a deck is hidden)."""
    b = pb(p)
    v = s[b + P_VPC + i]
    kind_ = d[vb(v) + V_KIND]
    amount = d[vb(v) + V_AMOUNT]
    if kind_ == VK_REPUTATION:
        r = s[b + P_REP]
        return float(reputation_vp(d, k, min(r + amount, s[G_MAX_REP])) - reputation_vp(d, k, r))
    if kind_ == VK_MONEY:
        m = max(s[b + P_MONEY], 0)
        return float((m + amount) // k[K_WEALTH] - m // k[K_WEALTH])
    if kind_ == VK_HIRE:
        return float(k[K_SERVANT_VP] * min(amount, supply_hireable(s)))
    total = 0.0
    n = 0
    if kind_ == VK_PRESTIGE:
        for j in range(s[G_PRESTIGE_N]):
            total += d[gb(s[G_PRESTIGE + j]) + C_VP]
            n += 1
    elif kind_ == VK_OBJECTIVE:
        for j in range(s[G_OBJ_DECK_N]):
            total += objective_vp(s, d, k, p, s[G_OBJ_DECK + j])
            n += 1
    return total / n if n > 0 else 0.0


@njit(cache=True)
def objective_vp(s, d, k, p, o):
    """VP objective card o gives p at the end (0 when not completed)."""
    ob_ = ob(o)
    kind_ = d[ob_ + O_KIND]
    b = pb(p)
    vp = d[ob_ + O_VP]
    count = d[ob_ + O_COUNT]
    if kind_ == OK_TILE:
        return vp if owns_kind(s, d, p, d[ob_ + O_TILE]) else 0
    if kind_ == OK_GUESTS:
        total = 0
        cls = d[ob_ + O_CLASS]
        for i in range(s[b + P_DECK_N]):
            cb = gb(s[b + P_DECK + i])
            cl = d[cb + C_CLASS]
            if cl == CL_FAMILY:
                continue
            if cls == OC_CASUAL and not (cl == CL_CASUAL or cl == CL_STARTER):
                continue
            if cls == OC_STARTER and cl != CL_STARTER:
                continue
            if cls == OC_PRESTIGE and not (cl == CL_PRESTIGE or cl == CL_FAIRCHILD):
                continue
            if d[ob_ + O_SEX] >= 0 and d[cb + C_SEX] != d[ob_ + O_SEX]:
                continue
            if d[cb + C_PR] < d[ob_ + O_MIN_PR]:
                continue
            total += vp
        return total
    if kind_ == OK_CATEGORY:
        return vp * category_count(s, d, p, d[ob_ + O_CATEGORY])
    if kind_ == OK_SERVANTS:
        t = d[ob_ + O_SERVANT]
        have = n_servants(s, p) if t == SERVANT_ANY else servant_count(s, p, t)
        if have < count:
            return 0
        t2 = d[ob_ + O_SERVANT2]
        if t2 >= 0:
            have2 = n_servants(s, p) if t2 == SERVANT_ANY else servant_count(s, p, t2)
            if have2 < d[ob_ + O_COUNT2]:
                return 0
        return vp
    if kind_ == OK_GROUP:
        mask = d[ob_ + O_CATEGORIES]
        for cat in range(N_CATS):
            if (mask >> cat) & 1 and category_count(s, d, p, cat) < count:
                return 0
        return vp
    if kind_ == OK_LARGEST:
        for cat in range(N_CATS):
            if category_count(s, d, p, cat) >= count:
                return vp
        return 0
    if kind_ == OK_REPUTATION:
        return vp if level(s[b + P_REP]) == max_level(s) else 0
    if kind_ == OK_MONEY:
        return vp if s[b + P_MONEY] >= count else 0
    if kind_ == OK_MONUMENTS:
        return vp * s[b + P_MONUMENTS]
    return 0


@njit(cache=True)
def final_scoring(s, d, k):
    """Tiles (VP showing), gentry (the Fairchild apart), objectives completed, reputation (triangular),
    2 VP per servant, 1 VP per 200 pounds, VP cards kept."""
    for p in range(s[G_PLAYERS]):
        b = pb(p)
        src = np.zeros(N_VP, np.int64)
        for i in range(s[b + P_ESTATE_N]):
            src[V_TILES] += tile_vp(s, d, s[b + P_ESTATE + i])
        for i in range(s[b + P_DECK_N]):
            cb = gb(s[b + P_DECK + i])
            if d[cb + C_CLASS] == CL_FAIRCHILD:
                src[V_FAIRCHILD] += d[cb + C_VP]
            else:
                src[V_GENTRY] += d[cb + C_VP]
        for i in range(s[b + P_OBJ_N]):
            src[V_OBJECTIVES] += objective_vp(s, d, k, p, s[b + P_OBJ + i])
        src[V_REPUTATION] = reputation_vp(d, k, s[b + P_REP])
        src[V_SERVANTS] = n_servants(s, p) * k[K_SERVANT_VP]
        src[V_WEALTH] = max(s[b + P_MONEY], 0) // k[K_WEALTH]
        for i in range(s[b + P_VPC_N]):
            src[V_VP_CARDS] += d[vb(s[b + P_VPC + i]) + V_VP]
        total = 0
        for v in range(N_VP):
            s[b + P_VP_SRC + v] = src[v]
            total += src[v]
        s[b + P_VP] = total


@njit(cache=True)
def end_game(s, d, k):
    s[G_END_TRIGGER] = E_LAST_ROUND
    final_scoring(s, d, k)
    s[G_PHASE] = PH_GAME_OVER
    s[G_CUR] = s[G_FIRST]
    s[G_FLOW] = F_DECIDE


@njit(cache=True)
def tiebreak_key(s, p):
    """Higher is better: score, then holding a Fairchild card, then reputation (position included)."""
    b = pb(p)
    fair = 0
    for f in range(2):
        if s[G_FAIRCHILD + f] == p:
            fair = 1
    return s[b + P_VP] * 4096 + fair * 1024 + s[b + P_REP]


@njit(cache=True)
def final_scores(s, d, k, scores, ranks):
    """Final VP per seat and ranks by the tiebreak (a Fairchild, then reputation; still tied: the seat nearer
    the first seat, the project's convention, recorded as tied_first). Returns the winner."""
    n = s[G_PLAYERS]
    keys = np.zeros(MAX_PLAYERS, np.int64)
    for p in range(n):
        scores[p] = s[pb(p) + P_VP]
        keys[p] = tiebreak_key(s, p)
    return rank_by_score_then_seat(keys, n, ranks)
