"""Gangsta!'s turn flow: `advance` runs the rules' own procedures until a decision is due; `legal_mask`
says which actions are legal and `step` applies one.

RULES.md "A turn" (the diagram of decisions).
"""

import numpy as np
from numba import njit

from sim.games.gangsta.actions import (
    A_CREW,
    A_CREW_DONE,
    A_DISCARD_GANGSTER,
    A_DISCARD_HEIST,
    A_DISCARD_SKIP,
    A_DIVERT,
    A_DIVERT_DONE,
    A_FAST_RECRUIT,
    A_FAST_SKIP,
    A_HEIST,
    A_LEARN,
    A_LEARN_SKIP,
    A_LOSE,
    A_MARK,
    A_MARK_SKIP,
    A_MOBILISE_DONE,
    A_PASS,
    A_RECRUIT,
    A_STEAL,
    A_STEAL_SKIP,
    A_UNTAP,
)
from sim.games.gangsta.layout import (
    F_DECIDE,
    F_FINISH_ACTION,
    F_NEXT_LOSS,
    F_REFILL,
    F_REWARDS,
    G_CUR,
    G_FLOW,
    G_FREE_UNTAPS,
    G_GDISCARD,
    G_GDISCARD_N,
    G_GRIVER,
    G_HDISCARD,
    G_HDISCARD_N,
    G_HEIST,
    G_HRIVER,
    G_LOSS_CAUSE,
    G_PHASE,
    G_PLAYERS,
    G_REWARD_LEFT,
    G_VICTIM,
    L_ASSASSINATION,
    MAX_GANG,
    NONE,
    P_ENGAGED,
    P_GANG_N,
    P_MONEY,
    P_PASSES,
    PH_ACTION,
    PH_ASSASSINATION,
    PH_CREW,
    PH_DIVERSION,
    PH_FAST_RECRUIT,
    PH_LEARN,
    PH_LOSE,
    PH_MOBILISE,
    PH_PASS_DISCARD,
    PH_THEFT,
    RIVER,
)
from sim.games.gangsta.params import K_PASS_DISCARD, K_UNTAP_COST
from sim.games.gangsta.rules.common import hb, learn, pb
from sim.games.gangsta.rules.end_of_turn import (
    begin_losses,
    discard_member,
    finish_action,
    loss_legal,
    next_loss,
    refill_and_advance,
)
from sim.games.gangsta.rules.turn_actions import (
    available_pool,
    begin_heist,
    can_recruit,
    complete_heist,
    crew_legal,
    crew_wanted,
    feasible_with,
    has_assassination_target,
    join_crew,
    learn_legal,
    missing_bits,
    next_reward,
    opponents_available,
    pass_money,
    recruit,
)
from sim.games.gangsta.tables import H_LEARN, H_THEFT


@njit(cache=True)
def advance(s, d, k):
    """Run what the rules do by themselves (rewards, end of turn, refills, discards) until a decision is due."""
    while True:
        flow = s[G_FLOW]
        s[G_FLOW] = F_DECIDE
        if flow == F_REWARDS:
            next_reward(s, d, k)
        elif flow == F_FINISH_ACTION:
            finish_action(s, d, k)
        elif flow == F_REFILL:
            refill_and_advance(s, d, k)
        elif flow == F_NEXT_LOSS:
            next_loss(s, d, k)
        else:
            return


# ================================================================ the contract: legal_mask and step


@njit(cache=True)
def legal_mask(s, d, k, mask):
    """mask[a] = 1 for every legal action; returns how many there are."""
    mask[:] = 0
    phase = s[G_PHASE]
    p = s[G_CUR]
    b = pb(p)
    n = s[G_PLAYERS]
    count = 0
    if phase == PH_MOBILISE:
        mask[A_MOBILISE_DONE] = 1
        count += 1
        if s[G_FREE_UNTAPS] > 0 or s[b + P_MONEY] >= k[K_UNTAP_COST]:
            for i in range(s[b + P_GANG_N]):
                count += allow(mask, A_UNTAP + i, s[b + P_ENGAGED + i] != 0)
    elif phase == PH_ACTION:
        mask[A_PASS] = 1
        count += 1
        pool = available_pool(s, d, p)
        for r in range(RIVER):
            count += allow(mask, A_RECRUIT + r, can_recruit(s, d, p, r))
            h = s[G_HRIVER + r]
            count += allow(mask, A_HEIST + r, h >= 0 and feasible_with(d, h, pool))
    elif phase == PH_CREW:
        count += allow(mask, np.int64(A_CREW_DONE), missing_bits(s) == 0)
        wanted = crew_wanted(s, d, k)
        for q in range(n):
            for i in range(s[pb(q) + P_GANG_N]):
                count += allow(mask, A_CREW + q * MAX_GANG + i, crew_legal(s, d, p, q, i, wanted))
    elif phase == PH_LEARN:
        mask[A_LEARN_SKIP] = 1
        count += 1
        for i in range(s[b + P_GANG_N]):
            count += allow(mask, A_LEARN + i, learn_legal(s, d, p, i))
    elif phase == PH_FAST_RECRUIT:
        mask[A_FAST_SKIP] = 1
        count += 1
        for r in range(RIVER):
            count += allow(mask, A_FAST_RECRUIT + r, can_recruit(s, d, p, r))
    elif phase == PH_THEFT:
        mask[A_STEAL_SKIP] = 1
        count += 1
        for q in range(n):
            count += allow(mask, A_STEAL + q, q != p and s[pb(q) + P_MONEY] > 0)
    elif phase == PH_DIVERSION:
        mask[A_DIVERT_DONE] = 1
        count += 1
        for q in range(n):
            if q != p:
                for i in range(s[pb(q) + P_GANG_N]):
                    count += allow(mask, A_DIVERT + q * MAX_GANG + i, s[pb(q) + P_ENGAGED + i] == 0)
    elif phase == PH_ASSASSINATION:
        mask[A_MARK_SKIP] = 1
        count += 1
        for q in range(n):
            count += allow(mask, A_MARK + q, q != p and has_assassination_target(s, d, q))
    elif phase == PH_LOSE:
        v = s[G_VICTIM]
        for i in range(s[pb(v) + P_GANG_N]):
            count += allow(mask, A_LOSE + i, loss_legal(s, d, v, i, s[G_LOSS_CAUSE]))
    elif phase == PH_PASS_DISCARD:
        mask[A_DISCARD_SKIP] = 1
        count += 1
        for r in range(RIVER):
            count += allow(mask, A_DISCARD_GANGSTER + r, s[G_GRIVER + r] >= 0)
            count += allow(mask, A_DISCARD_HEIST + r, s[G_HRIVER + r] >= 0)
    return count


