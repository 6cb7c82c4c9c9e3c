"""La Granja's shared helpers: addressing, helpers in play, goods on a farm (gain, remove, upgrade), markers,
VP, turn order.

Every other rules module builds on these. RULES.md "The game as modelled" (Markers) and "Helpers".
"""

import numpy as np
from numba import njit

from sim.games.lagranja.layout import (
    G_CUR,
    G_FOOD,
    G_GRAIN,
    G_GRAPE,
    G_MEAT,
    G_OLIVE,
    G_ORDER,
    G_PHASE,
    G_PIG,
    G_PLAYER,
    G_PLAYERS,
    G_ROUND,
    G_TRADE,
    G_WINE,
    H_HAND_LIMIT,
    H_PIG_SPACE,
    H_UPGRADE_DISCOUNT,
    N_HARVEST,
    N_RES,
    N_SLOTS,
    P_BARROW,
    P_CRAFT,
    P_DEN,
    P_EXT_N,
    P_EXT_PIG,
    P_FIELD_EXTRA,
    P_FIELD_GOODS,
    P_HELPER,
    P_HELPER_USED,
    P_SILVER,
    P_STOCK,
    P_UPGRADES,
    P_VP,
    P_VP_SRC,
    PH_GAME_OVER,
    PLAYER_SIZE,
    SIDE_BARROW,
    SIDE_FIELD,
    SIDE_HELPER,
)
from sim.games.lagranja.params import K_HAND_LIMIT, K_MARKER_CAP, K_PIG_SPACES, K_X_HEXES
from sim.games.lagranja.tables import C_AMOUNT, C_EFFECT, CARD_STRIDE, D_CARDS, D_HEX_X, D_SELL, D_UPG_COST, D_UPG_TO

HARVEST_MASK = 7  # olive, grain, grape
RESOURCE_MASK = 15  # and pig
STORAGE_SLOT = 5  # the Storage Builder's roof slot
# The goods a marker is taken back from when all of a player's markers are in play (seed: the player reuses one;
# ASSUMED: the cheapest first).
REUSE_ORDER = (G_OLIVE, G_GRAIN, G_FOOD, G_GRAPE, G_WINE, G_PIG, G_MEAT, G_TRADE)
# The farm good the Carpenter's extra card is paid with (glossary: any good but silver and VP, of a kind not paid
# for the extension; which one is the player's choice, ASSUMED the cheapest).
CARPENTER_ORDER = (G_OLIVE, G_GRAIN, G_GRAPE, G_FOOD, G_PIG, G_WINE, G_MEAT)
NOT_EXTENSION = (1 << SIDE_FIELD) | (1 << SIDE_BARROW) | (1 << SIDE_HELPER)


# ================================================================ small readers


@njit(cache=True)
def pb(p):
    return G_PLAYER + p * PLAYER_SIZE


@njit(cache=True)
def cb(c):
    return D_CARDS + c * CARD_STRIDE


@njit(cache=True)
def helper_amount(s, d, p, effect):
    """Sum of the amounts of p's helpers with `effect` (0: none in play)."""
    b = pb(p)
    total = 0
    for i in range(N_SLOTS):
        c = s[b + P_HELPER + i]
        if c >= 0 and d[cb(c) + C_EFFECT] == effect:
            total += max(1, d[cb(c) + C_AMOUNT])
    return total


@njit(cache=True)
def helper_slot(s, d, p, effect):
    """The notch of p's first helper with `effect`, -1 if none."""
    b = pb(p)
    for i in range(N_SLOTS):
        c = s[b + P_HELPER + i]
        if c >= 0 and d[cb(c) + C_EFFECT] == effect:
            return i
    return -1


@njit(cache=True)
def ready_helper(s, d, p, effect):
    """The notch of an unused helper with `effect` (once-a-round helpers need their marker free), -1 if none."""
    b = pb(p)
    for i in range(N_SLOTS):
        c = s[b + P_HELPER + i]
        if c >= 0 and d[cb(c) + C_EFFECT] == effect and s[b + P_HELPER_USED + i] == 0:
            return i
    return -1


@njit(cache=True)
def add_vp(s, p, source, n):
    s[pb(p) + P_VP] += n
    s[pb(p) + P_VP_SRC + source] += n


@njit(cache=True)
def hand_limit(s, d, k, p):
    return k[K_HAND_LIMIT] + s[pb(p) + P_EXT_N] + helper_amount(s, d, p, np.int64(H_HAND_LIMIT))


