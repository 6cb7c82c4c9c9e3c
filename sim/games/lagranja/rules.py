"""La Granja's rules: setup, the legal mask and the step, as numba kernels over the flat state (layout.py).

A round is a flow of steps (FLOWS): farm step 1 (play cards, refill), farm steps 2-3 (income, growth, pigs),
farm step 4 (roofs), the revenue dice (two picks each, then the leftover die for everyone), the donkey
markers and the siesta track (new turn order), deliveries, paid deliveries, scoring. Inside a step the
decisions are PHASES. An effect that needs a choice (goods of choice, free upgrades, an option, a card to
play, deliveries, a market hex, an extension's payment, a notch to clear) leaves a count in the state and
`resume` asks for it before the flow goes on, so effects nest: a delivery that completes a barrow asks for
the market hex, then the remaining deliveries.

All chance is dealt at setup (deck, roof markers, building-order markers, every round's revenue dice, the
solo turn-order marker); a discard pile reshuffled during play uses a key dealt at setup, so step() needs
no generator. Sources and every reading are in RULES.md.
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
    N_ACTIONS,
    N_TRADE,
)
from sim.games.lagranja.layout import (
    B_BUTCHER,
    B_DELI,
    B_GROCER,
    B_MERCHANT,
    B_STORE,
    B_WAINWRIGHT,
    FL_DELIVER,
    FL_DICE,
    FL_DONKEY,
    FL_EXTRA,
    FL_INCOME,
    FL_LEFTOVER,
    FL_OVER,
    FL_PLAY,
    FL_ROOF,
    FL_SCORING,
    G_ACTED,
    G_BLOCKED,
    G_COMPLETED,
    G_CUR,
    G_DECK,
    G_DECK_N,
    G_DELIV_LEFT,
    G_DELIV_RES,
    G_DICE,
    G_DISCARD,
    G_DISCARD_N,
    G_END_TRIGGER,
    G_EXTRA_FREE,
    G_FIRST_VP,
    G_FLOW,
    G_FOOD,
    G_GAIN_DISTINCT,
    G_GAIN_MASK,
    G_GAIN_N,
    G_GAIN_TAKEN,
    G_GRAIN,
    G_GRAPE,
    G_LEFTOVER,
    G_MARKET,
    G_MEAT,
    G_MKT_VALUE,
    G_MW,
    G_NEXT_ORDER,
    G_OLIVE,
    G_OPT_KIND,
    G_ORDER,
    G_PAID_LEFT,
    G_PAY_LEFT,
    G_PAY_TAKEN,
    G_PEON,
    G_PHASE,
    G_PICKS,
    G_PIG,
    G_PLAYER,
    G_PLAYERS,
    G_PLAYS_LEFT,
    G_REPLACE,
    G_REPLACE_SIDE,
    G_ROBOT_PLACED,
    G_ROLLS,
    G_ROOF_DECK,
    G_ROOF_OPEN,
    G_ROUND,
    G_SHUFFLE_KEY,
    G_SHUFFLES,
    G_SOLO_FIRST,
    G_SOLO_STEP,
    G_TRADE,
    G_TURN,
    G_UPG_LEFT,
    G_WINE,
    G_XPLAY,
    G_XPLAY_SIDES,
    H_BARROW_RETURN,
    H_BEEKEEPER,
    H_BUILDING_RETURN,
    H_CARPENTER,
    H_DEER_BREEDER,
    H_EXT_DISCOUNT,
    H_EXTRA_DELIVERY,
    H_EXTRA_PLAY,
    H_FIELD_TO_DEN,
    H_FOREMAN,
    H_FREE_EXTRA,
    H_FREE_UPGRADE,
    H_GAIN_HARVEST,
    H_GARDENER,
    H_GRAIN_PIG,
    H_GRAPE_DELIVERY,
    H_HAND_LIMIT,
    H_HARVEST_HAND,
    H_HARVEST_SILVER,
    H_INCOME_HARVEST,
    H_INCOME_SILVER,
    H_JOINER,
    H_KEEP_BARROW,
    H_LDT,
    H_MARKET_WOMAN,
    H_MARKETER,
    H_MERCHANT,
    H_MIGRANT,
    H_OLIVE_PLAY,
    H_OPP_REMOVAL_VP,
    H_PEDDLER,
    H_PEON,
    H_PIG_ANYWAY,
    H_PIG_BREEDER,
    H_PIG_SPACE,
    H_PLAY_FOR_VP,
    H_PORTER,
    H_POTTER,
    H_REVENUE4,
    H_ROOF_DISCOUNT,
    H_ROOFER,
    H_SEEDS_TRADER,
    H_SELL_FIELD,
    H_SIESTA_BONUS,
    H_STALL_BUILDER,
    H_STORAGE_ROOF,
    H_TENANT,
    H_UPGRADE_DISCOUNT,
    H_VILLAGE_ELDER,
    H_VP_OWN_REMOVED,
    H_WAGONER,
    H_WAINWRIGHT_CARD,
    MAX_CARDS,
    MAX_HAND,
    MAX_PLAYERS,
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
    OPT_NONE,
    OPT_PEON,
    OPT_SIESTA,
    P_BARROW,
    P_BARROW_FILL,
    P_BARROWS_DONE,
    P_BOUGHT,
    P_BRED,
    P_BUILD_FILL,
    P_BUILDINGS_DONE,
    P_CARDS_OWNED,
    P_CRAFT,
    P_DELIVERIES,
    P_DEN,
    P_DICE,
    P_DONKEY,
    P_DONKEY_USED,
    P_ELDER,
    P_EXT_DELIVERY,
    P_EXT_INCOME,
    P_EXT_N,
    P_EXT_PIG,
    P_FIELD_EXTRA,
    P_FIELD_GOODS,
    P_FIELDS,
    P_HAND,
    P_HAND_N,
    P_HELPER,
    P_HELPER_USED,
    P_LDT,
    P_PLAYED,
    P_REMOVED,
    P_ROOF,
    P_ROOF_N,
    P_ROOF_USED,
    P_SIESTA,
    P_SILVER,
    P_SILVER_END,
    P_SOLD,
    P_STACK,
    P_STOCK,
    P_TRADES,
    P_UPGRADES,
    P_VP,
    P_VP_SRC,
    PAY_SILVER,
    PAY_VP,
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
    PLAYER_SIZE,
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
    ROBOT,
    ROOF_SLOTS,
    ROOFS_PER_ROUND,
    SIDE_BARROW,
    SIDE_EXT,
    SIDE_FIELD,
    SIDE_HELPER,
    STATE_SIZE,
    V_BARROWS,
    V_BUILDINGS,
    V_HELPERS,
    V_MARKET,
    V_OTHER,
    V_REMOVALS,
    V_ROOFS,
    V_SIESTA,
    V_SILVER,
    V_SPENT,
    V_START,
    WORD_BITS,
)
from sim.games.lagranja.params import (
    K_DICE_EXTRA,
    K_DICE_PER_PLAYER,
    K_EXTRA_DELIVERIES,
    K_EXTRA_UPFRONT,
    K_FIRST_PLAYS,
    K_GIVE_CARD,
    K_GIVE_CARD_SEAT,
    K_HAND_LIMIT,
    K_MARKER_CAP,
    K_MARKERS,
    K_MERCHANT_SILVER,
    K_ORDER_READING,
    K_PIG_SPACES,
    K_REMOVE_CARD,
    K_REV4_SILVER,
    K_REV6_SILVER,
    K_ROBOT_TIMING,
    K_ROUNDS,
    K_SILVER_PER_VP,
    K_SOLO_DICE,
    K_SOLO_ROOFS,
    K_SOLO_SIESTA,
    K_START_CARDS,
    K_START_SILVER,
    K_START_SILVER_SEAT,
    K_START_TRADE,
    K_START_VP,
    K_STORE_VP,
    K_TIEBREAK,
    K_TRADE_SILVER,
    K_X_HEXES,
)
from sim.games.lagranja.tables import (
    C_AMOUNT,
    C_BARROW_N,
    C_BARROW_VP,
    C_EFFECT,
    C_EXT,
    C_FIELD,
    C_GOODS,
    C_ONCE,
    CARD_STRIDE,
    D_BUILD_GOODS,
    D_BUILD_N,
    D_BUY,
    D_CARDS,
    D_HEX_NB,
    D_HEX_START,
    D_HEX_VALUE,
    D_HEX_X,
    D_N_CARDS,
    D_N_HEX,
    D_N_ROOFS,
    D_ROOF_VP,
    D_ROOFS,
    D_SELL,
    D_SIESTA_TOP,
    D_SIESTA_VP,
    D_UPG_COST,
    D_UPG_TO,
)
from sim.kernel_tools import rank_by_score_then_seat
from sim.rng import SETUP_STREAM, below, seed_streams, shuffle

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


# ================================================================ setup


@njit(cache=True)
def init_state(s, d, k, n_players, rng):
    s[:] = 0
    n = n_players
    s[G_PLAYERS] = n
    s[G_ROUND] = 1
    for h in range(G_MARKET, G_MARKET + 48):
        s[h] = -1
    s[G_REPLACE] = -1
    for p in range(MAX_PLAYERS):
        b = pb(p)
        for i in range(N_SLOTS):
            s[b + P_BARROW + i] = -1
            s[b + P_HELPER + i] = -1
        for i in range(ROOF_SLOTS):
            s[b + P_ROOF + i] = -1
        for i in range(MAX_HAND):
            s[b + P_HAND + i] = -1
        s[b + P_DONKEY] = -1
    # the deck, an experiment's card taken out or set aside for a seat
    removed = k[K_REMOVE_CARD] - 1
    given = k[K_GIVE_CARD] - 1
    if k[K_GIVE_CARD_SEAT] >= n_players:
        given = -1  # no such seat in this game: the card stays in the deck
    nd = 0
    for c in range(d[D_N_CARDS]):
        if c != removed and c != given:
            s[G_DECK + nd] = c
            nd += 1
    s[G_DECK_N] = nd
    shuffle(s, np.int64(G_DECK), G_DECK + nd, rng, np.int64(SETUP_STREAM))
    for p in range(n):
        b = pb(p)
        if given >= 0 and k[K_GIVE_CARD_SEAT] == p and given != removed:
            s[b + P_HAND] = given
            s[b + P_HAND_N] = 1
        while s[b + P_HAND_N] < k[K_START_CARDS]:
            draw_to_hand(s, np.int64(p))
    # the roof markers: 4 a round (one a player below 4 players, solo.roofs in the solo game)
    roofs = np.zeros(32, np.int64)
    for i in range(d[D_N_ROOFS]):
        roofs[i] = d[D_ROOFS + i]
    shuffle(roofs, np.int64(0), d[D_N_ROOFS], rng, np.int64(SETUP_STREAM))
    per_round = n if n > 1 else k[K_SOLO_ROOFS]
    for r in range(6):
        for i in range(ROOFS_PER_ROUND):
            s[G_ROOF_DECK + r * ROOFS_PER_ROUND + i] = roofs[r * ROOFS_PER_ROUND + i] if i < per_round else -1
    open_roofs(s)
    # building-order markers 1..3 on three different buildings (a die, rerolled on a taken one)
    for m in range(1, 4):
        while True:
            x = below(rng, np.int64(SETUP_STREAM), np.int64(N_BUILD))
            if s[G_BLOCKED + x] == 0:
                s[G_BLOCKED + x] = m
                break
    s[G_NEXT_ORDER] = 1
    for x in range(N_BUILD):
        s[G_FIRST_VP + x] = 1
    # every round's revenue dice
    for i in range(6 * 9):
        s[G_ROLLS + i] = 1 + below(rng, np.int64(SETUP_STREAM), np.int64(6))
    s[G_SHUFFLE_KEY] = below(rng, np.int64(SETUP_STREAM), np.int64(2147483647))
    # turn order: seat 0 starts (the engine rotates the lineup over the seats)
    for i in range(n):
        s[G_ORDER + i] = i
    if n == 1:
        s[G_SOLO_FIRST] = below(rng, np.int64(SETUP_STREAM), np.int64(2))
    for p in range(n):
        b = pb(p)
        s[b + P_STOCK] = k[K_MARKERS]
        s[b + P_SILVER] = k[K_START_SILVER] + k[K_START_SILVER_SEAT + p]
        add_vp(s, p, np.int64(V_START), k[K_START_VP])
        for _ in range(k[K_START_TRADE]):
            gain(s, d, k, p, np.int64(G_TRADE))
        s[b + P_STACK] = n - 1 - p
    # start markers on the central hexes: turn-order position k on the hex of start k (solo: marker 2 or 3)
    for h in range(d[D_N_HEX]):
        pos = d[D_HEX_START + h]
        if n == 1:
            mine = 1 if s[G_SOLO_FIRST] else 2
            if pos == mine:
                take_marker(s, k, np.int64(0))
                s[G_MARKET + h] = 0
            elif pos == 3 - mine:
                s[G_MARKET + h] = ROBOT
        elif 1 <= pos <= n:
            q = s[G_ORDER + pos - 1]
            take_marker(s, k, q)
            s[G_MARKET + h] = q
    s[G_FLOW] = FL_PLAY
    resume(s, d, k)


@njit(cache=True)
def open_roofs(s):
    r = s[G_ROUND]
    for i in range(ROOFS_PER_ROUND):
        s[G_ROOF_OPEN + i] = s[G_ROOF_DECK + (r - 1) * ROOFS_PER_ROUND + i]


# ================================================================ the flow


@njit(cache=True)
def order_seat(s, t):
    n = s[G_PLAYERS]
    return s[G_ORDER + t % n]


@njit(cache=True)
def next_turn(s, n_turns, next_flow):
    s[G_TURN] += 1
    s[G_ACTED] = 0
    s[G_PEON] = 0
    if s[G_TURN] >= n_turns:
        s[G_TURN] = 0
        s[G_FLOW] = next_flow


@njit(cache=True)
def gain_possible(s, p):
    for g in range(N_RES):  # noqa: SIM110 (numba: a plain loop)
        if (s[G_GAIN_MASK] >> g) & 1 and not (s[G_GAIN_DISTINCT] and (s[G_GAIN_TAKEN] >> g) & 1):
            return True
    return False


@njit(cache=True)
def resume(s, d, k):
    """Set the next decision: first what an effect still owes the current player, then the round's flow."""
    while True:
        p = s[G_CUR]
        b = pb(p)
        if s[G_MKT_VALUE] > 0:
            if any_hex(s, d, k, p, s[G_MKT_VALUE]) or any_stall_hex(s, d, k, p):
                s[G_PHASE] = PH_MARKET
                return
            s[G_MKT_VALUE] = 0
            continue
        if s[G_REPLACE] >= 0:
            s[G_PHASE] = PH_REPLACE
            return
        if s[G_PAY_LEFT] > 0:
            s[G_PHASE] = PH_PAY
            return
        if s[G_GAIN_N] > 0:
            if gain_possible(s, p):
                s[G_PHASE] = PH_GAIN
                return
            s[G_GAIN_N] = 0
        if s[G_UPG_LEFT] > 0:
            if any_resource(s, p):
                s[G_PHASE] = PH_UPGRADE
                return
            s[G_UPG_LEFT] = 0
        if s[G_OPT_KIND] != OPT_NONE:
            if s[G_OPT_KIND] == OPT_CARD and s[b + P_HAND_N] == 0 and not can_draw(s):
                s[G_OPT_KIND] = OPT_NONE
            else:
                s[G_PHASE] = PH_OPTION
                return
        if s[G_XPLAY] > 0:
            if s[b + P_HAND_N] > 0:
                s[G_PHASE] = PH_XPLAY
                return
            s[G_XPLAY] = 0
            s[G_XPLAY_SIDES] = 0
        if s[G_DELIV_LEFT] > 0:
            s[G_PHASE] = PH_EXTRA if s[G_FLOW] == FL_EXTRA else PH_DELIVER
            return
        s[G_DELIV_RES] = 0
        if s[G_PEON] > 0:
            s[G_OPT_KIND] = OPT_PEON
            s[G_PHASE] = PH_OPTION
            return
        if flow(s, d, k):
            return


