"""Yokohama's rules: the only definition of what is legal (legal_mask) and what happens (step).

State, data and params are flat int32 arrays (layout.py, tables.py, params.py). A turn is a chain of
small decisions; G_PHASE says which one is due:

    extra_before -> place -> move -> [area action: port | lab | agency | chinatown | church | customs]
                 -> [station] -> [bonus] -> [build] -> [recover] -> extra_after -> next seat
                             \\-> return -> recall -> extra_after

A foreign agent used in an extra phase runs the area action chain there and returns to that phase.
Phases whose only legal action is "done" are still phases: the engine applies a sole legal action
without asking the bot. Rule sources and every choice made where the seeds are silent: RULES.md.
"""

import numpy as np
from numba import njit

from sim.games.yokohama.actions import (
    A_ACHIEVE,
    A_AGENCY_DONE,
    A_BUILD_SHOP,
    A_BUILD_SKIP,
    A_BUILD_TH,
    A_BUY_TECH,
    A_CHURCH_AREA,
    A_CHURCH_DONE,
    A_CHURCH_HAND,
    A_CT_BUY,
    A_CT_BUY_IMPORT,
    A_CT_DONE,
    A_CT_SELL,
    A_CUSTOMS,
    A_CUSTOMS_DONE,
    A_DONATE,
    A_END_EXTRA,
    A_FULFIL,
    A_HIRE_ASSISTANT,
    A_HIRE_SHOP,
    A_HIRE_TH,
    A_KEEP_ONE,
    A_KEEP_ORDER,
    A_LAB_DONE,
    A_MOVE,
    A_PLACE,
    A_PLACE_DONE,
    A_PORT_DONE,
    A_RECALL,
    A_RECALL_DONE,
    A_RECOVER_ALL,
    A_RETURN,
    A_SKIP_CHIP,
    A_SPIN,
    A_STATION,
    A_TAKE_CHIP,
    A_TAKE_ORDER,
    A_TAKE_ORDER_IMPORT,
    A_TAKE_ORDER_YEN,
    A_UNIVERSITY,
    A_USE_AGENT,
    DON_GOODS,
    DON_IMPORT,
    DON_YEN,
    MAX_TECH_IMPORTS,
    N_DONATIONS,
)
from sim.games.yokohama.layout import (
    ACT_CHURCH,
    ACT_CUSTOMS,
    ACT_EXCHANGE,
    ACT_FISH,
    ACT_HIRE,
    ACT_ORDERS,
    ACT_TECHS,
    ACT_YEN,
    C_BUILDING_AREAS,
    C_CHIPS_AGENTS,
    C_CHURCH_CUSTOMS,
    C_COPPER_HELD,
    C_FISH_HELD,
    C_GOODS_SET,
    C_IMPORTS,
    C_ORDER_COUNTRIES,
    C_ORDERS,
    C_SHOPS,
    C_TECHS,
    C_TRADING_HOUSES,
    C_YEN,
    CAT_COMMERCIAL,
    CAT_PRODUCTION,
    DUMMY,
    E_CHURCH,
    E_CUSTOMS,
    E_PORT_EMPTY,
    E_SHOPS,
    E_TRADING_HOUSES,
    G_ACH,
    G_ACH_CLAIMED,
    G_ACT_AGENT,
    G_ACT_POS,
    G_ACT_POWER,
    G_ADJ,
    G_AGENT_SUPPLY,
    G_AGENT_USED,
    G_BOARDS,
    G_CHURCH,
    G_CUR,
    G_CUSTOMS,
    G_DONATED,
    G_END_TRIGGER,
    G_FAITH,
    G_IMPORT_SUPPLY,
    G_KEEP_SEAT,
    G_LAB_SLOTS,
    G_LAST_ROUND,
    G_LEFT,
    G_N_POS,
    G_ORDER_DECK,
    G_ORDER_END,
    G_ORDER_TOP,
    G_PHASE,
    G_PLACE_FIRST,
    G_PLACE_N,
    G_PLACE_STACKED,
    G_PLACED_BITS,
    G_PLAYER,
    G_PLAYERS,
    G_PORT_SLOTS,
    G_POSITION,
    G_RESUME,
    G_ROUND,
    G_SPIN_USED,
    G_STATION,
    G_SUB_LIMIT,
    G_SUB_N,
    G_SUPPLY,
    G_TECH_DECK,
    G_TECH_END,
    G_TECH_TOP,
    G_TURNS,
    G_UNIV_USED,
    HAND_SLOTS,
    K_CANAL,
    K_COPPER,
    K_DOCK,
    K_LAB,
    K_PORT,
    K_RESEARCH,
    MAX_CHURCH,
    MAX_CUSTOMS,
    MAX_PLAYERS,
    MAX_POS,
    MAX_SHOP_SPACES,
    N_ACHIEVEMENTS,
    N_COUNTRIES,
    N_GOODS,
    N_KINDS,
    N_SLOTS,
    N_TECHS,
    NONE,
    P_ACHIEVE_N,
    P_AGENTS,
    P_AGENTS_GAINED,
    P_ASSIST_HAND,
    P_ASSIST_WAREHOUSE,
    P_CHIPS,
    P_CHURCH_N,
    P_CUSTOMS_N,
    P_DEALT,
    P_FLAGS,
    P_GOODS,
    P_IMPORTS,
    P_INDUSTRY,
    P_MONEY,
    P_N_TECHS,
    P_ORDER_FLAGS,
    P_ORDERS_DONE,
    P_ORDERS_HAND,
    P_PRESIDENT,
    P_SHOPS_BUILT,
    P_SHOPS_HAND,
    P_SHOPS_WAREHOUSE,
    P_SIZE,
    P_TECHS,
    P_TH_BUILT,
    P_TH_HAND,
    P_TH_HIRED,
    P_TH_WAREHOUSE,
    P_VP,
    P_VP_SRC,
    PH_AGENCY,
    PH_BONUS,
    PH_BUILD,
    PH_CHINATOWN,
    PH_CHURCH,
    PH_CUSTOMS,
    PH_EXTRA_AFTER,
    PH_EXTRA_BEFORE,
    PH_GAME_OVER,
    PH_KEEP_ORDER,
    PH_LAB,
    PH_MOVE,
    PH_PLACE,
    PH_PORT,
    PH_RECALL,
    PH_RECOVER,
    PH_STATION,
    Q_ASSIST,
    Q_CHIP,
    Q_KIND,
    Q_LOCATION,
    Q_SHOP,
    Q_SIZE,
    Q_TH,
    R_IMPORTS,
    R_YEN,
    T_BALL,
    T_BRICKYARD,
    T_ELECTRIC,
    T_EXPOSITION,
    T_GASLIGHT,
    T_LANGUAGE,
    T_MINING,
    T_NEWSPAPER,
    T_PATENT,
    T_POSTAL,
    T_PRINTING,
    T_SPINNING,
    T_STAGECOACH,
    T_STATION,
    T_STOCK,
    T_TELEGRAM,
    T_TELEPHONE,
    T_TRAM,
    T_UNIVERSITY,
    T_WINERY,
    V_ACHIEVEMENTS,
    V_AGENTS,
    V_BUILDINGS,
    V_CHURCH,
    V_CHURCH_MAJ,
    V_CUSTOMS,
    V_CUSTOMS_MAJ,
    V_GOODS,
    V_IMPORTS,
    V_INDUSTRY_MAJ,
    V_MONEY,
    V_ORDERS,
    V_PORT,
    V_SETS,
    V_TECHS,
)
from sim.games.yokohama.params import (
    K_BALL_VP,
    K_BRICKYARD_VP,
    K_BUILD_POWER,
    K_CANAL_FEE,
    K_CHURCH_DONATION_YEN,
    K_CHURCH_EXACT,
    K_CHURCH_VP_1,
    K_CHURCH_VP_2,
    K_CT_GOOD_YEN,
    K_CT_IMPORT_YEN,
    K_CUSTOMS_VP_1,
    K_CUSTOMS_VP_2,
    K_DUMMY_CUSTOMS,
    K_DUMMY_FAITH,
    K_DUMMY_INDUSTRY_X2,
    K_ELECTRIC_VP,
    K_END_COUNT_2P,
    K_EXPOSITION_VP,
    K_FREE_TECHS,
    K_GASLIGHT_VP,
    K_GIVE_SEAT,
    K_GIVE_TECH,
    K_GOODS_PER_VP,
    K_HAND_LIMIT,
    K_INDUSTRY_VP_1,
    K_INDUSTRY_VP_2,
    K_INDUSTRY_YEN,
    K_LANGUAGE_YEN,
    K_MAX_POWER,
    K_NEWSPAPER_SPREAD,
    K_ORDERS_BOXED_2P,
    K_PATENT_VP,
    K_PLACE_SPREAD,
    K_PLACE_STACK,
    K_PORT5_VP,
    K_PRESIDENT_FEE,
    K_PRINTING_YEN,
    K_REMOVE_TECH,
    K_SECOND_ORDER_YEN,
    K_SELF_TRIGGER,
    K_SET_VP_2,
    K_SHOP_YEN,
    K_SOLE_BOTH,
    K_SPINNING_YEN,
    K_START_ASSIST_HAND,
    K_START_ASSIST_WAREHOUSE,
    K_START_GOODS,
    K_START_MONEY,
    K_START_SHOPS_HAND,
    K_START_SHOPS_WAREHOUSE,
    K_START_TH_WAREHOUSE,
    K_STOCK_FLOOR,
    K_SUPPLY_COPPER,
    K_SUPPLY_IMPORTS,
    K_TECH_FEE_YEN,
    K_TH_INCOME,
    K_TH_YEN,
    K_UNIVERSITY_YEN,
    K_VP_PER_AGENT,
    K_VP_PER_IMPORT,
    K_WINERY_VP,
    K_YEN_PER_VP,
)
from sim.games.yokohama.tables import (
    A_AMOUNT,
    A_AMOUNT2,
    A_CONDITION,
    A_PILE,
    A_VP_FIRST,
    A_VP_LATER,
    D_ACH,
    D_ACH_N,
    D_ADJ,
    D_AGENTS,
    D_AREA_ACTION,
    D_AREA_CATEGORY,
    D_AREA_COPIES,
    D_AREA_POWER,
    D_CHIP_AMOUNT,
    D_CHIP_N,
    D_CHIP_REWARD,
    D_CHURCH_FAITH,
    D_CHURCH_N,
    D_CHURCH_VP,
    D_CHURCH_YEN,
    D_CUSTOMS_IMPORTS,
    D_CUSTOMS_N,
    D_CUSTOMS_VP,
    D_CUSTOMS_YEN,
    D_LAB_EXTRA,
    D_LOC_N,
    D_LOC_REWARD,
    D_LOC_SHOPS,
    D_N_POS,
    D_ORDER,
    D_ORDER_N,
    D_PORT_TIER,
    D_TECH_COPIES,
    D_TECH_COUNTRY,
    D_TECH_INDUSTRY,
    LOC_SPACES,
    LOC_TH,
    MIN_PLAYERS,
    N_ACH_FIELDS,
    N_ORDER,
    N_POWER,
    N_REWARD,
    O_COUNTRY,
    O_GOODS,
    O_IMPORTS,
    O_VP,
    O_YEN,
    PILES,
    RW_GOODS,
    RW_IMPORTS,
    RW_VP,
    RW_WAREHOUSE,
    RW_YEN,
)
from sim.kernel_tools import rank_by_score_then_seat
from sim.rng import SETUP_STREAM, below, shuffle

