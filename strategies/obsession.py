"""Obsession bots: one compiled dispatcher, `choose`, selects the strategy by id at run time.

`greedy` scores each legal action of the decision due with named weights (an analytic one-step value:
pounds, reputation, guests gained, VP showing, the courtship themes, a tile's future favours, servants); the
archetypes are the same kernel with other weights. Bots read the rules only through the rules package (eligibility,
prices, servants, objective progress); they never re-implement a rule.
"""

import numpy as np
from numba import njit

from sim.games.obsession.actions import (
    A_ATTACK,
    A_BORROW,
    A_BUY,
    A_BUY_DONE,
    A_BUY_PR1,
    A_BUY_SERVICE,
    A_CALL,
    A_DISMISS,
    A_DISMISS_SKIP,
    A_DOUBLE,
    A_DRAFT,
    A_FAIRCHILD,
    A_FAMILY,
    A_GUEST,
    A_HALL,
    A_HALL_SKIP,
    A_HIRE,
    A_HOST,
    A_KEEP,
    A_KEEP_VPC,
    A_OBJ_DISCARD,
    A_PASS,
    A_RECRUIT,
    A_REFRESH,
    A_RENT,
    A_USE_VPC,
    A_VP_GUEST,
    A_VP_HIRE,
    A_WESSEX_TILE,
    A_WIFE_LOOK,
    N_ACTIONS,
)
from sim.games.obsession.layout import (
    AB_BARN,
    AB_BRUSHING,
    AB_BUTLERS_ROOM,
    AB_HALL,
    AB_PANTRY,
    AB_QUARTERS,
    AB_STUDY,
    BX_AVAILABLE,
    BX_EXPENDED,
    BX_QUARTERS,
    CAT_ESTATE,
    CL_FAIRCHILD,
    CL_FAMILY,
    CS_ATTENDING,
    CS_DISCARD,
    CS_HAND,
    EV_FAIR,
    G_BUYS_LEFT,
    G_DRAFT,
    G_KEEP_OBJ,
    G_LAST_ROUND,
    G_LOOK,
    G_MARKET,
    G_MARKET_N,
    G_PHASE,
    G_PLAYERS,
    G_RES_PR1,
    G_RES_SERVICE,
    G_ROUND,
    G_SUPPLY,
    G_THEMES,
    G_THEMES_SHOWN,
    G_TILE_SIDE,
    GT_NONE,
    HIREABLE,
    MARKET,
    MAX_DECK,
    MAX_PLAYERS,
    MAX_VPC,
    N_HIREABLE,
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
    P_VP,
    P_VPC,
    PH_ATTACK,
    PH_BUY,
    PH_COURT_DISCARD,
    PH_DISMISS,
    PH_DOUBLE,
    PH_DRAFT,
    PH_FAIRCHILD,
    PH_FAMILY,
    PH_FINAL_VPC,
    PH_GUESTS,
    PH_HALL,
    PH_HIRE,
    PH_KEEP_GUEST,
    PH_KEEP_OBJ,
    PH_MAIN,
    PH_OBJ_DISCARD,
    PH_PASS_CHOICE,
    PH_VP_GUEST,
    PH_VP_HIRE,
    PH_WESSEX_TILE,
    PH_WIFE,
    SEX_M,
    STACK,
    SV_FOOTMAN,
    TT_MONUMENT,
    TT_SERVICE,
    VK_HIRE,
    VK_MONEY,
    VK_OBJECTIVE,
    VK_PRESTIGE,
    VK_PURCHASES,
    VK_REFRESH_GUEST,
    VK_REFRESH_MARKET,
    VK_REFRESH_SERVICE,
    VK_REPUTATION,
)
from sim.games.obsession.params import (
    K_BORROW_MONEY,
    K_BORROW_REP,
    K_FAIR_MONEY,
    K_FAIR_REP,
    K_HELP_REP,
    K_REFRESH_REP,
    K_RENT,
)
from sim.games.obsession.rules import (
    call_cost_free,
    can_buy,
    fill_eligible,
    final_favour_vp,
    final_scoring,
    gb,
    has_ability,
    has_event,
    host_legal,
    host_level,
    kb,
    level,
    ob,
    objective_vp,
    pb,
    servant_count,
    side_base,
    sv,
    tile_ability,
    tile_cat,
    tile_price,
    vb,
)
from sim.games.obsession.tables import (
    C_ADMIRER_REP,
    C_ATTACK,
    C_CASUAL,
    C_CHOICE,
    C_CLASS,
    C_FAMILY,
    C_MONEY,
    C_PRESTIGE,
    C_REP,
    C_SERV1,
    C_SERV2,
    C_SEX,
    C_VP,
    C_VP_CARDS,
    D_FAIRCHILD,
    D_FAMILY,
    D_INST_KIND,
    D_N_GENTRY,
    D_THEMES,
    D_WESSEX_KIND,
    F_EXTRA_TILE,
    F_FOOTMEN,
    F_MONEY,
    F_REP,
    FAMILY_STRIDE,
    K_ABILITY,
    K_CAT,
    K_CAT_BACK,
    K_PR,
    K_SIDE,
    K_TYPE,
    O_KIND,
    O_TILE,
    O_VP,
    S_CASUAL,
    S_DISMISS,
    S_GUESTS,
    S_HIRE,
    S_MONEY,
    S_N,
    S_OBJECTIVES,
    S_PRESTIGE,
    S_REP,
    S_SERVANT,
    S_VP,
    S_VP_CARDS,
    SIDE_STRIDE,
    V_AMOUNT,
    V_KIND,
    V_VP,
)
from sim.kernel_tools import random_legal
from sim.rng import uniform
from strategies import Strategy, Weight, families

