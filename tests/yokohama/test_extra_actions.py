"""The additional-action phases (seed 000 追加アクションフェイズ): before and after the main action, in any
order and number: foreign agents (once a turn), achievements, orders; and the country check (国チェック)."""

import pytest

from sim.games.yokohama.actions import (
    A_ACHIEVE,
    A_BUILD_SKIP,
    A_BUY_TECH,
    A_END_EXTRA,
    A_FULFIL,
    A_PLACE_DONE,
    A_RECALL_DONE,
    A_RETURN,
    A_USE_AGENT,
    MAX_TECH_IMPORTS,
)
from sim.games.yokohama.layout import (
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
    G_ACH_CLAIMED,
    G_AGENT_SUPPLY,
    G_CUR,
    G_IMPORT_SUPPLY,
    G_N_POS,
    G_PHASE,
    G_SUPPLY,
    HAND_SLOTS,
    K_BANK,
    K_FISH,
    K_LAB,
    K_TEA,
    MAX_POS,
    N_ACHIEVEMENTS,
    N_COUNTRIES,
    N_GOODS,
    NONE,
    P_ACHIEVE_N,
    P_AGENTS,
    P_AGENTS_GAINED,
    P_ASSIST_HAND,
    P_CHIPS,
    P_CHURCH_N,
    P_CUSTOMS_N,
    P_FLAGS,
    P_GOODS,
    P_IMPORTS,
    P_MONEY,
    P_N_TECHS,
    P_ORDER_FLAGS,
    P_ORDERS_DONE,
    P_ORDERS_HAND,
    P_PRESIDENT,
    P_SHOPS_BUILT,
    P_TH_BUILT,
    P_VP,
    PH_BUILD,
    PH_EXTRA_AFTER,
    PH_EXTRA_BEFORE,
    PH_PLACE,
    Q_ASSIST,
    Q_CHIP,
    Q_KIND,
    Q_SHOP,
    Q_TH,
    T_GASLIGHT,
    V_ACHIEVEMENTS,
    V_ORDERS,
)
from sim.games.yokohama.tables import (
    A_AMOUNT,
    A_AMOUNT2,
    A_CONDITION,
    A_VP_FIRST,
    A_VP_LATER,
    D_ACH,
    D_ACH_N,
    D_AREA_CATEGORY,
    N_ACH_FIELDS,
    O_COUNTRY,
    O_IMPORTS,
    O_VP,
    O_YEN,
    load,
)

from .scenario import (
    DATA,
    ach_field,
    achievement_cards,
    act,
    acts,
    area_value,
    board_with,
    in_range,
    legal,
    move_in,
    new_game,
    order_field,
    order_goods,
    order_of_country,
    orders_where,
    pass_turn,
    pb,
    put_achievement,
    qb,
    set_hand_orders,
    set_turn,
    skip_rest_of_action,
    tech_country,
    tech_slot,
    vp,
)


def agents_at(s):
    return in_range(legal(s), A_USE_AGENT, MAX_POS)


def game_at_turn_start(players=4):
    s = new_game(players)
    set_turn(s, 0)
    set_hand_orders(s, 0, [])
    return s


def payable_order(s, p, slot, o):
    """Order o in hand slot `slot` of seat p, with exactly the goods it asks for added."""
    s[pb(p) + P_ORDERS_HAND + slot] = o
    for g, n in enumerate(order_goods(o)):
        s[pb(p) + P_GOODS + g] += n


# ---------------------------------------------------------------- the phases


def test_extra_actions_are_offered_before_the_main_action():
    s = game_at_turn_start()
    payable_order(s, 0, 0, 0)
    assert A_FULFIL + 0 in legal(s)
    assert A_END_EXTRA in legal(s)
    act(s, A_END_EXTRA)
    assert s[G_PHASE] == PH_PLACE


def test_extra_actions_are_offered_after_the_main_action():
    s = game_at_turn_start()
    acts(s, A_END_EXTRA, A_PLACE_DONE, A_RETURN, A_RECALL_DONE)
    assert s[G_PHASE] == PH_EXTRA_AFTER
    payable_order(s, 0, 0, 0)
    assert A_FULFIL + 0 in legal(s)
    act(s, A_FULFIL + 0)
    assert s[pb(0) + P_ORDERS_DONE] == 1
    act(s, A_END_EXTRA)
    assert s[G_CUR] == 1 and s[G_PHASE] == PH_EXTRA_BEFORE