N_PILES = len(PILES)
BUY_STRIDE = MAX_TECH_IMPORTS + 1
UNREACHABLE = 1 << 20


# ================================================================ addressing


@njit(cache=True)
def pb(p):
    """Offset of seat p's player block."""
    return G_PLAYER + p * P_SIZE


@njit(cache=True)
def qb(q):
    """Offset of position q's block."""
    return G_POSITION + q * Q_SIZE


@njit(cache=True)
def owns(s, p, tech):
    return (s[pb(p) + P_TECHS] >> tech) & 1


@njit(cache=True)
def kind_at(s, q):
    return s[qb(q) + Q_KIND]


@njit(cache=True)
def other_presidents(s, p, q):
    n = 0
    for o in range(s[G_PLAYERS]):
        if o != p and s[pb(o) + P_PRESIDENT] == q:
            n += 1
    return n


@njit(cache=True)
def power_at(s, k, p, q):
    """Power of seat p at position q: own assistants, president, shops, trading house, station; capped."""
    b = qb(q)
    pw = s[b + Q_ASSIST + p]
    if s[pb(p) + P_PRESIDENT] == q:
        pw += 1
    for i in range(MAX_SHOP_SPACES):
        if s[b + Q_SHOP + i] == p:
            pw += 1
    if s[b + Q_TH] == p:
        pw += 1
    if s[G_STATION] == q:
        pw += 1
    return min(pw, k[K_MAX_POWER])


@njit(cache=True)
def hand_orders(s, p):
    n = 0
    for i in range(HAND_SLOTS):
        if s[pb(p) + P_ORDERS_HAND + i] >= 0:
            n += 1
    return n


@njit(cache=True)
def order_board(s):
    """Board index (0 port, 1 dock) of the order area under way."""
    return 0 if kind_at(s, s[G_ACT_POS]) == K_PORT else 1


@njit(cache=True)
def tech_board(s):
    return 0 if kind_at(s, s[G_ACT_POS]) == K_LAB else 1


# ================================================================ gains and payments


@njit(cache=True)
def add_vp(s, p, source, n):
    b = pb(p)
    s[b + P_VP] += n
    s[b + P_VP_SRC + source] += n


@njit(cache=True)
def gain_goods(s, p, g, n):
    """Take up to n of good g from the supply. Mining Technology adds one copper to every gain of copper, a
    copper bought in Chinatown included (the English rulebook lists the mine, Chinatown, five-power tokens
    and building rewards)."""
    if n <= 0:
        return
    if g == K_COPPER and owns(s, p, T_MINING):
        n += 1
    n = min(n, s[G_SUPPLY + g])
    s[G_SUPPLY + g] -= n
    s[pb(p) + P_GOODS + g] += n


@njit(cache=True)
def pay_goods(s, p, g, n):
    s[pb(p) + P_GOODS + g] -= n
    s[G_SUPPLY + g] += n


@njit(cache=True)
def gain_imports(s, p, n):
    n = min(n, s[G_IMPORT_SUPPLY])
    s[G_IMPORT_SUPPLY] -= n
    s[pb(p) + P_IMPORTS] += n


@njit(cache=True)
def pay_imports(s, p, n):
    s[pb(p) + P_IMPORTS] -= n
    s[G_IMPORT_SUPPLY] += n


@njit(cache=True)
def from_warehouse(s, p, n):
    b = pb(p)
    n = min(n, s[b + P_ASSIST_WAREHOUSE])
    s[b + P_ASSIST_WAREHOUSE] -= n
    s[b + P_ASSIST_HAND] += n


@njit(cache=True)
def gain_flag(s, p, country):
    """The country check: the flag count reaching exactly 2, 4 or 6 gives that country's agent if one is left."""
    f = pb(p) + P_FLAGS + country
    s[f] += 1
    if (s[f] == 2 or s[f] == 4 or s[f] == 6) and s[G_AGENT_SUPPLY + country] > 0:
        s[G_AGENT_SUPPLY + country] -= 1
        s[pb(p) + P_AGENTS] += 1
        s[pb(p) + P_AGENTS_GAINED] += 1


@njit(cache=True)
def trigger_end(s, trigger):
    """The first trigger fixes the end: finish this round, then play one more."""
    if s[G_END_TRIGGER] == 0:
        s[G_END_TRIGGER] = trigger
        s[G_LAST_ROUND] = s[G_ROUND] + 1


@njit(cache=True)
def end_count(s, k):
    return k[K_END_COUNT_2P + s[G_PLAYERS] - MIN_PLAYERS]


@njit(cache=True)
def board_pieces(s, first, n):
    """Player pieces (not the dummy's) on a church or customs board."""
    c = 0
    for i in range(n):
        if 0 <= s[first + i] < DUMMY:
            c += 1
    return c


# ================================================================ setup


@njit(cache=True)
def init_state(s, d, k, n_players, rng):
    s[:] = 0
    c = n_players - MIN_PLAYERS
    n_pos = d[D_N_POS + c]
    s[G_PLAYERS] = n_players
    s[G_N_POS] = n_pos
    s[G_STATION] = NONE
    s[G_LAST_ROUND] = NONE
    s[G_LEFT] = NONE
    deal_board(s, d, c, n_pos, rng)
    for p in range(n_players):
        seat_player(s, k, p)
    for g in range(N_GOODS):
        s[G_SUPPLY + g] = k[K_SUPPLY_COPPER + g] - n_players * k[K_START_GOODS]
    s[G_IMPORT_SUPPLY] = k[K_SUPPLY_IMPORTS]
    for i in range(N_COUNTRIES):
        s[G_AGENT_SUPPLY + i] = d[D_AGENTS + i]
    deal_orders(s, d, k, n_players, rng)
    deal_techs(s, d, k, rng)
    deal_achievements(s, d, rng)
    for i in range(MAX_CHURCH):
        s[G_CHURCH + i] = NONE
    for i in range(MAX_CUSTOMS):
        s[G_CUSTOMS + i] = NONE
    if n_players == 2:
        seat_dummy(s, d, k)
    give_tech(s, d, k, rng)
    s[G_PHASE] = PH_KEEP_ORDER
    s[G_KEEP_SEAT] = 0
    s[G_CUR] = 0