GREEDY = 1  # the game's own kernel (strategies/families.py dispatches the families)
MEMORY_SIZE = 4  # per-seat scratch a bot may keep between its decisions
ACTIVITY_ROUNDS = 12.0  # activity rounds of a standard game (the future-use scale of a tile's favours)

WEIGHTS = [
    Weight("w_vp", 1.0, "one VP showing now (a tile, a guest, a kept VP card)"),
    Weight("w_money", 0.45, "100 pounds"),
    Weight("w_rep", 0.55, "one reputation step"),
    Weight("w_casual", 0.8, "a casual guest gained"),
    Weight("w_prestige", 2.5, "a prestige guest gained"),
    Weight("w_vp_card", 3.5, "a victory point card drawn"),
    Weight("w_objective", 1.2, "an objective card drawn"),
    Weight("w_servant", 2.6, "a servant hired (2 VP at the end, and service)"),
    Weight("w_theme", 2.0, "one VP in a revealed courtship theme (bought or flipped)"),
    Weight("w_tile_use", 0.35, "a tile's favours, per activity round left, scaled by 1/12"),
    Weight("w_buy", 0.0, "bonus for each tile bought"),
    Weight("w_service", 0.35, "a servant busy with an activity"),
    Weight("w_card_use", 0.4, "a guest sent to the discard pile (until the next pass)"),
    Weight("w_pass", 0.7, "each card a pass returns to the hand"),
    Weight("w_refresh", 0.0, "refresh the market when rich and nothing is worth buying (0: never)"),
    Weight("w_gossip", 0.3, "one reputation step taken from the leading opponent"),
    Weight("w_vp_card_use", 0.0, "bonus for spending a VP card for its favour (0: keep the VP)"),
    Weight("w_noise", 0.05, "random jitter on every score (variety between games)"),
]
(W_VP, W_MONEY, W_REP, W_CASUAL, W_PRESTIGE, W_VP_CARD, W_OBJECTIVE, W_SERVANT, W_THEME, W_TILE_USE, W_BUY,
 W_SERVICE, W_CARD_USE, W_PASS, W_REFRESH, W_GOSSIP, W_VP_CARD_USE, W_NOISE) = range(len(WEIGHTS))  # fmt: skip

