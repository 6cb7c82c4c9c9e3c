"""Yokohama's setup: the board, the seats, orders, technologies, achievements and the two-player dummy.

RULES.md "Setup" (seed 000 準備; seed 001 component list; rulebook Game Setup).
"""

import numpy as np
from numba import njit

from sim.games.yokohama.layout import (
    DUMMY,
    G_ACH,
    G_ACH_CLAIMED,
    G_ADJ,
    G_AGENT_SUPPLY,
    G_BOARDS,
    G_CHURCH,
    G_CUR,
    G_CUSTOMS,
    G_IMPORT_SUPPLY,
    G_KEEP_SEAT,
    G_LAB_SLOTS,
    G_LAST_ROUND,
    G_LEFT,
    G_N_POS,
    G_ORDER_DECK,
    G_ORDER_END,
    G_ORDER_TOP,
    G_PHASE,
    G_PLAYERS,
    G_PORT_SLOTS,
    G_STATION,
    G_SUPPLY,
    G_TECH_DECK,
    G_TECH_END,
    G_TECH_TOP,
    HAND_SLOTS,
    K_CANAL,
    K_DOCK,
    K_RESEARCH,
    MAX_CHURCH,
    MAX_CUSTOMS,
    MAX_POS,
    MAX_SHOP_SPACES,
    N_COUNTRIES,
    N_GOODS,
    N_KINDS,
    N_SLOTS,
    N_TECHS,
    NONE,
    P_ASSIST_HAND,
    P_ASSIST_WAREHOUSE,
    P_DEALT,
    P_GOODS,
    P_MONEY,
    P_ORDERS_HAND,
    P_PRESIDENT,
    P_SHOPS_HAND,
    P_SHOPS_WAREHOUSE,
    P_TH_WAREHOUSE,
    PH_KEEP_ORDER,
    Q_CHIP,
    Q_KIND,
    Q_LOCATION,
    Q_SHOP,
    Q_TH,
    T_STATION,
)
from sim.games.yokohama.params import (
    K_DUMMY_CUSTOMS,
    K_DUMMY_FAITH,
    K_GIVE_SEAT,
    K_GIVE_TECH,
    K_ORDERS_BOXED_2P,
    K_REMOVE_TECH,
    K_START_ASSIST_HAND,
    K_START_ASSIST_WAREHOUSE,
    K_START_GOODS,
    K_START_MONEY,
    K_START_SHOPS_HAND,
    K_START_SHOPS_WAREHOUSE,
    K_START_TH_WAREHOUSE,
    K_SUPPLY_COPPER,
    K_SUPPLY_IMPORTS,
)
from sim.games.yokohama.rules.areas import acquire_tech
from sim.games.yokohama.rules.common import N_PILES, draw_order, draw_tech, kind_at, pb, qb
from sim.games.yokohama.tables import (
    A_PILE,
    D_ACH,
    D_ACH_N,
    D_ADJ,
    D_AGENTS,
    D_AREA_COPIES,
    D_CHIP_N,
    D_CHURCH_FAITH,
    D_CHURCH_N,
    D_CUSTOMS_IMPORTS,
    D_CUSTOMS_N,
    D_LOC_N,
    D_N_POS,
    D_ORDER_N,
    D_TECH_COPIES,
    MIN_PLAYERS,
    N_ACH_FIELDS,
)
from sim.rng import SETUP_STREAM, below, shuffle

# ================================================================ setup


