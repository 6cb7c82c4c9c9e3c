"""Gangsta!'s position features: what one seat's position is worth, as numbers a learned value weighs.

`features(s, d, k, seat, out)` writes `out[:N_FEATURES]` from `seat`'s point of view. Gangsta! has no hand:
every gang, purse, influence total and both rivers are on the table (RULES.md, Setup; hidden.py), so a seat
sees everything but the order of the recruiting deck and of the heist decks, the opening rivers of the
chapters not begun and the reshuffle key. The features read none of those: only the seats' public standing
(influence, money, gangs and their skills, hires), the face-up heists, the chapter, the snitches revealed and
the rule knobs that say when the game ends. What the greedy bot values (strategies/gangsta.py: influence,
money up to a cap, gang members, skills the face-up heists ask for, mercenaries before the gang war,
informants against snitches, leaders for income) appears as state quantities, not as its weights.

Progress is how near the end is by the rules: the most hires any seat has against `end.gang_size`, and in
the last chapter the snitches revealed against `end.snitches`, whichever is nearer (1 once the game is over).
"""

import numpy as np
from numba import njit

from sim.games.gangsta.layout import (
    G_ACTIVE,
    G_CHAPTER,
    G_HRIVER,
    G_PHASE,
    G_PLAYERS,
    G_SNITCHES,
    MAX_PLAYERS,
    N_CHAPTERS,
    N_SKILLS,
    P_ENGAGED,
    P_GANG_N,
    P_HEISTS_DONE,
    P_MONEY,
    P_SKILLS,
    P_VP,
    P_VP_SRC,
    PH_GAME_OVER,
    RIVER,
    SK_INFORMANT,
    SK_LEADER,
    SK_MERCENARY,
    V_HEISTS,
)
from sim.games.gangsta.params import K_END_AT, K_END_SNITCHES, K_MOST_VP, K_SHARED_VP
from sim.games.gangsta.rules import available_pool, feasible_with, hb, highest_count, pb, threshold_count
from sim.games.gangsta.tables import H_INFLUENCE, H_REQ

FEATURES = (
    ("players", "players in the game"),
    ("progress", "0..1: the most hires against end.gang_size, or in chapter 3 the snitches against end.snitches"),
    ("chapter", "0 genesis, 0.5 gang war, 1 domination"),
    ("score_now", "own influence if the game ended now (most money and most gangsters awarded)"),
    ("lead", "score_now minus the best other seat's"),
    ("rank", "0 first .. 1 last: share of the other seats with a higher score_now"),
    ("lead_x_progress", "lead times progress: a lead counts more near the end"),
    ("vp_heists", "influence from heists performed"),
    ("heists_done", "heists performed"),
    ("money", "dollars in hand"),
    ("money_lead", "dollars minus the richest other seat's (most money at the end)"),
    ("money_x_early", "dollars times (1 - progress): money buys gangsters and untaps while there is time"),
    ("gang", "cards in the gang, the boss included"),
    ("gang_lead", "gang minus the biggest other gang (most gangsters at the end)"),
    ("gang_x_early", "gang times (1 - progress): members win heists while there is time"),
    ("own_hires", "own hires (the 4/7/9 count) against end.gang_size: how near this seat is to ending the game"),
    ("available", "gang members not engaged (free for a heist this turn)"),
    ("skills", "skill points of the whole gang"),
    ("skills_x_early", "skills times (1 - progress)"),
    ("skills_wanted", "own skill points the face-up heists ask for (per skill, the smaller of the two)"),
    ("feasible_heists", "face-up heists this seat could perform now"),
    ("best_heist_vp", "influence of the best face-up heist this seat could perform now"),
    ("leaders", "leader skills: pass income and free untaps"),
    ("mercenary_lead", "mercenary skills minus the best other seat's, before the gang war (0 after it)"),
    ("informants", "informant skills (protection against snitches)"),
    ("snitches", "snitches revealed in this chapter"),
    ("own_turn", "1 when it is this seat's turn"),
    ("wait", "0 on its turn, else (seat - active seat) mod players over players - 1: 1 when it plays last"),
)
N_FEATURES = len(FEATURES)
(F_PLAYERS, F_PROGRESS, F_CHAPTER, F_SCORE_NOW, F_LEAD, F_RANK, F_LEAD_X_PROGRESS, F_VP_HEISTS, F_HEISTS_DONE,
 F_MONEY, F_MONEY_LEAD, F_MONEY_X_EARLY, F_GANG, F_GANG_LEAD, F_GANG_X_EARLY, F_OWN_HIRES, F_AVAILABLE, F_SKILLS,
 F_SKILLS_X_EARLY, F_SKILLS_WANTED, F_FEASIBLE, F_BEST_HEIST_VP, F_LEADERS, F_MERCENARY_LEAD, F_INFORMANTS,
 F_SNITCHES, F_OWN_TURN, F_WAIT) = range(N_FEATURES)  # fmt: skip
GANG_WAR_CHAPTER = 2  # the gang war ends chapter 2: mercenaries count until then


