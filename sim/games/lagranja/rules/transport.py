"""La Granja's transport: the market and its hexes, the solo robot, craft buildings and barrows completed,
deliveries, the siesta track.

RULES.md "Transport phase", "Craft buildings", "Barrows and the market", "The solo game".
"""

import numpy as np
from numba import njit

from sim.games.lagranja.layout import (
    B_BUTCHER,
    B_DELI,
    B_GROCER,
    B_MERCHANT,
    B_STORE,
    B_WAINWRIGHT,
    FL_EXTRA,
    G_BLOCKED,
    G_COMPLETED,
    G_DELIV_LEFT,
    G_EXTRA_FREE,
    G_FIRST_VP,
    G_FLOW,
    G_FOOD,
    G_GRAPE,
    G_MARKET,
    G_MEAT,
    G_MKT_VALUE,
    G_NEXT_ORDER,
    G_PIG,
    G_PLAYERS,
    G_REPLACE,
    G_ROBOT_PLACED,
    G_ROUND,
    G_TRADE,
    G_WINE,
    H_BARROW_RETURN,
    H_BUILDING_RETURN,
    H_KEEP_BARROW,
    H_OPP_REMOVAL_VP,
    H_PEDDLER,
    H_STALL_BUILDER,
    H_VP_OWN_REMOVED,
    H_WAINWRIGHT_CARD,
    MAX_PLAYERS,
    MAX_SYMBOLS,
    N_BUILD,
    P_BARROW,
    P_BARROW_FILL,
    P_BARROWS_DONE,
    P_BUILD_FILL,
    P_BUILDINGS_DONE,
    P_CRAFT,
    P_DELIVERIES,
    P_HELPER_USED,
    P_REMOVED,
    P_SIESTA,
    P_SILVER,
    P_STACK,
    ROBOT,
    SIDE_BARROW,
    V_BARROWS,
    V_BUILDINGS,
    V_HELPERS,
    V_REMOVALS,
)
from sim.games.lagranja.params import K_MERCHANT_SILVER, K_ORDER_READING, K_STORE_VP
from sim.games.lagranja.rules.common import (
    RESOURCE_MASK,
    add_vp,
    cb,
    craft_active,
    free_marker,
    gain,
    have,
    helper_slot,
    hex_open,
    n_barrows,
    pb,
    ready_helper,
    remove_good,
    take_marker,
)
from sim.games.lagranja.rules.effects import ask_gain, use_helper_marker
from sim.games.lagranja.rules.farm import can_draw, discard_card, draw_card, play_card
from sim.games.lagranja.tables import (
    C_BARROW_N,
    C_BARROW_VP,
    C_GOODS,
    D_BUILD_GOODS,
    D_BUILD_N,
    D_HEX_NB,
    D_HEX_VALUE,
    D_N_HEX,
    D_SIESTA_TOP,
    D_SIESTA_VP,
)

# ================================================================ the market


@njit(cache=True)
def remove_from_market(s, d, k, h, remover):
    """Take the marker off hex h (a removal by `remover`, a seat or the robot): 1 VP to a seat that removes,
    +1 with the Pitchman; the owner's Negotiator pays 1 VP, its Peddler moves the marker to an adjacent empty
    hex instead (still scored for the remover)."""
    q = s[G_MARKET + h]
    s[G_MARKET + h] = -1
    if remover < MAX_PLAYERS:
        add_vp(s, remover, np.int64(V_REMOVALS), np.int64(1))
        if helper_slot(s, d, remover, np.int64(H_OPP_REMOVAL_VP)) >= 0:
            add_vp(s, remover, np.int64(V_HELPERS), np.int64(1))
        s[pb(remover) + P_REMOVED] += 1
    if q >= MAX_PLAYERS:
        return
    if helper_slot(s, d, q, np.int64(H_PEDDLER)) >= 0:
        for j in range(6):
            nb = d[D_HEX_NB + h * 6 + j]
            if nb >= 0 and s[G_MARKET + nb] < 0 and hex_open(s, d, k, nb):
                s[G_MARKET + nb] = q
                return
    free_marker(s, q, np.int64(1))
    if helper_slot(s, d, q, np.int64(H_VP_OWN_REMOVED)) >= 0:
        add_vp(s, q, np.int64(V_HELPERS), np.int64(1))


