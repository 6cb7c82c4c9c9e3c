"""La Granja's step: apply a legal action, pay a paid delivery, resolve an option chosen.

RULES.md "The game as modelled" and the action table.
"""

import numpy as np
from numba import njit

from sim.games.lagranja.actions import (
    A_BUY,
    A_DELIVER_B,
    A_DELIVER_DONE,
    A_DELIVER_W,
    A_DIE,
    A_DISCARD,
    A_DONKEY,
    A_EXTRA_BUY,
    A_GAIN,
    A_HEX,
    A_MW_TRADE,
    A_NO_PLAY,
    A_OPTION,
    A_PAY,
    A_PLAY,
    A_ROOF,
    A_ROOF_PASS,
    A_SELL,
    A_SLOT,
    A_TRADE,
    A_TRADE_VP,
    A_TURN_DIE,
    A_UPG_DONE,
    A_UPG_FREE,
    A_UPGRADE,
    A_USE_HELPER,
    A_USE_ROOF,
)
from sim.games.lagranja.layout import (
    G_ACTED,
    G_CUR,
    G_DELIV_LEFT,
    G_DICE,
    G_EXTRA_FREE,
    G_GAIN_N,
    G_GAIN_TAKEN,
    G_MARKET,
    G_MKT_VALUE,
    G_MW,
    G_OPT_KIND,
    G_PAY_LEFT,
    G_PAY_TAKEN,
    G_PEON,
    G_PHASE,
    G_PLAYS_LEFT,
    G_REPLACE,
    G_REPLACE_SIDE,
    G_TRADE,
    G_UPG_LEFT,
    G_XPLAY,
    G_XPLAY_SIDES,
    H_FREE_EXTRA,
    H_HARVEST_SILVER,
    H_MARKET_WOMAN,
    H_MIGRANT,
    H_PEON,
    MAX_SYMBOLS,
    OPT_CARD,
    OPT_CARPENTER,
    OPT_DIE2,
    OPT_DIE4,
    OPT_DIE5,
    OPT_DIE6,
    OPT_NONE,
    OPT_PEON,
    OPT_SIESTA,
    P_BOUGHT,
    P_DEN,
    P_DONKEY,
    P_DONKEY_USED,
    P_HELPER,
    P_LDT,
    P_SILVER,
    P_SOLD,
    P_TRADES,
    PAY_SILVER,
    PAY_VP,
    PH_EXTRA,
    PH_XPLAY,
    V_HELPERS,
    V_SPENT,
)
from sim.games.lagranja.params import K_REV4_SILVER, K_REV6_SILVER
from sim.games.lagranja.rules.common import (
    HARVEST_MASK,
    NOT_EXTENSION,
    add_vp,
    cb,
    do_upgrade,
    free_marker,
    gain,
    helper_amount,
    pb,
    ready_helper,
    remove_good,
    sell_price,
    take_field_good,
    take_marker,
    upgrade_cost,
)
from sim.games.lagranja.rules.effects import (
    ask_gain,
    marketer,
    resolve_face,
    take_die,
    trade,
    trade_option,
    use_helper,
    use_helper_marker,
    use_roof,
)
from sim.games.lagranja.rules.farm import (
    carpenter_good,
    clear_notch,
    discard_card,
    draw_to_hand,
    offer_carpenter,
    place_in_notch,
    play_from_hand,
    sell_excess_pigs,
    take_from_hand,
)
from sim.games.lagranja.rules.masks import main_phase
from sim.games.lagranja.rules.roofs import buy_roof
from sim.games.lagranja.rules.round_flow import resume
from sim.games.lagranja.rules.transport import advance_siesta, deliver_barrow, deliver_building, place_on_market
from sim.games.lagranja.tables import C_AMOUNT, D_BUY, D_HEX_VALUE

# ================================================================ the step