@njit(cache=True)
def flow(s, d, k):
    """One move of the round's flow; True when it set a decision for a player."""
    n = s[G_PLAYERS]
    fl = s[G_FLOW]
    if fl == FL_PLAY:
        p = order_seat(s, s[G_TURN])
        s[G_CUR] = p
        b = pb(p)
        if s[G_ACTED] == 0:
            s[G_PLAYS_LEFT] = (k[K_FIRST_PLAYS] if s[G_ROUND] == 1 else 1) + helper_amount(
                s, d, p, np.int64(H_EXTRA_PLAY)
            )
            s[G_ACTED] = 1
        if s[G_ACTED] == 1:
            if s[G_PLAYS_LEFT] > 0 and s[b + P_HAND_N] > 0:
                s[G_PHASE] = PH_PLAY
                return True
            while s[b + P_HAND_N] < hand_limit(s, d, k, p) and can_draw(s) and s[b + P_HAND_N] < MAX_HAND:
                draw_to_hand(s, p)
            s[G_ACTED] = 2
        if s[b + P_HAND_N] > hand_limit(s, d, k, p):
            s[G_PHASE] = PH_DISCARD
            return True
        next_turn(s, n, np.int64(FL_INCOME))
        return False
    if fl == FL_INCOME:
        p = order_seat(s, s[G_TURN])
        s[G_CUR] = p
        if s[G_ACTED] == 0:
            income(s, d, k, p)
            s[G_ACTED] = 1
            if craft_active(s, p, np.int64(B_GROCER)):
                ask_gain(s, np.int64(1), np.int64(RESOURCE_MASK), np.int64(0))
            return False
        if s[G_ACTED] == 1:
            s[G_ACTED] = 2
            h = helper_amount(s, d, p, np.int64(H_INCOME_HARVEST))
            if h > 0:
                ask_gain(s, h, np.int64(HARVEST_MASK), np.int64(0))
            return False
        next_turn(s, n, np.int64(FL_ROOF))
        return False
    if fl == FL_ROOF:
        t = s[G_TURN]
        p = order_seat(s, n - 1 - t if s[G_ROUND] == 1 else t)  # round 1: reverse turn order (seed)
        s[G_CUR] = p
        if s[G_ACTED] == 0 and roof_offered(s, d, k, p):
            s[G_PHASE] = PH_ROOF
            return True
        next_turn(s, n, np.int64(FL_DICE))
        if s[G_FLOW] == FL_DICE:
            roll_dice(s, d, k)
        return False
    if fl == FL_DICE:
        return dice_flow(s, d, k)
    if fl == FL_LEFTOVER:
        p = order_seat(s, s[G_TURN])
        s[G_CUR] = p
        if s[G_ACTED] == 0:
            s[G_ACTED] = 1
            f = s[G_LEFTOVER]
            if f > 0:
                b = pb(p)
                if s[b + P_DICE] == f or s[b + P_DICE + 1] == f:  # Foreman: the third die matches
                    s[b + P_SILVER] += helper_amount(s, d, p, np.int64(H_FOREMAN)) * (n - 1)
                resolve_face(s, d, k, p, f)
            return False
        next_turn(s, n, np.int64(FL_DONKEY))
        return False
    if fl == FL_DONKEY:
        p = order_seat(s, s[G_TURN])
        s[G_CUR] = p
        if s[G_TURN] == 0 and s[G_ACTED] == 0 and s[G_ROUND] == 4:
            for q in range(n):
                s[pb(q) + P_DONKEY_USED] = 0  # round 4: all four donkey markers again (seed)
        if n == 1 and s[G_SOLO_FIRST] == 0 and s[G_ROBOT_PLACED] == 0 and k[K_ROBOT_TIMING] == 0:
            robot_place(s, d, k)  # solo, the robot starts: it places before the player's transport phase (seed)
        if s[G_ACTED] == 0:
            s[G_PHASE] = PH_DONKEY
            return True
        next_turn(s, n, np.int64(FL_DELIVER))
        if s[G_FLOW] == FL_DELIVER:
            siesta_step(s, d)
        return False
    if fl == FL_DELIVER:
        if n == 1 and s[G_SOLO_FIRST] == 0 and s[G_ROBOT_PLACED] == 0:
            robot_place(s, d, k)  # solo.robot_timing=1: the robot places after the donkey choice, before deliveries
        p = order_seat(s, s[G_TURN])
        s[G_CUR] = p
        b = pb(p)
        if s[G_ACTED] == 0:
            s[G_ACTED] = 1
            m = s[b + P_DONKEY]
            s[G_DELIV_LEFT] = (m + 1) + helper_amount(s, d, p, np.int64(H_EXTRA_DELIVERY))
            if craft_active(s, p, np.int64(B_WAINWRIGHT)):
                s[G_DELIV_LEFT] += 1
            return False
        next_turn(s, n, np.int64(FL_EXTRA))
        return False
    if fl == FL_EXTRA:
        p = order_seat(s, s[G_TURN])
        s[G_CUR] = p
        b = pb(p)
        if s[G_ACTED] == 0:
            s[G_ACTED] = 1
            packer = helper_amount(s, d, p, np.int64(H_FREE_EXTRA))
            limit = k[K_EXTRA_DELIVERIES] + s[b + P_EXT_DELIVERY]
            s[G_EXTRA_FREE] = packer + min(limit, 2 * helper_amount(s, d, p, np.int64(H_WAGONER)))
            s[G_PAID_LEFT] = 0
            if k[K_EXTRA_UPFRONT]:
                s[G_ACTED] = 3  # first the number bought at once
                s[G_DELIV_LEFT] = 1
                s[G_PHASE] = PH_EXTRA
                return True
            s[G_DELIV_LEFT] = limit + packer
            return False
        s[G_EXTRA_FREE] = 0
        next_turn(s, n, np.int64(FL_SCORING))
        if s[G_FLOW] == FL_SCORING and n == 1 and s[G_SOLO_FIRST] == 1 and s[G_ROBOT_PLACED] == 0:
            robot_place(s, d, k)  # solo, the player starts: the robot places after the whole transport phase
        return False
    if fl == FL_SCORING:
        scoring(s, d, k)
        return False
    s[G_PHASE] = PH_GAME_OVER
    return True


