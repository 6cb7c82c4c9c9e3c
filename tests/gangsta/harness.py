"""Random games with every invariant checked after every step, compiled (tests only).

The checks read the state through the layout names and the card data; they do not call the rules'
helpers, so a broken helper cannot hide its own bug. `check_random_games` returns counters (ERRORS and
the number of things checked) for the tests to assert on.
"""

import numpy as np
from numba import njit

from sim.games.gangsta.actions import A_CREW, A_CREW_DONE, N_ACTIONS
from sim.games.gangsta.layout import (
    E_GANG_SIZE,
    E_SNITCHES,
    G_ACTIVE,
    G_CREW_BITS,
    G_CUR,
    G_END_TRIGGER,
    G_GDECK,
    G_GDECK_N,
    G_GDISCARD,
    G_GDISCARD_N,
    G_GRIVER,
    G_HEIST,
    G_KILLED,
    G_KILLED_N,
    G_PLAYER,
    G_PLAYERS,
    MAX_CARDS,
    MAX_GANG,
    MAX_PLAYERS,
    N_SKILLS,
    N_VP,
    P_ENGAGED,
    P_GANG,
    P_GANG_N,
    P_HEISTS_DONE,
    P_LEARNED,
    P_LOST,
    P_MONEY,
    P_SIZE,
    P_SKILL_BITS,
    P_SKILLS,
    P_VP,
    P_VP_SRC,
    RIVER,
    STATE_SIZE,
    V_GANGSTERS,
)
from sim.games.gangsta.rules import init_state, is_terminal, legal_mask, step
from sim.games.gangsta.tables import (
    C_BOSS,
    C_INFLUENCE,
    C_SKILL,
    CARD_STRIDE,
    D_CARD,
    D_HEIST,
    D_N_BOSSES,
    D_N_CARDS,
    H_COOP,
    H_REQ,
    HEIST_STRIDE,
)
from sim.kernel_tools import random_legal
from sim.rng import N_STREAMS, seed_streams

ERRORS = (
    "no_legal_action", "step_limit", "negative_money", "gangster_not_in_exactly_one_place", "boss_not_first",
    "boss_lost", "heist_without_its_skills", "crew_not_available", "other_gang_in_solo_heist", "skills_total",
    "influence_total", "crew_member_without_a_required_skill",
)  # fmt: skip
COUNTS = ("games", "steps", "heists_checked", "coop_heists_checked", "end_gang_size", "end_snitches", "gangsters_lost")
N_OUT = len(ERRORS) + len(COUNTS)


@njit(cache=True)
def _pb(p):
    return G_PLAYER + p * P_SIZE


@njit(cache=True)
def _skill(s, d, p, i, k):
    b = _pb(p)
    c = s[b + P_GANG + i]
    return d[D_CARD + c * CARD_STRIDE + C_SKILL + k] + (1 if s[b + P_LEARNED + i] == k else 0)


@njit(cache=True)
def check_state(s, d, bosses, out):
    n = s[G_PLAYERS]
    where = np.zeros(MAX_CARDS, np.int64)
    for i in range(s[G_GDECK_N]):
        where[s[G_GDECK + i]] += 1
    for i in range(s[G_GDISCARD_N]):
        where[s[G_GDISCARD + i]] += 1
    for i in range(s[G_KILLED_N]):
        c = s[G_KILLED + i]
        where[c] += 1
        if d[D_CARD + c * CARD_STRIDE + C_BOSS]:
            out[5] += 1
    for r in range(RIVER):
        if s[G_GRIVER + r] >= 0:
            where[s[G_GRIVER + r]] += 1
    for p in range(n):
        b = _pb(p)
        if s[b + P_MONEY] < 0:
            out[2] += 1
        if s[b + P_GANG] != bosses[p]:
            out[4] += 1
        vp_gang = 0
        for i in range(s[b + P_GANG_N]):
            c = s[b + P_GANG + i]
            where[c] += 1
            vp_gang += d[D_CARD + c * CARD_STRIDE + C_INFLUENCE]
            if i > 0 and d[D_CARD + c * CARD_STRIDE + C_BOSS]:
                out[4] += 1
        for k in range(N_SKILLS):
            t = 0
            for i in range(s[b + P_GANG_N]):
                x = _skill(s, d, p, i, k)
                t += x
                if (x > 0) != ((s[b + P_SKILL_BITS + i] >> k) & 1 == 1):
                    out[9] += 1
            if t != s[b + P_SKILLS + k]:
                out[9] += 1
        total = 0
        for v in range(N_VP):
            total += s[b + P_VP_SRC + v]
        if total != s[b + P_VP] or vp_gang != s[b + P_VP_SRC + V_GANGSTERS]:
            out[10] += 1
    for c in range(d[D_N_BOSSES], d[D_N_CARDS]):
        if where[c] != 1:
            out[3] += 1


