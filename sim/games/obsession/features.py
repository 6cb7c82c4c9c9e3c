"""Obsession's position features: what one seat's position is worth, as numbers a learned value weighs.

`features(s, d, k, seat, out)` writes `out[:N_FEATURES]` from `seat`'s point of view. A seat cannot see
(RULES.md, "Hidden information"; hidden.py) the order of the tile bag and of the guest decks, the theme cards
not yet revealed, and the other seats' objective cards and VP cards. So the features score every seat on
what the table shows (tiles, gentry, a Fairchild, reputation, servants, wealth: `shown_score`), add the seat's
own objectives and VP cards separately (it holds them), and know of the other seats' face-down cards only
how many they hold. Estates, gentry decks (hand and discard pile), purses, reputation, servants, the market
and the revealed themes are public.

What the greedy bot values (strategies/obsession.py: pounds, reputation and its level, guests, prestige
guests, VP cards, objectives, servants, the VP showing in the courtship themes, tiles' future favours)
appears as state quantities, not as its weights. Progress is the round against the last round of the track.
"""

import numpy as np
from numba import njit

from sim.games.obsession.layout import (
    BX_AVAILABLE,
    CL_FAIRCHILD,
    CL_PRESTIGE,
    CS_HAND,
    G_FAIRCHILD,
    G_FIRST,
    G_LAST_ROUND,
    G_PLAYERS,
    G_ROUND,
    MAX_PLAYERS,
    N_SERV,
    P_CARD_STATE,
    P_DECK,
    P_DECK_N,
    P_ESTATE,
    P_ESTATE_N,
    P_MONEY,
    P_MONUMENTS,
    P_OBJ,
    P_OBJ_N,
    P_REP,
    P_VPC,
    P_VPC_N,
)
from sim.games.obsession.params import K_SERVANT_VP, K_WEALTH
from sim.games.obsession.rules import (
    courtship_score,
    gb,
    level,
    n_servants,
    objective_vp,
    pb,
    reputation_vp,
    sv,
    tile_vp,
    vb,
)
from sim.games.obsession.tables import C_CLASS, C_VP, V_VP

POUNDS = 100.0  # money features in hundreds of pounds (the bot's unit)
N_FAIRCHILDS = 2

FEATURES = (
    ("players", "players in the game"),
    ("progress", "0..1: the round against the last round of the track (0 during setup)"),
    ("shown_score", "own VP from what the table shows: tiles, gentry, a Fairchild, reputation, servants, wealth"),
    ("lead", "shown_score minus the best other seat's"),
    ("rank", "0 first .. 1 last: share of the other seats with a higher shown_score"),
    ("lead_x_progress", "lead times progress: a lead counts more near the end"),
    ("objectives_vp", "VP own objective cards give now (completed)"),
    ("objectives_held", "own objective cards"),
    ("vp_cards_vp", "VP of own victory point cards"),
    ("others_vp_cards", "face-down VP cards the other seats hold, on average (their VP is hidden)"),
    ("money", "pounds, in hundreds"),
    ("money_x_early", "pounds (hundreds) times (1 - progress): they buy tiles while there is time"),
    ("reputation", "reputation steps above level 1 position 1"),
    ("rep_level", "reputation level (what hosting and the end VP read)"),
    ("rep_lead", "reputation steps minus the best other seat's"),
    ("rep_x_early", "reputation steps times (1 - progress): a high level opens better activities"),
    ("tiles", "tiles in the estate"),
    ("tiles_vp", "VP showing on the estate's tiles"),
    ("tiles_x_early", "tiles times (1 - progress): tiles host activities while there is time"),
    ("monuments", "monuments in the estate"),
    ("servants", "servants of every kind"),
    ("servants_available", "servants in the available box (ready to serve this turn)"),
    ("guests", "gentry cards in the deck (hand, discard pile, attending)"),
    ("guests_in_hand", "gentry cards in hand (ready to attend)"),
    ("prestige_guests", "prestige guests and Fairchilds in the deck"),
    ("guests_x_early", "guests times (1 - progress): guests bring favours while there is time"),
    ("courtship_lead", "VP showing in this season's theme minus the best other seat's (the Fairchilds)"),
    ("fairchild", "1 when the seat holds a Fairchild card"),
    ("turn_order", "0 when the seat starts this round .. 1 when it plays last"),
)
N_FEATURES = len(FEATURES)
(F_PLAYERS, F_PROGRESS, F_SHOWN_SCORE, F_LEAD, F_RANK, F_LEAD_X_PROGRESS, F_OBJECTIVES_VP, F_OBJECTIVES_HELD,
 F_VP_CARDS_VP, F_OTHERS_VP_CARDS, F_MONEY, F_MONEY_X_EARLY, F_REPUTATION, F_REP_LEVEL, F_REP_LEAD, F_REP_X_EARLY,
 F_TILES, F_TILES_VP, F_TILES_X_EARLY, F_MONUMENTS, F_SERVANTS, F_SERVANTS_AVAILABLE, F_GUESTS, F_GUESTS_IN_HAND,
 F_PRESTIGE_GUESTS, F_GUESTS_X_EARLY, F_COURTSHIP_LEAD, F_FAIRCHILD, F_TURN_ORDER) = range(N_FEATURES)  # fmt: skip


