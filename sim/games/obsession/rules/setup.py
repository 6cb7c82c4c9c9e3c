"""Obsession's setup: the tile bag, the gentry and card decks, the families dealt, then the rules run to the
first decision (the choices themselves: setup_choices.py).

RULES.md "Setup" (seed セットアップ; R2).
"""

import numpy as np
from numba import njit

from sim.games.obsession.layout import (
    AB_PANTRY,
    BX_AVAILABLE,
    CL_CASUAL,
    CL_PRESTIGE,
    CL_STARTER,
    CS_HAND,
    F_SETUP,
    G_BAG,
    G_BAG_N,
    G_CASUAL,
    G_CASUAL_N,
    G_COURT_WINNER,
    G_DRAFT,
    G_DRAFT_N,
    G_FAIRCHILD,
    G_FLOW,
    G_LAST_ROUND,
    G_MAX_REP,
    G_OBJ_DECK,
    G_OBJ_DECK_N,
    G_PLAYERS,
    G_PRESTIGE,
    G_PRESTIGE_N,
    G_SHUFFLE_KEY,
    G_SUPPLY,
    G_THEMES,
    G_THEMES_SHOWN,
    G_VPC_DECK,
    G_VPC_DECK_N,
    MAX_GENTRY,
    MAX_INST,
    MAX_PLAYERS,
    N_FAMILIES,
    N_SERV,
    N_THEMES,
    NONE,
    P_FAMILY,
    P_MONEY,
    POSITIONS,
    SET_SUITES,
    SET_WESSEX,
    SV_UNDERBUTLER,
    TT_MONUMENT,
)
from sim.games.obsession.params import (
    K_CLOSED,
    K_DRAFT_EXTRA,
    K_EXTENDED,
    K_FAMILY_CHOICE,
    K_GARDEN_MAZE,
    K_GIVE_FAMILY,
    K_GIVE_FAMILY_SEAT,
    K_GIVE_TILE,
    K_GIVE_TILE_SEAT,
    K_MONUMENTS_2P,
    K_OBJ_EXTENDED,
    K_OBJ_STANDARD,
    K_REMOVE_TILE,
    K_START_MONEY,
    K_STARTER_DRAFT,
    K_SUITES,
    K_WESSEX,
)
from sim.games.obsession.rules.common import gb, kb, pb, sv, tile_ability
from sim.games.obsession.rules.decks import add_card, draw_objective
from sim.games.obsession.rules.favours import end_activity
from sim.games.obsession.rules.market import add_tile, refill
from sim.games.obsession.rules.play import advance
from sim.games.obsession.rules.setup_choices import apply_family, family_allowed
from sim.games.obsession.tables import (
    C_CLASS,
    D_INST_KIND,
    D_INST_ROLE,
    D_INST_SEAT,
    D_LAST_ROUND,
    D_MARKET_KIND,
    D_MAX_LEVEL,
    D_N_GENTRY,
    D_N_INST,
    D_N_MARKET,
    D_N_OBJ,
    D_N_VPC,
    D_SERVANT,
    IR_BAG,
    IR_START,
    K_MONUMENT_ROLE,
    K_SET,
    K_TYPE,
    MR_CHOICE,
    MR_GUARANTEED,
    MR_SUBSTITUTE,
    SERVANT_STRIDE,
    SF_HIRE,
)
from sim.rng import SETUP_STREAM, below, shuffle

# ================================================================ setup