@njit(cache=True)
def step(s, d, k, a):
    p = s[G_CUR]
    b = pb(p)
    ph = s[G_PHASE]
    if main_phase(ph):
        s[G_MW] = 0  # the Market Woman acts right after a trade, before anything else (a trade sets it again)
    if a < A_NO_PLAY:  # play hand card h as a side
        h = (a - A_PLAY) // 4
        side = (a - A_PLAY) % 4
        if ph == PH_XPLAY:
            s[G_XPLAY] = 0
            s[G_XPLAY_SIDES] = 0
        else:
            s[G_PLAYS_LEFT] -= 1
        play_from_hand(s, d, k, p, h, side)
    elif a == A_NO_PLAY:
        if ph == PH_XPLAY:
            s[G_XPLAY] = 0
            s[G_XPLAY_SIDES] = 0
        else:
            s[G_PLAYS_LEFT] = 0
    elif a < A_PAY:  # clear a notch for the waiting card
        slot = a - A_SLOT
        side = s[G_REPLACE_SIDE]
        clear_notch(s, p, side, slot)
        place_in_notch(s, p, side, slot, s[G_REPLACE])
        s[G_REPLACE] = -1
        sell_excess_pigs(s, d, k, p)
    elif a < A_DISCARD:
        g = a - A_PAY
        s[G_PAY_TAKEN] |= 1 << g
        s[G_PAY_LEFT] -= 1
        if g == PAY_SILVER:
            s[b + P_SILVER] -= 1
        elif g == PAY_VP:
            add_vp(s, p, np.int64(V_SPENT), np.int64(-1))
        else:
            remove_good(s, p, g)
        if s[G_PAY_LEFT] == 0:
            offer_carpenter(s, d, p)
    elif a < A_GAIN:
        discard_card(s, take_from_hand(s, p, a - A_DISCARD))
    elif a < A_UPG_FREE:
        g = a - A_GAIN
        gain(s, d, k, p, g)
        s[G_GAIN_TAKEN] |= 1 << g
        s[G_GAIN_N] -= 1
    elif a < A_UPG_DONE:
        do_upgrade(s, d, k, p, a - A_UPG_FREE)
        s[G_UPG_LEFT] -= 1
    elif a == A_UPG_DONE:
        s[G_UPG_LEFT] = 0
    elif a < A_ROOF:
        choose_option(s, d, k, p, a - A_OPTION)
    elif a < A_ROOF_PASS:
        buy_roof(s, d, k, p, a - A_ROOF)
        s[G_ACTED] = 1
    elif a == A_ROOF_PASS:
        s[G_ACTED] = 1
    elif a < A_DONKEY:
        s[G_ACTED] = 2
        take_die(s, d, k, p, a - A_DIE + 1)
    elif a < A_DELIVER_B:
        m = a - A_DONKEY
        s[b + P_DONKEY] = m
        s[b + P_DONKEY_USED] |= 1 << m
        s[G_ACTED] = 1
    elif a < A_DELIVER_DONE:
        pay_extra(s, k, p, ph)
        s[G_DELIV_LEFT] -= 1
        if a < A_DELIVER_W:
            x = a - A_DELIVER_B
            deliver_building(s, d, k, p, x // MAX_SYMBOLS, x % MAX_SYMBOLS)
        else:
            x = a - A_DELIVER_W
            deliver_barrow(s, d, k, p, x // MAX_SYMBOLS, x % MAX_SYMBOLS)
    elif a == A_DELIVER_DONE:
        s[G_DELIV_LEFT] = 0
    elif a < A_SELL:
        h = a - A_HEX
        v = s[G_MKT_VALUE]
        s[G_MKT_VALUE] = 0
        if d[D_HEX_VALUE + h] == v:
            place_on_market(s, d, k, p, h)
        elif take_marker(s, k, p):  # Stall Builder: one value higher, removing no one
            s[G_MARKET + h] = p
    elif a < A_BUY:
        r = a - A_SELL
        if s[b + P_DEN + r] > 0:
            s[b + P_DEN + r] -= 1
        else:
            take_field_good(s, p, r)  # Agricultural Worker: sold from a field
        free_marker(s, p, np.int64(1))
        s[b + P_SILVER] += sell_price(d, r)
        s[b + P_SOLD] += 1
    elif a < A_UPGRADE:
        r = a - A_BUY
        s[b + P_SILVER] -= d[D_BUY + r]
        gain(s, d, k, p, r)
        s[b + P_BOUGHT] += 1
    elif a < A_TRADE:
        r = a - A_UPGRADE
        s[b + P_SILVER] -= upgrade_cost(s, d, p, r)
        do_upgrade(s, d, k, p, r)
    elif a < A_TRADE_VP:
        trade(s, d, k, p, a - A_TRADE)
    elif a < A_USE_ROOF:
        o = a - A_TRADE_VP  # Long Distance Trader: 2 VP, the option marked with a marker for good
        s[b + P_DEN + G_TRADE] -= 1
        s[b + P_TRADES] += 1
        s[b + P_LDT] |= 1 << o
        add_vp(s, p, np.int64(V_HELPERS), np.int64(2))
    elif a < A_USE_HELPER:
        use_roof(s, d, k, p, a - A_USE_ROOF)
    elif a < A_EXTRA_BUY:
        use_helper(s, d, k, p, a - A_USE_HELPER)
    elif a < A_TURN_DIE:
        bought = a - A_EXTRA_BUY + 1
        s[b + P_SILVER] -= bought - min(s[G_EXTRA_FREE], bought)
        s[G_EXTRA_FREE] = 0
        s[G_DELIV_LEFT] = bought + helper_amount(s, d, p, np.int64(H_FREE_EXTRA))
        s[G_ACTED] = 4
    elif a < A_MW_TRADE:  # Migrant Laborer: a die turned to its opposite side
        f = a - A_TURN_DIE + 1
        use_helper_marker(s, d, k, p, ready_helper(s, d, p, np.int64(H_MIGRANT)))
        s[G_DICE + f] -= 1
        s[G_DICE + 7 - f] += 1
    else:  # Market Woman: 3 silver for another trade option
        slot = ready_helper(s, d, p, np.int64(H_MARKET_WOMAN))  # G_MW was just cleared: legal_mask checked it
        s[b + P_SILVER] -= d[cb(s[b + P_HELPER + slot]) + C_AMOUNT]
        use_helper_marker(s, d, k, p, slot)
        trade_option(s, d, k, p, a - A_MW_TRADE)
    resume(s, d, k)


@njit(cache=True)
def pay_extra(s, k, p, ph):
    """A delivery of the paid step costs 1 silver as it is made (seed), or nothing once bought up front; the
    Packer's and the Wagoner's are free."""
    if ph != PH_EXTRA or s[G_ACTED] == 4:
        return
    if s[G_EXTRA_FREE] > 0:
        s[G_EXTRA_FREE] -= 1
    else:
        s[pb(p) + P_SILVER] -= 1


@njit(cache=True)
def choose_option(s, d, k, p, o):
    kind = s[G_OPT_KIND]
    s[G_OPT_KIND] = OPT_NONE
    b = pb(p)
    if kind == OPT_CARD or kind == OPT_DIE2:
        if o == 0:
            draw_to_hand(s, p)
            if kind == OPT_DIE2:
                marketer(s, d, p)
        elif o == 1:
            s[G_XPLAY] = 1
            if kind == OPT_DIE2:
                marketer(s, d, p)
        else:
            ask_gain(s, np.int64(1), np.int64(HARVEST_MASK), np.int64(0))
            s[b + P_SILVER] += helper_amount(s, d, p, np.int64(H_HARVEST_SILVER))
    elif kind == OPT_DIE4:
        if o == 0:
            s[b + P_SILVER] += k[K_REV4_SILVER]
        else:  # Seeds Trader: 1 silver less and a harvest good
            s[b + P_SILVER] += k[K_REV4_SILVER] - 1
            ask_gain(s, np.int64(1), np.int64(HARVEST_MASK), np.int64(0))
    elif kind == OPT_DIE5:
        if o == 0:
            s[G_UPG_LEFT] += 2
        elif o == 1:
            s[G_UPG_LEFT] += 1
            advance_siesta(s, d, p, np.int64(1))
            marketer(s, d, p)
        else:
            advance_siesta(s, d, p, np.int64(2))
            marketer(s, d, p)
    elif kind == OPT_DIE6:
        if o == 0:
            s[G_DELIV_LEFT] += 1
        else:
            s[b + P_SILVER] += k[K_REV6_SILVER]
    elif kind == OPT_SIESTA:
        advance_siesta(s, d, p, np.int64(o + 1))
    elif kind == OPT_CARPENTER:
        g = carpenter_good(s, p)
        if o == 1 and g >= 0:
            remove_good(s, p, g)
            s[G_XPLAY] = 1
            s[G_XPLAY_SIDES] = NOT_EXTENSION
    elif kind == OPT_PEON:
        f = s[G_PEON]
        s[G_PEON] = 0
        if o == 1:
            slot = ready_helper(s, d, p, np.int64(H_PEON))
            if slot >= 0 and use_helper_marker(s, d, k, p, slot):
                add_vp(s, p, np.int64(V_SPENT), np.int64(-1))
                resolve_face(s, d, k, p, f)
