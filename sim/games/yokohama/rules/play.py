"""Yokohama's turn flow: `legal_mask` says which actions are legal in the phase due and `step` applies one.

RULES.md "A turn" and "Decisions and actions".
"""

import numpy as np
from numba import njit

from sim.games.yokohama.actions import (
    A_ACHIEVE,
    A_AGENCY_DONE,
    A_BUILD_SHOP,
    A_BUILD_SKIP,
    A_BUILD_TH,
    A_BUY_TECH,
    A_CHURCH_AREA,
    A_CHURCH_DONE,
    A_CHURCH_HAND,
    A_CT_BUY_IMPORT,
    A_CT_DONE,
    A_CUSTOMS,
    A_CUSTOMS_DONE,
    A_DONATE,
    A_END_EXTRA,
    A_FULFIL,
    A_HIRE_ASSISTANT,
    A_HIRE_SHOP,
    A_HIRE_TH,
    A_KEEP_ONE,
    A_KEEP_ORDER,
    A_LAB_DONE,
    A_MOVE,
    A_PLACE,
    A_PLACE_DONE,
    A_PORT_DONE,
    A_RECALL,
    A_RECALL_DONE,
    A_RECOVER_ALL,
    A_RETURN,
    A_SKIP_CHIP,
    A_SPIN,
    A_STATION,
    A_TAKE_CHIP,
    A_TAKE_ORDER,
    A_TAKE_ORDER_IMPORT,
    A_TAKE_ORDER_YEN,
    A_UNIVERSITY,
    A_USE_AGENT,
    MAX_TECH_IMPORTS,
    N_DONATIONS,
)
from sim.games.yokohama.layout import (
    G_ACT_POS,
    G_AGENT_USED,
    G_CUR,
    G_KEEP_SEAT,
    G_LEFT,
    G_N_POS,
    G_PHASE,
    G_PLAYERS,
    G_RESUME,
    G_SPIN_USED,
    G_STATION,
    G_SUB_N,
    G_UNIV_USED,
    HAND_SLOTS,
    K_CANAL,
    MAX_CUSTOMS,
    MAX_POS,
    MAX_SHOP_SPACES,
    N_ACHIEVEMENTS,
    N_SLOTS,
    NONE,
    P_AGENTS,
    P_ASSIST_HAND,
    P_ASSIST_WAREHOUSE,
    P_DEALT,
    P_GOODS,
    P_IMPORTS,
    P_MONEY,
    P_ORDERS_HAND,
    P_PRESIDENT,
    PH_AGENCY,
    PH_BONUS,
    PH_BUILD,
    PH_CHINATOWN,
    PH_CHURCH,
    PH_CUSTOMS,
    PH_EXTRA_AFTER,
    PH_EXTRA_BEFORE,
    PH_KEEP_ORDER,
    PH_LAB,
    PH_MOVE,
    PH_PLACE,
    PH_PORT,
    PH_RECALL,
    PH_RECOVER,
    PH_STATION,
    Q_ASSIST,
    T_SPINNING,
    T_UNIVERSITY,
)
from sim.games.yokohama.params import K_SECOND_ORDER_YEN, K_SPINNING_YEN, K_UNIVERSITY_YEN
from sim.games.yokohama.rules.action_end import (
    after_action,
    build,
    can_build_th,
    go_build,
    go_recover,
    recover,
    shop_legal,
    take_chip,
)
from sim.games.yokohama.rules.areas import (
    buy_tech,
    church_space,
    customs_legal,
    donate,
    donation_legal,
    end_port,
    exchange,
    exchange_legal,
    hire,
    hire_legal,
    order_slot_open,
    piece_source_legal,
    place_in_church,
    place_in_customs,
    take_order,
    tech_payment,
)
from sim.games.yokohama.rules.common import BUY_STRIDE, from_warehouse, kind_at, owns, pay_goods, pay_imports, pb, qb
from sim.games.yokohama.rules.extra_actions import (
    achievement_met,
    agent_legal,
    claim_achievement,
    fulfil_order,
    order_payable,
)
from sim.games.yokohama.rules.turn import (
    begin_action,
    end_turn,
    move_costs,
    move_president,
    open_bits,
    place,
    start_turn,
)
from sim.games.yokohama.tables import LOC_TH

# ================================================================ the contract: legal_mask and step


