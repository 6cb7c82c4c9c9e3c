"""Obsession's favours and the end of an activity (steps 6-8): the Queen's Suite's doubled favour, pounds,
reputation, new guests, hiring, recruiting, dismissals, clearing the board.

RULES.md "A regular round" (favours, clearing the board).
"""

import numpy as np
from numba import njit

from sim.games.obsession.layout import (
    AB_BARN,
    BX_AVAILABLE,
    BX_BUSY,
    BX_EXPENDED,
    BX_QUARTERS,
    CAT_ESTATE,
    CL_FAIRCHILD,
    CL_FAMILY,
    CL_PRESTIGE,
    CS_ATTENDING,
    CS_DISCARD,
    F_CLEAR,
    F_PENDING,
    G_ACT_DOUBLE,
    G_ACT_DOUBLE_KIND,
    G_ACT_N,
    G_ACT_NEED,
    G_ACT_OK,
    G_ACT_SIDE,
    G_ACT_TILE,
    G_ACTIVE,
    G_CUR,
    G_FLOW,
    G_HIRE_MAY_RECRUIT,
    G_PEND_ATTACK,
    G_PEND_ATTACK_N,
    G_PEND_DISMISS,
    G_PEND_HIRE,
    G_PEND_WIFE,
    G_PHASE,
    G_PLAYERS,
    G_SUPPLY,
    G_SUPPLY_GUEST,
    G_TILE_SIDE,
    HIREABLE,
    MAX_ATTACKS,
    MAX_DECK,
    N_DOUBLES,
    N_HIREABLE,
    N_SERV,
    NONE,
    P_CARD_STATE,
    P_DECK,
    P_DECK_N,
    P_DISMISSED,
    P_HIRED,
    P_HOSTED,
    P_LOST,
    P_MONEY,
    P_REP,
    PH_ATTACK,
    PH_DISMISS,
    PH_DOUBLE,
    PH_HIRE,
    PH_WIFE,
    SEX_M,
    TT_HYBRID,
)
from sim.games.obsession.params import K_BARN_REP, K_BORROW_REP
from sim.games.obsession.rules.common import add_rep, borrow, gb, kb, pb, sv
from sim.games.obsession.rules.decks import draw_objective, draw_vp_card, invite, remove_slot, return_guest
from sim.games.obsession.rules.market import update_estate
from sim.games.obsession.rules.servants import has_ability, servant_count, supply_hireable
from sim.games.obsession.rules.specials import start_buying
from sim.games.obsession.tables import (
    C_ADMIRER_REP,
    C_ADMIRER_SEX,
    C_ATTACK,
    C_CASUAL,
    C_CHOICE,
    C_CLASS,
    C_MONEY,
    C_PRESTIGE,
    C_REP,
    C_SEX,
    C_VP_CARDS,
    D_INST_KIND,
    K_CAT,
    K_CAT_BACK,
    K_SIDE,
    K_TYPE,
    S_CASUAL,
    S_DISMISS,
    S_HIRE,
    S_MONEY,
    S_OBJECTIVES,
    S_PRESTIGE,
    S_RECRUIT,
    S_REP,
    S_VP_CARDS,
    SIDE_STRIDE,
)

# ================================================================ favours


@njit(cache=True)
def queens_guest(s, p):
    """The one guest of a Queen's Suite activity (its deck slot), -1."""
    b = pb(p)
    for i in range(s[b + P_DECK_N]):
        if s[b + P_CARD_STATE + i] == CS_ATTENDING:
            return i
    return NONE


@njit(cache=True)
def doubles_legal(s, d, p, kind_):
    """Queen's Suite: the guest has a favour of this kind (DOUBLES: money, reputation, casual, prestige,
    VP cards) to double."""
    i = queens_guest(s, p)
    if i < 0:
        return False
    base = gb(s[pb(p) + P_DECK + i])
    f = (C_MONEY, C_REP, C_CASUAL, C_PRESTIGE, C_VP_CARDS)[kind_]
    return d[base + f] > 0