@njit(cache=True)
def init_state(s, d, k, n_players, rng):
    s[:] = 0
    c = n_players - MIN_PLAYERS
    n_pos = d[D_N_POS + c]
    s[G_PLAYERS] = n_players
    s[G_N_POS] = n_pos
    s[G_STATION] = NONE
    s[G_LAST_ROUND] = NONE
    s[G_LEFT] = NONE
    deal_board(s, d, c, n_pos, rng)
    for p in range(n_players):
        seat_player(s, k, p)
    for g in range(N_GOODS):
        s[G_SUPPLY + g] = k[K_SUPPLY_COPPER + g] - n_players * k[K_START_GOODS]
    s[G_IMPORT_SUPPLY] = k[K_SUPPLY_IMPORTS]
    for i in range(N_COUNTRIES):
        s[G_AGENT_SUPPLY + i] = d[D_AGENTS + i]
    deal_orders(s, d, k, n_players, rng)
    deal_techs(s, d, k, rng)
    deal_achievements(s, d, rng)
    for i in range(MAX_CHURCH):
        s[G_CHURCH + i] = NONE
    for i in range(MAX_CUSTOMS):
        s[G_CUSTOMS + i] = NONE
    if n_players == 2:
        seat_dummy(s, d, k)
    give_tech(s, d, k, rng)
    s[G_PHASE] = PH_KEEP_ORDER
    s[G_KEEP_SEAT] = 0
    s[G_CUR] = 0


@njit(cache=True)
def deal_board(s, d, c, n_pos, rng):
    """Area boards, location cards and five-power chips at random positions (no card or chip on the canal)."""
    kinds = np.empty(MAX_POS, np.int32)
    n = 0
    for kind in range(N_KINDS):
        for _ in range(d[D_AREA_COPIES + c * N_KINDS + kind]):
            kinds[n] = kind
            n += 1
    shuffle(kinds, 0, n, rng, SETUP_STREAM)
    locs = np.arange(d[D_LOC_N]).astype(np.int32)
    shuffle(locs, 0, locs.shape[0], rng, SETUP_STREAM)
    chips = np.arange(d[D_CHIP_N]).astype(np.int32)
    shuffle(chips, 0, chips.shape[0], rng, SETUP_STREAM)
    dealt = 0
    for q in range(MAX_POS):
        b = qb(q)
        s[b + Q_KIND] = kinds[q] if q < n_pos else NONE
        s[b + Q_LOCATION] = NONE
        s[b + Q_CHIP] = NONE
        for i in range(MAX_SHOP_SPACES):
            s[b + Q_SHOP + i] = NONE
        s[b + Q_TH] = NONE
        s[G_ADJ + q] = d[D_ADJ + c * MAX_POS + q] if q < n_pos else 0
        if q < n_pos and kinds[q] != K_CANAL:
            s[b + Q_LOCATION] = locs[dealt]
            s[b + Q_CHIP] = chips[dealt]
            dealt += 1
    boards = 0
    for q in range(n_pos):
        if kinds[q] == K_DOCK:
            boards |= 1
        if kinds[q] == K_RESEARCH:
            boards |= 2
    s[G_BOARDS] = boards


@njit(cache=True)
def seat_player(s, k, p):
    b = pb(p)
    s[b + P_MONEY] = k[K_START_MONEY + p]
    for g in range(N_GOODS):
        s[b + P_GOODS + g] = k[K_START_GOODS]
    s[b + P_ASSIST_HAND] = k[K_START_ASSIST_HAND]
    s[b + P_ASSIST_WAREHOUSE] = k[K_START_ASSIST_WAREHOUSE]
    s[b + P_SHOPS_HAND] = k[K_START_SHOPS_HAND]
    s[b + P_SHOPS_WAREHOUSE] = k[K_START_SHOPS_WAREHOUSE]
    s[b + P_TH_WAREHOUSE] = k[K_START_TH_WAREHOUSE]
    s[b + P_PRESIDENT] = NONE
    for i in range(HAND_SLOTS):
        s[b + P_ORDERS_HAND + i] = NONE