@njit(cache=True)
def allow(mask, a, ok):
    """Mark action a legal when ok; 1 if it was marked (legal_mask counts as it goes)."""
    if ok:
        mask[a] = 1
        return 1
    return 0


@njit(cache=True)
def step(s, d, k, a):
    """Apply legal action a for the current seat."""
    phase = s[G_PHASE]
    p = s[G_CUR]
    b = pb(p)
    if phase == PH_MOBILISE:
        if a == A_MOBILISE_DONE:
            s[G_PHASE] = PH_ACTION
        else:
            if s[G_FREE_UNTAPS] > 0:
                s[G_FREE_UNTAPS] -= 1
            else:
                s[b + P_MONEY] -= k[K_UNTAP_COST]
            s[b + P_ENGAGED + a - A_UNTAP] = 0
    elif phase == PH_ACTION:
        if a == A_PASS:
            s[b + P_MONEY] += pass_money(s, k, p)
            s[b + P_PASSES] += 1
            if k[K_PASS_DISCARD]:
                s[G_PHASE] = PH_PASS_DISCARD
            else:
                s[G_FLOW] = F_FINISH_ACTION
        elif a < A_HEIST:
            recruit(s, d, p, a - A_RECRUIT)
            s[G_FLOW] = F_FINISH_ACTION
        else:
            begin_heist(s, d, a - A_HEIST)
    elif phase == PH_CREW:
        if a == A_CREW_DONE:
            complete_heist(s, d, k)
        else:
            i = a - A_CREW
            join_crew(s, d, k, i // MAX_GANG, i % MAX_GANG)
    elif phase == PH_LEARN:
        if a != A_LEARN_SKIP:
            i = a - A_LEARN
            learn(s, p, i, d[hb(s[G_HEIST]) + H_LEARN])
        s[G_FLOW] = F_REWARDS
    elif phase == PH_FAST_RECRUIT:
        if a != A_FAST_SKIP:
            recruit(s, d, p, a - A_FAST_RECRUIT)
        s[G_FLOW] = F_REWARDS
    elif phase == PH_THEFT:
        if a != A_STEAL_SKIP:
            q = a - A_STEAL
            amount = min(d[hb(s[G_HEIST]) + H_THEFT], s[pb(q) + P_MONEY])
            s[pb(q) + P_MONEY] -= amount
            s[b + P_MONEY] += amount
        s[G_FLOW] = F_REWARDS
    elif phase == PH_DIVERSION:
        if a == A_DIVERT_DONE:
            s[G_FLOW] = F_REWARDS
        else:
            i = a - A_DIVERT
            s[pb(i // MAX_GANG) + P_ENGAGED + i % MAX_GANG] = 1
            s[G_REWARD_LEFT] -= 1
            if s[G_REWARD_LEFT] == 0 or opponents_available(s, p) == 0:
                s[G_FLOW] = F_REWARDS
    elif phase == PH_ASSASSINATION:
        if a == A_MARK_SKIP:
            s[G_FLOW] = F_REWARDS
        else:
            begin_losses(s, d, k, np.int64(L_ASSASSINATION), 1 << (a - A_MARK), np.int64(NONE))
    elif phase == PH_LOSE:
        discard_member(s, d, s[G_VICTIM], a - A_LOSE)
        s[G_FLOW] = F_NEXT_LOSS
    elif phase == PH_PASS_DISCARD:
        if a == A_DISCARD_SKIP:
            pass
        elif a < A_DISCARD_HEIST:
            r = a - A_DISCARD_GANGSTER
            s[G_GDISCARD + s[G_GDISCARD_N]] = s[G_GRIVER + r]
            s[G_GDISCARD_N] += 1
            s[G_GRIVER + r] = NONE
        else:
            r = a - A_DISCARD_HEIST
            s[G_HDISCARD + s[G_HDISCARD_N]] = s[G_HRIVER + r]
            s[G_HDISCARD_N] += 1
            s[G_HRIVER + r] = NONE
        s[G_FLOW] = F_FINISH_ACTION
    advance(s, d, k)