BOOK = families.book(
    "obsession",
    WEIGHTS,
    [
        Strategy("greedy", GREEDY, "best one-step value of each legal action (weights below)"),
        Strategy("climber", GREEDY, "reputation climber: prestige tiles and guests, reputation above all",
                 {"w_rep": 1.1, "w_prestige": 3.5, "w_theme": 1.0, "w_money": 0.35}),
        Strategy("builder", GREEDY, "estate builder: buys tiles and monuments, values pounds, refreshes when rich",
                 {"w_buy": 1.5, "w_tile_use": 0.55, "w_money": 0.6, "w_refresh": 1.0, "w_theme": 1.2}),
        Strategy("courtier", GREEDY, "courtship chaser: builds the revealed themes, hunts the Fairchilds",
                 {"w_theme": 4.0, "w_buy": 0.5}),
        Strategy("socialite", GREEDY, "guest collector: invitations first, passes often, dismisses the unsavoury",
                 {"w_casual": 1.4, "w_prestige": 3.5, "w_pass": 1.0, "w_card_use": 0.2}),
    ],
)  # fmt: skip


@njit(cache=True)
def choose(kernel, weights, s, d, k, mask, n_legal, seat, rng, memory):
    """The game's own bots: greedy and its archetypes (every family is dispatched in strategies/families.py)."""
    return greedy(weights, s, d, k, mask, seat, rng)


@njit(cache=True)
def greedy(w, s, d, k, mask, p, rng):
    """The legal action of highest score (first on ties; w_noise jitters the scores)."""
    best = -1
    best_score = -1e18
    phase = s[G_PHASE]
    for a in range(N_ACTIONS):
        if not mask[a]:
            continue
        sc = score(w, s, d, k, phase, p, a)
        if w[W_NOISE] > 0:
            sc += w[W_NOISE] * uniform(rng, 1 + p)
        if sc > best_score:
            best_score = sc
            best = a
    return best


@njit(cache=True)
def score(w, s, d, k, phase, p, a):
    if a == A_BORROW:
        return borrow_value(w, s, d, k, phase, p)
    if a == A_REFRESH:
        return refresh_value(w, s, d, k, p) - rep_worth(w, s, p, k[K_REFRESH_REP])
    if a == A_KEEP_VPC:
        return 0.0
    if A_USE_VPC <= a < A_USE_VPC + MAX_VPC:
        if phase == PH_FINAL_VPC:  # the game ends now: the favour's VP at the scoring against the card's
            i = a - A_USE_VPC
            return final_favour_vp(s, d, k, p, i) - d[vb(s[pb(p) + P_VPC + i]) + V_VP]
        return vp_card_value(w, s, d, k, phase, p, a - A_USE_VPC)
    if A_CALL <= a < A_CALL + N_SERV:
        return call_value(w, s, d, k, p, a - A_CALL)
    if phase == PH_MAIN:
        if a == A_PASS:
            return pass_value(w, s, d, k, p)
        return host_value(w, s, d, k, p, a - A_HOST)
    if phase == PH_GUESTS:
        return card_value(w, s, d, k, p, s[pb(p) + P_DECK + a - A_GUEST], np.int64(1))
    if phase == PH_BUY:
        if a == A_BUY_DONE:
            return 0.0
        return buy_value(w, s, d, k, p, a)
    if phase == PH_HALL:
        if a == A_HALL_SKIP:
            return 0.0
        return hall_value(w, s, d, k, p, a - A_HALL)
    if phase == PH_PASS_CHOICE:
        if a == A_RENT:
            return w[W_MONEY] * k[K_RENT] / 100.0
        return refresh_value(w, s, d, k, p)
    if phase == PH_ATTACK:
        return opponent_threat(s, d, a - A_ATTACK)
    if phase == PH_WIFE:
        if a == A_WIFE_LOOK:
            return w[W_CASUAL] * 1.3
        return -worst_guest_value(w, s, d, k, p)
    if phase == PH_KEEP_GUEST:
        return card_value(w, s, d, k, p, s[G_LOOK + a - A_KEEP], np.int64(0))
    if phase == PH_KEEP_OBJ:
        return objective_worth(s, d, k, p, s[G_KEEP_OBJ + a - A_KEEP])
    if phase == PH_DISMISS:
        if a == A_DISMISS_SKIP:
            return 0.0
        return -card_value(w, s, d, k, p, s[pb(p) + P_DECK + a - A_DISMISS], np.int64(0))
    if phase == PH_HIRE or phase == PH_VP_HIRE:
        return hire_value(s, d, p, a)
    if phase == PH_DOUBLE:
        return double_value(w, s, d, p, a - A_DOUBLE)
    if phase == PH_VP_GUEST:
        return card_value(w, s, d, k, p, s[pb(p) + P_DECK + a - A_VP_GUEST], np.int64(0))
    if phase == PH_OBJ_DISCARD or phase == PH_COURT_DISCARD:
        return -objective_worth(s, d, k, p, s[pb(p) + P_OBJ + a - A_OBJ_DISCARD])
    if phase == PH_FAIRCHILD:
        return fairchild_value(w, s, d, k, p, a - A_FAIRCHILD)
    if phase == PH_FAMILY:
        return family_value(w, d, k, a - A_FAMILY)
    if phase == PH_WESSEX_TILE:
        return kind_value(w, s, d, k, p, d[D_WESSEX_KIND + a - A_WESSEX_TILE], np.int64(-1))
    if phase == PH_DRAFT:
        return card_value(w, s, d, k, p, s[G_DRAFT + a - A_DRAFT], np.int64(0))
    return 0.0


