"""Yokohama's greedy bot: every legal decision gets a one-step value in VP-equivalents from named weights;
the best is taken (ties to the lower action id).

Values come from the rules' own functions (power_at, move_costs, tech_payment...), never from a second
copy of the rules. Placement is scored as part of a turn plan: for each reachable area the bot values
acting there at the power the placement would give (two in one area, or one there and two seeds), picks
the best plan at its first placement and follows it for the rest of the placement step.
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
    A_KEEP_ONE,
    A_KEEP_ORDER,
    A_LAB_DONE,
    A_MOVE,
    A_PLACE,
    A_PLACE_DONE,
    A_PORT_DONE,
    A_RECALL,
    A_RECALL_DONE,
    A_RETURN,
    A_SPIN,
    A_STATION,
    A_TAKE_CHIP,
    A_TAKE_ORDER,
    A_TAKE_ORDER_IMPORT,
    A_TAKE_ORDER_YEN,
    A_USE_AGENT,
    DON_GOODS,
    DON_IMPORT,
    DON_YEN,
    MAX_TECH_IMPORTS,
    N_ACTIONS,
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
    G_ACH,
    G_ACH_CLAIMED,
    G_ACT_POS,
    G_ADJ,
    G_CHURCH,
    G_CUSTOMS,
    G_DONATED,
    G_FAITH,
    G_IMPORT_SUPPLY,
    G_LAB_SLOTS,
    G_N_POS,
    G_ORDER_END,
    G_ORDER_TOP,
    G_PHASE,
    G_PLACE_N,
    G_PLAYERS,
    G_PORT_SLOTS,
    G_ROUND,
    G_STATION,
    G_SUPPLY,
    HAND_SLOTS,
    K_CANAL,
    K_CHURCH,
    K_CUSTOMS,
    K_LAB,
    K_PORT,
    MAX_POS,
    N_GOODS,
    N_SLOTS,
    NONE,
    P_ASSIST_HAND,
    P_ASSIST_WAREHOUSE,
    P_CHURCH_N,
    P_CUSTOMS_N,
    P_DEALT,
    P_FLAGS,
    P_GOODS,
    P_IMPORTS,
    P_MONEY,
    P_N_TECHS,
    P_ORDERS_HAND,
    P_PRESIDENT,
    P_SHOPS_BUILT,
    P_SHOPS_HAND,
    P_SHOPS_WAREHOUSE,
    P_TH_BUILT,
    P_TH_HAND,
    P_TH_WAREHOUSE,
    P_VP,
    PH_AGENCY,
    PH_BONUS,
    PH_BUILD,
    PH_CHINATOWN,
    PH_CHURCH,
    PH_CUSTOMS,
    PH_EXTRA_AFTER,
    PH_EXTRA_BEFORE,
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
    Q_LOCATION,
    Q_SHOP,
    Q_TH,
    R_IMPORTS,
    R_YEN,
    T_BALL,
    T_BRICKYARD,
    T_ELECTRIC,
    T_EXPOSITION,
    T_GASLIGHT,
    T_LANGUAGE,
    T_PATENT,
    T_STATION,
    T_TRAM,
    T_WINERY,
)
from sim.games.yokohama.params import (
    K_BALL_VP,
    K_BRICKYARD_VP,
    K_BUILD_POWER,
    K_CHURCH_DONATION_YEN,
    K_CHURCH_EXACT,
    K_CT_GOOD_YEN,
    K_CT_IMPORT_YEN,
    K_ELECTRIC_VP,
    K_END_COUNT_2P,
    K_EXPOSITION_VP,
    K_GASLIGHT_VP,
    K_GOODS_PER_VP,
    K_HAND_LIMIT,
    K_LANGUAGE_YEN,
    K_MAX_POWER,
    K_PATENT_VP,
    K_PORT5_VP,
    K_SECOND_ORDER_YEN,
    K_SHOP_YEN,
    K_SPINNING_YEN,
    K_START_SHOPS_HAND,
    K_START_SHOPS_WAREHOUSE,
    K_START_TH_WAREHOUSE,
    K_UNIVERSITY_YEN,
    K_WINERY_VP,
    K_YEN_PER_VP,
)
from sim.games.yokohama.rules import (
    UNREACHABLE,
    can_build_th,
    hand_orders,
    kind_at,
    move_costs,
    order_board,
    other_presidents,
    owns,
    pb,
    placeable_bits,
    power_at,
    qb,
    tech_board,
    tech_payment,
    trading_house_price,
)
from sim.games.yokohama.tables import (
    A_VP_FIRST,
    A_VP_LATER,
    D_ACH,
    D_AREA_ACTION,
    D_AREA_POWER,
    D_CHIP_AMOUNT,
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
    D_LOC_REWARD,
    D_LOC_SHOPS,
    D_ORDER,
    D_ORDER_N,
    D_PORT_TIER,
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
    RW_GOODS,
    RW_IMPORTS,
    RW_VP,
    RW_WAREHOUSE,
    RW_YEN,
)
from strategies import Weight

# Defaults from benchmarks/tune_weights.py (two coordinate rounds against a field of techs, orders, builder, on
# the rules 1.1 data; the commit that set them lists the steps).
WEIGHTS = [
    Weight("w_vp", 0.5, "a victory point"),
    Weight("w_money", 1.15, "one yen (2 yen make 1 VP at the end; more during play)"),
    Weight("w_goods", 0.48, "one yen's worth of a good no order in hand needs"),
    Weight("w_needed", 1.6, "a good that an order in hand still needs"),
    Weight("w_import", 2.08, "an imported good"),
    Weight("w_order", 1.0, "multiplier on an order card's worth (reward minus the goods it still needs)"),
    Weight("w_flag", 2.05, "a flag of a country not yet held (country sets)"),
    Weight("w_agent", 2.0, "a foreign agent (an extra action, 1 VP if unused)"),
    Weight("w_industry", 0.28, "one industry point (the 10/5 majority)"),
    Weight("w_tech", 1.6, "multiplier on a technology's effect"),
    Weight("w_church", 1.0, "a church piece beyond its printed reward (the 6/3 majority)"),
    Weight("w_faith", 0.5, "multiplier on a church space's printed VP"),
    Weight("w_customs", 2.0, "a customs piece beyond its printed reward (the 8/4 majority)"),
    Weight("w_assistant", 0.35, "an assistant brought to hand from the warehouse"),
    Weight("w_shop", 0.5, "share of the best free shop space's worth that a shop brought to hand is worth"),
    Weight("w_th", 0.8, "share of the best free trading-house space's worth that one brought to hand is worth"),
    Weight("w_build", 1.5, "a building placed, beyond its printed reward (power there, end race)"),
    Weight("w_chip", 1.0, "multiplier on a five-power chip's reward"),
    Weight("w_tempo", 0.35, "an assistant left on the board for a later turn"),
    Weight("w_end", 0.3, "per VP of lead: appetite for ending the game when ahead (avoids it when behind)"),
    Weight("w_achieve", 1.0, "multiplier on an achievement's VP"),
    Weight("w_recall", 0.25, "an assistant recalled when the hand runs short"),
    Weight("w_thrift", 1.0, "extra worth of a yen when the purse is empty (0: money always worth w_money)"),
]
(
    W_VP, W_MONEY, W_GOODS, W_NEEDED, W_IMPORT, W_ORDER, W_FLAG, W_AGENT, W_INDUSTRY, W_TECH, W_CHURCH, W_FAITH,
    W_CUSTOMS, W_ASSISTANT, W_SHOP, W_TH, W_BUILD, W_CHIP, W_TEMPO, W_END, W_ACHIEVE, W_RECALL, W_THRIFT,
) = range(len(WEIGHTS))  # fmt: skip

# A technology's effect in VP over a typical remaining game (scaled by the time left), by TECH_KEYS order:
# gaslight, station, mining technology, spinning mill, stagecoach, exposition (counted apart), ball, language school,
# letterpress printing, winery, postal system, newspaper, electrical light, university, telegram, telephone,
# brickyard, system of stock, patent system, tram.
TECH_EFFECT = np.array(
    [5.0, 3.0, 3.0, 2.5, 1.5, 0.0, 5.0, 2.0, 2.0, 4.0, 1.0, 3.5, 4.0, 3.0, 3.5, 2.0, 5.0, 1.5, 4.0, 3.5]
)  # fmt: skip
PLAN_TARGET, PLAN_STACK, PLAN_SEED = 0, 1, 2  # bot memory cells: target position, 1 = two in one, seeds
N_SEEDS = 3
NEG = -1e9
STUCK = 20.0  # worth of not stranding oneself without assistants (see last_piece)
POOR = 6  # yen below which money grows dearer (w_thrift)
RICH = 15  # yen from which more money is worth only its final value
LONG_GAME = 30  # rounds after which the bot plays as if the end were due (no endless hoarding)
# The decision context, computed once per decision: worth of each good, game progress, lead, move costs.
CX_GOODS = 0
CX_PROGRESS = CX_GOODS + N_GOODS
CX_LEAD = CX_PROGRESS + 1
CX_MONEY = CX_LEAD + 1  # worth of one yen now: w_money, more when the purse is nearly empty
CX_MOVE_COST = CX_MONEY + 1
CX_DONATION = CX_MOVE_COST + MAX_POS  # scratch: donation costs, cheapest first
CX_SLOT_VALUE = CX_DONATION + N_DONATIONS  # worth of the card in each order slot, then each tech slot (NaN: not yet)
CX_BUILD = CX_SLOT_VALUE + 4 * N_SLOTS  # best building worth per position (NaN: not yet)
CX_PROSPECT = CX_BUILD + MAX_POS  # best shop, then trading house, buildable on the board whatever is in hand (NaN)
CX_SIZE = CX_PROSPECT + 2
ALL_DONATED = (1 << N_DONATIONS) - 1
SILK = 1  # index of silk in GOODS


@njit(cache=True)
def choose_greedy(w, s, d, k, mask, p, memory):
    phase = s[G_PHASE]
    cx = context(s, d, k, w, p)
    if phase == PH_PLACE:
        if s[G_PLACE_N] == 0:
            make_plan(s, d, k, w, p, cx, memory)
        return follow_plan(s, k, mask, p, memory)
    best = -1
    best_v = NEG
    for a in range(N_ACTIONS):
        if mask[a]:
            v = action_value(s, d, k, w, p, phase, a, cx)
            if v > best_v:
                best_v = v
                best = a
    return best


@njit(cache=True)
def action_value(s, d, k, w, p, phase, a, cx):
    """One-step worth of legal action a, in VP-equivalents; 'done' actions are worth 0."""
    b = pb(p)
    if phase == PH_EXTRA_BEFORE or phase == PH_EXTRA_AFTER:
        if a == A_END_EXTRA:
            return 0.0
        if a < A_ACHIEVE:
            q = a - A_USE_AGENT
            return area_value(s, d, k, w, p, q, power_at(s, k, p, q), cx) - w[W_AGENT] * 0.5
        if a < A_FULFIL:
            i = a - A_ACHIEVE
            base = D_ACH + s[G_ACH + i] * N_ACH_FIELDS
            vp = d[base + A_VP_FIRST] if s[G_ACH_CLAIMED + i] == 0 else d[base + A_VP_LATER]
            return w[W_ACHIEVE] * w[W_VP] * vp - w[W_ASSISTANT] - last_piece(s, p)
        if a < A_SPIN:
            return fulfil_value(s, d, k, w, p, s[b + P_ORDERS_HAND + a - A_FULFIL], cx)
        if a == A_SPIN:
            return cx[CX_MONEY] * k[K_SPINNING_YEN] - cx[CX_GOODS + SILK]
        return w[W_ASSISTANT] - cx[CX_MONEY] * k[K_UNIVERSITY_YEN]
    if phase == PH_MOVE:
        if a == A_RETURN:
            return recall_value(s, w, p)
        return move_value(s, d, k, w, p, a - A_MOVE, cx)
    if phase == PH_RECALL:
        if a == A_RECALL_DONE:
            return 0.0
        q = a - A_RECALL
        n = s[qb(q) + Q_ASSIST + p]
        if s[b + P_ASSIST_HAND] == 0:
            return 1.0 + n  # an empty hand must refill, or the next turns stall
        return (w[W_RECALL] - w[W_TEMPO]) * n
    if phase == PH_PORT:
        if a == A_PORT_DONE:
            return 0.0
        first = G_PORT_SLOTS + order_board(s) * N_SLOTS
        if a < A_TAKE_ORDER_YEN:
            return order_value(s, d, k, w, p, s[first + a - A_TAKE_ORDER], cx)
        if a < A_TAKE_ORDER_IMPORT:
            return (
                order_value(s, d, k, w, p, s[first + a - A_TAKE_ORDER_YEN], cx) - cx[CX_MONEY] * k[K_SECOND_ORDER_YEN]
            )
        return order_value(s, d, k, w, p, s[first + a - A_TAKE_ORDER_IMPORT], cx) - w[W_IMPORT]
    if phase == PH_LAB:
        if a == A_LAB_DONE:
            return 0.0
        i = a - A_BUY_TECH
        slot = i // (MAX_TECH_IMPORTS + 1)
        m = i % (MAX_TECH_IMPORTS + 1)
        t = s[G_LAB_SLOTS + tech_board(s) * N_SLOTS + slot]
        return tech_value(s, d, k, w, p, t, cx) - cx[CX_MONEY] * tech_payment(s, d, k, p, slot, m) - w[W_IMPORT] * m
    if phase == PH_AGENCY:
        if a == A_AGENCY_DONE:
            return 0.0
        return hire_value(s, d, k, w, p, a - A_HIRE_ASSISTANT, cx)
    if phase == PH_CHINATOWN:
        return exchange_value(s, k, w, p, a, cx)
    if phase == PH_CHURCH:
        return church_value(s, d, k, w, p, a, cx)
    if phase == PH_CUSTOMS:
        if a == A_CUSTOMS_DONE:
            return 0.0
        i = (a - A_CUSTOMS) // 2
        if (a - A_CUSTOMS) % 2 == 0:  # from hand
            return customs_space_value(s, d, k, w, p, i, cx) - 0.01 - last_piece(s, p)
        return customs_space_value(s, d, k, w, p, i, cx)  # the area's assistant would go home anyway
    if phase == PH_STATION:
        q = a - A_STATION
        return area_value(s, d, k, w, p, q, min(k[K_MAX_POWER], power_at(s, k, p, q) + 2), cx)
    if phase == PH_BONUS:
        return chip_value(s, d, w, p, s[qb(s[G_ACT_POS]) + Q_CHIP], cx) if a == A_TAKE_CHIP else 0.0
    if phase == PH_BUILD:
        if a == A_BUILD_SKIP:
            return 0.0
        return build_value(s, d, k, w, p, s[G_ACT_POS], LOC_TH if a == A_BUILD_TH else a - A_BUILD_SHOP, cx)
    if phase == PH_RECOVER:
        return w[W_TEMPO] if a == A_KEEP_ONE else 0.0
    if phase == PH_KEEP_ORDER:
        return order_value(s, d, k, w, p, s[b + P_DEALT + a - A_KEEP_ORDER], cx)
    return 0.0


# ---------------------------------------------------------------- what things are worth


@njit(cache=True)
def context(s, d, k, w, p):
    cx = np.empty(CX_SIZE)
    cx[CX_SLOT_VALUE:] = np.nan
    late = progress(s, d, k)
    cx[CX_PROGRESS] = late
    good_values(s, d, k, w, p, late, cx)
    cx[CX_LEAD] = lead(s, p)
    # Money buys things during the game and is worth 1/yen_per_vp VP at its end: the bot slides from the one
    # to the other as the game ends, and a full purse is worth only its final value (no hoarding).
    money = s[pb(p) + P_MONEY]
    short = max(0, POOR - money) / POOR
    final = w[W_VP] / k[K_YEN_PER_VP]
    worth = w[W_MONEY] * (1.0 + w[W_THRIFT] * short) * (1.0 - late) + final * late
    cx[CX_MONEY] = worth if money < RICH else min(worth, final)
    if (s[G_PHASE] == PH_PLACE and s[G_PLACE_N] == 0) or s[G_PHASE] == PH_MOVE:
        cost = np.empty(MAX_POS, np.int64)
        via = np.empty(MAX_POS, np.int64)
        move_costs(s, k, p, cost, via)
        for q in range(MAX_POS):
            cx[CX_MOVE_COST + q] = cost[q]
    return cx


@njit(cache=True)
def progress(s, d, k):
    """How far the game is towards its end, 0..1, from the end triggers' progress and the rounds played."""
    n = s[G_PLAYERS]
    end = k[K_END_COUNT_2P + n - MIN_PLAYERS]
    church = 0
    customs = 0
    shops = 0
    ths = 0
    for p in range(n):
        church += s[pb(p) + P_CHURCH_N]
        customs += s[pb(p) + P_CUSTOMS_N]
        shops = max(shops, s[pb(p) + P_SHOPS_BUILT])
        ths = max(ths, s[pb(p) + P_TH_BUILT])
    deck = s[G_ORDER_END] - s[G_ORDER_TOP]
    x = max(church / end, customs / end, s[G_ROUND] / LONG_GAME)
    x = max(x, shops / (k[K_START_SHOPS_HAND] + k[K_START_SHOPS_WAREHOUSE]))
    x = max(x, ths / max(1, k[K_START_TH_WAREHOUSE]))
    x = max(x, 1.0 - deck / max(1, d[D_ORDER_N]))
    return min(1.0, x)


