"""La Granja's farm: the deck and the hand, playing a card to a side of the farm (field, barrow, extension,
helper), extensions and their payment, clearing a notch.

RULES.md "Farm phase, step 1".
"""

import numpy as np
from numba import njit

from sim.games.lagranja.layout import (
    G_DECK,
    G_DECK_N,
    G_DISCARD,
    G_DISCARD_N,
    G_OPT_KIND,
    G_PAY_LEFT,
    G_PAY_TAKEN,
    G_PIG,
    G_REPLACE,
    G_REPLACE_SIDE,
    G_SHUFFLE_KEY,
    G_SHUFFLES,
    H_CARPENTER,
    H_EXT_DISCOUNT,
    H_POTTER,
    H_STORAGE_ROOF,
    MAX_HAND,
    N_PAY,
    N_SLOTS,
    OPT_CARPENTER,
    P_BARROW,
    P_BARROW_FILL,
    P_CARDS_OWNED,
    P_DEN,
    P_EXT_DELIVERY,
    P_EXT_INCOME,
    P_EXT_N,
    P_EXT_PIG,
    P_FIELDS,
    P_HAND,
    P_HAND_N,
    P_HELPER,
    P_HELPER_USED,
    P_PLAYED,
    P_ROOF,
    P_SILVER,
    P_VP,
    PAY_SILVER,
    PAY_VP,
    SIDE_BARROW,
    SIDE_EXT,
    SIDE_FIELD,
    SIDE_HELPER,
    WORD_BITS,
)
from sim.games.lagranja.rules.common import (
    CARPENTER_ORDER,
    STORAGE_SLOT,
    cb,
    free_marker,
    have,
    helper_amount,
    helper_slot,
    pb,
    pig_capacity,
    sell_price,
)
from sim.games.lagranja.tables import C_EFFECT, C_EXT, C_FIELD
from sim.rng import seed_streams, shuffle

# ================================================================ cards


@njit(cache=True)
def reshuffle(s):
    """The discard pile becomes the draw deck, shuffled with the key dealt at setup."""
    n = s[G_DISCARD_N]
    for i in range(n):
        s[G_DECK + i] = s[G_DISCARD + i]
    s[G_DECK_N] = n
    s[G_DISCARD_N] = 0
    local = np.zeros(1, np.uint64)
    seed_streams(np.int64(s[G_SHUFFLE_KEY]), np.int64(s[G_SHUFFLES]), local)
    s[G_SHUFFLES] += 1
    shuffle(s, np.int64(G_DECK), G_DECK + n, local, np.int64(0))


@njit(cache=True)
def draw_card(s):
    """The top card of the deck (an empty deck takes the reshuffled discards first), -1 if none is left."""
    if s[G_DECK_N] == 0:
        reshuffle(s)
    if s[G_DECK_N] == 0:
        return -1
    s[G_DECK_N] -= 1
    return s[G_DECK + s[G_DECK_N]]


@njit(cache=True)
def can_draw(s):
    return s[G_DECK_N] + s[G_DISCARD_N] > 0


@njit(cache=True)
def draw_to_hand(s, p):
    b = pb(p)
    if s[b + P_HAND_N] >= MAX_HAND:
        return
    c = draw_card(s)
    if c >= 0:
        s[b + P_HAND + s[b + P_HAND_N]] = c
        s[b + P_HAND_N] += 1


@njit(cache=True)
def discard_card(s, c):
    s[G_DISCARD + s[G_DISCARD_N]] = c
    s[G_DISCARD_N] += 1


@njit(cache=True)
def take_from_hand(s, p, h):
    b = pb(p)
    c = s[b + P_HAND + h]
    n = s[b + P_HAND_N] - 1
    s[b + P_HAND + h] = s[b + P_HAND + n]
    s[b + P_HAND + n] = -1
    s[b + P_HAND_N] = n
    return c


@njit(cache=True)
def extension_cost(s, d, p):
    return max(0, s[pb(p) + P_EXT_N] + 1 - helper_amount(s, d, p, np.int64(H_EXT_DISCOUNT)))


@njit(cache=True)
def pay_units(s, p, g):
    """Farm good g (PAY_GOODS) p could pay with now."""
    if g == PAY_SILVER:
        return s[pb(p) + P_SILVER]
    if g == PAY_VP:
        return s[pb(p) + P_VP]
    return have(s, p, g)


@njit(cache=True)
def can_pay_extension(s, d, p):
    """The n-th extension costs n farm goods, all of different kinds (seed); the Potter lifts the kinds rule."""
    need = extension_cost(s, d, p)
    potter = helper_slot(s, d, p, np.int64(H_POTTER)) >= 0
    n = 0
    for g in range(N_PAY):
        u = pay_units(s, p, g)
        n += u if potter else min(u, 1)
    return n >= need


