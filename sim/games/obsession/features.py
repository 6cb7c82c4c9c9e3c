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
    CS_ATTENDING,
    CS_HAND,
    G_ACT_DOUBLE,
    G_ACT_NEED,
    G_ACT_OK,
    G_ACT_TILE,
    G_ACTIVE,
    G_FAIRCHILD,
    G_FIRST,
    G_LAST_ROUND,
    G_PHASE,
    G_PLAYERS,
    G_ROUND,
    G_TILE_SIDE,
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
    PH_DOUBLE,
    PH_GUESTS,
    TT_HYBRID,
)
from sim.games.obsession.params import K_SERVANT_VP, K_WEALTH
from sim.games.obsession.rules import (
    courtship_score,
    gb,
    kb,
    level,
    n_servants,
    objective_vp,
    pb,
    reputation_vp,
    sv,
    tile_vp,
    vb,
)
from sim.games.obsession.tables import (
    C_CASUAL,
    C_CLASS,
    C_MONEY,
    C_PRESTIGE,
    C_REP,
    C_VP,
    C_VP_CARDS,
    D_INST_KIND,
    K_SIDE,
    K_TYPE,
    S_CASUAL,
    S_MONEY,
    S_OBJECTIVES,
    S_PRESTIGE,
    S_REP,
    S_VP,
    S_VP_CARDS,
    SIDE_STRIDE,
    V_VP,
)

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
    ("guests_due", "guests still to invite to the seat's activity under way"),
    (
        "money_due",
        "pounds (hundreds) the activity under way will still pay: its tile side, the guests attending, "
        "and each guest still to invite at the mean of those eligible in hand",
    ),
    ("rep_due", "reputation the activity under way will still pay (counted as money_due)"),
    ("casual_due", "casual guests the activity under way will still invite (counted as money_due)"),
    ("prestige_due", "prestige guests the activity under way will still invite (counted as money_due)"),
    ("cards_due", "VP and objective cards the activity under way will still draw (counted as money_due)"),
    ("flip_vp_due", "VP the hosted tile gains when it turns over as the activity ends"),
    (
        "flip_favours_x_early",
        "the favours its turned side gives beyond the side showing (pounds in hundreds, "
        "reputation, guests, cards), times (1 - progress)",
    ),
)
N_FEATURES = len(FEATURES)
(F_PLAYERS, F_PROGRESS, F_SHOWN_SCORE, F_LEAD, F_RANK, F_LEAD_X_PROGRESS, F_OBJECTIVES_VP, F_OBJECTIVES_HELD,
 F_VP_CARDS_VP, F_OTHERS_VP_CARDS, F_MONEY, F_MONEY_X_EARLY, F_REPUTATION, F_REP_LEVEL, F_REP_LEAD, F_REP_X_EARLY,
 F_TILES, F_TILES_VP, F_TILES_X_EARLY, F_MONUMENTS, F_SERVANTS, F_SERVANTS_AVAILABLE, F_GUESTS, F_GUESTS_IN_HAND,
 F_PRESTIGE_GUESTS, F_GUESTS_X_EARLY, F_COURTSHIP_LEAD, F_FAIRCHILD, F_TURN_ORDER, F_GUESTS_DUE, F_MONEY_DUE, F_REP_DUE,
 F_CASUAL_DUE, F_PRESTIGE_DUE, F_CARDS_DUE, F_FLIP_VP_DUE, F_FLIP_FAVOURS_X_EARLY) = range(N_FEATURES)  # fmt: skip
# What a guest's favours bring, in the order of the *_due features after guests_due.
GUEST_FAVOURS = (C_MONEY, C_REP, C_CASUAL, C_PRESTIGE, C_VP_CARDS)


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
    activity_due(s, d, seat, early, out)


@njit(cache=True)
def add_side_favours(d, sbase, out):
    """Add a tile side's favours to out[F_MONEY_DUE:F_CARDS_DUE + 1]."""
    out[F_MONEY_DUE] += d[sbase + S_MONEY] / POUNDS
    out[F_REP_DUE] += d[sbase + S_REP]
    out[F_CASUAL_DUE] += d[sbase + S_CASUAL]
    out[F_PRESTIGE_DUE] += d[sbase + S_PRESTIGE]
    out[F_CARDS_DUE] += d[sbase + S_VP_CARDS] + d[sbase + S_OBJECTIVES]


@njit(cache=True)
def guests_favours(s, d, seat, out):
    """Add the favours of the guests attending and of those still to invite (the mean of the guests eligible
    in hand, for each), doubled where a suite doubles them all (the Queen's Suite's one favour, chosen later, is
    counted once). Public: the deck and the tile are on the table."""
    b = pb(seat)
    attending = np.zeros(len(GUEST_FAVOURS))
    eligible = np.zeros(len(GUEST_FAVOURS))
    n_eligible = 0
    for i in range(s[b + P_DECK_N]):
        state = s[b + P_CARD_STATE + i]
        pick = state == CS_HAND and s[G_ACT_OK + i] == 1
        if state != CS_ATTENDING and not pick:
            continue
        n_eligible += pick
        cb = gb(s[b + P_DECK + i])
        for j in range(len(GUEST_FAVOURS)):
            if pick:
                eligible[j] += d[cb + GUEST_FAVOURS[j]]
            else:
                attending[j] += d[cb + GUEST_FAVOURS[j]]
    per_eligible = s[G_ACT_NEED] / n_eligible if n_eligible else 0.0
    double = 2.0 if s[G_ACT_DOUBLE] == 1 else 1.0
    for j in range(len(GUEST_FAVOURS)):
        x = double * (attending[j] + per_eligible * eligible[j])
        out[F_MONEY_DUE + j] += x / POUNDS if j == 0 else x


@njit(cache=True)
def favour_count(d, sbase):
    return (d[sbase + S_MONEY] / POUNDS + d[sbase + S_REP] + d[sbase + S_CASUAL] + d[sbase + S_PRESTIGE]
            + d[sbase + S_VP_CARDS] + d[sbase + S_OBJECTIVES])  # fmt: skip


@njit(cache=True)
def activity_due(s, d, seat, early, out):
    """What the seat's activity under way still brings (0 for the other seats and between activities): a
    position one step into a turn (a tile chosen, a guest invited) is worth the favours still to come, paid
    together once the last guest is in, and the tile's turn at the end (greedy's host_value, unweighted)."""
    for f in range(F_GUESTS_DUE, N_FEATURES):
        out[f] = 0.0
    t = s[G_ACT_TILE]
    if t < 0 or s[G_ACTIVE] != seat:
        return
    kbase = kb(d[D_INST_KIND + t])
    showing = s[G_TILE_SIDE + t]
    sbase = kbase + K_SIDE + showing * SIDE_STRIDE
    if s[G_PHASE] == PH_GUESTS or s[G_PHASE] == PH_DOUBLE:  # the favours are paid once the guests are in
        out[F_GUESTS_DUE] = s[G_ACT_NEED]
        add_side_favours(d, sbase, out)
        guests_favours(s, d, seat, out)
    turned = 1 - showing if d[kbase + K_TYPE] == TT_HYBRID else 1
    if turned != showing:
        tbase = kbase + K_SIDE + turned * SIDE_STRIDE
        out[F_FLIP_VP_DUE] = d[tbase + S_VP] - d[sbase + S_VP]
        out[F_FLIP_FAVOURS_X_EARLY] = (favour_count(d, tbase) - favour_count(d, sbase)) * early