@njit(cache=True)
def deal_board(s, d, c, n_pos, rng):
    """Area boards, location cards and five-power chips at random positions (no card or chip on the canal)."""
    kinds = np.empty(MAX_POS, np.int32)
    n = 0
    for kind in range(N_KINDS):
        for _ in range(d[D_AREA_COPIES + c * N_KINDS + kind]):
            kinds[n] = kind
            n += 1
    shuffle(kinds, 0, n, rng, SETUP_STREAM)
    locs = np.arange(d[D_LOC_N]).astype(np.int32)
    shuffle(locs, 0, locs.shape[0], rng, SETUP_STREAM)
    chips = np.arange(d[D_CHIP_N]).astype(np.int32)
    shuffle(chips, 0, chips.shape[0], rng, SETUP_STREAM)
    dealt = 0
    for q in range(MAX_POS):
        b = qb(q)
        s[b + Q_KIND] = kinds[q] if q < n_pos else NONE
        s[b + Q_LOCATION] = NONE
        s[b + Q_CHIP] = NONE
        for i in range(MAX_SHOP_SPACES):
            s[b + Q_SHOP + i] = NONE
        s[b + Q_TH] = NONE
        s[G_ADJ + q] = d[D_ADJ + c * MAX_POS + q] if q < n_pos else 0
        if q < n_pos and kinds[q] != K_CANAL:
            s[b + Q_LOCATION] = locs[dealt]
            s[b + Q_CHIP] = chips[dealt]
            dealt += 1
    boards = 0
    for q in range(n_pos):
        if kinds[q] == K_DOCK:
            boards |= 1
        if kinds[q] == K_RESEARCH:
            boards |= 2
    s[G_BOARDS] = boards


@njit(cache=True)
def seat_player(s, k, p):
    b = pb(p)
    s[b + P_MONEY] = k[K_START_MONEY + p]
    for g in range(N_GOODS):
        s[b + P_GOODS + g] = k[K_START_GOODS]
    s[b + P_ASSIST_HAND] = k[K_START_ASSIST_HAND]
    s[b + P_ASSIST_WAREHOUSE] = k[K_START_ASSIST_WAREHOUSE]
    s[b + P_SHOPS_HAND] = k[K_START_SHOPS_HAND]
    s[b + P_SHOPS_WAREHOUSE] = k[K_START_SHOPS_WAREHOUSE]
    s[b + P_TH_WAREHOUSE] = k[K_START_TH_WAREHOUSE]
    s[b + P_PRESIDENT] = NONE
    for i in range(HAND_SLOTS):
        s[b + P_ORDERS_HAND + i] = NONE


@njit(cache=True)
def deal_orders(s, d, k, n_players, rng):
    """Shuffle the orders, box some unseen, deal two to each seat (one is kept), fill the order boards."""
    n = d[D_ORDER_N]
    for i in range(n):
        s[G_ORDER_DECK + i] = i
    shuffle(s, G_ORDER_DECK, G_ORDER_DECK + n, rng, SETUP_STREAM)
    s[G_ORDER_TOP] = 0
    s[G_ORDER_END] = max(0, n - k[K_ORDERS_BOXED_2P + n_players - MIN_PLAYERS])
    for p in range(n_players):
        for i in range(2):
            s[pb(p) + P_DEALT + i] = draw_order(s)
    for board in range(2):
        for slot in range(N_SLOTS):
            in_play = board == 0 or (s[G_BOARDS] & 1)
            s[G_PORT_SLOTS + board * N_SLOTS + slot] = draw_order(s) if in_play else NONE


@njit(cache=True)
def draw_order(s):
    if s[G_ORDER_TOP] >= s[G_ORDER_END]:
        return NONE
    o = s[G_ORDER_DECK + s[G_ORDER_TOP]]
    s[G_ORDER_TOP] += 1
    return o


@njit(cache=True)
def deal_techs(s, d, k, rng):
    n = 0
    for t in range(N_TECHS):
        for _ in range(d[D_TECH_COPIES + t]):
            s[G_TECH_DECK + n] = t
            n += 1
    shuffle(s, G_TECH_DECK, G_TECH_DECK + n, rng, SETUP_STREAM)
    # Experiments take cards out after the shuffle, so every other card keeps its place in the deck order.
    n = take_from_deck(s, n, k[K_REMOVE_TECH] - 1, N_TECHS)
    n = take_from_deck(s, n, k[K_GIVE_TECH] - 1, 1)
    s[G_TECH_TOP] = 0
    s[G_TECH_END] = n
    for board in range(2):
        for slot in range(N_SLOTS):
            in_play = board == 0 or (s[G_BOARDS] & 2)
            s[G_LAB_SLOTS + board * N_SLOTS + slot] = draw_tech(s) if in_play else NONE


@njit(cache=True)
def take_from_deck(s, n, tech, copies):
    """Remove up to `copies` cards of `tech` (none when tech < 0) from the n-card tech deck, keeping the
    order of the rest; returns the new deck size."""
    if tech < 0:
        return n
    kept = 0
    for i in range(n):
        t = s[G_TECH_DECK + i]
        if t == tech and copies > 0:
            copies -= 1
            continue
        s[G_TECH_DECK + kept] = t
        kept += 1
    return kept


@njit(cache=True)
def give_tech(s, d, k, rng):
    """Experiment: seat experiment.give_tech_seat owns one copy of experiment.give_tech from the start, with
    what acquiring it gives (a given Station's token goes to a random area, drawn last in the setup)."""
    t = k[K_GIVE_TECH] - 1
    p = k[K_GIVE_SEAT]
    if t < 0 or p >= s[G_PLAYERS]:
        return
    acquire_tech(s, d, k, p, t)
    if t == T_STATION:
        q = below(rng, SETUP_STREAM, s[G_N_POS])
        while kind_at(s, q) == K_CANAL:
            q = below(rng, SETUP_STREAM, s[G_N_POS])
        s[G_STATION] = q


@njit(cache=True)
def draw_tech(s):
    if s[G_TECH_TOP] >= s[G_TECH_END]:
        return NONE
    t = s[G_TECH_DECK + s[G_TECH_TOP]]
    s[G_TECH_TOP] += 1
    return t


@njit(cache=True)
def deal_achievements(s, d, rng):
    """One random card of each pile A, B, C."""
    for pile in range(N_PILES):
        count = 0
        for i in range(d[D_ACH_N]):
            if d[D_ACH + i * N_ACH_FIELDS + A_PILE] == pile:
                count += 1
        pick = below(rng, SETUP_STREAM, count)
        for i in range(d[D_ACH_N]):
            if d[D_ACH + i * N_ACH_FIELDS + A_PILE] == pile:
                if pick == 0:
                    s[G_ACH + pile] = i
                pick -= 1
        s[G_ACH_CLAIMED + pile] = 0


@njit(cache=True)
def seat_dummy(s, d, k):
    """Two players: the dummy holds the church space of its faith and the first customs space of its imports."""
    for i in range(d[D_CHURCH_N]):
        if d[D_CHURCH_FAITH + i] == k[K_DUMMY_FAITH]:
            s[G_CHURCH + i] = DUMMY
            break
    for i in range(d[D_CUSTOMS_N]):
        if d[D_CUSTOMS_IMPORTS + i] == k[K_DUMMY_CUSTOMS]:
            s[G_CUSTOMS + i] = DUMMY
            break


# ================================================================ turn flow


@njit(cache=True)
def start_turn(s, k, p):
    s[G_CUR] = p
    s[G_TURNS] += 1
    s[G_PLACE_N] = 0
    s[G_PLACE_FIRST] = NONE
    s[G_PLACE_STACKED] = 0
    s[G_PLACED_BITS] = 0
    s[G_AGENT_USED] = 0
    s[G_SPIN_USED] = 0
    s[G_UNIV_USED] = 0
    s[G_LEFT] = NONE
    b = pb(p)
    if owns(s, p, T_STOCK) and s[b + P_MONEY] < k[K_STOCK_FLOOR]:
        s[b + P_MONEY] = k[K_STOCK_FLOOR]
    s[G_PHASE] = PH_EXTRA_BEFORE


@njit(cache=True)
def end_turn(s, d, k):
    nxt = s[G_CUR] + 1
    if nxt == s[G_PLAYERS]:
        nxt = 0
        s[G_ROUND] += 1
        if s[G_LAST_ROUND] >= 0 and s[G_ROUND] > s[G_LAST_ROUND]:
            final_scoring(s, d, k)
            s[G_PHASE] = PH_GAME_OVER
            return
    start_turn(s, k, nxt)


@njit(cache=True)
def current_player(s):
    return s[G_CUR]


@njit(cache=True)
def is_terminal(s):
    return s[G_PHASE] == PH_GAME_OVER


# ================================================================ placement