@njit(cache=True)
def init_state(s, d, k, n_players, rng):
    s[:] = 0
    n = n_players
    ext = k[K_EXTENDED]
    s[G_PLAYERS] = n
    s[G_LAST_ROUND] = d[D_LAST_ROUND + ext]
    s[G_MAX_REP] = (d[D_MAX_LEVEL + ext] - 1) * POSITIONS + POSITIONS - 1
    s[G_COURT_WINNER] = NONE
    s[G_FAIRCHILD] = NONE
    s[G_FAIRCHILD + 1] = NONE
    end_activity(s)
    for p in range(MAX_PLAYERS):
        s[pb(p) + P_FAMILY] = NONE
    for p in range(n):
        s[pb(p) + P_MONEY] = k[K_START_MONEY + p]
    for t in range(N_SERV):
        s[G_SUPPLY + t] = d[D_SERVANT + t * SERVANT_STRIDE + SF_HIRE + n - 2]
    for i in range(d[D_N_INST]):
        if d[D_INST_ROLE + i] == IR_START and d[D_INST_SEAT + i] < n:
            add_tile(s, d, d[D_INST_SEAT + i], i)
    fill_bag(s, d, k, n, rng)
    deal_gentry(s, d, k, n, rng)
    deal_cards(s, d, k, n, rng)
    s[G_SHUFFLE_KEY] = below(rng, np.int64(SETUP_STREAM), np.int64(2147483647))
    give_tile(s, d, k, n)
    refill(s, d, np.int64(1))
    deal_families(s, d, k, n, rng)
    s[G_FLOW] = F_SETUP
    advance(s, d, k)


@njit(cache=True)
def fill_bag(s, d, k, n, rng):
    """Every tile of the sets in play into the bag, with the monuments for this player count (R2: at 2 and 3
    players the Sculpture Garden, or the Garden Maze, plus 2 or 3 at random; at 4 players 5 at random), then
    shaken. An experiment's removed tile kind leaves afterwards, the others keeping their order."""
    mons = np.zeros(MAX_INST, np.int64)
    n_mons = 0
    keystone = NONE
    nb = 0
    for i in range(d[D_N_INST]):
        if d[D_INST_ROLE + i] != IR_BAG:
            continue
        kbase = kb(d[D_INST_KIND + i])
        tset = d[kbase + K_SET]
        if (tset == SET_WESSEX and not k[K_WESSEX]) or (tset == SET_SUITES and not k[K_SUITES]):
            continue
        if d[kbase + K_TYPE] == TT_MONUMENT:
            role = d[kbase + K_MONUMENT_ROLE]
            if role == (MR_SUBSTITUTE if k[K_GARDEN_MAZE] else MR_GUARANTEED):
                keystone = i
            elif role == MR_CHOICE:
                mons[n_mons] = i
                n_mons += 1
            continue
        s[G_BAG + nb] = i
        nb += 1
    if keystone >= 0 and n >= 4:
        mons[n_mons] = keystone
        n_mons += 1
    elif keystone >= 0:
        s[G_BAG + nb] = keystone
        nb += 1
    shuffle(mons, np.int64(0), n_mons, rng, np.int64(SETUP_STREAM))
    for j in range(min(k[K_MONUMENTS_2P + n - 2], n_mons)):
        s[G_BAG + nb] = mons[j]
        nb += 1
    shuffle(s, np.int64(G_BAG), G_BAG + nb, rng, np.int64(SETUP_STREAM))
    s[G_BAG_N] = nb
    removed = k[K_REMOVE_TILE] - 1
    if 0 <= removed < d[D_N_MARKET]:
        kind_ = d[D_MARKET_KIND + removed]
        kept = 0
        for j in range(nb):
            t = s[G_BAG + j]
            if d[D_INST_KIND + t] != kind_:
                s[G_BAG + kept] = t
                kept += 1
        s[G_BAG_N] = kept


@njit(cache=True)
def give_tile(s, d, k, n):
    """Experiment: one copy of a tile kind leaves the bag (the others keep their order) for a seat's estate."""
    given = k[K_GIVE_TILE] - 1
    seat = k[K_GIVE_TILE_SEAT]
    if not (0 <= given < d[D_N_MARKET]) or seat >= n:
        return
    kind_ = d[D_MARKET_KIND + given]
    nb = s[G_BAG_N]
    for j in range(nb):
        t = s[G_BAG + j]
        if d[D_INST_KIND + t] == kind_:
            for x in range(j, nb - 1):
                s[G_BAG + x] = s[G_BAG + x + 1]
            s[G_BAG_N] = nb - 1
            add_tile(s, d, seat, t)
            if tile_ability(d, t) == AB_PANTRY and s[G_SUPPLY + SV_UNDERBUTLER] > 0:
                s[G_SUPPLY + SV_UNDERBUTLER] -= 1
                s[sv(seat, np.int64(BX_AVAILABLE), np.int64(SV_UNDERBUTLER))] += 1
            return