@njit(cache=True)
def deal_orders(s, d, k, n_players, rng):
    """Shuffle the orders, box some unseen, deal two to each seat (one is kept), fill the order boards."""
    n = d[D_ORDER_N]
    for i in range(n):
        s[G_ORDER_DECK + i] = i
    shuffle(s, G_ORDER_DECK, G_ORDER_DECK + n, rng, SETUP_STREAM)
    s[G_ORDER_TOP] = 0
    s[G_ORDER_END] = max(0, n - k[K_ORDERS_BOXED_2P + n_players - MIN_PLAYERS])
    for p in range(n_players):
        for i in range(2):
            s[pb(p) + P_DEALT + i] = draw_order(s)
    for board in range(2):
        for slot in range(N_SLOTS):
            in_play = board == 0 or (s[G_BOARDS] & 1)
            s[G_PORT_SLOTS + board * N_SLOTS + slot] = draw_order(s) if in_play else NONE


@njit(cache=True)
def deal_techs(s, d, k, rng):
    n = 0
    for t in range(N_TECHS):
        for _ in range(d[D_TECH_COPIES + t]):
            s[G_TECH_DECK + n] = t
            n += 1
    shuffle(s, G_TECH_DECK, G_TECH_DECK + n, rng, SETUP_STREAM)
    # Experiments take cards out after the shuffle, so every other card keeps its place in the deck order.
    n = take_from_deck(s, n, k[K_REMOVE_TECH] - 1, N_TECHS)
    n = take_from_deck(s, n, k[K_GIVE_TECH] - 1, 1)
    s[G_TECH_TOP] = 0
    s[G_TECH_END] = n
    for board in range(2):
        for slot in range(N_SLOTS):
            in_play = board == 0 or (s[G_BOARDS] & 2)
            s[G_LAB_SLOTS + board * N_SLOTS + slot] = draw_tech(s) if in_play else NONE


@njit(cache=True)
def take_from_deck(s, n, tech, copies):
    """Remove up to `copies` cards of `tech` (none when tech < 0) from the n-card tech deck, keeping the
    order of the rest; returns the new deck size."""
    if tech < 0:
        return n
    kept = 0
    for i in range(n):
        t = s[G_TECH_DECK + i]
        if t == tech and copies > 0:
            copies -= 1
            continue
        s[G_TECH_DECK + kept] = t
        kept += 1
    return kept


@njit(cache=True)
def give_tech(s, d, k, rng):
    """Experiment: seat experiment.give_tech_seat owns one copy of experiment.give_tech from the start, with
    what acquiring it gives (a given Station's token goes to a random area, drawn last in the setup)."""
    t = k[K_GIVE_TECH] - 1
    p = k[K_GIVE_SEAT]
    if t < 0 or p >= s[G_PLAYERS]:
        return
    acquire_tech(s, d, k, p, t)
    if t == T_STATION:
        q = below(rng, SETUP_STREAM, s[G_N_POS])
        while kind_at(s, q) == K_CANAL:
            q = below(rng, SETUP_STREAM, s[G_N_POS])
        s[G_STATION] = q


@njit(cache=True)
def deal_achievements(s, d, rng):
    """One random card of each pile A, B, C."""
    for pile in range(N_PILES):
        count = 0
        for i in range(d[D_ACH_N]):
            if d[D_ACH + i * N_ACH_FIELDS + A_PILE] == pile:
                count += 1
        pick = below(rng, SETUP_STREAM, count)
        for i in range(d[D_ACH_N]):
            if d[D_ACH + i * N_ACH_FIELDS + A_PILE] == pile:
                if pick == 0:
                    s[G_ACH + pile] = i
                pick -= 1
        s[G_ACH_CLAIMED + pile] = 0


@njit(cache=True)
def seat_dummy(s, d, k):
    """Two players: the dummy holds the church space of its faith and the first customs space of its imports."""
    for i in range(d[D_CHURCH_N]):
        if d[D_CHURCH_FAITH + i] == k[K_DUMMY_FAITH]:
            s[G_CHURCH + i] = DUMMY
            break
    for i in range(d[D_CUSTOMS_N]):
        if d[D_CUSTOMS_IMPORTS + i] == k[K_DUMMY_CUSTOMS]:
            s[G_CUSTOMS + i] = DUMMY
            break