@njit(cache=True)
def good_values(s, d, k, w, p, late, out):
    """Worth of one more of each good: more when an order in hand still needs it; otherwise sliding to its
    final worth (1/goods_per_vp VP) as the game ends."""
    b = pb(p)
    for g in range(N_GOODS):
        need = 0
        for h in range(HAND_SLOTS):
            o = s[b + P_ORDERS_HAND + h]
            if o >= 0:
                need += d[D_ORDER + o * N_ORDER + O_GOODS + g]
        base = w[W_GOODS] * k[K_CT_GOOD_YEN + g] * (1.0 - late) + late * w[W_VP] / k[K_GOODS_PER_VP]
        out[g] = w[W_NEEDED] if s[b + P_GOODS + g] < need else base


@njit(cache=True)
def flag_value(s, w, p, country):
    b = pb(p)
    f = s[b + P_FLAGS + country]
    v = w[W_FLAG] if f == 0 else 0.2 * w[W_FLAG]
    if f == 1 or f == 3 or f == 5:
        v += 0.6 * w[W_AGENT]  # the country check would give an agent
    return v


@njit(cache=True)
def order_value(s, d, k, w, p, o, cx):
    """An order card in hand: its reward, less the goods it still needs, discounted as the end nears."""
    if o < 0:
        return NEG
    b = pb(p)
    base = D_ORDER + o * N_ORDER
    worth = fulfil_reward(s, d, k, w, p, o)
    missing = 0.0
    for g in range(N_GOODS):
        short = d[base + O_GOODS + g] - s[b + P_GOODS + g]
        if short > 0:
            missing += short * (cx[CX_MONEY] * k[K_CT_GOOD_YEN + g] + 0.6)
    return w[W_ORDER] * (worth - missing) * (1.0 - 0.7 * cx[CX_PROGRESS])


