"""Bazaar's result row: what one finished game writes (sim/spec.py GAME_COLUMNS, then per seat: score,
rank and SEAT_FEATURES). The play loop that fills it is written once for every game (sim/playloop.py).
"""

from numba import njit

from sim.games.bazaar.layout import (
    G_PLAYERS,
    P_BUYS,
    P_CARD_BITS,
    P_CARDS,
    P_INCOME,
    P_MONEY,
    P_TAKES,
    P_VP,
)
from sim.games.bazaar.rules import coin_vp, pb
from sim.spec import GAME_COLUMNS, SEAT_COLUMNS

# card_bits: bit c = the seat ended with card c (cards.csv order), what `playout value` reads
SEAT_FEATURES = ("vp_cards", "vp_coins", "money", "income", "cards", "card_bits", "takes", "buys")
PER_SEAT = len(SEAT_COLUMNS) + len(SEAT_FEATURES)
FIRST_SEAT_COLUMN = len(GAME_COLUMNS)
FIRST_FEATURE_COLUMN = FIRST_SEAT_COLUMN + len(SEAT_COLUMNS)  # a seat's first SEAT_FEATURES column


@njit(cache=True)
def write_row(s, d, k, scores, winner, row):
    """Each seat's SEAT_FEATURES; the play loop writes the columns every game has (sim/playloop.py)."""
    n = s[G_PLAYERS]
    for p in range(n):
        c = FIRST_FEATURE_COLUMN + p * PER_SEAT
        b = pb(p)
        row[c] = s[b + P_VP]
        row[c + 1] = coin_vp(s, k, p)
        row[c + 2] = s[b + P_MONEY]
        row[c + 3] = s[b + P_INCOME]
        row[c + 4] = s[b + P_CARDS]
        row[c + 5] = s[b + P_CARD_BITS]
        row[c + 6] = s[b + P_TAKES]
        row[c + 7] = s[b + P_BUYS]
