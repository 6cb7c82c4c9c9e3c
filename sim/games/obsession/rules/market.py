"""Obsession's estate and tile market: tiles in an estate, the market's prices, refills, reserves and the bag,
buying a tile.

RULES.md "A regular round" (buying) and "Tiles with their own rules".
"""

import numpy as np
from numba import njit

from sim.games.obsession.layout import (
    AB_PANTRY,
    AB_STUDY,
    BX_EXPENDED,
    G_BAG,
    G_BAG_N,
    G_BOUGHT_NOW,
    G_BUYS_LEFT,
    G_MARKET,
    G_MARKET_N,
    G_RES_PR1,
    G_RES_PR1_N,
    G_RES_PR1_ON,
    G_RES_SERVICE,
    G_RES_SERVICE_N,
    G_RES_SERVICE_ON,
    G_SUPPLY,
    G_TILE_SIDE,
    MARKET,
    MAX_INST,
    MAX_RESERVE,
    P_ABILITY,
    P_BOUGHT,
    P_ESTATE,
    P_ESTATE_N,
    P_MONEY,
    P_MONUMENTS,
    STACK,
    SV_UNDERBUTLER,
    TT_MONUMENT,
    TT_SERVICE,
)
from sim.games.obsession.params import K_MARKET_COST, K_RESERVE_COST, K_RESERVE_MODIFIER
from sim.games.obsession.rules.common import kb, pb, sv, tile_ability, tile_cat, tile_type, tile_vp
from sim.games.obsession.rules.decks import draw_top, reshuffle
from sim.games.obsession.tables import D_INST_KIND, K_INITIAL, K_MODIFIER, K_PR, K_TSN, K_TYPE

# ================================================================ the estate


@njit(cache=True)
def add_tile(s, d, p, t):
    b = pb(p)
    n = s[b + P_ESTATE_N]
    s[b + P_ESTATE + n] = t
    s[b + P_ESTATE_N] = n + 1
    s[G_TILE_SIDE + t] = 0
    update_estate(s, d, p)


@njit(cache=True)
def update_estate(s, d, p):
    """Recompute p's ability bits and monument count from the estate."""
    b = pb(p)
    bits = 0
    monuments = 0
    for i in range(s[b + P_ESTATE_N]):
        t = s[b + P_ESTATE + i]
        bits |= 1 << tile_ability(d, t)
        if tile_type(s, d, t) == TT_MONUMENT:
            monuments += 1
    s[b + P_ABILITY] = bits
    s[b + P_MONUMENTS] = monuments


@njit(cache=True)
def owns_kind(s, d, p, kind):
    b = pb(p)
    for i in range(s[b + P_ESTATE_N]):  # noqa: SIM110 (a plain loop compiles; a generator would not)
        if d[D_INST_KIND + s[b + P_ESTATE + i]] == kind:
            return True
    return False


@njit(cache=True)
def study_flipped(s, d, p):
    b = pb(p)
    for i in range(s[b + P_ESTATE_N]):
        t = s[b + P_ESTATE + i]
        if tile_ability(d, t) == AB_STUDY and s[G_TILE_SIDE + t]:
            return True
    return False


@njit(cache=True)
def category_vp(s, d, p, cat):
    """VP showing on p's tiles in category `cat` (what a courtship compares)."""
    b = pb(p)
    total = 0
    for i in range(s[b + P_ESTATE_N]):
        t = s[b + P_ESTATE + i]
        if tile_cat(s, d, t) == cat:
            total += tile_vp(s, d, t)
    return total


@njit(cache=True)
def category_count(s, d, p, cat):
    b = pb(p)
    total = 0
    for i in range(s[b + P_ESTATE_N]):
        if tile_cat(s, d, s[b + P_ESTATE + i]) == cat:
            total += 1
    return total


# ================================================================ the builders' market


@njit(cache=True)
def tile_price(s, d, k, t, space):
    """Pounds for tile instance t on market space `space` (0..5): the space's cost plus the tile's modifier;
    in a reserve (space -1) the reserve price, with the modifier only under market.reserve_modifier=1."""
    modifier = d[kb(d[D_INST_KIND + t]) + K_MODIFIER]
    if space < 0:
        return max(k[K_RESERVE_COST] + (modifier if k[K_RESERVE_MODIFIER] else 0), 0)
    return max(k[K_MARKET_COST + space] + modifier, 0)


@njit(cache=True)
def to_reserve(s, d, t):
    """Send a drawn tile to its reserve when that reserve is in use; True when it went."""
    k = kb(d[D_INST_KIND + t])
    if s[G_RES_SERVICE_ON] and d[k + K_TYPE] == TT_SERVICE and s[G_RES_SERVICE_N] < MAX_RESERVE:
        s[G_RES_SERVICE + s[G_RES_SERVICE_N]] = t
        s[G_RES_SERVICE_N] += 1
        return True
    if s[G_RES_PR1_ON] and d[k + K_PR] == 1 and s[G_RES_PR1_N] < MAX_RESERVE:
        s[G_RES_PR1 + s[G_RES_PR1_N]] = t
        s[G_RES_PR1_N] += 1
        return True
    return False


@njit(cache=True)
def compact_market(s):
    """Slide the stacks left over empty spaces; returns the spaces filled."""
    filled = 0
    for i in range(MARKET):
        n = s[G_MARKET_N + i]
        if n == 0:
            continue
        if filled != i:
            for j in range(n):
                s[G_MARKET + filled * STACK + j] = s[G_MARKET + i * STACK + j]
            s[G_MARKET_N + filled] = n
            s[G_MARKET_N + i] = 0
        filled += 1
    return filled