@njit(cache=True)
def income(s, d, k, p):
    """Farm steps 2 and 3 for p: income, growth on every empty field, one piglet from two pigs with room, and
    the blue craft markers (seed)."""
    b = pb(p)
    s[b + P_SILVER] += s[b + P_EXT_INCOME] + helper_amount(s, d, p, np.int64(H_INCOME_SILVER))
    for g in range(N_HARVEST):
        while s[b + P_FIELD_GOODS + g] < s[b + P_FIELDS + g] and take_marker(s, k, p):
            s[b + P_FIELD_GOODS + g] += 1
    if helper_slot(s, d, p, np.int64(H_HARVEST_HAND)) >= 0:
        second_goods(s, k, p)
    pigs = s[b + P_DEN + G_PIG]
    room = pig_capacity(s, d, k, p) - pigs
    if helper_slot(s, d, p, np.int64(H_PIG_BREEDER)) >= 0 and pigs >= 3 and room >= 2:
        for _ in range(2):
            if take_marker(s, k, p):
                s[b + P_DEN + G_PIG] += 1
                s[b + P_BRED] += 1
    elif pigs >= 2 and room >= 1 and take_marker(s, k, p):
        s[b + P_DEN + G_PIG] += 1
        s[b + P_BRED] += 1
    if craft_active(s, p, np.int64(B_MERCHANT)):
        s[b + P_SILVER] += k[K_MERCHANT_SILVER]
    if craft_active(s, p, np.int64(B_DELI)):
        gain(s, d, k, p, np.int64(G_TRADE))


