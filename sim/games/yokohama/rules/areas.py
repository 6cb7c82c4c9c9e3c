"""Yokohama's area actions: port (orders), laboratory (technologies), agency (hiring), Chinatown (exchange),
church and customs.

RULES.md "Areas" (seed 000 エリア詳細; rulebook, Detailed Area Explanation) and "The 20 technologies".
"""

from numba import njit

from sim.games.yokohama.actions import A_CT_BUY, A_CT_BUY_IMPORT, A_CT_SELL, DON_GOODS, DON_IMPORT, DON_YEN
from sim.games.yokohama.layout import (
    E_CHURCH,
    E_CUSTOMS,
    E_PORT_EMPTY,
    G_ACT_POS,
    G_CHURCH,
    G_CUSTOMS,
    G_DONATED,
    G_FAITH,
    G_IMPORT_SUPPLY,
    G_LAB_SLOTS,
    G_PHASE,
    G_PORT_SLOTS,
    G_SUB_LIMIT,
    G_SUB_N,
    G_SUPPLY,
    HAND_SLOTS,
    N_SLOTS,
    NONE,
    P_ASSIST_HAND,
    P_ASSIST_WAREHOUSE,
    P_CHURCH_N,
    P_CUSTOMS_N,
    P_GOODS,
    P_IMPORTS,
    P_INDUSTRY,
    P_MONEY,
    P_N_TECHS,
    P_ORDERS_HAND,
    P_SHOPS_HAND,
    P_SHOPS_WAREHOUSE,
    P_TECHS,
    P_TH_HAND,
    P_TH_HIRED,
    P_TH_WAREHOUSE,
    PH_STATION,
    Q_ASSIST,
    T_BRICKYARD,
    T_EXPOSITION,
    T_PATENT,
    T_PRINTING,
    T_STATION,
    T_WINERY,
    V_CHURCH,
    V_CUSTOMS,
    V_TECHS,
)
from sim.games.yokohama.params import (
    K_BRICKYARD_VP,
    K_CHURCH_DONATION_YEN,
    K_CHURCH_EXACT,
    K_CT_GOOD_YEN,
    K_CT_IMPORT_YEN,
    K_EXPOSITION_VP,
    K_FREE_TECHS,
    K_HAND_LIMIT,
    K_INDUSTRY_YEN,
    K_PATENT_VP,
    K_PRINTING_YEN,
    K_SELF_TRIGGER,
    K_SHOP_YEN,
    K_TECH_FEE_YEN,
    K_TH_YEN,
    K_WINERY_VP,
)
from sim.games.yokohama.rules.action_end import after_action
from sim.games.yokohama.rules.common import (
    add_vp,
    board_pieces,
    draw_order,
    draw_tech,
    end_count,
    gain_flag,
    gain_goods,
    gain_imports,
    hand_orders,
    order_board,
    owns,
    pay_goods,
    pay_imports,
    pb,
    qb,
    tech_board,
    trigger_end,
)
from sim.games.yokohama.tables import (
    D_CHURCH_FAITH,
    D_CHURCH_N,
    D_CHURCH_VP,
    D_CHURCH_YEN,
    D_CUSTOMS_IMPORTS,
    D_CUSTOMS_N,
    D_CUSTOMS_VP,
    D_CUSTOMS_YEN,
    D_LAB_EXTRA,
    D_PORT_TIER,
    D_TECH_COUNTRY,
    D_TECH_INDUSTRY,
)

# ---------------------------------------------------------------- port and dock


@njit(cache=True)
def order_slot_open(s, d, k, p, slot):
    o = s[G_PORT_SLOTS + order_board(s) * N_SLOTS + slot]
    return o >= 0 and d[D_PORT_TIER + slot] <= s[G_SUB_LIMIT] and hand_orders(s, p) < k[K_HAND_LIMIT]


@njit(cache=True)
def take_order(s, p, slot):
    i = G_PORT_SLOTS + order_board(s) * N_SLOTS + slot
    for h in range(HAND_SLOTS):
        if s[pb(p) + P_ORDERS_HAND + h] < 0:
            s[pb(p) + P_ORDERS_HAND + h] = s[i]
            break
    s[i] = NONE
    s[G_SUB_N] += 1


@njit(cache=True)
def end_port(s, d, k):
    """The cards left move to the left, the empty slots are refilled from the deck (English rulebook,
    Replenishing Cards); a slot still empty afterwards triggers the end."""
    first = G_PORT_SLOTS + order_board(s) * N_SLOTS
    kept = 0
    for slot in range(N_SLOTS):
        o = s[first + slot]
        if o >= 0:
            s[first + kept] = o
            kept += 1
    for slot in range(kept, N_SLOTS):
        s[first + slot] = draw_order(s)
        if s[first + slot] < 0:
            trigger_end(s, E_PORT_EMPTY)
    after_action(s, d, k)