# ---------------------------------------------------------------- the worth of things


@njit(cache=True)
def rounds_left(s):
    return max(s[G_LAST_ROUND] - s[G_ROUND], 0)


@njit(cache=True)
def future(s):
    """Share of the game's activity rounds still to come (the weight of anything that pays later)."""
    return rounds_left(s) * 0.75 / ACTIVITY_ROUNDS


@njit(cache=True)
def rep_worth(w, s, p, steps):
    """Reputation steps: w_rep each, more when they cross into a new level (triangular end VP)."""
    r = s[pb(p) + P_REP]
    v = w[W_REP] * steps
    if steps > 0 and level(r + steps) > level(r):
        v += 0.5 * w[W_REP] * level(r + steps)
    return v


@njit(cache=True)
def card_value(w, s, d, k, p, c, attending):
    """A gentry card: its end VP, and what its favours give each time it attends (minus its service and,
    when it is about to attend, the wait until the next pass)."""
    cb = gb(c)
    v = w[W_VP] * d[cb + C_VP]
    fav = w[W_MONEY] * d[cb + C_MONEY] / 100.0 + w[W_REP] * d[cb + C_REP] + w[W_CASUAL] * d[cb + C_CASUAL]
    fav += w[W_PRESTIGE] * d[cb + C_PRESTIGE] + w[W_VP_CARD] * d[cb + C_VP_CARDS] + w[W_GOSSIP] * d[cb + C_ATTACK]
    fav += w[W_CASUAL] * 0.6 * d[cb + C_CHOICE] + w[W_REP] * 0.5 * d[cb + C_ADMIRER_REP]
    fav -= w[W_SERVICE] * ((d[cb + C_SERV1] >= 0) + (d[cb + C_SERV2] >= 0))
    if attending:
        return fav - w[W_CARD_USE]
    return v + fav * (1.0 + 2.0 * future(s))


@njit(cache=True)
def side_favours(w, d, sbase):
    """A tile side's own favours (the guests come on top)."""
    v = w[W_MONEY] * d[sbase + S_MONEY] / 100.0 + w[W_REP] * d[sbase + S_REP] + w[W_CASUAL] * d[sbase + S_CASUAL]
    v += w[W_PRESTIGE] * d[sbase + S_PRESTIGE] + w[W_VP_CARD] * d[sbase + S_VP_CARDS]
    v += w[W_OBJECTIVE] * d[sbase + S_OBJECTIVES] + w[W_SERVANT] * d[sbase + S_HIRE] + 0.5 * d[sbase + S_DISMISS]
    return v


@njit(cache=True)
def theme_weight(s, d, cat):
    """How much one VP in category `cat` counts toward the courtships still to come: the current season's
    theme, and every revealed theme for the final courtship."""
    shown = s[G_THEMES_SHOWN]
    x = 0.0
    for i in range(shown):
        if d[D_THEMES + s[G_THEMES + i]] == cat:
            x += 0.5
    if shown > 0 and d[D_THEMES + s[G_THEMES + shown - 1]] == cat:
        x += 1.0
    return x


