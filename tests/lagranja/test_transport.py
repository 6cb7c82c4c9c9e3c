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
    G_MARKET,
    G_MKT_VALUE,
    G_NEXT_ORDER,
    G_ORDER,
    G_ROUND,
    G_TURN,
    MAX_SYMBOLS,
    P_BARROW,
    P_BARROW_FILL,
    P_BUILD_FILL,
    P_CRAFT,
    P_DEN,
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
from sim.games.lagranja.tables import (
    D_BUILD_GOODS,
    D_BUILD_N,
    D_HEX_NB,
    D_HEX_VALUE,
    D_HEX_X,
    D_N_HEX,
    D_SIESTA_TOP,
)

from .scenario import D, act, barrow_card, barrow_of, game, legal, pb, phase
from .test_revenue import to_revenue


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


def to_donkey(n=2, knobs=None):
    """Round 1 played through the legal set to its transport phase (test_revenue.to_revenue, then the first die
    and the first option each time): the first seat in turn order chooses its donkey marker."""
    s, k = to_revenue(n, knobs=knobs)
    while phase(s) != "donkey":
        act(s, k, legal(s, k)[0])
    return s, k


def to_deliver(n=2, knobs=None, donkey=3):
    """On from to_donkey: every seat chooses donkey marker `donkey` (donkey + 1 deliveries), the siesta step
    runs, and the first seat in the new turn order is to deliver. Returns (s, k, that seat)."""
    s, k = to_donkey(n, knobs)
    while phase(s) == "donkey":
        act(s, k, f"donkey({donkey})")
    assert phase(s) == "deliver" and s[G_DELIV_LEFT] == donkey + 1
    return s, k, int(s[G_CUR])


def building_delivery(x, j):
    return f"deliver_building({x * MAX_SYMBOLS + j})"


def hexes_of(value, players):
    """Market hexes of `value` that a marker may take with `players` players, read from market.csv's layout: an X
    hex only with 4."""
    return [h for h in range(D[D_N_HEX]) if D[D_HEX_VALUE + h] == value and (players == 4 or not D[D_HEX_X + h])]


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
    """Seed 002 輸送フェイズ ステップ２: in turn order each disc moves one space per hat of its donkey marker (donkey
    marker i: 3 - i hats), a disc landing on another goes on top; the new turn order is the furthest disc first,
    on a shared space the upper one first."""
    s, k = to_donkey(3)
    order = [int(s[G_ORDER + t]) for t in range(3)]
    for p in range(3):
        s[pb(p) + P_SIESTA] = 0
        s[pb(p) + P_STACK] = 0
    for m in (2, 1, 1):  # in turn order: 1 hat, 2 hats, 2 hats
        assert phase(s) == "donkey" and f"donkey({m})" in legal(s, k)
        act(s, k, f"donkey({m})")
    assert phase(s) == "deliver"
    assert [int(s[pb(p) + P_SIESTA]) for p in order] == [1, 2, 2]
    assert s[pb(order[2]) + P_STACK] > s[pb(order[1]) + P_STACK]  # the third moved later onto the second: on top
    assert [int(s[G_ORDER + i]) for i in range(3)] == [order[2], order[1], order[0]]
    assert s[G_CUR] == order[2]  # and the new first delivers first


def test_a_disc_stops_at_the_top_space():
    """Seed 002 輸送フェイズ ステップ２: a disc moves no further than the track's top space (siesta.csv)."""
    top = int(D[D_SIESTA_TOP])
    s, k = to_donkey(2)
    first, second = int(s[G_ORDER]), int(s[G_ORDER + 1])
    s[pb(first) + P_SIESTA] = top - 1
    s[pb(second) + P_SIESTA] = 0
    act(s, k, "donkey(0)")  # 3 hats
    act(s, k, "donkey(0)")
    assert s[pb(first) + P_SIESTA] == top and s[pb(second) + P_SIESTA] == 3


