"""Small numba helpers every game's kernels share."""

import numpy as np
from numba import njit

from sim.rng import below, shuffle


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


@njit(cache=True, inline="always")
def copy_into(src, dst):
    """dst[:] = src element by element: for a game's state (La Granja's 830 int32s) numba's slice assignment took
    271 ns and this loop 51 ns (benchmarks/README.md, "The student's step per action, cheaper")."""
    for i in range(src.shape[0]):
        dst[i] = src[i]


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


@njit(cache=True)
def sort_and_shuffle(s, start, n, rng, stream):
    """Forget the order of s[start:start+n]: sort it, then shuffle it with rng[stream]."""
    s[start : start + n].sort()
    shuffle(s, start, start + n, rng, stream)


@njit(cache=True)
def redeal_hands(s, deck_at, deck_n_at, hand_at, hand_n_at, players, player_at, player_size, seat, rng, stream, size):
    """Forget one kind of hidden card for a search. The deck and every other player's hand form one unseen
    pool: sorted (so the result never depends on the hidden order it replaces), shuffled with rng[stream] and
    dealt back; each other hand keeps its size, the deck takes the rest. Seat q's hand cells start at
    player_at + q * player_size + hand_at; size bounds the pool."""
    pool = np.zeros(size, np.int64)
    n = 0
    for i in range(s[deck_n_at]):
        pool[n] = s[deck_at + i]
        n += 1
    for q in range(players):
        if q != seat:
            at = player_at + q * player_size
            for i in range(s[at + hand_n_at]):
                pool[n] = s[at + hand_at + i]
                n += 1
    pool[:n].sort()
    shuffle(pool, np.int64(0), n, rng, stream)
    x = 0
    for q in range(players):
        if q != seat:
            at = player_at + q * player_size
            for i in range(s[at + hand_n_at]):
                s[at + hand_at + i] = pool[x]
                x += 1
    for i in range(s[deck_n_at]):
        s[deck_at + i] = pool[x]
        x += 1
