"""Yokohama's result row: what one finished game writes (sim/spec.py GAME_COLUMNS, then per seat: score,
rank and SEAT_FEATURES). The play loop that fills it is written once for every game (sim/playloop.py).
"""

from numba import njit

from sim.games.yokohama.actions import A_MOVE, A_USE_AGENT
from sim.games.yokohama.layout import (
    AREA_KEYS,
    G_PLAYERS,
    MAX_POS,
    N_GOODS,
    N_VP,
    P_AGENTS,
    P_AGENTS_GAINED,
    P_CHIPS,
    P_CHURCH_N,
    P_CUSTOMS_N,
    P_GOODS,
    P_IMPORTS,
    P_INDUSTRY,
    P_MONEY,
    P_N_TECHS,
    P_ORDERS_DONE,
    P_SHOPS_BUILT,
    P_TECHS,
    P_TH_BUILT,
    P_VP_SRC,
    VP_SOURCES,
)
from sim.games.yokohama.rules import (
    kind_at,
    pb,
)
from sim.spec import (
    GAME_COLUMNS,
    SEAT_COLUMNS,
)

SEAT_FEATURES = tuple(f"vp_{v}" for v in VP_SOURCES) + (
    "money", "imports", "goods", "techs", "n_techs", "industry", "orders_done", "shops_built",
    "trading_houses_built", "church", "customs", "agents_gained", "agents_unused", "chips",
)  # fmt: skip
PER_SEAT = len(SEAT_COLUMNS) + len(SEAT_FEATURES)
FIRST_SEAT_COLUMN = len(GAME_COLUMNS)
FIRST_FEATURE_COLUMN = FIRST_SEAT_COLUMN + len(SEAT_COLUMNS)  # a seat's first SEAT_FEATURES column
TRACE_LABELS = AREA_KEYS  # what a trace label names: the area kind a move or a foreign agent acts in


@njit(cache=True)
def trace_label(s, a):
    """The area kind an area action is taken in (a move, or a foreign agent), -1 for other actions."""
    if A_MOVE <= a < A_MOVE + MAX_POS:
        return kind_at(s, a - A_MOVE)
    if A_USE_AGENT <= a < A_USE_AGENT + MAX_POS:
        return kind_at(s, a - A_USE_AGENT)
    return -1


@njit(cache=True)
def write_row(s, d, k, scores, winner, row):
    """Each seat's SEAT_FEATURES; the play loop writes the columns every game has (sim/playloop.py)."""
    n = s[G_PLAYERS]
    for p in range(n):
        c = FIRST_FEATURE_COLUMN + p * PER_SEAT
        b = pb(p)
        for v in range(N_VP):
            row[c + v] = s[b + P_VP_SRC + v]
        c += N_VP
        goods = 0
        for g in range(N_GOODS):
            goods += s[b + P_GOODS + g]
        row[c] = s[b + P_MONEY]
        row[c + 1] = s[b + P_IMPORTS]
        row[c + 2] = goods
        row[c + 3] = s[b + P_TECHS]
        row[c + 4] = s[b + P_N_TECHS]
        row[c + 5] = s[b + P_INDUSTRY]
        row[c + 6] = s[b + P_ORDERS_DONE]
        row[c + 7] = s[b + P_SHOPS_BUILT]
        row[c + 8] = s[b + P_TH_BUILT]
        row[c + 9] = s[b + P_CHURCH_N]
        row[c + 10] = s[b + P_CUSTOMS_N]
        row[c + 11] = s[b + P_AGENTS_GAINED]
        row[c + 12] = s[b + P_AGENTS]
        row[c + 13] = s[b + P_CHIPS]