def test_extra_actions_in_any_order_and_number():
    s = game_at_turn_start()
    yen_card = achievement_cards(condition=C_YEN)[0]
    put_achievement(s, 1, yen_card)
    o1, o2 = orders_where(lambda o: True)[:2]
    payable_order(s, 0, 0, o1)
    payable_order(s, 0, 1, o2)
    s[pb(0) + P_MONEY] = ach_field(yen_card, A_AMOUNT)
    act(s, A_FULFIL + 1)
    act(s, A_ACHIEVE + 1)
    act(s, A_FULFIL + 0)
    assert s[pb(0) + P_ORDERS_DONE] == 2
    assert s[pb(0) + P_ACHIEVE_N] == 1
    assert s[G_PHASE] == PH_EXTRA_BEFORE


# ---------------------------------------------------------------- foreign agents


def test_foreign_agent_acts_where_own_assistant_stands_but_not_own_president():
    s = game_at_turn_start()
    a, b, c = board_with(s, [K_BANK, K_TEA, K_FISH])
    s[pb(0) + P_AGENTS] = 1
    assert agents_at(s) == set()  # no assistant anywhere
    for q in (a, b, c):
        s[qb(q) + Q_ASSIST + 0] = 1
    s[pb(0) + P_PRESIDENT] = b
    s[pb(1) + P_PRESIDENT] = c  # another president is no obstacle
    assert agents_at(s) == {a, c}


def test_foreign_agent_needs_an_unused_agent():
    s = game_at_turn_start()
    (a,) = board_with(s, [K_BANK])
    s[qb(a) + Q_ASSIST + 0] = 1
    assert agents_at(s) == set()
    s[pb(0) + P_AGENTS] = 1
    assert agents_at(s) == {a}


def test_foreign_agent_pays_no_president():
    s = game_at_turn_start()
    (q,) = board_with(s, [K_FISH])
    s[qb(q) + Q_CHIP] = NONE
    s[qb(q) + Q_ASSIST + 0] = 1
    s[pb(1) + P_PRESIDENT] = q
    s[pb(0) + P_AGENTS] = 1
    money = [int(s[pb(p) + P_MONEY]) for p in range(4)]
    act(s, A_USE_AGENT + q)
    assert [s[pb(p) + P_MONEY] for p in range(4)] == money
    assert s[pb(0) + P_GOODS + K_FISH] == 1 + area_value(K_FISH, 1)


def test_foreign_agent_runs_steps_three_to_six_and_returns_to_the_phase():
    s = game_at_turn_start()
    (q,) = board_with(s, [K_FISH])
    s[qb(q) + Q_CHIP] = NONE
    s[qb(q) + Q_ASSIST + 0] = 4  # power 4 without the president: building is offered
    s[pb(0) + P_AGENTS] = 2
    hand = s[pb(0) + P_ASSIST_HAND]
    act(s, A_USE_AGENT + q)
    assert s[pb(0) + P_AGENTS] == 1
    assert s[pb(0) + P_GOODS + K_FISH] == 1 + area_value(K_FISH, 4)
    assert s[G_PHASE] == PH_BUILD
    act(s, A_BUILD_SKIP)
    assert s[G_PHASE] == PH_EXTRA_BEFORE
    assert s[qb(q) + Q_ASSIST + 0] == 0 and s[pb(0) + P_ASSIST_HAND] == hand + 4


def test_foreign_agent_in_the_later_phase_returns_to_the_later_phase():
    s = game_at_turn_start()
    (q,) = board_with(s, [K_FISH])
    s[qb(q) + Q_CHIP] = NONE
    s[qb(q) + Q_ASSIST + 0] = 1
    s[pb(0) + P_AGENTS] = 1
    acts(s, A_END_EXTRA, A_PLACE_DONE, A_RETURN, A_RECALL_DONE)
    act(s, A_USE_AGENT + q)
    assert s[G_PHASE] == PH_EXTRA_AFTER


