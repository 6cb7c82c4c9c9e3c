"""Yokohama's invariants: what must hold in every state of every game, checked over many random games.

`check_state(s, d, k)` returns OK (0) or the code of the first broken invariant; `MESSAGES[code]` says
which. `play_checked(seed, first, n, n_players, d, k, max_steps, stats)` plays games first .. first+n-1
with uniformly random bots exactly as kernel.play_game does with the `random` strategy (same seeding,
same streams), checks every state, and stops at the first violation: it returns (game index, step, code),
or (-1, -1, OK) when every game was sound. A failing game is replayed, step by step, with

    playout show yokohama --seed SEED --game GAME --players random,random,...
"""

import numpy as np
from numba import njit

from sim.games.yokohama.actions import N_ACTIONS
from sim.games.yokohama.layout import (
    DUMMY,
    G_ACT_POS,
    G_ACT_POWER,
    G_AGENT_SUPPLY,
    G_AGENT_USED,
    G_CHURCH,
    G_CUR,
    G_CUSTOMS,
    G_IMPORT_SUPPLY,
    G_LAB_SLOTS,
    G_N_POS,
    G_ORDER_DECK,
    G_ORDER_END,
    G_ORDER_TOP,
    G_PHASE,
    G_PLAYERS,
    G_PORT_SLOTS,
    G_STATION,
    G_SUPPLY,
    G_TECH_DECK,
    G_TECH_END,
    G_TECH_TOP,
    G_TURNS,
    HAND_SLOTS,
    K_CANAL,
    MAX_CHURCH,
    MAX_CUSTOMS,
    MAX_ORDERS,
    MAX_SHOP_SPACES,
    N_BOARDS,
    N_COUNTRIES,
    N_GOODS,
    N_SLOTS,
    N_TECHS,
    N_VP,
    NONE,
    P_ACHIEVE_N,
    P_AGENTS,
    P_AGENTS_GAINED,
    P_ASSIST_HAND,
    P_ASSIST_WAREHOUSE,
    P_CHURCH_N,
    P_CUSTOMS_N,
    P_GOODS,
    P_IMPORTS,
    P_INDUSTRY,
    P_MONEY,
    P_N_TECHS,
    P_ORDERS_HAND,
    P_PRESIDENT,
    P_SHOPS_BUILT,
    P_SHOPS_HAND,
    P_SHOPS_WAREHOUSE,
    P_TECHS,
    P_TH_BUILT,
    P_TH_HAND,
    P_TH_WAREHOUSE,
    P_VP,
    P_VP_SRC,
    PH_AGENCY,
    PH_CHINATOWN,
    PH_CHURCH,
    PH_CUSTOMS,
    PH_GAME_OVER,
    PH_LAB,
    PH_PORT,
    Q_ASSIST,
    Q_KIND,
    Q_SHOP,
    Q_TH,
    STATE_SIZE,
)
from sim.games.yokohama.params import (
    K_HAND_LIMIT,
    K_MAX_POWER,
    K_START_ASSIST_HAND,
    K_START_ASSIST_WAREHOUSE,
    K_START_SHOPS_HAND,
    K_START_SHOPS_WAREHOUSE,
    K_START_TH_WAREHOUSE,
    K_SUPPLY_COPPER,
    K_SUPPLY_IMPORTS,
)
from sim.games.yokohama.rules import init_state, is_terminal, legal_mask, pb, qb, step
from sim.games.yokohama.tables import D_AGENTS, D_CHURCH_N, D_CUSTOMS_N, D_TECH_COPIES, D_TECH_INDUSTRY
from sim.kernel_tools import first_legal, popcount, random_legal
from sim.rng import N_STREAMS, seed_streams

