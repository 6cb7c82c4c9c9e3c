"""Obsession's hosting an activity (steps 3-5): which tiles can be hosted, which guests may come, whether the
servants and paupers' pounds suffice.

RULES.md "A regular round" (host, guests).
"""

import numpy as np
from numba import njit

from sim.games.obsession.layout import (
    AB_BRUSHING,
    AB_BUTLERS_ROOM,
    AB_HERITAGE,
    AB_LIONHEART,
    AB_QUEENS,
    BX_AVAILABLE,
    BX_BUSY,
    CL_CASUAL,
    CL_FAIRCHILD,
    CL_FAMILY,
    CL_PRESTIGE,
    CL_STARTER,
    CS_ATTENDING,
    CS_HAND,
    EV_NATIONAL,
    F_FAVOURS,
    G_ACT_DOUBLE,
    G_ACT_DOUBLE_KIND,
    G_ACT_LEVEL,
    G_ACT_N,
    G_ACT_NEED,
    G_ACT_OK,
    G_ACT_SIDE,
    G_ACT_TILE,
    G_ACT_TYPE,
    G_FLOW,
    G_PHASE,
    G_PRESTIGE,
    G_PRESTIGE_N,
    G_ROUND,
    G_SUPPLY_GUEST,
    G_TILE_SIDE,
    GT_CASUAL,
    GT_FAMILY,
    GT_GENTLEMEN,
    GT_GENTRY,
    GT_LADIES,
    GT_NONE,
    GT_PRESTIGE,
    GT_SUPPLY,
    MAX_DECK,
    N_SERV,
    NONE,
    P_CARD_STATE,
    P_DECK,
    P_DECK_N,
    P_ESTATE,
    P_ESTATE_N,
    P_MONEY,
    P_REP,
    PH_GUESTS,
    SEX_M,
    SV_BUTLER,
    SV_FOOTMAN,
    SV_HOUSEKEEPER,
    SV_MAID,
    SV_VALET,
    TT_HYBRID,
    TT_IMPROVEMENT,
    TT_SUITE,
)
from sim.games.obsession.params import K_GUEST_POUNDS
from sim.games.obsession.rules.common import (
    MAX_DOUBLE_SERVICE,
    MAX_MONEY_CARDS,
    borrowable,
    gb,
    has_event,
    kb,
    level,
    max_level,
    pb,
    side_base,
    sv,
    tile_ability,
    tile_type,
)
from sim.games.obsession.rules.decks import add_card, draw_top
from sim.games.obsession.rules.servants import available, card_needs, has_ability, max_served, serve_all, server_for
from sim.games.obsession.tables import (
    C_CLASS,
    C_MONEY,
    C_PR,
    C_SERV1,
    C_SERV2,
    C_SEX,
    D_INST_KIND,
    K_PR,
    S_GUESTS,
    S_MONEY,
    S_N,
    S_SERVANT,
)

# ================================================================ hosting: who may come, and can it be completed


@njit(cache=True)
def guest_matches(d, c, gtype):
    """Card c is of the type a tile asks for (GUEST_TYPES)."""
    cl = d[gb(c) + C_CLASS]
    if gtype == GT_GENTRY:
        return True
    if gtype == GT_FAMILY:
        return cl == CL_FAMILY
    if gtype == GT_GENTLEMEN:
        return d[gb(c) + C_SEX] == SEX_M
    if gtype == GT_LADIES:
        return d[gb(c) + C_SEX] != SEX_M
    if gtype == GT_CASUAL:
        return cl == CL_CASUAL or cl == CL_STARTER
    if gtype == GT_PRESTIGE:
        return cl == CL_PRESTIGE or cl == CL_FAIRCHILD
    return False


@njit(cache=True)
def host_level(s, d, k, p):
    """The reputation level guests and tiles are checked against at step 3 (Max on the National Holiday)."""
    if has_event(d, k, s[G_ROUND], np.int64(EV_NATIONAL)):
        return max_level(s)
    return level(s[pb(p) + P_REP])


