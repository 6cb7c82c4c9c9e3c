"""Obsession's service: counting servants and matching the servants available to the needs of guests and tiles
(least flexible first, substitutes last).

RULES.md "A regular round" (hosting: servants) and "Choices where the sources differ or the seed is silent".
"""

import numpy as np
from numba import njit

from sim.games.obsession.layout import (
    BX_AVAILABLE,
    G_SUPPLY,
    HIREABLE,
    N_BOXES,
    N_HIREABLE,
    N_SERV,
    P_ABILITY,
    SV_BUTLER,
    SV_FOOTMAN,
    SV_HOUSEKEEPER,
    SV_MAID,
    SV_UNDERBUTLER,
    SV_VALET,
)
from sim.games.obsession.rules.common import gb, pb, sv
from sim.games.obsession.tables import C_SERV1, C_SERV2


@njit(cache=True)
def n_servants(s, p):
    total = 0
    for box in range(N_BOXES):
        for t in range(N_SERV):
            total += s[sv(p, box, t)]
    return total


@njit(cache=True)
def servant_count(s, p, t):
    total = 0
    for box in range(N_BOXES):
        total += s[sv(p, box, t)]
    return total


@njit(cache=True)
def has_ability(s, p, ab):
    return (s[pb(p) + P_ABILITY] >> ab) & 1


@njit(cache=True)
def available(s, p):
    """p's available servants as a scratch array (SERVANTS order)."""
    a = np.zeros(N_SERV, np.int64)
    for t in range(N_SERV):
        a[t] = s[sv(p, np.int64(BX_AVAILABLE), t)]
    return a


@njit(cache=True)
def server_for(a, need, brushing):
    """The servant that serves a need of type `need` from the pool `a`, least flexible first: a substitute
    only when the servant named is not there (housekeeper for a lady's maid; footman for a valet, with the
    Brushing Room), the underbutler (any male role) last. -1 when none can."""
    if need == SV_HOUSEKEEPER:
        return SV_HOUSEKEEPER if a[SV_HOUSEKEEPER] > 0 else -1
    if need == SV_MAID:
        if a[SV_MAID] > 0:
            return SV_MAID
        return SV_HOUSEKEEPER if a[SV_HOUSEKEEPER] > 0 else -1
    if need == SV_VALET:
        if a[SV_VALET] > 0:
            return SV_VALET
        if brushing and a[SV_FOOTMAN] > 0:
            return SV_FOOTMAN
    elif a[need] > 0:  # butler, footman
        return need
    return SV_UNDERBUTLER if a[SV_UNDERBUTLER] > 0 else -1


@njit(cache=True)
def max_served(a, needs, brushing):
    """How many of the single-servant needs `needs` (count per SERVANTS type) the pool `a` can serve at once.
    The capabilities nest (valet < footman with the Brushing Room < underbutler; lady's maid < housekeeper),
    so serving the least flexible first is optimal."""
    h = min(needs[SV_HOUSEKEEPER], a[SV_HOUSEKEEPER])
    maids = min(needs[SV_MAID], a[SV_MAID] + a[SV_HOUSEKEEPER] - h)
    butlers = min(needs[SV_BUTLER], a[SV_BUTLER])
    footmen = min(needs[SV_FOOTMAN], a[SV_FOOTMAN])
    valets = min(needs[SV_VALET], a[SV_VALET])
    short_valets = needs[SV_VALET] - valets
    if brushing:
        extra = min(short_valets, a[SV_FOOTMAN] - footmen)
        valets += extra
        short_valets -= extra
    short = needs[SV_BUTLER] - butlers + needs[SV_FOOTMAN] - footmen + short_valets
    return h + maids + butlers + footmen + valets + min(a[SV_UNDERBUTLER], short)


@njit(cache=True)
def serve_all(a, needs, brushing):
    """Take servants for all of `needs` from the pool `a` (in place); False when some need is left unserved."""
    for t in (SV_HOUSEKEEPER, SV_MAID, SV_BUTLER, SV_FOOTMAN, SV_VALET):
        for _ in range(needs[t]):
            x = server_for(a, t, brushing)
            if x < 0:
                return False
            a[x] -= 1
    return True


@njit(cache=True)
def card_needs(d, c, needs):
    """Add card c's service to `needs`; returns how many servants it needs."""
    n = 0
    for f in (C_SERV1, C_SERV2):
        t = d[gb(c) + f]
        if t >= 0:
            needs[t] += 1
            n += 1
    return n


@njit(cache=True)
def supply_hireable(s):
    n = 0
    for i in range(N_HIREABLE):
        n += s[G_SUPPLY + HIREABLE[i]]
    return n