@njit(cache=True)
def hex_legal(s, d, k, who, v, h):
    """Hex h may take `who`'s marker of value v: an empty hex of value v; when all are full, one held by another."""
    if d[D_HEX_VALUE + h] != v or not hex_open(s, d, k, h):
        return False
    if s[G_MARKET + h] < 0:
        return True
    if s[G_MARKET + h] == who:
        return False
    for i in range(d[D_N_HEX]):
        if d[D_HEX_VALUE + i] == v and hex_open(s, d, k, i) and s[G_MARKET + i] < 0:
            return False
    return True


@njit(cache=True)
def any_hex(s, d, k, who, v):
    for h in range(d[D_N_HEX]):  # noqa: SIM110 (numba: a plain loop)
        if hex_legal(s, d, k, who, v, h):
            return True
    return False


@njit(cache=True)
def stall_hex(s, d, k, h):
    """Stall Builder: an empty open hex one value above the barrow's (glossary F039: only empty higher hexes, and
    no effect for a barrow of 6)."""
    v = s[G_MKT_VALUE]
    return v < 6 and d[D_HEX_VALUE + h] == v + 1 and s[G_MARKET + h] < 0 and hex_open(s, d, k, h)


@njit(cache=True)
def any_stall_hex(s, d, k, p):
    if helper_slot(s, d, p, np.int64(H_STALL_BUILDER)) < 0:
        return False
    for h in range(d[D_N_HEX]):  # noqa: SIM110 (numba: a plain loop)
        if stall_hex(s, d, k, h):
            return True
    return False


@njit(cache=True)
def place_on_market(s, d, k, who, h):
    """Put `who`'s marker on hex h: a marker already there is removed first, then every other owner's marker on
    an adjacent hex of lower value (seed)."""
    v = d[D_HEX_VALUE + h]
    if s[G_MARKET + h] >= 0:
        remove_from_market(s, d, k, h, who)
    if who < MAX_PLAYERS and not take_marker(s, k, who):
        return
    s[G_MARKET + h] = who
    for j in range(6):
        nb = d[D_HEX_NB + h * 6 + j]
        if nb >= 0 and s[G_MARKET + nb] >= 0 and s[G_MARKET + nb] != who and d[D_HEX_VALUE + nb] < v:
            remove_from_market(s, d, k, nb, who)


@njit(cache=True)
def robot_threat(s, d, k, h):
    """How exposed hex h is: open neighbours of higher value not held by the robot."""
    t = 0
    for j in range(6):
        nb = d[D_HEX_NB + h * 6 + j]
        if nb >= 0 and hex_open(s, d, k, nb) and d[D_HEX_VALUE + nb] > d[D_HEX_VALUE + h] and s[G_MARKET + nb] != ROBOT:
            t += 1
    return t


@njit(cache=True)
def robot_gain(s, d, h):
    """Player markers the robot would remove by taking hex h."""
    v = d[D_HEX_VALUE + h]
    n = 1 if 0 <= s[G_MARKET + h] < MAX_PLAYERS else 0
    for j in range(6):
        nb = d[D_HEX_NB + h * 6 + j]
        if nb >= 0 and 0 <= s[G_MARKET + nb] < MAX_PLAYERS and d[D_HEX_VALUE + nb] < v:
            n += 1
    return n


@njit(cache=True)
def robot_place(s, d, k):
    """Solo: a card from the deck; the robot's marker goes to a hex of its barrow value removing as many of the
    player's markers as it can, then on the hex hardest to remove (fewest open higher neighbours; lowest hex
    index last, ASSUMED); the card is discarded."""
    c = draw_card(s)
    s[G_ROBOT_PLACED] = 1
    if c < 0:
        return
    discard_card(s, c)
    v = d[cb(c) + C_BARROW_VP]
    best = -1
    best_gain = -1
    best_threat = 99
    for h in range(d[D_N_HEX]):
        if not hex_legal(s, d, k, np.int64(ROBOT), v, h):
            continue
        g = robot_gain(s, d, h)
        t = robot_threat(s, d, k, h)
        if g > best_gain or (g == best_gain and t < best_threat):
            best, best_gain, best_threat = h, g, t
    if best >= 0:
        place_on_market(s, d, k, np.int64(ROBOT), best)


