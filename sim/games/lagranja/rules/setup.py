"""La Granja's setup: the deck, roof markers, building-order markers, every round's revenue dice and the
solo marker, dealt at once.

RULES.md "The game as modelled" (Setup; seed, EN 4.0).
"""

import numpy as np
from numba import njit

from sim.games.lagranja.layout import (
    FL_PLAY,
    G_BLOCKED,
    G_DECK,
    G_DECK_N,
    G_FIRST_VP,
    G_FLOW,
    G_MARKET,
    G_NEXT_ORDER,
    G_ORDER,
    G_PLAYERS,
    G_REPLACE,
    G_ROLLS,
    G_ROOF_DECK,
    G_ROUND,
    G_SHUFFLE_KEY,
    G_SOLO_FIRST,
    G_TRADE,
    MAX_HAND,
    MAX_PLAYERS,
    N_BUILD,
    N_SLOTS,
    P_BARROW,
    P_DONKEY,
    P_HAND,
    P_HAND_N,
    P_HELPER,
    P_ROOF,
    P_SILVER,
    P_STACK,
    P_STOCK,
    ROBOT,
    ROOF_SLOTS,
    ROOFS_PER_ROUND,
    STATE_SIZE,
    V_START,
)
from sim.games.lagranja.params import (
    K_GIVE_CARD,
    K_GIVE_CARD_SEAT,
    K_MARKERS,
    K_REMOVE_CARD,
    K_SOLO_ROOFS,
    K_START_CARDS,
    K_START_SILVER,
    K_START_SILVER_SEAT,
    K_START_TRADE,
    K_START_VP,
)
from sim.games.lagranja.rules.common import add_vp, gain, pb, take_marker
from sim.games.lagranja.rules.farm import draw_to_hand
from sim.games.lagranja.rules.roofs import open_roofs
from sim.games.lagranja.rules.round_flow import resume
from sim.games.lagranja.tables import D_HEX_START, D_N_CARDS, D_N_HEX, D_N_ROOFS, D_ROOFS
from sim.rng import SETUP_STREAM, below, shuffle

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


def new_state():
    return np.zeros(STATE_SIZE, np.int32)