@njit(cache=True)
def deal_gentry(s, d, k, n, rng):
    """Prestige deck; starter guests shuffled: the first 2n + extra face up for the draft (seed), or two
    dealt to each seat (R2); the other starters shuffled into the casual deck."""
    starters = np.zeros(MAX_GENTRY, np.int64)
    n_starters = 0
    for c in range(d[D_N_GENTRY]):
        cl = d[gb(c) + C_CLASS]
        if cl == CL_PRESTIGE:
            s[G_PRESTIGE + s[G_PRESTIGE_N]] = c
            s[G_PRESTIGE_N] += 1
        elif cl == CL_CASUAL:
            s[G_CASUAL + s[G_CASUAL_N]] = c
            s[G_CASUAL_N] += 1
        elif cl == CL_STARTER:
            starters[n_starters] = c
            n_starters += 1
    shuffle(s, np.int64(G_PRESTIGE), G_PRESTIGE + s[G_PRESTIGE_N], rng, np.int64(SETUP_STREAM))
    shuffle(starters, np.int64(0), n_starters, rng, np.int64(SETUP_STREAM))
    used = 0
    if k[K_STARTER_DRAFT]:
        used = min(2 * n + k[K_DRAFT_EXTRA], n_starters)
        for j in range(used):
            s[G_DRAFT + j] = starters[j]
        s[G_DRAFT_N] = used
    else:
        used = min(2 * n, n_starters)
        for j in range(used):
            add_card(s, j // 2, starters[j], np.int64(CS_HAND))
    for j in range(used, n_starters):
        s[G_CASUAL + s[G_CASUAL_N]] = starters[j]
        s[G_CASUAL_N] += 1
    shuffle(s, np.int64(G_CASUAL), G_CASUAL + s[G_CASUAL_N], rng, np.int64(SETUP_STREAM))


@njit(cache=True)
def deal_cards(s, d, k, n, rng):
    """Objective cards (5 each standard, 4 extended), the VP card deck and the theme cards."""
    for o in range(d[D_N_OBJ]):
        s[G_OBJ_DECK + o] = o
    s[G_OBJ_DECK_N] = d[D_N_OBJ]
    shuffle(s, np.int64(G_OBJ_DECK), G_OBJ_DECK + d[D_N_OBJ], rng, np.int64(SETUP_STREAM))
    deal = k[K_OBJ_EXTENDED] if k[K_EXTENDED] else k[K_OBJ_STANDARD]
    for p in range(n):
        for _ in range(deal):
            draw_objective(s, p)
    for v in range(d[D_N_VPC]):
        s[G_VPC_DECK + v] = v
    s[G_VPC_DECK_N] = d[D_N_VPC]
    shuffle(s, np.int64(G_VPC_DECK), G_VPC_DECK + d[D_N_VPC], rng, np.int64(SETUP_STREAM))
    for i in range(N_THEMES):
        s[G_THEMES + i] = i
    shuffle(s, np.int64(G_THEMES), G_THEMES + N_THEMES, rng, np.int64(SETUP_STREAM))
    s[G_THEMES_SHOWN] = 0 if k[K_CLOSED] else 1


@njit(cache=True)
def deal_families(s, d, k, n, rng):
    """Families dealt at random (setup.family_choice=0), or chosen later by the players; an experiment may
    give one to a seat (swapped in, so the other draws stay the same)."""
    forced = k[K_GIVE_FAMILY] - 1
    seat = k[K_GIVE_FAMILY_SEAT]
    force = 0 <= forced < N_FAMILIES and seat < n and family_allowed(d, k, forced)
    if k[K_FAMILY_CHOICE]:
        if force:
            apply_family(s, d, seat, forced)
        return
    fams = np.zeros(N_FAMILIES, np.int64)
    nf = 0
    for f in range(N_FAMILIES):
        if family_allowed(d, k, f):
            fams[nf] = f
            nf += 1
    shuffle(fams, np.int64(0), nf, rng, np.int64(SETUP_STREAM))
    if force:
        for j in range(nf):
            if fams[j] == forced:
                fams[j] = fams[seat]
                fams[seat] = forced
    for p in range(n):
        apply_family(s, d, p, fams[p])
