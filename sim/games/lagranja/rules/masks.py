"""La Granja's legal actions: `legal_mask` and its parts (cards, deliveries, options); the anytime actions
are in effects.py.

RULES.md "Anytime actions" and the action table.
"""

import numpy as np
from numba import njit

from sim.games.lagranja.actions import (
    A_DELIVER_B,
    A_DELIVER_DONE,
    A_DELIVER_W,
    A_DIE,
    A_DISCARD,
    A_DONKEY,
    A_EXTRA_BUY,
    A_GAIN,
    A_HEX,
    A_NO_PLAY,
    A_OPTION,
    A_PAY,
    A_PLAY,
    A_ROOF,
    A_ROOF_PASS,
    A_SLOT,
    A_TURN_DIE,
    A_UPG_DONE,
    A_UPG_FREE,
)
from sim.games.lagranja.layout import (
    G_ACTED,
    G_BLOCKED,
    G_CUR,
    G_DELIV_RES,
    G_DICE,
    G_EXTRA_FREE,
    G_GAIN_DISTINCT,
    G_GAIN_MASK,
    G_GAIN_TAKEN,
    G_MKT_VALUE,
    G_OPT_KIND,
    G_PAY_TAKEN,
    G_PHASE,
    G_REPLACE_SIDE,
    G_ROOF_OPEN,
    G_TRADE,
    G_XPLAY_SIDES,
    H_MIGRANT,
    H_POTTER,
    H_STALL_BUILDER,
    MAX_HAND,
    MAX_SYMBOLS,
    N_BUILD,
    N_DONKEYS,
    N_HARVEST,
    N_PAY,
    N_RES,
    N_SLOTS,
    OPT_CARD,
    OPT_CARPENTER,
    OPT_DIE2,
    OPT_DIE4,
    OPT_DIE5,
    OPT_DIE6,
    OPT_PEON,
    OPT_SIESTA,
    P_BARROW,
    P_BARROW_FILL,
    P_BUILD_FILL,
    P_CRAFT,
    P_DEN,
    P_DONKEY_USED,
    P_EXT_DELIVERY,
    P_FIELD_GOODS,
    P_HAND_N,
    P_HELPER,
    P_SILVER,
    P_VP,
    PH_DELIVER,
    PH_DIE,
    PH_DISCARD,
    PH_DONKEY,
    PH_EXTRA,
    PH_GAIN,
    PH_GAME_OVER,
    PH_MARKET,
    PH_OPTION,
    PH_PAY,
    PH_PLAY,
    PH_REPLACE,
    PH_ROOF,
    PH_UPGRADE,
    PH_XPLAY,
    ROOFS_PER_ROUND,
    SIDE_BARROW,
    SIDE_HELPER,
)
from sim.games.lagranja.params import K_EXTRA_DELIVERIES
from sim.games.lagranja.rules.common import have, helper_slot, pb, ready_helper
from sim.games.lagranja.rules.effects import anytime_mask, helper_usable_marker
from sim.games.lagranja.rules.farm import can_draw, can_play_side, pay_units, storage_locked
from sim.games.lagranja.rules.revenue import elder_blocks
from sim.games.lagranja.rules.roofs import roof_affordable
from sim.games.lagranja.rules.transport import hex_legal, stall_hex
from sim.games.lagranja.tables import C_BARROW_N, C_GOODS, CARD_STRIDE, D_BUILD_GOODS, D_BUILD_N, D_CARDS, D_N_HEX

# ================================================================ the legal mask


@njit(cache=True)
def main_phase(ph):
    return ph == PH_PLAY or ph == PH_ROOF or ph == PH_DIE or ph == PH_DELIVER or ph == PH_EXTRA


@njit(cache=True)
def play_mask(s, d, p, mask):
    n = 0
    b = pb(p)
    sides = s[G_XPLAY_SIDES] if s[G_PHASE] == PH_XPLAY else 0  # 0: any side
    for h in range(s[b + P_HAND_N]):
        for side in range(4):
            if (sides == 0 or (sides >> side) & 1) and can_play_side(s, d, p, side):
                mask[A_PLAY + h * 4 + side] = 1
                n += 1
    return n


@njit(cache=True)
def deliver_mask(s, d, k, p, mask):
    return deliveries(s, d, p, mask, np.bool_(True))


