"""Obsession's legal actions: `legal_mask` says which actions are legal in the phase due.

RULES.md "A regular round" and the action table.
"""

import numpy as np
from numba import njit

from sim.games.obsession.actions import (
    A_ATTACK,
    A_BORROW,
    A_BUY,
    A_BUY_DONE,
    A_BUY_PR1,
    A_BUY_SERVICE,
    A_CALL,
    A_DISMISS,
    A_DISMISS_SKIP,
    A_DOUBLE,
    A_DRAFT,
    A_FAIRCHILD,
    A_FAMILY,
    A_GUEST,
    A_HALL,
    A_HALL_SKIP,
    A_HIRE,
    A_HOST,
    A_KEEP,
    A_KEEP_VPC,
    A_OBJ_DISCARD,
    A_PASS,
    A_PASS_REFRESH,
    A_RECRUIT,
    A_REFRESH,
    A_RENT,
    A_USE_VPC,
    A_VP_GUEST,
    A_VP_HIRE,
    A_WESSEX_TILE,
    A_WIFE_DISMISS,
    A_WIFE_LOOK,
)
from sim.games.obsession.layout import (
    BX_AVAILABLE,
    CS_DISCARD,
    G_CASUAL_N,
    G_CUR,
    G_DRAFT_N,
    G_HIRE_MAY_RECRUIT,
    G_MARKET,
    G_MARKET_N,
    G_PHASE,
    G_PLAYERS,
    G_REFRESHED,
    G_RES_PR1,
    G_RES_PR1_N,
    G_RES_SERVICE,
    G_RES_SERVICE_N,
    G_SUPPLY,
    HIREABLE,
    MARKET,
    MAX_DECK,
    MAX_PLAYERS,
    N_DOUBLES,
    N_FAMILIES,
    N_HIREABLE,
    N_SERV,
    NONE,
    P_CARD_STATE,
    P_DECK_N,
    P_ESTATE_N,
    P_OBJ_N,
    P_REP,
    P_VPC_N,
    PH_ATTACK,
    PH_BUY,
    PH_COURT_DISCARD,
    PH_DISMISS,
    PH_DOUBLE,
    PH_DRAFT,
    PH_FAIRCHILD,
    PH_FAMILY,
    PH_FINAL_VPC,
    PH_GUESTS,
    PH_HALL,
    PH_HIRE,
    PH_KEEP_GUEST,
    PH_KEEP_OBJ,
    PH_MAIN,
    PH_OBJ_DISCARD,
    PH_PASS_CHOICE,
    PH_VP_GUEST,
    PH_VP_HIRE,
    PH_WESSEX_TILE,
    PH_WIFE,
    STACK,
)
from sim.games.obsession.params import K_BORROW_REP, K_REFRESH_REP
from sim.games.obsession.rules.common import pb, sv
from sim.games.obsession.rules.favours import dismissable, doubles_legal, recruit_legal
from sim.games.obsession.rules.hosting import guest_legal, host_legal
from sim.games.obsession.rules.market import can_buy
from sim.games.obsession.rules.rounds import final_vpc_usable
from sim.games.obsession.rules.setup_choices import family_allowed, family_taken
from sim.games.obsession.rules.specials import call_legal, vpc_usable

# ================================================================ the contract: legal_mask (step: play.py)


@njit(cache=True)
def allow(mask, a, ok):
    """Mark action a legal when ok; 1 if it was marked (legal_mask counts as it goes)."""
    if ok:
        mask[a] = 1
        return 1
    return 0


@njit(cache=True)
def mark(mask, a):
    """Mark action a legal; 1 (legal_mask counts as it goes)."""
    mask[a] = 1
    return 1


@njit(cache=True)
def special_actions(s, d, k, p, mask):
    """Borrowing, the refresh of the market (once a turn) and the VP cards: offered in the main and buy
    steps (calling a servant from the quarters only in the main step, legal_mask). Returns how many were
    marked."""
    b = pb(p)
    count = allow(mask, np.int64(A_BORROW), s[b + P_REP] >= k[K_BORROW_REP])
    count += allow(mask, np.int64(A_REFRESH), s[G_REFRESHED] == 0 and s[b + P_REP] >= k[K_REFRESH_REP])
    for i in range(s[b + P_VPC_N]):
        count += allow(mask, A_USE_VPC + i, vpc_usable(s, d, p, i))
    return count