@njit(cache=True)
def second_goods(s, k, p):
    """Harvest Hand: a second harvest good on two fields of different crops (glossary F034); when it acts and the
    crops, ASSUMED: at growth, grapes then grain then olives, a field holding at most two."""
    b = pb(p)
    placed = 0
    for i in range(N_HARVEST):
        g = N_HARVEST - 1 - i
        if placed < 2 and s[b + P_FIELD_EXTRA + g] < s[b + P_FIELD_GOODS + g] and take_marker(s, k, p):
            s[b + P_FIELD_EXTRA + g] += 1
            placed += 1


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


@njit(cache=True)
def roll_dice(s, d, k):
    n = s[G_PLAYERS]
    count = k[K_SOLO_DICE] if n == 1 else n * k[K_DICE_PER_PLAYER] + k[K_DICE_EXTRA]
    count = min(count, 9)
    for f in range(7):
        s[G_DICE + f] = 0
    base = G_ROLLS + (s[G_ROUND] - 1) * 9
    for i in range(count):
        s[G_DICE + s[base + i]] += 1
    s[G_PICKS] = 0
    s[G_SOLO_STEP] = 0
    s[G_LEFTOVER] = 0
    for p in range(n):
        s[pb(p) + P_DICE] = 0
        s[pb(p) + P_DICE + 1] = 0
        s[pb(p) + P_ELDER] = 0
        slot = ready_helper(s, d, p, np.int64(H_VILLAGE_ELDER))
        if n > 1 and slot >= 0 and use_helper_marker(s, d, k, p, slot):
            s[pb(p) + P_ELDER] = elder_face(s)


