"""Random games with every invariant checked after every step, compiled (tests only).

The checks read the state through the layout names and the card data; they do not call the rules' helpers
(servant service is checked by a matching of its own), so a broken helper cannot hide its own bug.
`check_random_games` returns counters (ERRORS and the number of things checked) for the tests to assert on.
"""

import numpy as np
from numba import njit

from sim.games.obsession.actions import A_GUEST, A_HOST, A_USE_VPC, N_ACTIONS
from sim.games.obsession.layout import (
    AB_BRUSHING,
    BX_BUSY,
    CL_CASUAL,
    CL_FAIRCHILD,
    CL_FAMILY,
    CL_PRESTIGE,
    CL_STARTER,
    CS_ATTENDING,
    E_LAST_ROUND,
    EV_NATIONAL,
    G_ACT_LEVEL,
    G_ACT_NEED,
    G_BAG,
    G_BAG_N,
    G_CASUAL,
    G_CASUAL_N,
    G_CUR,
    G_DRAFT,
    G_DRAFT_N,
    G_END_TRIGGER,
    G_FAIRCHILD,
    G_KEEP_OBJ_N,
    G_LAST_ROUND,
    G_LOOK,
    G_LOOK_N,
    G_MARKET,
    G_MARKET_N,
    G_MAX_REP,
    G_OBJ_DECK_N,
    G_PHASE,
    G_PLAYER,
    G_PLAYERS,
    G_PRESTIGE,
    G_PRESTIGE_N,
    G_RES_PR1,
    G_RES_PR1_N,
    G_RES_SERVICE,
    G_RES_SERVICE_N,
    G_ROUND,
    G_SUPPLY,
    G_TILE_SIDE,
    G_VPC_DECK_N,
    GT_CASUAL,
    GT_FAMILY,
    GT_GENTLEMEN,
    GT_GENTRY,
    GT_LADIES,
    GT_PRESTIGE,
    MARKET,
    MAX_GENTRY,
    MAX_INST,
    MAX_LEVELS,
    MAX_ROUNDS,
    N_BOXES,
    N_SERV,
    N_VP,
    P_ABILITY,
    P_BOUGHT,
    P_CARD_STATE,
    P_DECK,
    P_DECK_N,
    P_ESTATE,
    P_ESTATE_N,
    P_FAMILY,
    P_HOSTED,
    P_MONEY,
    P_OBJ_N,
    P_PASSES,
    P_REP,
    P_SERV,
    P_SIZE,
    P_VP,
    P_VP_SRC,
    P_VPC,
    P_VPC_N,
    P_VPC_USED,
    PH_FINAL_VPC,
    PH_GUESTS,
    PH_KEEP_GUEST,
    PH_KEEP_OBJ,
    PH_MAIN,
    POSITIONS,
    SEX_M,
    STACK,
    STATE_SIZE,
    SV_BUTLER,
    SV_FOOTMAN,
    SV_HOUSEKEEPER,
    SV_MAID,
    SV_UNDERBUTLER,
    SV_VALET,
    V_FAIRCHILD,
    V_GENTRY,
    V_OBJECTIVES,
    V_REPUTATION,
    V_SERVANTS,
    V_TILES,
    V_VP_CARDS,
    V_WEALTH,
)
from sim.games.obsession.params import K_EXTENDED, K_SERVANT_VP, K_WEALTH
from sim.games.obsession.rules import init_state, is_terminal, legal_mask, step
from sim.games.obsession.tables import (
    C_CLASS,
    C_FAMILY,
    C_MONEY,
    C_PR,
    C_SERV1,
    C_SERV2,
    C_SEX,
    C_VP,
    D_FAIRCHILD,
    D_GENTRY,
    D_INST_KIND,
    D_KIND,
    D_N_GENTRY,
    D_N_OBJ,
    D_N_VPC,
    D_REP_VP,
    D_TRACK,
    D_VPC,
    GENTRY_STRIDE,
    K_PR,
    K_SIDE,
    KIND_STRIDE,
    S_GUESTS,
    S_N,
    S_SERVANT,
    S_VP,
    SIDE_STRIDE,
    V_VP,
    VPC_STRIDE,
)
from sim.kernel_tools import random_legal
from sim.rng import N_STREAMS, seed_streams

