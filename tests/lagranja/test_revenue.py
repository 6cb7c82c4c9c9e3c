"""The revenue phase (seed 002, 収入フェイズ): 2n+1 dice, two picks each in turn order, the leftover die for everyone,
and the six revenue spaces; the anytime actions and the trade commodity (随時アクション)."""

from sim.games.lagranja import rules
from sim.games.lagranja.layout import (
    FL_DICE,
    FL_LEFTOVER,
    G_CUR,
    G_DECK_N,
    G_DELIV_LEFT,
    G_DICE,
    G_FLOW,
    G_GAIN_N,
    G_LEFTOVER,
    G_OPT_KIND,
    G_ORDER,
    G_ROLLS,
    G_ROUND,
    G_TURN,
    G_UPG_LEFT,
    OPT_DIE2,
    OPT_DIE5,
    OPT_DIE6,
    P_DEN,
    P_DICE,
    P_FIELD_GOODS,
    P_FIELDS,
    P_HAND_N,
    P_SIESTA,
    P_SILVER,
    P_STOCK,
)

from .scenario import D, act, game, legal, pb, phase


def to_dice(s, k):
    """Straight to the revenue phase of round 1 (the dice as rolled at setup)."""
    s[G_FLOW] = FL_DICE
    s[G_TURN] = 0
    s[rules.G_ACTED] = 0
    rules.roll_dice(s, D, k)
    rules.resume(s, D, k)


def test_2n_plus_1_dice_are_rolled_each_player_takes_two_in_turn_order_and_the_leftover_is_everyones():
    for n in (2, 3, 4):
        s, k = game(n)
        to_dice(s, k)
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


def test_revenue_space_1_gives_a_pig_sold_at_once_without_room():
    s, k = game(2)
    b = pb(0)
    rules.resolve_face(s, D, k, 0, 1)
    assert s[b + P_DEN + 3] == 1
    s[b + P_DEN + 3] = 2
    silver = int(s[b + P_SILVER])
    rules.resolve_face(s, D, k, 0, 1)
    assert s[b + P_DEN + 3] == 2 and s[b + P_SILVER] == silver + 3


def test_revenue_space_2_is_draw_or_play_a_card_or_a_harvest_good():
    s, k = game(2)
    rules.resolve_face(s, D, k, 0, 2)
    assert s[G_OPT_KIND] == OPT_DIE2
    hand, deck = int(s[pb(0) + P_HAND_N]), int(s[G_DECK_N])
    rules.choose_option(s, D, k, 0, 0)
    assert s[pb(0) + P_HAND_N] == hand + 1 and s[G_DECK_N] == deck - 1
    s[G_OPT_KIND] = OPT_DIE2
    rules.choose_option(s, D, k, 0, 2)
    assert s[G_GAIN_N] == 1


def test_revenue_space_3_gives_two_different_harvest_goods():
    s, k = game(2)
    rules.resolve_face(s, D, k, 0, 3)
    rules.resume(s, D, k)
    assert s[G_GAIN_N] == 2 and legal(s, k) == ["gain(0)", "gain(1)", "gain(2)"]
    act(s, k, "gain(1)")
    assert legal(s, k) == ["gain(0)", "gain(2)"]


def test_revenue_space_4_gives_4_silver():
    s, k = game(2)
    rules.resolve_face(s, D, k, 0, 4)
    assert s[pb(0) + P_SILVER] == 5


def test_revenue_space_5_is_two_upgrades_or_one_and_a_siesta_step_or_two_steps():
    s, k = game(2)
    b = pb(0)
    rules.resolve_face(s, D, k, 0, 5)
    assert s[G_OPT_KIND] == OPT_DIE5
    rules.choose_option(s, D, k, 0, 0)
    assert s[G_UPG_LEFT] == 2
    s[G_UPG_LEFT] = 0
    s[G_OPT_KIND] = OPT_DIE5
    rules.choose_option(s, D, k, 0, 1)
    assert s[G_UPG_LEFT] == 1 and s[b + P_SIESTA] == 1
    s[G_UPG_LEFT] = 0
    s[G_OPT_KIND] = OPT_DIE5
    rules.choose_option(s, D, k, 0, 2)
    assert s[b + P_SIESTA] == 3


def test_revenue_space_6_is_a_delivery_or_2_silver():
    s, k = game(2)
    rules.resolve_face(s, D, k, 0, 6)
    assert s[G_OPT_KIND] == OPT_DIE6
    rules.choose_option(s, D, k, 0, 0)
    assert s[G_DELIV_LEFT] == 1
    s[G_OPT_KIND] = OPT_DIE6
    rules.choose_option(s, D, k, 0, 1)
    assert s[pb(0) + P_SILVER] == 3


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
    s, k = game(2)
    b = pb(0)
    stock = int(s[b + P_STOCK])
    act(s, k, "trade(0)")
    assert s[b + P_SILVER] == 5 and s[b + P_DEN + 7] == 0 and s[b + P_STOCK] == stock + 1
    for o, check in (
        (1, lambda: s[G_GAIN_N] == 2),
        (3, lambda: s[b + P_DEN + 3] == 1),
        (4, lambda: s[G_UPG_LEFT] == 2),
    ):
        s[b + P_DEN + 7] = 1
        s[G_GAIN_N] = 0
        rules.trade(s, D, k, 0, o)
        assert check()


def test_the_leftover_die_is_resolved_by_every_player_in_turn_order():
    s, k = game(3)
    s[G_FLOW] = FL_LEFTOVER
    s[G_TURN] = 0
    s[rules.G_ACTED] = 0
    s[G_LEFTOVER] = 4
    for p in range(3):
        s[pb(p) + P_DICE] = 1
    rules.resume(s, D, k)
    assert [int(s[pb(p) + P_SILVER]) for p in range(3)] == [5, 5, 5]
