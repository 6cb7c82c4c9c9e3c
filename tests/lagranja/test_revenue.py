"""The revenue phase (seed 002, 収入フェイズ): 2n+1 dice, two picks each in turn order, the leftover die for everyone,
and the six revenue spaces; the anytime actions and the trade commodity (随時アクション)."""

from sim.games.lagranja.layout import (
    FL_DICE,
    FL_LEFTOVER,
    G_CUR,
    G_DECK_N,
    G_DELIV_LEFT,
    G_DICE,
    G_DISCARD_N,
    G_FLOW,
    G_GAIN_N,
    G_LEFTOVER,
    G_ORDER,
    G_ROLLS,
    G_ROUND,
    G_UPG_LEFT,
    N_SLOTS,
    P_DEN,
    P_FIELD_EXTRA,
    P_FIELD_GOODS,
    P_FIELDS,
    P_HAND_N,
    P_HELPER,
    P_SIESTA,
    P_SILVER,
    P_STOCK,
)

from .scenario import act, game, legal, pb, phase


def to_revenue(n=2, faces=(), knobs=None):
    """Round 1 from the deal to its revenue phase through the legal set, the round's dice (rolled at setup, in
    the layout's G_ROLLS) written as `faces` when given: each seat plays its first playable card and buys no roof.
    Returns the state at the first pick, with no helper in play."""
    s, k = game(n, knobs)
    for i, f in enumerate(faces):
        s[G_ROLLS + i] = f
    while phase(s) != "die":
        options = legal(s, k)
        act(s, k, "roof_pass" if "roof_pass" in options else options[0])
    assert all(s[pb(p) + P_HELPER + i] < 0 for p in range(n) for i in range(N_SLOTS))
    return s, k


def rolled(s) -> list[int]:
    return [f for f in range(1, 7) for _ in range(int(s[G_DICE + f]))]


def test_2n_plus_1_dice_are_rolled_each_player_takes_two_in_turn_order_and_the_leftover_is_everyones():
    for n in (2, 3, 4):
        s, k = to_revenue(n)
        assert sum(int(s[G_DICE + f]) for f in range(1, 7)) == 2 * n + 1
        seats = []
        while s[G_FLOW] == FL_DICE:
            if phase(s) == "die":
                seats.append(int(s[G_CUR]))
                act(s, k, next(a for a in legal(s, k) if a.startswith("take_die")))
            else:
                act(s, k, legal(s, k)[0])
        assert seats == [int(s[G_ORDER + t % n]) for t in range(2 * n)]
        assert s[G_FLOW] >= FL_LEFTOVER and 1 <= s[G_LEFTOVER] <= 6


def test_the_dice_of_every_round_are_rolled_at_setup_from_the_seed():
    a, _ = game(2, seed=3)
    b, _ = game(2, seed=3)
    c, _ = game(2, seed=4)
    rolls = slice(G_ROLLS, G_ROLLS + 54)
    assert (a[rolls] == b[rolls]).all() and not (a[rolls] == c[rolls]).all()
    assert set(a[rolls]) <= {1, 2, 3, 4, 5, 6}


def test_only_the_faces_rolled_are_offered_and_the_last_die_of_a_face_goes_with_its_taker():
    s, k = to_revenue(2, (1, 4, 4, 5, 6))
    assert rolled(s) == [1, 4, 4, 5, 6]
    assert [a for a in legal(s, k) if a.startswith("take_die")] == ["take_die(0)", "take_die(3)", "take_die(4)",
                                                                    "take_die(5)"]  # fmt: skip
    act(s, k, "take_die(0)")  # the only 1
    while phase(s) != "die":
        act(s, k, legal(s, k)[0])
    assert "take_die(0)" not in legal(s, k) and "take_die(3)" in legal(s, k)


def test_revenue_space_1_gives_a_pig_sold_at_once_without_room():
    """Seed 002 収入フェイズ 1: a pig; a pig without a free space is sold at once (economy.csv: a pig sells for
    3); farm.pig_spaces = 2 printed spaces."""
    s, k = to_revenue(2, (1, 1, 4, 5, 6))
    p = int(s[G_CUR])
    b = pb(p)
    pigs, silver = int(s[b + P_DEN + 3]), int(s[b + P_SILVER])
    act(s, k, "take_die(0)")
    assert s[b + P_DEN + 3] == pigs + 1 and s[b + P_SILVER] == silver
    s, k = to_revenue(2, (1, 1, 4, 5, 6))
    s[b + P_DEN + 3] = 2  # both pig spaces taken
    silver = int(s[b + P_SILVER])
    act(s, k, "take_die(0)")
    assert s[b + P_DEN + 3] == 2 and s[b + P_SILVER] == silver + 3