ERRORS = (
    "no_legal_action", "step_limit", "negative_money", "reputation_out_of_range", "servants_not_conserved",
    "guest_not_in_one_place", "tile_not_in_one_place", "objectives_not_conserved", "vp_cards_not_conserved",
    "guest_of_wrong_type", "guest_above_reputation", "tile_above_reputation", "wrong_guest_count",
    "service_not_provided", "not_ended_on_last_round", "score_not_sum_of_sources", "source_miscounted",
)  # fmt: skip
COUNTS = (
    "games", "steps", "activities_checked", "guests_checked", "passes", "national_holiday_above_level",
    "fairchilds_held_at_end", "tiles_bought", "hosted", "paupers_invited", "final_vp_cards_used",
)  # fmt: skip
N_OUT = len(ERRORS) + len(COUNTS)
(E_NO_LEGAL, E_STEPS, E_MONEY, E_REP, E_SERVANTS, E_GUESTS, E_TILES, E_OBJECTIVES, E_VPCS, E_WRONG_TYPE, E_GUEST_LEVEL,
 E_TILE_LEVEL, E_COUNT, E_SERVICE, E_NOT_LAST, E_SUM, E_SOURCE) = range(len(ERRORS))  # fmt: skip
C0 = len(ERRORS)


@njit(cache=True)
def _pb(p):
    return G_PLAYER + p * P_SIZE


@njit(cache=True)
def _side(s, d, t):
    return D_KIND + d[D_INST_KIND + t] * KIND_STRIDE + K_SIDE + s[G_TILE_SIDE + t] * SIDE_STRIDE


@njit(cache=True)
def _card(d, c, f):
    return d[D_GENTRY + c * GENTRY_STRIDE + f]


@njit(cache=True)
def _serves(supply, need, brushing):
    """Servant type `supply` may serve a need of type `need` ('only when short' never changes whether a set of
    needs can be served, so it is not part of the check)."""
    if supply == need:
        return True
    if supply == SV_UNDERBUTLER:
        return need == SV_BUTLER or need == SV_VALET or need == SV_FOOTMAN
    if supply == SV_HOUSEKEEPER:
        return need == SV_MAID
    return brushing and supply == SV_FOOTMAN and need == SV_VALET


@njit(cache=True)
def servable(need_counts, pool, brushing):
    """Hall's condition: every set X of need types asks for no more servants than there are servants able to
    serve some type of X. Equivalent to a perfect assignment of needs to distinct servants."""
    for x in range(1, 1 << N_SERV):
        asked = 0
        for t in range(N_SERV):
            if (x >> t) & 1:
                asked += need_counts[t]
        if asked == 0:
            continue
        able = 0
        for sup in range(N_SERV):
            for t in range(N_SERV):
                if (x >> t) & 1 and need_counts[t] > 0 and _serves(sup, t, brushing):
                    able += pool[sup]
                    break
        if asked > able:
            return False
    return True


@njit(cache=True)
def check_activity(s, d, p, chosen, t, lvl, brushing, out):
    """Before the last guest joins: the guests (attending and the chosen one) are of the tile's type and
    number and within the level of step 3, and the busy and available servants can serve tile and guests."""
    b = _pb(p)
    sbase = _side(s, d, t)
    gtype = d[sbase + S_GUESTS]
    needs = np.zeros(N_SERV, np.int64)
    if d[sbase + S_SERVANT] >= 0:
        needs[d[sbase + S_SERVANT]] += 1
    count = 0
    for i in range(s[b + P_DECK_N]):
        if s[b + P_CARD_STATE + i] != CS_ATTENDING and i != chosen:
            continue
        c = s[b + P_DECK + i]
        count += 1
        out[C0 + 3] += 1
        cl = _card(d, c, C_CLASS)
        male = _card(d, c, C_SEX) == SEX_M
        ok = gtype == GT_GENTRY or (gtype == GT_FAMILY and cl == CL_FAMILY) or (gtype == GT_GENTLEMEN and male)
        ok = ok or (gtype == GT_LADIES and not male) or (gtype == GT_CASUAL and (cl == CL_CASUAL or cl == CL_STARTER))
        ok = ok or (gtype == GT_PRESTIGE and (cl == CL_PRESTIGE or cl == CL_FAIRCHILD))
        if not ok:
            out[E_WRONG_TYPE] += 1
        if _card(d, c, C_PR) > lvl:
            out[E_GUEST_LEVEL] += 1
        if _card(d, c, C_MONEY) < 0:
            out[C0 + 9] += 1
        for f in (C_SERV1, C_SERV2):
            if _card(d, c, f) >= 0:
                needs[_card(d, c, f)] += 1
    if count != d[sbase + S_N]:
        out[E_COUNT] += 1
    pool = np.zeros(N_SERV, np.int64)
    for x in range(N_SERV):
        pool[x] = s[b + P_SERV + BX_BUSY * N_SERV + x] + s[b + P_SERV + x]
    if not servable(needs, pool, brushing):
        out[E_SERVICE] += 1
    out[C0 + 2] += 1