@njit(cache=True)
def elder_face(s):
    """The revenue space the Village Elder reserves: the glossary and the card list say a space, before the roll;
    ASSUMED here after the roll (all dice are dealt at setup, a blind choice would be a coin flip), the space
    with the fewest dice, the higher on a tie."""
    best = 0
    for f in range(6, 0, -1):
        if s[G_DICE + f] > 0 and (best == 0 or s[G_DICE + f] < s[G_DICE + best]):
            best = f
    return best


@njit(cache=True)
def elder_blocks(s, d, p, f):
    """Another player's Village Elder keeps the last die of its space from p (glossary F005)."""
    if s[G_DICE + f] != 1:
        return False
    for q in range(s[G_PLAYERS]):
        if q != p and s[pb(q) + P_ELDER] == f and helper_slot(s, d, q, np.int64(H_VILLAGE_ELDER)) >= 0:
            return True
    return False


@njit(cache=True)
def dice_left(s):
    t = 0
    for f in range(1, 7):
        t += s[G_DICE + f]
    return t


@njit(cache=True)
def solo_discard(s):
    """Solo: rounds 1-3 the lowest die leaves, rounds 4-6 the highest (seed)."""
    if s[G_ROUND] <= 3:
        for f in range(1, 7):
            if s[G_DICE + f] > 0:
                s[G_DICE + f] -= 1
                return
    else:
        for f in range(6, 0, -1):
            if s[G_DICE + f] > 0:
                s[G_DICE + f] -= 1
                return