def test_revenue_space_2_is_draw_or_play_a_card_or_a_harvest_good():
    """Seed 002 収入フェイズ 2: draw a card, or play a card, or take a harvest good. Drawing is withheld when the
    deck and the discard pile are empty."""
    s, k = to_revenue(2, (2, 2, 4, 5, 6))
    p = int(s[G_CUR])
    act(s, k, "take_die(1)")
    assert phase(s) == "option" and legal(s, k) == ["option(0)", "option(1)", "option(2)"]
    hand, deck = int(s[pb(p) + P_HAND_N]), int(s[G_DECK_N])
    act(s, k, "option(0)")  # draw
    assert s[pb(p) + P_HAND_N] == hand + 1 and s[G_DECK_N] == deck - 1
    s, k = to_revenue(2, (2, 2, 4, 5, 6))
    act(s, k, "take_die(1)")
    act(s, k, "option(1)")  # play a card: the hand's cards are offered
    assert phase(s) == "xplay" and "no_play" in legal(s, k) and any(a.startswith("play(") for a in legal(s, k))
    s, k = to_revenue(2, (2, 2, 4, 5, 6))
    act(s, k, "take_die(1)")
    act(s, k, "option(2)")  # a harvest good: olive, grain or grape, no pig
    assert phase(s) == "gain" and legal(s, k) == ["gain(0)", "gain(1)", "gain(2)"]
    den = int(s[pb(p) + P_DEN + 2])
    act(s, k, "gain(2)")
    assert s[pb(p) + P_DEN + 2] == den + 1 and phase(s) != "gain"
    s, k = to_revenue(2, (2, 2, 4, 5, 6))
    s[G_DECK_N] = 0
    s[G_DISCARD_N] = 0
    act(s, k, "take_die(1)")
    assert legal(s, k) == ["option(1)", "option(2)"]


def test_revenue_space_3_gives_two_different_harvest_goods():
    """Seed 002 収入フェイズ 3: two different harvest goods (no pig, not the same good twice)."""
    s, k = to_revenue(2, (3, 3, 4, 5, 6))
    p = int(s[G_CUR])
    den = [int(s[pb(p) + P_DEN + g]) for g in range(4)]
    act(s, k, "take_die(2)")
    assert phase(s) == "gain" and legal(s, k) == ["gain(0)", "gain(1)", "gain(2)"]
    act(s, k, "gain(1)")
    assert legal(s, k) == ["gain(0)", "gain(2)"]
    act(s, k, "gain(0)")
    assert [int(s[pb(p) + P_DEN + g]) for g in range(4)] == [den[0] + 1, den[1] + 1, den[2], den[3]]
    assert phase(s) != "gain"


def test_revenue_space_4_gives_4_silver():
    """Seed 002 収入フェイズ 4: 4 silver (revenue.die4_silver), no choice."""
    s, k = to_revenue(2, (4, 4, 1, 5, 6))
    p = int(s[G_CUR])
    silver = int(s[pb(p) + P_SILVER])
    act(s, k, "take_die(3)")
    assert s[pb(p) + P_SILVER] == silver + 4 and phase(s) == "die" and s[G_CUR] != p


def test_revenue_space_5_is_two_upgrades_or_one_and_a_siesta_step_or_two_steps():
    """Seed 002 収入フェイズ 5: two free upgrades, or one and a siesta step, or two siesta steps. An upgrade is
    offered for a resource held, and withheld for one not held."""
    s, k = to_revenue(2, (5, 5, 4, 1, 6))
    p = int(s[G_CUR])
    b = pb(p)
    act(s, k, "take_die(4)")
    assert phase(s) == "option" and legal(s, k) == ["option(0)", "option(1)", "option(2)"]
    s[b + P_DEN + 3] = 1  # a pig, and no grape in the den or on a field
    s[b + P_DEN + 2] = s[b + P_FIELD_GOODS + 2] = s[b + P_FIELD_EXTRA + 2] = 0
    silver, meat = int(s[b + P_SILVER]), int(s[b + P_DEN + 6])
    act(s, k, "option(0)")
    assert phase(s) == "upgrade" and s[G_UPG_LEFT] == 2 and s[b + P_SIESTA] == 0
    assert "free_upgrade(3)" in legal(s, k) and "free_upgrade(2)" not in legal(s, k)
    act(s, k, "free_upgrade(3)")  # the pig into meat, free of charge (its price would be 4)
    assert s[b + P_DEN + 3] == 0 and s[b + P_DEN + 6] == meat + 1 and s[b + P_SILVER] == silver
    assert s[G_UPG_LEFT] == 1
    s, k = to_revenue(2, (5, 5, 4, 1, 6))
    act(s, k, "take_die(4)")
    act(s, k, "option(1)")
    assert s[b + P_SIESTA] == 1 and (phase(s) == "upgrade") == (s[G_UPG_LEFT] == 1)
    s, k = to_revenue(2, (5, 5, 4, 1, 6))
    act(s, k, "take_die(4)")
    act(s, k, "option(2)")
    assert s[b + P_SIESTA] == 2 and s[G_UPG_LEFT] == 0 and phase(s) == "die"