@njit(cache=True)
def fill_eligible(s, d, k, p, t, lvl, ok):
    """ok[i] = 1 for each card of p's active hand of the type tile t asks for, with a prestige rating <= lvl.
    Whether paupers can be paid for depends on who else comes: completable and guest_legal check it for
    the guests actually chosen (R2 step 6)."""
    b = pb(p)
    gtype = d[side_base(s, d, t) + S_GUESTS]
    n = s[b + P_DECK_N]
    for i in range(MAX_DECK):
        ok[i] = 0
    for i in range(n):
        if s[b + P_CARD_STATE + i] != CS_HAND:
            continue
        c = s[b + P_DECK + i]
        if guest_matches(d, c, gtype) and d[gb(c) + C_PR] <= lvl:
            ok[i] = 1


@njit(cache=True)
def pound_mult(d, t):
    """Guests' pound favours (and pauper costs) are doubled in the Heritage Suite."""
    return 2 if tile_ability(d, t) == AB_HERITAGE else 1


@njit(cache=True)
def guest_cost(d, k, c, mult):
    """Pounds guest c takes from what pays the activity's paupers: a pauper's cost; with pauper.guest_pounds
    (R2: 'use other pound favours from the activity') a guest's pound favour counts as a negative cost."""
    pounds = d[gb(c) + C_MONEY] * mult
    if pounds < 0 or k[K_GUEST_POUNDS]:
        return -pounds
    return 0


@njit(cache=True)
def pauper_budget(s, d, k, p, t):
    """Pounds that can pay the paupers of tile t's activity: those held, what can still be borrowed, the
    tile's pound favour, less what the guests invited so far take (R2 step 6: the cost is paid at the
    favours, from the activity's pounds or by borrowing)."""
    b = pb(p)
    budget = s[b + P_MONEY] + borrowable(s, k, p) + d[side_base(s, d, t) + S_MONEY]
    mult = pound_mult(d, t)
    for i in range(s[b + P_DECK_N]):
        if s[b + P_CARD_STATE + i] == CS_ATTENDING:
            budget -= guest_cost(d, k, s[b + P_DECK + i], mult)
    return budget


@njit(cache=True)
def servable(s, d, p, ok, need, a, brushing):
    """Can `need` more guests be chosen among the eligible cards (ok[i] == 1, still in hand) and all be served
    from the pool `a`? Cards needing no service always can; one-servant cards are counted by max_served;
    the few two-servant cards are tried in every combination (at most 2**MAX_DOUBLE_SERVICE)."""
    if need <= 0:
        return True
    b = pb(p)
    free = 0
    singles = np.zeros(N_SERV, np.int64)
    doubles = np.zeros((MAX_DOUBLE_SERVICE, 2), np.int64)
    m = 0
    for i in range(s[b + P_DECK_N]):
        if ok[i] != 1 or s[b + P_CARD_STATE + i] != CS_HAND:
            continue
        c = s[b + P_DECK + i]
        s1 = d[gb(c) + C_SERV1]
        s2 = d[gb(c) + C_SERV2]
        if s1 < 0:
            free += 1
        elif s2 < 0:
            singles[s1] += 1
        elif m < MAX_DOUBLE_SERVICE:
            doubles[m, 0] = s1
            doubles[m, 1] = s2
            m += 1
    if free >= need or free + max_served(a, singles, brushing) >= need:
        return True
    needs = np.zeros(N_SERV, np.int64)
    for mask in range(1, 1 << m):
        chosen = 0
        for t in range(N_SERV):
            needs[t] = 0
        for j in range(m):
            if (mask >> j) & 1:
                needs[doubles[j, 0]] += 1
                needs[doubles[j, 1]] += 1
                chosen += 1
        if chosen > need:
            continue
        rest = a.copy()
        if serve_all(rest, needs, brushing) and free + max_served(rest, singles, brushing) >= need - chosen:
            return True
    return False