@njit(cache=True)
def estate_vp(s, d, p):
    total = 0
    for i in range(s[pb(p) + P_ESTATE_N]):
        total += tile_vp(s, d, s[pb(p) + P_ESTATE + i])
    return total


@njit(cache=True)
def shown_score(s, d, k, p):
    """Final scoring's public sources for seat p (scoring.final_scoring without objectives and VP cards)."""
    b = pb(p)
    total = estate_vp(s, d, p)
    for i in range(s[b + P_DECK_N]):
        total += d[gb(s[b + P_DECK + i]) + C_VP]
    total += reputation_vp(d, k, s[b + P_REP])
    total += n_servants(s, p) * k[K_SERVANT_VP]
    return total + max(s[b + P_MONEY], 0) // k[K_WEALTH]


@njit(cache=True)
def count_own_cards(s, d, k, seat, out):
    """The seat's own face-down cards: objectives completed now, VP cards' VP."""
    b = pb(seat)
    vp = 0
    for i in range(s[b + P_OBJ_N]):
        vp += objective_vp(s, d, k, seat, s[b + P_OBJ + i])
    out[F_OBJECTIVES_VP] = vp
    out[F_OBJECTIVES_HELD] = s[b + P_OBJ_N]
    vp = 0
    for i in range(s[b + P_VPC_N]):
        vp += d[vb(s[b + P_VPC + i]) + V_VP]
    out[F_VP_CARDS_VP] = vp


@njit(cache=True)
def count_guests(s, d, seat, out):
    b = pb(seat)
    in_hand = 0
    prestige = 0
    for i in range(s[b + P_DECK_N]):
        in_hand += s[b + P_CARD_STATE + i] == CS_HAND
        cl = d[gb(s[b + P_DECK + i]) + C_CLASS]
        prestige += cl == CL_PRESTIGE or cl == CL_FAIRCHILD
    out[F_GUESTS] = s[b + P_DECK_N]
    out[F_GUESTS_IN_HAND] = in_hand
    out[F_PRESTIGE_GUESTS] = prestige


@njit(cache=True)
def features(s, d, k, seat, out):
    n = s[G_PLAYERS]
    b = pb(seat)
    prog = min(max(s[G_ROUND], 0) / max(s[G_LAST_ROUND], 1), 1.0)
    early = 1.0 - prog
    scores = np.zeros(MAX_PLAYERS, np.int64)
    courting = np.zeros(MAX_PLAYERS, np.int64)
    this_season = False  # the theme of the season under way, not every revealed one
    for q in range(n):
        scores[q] = shown_score(s, d, k, q)
        courting[q] = courtship_score(s, d, q, this_season)
    best = -(1 << 30)
    best_court = -(1 << 30)
    best_rep = -(1 << 30)
    ahead = 0
    others_vpc = 0
    for q in range(n):
        if q != seat:
            best = max(best, scores[q])
            best_court = max(best_court, courting[q])
            best_rep = max(best_rep, s[pb(q) + P_REP])
            ahead += scores[q] > scores[seat]
            others_vpc += s[pb(q) + P_VPC_N]
    out[F_PLAYERS] = n
    out[F_PROGRESS] = prog
    out[F_SHOWN_SCORE] = scores[seat]
    out[F_LEAD] = scores[seat] - best
    out[F_RANK] = ahead / (n - 1)
    out[F_LEAD_X_PROGRESS] = (scores[seat] - best) * prog
    count_own_cards(s, d, k, seat, out)
    out[F_OTHERS_VP_CARDS] = others_vpc / (n - 1)
    out[F_MONEY] = s[b + P_MONEY] / POUNDS
    out[F_MONEY_X_EARLY] = s[b + P_MONEY] / POUNDS * early
    out[F_REPUTATION] = s[b + P_REP]
    out[F_REP_LEVEL] = level(s[b + P_REP])
    out[F_REP_LEAD] = s[b + P_REP] - best_rep
    out[F_REP_X_EARLY] = s[b + P_REP] * early
    out[F_TILES] = s[b + P_ESTATE_N]
    out[F_TILES_VP] = estate_vp(s, d, seat)
    out[F_TILES_X_EARLY] = s[b + P_ESTATE_N] * early
    out[F_MONUMENTS] = s[b + P_MONUMENTS]
    out[F_SERVANTS] = n_servants(s, seat)
    available = 0
    for t in range(N_SERV):
        available += s[sv(seat, np.int64(BX_AVAILABLE), t)]
    out[F_SERVANTS_AVAILABLE] = available
    count_guests(s, d, seat, out)
    out[F_GUESTS_X_EARLY] = s[b + P_DECK_N] * early
    out[F_COURTSHIP_LEAD] = courting[seat] - best_court
    holds = 0
    for f in range(N_FAIRCHILDS):
        holds |= s[G_FAIRCHILD + f] == seat
    out[F_FAIRCHILD] = holds
    out[F_TURN_ORDER] = ((seat - s[G_FIRST]) % n) / (n - 1)
