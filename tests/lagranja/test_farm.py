"""The setup and the farm phase (seed 002, 'ゲーム開始時' and 農場フェイズ steps 1-4)."""

from sim.games.lagranja import rules
from sim.games.lagranja.layout import (
    FL_INCOME,
    FL_ROOF,
    G_CUR,
    G_DISCARD_N,
    G_FLOW,
    G_MARKET,
    G_ORDER,
    G_PAY_LEFT,
    G_ROOF_OPEN,
    G_ROUND,
    G_TURN,
    P_BARROW,
    P_BARROW_FILL,
    P_DEN,
    P_EXT_DELIVERY,
    P_EXT_INCOME,
    P_EXT_N,
    P_EXT_PIG,
    P_FIELD_GOODS,
    P_FIELDS,
    P_HAND,
    P_HAND_N,
    P_ROOF,
    P_SIESTA,
    P_SILVER,
    P_STACK,
    P_STOCK,
    P_VP,
    P_VP_SRC,
    V_ROOFS,
)
from sim.games.lagranja.tables import C_EXT, C_FIELD, D_HEX_START, D_HEX_VALUE, D_N_HEX, D_ROOF_VP, card_base

from .scenario import D, act, barrow_card, clear_helpers, game, legal, pb, phase, set_hand


def test_each_player_starts_with_1_silver_1_vp_a_trade_commodity_4_cards_and_23_markers_in_supply():
    s, k = game(4)
    for p in range(4):
        b = pb(p)
        assert (s[b + P_SILVER], s[b + P_VP], s[b + P_DEN + 7], s[b + P_HAND_N], s[b + P_STOCK]) == (1, 1, 1, 4, 23)


def test_start_markers_take_the_central_hexes_in_turn_order_lowest_value_first():
    s, k = game(3)
    owners = {int(D[D_HEX_VALUE + h]): int(s[G_MARKET + h]) for h in range(D[D_N_HEX]) if D[D_HEX_START + h]}
    assert owners == {2: 0, 3: 1, 4: 2, 5: -1}


def test_siesta_discs_start_on_space_0_with_the_start_player_on_top():
    s, k = game(4)
    assert [int(s[pb(p) + P_SIESTA]) for p in range(4)] == [0] * 4
    assert [int(s[pb(p) + P_STACK]) for p in range(4)] == [3, 2, 1, 0]


def test_round_1_each_player_plays_two_cards_then_refills_to_the_hand_limit_of_3():
    s, k = game(2)
    assert phase(s) == "play" and s[G_CUR] == 0
    act(s, k, "play(0)")
    assert phase(s) == "play" and s[G_CUR] == 0  # the second card of round 1
    act(s, k, "play(0)")
    assert s[G_CUR] == 1 and s[pb(0) + P_HAND_N] == 3  # 4 - 2 played + 1 drawn: the hand limit 3


def test_a_field_is_free_enters_empty_and_grows_one_good_in_farm_step_3():
    s, k = game(2)
    crop = int(D[card_base(int(s[pb(0) + P_HAND])) + C_FIELD])
    act(s, k, "play(0)")  # hand card 0 as a field
    assert s[pb(0) + P_FIELDS + crop] == 1 and s[pb(0) + P_FIELD_GOODS + crop] == 0 and s[pb(0) + P_SILVER] == 1
    rules.income(s, D, k, 0)
    assert s[pb(0) + P_FIELD_GOODS + crop] == 1


def test_the_nth_extension_costs_n_farm_goods_of_different_kinds():
    s, k = game(2)
    b = pb(0)
    s[b + P_EXT_N] = 1  # the second extension: 2 goods of different kinds
    s[b + P_SILVER] = 5
    s[b + P_VP] = 0
    s[b + P_DEN : b + P_DEN + 7] = 0
    assert "play(2)" not in legal(s, k)  # silver only: one kind
    s[b + P_DEN + 0] = 1
    assert "play(2)" in legal(s, k)
    act(s, k, "play(2)")
    assert phase(s) == "pay" and s[G_PAY_LEFT] == 2
    act(s, k, "pay(7)")  # a silver
    assert "pay(7)" not in legal(s, k) and legal(s, k) == ["pay(0)"]  # a different kind: the olive
    act(s, k, "pay(0)")
    assert s[b + P_SILVER] == 4 and s[b + P_DEN] == 0 and s[b + P_EXT_N] == 2


