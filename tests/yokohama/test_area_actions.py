"""Steps 3-6 (seed 000 3.エリアアクション .. 6.回収, エリア詳細): power, every kind of area, the five-power
chip, building, recovery, and the trading house owner's income."""

import pytest

from sim.games.yokohama.actions import (
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
    A_HIRE_ASSISTANT,
    A_HIRE_SHOP,
    A_HIRE_TH,
    A_LAB_DONE,
    A_MOVE,
    A_PORT_DONE,
    A_SKIP_CHIP,
    A_TAKE_CHIP,
    A_TAKE_ORDER,
    A_TAKE_ORDER_IMPORT,
    A_TAKE_ORDER_YEN,
    A_USE_AGENT,
    DON_GOODS,
    DON_IMPORT,
    DON_YEN,
    MAX_TECH_IMPORTS,
    N_DONATIONS,
)
from sim.games.yokohama.layout import (
    G_ACT_POS,
    G_ACT_POWER,
    G_CHURCH,
    G_CUR,
    G_CUSTOMS,
    G_FAITH,
    G_IMPORT_SUPPLY,
    G_ORDER_DECK,
    G_ORDER_END,
    G_ORDER_TOP,
    G_PHASE,
    G_STATION,
    G_SUPPLY,
    G_TECH_DECK,
    G_TECH_END,
    G_TECH_TOP,
    HAND_SLOTS,
    K_AGENCY,
    K_BANK,
    K_CHINATOWN,
    K_CHURCH,
    K_COPPER,
    K_CUSTOMS,
    K_DOCK,
    K_FISH,
    K_LAB,
    K_PORT,
    K_RESEARCH,
    K_SILK,
    K_TEA,
    MAX_CUSTOMS,
    MAX_SHOP_SPACES,
    N_GOODS,
    N_SLOTS,
    NONE,
    P_AGENTS,
    P_ASSIST_HAND,
    P_ASSIST_WAREHOUSE,
    P_CHIPS,
    P_CHURCH_N,
    P_CUSTOMS_N,
    P_GOODS,
    P_IMPORTS,
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
    PH_AGENCY,
    PH_BONUS,
    PH_BUILD,
    PH_CHINATOWN,
    PH_CHURCH,
    PH_CUSTOMS,
    PH_EXTRA_AFTER,
    PH_EXTRA_BEFORE,
    PH_LAB,
    PH_MOVE,
    PH_PORT,
    Q_ASSIST,
    Q_CHIP,
    Q_KIND,
    Q_LOCATION,
    Q_SHOP,
    Q_TH,
    R_COPPER,
    R_FISH,
    R_IMPORTS,
    R_SILK,
    R_TEA,
    R_YEN,
    T_BALL,
    T_GASLIGHT,
    T_MINING,
    T_PRINTING,
    T_SPINNING,
    V_BUILDINGS,
    V_CHURCH,
    V_CUSTOMS,
    V_PORT,
)
from sim.games.yokohama.tables import (
    D_CHURCH_FAITH,
    D_CHURCH_N,
    D_CHURCH_VP,
    D_CHURCH_YEN,
    D_CUSTOMS_IMPORTS,
    D_CUSTOMS_N,
    D_CUSTOMS_VP,
    D_CUSTOMS_YEN,
    D_LAB_EXTRA,
    D_LOC_SHOPS,
    D_PORT_TIER,
    LOC_TH,
)

from .scenario import (
    DATA,
    act,
    acts,
    area_value,
    board_with,
    chip_amount,
    chips_with,
    give_tech,
    in_range,
    knobs,
    legal,
    location_reward,
    move_in,
    new_game,
    not_canal,
    order_slot,
    pb,
    qb,
    random_states,
    set_hand_orders,
    set_turn,
    skip_rest_of_action,
    tech_industry,
    tech_slot,
    vp,
)

POWERS = (1, 2, 3, 4, 5)
STRIDE = MAX_TECH_IMPORTS + 1


def acting_at(kind, players=4, chip=False):
    """Seat 0's turn, the board of `kind` on the board; its five-power chip removed unless `chip`."""
    s = new_game(players)
    set_turn(s, 0)
    (q,) = board_with(s, [kind])
    if not chip:
        s[qb(q) + Q_CHIP] = NONE
    return s, q


# ---------------------------------------------------------------- power


def test_power_counts_own_assistants_president_shops_trading_house_and_station():
    s, q = acting_at(K_BANK)
    s[qb(q) + Q_ASSIST + 0] = 1
    s[qb(q) + Q_SHOP + 0] = 0
    s[G_STATION] = q
    set_turn(s, 0, PH_MOVE)
    money = s[pb(0) + P_MONEY]
    act(s, A_MOVE + q)  # 1 assistant + president + shop + station
    assert s[G_ACT_POWER] == 4
    assert s[pb(0) + P_MONEY] == money + area_value(K_BANK, 4)


def test_own_trading_house_adds_one_power():
    s, q = acting_at(K_BANK)
    s[qb(q) + Q_ASSIST + 0] = 1
    s[qb(q) + Q_TH] = 0
    set_turn(s, 0, PH_MOVE)
    act(s, A_MOVE + q)
    assert s[G_ACT_POWER] == 3


def test_other_players_pieces_give_no_power():
    s, q = acting_at(K_BANK)
    s[qb(q) + Q_ASSIST + 0] = 1
    s[qb(q) + Q_ASSIST + 1] = 3
    s[qb(q) + Q_SHOP + 0] = 1
    s[qb(q) + Q_TH] = 2
    set_turn(s, 0, PH_MOVE)
    act(s, A_MOVE + q)
    assert s[G_ACT_POWER] == 2  # its own assistant and president only


@pytest.mark.parametrize("station", (True, False))
@pytest.mark.parametrize("p", range(4))
def test_station_gives_power_to_every_player(p, station):
    s, q = acting_at(K_BANK)
    s[G_STATION] = q if station else NONE
    s[qb(q) + Q_ASSIST + p] = 1
    set_turn(s, p, PH_MOVE)
    act(s, A_MOVE + q)
    assert s[G_ACT_POWER] == 2 + station  # an assistant, the president, and the station for whoever acts