@njit(cache=True)
def deliveries(s, d, p, mask, write):
    """The deliveries p can make now, marked in mask when `write` (written out: numba neither inlines the
    per-symbol helpers nor avoids a small array's allocation, measured 5x slower)."""
    n = 0
    b = pb(p)
    top = N_RES if s[G_DELIV_RES] else G_TRADE + 1  # the Roofer's deliveries carry resources only
    for bld in range(N_BUILD):
        if s[G_BLOCKED + bld] != 0 or s[b + P_CRAFT + bld] != 0:
            continue
        fill = s[b + P_BUILD_FILL + bld]
        for j in range(d[D_BUILD_N + bld]):
            g = d[D_BUILD_GOODS + bld * MAX_SYMBOLS + j]
            if g >= top or (fill >> j) & 1:
                continue
            if s[b + P_DEN + g] > 0 or (g < N_HARVEST and s[b + P_FIELD_GOODS + g] > 0):
                if write:
                    mask[A_DELIVER_B + bld * MAX_SYMBOLS + j] = 1
                n += 1
    for slot in range(N_SLOTS):
        c = s[b + P_BARROW + slot]
        if c < 0:
            continue
        fill = s[b + P_BARROW_FILL + slot]
        base = D_CARDS + c * CARD_STRIDE
        for j in range(d[base + C_BARROW_N]):
            g = d[base + C_GOODS + j]
            if g >= top or (fill >> j) & 1:
                continue
            if s[b + P_DEN + g] > 0 or (g < N_HARVEST and s[b + P_FIELD_GOODS + g] > 0):
                if write:
                    mask[A_DELIVER_W + slot * MAX_SYMBOLS + j] = 1
                n += 1
    return n


@njit(cache=True)
def count_deliveries(s, d, p):
    """How many deliveries p could make now: deliveries()'s count, for the bots' position value. The same test
    as a bit mask of the goods p has and fixed four-symbol loops without branches (measured: the branchy loop
    mispredicts on every symbol and cost about a third of the greedy's value)."""
    b = pb(p)
    top = N_RES if s[G_DELIV_RES] else G_TRADE + 1  # the Roofer's deliveries carry resources only
    has = 0
    for g in range(top):
        has |= np.int64(s[b + P_DEN + g] > 0) << g
    for g in range(min(top, N_HARVEST)):
        has |= np.int64(s[b + P_FIELD_GOODS + g] > 0) << g
    n = 0
    for bld in range(N_BUILD):
        if s[G_BLOCKED + bld] != 0 or s[b + P_CRAFT + bld] != 0:
            continue
        open_ = ~s[b + P_BUILD_FILL + bld] & ((1 << d[D_BUILD_N + bld]) - 1)
        for j in range(MAX_SYMBOLS):
            n += (open_ >> j) & (has >> (d[D_BUILD_GOODS + bld * MAX_SYMBOLS + j] & 7)) & 1  # -1 (none): bit 7, closed
    for slot in range(N_SLOTS):
        c = s[b + P_BARROW + slot]
        if c < 0:
            continue
        base = D_CARDS + c * CARD_STRIDE
        open_ = ~s[b + P_BARROW_FILL + slot] & ((1 << d[base + C_BARROW_N]) - 1)
        for j in range(MAX_SYMBOLS):
            n += (open_ >> j) & (has >> (d[base + C_GOODS + j] & 7)) & 1
    return n