@njit(cache=True)
def placeable_bits(s, k, p):
    """Bit q set = seat p can put an assistant at q now: not the canal, an assistant in hand, and the yen
    for each other president there."""
    b = pb(p)
    if s[b + P_ASSIST_HAND] < 1:
        return 0
    at1 = 0  # positions with at least one, two, three other presidents
    at2 = 0
    at3 = 0
    for o in range(s[G_PLAYERS]):
        q = s[pb(o) + P_PRESIDENT]
        if o != p and q >= 0:
            bit = 1 << q
            at3 |= at2 & bit
            at2 |= at1 & bit
            at1 |= bit
    money = s[b + P_MONEY]
    fee = k[K_PRESIDENT_FEE]
    blocked = 0
    if money < fee:
        blocked |= at1
    if money < 2 * fee:
        blocked |= at2
    if money < 3 * fee:
        blocked |= at3
    bits = 0
    for q in range(s[G_N_POS]):
        if kind_at(s, q) != K_CANAL:
            bits |= 1 << q
    return bits & ~blocked


@njit(cache=True)
def open_bits(s, k, p):
    """Bit q set = seat p may place its next assistant of this turn at q: one each into up to 3 different
    areas (Newspaper 4), or 2 into one area and then, with Telegram, 1 into an adjacent area."""
    bits = placeable_bits(s, k, p)
    n = s[G_PLACE_N]
    if n == 0 or bits == 0:
        return bits
    first = s[G_PLACE_FIRST]
    stacked = s[G_PLACE_STACKED]
    if stacked == 1:
        if n < k[K_PLACE_STACK]:
            return bits & (1 << first)
        return bits & s[G_ADJ + first] if owns(s, p, T_TELEGRAM) else 0
    if stacked == 2:
        return 0
    allowed = 0
    if n == 1 and k[K_PLACE_STACK] >= 2:
        allowed |= 1 << first
    limit = k[K_NEWSPAPER_SPREAD] if owns(s, p, T_NEWSPAPER) else k[K_PLACE_SPREAD]
    if n < limit:
        allowed |= ~s[G_PLACED_BITS]
    return bits & allowed


@njit(cache=True)
def placement_open(s, k, p, q):
    """May seat p place its next assistant of this turn at q?"""
    return (open_bits(s, k, p) >> q) & 1 == 1


@njit(cache=True)
def place(s, k, p, q):
    b = pb(p)
    for o in range(s[G_PLAYERS]):
        if o != p and s[pb(o) + P_PRESIDENT] == q:
            s[b + P_MONEY] -= k[K_PRESIDENT_FEE]
            s[pb(o) + P_MONEY] += k[K_PRESIDENT_FEE]
    s[b + P_ASSIST_HAND] -= 1
    s[qb(q) + Q_ASSIST + p] += 1
    if s[G_PLACE_N] == 0:
        s[G_PLACE_FIRST] = q
    elif q == s[G_PLACE_FIRST] and s[G_PLACE_STACKED] == 0:
        s[G_PLACE_STACKED] = 1  # a second assistant into the same area: the stack
    elif q != s[G_PLACE_FIRST] and s[G_PLACE_STACKED] == 1:
        s[G_PLACE_STACKED] = 2  # Telegram's extra assistant next to the stack
    s[G_PLACE_N] += 1
    s[G_PLACED_BITS] |= 1 << q
    if open_bits(s, k, p) == 0:
        s[G_PHASE] = PH_MOVE


# ================================================================ movement


@njit(cache=True)
def pass_cost(s, k, p, q):
    """Yen to pass through q: the canal's fee, and 1 yen to each other president there unless Stagecoach."""
    cost = k[K_CANAL_FEE] if kind_at(s, q) == K_CANAL else 0
    if not owns(s, p, T_STAGECOACH):
        cost += k[K_PRESIDENT_FEE] * other_presidents(s, p, q)
    return cost


@njit(cache=True)
def stop_cost(s, k, p, q):
    """Yen to end the move at q, or -1 when the president may not stop there."""
    if kind_at(s, q) == K_CANAL or s[qb(q) + Q_ASSIST + p] < 1:
        return -1
    others = other_presidents(s, p, q)
    if others == 0:
        return 0
    if owns(s, p, T_POSTAL):
        return k[K_PRESIDENT_FEE] * others
    return -1


@njit(cache=True)
def move_costs(s, k, p, cost, via):
    """cost[q] = cheapest yen to move seat p's president to q (UNREACHABLE if it cannot end there);
    via[q] = previous position on the cheapest walk to q (-1 when none is walked). Walking: each step goes
    to an adjacent position holding an own assistant (or the canal), never back to the start. Tram and
    Station make cost[q] 0 but leave via alone: other walks pass through q and are paid along via."""
    n_pos = s[G_N_POS]
    start = s[pb(p) + P_PRESIDENT]
    for q in range(MAX_POS):
        cost[q] = UNREACHABLE
        via[q] = -1
    if start < 0:
        for q in range(n_pos):
            c = stop_cost(s, k, p, q)
            if c >= 0:
                cost[q] = c
    else:
        walk(s, k, p, start, cost, via)
    if owns(s, p, T_TRAM):
        for q in range(n_pos):
            if q != start and kind_at(s, q) != K_CANAL and other_presidents(s, p, q) == 0:
                cost[q] = 0
    st = s[G_STATION]
    if st >= 0 and st != start and owns(s, p, T_STATION):
        cost[st] = 0


@njit(cache=True)
def walk(s, k, p, start, cost, via):
    """Dijkstra over positions: arrive[q] = yen paid before reaching q; the stop cost is added at the end."""
    n_pos = s[G_N_POS]
    arrive = np.full(MAX_POS, UNREACHABLE, np.int64)
    done = np.zeros(MAX_POS, np.bool_)
    arrive[start] = 0
    for _ in range(n_pos):
        u = -1
        for q in range(n_pos):
            if not done[q] and arrive[q] < UNREACHABLE and (u < 0 or arrive[q] < arrive[u]):
                u = q
        if u < 0:
            break
        done[u] = True
        if u != start:
            c = stop_cost(s, k, p, u)
            if c >= 0:
                cost[u] = arrive[u] + c
        if u != start and s[qb(u) + Q_ASSIST + p] < 1 and kind_at(s, u) != K_CANAL:
            continue
        through = 0 if u == start else pass_cost(s, k, p, u)
        adj = s[G_ADJ + u]
        for v in range(n_pos):
            if (adj >> v) & 1 == 0 or v == start or done[v]:
                continue
            if s[qb(v) + Q_ASSIST + p] < 1 and kind_at(s, v) != K_CANAL:
                continue
            if arrive[u] + through < arrive[v]:
                arrive[v] = arrive[u] + through
                via[v] = u


@njit(cache=True)
def pay_president_owners(s, k, p, q):
    fee = k[K_PRESIDENT_FEE]
    for o in range(s[G_PLAYERS]):
        if o != p and s[pb(o) + P_PRESIDENT] == q:
            s[pb(p) + P_MONEY] -= fee
            s[pb(o) + P_MONEY] += fee


@njit(cache=True)
def move_president(s, d, k, p, q):
    cost = np.empty(MAX_POS, np.int64)
    via = np.empty(MAX_POS, np.int64)
    move_costs(s, k, p, cost, via)
    if cost[q] > 0:
        if stop_cost(s, k, p, q) > 0:
            pay_president_owners(s, k, p, q)
        u = via[q]
        while u >= 0 and u != s[pb(p) + P_PRESIDENT]:
            if kind_at(s, u) == K_CANAL:
                s[pb(p) + P_MONEY] -= k[K_CANAL_FEE]
            if not owns(s, p, T_STAGECOACH):
                pay_president_owners(s, k, p, u)
            u = via[u]
    s[G_LEFT] = s[pb(p) + P_PRESIDENT]
    s[pb(p) + P_PRESIDENT] = q
    begin_action(s, d, k, p, q, 0)


# ================================================================ the area action (steps 3-6)


@njit(cache=True)
def begin_action(s, d, k, p, q, by_agent):
    pw = power_at(s, k, p, q)
    s[G_ACT_POS] = q
    s[G_ACT_POWER] = pw
    s[G_ACT_AGENT] = by_agent
    s[G_SUB_N] = 0
    th = s[qb(q) + Q_TH]
    if th >= 0 and th != p:
        s[pb(th) + P_MONEY] += k[K_TH_INCOME]
    kind = kind_at(s, q)
    act = d[D_AREA_ACTION + kind]
    amount = d[D_AREA_POWER + kind * N_POWER + pw - 1]
    s[G_SUB_LIMIT] = amount
    if act <= ACT_FISH:
        gain_goods(s, p, act, amount)
        after_action(s, d, k)
    elif act == ACT_YEN:
        s[pb(p) + P_MONEY] += amount
        after_action(s, d, k)
    elif act == ACT_ORDERS:
        if pw >= 5:
            add_vp(s, p, V_PORT, k[K_PORT5_VP])
        s[G_PHASE] = PH_PORT
    elif act == ACT_TECHS:
        s[G_PHASE] = PH_LAB
    elif act == ACT_HIRE:
        s[G_PHASE] = PH_AGENCY
    elif act == ACT_EXCHANGE:
        s[G_PHASE] = PH_CHINATOWN
    elif act == ACT_CHURCH:
        s[G_FAITH] = amount
        s[G_DONATED] = 0
        s[G_PHASE] = PH_CHURCH
    elif act == ACT_CUSTOMS:
        s[G_PHASE] = PH_CUSTOMS
    else:
        after_action(s, d, k)