@njit(cache=True)
def storage_locked(s, d, p, slot):
    """The Storage Builder with a roof on it can no longer be lost (glossary)."""
    c = s[pb(p) + P_HELPER + slot]
    return c >= 0 and d[cb(c) + C_EFFECT] == H_STORAGE_ROOF and s[pb(p) + P_ROOF + STORAGE_SLOT] >= 0


@njit(cache=True)
def can_play_side(s, d, p, side):
    if side == SIDE_EXT:
        return can_pay_extension(s, d, p)
    if side == SIDE_HELPER:
        for i in range(N_SLOTS):  # noqa: SIM110 (numba: a plain loop)
            if s[pb(p) + P_HELPER + i] < 0 or not storage_locked(s, d, p, i):
                return True
        return False
    return True


@njit(cache=True)
def set_owned(s, p, c):
    s[pb(p) + P_CARDS_OWNED + c // WORD_BITS] |= 1 << (c % WORD_BITS)


@njit(cache=True)
def place_in_notch(s, p, side, slot, c):
    b = pb(p)
    if side == SIDE_BARROW:
        s[b + P_BARROW + slot] = c
        s[b + P_BARROW_FILL + slot] = 0
    else:
        s[b + P_HELPER + slot] = c
        s[b + P_HELPER_USED + slot] = 0


@njit(cache=True)
def clear_notch(s, p, side, slot):
    """The card in a notch goes to the discard pile; its markers return to the supply."""
    b = pb(p)
    if side == SIDE_BARROW:
        c = s[b + P_BARROW + slot]
        fill = s[b + P_BARROW_FILL + slot]
        n = 0
        while fill:
            n += fill & 1
            fill >>= 1
        free_marker(s, p, n)
        s[b + P_BARROW + slot] = -1
        s[b + P_BARROW_FILL + slot] = 0
    else:
        c = s[b + P_HELPER + slot]
        free_marker(s, p, s[b + P_HELPER_USED + slot])
        s[b + P_HELPER + slot] = -1
        s[b + P_HELPER_USED + slot] = 0
    if c >= 0:
        discard_card(s, c)


@njit(cache=True)
def sell_excess_pigs(s, d, k, p):
    """A lost pig space (a Groom, Swineherd or Herder discarded) leaves pigs without room: they are sold
    (ASSUMED; the sources are silent)."""
    b = pb(p)
    while s[b + P_DEN + G_PIG] > pig_capacity(s, d, k, p):
        s[b + P_DEN + G_PIG] -= 1
        free_marker(s, p, np.int64(1))
        s[b + P_SILVER] += sell_price(d, np.int64(G_PIG))


@njit(cache=True)
def play_card(s, d, k, p, c, side):
    """Tuck card c under side `side` of p's farm (field, barrow, extension, helper)."""
    b = pb(p)
    s[b + P_PLAYED + side] += 1
    set_owned(s, p, c)
    if side == SIDE_FIELD:
        s[b + P_FIELDS + d[cb(c) + C_FIELD]] += 1  # a field enters the game empty
        return
    if side == SIDE_EXT:
        s[G_PAY_LEFT] = extension_cost(s, d, p)
        s[G_PAY_TAKEN] = 0
        s[b + P_EXT_N] += 1
        kind = d[cb(c) + C_EXT]  # 0 delivery+income, 1 delivery+pig, 2 income+pig
        if kind != 2:
            s[b + P_EXT_DELIVERY] += 1
        if kind != 1:
            s[b + P_EXT_INCOME] += 1
        if kind != 0:
            s[b + P_EXT_PIG] += 1
        if s[G_PAY_LEFT] == 0:
            offer_carpenter(s, d, p)
        return
    base = P_BARROW if side == SIDE_BARROW else P_HELPER
    for i in range(N_SLOTS):
        if s[b + base + i] < 0:
            place_in_notch(s, p, side, i, c)
            return
    s[G_REPLACE] = c  # three notches full: one is cleared first (seed)
    s[G_REPLACE_SIDE] = side


@njit(cache=True)
def carpenter_good(s, p):
    """The farm good that pays for the Carpenter's card (CARPENTER_ORDER), -1 if p has none."""
    for g in CARPENTER_ORDER:
        if not (s[G_PAY_TAKEN] >> g) & 1 and have(s, p, g) > 0:
            return g
    return -1


@njit(cache=True)
def offer_carpenter(s, d, p):
    """An extension is paid for: with the Carpenter p may pay one more, different farm good to play another card
    as a field, barrow or helper (glossary F032; every extension, not once a round, as the glossary says nothing)."""
    if helper_slot(s, d, p, np.int64(H_CARPENTER)) >= 0 and s[pb(p) + P_HAND_N] > 0 and carpenter_good(s, p) >= 0:
        s[G_OPT_KIND] = OPT_CARPENTER


@njit(cache=True)
def play_from_hand(s, d, k, p, h, side):
    c = take_from_hand(s, p, h)
    play_card(s, d, k, p, c, side)
