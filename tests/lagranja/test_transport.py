"""The transport phase (seed 002, 輸送フェイズ): donkey markers, the siesta track and the new turn order,
deliveries to craft buildings and barrows, building-order markers, craft markers, the market, paid deliveries."""

from sim.games.lagranja import rules
from sim.games.lagranja.layout import (
    B_BUTCHER,
    B_DELI,
    B_GROCER,
    B_MERCHANT,
    B_STORE,
    B_WAINWRIGHT,
    FL_DONKEY,
    FL_EXTRA,
    G_BLOCKED,
    G_CUR,
    G_DELIV_LEFT,
    G_FIRST_VP,
    G_FLOW,
    G_GAIN_N,
    G_MARKET,
    G_MKT_VALUE,
    G_NEXT_ORDER,
    G_ORDER,
    G_PLAYERS,
    G_ROUND,
    G_TURN,
    P_BARROW,
    P_BARROW_FILL,
    P_BUILD_FILL,
    P_CRAFT,
    P_DEN,
    P_DONKEY,
    P_DONKEY_USED,
    P_HELPER,
    P_ROOF,
    P_ROOF_USED,
    P_SIESTA,
    P_SILVER,
    P_STACK,
    P_STOCK,
    P_VP,
    P_VP_SRC,
    RF_DELIVERY,
    V_BARROWS,
    V_REMOVALS,
)
from sim.games.lagranja.tables import D_BUILD_GOODS, D_BUILD_N, D_HEX_NB, D_HEX_VALUE, D_HEX_X, D_N_HEX

from .scenario import D, act, barrow_card, barrow_of, game, legal, pb, phase


def open_all(s):
    for x in range(6):
        s[G_BLOCKED + x] = 0


def fill_building_but_one(s, p, x):
    """p has delivered all but the last symbol of building x, and holds the last good."""
    n = int(D[D_BUILD_N + x])
    s[pb(p) + P_BUILD_FILL + x] = (1 << (n - 1)) - 1
    s[pb(p) + P_STOCK] -= n - 1
    g = int(D[D_BUILD_GOODS + x * 4 + n - 1])
    s[pb(p) + P_DEN + g] += 1
    s[pb(p) + P_STOCK] -= 1
    return n - 1


def test_donkey_markers_used_in_rounds_1_to_3_cannot_repeat_and_all_return_in_round_4():
    s, k = game(2)
    b = pb(0)
    s[G_FLOW] = FL_DONKEY
    s[G_TURN] = 0
    s[rules.G_ACTED] = 0
    s[b + P_DONKEY_USED] = 0b0011
    rules.resume(s, D, k)
    assert phase(s) == "donkey" and legal(s, k) == ["donkey(2)", "donkey(3)"]
    s[G_ROUND] = 4
    rules.resume(s, D, k)
    assert legal(s, k) == ["donkey(0)", "donkey(1)", "donkey(2)", "donkey(3)"]


def test_siesta_discs_move_by_hats_land_on_top_and_the_furthest_disc_starts():
    s, k = game(3)
    for p, m in ((0, 2), (1, 1), (2, 1)):  # hats 1, 2, 2
        s[pb(p) + P_DONKEY] = m
    rules.siesta_step(s, D)
    assert [int(s[pb(p) + P_SIESTA]) for p in range(3)] == [1, 2, 2]
    assert s[pb(2) + P_STACK] > s[pb(1) + P_STACK]  # seat 2 moved later onto seat 1's space: on top
    assert [int(s[G_ORDER + i]) for i in range(3)] == [2, 1, 0]


def test_a_disc_stops_at_the_top_space():
    s, k = game(2)
    s[pb(0) + P_SIESTA] = 6
    rules.advance_siesta(s, D, 0, 3)
    assert s[pb(0) + P_SIESTA] == 7


def test_a_blocked_building_takes_no_delivery():
    s, k = game(2)
    x = next(x for x in range(6) if s[G_BLOCKED + x])
    g = int(D[D_BUILD_GOODS + x * 4])
    s[pb(0) + P_DEN + g] = 1
    assert not rules.can_deliver_building(s, D, 0, x, 0)
    s[G_BLOCKED + x] = 0
    assert rules.can_deliver_building(s, D, 0, x, 0)


