"""La Granja bots: one compiled dispatcher, `choose`, selects the strategy by id at run time.

`greedy` looks one step ahead: it applies each legal action to a copy of the state with rules.step (so it never
re-implements a rule) and scores the seat's position afterwards with named weights (VP, silver, goods, the
progress of its barrows and craft buildings, fields, extensions, helpers, unused roofs, market markers, the
siesta track). The archetypes are the same kernel with other weights.
"""

import numpy as np
from numba import njit

from sim.games.lagranja.actions import (
    A_BUY,
    A_DELIVER_B,
    A_DELIVER_DONE,
    A_DELIVER_W,
    A_DIE,
    A_DISCARD,
    A_GAIN,
    A_NO_PLAY,
    A_OPTION,
    A_PAY,
    A_PLAY,
    A_ROOF,
    A_ROOF_PASS,
    A_SELL,
    A_TRADE,
    A_TRADE_VP,
    A_UPG_DONE,
    A_UPG_FREE,
    A_UPGRADE,
    A_USE_ROOF,
    N_ACTIONS,
)
from sim.games.lagranja.layout import (
    EXTENSIONS,
    FL_DELIVER,
    FL_DONKEY,
    G_ACTED,
    G_BLOCKED,
    G_CUR,
    G_DECK_N,
    G_DELIV_LEFT,
    G_EXTRA_FREE,
    G_FLOW,
    G_GAIN_N,
    G_MARKET,
    G_MKT_VALUE,
    G_OPT_KIND,
    G_PHASE,
    G_PIG,
    G_PLAYERS,
    G_ROUND,
    G_TRADE,
    G_TURN,
    G_UPG_LEFT,
    G_XPLAY,
    H_HAND_LIMIT,
    H_HARVEST_SILVER,
    H_MARKETER,
    H_PORTER,
    H_REVENUE4,
    H_SEEDS_TRADER,
    MAX_HAND,
    MAX_HEX,
    MAX_PLAYERS,
    N_BUILD,
    N_HARVEST,
    N_SIDES,
    N_SLOTS,
    OPT_CARD,
    OPT_CARPENTER,
    OPT_DIE2,
    OPT_DIE4,
    OPT_DIE5,
    OPT_DIE6,
    OPT_PEON,
    OPT_SIESTA,
    P_BARROW,
    P_BARROW_FILL,
    P_BUILD_FILL,
    P_CRAFT,
    P_DEN,
    P_DONKEY,
    P_EXT_N,
    P_FIELD_EXTRA,
    P_FIELD_GOODS,
    P_FIELDS,
    P_HAND,
    P_HAND_N,
    P_HELPER,
    P_ROOF,
    P_ROOF_USED,
    P_SIESTA,
    P_SILVER,
    P_STOCK,
    P_VP,
    PAY_SILVER,
    PAY_VP,
    PH_DELIVER,
    PH_DIE,
    PH_EXTRA,
    PH_GAIN,
    PH_OPTION,
    PH_PAY,
    PH_PLAY,
    PH_ROOF,
    PH_UPGRADE,
    PH_XPLAY,
    ROOF_SLOTS,
    SIDE_EXT,
    SIDE_FIELD,
    SIDE_HELPER,
    STATE_SIZE,
)
from sim.games.lagranja.params import K_MARKER_CAP, K_REV4_SILVER, K_REV6_SILVER
from sim.games.lagranja.rules import (
    any_resource,
    can_draw,
    count_deliveries,
    dice_left,
    final_scoring,
    helper_amount,
    helper_slot,
    legal_mask,
    pb,
    pig_capacity,
    roof_affordable,
    sell_price,
    step,
)
from sim.games.lagranja.tables import (
    C_BARROW_N,
    C_BARROW_VP,
    C_EFFECT,
    C_EXT,
    C_FIELD,
    C_GOODS,
    CARD_STRIDE,
    D_BUILD_GOODS,
    D_BUILD_N,
    D_CARDS,
    D_SIESTA_TOP,
    D_SIESTA_VP,
    D_UPG_TO,
)
from sim.kernel_tools import random_legal
from sim.rng import uniform
from strategies import Strategy, Weight, families

GREEDY = 1  # the game's own kernel (strategies/families.py dispatches the families)
MEMORY_SIZE = 2  # per-seat scratch a bot may keep between its decisions