@njit(cache=True)
def enjoy_favours(s, d, k):
    """Step 6, in order: pounds (a pauper's cost paid from them, borrowing if short), reputation (the
    admirer bonus, the Barn), invitations and VP/objective cards; then the decisions: gossip targets, the
    lady's choice, hiring, dismissals."""
    p = s[G_ACTIVE]
    b = pb(p)
    if s[G_ACT_DOUBLE] == 2 and s[G_ACT_DOUBLE_KIND] < 0:
        for x in range(N_DOUBLES):
            if doubles_legal(s, d, p, x):
                s[G_PHASE] = PH_DOUBLE
                return
        s[G_ACT_DOUBLE_KIND] = N_DOUBLES  # nothing to double
    t = s[G_ACT_TILE]
    kbase = kb(d[D_INST_KIND + t])
    sbase = kbase + K_SIDE + s[G_ACT_SIDE] * SIDE_STRIDE
    money = d[sbase + S_MONEY]
    rep = d[sbase + S_REP]
    casual = d[sbase + S_CASUAL]
    prestige = d[sbase + S_PRESTIGE]
    vp_cards = d[sbase + S_VP_CARDS]
    all_x = 2 if s[G_ACT_DOUBLE] == 1 else 1
    dk = s[G_ACT_DOUBLE_KIND]
    male_pg = False
    female_pg = False
    s[G_PEND_ATTACK_N] = 0
    s[G_PEND_WIFE] = 0
    for i in range(s[b + P_DECK_N]):
        if s[b + P_CARD_STATE + i] != CS_ATTENDING:
            continue
        cb = gb(s[b + P_DECK + i])
        money += d[cb + C_MONEY] * (2 if dk == 0 else all_x)
        rep += d[cb + C_REP] * (2 if dk == 1 else all_x)
        casual += d[cb + C_CASUAL] * (2 if dk == 2 else all_x)
        prestige += d[cb + C_PRESTIGE] * (2 if dk == 3 else all_x)
        vp_cards += d[cb + C_VP_CARDS] * (2 if dk == 4 else all_x)
        if d[cb + C_ATTACK] > 0 and s[G_PEND_ATTACK_N] < MAX_ATTACKS:
            s[G_PEND_ATTACK + s[G_PEND_ATTACK_N]] = d[cb + C_ATTACK] * all_x
            s[G_PEND_ATTACK_N] += 1
        s[G_PEND_WIFE] += d[cb + C_CHOICE]
        cl = d[cb + C_CLASS]
        if cl == CL_PRESTIGE or cl == CL_FAIRCHILD:
            if d[cb + C_SEX] == SEX_M:
                male_pg = True
            else:
                female_pg = True
    for i in range(s[b + P_DECK_N]):
        if s[b + P_CARD_STATE + i] == CS_ATTENDING:
            cb = gb(s[b + P_DECK + i])
            want = d[cb + C_ADMIRER_SEX]
            present = male_pg if want == SEX_M else female_pg
            if d[cb + C_ADMIRER_REP] > 0 and want >= 0 and present:
                rep += d[cb + C_ADMIRER_REP]
    cat = d[kbase + K_CAT_BACK] if s[G_ACT_SIDE] else d[kbase + K_CAT]
    if cat == CAT_ESTATE and has_ability(s, p, np.int64(AB_BARN)):
        rep += k[K_BARN_REP]
    s[b + P_MONEY] += money
    while s[b + P_MONEY] < 0 and s[b + P_REP] >= k[K_BORROW_REP]:
        borrow(s, k, p)
    add_rep(s, p, rep)
    for _ in range(casual):
        invite(s, d, p, np.int64(0))
    for _ in range(prestige):
        invite(s, d, p, np.int64(1))
    for _ in range(vp_cards):
        draw_vp_card(s, p)
    for _ in range(d[sbase + S_OBJECTIVES]):
        draw_objective(s, p)
    s[G_PEND_DISMISS] = d[sbase + S_DISMISS]
    s[G_PEND_HIRE] = d[sbase + S_HIRE]
    s[G_HIRE_MAY_RECRUIT] = d[sbase + S_RECRUIT]
    s[G_FLOW] = F_PENDING


@njit(cache=True)
def recruit_legal(s, p, q, i):
    return q != p and q < s[G_PLAYERS] and servant_count(s, q, HIREABLE[i]) > 0


