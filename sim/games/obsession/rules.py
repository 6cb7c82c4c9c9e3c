"""Obsession's rules: the only definition of what is legal (legal_mask) and what happens (step).

State, data and params are flat int32 arrays (layout.py, tables.py, params.py). A turn is a chain of small
decisions; G_PHASE says which one is due:

    setup: family (-> wessex_tile) ... -> draft ... -> round 1
    turn:  [objective_discard] [hall] -> main: host -> guests ... -> [double] -> favours -> [attack] [wife ->
           keep_guest] [hire] [dismiss] -> buy ... -> next seat
                                   | pass -> pass_choice -> buy ...
           (main also offers call_servant; main and buy offer borrow, refresh_market and the VP cards:
           use_vp_card -> [vp_hire | vp_guest | keep_objective])
    courtship round: fairchild (the winner) -> court_discard (each player) -> next round, or, after the last:
           final_vp_card (each player who drew one there: use_vp_card [-> vp_hire | keep_objective] or
           keep_vp_card) -> the end

Between two decisions the rules run by themselves (service rotation, round events, favours, clearing the
board, refilling the market, courtships): each of those procedures names the next one in G_FLOW and `advance`
runs them in a loop, so no rule function calls back into the turn flow (numba's on-disk cache breaks on
mutually recursive functions).

All chance is dealt at setup: decks, the tile bag and the theme cards are shuffled then and drawn from the
end during play; tiles returned to the bag and objective cards put under their deck are reshuffled with a key
drawn at setup, so step() needs no generator. Rule sources and every choice: RULES.md.
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
    A_PASS_REFRESH,
    A_RECRUIT,
    A_REFRESH,
    A_RENT,
    A_USE_VPC,
    A_VP_GUEST,
    A_VP_HIRE,
    A_WESSEX_TILE,
    A_WIFE_DISMISS,
    A_WIFE_LOOK,
)
from sim.games.obsession.layout import (
    AB_BARN,
    AB_BRUSHING,
    AB_BUTLERS_ROOM,
    AB_HALL,
    AB_HERITAGE,
    AB_LIONHEART,
    AB_PANTRY,
    AB_QUARTERS,
    AB_QUEENS,
    AB_STUDY,
    BX_AVAILABLE,
    BX_BUSY,
    BX_EXPENDED,
    BX_QUARTERS,
    CAT_ESTATE,
    CL_CASUAL,
    CL_FAIRCHILD,
    CL_FAMILY,
    CL_PRESTIGE,
    CL_STARTER,
    CS_ATTENDING,
    CS_DISCARD,
    CS_HAND,
    E_LAST_ROUND,
    EV_BUILDERS,
    EV_COURTSHIP,
    EV_FAIR,
    EV_NATIONAL,
    EV_OBJECTIVES,
    F_AFTER_EVENTS,
    F_CLEAR,
    F_COURT_DISCARD,
    F_COURTSHIP,
    F_DECIDE,
    F_END_BUY,
    F_END_ROUND,
    F_END_TURN,
    F_FAVOURS,
    F_FINAL_VPC,
    F_PENDING,
    F_SETUP,
    F_START_ROUND,
    F_START_TURN,
    G_ACT_DOUBLE,
    G_ACT_DOUBLE_KIND,
    G_ACT_LEVEL,
    G_ACT_N,
    G_ACT_NEED,
    G_ACT_OK,
    G_ACT_SIDE,
    G_ACT_TILE,
    G_ACT_TYPE,
    G_ACTIVE,
    G_BAG,
    G_BAG_N,
    G_BOUGHT_NOW,
    G_BUYS_LEFT,
    G_CASUAL,
    G_CASUAL_N,
    G_COURT_QUEUE,
    G_COURT_WINNER,
    G_CUR,
    G_DRAFT,
    G_DRAFT_N,
    G_END_TRIGGER,
    G_FAIRCHILD,
    G_FINAL_VPC,
    G_FIRST,
    G_FLOW,
    G_HIRE_MAY_RECRUIT,
    G_KEEP_OBJ,
    G_KEEP_OBJ_N,
    G_LAST_ROUND,
    G_LOOK,
    G_LOOK_N,
    G_MARKET,
    G_MARKET_N,
    G_MAX_REP,
    G_MULTI_BUY,
    G_OBJ_BOTTOM,
    G_OBJ_DECK,
    G_OBJ_DECK_N,
    G_PEND_ATTACK,
    G_PEND_ATTACK_N,
    G_PEND_DISMISS,
    G_PEND_HIRE,
    G_PEND_WIFE,
    G_PHASE,
    G_PLAYER,
    G_PLAYERS,
    G_PRESTIGE,
    G_PRESTIGE_N,
    G_QUARTERS_USED,
    G_REFRESHED,
    G_RES_PR1,
    G_RES_PR1_N,
    G_RES_PR1_ON,
    G_RES_SERVICE,
    G_RES_SERVICE_N,
    G_RES_SERVICE_ON,
    G_RETURN_PHASE,
    G_ROUND,
    G_SETUP_STEP,
    G_SHUFFLE_KEY,
    G_SHUFFLES,
    G_SUPPLY,
    G_SUPPLY_GUEST,
    G_THEMES,
    G_THEMES_SHOWN,
    G_TILE_SIDE,
    G_TURNS,
    G_VPC_DECK,
    G_VPC_DECK_N,
    GT_CASUAL,
    GT_FAMILY,
    GT_GENTLEMEN,
    GT_GENTRY,
    GT_LADIES,
    GT_NONE,
    GT_PRESTIGE,
    GT_SUPPLY,
    HIREABLE,
    MARKET,
    MAX_ATTACKS,
    MAX_DECK,
    MAX_GENTRY,
    MAX_INST,
    MAX_OBJ,
    MAX_PLAYERS,
    MAX_RESERVE,
    MAX_ROUNDS,
    MAX_VPC,
    N_BOXES,
    N_CATS,
    N_DOUBLES,
    N_FAMILIES,
    N_HIREABLE,
    N_SERV,
    N_THEMES,
    N_VP,
    NONE,
    OK_CATEGORY,
    OK_GROUP,
    OK_GUESTS,
    OK_LARGEST,
    OK_MONEY,
    OK_MONUMENTS,
    OK_REPUTATION,
    OK_SERVANTS,
    OK_TILE,
    P_ABILITY,
    P_BORROWED,
    P_BOUGHT,
    P_CARD_STATE,
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
    P_MONUMENTS,
    P_OBJ,
    P_OBJ_N,
    P_PASSES,
    P_REFRESHES,
    P_REP,
    P_SERV,
    P_SIZE,
    P_VP,
    P_VP_SRC,
    P_VPC,
    P_VPC_N,
    P_VPC_USED,
    PH_ATTACK,
    PH_BUY,
    PH_COURT_DISCARD,
    PH_DISMISS,
    PH_DOUBLE,
    PH_DRAFT,
    PH_FAIRCHILD,
    PH_FAMILY,
    PH_FINAL_VPC,
    PH_GAME_OVER,
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
    POSITIONS,
    SET_BASE,
    SET_SUITES,
    SET_WESSEX,
    SEX_M,
    STACK,
    SV_BUTLER,
    SV_FOOTMAN,
    SV_HOUSEKEEPER,
    SV_MAID,
    SV_UNDERBUTLER,
    SV_VALET,
    TT_HYBRID,
    TT_IMPROVEMENT,
    TT_MONUMENT,
    TT_SERVICE,
    TT_SUITE,
    V_FAIRCHILD,
    V_GENTRY,
    V_OBJECTIVES,
    V_REPUTATION,
    V_SERVANTS,
    V_TILES,
    V_VP_CARDS,
    V_WEALTH,
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
    K_BARN_REP,
    K_BORROW_MONEY,
    K_BORROW_REP,
    K_CLOSED,
    K_DRAFT_EXTRA,
    K_EXTENDED,
    K_FAIR_MONEY,
    K_FAIR_REP,
    K_FAMILY_CHOICE,
    K_FAMILY_ORDER,
    K_FIRST_PLAYER,
    K_GARDEN_MAZE,
    K_GIVE_FAMILY,
    K_GIVE_FAMILY_SEAT,
    K_GIVE_TILE,
    K_GIVE_TILE_SEAT,
    K_GUEST_POUNDS,
    K_HALL_REP,
    K_HELP_REP,
    K_MARKET_COST,
    K_MONUMENT_REP,
    K_MONUMENTS_2P,
    K_OBJ_DRAW,
    K_OBJ_DRAW_DISCARD,
    K_OBJ_EXTENDED,
    K_OBJ_STANDARD,
    K_QUARTERS_USES,
    K_REFRESH_REP,
    K_REMOVE_TILE,
    K_RENT,
    K_RESERVE_COST,
    K_RESERVE_MODIFIER,
    K_SERVANT_VP,
    K_START_MONEY,
    K_STARTER_DRAFT,
    K_SUITES,
    K_WEALTH,
    K_WESSEX,
)
from sim.games.obsession.tables import (
    C_ADMIRER_REP,
    C_ADMIRER_SEX,
    C_ATTACK,
    C_CASUAL,
    C_CHOICE,
    C_CLASS,
    C_FAMILY,
    C_MONEY,
    C_PR,
    C_PRESTIGE,
    C_REP,
    C_SERV1,
    C_SERV2,
    C_SEX,
    C_VP,
    C_VP_CARDS,
    D_FAIRCHILD,
    D_FAMILY,
    D_GENTRY,
    D_INST_KIND,
    D_INST_ROLE,
    D_INST_SEAT,
    D_KIND,
    D_LAST_ROUND,
    D_MARKET_KIND,
    D_MAX_LEVEL,
    D_N_GENTRY,
    D_N_INST,
    D_N_MARKET,
    D_N_OBJ,
    D_N_VPC,
    D_OBJ,
    D_REP_VP,
    D_SERVANT,
    D_THEMES,
    D_TRACK,
    D_VPC,
    D_WESSEX_KIND,
    F_EXTRA_TILE,
    F_FOOTMEN,
    F_MONEY,
    F_REP,
    F_SET,
    FAMILY_STRIDE,
    GENTRY_STRIDE,
    IR_BAG,
    IR_START,
    IR_WESSEX,
    K_ABILITY,
    K_CAT,
    K_CAT_BACK,
    K_INITIAL,
    K_MODIFIER,
    K_MONUMENT_ROLE,
    K_PR,
    K_SET,
    K_SIDE,
    K_TSN,
    K_TYPE,
    KIND_STRIDE,
    MR_CHOICE,
    MR_GUARANTEED,
    MR_SUBSTITUTE,
    O_CATEGORIES,
    O_CATEGORY,
    O_CLASS,
    O_COUNT,
    O_COUNT2,
    O_KIND,
    O_MIN_PR,
    O_SERVANT,
    O_SERVANT2,
    O_SEX,
    O_TILE,
    O_VP,
    OBJ_STRIDE,
    OC_CASUAL,
    OC_PRESTIGE,
    OC_STARTER,
    S_CASUAL,
    S_DISMISS,
    S_GUESTS,
    S_HIRE,
    S_MONEY,
    S_N,
    S_OBJECTIVES,
    S_PRESTIGE,
    S_RECRUIT,
    S_REP,
    S_SERVANT,
    S_VP,
    S_VP_CARDS,
    SERVANT_ANY,
    SERVANT_STRIDE,
    SF_HIRE,
    SF_START,
    SIDE_STRIDE,
    V_AMOUNT,
    V_KIND,
    V_VP,
    VPC_STRIDE,
)
from sim.kernel_tools import rank_by_score_then_seat
from sim.rng import SETUP_STREAM, below, seed_streams, shuffle

UNLIMITED = 99  # purchases on a Builders' Holiday or with the purchases VP card
MAX_DOUBLE_SERVICE = 10  # two-servant guests the feasibility check enumerates (2**10 subsets)
MAX_MONEY_CARDS = 12  # guests costing or bringing pounds the pauper check enumerates (2**12 subsets)

# ================================================================ addressing


@njit(cache=True)
def pb(p):
    """Offset of seat p's player block."""
    return G_PLAYER + p * P_SIZE