@njit(cache=True)
def servant_totals(s, out_totals):
    for t in range(N_SERV):
        out_totals[t] = s[G_SUPPLY + t]
    for p in range(s[G_PLAYERS]):
        for x in range(N_BOXES * N_SERV):
            out_totals[x % N_SERV] += s[_pb(p) + P_SERV + x]


@njit(cache=True)
def tiles_in_play(s, where):
    """where[t] += 1 for each place tile instance t is found: bag, market, reserves, estates."""
    for i in range(s[G_BAG_N]):
        where[s[G_BAG + i]] += 1
    for i in range(MARKET):
        for j in range(s[G_MARKET_N + i]):
            where[s[G_MARKET + i * STACK + j]] += 1
    for i in range(s[G_RES_SERVICE_N]):
        where[s[G_RES_SERVICE + i]] += 1
    for i in range(s[G_RES_PR1_N]):
        where[s[G_RES_PR1 + i]] += 1
    for p in range(s[G_PLAYERS]):
        for i in range(s[_pb(p) + P_ESTATE_N]):
            where[s[_pb(p) + P_ESTATE + i]] += 1


@njit(cache=True)
def check_state(s, d, k, servants0, tiles0, in_play, out):
    n = s[G_PLAYERS]
    if in_play:
        totals = np.zeros(N_SERV, np.int64)
        servant_totals(s, totals)
        for t in range(N_SERV):
            if totals[t] != servants0[t]:
                out[E_SERVANTS] += 1
        where = np.zeros(MAX_INST, np.int64)
        tiles_in_play(s, where)
        for t in range(MAX_INST):
            if where[t] != tiles0[t]:
                out[E_TILES] += 1
    seen = np.zeros(MAX_GENTRY, np.int64)
    for i in range(s[G_CASUAL_N]):
        seen[s[G_CASUAL + i]] += 1
    for i in range(s[G_PRESTIGE_N]):
        seen[s[G_PRESTIGE + i]] += 1
    for i in range(s[G_DRAFT_N]):
        seen[s[G_DRAFT + i]] += 1
    if s[G_PHASE] == PH_KEEP_GUEST:
        for i in range(s[G_LOOK_N]):
            seen[s[G_LOOK + i]] += 1
    families = 0
    vpc = s[G_VPC_DECK_N]
    objectives = s[G_OBJ_DECK_N] + (s[G_KEEP_OBJ_N] if s[G_PHASE] == PH_KEEP_OBJ else 0)
    for p in range(n):
        b = _pb(p)
        if s[b + P_MONEY] < 0:
            out[E_MONEY] += 1
        if s[b + P_REP] < 0 or s[b + P_REP] > s[G_MAX_REP]:
            out[E_REP] += 1
        for i in range(s[b + P_DECK_N]):
            seen[s[b + P_DECK + i]] += 1
        if s[b + P_FAMILY] >= 0:
            families |= 1 << s[b + P_FAMILY]
        vpc += s[b + P_VPC_N] + s[b + P_VPC_USED]
        objectives += s[b + P_OBJ_N]
    for f in range(2):
        if s[G_FAIRCHILD + f] < 0:
            seen[d[D_FAIRCHILD + f]] += 1  # beside the round track
    for c in range(d[D_N_GENTRY]):
        cl = _card(d, c, C_CLASS)
        expected = 1
        if cl == CL_FAMILY:
            expected = (families >> _card(d, c, C_FAMILY)) & 1
        if seen[c] != expected:
            out[E_GUESTS] += 1
    if vpc != d[D_N_VPC]:
        out[E_VPCS] += 1
    if objectives != d[D_N_OBJ]:
        out[E_OBJECTIVES] += 1


