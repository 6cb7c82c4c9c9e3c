"""Obsession's rounds: the start of a round and of a turn (service rotation, events), the end of a turn and
of a round, courtships and their discards, the VP cards after the final courtship.

RULES.md "A regular round" (steps 1-2) and "A courtship round".
"""

import numpy as np
from numba import njit

from sim.games.obsession.layout import (
    AB_HALL,
    BX_AVAILABLE,
    BX_EXPENDED,
    BX_QUARTERS,
    EV_BUILDERS,
    EV_COURTSHIP,
    EV_FAIR,
    EV_OBJECTIVES,
    F_AFTER_EVENTS,
    F_COURT_DISCARD,
    F_COURTSHIP,
    F_DECIDE,
    F_END_ROUND,
    F_FINAL_VPC,
    F_START_ROUND,
    F_START_TURN,
    G_ACTIVE,
    G_BOUGHT_NOW,
    G_BUYS_LEFT,
    G_COURT_QUEUE,
    G_COURT_WINNER,
    G_CUR,
    G_FAIRCHILD,
    G_FINAL_VPC,
    G_FIRST,
    G_FLOW,
    G_LAST_ROUND,
    G_MULTI_BUY,
    G_OBJ_BOTTOM,
    G_OBJ_DECK,
    G_PHASE,
    G_PLAYERS,
    G_QUARTERS_USED,
    G_REFRESHED,
    G_ROUND,
    G_THEMES,
    G_THEMES_SHOWN,
    G_TURNS,
    MAX_PLAYERS,
    N_SERV,
    N_THEMES,
    NONE,
    P_COURT_TIED,
    P_COURT_WON,
    P_MONEY,
    P_MONUMENTS,
    P_OBJ_N,
    P_REP,
    P_VPC,
    PH_COURT_DISCARD,
    PH_FAIRCHILD,
    PH_FINAL_VPC,
    PH_HALL,
    PH_MAIN,
    PH_OBJ_DISCARD,
    VK_HIRE,
    VK_MONEY,
    VK_OBJECTIVE,
    VK_PRESTIGE,
    VK_REPUTATION,
)
from sim.games.obsession.params import (
    K_CLOSED,
    K_FAIR_MONEY,
    K_FAIR_REP,
    K_FIRST_PLAYER,
    K_MONUMENT_REP,
    K_OBJ_DRAW,
    K_OBJ_DRAW_DISCARD,
)
from sim.games.obsession.rules.common import UNLIMITED, add_rep, has_event, pb, sv, vb
from sim.games.obsession.rules.decks import draw_objective, draw_vp_card, find_card, remove_slot, reshuffle
from sim.games.obsession.rules.market import activate_reserve, category_vp, study_flipped
from sim.games.obsession.rules.scoring import end_game
from sim.games.obsession.rules.servants import has_ability
from sim.games.obsession.rules.specials import vpc_usable
from sim.games.obsession.tables import D_FAIRCHILD, D_THEMES, V_KIND

# ================================================================ rounds and turns


@njit(cache=True)
def start_round(s, d, k):
    if has_event(d, k, s[G_ROUND], np.int64(EV_COURTSHIP)):
        s[G_FLOW] = F_COURTSHIP
        return
    s[G_TURNS] = 0
    s[G_ACTIVE] = s[G_FIRST]
    s[G_FLOW] = F_START_TURN


