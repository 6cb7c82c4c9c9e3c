"""Random games with every invariant checked after every step, compiled (tests only).

The checks read the state through the layout names and the card data; they do not call the rules' helpers,
so a broken helper cannot hide its own bug. `check_random_games` returns counters (ERRORS and the number of
things checked) for the tests to assert on.
"""

import numpy as np
from numba import njit

from sim.games.lagranja.actions import N_ACTIONS
from sim.games.lagranja.layout import (
    FL_PLAY,
    G_DECK_N,
    G_DISCARD_N,
    G_END_TRIGGER,
    G_FLOW,
    G_MARKET,
    G_PLAYER,
    G_PLAYERS,
    G_REPLACE,
    G_ROUND,
    H_HAND_LIMIT,
    H_PIG_SPACE,
    MAX_PLAYERS,
    N_BUILD,
    N_GOODS,
    N_HARVEST,
    N_SLOTS,
    N_VP,
    P_BARROW,
    P_BARROW_FILL,
    P_BARROWS_DONE,
    P_BUILD_FILL,
    P_CRAFT,
    P_DEN,
    P_EXT_N,
    P_EXT_PIG,
    P_FIELD_EXTRA,
    P_FIELD_GOODS,
    P_FIELDS,
    P_HAND_N,
    P_HELPER,
    P_HELPER_USED,
    P_LDT,
    P_SILVER,
    P_STOCK,
    P_VP,
    P_VP_SRC,
    PLAYER_SIZE,
    STATE_SIZE,
    V_BARROWS,
)
from sim.games.lagranja.params import (
    K_HAND_LIMIT,
    K_MARKER_CAP,
    K_MARKERS,
    K_PIG_SPACES,
    K_REMOVE_CARD,
    K_ROUNDS,
)
from sim.games.lagranja.rules import current_player, init_state, is_terminal, legal_mask, step
from sim.games.lagranja.tables import C_AMOUNT, C_BARROW_VP, C_EFFECT, CARD_STRIDE, D_CARDS, D_N_CARDS, D_N_HEX
from sim.kernel_tools import random_legal
from sim.rng import N_STREAMS, seed_streams

ERRORS = (
    "did_not_end_after_last_round", "step_limit", "no_legal_action", "negative_stock", "markers_over_cap",
    "markers_unbalanced", "hand_over_limit_after_refill", "pigs_over_capacity", "field_goods_over_fields",
    "barrow_vp_not_paid_once", "score_not_sum_of_sources", "cards_not_conserved",
)  # fmt: skip
COUNTS = ("games", "barrows_completed", "buildings_completed", "market_markers_at_end", "refills_checked",
          "max_markers_in_play")  # fmt: skip
N_OUT = len(ERRORS) + len(COUNTS)
(E_END, E_STEPS, E_NO_LEGAL, E_NEG, E_CAP, E_BALANCE, E_HAND, E_PIGS, E_FIELDS, E_BARROW, E_SUM,
 E_CARDS) = range(len(ERRORS))  # fmt: skip
C0 = len(ERRORS)


@njit(cache=True)
def pbase(p):
    return G_PLAYER + p * PLAYER_SIZE


@njit(cache=True)
def bits(x):
    n = 0
    while x:
        n += x & 1
        x >>= 1
    return n


@njit(cache=True)
def helper_total(s, d, p, effect):
    t = 0
    for i in range(N_SLOTS):
        c = s[pbase(p) + P_HELPER + i]
        if c >= 0 and d[D_CARDS + c * CARD_STRIDE + C_EFFECT] == effect:
            t += max(1, d[D_CARDS + c * CARD_STRIDE + C_AMOUNT])
    return t


@njit(cache=True)
def markers_in_play(s, d, p):
    """Every place a player marker can stand: goods in dens and on fields, trade commodities, barrow and
    building symbols, grey building hexes, the market, used helpers, Long Distance Trader marks."""
    b = pbase(p)
    n = 0
    for g in range(N_GOODS):
        n += s[b + P_DEN + g]
    for g in range(N_HARVEST):
        n += s[b + P_FIELD_GOODS + g] + s[b + P_FIELD_EXTRA + g]
    for i in range(N_SLOTS):
        n += bits(s[b + P_BARROW_FILL + i]) + s[b + P_HELPER_USED + i]
    for x in range(N_BUILD):
        n += bits(s[b + P_BUILD_FILL + x]) + (s[b + P_CRAFT + x] > 0)
    for h in range(d[D_N_HEX]):
        n += s[G_MARKET + h] == p
    n += bits(s[b + P_LDT])
    return n