@njit(cache=True)
def legal_mask(s, d, k, mask):
    """mask[a] = 1 for every legal action; returns how many there are."""
    mask[:] = 0
    phase = s[G_PHASE]
    p = s[G_CUR]
    b = pb(p)
    n_pos = s[G_N_POS]
    if phase == PH_EXTRA_BEFORE or phase == PH_EXTRA_AFTER:
        mask[A_END_EXTRA] = 1
        for q in range(n_pos):
            if agent_legal(s, p, q):
                mask[A_USE_AGENT + q] = 1
        for i in range(N_ACHIEVEMENTS):
            if achievement_met(s, d, p, i):
                mask[A_ACHIEVE + i] = 1
        for i in range(HAND_SLOTS):
            if order_payable(s, d, p, i):
                mask[A_FULFIL + i] = 1
        if owns(s, p, T_SPINNING) and not s[G_SPIN_USED] and s[b + P_GOODS + 1] >= 1:
            mask[A_SPIN] = 1
        if (owns(s, p, T_UNIVERSITY) and not s[G_UNIV_USED] and s[b + P_MONEY] >= k[K_UNIVERSITY_YEN]
                and s[b + P_ASSIST_WAREHOUSE] >= 1):  # fmt: skip
            mask[A_UNIVERSITY] = 1
    elif phase == PH_PLACE:
        mask[A_PLACE_DONE] = 1
        bits = open_bits(s, k, p)
        for q in range(n_pos):
            mask[A_PLACE + q] = (bits >> q) & 1
    elif phase == PH_MOVE:
        mask[A_RETURN] = 1
        cost = np.empty(MAX_POS, np.int64)
        via = np.empty(MAX_POS, np.int64)
        move_costs(s, k, p, cost, via)
        for q in range(n_pos):
            if cost[q] <= s[b + P_MONEY]:
                mask[A_MOVE + q] = 1
    elif phase == PH_RECALL:
        mask[A_RECALL_DONE] = 1
        for q in range(n_pos):
            if s[qb(q) + Q_ASSIST + p] >= 1:
                mask[A_RECALL + q] = 1
    elif phase == PH_PORT:
        mask[A_PORT_DONE] = 1
        for slot in range(N_SLOTS):
            if order_slot_open(s, d, k, p, slot):
                if s[G_SUB_N] == 0:
                    mask[A_TAKE_ORDER + slot] = 1
                else:
                    mask[A_TAKE_ORDER_YEN + slot] = s[b + P_MONEY] >= k[K_SECOND_ORDER_YEN]
                    mask[A_TAKE_ORDER_IMPORT + slot] = s[b + P_IMPORTS] >= 1
    elif phase == PH_LAB:
        mask[A_LAB_DONE] = 1
        for slot in range(N_SLOTS):
            for m in range(MAX_TECH_IMPORTS + 1):
                if tech_payment(s, d, k, p, slot, m) >= 0:
                    mask[A_BUY_TECH + slot * BUY_STRIDE + m] = 1
    elif phase == PH_AGENCY:
        mask[A_AGENCY_DONE] = 1
        mask[A_HIRE_ASSISTANT] = hire_legal(s, k, p, 0)
        mask[A_HIRE_SHOP] = hire_legal(s, k, p, 1)
        mask[A_HIRE_TH] = hire_legal(s, k, p, 2)
    elif phase == PH_CHINATOWN:
        mask[A_CT_DONE] = 1
        for a in range(A_CT_BUY_IMPORT, A_CT_DONE):
            mask[a] = exchange_legal(s, k, p, a)
    elif phase == PH_CHURCH:
        mask[A_CHURCH_DONE] = 1
        for kind in range(N_DONATIONS):
            mask[A_DONATE + kind] = donation_legal(s, d, k, p, kind)
        if church_space(s, d, k) >= 0:
            mask[A_CHURCH_HAND] = piece_source_legal(s, p, 0)
            mask[A_CHURCH_AREA] = piece_source_legal(s, p, 1)
    elif phase == PH_CUSTOMS:
        mask[A_CUSTOMS_DONE] = 1
        for i in range(MAX_CUSTOMS):
            mask[A_CUSTOMS + 2 * i] = customs_legal(s, d, p, i, 0)
            mask[A_CUSTOMS + 2 * i + 1] = customs_legal(s, d, p, i, 1)
    elif phase == PH_STATION:
        for q in range(n_pos):
            mask[A_STATION + q] = kind_at(s, q) != K_CANAL
    elif phase == PH_BONUS:
        mask[A_TAKE_CHIP] = 1
        mask[A_SKIP_CHIP] = 1
    elif phase == PH_BUILD:
        mask[A_BUILD_SKIP] = 1
        q = s[G_ACT_POS]
        for i in range(MAX_SHOP_SPACES):
            mask[A_BUILD_SHOP + i] = shop_legal(s, d, p, q, i)
        mask[A_BUILD_TH] = can_build_th(s, p, q)
    elif phase == PH_RECOVER:
        mask[A_RECOVER_ALL] = 1
        mask[A_KEEP_ONE] = 1
    elif phase == PH_KEEP_ORDER:
        mask[A_KEEP_ORDER] = 1
        mask[A_KEEP_ORDER + 1] = s[b + P_DEALT + 1] >= 0
    n = 0
    for a in range(mask.shape[0]):
        n += mask[a]
    return n