# ================================================================ deliveries and completions


@njit(cache=True)
def building_good(d, bld, j):
    return d[D_BUILD_GOODS + bld * MAX_SYMBOLS + j]


@njit(cache=True)
def siesta_vp(s, d, p):
    return d[D_SIESTA_VP + s[pb(p) + P_SIESTA]]


@njit(cache=True)
def advance_siesta(s, d, p, steps):
    """Move p's disc up to the top space; landing on another disc puts it on top of the stack (seed)."""
    b = pb(p)
    to = min(s[b + P_SIESTA] + steps, d[D_SIESTA_TOP])
    if to == s[b + P_SIESTA]:
        return
    top = 0
    for q in range(s[G_PLAYERS]):
        if q != p and s[pb(q) + P_SIESTA] == to:
            top = max(top, s[pb(q) + P_STACK] + 1)
    s[b + P_SIESTA] = to
    s[b + P_STACK] = top


@njit(cache=True)
def complete_building(s, d, k, p, bld):
    """p's row at a craft building is full: a marker to the grey hex (the rest back), VP = round, +1 for the
    first, the next building-order marker, the craft marker and its immediate effect (seed)."""
    b = pb(p)
    free_marker(s, p, d[D_BUILD_N + bld] - 1)
    s[b + P_BUILD_FILL + bld] = 0
    s[b + P_CRAFT + bld] = s[G_ROUND]
    s[b + P_BUILDINGS_DONE] += 1
    add_vp(s, p, np.int64(V_BUILDINGS), s[G_ROUND])
    if s[G_FIRST_VP + bld]:
        s[G_FIRST_VP + bld] = 0
        add_vp(s, p, np.int64(V_BUILDINGS), np.int64(1))
    if s[G_NEXT_ORDER] <= 3 and (k[K_ORDER_READING] == 0 or s[G_COMPLETED + bld] == 0):
        for x in range(N_BUILD):
            if s[G_BLOCKED + x] == s[G_NEXT_ORDER]:
                s[G_BLOCKED + x] = 0
        s[G_NEXT_ORDER] += 1
        add_vp(s, p, np.int64(V_BUILDINGS), np.int64(1))
    s[G_COMPLETED + bld] = 1
    if craft_active(s, p, np.int64(B_STORE)):
        add_vp(s, p, np.int64(V_BUILDINGS), k[K_STORE_VP])
    if bld == B_WAINWRIGHT:
        s[G_DELIV_LEFT] += 1
        if s[G_FLOW] == FL_EXTRA:
            s[G_EXTRA_FREE] += 1
        add_vp(s, p, np.int64(V_BUILDINGS), siesta_vp(s, d, p))
    elif bld == B_STORE:
        add_vp(s, p, np.int64(V_BUILDINGS), k[K_STORE_VP])
    elif bld == B_MERCHANT:
        s[b + P_SILVER] += k[K_MERCHANT_SILVER]
    elif bld == B_GROCER:
        ask_gain(s, np.int64(1), np.int64(RESOURCE_MASK), np.int64(0))
    elif bld == B_DELI:
        gain(s, d, k, p, np.int64(G_TRADE))
    elif bld == B_BUTCHER:
        add_vp(s, p, np.int64(V_BUILDINGS), n_barrows(s, p))
    if helper_slot(s, d, p, np.int64(H_BUILDING_RETURN)) >= 0:  # Haggler: an upgraded good comes back
        best = -1
        for j in range(d[D_BUILD_N + bld]):
            g = building_good(d, bld, j)
            if g >= G_FOOD and g <= G_MEAT and g > best:
                best = g
        if best >= 0:
            gain(s, d, k, p, best)