def test_an_extension_adds_one_to_the_hand_limit_and_two_of_delivery_income_pig_space():
    s, k = game(2)
    b = pb(0)
    c = int(s[b + P_HAND])
    kind = int(D[card_base(c) + C_EXT])
    act(s, k, "play(2)")
    act(s, k, "pay(7)")  # the first extension: one farm good (the start silver)
    assert s[b + P_EXT_N] == 1
    got = (int(s[b + P_EXT_DELIVERY]), int(s[b + P_EXT_INCOME]), int(s[b + P_EXT_PIG]))
    assert got == [(1, 1, 0), (1, 0, 1), (0, 1, 1)][kind]
    assert rules.hand_limit(s, D, k, 0) == 4


def test_a_fourth_barrow_clears_one_of_the_three_and_its_markers_go_back():
    s, k = game(2)
    b = pb(0)
    for i in range(3):
        s[b + P_BARROW + i] = barrow_card(2) + i
    s[b + P_BARROW_FILL + 1] = 1
    s[b + P_STOCK] -= 1  # the marker on barrow 1's first symbol
    stock = int(s[b + P_STOCK])
    discards = int(s[G_DISCARD_N])
    act(s, k, "play(1)")  # hand card 0 as a barrow
    assert phase(s) == "replace" and legal(s, k) == ["replace_slot(0)", "replace_slot(1)", "replace_slot(2)"]
    act(s, k, "replace_slot(1)")
    assert s[b + P_STOCK] == stock + 1 and s[G_DISCARD_N] == discards + 1 and s[b + P_BARROW_FILL + 1] == 0


def test_the_hand_over_the_limit_is_discarded_down_at_the_refill():
    s, k = game(2)
    b = pb(0)
    set_hand(s, 0, list(range(7)))
    act(s, k, "play(0)")
    act(s, k, "play(0)")  # 5 left over a limit of 3
    assert phase(s) == "discard"
    act(s, k, "discard(0)")
    act(s, k, "discard(0)")
    assert s[b + P_HAND_N] == 3 and s[G_CUR] == 1


def test_two_pigs_with_room_breed_one_piglet_and_none_without_room():
    s, k = game(2)
    b = pb(0)
    s[b + P_DEN + 3] = 2
    s[b + P_EXT_PIG] = 1
    rules.income(s, D, k, 0)
    assert s[b + P_DEN + 3] == 3
    rules.income(s, D, k, 0)
    assert s[b + P_DEN + 3] == 3  # the stall is full: no piglet, not even sold


def to_roofs(n=2):
    """Round 1 played through the legal set (each seat plays its first playable card) to the roof purchase:
    returns (s, k, the seat deciding)."""
    s, k = game(n)
    while phase(s) != "roof":
        act(s, k, legal(s, k)[0])
    return s, k, int(s[G_CUR])


def test_roofs_cost_the_round_in_silver_and_go_on_the_leftmost_space_with_its_vp():
    """Seed 002 農場フェイズ ステップ４: a roof marker costs the round's number in silver and goes on the leftmost
    empty roof space of the farm house, scoring that space's VP (roof_spaces.csv)."""
    s, k, p = to_roofs()
    b = pb(p)
    s[b + P_SILVER] = 5
    s[b + P_ROOF] = 2  # one roof already
    vp, fn = int(s[b + P_VP]), int(s[G_ROOF_OPEN])
    assert fn >= 0 and "buy_roof(0)" in legal(s, k)
    act(s, k, "buy_roof(0)")
    assert s[b + P_SILVER] == 5 - 1 and s[b + P_ROOF + 1] == fn and s[G_ROOF_OPEN] == -1  # round 1: 1 silver
    assert s[b + P_VP] == vp + D[D_ROOF_VP + 1] and s[b + P_VP_SRC + V_ROOFS] == D[D_ROOF_VP + 1]
    s, k, p = to_roofs()
    b = pb(p)
    s[G_ROUND] = 3  # the third round's price
    s[b + P_DEN : b + P_DEN + 8] = 0  # nothing to sell or trade
    s[b + P_SILVER] = 2
    assert "buy_roof(0)" not in legal(s, k) and "roof_pass" in legal(s, k)
    s[b + P_SILVER] = 3
    act(s, k, "buy_roof(0)")
    assert s[b + P_SILVER] == 0 and s[b + P_ROOF] >= 0