def test_revenue_space_6_is_a_delivery_or_2_silver():
    """Seed 002 収入フェイズ 6: one delivery, or 2 silver (revenue.die6_silver)."""
    s, k = to_revenue(2, (6, 6, 4, 1, 5))
    p = int(s[G_CUR])
    act(s, k, "take_die(5)")
    assert phase(s) == "option" and legal(s, k) == ["option(0)", "option(1)"]
    act(s, k, "option(0)")
    assert phase(s) == "deliver" and s[G_DELIV_LEFT] == 1 and s[G_CUR] == p and "deliver_done" in legal(s, k)
    s, k = to_revenue(2, (6, 6, 4, 1, 5))
    silver = int(s[pb(p) + P_SILVER])
    act(s, k, "take_die(5)")
    act(s, k, "option(1)")
    assert s[pb(p) + P_SILVER] == silver + 2 and phase(s) == "die" and s[G_CUR] != p


def test_anytime_sell_buy_and_upgrade_at_the_printed_prices():
    s, k = game(2)
    b = pb(0)
    s[b + P_SILVER] = 10
    s[G_ROUND] = 1
    assert phase(s) == "play"
    act(s, k, "buy(2)")  # a grape for 4
    assert s[b + P_SILVER] == 6 and s[b + P_DEN + 2] == 1
    act(s, k, "upgrade(2)")  # into wine for 3
    assert s[b + P_SILVER] == 3 and s[b + P_DEN + 2] == 0 and s[b + P_DEN + 5] == 1
    act(s, k, "buy(0)")
    act(s, k, "sell(0)")  # an olive sells for 1
    assert s[b + P_SILVER] == 1


def test_harvest_goods_on_fields_cannot_be_sold():
    s, k = game(2)
    b = pb(0)
    s[b + P_FIELDS] = 1
    s[b + P_FIELD_GOODS] = 1
    assert "sell(0)" not in legal(s, k)
    s[b + P_DEN] = 1
    assert "sell(0)" in legal(s, k)


def test_a_trade_commodity_buys_4_silver_2_harvest_goods_a_card_a_pig_or_2_upgrades():
    """Seed 002 随時アクション: return a trade commodity (anytime) for 4 silver, two different harvest goods, a card
    (drawn or played), a pig, or two free upgrades. Without a trade commodity no trade is offered."""

    def trading(option):
        s, k = game(2)
        b = pb(0)
        assert phase(s) == "play" and s[G_CUR] == 0
        s[b + P_DEN + 7] = 0
        assert not any(a.startswith("trade(") for a in legal(s, k))
        s[b + P_DEN + 7] = 1
        s[b + P_DEN + 2] = 1  # a grape to upgrade
        before = s.copy()
        act(s, k, f"trade({option})")
        assert s[b + P_DEN + 7] == 0
        return s, k, before, b

    s, k, before, b = trading(0)
    assert s[b + P_SILVER] == before[b + P_SILVER] + 4 and phase(s) == "play"
    assert s[b + P_STOCK] == before[b + P_STOCK] + 1  # the commodity's marker back to the supply
    s, k, before, b = trading(1)
    assert phase(s) == "gain" and legal(s, k) == ["gain(0)", "gain(1)", "gain(2)"] and s[G_GAIN_N] == 2
    s, k, before, b = trading(2)
    assert phase(s) == "option" and legal(s, k) == ["option(0)", "option(1)"]  # draw or play
    s, k, before, b = trading(3)
    assert s[b + P_DEN + 3] == before[b + P_DEN + 3] + 1 and s[b + P_STOCK] == before[b + P_STOCK]  # one back, one out
    s, k, before, b = trading(4)
    assert phase(s) == "upgrade" and s[G_UPG_LEFT] == 2 and "free_upgrade(2)" in legal(s, k)


def test_the_leftover_die_is_resolved_by_every_player_in_turn_order():
    """Seed 002 収入フェイズ: the die no one took is resolved by every player. Seven 4s among three players: two
    picks of 4 silver each, then the leftover 4 for everyone."""
    s, k = to_revenue(3, (4,) * 7)
    silver = [int(s[pb(p) + P_SILVER]) for p in range(3)]
    while s[G_FLOW] == FL_DICE:
        act(s, k, "take_die(3)")
    assert s[G_FLOW] > FL_LEFTOVER and s[G_LEFTOVER] == 4
    assert [int(s[pb(p) + P_SILVER]) for p in range(3)] == [x + 2 * 4 + 4 for x in silver]