OK = 0
ERR_NEGATIVE_MONEY = 1
ERR_NEGATIVE_GOODS = 2
ERR_NEGATIVE_IMPORTS = 3
ERR_NEGATIVE_PIECES = 4
ERR_ASSISTANTS = 5
ERR_SHOPS = 6
ERR_TRADING_HOUSES = 7
ERR_BUILDINGS_ON_BOARD = 8
ERR_POWER = 9
ERR_HAND_LIMIT = 10
ERR_TECH_COUNT = 11
ERR_INDUSTRY = 12
ERR_SUPPLY = 13
ERR_GOODS_CONSERVED = 14
ERR_IMPORTS_CONSERVED = 15
ERR_AGENTS_CONSERVED = 16
ERR_TECH_CARDS = 17
ERR_ORDER_CARDS = 18
ERR_BOARD_SPACES = 19
ERR_VP_SUM = 20
ERR_PRESIDENT = 21
ERR_STATION = 22
ERR_TWO_AGENTS = 23
ERR_AGENT_FLAG = 24
ERR_NO_LEGAL_ACTION = 25
ERR_LEGAL_COUNT = 26
ERR_STEP_LIMIT = 27

MESSAGES = {
    OK: "ok",
    ERR_NEGATIVE_MONEY: "a player's money is negative",
    ERR_NEGATIVE_GOODS: "a player holds a negative number of goods",
    ERR_NEGATIVE_IMPORTS: "a player holds a negative number of imports",
    ERR_NEGATIVE_PIECES: "a count of pieces (in hand, in the warehouse, built, on a position) is negative",
    ERR_ASSISTANTS: "assistants not conserved: hand + warehouse + positions + church + customs + "
    "achievement cards != 20",
    ERR_SHOPS: "shops not conserved: hand + warehouse + built != 8",
    ERR_TRADING_HOUSES: "trading houses not conserved: hand + warehouse + built != 4",
    ERR_BUILDINGS_ON_BOARD: "shops or trading houses on location cards disagree with the built counts, "
    "or two shops of one player on one card",
    ERR_POWER: "an action's power is above the cap, or is not the actor's pieces in the acted area capped at "
    "the cap (six pieces still give power 5: the pieces are not bounded, the power is)",
    ERR_HAND_LIMIT: "a player holds more order cards than the hand limit",
    ERR_TECH_COUNT: "n_techs != popcount(techs) (two techs of one name?)",
    ERR_INDUSTRY: "industry != the sum of the owned techs' industry",
    ERR_SUPPLY: "a supply (goods, imports, foreign agents) is negative",
    ERR_GOODS_CONSERVED: "goods not conserved: supply + players' goods != the box",
    ERR_IMPORTS_CONSERVED: "imports not conserved: supply + players' imports != the box",
    ERR_AGENTS_CONSERVED: "foreign agents not conserved: supply + agents taken != the box, or more unused than taken",
    ERR_TECH_CARDS: "tech cards not conserved: deck + boards + owned != the copies in the box",
    ERR_ORDER_CARDS: "an order card is in two places at once, or the deck pointers are wrong",
    ERR_BOARD_SPACES: "church or customs spaces disagree with the players' counts",
    ERR_VP_SUM: "vp != the sum of vp_by_source",
    ERR_PRESIDENT: "a president stands off the board or on the canal",
    ERR_STATION: "the station token is off the board or on the canal",
    ERR_TWO_AGENTS: "a player used two foreign agents in one turn",
    ERR_AGENT_FLAG: "a foreign agent was used but the turn's agent_used flag is not set",
    ERR_NO_LEGAL_ACTION: "no legal action in a state that is not final",
    ERR_LEGAL_COUNT: "legal_mask's count disagrees with its mask",
    ERR_STEP_LIMIT: "the game did not end within the step guard",
}

# per-player counts of pieces that can never be negative
PIECE_COUNTS = (
    P_ASSIST_HAND, P_ASSIST_WAREHOUSE, P_SHOPS_HAND, P_SHOPS_WAREHOUSE, P_SHOPS_BUILT, P_TH_HAND,
    P_TH_WAREHOUSE, P_TH_BUILT, P_AGENTS, P_CHURCH_N, P_CUSTOMS_N, P_ACHIEVE_N,
)  # fmt: skip