@njit(cache=True)
def fulfil_reward(s, d, k, w, p, o):
    base = D_ORDER + o * N_ORDER
    v = w[W_VP] * d[base + O_VP] + w[W_IMPORT] * d[base + O_IMPORTS] + w[W_MONEY] * d[base + O_YEN]
    if owns(s, p, T_BALL):
        v += w[W_VP] * k[K_BALL_VP]
    if owns(s, p, T_LANGUAGE):
        v += w[W_MONEY] * k[K_LANGUAGE_YEN]
    return v + flag_value(s, w, p, d[base + O_COUNTRY])


@njit(cache=True)
def fulfil_value(s, d, k, w, p, o, cx):
    cost = 0.0
    for g in range(N_GOODS):
        cost += d[D_ORDER + o * N_ORDER + O_GOODS + g] * w[W_GOODS] * k[K_CT_GOOD_YEN + g]
    return fulfil_reward(s, d, k, w, p, o) - cost + 0.5


@njit(cache=True)
def tech_value(s, d, k, w, p, t, cx):
    if t < 0:
        return NEG
    left = 1.0 - cx[CX_PROGRESS]
    v = w[W_TECH] * TECH_EFFECT[t] * left + w[W_INDUSTRY] * d[D_TECH_INDUSTRY + t]
    v += flag_value(s, w, p, d[D_TECH_COUNTRY + t])
    if t == T_EXPOSITION:
        v += w[W_VP] * k[K_EXPOSITION_VP]
    if owns(s, p, T_PATENT) or t == T_PATENT:
        v += w[W_VP] * k[K_PATENT_VP]
    return v