WEIGHTS = [
    Weight("w_vp", 1.0, "one VP"),
    Weight("w_silver", 0.22, "one silver (5 silver are 1 VP at the end)"),
    Weight("w_harvest", 0.45, "a harvest good (olive, grain, grape) in a den or on a field"),
    Weight("w_pig", 0.8, "a pig"),
    Weight("w_upgraded", 0.9, "an upgraded good (food, wine, cured meat)"),
    Weight("w_trade", 0.9, "a trade commodity"),
    Weight("w_field", 0.35, "a field, per round left"),
    Weight("w_breed", 0.35, "a breeding pair with room, per round left"),
    Weight("w_barrow", 0.55, "a barrow on the farm, times its VP, times (0.3 + its delivered share)"),
    Weight("w_building", 1.2, "a craft building's delivered share squared, times the round"),
    Weight("w_craft", 0.5, "a craft marker owned, per round left"),
    Weight("w_market", 0.5, "a marker on the market, per round left"),
    Weight("w_ext", 0.45, "a farm extension, per round left"),
    Weight("w_helper", 0.3, "a helper in a notch, per round left"),
    Weight("w_roof", 0.6, "an unused roof marker"),
    Weight("w_card", 0.4, "a card in hand"),
    Weight("w_siesta", 0.5, "one VP the siesta disc would score now"),
    Weight("w_delivery", 0.8, "a delivery still to make that has a good to carry"),
    Weight("w_hat", 0.25, "a hat (siesta step) on the chosen donkey marker"),
    Weight("w_option_due", 0.0, "a choice still due (of a die, a card, the siesta): 0 its best option, else this"),
    Weight("w_sell", 0.0, "bonus for selling a resource (0: only when the value says so)"),
    Weight("w_ext_income", 0.01, "tie-break: bonus for playing an extension that pays silver income"),
    Weight("w_noise", 0.02, "random jitter on every score (variety between games)"),
    Weight("top_plays", 1.0, "pre-score: card plays of each side stepped and scored in full, the best estimated"),
    Weight("top_deliveries", 1.0, "pre-score: deliveries stepped and scored in full, the best by the cheap estimate"),
    Weight("top_goods", 1.0, "pre-score: goods to take, pay or upgrade stepped and scored in full, the best ones"),
    Weight("top_options", 1.0, "pre-score: options of a revenue die, a card or the siesta scored in full, the best"),
    Weight("top_dice", 1.0, "pre-score: revenue dice to take stepped and scored in full, the best by their revenue"),
    Weight(
        "defer_anytime", 1.0, "1: deliver first what the pre-score finds worth its good; roofs used in deliveries only"
    ),
    Weight("roof_plan", 1.0, "1: below a roof's price, sell (or trade for silver) to buy it when that scores better"),
]
(W_VP, W_SILVER, W_HARVEST, W_PIG, W_UPGRADED, W_TRADE, W_FIELD, W_BREED, W_BARROW, W_BUILDING, W_CRAFT, W_MARKET,
 W_EXT, W_HELPER, W_ROOF, W_CARD, W_SIESTA, W_DELIVERY, W_HAT, W_OPTION_DUE, W_SELL, W_EXT_INCOME, W_NOISE,
 W_TOP_PLAYS, W_TOP_DELIVERIES, W_TOP_GOODS, W_TOP_OPTIONS, W_TOP_DICE,
 W_DEFER_ANYTIME, W_ROOF_PLAN) = range(len(WEIGHTS))  # fmt: skip

# The archetypes score every candidate in full: the pre-score's estimate was tuned on the greedy's weights, and
# with their own weights it cost them head to head against the same archetype scoring in full (4,000 games,
# 2 seats each, seed 3): crafter 20.5% against 29.5%, pigs 21.9% against 28.1%, market 24.2% against 25.8%.
EXACT = {"top_plays": 99.0, "top_deliveries": 99.0, "top_goods": 99.0, "top_options": 99.0, "top_dice": 99.0,
         "defer_anytime": 0.0}  # fmt: skip

BOOK = families.book(
    "lagranja",
    WEIGHTS,
    [
        Strategy("greedy", GREEDY, "best one-step value of each legal action (weights below)"),
        Strategy("market", GREEDY, "market/delivery player: fills barrows, trades, holds the market",
                 {"w_barrow": 1.0, "w_market": 0.9, "w_trade": 1.2, "w_building": 0.6, "w_craft": 0.3,
                  "w_option_due": 0.6, **EXACT}),
        Strategy("crafter", GREEDY, "craft-building racer: supplies the village buildings early",
                 {"w_building": 2.4, "w_craft": 1.0, "w_barrow": 0.35, "w_market": 0.3, "w_upgraded": 1.1, **EXACT}),
        Strategy("pigs", GREEDY, "pig-and-meat engine: pig spaces, breeding, cured meat",
                 {"w_pig": 1.5, "w_breed": 0.9, "w_upgraded": 1.2, "w_field": 0.2, "w_ext": 0.6, **EXACT}),
    ],
)  # fmt: skip


@njit(cache=True)
def choose(kernel, weights, s, d, k, mask, n_legal, seat, rng, memory):
    """The game's own bots: greedy and its archetypes (every family is dispatched in strategies/families.py)."""
    return greedy(weights, s, d, k, mask, n_legal, seat, rng)


# The candidate groups the pre-score ranks (see greedy): which actions, and the weight holding how many to keep.
NO_GROUP, PLAYS, DELIVERIES, GOODS, OPTIONS, DICE = range(6)  # in the order of their top_* weights
UPGRADE_DUE = 0.4  # what value() gives a free upgrade still due
XPLAY_DUE = 0.6  # what value() gives an extra card play still due
HELPER_OPTION_DUE = 0.6  # what value() gives a Peon's or a Carpenter's offer still due (scored in full when taken)
EXT_NO_INCOME = next(i for i, kind in enumerate(EXTENSIONS) if "income" not in kind)  # the kind paying no silver


