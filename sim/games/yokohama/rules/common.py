"""Yokohama's shared helpers: addressing the state, ownership and power at a position, goods, imports,
flags, VP, the end trigger, drawing orders and technologies.

Every other rules module builds on these. RULES.md "What is modelled"; seed 000.
"""

from numba import njit

from sim.games.yokohama.actions import MAX_TECH_IMPORTS
from sim.games.yokohama.layout import (
    DUMMY,
    G_ACT_POS,
    G_AGENT_SUPPLY,
    G_CUR,
    G_END_TRIGGER,
    G_IMPORT_SUPPLY,
    G_LAST_ROUND,
    G_ORDER_DECK,
    G_ORDER_END,
    G_ORDER_TOP,
    G_PHASE,
    G_PLAYER,
    G_PLAYERS,
    G_POSITION,
    G_ROUND,
    G_STATION,
    G_SUPPLY,
    G_TECH_DECK,
    G_TECH_END,
    G_TECH_TOP,
    HAND_SLOTS,
    K_COPPER,
    K_LAB,
    K_PORT,
    MAX_SHOP_SPACES,
    NONE,
    P_AGENTS,
    P_AGENTS_GAINED,
    P_ASSIST_HAND,
    P_ASSIST_WAREHOUSE,
    P_FLAGS,
    P_GOODS,
    P_IMPORTS,
    P_ORDERS_HAND,
    P_PRESIDENT,
    P_SIZE,
    P_TECHS,
    P_VP,
    P_VP_SRC,
    PH_GAME_OVER,
    Q_ASSIST,
    Q_KIND,
    Q_SHOP,
    Q_SIZE,
    Q_TH,
    T_MINING,
)
from sim.games.yokohama.params import K_END_COUNT_2P, K_MAX_POWER
from sim.games.yokohama.tables import MIN_PLAYERS, PILES

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


@njit(cache=True)
def draw_order(s):
    if s[G_ORDER_TOP] >= s[G_ORDER_END]:
        return NONE
    o = s[G_ORDER_DECK + s[G_ORDER_TOP]]
    s[G_ORDER_TOP] += 1
    return o


@njit(cache=True)
def draw_tech(s):
    if s[G_TECH_TOP] >= s[G_TECH_END]:
        return NONE
    t = s[G_TECH_DECK + s[G_TECH_TOP]]
    s[G_TECH_TOP] += 1
    return t


@njit(cache=True)
def current_player(s):
    return s[G_CUR]


@njit(cache=True)
def is_terminal(s):
    return s[G_PHASE] == PH_GAME_OVER
