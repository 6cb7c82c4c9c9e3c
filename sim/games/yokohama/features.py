"""Yokohama's position features from one seat's point of view, for the learned evaluation (strategies/learned.py).

`features(s, d, k, seat, out)` writes out[:N_FEATURES] reading only what `seat` can see: its own hand of
orders, every seat's public resources and pieces, the boards, the round and the decks' sizes; never the
other seats' orders or the order of a deck (tests/engine/test_features.py re-deals the hidden cards and
compares). A linear value reads them, so standing is relative (own minus the best other), the end's nearness
is a number in [0, 1], and what changes worth as the game ends (money, pieces in hand, orders not yet
fulfilled) comes with its product with the time left.
"""

from numba import njit

from sim.games.yokohama.layout import (
    G_CUR,
    G_END_TRIGGER,
    G_N_POS,
    G_ORDER_END,
    G_ORDER_TOP,
    G_PLAYERS,
    G_ROUND,
    HAND_SLOTS,
    N_COUNTRIES,
    N_GOODS,
    P_ACHIEVE_N,
    P_AGENTS,
    P_ASSIST_HAND,
    P_ASSIST_WAREHOUSE,
    P_CHIPS,
    P_CHURCH_N,
    P_CUSTOMS_N,
    P_FLAGS,
    P_GOODS,
    P_IMPORTS,
    P_INDUSTRY,
    P_MONEY,
    P_N_TECHS,
    P_ORDERS_DONE,
    P_ORDERS_HAND,
    P_PRESIDENT,
    P_SHOPS_BUILT,
    P_SHOPS_HAND,
    P_TH_BUILT,
    P_TH_HAND,
    P_VP,
    Q_ASSIST,
)
from sim.games.yokohama.params import (
    K_END_COUNT_2P,
    K_START_SHOPS_HAND,
    K_START_SHOPS_WAREHOUSE,
    K_START_TH_WAREHOUSE,
)
from sim.games.yokohama.rules import final_scoring, hand_orders, is_terminal, pb, qb
from sim.games.yokohama.tables import D_ORDER, MIN_PLAYERS, N_ORDER, O_GOODS, O_VP

FEATURES = (
    ("projected", "own VP if the game ended now (final scoring applied)"),
    ("lead", "own projected VP minus the best other seat's"),
    ("lead_x_progress", "lead times progress: a lead counts more as the end nears"),
    ("gap_mean", "own projected VP minus the other seats' mean"),
    ("leader_x_progress", "1 when no other seat projects more, times progress"),
    ("progress", "how near the end is, 0..1 (end triggers' progress, rounds; 1 once triggered)"),
    ("vp", "own VP so far"),
    ("money", "own yen"),
    ("money_x_left", "own yen times (1 - progress)"),
    ("goods", "own goods"),
    ("goods_short", "goods the orders in hand still need"),
    ("orders_hand", "orders in hand"),
    ("orders_hand_vp", "VP printed on the orders in hand"),
    ("orders_hand_vp_x_left", "VP on the orders in hand times (1 - progress)"),
    ("imports", "own imported goods"),
    ("assistants_hand", "own assistants in hand"),
    ("assistants_hand_x_left", "own assistants in hand times (1 - progress)"),
    ("assistants_warehouse", "own assistants in the warehouse"),
    ("assistants_board", "own assistants on the board's areas"),
    ("buildings", "own shops and trading houses, in hand or built (not in the warehouse)"),
    ("buildings_built", "own shops and trading houses built"),
    ("techs", "own technologies"),
    ("industry", "own industry value"),
    ("orders_done", "own orders fulfilled"),
    ("countries", "countries with at least one own flag"),
    ("agents", "own foreign agents face up"),
    ("church", "own assistants on the church"),
    ("customs", "own assistants on customs"),
    ("chips", "own five-power chips"),
    ("achievements", "own assistants on achievement cards"),
    ("president_out", "1 when the own president is on the board"),
    ("to_move", "1 when this seat decides next"),
    ("players", "players in the game"),
    ("deck_left", "share of the order deck not yet drawn (the deck running out is an end trigger)"),
)
N_FEATURES = len(FEATURES)
LONG_GAME = 30  # rounds after which the game counts as ending (as the greedy bot's reading of the clock)