@njit(cache=True)
def stack_on_twin(s, d, t, first, last):
    """Stack t on a market space in first..last-1 holding its kind; True when it did."""
    kind = d[D_INST_KIND + t]
    for i in range(first, last):
        n = s[G_MARKET_N + i]
        if n > 0 and n < STACK and d[D_INST_KIND + s[G_MARKET + i * STACK]] == kind:
            s[G_MARKET + i * STACK + n] = t
            s[G_MARKET_N + i] = n + 1
            return True
    return False


@njit(cache=True)
def refill(s, d, initial):
    """Slide the market left and fill the open spaces from the bag: tiles for an active reserve go there,
    a tile of a kind on display stacks on its twin, the new tiles are placed in tile-sorting-number order
    (lowest left). `initial`: the first population, which takes only qualifying tiles (the others go back
    to the bag). Spaces stay open only when the bag is empty."""
    filled = compact_market(s)
    first_new = filled
    set_aside = np.zeros(MAX_INST, np.int64)
    n_aside = 0
    while filled < MARKET:
        t = draw_top(s, np.int64(G_BAG), np.int64(G_BAG_N))
        if t < 0:
            break
        if initial and d[kb(d[D_INST_KIND + t]) + K_INITIAL] == 0:
            set_aside[n_aside] = t
            n_aside += 1
            continue
        if to_reserve(s, d, t) or stack_on_twin(s, d, t, np.int64(0), filled):
            continue
        s[G_MARKET + filled * STACK] = t
        s[G_MARKET_N + filled] = 1
        filled += 1
    sort_new_spaces(s, d, first_new, filled)
    return_to_bag(s, set_aside, n_aside)


@njit(cache=True)
def sort_new_spaces(s, d, first, last):
    """Order the stacks on spaces first..last-1 by tile sorting number (insertion sort on whole stacks)."""
    for i in range(first + 1, last):
        j = i
        while j > first and tsn_at(s, d, j - 1) > tsn_at(s, d, j):
            swap_spaces(s, j - 1, j)
            j -= 1


@njit(cache=True)
def tsn_at(s, d, i):
    return d[kb(d[D_INST_KIND + s[G_MARKET + i * STACK]]) + K_TSN]


@njit(cache=True)
def swap_spaces(s, i, j):
    for x in range(STACK):
        a = s[G_MARKET + i * STACK + x]
        s[G_MARKET + i * STACK + x] = s[G_MARKET + j * STACK + x]
        s[G_MARKET + j * STACK + x] = a
    n = s[G_MARKET_N + i]
    s[G_MARKET_N + i] = s[G_MARKET_N + j]
    s[G_MARKET_N + j] = n


@njit(cache=True)
def return_to_bag(s, tiles, n):
    """Put tiles back into the bag and shake it (reshuffle with the key)."""
    if n == 0:
        return
    for i in range(n):
        s[G_BAG + s[G_BAG_N]] = tiles[i]
        s[G_BAG_N] += 1
    reshuffle(s, np.int64(G_BAG), s[G_BAG_N])


@njit(cache=True)
def refresh_market(s, d):
    """The open market's tiles are set aside, six new ones drawn (reserves respected), then the set-aside
    tiles go back into the bag. The reserves are never refreshed."""
    aside = np.zeros(MARKET * STACK, np.int64)
    n = 0
    for i in range(MARKET):
        for j in range(s[G_MARKET_N + i]):
            aside[n] = s[G_MARKET + i * STACK + j]
            n += 1
        s[G_MARKET_N + i] = 0
    refill(s, d, np.int64(0))
    return_to_bag(s, aside, n)


@njit(cache=True)
def activate_reserve(s, d, service):
    """After the first courtship the service tiles, after the second the prestige-rating-1 tiles, leave the
    open market for their reserve, now and whenever drawn later."""
    if service:
        s[G_RES_SERVICE_ON] = 1
    else:
        s[G_RES_PR1_ON] = 1
    for i in range(MARKET):
        n = s[G_MARKET_N + i]
        if n == 0:
            continue
        kept = 0
        for j in range(n):
            t = s[G_MARKET + i * STACK + j]
            if not to_reserve(s, d, t):
                s[G_MARKET + i * STACK + kept] = t
                kept += 1
        s[G_MARKET_N + i] = kept
    refill(s, d, np.int64(0))


@njit(cache=True)
def take_from_reserve(s, base, count_at, i):
    n = s[count_at]
    t = s[base + i]
    for j in range(i, n - 1):
        s[base + j] = s[base + j + 1]
    s[count_at] = n - 1
    return t


@njit(cache=True)
def can_buy(s, d, k, p, t, space):
    return (
        t >= 0
        and s[G_BUYS_LEFT] > 0
        and s[pb(p) + P_MONEY] >= tile_price(s, d, k, t, space)
        and not owns_kind(s, d, p, d[D_INST_KIND + t])
    )


@njit(cache=True)
def buy_tile(s, d, k, p, t, space):
    """Pay and place the tile in the estate (front up); the Butler's Pantry brings an underbutler."""
    b = pb(p)
    s[b + P_MONEY] -= tile_price(s, d, k, t, space)
    add_tile(s, d, p, t)
    s[b + P_BOUGHT] += 1
    s[G_BUYS_LEFT] -= 1
    s[G_BOUGHT_NOW] += 1
    if tile_ability(d, t) == AB_PANTRY and s[G_SUPPLY + SV_UNDERBUTLER] > 0:
        s[G_SUPPLY + SV_UNDERBUTLER] -= 1
        s[sv(p, np.int64(BX_EXPENDED), np.int64(SV_UNDERBUTLER))] += 1
