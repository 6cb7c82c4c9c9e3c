"""Yokohama's extra actions: foreign agents, achievements and fulfilling orders.

RULES.md "Extra actions" (seed 000 追加アクションフェイズ).
"""

from numba import njit

from sim.games.yokohama.layout import (
    C_BUILDING_AREAS,
    C_CHIPS_AGENTS,
    C_CHURCH_CUSTOMS,
    C_COPPER_HELD,
    C_FISH_HELD,
    C_GOODS_SET,
    C_IMPORTS,
    C_ORDER_COUNTRIES,
    C_ORDERS,
    C_SHOPS,
    C_TECHS,
    C_TRADING_HOUSES,
    C_YEN,
    CAT_COMMERCIAL,
    CAT_PRODUCTION,
    G_ACH,
    G_ACH_CLAIMED,
    G_AGENT_USED,
    G_N_POS,
    K_CANAL,
    MAX_SHOP_SPACES,
    N_COUNTRIES,
    N_GOODS,
    NONE,
    P_ACHIEVE_N,
    P_AGENTS,
    P_AGENTS_GAINED,
    P_ASSIST_HAND,
    P_CHIPS,
    P_CHURCH_N,
    P_CUSTOMS_N,
    P_GOODS,
    P_IMPORTS,
    P_MONEY,
    P_N_TECHS,
    P_ORDER_FLAGS,
    P_ORDERS_DONE,
    P_ORDERS_HAND,
    P_PRESIDENT,
    P_SHOPS_BUILT,
    P_TH_BUILT,
    Q_ASSIST,
    Q_SHOP,
    Q_TH,
    T_BALL,
    T_LANGUAGE,
    V_ACHIEVEMENTS,
    V_ORDERS,
)
from sim.games.yokohama.params import K_BALL_VP, K_LANGUAGE_YEN
from sim.games.yokohama.rules.common import add_vp, gain_flag, gain_imports, kind_at, owns, pay_goods, pb, qb
from sim.games.yokohama.tables import (
    A_AMOUNT,
    A_AMOUNT2,
    A_CONDITION,
    A_VP_FIRST,
    A_VP_LATER,
    D_ACH,
    D_AREA_CATEGORY,
    D_ORDER,
    N_ACH_FIELDS,
    N_ORDER,
    O_COUNTRY,
    O_GOODS,
    O_IMPORTS,
    O_VP,
    O_YEN,
)

# ================================================================ the extra-action phases


@njit(cache=True)
def agent_legal(s, p, q):
    b = pb(p)
    if s[b + P_AGENTS] < 1 or s[G_AGENT_USED] or q >= s[G_N_POS] or kind_at(s, q) == K_CANAL:
        return False
    return s[qb(q) + Q_ASSIST + p] >= 1 and s[b + P_PRESIDENT] != q


@njit(cache=True)
def achievement_met(s, d, p, i):
    card = s[G_ACH + i]
    if (s[G_ACH_CLAIMED + i] >> p) & 1 or s[pb(p) + P_ASSIST_HAND] < 1:
        return False
    base = D_ACH + card * N_ACH_FIELDS
    cond = d[base + A_CONDITION]
    need = d[base + A_AMOUNT]
    b = pb(p)
    if cond == C_GOODS_SET:
        for g in range(N_GOODS):  # noqa: SIM110 (numba compiles no all() over a generator)
            if s[b + P_GOODS + g] < need:
                return False
        return True
    if cond == C_TECHS:
        return s[b + P_N_TECHS] >= need
    if cond == C_ORDERS:
        return s[b + P_ORDERS_DONE] >= need
    if cond == C_SHOPS:
        return s[b + P_SHOPS_BUILT] >= need
    if cond == C_YEN:
        return s[b + P_MONEY] >= need
    if cond == C_TRADING_HOUSES:
        return s[b + P_TH_BUILT] >= need
    if cond == C_CHURCH_CUSTOMS:
        return s[b + P_CHURCH_N] >= 1 and s[b + P_CUSTOMS_N] >= 1
    if cond == C_IMPORTS:
        return s[b + P_IMPORTS] >= need
    if cond == C_ORDER_COUNTRIES:
        countries = 0
        for c in range(N_COUNTRIES):
            if s[b + P_ORDER_FLAGS + c] > 0:
                countries += 1
        return countries >= need
    if C_COPPER_HELD <= cond <= C_FISH_HELD:
        return s[b + P_GOODS + cond - C_COPPER_HELD] >= need
    if cond == C_CHIPS_AGENTS:
        return s[b + P_CHIPS] + s[b + P_AGENTS_GAINED] >= need
    if cond == C_BUILDING_AREAS:
        return (building_areas(s, d, p, CAT_PRODUCTION) >= need
                and building_areas(s, d, p, CAT_COMMERCIAL) >= d[base + A_AMOUNT2])  # fmt: skip
    return False


@njit(cache=True)
def building_areas(s, d, p, category):
    """Areas of a category where seat p has a shop or a trading house; an area with several of them counts
    once (English rulebook, Achievement Cards C)."""
    n = 0
    for q in range(s[G_N_POS]):
        if d[D_AREA_CATEGORY + kind_at(s, q)] != category:
            continue
        built = s[qb(q) + Q_TH] == p
        for i in range(MAX_SHOP_SPACES):
            built = built or s[qb(q) + Q_SHOP + i] == p
        if built:
            n += 1
    return n


@njit(cache=True)
def claim_achievement(s, d, p, i):
    base = D_ACH + s[G_ACH + i] * N_ACH_FIELDS
    vp = d[base + A_VP_FIRST] if s[G_ACH_CLAIMED + i] == 0 else d[base + A_VP_LATER]
    s[G_ACH_CLAIMED + i] |= 1 << p
    s[pb(p) + P_ASSIST_HAND] -= 1
    s[pb(p) + P_ACHIEVE_N] += 1
    add_vp(s, p, V_ACHIEVEMENTS, vp)


@njit(cache=True)
def order_payable(s, d, p, slot):
    o = s[pb(p) + P_ORDERS_HAND + slot]
    if o < 0:
        return False
    for g in range(N_GOODS):  # noqa: SIM110 (numba compiles no all() over a generator)
        if s[pb(p) + P_GOODS + g] < d[D_ORDER + o * N_ORDER + O_GOODS + g]:
            return False
    return True


@njit(cache=True)
def fulfil_order(s, d, k, p, slot):
    b = pb(p)
    o = s[b + P_ORDERS_HAND + slot]
    base = D_ORDER + o * N_ORDER
    for g in range(N_GOODS):
        pay_goods(s, p, g, d[base + O_GOODS + g])
    s[b + P_ORDERS_HAND + slot] = NONE
    s[b + P_ORDERS_DONE] += 1
    add_vp(s, p, V_ORDERS, d[base + O_VP])
    gain_imports(s, p, d[base + O_IMPORTS])
    s[b + P_MONEY] += d[base + O_YEN]
    if owns(s, p, T_BALL):
        add_vp(s, p, V_ORDERS, k[K_BALL_VP])
    if owns(s, p, T_LANGUAGE):
        s[b + P_MONEY] += k[K_LANGUAGE_YEN]
    country = d[base + O_COUNTRY]
    s[b + P_ORDER_FLAGS + country] += 1
    gain_flag(s, p, country)