# ---------------------------------------------------------------- laboratories A and B


@njit(cache=True)
def tech_payment(s, d, k, p, slot, imports):
    """Yen due to buy the tech in `slot` paying `imports` imports, or -1 if that purchase is not legal.
    Each missing industry point and the fee for the 4th+ tech cost yen or one import; imports pay the
    fee first."""
    t = s[G_LAB_SLOTS + tech_board(s) * N_SLOTS + slot]
    b = pb(p)
    if t < 0 or owns(s, p, t) or imports > s[b + P_IMPORTS]:
        return -1
    need = max(0, d[D_TECH_INDUSTRY + t] + d[D_LAB_EXTRA + slot] - s[G_SUB_LIMIT])
    fee = 1 if s[b + P_N_TECHS] >= k[K_FREE_TECHS] else 0
    if imports > need + fee:
        return -1
    fee_by_import = min(imports, fee)
    yen = k[K_TECH_FEE_YEN] * (fee - fee_by_import) + k[K_INDUSTRY_YEN] * (need - (imports - fee_by_import))
    return yen if yen <= s[b + P_MONEY] else -1


@njit(cache=True)
def buy_tech(s, d, k, p, slot, imports):
    first = G_LAB_SLOTS + tech_board(s) * N_SLOTS
    t = s[first + slot]
    s[pb(p) + P_MONEY] -= tech_payment(s, d, k, p, slot, imports)
    pay_imports(s, p, imports)
    for i in range(slot, N_SLOTS - 1):
        s[first + i] = s[first + i + 1]
    s[first + N_SLOTS - 1] = draw_tech(s)
    acquire_tech(s, d, k, p, t)
    if t == T_STATION:
        s[G_PHASE] = PH_STATION
    else:
        after_action(s, d, k)


@njit(cache=True)
def acquire_tech(s, d, k, p, t):
    b = pb(p)
    s[b + P_TECHS] |= 1 << t
    s[b + P_N_TECHS] += 1
    s[b + P_INDUSTRY] += d[D_TECH_INDUSTRY + t]
    gain_flag(s, p, d[D_TECH_COUNTRY + t])
    if t == T_EXPOSITION:
        add_vp(s, p, V_TECHS, k[K_EXPOSITION_VP])
    if owns(s, p, T_PRINTING) and (t != T_PRINTING or k[K_SELF_TRIGGER]):
        s[b + P_MONEY] += k[K_PRINTING_YEN]
    if owns(s, p, T_PATENT) and (t != T_PATENT or k[K_SELF_TRIGGER]):
        add_vp(s, p, V_TECHS, k[K_PATENT_VP])


# ---------------------------------------------------------------- employment agency and Chinatown


@njit(cache=True)
def trading_house_price(s, k, p):
    return k[K_TH_YEN + min(s[pb(p) + P_TH_HIRED], 3)]


@njit(cache=True)
def hire_legal(s, k, p, what):
    b = pb(p)
    if s[G_SUB_N] >= s[G_SUB_LIMIT]:
        return False
    if what == 0:
        return s[b + P_ASSIST_WAREHOUSE] >= 1
    if what == 1:
        return s[b + P_SHOPS_WAREHOUSE] >= 1 and s[b + P_MONEY] >= k[K_SHOP_YEN]
    return s[b + P_TH_WAREHOUSE] >= 1 and s[b + P_MONEY] >= trading_house_price(s, k, p)


@njit(cache=True)
def hire(s, d, k, p, what):
    b = pb(p)
    if what == 0:
        s[b + P_ASSIST_WAREHOUSE] -= 1
        s[b + P_ASSIST_HAND] += 1
    elif what == 1:
        s[b + P_MONEY] -= k[K_SHOP_YEN]
        s[b + P_SHOPS_WAREHOUSE] -= 1
        s[b + P_SHOPS_HAND] += 1
    else:
        s[b + P_MONEY] -= trading_house_price(s, k, p)
        s[b + P_TH_HIRED] += 1
        s[b + P_TH_WAREHOUSE] -= 1
        s[b + P_TH_HAND] += 1
    s[G_SUB_N] += 1
    if s[G_SUB_N] >= s[G_SUB_LIMIT]:
        after_action(s, d, k)


@njit(cache=True)
def exchange_legal(s, k, p, action):
    b = pb(p)
    if s[G_SUB_N] >= s[G_SUB_LIMIT]:
        return False
    if action == A_CT_BUY_IMPORT:
        return s[b + P_MONEY] >= k[K_CT_IMPORT_YEN] and s[G_IMPORT_SUPPLY] >= 1
    if action < A_CT_BUY:
        return s[b + P_GOODS + action - A_CT_SELL] >= 1
    g = action - A_CT_BUY
    return s[b + P_MONEY] >= k[K_CT_GOOD_YEN + g] and s[G_SUPPLY + g] >= 1


