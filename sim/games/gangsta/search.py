"""What a search bot needs of Gangsta!: re-dealing what a seat cannot see, and evaluating a state.

`redeal(s, d, k, seat, rng, stream)` re-samples in place everything no seat can see (RULES.md, Setup; no
player holds hidden cards, and heist influence is public in this model):
- the order of the recruiting deck and of each chapter's heist deck (snitches included);
- the opening river of each chapter not yet begun: its five heists are drawn from that chapter's heists
  (never a snitch), so they and the heists left in its deck are one unseen pool, re-dealt (five to the
  river, the rest to the deck);
- the key of the later reshuffles of a discard pile (a fresh draw: the future order of a reshuffled pile).
Each hidden group is gathered as a multiset, sorted and shuffled with `rng[stream]` only, so the result
depends on what the seat knows and on the generator, never on the hidden order it replaces. The discard
piles are face up.

`evaluate(s, d, k, out)`: out[p] = seat p's worth at a rollout's cut-off, in tenths of an influence point:
its influence if the game ended now (final scoring on `s`, which it changes: pass a copy), plus what the
greedy bot's default weights say its money and its gang's members and skills are worth, because they win
the heists still to come. Influence alone made a cut-off search prefer cashing in over building a gang.

The rest is what strategies/mcts.py calls by name (rules and the game's own bots for rollouts).
"""

import numpy as np
from numba import njit

from sim.games.gangsta.layout import (
    G_CHAPTER,
    G_GDECK,
    G_GDECK_N,
    G_HDECK_N,
    G_OPENING,
    G_PLAYERS,
    G_SHUFFLE_KEY,
    MAX_CHAPTER_CARDS,
    MAX_PLAYERS,
    N_CHAPTERS,
    P_GANG,
    P_GANG_N,
    P_MONEY,
    P_VP,
    RIVER,
)
from sim.games.gangsta.rules import (  # noqa: F401  (the search's calls, by name)
    cb,
    current_player,
    deck_base,
    final_scores,
    final_scoring,
    is_snitch,
    is_terminal,
    legal_mask,
    pb,
    step,
)
from sim.games.gangsta.tables import C_INFLUENCE
from sim.kernel_tools import random_legal
from sim.rng import below, shuffle
from strategies.gangsta import MEMORY_SIZE, W_VP, WEIGHTS, greedy, member_value, money_value

SHUFFLE_KEYS = 2147483647  # the range of the setup's reshuffle key
EVAL_WEIGHTS = np.array([w.default for w in WEIGHTS])  # the greedy bot's defaults, for a state's worth
EVAL_SCALE = 10.0  # evaluate() returns integers: tenths of an influence point


@njit(cache=True)
def sort_and_shuffle(s, start, n, rng, stream):
    """Forget the order of s[start:start+n]: sort it, then shuffle it with rng[stream]."""
    s[start : start + n].sort()
    shuffle(s, start, start + n, rng, stream)


@njit(cache=True)
def redeal_opening(s, d, ch, rng, stream):
    """Chapter ch (not begun): its opening river and the heists (not snitches) of its deck form one pool."""
    base = deck_base(ch)
    at = G_OPENING + (ch - 2) * RIVER
    pool = np.zeros(MAX_CHAPTER_CARDS + RIVER, np.int64)
    n = 0
    for r in range(RIVER):
        pool[n] = s[at + r]
        n += 1
    for i in range(s[G_HDECK_N + ch - 1]):
        if not is_snitch(d, s[base + i]):
            pool[n] = s[base + i]
            n += 1
    pool[:n].sort()
    shuffle(pool, np.int64(0), n, rng, stream)
    for r in range(RIVER):
        s[at + r] = pool[r]
    x = RIVER
    for i in range(s[G_HDECK_N + ch - 1]):
        if not is_snitch(d, s[base + i]):
            s[base + i] = pool[x]
            x += 1


@njit(cache=True)
def redeal(s, d, k, seat, rng, stream):
    sort_and_shuffle(s, np.int64(G_GDECK), s[G_GDECK_N], rng, stream)
    for ch in range(1, N_CHAPTERS + 1):
        if ch > s[G_CHAPTER]:
            redeal_opening(s, d, np.int64(ch), rng, stream)
        sort_and_shuffle(s, deck_base(ch), s[G_HDECK_N + ch - 1], rng, stream)
    s[G_SHUFFLE_KEY] = below(rng, stream, np.int64(SHUFFLE_KEYS))


@njit(cache=True)
def evaluate(s, d, k, out):
    n = min(s[G_PLAYERS], MAX_PLAYERS)
    for p in range(n):  # the prospects first: final scoring does not touch them
        out[p] = np.int64(EVAL_SCALE * prospects(s, d, p))
    final_scoring(s, k)
    for p in range(n):
        out[p] += np.int64(EVAL_SCALE * s[pb(p) + P_VP])


@njit(cache=True)
def prospects(s, d, p):
    """Money and gang, valued as the greedy bot values them (the members' influence is already counted)."""
    w = EVAL_WEIGHTS
    v = money_value(w, s[pb(p) + P_MONEY])
    for i in range(s[pb(p) + P_GANG_N]):
        v += member_value(w, s, d, p, i) - w[W_VP] * d[cb(s[pb(p) + P_GANG + i]) + C_INFLUENCE]
    return v


@njit(cache=True)
def new_memory():
    return np.zeros((MAX_PLAYERS, MEMORY_SIZE), np.int32)


@njit(cache=True)
def rollout(policy, w, s, d, k, mask, n_legal, seat, rng, memory):
    """The game's own bots: 0 random, 1 greedy (with the searching player's greedy weights)."""
    if policy == 0:
        return random_legal(mask, n_legal, rng, 1 + seat)
    return greedy(w, s, d, k, mask, seat, rng)
