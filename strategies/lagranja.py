"""La Granja bots: one compiled dispatcher, `choose`, selects the strategy by id at run time.

`greedy` looks one step ahead: it applies each legal action to a copy of the state with rules.step (so it never
re-implements a rule) and scores the seat's position afterwards with named weights (VP, silver, goods, the
progress of its barrows and craft buildings, fields, extensions, helpers, unused roofs, market markers, the
siesta track). The archetypes are the same kernel with other weights.
"""

import numpy as np
from numba import njit

from sim.games.lagranja.actions import A_SELL, A_USE_ROOF, N_ACTIONS
from sim.games.lagranja.layout import (
    G_DECK_N,
    G_MARKET,
    G_PHASE,
    G_ROUND,
    N_BUILD,
    N_HARVEST,
    N_SLOTS,
    P_BARROW,
    P_BARROW_FILL,
    P_BUILD_FILL,
    P_CRAFT,
    P_DEN,
    P_EXT_N,
    P_FIELD_GOODS,
    P_FIELDS,
    P_HAND_N,
    P_HELPER,
    P_ROOF,
    P_ROOF_USED,
    P_SIESTA,
    P_SILVER,
    P_VP,
    PH_DELIVER,
    PH_EXTRA,
    ROOF_SLOTS,
    STATE_SIZE,
)
from sim.games.lagranja.rules import pb, pig_capacity, step
from sim.games.lagranja.tables import (
    C_BARROW_N,
    C_BARROW_VP,
    CARD_STRIDE,
    D_BUILD_N,
    D_CARDS,
    D_N_HEX,
    D_SIESTA_VP,
)
from sim.kernel_tools import random_legal
from sim.rng import uniform
from strategies import Strategy, StrategyBook, Weight

RANDOM = 0
GREEDY = 1
MEMORY_SIZE = 2  # per-seat scratch a bot may keep between its decisions

WEIGHTS = [
    Weight("w_vp", 1.0, "one VP"),
    Weight("w_silver", 0.22, "one silver (5 silver are 1 VP at the end)"),
    Weight("w_harvest", 0.45, "a harvest good (olive, grain, grape) in a den or on a field"),
    Weight("w_pig", 0.8, "a pig"),
    Weight("w_upgraded", 0.9, "an upgraded good (food, wine, cured meat)"),
    Weight("w_trade", 0.9, "a trade commodity"),
    Weight("w_field", 0.35, "a field, per round left"),
    Weight("w_breed", 0.35, "a breeding pair with room, per round left"),
    Weight("w_barrow", 0.55, "a barrow on the farm, times its VP, times (0.3 + its delivered share)"),
    Weight("w_building", 1.2, "a craft building's delivered share squared, times the round"),
    Weight("w_craft", 0.5, "a craft marker owned, per round left"),
    Weight("w_market", 0.5, "a marker on the market, per round left"),
    Weight("w_ext", 0.45, "a farm extension, per round left"),
    Weight("w_helper", 0.3, "a helper in a notch, per round left"),
    Weight("w_roof", 0.6, "an unused roof marker"),
    Weight("w_card", 0.4, "a card in hand"),
    Weight("w_siesta", 0.5, "one VP the siesta disc would score now"),
    Weight("w_sell", 0.0, "bonus for selling a resource (0: only when the value says so)"),
    Weight("w_noise", 0.02, "random jitter on every score (variety between games)"),
]
(W_VP, W_SILVER, W_HARVEST, W_PIG, W_UPGRADED, W_TRADE, W_FIELD, W_BREED, W_BARROW, W_BUILDING, W_CRAFT, W_MARKET,
 W_EXT, W_HELPER, W_ROOF, W_CARD, W_SIESTA, W_SELL, W_NOISE) = range(len(WEIGHTS))  # fmt: skip

BOOK = StrategyBook(
    "lagranja",
    weights=WEIGHTS,
    strategies=[
        Strategy("random", RANDOM, "uniform over the legal actions"),
        Strategy("greedy", GREEDY, "best one-step value of each legal action (weights below)"),
        Strategy("market", GREEDY, "market/delivery player: fills barrows, trades, holds the market",
                 {"w_barrow": 1.0, "w_market": 0.9, "w_trade": 1.2, "w_building": 0.6, "w_craft": 0.3}),
        Strategy("crafter", GREEDY, "craft-building racer: supplies the village buildings early",
                 {"w_building": 2.4, "w_craft": 1.0, "w_barrow": 0.35, "w_market": 0.3, "w_upgraded": 1.1}),
        Strategy("pigs", GREEDY, "pig-and-meat engine: pig spaces, breeding, cured meat",
                 {"w_pig": 1.5, "w_breed": 0.9, "w_upgraded": 1.2, "w_field": 0.2, "w_ext": 0.6}),
    ],
)  # fmt: skip