@njit(cache=True)
def exchange(s, d, k, p, action):
    """One Chinatown exchange at the printed rates (a copper bought here is a copper gained: Mining applies)."""
    b = pb(p)
    if action == A_CT_BUY_IMPORT:
        s[b + P_MONEY] -= k[K_CT_IMPORT_YEN]
        gain_imports(s, p, 1)
    elif action < A_CT_BUY:
        g = action - A_CT_SELL
        pay_goods(s, p, g, 1)
        s[b + P_MONEY] += k[K_CT_GOOD_YEN + g]
    else:
        g = action - A_CT_BUY
        s[b + P_MONEY] -= k[K_CT_GOOD_YEN + g]
        gain_goods(s, p, g, 1)
    s[G_SUB_N] += 1
    if s[G_SUB_N] >= s[G_SUB_LIMIT]:
        after_action(s, d, k)


# ---------------------------------------------------------------- church and customs


@njit(cache=True)
def church_space(s, d, k):
    """The church space the assistant goes onto, or -1: the free space of the highest faith at most the faith
    reached, the excess being lost (English rulebook); with church.exact_space, only the space of exactly
    that faith."""
    found = -1
    for i in range(d[D_CHURCH_N]):
        f = d[D_CHURCH_FAITH + i]
        if f > s[G_FAITH] or (k[K_CHURCH_EXACT] and f != s[G_FAITH]):
            continue
        if s[G_CHURCH + i] == NONE:
            found = i
    return found


@njit(cache=True)
def donation_legal(s, d, k, p, kind):
    b = pb(p)
    if (s[G_DONATED] >> kind) & 1 or s[G_FAITH] >= d[D_CHURCH_FAITH + d[D_CHURCH_N] - 1]:
        return False
    if kind == DON_YEN:
        return s[b + P_MONEY] >= k[K_CHURCH_DONATION_YEN]
    if kind == DON_IMPORT:
        return s[b + P_IMPORTS] >= 1
    return s[b + P_GOODS + kind - DON_GOODS] >= 1


@njit(cache=True)
def donate(s, k, p, kind):
    if kind == DON_YEN:
        s[pb(p) + P_MONEY] -= k[K_CHURCH_DONATION_YEN]
    elif kind == DON_IMPORT:
        pay_imports(s, p, 1)
    else:
        pay_goods(s, p, kind - DON_GOODS, 1)
    s[G_DONATED] |= 1 << kind
    s[G_FAITH] += 1


@njit(cache=True)
def piece_source_legal(s, p, from_area):
    if from_area:
        return s[qb(s[G_ACT_POS]) + Q_ASSIST + p] >= 1
    return s[pb(p) + P_ASSIST_HAND] >= 1


@njit(cache=True)
def take_piece(s, p, from_area):
    if from_area:
        s[qb(s[G_ACT_POS]) + Q_ASSIST + p] -= 1
    else:
        s[pb(p) + P_ASSIST_HAND] -= 1


@njit(cache=True)
def place_in_church(s, d, k, p, from_area):
    i = church_space(s, d, k)
    take_piece(s, p, from_area)
    s[G_CHURCH + i] = p
    b = pb(p)
    s[b + P_CHURCH_N] += 1
    add_vp(s, p, V_CHURCH, d[D_CHURCH_VP + i])
    s[b + P_MONEY] += d[D_CHURCH_YEN + i]
    if owns(s, p, T_WINERY):
        add_vp(s, p, V_CHURCH, k[K_WINERY_VP])
    if board_pieces(s, G_CHURCH, d[D_CHURCH_N]) >= end_count(s, k):
        trigger_end(s, E_CHURCH)
    after_action(s, d, k)


@njit(cache=True)
def customs_legal(s, d, p, space, from_area):
    if space >= d[D_CUSTOMS_N] or s[G_CUSTOMS + space] != NONE:
        return False
    need = d[D_CUSTOMS_IMPORTS + space]
    return need <= s[G_SUB_LIMIT] and s[pb(p) + P_IMPORTS] >= need and piece_source_legal(s, p, from_area)


@njit(cache=True)
def place_in_customs(s, d, k, p, space, from_area):
    take_piece(s, p, from_area)
    pay_imports(s, p, d[D_CUSTOMS_IMPORTS + space])
    s[G_CUSTOMS + space] = p
    b = pb(p)
    s[b + P_CUSTOMS_N] += 1
    add_vp(s, p, V_CUSTOMS, d[D_CUSTOMS_VP + space])
    s[b + P_MONEY] += d[D_CUSTOMS_YEN + space]
    if owns(s, p, T_BRICKYARD):
        add_vp(s, p, V_CUSTOMS, k[K_BRICKYARD_VP])
    if board_pieces(s, G_CUSTOMS, d[D_CUSTOMS_N]) >= end_count(s, k):
        trigger_end(s, E_CUSTOMS)
    after_action(s, d, k)
