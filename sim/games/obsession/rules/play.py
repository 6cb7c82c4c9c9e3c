"""Obsession's turn flow: `advance` runs the rules' own procedures until a decision is due, `step` applies a
legal action.

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
    A_RECRUIT,
    A_REFRESH,
    A_RENT,
    A_USE_VPC,
    A_VP_GUEST,
    A_VP_HIRE,
    A_WESSEX_TILE,
    A_WIFE_DISMISS,
)
from sim.games.obsession.layout import (
    BX_AVAILABLE,
    BX_EXPENDED,
    CS_HAND,
    F_AFTER_EVENTS,
    F_CLEAR,
    F_COURT_DISCARD,
    F_COURTSHIP,
    F_DECIDE,
    F_END_BUY,
    F_END_ROUND,
    F_END_TURN,
    F_FAVOURS,
    F_FINAL_VPC,
    F_PENDING,
    F_SETUP,
    F_START_ROUND,
    F_START_TURN,
    G_ACT_DOUBLE_KIND,
    G_BOUGHT_NOW,
    G_CASUAL,
    G_CASUAL_N,
    G_COURT_WINNER,
    G_CUR,
    G_DRAFT,
    G_DRAFT_N,
    G_FAIRCHILD,
    G_FINAL_VPC,
    G_FLOW,
    G_HIRE_MAY_RECRUIT,
    G_KEEP_OBJ,
    G_KEEP_OBJ_N,
    G_LAST_ROUND,
    G_LOOK,
    G_LOOK_N,
    G_MARKET,
    G_MARKET_N,
    G_MULTI_BUY,
    G_OBJ_BOTTOM,
    G_OBJ_DECK,
    G_OBJ_DECK_N,
    G_PEND_ATTACK,
    G_PEND_ATTACK_N,
    G_PEND_DISMISS,
    G_PEND_HIRE,
    G_PEND_WIFE,
    G_PHASE,
    G_REFRESHED,
    G_RES_PR1,
    G_RES_PR1_N,
    G_RES_SERVICE,
    G_RES_SERVICE_N,
    G_RETURN_PHASE,
    G_ROUND,
    G_SETUP_STEP,
    HIREABLE,
    MAX_OBJ,
    MAX_PLAYERS,
    MAX_VPC,
    N_HIREABLE,
    N_SERV,
    NONE,
    P_CARD_STATE,
    P_DECK_N,
    P_GOSSIP,
    P_INVITED,
    P_MONEY,
    P_OBJ,
    P_OBJ_N,
    P_PASSES,
    P_REFRESHES,
    P_REP,
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
from sim.games.obsession.params import K_HALL_REP, K_REFRESH_REP, K_RENT
from sim.games.obsession.rules.common import add_rep, borrow, pb, sv
from sim.games.obsession.rules.decks import (
    add_card,
    discard_objective,
    draw_top,
    draw_vp_card,
    put_bottom,
    return_guest,
)
from sim.games.obsession.rules.favours import clear_board, dismiss, enjoy_favours, hire, next_pending, recruit
from sim.games.obsession.rules.hosting import begin_activity, invite_guest
from sim.games.obsession.rules.market import add_tile, buy_tile, refill, refresh_market, take_from_reserve
from sim.games.obsession.rules.rounds import (
    after_events,
    court_discard,
    courtship,
    end_round,
    end_turn,
    final_vp_cards,
    start_round,
    start_turn,
)
from sim.games.obsession.rules.servants import supply_hireable
from sim.games.obsession.rules.setup_choices import apply_family, setup_next, wessex_instance
from sim.games.obsession.rules.specials import call_servant, has_discard, refresh_service, start_buying, use_vp_card
from sim.games.obsession.tables import D_FAIRCHILD

# ================================================================ the flow


@njit(cache=True)
def advance(s, d, k):
    """Run what the rules do by themselves until a decision is due."""
    while True:
        flow = s[G_FLOW]
        s[G_FLOW] = F_DECIDE
        if flow == F_SETUP:
            setup_next(s, d, k)
        elif flow == F_START_ROUND:
            start_round(s, d, k)
        elif flow == F_START_TURN:
            start_turn(s, d, k)
        elif flow == F_AFTER_EVENTS:
            after_events(s, d, k)
        elif flow == F_FAVOURS:
            enjoy_favours(s, d, k)
        elif flow == F_PENDING:
            next_pending(s, d)
        elif flow == F_CLEAR:
            clear_board(s, d)
        elif flow == F_END_BUY:
            if s[G_MULTI_BUY] and s[G_BOUGHT_NOW] > 0:
                refill(s, d, np.int64(0))
            s[G_FLOW] = F_END_TURN
        elif flow == F_END_TURN:
            end_turn(s, d, k)
        elif flow == F_END_ROUND:
            end_round(s, d, k)
        elif flow == F_COURTSHIP:
            courtship(s, d, k)
        elif flow == F_COURT_DISCARD:
            court_discard(s, d, k)
        elif flow == F_FINAL_VPC:
            final_vp_cards(s, d, k)
        else:
            return


@njit(cache=True)
def step(s, d, k, a):
    """Apply legal action a for the current seat."""
    phase = s[G_PHASE]
    p = s[G_CUR]
    b = pb(p)
    if a == A_BORROW:
        borrow(s, k, p)
    elif a == A_REFRESH:
        s[b + P_REP] -= k[K_REFRESH_REP]
        s[G_REFRESHED] = 1
        refresh_market(s, d)
        s[b + P_REFRESHES] += 1
    elif A_USE_VPC <= a < A_USE_VPC + MAX_VPC:
        if phase == PH_FINAL_VPC:
            s[G_FINAL_VPC] &= ~(1 << p)
        use_vp_card(s, d, p, a - A_USE_VPC)
    elif a == A_KEEP_VPC:
        s[G_FINAL_VPC] &= ~(1 << p)
    elif A_CALL <= a < A_CALL + N_SERV:
        call_servant(s, k, p, a - A_CALL)
    elif phase == PH_MAIN:
        if a == A_PASS:
            s[b + P_PASSES] += 1
            for i in range(s[b + P_DECK_N]):
                s[b + P_CARD_STATE + i] = CS_HAND
            refresh_service(s, p)
            s[G_PHASE] = PH_PASS_CHOICE
        else:
            begin_activity(s, d, k, p, a - A_HOST)
    elif phase == PH_GUESTS:
        invite_guest(s, d, p, a - A_GUEST)
    elif phase == PH_BUY:
        if a == A_BUY_DONE:
            s[G_FLOW] = F_END_BUY
        else:
            if a < A_BUY_SERVICE:
                i = a - A_BUY
                n = s[G_MARKET_N + i] - 1
                t = s[G_MARKET + i * STACK + n]
                buy_tile(s, d, k, p, t, i)
                s[G_MARKET_N + i] = n
            elif a < A_BUY_PR1:
                t = s[G_RES_SERVICE + a - A_BUY_SERVICE]
                buy_tile(s, d, k, p, t, np.int64(-1))
                take_from_reserve(s, np.int64(G_RES_SERVICE), np.int64(G_RES_SERVICE_N), a - A_BUY_SERVICE)
            else:
                t = s[G_RES_PR1 + a - A_BUY_PR1]
                buy_tile(s, d, k, p, t, np.int64(-1))
                take_from_reserve(s, np.int64(G_RES_PR1), np.int64(G_RES_PR1_N), a - A_BUY_PR1)
            if not s[G_MULTI_BUY]:
                refill(s, d, np.int64(0))
                s[G_BOUGHT_NOW] = 0
    elif phase == PH_HALL:
        if a != A_HALL_SKIP:
            x = a - A_HALL
            t = x // MAX_PLAYERS
            q = x % MAX_PLAYERS
            s[sv(p, np.int64(BX_AVAILABLE), t)] -= 1
            s[sv(p, np.int64(BX_EXPENDED), t)] += 1
            before = s[pb(q) + P_REP]
            add_rep(s, q, -k[K_HALL_REP])
            s[b + P_GOSSIP] += before - s[pb(q) + P_REP]
            add_rep(s, p, k[K_HALL_REP])
        s[G_PHASE] = PH_MAIN
    elif phase == PH_PASS_CHOICE:
        if a == A_RENT:
            s[b + P_MONEY] += k[K_RENT]
        else:
            refresh_market(s, d)
            s[b + P_REFRESHES] += 1
        start_buying(s)
    elif phase == PH_ATTACK:
        q = a - A_ATTACK
        n = s[G_PEND_ATTACK_N] - 1
        before = s[pb(q) + P_REP]
        add_rep(s, q, -s[G_PEND_ATTACK + n])
        s[b + P_GOSSIP] += before - s[pb(q) + P_REP]
        s[G_PEND_ATTACK_N] = n
        s[G_FLOW] = F_PENDING
    elif phase == PH_WIFE:
        s[G_PEND_WIFE] -= 1
        s[G_FLOW] = F_PENDING
        if a == A_WIFE_DISMISS:
            s[G_PEND_DISMISS] += 1
        else:
            s[G_LOOK_N] = 0
            for _ in range(2):
                c = draw_top(s, np.int64(G_CASUAL), np.int64(G_CASUAL_N))
                if c >= 0:
                    s[G_LOOK + s[G_LOOK_N]] = c
                    s[G_LOOK_N] += 1
            if s[G_LOOK_N] == 2:
                s[G_PHASE] = PH_KEEP_GUEST
                s[G_FLOW] = F_DECIDE
            elif s[G_LOOK_N] == 1:
                if add_card(s, p, s[G_LOOK], np.int64(CS_HAND)) >= 0:
                    s[b + P_INVITED] += 1
                s[G_LOOK_N] = 0
    elif phase == PH_KEEP_GUEST:
        i = a - A_KEEP
        if add_card(s, p, s[G_LOOK + i], np.int64(CS_HAND)) >= 0:
            s[b + P_INVITED] += 1
        return_guest(s, d, s[G_LOOK + 1 - i])
        s[G_LOOK_N] = 0
        s[G_FLOW] = F_PENDING
    elif phase == PH_KEEP_OBJ:
        i = a - A_KEEP
        if s[b + P_OBJ_N] < MAX_OBJ:
            s[b + P_OBJ + s[b + P_OBJ_N]] = s[G_KEEP_OBJ + i]
            s[b + P_OBJ_N] += 1
        put_bottom(s, np.int64(G_OBJ_DECK), np.int64(G_OBJ_DECK_N), s[G_KEEP_OBJ + 1 - i])
        s[G_KEEP_OBJ_N] = 0
        s[G_PHASE] = s[G_RETURN_PHASE]
    elif phase == PH_DISMISS:
        if a == A_DISMISS_SKIP:
            s[G_PEND_DISMISS] = 0
        else:
            dismiss(s, d, p, a - A_DISMISS)
            s[G_PEND_DISMISS] -= 1
        s[G_FLOW] = F_PENDING
    elif phase == PH_HIRE:
        if a < A_RECRUIT:
            hire(s, p, HIREABLE[a - A_HIRE])
            s[G_PEND_HIRE] -= 1
            s[G_HIRE_MAY_RECRUIT] = 0  # hiring and recruiting do not mix
        else:
            x = a - A_RECRUIT
            recruit(s, p, x // N_HIREABLE, HIREABLE[x % N_HIREABLE])
            s[G_PEND_HIRE] = 0
        s[G_FLOW] = F_PENDING
    elif phase == PH_DOUBLE:
        s[G_ACT_DOUBLE_KIND] = a - A_DOUBLE
        s[G_FLOW] = F_FAVOURS
    elif phase == PH_VP_HIRE:
        hire(s, p, HIREABLE[a - A_VP_HIRE])
        s[G_PEND_HIRE] -= 1
        if s[G_PEND_HIRE] <= 0 or supply_hireable(s) == 0:
            s[G_PEND_HIRE] = 0
            s[G_PHASE] = s[G_RETURN_PHASE]
    elif phase == PH_VP_GUEST:
        s[b + P_CARD_STATE + a - A_VP_GUEST] = CS_HAND
        s[G_PEND_HIRE] -= 1
        if s[G_PEND_HIRE] <= 0 or not has_discard(s, p):
            s[G_PEND_HIRE] = 0
            s[G_PHASE] = s[G_RETURN_PHASE]
    elif phase == PH_OBJ_DISCARD:
        discard_objective(s, p, a - A_OBJ_DISCARD)
        s[G_OBJ_BOTTOM] = 0  # a single card under the deck: nothing to shuffle
        s[G_FLOW] = F_AFTER_EVENTS
    elif phase == PH_COURT_DISCARD:
        discard_objective(s, p, a - A_OBJ_DISCARD)
        s[G_FLOW] = F_COURT_DISCARD
    elif phase == PH_FAIRCHILD:
        f = a - A_FAIRCHILD
        add_card(s, p, d[D_FAIRCHILD + f], np.int64(CS_HAND))
        s[G_FAIRCHILD + f] = p
        if draw_vp_card(s, p) and s[G_ROUND] == s[G_LAST_ROUND]:
            s[G_FINAL_VPC] |= 1 << p
        s[G_COURT_WINNER] = NONE
        s[G_FLOW] = F_COURT_DISCARD
    elif phase == PH_FAMILY:
        apply_family(s, d, p, a - A_FAMILY)
        s[G_FLOW] = F_SETUP
    elif phase == PH_WESSEX_TILE:
        add_tile(s, d, p, wessex_instance(d, a - A_WESSEX_TILE))
        s[G_FLOW] = F_SETUP
    elif phase == PH_DRAFT:
        i = a - A_DRAFT
        add_card(s, p, s[G_DRAFT + i], np.int64(CS_HAND))
        n = s[G_DRAFT_N]
        for j in range(i, n - 1):
            s[G_DRAFT + j] = s[G_DRAFT + j + 1]
        s[G_DRAFT + n - 1] = 0
        s[G_DRAFT_N] = n - 1
        s[G_SETUP_STEP] += 1
        s[G_FLOW] = F_SETUP
    if s[G_PHASE] == PH_FINAL_VPC:  # this seat's final VP card is settled (kept, used, or its decision done)
        s[G_FLOW] = F_FINAL_VPC
    advance(s, d, k)