@njit(cache=True)
def greedy(w, s, d, k, mask, n_legal, p, rng):
    """The legal action whose resulting position scores best for p (first on ties; w_noise jitters; of the
    extensions, one paying income first: pays_income).

    A one-step greedy steps a copy of the state for every candidate, and a play's step can run the whole round's
    flow. So the many alike candidates of a decision (its group: card plays, about 12-16 a decision; deliveries,
    about 5; the good to take, pay or upgrade; the options of a revenue die, a card or the siesta) are first ranked
    by a cheap estimate without a step (`prescore`), and only the best `top_plays` (of each side) /
    `top_deliveries` / `top_goods` / `top_options` of them are stepped and scored in full; every other candidate
    (no play, the anytime actions, ending the deliveries) is always scored in full. A decision left with one
    candidate takes it unscored. With every top at least the group's size and defer_anytime 0 this is the plain
    one-step greedy (tests/lagranja/test_greedy.py); the defaults made the greedy ~1.3x faster (benchmarks/README.md,
    "La Granja greedy pre-score"), the options' estimate another ~5% ("the options by their estimate"), the dice's
    estimate 0.9-1.13x in three runs, 1.03x together ("the dice by their revenue").

    defer_anytime: the anytime actions can wait while there is something worth delivering. A delivery whose
    pre-score is positive (less the silver of a paid one) is made at once, best first, without stepping the anytime
    actions or the end of deliveries; they are weighed when no such delivery is left, in the same turn. Roof markers
    are tried in deliveries only (elsewhere the greedy took one in 0.3 of the 37 it stepped a game). It made the
    greedy's delivery decisions a third faster and, head to head, stronger (benchmarks/README.md, "the anytime
    actions wait for the deliveries")."""
    ph = s[G_PHASE]
    if ph == PH_ROOF and w[W_ROOF_PLAN] > 0 and not roof_affordable(s, d, p):
        a = roof_plan(w, s, d, k, p)
        if a >= 0:
            return a
    deliver = ph == PH_DELIVER or ph == PH_EXTRA
    keyed = ph == PH_PLAY or ph == PH_XPLAY
    need = needed_goods(s, d, p) if deliver else 0
    group = decision_group(ph)
    lo, hi = group_range(group)
    keep_lo = keep_hi = np.int64(-1)
    if group != NO_GROUP:  # (a call with arrays costs their reference counts: measured ~10% in the other phases)
        only, keep_lo, keep_hi = ranked_keep(w, s, d, k, mask, n_legal, p, group, need)
        if only >= 0:
            return only
    scratch = np.empty(STATE_SIZE, np.int32)
    memo = np.empty(N_ALIKE if keyed else 0, np.float64)
    alike = np.int64(0)  # bit key: memo[key] holds the value of candidates with that alike_key
    best = best_ext = -1
    best_score = best_ext_score = best_ext_tie = -1e18
    seen = 0
    for a in range(N_ACTIONS):
        if seen == n_legal:
            break  # the rest of the table is illegal (measured: scanning all 273 cost a sixth of the greedy)
        if not mask[a]:
            continue
        seen += 1
        if passed_over(w, s, d, p, a, deliver, need):
            continue
        key = alike_key(s, d, p, a) if keyed else -1
        if key >= 0 and (alike >> key) & 1:
            sc = memo[key]  # an alike candidate scored already: the same value, only its jitter is drawn anew
        else:
            if lo <= a < hi and not ((keep_lo >> (a - lo)) if a - lo < 64 else (keep_hi >> (a - lo - 64))) & 1:
                continue  # ranked out by the pre-score
            for i in range(STATE_SIZE):  # measured: 8x faster than scratch[:] = s in numba
                scratch[i] = s[i]
            step(scratch, d, k, a)
            sc = value(w, scratch, d, k, p)
            if key >= 0:
                memo[key] = sc
                alike |= np.int64(1) << key
        if A_SELL <= a < A_SELL + 4:
            sc += w[W_SELL]
        if A_USE_ROOF <= a < A_USE_ROOF + ROOF_SLOTS:
            sc -= 0.05  # keep a roof for when it does more
        if w[W_NOISE] > 0:
            sc += w[W_NOISE] * uniform(rng, 1 + p)
        if a < A_NO_PLAY and (a - A_PLAY) % N_SIDES == SIDE_EXT:
            tie = sc + w[W_EXT_INCOME] * pays_income(s, d, p, a)  # extensions first meet among themselves
            if tie > best_ext_tie:
                best_ext_tie, best_ext_score, best_ext = tie, sc, a
        elif sc > best_score:
            best_score = sc
            best = a
    if best_ext >= 0 and (best_ext_score > best_score or (best_ext_score == best_score and best_ext < best)):
        return best_ext  # the best extension then meets the rest without its tie-break (first in the table on ties)
    return best


@njit(cache=True)
def roof_plan(w, s, d, k, p):
    """A roof decision below the price (rules.roof_offered): the first step of paying for the best roof by sales and
    trades for silver, each the one whose position scores best, when buying so scores above passing; -1 otherwise
    (the greedy then weighs the decision as usual: its sales and trades are passed over, so it passes and keeps its
    goods). Without jitter, so that the plan made again after its first sale, from the same goods less one, agrees
    with it and no good is sold for a roof that is then not bought."""
    scratch = np.empty(STATE_SIZE, np.int32)
    trial = np.empty(STATE_SIZE, np.int32)
    mask = np.zeros(N_ACTIONS, np.uint8)
    copy_state(s, scratch)
    step(scratch, d, k, np.int64(A_ROOF_PASS))
    passed = value(w, scratch, d, k, p)
    copy_state(s, scratch)
    first = -1
    for _ in range(16):  # sales and trades until the price is in hand (a few at most)
        if scratch[G_PHASE] != PH_ROOF or scratch[G_CUR] != p:
            return -1  # nothing left to sell: the decision is gone
        if roof_affordable(scratch, d, p):
            break
        legal_mask(scratch, d, k, mask)
        best = -1
        best_v = -1e18
        for j in range(5):
            a = A_SELL + j if j < 4 else A_TRADE  # a resource sold, or a trade commodity for silver (option 0)
            if mask[a]:
                copy_state(scratch, trial)
                step(trial, d, k, a)
                v = value(w, trial, d, k, p)
                if v > best_v:
                    best_v, best = v, a
        if best < 0:
            return -1
        step(scratch, d, k, best)
        if first < 0:
            first = best
    if scratch[G_PHASE] != PH_ROOF or scratch[G_CUR] != p or not roof_affordable(scratch, d, p):
        return -1
    legal_mask(scratch, d, k, mask)
    bought = -1e18
    for i in range(4):
        if mask[A_ROOF + i]:
            copy_state(scratch, trial)
            step(trial, d, k, A_ROOF + i)
            bought = max(bought, value(w, trial, d, k, p))
    return first if bought > passed else -1


