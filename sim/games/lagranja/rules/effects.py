"""La Granja's effects a player triggers: revenue spaces and dice taken, roof markers' functions, helpers used
by choice, trade commodities, and which anytime actions are offered.

RULES.md "Revenue phase", "Anytime actions", "Helpers".
"""

import numpy as np
from numba import njit

from sim.games.lagranja.actions import (
    A_BUY,
    A_MW_TRADE,
    A_SELL,
    A_TRADE,
    A_TRADE_VP,
    A_UPGRADE,
    A_USE_HELPER,
    A_USE_ROOF,
    N_TRADE,
)
from sim.games.lagranja.layout import (
    G_ACTED,
    G_DELIV_LEFT,
    G_DICE,
    G_EXTRA_FREE,
    G_GAIN_DISTINCT,
    G_GAIN_MASK,
    G_GAIN_N,
    G_GAIN_TAKEN,
    G_GRAIN,
    G_GRAPE,
    G_MW,
    G_OLIVE,
    G_OPT_KIND,
    G_PEON,
    G_PHASE,
    G_PICKS,
    G_PIG,
    G_PLAYERS,
    G_ROUND,
    G_TRADE,
    G_UPG_LEFT,
    G_XPLAY,
    H_FIELD_TO_DEN,
    H_FOREMAN,
    H_FREE_UPGRADE,
    H_GAIN_HARVEST,
    H_GARDENER,
    H_GRAIN_PIG,
    H_GRAPE_DELIVERY,
    H_HARVEST_SILVER,
    H_LDT,
    H_MARKET_WOMAN,
    H_MARKETER,
    H_MERCHANT,
    H_OLIVE_PLAY,
    H_PEON,
    H_PIG_ANYWAY,
    H_PLAY_FOR_VP,
    H_PORTER,
    H_REVENUE4,
    H_SEEDS_TRADER,
    H_SELL_FIELD,
    H_TENANT,
    H_UPGRADE_DISCOUNT,
    N_HARVEST,
    N_RES,
    N_SLOTS,
    OPT_CARD,
    OPT_DIE2,
    OPT_DIE4,
    OPT_DIE5,
    OPT_DIE6,
    OPT_SIESTA,
    P_DEN,
    P_DICE,
    P_FIELD_GOODS,
    P_HAND_N,
    P_HELPER,
    P_HELPER_USED,
    P_LDT,
    P_ROOF,
    P_ROOF_USED,
    P_SILVER,
    P_STOCK,
    P_TRADES,
    P_VP,
    PH_DIE,
    PH_EXTRA,
    RF_ANY_HARVEST,
    RF_CARD,
    RF_DELIVERY,
    RF_FLIP,
    RF_GRAIN_OLIVE,
    RF_GRAPE,
    RF_OLIVE,
    RF_PIG,
    RF_SIESTA,
    RF_SILVER,
    RF_TWO_HARVEST,
    RF_UPGRADE,
    RF_VP,
    ROOF_SLOTS,
    V_HELPERS,
    V_OTHER,
    V_SPENT,
)
from sim.games.lagranja.params import K_MARKER_CAP, K_REV4_SILVER, K_REV6_SILVER, K_TRADE_SILVER
from sim.games.lagranja.rules.common import (
    HARVEST_MASK,
    add_vp,
    any_resource,
    cb,
    free_marker,
    gain,
    have,
    helper_amount,
    helper_slot,
    pb,
    pig_capacity,
    ready_helper,
    remove_good,
    take_field_good,
    take_marker,
)
from sim.games.lagranja.rules.farm import can_draw
from sim.games.lagranja.tables import C_AMOUNT, C_EFFECT, C_ONCE, D_BUY, D_UPG_COST

# ================================================================ effects that ask for a choice


@njit(cache=True)
def ask_gain(s, n, mask, distinct):
    s[G_GAIN_N] += n
    s[G_GAIN_MASK] = mask
    s[G_GAIN_DISTINCT] = distinct
    s[G_GAIN_TAKEN] = 0


