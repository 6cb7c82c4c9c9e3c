"""The 20 technologies (seed 000 技術カード詳細), each by its effect."""

import pytest

from sim.games.yokohama.actions import (
    A_BUILD_SHOP,
    A_BUILD_TH,
    A_BUY_TECH,
    A_CHURCH_HAND,
    A_CT_BUY,
    A_CUSTOMS,
    A_END_EXTRA,
    A_FULFIL,
    A_KEEP_ONE,
    A_MOVE,
    A_PLACE,
    A_PLACE_DONE,
    A_RECOVER_ALL,
    A_RETURN,
    A_SPIN,
    A_STATION,
    A_TAKE_CHIP,
    A_UNIVERSITY,
    MAX_TECH_IMPORTS,
)
from sim.games.yokohama.layout import (
    G_ACT_POWER,
    G_CUR,
    G_N_POS,
    G_PHASE,
    G_STATION,
    K_BANK,
    K_CANAL,
    K_CHINATOWN,
    K_CHURCH,
    K_COPPER,
    K_CUSTOMS,
    K_FISH,
    K_LAB,
    K_SILK,
    K_TEA,
    MAX_POS,
    NONE,
    P_ASSIST_HAND,
    P_ASSIST_WAREHOUSE,
    P_GOODS,
    P_IMPORTS,
    P_MONEY,
    P_PRESIDENT,
    P_SHOPS_HAND,
    P_TECHS,
    P_TH_HAND,
    PH_BUILD,
    PH_CHURCH,
    PH_EXTRA_AFTER,
    PH_EXTRA_BEFORE,
    PH_MOVE,
    PH_PLACE,
    PH_RECOVER,
    PH_STATION,
    Q_ASSIST,
    Q_CHIP,
    Q_LOCATION,
    R_COPPER,
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
    V_BUILDINGS,
    V_CHURCH,
    V_CUSTOMS,
    V_ORDERS,
    V_TECHS,
)
from sim.games.yokohama.params import K_CANAL_FEE, K_PRESIDENT_FEE
from sim.games.yokohama.tables import (
    D_CHURCH_FAITH,
    D_CHURCH_N,
    D_CHURCH_VP,
    D_CUSTOMS_VP,
    D_LOC_N,
    D_LOC_SHOPS,
    LOC_TH,
    O_VP,
)

from .scenario import (
    DATA,
    KNOBS,
    act,
    acts,
    adjacent,
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
    neighbours,
    new_game,
    not_canal,
    order_field,
    order_goods,
    pass_turn,
    pb,
    put_kind,
    qb,
    set_hand_orders,
    set_turn,
    skip_rest_of_action,
    tech_slot,
    vp,
)

STRIDE = MAX_TECH_IMPORTS + 1


def turn(players=4):
    s = new_game(players)
    set_turn(s, 0)
    set_hand_orders(s, 0, [])
    return s


def moves(s):
    return in_range(legal(s), A_MOVE, MAX_POS)


def places(s):
    return in_range(legal(s), A_PLACE, MAX_POS)


def buy_at_lab(s, t, k=None, power=5):
    """Seat 0 buys technology t (free slot 0, enough industry) at the laboratory."""
    (q,) = board_with(s, [K_LAB])
    s[qb(q) + Q_CHIP] = NONE
    s[tech_slot(0, 0)] = t
    move_in(s, 0, q, power, k)
    act(s, A_BUY_TECH + 0 * STRIDE, k)
    return q


def fulfil_one(s, o=0):
    for g, n in enumerate(order_goods(o)):
        s[pb(0) + P_GOODS + g] += n
    set_hand_orders(s, 0, [o])
    act(s, A_FULFIL + 0)


# ---------------------------------------------------------------- scoring techs


def test_gaslight_gives_two_vp_per_shop_built_afterwards():
    s = turn()
    (q,) = board_with(s, [K_FISH])
    s[qb(q) + Q_CHIP] = NONE
    give_tech(s, 0, T_GASLIGHT)
    move_in(s, 0, q, 4)
    act(s, A_BUILD_SHOP + 0)
    reward = location_reward(int(s[qb(q) + Q_LOCATION]), 0)
    assert vp(s, 0, V_BUILDINGS) == reward["vp"] + 2