@njit(cache=True, inline="always")
def copy_state(src, dst):
    for i in range(STATE_SIZE):  # measured: 8x faster than dst[:] = src in numba
        dst[i] = src[i]


@njit(cache=True, inline="always")
def passed_over(w, s, d, p, a, deliver, need):
    """The legal actions the greedy never weighs here."""
    if A_SELL <= a < A_TRADE_VP and not deliver:
        return True  # selling, buying, paid upgrades and trades only pay towards a delivery (the end sells)
    if A_SELL <= a < A_SELL + 4 and w[W_SELL] <= 0 and s[pb(p) + P_SILVER] > 0:
        return True
    if A_USE_ROOF <= a < A_USE_ROOF + ROOF_SLOTS and not deliver and w[W_DEFER_ANYTIME] > 0:
        return True  # a roof marker waits for the deliveries (defer_anytime)
    if A_BUY <= a < A_BUY + 4 and not (need >> (a - A_BUY)) & 1:
        return True  # buy only a resource a symbol asks for
    return A_UPGRADE <= a < A_UPGRADE + 4 and not (need >> d[D_UPG_TO + a - A_UPGRADE]) & 1  # into a needed good


@njit(cache=True)
def only_group_weighed(w, s, d, mask, n_legal, p, group, need):
    """True when every legal action the greedy would weigh is in the group (a die decision's anytime actions are
    legal but passed over, unless a helper or a trade for VP can be used)."""
    lo, hi = group_range(group)
    deliver = group == DELIVERIES
    seen = 0
    for a in range(N_ACTIONS):
        if seen == n_legal:
            break
        if not mask[a]:
            continue
        seen += 1
        if (a < lo or a >= hi) and not passed_over(w, s, d, p, a, deliver, need):
            return False
    return True


@njit(cache=True)
def ranked_keep(w, s, d, k, mask, n_legal, p, group, need):
    """The group candidates the greedy steps, as bits a - lo and a - lo - 64 of two words (lo: the group's first
    action; all bits set: every one), and the action to take unscored when it is the only candidate left (-1:
    none)."""
    every = np.int64(-1)
    lo, hi = group_range(group)
    top = max(1, int(w[W_TOP_PLAYS + group - PLAYS]))
    members = n_in_group(mask, group)
    first = group == DELIVERIES and w[W_DEFER_ANYTIME] > 0 and members > 0  # deliver first (see greedy)
    if top * (N_SIDES if group == PLAYS else 1) >= members and not first:
        return -1, every, every  # every candidate of the group is kept: no ranking
    if group == OPTIONS and (s[G_OPT_KIND] == OPT_PEON or s[G_OPT_KIND] == OPT_CARPENTER):
        return -1, every, every  # a helper's option: scored in full
    if group == DICE and not dice_estimable(s, d, k, p):
        return -1, every, every
    if group == PLAYS or group == GOODS:
        need = needed_goods(s, d, p)  # the pre-score's tie-breaks read it
    chosen, est = top_ranked(w, s, d, k, mask, p, group, need, top)
    if first and est[0] - w[W_SILVER] * paid_delivery(s) > 0:
        return chosen[0], every, every
    alone = members == n_legal or (group == DICE and only_group_weighed(w, s, d, mask, n_legal, p, group, need))
    if group != PLAYS and (top == 1 or chosen[1] < 0) and alone:
        return chosen[0], every, every  # one candidate is kept and nothing outside the group is weighed
    keep_lo = keep_hi = np.int64(0)
    for c in chosen:
        if c >= 0:
            if c - lo < 64:
                keep_lo |= np.int64(1) << (c - lo)
            else:
                keep_hi |= np.int64(1) << (c - lo - 64)
    return -1, keep_lo, keep_hi


@njit(cache=True)
def decision_group(ph):
    if ph == PH_PLAY or ph == PH_XPLAY:
        return PLAYS
    if ph == PH_DELIVER or ph == PH_EXTRA:
        return DELIVERIES
    if ph == PH_GAIN or ph == PH_PAY or ph == PH_UPGRADE:
        return GOODS
    if ph == PH_OPTION:
        return OPTIONS
    if ph == PH_DIE:
        return DICE
    return NO_GROUP