@njit(cache=True)
def use_helper_marker(s, d, k, p, slot):
    """A once-a-round helper takes a marker from the supply while used (returned in the scoring phase)."""
    if d[cb(s[pb(p) + P_HELPER + slot]) + C_ONCE] == 0:
        return True
    if not take_marker(s, k, p):
        return False
    s[pb(p) + P_HELPER_USED + slot] = 1
    return True


@njit(cache=True)
def resolve_face(s, d, k, p, f):
    """The revenue of space f for p (seed): 1 a pig, 2 a card or a harvest good, 3 two different harvest goods,
    4 silver, 5 upgrades or siesta steps, 6 a delivery or silver."""
    b = pb(p)
    if f == 1:
        gain(s, d, k, p, np.int64(G_PIG))
    elif f == 2:
        porter = ready_helper(s, d, p, np.int64(H_PORTER))
        if porter >= 0 and use_helper_marker(s, d, k, p, porter):  # Porter: two options (a good and a card)
            ask_gain(s, np.int64(1), np.int64(HARVEST_MASK), np.int64(0))
            s[b + P_SILVER] += helper_amount(s, d, p, np.int64(H_HARVEST_SILVER))
            s[G_OPT_KIND] = OPT_CARD
        else:
            s[G_OPT_KIND] = OPT_DIE2
    elif f == 3:
        ask_gain(s, np.int64(2), np.int64(HARVEST_MASK), np.int64(1))
        s[b + P_SILVER] += helper_amount(s, d, p, np.int64(H_HARVEST_SILVER))
    elif f == 4:
        s[b + P_SILVER] += helper_amount(s, d, p, np.int64(H_REVENUE4))
        if helper_slot(s, d, p, np.int64(H_SEEDS_TRADER)) >= 0:
            s[G_OPT_KIND] = OPT_DIE4
        else:
            s[b + P_SILVER] += k[K_REV4_SILVER]
    elif f == 5:
        s[G_OPT_KIND] = OPT_DIE5
    elif f == 6:
        porter = ready_helper(s, d, p, np.int64(H_PORTER))
        if porter >= 0 and use_helper_marker(s, d, k, p, porter):
            s[b + P_SILVER] += k[K_REV6_SILVER]
            s[G_DELIV_LEFT] += 1
        else:
            s[G_OPT_KIND] = OPT_DIE6


@njit(cache=True)
def take_die(s, d, k, p, f):
    """p takes a die showing f: Foremen of other players whose taken dice show f pay 1 silver (glossary)."""
    s[G_DICE + f] -= 1
    b = pb(p)
    s[b + P_DICE + (1 if s[b + P_DICE] > 0 else 0)] = f
    s[G_PICKS] += 1
    for q in range(s[G_PLAYERS]):
        if q != p and (s[pb(q) + P_DICE] == f or s[pb(q) + P_DICE + 1] == f):
            s[pb(q) + P_SILVER] += helper_amount(s, d, q, np.int64(H_FOREMAN))
    resolve_face(s, d, k, p, f)
    if ready_helper(s, d, p, np.int64(H_PEON)) >= 0 and s[b + P_VP] > 0:
        s[G_PEON] = f


@njit(cache=True)
def roof_usable(s, d, p, slot):
    b = pb(p)
    fn = s[b + P_ROOF + slot]
    if fn < 0 or s[b + P_ROOF_USED + slot]:
        return False
    if fn == RF_UPGRADE:
        return any_resource(s, p)
    if fn == RF_DELIVERY:  # transport.extra_upfront=1: among the deliveries bought, not at their purchase
        return not (s[G_PHASE] == PH_EXTRA and s[G_ACTED] == 3)
    if fn == RF_CARD:
        return s[b + P_HAND_N] > 0 or can_draw(s)
    if fn == RF_FLIP:
        # ASSUMED: not another flip marker (two would flip each other forever)
        for i in range(ROOF_SLOTS):  # noqa: SIM110 (numba: a plain loop)
            if s[b + P_ROOF + i] >= 0 and s[b + P_ROOF + i] != RF_FLIP and s[b + P_ROOF_USED + i]:
                return True
        return False
    return True