def test_a_blocked_building_takes_no_delivery():
    """Seed 002 輸送フェイズ: a craft building under a building-order marker takes no delivery until it is lifted."""
    s, k, p = to_deliver()
    x = next(x for x in range(6) if s[G_BLOCKED + x])
    g = int(D[D_BUILD_GOODS + x * 4])
    s[pb(p) + P_DEN + g] += 1
    assert building_delivery(x, 0) not in legal(s, k)
    s[G_BLOCKED + x] = 0
    assert building_delivery(x, 0) in legal(s, k)


def test_completing_a_building_scores_the_round_1_more_for_the_first_and_removes_the_next_order_marker():
    """Seed 002 輸送フェイズ, craft buildings: the last delivery of a row scores the round's number in VP, 1 more
    for the first to complete it, and lifts the next building-order marker for 1 VP; one marker stays on the
    grey hex and the others come back."""
    s, k, p = to_deliver()
    s[G_ROUND] = 3
    x = next(x for x in range(6) if not s[G_BLOCKED + x] and x in (B_MERCHANT, B_DELI, B_STORE, B_BUTCHER))
    first_blocked = next(y for y in range(6) if s[G_BLOCKED + y] == 1)
    j = fill_building_but_one(s, p, x)
    vp, stock, left = int(s[pb(p) + P_VP]), int(s[pb(p) + P_STOCK]), int(s[G_DELIV_LEFT])
    barrows = sum(1 for i in range(3) if s[pb(p) + P_BARROW + i] >= 0)
    act(s, k, building_delivery(x, j))
    gained = int(s[pb(p) + P_VP]) - vp
    immediate = {B_STORE: 2, B_BUTCHER: barrows}.get(x, 0)  # craft.store_vp; a VP per barrow
    assert gained == 3 + 1 + 1 + immediate  # round 3, the first, the building-order marker
    assert s[pb(p) + P_CRAFT + x] == 3 and s[G_FIRST_VP + x] == 0 and s[G_BLOCKED + first_blocked] == 0
    assert s[G_NEXT_ORDER] == 2 and s[G_DELIV_LEFT] == left - 1
    n = int(D[D_BUILD_N + x])
    assert s[pb(p) + P_STOCK] == stock + n - 1  # one marker stays on the grey hex, the rest come back
    assert building_delivery(x, 0) not in legal(s, k)  # a completed row takes no more


def test_each_craft_marker_has_its_immediate_effect():
    """Seed 002 クラフトマーカー: the Merchant House 3 silver, the Deli a trade commodity, the Greengrocer a resource
    of the player's choice, the Wainwright one more delivery, the Butcher 1 VP per barrow (round 1: VP 1, +1 the
    first; the building-order markers all lifted)."""
    for x, check in (
        (B_MERCHANT, lambda s, k, before, p: s[pb(p) + P_SILVER] - before[pb(p) + P_SILVER] == 3),
        (B_DELI, lambda s, k, before, p: s[pb(p) + P_DEN + 7] - before[pb(p) + P_DEN + 7] == 1),
        (B_GROCER, lambda s, k, before, p: phase(s) == "gain" and legal(s, k) == [f"gain({g})" for g in range(4)]),
        (B_WAINWRIGHT, lambda s, k, before, p: s[G_DELIV_LEFT] == before[G_DELIV_LEFT]),  # one used, one more
        (
            B_BUTCHER,
            lambda s, k, before, p: s[pb(p) + P_VP] - before[pb(p) + P_VP] == 1 + 1 + 2,
        ),  # round, first, 2 barrows
    ):
        s, k, p = to_deliver()
        open_all(s)
        s[G_NEXT_ORDER] = 4
        s[pb(p) + P_BARROW] = barrow_card(2)
        s[pb(p) + P_BARROW + 1] = barrow_card(3)
        s[pb(p) + P_BARROW + 2] = -1
        j = fill_building_but_one(s, p, x)
        before = s.copy()
        act(s, k, building_delivery(x, j))
        assert check(s, k, before, p), x