@njit(cache=True)
def hire_value(s, d, k, w, p, what, cx):
    """A piece brought from the warehouse: an assistant by its weight; a shop or trading house by a share of
    the best building it could go up as now (fewer when some are already in hand)."""
    b = pb(p)
    if what == 0:
        return w[W_ASSISTANT] * (1.5 if s[b + P_ASSIST_HAND] < 3 else 1.0)
    if what == 1:
        prospect = w[W_SHOP] * building_prospect(s, d, k, w, p, 0, cx) / (1 + s[b + P_SHOPS_HAND])
        return prospect - cx[CX_MONEY] * k[K_SHOP_YEN]
    prospect = w[W_TH] * building_prospect(s, d, k, w, p, 1, cx) / (1 + s[b + P_TH_HAND])
    return prospect - cx[CX_MONEY] * trading_house_price(s, k, p)


@njit(cache=True)
def building_prospect(s, d, k, w, p, trading_house, cx):
    """The best shop (or trading house) seat p could build now on the board, whatever is in hand; computed
    once per decision."""
    c = CX_PROSPECT + trading_house
    if np.isnan(cx[c]):
        best = 0.0
        for q in range(s[G_N_POS]):
            loc = s[qb(q) + Q_LOCATION]
            if loc < 0:
                continue
            if trading_house:
                if s[qb(q) + Q_TH] == NONE:
                    best = max(best, build_value(s, d, k, w, p, q, LOC_TH, cx))
                continue
            mine = False
            for i in range(d[D_LOC_SHOPS + loc]):
                mine = mine or s[qb(q) + Q_SHOP + i] == p
            for i in range(d[D_LOC_SHOPS + loc]):
                if not mine and s[qb(q) + Q_SHOP + i] == NONE:
                    best = max(best, build_value(s, d, k, w, p, q, i, cx))
        cx[c] = best
    return cx[c]