@njit(cache=True)
def progress(s, k):
    if s[G_PHASE] == PH_GAME_OVER:
        return 1.0
    x = highest_count(s, k) / max(k[K_END_AT], 1)
    if s[G_CHAPTER] == N_CHAPTERS:
        x = max(x, s[G_SNITCHES] / max(k[K_END_SNITCHES], 1))
    return min(x, 1.0)


@njit(cache=True)
def award_share(s, k, n, field, p):
    """Influence seat p would get for the most of `field` (money, gang) if the game ended now."""
    top = -1
    count = 0
    for q in range(n):
        x = s[pb(q) + field]
        if x > top:
            top = x
            count = 1
        elif x == top:
            count += 1
    if s[pb(p) + field] < top:
        return 0
    return k[K_MOST_VP] if count == 1 else k[K_SHARED_VP]


@njit(cache=True)
def score_now(s, k, n, p):
    """Final scoring's majorities added to influence; a finished game has already added them."""
    if s[G_PHASE] == PH_GAME_OVER:
        return s[pb(p) + P_VP]
    return s[pb(p) + P_VP] + award_share(s, k, n, np.int64(P_MONEY), p) + award_share(s, k, n, np.int64(P_GANG_N), p)


@njit(cache=True)
def best_other(s, n, seat, field):
    best = -(1 << 30)
    for q in range(n):
        if q != seat:
            best = max(best, s[pb(q) + field])
    return best


@njit(cache=True)
def count_heist_fit(s, d, seat, out):
    """Face-up heists: the seat's skills they ask for, how many it could do now and the best one's influence."""
    b = pb(seat)
    demand = np.zeros(N_SKILLS, np.int64)
    pool = available_pool(s, d, seat)
    feasible = 0
    best_vp = 0
    for r in range(RIVER):
        h = s[G_HRIVER + r]
        if h < 0:
            continue
        for sk in range(N_SKILLS):
            demand[sk] += d[hb(h) + H_REQ + sk]
        if feasible_with(d, h, pool):
            feasible += 1
            best_vp = max(best_vp, d[hb(h) + H_INFLUENCE])
    wanted = 0
    for sk in range(N_SKILLS):
        wanted += min(s[b + P_SKILLS + sk], demand[sk])
    out[F_SKILLS_WANTED] = wanted
    out[F_FEASIBLE] = feasible
    out[F_BEST_HEIST_VP] = best_vp


@njit(cache=True)
def features(s, d, k, seat, out):
    n = s[G_PLAYERS]
    b = pb(seat)
    prog = progress(s, k)
    early = 1.0 - prog
    scores = np.zeros(MAX_PLAYERS, np.int64)
    for q in range(n):
        scores[q] = score_now(s, k, n, q)
    best = -(1 << 30)
    ahead = 0
    for q in range(n):
        if q != seat:
            best = max(best, scores[q])
            ahead += scores[q] > scores[seat]
    out[F_PLAYERS] = n
    out[F_PROGRESS] = prog
    out[F_CHAPTER] = (s[G_CHAPTER] - 1) / (N_CHAPTERS - 1)
    out[F_SCORE_NOW] = scores[seat]
    out[F_LEAD] = scores[seat] - best
    out[F_RANK] = ahead / (n - 1)
    out[F_LEAD_X_PROGRESS] = (scores[seat] - best) * prog
    out[F_VP_HEISTS] = s[b + P_VP_SRC + V_HEISTS]
    out[F_HEISTS_DONE] = s[b + P_HEISTS_DONE]
    out[F_MONEY] = s[b + P_MONEY]
    out[F_MONEY_LEAD] = s[b + P_MONEY] - best_other(s, n, seat, np.int64(P_MONEY))
    out[F_MONEY_X_EARLY] = s[b + P_MONEY] * early
    out[F_GANG] = s[b + P_GANG_N]
    out[F_GANG_LEAD] = s[b + P_GANG_N] - best_other(s, n, seat, np.int64(P_GANG_N))
    out[F_GANG_X_EARLY] = s[b + P_GANG_N] * early
    out[F_OWN_HIRES] = threshold_count(s, k, seat) / max(k[K_END_AT], 1)
    available = 0
    for i in range(s[b + P_GANG_N]):
        available += s[b + P_ENGAGED + i] == 0
    out[F_AVAILABLE] = available
    skills = 0
    for sk in range(N_SKILLS):
        skills += s[b + P_SKILLS + sk]
    out[F_SKILLS] = skills
    out[F_SKILLS_X_EARLY] = skills * early
    count_heist_fit(s, d, seat, out)
    out[F_LEADERS] = s[b + P_SKILLS + SK_LEADER]
    mercenaries = s[b + P_SKILLS + SK_MERCENARY] - best_other(s, n, seat, np.int64(P_SKILLS + SK_MERCENARY))
    out[F_MERCENARY_LEAD] = mercenaries if s[G_CHAPTER] <= GANG_WAR_CHAPTER else 0
    out[F_INFORMANTS] = s[b + P_SKILLS + SK_INFORMANT]
    out[F_SNITCHES] = s[G_SNITCHES]
    out[F_OWN_TURN] = s[G_ACTIVE] == seat
    out[F_WAIT] = ((seat - s[G_ACTIVE]) % n) / (n - 1)