def test_foreign_agent_once_per_turn():
    s = game_at_turn_start()
    a, b = board_with(s, [K_FISH, K_TEA])
    for q in (a, b):
        s[qb(q) + Q_CHIP] = NONE
        s[qb(q) + Q_ASSIST + 0] = 2
    s[pb(0) + P_AGENTS] = 2
    act(s, A_USE_AGENT + a)
    assert agents_at(s) == set()  # b has an assistant and an agent is left, but not this turn
    acts(s, A_END_EXTRA, A_PLACE_DONE, A_RETURN, A_RECALL_DONE)
    assert agents_at(s) == set()  # nor after the main action
    act(s, A_END_EXTRA)
    for _ in range(3):
        pass_turn(s)
    assert s[G_CUR] == 0
    assert agents_at(s) == {b}  # the next turn, again


# ---------------------------------------------------------------- achievements


def positions_of_category(s, category, data=DATA):
    return [q for q in range(int(s[G_N_POS])) if data[D_AREA_CATEGORY + s[qb(q) + Q_KIND]] == category]


def build_in(s, p, positions, trading_house=False):
    for q in positions:
        if trading_house:
            s[qb(q) + Q_TH] = p
        else:
            s[qb(q) + Q_SHOP + 0] = p


def meet(s, p, card, short, data=DATA):
    """Make seat p meet achievement `card` of `data` exactly (or fall one short)."""
    b = pb(p)
    field = lambda f: int(data[D_ACH + card * N_ACH_FIELDS + f])  # noqa: E731
    cond, n = field(A_CONDITION), field(A_AMOUNT)
    m = n - 1 if short else n
    if cond == C_GOODS_SET:
        for g in range(N_GOODS):
            s[b + P_GOODS + g] = n
        s[b + P_GOODS + N_GOODS - 1] = m
    elif C_COPPER_HELD <= cond <= C_FISH_HELD:
        for g in range(N_GOODS):
            s[b + P_GOODS + g] = 0
        s[b + P_GOODS + cond - C_COPPER_HELD] = m
    elif cond == C_TECHS:
        s[b + P_N_TECHS] = m
    elif cond == C_ORDERS:
        s[b + P_ORDERS_DONE] = m
    elif cond == C_SHOPS:
        s[b + P_SHOPS_BUILT] = m
    elif cond == C_YEN:
        s[b + P_MONEY] = m
    elif cond == C_CHIPS_AGENTS:  # five-power chips and foreign agents, used ones included
        s[b + P_CHIPS] = m // 2
        s[b + P_AGENTS_GAINED] = m - m // 2
        s[b + P_AGENTS] = 0
    elif cond == C_TRADING_HOUSES:
        s[b + P_TH_BUILT] = m
    elif cond == C_CHURCH_CUSTOMS:
        s[b + P_CHURCH_N] = 1
        s[b + P_CUSTOMS_N] = 0 if short else 1
    elif cond == C_IMPORTS:
        s[b + P_IMPORTS] = m
    elif cond == C_ORDER_COUNTRIES:
        for c in range(N_COUNTRIES):
            s[b + P_ORDER_FLAGS + c] = 1 if c < m else 0
    elif cond == C_BUILDING_AREAS:
        production, commercial = n, field(A_AMOUNT2)
        if short and production > 0:
            production -= 1
        elif short:
            commercial -= 1
        build_in(s, p, positions_of_category(s, CAT_PRODUCTION, data)[:production])
        build_in(s, p, positions_of_category(s, CAT_COMMERCIAL, data)[:commercial], trading_house=True)
    else:
        raise AssertionError(f"condition {cond}")


@pytest.mark.parametrize("card", range(len(achievement_cards())))
def test_achievement_is_claimed_only_when_its_condition_is_met(card):
    """English rulebook, Achievement Cards A, B, C (the twelve cards of data/achievements.csv)."""
    s = game_at_turn_start()
    put_achievement(s, 0, card)
    meet(s, 0, card, short=True)
    assert A_ACHIEVE + 0 not in legal(s)
    meet(s, 0, card, short=False)
    assert A_ACHIEVE + 0 in legal(s)


OLD_SET = load("seed-guess-2026").array