@njit(cache=True)
def exchange_value(s, k, w, p, a, cx):
    if a == A_CT_DONE:
        return 0.0
    if a == A_CT_BUY_IMPORT:
        return w[W_IMPORT] - cx[CX_MONEY] * k[K_CT_IMPORT_YEN]
    if a < A_CT_BUY:
        g = a - A_CT_SELL
        return cx[CX_MONEY] * k[K_CT_GOOD_YEN + g] - cx[g]
    g = a - A_CT_BUY
    return cx[g] - cx[CX_MONEY] * k[K_CT_GOOD_YEN + g]


@njit(cache=True)
def donation_cost(s, k, w, kind, cx):
    if kind == DON_YEN:
        return cx[CX_MONEY] * k[K_CHURCH_DONATION_YEN]
    if kind == DON_IMPORT:
        return w[W_IMPORT]
    return cx[kind - DON_GOODS]


@njit(cache=True)
def church_plan(s, d, k, w, p, faith, donated, cx):
    """(best value, faith to reach) of placing in the church from `faith` with the donations still open."""
    b = pb(p)
    costs = cx[CX_DONATION : CX_DONATION + N_DONATIONS]
    for kind in range(N_DONATIONS):
        costs[kind] = 1e9
        if (donated >> kind) & 1:
            continue
        if (
            kind == DON_YEN
            and s[b + P_MONEY] >= k[K_CHURCH_DONATION_YEN]
            or kind == DON_IMPORT
            and s[b + P_IMPORTS] >= 1
            or kind >= DON_GOODS
            and s[b + P_GOODS + kind - DON_GOODS] >= 1
        ):
            costs[kind] = donation_cost(s, k, w, kind, cx)
    for i in range(1, N_DONATIONS):  # insertion sort of six numbers, in the context's scratch cells
        c = costs[i]
        j = i - 1
        while j >= 0 and costs[j] > c:
            costs[j + 1] = costs[j]
            j -= 1
        costs[j + 1] = c
    best = NEG
    best_faith = -1
    for i in range(d[D_CHURCH_N]):
        f = d[D_CHURCH_FAITH + i]
        if s[G_CHURCH + i] != NONE or f - faith > N_DONATIONS or (f < faith and k[K_CHURCH_EXACT]):
            continue
        pay = 0.0  # a space below the faith reached costs no donation (the excess is lost)
        for j in range(f - faith):
            pay += costs[j]
        v = w[W_FAITH] * w[W_VP] * d[D_CHURCH_VP + i] + cx[CX_MONEY] * d[D_CHURCH_YEN + i] + w[W_CHURCH] - pay
        if owns(s, p, T_WINERY):
            v += w[W_VP] * k[K_WINERY_VP]
        if v > best:
            best = v
            best_faith = f
    if best_faith >= 0:  # the same end of the game whichever space: weigh it before donating, not after
        best += end_value(s, d, k, w, p, K_CHURCH, cx)
    return best, best_faith


@njit(cache=True)
def church_value(s, d, k, w, p, a, cx):
    if a == A_CHURCH_DONE:
        return 0.0
    if a == A_CHURCH_HAND or a == A_CHURCH_AREA:
        v, _ = church_plan(s, d, k, w, p, s[G_FAITH], ALL_DONATED, cx)  # place now: no more donations
        if a == A_CHURCH_HAND:
            return v - last_piece(s, p)
        return v + 0.01  # the area's assistant would go home anyway
    best, target = church_plan(s, d, k, w, p, s[G_FAITH], s[G_DONATED], cx)
    if target <= s[G_FAITH]:
        return NEG
    # donate towards the best space, the cheapest kind first
    return best - 0.001 * donation_cost(s, k, w, a - A_DONATE, cx)


@njit(cache=True)
def customs_space_value(s, d, k, w, p, i, cx):
    v = w[W_VP] * d[D_CUSTOMS_VP + i] + cx[CX_MONEY] * d[D_CUSTOMS_YEN + i] + w[W_CUSTOMS]
    v -= w[W_IMPORT] * d[D_CUSTOMS_IMPORTS + i]
    if owns(s, p, T_BRICKYARD):
        v += w[W_VP] * k[K_BRICKYARD_VP]
    return v + end_value(s, d, k, w, p, K_CUSTOMS, cx)