def test_electrical_light_gives_three_vp_per_trading_house_built_afterwards():
    s = turn()
    (q,) = board_with(s, [K_FISH])
    s[qb(q) + Q_CHIP] = NONE
    s[pb(0) + P_TH_HAND] = 1
    give_tech(s, 0, T_ELECTRIC)
    move_in(s, 0, q, 4)
    act(s, A_BUILD_TH)
    reward = location_reward(int(s[qb(q) + Q_LOCATION]), LOC_TH)
    assert vp(s, 0, V_BUILDINGS) == reward["vp"] + 3


def built_then_bought(t, trading_house):
    """Seat 0 builds at a fishing ground at power 4 (shop space 0, or the trading house), then buys tech t at
    the laboratory next to it at power 4 in a later turn; returns (state, lab position, VP from the first
    building)."""
    s = turn()
    s[pb(0) + P_TH_HAND] = 2
    f, lab = board_with(s, [K_FISH, K_LAB])
    s[qb(f) + Q_CHIP] = NONE
    s[qb(lab) + Q_CHIP] = NONE
    move_in(s, 0, f, 4)
    act(s, A_BUILD_TH if trading_house else A_BUILD_SHOP + 0)
    first = vp(s, 0, V_BUILDINGS)
    assert first == location_reward(int(s[qb(f) + Q_LOCATION]), LOC_TH if trading_house else 0)["vp"]
    skip_rest_of_action(s)
    set_turn(s, 0, PH_EXTRA_BEFORE)
    s[tech_slot(0, 0)] = t
    move_in(s, 0, lab, 4)
    act(s, A_BUY_TECH + 0 * STRIDE)
    return s, lab, first


def test_gaslight_counts_from_the_turn_it_is_taken_and_not_for_shops_built_before():
    """English rulebook, Technology Cards: Gaslight 'takes effect only from the turn in which this technology
    is implemented' - a shop built in the same action as the purchase counts, an earlier one does not."""
    s, lab, first = built_then_bought(T_GASLIGHT, trading_house=False)
    assert vp(s, 0, V_BUILDINGS) == first  # no gain for the shop built earlier
    assert s[G_PHASE] == PH_BUILD
    act(s, A_BUILD_SHOP + 0)
    assert vp(s, 0, V_BUILDINGS) == first + location_reward(int(s[qb(lab) + Q_LOCATION]), 0)["vp"] + 2


def test_electrical_light_counts_from_the_turn_it_is_taken_and_not_for_trading_houses_built_before():
    """English rulebook, Technology Cards: Electrical Light takes effect only from the turn it is implemented."""
    s, lab, first = built_then_bought(T_ELECTRIC, trading_house=True)
    assert vp(s, 0, V_BUILDINGS) == first
    act(s, A_BUILD_TH)
    assert vp(s, 0, V_BUILDINGS) == first + location_reward(int(s[qb(lab) + Q_LOCATION]), LOC_TH)["vp"] + 3


def test_letterpress_printing_pays_only_for_technologies_gained_after_it():
    """English rulebook, Technology Cards: 'Whenever you gain a Technology card after this one, +1 yen'."""
    s = turn()
    money = s[pb(0) + P_MONEY]
    buy_at_lab(s, T_PRINTING)
    assert s[pb(0) + P_MONEY] == money
    skip_rest_of_action(s)
    set_turn(s, 0, PH_EXTRA_BEFORE)
    buy_at_lab(s, T_GASLIGHT)
    assert s[pb(0) + P_MONEY] == money + 1


def test_patent_system_pays_only_for_technologies_gained_after_it():
    """English rulebook, Technology Cards: 'Whenever you gain a Technology card after this one, +2 VP'."""
    s = turn()
    buy_at_lab(s, T_PATENT)
    assert vp(s, 0, V_TECHS) == 0
    skip_rest_of_action(s)
    set_turn(s, 0, PH_EXTRA_BEFORE)
    buy_at_lab(s, T_GASLIGHT)
    assert vp(s, 0, V_TECHS) == 2


def test_exposition_gives_ten_vp_when_acquired():
    s = turn()
    buy_at_lab(s, T_EXPOSITION)
    assert vp(s, 0, V_TECHS) == 10


def test_ball_gives_two_vp_per_order_fulfilled():
    s = turn()
    give_tech(s, 0, T_BALL)
    fulfil_one(s, 0)
    assert vp(s, 0, V_ORDERS) == order_field(0, O_VP) + 2