@njit(cache=True)
def after_action(s, d, k):
    """Step 4: the five-power chip, when the action had power 5 and the chip is still there."""
    if s[G_ACT_POWER] >= 5 and s[qb(s[G_ACT_POS]) + Q_CHIP] >= 0:
        s[G_PHASE] = PH_BONUS
    else:
        go_build(s, d, k)


@njit(cache=True)
def go_build(s, d, k):
    """Step 5: building, at power 4 or more, when a shop or trading house can be built."""
    p = s[G_CUR]
    q = s[G_ACT_POS]
    if s[G_ACT_POWER] >= k[K_BUILD_POWER] and (can_build_th(s, p, q) or shop_space_free(s, d, p, q) >= 0):
        s[G_PHASE] = PH_BUILD
    else:
        go_recover(s, k)


@njit(cache=True)
def go_recover(s, k):
    """Step 6: own assistants return from the acted area (Telephone may leave one)."""
    p = s[G_CUR]
    if owns(s, p, T_TELEPHONE) and s[qb(s[G_ACT_POS]) + Q_ASSIST + p] >= 1:
        s[G_PHASE] = PH_RECOVER
    else:
        recover(s, p, 0)


@njit(cache=True)
def recover(s, p, keep):
    a = qb(s[G_ACT_POS]) + Q_ASSIST + p
    back = max(0, s[a] - keep)
    s[a] -= back
    s[pb(p) + P_ASSIST_HAND] += back
    s[G_PHASE] = s[G_RESUME] if s[G_ACT_AGENT] else PH_EXTRA_AFTER


# ---------------------------------------------------------------- port and dock


@njit(cache=True)
def order_slot_open(s, d, k, p, slot):
    o = s[G_PORT_SLOTS + order_board(s) * N_SLOTS + slot]
    return o >= 0 and d[D_PORT_TIER + slot] <= s[G_SUB_LIMIT] and hand_orders(s, p) < k[K_HAND_LIMIT]


@njit(cache=True)
def take_order(s, p, slot):
    i = G_PORT_SLOTS + order_board(s) * N_SLOTS + slot
    for h in range(HAND_SLOTS):
        if s[pb(p) + P_ORDERS_HAND + h] < 0:
            s[pb(p) + P_ORDERS_HAND + h] = s[i]
            break
    s[i] = NONE
    s[G_SUB_N] += 1


@njit(cache=True)
def end_port(s, d, k):
    """The cards left move to the left, the empty slots are refilled from the deck (English rulebook,
    Replenishing Cards); a slot still empty afterwards triggers the end."""
    first = G_PORT_SLOTS + order_board(s) * N_SLOTS
    kept = 0
    for slot in range(N_SLOTS):
        o = s[first + slot]
        if o >= 0:
            s[first + kept] = o
            kept += 1
    for slot in range(kept, N_SLOTS):
        s[first + slot] = draw_order(s)
        if s[first + slot] < 0:
            trigger_end(s, E_PORT_EMPTY)
    after_action(s, d, k)


# ---------------------------------------------------------------- laboratories A and B


@njit(cache=True)
def tech_payment(s, d, k, p, slot, imports):
    """Yen due to buy the tech in `slot` paying `imports` imports, or -1 if that purchase is not legal.
    Each missing industry point and the fee for the 4th+ tech cost yen or one import; imports pay the
    fee first."""
    t = s[G_LAB_SLOTS + tech_board(s) * N_SLOTS + slot]
    b = pb(p)
    if t < 0 or owns(s, p, t) or imports > s[b + P_IMPORTS]:
        return -1
    need = max(0, d[D_TECH_INDUSTRY + t] + d[D_LAB_EXTRA + slot] - s[G_SUB_LIMIT])
    fee = 1 if s[b + P_N_TECHS] >= k[K_FREE_TECHS] else 0
    if imports > need + fee:
        return -1
    fee_by_import = min(imports, fee)
    yen = k[K_TECH_FEE_YEN] * (fee - fee_by_import) + k[K_INDUSTRY_YEN] * (need - (imports - fee_by_import))
    return yen if yen <= s[b + P_MONEY] else -1


@njit(cache=True)
def buy_tech(s, d, k, p, slot, imports):
    first = G_LAB_SLOTS + tech_board(s) * N_SLOTS
    t = s[first + slot]
    s[pb(p) + P_MONEY] -= tech_payment(s, d, k, p, slot, imports)
    pay_imports(s, p, imports)
    for i in range(slot, N_SLOTS - 1):
        s[first + i] = s[first + i + 1]
    s[first + N_SLOTS - 1] = draw_tech(s)
    acquire_tech(s, d, k, p, t)
    if t == T_STATION:
        s[G_PHASE] = PH_STATION
    else:
        after_action(s, d, k)


@njit(cache=True)
def acquire_tech(s, d, k, p, t):
    b = pb(p)
    s[b + P_TECHS] |= 1 << t
    s[b + P_N_TECHS] += 1
    s[b + P_INDUSTRY] += d[D_TECH_INDUSTRY + t]
    gain_flag(s, p, d[D_TECH_COUNTRY + t])
    if t == T_EXPOSITION:
        add_vp(s, p, V_TECHS, k[K_EXPOSITION_VP])
    if owns(s, p, T_PRINTING) and (t != T_PRINTING or k[K_SELF_TRIGGER]):
        s[b + P_MONEY] += k[K_PRINTING_YEN]
    if owns(s, p, T_PATENT) and (t != T_PATENT or k[K_SELF_TRIGGER]):
        add_vp(s, p, V_TECHS, k[K_PATENT_VP])


# ---------------------------------------------------------------- employment agency and Chinatown


@njit(cache=True)
def trading_house_price(s, k, p):
    return k[K_TH_YEN + min(s[pb(p) + P_TH_HIRED], 3)]


@njit(cache=True)
def hire_legal(s, k, p, what):
    b = pb(p)
    if s[G_SUB_N] >= s[G_SUB_LIMIT]:
        return False
    if what == 0:
        return s[b + P_ASSIST_WAREHOUSE] >= 1
    if what == 1:
        return s[b + P_SHOPS_WAREHOUSE] >= 1 and s[b + P_MONEY] >= k[K_SHOP_YEN]
    return s[b + P_TH_WAREHOUSE] >= 1 and s[b + P_MONEY] >= trading_house_price(s, k, p)


@njit(cache=True)
def hire(s, d, k, p, what):
    b = pb(p)
    if what == 0:
        s[b + P_ASSIST_WAREHOUSE] -= 1
        s[b + P_ASSIST_HAND] += 1
    elif what == 1:
        s[b + P_MONEY] -= k[K_SHOP_YEN]
        s[b + P_SHOPS_WAREHOUSE] -= 1
        s[b + P_SHOPS_HAND] += 1
    else:
        s[b + P_MONEY] -= trading_house_price(s, k, p)
        s[b + P_TH_HIRED] += 1
        s[b + P_TH_WAREHOUSE] -= 1
        s[b + P_TH_HAND] += 1
    s[G_SUB_N] += 1
    if s[G_SUB_N] >= s[G_SUB_LIMIT]:
        after_action(s, d, k)


@njit(cache=True)
def exchange_legal(s, k, p, action):
    b = pb(p)
    if s[G_SUB_N] >= s[G_SUB_LIMIT]:
        return False
    if action == A_CT_BUY_IMPORT:
        return s[b + P_MONEY] >= k[K_CT_IMPORT_YEN] and s[G_IMPORT_SUPPLY] >= 1
    if action < A_CT_BUY:
        return s[b + P_GOODS + action - A_CT_SELL] >= 1
    g = action - A_CT_BUY
    return s[b + P_MONEY] >= k[K_CT_GOOD_YEN + g] and s[G_SUPPLY + g] >= 1


@njit(cache=True)
def exchange(s, d, k, p, action):
    """One Chinatown exchange at the printed rates (a copper bought here is a copper gained: Mining applies)."""
    b = pb(p)
    if action == A_CT_BUY_IMPORT:
        s[b + P_MONEY] -= k[K_CT_IMPORT_YEN]
        gain_imports(s, p, 1)
    elif action < A_CT_BUY:
        g = action - A_CT_SELL
        pay_goods(s, p, g, 1)
        s[b + P_MONEY] += k[K_CT_GOOD_YEN + g]
    else:
        g = action - A_CT_BUY
        s[b + P_MONEY] -= k[K_CT_GOOD_YEN + g]
        gain_goods(s, p, g, 1)
    s[G_SUB_N] += 1
    if s[G_SUB_N] >= s[G_SUB_LIMIT]:
        after_action(s, d, k)