def test_power_is_capped_at_five():
    s, q = acting_at(K_BANK)
    s[qb(q) + Q_ASSIST + 0] = 6
    s[qb(q) + Q_SHOP + 0] = 0
    s[G_STATION] = q
    set_turn(s, 0, PH_MOVE)
    money = s[pb(0) + P_MONEY]
    act(s, A_MOVE + q)  # 6 + 1 + 1 + 1 = 9 pieces
    assert s[G_ACT_POWER] == 5
    assert s[pb(0) + P_MONEY] == money + area_value(K_BANK, 5)


# ---------------------------------------------------------------- production and bank


@pytest.mark.parametrize("kind", (K_COPPER, K_SILK, K_TEA, K_FISH))
@pytest.mark.parametrize("power", POWERS)
def test_production_area_gives_its_good_by_power(kind, power):
    s, q = acting_at(kind)
    good = kind  # copper, silk, tea, fish areas are listed in the order of the goods
    have, supply = s[pb(0) + P_GOODS + good], s[G_SUPPLY + good]
    move_in(s, 0, q, power)
    gained = area_value(kind, power)
    assert s[pb(0) + P_GOODS + good] == have + gained
    assert s[G_SUPPLY + good] == supply - gained
    others = [g for g in range(N_GOODS) if g != good]
    assert all(s[pb(0) + P_GOODS + g] == 1 for g in others)


def test_production_stops_when_the_supply_runs_out():
    s, q = acting_at(K_FISH)
    s[G_SUPPLY + K_FISH] = 1
    move_in(s, 0, q, 5)
    assert s[pb(0) + P_GOODS + K_FISH] == 1 + 1
    assert s[G_SUPPLY + K_FISH] == 0


@pytest.mark.parametrize("power", POWERS)
def test_bank_gives_yen_by_power(power):
    s, q = acting_at(K_BANK)
    money = s[pb(0) + P_MONEY]
    move_in(s, 0, q, power)
    assert s[pb(0) + P_MONEY] == money + area_value(K_BANK, power)


# ---------------------------------------------------------------- port and dock

TIER_REACHED = {1: 0, 2: 1, 3: 2, 4: 3, 5: 3}  # power 1 none, 2 Low, 3 Low-Mid, 4 and 5 Low-High (seed 000)


def at_port(power, kind=K_PORT, hand=()):
    s, q = acting_at(kind)
    set_hand_orders(s, 0, list(hand))
    move_in(s, 0, q, power)
    assert s[G_PHASE] == PH_PORT
    return s, q


@pytest.mark.parametrize("power", POWERS)
def test_port_power_decides_which_order_slots_are_open(power):
    s, q = at_port(power)
    open_slots = in_range(legal(s), A_TAKE_ORDER, N_SLOTS)
    assert open_slots == {i for i in range(N_SLOTS) if DATA[D_PORT_TIER + i] <= TIER_REACHED[power]}


def test_port_power_one_takes_no_order():
    s, q = at_port(1)
    assert legal(s) == {A_PORT_DONE}


def test_port_power_five_gives_three_vp():
    s, q = at_port(5)
    assert s[pb(0) + P_VP] == 3
    assert vp(s, 0, V_PORT) == 3


def test_port_power_four_gives_no_vp():
    s, q = at_port(4)
    assert s[pb(0) + P_VP] == 0


def test_first_order_is_free_the_cards_left_move_left_and_the_deck_refills_the_right():
    """English rulebook, Port, Replenishing Cards: move all cards to the left, then fill the empty spaces."""
    s, q = at_port(4)
    before = [int(s[order_slot(0, i)]) for i in range(N_SLOTS)]
    nxt = int(s[G_ORDER_DECK + s[G_ORDER_TOP]])
    money = s[pb(0) + P_MONEY]
    act(s, A_TAKE_ORDER + 1)
    assert s[pb(0) + P_ORDERS_HAND + 0] == before[1]
    assert s[pb(0) + P_MONEY] == money
    assert s[G_PHASE] == PH_PORT  # a second may follow
    act(s, A_PORT_DONE)
    assert [int(s[order_slot(0, i)]) for i in range(N_SLOTS)] == [before[0], *before[2:], nxt]


def test_two_orders_taken_leave_the_rest_shifted_left_and_two_new_cards_on_the_right():
    s, q = at_port(4)
    s[pb(0) + P_MONEY] = 2
    before = [int(s[order_slot(0, i)]) for i in range(N_SLOTS)]
    top = int(s[G_ORDER_TOP])
    new = [int(s[G_ORDER_DECK + top]), int(s[G_ORDER_DECK + top + 1])]
    acts(s, A_TAKE_ORDER + 0, A_TAKE_ORDER_YEN + 3)
    assert [int(s[order_slot(0, i)]) for i in range(N_SLOTS)] == [before[1], before[2], before[4], before[5], *new]


def test_second_order_costs_two_yen_or_one_import():
    s, q = at_port(4)
    s[pb(0) + P_MONEY] = 5
    s[pb(0) + P_IMPORTS] = 1
    act(s, A_TAKE_ORDER + 0)
    options = legal(s)
    assert in_range(options, A_TAKE_ORDER, N_SLOTS) == set()
    assert in_range(options, A_TAKE_ORDER_YEN, N_SLOTS) == set(range(1, N_SLOTS))
    assert in_range(options, A_TAKE_ORDER_IMPORT, N_SLOTS) == set(range(1, N_SLOTS))
    second = int(s[order_slot(0, 1)])
    act(s, A_TAKE_ORDER_YEN + 1)
    assert s[pb(0) + P_MONEY] == 5 - 2
    assert s[pb(0) + P_IMPORTS] == 1
    assert s[pb(0) + P_ORDERS_HAND + 1] == second
    assert s[G_PHASE] != PH_PORT  # two orders at most


def test_second_order_paid_with_an_import():
    s, q = at_port(4)
    s[pb(0) + P_MONEY] = 0
    s[pb(0) + P_IMPORTS] = 1
    act(s, A_TAKE_ORDER + 0)
    assert in_range(legal(s), A_TAKE_ORDER_YEN, N_SLOTS) == set()
    act(s, A_TAKE_ORDER_IMPORT + 1)
    assert s[pb(0) + P_IMPORTS] == 0
    assert s[pb(0) + P_MONEY] == 0


def test_second_order_needs_two_yen_or_an_import():
    s, q = at_port(4)
    s[pb(0) + P_MONEY] = 1
    s[pb(0) + P_IMPORTS] = 0
    act(s, A_TAKE_ORDER + 0)
    assert legal(s) == {A_PORT_DONE}


