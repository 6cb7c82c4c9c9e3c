"""Gangsta!'s turn: synchronisation and mobilisation, then one action: recruit, heist (feasibility, crew,
completion, special rewards, learning) or pass.

RULES.md "A turn" (1-3: synchronisation, mobilisation, one action and its rewards); seed 002.
"""

import numpy as np
from numba import njit

from sim.games.gangsta.layout import (
    F_FINISH_ACTION,
    F_REWARDS,
    G_ACTIVE,
    G_CREW_BITS,
    G_CREW_N,
    G_CUR,
    G_FLOW,
    G_FREE_UNTAPS,
    G_GRIVER,
    G_HEIST,
    G_HEIST_OWNER,
    G_HEIST_SLOT,
    G_HRIVER,
    G_MISSING,
    G_PHASE,
    G_PLAYERS,
    G_REPLAY,
    G_REPLAY_PENDING,
    G_REWARD_LEFT,
    G_REWARD_STEP,
    G_TURNS,
    MAX_GANG,
    MAX_PLAYERS,
    N_SKILLS,
    NONE,
    P_COOP_JOINED,
    P_ENGAGED,
    P_GANG,
    P_GANG_N,
    P_HEISTS_DONE,
    P_LEARNED,
    P_MONEY,
    P_RECRUITED,
    P_SKILL_BITS,
    P_SKILLS,
    PH_ACTION,
    PH_ASSASSINATION,
    PH_CREW,
    PH_DIVERSION,
    PH_FAST_RECRUIT,
    PH_LEARN,
    PH_MOBILISE,
    PH_THEFT,
    RIVER,
    RS_ASSASSINATION,
    RS_DIVERSION,
    RS_FAST_RECRUIT,
    RS_LEARN,
    RS_PLAY_AGAIN,
    RS_RALLY,
    RS_THEFT,
    SK_LEADER,
    V_GANGSTERS,
    V_HEISTS,
)
from sim.games.gangsta.params import K_COOP_SOLO, K_CREW_MISSING, K_ENGAGED_LEADERS, K_PASS_MIN, K_UNTAP_COST
from sim.games.gangsta.rules.common import add_member_skills, add_vp, cb, hb, member_n_skills, member_skill, pb
from sim.games.gangsta.tables import (
    C_COST,
    C_INFLUENCE,
    C_SKILL,
    H_ASSASSIN,
    H_CASH,
    H_COOP,
    H_COOP_CASH,
    H_DIVERSION,
    H_FAST,
    H_INFLUENCE,
    H_LEARN,
    H_RALLY,
    H_REPLAY,
    H_REQ,
    H_THEFT,
)

# ================================================================ turn flow


@njit(cache=True)
def start_turn(s, d, k, p):
    """Synchronisation, then mobilisation if there is anything to untap and a way to pay for it."""
    s[G_ACTIVE] = p
    s[G_CUR] = p
    s[G_TURNS] += 1
    b = pb(p)
    n = s[b + P_GANG_N]
    engaged = 0
    free = 0
    for i in range(n):
        if s[b + P_ENGAGED + i]:
            engaged += 1
            if k[K_ENGAGED_LEADERS]:
                free += member_skill(s, d, p, i, np.int64(SK_LEADER))
        else:
            free += member_skill(s, d, p, i, np.int64(SK_LEADER))
    s[G_PHASE] = PH_ACTION
    if engaged == n:
        for i in range(n):  # synchronised: the whole gang is available and mobilisation is skipped
            s[b + P_ENGAGED + i] = 0
    elif engaged > 0 and (free > 0 or s[b + P_MONEY] >= k[K_UNTAP_COST]):
        s[G_FREE_UNTAPS] = free
        s[G_PHASE] = PH_MOBILISE


@njit(cache=True)
def has_assassination_target(s, d, q):
    for i in range(1, s[pb(q) + P_GANG_N]):  # noqa: SIM110 (a plain loop compiles; a generator would not)
        if member_n_skills(s, d, q, i) == 2:
            return True
    return False


# ================================================================ recruiting and heists


@njit(cache=True)
def can_recruit(s, d, p, r):
    c = s[G_GRIVER + r]
    b = pb(p)
    return c >= 0 and s[b + P_MONEY] >= d[cb(c) + C_COST] and s[b + P_GANG_N] < MAX_GANG