# ---------------------------------------------------------------- church and customs


@njit(cache=True)
def church_space(s, d, k):
    """The church space the assistant goes onto, or -1: the free space of the highest faith at most the faith
    reached, the excess being lost (English rulebook); with church.exact_space, only the space of exactly
    that faith."""
    found = -1
    for i in range(d[D_CHURCH_N]):
        f = d[D_CHURCH_FAITH + i]
        if f > s[G_FAITH] or (k[K_CHURCH_EXACT] and f != s[G_FAITH]):
            continue
        if s[G_CHURCH + i] == NONE:
            found = i
    return found


@njit(cache=True)
def donation_legal(s, d, k, p, kind):
    b = pb(p)
    if (s[G_DONATED] >> kind) & 1 or s[G_FAITH] >= d[D_CHURCH_FAITH + d[D_CHURCH_N] - 1]:
        return False
    if kind == DON_YEN:
        return s[b + P_MONEY] >= k[K_CHURCH_DONATION_YEN]
    if kind == DON_IMPORT:
        return s[b + P_IMPORTS] >= 1
    return s[b + P_GOODS + kind - DON_GOODS] >= 1


@njit(cache=True)
def donate(s, k, p, kind):
    if kind == DON_YEN:
        s[pb(p) + P_MONEY] -= k[K_CHURCH_DONATION_YEN]
    elif kind == DON_IMPORT:
        pay_imports(s, p, 1)
    else:
        pay_goods(s, p, kind - DON_GOODS, 1)
    s[G_DONATED] |= 1 << kind
    s[G_FAITH] += 1


@njit(cache=True)
def piece_source_legal(s, p, from_area):
    if from_area:
        return s[qb(s[G_ACT_POS]) + Q_ASSIST + p] >= 1
    return s[pb(p) + P_ASSIST_HAND] >= 1


@njit(cache=True)
def take_piece(s, p, from_area):
    if from_area:
        s[qb(s[G_ACT_POS]) + Q_ASSIST + p] -= 1
    else:
        s[pb(p) + P_ASSIST_HAND] -= 1


@njit(cache=True)
def place_in_church(s, d, k, p, from_area):
    i = church_space(s, d, k)
    take_piece(s, p, from_area)
    s[G_CHURCH + i] = p
    b = pb(p)
    s[b + P_CHURCH_N] += 1
    add_vp(s, p, V_CHURCH, d[D_CHURCH_VP + i])
    s[b + P_MONEY] += d[D_CHURCH_YEN + i]
    if owns(s, p, T_WINERY):
        add_vp(s, p, V_CHURCH, k[K_WINERY_VP])
    if board_pieces(s, G_CHURCH, d[D_CHURCH_N]) >= end_count(s, k):
        trigger_end(s, E_CHURCH)
    after_action(s, d, k)


@njit(cache=True)
def customs_legal(s, d, p, space, from_area):
    if space >= d[D_CUSTOMS_N] or s[G_CUSTOMS + space] != NONE:
        return False
    need = d[D_CUSTOMS_IMPORTS + space]
    return need <= s[G_SUB_LIMIT] and s[pb(p) + P_IMPORTS] >= need and piece_source_legal(s, p, from_area)


@njit(cache=True)
def place_in_customs(s, d, k, p, space, from_area):
    take_piece(s, p, from_area)
    pay_imports(s, p, d[D_CUSTOMS_IMPORTS + space])
    s[G_CUSTOMS + space] = p
    b = pb(p)
    s[b + P_CUSTOMS_N] += 1
    add_vp(s, p, V_CUSTOMS, d[D_CUSTOMS_VP + space])
    s[b + P_MONEY] += d[D_CUSTOMS_YEN + space]
    if owns(s, p, T_BRICKYARD):
        add_vp(s, p, V_CUSTOMS, k[K_BRICKYARD_VP])
    if board_pieces(s, G_CUSTOMS, d[D_CUSTOMS_N]) >= end_count(s, k):
        trigger_end(s, E_CUSTOMS)
    after_action(s, d, k)


# ---------------------------------------------------------------- five-power chip and building


@njit(cache=True)
def take_chip(s, d, k, p):
    q = s[G_ACT_POS]
    chip = s[qb(q) + Q_CHIP]
    reward = d[D_CHIP_REWARD + chip]
    amount = d[D_CHIP_AMOUNT + chip]
    if reward == R_YEN:
        s[pb(p) + P_MONEY] += amount
    elif reward == R_IMPORTS:
        gain_imports(s, p, amount)
    else:
        gain_goods(s, p, reward - 1, amount)
    s[qb(q) + Q_CHIP] = NONE
    s[pb(p) + P_CHIPS] += 1


@njit(cache=True)
def shop_space_free(s, d, p, q):
    """A free shop space of q's location card for seat p (-1 if none, or p already has a shop there)."""
    loc = s[qb(q) + Q_LOCATION]
    if loc < 0 or s[pb(p) + P_SHOPS_HAND] < 1:
        return -1
    free = -1
    for i in range(d[D_LOC_SHOPS + loc]):
        owner = s[qb(q) + Q_SHOP + i]
        if owner == p:
            return -1
        if owner == NONE and free < 0:
            free = i
    return free


@njit(cache=True)
def shop_legal(s, d, p, q, space):
    loc = s[qb(q) + Q_LOCATION]
    return shop_space_free(s, d, p, q) >= 0 and space < d[D_LOC_SHOPS + loc] and s[qb(q) + Q_SHOP + space] == NONE


@njit(cache=True)
def can_build_th(s, p, q):
    return s[qb(q) + Q_LOCATION] >= 0 and s[qb(q) + Q_TH] == NONE and s[pb(p) + P_TH_HAND] >= 1


@njit(cache=True)
def gain_location_reward(s, d, p, loc, space):
    base = D_LOC_REWARD + (loc * LOC_SPACES + space) * N_REWARD
    add_vp(s, p, V_BUILDINGS, d[base + RW_VP])
    s[pb(p) + P_MONEY] += d[base + RW_YEN]
    for g in range(N_GOODS):
        gain_goods(s, p, g, d[base + RW_GOODS + g])
    gain_imports(s, p, d[base + RW_IMPORTS])
    from_warehouse(s, p, d[base + RW_WAREHOUSE])


@njit(cache=True)
def build(s, d, k, p, space):
    """Build a shop on `space`, or the trading house when space == LOC_TH; take the printed reward."""
    q = s[G_ACT_POS]
    b = pb(p)
    if space == LOC_TH:
        s[qb(q) + Q_TH] = p
        s[b + P_TH_HAND] -= 1
        s[b + P_TH_BUILT] += 1
        if owns(s, p, T_ELECTRIC):
            add_vp(s, p, V_BUILDINGS, k[K_ELECTRIC_VP])
        if s[b + P_TH_BUILT] >= k[K_START_TH_WAREHOUSE]:
            trigger_end(s, E_TRADING_HOUSES)
    else:
        s[qb(q) + Q_SHOP + space] = p
        s[b + P_SHOPS_HAND] -= 1
        s[b + P_SHOPS_BUILT] += 1
        if owns(s, p, T_GASLIGHT):
            add_vp(s, p, V_BUILDINGS, k[K_GASLIGHT_VP])
        if s[b + P_SHOPS_BUILT] >= k[K_START_SHOPS_HAND] + k[K_START_SHOPS_WAREHOUSE]:
            trigger_end(s, E_SHOPS)
    gain_location_reward(s, d, p, s[qb(q) + Q_LOCATION], space)


# ================================================================ the extra-action phases


@njit(cache=True)
def agent_legal(s, p, q):
    b = pb(p)
    if s[b + P_AGENTS] < 1 or s[G_AGENT_USED] or q >= s[G_N_POS] or kind_at(s, q) == K_CANAL:
        return False
    return s[qb(q) + Q_ASSIST + p] >= 1 and s[b + P_PRESIDENT] != q