@njit(cache=True)
def last_piece(s, p):
    """Cost of giving away an assistant from hand when it is the last one anywhere on the board: a player
    with no assistant in hand or on the board can never act again."""
    if s[pb(p) + P_ASSIST_HAND] > 1:
        return 0.0
    for q in range(s[G_N_POS]):
        if s[qb(q) + Q_ASSIST + p] > 0:
            return 0.0
    return STUCK


@njit(cache=True)
def end_value(s, d, k, w, p, board_kind, cx):
    """Lead times w_end when this placement would fill the church or customs board and end the game."""
    n = s[G_PLAYERS]
    first = G_CHURCH if board_kind == K_CHURCH else G_CUSTOMS
    spaces = d[D_CHURCH_N] if board_kind == K_CHURCH else d[D_CUSTOMS_N]
    pieces = 0
    for i in range(spaces):
        if 0 <= s[first + i] < 4:
            pieces += 1
    if pieces + 1 < k[K_END_COUNT_2P + n - MIN_PLAYERS]:
        return 0.0
    return w[W_END] * end_appetite(s, cx)


@njit(cache=True)
def end_appetite(s, cx):
    """The lead, for deciding whether to end the game; after LONG_GAME rounds everyone wants it over, so
    a player who is behind cannot hold the game open for ever."""
    extra = s[G_ROUND] - LONG_GAME
    return cx[CX_LEAD] if extra < 0 else abs(cx[CX_LEAD]) + extra


@njit(cache=True)
def lead(s, p):
    """This seat's VP-and-money estimate minus the best other seat's."""
    mine = s[pb(p) + P_VP] + s[pb(p) + P_MONEY] / 2
    best = -1e9
    for o in range(s[G_PLAYERS]):
        if o != p:
            best = max(best, s[pb(o) + P_VP] + s[pb(o) + P_MONEY] / 2)
    return mine - best


@njit(cache=True)
def chip_value(s, d, w, p, chip, cx):
    if chip < 0:
        return 0.0
    reward = d[D_CHIP_REWARD + chip]
    amount = d[D_CHIP_AMOUNT + chip]
    if reward == R_YEN:
        return w[W_CHIP] * cx[CX_MONEY] * amount
    if reward == R_IMPORTS:
        return w[W_CHIP] * w[W_IMPORT] * amount
    return w[W_CHIP] * cx[reward - 1] * amount


@njit(cache=True)
def reward_value(s, d, w, p, loc, space, cx):
    base = D_LOC_REWARD + (loc * LOC_SPACES + space) * N_REWARD
    v = w[W_VP] * d[base + RW_VP] + cx[CX_MONEY] * d[base + RW_YEN] + w[W_IMPORT] * d[base + RW_IMPORTS]
    v += w[W_ASSISTANT] * min(d[base + RW_WAREHOUSE], s[pb(p) + P_ASSIST_WAREHOUSE])
    for g in range(N_GOODS):
        v += cx[g] * d[base + RW_GOODS + g]
    return v


@njit(cache=True)
def build_value(s, d, k, w, p, q, space, cx):
    loc = s[qb(q) + Q_LOCATION]
    b = pb(p)
    v = reward_value(s, d, w, p, loc, space, cx) + w[W_BUILD]
    if space == LOC_TH:
        v += w[W_BUILD]
        if owns(s, p, T_ELECTRIC):
            v += w[W_VP] * k[K_ELECTRIC_VP]
        if s[b + P_TH_BUILT] + 1 >= k[K_START_TH_WAREHOUSE]:
            v += w[W_END] * end_appetite(s, cx)
    else:
        if owns(s, p, T_GASLIGHT):
            v += w[W_VP] * k[K_GASLIGHT_VP]
        if s[b + P_SHOPS_BUILT] + 1 >= k[K_START_SHOPS_HAND] + k[K_START_SHOPS_WAREHOUSE]:
            v += w[W_END] * end_appetite(s, cx)
    return v


@njit(cache=True)
def recall_value(s, w, p):
    on_board = 0
    for q in range(s[G_N_POS]):
        on_board += s[qb(q) + Q_ASSIST + p]
    hand = s[pb(p) + P_ASSIST_HAND]
    if hand >= 2:
        return -1.0
    return w[W_RECALL] * on_board - 1.0


# ---------------------------------------------------------------- the value of acting in an area


@njit(cache=True)
def area_value(s, d, k, w, p, q, pw, cx):
    """Worth of an area action at position q with power pw, with the chip and building it would allow."""
    kind = kind_at(s, q)
    if kind == K_CANAL or pw < 1:
        return NEG
    act = d[D_AREA_ACTION + kind]
    amount = d[D_AREA_POWER + kind * N_POWER + min(pw, N_POWER) - 1]
    b = pb(p)
    v = 0.0
    if act <= ACT_FISH:
        v = cx[CX_GOODS + act] * min(amount, s[G_SUPPLY + act])  # an empty supply gives nothing
    elif act == ACT_YEN:
        v = cx[CX_MONEY] * amount
    elif act == ACT_ORDERS:
        v = port_value(s, d, k, w, p, q, amount, cx)
        if pw >= 5:
            v += w[W_VP] * k[K_PORT5_VP]
    elif act == ACT_TECHS:
        v = lab_value(s, d, k, w, p, q, amount, cx)
    elif act == ACT_HIRE:
        v = agency_value(s, d, k, w, p, amount, cx)
    elif act == ACT_EXCHANGE:
        v = chinatown_value(s, k, w, p, amount, cx)
    elif act == ACT_CHURCH:
        best, _ = church_plan(s, d, k, w, p, amount, 0, cx)
        v = max(0.0, best)
    elif act == ACT_CUSTOMS:
        for i in range(d[D_CUSTOMS_N]):
            if s[G_CUSTOMS + i] == NONE and d[D_CUSTOMS_IMPORTS + i] <= min(amount, s[b + P_IMPORTS]):
                v = max(v, customs_space_value(s, d, k, w, p, i, cx))
    if pw >= 5 and s[qb(q) + Q_CHIP] >= 0:
        v += chip_value(s, d, w, p, s[qb(q) + Q_CHIP], cx)
    if pw >= k[K_BUILD_POWER]:
        if np.isnan(cx[CX_BUILD + q]):
            cx[CX_BUILD + q] = max(0.0, best_build(s, d, k, w, p, q, cx))
        v += cx[CX_BUILD + q]
    return v