@njit(cache=True)
def can_hire_now(s, p):
    if supply_hireable(s) > 0:
        return True
    if s[G_HIRE_MAY_RECRUIT]:
        for q in range(s[G_PLAYERS]):
            for i in range(N_HIREABLE):
                if recruit_legal(s, p, q, i):
                    return True
    return False


@njit(cache=True)
def dismissable(s, d, p, i):
    """Any guest may be dismissed, never family (R2); the Fairchilds are not dismissed either (a choice)."""
    b = pb(p)
    if i >= s[b + P_DECK_N]:
        return False
    cl = d[gb(s[b + P_DECK + i]) + C_CLASS]
    return cl != CL_FAMILY and cl != CL_FAIRCHILD


@njit(cache=True)
def any_dismissable(s, d, p):
    for i in range(s[pb(p) + P_DECK_N]):  # noqa: SIM110 (a plain loop compiles; a generator would not)
        if dismissable(s, d, p, i):
            return True
    return False


@njit(cache=True)
def next_pending(s, d):
    """The next favour decision, in order: gossip targets, the lady's choice, hiring, dismissals; then the
    board is cleared."""
    p = s[G_ACTIVE]
    s[G_CUR] = p
    if s[G_PEND_ATTACK_N] > 0:
        s[G_PHASE] = PH_ATTACK
    elif s[G_PEND_WIFE] > 0:
        s[G_PHASE] = PH_WIFE
    elif s[G_PEND_HIRE] > 0 and can_hire_now(s, p):
        s[G_PHASE] = PH_HIRE
    elif s[G_PEND_DISMISS] > 0 and any_dismissable(s, d, p):
        s[G_PEND_HIRE] = 0
        s[G_PHASE] = PH_DISMISS
    else:
        s[G_PEND_HIRE] = 0
        s[G_PEND_DISMISS] = 0
        s[G_FLOW] = F_CLEAR


@njit(cache=True)
def hire(s, p, t):
    """A servant of type t from the supply to p's expended service (oriented with the butler)."""
    s[G_SUPPLY + t] -= 1
    s[sv(p, np.int64(BX_EXPENDED), t)] += 1
    s[pb(p) + P_HIRED] += 1


@njit(cache=True)
def recruit(s, p, q, t):
    """A servant of type t leaves seat q (available first, then quarters, then expended) for p's expended
    service."""
    for box in (BX_AVAILABLE, BX_QUARTERS, BX_EXPENDED):
        if s[sv(q, box, t)] > 0:
            s[sv(q, box, t)] -= 1
            break
    s[sv(p, np.int64(BX_EXPENDED), t)] += 1
    s[pb(p) + P_HIRED] += 1
    s[pb(q) + P_LOST] += 1


@njit(cache=True)
def dismiss(s, d, p, i):
    c = remove_slot(s, p, i)
    return_guest(s, d, c)
    s[pb(p) + P_DISMISSED] += 1


@njit(cache=True)
def clear_board(s, d):
    """Step 8: guests to the discard pile, servants to expended service, the tile flipped on its first use
    (a two-colour tile on every use)."""
    p = s[G_ACTIVE]
    b = pb(p)
    for i in range(s[b + P_DECK_N]):
        if s[b + P_CARD_STATE + i] == CS_ATTENDING:
            s[b + P_CARD_STATE + i] = CS_DISCARD
    for t in range(N_SERV):
        s[sv(p, np.int64(BX_EXPENDED), t)] += s[sv(p, np.int64(BX_BUSY), t)]
        s[sv(p, np.int64(BX_BUSY), t)] = 0
    t = s[G_ACT_TILE]
    if d[kb(d[D_INST_KIND + t]) + K_TYPE] == TT_HYBRID:
        s[G_TILE_SIDE + t] = 1 - s[G_TILE_SIDE + t]
    else:
        s[G_TILE_SIDE + t] = 1
    update_estate(s, d, p)
    s[b + P_HOSTED] += 1
    end_activity(s)
    start_buying(s)


@njit(cache=True)
def end_activity(s):
    s[G_ACT_TILE] = NONE
    s[G_ACT_NEED] = 0
    s[G_ACT_N] = 0
    s[G_ACT_DOUBLE] = 0
    s[G_ACT_DOUBLE_KIND] = NONE
    s[G_SUPPLY_GUEST] = NONE
    for i in range(MAX_DECK):
        s[G_ACT_OK + i] = 0