@njit(cache=True)
def use_roof(s, d, k, p, slot):
    """A roof marker's function, once a game, then flipped (seed; EN 6.0 step 4)."""
    b = pb(p)
    fn = s[b + P_ROOF + slot]
    s[b + P_ROOF_USED + slot] = 1
    if fn == RF_OLIVE:
        gain(s, d, k, p, np.int64(G_OLIVE))
    elif fn == RF_GRAPE:
        gain(s, d, k, p, np.int64(G_GRAPE))
    elif fn == RF_GRAIN_OLIVE:
        ask_gain(s, np.int64(1), np.int64(3), np.int64(0))
    elif fn == RF_ANY_HARVEST:
        ask_gain(s, np.int64(1), np.int64(HARVEST_MASK), np.int64(0))
    elif fn == RF_TWO_HARVEST:
        ask_gain(s, np.int64(2), np.int64(HARVEST_MASK), np.int64(1))
    elif fn == RF_PIG:
        gain(s, d, k, p, np.int64(G_PIG))
    elif fn == RF_UPGRADE:
        s[G_UPG_LEFT] += 1
    elif fn == RF_DELIVERY:
        s[G_DELIV_LEFT] += 1
        if s[G_PHASE] == PH_EXTRA and s[G_ACTED] == 1:
            s[G_EXTRA_FREE] += 1  # in the paid deliveries: one more, free (the paid ones keep their limit)
    elif fn == RF_CARD:
        s[G_OPT_KIND] = OPT_CARD
    elif fn == RF_VP:
        add_vp(s, p, np.int64(V_OTHER), np.int64(1))
    elif fn == RF_SILVER:
        s[b + P_SILVER] += 2
    elif fn == RF_FLIP:
        for i in range(ROOF_SLOTS):  # ASSUMED: the first used marker (the seed lets the player pick)
            if s[b + P_ROOF + i] >= 0 and s[b + P_ROOF + i] != RF_FLIP and s[b + P_ROOF_USED + i]:
                s[b + P_ROOF_USED + i] = 0
                break
    elif fn == RF_SIESTA:
        s[G_OPT_KIND] = OPT_SIESTA


@njit(cache=True)
def helper_usable(s, d, k, p, slot):
    """A helper that is used by choice (the others work by themselves) may be used now."""
    b = pb(p)
    c = s[b + P_HELPER + slot]
    if c < 0 or s[b + P_HELPER_USED + slot]:
        return False
    e = d[cb(c) + C_EFFECT]
    if d[cb(c) + C_ONCE] and s[b + P_STOCK] <= 0 and k[K_MARKER_CAP] == 1:
        return False
    if e == H_PLAY_FOR_VP:
        return s[b + P_VP] > 0 and s[b + P_HAND_N] > 0
    if e == H_MERCHANT:
        return s[G_PHASE] == PH_DIE and s[b + P_VP] > 0
    if e == H_FREE_UPGRADE:
        return any_resource(s, p)
    if e == H_FIELD_TO_DEN:
        return s[b + P_FIELD_GOODS + d[cb(c) + C_AMOUNT]] > 0
    if e == H_OLIVE_PLAY:
        return s[b + P_FIELD_GOODS + G_OLIVE] > 0 and s[b + P_HAND_N] > 0
    if e == H_GRAIN_PIG:
        return s[b + P_FIELD_GOODS + G_GRAIN] > 0
    if e == H_GRAPE_DELIVERY:
        return s[b + P_FIELD_GOODS + G_GRAPE] > 0 and s[G_PHASE] != PH_EXTRA
    if e == H_TENANT:
        return s[G_PHASE] == PH_DIE and tenant_face(s) > 0
    if e == H_GARDENER:
        return have(s, p, np.int64(G_OLIVE)) + have(s, p, np.int64(G_GRAIN)) + have(s, p, np.int64(G_GRAPE)) > 0
    if e == H_PIG_ANYWAY or e == H_GAIN_HARVEST:  # noqa: SIM103
        return True
    return False


