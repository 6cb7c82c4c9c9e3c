"""Gangsta!'s shared helpers: addressing the state, a gang's skills, influence and thresholds, the decks.

Every other rules module builds on these. RULES.md "The game as modelled"; seed 002 (the BGA help page).
"""

import numpy as np
from numba import njit

from sim.games.gangsta.layout import (
    G_CHAPTER,
    G_CUR,
    G_GDECK,
    G_GDECK_N,
    G_GDISCARD,
    G_GDISCARD_N,
    G_HDECK,
    G_HDECK_N,
    G_HDISCARD,
    G_HDISCARD_N,
    G_PHASE,
    G_PLAYER,
    G_PLAYERS,
    G_SHUFFLE_KEY,
    G_SHUFFLES,
    MAX_CHAPTER_CARDS,
    N_SKILLS,
    NONE,
    P_GANG,
    P_GANG_N,
    P_LEARNED,
    P_RECRUITED,
    P_SIZE,
    P_SKILL_BITS,
    P_SKILLS,
    P_VP,
    P_VP_SRC,
    PH_GAME_OVER,
)
from sim.games.gangsta.params import COUNT_GANG, COUNT_HIRES, K_CHAPTER_COUNT
from sim.games.gangsta.tables import C_NSKILLS, C_SKILL, CARD_STRIDE, D_CARD, D_HEIST, H_SNITCH, HEIST_STRIDE
from sim.rng import seed_streams, shuffle

# ================================================================ addressing


@njit(cache=True)
def pb(p):
    """Offset of seat p's player block."""
    return G_PLAYER + p * P_SIZE


@njit(cache=True)
def cb(c):
    """Offset of gang member card c in the data."""
    return D_CARD + c * CARD_STRIDE


@njit(cache=True)
def hb(h):
    """Offset of heist card h in the data."""
    return D_HEIST + h * HEIST_STRIDE


@njit(cache=True)
def member_skill(s, d, p, i, sk):
    """Skill sk of seat p's gang slot i: printed icons plus a learned one."""
    b = pb(p)
    n = d[cb(s[b + P_GANG + i]) + C_SKILL + sk]
    if s[b + P_LEARNED + i] == sk:
        n += 1
    return n


@njit(cache=True)
def member_n_skills(s, d, p, i):
    b = pb(p)
    return d[cb(s[b + P_GANG + i]) + C_NSKILLS] + (1 if s[b + P_LEARNED + i] >= 0 else 0)


@njit(cache=True)
def threshold_count(s, k, p):
    """What the 4/7/9 thresholds read for seat p: the gangsters it has hired (seed: "hires the 4th gangster";
    the boss is dealt, not hired; fast recruits are hires; a gangster lost later stays hired), or, by the
    chapters.count knob, the gang now without the boss (the reading before 1.1) or with it (S1)."""
    how = k[K_CHAPTER_COUNT]
    if how == COUNT_HIRES:
        return s[pb(p) + P_RECRUITED]
    return s[pb(p) + P_GANG_N] - (1 if how == COUNT_GANG else 0)


@njit(cache=True)
def highest_count(s, k):
    top = 0
    for p in range(s[G_PLAYERS]):
        top = max(top, threshold_count(s, k, p))
    return top


@njit(cache=True)
def is_snitch(d, h):
    return d[hb(h) + H_SNITCH] > 0


@njit(cache=True)
def add_vp(s, p, source, n):
    b = pb(p)
    s[b + P_VP] += n
    s[b + P_VP_SRC + source] += n


@njit(cache=True)
def add_member_skills(s, d, p, i, sign):
    """Add (sign 1) or remove (sign -1) gang slot i's skills to the gang's skill totals; a member added
    also gets its skill bits (kept so that legal_mask tests 'brings a missing skill' in one operation)."""
    b = pb(p)
    bits = 0
    for sk in range(N_SKILLS):
        x = member_skill(s, d, p, i, sk)
        s[b + P_SKILLS + sk] += sign * x
        if x > 0:
            bits |= 1 << sk
    if sign > 0:
        s[b + P_SKILL_BITS + i] = bits


@njit(cache=True)
def learn(s, p, i, sk):
    b = pb(p)
    s[b + P_LEARNED + i] = sk
    s[b + P_SKILLS + sk] += 1
    s[b + P_SKILL_BITS + i] |= 1 << sk


# ================================================================ decks (all shuffled at setup)


@njit(cache=True)
def reshuffle(s, start, n):
    """Shuffle s[start:start+n] with the reshuffle key dealt at setup (no chance enters after setup)."""
    local = np.zeros(1, np.uint64)
    seed_streams(np.int64(s[G_SHUFFLE_KEY]), np.int64(s[G_SHUFFLES]), local)
    s[G_SHUFFLES] += 1
    shuffle(s, start, start + n, local, np.int64(0))


@njit(cache=True)
def draw_gangster(s):
    """The top gangster of the recruiting deck; an empty deck takes back its shuffled discards (S1)."""
    if s[G_GDECK_N] == 0:
        n = s[G_GDISCARD_N]
        if n == 0:
            return NONE
        for i in range(n):
            s[G_GDECK + i] = s[G_GDISCARD + i]
        s[G_GDISCARD_N] = 0
        s[G_GDECK_N] = n
        reshuffle(s, np.int64(G_GDECK), n)
    s[G_GDECK_N] -= 1
    return s[G_GDECK + s[G_GDECK_N]]


@njit(cache=True)
def deck_base(ch):
    return G_HDECK + (ch - 1) * MAX_CHAPTER_CARDS


@njit(cache=True)
def draw_heist(s):
    """The top card of this chapter's deck; an empty deck takes back the chapter's shuffled discards (S1)."""
    ch = s[G_CHAPTER]
    base = deck_base(ch)
    if s[G_HDECK_N + ch - 1] == 0:
        n = s[G_HDISCARD_N]
        if n == 0:
            return NONE
        for i in range(n):
            s[base + i] = s[G_HDISCARD + i]
        s[G_HDISCARD_N] = 0
        s[G_HDECK_N + ch - 1] = n
        reshuffle(s, base, n)
    s[G_HDECK_N + ch - 1] -= 1
    return s[base + s[G_HDECK_N + ch - 1]]


@njit(cache=True)
def push_heist(s, ch, h):
    s[deck_base(ch) + s[G_HDECK_N + ch - 1]] = h
    s[G_HDECK_N + ch - 1] += 1


@njit(cache=True)
def current_player(s):
    return s[G_CUR]


@njit(cache=True)
def is_terminal(s):
    return s[G_PHASE] == PH_GAME_OVER