def spare_orders(s, n):
    """Order cards still in the deck (not on a board, not in a hand)."""
    return [int(s[G_ORDER_DECK + i]) for i in range(s[G_ORDER_END] - n, s[G_ORDER_END])]


def test_order_hand_limit_is_three():
    s, q = acting_at(K_PORT)
    s[pb(0) + P_MONEY] = 9
    set_hand_orders(s, 0, spare_orders(s, 2))
    move_in(s, 0, q, 4)
    act(s, A_TAKE_ORDER + 0)  # the third card in hand
    assert legal(s) == {A_PORT_DONE}  # no fourth, paid or not


def test_full_hand_takes_no_order():
    s, q = acting_at(K_PORT)
    set_hand_orders(s, 0, spare_orders(s, HAND_SLOTS))
    move_in(s, 0, q, 4)
    assert legal(s) == {A_PORT_DONE}


def test_dock_takes_orders_from_the_second_order_board():
    s, q = acting_at(K_DOCK)
    move_in(s, 0, q, 4)
    order = int(s[order_slot(1, 0)])
    port_card = int(s[order_slot(0, 0)])
    act(s, A_TAKE_ORDER + 0)
    assert s[pb(0) + P_ORDERS_HAND + 1] == order
    assert s[order_slot(0, 0)] == port_card


# ---------------------------------------------------------------- laboratories A and B


def slot_with_extra(extra):
    return next(i for i in range(N_SLOTS) if DATA[D_LAB_EXTRA + i] == extra)


def at_lab(power, techs, kind=K_LAB, board=0):
    s, q = acting_at(kind)
    for i, t in enumerate(techs):
        s[tech_slot(board, i)] = t
    move_in(s, 0, q, power)
    assert s[G_PHASE] == PH_LAB
    return s, q


def buys(s, slot):
    """The numbers of imports with which the tech in `slot` may be bought."""
    return in_range(legal(s), A_BUY_TECH + slot * STRIDE, STRIDE)


def test_tech_within_the_power_industry_is_free():
    free = slot_with_extra(0)
    techs = [T_GASLIGHT] * N_SLOTS
    s, q = at_lab(tech_industry(T_GASLIGHT), techs)
    assert buys(s, free) == {0}  # no payment beyond what is needed
    money = s[pb(0) + P_MONEY]
    act(s, A_BUY_TECH + free * STRIDE)
    assert s[pb(0) + P_TECHS] == 1 << T_GASLIGHT
    assert s[pb(0) + P_MONEY] == money


def test_each_missing_industry_point_costs_two_yen_or_an_import():
    free = slot_with_extra(0)
    techs = [T_GASLIGHT] * N_SLOTS
    power = tech_industry(T_GASLIGHT) - 2  # two points short
    s, q = at_lab(power, techs)
    s[pb(0) + P_MONEY] = 4
    s[pb(0) + P_IMPORTS] = 2
    assert buys(s, free) == {0, 1, 2}
    act(s, A_BUY_TECH + free * STRIDE + 1)  # one import and 2 yen
    assert s[pb(0) + P_MONEY] == 4 - 2
    assert s[pb(0) + P_IMPORTS] == 2 - 1


def test_industry_points_paid_all_in_imports():
    free = slot_with_extra(0)
    s, q = at_lab(tech_industry(T_GASLIGHT) - 2, [T_GASLIGHT] * N_SLOTS)
    s[pb(0) + P_MONEY] = 0
    s[pb(0) + P_IMPORTS] = 2
    supply = int(s[G_IMPORT_SUPPLY])
    assert buys(s, free) == {2}
    act(s, A_BUY_TECH + free * STRIDE + 2)
    assert s[pb(0) + P_IMPORTS] == 0
    assert s[G_IMPORT_SUPPLY] == supply + 2


def test_tech_slot_surcharge_adds_to_the_industry_needed():
    extra = int(max(DATA[D_LAB_EXTRA + i] for i in range(N_SLOTS)))
    assert extra > 0
    slot = slot_with_extra(extra)
    s, q = at_lab(tech_industry(T_GASLIGHT), [T_GASLIGHT] * N_SLOTS)
    s[pb(0) + P_MONEY] = 2 * extra
    s[pb(0) + P_IMPORTS] = 0
    assert buys(s, slot) == {0}
    act(s, A_BUY_TECH + slot * STRIDE)
    assert s[pb(0) + P_MONEY] == 0
    s2, _ = at_lab(tech_industry(T_GASLIGHT), [T_GASLIGHT] * N_SLOTS)
    s2[pb(0) + P_MONEY] = 2 * extra - 1
    s2[pb(0) + P_IMPORTS] = 0
    assert buys(s2, slot) == set()


def test_lab_industry_is_at_most_five():
    # nine assistants and the president are ten pieces, but the industry stays 5: a tech needing 6 costs yen
    extra = int(max(DATA[D_LAB_EXTRA + i] for i in range(N_SLOTS)))
    slot = slot_with_extra(extra)
    t = T_SPINNING
    need = tech_industry(t) + extra - 5
    assert need > 0
    s, q = acting_at(K_LAB)
    s[tech_slot(0, slot)] = t
    s[qb(q) + Q_ASSIST + 0] = 9
    s[pb(0) + P_MONEY] = 2 * need
    s[pb(0) + P_IMPORTS] = 0
    set_turn(s, 0, PH_MOVE)
    act(s, A_MOVE + q)
    assert s[G_ACT_POWER] == 5
    act(s, A_BUY_TECH + slot * STRIDE)
    assert s[pb(0) + P_MONEY] == 0


def test_surplus_industry_is_lost():
    free = slot_with_extra(0)
    s, q = at_lab(5, [T_GASLIGHT] * N_SLOTS)
    money, imports = s[pb(0) + P_MONEY], s[pb(0) + P_IMPORTS]
    act(s, A_BUY_TECH + free * STRIDE)
    assert s[pb(0) + P_MONEY] == money and s[pb(0) + P_IMPORTS] == imports


def test_third_tech_is_free_of_the_fee():
    free = slot_with_extra(0)
    s, q = at_lab(5, [T_GASLIGHT] * N_SLOTS)
    give_tech(s, 0, T_BALL)
    give_tech(s, 0, T_SPINNING)
    money = s[pb(0) + P_MONEY]
    act(s, A_BUY_TECH + free * STRIDE)
    assert s[pb(0) + P_MONEY] == money
    assert s[pb(0) + P_N_TECHS] == 3