@pytest.mark.parametrize("card", range(int(OLD_SET[D_ACH_N])))
def test_achievements_of_the_old_data_set_are_claimed_only_when_their_condition_is_met(card):
    s = game_at_turn_start()
    put_achievement(s, 0, card)
    meet(s, 0, card, short=True, data=OLD_SET)
    assert A_ACHIEVE + 0 not in legal(s, d=OLD_SET)
    meet(s, 0, card, short=False, data=OLD_SET)
    act(s, A_ACHIEVE + 0, d=OLD_SET)
    assert s[G_ACH_CLAIMED + 0] == 1 << 0  # claimed by seat 0


def test_a_c_achievement_counts_an_area_with_several_own_buildings_once():
    """English rulebook, Achievement Cards C: more than one shop and/or trading house in the same area counts
    for only one icon."""
    (card,) = [c for c in achievement_cards(condition=C_BUILDING_AREAS) if ach_field(c, A_AMOUNT2) == 0]
    need = ach_field(card, A_AMOUNT)
    s = game_at_turn_start()
    put_achievement(s, 0, card)
    production = positions_of_category(s, CAT_PRODUCTION)
    build_in(s, 0, production[: need - 1])
    build_in(s, 0, production[: need - 1], trading_house=True)  # a shop and the trading house in each
    assert A_ACHIEVE + 0 not in legal(s)
    build_in(s, 0, production[need - 1 : need])
    assert A_ACHIEVE + 0 in legal(s)


def test_a_c_achievement_counts_only_areas_of_its_category():
    (card,) = [c for c in achievement_cards(condition=C_BUILDING_AREAS) if ach_field(c, A_AMOUNT2) == 0]
    s = game_at_turn_start()
    put_achievement(s, 0, card)
    build_in(s, 0, positions_of_category(s, CAT_COMMERCIAL))  # a shop in every commercial area
    assert A_ACHIEVE + 0 not in legal(s)
    build_in(s, 1, positions_of_category(s, CAT_PRODUCTION))  # another seat's buildings count for nothing
    assert A_ACHIEVE + 0 not in legal(s)


def test_achievement_first_claimant_scores_left_value():
    s = game_at_turn_start()
    card = achievement_cards(condition=C_YEN)[0]
    put_achievement(s, 2, card)
    need = ach_field(card, A_AMOUNT)
    s[pb(0) + P_MONEY] = need
    s[pb(1) + P_MONEY] = need
    hand = s[pb(0) + P_ASSIST_HAND]
    act(s, A_ACHIEVE + 2)
    assert vp(s, 0, V_ACHIEVEMENTS) == ach_field(card, A_VP_FIRST)
    assert s[pb(0) + P_ASSIST_HAND] == hand - 1 and s[pb(0) + P_ACHIEVE_N] == 1
    assert s[pb(0) + P_MONEY] == need  # nothing shown on the card is paid
    assert s[G_ACH_CLAIMED + 2] == 1 << 0
    set_turn(s, 1)
    act(s, A_ACHIEVE + 2)
    assert vp(s, 1, V_ACHIEVEMENTS) == ach_field(card, A_VP_LATER)
    assert ach_field(card, A_VP_LATER) < ach_field(card, A_VP_FIRST)


def test_achievement_is_claimed_once_per_player():
    s = game_at_turn_start()
    card = achievement_cards(condition=C_YEN)[0]
    put_achievement(s, 0, card)
    s[pb(0) + P_MONEY] = ach_field(card, A_AMOUNT)
    act(s, A_ACHIEVE + 0)
    assert A_ACHIEVE + 0 not in legal(s)
    set_turn(s, 0)
    assert A_ACHIEVE + 0 not in legal(s)


def test_achievement_needs_an_assistant_in_hand():
    s = game_at_turn_start()
    card = achievement_cards(condition=C_YEN)[0]
    put_achievement(s, 0, card)
    s[pb(0) + P_MONEY] = ach_field(card, A_AMOUNT)
    s[pb(0) + P_ASSIST_HAND] = 0
    assert in_range(legal(s), A_ACHIEVE, N_ACHIEVEMENTS) == set()
    s[pb(0) + P_ASSIST_HAND] = 1
    assert in_range(legal(s), A_ACHIEVE, N_ACHIEVEMENTS) == {0}


# ---------------------------------------------------------------- orders


