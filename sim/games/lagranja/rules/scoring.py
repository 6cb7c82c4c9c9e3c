"""La Granja's scoring phase, the final sale and final scores with their tiebreak.

RULES.md "Scoring phase" and "End".
"""

import numpy as np
from numba import njit

from sim.games.lagranja.layout import (
    FL_OVER,
    FL_PLAY,
    G_ACTED,
    G_END_TRIGGER,
    G_FLOW,
    G_MARKET,
    G_ORDER,
    G_PIG,
    G_PLAYERS,
    G_ROBOT_PLACED,
    G_ROUND,
    G_SOLO_FIRST,
    G_TRADE,
    G_TURN,
    H_BEEKEEPER,
    H_DEER_BREEDER,
    H_SIESTA_BONUS,
    MAX_PLAYERS,
    N_HARVEST,
    N_RES,
    N_SLOTS,
    P_DEN,
    P_DONKEY,
    P_EXT_PIG,
    P_FIELD_EXTRA,
    P_FIELD_GOODS,
    P_HELPER,
    P_HELPER_USED,
    P_SIESTA,
    P_SILVER,
    P_SILVER_END,
    P_STACK,
    P_VP,
    V_HELPERS,
    V_MARKET,
    V_SIESTA,
    V_SILVER,
)
from sim.games.lagranja.params import K_ROUNDS, K_SILVER_PER_VP, K_SOLO_SIESTA, K_TIEBREAK, K_TRADE_SILVER
from sim.games.lagranja.rules.common import (
    add_vp,
    cb,
    free_marker,
    helper_amount,
    helper_slot,
    pb,
    pig_capacity,
    sell_price,
)
from sim.games.lagranja.rules.roofs import open_roofs
from sim.games.lagranja.rules.transport import siesta_vp
from sim.games.lagranja.tables import C_AMOUNT, D_N_HEX
from sim.kernel_tools import rank_by_score_then_seat


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