def test_fourth_tech_costs_two_yen_or_an_import():
    free = slot_with_extra(0)
    s, q = at_lab(5, [T_GASLIGHT] * N_SLOTS)
    for t in (T_BALL, T_SPINNING, T_MINING):
        give_tech(s, 0, t)
    s[pb(0) + P_MONEY] = 2
    s[pb(0) + P_IMPORTS] = 1
    assert buys(s, free) == {0, 1}
    act(s, A_BUY_TECH + free * STRIDE)
    assert s[pb(0) + P_MONEY] == 0 and s[pb(0) + P_IMPORTS] == 1
    assert s[pb(0) + P_N_TECHS] == 4


def test_fourth_tech_paid_with_an_import():
    free = slot_with_extra(0)
    s, q = at_lab(5, [T_GASLIGHT] * N_SLOTS)
    for t in (T_BALL, T_SPINNING, T_MINING):
        give_tech(s, 0, t)
    s[pb(0) + P_MONEY] = 1
    s[pb(0) + P_IMPORTS] = 1
    assert buys(s, free) == {1}
    act(s, A_BUY_TECH + free * STRIDE + 1)
    assert s[pb(0) + P_MONEY] == 1 and s[pb(0) + P_IMPORTS] == 0


def test_fourth_tech_cannot_be_bought_without_the_fee():
    s, q = at_lab(5, [T_GASLIGHT] * N_SLOTS)
    for t in (T_BALL, T_SPINNING, T_MINING):
        give_tech(s, 0, t)
    s[pb(0) + P_MONEY] = 1
    s[pb(0) + P_IMPORTS] = 0
    assert legal(s) == {A_LAB_DONE}


def test_no_two_techs_of_the_same_name():
    s, q = at_lab(5, [T_BALL, T_GASLIGHT, T_BALL, T_GASLIGHT, T_BALL, T_GASLIGHT])
    give_tech(s, 0, T_BALL)
    options = legal(s)
    for slot in range(N_SLOTS):
        bought = in_range(options, A_BUY_TECH + slot * STRIDE, STRIDE)
        assert (bought == set()) == (slot % 2 == 0)


def test_tech_board_shifts_left_and_refills_from_the_deck():
    s, q = acting_at(K_LAB)
    before = [int(s[tech_slot(0, i)]) for i in range(N_SLOTS)]
    top = int(s[G_TECH_TOP])
    nxt = int(s[G_TECH_DECK + top])
    s[qb(q) + Q_ASSIST + 0] = 9
    s[pb(0) + P_MONEY] = 30
    set_turn(s, 0, PH_MOVE)
    act(s, A_MOVE + q)
    slot = next(i for i in range(N_SLOTS) if buys(s, i))
    act(s, A_BUY_TECH + slot * STRIDE + min(buys(s, slot)))
    after = [int(s[tech_slot(0, i)]) for i in range(N_SLOTS)]
    assert after == before[:slot] + before[slot + 1 :] + [nxt]
    assert s[G_TECH_TOP] == top + 1


def test_empty_tech_deck_leaves_slot_empty():
    s, q = acting_at(K_LAB)
    s[G_TECH_TOP] = s[G_TECH_END]
    before = [int(s[tech_slot(0, i)]) for i in range(N_SLOTS)]
    free = slot_with_extra(0)
    s[tech_slot(0, free)] = T_GASLIGHT
    before[free] = T_GASLIGHT
    move_in(s, 0, q, 5)
    act(s, A_BUY_TECH + free * STRIDE)
    after = [int(s[tech_slot(0, i)]) for i in range(N_SLOTS)]
    assert after == before[:free] + before[free + 1 :] + [NONE]


def test_buying_a_tech_is_optional():
    s, q = at_lab(5, [T_GASLIGHT] * N_SLOTS)
    act(s, A_LAB_DONE)
    assert s[pb(0) + P_TECHS] == 0
    assert s[G_PHASE] != PH_LAB


def test_research_institute_sells_the_techs_of_the_second_board():
    s, q = acting_at(K_RESEARCH)
    free = slot_with_extra(0)
    s[tech_slot(1, free)] = T_GASLIGHT
    s[tech_slot(0, free)] = T_BALL
    move_in(s, 0, q, 5)
    act(s, A_BUY_TECH + free * STRIDE)
    assert s[pb(0) + P_TECHS] == 1 << T_GASLIGHT
    assert s[tech_slot(0, free)] == T_BALL


# ---------------------------------------------------------------- employment agency


def test_agency_assistant_is_free_shop_two_yen_trading_house_four_yen():
    s, q = acting_at(K_AGENCY)
    s[pb(0) + P_MONEY] = 10
    move_in(s, 0, q, 4)  # three pieces (English rulebook, Employment Agency: 0, 1, 2, 3, 4 by power)
    assert s[G_PHASE] == PH_AGENCY
    b = pb(0)
    hand, shops, ths = s[b + P_ASSIST_HAND], s[b + P_SHOPS_HAND], s[b + P_TH_HAND]
    acts(s, A_HIRE_ASSISTANT, A_HIRE_SHOP, A_HIRE_TH)
    assert s[b + P_MONEY] == 10 - 2 - 4
    assert s[b + P_SHOPS_HAND] == shops + 1 and s[b + P_SHOPS_WAREHOUSE] == 6 - 1
    assert s[b + P_TH_HAND] == ths + 1 and s[b + P_TH_WAREHOUSE] == 4 - 1
    skip_rest_of_action(s)  # power 4 may build: decline, then recover
    # the hired assistant, plus the three recovered from the area
    assert s[b + P_ASSIST_HAND] == hand + 1 + 3 and s[b + P_ASSIST_WAREHOUSE] == 12 - 1


@pytest.mark.parametrize("power", POWERS)
def test_agency_takes_as_many_pieces_as_its_table_gives(power):
    s, q = acting_at(K_AGENCY)
    move_in(s, 0, q, power)
    n = area_value(K_AGENCY, power)
    for _ in range(n):
        assert s[G_PHASE] == PH_AGENCY
        act(s, A_HIRE_ASSISTANT)
    assert s[G_PHASE] != PH_AGENCY or legal(s) == {A_AGENCY_DONE}  # at power 1 the agency gives nothing
    assert s[pb(0) + P_ASSIST_WAREHOUSE] == 12 - n