@njit(cache=True)
def completable(s, d, k, p, t, ok, need, a, brushing, budget):
    """Can `need` more guests be chosen among the eligible cards of tile t's activity, all be served from the
    pool `a`, and their paupers be paid from `budget`? Without a pauper among them (and a budget >= 0) only
    service matters; otherwise every set of the cards that cost or bring pounds (at most
    2**MAX_MONEY_CARDS) is tried, the rest taken from cards that cost nothing."""
    if need <= 0:
        return budget >= 0
    b = pb(p)
    mult = pound_mult(d, t)
    money = np.zeros(MAX_MONEY_CARDS, np.int64)
    m = 0
    paupers = False
    for i in range(s[b + P_DECK_N]):
        if ok[i] == 1 and s[b + P_CARD_STATE + i] == CS_HAND:
            cost = guest_cost(d, k, s[b + P_DECK + i], mult)
            paupers = paupers or cost > 0
            if cost != 0 and m < MAX_MONEY_CARDS:
                money[m] = i
                m += 1
    if budget >= 0 and not paupers:
        return servable(s, d, p, ok, need, a, brushing)
    rest_ok = ok.copy()  # the rest: cards that cost and bring nothing
    for i in range(s[b + P_DECK_N]):
        if ok[i] == 1 and guest_cost(d, k, s[b + P_DECK + i], mult) != 0:
            rest_ok[i] = 0
    needs = np.zeros(N_SERV, np.int64)
    for mask in range(1 << m):
        chosen = 0
        cost = 0
        for x in range(N_SERV):
            needs[x] = 0
        for j in range(m):
            if (mask >> j) & 1:
                c = s[b + P_DECK + money[j]]
                card_needs(d, c, needs)
                cost += guest_cost(d, k, c, mult)
                chosen += 1
        if chosen > need or cost > budget:
            continue
        rest = a.copy()
        if serve_all(rest, needs, brushing) and servable(s, d, p, rest_ok, need - chosen, rest, brushing):
            return True
    return False


@njit(cache=True)
def is_hosted_kind(s, d, t):
    typ = tile_type(s, d, t)
    return typ == TT_IMPROVEMENT or typ == TT_HYBRID or typ == TT_SUITE or tile_ability(d, t) == AB_BUTLERS_ROOM


@njit(cache=True)
def host_legal(s, d, k, p, slot, ok):
    """The activity of estate slot `slot` can be hosted now: a hosted tile, its prestige rating within the
    reputation (any on the National Holiday), its servant available, and enough eligible guests that can all
    be served (the guest step then always finishes)."""
    b = pb(p)
    if slot >= s[b + P_ESTATE_N]:
        return False
    t = s[b + P_ESTATE + slot]
    if not is_hosted_kind(s, d, t):
        return False
    lvl = host_level(s, d, k, p)
    if d[kb(d[D_INST_KIND + t]) + K_PR] > lvl:
        return False
    sbase = side_base(s, d, t)
    a = available(s, p)
    brushing = has_ability(s, p, np.int64(AB_BRUSHING))
    need_servant = d[sbase + S_SERVANT]
    if need_servant >= 0:
        x = server_for(a, need_servant, brushing)
        if x < 0:
            return False
        a[x] -= 1
    gtype = d[sbase + S_GUESTS]
    if gtype == GT_NONE:
        return True
    if gtype == GT_SUPPLY:
        return s[G_PRESTIGE_N] > 0
    fill_eligible(s, d, k, p, t, lvl, ok)
    return completable(s, d, k, p, t, ok, d[sbase + S_N], a, brushing, pauper_budget(s, d, k, p, t))


@njit(cache=True)
def take_servants(s, p, needs, brushing):
    """Move the servants serving `needs` from available to busy (least flexible first)."""
    a = available(s, p)
    for t in (SV_HOUSEKEEPER, SV_MAID, SV_BUTLER, SV_FOOTMAN, SV_VALET):
        for _ in range(needs[t]):
            x = server_for(a, t, brushing)
            a[x] -= 1
            s[sv(p, np.int64(BX_AVAILABLE), x)] -= 1
            s[sv(p, np.int64(BX_BUSY), x)] += 1


