"""La Granja's result row: what one finished game writes (sim/spec.py GAME_COLUMNS, then per seat: score,
rank and SEAT_FEATURES). The play loop that fills it is written once for every game (sim/playloop.py).
"""

from numba import njit

from sim.games.lagranja.layout import (
    G_MARKET,
    G_PLAYERS,
    N_BUILD,
    N_VP,
    P_BARROWS_DONE,
    P_BOUGHT,
    P_BRED,
    P_BUILDINGS_DONE,
    P_CARDS_OWNED,
    P_CRAFT,
    P_DELIVERIES,
    P_EXT_N,
    P_PLAYED,
    P_REMOVED,
    P_ROOF_N,
    P_SILVER_END,
    P_SOLD,
    P_TRADES,
    P_UPGRADES,
    P_VP_SRC,
    VP_SOURCES,
)
from sim.games.lagranja.rules import (
    pb,
    tiebreak_key,
)
from sim.games.lagranja.tables import D_N_HEX
from sim.spec import (
    GAME_COLUMNS,
    SEAT_COLUMNS,
)

CARD_WORDS = 3  # int32 words of the played-card masks (31 cards each)
SEAT_FEATURES = tuple(f"vp_{v}" for v in VP_SOURCES) + (
    "silver_left", "fields", "barrows_played", "extensions", "helpers_played", "barrows_done", "buildings_done",
    "craft_markers", "roofs", "market_markers", "removed", "deliveries", "trades", "pigs_bred", "upgrades", "sold",
    "bought",
) + tuple(f"cards{w}" for w in range(CARD_WORDS)) + ("tied_first",)  # fmt: skip
PER_SEAT = len(SEAT_COLUMNS) + len(SEAT_FEATURES)
FIRST_SEAT_COLUMN = len(GAME_COLUMNS)
FIRST_FEATURE_COLUMN = FIRST_SEAT_COLUMN + len(SEAT_COLUMNS)  # a seat's first SEAT_FEATURES column


@njit(cache=True)
def write_row(s, d, k, scores, winner, row):
    """Each seat's SEAT_FEATURES; the play loop writes the columns every game has (sim/playloop.py)."""
    n = s[G_PLAYERS]
    top = tiebreak_key(s, winner)
    for p in range(n):
        c = FIRST_FEATURE_COLUMN + p * PER_SEAT
        b = pb(p)
        for v in range(N_VP):
            row[c + v] = s[b + P_VP_SRC + v]
        c += N_VP
        crafts = 0
        for x in range(N_BUILD):
            crafts += s[b + P_CRAFT + x] > 0
        market = 0
        for h in range(d[D_N_HEX]):
            market += s[G_MARKET + h] == p
        row[c] = s[b + P_SILVER_END]
        row[c + 1] = s[b + P_PLAYED]
        row[c + 2] = s[b + P_PLAYED + 1]
        row[c + 3] = s[b + P_EXT_N]
        row[c + 4] = s[b + P_PLAYED + 3]
        row[c + 5] = s[b + P_BARROWS_DONE]
        row[c + 6] = s[b + P_BUILDINGS_DONE]
        row[c + 7] = crafts
        row[c + 8] = s[b + P_ROOF_N]
        row[c + 9] = market
        row[c + 10] = s[b + P_REMOVED]
        row[c + 11] = s[b + P_DELIVERIES]
        row[c + 12] = s[b + P_TRADES]
        row[c + 13] = s[b + P_BRED]
        row[c + 14] = s[b + P_UPGRADES]
        row[c + 15] = s[b + P_SOLD]
        row[c + 16] = s[b + P_BOUGHT]
        for w in range(CARD_WORDS):
            row[c + 17 + w] = s[b + P_CARDS_OWNED + w]
        # the winner's tiebreak key (score, silver left) shared by another seat: a shared win
        row[c + 17 + CARD_WORDS] = p != winner and tiebreak_key(s, p) == top