@njit(cache=True)
def group_range(group):
    """The actions of a group: one stretch of the table."""
    if group == PLAYS:
        return A_PLAY, A_NO_PLAY
    if group == DELIVERIES:
        return A_DELIVER_B, A_DELIVER_DONE
    if group == GOODS:  # pay, discard (never legal with these), gain, free upgrade and its end: one stretch
        return A_PAY, A_UPG_DONE + 1
    if group == OPTIONS:
        return A_OPTION, A_OPTION + 3
    if group == DICE:
        return A_DIE, A_DIE + 6
    return 0, 0


@njit(cache=True)
def n_in_group(mask, group):
    lo, hi = group_range(group)
    n = 0
    for a in range(lo, hi):
        n += mask[a]
    return n


@njit(cache=True)
def top_ranked(w, s, d, k, mask, p, group, need, top):
    """The `top` candidates of the group with the best pre-score (the first in table order on ties; -1 pads). Card
    plays keep the `top` best of each side (field, barrow, extension, helper), one per alike key: the side sets
    most of a play's worth, so a plain top-K was often all fields of the three crops (measured on 3,000 play
    decisions of greedy games: the best 3 by the estimate missed the full score's best play in 17% of them, the
    best 4 in 2.7%, the best of each side in 0.3%)."""
    n_seg = N_SIDES if group == PLAYS else 1
    chosen = np.full(top * n_seg, -1, np.int64)
    est = np.full(top * n_seg, -1e18, np.float64)
    keys = 0
    lo, hi = group_range(group)
    for a in range(lo, hi):
        if not mask[a]:
            continue
        seg = 0
        if group == PLAYS:
            seg = (a - A_PLAY) % N_SIDES
            key = alike_key(s, d, p, a)
            if key >= 0:
                if (keys >> key) & 1:
                    continue
                keys |= 1 << key
        e = prescore(w, s, d, k, p, a, need)
        first = seg * top
        i = first + top - 1
        if e <= est[i]:
            continue
        while i > first and est[i - 1] < e:  # insertion into the segment's sorted short list
            est[i] = est[i - 1]
            chosen[i] = chosen[i - 1]
            i -= 1
        est[i] = e
        chosen[i] = a
    return chosen, est


@njit(cache=True)
def paid_delivery(s):
    """1 when a delivery now costs a silver (the paid step, none free left; see rules.pay_extra)."""
    return np.int64(s[G_PHASE] == PH_EXTRA and s[G_ACTED] != 4 and s[G_EXTRA_FREE] == 0)


@njit(cache=True, inline="always")
def good_worth(w, s, d, k, p, g, n):
    """What value() gives n more goods g on p's farm (n < 0: fewer); pigs also move the breeding term."""
    if g < G_PIG:
        return w[W_HARVEST] * n
    if g == G_TRADE:
        return w[W_TRADE] * n
    if g != G_PIG:
        return w[W_UPGRADED] * n
    pigs = s[pb(p) + P_DEN + G_PIG]
    cap = pig_capacity(s, d, k, p)
    if pigs + n > cap:
        return 0.0  # no room: sold at once (a few silver, ignored)
    breeds = int(pigs + n >= 2 and pigs + n < cap) - int(pigs >= 2 and pigs < cap)
    return w[W_PIG] * n + w[W_BREED] * max(0, 6 - s[G_ROUND]) * breeds