@njit(cache=True)
def step(s, d, k, a):
    """Apply legal action a for the current seat."""
    p = s[G_CUR]
    b = pb(p)
    phase = s[G_PHASE]
    if phase == PH_EXTRA_BEFORE or phase == PH_EXTRA_AFTER:
        if a == A_END_EXTRA:
            if phase == PH_EXTRA_BEFORE:
                s[G_PHASE] = PH_PLACE
            else:
                end_turn(s, d, k)
        elif a < A_ACHIEVE:
            s[b + P_AGENTS] -= 1
            s[G_AGENT_USED] = 1
            s[G_RESUME] = phase
            begin_action(s, d, k, p, a - A_USE_AGENT, 1)
        elif a < A_FULFIL:
            claim_achievement(s, d, p, a - A_ACHIEVE)
        elif a < A_SPIN:
            fulfil_order(s, d, k, p, a - A_FULFIL)
        elif a == A_SPIN:
            pay_goods(s, p, 1, 1)
            s[b + P_MONEY] += k[K_SPINNING_YEN]
            s[G_SPIN_USED] = 1
        else:
            s[b + P_MONEY] -= k[K_UNIVERSITY_YEN]
            from_warehouse(s, p, 1)
            s[G_UNIV_USED] = 1
    elif phase == PH_PLACE:
        if a == A_PLACE_DONE:
            s[G_PHASE] = PH_MOVE
        else:
            place(s, k, p, a - A_PLACE)
    elif phase == PH_MOVE:
        if a == A_RETURN:
            s[G_LEFT] = s[b + P_PRESIDENT]
            s[b + P_PRESIDENT] = NONE
            s[G_PHASE] = PH_RECALL
        else:
            move_president(s, d, k, p, a - A_MOVE)
    elif phase == PH_RECALL:
        if a == A_RECALL_DONE:
            s[G_PHASE] = PH_EXTRA_AFTER
        else:
            q = a - A_RECALL
            s[b + P_ASSIST_HAND] += s[qb(q) + Q_ASSIST + p]
            s[qb(q) + Q_ASSIST + p] = 0
    elif phase == PH_PORT:
        if a == A_PORT_DONE:
            end_port(s, d, k)
        elif a < A_TAKE_ORDER_YEN:
            take_order(s, p, a - A_TAKE_ORDER)
        else:
            if a < A_TAKE_ORDER_IMPORT:
                s[b + P_MONEY] -= k[K_SECOND_ORDER_YEN]
                take_order(s, p, a - A_TAKE_ORDER_YEN)
            else:
                pay_imports(s, p, 1)
                take_order(s, p, a - A_TAKE_ORDER_IMPORT)
            end_port(s, d, k)
    elif phase == PH_LAB:
        if a == A_LAB_DONE:
            after_action(s, d, k)
        else:
            i = a - A_BUY_TECH
            buy_tech(s, d, k, p, i // BUY_STRIDE, i % BUY_STRIDE)
    elif phase == PH_AGENCY:
        if a == A_AGENCY_DONE:
            after_action(s, d, k)
        else:
            hire(s, d, k, p, a - A_HIRE_ASSISTANT)
    elif phase == PH_CHINATOWN:
        if a == A_CT_DONE:
            after_action(s, d, k)
        else:
            exchange(s, d, k, p, a)
    elif phase == PH_CHURCH:
        if a == A_CHURCH_DONE:
            after_action(s, d, k)
        elif a < A_CHURCH_HAND:
            donate(s, k, p, a - A_DONATE)
        else:
            place_in_church(s, d, k, p, a == A_CHURCH_AREA)
    elif phase == PH_CUSTOMS:
        if a == A_CUSTOMS_DONE:
            after_action(s, d, k)
        else:
            i = a - A_CUSTOMS
            place_in_customs(s, d, k, p, i // 2, i % 2)
    elif phase == PH_STATION:
        s[G_STATION] = a - A_STATION
        after_action(s, d, k)
    elif phase == PH_BONUS:
        if a == A_TAKE_CHIP:
            take_chip(s, d, k, p)
        go_build(s, d, k)
    elif phase == PH_BUILD:
        if a != A_BUILD_SKIP:
            build(s, d, k, p, LOC_TH if a == A_BUILD_TH else a - A_BUILD_SHOP)
        go_recover(s, k)
    elif phase == PH_RECOVER:
        recover(s, p, 1 if a == A_KEEP_ONE else 0)
    elif phase == PH_KEEP_ORDER:
        s[b + P_ORDERS_HAND] = s[b + P_DEALT + a - A_KEEP_ORDER]
        s[b + P_DEALT] = NONE
        s[b + P_DEALT + 1] = NONE
        s[G_KEEP_SEAT] += 1
        if s[G_KEEP_SEAT] < s[G_PLAYERS]:
            s[G_CUR] = s[G_KEEP_SEAT]
        else:
            start_turn(s, k, 0)