@njit(cache=True)
def best_build(s, d, k, w, p, q, cx):
    loc = s[qb(q) + Q_LOCATION]
    if loc < 0:
        return 0.0
    best = 0.0
    if can_build_th(s, p, q):
        best = build_value(s, d, k, w, p, q, LOC_TH, cx)
    if s[pb(p) + P_SHOPS_HAND] >= 1:
        for i in range(d[D_LOC_SHOPS + loc]):
            if s[qb(q) + Q_SHOP + i] == p:
                return best
        for i in range(d[D_LOC_SHOPS + loc]):
            if s[qb(q) + Q_SHOP + i] == NONE:
                best = max(best, build_value(s, d, k, w, p, q, i, cx))
    return best


@njit(cache=True)
def port_value(s, d, k, w, p, q, reach, cx):
    room = k[K_HAND_LIMIT] - hand_orders(s, p)
    if room < 1 or reach < 1:
        return 0.0
    board = 0 if kind_at(s, q) == K_PORT else 1
    first = G_PORT_SLOTS + board * N_SLOTS
    best = 0.0
    second = 0.0
    for slot in range(N_SLOTS):
        o = s[first + slot]
        if o >= 0 and d[D_PORT_TIER + slot] <= reach:
            v = slot_value(s, d, k, w, p, board * N_SLOTS + slot, o, cx)
            if v > best:
                second = best
                best = v
            elif v > second:
                second = v
    if room >= 2 and s[pb(p) + P_MONEY] >= k[K_SECOND_ORDER_YEN]:
        best += max(0.0, second - cx[CX_MONEY] * k[K_SECOND_ORDER_YEN])
    return best


@njit(cache=True)
def slot_value(s, d, k, w, p, i, card, cx):
    """Worth of the card in slot i (order slots of boards A, B, then tech slots of boards A, B), computed
    once per decision: area values ask for the same slots again and again."""
    c = CX_SLOT_VALUE + i
    if np.isnan(cx[c]):
        cx[c] = order_value(s, d, k, w, p, card, cx) if i < 2 * N_SLOTS else tech_value(s, d, k, w, p, card, cx)
    return cx[c]


@njit(cache=True)
def lab_value(s, d, k, w, p, q, industry, cx):
    board = 0 if kind_at(s, q) == K_LAB else 1
    first = G_LAB_SLOTS + board * N_SLOTS
    b = pb(p)
    best = 0.0
    fee = 1 if s[b + P_N_TECHS] >= 3 else 0
    for slot in range(N_SLOTS):
        t = s[first + slot]
        if t < 0 or owns(s, p, t):
            continue
        need = max(0, d[D_TECH_INDUSTRY + t] + d[D_LAB_EXTRA + slot] - industry) + fee
        if 2 * need > s[b + P_MONEY] + 2 * s[b + P_IMPORTS]:
            continue
        v = slot_value(s, d, k, w, p, (2 + board) * N_SLOTS + slot, t, cx) - need * min(2 * cx[CX_MONEY], w[W_IMPORT])
        best = max(best, v)
    return best