@njit(cache=True)
def kind_value(w, s, d, k, p, kind_, inst):
    """The worth of owning a tile of this kind from now on: VP showing, the courtship themes, the favours of
    its future activities, a permanent ability, objectives that name it."""
    kbase = kb(kind_)
    front = kbase + K_SIDE
    back = front + SIDE_STRIDE
    typ = d[kbase + K_TYPE]
    left = future(s)
    v = w[W_VP] * d[front + S_VP] + w[W_THEME] * theme_weight(s, d, d[kbase + K_CAT]) * d[front + S_VP]
    if typ == TT_MONUMENT:
        v += w[W_REP] * rounds_left(s) * 0.75
    elif typ == TT_SERVICE:
        ab = d[kbase + K_ABILITY]
        if ab == AB_PANTRY:
            v += w[W_SERVANT] * 1.2
        elif ab == AB_BARN:
            v += w[W_REP] * 4.0 * left
        elif ab == AB_HALL:
            v += (w[W_REP] + w[W_GOSSIP]) * 8.0 * left
        elif ab == AB_QUARTERS or ab == AB_BRUSHING:
            v += 2.5 * left
    else:
        uses = 3.0 * left
        lvl = level(s[pb(p) + P_REP])
        if d[kbase + K_PR] > lvl + 1:
            uses *= 0.5
        v += w[W_TILE_USE] * ACTIVITY_ROUNDS * left * side_favours(w, d, back) / 3.0
        v += uses * w[W_TILE_USE] * (d[front + S_N] * 0.8)
        v += 0.5 * w[W_VP] * (d[back + S_VP] - d[front + S_VP])
    b = pb(p)
    for i in range(s[b + P_OBJ_N]):
        o = s[b + P_OBJ + i]
        if d[ob(o) + O_KIND] == 0 and d[ob(o) + O_TILE] == kind_:
            v += d[ob(o) + O_VP]
    return v + w[W_BUY]


@njit(cache=True)
def hand_cards(s, d, p, need_state):
    n = 0
    b = pb(p)
    for i in range(s[b + P_DECK_N]):
        if s[b + P_CARD_STATE + i] == need_state:
            n += 1
    return n


@njit(cache=True)
def host_value(w, s, d, k, p, slot):
    """Hosting the tile of estate slot `slot`: its favours (at the side showing), the best eligible guests'
    favours, the flip (VP and a better back side), minus the servants and cards it uses."""
    b = pb(p)
    t = s[b + P_ESTATE + slot]
    sbase = side_base(s, d, t)
    kbase = kb(d[D_INST_KIND + t])
    v = side_favours(w, d, sbase)
    cat = tile_cat(s, d, t)
    if cat == CAT_ESTATE and has_ability(s, p, np.int64(AB_BARN)):
        v += w[W_REP]
    if d[sbase + S_SERVANT] >= 0:
        v -= w[W_SERVICE]
    ab = tile_ability(d, t)
    if s[G_TILE_SIDE + t] == 0:
        back = kbase + K_SIDE + SIDE_STRIDE
        cat_back = d[kbase + K_CAT_BACK]
        gain = d[back + S_VP] - d[sbase + S_VP]
        v += w[W_VP] * gain + w[W_THEME] * (theme_weight(s, d, cat_back) * d[back + S_VP] - theme_weight(s, d, cat)
                                            * d[sbase + S_VP])  # fmt: skip
        v += w[W_TILE_USE] * 2.0 * future(s) * (side_favours(w, d, back) - side_favours(w, d, sbase))
        if ab == AB_STUDY:
            v += fairs_left(s, d, k) * (w[W_MONEY] * k[K_FAIR_MONEY] / 100.0 + w[W_REP] * k[K_FAIR_REP])
    if ab == AB_BUTLERS_ROOM:
        v = w[W_SERVANT] * min(d[sbase + S_HIRE], hireable_total(s)) - w[W_SERVICE]
        return v
    if d[sbase + S_GUESTS] == GT_NONE:
        return v
    return v + best_guests_value(w, s, d, k, p, t, d[sbase + S_N])


@njit(cache=True)
def hireable_total(s):
    n = 0
    for i in range(N_HIREABLE):
        n += s[G_SUPPLY + HIREABLE[i]]
    return n