@njit(cache=True)
def achievement_met(s, d, p, i):
    card = s[G_ACH + i]
    if (s[G_ACH_CLAIMED + i] >> p) & 1 or s[pb(p) + P_ASSIST_HAND] < 1:
        return False
    base = D_ACH + card * N_ACH_FIELDS
    cond = d[base + A_CONDITION]
    need = d[base + A_AMOUNT]
    b = pb(p)
    if cond == C_GOODS_SET:
        for g in range(N_GOODS):  # noqa: SIM110 (numba compiles no all() over a generator)
            if s[b + P_GOODS + g] < need:
                return False
        return True
    if cond == C_TECHS:
        return s[b + P_N_TECHS] >= need
    if cond == C_ORDERS:
        return s[b + P_ORDERS_DONE] >= need
    if cond == C_SHOPS:
        return s[b + P_SHOPS_BUILT] >= need
    if cond == C_YEN:
        return s[b + P_MONEY] >= need
    if cond == C_TRADING_HOUSES:
        return s[b + P_TH_BUILT] >= need
    if cond == C_CHURCH_CUSTOMS:
        return s[b + P_CHURCH_N] >= 1 and s[b + P_CUSTOMS_N] >= 1
    if cond == C_IMPORTS:
        return s[b + P_IMPORTS] >= need
    if cond == C_ORDER_COUNTRIES:
        countries = 0
        for c in range(N_COUNTRIES):
            if s[b + P_ORDER_FLAGS + c] > 0:
                countries += 1
        return countries >= need
    if C_COPPER_HELD <= cond <= C_FISH_HELD:
        return s[b + P_GOODS + cond - C_COPPER_HELD] >= need
    if cond == C_CHIPS_AGENTS:
        return s[b + P_CHIPS] + s[b + P_AGENTS_GAINED] >= need
    if cond == C_BUILDING_AREAS:
        return (building_areas(s, d, p, CAT_PRODUCTION) >= need
                and building_areas(s, d, p, CAT_COMMERCIAL) >= d[base + A_AMOUNT2])  # fmt: skip
    return False


@njit(cache=True)
def building_areas(s, d, p, category):
    """Areas of a category where seat p has a shop or a trading house; an area with several of them counts
    once (English rulebook, Achievement Cards C)."""
    n = 0
    for q in range(s[G_N_POS]):
        if d[D_AREA_CATEGORY + kind_at(s, q)] != category:
            continue
        built = s[qb(q) + Q_TH] == p
        for i in range(MAX_SHOP_SPACES):
            built = built or s[qb(q) + Q_SHOP + i] == p
        if built:
            n += 1
    return n


@njit(cache=True)
def claim_achievement(s, d, p, i):
    base = D_ACH + s[G_ACH + i] * N_ACH_FIELDS
    vp = d[base + A_VP_FIRST] if s[G_ACH_CLAIMED + i] == 0 else d[base + A_VP_LATER]
    s[G_ACH_CLAIMED + i] |= 1 << p
    s[pb(p) + P_ASSIST_HAND] -= 1
    s[pb(p) + P_ACHIEVE_N] += 1
    add_vp(s, p, V_ACHIEVEMENTS, vp)


@njit(cache=True)
def order_payable(s, d, p, slot):
    o = s[pb(p) + P_ORDERS_HAND + slot]
    if o < 0:
        return False
    for g in range(N_GOODS):  # noqa: SIM110 (numba compiles no all() over a generator)
        if s[pb(p) + P_GOODS + g] < d[D_ORDER + o * N_ORDER + O_GOODS + g]:
            return False
    return True


@njit(cache=True)
def fulfil_order(s, d, k, p, slot):
    b = pb(p)
    o = s[b + P_ORDERS_HAND + slot]
    base = D_ORDER + o * N_ORDER
    for g in range(N_GOODS):
        pay_goods(s, p, g, d[base + O_GOODS + g])
    s[b + P_ORDERS_HAND + slot] = NONE
    s[b + P_ORDERS_DONE] += 1
    add_vp(s, p, V_ORDERS, d[base + O_VP])
    gain_imports(s, p, d[base + O_IMPORTS])
    s[b + P_MONEY] += d[base + O_YEN]
    if owns(s, p, T_BALL):
        add_vp(s, p, V_ORDERS, k[K_BALL_VP])
    if owns(s, p, T_LANGUAGE):
        s[b + P_MONEY] += k[K_LANGUAGE_YEN]
    country = d[base + O_COUNTRY]
    s[b + P_ORDER_FLAGS + country] += 1
    gain_flag(s, p, country)


# ================================================================ final scoring