@njit(cache=True)
def tenant_face(s):
    """The die the Tenant chooses (ASSUMED: the lowest of the goods spaces 1-3 still showing), 0 if none."""
    for f in range(1, 4):
        if s[G_DICE + f] > 0:
            return f
    return 0


@njit(cache=True)
def use_helper(s, d, k, p, slot):
    b = pb(p)
    c = s[b + P_HELPER + slot]
    e = d[cb(c) + C_EFFECT]
    use_helper_marker(s, d, k, p, slot)
    if e == H_PLAY_FOR_VP:  # Farm Worker: 1 VP, then a card to the farm
        add_vp(s, p, np.int64(V_SPENT), np.int64(-1))
        s[G_XPLAY] = 1
    elif e == H_MERCHANT:  # Merchant: 1 VP for the revenue space of the round's number
        add_vp(s, p, np.int64(V_SPENT), np.int64(-1))
        resolve_face(s, d, k, p, s[G_ROUND])
    elif e == H_FREE_UPGRADE:
        s[G_UPG_LEFT] += 1
    elif e == H_FIELD_TO_DEN:  # Olive Picker, Brewer, Vintner: a field's good into the den (then sellable)
        g = d[cb(c) + C_AMOUNT]
        take_field_good(s, p, g)
        s[b + P_DEN + g] += 1
    elif e == H_OLIVE_PLAY:  # Oil Miller: an olive from a field, then a card to the farm
        remove_good(s, p, np.int64(G_OLIVE))
        s[G_XPLAY] = 1
    elif e == H_GRAIN_PIG:  # Fodder Maid: a grain from a field for a pig (sold without room)
        remove_good(s, p, np.int64(G_GRAIN))
        gain(s, d, k, p, np.int64(G_PIG))
    elif e == H_GRAPE_DELIVERY:  # Cooper: a grape from a field for a delivery
        remove_good(s, p, np.int64(G_GRAPE))
        s[G_DELIV_LEFT] += 1
    elif e == H_PIG_ANYWAY:  # Cabinetmaker: a pig, sold without room
        gain(s, d, k, p, np.int64(G_PIG))
    elif e == H_GAIN_HARVEST:
        ask_gain(s, np.int64(1), np.int64(HARVEST_MASK), np.int64(0))
    elif e == H_TENANT:  # Tenant (ASSUMED): the goods of the chosen die, the die stays; to the dens (glossary)
        if tenant_face(s) == 1:
            gain(s, d, k, p, np.int64(G_PIG))
        else:
            ask_gain(s, np.int64(1), np.int64(HARVEST_MASK), np.int64(0))
    elif e == H_GARDENER:  # Gardener (ASSUMED): harvest goods of choice, having one already (glossary)
        ask_gain(s, d[cb(c) + C_AMOUNT], np.int64(HARVEST_MASK), np.int64(0))


@njit(cache=True)
def trade(s, d, k, p, o):
    """Return a trade commodity for: 4 silver, two different harvest goods, a card drawn or played, a pig, two
    free upgrades (seed)."""
    b = pb(p)
    s[b + P_DEN + G_TRADE] -= 1
    free_marker(s, p, np.int64(1))
    s[b + P_TRADES] += 1
    trade_option(s, d, k, p, o)
    if ready_helper(s, d, p, np.int64(H_MARKET_WOMAN)) >= 0:
        s[G_MW] = o + 1  # the Market Woman may buy another option now (A_MW_TRADE)