def test_round_1_roofs_are_bought_in_reverse_turn_order_one_each():
    s, k = game(3)
    for p in range(3):
        s[pb(p) + P_HAND_N] = 0  # nothing to play: straight to income and the roofs
    s[G_FLOW] = FL_INCOME
    s[G_TURN] = 0
    s[rules.G_ACTED] = 0
    rules.resume(s, D, k)
    assert phase(s) == "roof" and s[G_CUR] == s[G_ORDER + 2]  # the last in turn order buys first
    act(s, k, "buy_roof(0)")
    assert phase(s) == "roof" and s[G_CUR] == s[G_ORDER + 1] and "buy_roof(0)" not in legal(s, k)


def roof_turn(s, k, silver, pigs=0, trade=0):
    """Round 2's roof step (farm phase step 4) reached through the flow, seat 0 first in turn order with `silver`,
    `pigs` in the stall, `trade` commodities and nothing else it could sell, trade or use."""
    b = pb(0)
    s[G_ROUND] = 2
    rules.open_roofs(s)
    s[G_ORDER] = 0
    s[G_ORDER + 1] = 1
    clear_helpers(s, 0)
    s[b + P_SILVER] = silver
    s[b + P_DEN : b + P_DEN + 8] = 0
    s[b + P_DEN + 3] = pigs
    s[b + P_DEN + 7] = trade
    s[G_FLOW] = FL_ROOF
    s[G_TURN] = 0
    s[rules.G_ACTED] = 0
    rules.resume(s, D, k)


def test_the_roof_purchase_is_offered_when_selling_goods_can_pay_for_it():
    """Seed 002 農場フェイズ ステップ４ (each player may buy one roof in turn order) with 随時アクション (sell at any
    moment of one's turn); EN 5.1 and 6.0 step 4. Round 2 (price 2), 0 silver and a pig (sells for 3): the roof
    decision is offered, the purchase only once the sale has paid for it."""
    s, k = game(2)
    roof_turn(s, k, silver=0, pigs=1)
    assert phase(s) == "roof" and s[G_CUR] == 0
    moves = legal(s, k)
    assert "roof_pass" in moves and "sell(3)" in moves
    assert not any(m.startswith("buy_roof") for m in moves)  # not yet paid for: no purchase on credit
    act(s, k, "sell(3)")
    assert phase(s) == "roof" and s[G_CUR] == 0 and s[pb(0) + P_SILVER] == 3
    act(s, k, "buy_roof(0)")
    assert s[pb(0) + P_SILVER] == 3 - 2 and s[pb(0) + P_ROOF] >= 0 and s[G_CUR] == 1


def test_the_roof_purchase_is_offered_when_a_trade_commodity_can_pay_for_it():
    """The same with a trade commodity (seed 002 交易品の使用: 4 silver): 1 silver, price 2."""
    s, k = game(2)
    roof_turn(s, k, silver=1, trade=1)
    assert phase(s) == "roof" and s[G_CUR] == 0 and "buy_roof(0)" not in legal(s, k)
    act(s, k, "trade(0)")
    act(s, k, "buy_roof(0)")
    assert s[pb(0) + P_SILVER] == 1 + 4 - 2 and s[pb(0) + P_ROOF] >= 0


def test_the_roof_decision_is_skipped_when_nothing_could_pay_for_it():
    """Below the price with nothing to sell, trade or use, the player has no roof decision (the flow moves on to
    the next player); with the price in hand it has one."""
    s, k = game(2)
    roof_turn(s, k, silver=1)
    assert not (phase(s) == "roof" and s[G_CUR] == 0)
    s, k = game(2)
    roof_turn(s, k, silver=2)
    assert phase(s) == "roof" and s[G_CUR] == 0 and "buy_roof(0)" in legal(s, k)