@njit(cache=True)
def agency_value(s, d, k, w, p, items, cx):
    b = pb(p)
    v = 0.0
    left = items
    money = s[b + P_MONEY]
    th_price = trading_house_price(s, k, p)
    if left > 0 and s[b + P_TH_WAREHOUSE] >= 1 and money >= th_price:
        v += max(0.0, hire_value(s, d, k, w, p, 2, cx))
        money -= th_price
        left -= 1
    shops = min(left, s[b + P_SHOPS_WAREHOUSE], money // max(1, k[K_SHOP_YEN]))
    if shops > 0:
        v += shops * max(0.0, hire_value(s, d, k, w, p, 1, cx))
        left -= shops
    v += min(left, s[b + P_ASSIST_WAREHOUSE]) * hire_value(s, d, k, w, p, 0, cx)
    return v


@njit(cache=True)
def chinatown_value(s, k, w, p, exchanges, cx):
    b = pb(p)
    buys = min(exchanges, s[b + P_MONEY] // max(1, k[K_CT_IMPORT_YEN]), s[G_IMPORT_SUPPLY])
    return max(0.0, buys * (w[W_IMPORT] - cx[CX_MONEY] * k[K_CT_IMPORT_YEN]))


@njit(cache=True)
def move_value(s, d, k, w, p, q, cx):
    pw = power_at(s, k, p, q)
    if s[pb(p) + P_PRESIDENT] != q:
        pw = min(k[K_MAX_POWER], pw + 1)
    return area_value(s, d, k, w, p, q, pw, cx) - cx[CX_MONEY] * cx[CX_MOVE_COST + q]


# ---------------------------------------------------------------- the turn plan for placement


@njit(cache=True)
def make_plan(s, d, k, w, p, cx, memory):
    """Pick the area to act in this turn and how to place for it (two there, or one there and seeds)."""
    n_pos = s[G_N_POS]
    b = pb(p)
    hand = s[b + P_ASSIST_HAND]
    start = s[b + P_PRESIDENT]
    top = k[K_MAX_POWER]
    worth = np.full((MAX_POS, top + 1), np.nan)  # area_value by position and power, filled on demand
    seed_v = np.full(MAX_POS, NEG)
    placeable = placeable_bits(s, k, p)
    for q in range(n_pos):
        if (placeable >> q) & 1:
            later = min(top, power_at(s, k, p, q) + 2)
            seed_v[q] = w[W_TEMPO] * (1.0 + 0.15 * cached_value(s, d, k, w, p, q, later, cx, worth))
    ranked = best_seeds(seed_v)
    best_v = NEG
    memory[PLAN_TARGET] = -1
    for t in range(n_pos):
        if t == start or kind_at(s, t) == K_CANAL:
            continue
        reach = reach_cost(s, k, p, t, cx, start)
        if reach >= UNREACHABLE:
            continue
        can_place = (placeable >> t) & 1 == 1
        base = power_at(s, k, p, t) + 1
        fee = cx[CX_MONEY] * other_presidents(s, p, t)
        for stack in range(2):
            added = min(hand, 2 if stack else 1) if can_place else 0
            if (stack and added < 2) or (s[qb(t) + Q_ASSIST + p] + added < 1 and not owns_route(s, p, t)):
                continue
            v = cached_value(s, d, k, w, p, t, min(top, base + added), cx, worth) - cx[CX_MONEY] * reach - fee * added
            if not stack:
                v += seeds_for(ranked, seed_v, t, min(hand - added, N_SEEDS - 1), memory, False)
            if v > best_v:
                best_v = v
                memory[PLAN_TARGET] = t
                memory[PLAN_STACK] = stack
                if not stack:
                    seeds_for(ranked, seed_v, t, min(hand - added, N_SEEDS - 1), memory, True)


@njit(cache=True)
def cached_value(s, d, k, w, p, q, pw, cx, worth):
    if np.isnan(worth[q, pw]):
        worth[q, pw] = area_value(s, d, k, w, p, q, pw, cx)
    return worth[q, pw]


@njit(cache=True)
def owns_route(s, p, t):
    """Tram or Station move there without an assistant."""
    return owns(s, p, T_TRAM) == 1 or (owns(s, p, T_STATION) == 1 and s[G_STATION] == t)


@njit(cache=True)
def reach_cost(s, k, p, t, cx, start):
    """Yen to move to t once an assistant is placed there (approximated from the current costs)."""
    if cx[CX_MOVE_COST + t] < UNREACHABLE:
        return cx[CX_MOVE_COST + t]
    if other_presidents(s, p, t) > 0:
        return UNREACHABLE
    if start < 0:
        return 0
    if (s[G_ADJ + start] >> t) & 1:
        return 0
    best = UNREACHABLE
    for u in range(s[G_N_POS]):
        if cx[CX_MOVE_COST + u] < UNREACHABLE and (s[G_ADJ + u] >> t) & 1:
            best = min(best, cx[CX_MOVE_COST + u])
    return best


@njit(cache=True)
def best_seeds(seed_v):
    """The N_SEEDS positions with the highest positive seed value, best first (-1 where there are fewer)."""
    ranked = np.full(N_SEEDS, -1, np.int64)
    for q in range(seed_v.shape[0]):
        if seed_v[q] <= 0:
            continue
        v = seed_v[q]
        for i in range(N_SEEDS):
            if ranked[i] < 0 or v > seed_v[ranked[i]]:
                for j in range(N_SEEDS - 1, i, -1):
                    ranked[j] = ranked[j - 1]
                ranked[i] = q
                break
    return ranked


@njit(cache=True)
def seeds_for(ranked, seed_v, t, n, memory, keep):
    """Sum of the n best seed values other than the target t; when `keep`, their positions go to memory."""
    total = 0.0
    taken = 0
    if keep:
        for i in range(N_SEEDS - 1):
            memory[PLAN_SEED + i] = -1
    for q in ranked:
        if taken >= n or q < 0:
            break
        if q == t:
            continue
        if keep:
            memory[PLAN_SEED + taken] = q
        total += seed_v[q]
        taken += 1
    return total


@njit(cache=True)
def follow_plan(s, k, mask, p, memory):
    t = memory[PLAN_TARGET]
    n = s[G_PLACE_N]
    if t < 0:
        return A_PLACE_DONE
    if n == 0:
        return A_PLACE + t if mask[A_PLACE + t] else A_PLACE_DONE
    if memory[PLAN_STACK]:
        if mask[A_PLACE + t]:
            return A_PLACE + t
        best = -1  # Telegram: the adjacent area with the most own pieces
        for q in range(s[G_N_POS]):
            if mask[A_PLACE + q] and (best < 0 or s[qb(q) + Q_ASSIST + p] > s[qb(best) + Q_ASSIST + p]):
                best = q
        return A_PLACE + best if best >= 0 else A_PLACE_DONE
    i = n - 1
    if i < N_SEEDS - 1:
        q = memory[PLAN_SEED + i]
        if q >= 0 and mask[A_PLACE + q]:
            return A_PLACE + q
    return A_PLACE_DONE
