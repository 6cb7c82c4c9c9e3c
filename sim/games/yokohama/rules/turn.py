"""Yokohama's turn: its start and end, placing assistants, moving the president (its fees and the cheapest
path), beginning the area action.

RULES.md "A turn" (seed 000 手番の流れ).
"""

import numpy as np
from numba import njit

from sim.games.yokohama.layout import (
    ACT_CHURCH,
    ACT_CUSTOMS,
    ACT_EXCHANGE,
    ACT_FISH,
    ACT_HIRE,
    ACT_ORDERS,
    ACT_TECHS,
    ACT_YEN,
    G_ACT_AGENT,
    G_ACT_POS,
    G_ACT_POWER,
    G_ADJ,
    G_AGENT_USED,
    G_CUR,
    G_DONATED,
    G_FAITH,
    G_LAST_ROUND,
    G_LEFT,
    G_N_POS,
    G_PHASE,
    G_PLACE_FIRST,
    G_PLACE_N,
    G_PLACE_STACKED,
    G_PLACED_BITS,
    G_PLAYERS,
    G_ROUND,
    G_SPIN_USED,
    G_STATION,
    G_SUB_LIMIT,
    G_SUB_N,
    G_TURNS,
    G_UNIV_USED,
    K_CANAL,
    MAX_POS,
    NONE,
    P_ASSIST_HAND,
    P_MONEY,
    P_PRESIDENT,
    PH_AGENCY,
    PH_CHINATOWN,
    PH_CHURCH,
    PH_CUSTOMS,
    PH_EXTRA_BEFORE,
    PH_GAME_OVER,
    PH_LAB,
    PH_MOVE,
    PH_PORT,
    Q_ASSIST,
    Q_TH,
    T_NEWSPAPER,
    T_POSTAL,
    T_STAGECOACH,
    T_STATION,
    T_STOCK,
    T_TELEGRAM,
    T_TRAM,
    V_PORT,
)
from sim.games.yokohama.params import (
    K_CANAL_FEE,
    K_NEWSPAPER_SPREAD,
    K_PLACE_SPREAD,
    K_PLACE_STACK,
    K_PORT5_VP,
    K_PRESIDENT_FEE,
    K_STOCK_FLOOR,
    K_TH_INCOME,
)
from sim.games.yokohama.rules.action_end import after_action
from sim.games.yokohama.rules.common import (
    UNREACHABLE,
    add_vp,
    gain_goods,
    kind_at,
    other_presidents,
    owns,
    pb,
    power_at,
    qb,
)
from sim.games.yokohama.rules.scoring import final_scoring
from sim.games.yokohama.tables import D_AREA_ACTION, D_AREA_POWER, N_POWER

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


# ================================================================ the area action (step 3; 4-6: action_end.py)


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