def test_a_completed_barrow_pays_its_vp_a_trade_commodity_and_asks_for_a_market_hex_of_its_value():
    """Seed 002 輸送フェイズ, barrows: the last delivery scores the barrow's VP (cards.csv) and a trade commodity, the
    card goes, and the player puts a marker on an empty market hex of the barrow's value (no X hex at 2 players)."""
    s, k, p = to_deliver()
    b = pb(p)
    c = barrow_card(4)
    goods, vp = barrow_of(c)
    s[b + P_BARROW] = c
    s[b + P_BARROW_FILL] = (1 << (len(goods) - 1)) - 1
    s[b + P_STOCK] -= len(goods) - 1
    vp0, trade = int(s[b + P_VP]), int(s[b + P_DEN + 7])
    s[b + P_DEN + goods[-1]] += 1
    s[b + P_STOCK] -= 1
    act(s, k, f"deliver_barrow({len(goods) - 1})")
    assert s[b + P_VP] == vp0 + vp and s[b + P_VP_SRC + V_BARROWS] == vp and s[b + P_DEN + 7] == trade + 1
    assert s[b + P_BARROW] == -1 and phase(s) == "market" and s[G_CUR] == p
    empty = [h for h in hexes_of(vp, 2) if s[G_MARKET + h] < 0]
    assert legal(s, k) == [f"market_hex({h})" for h in empty]
    act(s, k, f"market_hex({empty[0]})")
    assert s[G_MARKET + empty[0]] == p and phase(s) == "deliver"


def test_a_market_marker_removes_adjacent_lower_markers_of_others_for_1_vp_each():
    """Seed 002 市場: a marker placed removes every other player's marker on an adjacent hex of lower value, 1 VP
    each to the placer; its own stay, and so do higher ones."""
    s, k, p = to_deliver(4)
    b = pb(p)
    other = (p + 1) % 4
    h = next(h for h in hexes_of(5, 4) if s[G_MARKET + h] < 0)
    around = [int(D[D_HEX_NB + h * 6 + j]) for j in range(6) if D[D_HEX_NB + h * 6 + j] >= 0]
    lower = [x for x in around if D[D_HEX_VALUE + x] < 5]
    higher = [x for x in around if D[D_HEX_VALUE + x] > 5]
    assert len(lower) >= 2 and higher, "market.csv: a 5 with two lower and a higher neighbour"
    for x in around:
        s[G_MARKET + x] = other
    s[G_MARKET + lower[0]] = p  # one of the placer's own
    c = barrow_card(5)
    goods, _ = barrow_of(c)
    s[b + P_BARROW] = c
    s[b + P_BARROW_FILL] = (1 << (len(goods) - 1)) - 1
    s[b + P_DEN + goods[-1]] += 1
    act(s, k, f"deliver_barrow({len(goods) - 1})")
    assert phase(s) == "market" and f"market_hex({h})" in legal(s, k)
    vp, removals = int(s[b + P_VP]), int(s[b + P_VP_SRC + V_REMOVALS])
    act(s, k, f"market_hex({h})")
    assert s[G_MARKET + h] == p
    assert s[b + P_VP] == vp + len(lower) - 1 and s[b + P_VP_SRC + V_REMOVALS] == removals + len(lower) - 1
    assert s[G_MARKET + lower[0]] == p and all(s[G_MARKET + x] == -1 for x in lower[1:])
    assert all(s[G_MARKET + x] == other for x in higher)


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
    """Seed 002 市場: the X hexes take no marker with fewer than 4 players (market.csv column x): a barrow of 6
    offers the empty 6s without the X ones at 2 players, and with them at 4."""
    xs = [h for h in range(D[D_N_HEX]) if D[D_HEX_X + h] and D[D_HEX_VALUE + h] == 6]
    assert xs
    for n in (2, 4):
        s, k, p = to_deliver(n)
        b = pb(p)
        for h in range(D[D_N_HEX]):
            s[G_MARKET + h] = -1
        c = barrow_card(6)
        goods, _ = barrow_of(c)
        s[b + P_BARROW] = c
        s[b + P_BARROW_FILL] = (1 << (len(goods) - 1)) - 1
        s[b + P_DEN + goods[-1]] += 1
        act(s, k, f"deliver_barrow({len(goods) - 1})")
        offered = [int(a[len("market_hex(") : -1]) for a in legal(s, k)]
        assert phase(s) == "market" and offered == hexes_of(6, n)
        assert all((h in offered) == (n == 4) for h in xs)


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