@njit(cache=True)
def recruit(s, d, p, r):
    """Pay the cost; the gangster joins the gang available, with its influence."""
    c = s[G_GRIVER + r]
    b = pb(p)
    n = s[b + P_GANG_N]
    s[b + P_MONEY] -= d[cb(c) + C_COST]
    s[b + P_GANG + n] = c
    s[b + P_ENGAGED + n] = 0
    s[b + P_LEARNED + n] = NONE
    s[b + P_GANG_N] = n + 1
    add_member_skills(s, d, p, n, np.int64(1))
    add_vp(s, p, np.int64(V_GANGSTERS), d[cb(c) + C_INFLUENCE])
    s[b + P_RECRUITED] += 1
    s[G_GRIVER + r] = NONE


@njit(cache=True)
def available_pool(s, d, p):
    """Skills of seat p's available gangsters (cells 0..5), then of everyone else's (6..11)."""
    pool = np.zeros(2 * N_SKILLS, np.int64)
    for q in range(s[G_PLAYERS]):
        off = 0 if q == p else N_SKILLS
        b = pb(q)
        for i in range(s[b + P_GANG_N]):
            if s[b + P_ENGAGED + i] == 0:
                c = cb(s[b + P_GANG + i])
                for sk in range(N_SKILLS):
                    pool[off + sk] += d[c + C_SKILL + sk]
                learned = s[b + P_LEARNED + i]
                if learned >= 0:
                    pool[off + learned] += 1
    return pool


@njit(cache=True)
def feasible_with(d, h, pool):
    """Can heist h be completed from this pool? Its available gangsters (any player's for a cooperative
    heist) must hold every required skill, and one of the initiator's own must bring one (it starts the
    crew). Any gangster joining keeps the rest feasible (per skill, it takes x out of a pool that covered
    what was missing and takes min(x, missing) off the missing count), so a crew can always be finished
    once started and no "abandon" action is needed."""
    hbase = hb(h)
    coop = d[hbase + H_COOP]
    own_brings = False
    for sk in range(N_SKILLS):
        need = d[hbase + H_REQ + sk]
        if need == 0:
            continue
        have = pool[sk] + (pool[N_SKILLS + sk] if coop else 0)
        if have < need:
            return False
        if pool[sk] > 0:
            own_brings = True
    return own_brings


@njit(cache=True)
def heist_feasible(s, d, p, h):
    return feasible_with(d, h, available_pool(s, d, p))


@njit(cache=True)
def missing_bits(s):
    bits = 0
    for sk in range(N_SKILLS):
        if s[G_MISSING + sk] > 0:
            bits |= 1 << sk
    return bits


@njit(cache=True)
def required_bits(d, h):
    bits = 0
    for sk in range(N_SKILLS):
        if d[hb(h) + H_REQ + sk] > 0:
            bits |= 1 << sk
    return bits


@njit(cache=True)
def crew_wanted(s, d, k):
    """Skill bits a gangster needs one of to join the crew: any skill the heist requires (seed: "a gangster
    with at least one of the skills needed"), or a still-missing one (heist.crew_brings_missing)."""
    return missing_bits(s) if k[K_CREW_MISSING] else required_bits(d, s[G_HEIST])


@njit(cache=True)
def crew_legal(s, d, p, q, i, wanted):
    """An available gangster, not yet in the crew, with a skill in `wanted`; another player's only in a
    cooperative heist and after the initiator's first gangster."""
    b = pb(q)
    if s[b + P_ENGAGED + i] or (s[G_CREW_BITS + q] >> i) & 1 or not (s[b + P_SKILL_BITS + i] & wanted):
        return False
    return q == p or (d[hb(s[G_HEIST]) + H_COOP] != 0 and s[G_CREW_N] > 0)


@njit(cache=True)
def begin_heist(s, d, r):
    h = s[G_HRIVER + r]
    s[G_HEIST] = h
    s[G_HEIST_SLOT] = r
    for sk in range(N_SKILLS):
        s[G_MISSING + sk] = d[hb(h) + H_REQ + sk]
    for q in range(MAX_PLAYERS):
        s[G_CREW_BITS + q] = 0
    s[G_CREW_N] = 0
    s[G_PHASE] = PH_CREW


@njit(cache=True)
def join_crew(s, d, k, q, i):
    """The gangster is engaged at once. Seed: once nothing is missing the player may still add gangsters
    and ends the crew with crew_done; with heist.crew_brings_missing the heist is performed at once."""
    s[pb(q) + P_ENGAGED + i] = 1
    s[G_CREW_BITS + q] |= 1 << i
    s[G_CREW_N] += 1
    for sk in range(N_SKILLS):
        s[G_MISSING + sk] = max(s[G_MISSING + sk] - member_skill(s, d, q, i, sk), 0)
    if k[K_CREW_MISSING] and missing_bits(s) == 0:
        complete_heist(s, d, k)


