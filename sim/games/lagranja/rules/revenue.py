"""La Granja's revenue phase: rolling the dice, the Village Elder, the solo discard, the dice's turn order.

RULES.md "Revenue phase"; "The solo game".
"""

import numpy as np
from numba import njit

from sim.games.lagranja.layout import (
    FL_LEFTOVER,
    G_ACTED,
    G_CUR,
    G_DICE,
    G_FLOW,
    G_LEFTOVER,
    G_PEON,
    G_PHASE,
    G_PICKS,
    G_PLAYERS,
    G_ROLLS,
    G_ROUND,
    G_SOLO_FIRST,
    G_SOLO_STEP,
    G_TURN,
    H_VILLAGE_ELDER,
    P_DICE,
    P_ELDER,
    PH_DIE,
)
from sim.games.lagranja.params import K_DICE_EXTRA, K_DICE_PER_PLAYER, K_SOLO_DICE
from sim.games.lagranja.rules.common import helper_slot, order_seat, pb, ready_helper
from sim.games.lagranja.rules.effects import use_helper_marker


@njit(cache=True)
def roll_dice(s, d, k):
    n = s[G_PLAYERS]
    count = k[K_SOLO_DICE] if n == 1 else n * k[K_DICE_PER_PLAYER] + k[K_DICE_EXTRA]
    count = min(count, 9)
    for f in range(7):
        s[G_DICE + f] = 0
    base = G_ROLLS + (s[G_ROUND] - 1) * 9
    for i in range(count):
        s[G_DICE + s[base + i]] += 1
    s[G_PICKS] = 0
    s[G_SOLO_STEP] = 0
    s[G_LEFTOVER] = 0
    for p in range(n):
        s[pb(p) + P_DICE] = 0
        s[pb(p) + P_DICE + 1] = 0
        s[pb(p) + P_ELDER] = 0
        slot = ready_helper(s, d, p, np.int64(H_VILLAGE_ELDER))
        if n > 1 and slot >= 0 and use_helper_marker(s, d, k, p, slot):
            s[pb(p) + P_ELDER] = elder_face(s)


@njit(cache=True)
def elder_face(s):
    """The revenue space the Village Elder reserves: the glossary and the card list say a space, before the roll;
    ASSUMED here after the roll (all dice are dealt at setup, a blind choice would be a coin flip), the space
    with the fewest dice, the higher on a tie."""
    best = 0
    for f in range(6, 0, -1):
        if s[G_DICE + f] > 0 and (best == 0 or s[G_DICE + f] < s[G_DICE + best]):
            best = f
    return best


@njit(cache=True)
def elder_blocks(s, d, p, f):
    """Another player's Village Elder keeps the last die of its space from p (glossary F005)."""
    if s[G_DICE + f] != 1:
        return False
    for q in range(s[G_PLAYERS]):
        if q != p and s[pb(q) + P_ELDER] == f and helper_slot(s, d, q, np.int64(H_VILLAGE_ELDER)) >= 0:
            return True
    return False


@njit(cache=True)
def dice_left(s):
    t = 0
    for f in range(1, 7):
        t += s[G_DICE + f]
    return t


@njit(cache=True)
def solo_discard(s):
    """Solo: rounds 1-3 the lowest die leaves, rounds 4-6 the highest (seed)."""
    if s[G_ROUND] <= 3:
        for f in range(1, 7):
            if s[G_DICE + f] > 0:
                s[G_DICE + f] -= 1
                return
    else:
        for f in range(6, 0, -1):
            if s[G_DICE + f] > 0:
                s[G_DICE + f] -= 1
                return


@njit(cache=True)
def dice_flow(s, d, k):
    n = s[G_PLAYERS]
    if n == 1:
        # solo: start player picks then a die leaves, twice; otherwise a die leaves before each pick (seed)
        s[G_CUR] = 0
        if s[G_ACTED] == 2:
            s[G_ACTED] = 0
            s[G_PEON] = 0
            if s[G_SOLO_FIRST]:
                solo_discard(s)
        if s[G_PICKS] < 2:
            if s[G_ACTED] == 0 and not s[G_SOLO_FIRST] and s[G_SOLO_STEP] == s[G_PICKS]:
                solo_discard(s)
                s[G_SOLO_STEP] += 1
            if dice_left(s) > 0:
                s[G_PHASE] = PH_DIE
                return True
    else:
        if s[G_ACTED] == 2:
            s[G_ACTED] = 0
            s[G_PEON] = 0
            s[G_TURN] += 1
        if s[G_TURN] < 2 * n and dice_left(s) > 0:
            s[G_CUR] = order_seat(s, s[G_TURN])
            s[G_PHASE] = PH_DIE
            return True
    for f in range(1, 7):
        if s[G_DICE + f] > 0:
            s[G_LEFTOVER] = f
            s[G_DICE + f] -= 1
            break
    s[G_TURN] = 0
    s[G_ACTED] = 0
    s[G_FLOW] = FL_LEFTOVER
    return False