@njit(cache=True)
def check_state(s, d, k, out):
    n = s[G_PLAYERS]
    for p in range(n):
        b = pbase(p)
        bad = s[b + P_SILVER] < 0 or s[b + P_VP] < 0
        for g in range(N_GOODS):
            bad |= s[b + P_DEN + g] < 0
        for g in range(N_HARVEST):
            bad |= s[b + P_FIELD_GOODS + g] < 0
            bad |= s[b + P_FIELD_EXTRA + g] < 0
            # a field carries one good, two with the Harvest Hand: the second goods need a first one each
            if s[b + P_FIELD_GOODS + g] > s[b + P_FIELDS + g] or s[b + P_FIELD_EXTRA + g] > s[b + P_FIELD_GOODS + g]:
                out[E_FIELDS] += 1
        if bad:
            out[E_NEG] += 1
        m = markers_in_play(s, d, p)
        out[C0 + 5] = max(out[C0 + 5], m)
        if k[K_MARKER_CAP] == 1:
            if m > k[K_MARKERS] or s[b + P_STOCK] < 0:
                out[E_CAP] += 1
            if m + s[b + P_STOCK] != k[K_MARKERS]:
                out[E_BALANCE] += 1
        if s[b + P_DEN + 3] > k[K_PIG_SPACES] + s[b + P_EXT_PIG] + helper_total(s, d, p, np.int64(H_PIG_SPACE)):
            out[E_PIGS] += 1
        total = 0
        for v in range(N_VP):
            total += s[b + P_VP_SRC + v]
        if total != s[b + P_VP]:
            out[E_SUM] += 1
    cards = s[G_DECK_N] + s[G_DISCARD_N] + (1 if s[G_REPLACE] >= 0 else 0)  # a card waiting for a notch
    for p in range(n):
        b = pbase(p)
        cards += s[b + P_HAND_N]
        for i in range(N_SLOTS):
            if s[b + P_BARROW + i] >= 0:
                cards += 1
            if s[b + P_HELPER + i] >= 0:
                cards += 1
    # the cards still moving (deck, discard, hands, notches) plus those tucked for good as fields and extensions
    tucked = 0
    for p in range(n):
        b = pbase(p)
        for g in range(N_HARVEST):
            tucked += s[b + P_FIELDS + g]
        tucked += s[b + P_EXT_N]
    expect = d[D_N_CARDS] - (1 if k[K_REMOVE_CARD] > 0 else 0)
    if cards + tucked != expect:
        out[E_CARDS] += 1


@njit(cache=True)
def check_random_games(seed, first, n_games, n_players, d, k, max_steps, out):
    s = np.zeros(STATE_SIZE, np.int32)
    before = np.zeros(STATE_SIZE, np.int32)
    mask = np.zeros(N_ACTIONS, np.uint8)
    rng = np.zeros(N_STREAMS, np.uint64)
    paid = np.zeros(MAX_PLAYERS, np.int64)
    for g in range(first, first + n_games):
        seed_streams(seed, g, rng)
        init_state(s, d, k, n_players, rng)
        paid[:] = 0
        steps = 0
        check_state(s, d, k, out)
        while not is_terminal(s):
            if steps >= max_steps:
                out[E_STEPS] += 1
                break
            n_legal = legal_mask(s, d, k, mask)
            if n_legal == 0:
                out[E_NO_LEGAL] += 1
                break
            p = current_player(s)
            a = random_legal(mask, n_legal, rng, 1 + p)
            for i in range(STATE_SIZE):
                before[i] = s[i]
            step(s, d, k, a)
            steps += 1
            check_state(s, d, k, out)
            for q in range(n_players):
                b = pbase(q)
                done = s[b + P_BARROWS_DONE] - before[b + P_BARROWS_DONE]
                if done > 0:
                    out[C0 + 1] += done
                    # the completed barrow: a notch whose card left, or whose markers all went (Barrow Builder)
                    for i in range(N_SLOTS):
                        c = before[b + P_BARROW + i]
                        if c >= 0 and (
                            s[b + P_BARROW + i] != c or s[b + P_BARROW_FILL + i] < before[b + P_BARROW_FILL + i]
                        ):
                            paid[q] += d[D_CARDS + c * CARD_STRIDE + C_BARROW_VP]
                for x in range(N_BUILD):
                    if s[b + P_CRAFT + x] > 0 and before[b + P_CRAFT + x] == 0:
                        out[C0 + 2] += 1
            # farm step 1 (the refill) is behind us: a step out of it, or a step that crossed a whole step 1 with no
            # decision in it (a solo player whose hand was emptied by extra plays draws in the step ending the round)
            if s[G_FLOW] != FL_PLAY and (before[G_FLOW] == FL_PLAY or before[G_ROUND] < s[G_ROUND]):
                for q in range(n_players):
                    b = pbase(q)
                    limit = k[K_HAND_LIMIT] + s[b + P_EXT_N] + helper_total(s, d, q, np.int64(H_HAND_LIMIT))
                    out[C0 + 4] += 1
                    if s[b + P_HAND_N] > limit:
                        out[E_HAND] += 1
        if s[G_ROUND] != k[K_ROUNDS] or s[G_END_TRIGGER] == 0:
            out[E_END] += 1
        for q in range(n_players):
            if s[pbase(q) + P_VP_SRC + V_BARROWS] != paid[q]:
                out[E_BARROW] += 1
        for h in range(d[D_N_HEX]):
            out[C0 + 3] += 0 <= s[G_MARKET + h] < MAX_PLAYERS
        out[C0] += 1
