"""Obsession's result row: what one finished game writes (sim/spec.py GAME_COLUMNS, then per seat: score,
rank and SEAT_FEATURES). The play loop that fills it is written once for every game (sim/playloop.py).
"""

from numba import njit

from sim.games.obsession.layout import (
    CL_PRESTIGE,
    G_FAIRCHILD,
    G_PLAYERS,
    N_VP,
    P_BORROWED,
    P_BOUGHT,
    P_COURT_TIED,
    P_COURT_WON,
    P_DECK,
    P_DECK_N,
    P_DISMISSED,
    P_ESTATE,
    P_ESTATE_N,
    P_FAMILY,
    P_GOSSIP,
    P_HELPED,
    P_HIRED,
    P_HOSTED,
    P_INVITED,
    P_LOST,
    P_MONEY,
    P_OBJ,
    P_OBJ_N,
    P_PASSES,
    P_REFRESHES,
    P_REP,
    P_VP_SRC,
    P_VPC_USED,
    VP_SOURCES,
    WORD_BITS,
)
from sim.games.obsession.rules import (
    gb,
    level,
    n_servants,
    objective_vp,
    pb,
    tiebreak_key,
)
from sim.games.obsession.tables import C_CLASS, D_INST_KIND, D_KIND_MARKET
from sim.spec import (
    GAME_COLUMNS,
    SEAT_COLUMNS,
)

TILE_WORDS = 3  # int32 words of the owned-tile masks (WORD_BITS market kinds each)
SEAT_FEATURES = tuple(f"vp_{v}" for v in VP_SOURCES) + (
    "money", "reputation", "level", "servants", "tiles", "tiles_bought", "guests", "prestige_guests", "hosted",
    "passes", "invited", "dismissed", "hired", "servants_lost", "borrowed", "service_help", "market_refreshes",
    "spent_vp_cards", "courtships_won", "courtships_tied", "gossip", "objectives_done", "family", "family_bit",
    "fairchild",
) + tuple(f"tiles{w}" for w in range(TILE_WORDS)) + ("tied_first",)  # fmt: skip
PER_SEAT = len(SEAT_COLUMNS) + len(SEAT_FEATURES)
FIRST_SEAT_COLUMN = len(GAME_COLUMNS)
FIRST_FEATURE_COLUMN = FIRST_SEAT_COLUMN + len(SEAT_COLUMNS)  # a seat's first SEAT_FEATURES column


@njit(cache=True)
def write_row(s, d, k, scores, winner, row):
    """Each seat's SEAT_FEATURES; the play loop writes the columns every game has (sim/playloop.py)."""
    n = s[G_PLAYERS]
    top = tiebreak_key(s, winner)
    for p in range(n):
        c = FIRST_FEATURE_COLUMN + p * PER_SEAT
        b = pb(p)
        for v in range(N_VP):
            row[c + v] = s[b + P_VP_SRC + v]
        c += N_VP
        prestige = 0
        for i in range(s[b + P_DECK_N]):
            if d[gb(s[b + P_DECK + i]) + C_CLASS] == CL_PRESTIGE:
                prestige += 1
        done = 0
        for i in range(s[b + P_OBJ_N]):
            if objective_vp(s, d, k, p, s[b + P_OBJ + i]) > 0:
                done += 1
        row[c] = s[b + P_MONEY]
        row[c + 1] = s[b + P_REP]
        row[c + 2] = level(s[b + P_REP])
        row[c + 3] = n_servants(s, p)
        row[c + 4] = s[b + P_ESTATE_N]
        row[c + 5] = s[b + P_BOUGHT]
        row[c + 6] = s[b + P_DECK_N]
        row[c + 7] = prestige
        row[c + 8] = s[b + P_HOSTED]
        row[c + 9] = s[b + P_PASSES]
        row[c + 10] = s[b + P_INVITED]
        row[c + 11] = s[b + P_DISMISSED]
        row[c + 12] = s[b + P_HIRED]
        row[c + 13] = s[b + P_LOST]
        row[c + 14] = s[b + P_BORROWED]
        row[c + 15] = s[b + P_HELPED]
        row[c + 16] = s[b + P_REFRESHES]
        row[c + 17] = s[b + P_VPC_USED]
        row[c + 18] = s[b + P_COURT_WON]
        row[c + 19] = s[b + P_COURT_TIED]
        row[c + 20] = s[b + P_GOSSIP]
        row[c + 21] = done
        row[c + 22] = s[b + P_FAMILY]
        row[c + 23] = 1 << s[b + P_FAMILY]
        row[c + 24] = (s[G_FAIRCHILD] == p) + 2 * (s[G_FAIRCHILD + 1] == p)
        for w in range(TILE_WORDS):
            row[c + 25 + w] = 0
        for i in range(s[b + P_ESTATE_N]):
            m = d[D_KIND_MARKET + d[D_INST_KIND + s[b + P_ESTATE + i]]]
            if m >= 0:
                row[c + 25 + m // WORD_BITS] |= 1 << (m % WORD_BITS)
        # the winner's tiebreak key (score, Fairchild, reputation) shared by another seat: a shared win
        row[c + 25 + TILE_WORDS] = p != winner and tiebreak_key(s, p) == top