@njit(cache=True)
def fairs_left(s, d, k):
    n = 0
    for r in range(s[G_ROUND] + 1, s[G_LAST_ROUND] + 1):
        n += has_event(d, k, r, np.int64(EV_FAIR))
    return n


@njit(cache=True)
def best_guests_value(w, s, d, k, p, t, need):
    """Sum of the `need` best eligible guests' values (service feasibility aside: the legal guest steps
    settle it)."""
    ok = np.zeros(MAX_DECK, np.int64)
    fill_eligible(s, d, k, p, t, host_level(s, d, k, p), ok)
    b = pb(p)
    vals = np.zeros(MAX_DECK, np.float64)
    m = 0
    for i in range(s[b + P_DECK_N]):
        if ok[i] == 1:
            vals[m] = card_value(w, s, d, k, p, s[b + P_DECK + i], np.int64(1))
            m += 1
    if m < need:
        return -1e9
    vals[:m].sort()
    total = 0.0
    for j in range(need):
        total += vals[m - 1 - j]
    return total


@njit(cache=True)
def pass_value(w, s, d, k, p):
    """Passing: the discard pile comes back, every servant is refreshed, and the rent."""
    back = hand_cards(s, d, p, np.int64(CS_DISCARD))
    tired = 0
    for t in range(N_SERV):
        tired += s[sv(p, np.int64(BX_EXPENDED), t)] + s[sv(p, np.int64(BX_QUARTERS), t)]
    in_hand = hand_cards(s, d, p, np.int64(CS_HAND))
    v = w[W_PASS] * back + 0.3 * tired + w[W_MONEY] * k[K_RENT] / 100.0
    if in_hand <= 3:
        v += 1.0
    return v * (0.5 + future(s))


@njit(cache=True)
def buy_value(w, s, d, k, p, a):
    if a < A_BUY_SERVICE:
        i = a - A_BUY
        t = s[G_MARKET + i * STACK + s[G_MARKET_N + i] - 1]
        space = i
    elif a < A_BUY_PR1:
        t = s[G_RES_SERVICE + a - A_BUY_SERVICE]
        space = -1
    else:
        t = s[G_RES_PR1 + a - A_BUY_PR1]
        space = -1
    price = tile_price(s, d, k, t, np.int64(space))
    return kind_value(w, s, d, k, p, d[D_INST_KIND + t], t) - w[W_MONEY] * price / 100.0


@njit(cache=True)
def best_purchase(w, s, d, k, p, extra):
    """The best (value - price) tile p could buy with `extra` more pounds, -1e9 if none."""
    b = pb(p)
    best = -1e9
    s[b + P_MONEY] += extra
    for i in range(MARKET):
        if s[G_MARKET_N + i] > 0:
            t = s[G_MARKET + i * STACK + s[G_MARKET_N + i] - 1]
            if can_buy(s, d, k, p, t, np.int64(i)):
                best = max(best, buy_value(w, s, d, k, p, A_BUY + i))
    s[b + P_MONEY] -= extra
    return best


@njit(cache=True)
def borrow_value(w, s, d, k, phase, p):
    """Borrowing only to afford a tile worth more than its price and the reputation spent."""
    if phase != PH_BUY or s[G_BUYS_LEFT] <= 0:
        return -1e6
    now = best_purchase(w, s, d, k, p, np.int64(0))
    more = best_purchase(w, s, d, k, p, np.int64(k[K_BORROW_MONEY]))
    cost = rep_worth(w, s, p, k[K_BORROW_REP]) - w[W_MONEY] * k[K_BORROW_MONEY] / 100.0
    return more - max(now, 0.0) - cost


@njit(cache=True)
def refresh_value(w, s, d, k, p):
    """A market refresh: only with w_refresh, pounds to spend and nothing worth buying now."""
    if w[W_REFRESH] <= 0:
        return -1e6
    money = s[pb(p) + P_MONEY]
    if money < 800 or best_purchase(w, s, d, k, p, np.int64(0)) > 0:
        return -1e6
    return w[W_REFRESH] * 3.0