def test_trading_houses_cost_four_five_six_seven_yen():
    s, q = acting_at(K_AGENCY)
    s[pb(0) + P_MONEY] = 4 + 5 + 6 + 7
    s[pb(0) + P_SHOPS_HAND] = 0
    move_in(s, 0, q, 5)
    paid = []
    for _ in range(4):
        money = int(s[pb(0) + P_MONEY])
        act(s, A_HIRE_TH)
        paid.append(money - int(s[pb(0) + P_MONEY]))
    assert paid == [4, 5, 6, 7]
    assert s[pb(0) + P_TH_HAND] == 4 and s[pb(0) + P_TH_WAREHOUSE] == 0


def test_trading_house_price_counts_those_hired_in_earlier_turns():
    s, q = acting_at(K_AGENCY)
    s[pb(0) + P_MONEY] = 10
    move_in(s, 0, q, 2)
    act(s, A_HIRE_TH)
    skip_rest_of_action(s)
    set_turn(s, 0)
    s[pb(0) + P_MONEY] = 5
    move_in(s, 0, q, 2)
    act(s, A_HIRE_TH)
    assert s[pb(0) + P_MONEY] == 0


def test_agency_cannot_hire_what_the_warehouse_lacks_or_money_cannot_pay():
    s, q = acting_at(K_AGENCY)
    b = pb(0)
    s[b + P_ASSIST_WAREHOUSE] = 0
    s[b + P_MONEY] = 3  # a shop (2) but no trading house (4)
    move_in(s, 0, q, 3)
    assert legal(s) == {A_HIRE_SHOP, A_AGENCY_DONE}
    s[b + P_SHOPS_WAREHOUSE] = 0
    assert legal(s) == {A_AGENCY_DONE}


# ---------------------------------------------------------------- Chinatown


def test_chinatown_buys_an_import_for_four_yen():
    s, q = acting_at(K_CHINATOWN)
    s[pb(0) + P_MONEY] = 4
    move_in(s, 0, q, 2)
    assert s[G_PHASE] == PH_CHINATOWN
    supply = int(s[G_IMPORT_SUPPLY])
    act(s, A_CT_BUY_IMPORT)
    assert s[pb(0) + P_MONEY] == 0
    assert s[pb(0) + P_IMPORTS] == 1
    assert s[G_IMPORT_SUPPLY] == supply - 1


def test_chinatown_does_not_buy_imports_back():
    s, q = acting_at(K_CHINATOWN)
    s[pb(0) + P_MONEY] = 0
    s[pb(0) + P_IMPORTS] = 3
    for g in range(N_GOODS):
        s[pb(0) + P_GOODS + g] = 0
    move_in(s, 0, q, 5)
    assert legal(s) == {A_CT_DONE}


CT_RATES = (2, 2, 1, 1)  # copper, silk, tea, fish (seed 000)


@pytest.mark.parametrize("good", range(N_GOODS))
def test_chinatown_sells_and_buys_goods_at_their_rates(good):
    s, q = acting_at(K_CHINATOWN)
    s[pb(0) + P_MONEY] = 0
    move_in(s, 0, q, 3)
    supply = s[G_SUPPLY + good]
    act(s, A_CT_SELL + good)
    assert s[pb(0) + P_MONEY] == CT_RATES[good]
    assert s[pb(0) + P_GOODS + good] == 0
    assert s[G_SUPPLY + good] == supply + 1
    act(s, A_CT_BUY + good)
    assert s[pb(0) + P_MONEY] == 0
    assert s[pb(0) + P_GOODS + good] == 1
    assert s[G_SUPPLY + good] == supply


@pytest.mark.parametrize("power", POWERS)
def test_chinatown_exchanges_as_many_times_as_its_table_gives(power):
    s, q = acting_at(K_CHINATOWN)
    s[pb(0) + P_GOODS + K_TEA] = 9
    move_in(s, 0, q, power)
    for _ in range(area_value(K_CHINATOWN, power)):
        assert s[G_PHASE] == PH_CHINATOWN
        act(s, A_CT_SELL + K_TEA)
    assert s[G_PHASE] != PH_CHINATOWN


# ---------------------------------------------------------------- church


def church_space(faith):
    return next(i for i in range(DATA[D_CHURCH_N]) if DATA[D_CHURCH_FAITH + i] == faith)


def at_church(power, players=4):
    s, q = acting_at(K_CHURCH, players)
    move_in(s, 0, q, power)
    assert s[G_PHASE] == PH_CHURCH
    return s, q


@pytest.mark.parametrize("power", POWERS)
def test_church_faith_starts_at_the_area_value(power):
    s, q = at_church(power)
    assert s[G_FAITH] == area_value(K_CHURCH, power)


def test_church_donations_each_kind_once():
    s, q = at_church(2)
    b = pb(0)
    s[b + P_MONEY] = 4
    s[b + P_IMPORTS] = 2
    for g in range(N_GOODS):
        s[b + P_GOODS + g] = 2
    faith = int(s[G_FAITH])
    for kind in range(N_DONATIONS):
        assert A_DONATE + kind in legal(s)
        act(s, A_DONATE + kind)
        assert A_DONATE + kind not in legal(s)  # the same thing cannot be given twice
    assert s[G_FAITH] == faith + N_DONATIONS
    assert s[b + P_MONEY] == 4 - 2
    assert s[b + P_IMPORTS] == 2 - 1
    assert all(s[b + P_GOODS + g] == 1 for g in range(N_GOODS))
    assert in_range(legal(s), A_DONATE, N_DONATIONS) == set()


def test_church_donation_needs_what_is_given():
    s, q = at_church(2)
    b = pb(0)
    s[b + P_MONEY] = 1
    s[b + P_IMPORTS] = 0
    s[b + P_GOODS + K_SILK] = 0
    donations = in_range(legal(s), A_DONATE, N_DONATIONS)
    assert donations == {DON_GOODS + g for g in range(N_GOODS) if g != K_SILK}
    assert DON_YEN not in donations and DON_IMPORT not in donations


def church_faiths():
    return [int(DATA[D_CHURCH_FAITH + i]) for i in range(DATA[D_CHURCH_N])]


def highest_free_space(s, faith):
    """The space the assistant goes onto: the free one of the highest faith at most `faith` (English rulebook)."""
    free = [i for i, f in enumerate(church_faiths()) if f <= faith and s[G_CHURCH + i] == NONE]
    return free[-1] if free else None