@njit(cache=True)
def pig_capacity(s, d, k, p):
    return k[K_PIG_SPACES] + s[pb(p) + P_EXT_PIG] + helper_amount(s, d, p, np.int64(H_PIG_SPACE))


@njit(cache=True)
def have(s, p, g):
    """Goods of kind g on p's farm (harvest goods on fields too)."""
    n = s[pb(p) + P_DEN + g]
    if g < N_HARVEST:
        n += s[pb(p) + P_FIELD_GOODS + g] + s[pb(p) + P_FIELD_EXTRA + g]
    return n


@njit(cache=True)
def craft_active(s, p, b):
    """A craft marker's lasting effect works from the round after it was taken (seed)."""
    r = s[pb(p) + P_CRAFT + b]
    return r > 0 and r < s[G_ROUND]


@njit(cache=True)
def n_barrows(s, p):
    n = 0
    for i in range(N_SLOTS):
        if s[pb(p) + P_BARROW + i] >= 0:
            n += 1
    return n


@njit(cache=True)
def hex_open(s, d, k, h):
    """Hex h can be entered: X hexes are closed below market.x_hexes_below players."""
    return d[D_HEX_X + h] == 0 or s[G_PLAYERS] >= k[K_X_HEXES]


# ================================================================ markers (25 a colour)


@njit(cache=True)
def take_marker(s, k, p):
    """Take one of p's markers from the supply. With none left (markers.cap=1), one in play is reused: the
    seed lets the player pick; ASSUMED the cheapest den good. False if no marker can be had (the gain is lost)."""
    b = pb(p)
    if s[b + P_STOCK] > 0 or k[K_MARKER_CAP] == 0:
        s[b + P_STOCK] -= 1
        return True
    for g in REUSE_ORDER:
        if s[b + P_DEN + g] > 0:
            s[b + P_DEN + g] -= 1
            return True
    return False


@njit(cache=True)
def free_marker(s, p, n):
    s[pb(p) + P_STOCK] += n


# ================================================================ goods


@njit(cache=True)
def sell_price(d, g):
    return d[D_SELL + g]


@njit(cache=True)
def gain(s, d, k, p, g):
    """p takes one good g into its den; a pig without a free space is sold at once (seed)."""
    b = pb(p)
    if g == G_PIG and s[b + P_DEN + G_PIG] >= pig_capacity(s, d, k, p):
        s[b + P_SILVER] += sell_price(d, np.int64(G_PIG))
        return
    if take_marker(s, k, p):
        s[b + P_DEN + g] += 1


@njit(cache=True)
def remove_good(s, p, g):
    """Take one good g off p's farm: a harvest good from a field first (an empty field grows again), else
    from the den. Its marker returns to the supply."""
    b = pb(p)
    if g < N_HARVEST and s[b + P_FIELD_GOODS + g] > 0:
        take_field_good(s, p, g)
    else:
        s[b + P_DEN + g] -= 1
    free_marker(s, p, np.int64(1))


@njit(cache=True)
def take_field_good(s, p, g):
    """One harvest good g off p's fields: a Harvest Hand's second good first, so a field is emptied (and grows
    again) only when it carries one good."""
    b = pb(p)
    if s[b + P_FIELD_EXTRA + g] > 0:
        s[b + P_FIELD_EXTRA + g] -= 1
    else:
        s[b + P_FIELD_GOODS + g] -= 1


@njit(cache=True)
def upgrade_cost(s, d, p, r):
    return max(0, d[D_UPG_COST + r] - helper_amount(s, d, p, np.int64(H_UPGRADE_DISCOUNT)))


@njit(cache=True)
def do_upgrade(s, d, k, p, r):
    remove_good(s, p, r)
    if take_marker(s, k, p):
        s[pb(p) + P_DEN + d[D_UPG_TO + r]] += 1
    s[pb(p) + P_UPGRADES] += 1


@njit(cache=True)
def any_resource(s, p):
    for r in range(N_RES):  # noqa: SIM110 (numba: a plain loop)
        if have(s, p, r) > 0:
            return True
    return False


# ================================================================ turn order and the end (read by the flow)


@njit(cache=True)
def order_seat(s, t):
    n = s[G_PLAYERS]
    return s[G_ORDER + t % n]


@njit(cache=True)
def is_terminal(s):
    return s[G_PHASE] == PH_GAME_OVER


@njit(cache=True)
def current_player(s):
    return s[G_CUR]