@njit(cache=True)
def progress(s, d, k):
    """How near the end is, 0..1: the furthest end trigger (church, customs, shops, trading houses), the
    rounds played; 1 once an end is triggered (the game then ends after the next round). The order deck's
    rest is a feature of its own: setup deals a third of it, so its share drawn starts far from 0."""
    if s[G_END_TRIGGER] != 0:
        return 1.0
    n = s[G_PLAYERS]
    end = k[K_END_COUNT_2P + n - MIN_PLAYERS]
    church = 0
    customs = 0
    shops = 0
    ths = 0
    for p in range(n):
        church += s[pb(p) + P_CHURCH_N]
        customs += s[pb(p) + P_CUSTOMS_N]
        shops = max(shops, s[pb(p) + P_SHOPS_BUILT])
        ths = max(ths, s[pb(p) + P_TH_BUILT])
    x = max(church / end, customs / end, s[G_ROUND] / LONG_GAME)
    x = max(x, shops / max(1, k[K_START_SHOPS_HAND] + k[K_START_SHOPS_WAREHOUSE]))
    x = max(x, ths / max(1, k[K_START_TH_WAREHOUSE]))
    return min(1.0, x)


@njit(cache=True)
def features(s, d, k, seat, out):
    n = s[G_PLAYERS]
    b = pb(seat)
    scored = s.copy()
    if not is_terminal(s):  # public pieces and resources only: majorities, sets, money, goods
        final_scoring(scored, d, k)
    own = scored[b + P_VP]
    best = -(10**9)
    total = 0
    for q in range(n):
        if q != seat:
            best = max(best, scored[pb(q) + P_VP])
            total += scored[pb(q) + P_VP]
    x = progress(s, d, k)
    left = 1.0 - x
    goods = 0
    for g in range(N_GOODS):
        goods += s[b + P_GOODS + g]
    short = 0
    hand_vp = 0
    for i in range(HAND_SLOTS):
        o = s[b + P_ORDERS_HAND + i]
        if o < 0:
            continue
        hand_vp += d[D_ORDER + o * N_ORDER + O_VP]
        for g in range(N_GOODS):
            short += max(0, d[D_ORDER + o * N_ORDER + O_GOODS + g] - s[b + P_GOODS + g])
    on_board = 0
    for q in range(s[G_N_POS]):
        on_board += s[qb(q) + Q_ASSIST + seat]
    countries = 0
    for c in range(N_COUNTRIES):
        countries += s[b + P_FLAGS + c] > 0
    out[0] = own
    out[1] = own - best
    out[2] = (own - best) * x
    out[3] = own - total / max(1, n - 1)
    out[4] = (own >= best) * x
    out[5] = x
    out[6] = s[b + P_VP]
    out[7] = s[b + P_MONEY]
    out[8] = s[b + P_MONEY] * left
    out[9] = goods
    out[10] = short
    out[11] = hand_orders(s, seat)
    out[12] = hand_vp
    out[13] = hand_vp * left
    out[14] = s[b + P_IMPORTS]
    out[15] = s[b + P_ASSIST_HAND]
    out[16] = s[b + P_ASSIST_HAND] * left
    out[17] = s[b + P_ASSIST_WAREHOUSE]
    out[18] = on_board
    out[19] = s[b + P_SHOPS_HAND] + s[b + P_TH_HAND] + s[b + P_SHOPS_BUILT] + s[b + P_TH_BUILT]
    out[20] = s[b + P_SHOPS_BUILT] + s[b + P_TH_BUILT]
    out[21] = s[b + P_N_TECHS]
    out[22] = s[b + P_INDUSTRY]
    out[23] = s[b + P_ORDERS_DONE]
    out[24] = countries
    out[25] = s[b + P_AGENTS]
    out[26] = s[b + P_CHURCH_N]
    out[27] = s[b + P_CUSTOMS_N]
    out[28] = s[b + P_CHIPS]
    out[29] = s[b + P_ACHIEVE_N]
    out[30] = s[b + P_PRESIDENT] >= 0
    out[31] = s[G_CUR] == seat
    out[32] = n
    out[33] = (s[G_ORDER_END] - s[G_ORDER_TOP]) / max(1, s[G_ORDER_END])