def test_completing_a_building_scores_the_round_1_more_for_the_first_and_removes_the_next_order_marker():
    s, k = game(2)
    s[G_ROUND] = 3
    x = next(x for x in range(6) if not s[G_BLOCKED + x] and x in (B_MERCHANT, B_DELI, B_STORE, B_BUTCHER))
    first_blocked = next(y for y in range(6) if s[G_BLOCKED + y] == 1)
    j = fill_building_but_one(s, 0, x)
    vp, stock = int(s[pb(0) + P_VP]), int(s[pb(0) + P_STOCK])
    rules.deliver_building(s, D, k, 0, x, j)
    gained = int(s[pb(0) + P_VP]) - vp
    immediate = {B_STORE: 2, B_BUTCHER: 0}.get(x, 0)
    assert gained == 3 + 1 + 1 + immediate  # round 3, the grey hex, the building-order marker's VP
    assert s[pb(0) + P_CRAFT + x] == 3 and s[G_FIRST_VP + x] == 0 and s[G_BLOCKED + first_blocked] == 0
    assert s[G_NEXT_ORDER] == 2
    n = int(D[D_BUILD_N + x])
    assert s[pb(0) + P_STOCK] == stock + n - 1  # one marker stays on the grey hex, the rest come back


def test_each_craft_marker_has_its_immediate_effect():
    for x, check in (
        (B_MERCHANT, lambda s, before: s[pb(0) + P_SILVER] - before[pb(0) + P_SILVER] == 3),
        (B_DELI, lambda s, before: s[pb(0) + P_DEN + 7] - before[pb(0) + P_DEN + 7] == 1),
        (B_GROCER, lambda s, before: s[G_GAIN_N] == 1),
        (B_WAINWRIGHT, lambda s, before: s[G_DELIV_LEFT] == before[G_DELIV_LEFT] + 1),
        (B_BUTCHER, lambda s, before: s[pb(0) + P_VP] - before[pb(0) + P_VP] == 1 + 1 + 2),  # round, first, 2 barrows
    ):
        s, k = game(2)
        open_all(s)
        s[G_NEXT_ORDER] = 4
        s[pb(0) + P_BARROW] = barrow_card(2)
        s[pb(0) + P_BARROW + 1] = barrow_card(3)
        j = fill_building_but_one(s, 0, x)
        before = s.copy()
        rules.deliver_building(s, D, k, 0, x, j)
        assert check(s, before), x


def test_a_completed_barrow_pays_its_vp_a_trade_commodity_and_asks_for_a_market_hex_of_its_value():
    s, k = game(2)
    b = pb(0)
    c = barrow_card(4)
    goods, vp = barrow_of(c)
    s[b + P_BARROW] = c
    s[b + P_BARROW_FILL] = (1 << (len(goods) - 1)) - 1
    s[b + P_STOCK] -= len(goods) - 1
    vp0, trade = int(s[b + P_VP]), int(s[b + P_DEN + 7])
    s[b + P_DEN + goods[-1]] += 1
    s[b + P_STOCK] -= 1
    rules.deliver_barrow(s, D, k, 0, 0, len(goods) - 1)
    assert s[b + P_VP] == vp0 + vp and s[b + P_VP_SRC + V_BARROWS] == vp and s[b + P_DEN + 7] == trade + 1
    assert s[b + P_BARROW] == -1 and s[G_MKT_VALUE] == vp


def test_a_market_marker_removes_adjacent_lower_markers_of_others_for_1_vp_each():
    s, k = game(4)
    h = next(h for h in range(D[D_N_HEX]) if D[D_HEX_VALUE + h] == 5 and s[G_MARKET + h] < 0)
    lower = [int(D[D_HEX_NB + h * 6 + j]) for j in range(6) if D[D_HEX_NB + h * 6 + j] >= 0]
    lower = [x for x in lower if D[D_HEX_VALUE + x] < 5]
    for x in lower:
        s[G_MARKET + x] = 1
    if lower:
        s[G_MARKET + lower[0]] = 0  # one of the mover's own: stays
    vp = int(s[pb(0) + P_VP])
    rules.place_on_market(s, D, k, 0, h)
    assert s[G_MARKET + h] == 0
    removed = len(lower) - 1 if lower else 0
    assert s[pb(0) + P_VP] == vp + removed and s[pb(0) + P_VP_SRC + V_REMOVALS] == removed
    assert all(s[G_MARKET + x] == -1 for x in lower[1:]) and (not lower or s[G_MARKET + lower[0]] == 0)


def test_when_every_hex_of_the_value_is_taken_a_marker_of_another_player_is_replaced():
    s, k = game(4)
    sixes = [h for h in range(D[D_N_HEX]) if D[D_HEX_VALUE + h] == 6]
    for h in sixes:
        s[G_MARKET + h] = 1
    s[G_MKT_VALUE] = 6
    s[G_CUR] = 0
    rules.resume(s, D, k)
    assert phase(s) == "market" and sorted(legal(s, k)) == sorted(f"market_hex({h})" for h in sixes)
    vp = int(s[pb(0) + P_VP])
    act(s, k, f"market_hex({sixes[0]})")
    assert s[G_MARKET + sixes[0]] == 0 and s[pb(0) + P_VP] >= vp + 1


