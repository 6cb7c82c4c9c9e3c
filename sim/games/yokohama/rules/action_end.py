"""Yokohama's steps after an area action: the five-power chip (step 4), building a shop or the trading
house (step 5), recovering assistants (step 6).

RULES.md "A turn" (seed 000 手番の流れ) and "Areas" (location cards).
"""

from numba import njit

from sim.games.yokohama.layout import (
    E_SHOPS,
    E_TRADING_HOUSES,
    G_ACT_AGENT,
    G_ACT_POS,
    G_ACT_POWER,
    G_CUR,
    G_PHASE,
    G_RESUME,
    N_GOODS,
    NONE,
    P_ASSIST_HAND,
    P_CHIPS,
    P_MONEY,
    P_SHOPS_BUILT,
    P_SHOPS_HAND,
    P_TH_BUILT,
    P_TH_HAND,
    PH_BONUS,
    PH_BUILD,
    PH_EXTRA_AFTER,
    PH_RECOVER,
    Q_ASSIST,
    Q_CHIP,
    Q_LOCATION,
    Q_SHOP,
    Q_TH,
    R_IMPORTS,
    R_YEN,
    T_ELECTRIC,
    T_GASLIGHT,
    T_TELEPHONE,
    V_BUILDINGS,
)
from sim.games.yokohama.params import (
    K_BUILD_POWER,
    K_ELECTRIC_VP,
    K_GASLIGHT_VP,
    K_START_SHOPS_HAND,
    K_START_SHOPS_WAREHOUSE,
    K_START_TH_WAREHOUSE,
)
from sim.games.yokohama.rules.common import add_vp, from_warehouse, gain_goods, gain_imports, owns, pb, qb, trigger_end
from sim.games.yokohama.tables import (
    D_CHIP_AMOUNT,
    D_CHIP_REWARD,
    D_LOC_REWARD,
    D_LOC_SHOPS,
    LOC_SPACES,
    LOC_TH,
    N_REWARD,
    RW_GOODS,
    RW_IMPORTS,
    RW_VP,
    RW_WAREHOUSE,
    RW_YEN,
)


@njit(cache=True)
def after_action(s, d, k):
    """Step 4: the five-power chip, when the action had power 5 and the chip is still there."""
    if s[G_ACT_POWER] >= 5 and s[qb(s[G_ACT_POS]) + Q_CHIP] >= 0:
        s[G_PHASE] = PH_BONUS
    else:
        go_build(s, d, k)


@njit(cache=True)
def go_build(s, d, k):
    """Step 5: building, at power 4 or more, when a shop or trading house can be built."""
    p = s[G_CUR]
    q = s[G_ACT_POS]
    if s[G_ACT_POWER] >= k[K_BUILD_POWER] and (can_build_th(s, p, q) or shop_space_free(s, d, p, q) >= 0):
        s[G_PHASE] = PH_BUILD
    else:
        go_recover(s, k)


@njit(cache=True)
def go_recover(s, k):
    """Step 6: own assistants return from the acted area (Telephone may leave one)."""
    p = s[G_CUR]
    if owns(s, p, T_TELEPHONE) and s[qb(s[G_ACT_POS]) + Q_ASSIST + p] >= 1:
        s[G_PHASE] = PH_RECOVER
    else:
        recover(s, p, 0)


@njit(cache=True)
def recover(s, p, keep):
    a = qb(s[G_ACT_POS]) + Q_ASSIST + p
    back = max(0, s[a] - keep)
    s[a] -= back
    s[pb(p) + P_ASSIST_HAND] += back
    s[G_PHASE] = s[G_RESUME] if s[G_ACT_AGENT] else PH_EXTRA_AFTER


# ---------------------------------------------------------------- five-power chip and building


@njit(cache=True)
def take_chip(s, d, k, p):
    q = s[G_ACT_POS]
    chip = s[qb(q) + Q_CHIP]
    reward = d[D_CHIP_REWARD + chip]
    amount = d[D_CHIP_AMOUNT + chip]
    if reward == R_YEN:
        s[pb(p) + P_MONEY] += amount
    elif reward == R_IMPORTS:
        gain_imports(s, p, amount)
    else:
        gain_goods(s, p, reward - 1, amount)
    s[qb(q) + Q_CHIP] = NONE
    s[pb(p) + P_CHIPS] += 1


@njit(cache=True)
def shop_space_free(s, d, p, q):
    """A free shop space of q's location card for seat p (-1 if none, or p already has a shop there)."""
    loc = s[qb(q) + Q_LOCATION]
    if loc < 0 or s[pb(p) + P_SHOPS_HAND] < 1:
        return -1
    free = -1
    for i in range(d[D_LOC_SHOPS + loc]):
        owner = s[qb(q) + Q_SHOP + i]
        if owner == p:
            return -1
        if owner == NONE and free < 0:
            free = i
    return free


@njit(cache=True)
def shop_legal(s, d, p, q, space):
    loc = s[qb(q) + Q_LOCATION]
    return shop_space_free(s, d, p, q) >= 0 and space < d[D_LOC_SHOPS + loc] and s[qb(q) + Q_SHOP + space] == NONE


@njit(cache=True)
def can_build_th(s, p, q):
    return s[qb(q) + Q_LOCATION] >= 0 and s[qb(q) + Q_TH] == NONE and s[pb(p) + P_TH_HAND] >= 1


@njit(cache=True)
def gain_location_reward(s, d, p, loc, space):
    base = D_LOC_REWARD + (loc * LOC_SPACES + space) * N_REWARD
    add_vp(s, p, V_BUILDINGS, d[base + RW_VP])
    s[pb(p) + P_MONEY] += d[base + RW_YEN]
    for g in range(N_GOODS):
        gain_goods(s, p, g, d[base + RW_GOODS + g])
    gain_imports(s, p, d[base + RW_IMPORTS])
    from_warehouse(s, p, d[base + RW_WAREHOUSE])


@njit(cache=True)
def build(s, d, k, p, space):
    """Build a shop on `space`, or the trading house when space == LOC_TH; take the printed reward."""
    q = s[G_ACT_POS]
    b = pb(p)
    if space == LOC_TH:
        s[qb(q) + Q_TH] = p
        s[b + P_TH_HAND] -= 1
        s[b + P_TH_BUILT] += 1
        if owns(s, p, T_ELECTRIC):
            add_vp(s, p, V_BUILDINGS, k[K_ELECTRIC_VP])
        if s[b + P_TH_BUILT] >= k[K_START_TH_WAREHOUSE]:
            trigger_end(s, E_TRADING_HOUSES)
    else:
        s[qb(q) + Q_SHOP + space] = p
        s[b + P_SHOPS_HAND] -= 1
        s[b + P_SHOPS_BUILT] += 1
        if owns(s, p, T_GASLIGHT):
            add_vp(s, p, V_BUILDINGS, k[K_GASLIGHT_VP])
        if s[b + P_SHOPS_BUILT] >= k[K_START_SHOPS_HAND] + k[K_START_SHOPS_WAREHOUSE]:
            trigger_end(s, E_SHOPS)
    gain_location_reward(s, d, p, s[qb(q) + Q_LOCATION], space)