def test_language_school_gives_one_yen_per_order_fulfilled():
    s = turn()
    give_tech(s, 0, T_LANGUAGE)
    money = s[pb(0) + P_MONEY]
    fulfil_one(s, 0)
    assert s[pb(0) + P_MONEY] == money + 1


def test_letterpress_printing_gives_one_yen_per_tech_acquired_afterwards():
    s = turn()
    give_tech(s, 0, T_PRINTING)
    money = s[pb(0) + P_MONEY]
    buy_at_lab(s, T_GASLIGHT)
    assert s[pb(0) + P_MONEY] == money + 1


@pytest.mark.parametrize("for_self", (1, 0))
def test_letterpress_printing_pays_for_its_own_acquisition_by_the_knob(for_self):
    k = knobs({"tech.printing_patent_fire_for_self": for_self})
    s = turn()
    money = s[pb(0) + P_MONEY]
    buy_at_lab(s, T_PRINTING, k)
    assert s[pb(0) + P_MONEY] == money + for_self


def test_patent_system_gives_two_vp_per_tech_acquired_afterwards():
    s = turn()
    give_tech(s, 0, T_PATENT)
    buy_at_lab(s, T_GASLIGHT)
    assert vp(s, 0, V_TECHS) == 2


@pytest.mark.parametrize("for_self", (1, 0))
def test_patent_system_pays_for_its_own_acquisition_by_the_knob(for_self):
    k = knobs({"tech.printing_patent_fire_for_self": for_self})
    s = turn()
    buy_at_lab(s, T_PATENT, k)
    assert vp(s, 0, V_TECHS) == 2 * for_self


def test_winery_gives_three_vp_per_church_space_taken():
    s = turn()
    (q,) = board_with(s, [K_CHURCH])
    s[qb(q) + Q_CHIP] = NONE
    give_tech(s, 0, T_WINERY)
    faith = int(DATA[D_CHURCH_FAITH + 0])  # the lowest space, reached with that much power
    move_in(s, 0, q, faith)
    assert s[G_PHASE] == PH_CHURCH
    act(s, A_CHURCH_HAND)
    space = next(i for i in range(DATA[D_CHURCH_N]) if DATA[D_CHURCH_FAITH + i] == area_value(K_CHURCH, faith))
    assert vp(s, 0, V_CHURCH) == DATA[D_CHURCH_VP + space] + 3


def test_brickyard_gives_four_vp_per_customs_space_taken():
    s = turn()
    (q,) = board_with(s, [K_CUSTOMS])
    s[qb(q) + Q_CHIP] = NONE
    s[pb(0) + P_IMPORTS] = 1
    give_tech(s, 0, T_BRICKYARD)
    move_in(s, 0, q, 2)
    act(s, A_CUSTOMS + 2 * 0)
    assert vp(s, 0, V_CUSTOMS) == DATA[D_CUSTOMS_VP + 0] + 4


# ---------------------------------------------------------------- goods and money techs


def test_mining_technology_adds_one_copper_to_copper_produced():
    s = turn()
    (q,) = board_with(s, [K_COPPER])
    s[qb(q) + Q_CHIP] = NONE
    give_tech(s, 0, T_MINING)
    move_in(s, 0, q, 3)
    assert area_value(K_COPPER, 3) >= 1
    assert s[pb(0) + P_GOODS + K_COPPER] == 1 + area_value(K_COPPER, 3) + 1


def test_mining_technology_adds_nothing_when_no_copper_is_gained():
    s = turn()
    (q,) = board_with(s, [K_COPPER])
    s[qb(q) + Q_CHIP] = NONE
    give_tech(s, 0, T_MINING)
    assert area_value(K_COPPER, 2) == 0
    move_in(s, 0, q, 2)
    assert s[pb(0) + P_GOODS + K_COPPER] == 1


def test_mining_technology_adds_one_copper_to_a_copper_chip():
    s = turn()
    (q,) = board_with(s, [K_BANK])
    chip = chips_with(R_COPPER)[0]
    s[qb(q) + Q_CHIP] = chip
    give_tech(s, 0, T_MINING)
    move_in(s, 0, q, 5)
    act(s, A_TAKE_CHIP)
    assert s[pb(0) + P_GOODS + K_COPPER] == 1 + chip_amount(chip) + 1


