"""Obsession's shared helpers: addressing the state and the data, a tile's side, category, VP and ability,
the round track's events, reputation and borrowing.

Every other rules module builds on these. RULES.md "The game as modelled"; seed.
"""

from numba import njit

from sim.games.obsession.layout import (
    AB_LIONHEART,
    AB_QUEENS,
    G_CUR,
    G_MAX_REP,
    G_PHASE,
    G_PLAYER,
    G_TILE_SIDE,
    MAX_ROUNDS,
    N_SERV,
    P_BORROWED,
    P_MONEY,
    P_REP,
    P_SERV,
    P_SIZE,
    PH_GAME_OVER,
    POSITIONS,
    TT_MONUMENT,
)
from sim.games.obsession.params import K_BORROW_MONEY, K_BORROW_REP, K_EXTENDED
from sim.games.obsession.tables import (
    D_GENTRY,
    D_INST_KIND,
    D_KIND,
    D_OBJ,
    D_TRACK,
    D_VPC,
    GENTRY_STRIDE,
    K_ABILITY,
    K_CAT,
    K_CAT_BACK,
    K_SIDE,
    K_TYPE,
    KIND_STRIDE,
    OBJ_STRIDE,
    S_VP,
    SIDE_STRIDE,
    VPC_STRIDE,
)

UNLIMITED = 99  # purchases on a Builders' Holiday or with the purchases VP card
MAX_DOUBLE_SERVICE = 10  # two-servant guests the feasibility check enumerates (2**10 subsets)
MAX_MONEY_CARDS = 12  # guests costing or bringing pounds the pauper check enumerates (2**12 subsets)


# ================================================================ addressing


@njit(cache=True)
def pb(p):
    """Offset of seat p's player block."""
    return G_PLAYER + p * P_SIZE


@njit(cache=True)
def kb(kind):
    """Offset of tile kind `kind` in the data."""
    return D_KIND + kind * KIND_STRIDE


@njit(cache=True)
def gb(c):
    """Offset of gentry card c in the data."""
    return D_GENTRY + c * GENTRY_STRIDE


@njit(cache=True)
def ob(o):
    return D_OBJ + o * OBJ_STRIDE


@njit(cache=True)
def vb(v):
    return D_VPC + v * VPC_STRIDE


@njit(cache=True)
def sv(p, box, t):
    """Offset of seat p's count of servant t in box `box`."""
    return G_PLAYER + p * P_SIZE + P_SERV + box * N_SERV + t


@njit(cache=True)
def kind_of(d, t):
    return d[D_INST_KIND + t]


@njit(cache=True)
def side_base(s, d, t):
    """Offset of the side of tile instance t that shows now."""
    return kb(d[D_INST_KIND + t]) + K_SIDE + s[G_TILE_SIDE + t] * SIDE_STRIDE


@njit(cache=True)
def tile_cat(s, d, t):
    """The category the tile counts in now (a hybrid changes it when it flips)."""
    k = kb(d[D_INST_KIND + t])
    return d[k + K_CAT_BACK] if s[G_TILE_SIDE + t] else d[k + K_CAT]


@njit(cache=True)
def tile_vp(s, d, t):
    return d[side_base(s, d, t) + S_VP]


@njit(cache=True)
def tile_type(s, d, t):
    """A used Queen's or Lionheart Suite is a monument."""
    k = kb(d[D_INST_KIND + t])
    ab = d[k + K_ABILITY]
    if (ab == AB_QUEENS or ab == AB_LIONHEART) and s[G_TILE_SIDE + t]:
        return TT_MONUMENT
    return d[k + K_TYPE]


@njit(cache=True)
def tile_ability(d, t):
    return d[kb(d[D_INST_KIND + t]) + K_ABILITY]


@njit(cache=True)
def events(d, k, r):
    """Bit mask of the round track's events on round r (EVENTS)."""
    return d[D_TRACK + k[K_EXTENDED] * (MAX_ROUNDS + 1) + r]


@njit(cache=True)
def has_event(d, k, r, e):
    return (events(d, k, r) >> e) & 1


@njit(cache=True)
def card_field(d, c, f):
    return d[gb(c) + f]


# ================================================================ reputation, money, servants


@njit(cache=True)
def level(r):
    """Reputation level (the large number) of reputation step r."""
    return r // POSITIONS + 1


@njit(cache=True)
def max_level(s):
    return level(s[G_MAX_REP])


@njit(cache=True)
def add_rep(s, p, n):
    """Move p's reputation by n steps; it stops at level 1 position 1 and at Max position 5 (partial
    penalties are paid as far as possible)."""
    b = pb(p)
    r = s[b + P_REP] + n
    if r < 0:
        r = 0
    if r > s[G_MAX_REP]:
        r = s[G_MAX_REP]
    s[b + P_REP] = r


@njit(cache=True)
def borrowable(s, k, p):
    """Pounds p could still borrow with the reputation it has."""
    return (s[pb(p) + P_REP] // k[K_BORROW_REP]) * k[K_BORROW_MONEY]


@njit(cache=True)
def borrow(s, k, p):
    b = pb(p)
    s[b + P_REP] -= k[K_BORROW_REP]
    s[b + P_MONEY] += k[K_BORROW_MONEY]
    s[b + P_BORROWED] += k[K_BORROW_MONEY]


@njit(cache=True)
def is_terminal(s):
    return s[G_PHASE] == PH_GAME_OVER


@njit(cache=True)
def current_player(s):
    return s[G_CUR]