@njit(cache=True)
def dice_flow(s, d, k):
    n = s[G_PLAYERS]
    if n == 1:
        # solo: start player picks then a die leaves, twice; otherwise a die leaves before each pick (seed)
        s[G_CUR] = 0
        if s[G_ACTED] == 2:
            s[G_ACTED] = 0
            s[G_PEON] = 0
            if s[G_SOLO_FIRST]:
                solo_discard(s)
        if s[G_PICKS] < 2:
            if s[G_ACTED] == 0 and not s[G_SOLO_FIRST] and s[G_SOLO_STEP] == s[G_PICKS]:
                solo_discard(s)
                s[G_SOLO_STEP] += 1
            if dice_left(s) > 0:
                s[G_PHASE] = PH_DIE
                return True
    else:
        if s[G_ACTED] == 2:
            s[G_ACTED] = 0
            s[G_PEON] = 0
            s[G_TURN] += 1
        if s[G_TURN] < 2 * n and dice_left(s) > 0:
            s[G_CUR] = order_seat(s, s[G_TURN])
            s[G_PHASE] = PH_DIE
            return True
    for f in range(1, 7):
        if s[G_DICE + f] > 0:
            s[G_LEFTOVER] = f
            s[G_DICE + f] -= 1
            break
    s[G_TURN] = 0
    s[G_ACTED] = 0
    s[G_FLOW] = FL_LEFTOVER
    return False