@njit(cache=True)
def call_value(w, s, d, k, p, t):
    """A servant brought from the quarters: worth it when it lets a better activity be hosted."""
    if s[G_PHASE] != PH_MAIN:
        return -1e6
    free = call_cost_free(s, k, p)
    cost = 0.0 if free else rep_worth(w, s, p, k[K_HELP_REP])
    if not free and w[W_REP] * k[K_HELP_REP] > 3.0:
        return -1e6
    before = best_host(w, s, d, k, p)
    s[sv(p, np.int64(BX_QUARTERS), t)] -= 1
    s[sv(p, np.int64(BX_AVAILABLE), t)] += 1
    after = best_host(w, s, d, k, p)
    s[sv(p, np.int64(BX_AVAILABLE), t)] -= 1
    s[sv(p, np.int64(BX_QUARTERS), t)] += 1
    return after - max(before, pass_value(w, s, d, k, p)) - cost - 0.01


@njit(cache=True)
def best_host(w, s, d, k, p):
    """Value of the best activity hostable now (-1e9 if none)."""
    ok = np.zeros(MAX_DECK, np.int64)
    best = -1e9
    for i in range(s[pb(p) + P_ESTATE_N]):
        if host_legal(s, d, k, p, i, ok):
            best = max(best, host_value(w, s, d, k, p, i))
    return best


@njit(cache=True)
def vp_card_value(w, s, d, k, phase, p, i):
    """Spending a VP card: its favour against the VP it would keep."""
    v = s[pb(p) + P_VPC + i]
    kind_ = d[vb(v) + V_KIND]
    amount = d[vb(v) + V_AMOUNT]
    keep = w[W_VP] * d[vb(v) + V_VP]
    gain = 0.0
    if kind_ == VK_REPUTATION:
        gain = rep_worth(w, s, p, amount)
    elif kind_ == VK_MONEY:
        gain = w[W_MONEY] * amount / 100.0
    elif kind_ == VK_PRESTIGE:
        gain = w[W_PRESTIGE] * amount
    elif kind_ == VK_OBJECTIVE:
        gain = w[W_OBJECTIVE] * 1.5
    elif kind_ == VK_PURCHASES:
        gain = 0.0 if phase != PH_BUY else max(best_purchase(w, s, d, k, p, np.int64(0)), 0.0)
    elif kind_ == VK_HIRE:
        gain = w[W_SERVANT] * amount
    elif kind_ == VK_REFRESH_MARKET:
        gain = refresh_value(w, s, d, k, p)
    elif kind_ == VK_REFRESH_SERVICE:
        gain = 0.3 * servant_count(s, p, np.int64(SV_FOOTMAN))
    elif kind_ == VK_REFRESH_GUEST:
        gain = w[W_CASUAL]
    return gain * future(s) * 2.0 - keep + w[W_VP_CARD_USE]


@njit(cache=True)
def hall_value(w, s, d, k, p, x):
    """Servants' Hall gossip: +1 reputation and -1 for the target, worth a servant for a turn."""
    t = x // MAX_PLAYERS
    q = x % MAX_PLAYERS
    spare = s[sv(p, np.int64(BX_AVAILABLE), t)] - 1
    return rep_worth(w, s, p, np.int64(1)) + w[W_GOSSIP] * opponent_threat(s, d, q) / 10.0 - (0.2 if spare > 0 else 1.0)


@njit(cache=True)
def opponent_threat(s, d, q):
    """A rough standing of seat q: reputation, money, monuments."""
    b = pb(q)
    return s[b + P_REP] + s[b + P_MONEY] / 200.0 + 3.0 * s[b + P_MONUMENTS]


@njit(cache=True)
def worst_guest_value(w, s, d, k, p):
    """Value of the least wanted dismissable guest (0 if none is worth dismissing)."""
    b = pb(p)
    worst = 0.0
    for i in range(s[b + P_DECK_N]):
        c = s[b + P_DECK + i]
        cl = d[gb(c) + C_CLASS]
        if cl == CL_FAMILY or cl == CL_FAIRCHILD:
            continue
        worst = min(worst, card_value(w, s, d, k, p, c, np.int64(0)))
    return worst