def test_mining_technology_adds_one_copper_to_copper_bought_in_chinatown():
    """English rulebook, Technology Cards: Mining Technology applies to the Copper Mine, Chinatown, 5-Power
    tokens and building effects (seed 000: 全ての機会において, on every occasion)."""
    s = turn()
    (q,) = board_with(s, [K_CHINATOWN])
    s[qb(q) + Q_CHIP] = NONE
    give_tech(s, 0, T_MINING)
    s[pb(0) + P_MONEY] = 2
    move_in(s, 0, q, 2)
    act(s, A_CT_BUY + K_COPPER)
    assert s[pb(0) + P_GOODS + K_COPPER] == 1 + 1 + 1
    assert s[pb(0) + P_MONEY] == 0


def test_spinning_mill_sells_one_silk_for_two_yen_once_a_turn():
    s = turn()
    give_tech(s, 0, T_SPINNING)
    s[pb(0) + P_GOODS + K_SILK] = 2
    money = s[pb(0) + P_MONEY]
    act(s, A_SPIN)
    assert s[pb(0) + P_GOODS + K_SILK] == 1
    assert s[pb(0) + P_MONEY] == money + 2
    assert A_SPIN not in legal(s)
    acts(s, A_END_EXTRA, A_PLACE_DONE, A_RETURN)
    act(s, legal(s).pop())  # recall done
    assert s[G_PHASE] == PH_EXTRA_AFTER
    assert A_SPIN not in legal(s)  # once a turn, not once a phase


def test_spinning_mill_in_the_later_phase_and_needs_silk():
    s = turn()
    give_tech(s, 0, T_SPINNING)
    s[pb(0) + P_GOODS + K_SILK] = 0
    assert A_SPIN not in legal(s)
    s[pb(0) + P_GOODS + K_SILK] = 1
    acts(s, A_END_EXTRA, A_PLACE_DONE, A_RETURN)
    act(s, legal(s).pop())
    act(s, A_SPIN)
    assert s[pb(0) + P_GOODS + K_SILK] == 0


def test_spinning_mill_again_next_turn():
    s = turn()
    give_tech(s, 0, T_SPINNING)
    s[pb(0) + P_GOODS + K_SILK] = 2
    act(s, A_SPIN)
    act(s, A_END_EXTRA)
    act(s, A_PLACE_DONE)
    act(s, A_RETURN)
    act(s, legal(s).pop())
    act(s, A_END_EXTRA)
    for _ in range(3):
        pass_turn(s)
    assert s[G_CUR] == 0
    assert A_SPIN in legal(s)


def test_university_brings_an_assistant_from_the_warehouse_for_one_yen_once_a_turn():
    s = turn()
    give_tech(s, 0, T_UNIVERSITY)
    b = pb(0)
    hand, warehouse, money = s[b + P_ASSIST_HAND], s[b + P_ASSIST_WAREHOUSE], s[b + P_MONEY]
    act(s, A_UNIVERSITY)
    assert s[b + P_ASSIST_HAND] == hand + 1
    assert s[b + P_ASSIST_WAREHOUSE] == warehouse - 1
    assert s[b + P_MONEY] == money - 1
    assert A_UNIVERSITY not in legal(s)
    acts(s, A_END_EXTRA, A_PLACE_DONE, A_RETURN)
    act(s, legal(s).pop())
    assert A_UNIVERSITY not in legal(s)


def test_university_needs_a_yen_and_an_assistant_in_the_warehouse():
    s = turn()
    give_tech(s, 0, T_UNIVERSITY)
    s[pb(0) + P_MONEY] = 0
    assert A_UNIVERSITY not in legal(s)
    s[pb(0) + P_MONEY] = 1
    s[pb(0) + P_ASSIST_WAREHOUSE] = 0
    assert A_UNIVERSITY not in legal(s)
    s[pb(0) + P_ASSIST_WAREHOUSE] = 1
    assert A_UNIVERSITY in legal(s)