@njit(cache=True)
def start_turn(s, d, k):
    """Step 1 (rotate service, not in round 1) and step 2's round event: a village fair (Study flipped:
    reputation and pounds), an objective draw (then, seed, one objective discarded)."""
    p = s[G_ACTIVE]
    b = pb(p)
    s[G_CUR] = p
    r = s[G_ROUND]
    s[G_REFRESHED] = 0
    s[G_QUARTERS_USED] = 0
    s[G_BOUGHT_NOW] = 0
    s[G_MULTI_BUY] = 0
    s[G_BUYS_LEFT] = 1
    if has_event(d, k, r, np.int64(EV_BUILDERS)):
        s[G_MULTI_BUY] = 1
        s[G_BUYS_LEFT] = UNLIMITED
    if r > 1:
        for t in range(N_SERV):
            s[sv(p, np.int64(BX_AVAILABLE), t)] += s[sv(p, np.int64(BX_QUARTERS), t)]
            s[sv(p, np.int64(BX_QUARTERS), t)] = s[sv(p, np.int64(BX_EXPENDED), t)]
            s[sv(p, np.int64(BX_EXPENDED), t)] = 0
    if has_event(d, k, r, np.int64(EV_FAIR)) and study_flipped(s, d, p):
        add_rep(s, p, k[K_FAIR_REP])
        s[b + P_MONEY] += k[K_FAIR_MONEY]
    s[G_FLOW] = F_AFTER_EVENTS
    if has_event(d, k, r, np.int64(EV_OBJECTIVES)):
        for _ in range(k[K_OBJ_DRAW]):
            draw_objective(s, p)
        if k[K_OBJ_DRAW_DISCARD] and s[b + P_OBJ_N] > 0:
            s[G_PHASE] = PH_OBJ_DISCARD
            s[G_FLOW] = F_DECIDE


@njit(cache=True)
def after_events(s, d, k):
    """Step 2, continued: reputation for each monument, then the Servants' Hall (if owned, with a servant
    available); then step 3."""
    p = s[G_ACTIVE]
    add_rep(s, p, s[pb(p) + P_MONUMENTS] * k[K_MONUMENT_REP])
    s[G_CUR] = p
    if has_ability(s, p, np.int64(AB_HALL)):
        for t in range(N_SERV):
            if s[sv(p, np.int64(BX_AVAILABLE), t)] > 0:
                s[G_PHASE] = PH_HALL
                return
    s[G_PHASE] = PH_MAIN


@njit(cache=True)
def end_turn(s, d, k):
    s[G_TURNS] += 1
    if s[G_TURNS] >= s[G_PLAYERS]:
        s[G_FLOW] = F_END_ROUND
    else:
        s[G_ACTIVE] = (s[G_ACTIVE] + 1) % s[G_PLAYERS]
        s[G_FLOW] = F_START_TURN


@njit(cache=True)
def end_round(s, d, k):
    """The round track advances; the start player moves to the next seat (seed) or, R2, passes
    counterclockwise after seasons 1-3; a theme card is revealed at a season's start (open courtship)."""
    r = s[G_ROUND]
    n = s[G_PLAYERS]
    court = has_event(d, k, r, np.int64(EV_COURTSHIP))
    if k[K_FIRST_PLAYER] == 0:
        s[G_FIRST] = (s[G_FIRST] + 1) % n
    elif court:
        s[G_FIRST] = (s[G_FIRST] + n - 1) % n
    s[G_ROUND] = r + 1
    if court and not k[K_CLOSED] and s[G_THEMES_SHOWN] < N_THEMES:
        s[G_THEMES_SHOWN] += 1
    s[G_FLOW] = F_START_ROUND


# ================================================================ courtship


@njit(cache=True)
def courtship_index(d, k, r):
    """1 for the first courtship of the game, .. 4 for the last."""
    count = 0
    for x in range(1, r + 1):
        count += has_event(d, k, x, np.int64(EV_COURTSHIP))
    return count


@njit(cache=True)
def courtship_score(s, d, p, final):
    """VP showing on p's tiles in this season's theme; the final courtship counts every revealed theme (a
    theme revealed twice counts twice)."""
    shown = s[G_THEMES_SHOWN]
    if shown == 0:
        return 0
    if not final:
        return category_vp(s, d, p, d[D_THEMES + s[G_THEMES + shown - 1]])
    total = 0
    for i in range(shown):
        total += category_vp(s, d, p, d[D_THEMES + s[G_THEMES + i]])
    return total