@njit(cache=True)
def hire_value(s, d, p, a):
    """Hire (or recruit) the servant the deck's guests ask for most, per servant already owned."""
    if A_RECRUIT <= a < A_RECRUIT + MAX_PLAYERS * N_HIREABLE:  # vp_hire is numbered after recruit
        x = a - A_RECRUIT
        q = x // N_HIREABLE
        t = HIREABLE[x % N_HIREABLE]
        return demand(s, d, p, t) / (1.0 + servant_count(s, p, t)) + 0.01 * servant_count(s, q, t)
    t = HIREABLE[a - A_HIRE] if a < A_HIRE + N_HIREABLE else HIREABLE[a - A_VP_HIRE]
    return demand(s, d, p, t) / (1.0 + servant_count(s, p, t)) + 1.0


@njit(cache=True)
def demand(s, d, p, t):
    """How often p's guests and tiles ask for servant t (footmen also serve most tiles)."""
    b = pb(p)
    n = 1.0
    for i in range(s[b + P_DECK_N]):
        cb = gb(s[b + P_DECK + i])
        if d[cb + C_SERV1] == t or d[cb + C_SERV2] == t:
            n += 1.0
    for i in range(s[b + P_ESTATE_N]):
        if d[side_base(s, d, s[b + P_ESTATE + i]) + S_SERVANT] == t:
            n += 1.5
    return n


@njit(cache=True)
def double_value(w, s, d, p, x):
    """Queen's Suite: the favour worth most when doubled."""
    b = pb(p)
    for i in range(s[b + P_DECK_N]):
        if s[b + P_CARD_STATE + i] == CS_ATTENDING:
            cb = gb(s[b + P_DECK + i])
            if x == 0:
                return w[W_MONEY] * d[cb + C_MONEY] / 100.0
            if x == 1:
                return w[W_REP] * d[cb + C_REP]
            if x == 2:
                return w[W_CASUAL] * d[cb + C_CASUAL]
            if x == 3:
                return w[W_PRESTIGE] * d[cb + C_PRESTIGE]
            return w[W_VP_CARD] * d[cb + C_VP_CARDS]
    return 0.0


@njit(cache=True)
def objective_worth(s, d, k, p, o):
    """An objective's worth: what it gives now, plus a share of its VP for the rounds left to complete it."""
    now = objective_vp(s, d, k, p, o)
    return now + 0.3 * d[ob(o) + O_VP] * future(s)


@njit(cache=True)
def fairchild_value(w, s, d, k, p, f):
    """The Fairchild worth more to p this season: its favours, and the admirer bonus of p's daughter."""
    c = d[D_FAIRCHILD + f]
    v = card_value(w, s, d, k, p, c, np.int64(1))
    if d[gb(c) + C_SEX] == SEX_M:
        b = pb(p)
        for i in range(s[b + P_DECK_N]):
            if d[gb(s[b + P_DECK + i]) + C_ADMIRER_REP] > 0:
                v += w[W_REP] * d[gb(s[b + P_DECK + i]) + C_ADMIRER_REP]
    return v


@njit(cache=True)
def family_value(w, d, k, f):
    """A family's start bonus: pounds, reputation, a footman, family cards beyond four, an extra START tile."""
    fb = D_FAMILY + f * FAMILY_STRIDE
    # start pounds buy a tile at once, which pays all game: worth more than pounds later
    v = 3.0 * w[W_MONEY] * d[fb + F_MONEY] / 100.0 + w[W_REP] * d[fb + F_REP] + w[W_SERVANT] * d[fb + F_FOOTMEN]
    v += 2.0 * d[fb + F_EXTRA_TILE]
    members = 0
    for c in range(d[D_N_GENTRY]):
        if d[gb(c) + C_CLASS] == CL_FAMILY and d[gb(c) + C_FAMILY] == f:
            members += 1
    return v + 2.0 * max(members - 4, 0)


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
    return greedy(w, s, d, k, mask, seat, rng)


@njit(cache=True)
def evaluate(s, d, k, out):
    """out[p] = seat p's score if the game ended now, for a search cut short (final scoring on `s`, which it
    changes: pass a copy)."""
    final_scoring(s, d, k)
    for p in range(min(s[G_PLAYERS], MAX_PLAYERS)):
        out[p] = s[pb(p) + P_VP]
