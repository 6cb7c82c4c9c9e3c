"""Small numba helpers every game's kernels share."""

import numpy as np
from numba import njit

from sim.rng import below


@njit(cache=True)
def first_legal(mask):
    for a in range(mask.shape[0]):
        if mask[a]:
            return a
    return -1


@njit(cache=True)
def rank_by_score_then_seat(scores, n_players, ranks):
    """ranks[s] = 1 + number of seats ahead of s: a higher score is ahead; on equal scores the lower seat
    (nearer the start player) is ahead. Returns the winner's seat."""
    winner = 0
    for s in range(n_players):
        ahead = 0
        for o in range(n_players):
            if scores[o] > scores[s] or (scores[o] == scores[s] and o < s):
                ahead += 1
        ranks[s] = ahead + 1
        if ahead == 0:
            winner = s
    return winner


@njit(cache=True)
def popcount(x):
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@njit(cache=True)
def new_mask(n_actions):
    return np.zeros(n_actions, dtype=np.uint8)


@njit(cache=True)
def random_legal(mask, n_legal, rng, stream):
    """A uniformly random legal action."""
    pick = below(rng, stream, n_legal)
    for a in range(mask.shape[0]):
        if mask[a]:
            if pick == 0:
                return a
            pick -= 1
    return -1