@njit(cache=True)
def final_scoring(s, d, k):
    n = s[G_PLAYERS]
    count = np.zeros(MAX_PLAYERS + 1, np.int64)  # seats, then the dummy
    best = np.zeros(MAX_PLAYERS + 1, np.int64)
    # church and customs: more pieces first, ties to the right-most space
    for board in range(2):
        first = G_CHURCH if board == 0 else G_CUSTOMS
        spaces = d[D_CHURCH_N] if board == 0 else d[D_CUSTOMS_N]
        count[:] = 0
        best[:] = 0
        for i in range(spaces):
            owner = s[first + i]
            if owner >= 0:
                count[owner] += 1
                best[owner] = i + 1
        key = count * 100 + best
        if board == 0:
            award_majority(s, k, n, key, k[K_CHURCH_VP_1], k[K_CHURCH_VP_2], V_CHURCH_MAJ)
        else:
            award_majority(s, k, n, key, k[K_CUSTOMS_VP_1], k[K_CUSTOMS_VP_2], V_CUSTOMS_MAJ)
    # industry, doubled to hold the dummy's 7.5; among equal industry the seat nearer the start player wins
    key = np.zeros(MAX_PLAYERS + 1, np.int64)
    for p in range(n):
        industry = s[pb(p) + P_INDUSTRY]
        key[p] = 2 * industry * 8 + (MAX_PLAYERS - p) if industry > 0 else 0
    key[MAX_PLAYERS] = k[K_DUMMY_INDUSTRY_X2] * 8 if n == 2 else 0
    award_majority(s, k, n, key, k[K_INDUSTRY_VP_1], k[K_INDUSTRY_VP_2], V_INDUSTRY_MAJ)
    for p in range(n):
        b = pb(p)
        add_vp(s, p, V_SETS, country_sets(s, k, p))
        add_vp(s, p, V_AGENTS, k[K_VP_PER_AGENT] * s[b + P_AGENTS])
        add_vp(s, p, V_IMPORTS, k[K_VP_PER_IMPORT] * s[b + P_IMPORTS])
        add_vp(s, p, V_MONEY, s[b + P_MONEY] // k[K_YEN_PER_VP])
        goods = 0
        for g in range(N_GOODS):
            goods += s[b + P_GOODS + g]
        add_vp(s, p, V_GOODS, goods // k[K_GOODS_PER_VP])


@njit(cache=True)
def award_majority(s, k, n, key, vp_first, vp_second, source):
    """First and second place by key (0 = not competing); index MAX_PLAYERS is the 2-player dummy."""
    first = -1
    second = -1
    for o in range(MAX_PLAYERS + 1):
        if key[o] <= 0 or (o < MAX_PLAYERS and o >= n):
            continue
        if first < 0 or key[o] > key[first]:
            second = first
            first = o
        elif second < 0 or key[o] > key[second]:
            second = o
    if 0 <= first < MAX_PLAYERS:
        add_vp(s, first, source, vp_first)
        if second < 0 and k[K_SOLE_BOTH]:
            add_vp(s, first, source, vp_second)
    if 0 <= second < MAX_PLAYERS:
        add_vp(s, second, source, vp_second)


@njit(cache=True)
def country_sets(s, k, p):
    """Best partition of flags into sets of different countries. Taking one of every country present,
    again and again, is optimal: the set values 0,2,4,8,12 are convex in the set size (RULES.md)."""
    counts = np.zeros(N_COUNTRIES, np.int64)
    for c in range(N_COUNTRIES):
        counts[c] = s[pb(p) + P_FLAGS + c]
    vp = 0
    while True:
        size = 0
        for c in range(N_COUNTRIES):
            if counts[c] > 0:
                counts[c] -= 1
                size += 1
        if size < 2:
            return vp
        vp += k[K_SET_VP_2 + size - 2]


@njit(cache=True)
def final_scores(s, d, k, scores, ranks):
    """Final VP per seat and ranks (ties to the seat nearest the start player); returns the winner."""
    n = s[G_PLAYERS]
    for p in range(n):
        scores[p] = s[pb(p) + P_VP]
    return rank_by_score_then_seat(scores, n, ranks)


# ================================================================ the contract: legal_mask and step


@njit(cache=True)
def legal_mask(s, d, k, mask):
    """mask[a] = 1 for every legal action; returns how many there are."""
    mask[:] = 0
    phase = s[G_PHASE]
    p = s[G_CUR]
    b = pb(p)
    n_pos = s[G_N_POS]
    if phase == PH_EXTRA_BEFORE or phase == PH_EXTRA_AFTER:
        mask[A_END_EXTRA] = 1
        for q in range(n_pos):
            if agent_legal(s, p, q):
                mask[A_USE_AGENT + q] = 1
        for i in range(N_ACHIEVEMENTS):
            if achievement_met(s, d, p, i):
                mask[A_ACHIEVE + i] = 1
        for i in range(HAND_SLOTS):
            if order_payable(s, d, p, i):
                mask[A_FULFIL + i] = 1
        if owns(s, p, T_SPINNING) and not s[G_SPIN_USED] and s[b + P_GOODS + 1] >= 1:
            mask[A_SPIN] = 1
        if (owns(s, p, T_UNIVERSITY) and not s[G_UNIV_USED] and s[b + P_MONEY] >= k[K_UNIVERSITY_YEN]
                and s[b + P_ASSIST_WAREHOUSE] >= 1):  # fmt: skip
            mask[A_UNIVERSITY] = 1
    elif phase == PH_PLACE:
        mask[A_PLACE_DONE] = 1
        bits = open_bits(s, k, p)
        for q in range(n_pos):
            mask[A_PLACE + q] = (bits >> q) & 1
    elif phase == PH_MOVE:
        mask[A_RETURN] = 1
        cost = np.empty(MAX_POS, np.int64)
        via = np.empty(MAX_POS, np.int64)
        move_costs(s, k, p, cost, via)
        for q in range(n_pos):
            if cost[q] <= s[b + P_MONEY]:
                mask[A_MOVE + q] = 1
    elif phase == PH_RECALL:
        mask[A_RECALL_DONE] = 1
        for q in range(n_pos):
            if s[qb(q) + Q_ASSIST + p] >= 1:
                mask[A_RECALL + q] = 1
    elif phase == PH_PORT:
        mask[A_PORT_DONE] = 1
        for slot in range(N_SLOTS):
            if order_slot_open(s, d, k, p, slot):
                if s[G_SUB_N] == 0:
                    mask[A_TAKE_ORDER + slot] = 1
                else:
                    mask[A_TAKE_ORDER_YEN + slot] = s[b + P_MONEY] >= k[K_SECOND_ORDER_YEN]
                    mask[A_TAKE_ORDER_IMPORT + slot] = s[b + P_IMPORTS] >= 1
    elif phase == PH_LAB:
        mask[A_LAB_DONE] = 1
        for slot in range(N_SLOTS):
            for m in range(MAX_TECH_IMPORTS + 1):
                if tech_payment(s, d, k, p, slot, m) >= 0:
                    mask[A_BUY_TECH + slot * BUY_STRIDE + m] = 1
    elif phase == PH_AGENCY:
        mask[A_AGENCY_DONE] = 1
        mask[A_HIRE_ASSISTANT] = hire_legal(s, k, p, 0)
        mask[A_HIRE_SHOP] = hire_legal(s, k, p, 1)
        mask[A_HIRE_TH] = hire_legal(s, k, p, 2)
    elif phase == PH_CHINATOWN:
        mask[A_CT_DONE] = 1
        for a in range(A_CT_BUY_IMPORT, A_CT_DONE):
            mask[a] = exchange_legal(s, k, p, a)
    elif phase == PH_CHURCH:
        mask[A_CHURCH_DONE] = 1
        for kind in range(N_DONATIONS):
            mask[A_DONATE + kind] = donation_legal(s, d, k, p, kind)
        if church_space(s, d, k) >= 0:
            mask[A_CHURCH_HAND] = piece_source_legal(s, p, 0)
            mask[A_CHURCH_AREA] = piece_source_legal(s, p, 1)
    elif phase == PH_CUSTOMS:
        mask[A_CUSTOMS_DONE] = 1
        for i in range(MAX_CUSTOMS):
            mask[A_CUSTOMS + 2 * i] = customs_legal(s, d, p, i, 0)
            mask[A_CUSTOMS + 2 * i + 1] = customs_legal(s, d, p, i, 1)
    elif phase == PH_STATION:
        for q in range(n_pos):
            mask[A_STATION + q] = kind_at(s, q) != K_CANAL
    elif phase == PH_BONUS:
        mask[A_TAKE_CHIP] = 1
        mask[A_SKIP_CHIP] = 1
    elif phase == PH_BUILD:
        mask[A_BUILD_SKIP] = 1
        q = s[G_ACT_POS]
        for i in range(MAX_SHOP_SPACES):
            mask[A_BUILD_SHOP + i] = shop_legal(s, d, p, q, i)
        mask[A_BUILD_TH] = can_build_th(s, p, q)
    elif phase == PH_RECOVER:
        mask[A_RECOVER_ALL] = 1
        mask[A_KEEP_ONE] = 1
    elif phase == PH_KEEP_ORDER:
        mask[A_KEEP_ORDER] = 1
        mask[A_KEEP_ORDER + 1] = s[b + P_DEALT + 1] >= 0
    n = 0
    for a in range(mask.shape[0]):
        n += mask[a]
    return n


@njit(cache=True)
def step(s, d, k, a):
    """Apply legal action a for the current seat."""
    p = s[G_CUR]
    b = pb(p)
    phase = s[G_PHASE]
    if phase == PH_EXTRA_BEFORE or phase == PH_EXTRA_AFTER:
        if a == A_END_EXTRA:
            if phase == PH_EXTRA_BEFORE:
                s[G_PHASE] = PH_PLACE
            else:
                end_turn(s, d, k)
        elif a < A_ACHIEVE:
            s[b + P_AGENTS] -= 1
            s[G_AGENT_USED] = 1
            s[G_RESUME] = phase
            begin_action(s, d, k, p, a - A_USE_AGENT, 1)
        elif a < A_FULFIL:
            claim_achievement(s, d, p, a - A_ACHIEVE)
        elif a < A_SPIN:
            fulfil_order(s, d, k, p, a - A_FULFIL)
        elif a == A_SPIN:
            pay_goods(s, p, 1, 1)
            s[b + P_MONEY] += k[K_SPINNING_YEN]
            s[G_SPIN_USED] = 1
        else:
            s[b + P_MONEY] -= k[K_UNIVERSITY_YEN]
            from_warehouse(s, p, 1)
            s[G_UNIV_USED] = 1
    elif phase == PH_PLACE:
        if a == A_PLACE_DONE:
            s[G_PHASE] = PH_MOVE
        else:
            place(s, k, p, a - A_PLACE)
    elif phase == PH_MOVE:
        if a == A_RETURN:
            s[G_LEFT] = s[b + P_PRESIDENT]
            s[b + P_PRESIDENT] = NONE
            s[G_PHASE] = PH_RECALL
        else:
            move_president(s, d, k, p, a - A_MOVE)
    elif phase == PH_RECALL:
        if a == A_RECALL_DONE:
            s[G_PHASE] = PH_EXTRA_AFTER
        else:
            q = a - A_RECALL
            s[b + P_ASSIST_HAND] += s[qb(q) + Q_ASSIST + p]
            s[qb(q) + Q_ASSIST + p] = 0
    elif phase == PH_PORT:
        if a == A_PORT_DONE:
            end_port(s, d, k)
        elif a < A_TAKE_ORDER_YEN:
            take_order(s, p, a - A_TAKE_ORDER)
        else:
            if a < A_TAKE_ORDER_IMPORT:
                s[b + P_MONEY] -= k[K_SECOND_ORDER_YEN]
                take_order(s, p, a - A_TAKE_ORDER_YEN)
            else:
                pay_imports(s, p, 1)
                take_order(s, p, a - A_TAKE_ORDER_IMPORT)
            end_port(s, d, k)
    elif phase == PH_LAB:
        if a == A_LAB_DONE:
            after_action(s, d, k)
        else:
            i = a - A_BUY_TECH
            buy_tech(s, d, k, p, i // BUY_STRIDE, i % BUY_STRIDE)
    elif phase == PH_AGENCY:
        if a == A_AGENCY_DONE:
            after_action(s, d, k)
        else:
            hire(s, d, k, p, a - A_HIRE_ASSISTANT)
    elif phase == PH_CHINATOWN:
        if a == A_CT_DONE:
            after_action(s, d, k)
        else:
            exchange(s, d, k, p, a)
    elif phase == PH_CHURCH:
        if a == A_CHURCH_DONE:
            after_action(s, d, k)
        elif a < A_CHURCH_HAND:
            donate(s, k, p, a - A_DONATE)
        else:
            place_in_church(s, d, k, p, a == A_CHURCH_AREA)
    elif phase == PH_CUSTOMS:
        if a == A_CUSTOMS_DONE:
            after_action(s, d, k)
        else:
            i = a - A_CUSTOMS
            place_in_customs(s, d, k, p, i // 2, i % 2)
    elif phase == PH_STATION:
        s[G_STATION] = a - A_STATION
        after_action(s, d, k)
    elif phase == PH_BONUS:
        if a == A_TAKE_CHIP:
            take_chip(s, d, k, p)
        go_build(s, d, k)
    elif phase == PH_BUILD:
        if a != A_BUILD_SKIP:
            build(s, d, k, p, LOC_TH if a == A_BUILD_TH else a - A_BUILD_SHOP)
        go_recover(s, k)
    elif phase == PH_RECOVER:
        recover(s, p, 1 if a == A_KEEP_ONE else 0)
    elif phase == PH_KEEP_ORDER:
        s[b + P_ORDERS_HAND] = s[b + P_DEALT + a - A_KEEP_ORDER]
        s[b + P_DEALT] = NONE
        s[b + P_DEALT + 1] = NONE
        s[G_KEEP_SEAT] += 1
        if s[G_KEEP_SEAT] < s[G_PLAYERS]:
            s[G_CUR] = s[G_KEEP_SEAT]
        else:
            start_turn(s, k, 0)