@njit(cache=True)
def action_choices_open(phase):
    """The phases of an area action's own choices: nothing has joined or left the acted area since the
    action began (church and customs take their assistant with the last choice; building and recovery come
    later)."""
    return phase == PH_PORT or phase == PH_LAB or phase == PH_AGENCY or phase == PH_CHINATOWN or \
        phase == PH_CHURCH or phase == PH_CUSTOMS  # fmt: skip


@njit(cache=True)
def pieces_at(s, p, q):
    """Seat p's pieces that give power at position q, counted here rather than by rules.power_at: own
    assistants, the own president, own shops, the own trading house, and the station."""
    b = qb(q)
    n = s[b + Q_ASSIST + p]
    if s[pb(p) + P_PRESIDENT] == q:
        n += 1
    for i in range(MAX_SHOP_SPACES):
        if s[b + Q_SHOP + i] == p:
            n += 1
    if s[b + Q_TH] == p:
        n += 1
    if s[G_STATION] == q:
        n += 1
    return n


@njit(cache=True)
def capped_pieces(s, k, p, q):
    return min(pieces_at(s, p, q), k[K_MAX_POWER])


@njit(cache=True)
def check_state(s, d, k):
    """OK, or the code of the first invariant that does not hold in state s."""
    n = s[G_PLAYERS]
    n_pos = s[G_N_POS]
    goods_total = np.zeros(N_GOODS, np.int64)
    imports_total = 0
    owned = np.zeros(N_TECHS, np.int64)
    for p in range(n):
        b = pb(p)
        if s[b + P_MONEY] < 0:
            return ERR_NEGATIVE_MONEY
        for g in range(N_GOODS):
            if s[b + P_GOODS + g] < 0:
                return ERR_NEGATIVE_GOODS
            goods_total[g] += s[b + P_GOODS + g]
        if s[b + P_IMPORTS] < 0:
            return ERR_NEGATIVE_IMPORTS
        imports_total += s[b + P_IMPORTS]
        for f in PIECE_COUNTS:
            if s[b + f] < 0:
                return ERR_NEGATIVE_PIECES
        # pieces
        on_board = 0
        shops_on_board = 0
        th_on_board = 0
        for q in range(n_pos):
            a = s[qb(q) + Q_ASSIST + p]
            if a < 0:
                return ERR_NEGATIVE_PIECES
            on_board += a
            mine = 0
            for i in range(MAX_SHOP_SPACES):
                if s[qb(q) + Q_SHOP + i] == p:
                    mine += 1
            if mine > 1:
                return ERR_BUILDINGS_ON_BOARD
            shops_on_board += mine
            if s[qb(q) + Q_TH] == p:
                th_on_board += 1
        assistants = s[b + P_ASSIST_HAND] + s[b + P_ASSIST_WAREHOUSE] + on_board
        assistants += s[b + P_CHURCH_N] + s[b + P_CUSTOMS_N] + s[b + P_ACHIEVE_N]
        if assistants != k[K_START_ASSIST_HAND] + k[K_START_ASSIST_WAREHOUSE]:
            return ERR_ASSISTANTS
        if s[b + P_SHOPS_HAND] + s[b + P_SHOPS_WAREHOUSE] + s[b + P_SHOPS_BUILT] != \
                k[K_START_SHOPS_HAND] + k[K_START_SHOPS_WAREHOUSE]:  # fmt: skip
            return ERR_SHOPS
        if s[b + P_TH_HAND] + s[b + P_TH_WAREHOUSE] + s[b + P_TH_BUILT] != k[K_START_TH_WAREHOUSE]:
            return ERR_TRADING_HOUSES
        if shops_on_board != s[b + P_SHOPS_BUILT] or th_on_board != s[b + P_TH_BUILT]:
            return ERR_BUILDINGS_ON_BOARD
        # orders in hand
        held = 0
        for i in range(HAND_SLOTS):
            if s[b + P_ORDERS_HAND + i] >= 0:
                held += 1
        if held > k[K_HAND_LIMIT]:
            return ERR_HAND_LIMIT
        # technologies: the bitmask makes two of a name impossible; the count must agree with it
        techs = s[b + P_TECHS]
        if s[b + P_N_TECHS] != popcount(techs):
            return ERR_TECH_COUNT
        industry = 0
        for t in range(N_TECHS):
            if (techs >> t) & 1:
                industry += d[D_TECH_INDUSTRY + t]
                owned[t] += 1
        if industry != s[b + P_INDUSTRY]:
            return ERR_INDUSTRY
        vp = 0
        for v in range(N_VP):
            vp += s[b + P_VP_SRC + v]
        if vp != s[b + P_VP]:
            return ERR_VP_SUM
        pres = s[b + P_PRESIDENT]
        if pres != NONE and (pres < 0 or pres >= n_pos or s[qb(pres) + Q_KIND] == K_CANAL):
            return ERR_PRESIDENT
    # supplies and conservation
    for g in range(N_GOODS):
        if s[G_SUPPLY + g] < 0:
            return ERR_SUPPLY
        if s[G_SUPPLY + g] + goods_total[g] != k[K_SUPPLY_COPPER + g]:
            return ERR_GOODS_CONSERVED
    if s[G_IMPORT_SUPPLY] < 0:
        return ERR_SUPPLY
    if s[G_IMPORT_SUPPLY] + imports_total != k[K_SUPPLY_IMPORTS]:
        return ERR_IMPORTS_CONSERVED
    for c in range(N_COUNTRIES):
        if s[G_AGENT_SUPPLY + c] < 0:
            return ERR_SUPPLY
    taken = 0
    box = 0
    for c in range(N_COUNTRIES):
        taken += d[D_AGENTS + c] - s[G_AGENT_SUPPLY + c]
        box += d[D_AGENTS + c]
    gained = 0
    for p in range(n):
        gained += s[pb(p) + P_AGENTS_GAINED]
        if s[pb(p) + P_AGENTS] > s[pb(p) + P_AGENTS_GAINED]:
            return ERR_AGENTS_CONSERVED
    if gained != taken:
        return ERR_AGENTS_CONSERVED
    # technology cards: the rest of the deck, the boards and the owners hold every copy
    cards = np.zeros(N_TECHS, np.int64)
    if s[G_TECH_TOP] > s[G_TECH_END]:
        return ERR_TECH_CARDS
    for i in range(s[G_TECH_TOP], s[G_TECH_END]):
        cards[s[G_TECH_DECK + i]] += 1
    for i in range(N_BOARDS * N_SLOTS):
        t = s[G_LAB_SLOTS + i]
        if t >= 0:
            cards[t] += 1
    for t in range(N_TECHS):
        if cards[t] + owned[t] != d[D_TECH_COPIES + t]:
            return ERR_TECH_CARDS
    # order cards: each in one place at most
    if s[G_ORDER_TOP] > s[G_ORDER_END] or s[G_ORDER_END] > MAX_ORDERS:
        return ERR_ORDER_CARDS
    seen = np.zeros(MAX_ORDERS, np.int64)
    for i in range(s[G_ORDER_TOP], s[G_ORDER_END]):
        seen[s[G_ORDER_DECK + i]] += 1
    for i in range(N_BOARDS * N_SLOTS):
        o = s[G_PORT_SLOTS + i]
        if o >= 0:
            seen[o] += 1
    for p in range(n):
        for i in range(HAND_SLOTS):
            o = s[pb(p) + P_ORDERS_HAND + i]
            if o >= 0:
                seen[o] += 1
    for o in range(MAX_ORDERS):
        if seen[o] > 1:
            return ERR_ORDER_CARDS
    # church and customs boards
    church = np.zeros(DUMMY + 1, np.int64)
    customs = np.zeros(DUMMY + 1, np.int64)
    for i in range(MAX_CHURCH):
        owner = s[G_CHURCH + i]
        if owner != NONE:
            if i >= d[D_CHURCH_N] or owner < 0 or owner > DUMMY or (owner < DUMMY and owner >= n):
                return ERR_BOARD_SPACES
            church[owner] += 1
    for i in range(MAX_CUSTOMS):
        owner = s[G_CUSTOMS + i]
        if owner != NONE:
            if i >= d[D_CUSTOMS_N] or owner < 0 or owner > DUMMY or (owner < DUMMY and owner >= n):
                return ERR_BOARD_SPACES
            customs[owner] += 1
    for p in range(n):
        if church[p] != s[pb(p) + P_CHURCH_N] or customs[p] != s[pb(p) + P_CUSTOMS_N]:
            return ERR_BOARD_SPACES
    # power: the rule caps what the pieces give (seed 000: six or more pieces still give 5), it does not
    # bound the pieces, so the check is on the power an action uses
    if s[G_ACT_POWER] > k[K_MAX_POWER]:
        return ERR_POWER
    if action_choices_open(s[G_PHASE]) and s[G_ACT_POWER] != capped_pieces(s, k, s[G_CUR], s[G_ACT_POS]):
        return ERR_POWER
    st = s[G_STATION]
    if st != NONE and (st < 0 or st >= n_pos or s[qb(st) + Q_KIND] == K_CANAL):
        return ERR_STATION
    return OK


