"""Yokohama bots: one compiled dispatcher, `choose`, selects the strategy by id at run time."""

from numba import njit

from sim.kernel_tools import random_legal
from strategies import Strategy, StrategyBook, Weight

RANDOM = 0
MEMORY_SIZE = 8  # per-seat scratch a bot may keep between its decisions

BOOK = StrategyBook(
    "yokohama",
    weights=[],
    strategies=[Strategy("random", RANDOM, "uniform over the legal actions")],
)


@njit(cache=True)
def choose(kernel, weights, s, d, k, mask, n_legal, seat, rng, memory):
    return random_legal(mask, n_legal, rng, 1 + seat)
