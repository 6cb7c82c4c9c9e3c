"""Bazaar's position features: what one seat's position is worth, as numbers a learned value weighs.

`features(s, d, k, seat, out)` writes `out[:N_FEATURES]` from `seat`'s point of view; FEATURES names them in
that order. Only the order of the deck is hidden in Bazaar (hidden.py): the market, every tableau and every
purse are face up, so the features read the seats' coins, income and cards' VP, the market and the round, and
never G_DECK.

A linear value weighs these, so they hold what it cannot compute itself: the standing (the score if the game
ended now, the lead over the best other seat, the rank), how near the end is (progress, 0..1) and products
with it (a lead counts more late, coins and income more early), and what the greedy bot values
(strategies/bazaar.py: a card's VP, coins, income for every round it will still pay) as state quantities.
"""

import numpy as np
from numba import njit

from sim.games.bazaar.layout import (
    G_CUR,
    G_MARKET,
    G_PLAYERS,
    G_ROUND,
    MARKET,
    MAX_PLAYERS,
    P_CARDS,
    P_INCOME,
    P_MONEY,
    P_VP,
)
from sim.games.bazaar.params import K_ROUNDS
from sim.games.bazaar.rules import cb, coin_vp, pb
from sim.games.bazaar.tables import C_COST

FEATURES = (
    ("players", "players in the game"),
    ("progress", "0..1: rounds played against end.rounds"),
    ("score_now", "own final score if the game ended now: cards' VP plus coins' VP"),
    ("lead", "score_now minus the best other seat's"),
    ("rank", "0 first .. 1 last: share of the other seats with a higher score_now"),
    ("lead_x_progress", "lead times progress: a lead counts more near the end"),
    ("coins", "coins in hand"),
    ("coins_x_early", "coins times (1 - progress): they still buy income"),
    ("income", "coins paid at each round's end"),
    ("income_to_come", "income times the rounds still to be paid"),
    ("cards", "cards in the tableau"),
    ("affordable", "market cards the seat can pay for now"),
    ("wait", "0 on its turn .. 1 when every other seat plays first"),
)
N_FEATURES = len(FEATURES)
(F_PLAYERS, F_PROGRESS, F_SCORE_NOW, F_LEAD, F_RANK, F_LEAD_X_PROGRESS, F_COINS, F_COINS_X_EARLY, F_INCOME,
 F_INCOME_TO_COME, F_CARDS, F_AFFORDABLE, F_WAIT) = range(N_FEATURES)  # fmt: skip


@njit(cache=True)
def features(s, d, k, seat, out):
    n = s[G_PLAYERS]
    b = pb(seat)
    rounds_left = max(k[K_ROUNDS] - s[G_ROUND], 0)
    prog = 1.0 - rounds_left / k[K_ROUNDS]
    scores = np.zeros(MAX_PLAYERS, np.int64)
    for q in range(n):
        scores[q] = s[pb(q) + P_VP] + coin_vp(s, k, q)  # as rules.final_scores counts them
    best = -(1 << 30)
    ahead = 0
    for q in range(n):
        if q != seat:
            best = max(best, scores[q])
            ahead += scores[q] > scores[seat]
    affordable = 0
    for i in range(MARKET):
        c = s[G_MARKET + i]
        affordable += c >= 0 and d[cb(c) + C_COST] <= s[b + P_MONEY]
    out[F_PLAYERS] = n
    out[F_PROGRESS] = prog
    out[F_SCORE_NOW] = scores[seat]
    out[F_LEAD] = scores[seat] - best
    out[F_RANK] = ahead / (n - 1)
    out[F_LEAD_X_PROGRESS] = (scores[seat] - best) * prog
    out[F_COINS] = s[b + P_MONEY]
    out[F_COINS_X_EARLY] = s[b + P_MONEY] * (1.0 - prog)
    out[F_INCOME] = s[b + P_INCOME]
    out[F_INCOME_TO_COME] = s[b + P_INCOME] * rounds_left
    out[F_CARDS] = s[b + P_CARDS]
    out[F_AFFORDABLE] = affordable
    out[F_WAIT] = ((seat - s[G_CUR]) % n) / (n - 1)