@njit(cache=True)
def trade_option(s, d, k, p, o):
    b = pb(p)
    if o == 0:
        s[b + P_SILVER] += k[K_TRADE_SILVER]
    elif o == 1:
        ask_gain(s, np.int64(2), np.int64(HARVEST_MASK), np.int64(1))
    elif o == 2:
        s[G_OPT_KIND] = OPT_CARD
    elif o == 3:
        gain(s, d, k, p, np.int64(G_PIG))
    else:
        s[G_UPG_LEFT] += 2


@njit(cache=True)
def market_woman_slot(s, d, k, p):
    """The notch of a Market Woman that may act now: right after a trade, once a round, with 3 silver (its
    amount), else -1 (glossary F021)."""
    slot = ready_helper(s, d, p, np.int64(H_MARKET_WOMAN))
    if slot < 0 or s[G_MW] == 0 or not helper_usable_marker(s, k, p):
        return -1
    if s[pb(p) + P_SILVER] < d[cb(s[pb(p) + P_HELPER + slot]) + C_AMOUNT]:
        return -1
    return slot


@njit(cache=True)
def helper_usable_marker(s, k, p):
    """A once-a-round helper needs a marker from the supply (or markers.cap=0)."""
    return s[pb(p) + P_STOCK] > 0 or k[K_MARKER_CAP] == 0


@njit(cache=True)
def trade_allowed(s, p, o):
    """Trade option o can do something now: a card needs a hand or a deck, the upgrades a resource."""
    if o == 2:
        return s[pb(p) + P_HAND_N] > 0 or can_draw(s)
    if o == 4:
        return any_resource(s, p)
    return True


@njit(cache=True)
def anytime_mask(s, d, k, p, mask):
    b = pb(p)
    n = 0
    stock_ok = s[b + P_STOCK] > 0 or k[K_MARKER_CAP] == 0
    field_sale = helper_slot(s, d, p, np.int64(H_SELL_FIELD)) >= 0
    pig_room = s[b + P_DEN + G_PIG] < pig_capacity(s, d, k, p)
    discount = helper_amount(s, d, p, np.int64(H_UPGRADE_DISCOUNT))
    silver = s[b + P_SILVER]
    for r in range(N_RES):
        sellable = s[b + P_DEN + r]
        if r < N_HARVEST and field_sale:
            sellable += s[b + P_FIELD_GOODS + r]
        if sellable > 0:
            mask[A_SELL + r] = 1
            n += 1
        if stock_ok and silver >= d[D_BUY + r] and (r != G_PIG or pig_room):
            mask[A_BUY + r] = 1
            n += 1
        if have(s, p, r) > 0 and silver >= max(0, d[D_UPG_COST + r] - discount):
            mask[A_UPGRADE + r] = 1
            n += 1
    if s[b + P_DEN + G_TRADE] > 0:
        for o in range(N_TRADE):
            if trade_allowed(s, p, o):
                mask[A_TRADE + o] = 1
                n += 1
        if helper_slot(s, d, p, np.int64(H_LDT)) >= 0:
            for o in range(N_TRADE):
                if not (s[b + P_LDT] >> o) & 1 and stock_ok:
                    mask[A_TRADE_VP + o] = 1
                    n += 1
    if s[G_MW] > 0 and market_woman_slot(s, d, k, p) >= 0:
        for o in range(N_TRADE):
            if o != s[G_MW] - 1 and trade_allowed(s, p, o):
                mask[A_MW_TRADE + o] = 1
                n += 1
    for i in range(ROOF_SLOTS):
        if s[b + P_ROOF + i] >= 0 and roof_usable(s, d, p, i):
            mask[A_USE_ROOF + i] = 1
            n += 1
    for i in range(N_SLOTS):
        if s[b + P_HELPER + i] >= 0 and helper_usable(s, d, k, p, i):
            mask[A_USE_HELPER + i] = 1
            n += 1
    return n


@njit(cache=True)
def marketer(s, d, p):
    """Marketer: revenue 2 used for a card or 5 for the siesta track (glossary); the reward ASSUMED 1 VP."""
    add_vp(s, p, np.int64(V_HELPERS), helper_amount(s, d, p, np.int64(H_MARKETER)))