@njit(cache=True)
def legal_mask(s, d, k, mask):
    for a in range(mask.shape[0]):  # measured: a loop is much faster than mask[:] = 0 in numba
        mask[a] = 0
    ph = s[G_PHASE]
    if ph == PH_GAME_OVER:
        return 0
    p = s[G_CUR]
    b = pb(p)
    n = 0
    if ph == PH_PLAY or ph == PH_XPLAY:
        n += play_mask(s, d, p, mask)
        if ph == PH_XPLAY or n == 0:
            mask[A_NO_PLAY] = 1
            n += 1
    elif ph == PH_REPLACE:
        base = P_BARROW if s[G_REPLACE_SIDE] == SIDE_BARROW else P_HELPER
        for i in range(N_SLOTS):
            if s[b + base + i] >= 0 and not (s[G_REPLACE_SIDE] == SIDE_HELPER and storage_locked(s, d, p, i)):
                mask[A_SLOT + i] = 1
                n += 1
    elif ph == PH_PAY:
        potter = helper_slot(s, d, p, np.int64(H_POTTER)) >= 0
        for g in range(N_PAY):
            if pay_units(s, p, g) > 0 and (potter or not (s[G_PAY_TAKEN] >> g) & 1):
                mask[A_PAY + g] = 1
                n += 1
    elif ph == PH_DISCARD:
        for h in range(s[b + P_HAND_N]):
            mask[A_DISCARD + h] = 1
            n += 1
    elif ph == PH_GAIN:
        for g in range(N_RES):
            if (s[G_GAIN_MASK] >> g) & 1 and not (s[G_GAIN_DISTINCT] and (s[G_GAIN_TAKEN] >> g) & 1):
                mask[A_GAIN + g] = 1
                n += 1
    elif ph == PH_UPGRADE:
        for r in range(N_RES):
            if have(s, p, r) > 0:
                mask[A_UPG_FREE + r] = 1
                n += 1
        mask[A_UPG_DONE] = 1
        n += 1
    elif ph == PH_OPTION:
        n += option_mask(s, p, mask)
    elif ph == PH_ROOF:
        paid = roof_affordable(s, d, p)  # below the price the anytime actions may raise it first; no credit
        for i in range(ROOFS_PER_ROUND):
            if paid and s[G_ROOF_OPEN + i] >= 0:
                mask[A_ROOF + i] = 1
                n += 1
        mask[A_ROOF_PASS] = 1
        n += 1
    elif ph == PH_DIE:
        for f in range(1, 7):
            if s[G_DICE + f] > 0 and not elder_blocks(s, d, p, f):
                mask[A_DIE + f - 1] = 1
                n += 1
        if n == 0:  # every die left is reserved by a Village Elder: ASSUMED the reservations give way
            for f in range(1, 7):
                if s[G_DICE + f] > 0:
                    mask[A_DIE + f - 1] = 1
                    n += 1
        migrant = ready_helper(s, d, p, np.int64(H_MIGRANT))
        if migrant >= 0 and helper_usable_marker(s, k, p):
            for f in range(1, 7):
                if s[G_DICE + f] > 0:
                    mask[A_TURN_DIE + f - 1] = 1
                    n += 1
    elif ph == PH_DONKEY:
        for m in range(N_DONKEYS):
            if not (s[b + P_DONKEY_USED] >> m) & 1:
                mask[A_DONKEY + m] = 1
                n += 1
    elif ph == PH_DELIVER:
        n += deliver_mask(s, d, k, p, mask)
        mask[A_DELIVER_DONE] = 1
        n += 1
    elif ph == PH_EXTRA:
        if s[G_ACTED] == 3:
            limit = k[K_EXTRA_DELIVERIES] + s[b + P_EXT_DELIVERY]
            for i in range(min(limit, 6)):
                if s[b + P_SILVER] >= i + 1 - min(s[G_EXTRA_FREE], i + 1):
                    mask[A_EXTRA_BUY + i] = 1
                    n += 1
        elif s[G_ACTED] == 4 or s[G_EXTRA_FREE] > 0 or s[b + P_SILVER] > 0:
            n += deliver_mask(s, d, k, p, mask)
        mask[A_DELIVER_DONE] = 1
        n += 1
    elif ph == PH_MARKET:
        stall = helper_slot(s, d, p, np.int64(H_STALL_BUILDER)) >= 0
        for h in range(d[D_N_HEX]):
            if hex_legal(s, d, k, p, s[G_MKT_VALUE], h) or (stall and stall_hex(s, d, k, h)):
                mask[A_HEX + h] = 1
                n += 1
    if main_phase(ph):
        n += anytime_mask(s, d, k, p, mask)
    return n


@njit(cache=True)
def option_mask(s, p, mask):
    kind = s[G_OPT_KIND]
    b = pb(p)
    draw = can_draw(s) and s[b + P_HAND_N] < MAX_HAND
    play = s[b + P_HAND_N] > 0
    n = 0
    if kind == OPT_CARD or kind == OPT_DIE2:
        if draw:
            mask[A_OPTION] = 1
            n += 1
        if play:
            mask[A_OPTION + 1] = 1
            n += 1
        if kind == OPT_DIE2:
            mask[A_OPTION + 2] = 1
            n += 1
    elif kind == OPT_CARPENTER:  # 0: no; 1: pay a farm good to play another card
        mask[A_OPTION] = 1
        mask[A_OPTION + 1] = 1
        n += 2
    elif kind == OPT_PEON:  # 0: no; 1: pay 1 VP to use the die's space again
        mask[A_OPTION] = 1
        n += 1
        if s[b + P_VP] > 0:
            mask[A_OPTION + 1] = 1
            n += 1
    elif kind == OPT_DIE5 or kind == OPT_DIE6 or kind == OPT_DIE4 or kind == OPT_SIESTA:
        mask[A_OPTION] = 1
        mask[A_OPTION + 1] = 1
        n += 2
        if kind == OPT_DIE5:
            mask[A_OPTION + 2] = 1
            n += 1
    if n == 0:
        mask[A_OPTION] = 1  # nothing can be done: option 0 does nothing
        n = 1
    return n
