"""The only source of randomness in sim/ and strategies/: a counter-based splitmix64 per (seed, game, stream).

Game i of seed s draws from keys derived only from (s, i, stream), so it is the same game whatever the
batch size, chunking, thread count or machine. Streams keep purposes apart: stream 0 shuffles the setup,
stream 1 + seat is that seat's bot, so changing a bot never changes the shuffles (common random numbers).

A game's generator is a small uint64 array `rng` with one counter per stream. Every constant and operand is
np.uint64: numba types uint64 mixed with signed ints as int64 and the shifts then go wrong.
"""

import numpy as np
from numba import njit

SETUP_STREAM = 0
N_STREAMS = 6  # setup + one per seat (4) + one spare for chance during play

_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S32 = np.uint64(32)


@njit(cache=True)
def mix(z):
    """splitmix64's finaliser: a bijection of uint64 that scrambles every bit."""
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@njit(cache=True)
def seed_streams(seed, game_index, rng):
    """Fill rng[k] with the starting counter of stream k for game `game_index` of master `seed`."""
    game_key = mix(mix(np.uint64(seed) + _GAMMA) ^ mix(np.uint64(game_index)))
    for k in range(rng.shape[0]):
        rng[k] = mix(game_key ^ (np.uint64(k + 1) * _GAMMA))


@njit(cache=True)
def next_u64(rng, stream):
    rng[stream] += _GAMMA
    return mix(rng[stream])


@njit(cache=True)
def below(rng, stream, n):
    """A uniform integer in [0, n) for 0 < n < 2**31 (multiply-shift; bias below n / 2**32)."""
    hi = next_u64(rng, stream) >> _S32
    return np.int64((hi * np.uint64(n)) >> _S32)


@njit(cache=True)
def shuffle(a, start, stop, rng, stream):
    """Fisher-Yates shuffle of a[start:stop] in place."""
    for i in range(stop - 1, start, -1):
        j = start + below(rng, stream, i - start + 1)
        t = a[i]
        a[i] = a[j]
        a[j] = t


@njit(cache=True)
def uniform(rng, stream):
    """A float in [0, 1) with 53 random bits (for bots that need a real number)."""
    return np.float64(next_u64(rng, stream) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


def new_streams(seed: int, game_index: int) -> np.ndarray:
    """A game's generator from Python (tests, `show`)."""
    rng = np.zeros(N_STREAMS, dtype=np.uint64)
    seed_streams(np.uint64(seed % 2**64), np.uint64(game_index), rng)
    return rng