@njit(cache=True)
def legal_mask(s, d, k, mask):
    """mask[a] = 1 for every legal action; returns how many there are."""
    mask[:] = 0
    phase = s[G_PHASE]
    p = s[G_CUR]
    b = pb(p)
    n = s[G_PLAYERS]
    count = 0
    if phase == PH_MAIN:
        count += mark(mask, np.int64(A_PASS))
        ok = np.zeros(MAX_DECK, np.int64)
        for i in range(s[b + P_ESTATE_N]):
            count += allow(mask, A_HOST + i, host_legal(s, d, k, p, i, ok))
        # service help only here: after the activity a called servant changes nothing but the reputation
        # paid (step 1 of the next turn makes it available anyway), so the buy step does not offer it
        for t in range(N_SERV):
            count += allow(mask, A_CALL + t, call_legal(s, k, p, t))
        count += special_actions(s, d, k, p, mask)
    elif phase == PH_GUESTS:
        ok = np.zeros(MAX_DECK, np.int64)
        for i in range(s[b + P_DECK_N]):
            count += allow(mask, A_GUEST + i, guest_legal(s, d, k, p, i, ok))
    elif phase == PH_BUY:
        count += mark(mask, np.int64(A_BUY_DONE))
        for i in range(MARKET):
            t = s[G_MARKET + i * STACK + s[G_MARKET_N + i] - 1] if s[G_MARKET_N + i] > 0 else NONE
            count += allow(mask, A_BUY + i, can_buy(s, d, k, p, t, i))
        for i in range(s[G_RES_SERVICE_N]):
            count += allow(mask, A_BUY_SERVICE + i, can_buy(s, d, k, p, s[G_RES_SERVICE + i], np.int64(-1)))
        for i in range(s[G_RES_PR1_N]):
            count += allow(mask, A_BUY_PR1 + i, can_buy(s, d, k, p, s[G_RES_PR1 + i], np.int64(-1)))
        count += special_actions(s, d, k, p, mask)
    elif phase == PH_HALL:
        count += mark(mask, np.int64(A_HALL_SKIP))
        for t in range(N_SERV):
            if s[sv(p, np.int64(BX_AVAILABLE), t)] > 0:
                for q in range(n):
                    count += allow(mask, A_HALL + t * MAX_PLAYERS + q, q != p)
    elif phase == PH_PASS_CHOICE:
        count += mark(mask, np.int64(A_RENT)) + mark(mask, np.int64(A_PASS_REFRESH))
    elif phase == PH_ATTACK:
        for q in range(n):
            count += allow(mask, A_ATTACK + q, q != p)
    elif phase == PH_WIFE:
        count += allow(mask, np.int64(A_WIFE_LOOK), s[G_CASUAL_N] > 0) + mark(mask, np.int64(A_WIFE_DISMISS))
    elif phase == PH_KEEP_GUEST or phase == PH_KEEP_OBJ:
        count += mark(mask, np.int64(A_KEEP)) + mark(mask, np.int64(A_KEEP + 1))
    elif phase == PH_DISMISS:
        count += mark(mask, np.int64(A_DISMISS_SKIP))
        for i in range(s[b + P_DECK_N]):
            count += allow(mask, A_DISMISS + i, dismissable(s, d, p, i))
    elif phase == PH_HIRE:
        for i in range(N_HIREABLE):
            count += allow(mask, A_HIRE + i, s[G_SUPPLY + HIREABLE[i]] > 0)
        if s[G_HIRE_MAY_RECRUIT]:
            for q in range(n):
                for i in range(N_HIREABLE):
                    count += allow(mask, A_RECRUIT + q * N_HIREABLE + i, recruit_legal(s, p, q, i))
    elif phase == PH_DOUBLE:
        for x in range(N_DOUBLES):
            count += allow(mask, A_DOUBLE + x, doubles_legal(s, d, p, x))
    elif phase == PH_VP_HIRE:
        for i in range(N_HIREABLE):
            count += allow(mask, A_VP_HIRE + i, s[G_SUPPLY + HIREABLE[i]] > 0)
    elif phase == PH_VP_GUEST:
        for i in range(s[b + P_DECK_N]):
            count += allow(mask, A_VP_GUEST + i, s[b + P_CARD_STATE + i] == CS_DISCARD)
    elif phase == PH_OBJ_DISCARD or phase == PH_COURT_DISCARD:
        for i in range(s[b + P_OBJ_N]):
            count += mark(mask, np.int64(A_OBJ_DISCARD + i))
    elif phase == PH_FAIRCHILD:
        count += mark(mask, np.int64(A_FAIRCHILD)) + mark(mask, np.int64(A_FAIRCHILD + 1))
    elif phase == PH_FINAL_VPC:
        count += mark(mask, np.int64(A_KEEP_VPC))
        last = s[b + P_VPC_N] - 1
        count += allow(mask, A_USE_VPC + last, last >= 0 and final_vpc_usable(s, d, p, last))
    elif phase == PH_FAMILY:
        for f in range(N_FAMILIES):
            count += allow(mask, A_FAMILY + f, family_allowed(d, k, f) and not family_taken(s, f))
    elif phase == PH_WESSEX_TILE:
        count += mark(mask, np.int64(A_WESSEX_TILE)) + mark(mask, np.int64(A_WESSEX_TILE + 1))
    elif phase == PH_DRAFT:
        for i in range(s[G_DRAFT_N]):
            count += mark(mask, np.int64(A_DRAFT + i))
    return count