@njit(cache=True)
def courtship(s, d, k):
    """The Fairchild held since the last courtship returns; the highest score takes a Fairchild of its
    choice into its active hand and a VP card; a tie gives each tied player a VP card and no Fairchild (the
    final courtship breaks a tie by reputation first)."""
    r = s[G_ROUND]
    n = s[G_PLAYERS]
    final = r == s[G_LAST_ROUND]
    for f in range(2):
        holder = s[G_FAIRCHILD + f]
        if holder >= 0:
            slot = find_card(s, holder, d[D_FAIRCHILD + f])
            if slot >= 0:
                remove_slot(s, holder, slot)
            s[G_FAIRCHILD + f] = NONE
    if k[K_CLOSED] and s[G_THEMES_SHOWN] < N_THEMES:
        s[G_THEMES_SHOWN] += 1
    scores = np.zeros(MAX_PLAYERS, np.int64)
    best = -1
    for p in range(n):
        scores[p] = courtship_score(s, d, p, final)
        best = max(best, scores[p])
    tied = 0
    winner = NONE
    for p in range(n):
        if scores[p] == best:
            tied += 1
            winner = p
    if tied > 1 and final:
        top = -1
        count = 0
        for p in range(n):
            if scores[p] == best:
                rep = s[pb(p) + P_REP]
                if rep > top:
                    top = rep
                    count = 1
                    winner = p
                elif rep == top:
                    count += 1
        if count == 1:
            tied = 1
        else:
            for p in range(n):
                scores[p] = scores[p] * 64 + s[pb(p) + P_REP]  # only the reputation-tied stay at the top
            best = best * 64 + top
    s[G_COURT_QUEUE] = (1 << n) - 1
    if tied == 1:
        s[pb(winner) + P_COURT_WON] += 1
        s[G_COURT_WINNER] = winner
        s[G_CUR] = winner
        s[G_PHASE] = PH_FAIRCHILD
        return
    for p in range(n):
        if scores[p] == best:
            s[pb(p) + P_COURT_TIED] += 1
            if draw_vp_card(s, p) and final:
                s[G_FINAL_VPC] |= 1 << p
    s[G_FLOW] = F_COURT_DISCARD


@njit(cache=True)
def court_discard(s, d, k):
    """After a courtship each player, in turn order, discards one objective card; the discards are shuffled
    under the deck; the reserves open after the first and second courtships; the game ends after the last."""
    n = s[G_PLAYERS]
    for j in range(n):
        p = (s[G_FIRST] + j) % n
        if (s[G_COURT_QUEUE] >> p) & 1:
            s[G_COURT_QUEUE] &= ~(1 << p)
            if s[pb(p) + P_OBJ_N] > 0:
                s[G_CUR] = p
                s[G_PHASE] = PH_COURT_DISCARD
                return
    if s[G_OBJ_BOTTOM] > 1:
        reshuffle(s, np.int64(G_OBJ_DECK), s[G_OBJ_BOTTOM])
    s[G_OBJ_BOTTOM] = 0
    r = s[G_ROUND]
    if r == s[G_LAST_ROUND]:
        s[G_FLOW] = F_FINAL_VPC
        return
    index = courtship_index(d, k, r)
    if index == 1:
        activate_reserve(s, d, np.int64(1))
    elif index == 2:
        activate_reserve(s, d, np.int64(0))
    s[G_FLOW] = F_END_ROUND


@njit(cache=True)
def final_vpc_usable(s, d, p, i):
    """After the final courtship (R2: 'the player may use it before final scoring'), the favours that act
    without a turn: reputation, pounds, a prestige guest, objective cards (keep one), a hire. The purchases
    and the market, service and guest refreshes act on steps of a turn, and none comes."""
    if not vpc_usable(s, d, p, i):
        return False
    kind_ = d[vb(s[pb(p) + P_VPC + i]) + V_KIND]
    return (
        kind_ == VK_REPUTATION or kind_ == VK_MONEY or kind_ == VK_PRESTIGE or kind_ == VK_OBJECTIVE or kind_ == VK_HIRE
    )


@njit(cache=True)
def final_vp_cards(s, d, k):
    """Each player who drew a VP card at the final courtship, in turn order, may use it (its favour for its
    VP) or keep it; then the final scoring. The card drawn there is the player's last slot."""
    n = s[G_PLAYERS]
    for j in range(n):
        p = (s[G_FIRST] + j) % n
        if (s[G_FINAL_VPC] >> p) & 1:
            s[G_CUR] = p
            s[G_ACTIVE] = p
            s[G_PHASE] = PH_FINAL_VPC
            return
    end_game(s, d, k)
