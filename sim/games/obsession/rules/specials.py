"""Obsession's other actions of a turn: starting to buy, calling a servant from the quarters, refreshing
service, the VP cards' favours.

RULES.md "A regular round" (main phase, buying) and the VP cards.
"""

import numpy as np
from numba import njit

from sim.games.obsession.layout import (
    AB_QUARTERS,
    BX_AVAILABLE,
    BX_EXPENDED,
    BX_QUARTERS,
    CS_DISCARD,
    G_ACTIVE,
    G_BUYS_LEFT,
    G_CUR,
    G_KEEP_OBJ,
    G_KEEP_OBJ_N,
    G_MULTI_BUY,
    G_OBJ_DECK,
    G_OBJ_DECK_N,
    G_PEND_HIRE,
    G_PHASE,
    G_PRESTIGE_N,
    G_QUARTERS_USED,
    G_RETURN_PHASE,
    MAX_OBJ,
    N_SERV,
    P_CARD_STATE,
    P_DECK_N,
    P_HELPED,
    P_MONEY,
    P_OBJ,
    P_OBJ_N,
    P_REFRESHES,
    P_REP,
    P_VPC,
    P_VPC_N,
    P_VPC_USED,
    PH_BUY,
    PH_KEEP_OBJ,
    PH_VP_GUEST,
    PH_VP_HIRE,
    VK_HIRE,
    VK_MONEY,
    VK_OBJECTIVE,
    VK_PRESTIGE,
    VK_PURCHASES,
    VK_REFRESH_GUEST,
    VK_REFRESH_MARKET,
    VK_REFRESH_SERVICE,
    VK_REPUTATION,
)
from sim.games.obsession.params import K_HELP_REP, K_QUARTERS_USES
from sim.games.obsession.rules.common import UNLIMITED, add_rep, pb, sv, vb
from sim.games.obsession.rules.decks import draw_top, invite
from sim.games.obsession.rules.market import refresh_market
from sim.games.obsession.rules.servants import has_ability, supply_hireable
from sim.games.obsession.tables import V_AMOUNT, V_KIND


@njit(cache=True)
def start_buying(s):
    s[G_CUR] = s[G_ACTIVE]
    s[G_PHASE] = PH_BUY


# ================================================================ special actions and VP cards


@njit(cache=True)
def call_cost_free(s, k, p):
    """The next servant called from the quarters is free (Servants' Quarters, uses left this turn)."""
    return has_ability(s, p, np.int64(AB_QUARTERS)) and s[G_QUARTERS_USED] < k[K_QUARTERS_USES]


@njit(cache=True)
def call_legal(s, k, p, t):
    if s[sv(p, np.int64(BX_QUARTERS), t)] == 0:
        return False
    return call_cost_free(s, k, p) or s[pb(p) + P_REP] >= k[K_HELP_REP]


@njit(cache=True)
def call_servant(s, k, p, t):
    if call_cost_free(s, k, p):
        s[G_QUARTERS_USED] += 1
    else:
        s[pb(p) + P_REP] -= k[K_HELP_REP]
    s[sv(p, np.int64(BX_QUARTERS), t)] -= 1
    s[sv(p, np.int64(BX_AVAILABLE), t)] += 1
    s[pb(p) + P_HELPED] += 1


@njit(cache=True)
def refresh_service(s, p):
    """Every servant not serving now becomes available (passing, and the refresh-service VP card)."""
    for t in range(N_SERV):
        n = s[sv(p, np.int64(BX_EXPENDED), t)] + s[sv(p, np.int64(BX_QUARTERS), t)]
        s[sv(p, np.int64(BX_EXPENDED), t)] = 0
        s[sv(p, np.int64(BX_QUARTERS), t)] = 0
        s[sv(p, np.int64(BX_AVAILABLE), t)] += n


@njit(cache=True)
def has_discard(s, p):
    b = pb(p)
    for i in range(s[b + P_DECK_N]):  # noqa: SIM110 (a plain loop compiles; a generator would not)
        if s[b + P_CARD_STATE + i] == CS_DISCARD:
            return True
    return False


@njit(cache=True)
def vpc_usable(s, d, p, i):
    b = pb(p)
    if i >= s[b + P_VPC_N]:
        return False
    kind_ = d[vb(s[b + P_VPC + i]) + V_KIND]
    if kind_ == VK_PRESTIGE:
        return s[G_PRESTIGE_N] > 0
    if kind_ == VK_OBJECTIVE:
        return s[G_OBJ_DECK_N] > 0
    if kind_ == VK_HIRE:
        return supply_hireable(s) > 0
    if kind_ == VK_REFRESH_GUEST:
        return has_discard(s, p)
    return True


@njit(cache=True)
def use_vp_card(s, d, p, i):
    """Reveal the VP card for its favour (its VP are lost); some favours need a decision of their own, after
    which play returns to the phase it was used in."""
    b = pb(p)
    v = s[b + P_VPC + i]
    n = s[b + P_VPC_N]
    for j in range(i, n - 1):
        s[b + P_VPC + j] = s[b + P_VPC + j + 1]
    s[b + P_VPC_N] = n - 1
    s[b + P_VPC_USED] += 1
    kind_ = d[vb(v) + V_KIND]
    amount = d[vb(v) + V_AMOUNT]
    s[G_RETURN_PHASE] = s[G_PHASE]
    if kind_ == VK_REPUTATION:
        add_rep(s, p, amount)
    elif kind_ == VK_MONEY:
        s[b + P_MONEY] += amount
    elif kind_ == VK_PRESTIGE:
        for _ in range(amount):
            invite(s, d, p, np.int64(1))
    elif kind_ == VK_OBJECTIVE:
        s[G_KEEP_OBJ_N] = 0
        for _ in range(min(amount, 2)):
            o = draw_top(s, np.int64(G_OBJ_DECK), np.int64(G_OBJ_DECK_N))
            if o >= 0:
                s[G_KEEP_OBJ + s[G_KEEP_OBJ_N]] = o
                s[G_KEEP_OBJ_N] += 1
        if s[G_KEEP_OBJ_N] == 2:
            s[G_PHASE] = PH_KEEP_OBJ
        elif s[G_KEEP_OBJ_N] == 1 and s[b + P_OBJ_N] < MAX_OBJ:
            s[b + P_OBJ + s[b + P_OBJ_N]] = s[G_KEEP_OBJ]
            s[b + P_OBJ_N] += 1
            s[G_KEEP_OBJ_N] = 0
    elif kind_ == VK_PURCHASES:
        s[G_MULTI_BUY] = 1
        s[G_BUYS_LEFT] = UNLIMITED
    elif kind_ == VK_HIRE:
        s[G_PEND_HIRE] = amount
        s[G_PHASE] = PH_VP_HIRE
    elif kind_ == VK_REFRESH_MARKET:
        refresh_market(s, d)
        s[b + P_REFRESHES] += 1
    elif kind_ == VK_REFRESH_SERVICE:
        refresh_service(s, p)
    elif kind_ == VK_REFRESH_GUEST:
        s[G_PEND_HIRE] = amount
        s[G_PHASE] = PH_VP_GUEST