@pytest.mark.parametrize(("money", "expected"), ((0, 2), (1, 2), (2, 2), (3, 3)))
def test_system_of_stock_raises_one_yen_or_less_to_two_at_turn_start(money, expected):
    s = turn()
    give_tech(s, 1, T_STOCK)
    s[pb(1) + P_MONEY] = money
    s[pb(2) + P_MONEY] = 0  # without the tech nothing happens
    pass_turn(s)
    assert s[G_CUR] == 1 and s[G_PHASE] == PH_EXTRA_BEFORE
    assert s[pb(1) + P_MONEY] == expected
    pass_turn(s)
    assert s[pb(2) + P_MONEY] == 0


# ---------------------------------------------------------------- placement techs


def test_newspaper_places_in_four_different_areas():
    s = turn()
    path = board_with(s, [K_BANK, K_TEA, K_FISH, K_SILK])
    give_tech(s, 0, T_NEWSPAPER)
    act(s, A_END_EXTRA)
    for q in path[:3]:
        act(s, A_PLACE + q)
    assert s[G_PHASE] == PH_PLACE
    assert places(s) == set(not_canal(s)) - set(path[:3])
    act(s, A_PLACE + path[3])
    assert s[G_PHASE] == PH_MOVE


def test_newspaper_does_not_enlarge_the_stack():
    s = turn()
    (a,) = board_with(s, [K_BANK])
    give_tech(s, 0, T_NEWSPAPER)
    act(s, A_END_EXTRA)
    acts(s, A_PLACE + a, A_PLACE + a)
    assert s[G_PHASE] == PH_MOVE


def test_telegram_adds_one_assistant_next_to_the_stack():
    s = turn()
    (a,) = board_with(s, [K_BANK])
    give_tech(s, 0, T_TELEGRAM)
    act(s, A_END_EXTRA)
    acts(s, A_PLACE + a, A_PLACE + a)
    assert s[G_PHASE] == PH_PLACE
    near = [r for r in neighbours(s, a) if r in not_canal(s)]
    assert places(s) == set(near)
    act(s, A_PLACE + near[0])
    assert s[G_PHASE] == PH_MOVE
    assert s[qb(a) + Q_ASSIST + 0] == 2 and s[qb(near[0]) + Q_ASSIST + 0] == 1


def test_telegram_extra_pays_the_president_there():
    s = turn()
    (a,) = board_with(s, [K_BANK])
    give_tech(s, 0, T_TELEGRAM)
    near = [r for r in neighbours(s, a) if r in not_canal(s)][0]
    s[pb(1) + P_PRESIDENT] = near
    act(s, A_END_EXTRA)
    acts(s, A_PLACE + a, A_PLACE + a)
    money0, money1 = s[pb(0) + P_MONEY], s[pb(1) + P_MONEY]
    act(s, A_PLACE + near)
    assert s[pb(0) + P_MONEY] == money0 - 1 and s[pb(1) + P_MONEY] == money1 + 1


def test_telegram_gives_nothing_when_spreading():
    s = turn()
    a, b, c = board_with(s, [K_BANK, K_TEA, K_FISH])
    give_tech(s, 0, T_TELEGRAM)
    act(s, A_END_EXTRA)
    acts(s, A_PLACE + a, A_PLACE + b, A_PLACE + c)
    assert s[G_PHASE] == PH_MOVE


# ---------------------------------------------------------------- movement techs


def walk_setup(s, kinds):
    path = board_with(s, kinds)
    s[pb(0) + P_PRESIDENT] = path[0]
    for q in path:
        s[qb(q) + Q_ASSIST + 0] = 1
        s[qb(q) + Q_CHIP] = NONE
    set_turn(s, 0, PH_MOVE)
    return path


def test_stagecoach_passes_other_presidents_for_free():
    s = turn()
    a, b, c = walk_setup(s, [K_BANK, K_TEA, K_FISH])
    give_tech(s, 0, T_STAGECOACH)
    s[pb(1) + P_PRESIDENT] = b
    s[pb(0) + P_MONEY] = 0
    money1 = s[pb(1) + P_MONEY]
    assert moves(s) == {c}  # but it cannot stop on the other president
    act(s, A_MOVE + c)
    assert s[pb(0) + P_MONEY] == 0 and s[pb(1) + P_MONEY] == money1


