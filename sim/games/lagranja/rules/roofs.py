"""La Granja's farm step 4: the round's roof markers opened for sale, their price (the Joiner), where a roof
goes, buying one.

RULES.md "Step 4, roofs".
"""

import numpy as np
from numba import njit

from sim.games.lagranja.actions import N_ACTIONS
from sim.games.lagranja.layout import (
    G_DELIV_LEFT,
    G_DELIV_RES,
    G_FOOD,
    G_MEAT,
    G_ROOF_DECK,
    G_ROOF_OPEN,
    G_ROUND,
    G_WINE,
    H_JOINER,
    H_ROOF_DISCOUNT,
    H_ROOFER,
    H_STORAGE_ROOF,
    P_DEN,
    P_HELPER,
    P_ROOF,
    P_ROOF_N,
    P_ROOF_USED,
    P_SILVER,
    ROOFS_PER_ROUND,
    V_ROOFS,
)
from sim.games.lagranja.rules.common import STORAGE_SLOT, add_vp, cb, free_marker, helper_amount, helper_slot, pb
from sim.games.lagranja.rules.effects import anytime_mask
from sim.games.lagranja.tables import C_AMOUNT, D_ROOF_VP


@njit(cache=True)
def open_roofs(s):
    r = s[G_ROUND]
    for i in range(ROOFS_PER_ROUND):
        s[G_ROOF_OPEN + i] = s[G_ROOF_DECK + (r - 1) * ROOFS_PER_ROUND + i]


@njit(cache=True)
def joiner_credit(s, d, p):
    """Silver the Joiner's upgraded goods could pay towards a roof (its amount each, ASSUMED), 0 without it."""
    slot = helper_slot(s, d, p, np.int64(H_JOINER))
    if slot < 0:
        return 0
    b = pb(p)
    upgraded = s[b + P_DEN + G_FOOD] + s[b + P_DEN + G_WINE] + s[b + P_DEN + G_MEAT]
    return d[cb(s[b + P_HELPER + slot]) + C_AMOUNT] * upgraded


@njit(cache=True)
def pay_roof(s, d, p, cost):
    """Silver first; the rest in upgraded goods with the Joiner (glossary F022: overpayment lost; ASSUMED silver
    first, then food, wine, cured meat)."""
    b = pb(p)
    paid = min(s[b + P_SILVER], cost)
    s[b + P_SILVER] -= paid
    rest = cost - paid
    if rest <= 0:
        return
    slot = helper_slot(s, d, p, np.int64(H_JOINER))
    each = d[cb(s[b + P_HELPER + slot]) + C_AMOUNT]
    for g in range(G_FOOD, G_MEAT + 1):
        while rest > 0 and s[b + P_DEN + g] > 0:
            s[b + P_DEN + g] -= 1
            free_marker(s, p, np.int64(1))
            rest -= each


@njit(cache=True)
def roof_cost(s, d, p):
    return max(0, s[G_ROUND] - helper_amount(s, d, p, np.int64(H_ROOF_DISCOUNT)))


@njit(cache=True)
def roof_slot(s, d, p):
    """Where p's next roof goes: the Storage Builder's space when it is free (ASSUMED first: 3 VP), else the
    leftmost empty space of the farm house; -1 when full."""
    b = pb(p)
    if helper_slot(s, d, p, np.int64(H_STORAGE_ROOF)) >= 0 and s[b + P_ROOF + STORAGE_SLOT] < 0:
        return STORAGE_SLOT
    for i in range(5):
        if s[b + P_ROOF + i] < 0:
            return i
    return -1


@njit(cache=True)
def roof_for_sale(s, d, p):
    """A roof marker of the round is for sale and p's farm house has a space for it."""
    if roof_slot(s, d, p) < 0:
        return False
    for i in range(ROOFS_PER_ROUND):  # noqa: SIM110 (numba: a plain loop)
        if s[G_ROOF_OPEN + i] >= 0:
            return True
    return False


@njit(cache=True)
def roof_affordable(s, d, p):
    """p can pay the roof now: silver, with the Joiner's upgraded goods (the purchase is legal only then)."""
    return s[pb(p) + P_SILVER] + joiner_credit(s, d, p) >= roof_cost(s, d, p)


@njit(cache=True)
def roof_offered(s, d, k, p):
    """p has a roof decision: a roof for sale and a space, and p can pay now or has an anytime action to take, since
    a sale, a trade, a roof or a helper (or a chain of them) may raise the price within the decision (seed: anytime
    actions at any moment of one's turn). Without any, the price cannot be reached and there is nothing to decide."""
    if not roof_for_sale(s, d, p):
        return False
    if roof_affordable(s, d, p):
        return True
    mask = np.zeros(N_ACTIONS, np.uint8)
    return anytime_mask(s, d, k, p, mask) > 0


@njit(cache=True)
def buy_roof(s, d, k, p, i):
    b = pb(p)
    slot = roof_slot(s, d, p)
    pay_roof(s, d, p, roof_cost(s, d, p))
    s[b + P_ROOF + slot] = s[G_ROOF_OPEN + i]
    s[b + P_ROOF_USED + slot] = 0
    s[G_ROOF_OPEN + i] = -1
    s[b + P_ROOF_N] += 1
    if slot == STORAGE_SLOT:
        add_vp(s, p, np.int64(V_ROOFS), helper_amount(s, d, p, np.int64(H_STORAGE_ROOF)))
    else:
        add_vp(s, p, np.int64(V_ROOFS), d[D_ROOF_VP + slot])
    roofer = helper_amount(s, d, p, np.int64(H_ROOFER))
    if roofer > 0:  # Roofer (ASSUMED): a delivery of a resource after buying a roof (glossary F040 names the goods)
        s[G_DELIV_LEFT] += roofer
        s[G_DELIV_RES] = 1