@njit(cache=True, inline="always")  # called per candidate (a call with arrays costs their reference counts)
def prescore(w, s, d, k, p, a, need):
    """A cheap estimate of what action a adds to value() for p, read from the state and the data without a step:
    the terms of value() the action moves directly (a play: its side's own worth and a field's first good; a
    delivery: the row's progress or completion less the good it spends; a good taken, paid or upgraded: its
    worth). It skips what a step adds after the
    action (the turn's refill, the round's income, completion side effects, helpers), which is why the best few
    are then scored in full. Tried and left scored in full: donkey markers (value()'s donkey term alone chose
    otherwise in 10% of the donkey decisions, losing 0.15 of value each). A revenue die's estimate (die_worth) is
    exactly what a step shows value() where it is used (dice_estimable)."""
    b = pb(p)
    left = max(0, 6 - s[G_ROUND])
    if A_OPTION <= a < A_OPTION + 3:
        return option_worth(w, s, d, k, p, s[G_OPT_KIND], a - A_OPTION)
    if A_DIE <= a < A_DIE + 6:
        return die_worth(w, s, d, k, p, a - A_DIE + 1)
    if a < A_NO_PLAY:
        c = s[b + P_HAND + (a - A_PLAY) // 4]
        side = (a - A_PLAY) % 4
        if side == SIDE_FIELD:
            crop = d[D_CARDS + c * CARD_STRIDE + C_FIELD]
            # and its first good at this round's growth; a crop a symbol asks for first on ties
            return w[W_FIELD] * left + w[W_HARVEST] + 0.1 * ((need >> crop) & 1)
        if side == SIDE_EXT:  # with the full score's tie-break (see pays_income)
            return w[W_EXT] * left + w[W_EXT_INCOME] * pays_income(s, d, p, a)
        if side == SIDE_HELPER:
            if d[D_CARDS + c * CARD_STRIDE + C_EFFECT] == H_HAND_LIMIT:
                return w[W_CARD]  # its worth is the extra card at the refill (value() gives it no helper worth)
            return w[W_HELPER] * left
        return 0.3 * w[W_BARROW] * d[D_CARDS + c * CARD_STRIDE + C_BARROW_VP]
    if a < A_DISCARD:  # pay good g for an extension: its worth, silver or a VP
        g = a - A_PAY
        if g == PAY_SILVER:
            return -w[W_SILVER]
        if g == PAY_VP:
            return -w[W_VP]
        return good_worth(w, s, d, k, p, g, np.int64(-1))
    if a < A_UPG_FREE:  # take resource g (a needed one first on ties)
        g = a - A_GAIN
        return good_worth(w, s, d, k, p, g, np.int64(1)) + 0.01 * ((need >> g) & 1)
    if a < A_UPG_DONE:  # upgrade resource r free of charge (into a needed good first on ties), one upgrade less due
        r = a - A_UPG_FREE
        to = d[D_UPG_TO + r]
        gain = good_worth(w, s, d, k, p, to, np.int64(1)) + good_worth(w, s, d, k, p, r, np.int64(-1)) - UPGRADE_DUE
        return gain + 0.01 * ((need >> to) & 1)
    if a == A_UPG_DONE:  # the upgrades still due are given up
        return -UPGRADE_DUE * s[G_UPG_LEFT]
    if a < A_DELIVER_W:
        x = (a - A_DELIVER_B) // 4
        g = d[D_BUILD_GOODS + a - A_DELIVER_B]
        n = d[D_BUILD_N + x]
        f = bits4(s[b + P_BUILD_FILL + x])
        before = w[W_BUILDING] * f * f / (n * n) * s[G_ROUND]
        spent = good_worth(w, s, d, k, p, g, np.int64(-1))
        if f + 1 == n:  # completed: VP of the round (+1 the first) and a craft marker instead of the share
            return w[W_VP] * (s[G_ROUND] + 1) + w[W_CRAFT] * left - before + spent
        return w[W_BUILDING] * (f + 1) * (f + 1) / (n * n) * s[G_ROUND] - before + spent
    slot = (a - A_DELIVER_W) // 4
    c = s[b + P_BARROW + slot]
    g = d[D_CARDS + c * CARD_STRIDE + C_GOODS + (a - A_DELIVER_W) % 4]
    n = d[D_CARDS + c * CARD_STRIDE + C_BARROW_N]
    vp = d[D_CARDS + c * CARD_STRIDE + C_BARROW_VP]
    f = bits4(s[b + P_BARROW_FILL + slot])
    if f + 1 == n:  # completed: its VP, a trade commodity and a market marker instead of the barrow's worth
        gain = w[W_VP] * vp + w[W_TRADE] + w[W_MARKET] * left + 0.5 - w[W_BARROW] * vp * (0.3 + f / n)
        return gain + good_worth(w, s, d, k, p, g, np.int64(-1))
    return w[W_BARROW] * vp / n + good_worth(w, s, d, k, p, g, np.int64(-1))


@njit(cache=True)
def option_worth(w, s, d, k, p, kind, o):
    """What option o of a choice of this kind adds to value() for p right after it (rules.choose_option): a card in
    hand, an extra play, a good of choice, upgrades or a delivery still owed, silver, siesta VP, the Marketer's VP.
    What the flow adds when the turn passes on (the next die, the leftover die) is left out, as for the other
    groups."""
    b = pb(p)
    if kind == OPT_CARD or kind == OPT_DIE2:
        if o == 2:
            return w[W_HARVEST] + w[W_SILVER] * helper_amount(s, d, p, np.int64(H_HARVEST_SILVER))
        bonus = w[W_VP] * helper_amount(s, d, p, np.int64(H_MARKETER)) if kind == OPT_DIE2 else 0.0
        if o == 0:
            return bonus + w[W_CARD] * (s[b + P_HAND_N] < 6)
        return bonus + XPLAY_DUE
    if kind == OPT_DIE4:
        return w[W_SILVER] * (k[K_REV4_SILVER] - o) + w[W_HARVEST] * o
    if kind == OPT_DIE5:  # upgrades are owed only while p has a resource to upgrade (rules.resume)
        upgrades = UPGRADE_DUE * (2 - o) * any_resource(s, p)
        if o == 0:
            return upgrades
        return w[W_VP] * helper_amount(s, d, p, np.int64(H_MARKETER)) + upgrades + siesta_gain(w, s, d, p, o)
    if kind == OPT_DIE6:
        if o == 0:
            return w[W_DELIVERY] * min(1, deliverable(s, d, p))
        return w[W_SILVER] * k[K_REV6_SILVER]
    if kind == OPT_SIESTA:
        return siesta_gain(w, s, d, p, o + 1)
    return 0.0


@njit(cache=True)
def best_option(w, s, d, k, p, kind):
    """What value() gives a choice of this kind still due to p: its best legal option (rules.option_mask), so that
    a die or a card is worth what its choice will give; with w_option_due > 0, that flat worth instead. A Peon's
    or a Carpenter's offer, whose options are scored in full, is a flat HELPER_OPTION_DUE."""
    if kind == OPT_PEON or kind == OPT_CARPENTER:
        return HELPER_OPTION_DUE
    if w[W_OPTION_DUE] > 0:
        return w[W_OPTION_DUE]  # a flat worth (the market archetype: RULES.md "Bots")
    best = 0.0
    n = 3 if kind == OPT_DIE2 or kind == OPT_DIE5 else 2
    hand = s[pb(p) + P_HAND_N]
    cards = kind == OPT_CARD or kind == OPT_DIE2
    for o in range(n):
        if cards and ((o == 0 and not (can_draw(s) and hand < MAX_HAND)) or (o == 1 and hand == 0)):
            continue  # no card to draw, or none to play
        best = max(best, option_worth(w, s, d, k, p, kind, o))
    return best


@njit(cache=True)
def dice_estimable(s, d, k, p):
    """The dice's revenue is all a step shows value() (die_worth): not in the solo game (a die leaves between the
    picks), not at the last pick (the step runs on into the leftover die), not with a Porter (it may answer the
    die's choice) and not when a good would need a marker taken back from the farm."""
    n = s[G_PLAYERS]
    stock = s[pb(p) + P_STOCK] > 0 or k[K_MARKER_CAP] == 0
    porter = helper_slot(s, d, p, np.int64(H_PORTER)) >= 0
    return n > 1 and s[G_TURN] + 1 < 2 * n and dice_left(s) > 1 and not porter and stock


@njit(cache=True)
def die_worth(w, s, d, k, p, f):
    """What taking a die showing f adds to value() for p (rules.resolve_face): a pig, two harvest goods still to
    take, silver, or the best option of its choice."""
    if f == 1:
        if s[pb(p) + P_DEN + G_PIG] >= pig_capacity(s, d, k, p):
            return w[W_SILVER] * sell_price(d, np.int64(G_PIG))  # no room: sold at once
        return good_worth(w, s, d, k, p, np.int64(G_PIG), np.int64(1))
    if f == 3:
        return 2 * w[W_HARVEST] + w[W_SILVER] * helper_amount(s, d, p, np.int64(H_HARVEST_SILVER))
    if f == 4:
        extra = w[W_SILVER] * helper_amount(s, d, p, np.int64(H_REVENUE4))
        if helper_slot(s, d, p, np.int64(H_SEEDS_TRADER)) >= 0:
            return extra + best_option(w, s, d, k, p, np.int64(OPT_DIE4))
        return extra + w[W_SILVER] * k[K_REV4_SILVER]
    return best_option(w, s, d, k, p, np.int64(OPT_DIE2 if f == 2 else OPT_DIE5 if f == 5 else OPT_DIE6))


@njit(cache=True)
def siesta_gain(w, s, d, p, steps):
    """What value() gains when p's siesta disc moves `steps` up (to the top space at most)."""
    at = s[pb(p) + P_SIESTA]
    return w[W_SIESTA] * (d[D_SIESTA_VP + min(at + steps, d[D_SIESTA_TOP])] - d[D_SIESTA_VP + at])


@njit(cache=True, inline="always")
def pays_income(s, d, p, a):
    """1 when play a is an extension paying silver income. value() scores every extension kind alike (their
    worth is w_ext), so among extensions the kind is a tie-break (w_ext_income): in the pre-score, and among the
    extensions scored in full before the best of them meets the other candidates. Measured head to head: the
    greedy keeping the income kind won 29.5% against 20.5% for the first in hand order; for the archetypes, see
    RULES.md "Bots". Not a bonus against the other sides: +0.01 on every income extension's full score cost the
    greedy 3.0 points of wins (6,000 games, paired)."""
    c = s[pb(p) + P_HAND + (a - A_PLAY) // N_SIDES]
    return np.int64(d[D_CARDS + c * CARD_STRIDE + C_EXT] != EXT_NO_INCOME)


N_ALIKE = 6  # keys of alike_key: 3 field crops, then 3 extension kinds


@njit(cache=True)
def alike_key(s, d, p, a):
    """Play candidates whose positions after the step are worth the same to value() share a key (-1: none): two
    cards played as fields of one crop, or as extensions of one kind, differ only in which card left the hand, and
    no rule reads that before the next decision (value() counts cards, fields and extension effects). Scored once,
    the other gets the stored value and its own jitter, so the choice is the same as scoring each (measured: a
    fifth of the play candidates; tests/lagranja/test_greedy.py checks the same values on played games)."""
    if a >= A_NO_PLAY:
        return -1
    side = (a - A_PLAY) % 4
    c = s[pb(p) + P_HAND + (a - A_PLAY) // 4]
    if side == SIDE_FIELD:
        return d[D_CARDS + c * CARD_STRIDE + C_FIELD]
    if side == SIDE_EXT:
        return 3 + d[D_CARDS + c * CARD_STRIDE + C_EXT]
    return -1


@njit(cache=True)
def value(w, s, d, k, p):
    """What p's position is worth now, in VP."""
    b = pb(p)
    left = max(0, 6 - s[G_ROUND])  # whole rounds after this one
    v = w[W_VP] * s[b + P_VP] + w[W_SILVER] * s[b + P_SILVER]
    for g in range(N_HARVEST):
        v += w[W_HARVEST] * (s[b + P_DEN + g] + s[b + P_FIELD_GOODS + g] + s[b + P_FIELD_EXTRA + g])
        v += w[W_FIELD] * s[b + P_FIELDS + g] * left
    pigs = s[b + P_DEN + 3]
    v += w[W_PIG] * pigs
    if pigs >= 2 and pigs < pig_capacity(s, d, k, p):
        v += w[W_BREED] * left
    v += w[W_UPGRADED] * (s[b + P_DEN + 4] + s[b + P_DEN + 5] + s[b + P_DEN + 6])
    v += w[W_TRADE] * s[b + P_DEN + 7]
    for i in range(N_SLOTS):
        c = s[b + P_BARROW + i]
        if c >= 0:
            n = d[D_CARDS + c * CARD_STRIDE + C_BARROW_N]
            done = bits4(s[b + P_BARROW_FILL + i])
            v += w[W_BARROW] * d[D_CARDS + c * CARD_STRIDE + C_BARROW_VP] * (0.3 + done / n)
        h = s[b + P_HELPER + i]
        if h >= 0 and d[D_CARDS + h * CARD_STRIDE + C_EFFECT] != H_HAND_LIMIT:
            # a hand-limit helper (Farm Girl, Manservant) acts only through the extra card at the refill, which
            # w_card counts already: valued as a helper too, it won round 1's plays over fields and extensions
            v += w[W_HELPER] * left
    for x in range(N_BUILD):
        if s[b + P_CRAFT + x] > 0:
            v += w[W_CRAFT] * left
        else:
            share = bits4(s[b + P_BUILD_FILL + x]) / d[D_BUILD_N + x]
            v += w[W_BUILDING] * share * share * s[G_ROUND]
    mine = 0
    for h in range(MAX_HEX):  # a fixed trip count, cells past the market's hexes hold -1 (measured: 10% of value)
        mine += s[G_MARKET + h] == p
    v += w[W_MARKET] * mine * left
    v += w[W_EXT] * s[b + P_EXT_N] * left
    for i in range(ROOF_SLOTS):
        if s[b + P_ROOF + i] >= 0 and not s[b + P_ROOF_USED + i]:
            v += w[W_ROOF]
    v += w[W_CARD] * min(s[b + P_HAND_N], 6) * (1 if s[G_DECK_N] >= 0 else 0)
    v += w[W_SIESTA] * d[D_SIESTA_VP + s[b + P_SIESTA]]
    if s[G_CUR] == p:
        v += pending(w, s, d, k, p)
    m = s[b + P_DONKEY]
    if m >= 0 and (s[G_FLOW] == FL_DONKEY or (s[G_FLOW] == FL_DELIVER and s[G_DELIV_LEFT] == 0)):
        v += w[W_DELIVERY] * min(m + 1, deliverable(s, d, p)) + w[W_HAT] * (3 - m)
    return v


@njit(cache=True)
def bits4(fill):
    """Delivered symbols of a row (at most MAX_SYMBOLS = 4 bits); no loop: a loop of data-dependent length
    mispredicts."""
    return (fill & 1) + ((fill >> 1) & 1) + ((fill >> 2) & 1) + ((fill >> 3) & 1)


@njit(cache=True)
def pending(w, s, d, k, p):
    """What an effect still owes p (goods of choice, upgrades, deliveries, an option, a card, a market hex)."""
    v = w[W_HARVEST] * s[G_GAIN_N] + UPGRADE_DUE * s[G_UPG_LEFT] + XPLAY_DUE * s[G_XPLAY]
    if s[G_DELIV_LEFT] > 0:
        v += w[W_DELIVERY] * min(s[G_DELIV_LEFT], deliverable(s, d, p))
    if s[G_OPT_KIND] != 0:
        v += best_option(w, s, d, k, p, s[G_OPT_KIND])
    if s[G_MKT_VALUE] > 0:
        v += w[W_MARKET] * max(0, 6 - s[G_ROUND]) + 0.5
    return v


@njit(cache=True)
def needed_goods(s, d, p):
    """Bit g: a symbol of p's barrows or open craft buildings asks for good g and p has none."""
    b = pb(p)
    need = 0
    for x in range(N_BUILD):
        if s[G_BLOCKED + x] == 0 and s[b + P_CRAFT + x] == 0:
            for j in range(d[D_BUILD_N + x]):
                if not (s[b + P_BUILD_FILL + x] >> j) & 1:
                    need |= 1 << d[D_BUILD_GOODS + x * 4 + j]
    for i in range(N_SLOTS):
        c = s[b + P_BARROW + i]
        if c >= 0:
            for j in range(d[D_CARDS + c * CARD_STRIDE + C_BARROW_N]):
                if not (s[b + P_BARROW_FILL + i] >> j) & 1:
                    need |= 1 << d[D_CARDS + c * CARD_STRIDE + C_GOODS + j]
    for g in range(8):
        if s[b + P_DEN + g] > 0 or (g < N_HARVEST and s[b + P_FIELD_GOODS + g] > 0):
            need &= ~(1 << g)
    return need


@njit(cache=True)
def deliverable(s, d, p):
    """Symbols p could deliver now (open craft buildings and its barrows)."""
    return count_deliveries(s, d, p)


# ------------------------------------------------------------------ what the search (strategies/mcts.py) asks


@njit(cache=True)
def new_memory():
    """Every seat's scratch, zeroed: what a bot keeps between its decisions."""
    return np.zeros((MAX_PLAYERS, MEMORY_SIZE), np.float64)


@njit(cache=True)
def rollout(policy, w, s, d, k, mask, n_legal, seat, rng, memory):
    """The game's own bots in a search's playouts: 0 random, 1 greedy (with the searching player's weights)."""
    if policy == 0:
        return random_legal(mask, n_legal, rng, 1 + seat)
    return greedy(w, s, d, k, mask, n_legal, seat, rng)


@njit(cache=True)
def evaluate(s, d, k, out):
    """out[p] = seat p's score if the game ended now, for a search cut short (final scoring on `s`, which it
    changes: pass a copy)."""
    final_scoring(s, d, k)
    for p in range(min(s[G_PLAYERS], MAX_PLAYERS)):
        out[p] = s[pb(p) + P_VP]