@njit(cache=True)
def check_heist(before, d, a, out):
    """The crew that performed a heist (the crew before the last step, plus the gangster that joined with
    it unless the step was crew_done) holds every skill the heist requires, each member has one of them,
    the last one was available, and the crew is the initiator's alone unless the heist is cooperative."""
    h = before[G_HEIST]
    p = before[G_ACTIVE]
    crew = np.zeros(MAX_PLAYERS, np.int64)
    for q in range(MAX_PLAYERS):
        crew[q] = before[G_CREW_BITS + q]
    if a != A_CREW_DONE:
        q_last = (a - A_CREW) // MAX_GANG
        i_last = (a - A_CREW) % MAX_GANG
        crew[q_last] |= 1 << i_last
        if before[_pb(q_last) + P_ENGAGED + i_last]:
            out[7] += 1
    hbase = D_HEIST + h * HEIST_STRIDE
    coop = d[hbase + H_COOP]
    for k in range(N_SKILLS):
        have = 0
        for q in range(MAX_PLAYERS):
            for i in range(MAX_GANG):
                if (crew[q] >> i) & 1:
                    have += _skill(before, d, q, i, k)
        if have < d[hbase + H_REQ + k]:
            out[6] += 1
    for q in range(MAX_PLAYERS):
        if q != p and crew[q] and not coop:
            out[8] += 1
        for i in range(MAX_GANG):
            if (crew[q] >> i) & 1:
                useful = 0
                for k in range(N_SKILLS):
                    if d[hbase + H_REQ + k] > 0:
                        useful += _skill(before, d, q, i, k)
                if useful == 0:
                    out[11] += 1
    out[len(ERRORS) + 2] += 1
    if coop:
        out[len(ERRORS) + 3] += 1


@njit(cache=True)
def check_random_games(seed, first, n_games, n_players, d, k, max_steps, out):
    mask = np.zeros(N_ACTIONS, np.uint8)
    rng = np.zeros(N_STREAMS, np.uint64)
    s = np.zeros(STATE_SIZE, np.int32)
    bosses = np.zeros(MAX_PLAYERS, np.int64)
    e = len(ERRORS)
    for g in range(first, first + n_games):
        seed_streams(seed, g, rng)
        init_state(s, d, k, n_players, rng)
        for p in range(n_players):
            bosses[p] = s[_pb(p) + P_GANG]
        steps = 0
        while not is_terminal(s):
            if steps >= max_steps:
                out[1] += 1
                break
            n_legal = legal_mask(s, d, k, mask)
            if n_legal == 0:
                out[0] += 1
                break
            a = random_legal(mask, n_legal, rng, 1 + s[G_CUR])
            before = s.copy()
            step(s, d, k, a)
            steps += 1
            p = before[G_ACTIVE]
            if s[_pb(p) + P_HEISTS_DONE] > before[_pb(p) + P_HEISTS_DONE]:
                check_heist(before, d, a, out)
            check_state(s, d, bosses, out)
        out[e] += 1
        out[e + 1] += steps
        if s[G_END_TRIGGER] == E_GANG_SIZE:
            out[e + 4] += 1
        if s[G_END_TRIGGER] == E_SNITCHES:
            out[e + 5] += 1
        for p in range(n_players):
            out[e + 6] += s[_pb(p) + P_LOST]