def test_stagecoach_still_pays_the_canal():
    s = turn()
    a, canal, c = walk_setup(s, [K_BANK, K_CANAL, K_FISH])
    s[qb(canal) + Q_ASSIST + 0] = 0
    give_tech(s, 0, T_STAGECOACH)
    s[pb(0) + P_MONEY] = int(KNOBS[K_CANAL_FEE]) - 1
    assert moves(s) == set()
    s[pb(0) + P_MONEY] = int(KNOBS[K_CANAL_FEE])
    assert moves(s) == {c}


def test_postal_system_ends_the_move_on_another_president_paying_one_yen_each():
    s = turn()
    a, b, c = walk_setup(s, [K_BANK, K_TEA, K_FISH])
    give_tech(s, 0, T_POSTAL)
    s[pb(1) + P_PRESIDENT] = b
    s[pb(2) + P_PRESIDENT] = b
    s[pb(0) + P_MONEY] = 2
    assert moves(s) == {b, c}
    money = [int(s[pb(p) + P_MONEY]) for p in range(4)]
    act(s, A_MOVE + b)
    assert s[pb(0) + P_PRESIDENT] == b
    assert [s[pb(p) + P_MONEY] for p in range(4)] == [money[0] - 2, money[1] + 1, money[2] + 1, money[3]]


def test_postal_system_needs_the_money_to_stop():
    s = turn()
    a, b = walk_setup(s, [K_BANK, K_TEA])
    give_tech(s, 0, T_POSTAL)
    s[pb(1) + P_PRESIDENT] = b
    s[pb(0) + P_MONEY] = 0
    assert moves(s) == set()
    s[pb(0) + P_MONEY] = int(KNOBS[K_PRESIDENT_FEE])  # one other president there: one fee
    assert moves(s) == {b}


def test_postal_system_from_hand_into_an_area_with_another_president():
    s = turn()
    a, b = walk_setup(s, [K_BANK, K_TEA])
    s[pb(0) + P_PRESIDENT] = NONE
    give_tech(s, 0, T_POSTAL)
    s[pb(1) + P_PRESIDENT] = b
    s[pb(0) + P_MONEY] = 1
    assert moves(s) == {a, b}
    act(s, A_MOVE + b)
    assert s[pb(0) + P_MONEY] == 0


def test_tram_moves_to_any_area_without_another_president():
    s = turn()
    a, b = walk_setup(s, [K_BANK, K_TEA])
    far = [q for q in not_canal(s) if q not in (a, b) and not adjacent(s, a, q)]
    s[qb(b) + Q_ASSIST + 0] = 0  # no assistant anywhere but the start
    s[pb(1) + P_PRESIDENT] = far[0]
    put_kind(s, far[1], K_FISH)
    assert moves(s) == set()
    give_tech(s, 0, T_TRAM)
    s[pb(0) + P_MONEY] = 0
    assert moves(s) == set(not_canal(s)) - {a, far[0]}
    act(s, A_MOVE + far[1])
    assert s[pb(0) + P_PRESIDENT] == far[1]
    assert s[pb(0) + P_MONEY] == 0
    assert s[G_ACT_POWER] == 1  # the president alone: one move, then the action there
    assert s[pb(0) + P_GOODS + K_FISH] == 1 + area_value(K_FISH, 1)


def test_station_token_is_placed_on_any_area_when_the_station_is_bought():
    s = turn()
    (q,) = board_with(s, [K_LAB])
    s[qb(q) + Q_CHIP] = NONE
    s[tech_slot(0, 0)] = T_STATION
    move_in(s, 0, q, 3)
    s[pb(0) + P_MONEY] = 20
    act(s, A_BUY_TECH + 0 * STRIDE + min(in_range(legal(s), A_BUY_TECH, STRIDE)))
    assert s[G_PHASE] == PH_STATION
    assert in_range(legal(s), A_STATION, MAX_POS) == set(not_canal(s))
    target = next(r for r in not_canal(s) if r != q)
    act(s, A_STATION + target)
    assert s[G_STATION] == target
    assert s[pb(0) + P_TECHS] == 1 << T_STATION


def test_station_holder_moves_to_the_station_even_onto_another_president_for_free():
    s = turn()
    a, b = walk_setup(s, [K_BANK, K_TEA])
    st = next(q for q in not_canal(s) if q not in (a, b) and not adjacent(s, a, q))
    s[G_STATION] = st
    s[pb(1) + P_PRESIDENT] = st
    s[pb(0) + P_MONEY] = 0
    assert st not in moves(s)
    give_tech(s, 0, T_STATION)
    assert moves(s) == {b, st}
    money1 = s[pb(1) + P_MONEY]
    act(s, A_MOVE + st)
    assert s[pb(0) + P_PRESIDENT] == st
    assert s[pb(0) + P_MONEY] == 0 and s[pb(1) + P_MONEY] == money1
    assert s[G_ACT_POWER] == 2  # president and station