def test_church_assistant_goes_onto_the_space_of_the_faith_reached_and_takes_its_reward():
    """Seed 000 教会 (the corresponding space, its reward); the faith: the power's base plus one donation."""
    s, q = at_church(3)
    act(s, A_DONATE + DON_GOODS + K_TEA)
    faith = area_value(K_CHURCH, 3) + 1
    i = highest_free_space(s, faith)
    assert church_faiths()[i] == faith  # the data has a space for every faith from its lowest
    money, hand = s[pb(0) + P_MONEY], s[pb(0) + P_ASSIST_HAND]
    act(s, A_CHURCH_HAND)
    assert s[G_CHURCH + i] == 0
    assert sum(1 for j in range(DATA[D_CHURCH_N]) if s[G_CHURCH + j] == 0) == 1
    assert s[pb(0) + P_CHURCH_N] == 1
    assert vp(s, 0, V_CHURCH) == DATA[D_CHURCH_VP + i]
    assert s[pb(0) + P_MONEY] == money + DATA[D_CHURCH_YEN + i]
    assert s[pb(0) + P_ASSIST_HAND] == hand - 1 + 2  # one onto the church, the area's two recovered


def test_church_excess_faith_is_lost_on_a_lower_free_space():
    """English rulebook, Church: 'Excess Faith value is lost' - with the space of the faith reached taken, the
    assistant goes onto the free space below it."""
    s, q = at_church(5)
    faith = area_value(K_CHURCH, 5)
    exact = church_space(faith)
    s[G_CHURCH + exact] = 1
    below = highest_free_space(s, faith)
    assert below is not None and church_faiths()[below] < faith
    act(s, A_CHURCH_AREA)
    assert s[G_CHURCH + below] == 0
    assert vp(s, 0, V_CHURCH) == DATA[D_CHURCH_VP + below]


def test_church_exact_space_knob_allows_only_the_space_of_exactly_the_faith_reached():
    k = knobs({"church.exact_space": 1})
    s, q = acting_at(K_CHURCH)
    move_in(s, 0, q, 5, k)
    faith = area_value(K_CHURCH, 5)
    s[G_CHURCH + church_space(faith)] = 1
    assert A_CHURCH_HAND not in legal(s, k) and A_CHURCH_AREA not in legal(s, k)
    act(s, A_DONATE + DON_GOODS + K_FISH, k)
    assert A_CHURCH_HAND in legal(s, k)
    act(s, A_CHURCH_HAND, k)
    assert s[G_CHURCH + church_space(faith + 1)] == 0


def test_church_below_the_lowest_space_takes_none():
    s, q = at_church(1)
    assert area_value(K_CHURCH, 1) < church_faiths()[0]
    assert A_CHURCH_HAND not in legal(s) and A_CHURCH_AREA not in legal(s)


def test_church_assistant_may_come_from_the_church_area():
    s, q = at_church(5)  # four assistants in the area
    hand = s[pb(0) + P_ASSIST_HAND]
    i = highest_free_space(s, int(s[G_FAITH]))
    act(s, A_CHURCH_AREA)
    skip_rest_of_action(s)
    assert s[G_CHURCH + i] == 0
    assert s[pb(0) + P_ASSIST_HAND] == hand + 3  # only the other three come back
    assert s[qb(q) + Q_ASSIST + 0] == 0


def test_church_spaces_all_taken_up_to_the_faith_take_none_until_a_donation_reaches_a_free_one():
    s, q = at_church(5)
    faith = int(s[G_FAITH])
    for i, f in enumerate(church_faiths()):
        if f <= faith:
            s[G_CHURCH + i] = 1
    assert A_CHURCH_HAND not in legal(s) and A_CHURCH_AREA not in legal(s)
    act(s, A_DONATE + DON_GOODS + K_FISH)
    assert A_CHURCH_HAND in legal(s)
    act(s, A_CHURCH_HAND)
    assert s[G_CHURCH + church_space(faith + 1)] == 0


def test_church_faith_cannot_pass_the_last_space():
    s, q = at_church(5)
    last = int(DATA[D_CHURCH_FAITH + DATA[D_CHURCH_N] - 1])
    s[G_FAITH] = last
    assert in_range(legal(s), A_DONATE, N_DONATIONS) == set()


def test_church_placement_is_optional():
    s, q = at_church(2)
    act(s, A_CHURCH_DONE)
    assert all(s[G_CHURCH + i] == NONE for i in range(DATA[D_CHURCH_N]))


# ---------------------------------------------------------------- customs


def at_customs(power, imports, players=4):
    s, q = acting_at(K_CUSTOMS, players)
    s[pb(0) + P_IMPORTS] = imports
    move_in(s, 0, q, power)
    assert s[G_PHASE] == PH_CUSTOMS
    return s, q