@njit(cache=True)
def choose(kernel, weights, s, d, k, mask, n_legal, seat, rng, memory):
    if kernel == GREEDY:
        return greedy(weights, s, d, k, mask, seat, rng)
    return random_legal(mask, n_legal, rng, 1 + seat)


@njit(cache=True)
def greedy(w, s, d, k, mask, p, rng):
    """The legal action whose resulting position scores best for p (first on ties; w_noise jitters)."""
    scratch = np.empty(STATE_SIZE, np.int32)
    best = -1
    best_score = -1e18
    deliver = s[G_PHASE] == PH_DELIVER or s[G_PHASE] == PH_EXTRA
    for a in range(N_ACTIONS):
        if not mask[a]:
            continue
        if A_SELL <= a < A_SELL + 4 and not deliver and w[W_SELL] <= 0:
            continue  # selling only pays in a delivery (the end sells the dens anyway)
        scratch[:] = s
        step(scratch, d, k, a)
        sc = value(w, scratch, d, k, p)
        if A_SELL <= a < A_SELL + 4:
            sc += w[W_SELL]
        if A_USE_ROOF <= a < A_USE_ROOF + ROOF_SLOTS:
            sc -= 0.05  # keep a roof for when it does more
        if w[W_NOISE] > 0:
            sc += w[W_NOISE] * uniform(rng, 1 + p)
        if sc > best_score:
            best_score = sc
            best = a
    return best


@njit(cache=True)
def value(w, s, d, k, p):
    """What p's position is worth now, in VP."""
    b = pb(p)
    left = max(0, 6 - s[G_ROUND])  # whole rounds after this one
    v = w[W_VP] * s[b + P_VP] + w[W_SILVER] * s[b + P_SILVER]
    for g in range(N_HARVEST):
        v += w[W_HARVEST] * (s[b + P_DEN + g] + s[b + P_FIELD_GOODS + g])
        v += w[W_FIELD] * s[b + P_FIELDS + g] * left
    pigs = s[b + P_DEN + 3]
    v += w[W_PIG] * pigs
    if pigs >= 2 and pigs < pig_capacity(s, d, k, p):
        v += w[W_BREED] * left
    v += w[W_UPGRADED] * (s[b + P_DEN + 4] + s[b + P_DEN + 5] + s[b + P_DEN + 6])
    v += w[W_TRADE] * s[b + P_DEN + 7]
    for i in range(N_SLOTS):
        c = s[b + P_BARROW + i]
        if c >= 0:
            n = d[D_CARDS + c * CARD_STRIDE + C_BARROW_N]
            fill = s[b + P_BARROW_FILL + i]
            done = 0
            while fill:
                done += fill & 1
                fill >>= 1
            v += w[W_BARROW] * d[D_CARDS + c * CARD_STRIDE + C_BARROW_VP] * (0.3 + done / n)
        if s[b + P_HELPER + i] >= 0:
            v += w[W_HELPER] * left
    for x in range(N_BUILD):
        if s[b + P_CRAFT + x] > 0:
            v += w[W_CRAFT] * left
        else:
            fill = s[b + P_BUILD_FILL + x]
            done = 0
            while fill:
                done += fill & 1
                fill >>= 1
            share = done / d[D_BUILD_N + x]
            v += w[W_BUILDING] * share * share * s[G_ROUND]
    mine = 0
    for h in range(d[D_N_HEX]):
        mine += s[G_MARKET + h] == p
    v += w[W_MARKET] * mine * left
    v += w[W_EXT] * s[b + P_EXT_N] * left
    for i in range(ROOF_SLOTS):
        if s[b + P_ROOF + i] >= 0 and not s[b + P_ROOF_USED + i]:
            v += w[W_ROOF]
    v += w[W_CARD] * min(s[b + P_HAND_N], 6) * (1 if s[G_DECK_N] >= 0 else 0)
    v += w[W_SIESTA] * d[D_SIESTA_VP + s[b + P_SIESTA]]
    return v
