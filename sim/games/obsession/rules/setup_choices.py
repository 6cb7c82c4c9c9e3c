"""Obsession's setup decisions: the families (dealt or chosen in seat order), Wessex's START tile, the
starter draft, then round 1.

RULES.md "Setup" (seed セットアップ; R2).
"""

import numpy as np
from numba import njit

from sim.games.obsession.layout import (
    BX_AVAILABLE,
    CL_FAMILY,
    CS_HAND,
    F_START_ROUND,
    G_CASUAL,
    G_CASUAL_N,
    G_CUR,
    G_DRAFT,
    G_DRAFT_N,
    G_FIRST,
    G_FLOW,
    G_MAX_REP,
    G_PHASE,
    G_PLAYERS,
    G_ROUND,
    G_SETUP_STEP,
    N_SERV,
    NONE,
    P_ESTATE,
    P_ESTATE_N,
    P_FAMILY,
    P_MONEY,
    P_REP,
    PH_DRAFT,
    PH_FAMILY,
    PH_WESSEX_TILE,
    SET_BASE,
    SV_FOOTMAN,
)
from sim.games.obsession.params import K_FAMILY_ORDER, K_WESSEX
from sim.games.obsession.rules.common import gb, pb, sv
from sim.games.obsession.rules.decks import add_card, reshuffle
from sim.games.obsession.tables import (
    C_CLASS,
    C_FAMILY,
    D_FAMILY,
    D_INST_KIND,
    D_INST_ROLE,
    D_N_GENTRY,
    D_N_INST,
    D_SERVANT,
    D_WESSEX_KIND,
    F_EXTRA_TILE,
    F_FOOTMEN,
    F_MONEY,
    F_REP,
    F_SET,
    FAMILY_STRIDE,
    IR_WESSEX,
    SERVANT_STRIDE,
    SF_START,
)


@njit(cache=True)
def family_allowed(d, k, f):
    return d[D_FAMILY + f * FAMILY_STRIDE + F_SET] == SET_BASE or k[K_WESSEX] != 0


@njit(cache=True)
def family_taken(s, f):
    for p in range(s[G_PLAYERS]):  # noqa: SIM110 (a plain loop compiles; a generator would not)
        if s[pb(p) + P_FAMILY] == f:
            return True
    return False


@njit(cache=True)
def apply_family(s, d, p, f):
    """Family f's board: its money and reputation bonus, five servants (York a second footman), its family
    cards into the active hand."""
    b = pb(p)
    fb = D_FAMILY + f * FAMILY_STRIDE
    s[b + P_FAMILY] = f
    s[b + P_MONEY] += d[fb + F_MONEY]
    s[b + P_REP] = min(d[fb + F_REP], s[G_MAX_REP])
    for t in range(N_SERV):
        s[sv(p, np.int64(BX_AVAILABLE), t)] += d[D_SERVANT + t * SERVANT_STRIDE + SF_START]
    s[sv(p, np.int64(BX_AVAILABLE), np.int64(SV_FOOTMAN))] += d[fb + F_FOOTMEN]
    for c in range(d[D_N_GENTRY]):
        if d[gb(c) + C_CLASS] == CL_FAMILY and d[gb(c) + C_FAMILY] == f:
            add_card(s, p, c, np.int64(CS_HAND))


@njit(cache=True)
def family_seat(k, n, step_):
    """Who chooses the step_-th family: from the seat left of the start player clockwise, the start player
    last (R2); or the start player first (knob)."""
    if k[K_FAMILY_ORDER]:
        return step_
    return (1 + step_) % n


@njit(cache=True)
def has_extra_tile(s, d, p):
    b = pb(p)
    for i in range(s[b + P_ESTATE_N]):  # noqa: SIM110 (a plain loop compiles; a generator would not)
        if d[D_INST_ROLE + s[b + P_ESTATE + i]] == IR_WESSEX:
            return True
    return False


@njit(cache=True)
def setup_next(s, d, k):
    """The next setup decision: families in order (the Wessex START tile right after Wessex), then the
    starter draft in snake order A, B, .., B, A; then round 1."""
    n = s[G_PLAYERS]
    while True:
        st = s[G_SETUP_STEP]
        if st < n:
            seat = family_seat(k, n, st)
            s[G_CUR] = seat
            f = s[pb(seat) + P_FAMILY]
            if f < 0:
                s[G_PHASE] = PH_FAMILY
                return
            if d[D_FAMILY + f * FAMILY_STRIDE + F_EXTRA_TILE] and not has_extra_tile(s, d, seat):
                s[G_PHASE] = PH_WESSEX_TILE
                return
            s[G_SETUP_STEP] = st + 1
            continue
        if st < 3 * n and s[G_DRAFT_N] > 0:
            j = st - n
            s[G_CUR] = j if j < n else 2 * n - 1 - j
            s[G_PHASE] = PH_DRAFT
            return
        finish_setup(s, d)
        return


@njit(cache=True)
def finish_setup(s, d):
    """The starters left in the draft pool are shuffled into the casual deck; round 1 begins."""
    if s[G_DRAFT_N] > 0 or s[G_SETUP_STEP] > s[G_PLAYERS]:
        for j in range(s[G_DRAFT_N]):
            s[G_CASUAL + s[G_CASUAL_N]] = s[G_DRAFT + j]
            s[G_CASUAL_N] += 1
            s[G_DRAFT + j] = 0
        s[G_DRAFT_N] = 0
        reshuffle(s, np.int64(G_CASUAL), s[G_CASUAL_N])
    s[G_ROUND] = 1
    s[G_FIRST] = 0
    s[G_FLOW] = F_START_ROUND


@njit(cache=True)
def wessex_instance(d, i):
    """The tile instance of Wessex START choice i."""
    kind_ = d[D_WESSEX_KIND + i]
    for t in range(d[D_N_INST]):
        if d[D_INST_ROLE + t] == IR_WESSEX and d[D_INST_KIND + t] == kind_:
            return t
    return NONE