@njit(cache=True)
def play_checked(seed, first, n, n_players, d, k, max_steps, stats):
    """Play random games first .. first + n - 1 and check every state. Returns (game, step, code) of the
    first violation, or (-1, -1, OK). stats[0] += games finished, stats[1] += steps, stats[2] = the most
    steps one game took."""
    rng = np.zeros(N_STREAMS, np.uint64)
    s = np.zeros(STATE_SIZE, np.int32)
    mask = np.zeros(N_ACTIONS, np.uint8)
    for game in range(first, first + n):
        seed_streams(seed, game, rng)
        init_state(s, d, k, n_players, rng)
        code = check_state(s, d, k)
        if code != OK:
            return game, 0, code
        steps = 0
        turn = -1
        uses = 0
        while not is_terminal(s):
            if steps >= max_steps:
                return game, steps, ERR_STEP_LIMIT
            n_legal = legal_mask(s, d, k, mask)
            if n_legal == 0:
                return game, steps, ERR_NO_LEGAL_ACTION
            total = 0
            for a in range(N_ACTIONS):
                total += mask[a]
            if total != n_legal:
                return game, steps, ERR_LEGAL_COUNT
            seat = s[G_CUR]
            if s[G_TURNS] != turn:
                turn = s[G_TURNS]
                uses = 0
            if n_legal == 1:
                a = first_legal(mask)
            else:
                a = random_legal(mask, n_legal, rng, 1 + seat)
            agents = s[pb(seat) + P_AGENTS]
            step(s, d, k, a)
            steps += 1
            if s[G_TURNS] == turn and s[pb(seat) + P_AGENTS] < agents:
                uses += agents - s[pb(seat) + P_AGENTS]
                if uses > 1:
                    return game, steps, ERR_TWO_AGENTS
                if s[G_AGENT_USED] != 1:
                    return game, steps, ERR_AGENT_FLAG
            code = check_state(s, d, k)
            if code != OK:
                return game, steps, code
        if s[G_PHASE] != PH_GAME_OVER:
            return game, steps, ERR_STEP_LIMIT
        stats[0] += 1
        stats[1] += steps
        stats[2] = max(stats[2], steps)
    return -1, -1, OK