@njit(cache=True)
def complete_heist(s, d, k):
    """Cash and influence to the initiator, the co-op reward to each player in the crew, then the specials."""
    p = s[G_ACTIVE]
    h = s[G_HEIST]
    hbase = hb(h)
    b = pb(p)
    s[G_HRIVER + s[G_HEIST_SLOT]] = NONE
    s[G_HEIST_OWNER + h] = p
    s[b + P_MONEY] += d[hbase + H_CASH]
    add_vp(s, p, np.int64(V_HEISTS), d[hbase + H_INFLUENCE])
    s[b + P_HEISTS_DONE] += 1
    if d[hbase + H_COOP]:
        seats = 0
        for q in range(s[G_PLAYERS]):
            if s[G_CREW_BITS + q]:
                seats += 1
        if seats > 1 or k[K_COOP_SOLO]:
            for q in range(s[G_PLAYERS]):
                if s[G_CREW_BITS + q]:
                    s[pb(q) + P_MONEY] += d[hbase + H_COOP_CASH]
                    s[pb(q) + P_COOP_JOINED] += 1
    s[G_REWARD_STEP] = RS_LEARN
    s[G_FLOW] = F_REWARDS


@njit(cache=True)
def learn_legal(s, d, p, i):
    """A crew member of this heist who may learn its skill."""
    if i >= s[pb(p) + P_GANG_N] or not (s[G_CREW_BITS + p] >> i) & 1:
        return False
    return can_learn(s, d, p, i, d[hb(s[G_HEIST]) + H_LEARN])


@njit(cache=True)
def can_learn(s, d, p, i, sk):
    """Gang slot i may learn skill sk: no learned skill yet, and never a second leader skill."""
    return s[pb(p) + P_LEARNED + i] < 0 and not (sk == SK_LEADER and member_skill(s, d, p, i, np.int64(SK_LEADER)) > 0)


@njit(cache=True)
def next_reward(s, d, k):
    """Resolve the heist's special rewards in order; stop at the first that needs a decision."""
    p = s[G_ACTIVE]
    b = pb(p)
    hbase = hb(s[G_HEIST])
    n = s[G_PLAYERS]
    while True:
        step_ = s[G_REWARD_STEP]
        s[G_REWARD_STEP] = step_ + 1
        if step_ == RS_LEARN:
            if d[hbase + H_LEARN] >= 0:
                for i in range(s[b + P_GANG_N]):
                    if learn_legal(s, d, p, i):
                        s[G_PHASE] = PH_LEARN
                        return
        elif step_ == RS_PLAY_AGAIN:
            if d[hbase + H_REPLAY] and not s[G_REPLAY]:  # never twice in a row
                s[G_REPLAY_PENDING] = 1
        elif step_ == RS_RALLY:
            if d[hbase + H_RALLY]:
                for i in range(s[b + P_GANG_N]):
                    s[b + P_ENGAGED + i] = 0
        elif step_ == RS_FAST_RECRUIT:
            if d[hbase + H_FAST]:
                for r in range(RIVER):
                    if can_recruit(s, d, p, r):
                        s[G_PHASE] = PH_FAST_RECRUIT
                        return
        elif step_ == RS_THEFT:
            if d[hbase + H_THEFT] > 0:
                for q in range(n):
                    if q != p and s[pb(q) + P_MONEY] > 0:
                        s[G_PHASE] = PH_THEFT
                        return
        elif step_ == RS_DIVERSION:
            if d[hbase + H_DIVERSION] > 0 and opponents_available(s, p) > 0:
                s[G_REWARD_LEFT] = d[hbase + H_DIVERSION]
                s[G_PHASE] = PH_DIVERSION
                return
        elif step_ == RS_ASSASSINATION:
            if d[hbase + H_ASSASSIN]:
                for q in range(n):
                    if q != p and has_assassination_target(s, d, q):
                        s[G_PHASE] = PH_ASSASSINATION
                        return
        else:
            s[G_FLOW] = F_FINISH_ACTION
            return


@njit(cache=True)
def opponents_available(s, p):
    c = 0
    for q in range(s[G_PLAYERS]):
        if q == p:
            continue
        b = pb(q)
        for i in range(s[b + P_GANG_N]):
            if s[b + P_ENGAGED + i] == 0:
                c += 1
    return c


@njit(cache=True)
def pass_money(s, k, p):
    """$1 per leader skill of the whole gang, at least the BGA option's minimum."""
    return max(s[pb(p) + P_SKILLS + SK_LEADER], k[K_PASS_MIN])