def test_x_hexes_are_closed_with_2_or_3_players():
    s, k = game(2)
    x = next(h for h in range(D[D_N_HEX]) if D[D_HEX_X + h])
    assert not rules.hex_open(s, D, k, x)
    s[G_PLAYERS] = 4
    assert rules.hex_open(s, D, k, x)


def test_paid_deliveries_cost_1_silver_each_up_to_the_extra_delivery_limit():
    s, k = game(2)
    b = pb(0)
    open_all(s)
    s[G_FLOW] = FL_EXTRA
    s[G_TURN] = 0
    s[rules.G_ACTED] = 0
    s[G_ORDER] = 0
    s[b + P_SILVER] = 3
    s[b + P_DEN] = 1  # an olive for the greengrocer
    rules.resume(s, D, k)
    assert phase(s) == "extra" and s[G_CUR] == 0 and s[G_DELIV_LEFT] == 1
    act(s, k, next(a for a in legal(s, k) if a.startswith("deliver_building")))
    assert s[b + P_SILVER] == 2 and s[G_CUR] == 1  # the one extra delivery of the farm board, paid


def test_paid_deliveries_bought_up_front_with_the_knob():
    s, k = game(2, {"transport.extra_upfront": 1})
    b = pb(0)
    s[G_FLOW] = FL_EXTRA
    s[G_TURN] = 0
    s[rules.G_ACTED] = 0
    s[b + P_SILVER] = 3
    rules.resume(s, D, k)
    assert phase(s) == "extra" and "extra_buy(0)" in legal(s, k)
    act(s, k, "extra_buy(0)")
    assert s[b + P_SILVER] == 2 and s[G_DELIV_LEFT] == 1


def paid_step_with_delivery_roof(knobs=None, used=0):
    """Seat 0 in the paid deliveries (transport step 4) with 1 silver, goods for the open buildings, and an unused
    (or used) delivery roof."""
    s, k = game(2, knobs)
    b = pb(0)
    open_all(s)
    s[G_FLOW] = FL_EXTRA
    s[G_TURN] = 0
    s[rules.G_ACTED] = 0
    s[G_ORDER] = 0
    s[G_ORDER + 1] = 1
    s[b + P_SILVER] = 1
    s[b + P_DEN : b + P_DEN + 8] = 2  # two of every good: deliveries to spare
    s[b + P_ROOF] = RF_DELIVERY
    s[b + P_ROOF_USED] = used
    for h in range(3):
        s[b + P_HELPER + h] = -1
    rules.resume(s, D, k)
    return s, k


def test_the_delivery_roof_is_usable_during_the_paid_deliveries():
    """EN 6.0 step 4 ('Carry out one delivery', usable once when it is the owner's turn) and seed 002 屋根マーカーの使用
    (an anytime action): in the paid delivery step the roof's delivery is one more, free; the paid one still costs 1
    silver (seed 002 輸送フェイズ ステップ４). A used roof is not offered."""
    s, k = paid_step_with_delivery_roof()
    b = pb(0)
    assert phase(s) == "extra" and s[G_CUR] == 0 and "use_roof(0)" in legal(s, k)
    act(s, k, "use_roof(0)")
    assert phase(s) == "extra" and s[G_DELIV_LEFT] == 2 and "use_roof(0)" not in legal(s, k)
    deliveries = [a for a in legal(s, k) if a.startswith("deliver_building")]
    act(s, k, deliveries[0])
    assert s[b + P_SILVER] == 1 and s[G_CUR] == 0  # the roof's delivery: free
    act(s, k, next(a for a in legal(s, k) if a.startswith("deliver_building")))
    assert s[b + P_SILVER] == 0 and s[G_CUR] == 1  # the paid one: 1 silver, and the step is over
    s, k = paid_step_with_delivery_roof(used=1)
    assert phase(s) == "extra" and "use_roof(0)" not in legal(s, k)


def test_the_delivery_roof_adds_to_paid_deliveries_bought_up_front():
    """With transport.extra_upfront=1 (EN 8.4: the number bought at once, then carried out) the roof is used among
    the deliveries bought, adding a free one; not at the purchase itself (RULES.md)."""
    s, k = paid_step_with_delivery_roof({"transport.extra_upfront": 1})
    assert phase(s) == "extra" and "extra_buy(0)" in legal(s, k) and "use_roof(0)" not in legal(s, k)
    act(s, k, "extra_buy(0)")
    assert s[pb(0) + P_SILVER] == 0 and s[G_DELIV_LEFT] == 1 and "use_roof(0)" in legal(s, k)
    act(s, k, "use_roof(0)")
    assert s[G_DELIV_LEFT] == 2