@njit(cache=True)
def kb(kind):
    """Offset of tile kind `kind` in the data."""
    return D_KIND + kind * KIND_STRIDE


@njit(cache=True)
def gb(c):
    """Offset of gentry card c in the data."""
    return D_GENTRY + c * GENTRY_STRIDE


@njit(cache=True)
def ob(o):
    return D_OBJ + o * OBJ_STRIDE


@njit(cache=True)
def vb(v):
    return D_VPC + v * VPC_STRIDE


@njit(cache=True)
def sv(p, box, t):
    """Offset of seat p's count of servant t in box `box`."""
    return G_PLAYER + p * P_SIZE + P_SERV + box * N_SERV + t


@njit(cache=True)
def kind_of(d, t):
    return d[D_INST_KIND + t]


@njit(cache=True)
def side_base(s, d, t):
    """Offset of the side of tile instance t that shows now."""
    return kb(d[D_INST_KIND + t]) + K_SIDE + s[G_TILE_SIDE + t] * SIDE_STRIDE


@njit(cache=True)
def tile_cat(s, d, t):
    """The category the tile counts in now (a hybrid changes it when it flips)."""
    k = kb(d[D_INST_KIND + t])
    return d[k + K_CAT_BACK] if s[G_TILE_SIDE + t] else d[k + K_CAT]


@njit(cache=True)
def tile_vp(s, d, t):
    return d[side_base(s, d, t) + S_VP]


@njit(cache=True)
def tile_type(s, d, t):
    """A used Queen's or Lionheart Suite is a monument."""
    k = kb(d[D_INST_KIND + t])
    ab = d[k + K_ABILITY]
    if (ab == AB_QUEENS or ab == AB_LIONHEART) and s[G_TILE_SIDE + t]:
        return TT_MONUMENT
    return d[k + K_TYPE]


@njit(cache=True)
def tile_ability(d, t):
    return d[kb(d[D_INST_KIND + t]) + K_ABILITY]


@njit(cache=True)
def events(d, k, r):
    """Bit mask of the round track's events on round r (EVENTS)."""
    return d[D_TRACK + k[K_EXTENDED] * (MAX_ROUNDS + 1) + r]


@njit(cache=True)
def has_event(d, k, r, e):
    return (events(d, k, r) >> e) & 1


@njit(cache=True)
def card_field(d, c, f):
    return d[gb(c) + f]


# ================================================================ reputation, money, servants


@njit(cache=True)
def level(r):
    """Reputation level (the large number) of reputation step r."""
    return r // POSITIONS + 1


@njit(cache=True)
def max_level(s):
    return level(s[G_MAX_REP])


@njit(cache=True)
def add_rep(s, p, n):
    """Move p's reputation by n steps; it stops at level 1 position 1 and at Max position 5 (partial
    penalties are paid as far as possible)."""
    b = pb(p)
    r = s[b + P_REP] + n
    if r < 0:
        r = 0
    if r > s[G_MAX_REP]:
        r = s[G_MAX_REP]
    s[b + P_REP] = r