@njit(cache=True)
def complete_barrow(s, d, k, p, slot):
    """A full barrow: its VP (+1 with an active Butcher), a trade commodity, its markers back, the card to the
    discard pile (the Barrow Builder keeps it once a round), then a market marker of its value (seed)."""
    b = pb(p)
    c = s[b + P_BARROW + slot]
    v = d[cb(c) + C_BARROW_VP]
    add_vp(s, p, np.int64(V_BARROWS), v)
    if craft_active(s, p, np.int64(B_BUTCHER)):
        add_vp(s, p, np.int64(V_BUILDINGS), np.int64(1))
    s[b + P_BARROWS_DONE] += 1
    keep = ready_helper(s, d, p, np.int64(H_KEEP_BARROW))
    if keep >= 0 and take_marker(s, k, p):
        s[b + P_HELPER_USED + keep] = 1
        free_marker(s, p, d[cb(c) + C_BARROW_N])
        s[b + P_BARROW_FILL + slot] = 0
    else:
        free_marker(s, p, d[cb(c) + C_BARROW_N])
        s[b + P_BARROW + slot] = -1
        s[b + P_BARROW_FILL + slot] = 0
        discard_card(s, c)
    gain(s, d, k, p, np.int64(G_TRADE))
    if helper_slot(s, d, p, np.int64(H_BARROW_RETURN)) >= 0:  # Barterer: one good comes back (ASSUMED the best)
        best = -1
        for j in range(d[cb(c) + C_BARROW_N]):
            g = d[cb(c) + C_GOODS + j]
            if g != G_TRADE and (best < 0 or d_value(g) > d_value(best)):
                best = g
        if best >= 0:
            gain(s, d, k, p, best)
    wain = ready_helper(s, d, p, np.int64(H_WAINWRIGHT_CARD))
    if wain >= 0 and s[G_REPLACE] < 0 and can_draw(s) and use_helper_marker(s, d, k, p, wain):
        # Wainwright (card): a new card from the deck, played as a barrow (glossary F016; the trigger ASSUMED)
        play_card(s, d, k, p, draw_card(s), np.int64(SIDE_BARROW))
    s[G_MKT_VALUE] = v


@njit(cache=True)
def d_value(g):
    """A rough worth of each good, to pick the best one to return (Barterer)."""
    if g == G_MEAT:
        return 7
    if g == G_WINE:
        return 5
    if g == G_PIG:
        return 5
    if g == G_FOOD:
        return 4
    if g == G_GRAPE:
        return 3
    return 2


@njit(cache=True)
def can_deliver_building(s, d, p, bld, j):
    b = pb(p)
    if s[G_BLOCKED + bld] != 0 or s[b + P_CRAFT + bld] != 0 or j >= d[D_BUILD_N + bld]:
        return False
    if s[b + P_BUILD_FILL + bld] & (1 << j):
        return False
    return have(s, p, building_good(d, bld, j)) > 0


@njit(cache=True)
def can_deliver_barrow(s, d, p, slot, j):
    b = pb(p)
    c = s[b + P_BARROW + slot]
    if c < 0 or j >= d[cb(c) + C_BARROW_N] or s[b + P_BARROW_FILL + slot] & (1 << j):
        return False
    return have(s, p, d[cb(c) + C_GOODS + j]) > 0


@njit(cache=True)
def deliver_building(s, d, k, p, bld, j):
    b = pb(p)
    remove_good(s, p, building_good(d, bld, j))
    take_marker(s, k, p)  # the good's own marker, just freed, goes on the symbol
    s[b + P_BUILD_FILL + bld] |= 1 << j
    s[b + P_DELIVERIES] += 1
    if s[b + P_BUILD_FILL + bld] == (1 << d[D_BUILD_N + bld]) - 1:
        complete_building(s, d, k, p, bld)


@njit(cache=True)
def deliver_barrow(s, d, k, p, slot, j):
    b = pb(p)
    c = s[b + P_BARROW + slot]
    remove_good(s, p, d[cb(c) + C_GOODS + j])
    take_marker(s, k, p)
    s[b + P_BARROW_FILL + slot] |= 1 << j
    s[b + P_DELIVERIES] += 1
    if s[b + P_BARROW_FILL + slot] == (1 << d[cb(c) + C_BARROW_N]) - 1:
        complete_barrow(s, d, k, p, slot)