def test_fulfilling_an_order_pays_its_goods_and_gives_its_reward():
    s = game_at_turn_start()
    o = orders_where(lambda o: order_field(o, O_IMPORTS) > 0)[0]
    b = pb(0)
    payable_order(s, 0, 1, o)
    goods = [int(s[b + P_GOODS + g]) for g in range(N_GOODS)]
    supply = [int(s[G_SUPPLY + g]) for g in range(N_GOODS)]
    money, imports, import_supply = s[b + P_MONEY], s[b + P_IMPORTS], int(s[G_IMPORT_SUPPLY])
    country = order_field(o, O_COUNTRY)
    act(s, A_FULFIL + 1)
    need = order_goods(o)
    assert [s[b + P_GOODS + g] for g in range(N_GOODS)] == [goods[g] - need[g] for g in range(N_GOODS)]
    assert [s[G_SUPPLY + g] for g in range(N_GOODS)] == [supply[g] + need[g] for g in range(N_GOODS)]
    assert vp(s, 0, V_ORDERS) == order_field(o, O_VP)
    assert s[b + P_IMPORTS] == imports + order_field(o, O_IMPORTS)
    assert s[G_IMPORT_SUPPLY] == import_supply - order_field(o, O_IMPORTS)
    assert s[b + P_MONEY] == money + order_field(o, O_YEN)
    assert s[b + P_ORDERS_HAND + 1] == NONE
    assert s[b + P_ORDERS_DONE] == 1
    assert s[b + P_ORDER_FLAGS + country] == 1 and s[b + P_FLAGS + country] == 1


def test_order_cannot_be_fulfilled_without_its_goods():
    s = game_at_turn_start()
    o = orders_where(lambda o: order_goods(o)[K_TEA] > 0)[0]
    for g in range(N_GOODS):
        s[pb(0) + P_GOODS + g] = 0
    payable_order(s, 0, 0, o)
    assert in_range(legal(s), A_FULFIL, HAND_SLOTS) == {0}
    s[pb(0) + P_GOODS + K_TEA] -= 1
    assert in_range(legal(s), A_FULFIL, HAND_SLOTS) == set()


# ---------------------------------------------------------------- the country check


@pytest.mark.parametrize("before", range(7))
def test_country_check_gives_agent_at_exactly_two_four_six_flags(before):
    s = game_at_turn_start()
    c = 0
    o = order_of_country(c)
    s[pb(0) + P_FLAGS + c] = before
    supply = s[G_AGENT_SUPPLY + c]
    payable_order(s, 0, 0, o)
    act(s, A_FULFIL + 0)
    gained = 1 if before + 1 in (2, 4, 6) else 0
    assert s[pb(0) + P_FLAGS + c] == before + 1
    assert s[pb(0) + P_AGENTS] == gained and s[pb(0) + P_AGENTS_GAINED] == gained
    assert s[G_AGENT_SUPPLY + c] == supply - gained


def test_country_check_counts_technologies_and_orders_together():
    s = game_at_turn_start()
    c = tech_country(T_GASLIGHT)
    (q,) = board_with(s, [K_LAB])
    s[qb(q) + Q_CHIP] = NONE
    s[tech_slot(0, 0)] = T_GASLIGHT
    s[pb(0) + P_FLAGS + c] = 1  # one fulfilled order of that country
    move_in(s, 0, q, 5)
    act(s, A_BUY_TECH + 0 * (MAX_TECH_IMPORTS + 1))
    assert s[pb(0) + P_AGENTS] == 1
    skip_rest_of_action(s)
    order = order_of_country(c)
    payable_order(s, 0, 0, order)
    act(s, A_FULFIL + 0)  # third flag: no agent
    assert s[pb(0) + P_AGENTS] == 1


def test_country_check_gives_nothing_when_no_agent_of_that_country_is_left():
    s = game_at_turn_start()
    c = N_COUNTRIES - 1
    s[G_AGENT_SUPPLY + c] = 0
    s[pb(0) + P_FLAGS + c] = 1
    payable_order(s, 0, 0, order_of_country(c))
    act(s, A_FULFIL + 0)
    assert s[pb(0) + P_AGENTS] == 0
    assert s[G_AGENT_SUPPLY + c] == 0


def test_unused_agents_are_kept_for_later_turns():
    s = game_at_turn_start()
    s[pb(0) + P_AGENTS] = 1
    pass_turn(s)
    assert s[pb(0) + P_AGENTS] == 1
    assert s[pb(0) + P_VP] == 0
