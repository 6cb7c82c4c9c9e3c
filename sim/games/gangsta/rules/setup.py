"""Gangsta!'s setup: the bosses, the recruiting deck, the three chapter decks and their opening rivers.

RULES.md "Setup"; seed 002. All chance of the game is dealt here.
"""

import numpy as np
from numba import njit

from sim.games.gangsta.layout import (
    G_CHAPTER,
    G_GDECK,
    G_GDECK_N,
    G_GRIVER,
    G_HDECK_N,
    G_HEIST,
    G_HEIST_OWNER,
    G_HRIVER,
    G_LOSS_CHOOSER,
    G_OPENING,
    G_PLAYERS,
    G_SHUFFLE_KEY,
    MAX_GANG,
    N_CHAPTERS,
    NONE,
    P_GANG,
    P_GANG_N,
    P_LEARNED,
    P_MONEY,
    RIVER,
    V_GANGSTERS,
)
from sim.games.gangsta.params import K_GIVE_BOSS, K_GIVE_BOSS_SEAT, K_REMOVE_BOSS, K_SEAT_BONUS
from sim.games.gangsta.rules.common import (
    add_member_skills,
    add_vp,
    cb,
    deck_base,
    draw_gangster,
    draw_heist,
    hb,
    is_snitch,
    pb,
)
from sim.games.gangsta.rules.turn_actions import start_turn
from sim.games.gangsta.tables import C_COST, C_INFLUENCE, D_N_BOSSES, D_N_CARDS, D_N_HEISTS, H_CHAPTER
from sim.rng import SETUP_STREAM, below, shuffle

# ================================================================ setup


@njit(cache=True)
def init_state(s, d, k, n_players, rng):
    s[:] = 0
    s[G_PLAYERS] = n_players
    s[G_CHAPTER] = 1
    s[G_HEIST] = NONE
    s[G_LOSS_CHOOSER] = NONE
    for h in range(d[D_N_HEISTS]):
        s[G_HEIST_OWNER + h] = NONE
    deal_bosses(s, d, k, n_players, rng)
    deal_gangsters(s, d, rng)
    for ch in range(1, N_CHAPTERS + 1):
        deal_chapter(s, d, ch, rng)
    s[G_SHUFFLE_KEY] = below(rng, np.int64(SETUP_STREAM), np.int64(2147483647))
    start_turn(s, d, k, np.int64(0))


@njit(cache=True)
def deal_bosses(s, d, k, n_players, rng):
    """A random boss each, with the money printed on it (plus the seat bonus of the BGA option)."""
    nb = d[D_N_BOSSES]
    bosses = np.arange(nb).astype(np.int32)
    shuffle(bosses, np.int64(0), nb, rng, np.int64(SETUP_STREAM))
    adjust_boss_deal(bosses, nb, n_players, k[K_REMOVE_BOSS] - 1, k[K_GIVE_BOSS] - 1, k[K_GIVE_BOSS_SEAT])
    for p in range(n_players):
        b = pb(p)
        c = bosses[p]
        s[b + P_GANG] = c
        s[b + P_GANG_N] = 1
        for i in range(MAX_GANG):
            s[b + P_LEARNED + i] = NONE
        s[b + P_MONEY] = d[cb(c) + C_COST] + p * k[K_SEAT_BONUS]
        add_member_skills(s, d, p, np.int64(0), np.int64(1))
        add_vp(s, p, np.int64(V_GANGSTERS), d[cb(c) + C_INFLUENCE])


@njit(cache=True)
def adjust_boss_deal(bosses, nb, n_players, removed, given, seat):
    """Experiments only (`playout value`): swap a removed boss out of the dealt seats for an undealt one,
    then swap a given boss into its seat. Swaps, so the setup draws and every other card stay the same."""
    if 0 <= removed < nb:
        for i in range(n_players):
            if bosses[i] == removed and n_players < nb:
                bosses[i] = bosses[nb - 1]
                bosses[nb - 1] = removed
    if 0 <= given < nb and seat < n_players:
        for i in range(nb):
            if bosses[i] == given:
                bosses[i] = bosses[seat]
                bosses[seat] = given
                break


@njit(cache=True)
def deal_gangsters(s, d, rng):
    n = 0
    for c in range(d[D_N_BOSSES], d[D_N_CARDS]):
        s[G_GDECK + n] = c
        n += 1
    shuffle(s, np.int64(G_GDECK), G_GDECK + n, rng, np.int64(SETUP_STREAM))
    s[G_GDECK_N] = n
    for r in range(RIVER):
        s[G_GRIVER + r] = draw_gangster(s)


@njit(cache=True)
def deal_chapter(s, d, ch, rng):
    """Chapter 1: shuffle and show five. Chapters 2 and 3: five random heists (never a snitch) are set
    aside as the chapter's opening river and the rest is shuffled (S1 draws until five heists, then puts
    the snitches drawn back and reshuffles: the same distribution, dealt now)."""
    base = deck_base(ch)
    n = 0
    for h in range(d[D_N_HEISTS]):
        if d[hb(h) + H_CHAPTER] == ch and not is_snitch(d, h):
            s[base + n] = h
            n += 1
    shuffle(s, base, base + n, rng, np.int64(SETUP_STREAM))
    if ch == 1:
        s[G_HDECK_N] = n
        for r in range(RIVER):
            s[G_HRIVER + r] = draw_heist(s)
        return
    for r in range(RIVER):
        s[G_OPENING + (ch - 2) * RIVER + r] = s[base + n - 1 - r]
    n -= RIVER
    for h in range(d[D_N_HEISTS]):
        if d[hb(h) + H_CHAPTER] == ch and is_snitch(d, h):
            s[base + n] = h
            n += 1
    shuffle(s, base, base + n, rng, np.int64(SETUP_STREAM))
    s[G_HDECK_N + ch - 1] = n