def test_station_holder_cannot_stay_on_the_station():
    s = turn()
    (a,) = walk_setup(s, [K_BANK])
    s[G_STATION] = a
    give_tech(s, 0, T_STATION)
    assert a not in moves(s)


def test_telephone_leaves_one_assistant_in_the_acted_area():
    s = turn()
    (q,) = board_with(s, [K_FISH])
    s[qb(q) + Q_CHIP] = NONE
    s[pb(0) + P_SHOPS_HAND] = 0
    give_tech(s, 0, T_TELEPHONE)
    hand = s[pb(0) + P_ASSIST_HAND]
    move_in(s, 0, q, 4)
    assert s[G_PHASE] == PH_RECOVER
    assert legal(s) == {A_RECOVER_ALL, A_KEEP_ONE}
    act(s, A_KEEP_ONE)
    assert s[qb(q) + Q_ASSIST + 0] == 1
    assert s[pb(0) + P_ASSIST_HAND] == hand + 2
    assert s[G_PHASE] == PH_EXTRA_AFTER


def test_telephone_may_recover_all():
    s = turn()
    (q,) = board_with(s, [K_FISH])
    s[qb(q) + Q_CHIP] = NONE
    s[pb(0) + P_SHOPS_HAND] = 0
    give_tech(s, 0, T_TELEPHONE)
    move_in(s, 0, q, 4)
    act(s, A_RECOVER_ALL)
    assert s[qb(q) + Q_ASSIST + 0] == 0


def test_station_holder_walking_through_the_station_area_pays_on_the_way():
    s = turn()
    a, b, c, d = walk_setup(s, [K_BANK, K_TEA, K_FISH, K_SILK])
    give_tech(s, 0, T_STATION)
    s[G_STATION] = c
    s[pb(1) + P_PRESIDENT] = b  # passed on the way a -> b -> c -> d
    s[pb(0) + P_MONEY] = 3
    money1 = s[pb(1) + P_MONEY]
    act(s, A_MOVE + d)
    assert s[pb(0) + P_MONEY] == 3 - 1
    assert s[pb(1) + P_MONEY] == money1 + 1


def test_tram_holder_walking_with_the_postal_system_pays_every_president_on_the_way():
    s = turn()
    a, b, c, d = walk_setup(s, [K_BANK, K_TEA, K_FISH, K_SILK])
    give_tech(s, 0, T_TRAM)
    give_tech(s, 0, T_POSTAL)
    s[pb(1) + P_PRESIDENT] = b  # passed
    s[pb(2) + P_PRESIDENT] = d  # the Postal System ends the move here; the tram cannot
    s[pb(0) + P_MONEY] = 2
    money = [int(s[pb(p) + P_MONEY]) for p in range(4)]
    assert d in moves(s)
    act(s, A_MOVE + d)
    assert [s[pb(p) + P_MONEY] for p in range(4)] == [0, money[1] + 1, money[2] + 1, money[3]]


def test_mining_technology_adds_one_copper_to_a_location_reward_of_copper():
    s = turn()
    (q,) = board_with(s, [K_FISH])
    s[qb(q) + Q_CHIP] = NONE
    spaces = [(c, i) for c in range(DATA[D_LOC_N]) for i in range(DATA[D_LOC_SHOPS + c])]
    loc, space = next((c, i) for c, i in spaces if location_reward(c, i)["copper"])
    for r in range(s[G_N_POS]):  # the card moves here from wherever it lies
        if s[qb(r) + Q_LOCATION] == loc:
            s[qb(r) + Q_LOCATION] = s[qb(q) + Q_LOCATION]
    s[qb(q) + Q_LOCATION] = loc
    give_tech(s, 0, T_MINING)
    move_in(s, 0, q, 4)
    act(s, A_BUILD_SHOP + space)
    assert s[pb(0) + P_GOODS + K_COPPER] == 1 + location_reward(loc, space)["copper"] + 1
