"""Gangsta!'s result row: what one finished game writes (sim/spec.py GAME_COLUMNS, then per seat: score,
rank and SEAT_FEATURES). The play loop that fills it is written once for every game (sim/playloop.py).
"""

from numba import njit

from sim.games.gangsta.layout import (
    G_PLAYERS,
    N_SKILLS,
    N_VP,
    P_COOP_JOINED,
    P_GANG,
    P_GANG_N,
    P_HEISTS_DONE,
    P_LOST,
    P_MONEY,
    P_PASSES,
    P_RECRUITED,
    P_SKILLS,
    P_SNITCH_PAID,
    P_VP_SRC,
    SK_INFORMANT,
    SK_LEADER,
    SK_MERCENARY,
    VP_SOURCES,
)
from sim.games.gangsta.rules import (
    pb,
)
from sim.games.gangsta.tables import C_ID, CARD_STRIDE, D_CARD
from sim.spec import (
    GAME_COLUMNS,
    SEAT_COLUMNS,
)

SEAT_FEATURES = tuple(f"vp_{v}" for v in VP_SOURCES) + (
    "money", "gangsters", "recruited", "lost", "heists_done", "coop_joined", "passes", "snitch_paid", "skills",
    "leader", "mercenary", "informant", "boss", "boss_bit", "tied_first",
)  # fmt: skip
# The bosses in data order (the bit of `boss_bit`): printed id, clan and the skill beside leader.
BOSS_NAMES = ["101 bratva (sniper)", "102 cartel (brawler)", "103 gang (mercenary)", "104 mafia (hacker)",
              "105 triad (informant)"]  # fmt: skip
PER_SEAT = len(SEAT_COLUMNS) + len(SEAT_FEATURES)
FIRST_SEAT_COLUMN = len(GAME_COLUMNS)
FIRST_FEATURE_COLUMN = FIRST_SEAT_COLUMN + len(SEAT_COLUMNS)  # a seat's first SEAT_FEATURES column


@njit(cache=True)
def write_row(s, d, k, scores, winner, row):
    """Each seat's SEAT_FEATURES; the play loop writes the columns every game has (sim/playloop.py)."""
    n = s[G_PLAYERS]
    w = pb(winner)
    for p in range(n):
        c = FIRST_FEATURE_COLUMN + p * PER_SEAT
        b = pb(p)
        for v in range(N_VP):
            row[c + v] = s[b + P_VP_SRC + v]
        c += N_VP
        skills = 0
        for sk in range(N_SKILLS):
            skills += s[b + P_SKILLS + sk]
        row[c] = s[b + P_MONEY]
        row[c + 1] = s[b + P_GANG_N]
        row[c + 2] = s[b + P_RECRUITED]
        row[c + 3] = s[b + P_LOST]
        row[c + 4] = s[b + P_HEISTS_DONE]
        row[c + 5] = s[b + P_COOP_JOINED]
        row[c + 6] = s[b + P_PASSES]
        row[c + 7] = s[b + P_SNITCH_PAID]
        row[c + 8] = skills
        row[c + 9] = s[b + P_SKILLS + SK_LEADER]
        row[c + 10] = s[b + P_SKILLS + SK_MERCENARY]
        row[c + 11] = s[b + P_SKILLS + SK_INFORMANT]
        row[c + 12] = d[D_CARD + s[b + P_GANG] * CARD_STRIDE + C_ID]
        row[c + 13] = 1 << s[b + P_GANG]
        # the winner's key (influence, then gangsters) shared by another seat: BGA would call it a shared win
        row[c + 14] = scores[p] == scores[winner] and s[b + P_GANG_N] == s[w + P_GANG_N]