@njit(cache=True)
def borrowable(s, k, p):
    """Pounds p could still borrow with the reputation it has."""
    return (s[pb(p) + P_REP] // k[K_BORROW_REP]) * k[K_BORROW_MONEY]


@njit(cache=True)
def borrow(s, k, p):
    b = pb(p)
    s[b + P_REP] -= k[K_BORROW_REP]
    s[b + P_MONEY] += k[K_BORROW_MONEY]
    s[b + P_BORROWED] += k[K_BORROW_MONEY]


@njit(cache=True)
def n_servants(s, p):
    total = 0
    for box in range(N_BOXES):
        for t in range(N_SERV):
            total += s[sv(p, box, t)]
    return total


@njit(cache=True)
def servant_count(s, p, t):
    total = 0
    for box in range(N_BOXES):
        total += s[sv(p, box, t)]
    return total


@njit(cache=True)
def has_ability(s, p, ab):
    return (s[pb(p) + P_ABILITY] >> ab) & 1


@njit(cache=True)
def available(s, p):
    """p's available servants as a scratch array (SERVANTS order)."""
    a = np.zeros(N_SERV, np.int64)
    for t in range(N_SERV):
        a[t] = s[sv(p, np.int64(BX_AVAILABLE), t)]
    return a


@njit(cache=True)
def server_for(a, need, brushing):
    """The servant that serves a need of type `need` from the pool `a`, least flexible first: a substitute
    only when the servant named is not there (housekeeper for a lady's maid; footman for a valet, with the
    Brushing Room), the underbutler (any male role) last. -1 when none can."""
    if need == SV_HOUSEKEEPER:
        return SV_HOUSEKEEPER if a[SV_HOUSEKEEPER] > 0 else -1
    if need == SV_MAID:
        if a[SV_MAID] > 0:
            return SV_MAID
        return SV_HOUSEKEEPER if a[SV_HOUSEKEEPER] > 0 else -1
    if need == SV_VALET:
        if a[SV_VALET] > 0:
            return SV_VALET
        if brushing and a[SV_FOOTMAN] > 0:
            return SV_FOOTMAN
    elif a[need] > 0:  # butler, footman
        return need
    return SV_UNDERBUTLER if a[SV_UNDERBUTLER] > 0 else -1


@njit(cache=True)
def max_served(a, needs, brushing):
    """How many of the single-servant needs `needs` (count per SERVANTS type) the pool `a` can serve at once.
    The capabilities nest (valet < footman with the Brushing Room < underbutler; lady's maid < housekeeper),
    so serving the least flexible first is optimal."""
    h = min(needs[SV_HOUSEKEEPER], a[SV_HOUSEKEEPER])
    maids = min(needs[SV_MAID], a[SV_MAID] + a[SV_HOUSEKEEPER] - h)
    butlers = min(needs[SV_BUTLER], a[SV_BUTLER])
    footmen = min(needs[SV_FOOTMAN], a[SV_FOOTMAN])
    valets = min(needs[SV_VALET], a[SV_VALET])
    short_valets = needs[SV_VALET] - valets
    if brushing:
        extra = min(short_valets, a[SV_FOOTMAN] - footmen)
        valets += extra
        short_valets -= extra
    short = needs[SV_BUTLER] - butlers + needs[SV_FOOTMAN] - footmen + short_valets
    return h + maids + butlers + footmen + valets + min(a[SV_UNDERBUTLER], short)


@njit(cache=True)
def serve_all(a, needs, brushing):
    """Take servants for all of `needs` from the pool `a` (in place); False when some need is left unserved."""
    for t in (SV_HOUSEKEEPER, SV_MAID, SV_BUTLER, SV_FOOTMAN, SV_VALET):
        for _ in range(needs[t]):
            x = server_for(a, t, brushing)
            if x < 0:
                return False
            a[x] -= 1
    return True


@njit(cache=True)
def card_needs(d, c, needs):
    """Add card c's service to `needs`; returns how many servants it needs."""
    n = 0
    for f in (C_SERV1, C_SERV2):
        t = d[gb(c) + f]
        if t >= 0:
            needs[t] += 1
            n += 1
    return n


# ================================================================ decks


@njit(cache=True)
def reshuffle(s, start, n):
    """Shuffle s[start:start+n] with the reshuffle key dealt at setup (no chance enters after setup)."""
    local = np.zeros(1, np.uint64)
    seed_streams(np.int64(s[G_SHUFFLE_KEY]), np.int64(s[G_SHUFFLES]), local)
    s[G_SHUFFLES] += 1
    shuffle(s, start, start + n, local, np.int64(0))


@njit(cache=True)
def draw_top(s, base, count_at):
    """The top card of the deck at s[base:], its size at s[count_at]; -1 when empty."""
    n = s[count_at]
    if n == 0:
        return NONE
    s[count_at] = n - 1
    return s[base + n - 1]


@njit(cache=True)
def put_bottom(s, base, count_at, card):
    n = s[count_at]
    for i in range(n, 0, -1):
        s[base + i] = s[base + i - 1]
    s[base] = card
    s[count_at] = n + 1


@njit(cache=True)
def add_card(s, p, c, state):
    """Card c joins p's gentry deck in `state`; returns its slot (-1 when the deck is full: it is lost)."""
    b = pb(p)
    n = s[b + P_DECK_N]
    if n >= MAX_DECK:
        return NONE
    s[b + P_DECK + n] = c
    s[b + P_CARD_STATE + n] = state
    s[b + P_DECK_N] = n + 1
    return n


@njit(cache=True)
def remove_slot(s, p, i):
    """Take the card in deck slot i out of p's deck (the later slots move down one); returns the card."""
    b = pb(p)
    c = s[b + P_DECK + i]
    n = s[b + P_DECK_N]
    for j in range(i, n - 1):
        s[b + P_DECK + j] = s[b + P_DECK + j + 1]
        s[b + P_CARD_STATE + j] = s[b + P_CARD_STATE + j + 1]
        s[G_ACT_OK + j] = s[G_ACT_OK + j + 1]
    s[b + P_DECK_N] = n - 1
    s[G_ACT_OK + n - 1] = 0
    return c


@njit(cache=True)
def find_card(s, p, c):
    b = pb(p)
    for i in range(s[b + P_DECK_N]):
        if s[b + P_DECK + i] == c:
            return i
    return NONE


@njit(cache=True)
def invite(s, d, p, prestige):
    """The top casual (or prestige) guest joins p's active hand; False when the deck is empty."""
    if prestige:
        c = draw_top(s, np.int64(G_PRESTIGE), np.int64(G_PRESTIGE_N))
    else:
        c = draw_top(s, np.int64(G_CASUAL), np.int64(G_CASUAL_N))
    if c < 0:
        return False
    if add_card(s, p, c, np.int64(CS_HAND)) >= 0:
        s[pb(p) + P_INVITED] += 1
    return True


@njit(cache=True)
def return_guest(s, d, c):
    """A dismissed or rejected guest goes to the bottom of its deck."""
    if d[gb(c) + C_CLASS] == CL_PRESTIGE:
        put_bottom(s, np.int64(G_PRESTIGE), np.int64(G_PRESTIGE_N), c)
    else:
        put_bottom(s, np.int64(G_CASUAL), np.int64(G_CASUAL_N), c)


@njit(cache=True)
def draw_objective(s, p):
    o = draw_top(s, np.int64(G_OBJ_DECK), np.int64(G_OBJ_DECK_N))
    b = pb(p)
    if o >= 0 and s[b + P_OBJ_N] < MAX_OBJ:
        s[b + P_OBJ + s[b + P_OBJ_N]] = o
        s[b + P_OBJ_N] += 1
    elif o >= 0:
        put_bottom(s, np.int64(G_OBJ_DECK), np.int64(G_OBJ_DECK_N), o)


@njit(cache=True)
def discard_objective(s, p, i):
    """Objective card in slot i goes under the objective deck (counted for the reshuffle of the discards)."""
    b = pb(p)
    o = s[b + P_OBJ + i]
    n = s[b + P_OBJ_N]
    for j in range(i, n - 1):
        s[b + P_OBJ + j] = s[b + P_OBJ + j + 1]
    s[b + P_OBJ_N] = n - 1
    put_bottom(s, np.int64(G_OBJ_DECK), np.int64(G_OBJ_DECK_N), o)
    s[G_OBJ_BOTTOM] += 1


@njit(cache=True)
def draw_vp_card(s, p):
    """The top VP card to p (its last slot); False when none was drawn."""
    v = draw_top(s, np.int64(G_VPC_DECK), np.int64(G_VPC_DECK_N))
    b = pb(p)
    if v >= 0 and s[b + P_VPC_N] < MAX_VPC:
        s[b + P_VPC + s[b + P_VPC_N]] = v
        s[b + P_VPC_N] += 1
        return True
    return False


# ================================================================ the estate


@njit(cache=True)
def add_tile(s, d, p, t):
    b = pb(p)
    n = s[b + P_ESTATE_N]
    s[b + P_ESTATE + n] = t
    s[b + P_ESTATE_N] = n + 1
    s[G_TILE_SIDE + t] = 0
    update_estate(s, d, p)


@njit(cache=True)
def update_estate(s, d, p):
    """Recompute p's ability bits and monument count from the estate."""
    b = pb(p)
    bits = 0
    monuments = 0
    for i in range(s[b + P_ESTATE_N]):
        t = s[b + P_ESTATE + i]
        bits |= 1 << tile_ability(d, t)
        if tile_type(s, d, t) == TT_MONUMENT:
            monuments += 1
    s[b + P_ABILITY] = bits
    s[b + P_MONUMENTS] = monuments


@njit(cache=True)
def owns_kind(s, d, p, kind):
    b = pb(p)
    for i in range(s[b + P_ESTATE_N]):  # noqa: SIM110 (a plain loop compiles; a generator would not)
        if d[D_INST_KIND + s[b + P_ESTATE + i]] == kind:
            return True
    return False


@njit(cache=True)
def study_flipped(s, d, p):
    b = pb(p)
    for i in range(s[b + P_ESTATE_N]):
        t = s[b + P_ESTATE + i]
        if tile_ability(d, t) == AB_STUDY and s[G_TILE_SIDE + t]:
            return True
    return False


@njit(cache=True)
def category_vp(s, d, p, cat):
    """VP showing on p's tiles in category `cat` (what a courtship compares)."""
    b = pb(p)
    total = 0
    for i in range(s[b + P_ESTATE_N]):
        t = s[b + P_ESTATE + i]
        if tile_cat(s, d, t) == cat:
            total += tile_vp(s, d, t)
    return total


@njit(cache=True)
def category_count(s, d, p, cat):
    b = pb(p)
    total = 0
    for i in range(s[b + P_ESTATE_N]):
        if tile_cat(s, d, s[b + P_ESTATE + i]) == cat:
            total += 1
    return total


# ================================================================ the builders' market


@njit(cache=True)
def tile_price(s, d, k, t, space):
    """Pounds for tile instance t on market space `space` (0..5): the space's cost plus the tile's modifier;
    in a reserve (space -1) the reserve price, with the modifier only under market.reserve_modifier=1."""
    modifier = d[kb(d[D_INST_KIND + t]) + K_MODIFIER]
    if space < 0:
        return max(k[K_RESERVE_COST] + (modifier if k[K_RESERVE_MODIFIER] else 0), 0)
    return max(k[K_MARKET_COST + space] + modifier, 0)


@njit(cache=True)
def to_reserve(s, d, t):
    """Send a drawn tile to its reserve when that reserve is in use; True when it went."""
    k = kb(d[D_INST_KIND + t])
    if s[G_RES_SERVICE_ON] and d[k + K_TYPE] == TT_SERVICE and s[G_RES_SERVICE_N] < MAX_RESERVE:
        s[G_RES_SERVICE + s[G_RES_SERVICE_N]] = t
        s[G_RES_SERVICE_N] += 1
        return True
    if s[G_RES_PR1_ON] and d[k + K_PR] == 1 and s[G_RES_PR1_N] < MAX_RESERVE:
        s[G_RES_PR1 + s[G_RES_PR1_N]] = t
        s[G_RES_PR1_N] += 1
        return True
    return False


@njit(cache=True)
def compact_market(s):
    """Slide the stacks left over empty spaces; returns the spaces filled."""
    filled = 0
    for i in range(MARKET):
        n = s[G_MARKET_N + i]
        if n == 0:
            continue
        if filled != i:
            for j in range(n):
                s[G_MARKET + filled * STACK + j] = s[G_MARKET + i * STACK + j]
            s[G_MARKET_N + filled] = n
            s[G_MARKET_N + i] = 0
        filled += 1
    return filled


@njit(cache=True)
def stack_on_twin(s, d, t, first, last):
    """Stack t on a market space in first..last-1 holding its kind; True when it did."""
    kind = d[D_INST_KIND + t]
    for i in range(first, last):
        n = s[G_MARKET_N + i]
        if n > 0 and n < STACK and d[D_INST_KIND + s[G_MARKET + i * STACK]] == kind:
            s[G_MARKET + i * STACK + n] = t
            s[G_MARKET_N + i] = n + 1
            return True
    return False


@njit(cache=True)
def refill(s, d, initial):
    """Slide the market left and fill the open spaces from the bag: tiles for an active reserve go there,
    a tile of a kind on display stacks on its twin, the new tiles are placed in tile-sorting-number order
    (lowest left). `initial`: the first population, which takes only qualifying tiles (the others go back
    to the bag). Spaces stay open only when the bag is empty."""
    filled = compact_market(s)
    first_new = filled
    set_aside = np.zeros(MAX_INST, np.int64)
    n_aside = 0
    while filled < MARKET:
        t = draw_top(s, np.int64(G_BAG), np.int64(G_BAG_N))
        if t < 0:
            break
        if initial and d[kb(d[D_INST_KIND + t]) + K_INITIAL] == 0:
            set_aside[n_aside] = t
            n_aside += 1
            continue
        if to_reserve(s, d, t) or stack_on_twin(s, d, t, np.int64(0), filled):
            continue
        s[G_MARKET + filled * STACK] = t
        s[G_MARKET_N + filled] = 1
        filled += 1
    sort_new_spaces(s, d, first_new, filled)
    return_to_bag(s, set_aside, n_aside)


@njit(cache=True)
def sort_new_spaces(s, d, first, last):
    """Order the stacks on spaces first..last-1 by tile sorting number (insertion sort on whole stacks)."""
    for i in range(first + 1, last):
        j = i
        while j > first and tsn_at(s, d, j - 1) > tsn_at(s, d, j):
            swap_spaces(s, j - 1, j)
            j -= 1


@njit(cache=True)
def tsn_at(s, d, i):
    return d[kb(d[D_INST_KIND + s[G_MARKET + i * STACK]]) + K_TSN]


@njit(cache=True)
def swap_spaces(s, i, j):
    for x in range(STACK):
        a = s[G_MARKET + i * STACK + x]
        s[G_MARKET + i * STACK + x] = s[G_MARKET + j * STACK + x]
        s[G_MARKET + j * STACK + x] = a
    n = s[G_MARKET_N + i]
    s[G_MARKET_N + i] = s[G_MARKET_N + j]
    s[G_MARKET_N + j] = n


@njit(cache=True)
def return_to_bag(s, tiles, n):
    """Put tiles back into the bag and shake it (reshuffle with the key)."""
    if n == 0:
        return
    for i in range(n):
        s[G_BAG + s[G_BAG_N]] = tiles[i]
        s[G_BAG_N] += 1
    reshuffle(s, np.int64(G_BAG), s[G_BAG_N])


@njit(cache=True)
def refresh_market(s, d):
    """The open market's tiles are set aside, six new ones drawn (reserves respected), then the set-aside
    tiles go back into the bag. The reserves are never refreshed."""
    aside = np.zeros(MARKET * STACK, np.int64)
    n = 0
    for i in range(MARKET):
        for j in range(s[G_MARKET_N + i]):
            aside[n] = s[G_MARKET + i * STACK + j]
            n += 1
        s[G_MARKET_N + i] = 0
    refill(s, d, np.int64(0))
    return_to_bag(s, aside, n)


@njit(cache=True)
def activate_reserve(s, d, service):
    """After the first courtship the service tiles, after the second the prestige-rating-1 tiles, leave the
    open market for their reserve, now and whenever drawn later."""
    if service:
        s[G_RES_SERVICE_ON] = 1
    else:
        s[G_RES_PR1_ON] = 1
    for i in range(MARKET):
        n = s[G_MARKET_N + i]
        if n == 0:
            continue
        kept = 0
        for j in range(n):
            t = s[G_MARKET + i * STACK + j]
            if not to_reserve(s, d, t):
                s[G_MARKET + i * STACK + kept] = t
                kept += 1
        s[G_MARKET_N + i] = kept
    refill(s, d, np.int64(0))


@njit(cache=True)
def take_from_reserve(s, base, count_at, i):
    n = s[count_at]
    t = s[base + i]
    for j in range(i, n - 1):
        s[base + j] = s[base + j + 1]
    s[count_at] = n - 1
    return t


@njit(cache=True)
def can_buy(s, d, k, p, t, space):
    return (
        t >= 0
        and s[G_BUYS_LEFT] > 0
        and s[pb(p) + P_MONEY] >= tile_price(s, d, k, t, space)
        and not owns_kind(s, d, p, d[D_INST_KIND + t])
    )


@njit(cache=True)
def buy_tile(s, d, k, p, t, space):
    """Pay and place the tile in the estate (front up); the Butler's Pantry brings an underbutler."""
    b = pb(p)
    s[b + P_MONEY] -= tile_price(s, d, k, t, space)
    add_tile(s, d, p, t)
    s[b + P_BOUGHT] += 1
    s[G_BUYS_LEFT] -= 1
    s[G_BOUGHT_NOW] += 1
    if tile_ability(d, t) == AB_PANTRY and s[G_SUPPLY + SV_UNDERBUTLER] > 0:
        s[G_SUPPLY + SV_UNDERBUTLER] -= 1
        s[sv(p, np.int64(BX_EXPENDED), np.int64(SV_UNDERBUTLER))] += 1


# ================================================================ hosting: who may come, and can it be completed


@njit(cache=True)
def guest_matches(d, c, gtype):
    """Card c is of the type a tile asks for (GUEST_TYPES)."""
    cl = d[gb(c) + C_CLASS]
    if gtype == GT_GENTRY:
        return True
    if gtype == GT_FAMILY:
        return cl == CL_FAMILY
    if gtype == GT_GENTLEMEN:
        return d[gb(c) + C_SEX] == SEX_M
    if gtype == GT_LADIES:
        return d[gb(c) + C_SEX] != SEX_M
    if gtype == GT_CASUAL:
        return cl == CL_CASUAL or cl == CL_STARTER
    if gtype == GT_PRESTIGE:
        return cl == CL_PRESTIGE or cl == CL_FAIRCHILD
    return False


@njit(cache=True)
def host_level(s, d, k, p):
    """The reputation level guests and tiles are checked against at step 3 (Max on the National Holiday)."""
    if has_event(d, k, s[G_ROUND], np.int64(EV_NATIONAL)):
        return max_level(s)
    return level(s[pb(p) + P_REP])


@njit(cache=True)
def fill_eligible(s, d, k, p, t, lvl, ok):
    """ok[i] = 1 for each card of p's active hand of the type tile t asks for, with a prestige rating <= lvl.
    Whether paupers can be paid for depends on who else comes: completable and guest_legal check it for
    the guests actually chosen (R2 step 6)."""
    b = pb(p)
    gtype = d[side_base(s, d, t) + S_GUESTS]
    n = s[b + P_DECK_N]
    for i in range(MAX_DECK):
        ok[i] = 0
    for i in range(n):
        if s[b + P_CARD_STATE + i] != CS_HAND:
            continue
        c = s[b + P_DECK + i]
        if guest_matches(d, c, gtype) and d[gb(c) + C_PR] <= lvl:
            ok[i] = 1


@njit(cache=True)
def pound_mult(d, t):
    """Guests' pound favours (and pauper costs) are doubled in the Heritage Suite."""
    return 2 if tile_ability(d, t) == AB_HERITAGE else 1


@njit(cache=True)
def guest_cost(d, k, c, mult):
    """Pounds guest c takes from what pays the activity's paupers: a pauper's cost; with pauper.guest_pounds
    (R2: 'use other pound favours from the activity') a guest's pound favour counts as a negative cost."""
    pounds = d[gb(c) + C_MONEY] * mult
    if pounds < 0 or k[K_GUEST_POUNDS]:
        return -pounds
    return 0


@njit(cache=True)
def pauper_budget(s, d, k, p, t):
    """Pounds that can pay the paupers of tile t's activity: those held, what can still be borrowed, the
    tile's pound favour, less what the guests invited so far take (R2 step 6: the cost is paid at the
    favours, from the activity's pounds or by borrowing)."""
    b = pb(p)
    budget = s[b + P_MONEY] + borrowable(s, k, p) + d[side_base(s, d, t) + S_MONEY]
    mult = pound_mult(d, t)
    for i in range(s[b + P_DECK_N]):
        if s[b + P_CARD_STATE + i] == CS_ATTENDING:
            budget -= guest_cost(d, k, s[b + P_DECK + i], mult)
    return budget


@njit(cache=True)
def servable(s, d, p, ok, need, a, brushing):
    """Can `need` more guests be chosen among the eligible cards (ok[i] == 1, still in hand) and all be served
    from the pool `a`? Cards needing no service always can; one-servant cards are counted by max_served;
    the few two-servant cards are tried in every combination (at most 2**MAX_DOUBLE_SERVICE)."""
    if need <= 0:
        return True
    b = pb(p)
    free = 0
    singles = np.zeros(N_SERV, np.int64)
    doubles = np.zeros((MAX_DOUBLE_SERVICE, 2), np.int64)
    m = 0
    for i in range(s[b + P_DECK_N]):
        if ok[i] != 1 or s[b + P_CARD_STATE + i] != CS_HAND:
            continue
        c = s[b + P_DECK + i]
        s1 = d[gb(c) + C_SERV1]
        s2 = d[gb(c) + C_SERV2]
        if s1 < 0:
            free += 1
        elif s2 < 0:
            singles[s1] += 1
        elif m < MAX_DOUBLE_SERVICE:
            doubles[m, 0] = s1
            doubles[m, 1] = s2
            m += 1
    if free >= need or free + max_served(a, singles, brushing) >= need:
        return True
    needs = np.zeros(N_SERV, np.int64)
    for mask in range(1, 1 << m):
        chosen = 0
        for t in range(N_SERV):
            needs[t] = 0
        for j in range(m):
            if (mask >> j) & 1:
                needs[doubles[j, 0]] += 1
                needs[doubles[j, 1]] += 1
                chosen += 1
        if chosen > need:
            continue
        rest = a.copy()
        if serve_all(rest, needs, brushing) and free + max_served(rest, singles, brushing) >= need - chosen:
            return True
    return False


@njit(cache=True)
def completable(s, d, k, p, t, ok, need, a, brushing, budget):
    """Can `need` more guests be chosen among the eligible cards of tile t's activity, all be served from the
    pool `a`, and their paupers be paid from `budget`? Without a pauper among them (and a budget >= 0) only
    service matters; otherwise every set of the cards that cost or bring pounds (at most
    2**MAX_MONEY_CARDS) is tried, the rest taken from cards that cost nothing."""
    if need <= 0:
        return budget >= 0
    b = pb(p)
    mult = pound_mult(d, t)
    money = np.zeros(MAX_MONEY_CARDS, np.int64)
    m = 0
    paupers = False
    for i in range(s[b + P_DECK_N]):
        if ok[i] == 1 and s[b + P_CARD_STATE + i] == CS_HAND:
            cost = guest_cost(d, k, s[b + P_DECK + i], mult)
            paupers = paupers or cost > 0
            if cost != 0 and m < MAX_MONEY_CARDS:
                money[m] = i
                m += 1
    if budget >= 0 and not paupers:
        return servable(s, d, p, ok, need, a, brushing)
    rest_ok = ok.copy()  # the rest: cards that cost and bring nothing
    for i in range(s[b + P_DECK_N]):
        if ok[i] == 1 and guest_cost(d, k, s[b + P_DECK + i], mult) != 0:
            rest_ok[i] = 0
    needs = np.zeros(N_SERV, np.int64)
    for mask in range(1 << m):
        chosen = 0
        cost = 0
        for x in range(N_SERV):
            needs[x] = 0
        for j in range(m):
            if (mask >> j) & 1:
                c = s[b + P_DECK + money[j]]
                card_needs(d, c, needs)
                cost += guest_cost(d, k, c, mult)
                chosen += 1
        if chosen > need or cost > budget:
            continue
        rest = a.copy()
        if serve_all(rest, needs, brushing) and servable(s, d, p, rest_ok, need - chosen, rest, brushing):
            return True
    return False


@njit(cache=True)
def is_hosted_kind(s, d, t):
    typ = tile_type(s, d, t)
    return typ == TT_IMPROVEMENT or typ == TT_HYBRID or typ == TT_SUITE or tile_ability(d, t) == AB_BUTLERS_ROOM


@njit(cache=True)
def host_legal(s, d, k, p, slot, ok):
    """The activity of estate slot `slot` can be hosted now: a hosted tile, its prestige rating within the
    reputation (any on the National Holiday), its servant available, and enough eligible guests that can all
    be served (the guest step then always finishes)."""
    b = pb(p)
    if slot >= s[b + P_ESTATE_N]:
        return False
    t = s[b + P_ESTATE + slot]
    if not is_hosted_kind(s, d, t):
        return False
    lvl = host_level(s, d, k, p)
    if d[kb(d[D_INST_KIND + t]) + K_PR] > lvl:
        return False
    sbase = side_base(s, d, t)
    a = available(s, p)
    brushing = has_ability(s, p, np.int64(AB_BRUSHING))
    need_servant = d[sbase + S_SERVANT]
    if need_servant >= 0:
        x = server_for(a, need_servant, brushing)
        if x < 0:
            return False
        a[x] -= 1
    gtype = d[sbase + S_GUESTS]
    if gtype == GT_NONE:
        return True
    if gtype == GT_SUPPLY:
        return s[G_PRESTIGE_N] > 0
    fill_eligible(s, d, k, p, t, lvl, ok)
    return completable(s, d, k, p, t, ok, d[sbase + S_N], a, brushing, pauper_budget(s, d, k, p, t))


@njit(cache=True)
def take_servants(s, p, needs, brushing):
    """Move the servants serving `needs` from available to busy (least flexible first)."""
    a = available(s, p)
    for t in (SV_HOUSEKEEPER, SV_MAID, SV_BUTLER, SV_FOOTMAN, SV_VALET):
        for _ in range(needs[t]):
            x = server_for(a, t, brushing)
            a[x] -= 1
            s[sv(p, np.int64(BX_AVAILABLE), x)] -= 1
            s[sv(p, np.int64(BX_BUSY), x)] += 1


@njit(cache=True)
def begin_activity(s, d, k, p, slot):
    """Step 3: the tile goes onto the board with its servant; then the guests, or straight to the favours."""
    b = pb(p)
    t = s[b + P_ESTATE + slot]
    sbase = side_base(s, d, t)
    lvl = host_level(s, d, k, p)
    s[G_ACT_TILE] = t
    s[G_ACT_SIDE] = s[G_TILE_SIDE + t]
    s[G_ACT_LEVEL] = lvl
    s[G_ACT_TYPE] = d[sbase + S_GUESTS]
    s[G_ACT_NEED] = d[sbase + S_N]
    s[G_ACT_N] = 0
    s[G_ACT_DOUBLE_KIND] = NONE
    ab = tile_ability(d, t)
    s[G_ACT_DOUBLE] = 1 if (ab == AB_HERITAGE or ab == AB_LIONHEART) else (2 if ab == AB_QUEENS else 0)
    brushing = has_ability(s, p, np.int64(AB_BRUSHING))
    needs = np.zeros(N_SERV, np.int64)
    if d[sbase + S_SERVANT] >= 0:
        needs[d[sbase + S_SERVANT]] = 1
    take_servants(s, p, needs, brushing)
    if s[G_ACT_TYPE] == GT_NONE:
        s[G_ACT_NEED] = 0
        s[G_FLOW] = F_FAVOURS
    elif s[G_ACT_TYPE] == GT_SUPPLY:
        c = draw_top(s, np.int64(G_PRESTIGE), np.int64(G_PRESTIGE_N))
        s[G_SUPPLY_GUEST] = c
        add_card(s, p, c, np.int64(CS_ATTENDING))  # no service: the butler sees to this guest
        s[G_ACT_NEED] = 0
        s[G_ACT_N] = 1
        s[G_FLOW] = F_FAVOURS
    else:
        fill_eligible(s, d, k, p, t, lvl, s[G_ACT_OK : G_ACT_OK + MAX_DECK])
        s[G_PHASE] = PH_GUESTS


@njit(cache=True)
def guest_legal(s, d, k, p, i, ok):
    """Deck slot i may join the activity: eligible, in hand, servable now, and the rest still completable
    with every pauper paid for (a pauper is offered whenever some completion of the activity pays for it)."""
    b = pb(p)
    if i >= s[b + P_DECK_N] or s[G_ACT_OK + i] != 1 or s[b + P_CARD_STATE + i] != CS_HAND:
        return False
    brushing = has_ability(s, p, np.int64(AB_BRUSHING))
    a = available(s, p)
    needs = np.zeros(N_SERV, np.int64)
    c = s[b + P_DECK + i]
    card_needs(d, c, needs)
    if not serve_all(a, needs, brushing):
        return False
    t = s[G_ACT_TILE]
    budget = pauper_budget(s, d, k, p, t) - guest_cost(d, k, c, pound_mult(d, t))
    for j in range(MAX_DECK):
        ok[j] = s[G_ACT_OK + j]
    ok[i] = 0
    return completable(s, d, k, p, t, ok, s[G_ACT_NEED] - 1, a, brushing, budget)


@njit(cache=True)
def invite_guest(s, d, p, i):
    b = pb(p)
    s[b + P_CARD_STATE + i] = CS_ATTENDING
    needs = np.zeros(N_SERV, np.int64)
    card_needs(d, s[b + P_DECK + i], needs)
    take_servants(s, p, needs, has_ability(s, p, np.int64(AB_BRUSHING)))
    s[G_ACT_NEED] -= 1
    s[G_ACT_N] += 1
    if s[G_ACT_NEED] == 0:
        s[G_FLOW] = F_FAVOURS


# ================================================================ favours


@njit(cache=True)
def queens_guest(s, p):
    """The one guest of a Queen's Suite activity (its deck slot), -1."""
    b = pb(p)
    for i in range(s[b + P_DECK_N]):
        if s[b + P_CARD_STATE + i] == CS_ATTENDING:
            return i
    return NONE


@njit(cache=True)
def doubles_legal(s, d, p, kind_):
    """Queen's Suite: the guest has a favour of this kind (DOUBLES: money, reputation, casual, prestige,
    VP cards) to double."""
    i = queens_guest(s, p)
    if i < 0:
        return False
    base = gb(s[pb(p) + P_DECK + i])
    f = (C_MONEY, C_REP, C_CASUAL, C_PRESTIGE, C_VP_CARDS)[kind_]
    return d[base + f] > 0


@njit(cache=True)
def enjoy_favours(s, d, k):
    """Step 6, in order: pounds (a pauper's cost paid from them, borrowing if short), reputation (the
    admirer bonus, the Barn), invitations and VP/objective cards; then the decisions: gossip targets, the
    lady's choice, hiring, dismissals."""
    p = s[G_ACTIVE]
    b = pb(p)
    if s[G_ACT_DOUBLE] == 2 and s[G_ACT_DOUBLE_KIND] < 0:
        for x in range(N_DOUBLES):
            if doubles_legal(s, d, p, x):
                s[G_PHASE] = PH_DOUBLE
                return
        s[G_ACT_DOUBLE_KIND] = N_DOUBLES  # nothing to double
    t = s[G_ACT_TILE]
    kbase = kb(d[D_INST_KIND + t])
    sbase = kbase + K_SIDE + s[G_ACT_SIDE] * SIDE_STRIDE
    money = d[sbase + S_MONEY]
    rep = d[sbase + S_REP]
    casual = d[sbase + S_CASUAL]
    prestige = d[sbase + S_PRESTIGE]
    vp_cards = d[sbase + S_VP_CARDS]
    all_x = 2 if s[G_ACT_DOUBLE] == 1 else 1
    dk = s[G_ACT_DOUBLE_KIND]
    male_pg = False
    female_pg = False
    s[G_PEND_ATTACK_N] = 0
    s[G_PEND_WIFE] = 0
    for i in range(s[b + P_DECK_N]):
        if s[b + P_CARD_STATE + i] != CS_ATTENDING:
            continue
        cb = gb(s[b + P_DECK + i])
        money += d[cb + C_MONEY] * (2 if dk == 0 else all_x)
        rep += d[cb + C_REP] * (2 if dk == 1 else all_x)
        casual += d[cb + C_CASUAL] * (2 if dk == 2 else all_x)
        prestige += d[cb + C_PRESTIGE] * (2 if dk == 3 else all_x)
        vp_cards += d[cb + C_VP_CARDS] * (2 if dk == 4 else all_x)
        if d[cb + C_ATTACK] > 0 and s[G_PEND_ATTACK_N] < MAX_ATTACKS:
            s[G_PEND_ATTACK + s[G_PEND_ATTACK_N]] = d[cb + C_ATTACK] * all_x
            s[G_PEND_ATTACK_N] += 1
        s[G_PEND_WIFE] += d[cb + C_CHOICE]
        cl = d[cb + C_CLASS]
        if cl == CL_PRESTIGE or cl == CL_FAIRCHILD:
            if d[cb + C_SEX] == SEX_M:
                male_pg = True
            else:
                female_pg = True
    for i in range(s[b + P_DECK_N]):
        if s[b + P_CARD_STATE + i] == CS_ATTENDING:
            cb = gb(s[b + P_DECK + i])
            want = d[cb + C_ADMIRER_SEX]
            present = male_pg if want == SEX_M else female_pg
            if d[cb + C_ADMIRER_REP] > 0 and want >= 0 and present:
                rep += d[cb + C_ADMIRER_REP]
    cat = d[kbase + K_CAT_BACK] if s[G_ACT_SIDE] else d[kbase + K_CAT]
    if cat == CAT_ESTATE and has_ability(s, p, np.int64(AB_BARN)):
        rep += k[K_BARN_REP]
    s[b + P_MONEY] += money
    while s[b + P_MONEY] < 0 and s[b + P_REP] >= k[K_BORROW_REP]:
        borrow(s, k, p)
    add_rep(s, p, rep)
    for _ in range(casual):
        invite(s, d, p, np.int64(0))
    for _ in range(prestige):
        invite(s, d, p, np.int64(1))
    for _ in range(vp_cards):
        draw_vp_card(s, p)
    for _ in range(d[sbase + S_OBJECTIVES]):
        draw_objective(s, p)
    s[G_PEND_DISMISS] = d[sbase + S_DISMISS]
    s[G_PEND_HIRE] = d[sbase + S_HIRE]
    s[G_HIRE_MAY_RECRUIT] = d[sbase + S_RECRUIT]
    s[G_FLOW] = F_PENDING


@njit(cache=True)
def supply_hireable(s):
    n = 0
    for i in range(N_HIREABLE):
        n += s[G_SUPPLY + HIREABLE[i]]
    return n


@njit(cache=True)
def recruit_legal(s, p, q, i):
    return q != p and q < s[G_PLAYERS] and servant_count(s, q, HIREABLE[i]) > 0


@njit(cache=True)
def can_hire_now(s, p):
    if supply_hireable(s) > 0:
        return True
    if s[G_HIRE_MAY_RECRUIT]:
        for q in range(s[G_PLAYERS]):
            for i in range(N_HIREABLE):
                if recruit_legal(s, p, q, i):
                    return True
    return False


@njit(cache=True)
def dismissable(s, d, p, i):
    """Any guest may be dismissed, never family (R2); the Fairchilds are not dismissed either (a choice)."""
    b = pb(p)
    if i >= s[b + P_DECK_N]:
        return False
    cl = d[gb(s[b + P_DECK + i]) + C_CLASS]
    return cl != CL_FAMILY and cl != CL_FAIRCHILD


@njit(cache=True)
def any_dismissable(s, d, p):
    for i in range(s[pb(p) + P_DECK_N]):  # noqa: SIM110 (a plain loop compiles; a generator would not)
        if dismissable(s, d, p, i):
            return True
    return False


@njit(cache=True)
def next_pending(s, d):
    """The next favour decision, in order: gossip targets, the lady's choice, hiring, dismissals; then the
    board is cleared."""
    p = s[G_ACTIVE]
    s[G_CUR] = p
    if s[G_PEND_ATTACK_N] > 0:
        s[G_PHASE] = PH_ATTACK
    elif s[G_PEND_WIFE] > 0:
        s[G_PHASE] = PH_WIFE
    elif s[G_PEND_HIRE] > 0 and can_hire_now(s, p):
        s[G_PHASE] = PH_HIRE
    elif s[G_PEND_DISMISS] > 0 and any_dismissable(s, d, p):
        s[G_PEND_HIRE] = 0
        s[G_PHASE] = PH_DISMISS
    else:
        s[G_PEND_HIRE] = 0
        s[G_PEND_DISMISS] = 0
        s[G_FLOW] = F_CLEAR


@njit(cache=True)
def hire(s, p, t):
    """A servant of type t from the supply to p's expended service (oriented with the butler)."""
    s[G_SUPPLY + t] -= 1
    s[sv(p, np.int64(BX_EXPENDED), t)] += 1
    s[pb(p) + P_HIRED] += 1


@njit(cache=True)
def recruit(s, p, q, t):
    """A servant of type t leaves seat q (available first, then quarters, then expended) for p's expended
    service."""
    for box in (BX_AVAILABLE, BX_QUARTERS, BX_EXPENDED):
        if s[sv(q, box, t)] > 0:
            s[sv(q, box, t)] -= 1
            break
    s[sv(p, np.int64(BX_EXPENDED), t)] += 1
    s[pb(p) + P_HIRED] += 1
    s[pb(q) + P_LOST] += 1


@njit(cache=True)
def dismiss(s, d, p, i):
    c = remove_slot(s, p, i)
    return_guest(s, d, c)
    s[pb(p) + P_DISMISSED] += 1


@njit(cache=True)
def clear_board(s, d):
    """Step 8: guests to the discard pile, servants to expended service, the tile flipped on its first use
    (a two-colour tile on every use)."""
    p = s[G_ACTIVE]
    b = pb(p)
    for i in range(s[b + P_DECK_N]):
        if s[b + P_CARD_STATE + i] == CS_ATTENDING:
            s[b + P_CARD_STATE + i] = CS_DISCARD
    for t in range(N_SERV):
        s[sv(p, np.int64(BX_EXPENDED), t)] += s[sv(p, np.int64(BX_BUSY), t)]
        s[sv(p, np.int64(BX_BUSY), t)] = 0
    t = s[G_ACT_TILE]
    if d[kb(d[D_INST_KIND + t]) + K_TYPE] == TT_HYBRID:
        s[G_TILE_SIDE + t] = 1 - s[G_TILE_SIDE + t]
    else:
        s[G_TILE_SIDE + t] = 1
    update_estate(s, d, p)
    s[b + P_HOSTED] += 1
    end_activity(s)
    start_buying(s)


@njit(cache=True)
def end_activity(s):
    s[G_ACT_TILE] = NONE
    s[G_ACT_NEED] = 0
    s[G_ACT_N] = 0
    s[G_ACT_DOUBLE] = 0
    s[G_ACT_DOUBLE_KIND] = NONE
    s[G_SUPPLY_GUEST] = NONE
    for i in range(MAX_DECK):
        s[G_ACT_OK + i] = 0


@njit(cache=True)
def start_buying(s):
    s[G_CUR] = s[G_ACTIVE]
    s[G_PHASE] = PH_BUY


# ================================================================ special actions and VP cards


@njit(cache=True)
def call_cost_free(s, k, p):
    """The next servant called from the quarters is free (Servants' Quarters, uses left this turn)."""
    return has_ability(s, p, np.int64(AB_QUARTERS)) and s[G_QUARTERS_USED] < k[K_QUARTERS_USES]


@njit(cache=True)
def call_legal(s, k, p, t):
    if s[sv(p, np.int64(BX_QUARTERS), t)] == 0:
        return False
    return call_cost_free(s, k, p) or s[pb(p) + P_REP] >= k[K_HELP_REP]


@njit(cache=True)
def call_servant(s, k, p, t):
    if call_cost_free(s, k, p):
        s[G_QUARTERS_USED] += 1
    else:
        s[pb(p) + P_REP] -= k[K_HELP_REP]
    s[sv(p, np.int64(BX_QUARTERS), t)] -= 1
    s[sv(p, np.int64(BX_AVAILABLE), t)] += 1
    s[pb(p) + P_HELPED] += 1


@njit(cache=True)
def refresh_service(s, p):
    """Every servant not serving now becomes available (passing, and the refresh-service VP card)."""
    for t in range(N_SERV):
        n = s[sv(p, np.int64(BX_EXPENDED), t)] + s[sv(p, np.int64(BX_QUARTERS), t)]
        s[sv(p, np.int64(BX_EXPENDED), t)] = 0
        s[sv(p, np.int64(BX_QUARTERS), t)] = 0
        s[sv(p, np.int64(BX_AVAILABLE), t)] += n


@njit(cache=True)
def has_discard(s, p):
    b = pb(p)
    for i in range(s[b + P_DECK_N]):  # noqa: SIM110 (a plain loop compiles; a generator would not)
        if s[b + P_CARD_STATE + i] == CS_DISCARD:
            return True
    return False


@njit(cache=True)
def vpc_usable(s, d, p, i):
    b = pb(p)
    if i >= s[b + P_VPC_N]:
        return False
    kind_ = d[vb(s[b + P_VPC + i]) + V_KIND]
    if kind_ == VK_PRESTIGE:
        return s[G_PRESTIGE_N] > 0
    if kind_ == VK_OBJECTIVE:
        return s[G_OBJ_DECK_N] > 0
    if kind_ == VK_HIRE:
        return supply_hireable(s) > 0
    if kind_ == VK_REFRESH_GUEST:
        return has_discard(s, p)
    return True


@njit(cache=True)
def use_vp_card(s, d, p, i):
    """Reveal the VP card for its favour (its VP are lost); some favours need a decision of their own, after
    which play returns to the phase it was used in."""
    b = pb(p)
    v = s[b + P_VPC + i]
    n = s[b + P_VPC_N]
    for j in range(i, n - 1):
        s[b + P_VPC + j] = s[b + P_VPC + j + 1]
    s[b + P_VPC_N] = n - 1
    s[b + P_VPC_USED] += 1
    kind_ = d[vb(v) + V_KIND]
    amount = d[vb(v) + V_AMOUNT]
    s[G_RETURN_PHASE] = s[G_PHASE]
    if kind_ == VK_REPUTATION:
        add_rep(s, p, amount)
    elif kind_ == VK_MONEY:
        s[b + P_MONEY] += amount
    elif kind_ == VK_PRESTIGE:
        for _ in range(amount):
            invite(s, d, p, np.int64(1))
    elif kind_ == VK_OBJECTIVE:
        s[G_KEEP_OBJ_N] = 0
        for _ in range(min(amount, 2)):
            o = draw_top(s, np.int64(G_OBJ_DECK), np.int64(G_OBJ_DECK_N))
            if o >= 0:
                s[G_KEEP_OBJ + s[G_KEEP_OBJ_N]] = o
                s[G_KEEP_OBJ_N] += 1
        if s[G_KEEP_OBJ_N] == 2:
            s[G_PHASE] = PH_KEEP_OBJ
        elif s[G_KEEP_OBJ_N] == 1 and s[b + P_OBJ_N] < MAX_OBJ:
            s[b + P_OBJ + s[b + P_OBJ_N]] = s[G_KEEP_OBJ]
            s[b + P_OBJ_N] += 1
            s[G_KEEP_OBJ_N] = 0
    elif kind_ == VK_PURCHASES:
        s[G_MULTI_BUY] = 1
        s[G_BUYS_LEFT] = UNLIMITED
    elif kind_ == VK_HIRE:
        s[G_PEND_HIRE] = amount
        s[G_PHASE] = PH_VP_HIRE
    elif kind_ == VK_REFRESH_MARKET:
        refresh_market(s, d)
        s[b + P_REFRESHES] += 1
    elif kind_ == VK_REFRESH_SERVICE:
        refresh_service(s, p)
    elif kind_ == VK_REFRESH_GUEST:
        s[G_PEND_HIRE] = amount
        s[G_PHASE] = PH_VP_GUEST


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
def family_allowed(d, k, f):
    return d[D_FAMILY + f * FAMILY_STRIDE + F_SET] == SET_BASE or k[K_WESSEX] != 0


@njit(cache=True)
def family_taken(s, f):
    for p in range(s[G_PLAYERS]):  # noqa: SIM110 (a plain loop compiles; a generator would not)
        if s[pb(p) + P_FAMILY] == f:
            return True
    return False


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


@njit(cache=True)
def apply_family(s, d, p, f):
    """Family f's board: its money and reputation bonus, five servants (York a second footman), its family
    cards into the active hand."""
    b = pb(p)
    fb = D_FAMILY + f * FAMILY_STRIDE
    s[b + P_FAMILY] = f
    s[b + P_MONEY] += d[fb + F_MONEY]
    s[b + P_REP] = min(d[fb + F_REP], s[G_MAX_REP])
    for t in range(N_SERV):
        s[sv(p, np.int64(BX_AVAILABLE), t)] += d[D_SERVANT + t * SERVANT_STRIDE + SF_START]
    s[sv(p, np.int64(BX_AVAILABLE), np.int64(SV_FOOTMAN))] += d[fb + F_FOOTMEN]
    for c in range(d[D_N_GENTRY]):
        if d[gb(c) + C_CLASS] == CL_FAMILY and d[gb(c) + C_FAMILY] == f:
            add_card(s, p, c, np.int64(CS_HAND))


@njit(cache=True)
def family_seat(k, n, step_):
    """Who chooses the step_-th family: from the seat left of the start player clockwise, the start player
    last (R2); or the start player first (knob)."""
    if k[K_FAMILY_ORDER]:
        return step_
    return (1 + step_) % n


@njit(cache=True)
def has_extra_tile(s, d, p):
    b = pb(p)
    for i in range(s[b + P_ESTATE_N]):  # noqa: SIM110 (a plain loop compiles; a generator would not)
        if d[D_INST_ROLE + s[b + P_ESTATE + i]] == IR_WESSEX:
            return True
    return False


@njit(cache=True)
def setup_next(s, d, k):
    """The next setup decision: families in order (the Wessex START tile right after Wessex), then the
    starter draft in snake order A, B, .., B, A; then round 1."""
    n = s[G_PLAYERS]
    while True:
        st = s[G_SETUP_STEP]
        if st < n:
            seat = family_seat(k, n, st)
            s[G_CUR] = seat
            f = s[pb(seat) + P_FAMILY]
            if f < 0:
                s[G_PHASE] = PH_FAMILY
                return
            if d[D_FAMILY + f * FAMILY_STRIDE + F_EXTRA_TILE] and not has_extra_tile(s, d, seat):
                s[G_PHASE] = PH_WESSEX_TILE
                return
            s[G_SETUP_STEP] = st + 1
            continue
        if st < 3 * n and s[G_DRAFT_N] > 0:
            j = st - n
            s[G_CUR] = j if j < n else 2 * n - 1 - j
            s[G_PHASE] = PH_DRAFT
            return
        finish_setup(s, d)
        return


@njit(cache=True)
def finish_setup(s, d):
    """The starters left in the draft pool are shuffled into the casual deck; round 1 begins."""
    if s[G_DRAFT_N] > 0 or s[G_SETUP_STEP] > s[G_PLAYERS]:
        for j in range(s[G_DRAFT_N]):
            s[G_CASUAL + s[G_CASUAL_N]] = s[G_DRAFT + j]
            s[G_CASUAL_N] += 1
            s[G_DRAFT + j] = 0
        s[G_DRAFT_N] = 0
        reshuffle(s, np.int64(G_CASUAL), s[G_CASUAL_N])
    s[G_ROUND] = 1
    s[G_FIRST] = 0
    s[G_FLOW] = F_START_ROUND


@njit(cache=True)
def wessex_instance(d, i):
    """The tile instance of Wessex START choice i."""
    kind_ = d[D_WESSEX_KIND + i]
    for t in range(d[D_N_INST]):
        if d[D_INST_ROLE + t] == IR_WESSEX and d[D_INST_KIND + t] == kind_:
            return t
    return NONE


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


# ================================================================ the end


@njit(cache=True)
def reputation_vp(d, k, r):
    """End VP of reputation step r (triangular by level, per track)."""
    return d[D_REP_VP + k[K_EXTENDED] * 9 + level(r) - 1]


@njit(cache=True)
def final_favour_vp(s, d, k, p, i):
    """VP that using p's VP card in slot i after the final courtship adds at the scoring, its own VP aside:
    exact for reputation, pounds and a hire; a prestige guest and the objective cards by their mean over
    the deck's cards (the order of a deck is hidden)."""
    b = pb(p)
    v = s[b + P_VPC + i]
    kind_ = d[vb(v) + V_KIND]
    amount = d[vb(v) + V_AMOUNT]
    if kind_ == VK_REPUTATION:
        r = s[b + P_REP]
        return float(reputation_vp(d, k, min(r + amount, s[G_MAX_REP])) - reputation_vp(d, k, r))
    if kind_ == VK_MONEY:
        m = max(s[b + P_MONEY], 0)
        return float((m + amount) // k[K_WEALTH] - m // k[K_WEALTH])
    if kind_ == VK_HIRE:
        return float(k[K_SERVANT_VP] * min(amount, supply_hireable(s)))
    total = 0.0
    n = 0
    if kind_ == VK_PRESTIGE:
        for j in range(s[G_PRESTIGE_N]):
            total += d[gb(s[G_PRESTIGE + j]) + C_VP]
            n += 1
    elif kind_ == VK_OBJECTIVE:
        for j in range(s[G_OBJ_DECK_N]):
            total += objective_vp(s, d, k, p, s[G_OBJ_DECK + j])
            n += 1
    return total / n if n > 0 else 0.0


@njit(cache=True)
def objective_vp(s, d, k, p, o):
    """VP objective card o gives p at the end (0 when not completed)."""
    ob_ = ob(o)
    kind_ = d[ob_ + O_KIND]
    b = pb(p)
    vp = d[ob_ + O_VP]
    count = d[ob_ + O_COUNT]
    if kind_ == OK_TILE:
        return vp if owns_kind(s, d, p, d[ob_ + O_TILE]) else 0
    if kind_ == OK_GUESTS:
        total = 0
        cls = d[ob_ + O_CLASS]
        for i in range(s[b + P_DECK_N]):
            cb = gb(s[b + P_DECK + i])
            cl = d[cb + C_CLASS]
            if cl == CL_FAMILY:
                continue
            if cls == OC_CASUAL and not (cl == CL_CASUAL or cl == CL_STARTER):
                continue
            if cls == OC_STARTER and cl != CL_STARTER:
                continue
            if cls == OC_PRESTIGE and not (cl == CL_PRESTIGE or cl == CL_FAIRCHILD):
                continue
            if d[ob_ + O_SEX] >= 0 and d[cb + C_SEX] != d[ob_ + O_SEX]:
                continue
            if d[cb + C_PR] < d[ob_ + O_MIN_PR]:
                continue
            total += vp
        return total
    if kind_ == OK_CATEGORY:
        return vp * category_count(s, d, p, d[ob_ + O_CATEGORY])
    if kind_ == OK_SERVANTS:
        t = d[ob_ + O_SERVANT]
        have = n_servants(s, p) if t == SERVANT_ANY else servant_count(s, p, t)
        if have < count:
            return 0
        t2 = d[ob_ + O_SERVANT2]
        if t2 >= 0:
            have2 = n_servants(s, p) if t2 == SERVANT_ANY else servant_count(s, p, t2)
            if have2 < d[ob_ + O_COUNT2]:
                return 0
        return vp
    if kind_ == OK_GROUP:
        mask = d[ob_ + O_CATEGORIES]
        for cat in range(N_CATS):
            if (mask >> cat) & 1 and category_count(s, d, p, cat) < count:
                return 0
        return vp
    if kind_ == OK_LARGEST:
        for cat in range(N_CATS):
            if category_count(s, d, p, cat) >= count:
                return vp
        return 0
    if kind_ == OK_REPUTATION:
        return vp if level(s[b + P_REP]) == max_level(s) else 0
    if kind_ == OK_MONEY:
        return vp if s[b + P_MONEY] >= count else 0
    if kind_ == OK_MONUMENTS:
        return vp * s[b + P_MONUMENTS]
    return 0


@njit(cache=True)
def final_scoring(s, d, k):
    """Tiles (VP showing), gentry (the Fairchild apart), objectives completed, reputation (triangular),
    2 VP per servant, 1 VP per 200 pounds, VP cards kept."""
    for p in range(s[G_PLAYERS]):
        b = pb(p)
        src = np.zeros(N_VP, np.int64)
        for i in range(s[b + P_ESTATE_N]):
            src[V_TILES] += tile_vp(s, d, s[b + P_ESTATE + i])
        for i in range(s[b + P_DECK_N]):
            cb = gb(s[b + P_DECK + i])
            if d[cb + C_CLASS] == CL_FAIRCHILD:
                src[V_FAIRCHILD] += d[cb + C_VP]
            else:
                src[V_GENTRY] += d[cb + C_VP]
        for i in range(s[b + P_OBJ_N]):
            src[V_OBJECTIVES] += objective_vp(s, d, k, p, s[b + P_OBJ + i])
        src[V_REPUTATION] = reputation_vp(d, k, s[b + P_REP])
        src[V_SERVANTS] = n_servants(s, p) * k[K_SERVANT_VP]
        src[V_WEALTH] = max(s[b + P_MONEY], 0) // k[K_WEALTH]
        for i in range(s[b + P_VPC_N]):
            src[V_VP_CARDS] += d[vb(s[b + P_VPC + i]) + V_VP]
        total = 0
        for v in range(N_VP):
            s[b + P_VP_SRC + v] = src[v]
            total += src[v]
        s[b + P_VP] = total


@njit(cache=True)
def end_game(s, d, k):
    s[G_END_TRIGGER] = E_LAST_ROUND
    final_scoring(s, d, k)
    s[G_PHASE] = PH_GAME_OVER
    s[G_CUR] = s[G_FIRST]
    s[G_FLOW] = F_DECIDE


@njit(cache=True)
def tiebreak_key(s, p):
    """Higher is better: score, then holding a Fairchild card, then reputation (position included)."""
    b = pb(p)
    fair = 0
    for f in range(2):
        if s[G_FAIRCHILD + f] == p:
            fair = 1
    return s[b + P_VP] * 4096 + fair * 1024 + s[b + P_REP]


@njit(cache=True)
def final_scores(s, d, k, scores, ranks):
    """Final VP per seat and ranks by the tiebreak (a Fairchild, then reputation; still tied: the seat nearer
    the first seat, the project's convention, recorded as tied_first). Returns the winner."""
    n = s[G_PLAYERS]
    keys = np.zeros(MAX_PLAYERS, np.int64)
    for p in range(n):
        scores[p] = s[pb(p) + P_VP]
        keys[p] = tiebreak_key(s, p)
    return rank_by_score_then_seat(keys, n, ranks)


@njit(cache=True)
def is_terminal(s):
    return s[G_PHASE] == PH_GAME_OVER


@njit(cache=True)
def current_player(s):
    return s[G_CUR]


# ================================================================ the flow


@njit(cache=True)
def advance(s, d, k):
    """Run what the rules do by themselves until a decision is due."""
    while True:
        flow = s[G_FLOW]
        s[G_FLOW] = F_DECIDE
        if flow == F_SETUP:
            setup_next(s, d, k)
        elif flow == F_START_ROUND:
            start_round(s, d, k)
        elif flow == F_START_TURN:
            start_turn(s, d, k)
        elif flow == F_AFTER_EVENTS:
            after_events(s, d, k)
        elif flow == F_FAVOURS:
            enjoy_favours(s, d, k)
        elif flow == F_PENDING:
            next_pending(s, d)
        elif flow == F_CLEAR:
            clear_board(s, d)
        elif flow == F_END_BUY:
            if s[G_MULTI_BUY] and s[G_BOUGHT_NOW] > 0:
                refill(s, d, np.int64(0))
            s[G_FLOW] = F_END_TURN
        elif flow == F_END_TURN:
            end_turn(s, d, k)
        elif flow == F_END_ROUND:
            end_round(s, d, k)
        elif flow == F_COURTSHIP:
            courtship(s, d, k)
        elif flow == F_COURT_DISCARD:
            court_discard(s, d, k)
        elif flow == F_FINAL_VPC:
            final_vp_cards(s, d, k)
        else:
            return


# ================================================================ the contract: legal_mask and step


@njit(cache=True)
def allow(mask, a, ok):
    """Mark action a legal when ok; 1 if it was marked (legal_mask counts as it goes)."""
    if ok:
        mask[a] = 1
        return 1
    return 0


@njit(cache=True)
def mark(mask, a):
    """Mark action a legal; 1 (legal_mask counts as it goes)."""
    mask[a] = 1
    return 1


@njit(cache=True)
def special_actions(s, d, k, p, mask):
    """Borrowing, the refresh of the market (once a turn) and the VP cards: offered in the main and buy
    steps (calling a servant from the quarters only in the main step, legal_mask). Returns how many were
    marked."""
    b = pb(p)
    count = allow(mask, np.int64(A_BORROW), s[b + P_REP] >= k[K_BORROW_REP])
    count += allow(mask, np.int64(A_REFRESH), s[G_REFRESHED] == 0 and s[b + P_REP] >= k[K_REFRESH_REP])
    for i in range(s[b + P_VPC_N]):
        count += allow(mask, A_USE_VPC + i, vpc_usable(s, d, p, i))
    return count


@njit(cache=True)
def legal_mask(s, d, k, mask):
    """mask[a] = 1 for every legal action; returns how many there are."""
    mask[:] = 0
    phase = s[G_PHASE]
    p = s[G_CUR]
    b = pb(p)
    n = s[G_PLAYERS]
    count = 0
    if phase == PH_MAIN:
        count += mark(mask, np.int64(A_PASS))
        ok = np.zeros(MAX_DECK, np.int64)
        for i in range(s[b + P_ESTATE_N]):
            count += allow(mask, A_HOST + i, host_legal(s, d, k, p, i, ok))
        # service help only here: after the activity a called servant changes nothing but the reputation
        # paid (step 1 of the next turn makes it available anyway), so the buy step does not offer it
        for t in range(N_SERV):
            count += allow(mask, A_CALL + t, call_legal(s, k, p, t))
        count += special_actions(s, d, k, p, mask)
    elif phase == PH_GUESTS:
        ok = np.zeros(MAX_DECK, np.int64)
        for i in range(s[b + P_DECK_N]):
            count += allow(mask, A_GUEST + i, guest_legal(s, d, k, p, i, ok))
    elif phase == PH_BUY:
        count += mark(mask, np.int64(A_BUY_DONE))
        for i in range(MARKET):
            t = s[G_MARKET + i * STACK + s[G_MARKET_N + i] - 1] if s[G_MARKET_N + i] > 0 else NONE
            count += allow(mask, A_BUY + i, can_buy(s, d, k, p, t, i))
        for i in range(s[G_RES_SERVICE_N]):
            count += allow(mask, A_BUY_SERVICE + i, can_buy(s, d, k, p, s[G_RES_SERVICE + i], np.int64(-1)))
        for i in range(s[G_RES_PR1_N]):
            count += allow(mask, A_BUY_PR1 + i, can_buy(s, d, k, p, s[G_RES_PR1 + i], np.int64(-1)))
        count += special_actions(s, d, k, p, mask)
    elif phase == PH_HALL:
        count += mark(mask, np.int64(A_HALL_SKIP))
        for t in range(N_SERV):
            if s[sv(p, np.int64(BX_AVAILABLE), t)] > 0:
                for q in range(n):
                    count += allow(mask, A_HALL + t * MAX_PLAYERS + q, q != p)
    elif phase == PH_PASS_CHOICE:
        count += mark(mask, np.int64(A_RENT)) + mark(mask, np.int64(A_PASS_REFRESH))
    elif phase == PH_ATTACK:
        for q in range(n):
            count += allow(mask, A_ATTACK + q, q != p)
    elif phase == PH_WIFE:
        count += allow(mask, np.int64(A_WIFE_LOOK), s[G_CASUAL_N] > 0) + mark(mask, np.int64(A_WIFE_DISMISS))
    elif phase == PH_KEEP_GUEST or phase == PH_KEEP_OBJ:
        count += mark(mask, np.int64(A_KEEP)) + mark(mask, np.int64(A_KEEP + 1))
    elif phase == PH_DISMISS:
        count += mark(mask, np.int64(A_DISMISS_SKIP))
        for i in range(s[b + P_DECK_N]):
            count += allow(mask, A_DISMISS + i, dismissable(s, d, p, i))
    elif phase == PH_HIRE:
        for i in range(N_HIREABLE):
            count += allow(mask, A_HIRE + i, s[G_SUPPLY + HIREABLE[i]] > 0)
        if s[G_HIRE_MAY_RECRUIT]:
            for q in range(n):
                for i in range(N_HIREABLE):
                    count += allow(mask, A_RECRUIT + q * N_HIREABLE + i, recruit_legal(s, p, q, i))
    elif phase == PH_DOUBLE:
        for x in range(N_DOUBLES):
            count += allow(mask, A_DOUBLE + x, doubles_legal(s, d, p, x))
    elif phase == PH_VP_HIRE:
        for i in range(N_HIREABLE):
            count += allow(mask, A_VP_HIRE + i, s[G_SUPPLY + HIREABLE[i]] > 0)
    elif phase == PH_VP_GUEST:
        for i in range(s[b + P_DECK_N]):
            count += allow(mask, A_VP_GUEST + i, s[b + P_CARD_STATE + i] == CS_DISCARD)
    elif phase == PH_OBJ_DISCARD or phase == PH_COURT_DISCARD:
        for i in range(s[b + P_OBJ_N]):
            count += mark(mask, np.int64(A_OBJ_DISCARD + i))
    elif phase == PH_FAIRCHILD:
        count += mark(mask, np.int64(A_FAIRCHILD)) + mark(mask, np.int64(A_FAIRCHILD + 1))
    elif phase == PH_FINAL_VPC:
        count += mark(mask, np.int64(A_KEEP_VPC))
        last = s[b + P_VPC_N] - 1
        count += allow(mask, A_USE_VPC + last, last >= 0 and final_vpc_usable(s, d, p, last))
    elif phase == PH_FAMILY:
        for f in range(N_FAMILIES):
            count += allow(mask, A_FAMILY + f, family_allowed(d, k, f) and not family_taken(s, f))
    elif phase == PH_WESSEX_TILE:
        count += mark(mask, np.int64(A_WESSEX_TILE)) + mark(mask, np.int64(A_WESSEX_TILE + 1))
    elif phase == PH_DRAFT:
        for i in range(s[G_DRAFT_N]):
            count += mark(mask, np.int64(A_DRAFT + i))
    return count


@njit(cache=True)
def step(s, d, k, a):
    """Apply legal action a for the current seat."""
    phase = s[G_PHASE]
    p = s[G_CUR]
    b = pb(p)
    if a == A_BORROW:
        borrow(s, k, p)
    elif a == A_REFRESH:
        s[b + P_REP] -= k[K_REFRESH_REP]
        s[G_REFRESHED] = 1
        refresh_market(s, d)
        s[b + P_REFRESHES] += 1
    elif A_USE_VPC <= a < A_USE_VPC + MAX_VPC:
        if phase == PH_FINAL_VPC:
            s[G_FINAL_VPC] &= ~(1 << p)
        use_vp_card(s, d, p, a - A_USE_VPC)
    elif a == A_KEEP_VPC:
        s[G_FINAL_VPC] &= ~(1 << p)
    elif A_CALL <= a < A_CALL + N_SERV:
        call_servant(s, k, p, a - A_CALL)
    elif phase == PH_MAIN:
        if a == A_PASS:
            s[b + P_PASSES] += 1
            for i in range(s[b + P_DECK_N]):
                s[b + P_CARD_STATE + i] = CS_HAND
            refresh_service(s, p)
            s[G_PHASE] = PH_PASS_CHOICE
        else:
            begin_activity(s, d, k, p, a - A_HOST)
    elif phase == PH_GUESTS:
        invite_guest(s, d, p, a - A_GUEST)
    elif phase == PH_BUY:
        if a == A_BUY_DONE:
            s[G_FLOW] = F_END_BUY
        else:
            if a < A_BUY_SERVICE:
                i = a - A_BUY
                n = s[G_MARKET_N + i] - 1
                t = s[G_MARKET + i * STACK + n]
                buy_tile(s, d, k, p, t, i)
                s[G_MARKET_N + i] = n
            elif a < A_BUY_PR1:
                t = s[G_RES_SERVICE + a - A_BUY_SERVICE]
                buy_tile(s, d, k, p, t, np.int64(-1))
                take_from_reserve(s, np.int64(G_RES_SERVICE), np.int64(G_RES_SERVICE_N), a - A_BUY_SERVICE)
            else:
                t = s[G_RES_PR1 + a - A_BUY_PR1]
                buy_tile(s, d, k, p, t, np.int64(-1))
                take_from_reserve(s, np.int64(G_RES_PR1), np.int64(G_RES_PR1_N), a - A_BUY_PR1)
            if not s[G_MULTI_BUY]:
                refill(s, d, np.int64(0))
                s[G_BOUGHT_NOW] = 0
    elif phase == PH_HALL:
        if a != A_HALL_SKIP:
            x = a - A_HALL
            t = x // MAX_PLAYERS
            q = x % MAX_PLAYERS
            s[sv(p, np.int64(BX_AVAILABLE), t)] -= 1
            s[sv(p, np.int64(BX_EXPENDED), t)] += 1
            before = s[pb(q) + P_REP]
            add_rep(s, q, -k[K_HALL_REP])
            s[b + P_GOSSIP] += before - s[pb(q) + P_REP]
            add_rep(s, p, k[K_HALL_REP])
        s[G_PHASE] = PH_MAIN
    elif phase == PH_PASS_CHOICE:
        if a == A_RENT:
            s[b + P_MONEY] += k[K_RENT]
        else:
            refresh_market(s, d)
            s[b + P_REFRESHES] += 1
        start_buying(s)
    elif phase == PH_ATTACK:
        q = a - A_ATTACK
        n = s[G_PEND_ATTACK_N] - 1
        before = s[pb(q) + P_REP]
        add_rep(s, q, -s[G_PEND_ATTACK + n])
        s[b + P_GOSSIP] += before - s[pb(q) + P_REP]
        s[G_PEND_ATTACK_N] = n
        s[G_FLOW] = F_PENDING
    elif phase == PH_WIFE:
        s[G_PEND_WIFE] -= 1
        s[G_FLOW] = F_PENDING
        if a == A_WIFE_DISMISS:
            s[G_PEND_DISMISS] += 1
        else:
            s[G_LOOK_N] = 0
            for _ in range(2):
                c = draw_top(s, np.int64(G_CASUAL), np.int64(G_CASUAL_N))
                if c >= 0:
                    s[G_LOOK + s[G_LOOK_N]] = c
                    s[G_LOOK_N] += 1
            if s[G_LOOK_N] == 2:
                s[G_PHASE] = PH_KEEP_GUEST
                s[G_FLOW] = F_DECIDE
            elif s[G_LOOK_N] == 1:
                if add_card(s, p, s[G_LOOK], np.int64(CS_HAND)) >= 0:
                    s[b + P_INVITED] += 1
                s[G_LOOK_N] = 0
    elif phase == PH_KEEP_GUEST:
        i = a - A_KEEP
        if add_card(s, p, s[G_LOOK + i], np.int64(CS_HAND)) >= 0:
            s[b + P_INVITED] += 1
        return_guest(s, d, s[G_LOOK + 1 - i])
        s[G_LOOK_N] = 0
        s[G_FLOW] = F_PENDING
    elif phase == PH_KEEP_OBJ:
        i = a - A_KEEP
        if s[b + P_OBJ_N] < MAX_OBJ:
            s[b + P_OBJ + s[b + P_OBJ_N]] = s[G_KEEP_OBJ + i]
            s[b + P_OBJ_N] += 1
        put_bottom(s, np.int64(G_OBJ_DECK), np.int64(G_OBJ_DECK_N), s[G_KEEP_OBJ + 1 - i])
        s[G_KEEP_OBJ_N] = 0
        s[G_PHASE] = s[G_RETURN_PHASE]
    elif phase == PH_DISMISS:
        if a == A_DISMISS_SKIP:
            s[G_PEND_DISMISS] = 0
        else:
            dismiss(s, d, p, a - A_DISMISS)
            s[G_PEND_DISMISS] -= 1
        s[G_FLOW] = F_PENDING
    elif phase == PH_HIRE:
        if a < A_RECRUIT:
            hire(s, p, HIREABLE[a - A_HIRE])
            s[G_PEND_HIRE] -= 1
            s[G_HIRE_MAY_RECRUIT] = 0  # hiring and recruiting do not mix
        else:
            x = a - A_RECRUIT
            recruit(s, p, x // N_HIREABLE, HIREABLE[x % N_HIREABLE])
            s[G_PEND_HIRE] = 0
        s[G_FLOW] = F_PENDING
    elif phase == PH_DOUBLE:
        s[G_ACT_DOUBLE_KIND] = a - A_DOUBLE
        s[G_FLOW] = F_FAVOURS
    elif phase == PH_VP_HIRE:
        hire(s, p, HIREABLE[a - A_VP_HIRE])
        s[G_PEND_HIRE] -= 1
        if s[G_PEND_HIRE] <= 0 or supply_hireable(s) == 0:
            s[G_PEND_HIRE] = 0
            s[G_PHASE] = s[G_RETURN_PHASE]
    elif phase == PH_VP_GUEST:
        s[b + P_CARD_STATE + a - A_VP_GUEST] = CS_HAND
        s[G_PEND_HIRE] -= 1
        if s[G_PEND_HIRE] <= 0 or not has_discard(s, p):
            s[G_PEND_HIRE] = 0
            s[G_PHASE] = s[G_RETURN_PHASE]
    elif phase == PH_OBJ_DISCARD:
        discard_objective(s, p, a - A_OBJ_DISCARD)
        s[G_OBJ_BOTTOM] = 0  # a single card under the deck: nothing to shuffle
        s[G_FLOW] = F_AFTER_EVENTS
    elif phase == PH_COURT_DISCARD:
        discard_objective(s, p, a - A_OBJ_DISCARD)
        s[G_FLOW] = F_COURT_DISCARD
    elif phase == PH_FAIRCHILD:
        f = a - A_FAIRCHILD
        add_card(s, p, d[D_FAIRCHILD + f], np.int64(CS_HAND))
        s[G_FAIRCHILD + f] = p
        if draw_vp_card(s, p) and s[G_ROUND] == s[G_LAST_ROUND]:
            s[G_FINAL_VPC] |= 1 << p
        s[G_COURT_WINNER] = NONE
        s[G_FLOW] = F_COURT_DISCARD
    elif phase == PH_FAMILY:
        apply_family(s, d, p, a - A_FAMILY)
        s[G_FLOW] = F_SETUP
    elif phase == PH_WESSEX_TILE:
        add_tile(s, d, p, wessex_instance(d, a - A_WESSEX_TILE))
        s[G_FLOW] = F_SETUP
    elif phase == PH_DRAFT:
        i = a - A_DRAFT
        add_card(s, p, s[G_DRAFT + i], np.int64(CS_HAND))
        n = s[G_DRAFT_N]
        for j in range(i, n - 1):
            s[G_DRAFT + j] = s[G_DRAFT + j + 1]
        s[G_DRAFT + n - 1] = 0
        s[G_DRAFT_N] = n - 1
        s[G_SETUP_STEP] += 1
        s[G_FLOW] = F_SETUP
    if s[G_PHASE] == PH_FINAL_VPC:  # this seat's final VP card is settled (kept, used, or its decision done)
        s[G_FLOW] = F_FINAL_VPC
    advance(s, d, k)
