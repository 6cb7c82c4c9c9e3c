"""Bazaar's rules: the end, coins' VP and the final scores."""

from numba import njit

from sim.games.bazaar.layout import G_PLAYERS, P_MONEY, P_VP
from sim.games.bazaar.params import K_COINS_PER_VP
from sim.games.bazaar.rules.common import pb
from sim.kernel_tools import rank_by_score_then_seat


@njit(cache=True)
def coin_vp(s, k, p):
    """VP of seat p's coins: one per final.coins_per_vp coins, rounded down."""
    return s[pb(p) + P_MONEY] // k[K_COINS_PER_VP]


@njit(cache=True)
def final_scores(s, d, k, scores, ranks):
    """Cards' VP plus the coins' VP; most VP wins, a tie goes to the seat nearer the start player."""
    n = s[G_PLAYERS]
    for p in range(n):
        scores[p] = s[pb(p) + P_VP] + coin_vp(s, k, p)
    return rank_by_score_then_seat(scores, n, ranks)