@njit(cache=True)
def check_end(s, d, k, out):
    ext = k[K_EXTENDED]
    if s[G_ROUND] != s[G_LAST_ROUND] or s[G_END_TRIGGER] != E_LAST_ROUND:
        out[E_NOT_LAST] += 1
    for p in range(s[G_PLAYERS]):
        b = _pb(p)
        total = 0
        for v in range(N_VP):
            total += s[b + P_VP_SRC + v]
        if total != s[b + P_VP]:
            out[E_SUM] += 1
        tiles = 0
        for i in range(s[b + P_ESTATE_N]):
            tiles += d[_side(s, d, s[b + P_ESTATE + i]) + S_VP]
        gentry = 0
        fair = 0
        for i in range(s[b + P_DECK_N]):
            c = s[b + P_DECK + i]
            if _card(d, c, C_CLASS) == CL_FAIRCHILD:
                fair += _card(d, c, C_VP)
            else:
                gentry += _card(d, c, C_VP)
        servants = 0
        for x in range(N_BOXES * N_SERV):
            servants += s[b + P_SERV + x]
        kept = 0
        for i in range(s[b + P_VPC_N]):
            kept += d[D_VPC + s[b + P_VPC + i] * VPC_STRIDE + V_VP]
        lvl = s[b + P_REP] // POSITIONS + 1
        expect = np.zeros(N_VP, np.int64)
        expect[V_TILES] = tiles
        expect[V_GENTRY] = gentry
        expect[V_FAIRCHILD] = fair
        expect[V_SERVANTS] = servants * k[K_SERVANT_VP]
        expect[V_WEALTH] = s[b + P_MONEY] // k[K_WEALTH]
        expect[V_VP_CARDS] = kept
        expect[V_REPUTATION] = d[D_REP_VP + ext * MAX_LEVELS + lvl - 1]
        for v in range(N_VP):
            if v != V_OBJECTIVES and s[b + P_VP_SRC + v] != expect[v]:
                out[E_SOURCE] += 1
        out[C0 + 6] += (s[G_FAIRCHILD] == p) + (s[G_FAIRCHILD + 1] == p)
        out[C0 + 4] += s[b + P_PASSES]
        out[C0 + 8] += s[b + P_HOSTED]
        out[C0 + 7] += s[b + P_BOUGHT]


@njit(cache=True)
def check_random_games(seed, first, n_games, n_players, d, k, max_steps, out):
    """Random legal play of games first..first+n_games-1, checking every invariant after every step."""
    mask = np.zeros(N_ACTIONS, np.uint8)
    servants0 = np.zeros(N_SERV, np.int64)
    tiles0 = np.zeros(MAX_INST, np.int64)
    for g in range(first, first + n_games):
        rng = np.zeros(N_STREAMS, np.uint64)
        seed_streams(seed, g, rng)
        s = np.zeros(STATE_SIZE, np.int32)
        init_state(s, d, k, n_players, rng)
        in_play = False  # servants and tiles are counted from round 1 on (families bring theirs at setup)
        host_lvl = 0
        host_tile = -1
        steps = 0
        while not is_terminal(s):
            if steps >= max_steps:
                out[E_STEPS] += 1
                break
            n_legal = legal_mask(s, d, k, mask)
            if n_legal == 0:
                out[E_NO_LEGAL] += 1
                break
            p = s[G_CUR]
            a = random_legal(mask, n_legal, rng, 1 + p)
            b = _pb(p)
            if s[G_PHASE] == PH_MAIN and A_HOST <= a < A_HOST + 32:
                host_tile = s[b + P_ESTATE + a - A_HOST]
                r = s[G_ROUND]
                national = (d[D_TRACK + k[K_EXTENDED] * (MAX_ROUNDS + 1) + r] >> EV_NATIONAL) & 1
                host_lvl = (s[G_MAX_REP] if national else s[b + P_REP]) // POSITIONS + 1
                tile_pr = d[D_KIND + d[D_INST_KIND + host_tile] * KIND_STRIDE + K_PR]
                if tile_pr > host_lvl:
                    out[E_TILE_LEVEL] += 1
                if national and tile_pr > s[b + P_REP] // POSITIONS + 1:
                    out[C0 + 5] += 1
            if s[G_PHASE] == PH_GUESTS and s[G_ACT_NEED] == 1:
                if s[G_ACT_LEVEL] != host_lvl:
                    out[E_GUEST_LEVEL] += 1
                brushing = (s[b + P_ABILITY] >> AB_BRUSHING) & 1
                check_activity(s, d, p, a - A_GUEST, host_tile, host_lvl, brushing, out)
            if s[G_PHASE] == PH_FINAL_VPC and a >= A_USE_VPC and a < A_USE_VPC + 16:
                out[C0 + 10] += 1
            step(s, d, k, a)
            steps += 1
            if not in_play and s[G_ROUND] >= 1:
                servant_totals(s, servants0)
                tiles0[:] = 0
                tiles_in_play(s, tiles0)
                in_play = True
            check_state(s, d, k, servants0, tiles0, in_play, out)
        if is_terminal(s):
            check_end(s, d, k, out)
        out[C0] += 1
        out[C0 + 1] += steps