@njit(cache=True)
def siesta_step(s, d):
    """Transport step 2: in turn order each disc moves by its donkey marker's hats (+1 with the Wainwright's
    marker); the new turn order: furthest disc first, on a shared space the upper disc first (seed)."""
    n = s[G_PLAYERS]
    for t in range(n):
        p = s[G_ORDER + t]
        b = pb(p)
        steps = 3 - s[b + P_DONKEY]
        if craft_active(s, p, np.int64(B_WAINWRIGHT)):
            steps += 1
        advance_siesta(s, d, p, steps)
    if n == 1:
        return
    seats = np.zeros(MAX_PLAYERS, np.int64)
    for i in range(n):
        seats[i] = i
    for i in range(n):
        for j in range(i + 1, n):
            a, c = pb(seats[i]), pb(seats[j])
            if s[c + P_SIESTA] > s[a + P_SIESTA] or (
                s[c + P_SIESTA] == s[a + P_SIESTA] and s[c + P_STACK] > s[a + P_STACK]
            ):
                x = seats[i]
                seats[i] = seats[j]
                seats[j] = x
    for i in range(n):
        s[G_ORDER + i] = seats[i]


@njit(cache=True)
def scoring(s, d, k):
    """The scoring phase: used helpers' markers back; 1 VP per own market marker, the siesta VP (+1 Monger); then,
    but after the last round, the discs back to 0 stacked by turn order and the next round's roofs (seed)."""
    n = s[G_PLAYERS]
    for p in range(n):
        b = pb(p)
        for i in range(N_SLOTS):
            free_marker(s, p, s[b + P_HELPER_USED + i])
            s[b + P_HELPER_USED + i] = 0
        mine = 0
        for h in range(d[D_N_HEX]):
            if s[G_MARKET + h] == p:
                mine += 1
        add_vp(s, p, np.int64(V_MARKET), mine)
        sv = siesta_vp(s, d, p)
        add_vp(s, p, np.int64(V_SIESTA), sv)
        if sv > 0:
            add_vp(s, p, np.int64(V_HELPERS), helper_amount(s, d, p, np.int64(H_SIESTA_BONUS)))
    if n == 1:
        s[G_SOLO_FIRST] = 1 if s[pb(np.int64(0)) + P_SIESTA] >= k[K_SOLO_SIESTA] else 0
    if s[G_ROUND] >= k[K_ROUNDS]:
        final_scoring(s, d, k)
        s[G_FLOW] = FL_OVER
        return
    for t in range(n):
        p = s[G_ORDER + t]
        s[pb(p) + P_SIESTA] = 0
        s[pb(p) + P_STACK] = n - 1 - t
        s[pb(p) + P_DONKEY] = -1
    s[G_ROUND] += 1
    s[G_ROBOT_PLACED] = 0
    open_roofs(s)
    s[G_FLOW] = FL_PLAY
    s[G_TURN] = 0
    s[G_ACTED] = 0