@njit(cache=True)
def begin_activity(s, d, k, p, slot):
    """Step 3: the tile goes onto the board with its servant; then the guests, or straight to the favours."""
    b = pb(p)
    t = s[b + P_ESTATE + slot]
    sbase = side_base(s, d, t)
    lvl = host_level(s, d, k, p)
    s[G_ACT_TILE] = t
    s[G_ACT_SIDE] = s[G_TILE_SIDE + t]
    s[G_ACT_LEVEL] = lvl
    s[G_ACT_TYPE] = d[sbase + S_GUESTS]
    s[G_ACT_NEED] = d[sbase + S_N]
    s[G_ACT_N] = 0
    s[G_ACT_DOUBLE_KIND] = NONE
    ab = tile_ability(d, t)
    s[G_ACT_DOUBLE] = 1 if (ab == AB_HERITAGE or ab == AB_LIONHEART) else (2 if ab == AB_QUEENS else 0)
    brushing = has_ability(s, p, np.int64(AB_BRUSHING))
    needs = np.zeros(N_SERV, np.int64)
    if d[sbase + S_SERVANT] >= 0:
        needs[d[sbase + S_SERVANT]] = 1
    take_servants(s, p, needs, brushing)
    if s[G_ACT_TYPE] == GT_NONE:
        s[G_ACT_NEED] = 0
        s[G_FLOW] = F_FAVOURS
    elif s[G_ACT_TYPE] == GT_SUPPLY:
        c = draw_top(s, np.int64(G_PRESTIGE), np.int64(G_PRESTIGE_N))
        s[G_SUPPLY_GUEST] = c
        add_card(s, p, c, np.int64(CS_ATTENDING))  # no service: the butler sees to this guest
        s[G_ACT_NEED] = 0
        s[G_ACT_N] = 1
        s[G_FLOW] = F_FAVOURS
    else:
        fill_eligible(s, d, k, p, t, lvl, s[G_ACT_OK : G_ACT_OK + MAX_DECK])
        s[G_PHASE] = PH_GUESTS


@njit(cache=True)
def guest_legal(s, d, k, p, i, ok):
    """Deck slot i may join the activity: eligible, in hand, servable now, and the rest still completable
    with every pauper paid for (a pauper is offered whenever some completion of the activity pays for it)."""
    b = pb(p)
    if i >= s[b + P_DECK_N] or s[G_ACT_OK + i] != 1 or s[b + P_CARD_STATE + i] != CS_HAND:
        return False
    brushing = has_ability(s, p, np.int64(AB_BRUSHING))
    a = available(s, p)
    needs = np.zeros(N_SERV, np.int64)
    c = s[b + P_DECK + i]
    card_needs(d, c, needs)
    if not serve_all(a, needs, brushing):
        return False
    t = s[G_ACT_TILE]
    budget = pauper_budget(s, d, k, p, t) - guest_cost(d, k, c, pound_mult(d, t))
    for j in range(MAX_DECK):
        ok[j] = s[G_ACT_OK + j]
    ok[i] = 0
    return completable(s, d, k, p, t, ok, s[G_ACT_NEED] - 1, a, brushing, budget)


@njit(cache=True)
def invite_guest(s, d, p, i):
    b = pb(p)
    s[b + P_CARD_STATE + i] = CS_ATTENDING
    needs = np.zeros(N_SERV, np.int64)
    card_needs(d, s[b + P_DECK + i], needs)
    take_servants(s, p, needs, has_ability(s, p, np.int64(AB_BRUSHING)))
    s[G_ACT_NEED] -= 1
    s[G_ACT_N] += 1
    if s[G_ACT_NEED] == 0:
        s[G_FLOW] = F_FAVOURS
