"""Bazaar's result row: what one finished game writes (sim/spec.py GAME_COLUMNS, then per seat: score,
rank and SEAT_FEATURES). The play loop that fills it is written once for every game (sim/playloop.py).
"""

import numpy as np
from numba import njit

from sim.games.bazaar.layout import (
    G_END_TRIGGER,
    G_PLAYERS,
    G_ROUND,
    MAX_PLAYERS,
    P_BUYS,
    P_CARD_BITS,
    P_CARDS,
    P_INCOME,
    P_MONEY,
    P_TAKES,
    P_VP,
)
from sim.games.bazaar.rules import coin_vp, final_scores, pb
from sim.spec import GAME_COLUMNS, SEAT_COLUMNS

# card_bits: bit c = the seat ended with card c (cards.csv order), what `playout value` reads
SEAT_FEATURES = ("vp_cards", "vp_coins", "money", "income", "cards", "card_bits", "takes", "buys")
PER_SEAT = len(SEAT_COLUMNS) + len(SEAT_FEATURES)
FIRST_SEAT_COLUMN = len(GAME_COLUMNS)


@njit(cache=True)
def write_row(s, d, k, status, steps, decisions, row):
    scores = np.zeros(MAX_PLAYERS, np.int64)
    ranks = np.zeros(MAX_PLAYERS, np.int64)
    winner = final_scores(s, d, k, scores, ranks)
    row[0] = status
    row[1] = steps
    row[2] = decisions
    row[3] = s[G_ROUND]
    row[4] = s[G_END_TRIGGER]
    row[5] = winner
    for p in range(s[G_PLAYERS]):
        c = FIRST_SEAT_COLUMN + p * PER_SEAT
        b = pb(p)
        row[c] = scores[p]
        row[c + 1] = ranks[p]
        row[c + 2] = s[b + P_VP]
        row[c + 3] = coin_vp(s, k, p)
        row[c + 4] = s[b + P_MONEY]
        row[c + 5] = s[b + P_INCOME]
        row[c + 6] = s[b + P_CARDS]
        row[c + 7] = s[b + P_CARD_BITS]
        row[c + 8] = s[b + P_TAKES]
        row[c + 9] = s[b + P_BUYS]