@njit(cache=True)
def final_scoring(s, d, k):
    """After round 6: resources in the dens sold at their price, trade commodities 4 silver each (nothing on
    fields, buildings or barrows), then 5 silver = 1 VP (seed)."""
    for p in range(s[G_PLAYERS]):
        b = pb(p)
        end_helpers(s, d, k, p)
        for r in range(N_RES):
            s[b + P_SILVER] += s[b + P_DEN + r] * sell_price(d, r)
            free_marker(s, p, s[b + P_DEN + r])
            s[b + P_DEN + r] = 0
        s[b + P_SILVER] += s[b + P_DEN + G_TRADE] * k[K_TRADE_SILVER]
        free_marker(s, p, s[b + P_DEN + G_TRADE])
        s[b + P_DEN + G_TRADE] = 0
        add_vp(s, p, np.int64(V_SILVER), s[b + P_SILVER] // k[K_SILVER_PER_VP])
        s[b + P_SILVER_END] = s[b + P_SILVER] % k[K_SILVER_PER_VP] if k[K_TIEBREAK] == 0 else s[b + P_SILVER]
    s[G_END_TRIGGER] = 1


@njit(cache=True)
def end_helpers(s, d, k, p):
    """Before the final sale (ASSUMED, no text found: both cards' glossary notes only say what they count):
    Deer Breeder 1 VP per empty pig space of an extension (glossary F036: helpers' spaces do not count; ASSUMED
    the pigs stand in the other spaces first); Beekeeper 1 VP per `amount` harvest goods on fields (F052)."""
    b = pb(p)
    deer = helper_amount(s, d, p, np.int64(H_DEER_BREEDER))
    if deer > 0:
        empty = pig_capacity(s, d, k, p) - s[b + P_DEN + G_PIG]
        add_vp(s, p, np.int64(V_HELPERS), deer * max(0, min(s[b + P_EXT_PIG], empty)))
    bee = helper_slot(s, d, p, np.int64(H_BEEKEEPER))
    if bee >= 0:
        goods = 0
        for g in range(N_HARVEST):
            goods += s[b + P_FIELD_GOODS + g] + s[b + P_FIELD_EXTRA + g]
        add_vp(s, p, np.int64(V_HELPERS), goods // max(1, d[cb(s[b + P_HELPER + bee]) + C_AMOUNT]))


@njit(cache=True)
def tiebreak_key(s, p):
    return np.int64(s[pb(p) + P_VP]) * 1000 + s[pb(p) + P_SILVER_END]


@njit(cache=True)
def final_scores(s, d, k, scores, ranks):
    """Final VP per seat and ranks by the tiebreak (most silver left; still tied: the seat nearer the start
    seat, the project's convention, recorded as tied_first). Returns the winner."""
    n = s[G_PLAYERS]
    keys = np.zeros(MAX_PLAYERS, np.int64)
    for p in range(n):
        scores[p] = s[pb(p) + P_VP]
        keys[p] = tiebreak_key(s, p)
    return rank_by_score_then_seat(keys, n, ranks)


@njit(cache=True)
def is_terminal(s):
    return s[G_PHASE] == PH_GAME_OVER


@njit(cache=True)
def current_player(s):
    return s[G_CUR]


# ================================================================ the legal mask


@njit(cache=True)
def main_phase(ph):
    return ph == PH_PLAY or ph == PH_ROOF or ph == PH_DIE or ph == PH_DELIVER or ph == PH_EXTRA


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


@njit(cache=True)
def marketer(s, d, p):
    """Marketer: revenue 2 used for a card or 5 for the siesta track (glossary); the reward ASSUMED 1 VP."""
    add_vp(s, p, np.int64(V_HELPERS), helper_amount(s, d, p, np.int64(H_MARKETER)))


def new_state():
    return np.zeros(STATE_SIZE, np.int32)


__all__ = ["init_state", "legal_mask", "step", "current_player", "is_terminal", "final_scores", "MAX_CARDS"]