@pytest.mark.parametrize("power", POWERS)
def test_customs_spaces_open_up_to_the_imports_the_power_allows(power):
    s, q = at_customs(power, 9)
    limit = area_value(K_CUSTOMS, power)
    spaces = {(a - A_CUSTOMS) // 2 for a in legal(s) if A_CUSTOMS <= a < A_CUSTOMS + 2 * MAX_CUSTOMS}
    assert spaces == {i for i in range(DATA[D_CUSTOMS_N]) if DATA[D_CUSTOMS_IMPORTS + i] <= limit}


def test_customs_space_is_paid_with_its_imports_and_gives_its_reward():
    s, q = at_customs(5, 9)
    i = DATA[D_CUSTOMS_N] - 1
    need = int(DATA[D_CUSTOMS_IMPORTS + i])
    assert need <= area_value(K_CUSTOMS, 5)
    money = s[pb(0) + P_MONEY]
    supply = int(s[G_IMPORT_SUPPLY])
    act(s, A_CUSTOMS + 2 * i)
    assert s[G_CUSTOMS + i] == 0
    assert s[pb(0) + P_IMPORTS] == 9 - need
    assert s[G_IMPORT_SUPPLY] == supply + need
    assert s[pb(0) + P_CUSTOMS_N] == 1
    assert vp(s, 0, V_CUSTOMS) == DATA[D_CUSTOMS_VP + i]
    assert s[pb(0) + P_MONEY] == money + DATA[D_CUSTOMS_YEN + i]


def test_customs_space_needs_its_imports():
    s, q = at_customs(5, 1)
    spaces = {(a - A_CUSTOMS) // 2 for a in legal(s) if A_CUSTOMS <= a < A_CUSTOMS + 2 * MAX_CUSTOMS}
    assert spaces == {i for i in range(DATA[D_CUSTOMS_N]) if DATA[D_CUSTOMS_IMPORTS + i] <= 1}


def test_customs_assistant_from_hand_or_from_the_customs_area():
    s, q = at_customs(3, 9)  # two assistants in the area
    hand = s[pb(0) + P_ASSIST_HAND]
    from_hand, from_area = A_CUSTOMS + 2 * 0, A_CUSTOMS + 2 * 0 + 1  # space 0
    assert from_hand in legal(s) and from_area in legal(s)
    act(s, from_area)
    assert s[pb(0) + P_ASSIST_HAND] == hand + 1


def test_occupied_customs_space_cannot_be_taken():
    s, q = at_customs(5, 9)
    s[G_CUSTOMS + 0] = 2
    assert A_CUSTOMS + 0 not in legal(s) and A_CUSTOMS + 1 not in legal(s)


def test_customs_placement_is_optional():
    s, q = at_customs(5, 9)
    act(s, A_CUSTOMS_DONE)
    assert s[pb(0) + P_IMPORTS] == 9


# ---------------------------------------------------------------- five-power chip


def test_five_power_chip_is_offered_only_at_power_five():
    """Seed 000 4.5パワーボーナス; English rulebook, 5-Power bonus step: only after an action of 5 power, and
    only while the token is still on the area."""
    s, q = acting_at(K_FISH, chip=True)
    s[pb(0) + P_SHOPS_HAND] = 0
    move_in(s, 0, q, 4)
    assert s[G_PHASE] == PH_EXTRA_AFTER
    assert s[qb(q) + Q_CHIP] != NONE
    set_turn(s, 0)
    move_in(s, 0, q, 5)
    assert s[G_PHASE] == PH_BONUS
    assert legal(s) == {A_TAKE_CHIP, A_SKIP_CHIP}


GOOD_OF_REWARD = {R_COPPER: K_COPPER, R_SILK: K_SILK, R_TEA: K_TEA, R_FISH: K_FISH}


@pytest.mark.parametrize("reward", (R_YEN, R_COPPER, R_SILK, R_TEA, R_FISH, R_IMPORTS))
def test_taking_the_five_power_chip_gives_its_reward(reward):
    s, q = acting_at(K_BANK, chip=True)
    chip = chips_with(reward)[0]
    s[qb(q) + Q_CHIP] = chip
    move_in(s, 0, q, 5)
    b = pb(0)
    before = s.copy()
    act(s, A_TAKE_CHIP)
    amount = chip_amount(chip)
    if reward == R_YEN:
        assert s[b + P_MONEY] == before[b + P_MONEY] + amount
    elif reward == R_IMPORTS:
        assert s[b + P_IMPORTS] == before[b + P_IMPORTS] + amount
    else:
        g = GOOD_OF_REWARD[reward]
        assert s[b + P_GOODS + g] == before[b + P_GOODS + g] + amount
    assert s[qb(q) + Q_CHIP] == NONE
    assert s[b + P_CHIPS] == 1


def test_skipped_five_power_chip_stays_for_later():
    s, q = acting_at(K_BANK, chip=True)
    chip = int(s[qb(q) + Q_CHIP])
    move_in(s, 0, q, 5)
    act(s, A_SKIP_CHIP)
    assert s[qb(q) + Q_CHIP] == chip
    assert s[pb(0) + P_CHIPS] == 0


def test_taken_five_power_chip_is_gone_for_the_next_player():
    """English rulebook, 5-Power bonus step: 'If the 5-Power token in the corresponding Area is still present'."""
    s, q = acting_at(K_BANK, chip=True)
    move_in(s, 0, q, 5)
    act(s, A_TAKE_CHIP)
    skip_rest_of_action(s)
    s[pb(0) + P_PRESIDENT] = NONE
    set_turn(s, 1)
    move_in(s, 1, q, 5)
    assert s[G_PHASE] != PH_BONUS


# ---------------------------------------------------------------- building


def test_no_building_below_power_four():
    s, q = acting_at(K_FISH)
    s[pb(0) + P_TH_HAND] = 1
    move_in(s, 0, q, 3)
    assert s[G_PHASE] == PH_EXTRA_AFTER


def test_building_a_shop_at_power_four_gives_the_space_reward():
    s, q = acting_at(K_FISH)
    loc = int(s[qb(q) + Q_LOCATION])
    move_in(s, 0, q, 4)
    assert s[G_PHASE] == PH_BUILD
    n_shops = int(DATA[D_LOC_SHOPS + loc])
    assert in_range(legal(s), A_BUILD_SHOP, MAX_SHOP_SPACES) == set(range(n_shops))
    assert A_BUILD_TH not in legal(s)  # no trading house in hand
    space = n_shops - 1
    reward = location_reward(loc, space)
    b = pb(0)
    before = s.copy()
    act(s, A_BUILD_SHOP + space)
    assert s[qb(q) + Q_SHOP + space] == 0
    assert s[b + P_SHOPS_HAND] == before[b + P_SHOPS_HAND] - 1
    assert s[b + P_SHOPS_BUILT] == 1
    assert vp(s, 0, V_BUILDINGS) == reward["vp"]
    assert s[b + P_MONEY] == before[b + P_MONEY] + reward["yen"]
    for g, name in enumerate(("copper", "silk", "tea", "fish")):
        assert s[b + P_GOODS + g] == before[b + P_GOODS + g] + reward[name]
    assert s[b + P_IMPORTS] == before[b + P_IMPORTS] + reward["imports"]
    assert s[b + P_ASSIST_WAREHOUSE] == before[b + P_ASSIST_WAREHOUSE] - reward["warehouse"]
    assert s[G_PHASE] == PH_EXTRA_AFTER  # one building at most


def test_one_shop_per_location_card_for_each_player():
    s, q = acting_at(K_FISH)
    s[qb(q) + Q_SHOP + 0] = 0
    s[pb(0) + P_TH_HAND] = 1
    move_in(s, 0, q, 4)
    assert in_range(legal(s), A_BUILD_SHOP, MAX_SHOP_SPACES) == set()
    assert A_BUILD_TH in legal(s)


def test_shop_space_of_another_player_is_taken():
    s, q = acting_at(K_FISH)
    loc = int(s[qb(q) + Q_LOCATION])
    s[qb(q) + Q_SHOP + 0] = 1
    move_in(s, 0, q, 3)  # power 3 of own pieces; the other seat's shop gives none
    assert s[G_PHASE] == PH_EXTRA_AFTER
    set_turn(s, 0)
    move_in(s, 0, q, 4)
    assert in_range(legal(s), A_BUILD_SHOP, MAX_SHOP_SPACES) == set(range(1, int(DATA[D_LOC_SHOPS + loc])))


def test_trading_house_is_built_only_where_the_card_has_none():
    s, q = acting_at(K_FISH)
    loc = int(s[qb(q) + Q_LOCATION])
    s[pb(0) + P_TH_HAND] = 1
    s[pb(0) + P_SHOPS_HAND] = 0
    s[qb(q) + Q_TH] = 1
    move_in(s, 0, q, 4)
    assert s[G_PHASE] == PH_EXTRA_AFTER
    s[qb(q) + Q_TH] = NONE
    set_turn(s, 0)
    move_in(s, 0, q, 4)
    assert legal(s) == {A_BUILD_TH, A_BUILD_SKIP}
    reward = location_reward(loc, LOC_TH)
    vp0 = s[pb(0) + P_VP]
    act(s, A_BUILD_TH)
    assert s[qb(q) + Q_TH] == 0
    assert s[pb(0) + P_TH_BUILT] == 1 and s[pb(0) + P_TH_HAND] == 0
    assert s[pb(0) + P_VP] == vp0 + reward["vp"]


def test_building_is_optional():
    s, q = acting_at(K_FISH)
    move_in(s, 0, q, 4)
    act(s, A_BUILD_SKIP)
    assert s[pb(0) + P_SHOPS_BUILT] == 0
    assert s[G_PHASE] == PH_EXTRA_AFTER


# ---------------------------------------------------------------- recovery


def test_recovery_returns_every_own_assistant_from_the_acted_area_only():
    s, q = acting_at(K_FISH)
    other = next(r for r in not_canal(s) if r != q)
    s[qb(other) + Q_ASSIST + 0] = 2
    s[qb(q) + Q_ASSIST + 1] = 2
    s[pb(0) + P_SHOPS_HAND] = 0
    hand = s[pb(0) + P_ASSIST_HAND]
    move_in(s, 0, q, 5)  # four assistants there
    assert s[G_PHASE] == PH_EXTRA_AFTER
    assert s[qb(q) + Q_ASSIST + 0] == 0
    assert s[pb(0) + P_ASSIST_HAND] == hand + 4
    assert s[qb(other) + Q_ASSIST + 0] == 2
    assert s[qb(q) + Q_ASSIST + 1] == 2
    assert s[pb(0) + P_PRESIDENT] == q  # the president stays


# ---------------------------------------------------------------- trading house income


def test_trading_house_owner_earns_one_yen_when_another_player_acts_there():
    """Seed 000 3.エリアアクション; English rulebook, Area Action step: the owner receives 1 yen from the bank
    when another player carries out the action there."""
    s, q = acting_at(K_FISH)
    s[qb(q) + Q_TH] = 1
    money0, money1 = s[pb(0) + P_MONEY], s[pb(1) + P_MONEY]
    move_in(s, 0, q, 2)
    assert s[pb(1) + P_MONEY] == money1 + 1
    assert s[pb(0) + P_MONEY] == money0


def test_trading_house_income_comes_from_the_bank_once_per_action_to_each_other_owner_only():
    s, q = acting_at(K_FISH)
    s[qb(q) + Q_TH] = 2
    money = [int(s[pb(p) + P_MONEY]) for p in range(4)]
    move_in(s, 0, q, 2)
    skip_rest_of_action(s)
    assert [int(s[pb(p) + P_MONEY]) for p in range(4)] == [money[0], money[1], money[2] + 1, money[3]]


def test_own_trading_house_earns_nothing():
    s, q = acting_at(K_BANK)
    s[qb(q) + Q_TH] = 0
    money = s[pb(0) + P_MONEY]
    move_in(s, 0, q, 2)  # power 3 with the trading house
    assert s[pb(0) + P_MONEY] == money + area_value(K_BANK, 3)


def test_trading_house_owner_earns_when_a_foreign_agent_acts_there():
    s, q = acting_at(K_FISH)
    s[qb(q) + Q_TH] = 2
    s[qb(q) + Q_ASSIST + 0] = 1
    s[pb(0) + P_AGENTS] = 1
    money2 = s[pb(2) + P_MONEY]
    set_turn(s, 0, PH_EXTRA_BEFORE)
    act(s, A_USE_AGENT + q)
    assert s[pb(2) + P_MONEY] == money2 + 1
    assert s[G_PHASE] == PH_EXTRA_BEFORE


@pytest.mark.parametrize("players", (3, 4))
def test_tech_purchases_match_a_reference_over_random_positions(players):
    """Every (slot, imports) the lab offers, and what each costs, against the rule written out again."""
    checked = 0
    for s in random_states(players, 25, 7, PH_LAB):
        p = int(s[G_CUR])
        b = pb(p)
        board = 0 if s[qb(int(s[G_ACT_POS])) + Q_KIND] == K_LAB else 1
        expected = {}
        for slot in range(N_SLOTS):
            t = int(s[tech_slot(board, slot)])
            if t < 0 or (s[b + P_TECHS] >> t) & 1:
                continue
            points = max(0, tech_industry(t) + int(DATA[D_LAB_EXTRA + slot]) - int(s[G_ACT_POWER]))
            points += 1 if s[b + P_N_TECHS] >= 3 else 0  # the 4th and later tech: 2 yen or an import
            for m in range(min(points, int(s[b + P_IMPORTS]), MAX_TECH_IMPORTS) + 1):
                if 2 * (points - m) <= s[b + P_MONEY]:
                    expected[slot * STRIDE + m] = 2 * (points - m)
        assert in_range(legal(s), A_BUY_TECH, N_SLOTS * STRIDE) == set(expected)
        for i, yen in expected.items():
            u = s.copy()
            act(u, A_BUY_TECH + i)
            bonus = 1 if (s[b + P_TECHS] >> T_PRINTING) & 1 else 0  # Printing pays for each later tech
            assert u[b + P_MONEY] == s[b + P_MONEY] - yen + bonus
            assert u[b + P_IMPORTS] == s[b + P_IMPORTS] - i % STRIDE
            checked += 1
    assert checked > 100
