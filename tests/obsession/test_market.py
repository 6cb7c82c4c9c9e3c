"""The builders' market (seed 003 step 7; R2 market rules 1-7) and the special actions (seed 003 特殊フリーアクション):
one purchase a turn at the space's cost plus the tile's modifier, no duplicates, purchases above the
reputation, sliding and refilling in tile-sorting order, stacked duplicates, refreshes; borrowing, service
help and the refresh, paid in reputation."""

import numpy as np

from sim.games.obsession import rules
from sim.games.obsession.actions import A_BORROW, A_BUY, A_CALL, A_PASS, A_REFRESH, A_RENT
from sim.games.obsession.layout import G_BAG_N, P_MONEY, P_REP, SV_FOOTMAN, SV_VALET
from sim.games.obsession.tables import K_MODIFIER, K_TSN

from .scenario import D, Game, kind, params

SIX = ["Kitchen Garden", "Card Room", "Morning Room", "Library", "Kennels", "Music Room"]


def buying(g, seat=0, money=2000, level=1):
    """Seat `seat` passes with the rent and stands in the buy step with this much money."""
    g.deck(seat, hand=[])
    g.reputation(seat, level)
    g.start_turn(seat)
    g.act(A_PASS)
    g.act(A_RENT)
    g.money(seat, money)


def modifier(name):
    return int(D[rules.kb(kind(name)) + K_MODIFIER])


def test_a_tile_costs_its_market_space_plus_its_modifier():
    g = Game(3)
    g.market(SIX)
    buying(g, money=2000)
    g.buy("Library")  # space 4 of 6: 600 pounds, modifier 0
    assert g.p(0, P_MONEY) == 2000 - 600 - modifier("Library")
    assert "Library" in g.estate_names(0)


def test_costs_rise_left_to_right_from_300():
    g = Game(3)
    g.market(SIX)
    buying(g, money=0)
    k = g.k
    for i, name in enumerate(SIX):
        t = np.int64(g.take_from_bag(name))
        assert rules.tile_price(g.s, D, k, t, np.int64(i)) == 300 + 100 * i + modifier(name)


def test_only_one_purchase_a_turn():
    g = Game(3)
    g.market(SIX)
    buying(g, money=5000)
    g.buy("Card Room")
    assert not any(A_BUY <= a < A_BUY + 6 for a in g.legal())


def test_a_player_cannot_buy_a_tile_it_already_owns():
    g = Game(3)
    g.estate(0, ["Library"])
    g.market(SIX)
    buying(g, money=5000)
    assert A_BUY + 3 not in g.legal() and A_BUY + 2 in g.legal()


def test_a_tile_can_be_bought_above_the_reputation_level():
    g = Game(3)
    g.market(SIX)
    buying(g, money=5000, level=1)
    g.buy("Music Room")  # prestige rating 4
    assert "Music Room" in g.estate_names(0)


def test_a_tile_needs_the_money_for_it():
    g = Game(3)
    g.market(SIX)
    buying(g, money=99)  # the cheapest here costs 300 - 200
    assert not any(A_BUY <= a < A_BUY + 6 for a in g.legal())


def test_after_a_purchase_the_market_slides_left_and_a_new_tile_fills_the_right():
    g = Game(3)
    g.market(SIX)
    g.bag_top(["Stables"])
    buying(g, money=5000)
    g.buy("Card Room")
    assert [x[-1] for x in g.market_names()] == ["Kitchen Garden", "Morning Room", "Library", "Kennels",
                                                  "Music Room", "Stables"]  # fmt: skip


def test_new_tiles_drawn_together_are_placed_in_tile_sorting_order():
    g = Game(3)
    g.market(SIX)
    g.bag_top(["Racecourse", "Croquet Lawn"])
    g.start_turn(0, round_=11)  # the Builders' Holiday: several purchases, one refill at the end
    g.deck(0, hand=[])
    g.act(A_PASS)
    g.act(A_RENT)
    g.money(0, 5000)
    g.buy("Kitchen Garden")
    g.buy("Library")
    assert sum(len(x) for x in g.market_names()) == 4  # no refill before the end
    g.done_buying()
    names = [x[-1] for x in g.market_names()]
    assert names == ["Card Room", "Morning Room", "Kennels", "Music Room", "Croquet Lawn", "Racecourse"]
    assert D[rules.kb(kind("Croquet Lawn")) + K_TSN] < D[rules.kb(kind("Racecourse")) + K_TSN]


def test_a_duplicate_drawn_is_stacked_on_its_twin_and_the_space_is_filled_again():
    g = Game(3)
    g.market(["Kitchen Garden", "Card Room", "Morning Room", "Dining Room", "Kennels", "Music Room"])
    g.bag_top(["Dining Room", "Stables"])
    buying(g, money=5000)
    g.buy("Kitchen Garden")
    spaces = g.market_names()
    assert spaces[2] == ["Dining Room", "Dining Room"] and spaces[5] == ["Stables"]


def test_the_other_copy_of_a_stacked_tile_stays_for_the_other_players():
    g = Game(3)
    g.market(["Kitchen Garden", "Card Room", "Morning Room", ["Dining Room", "Dining Room"], "Kennels", "Music Room"])
    buying(g, money=5000)
    g.buy("Dining Room")
    assert g.market_names()[3] == ["Dining Room"]
    g.done_buying()
    buying(g, seat=1, money=5000)
    g.buy("Dining Room")
    assert "Dining Room" in g.estate_names(1)


def test_a_refresh_draws_six_new_tiles_and_then_returns_the_old_ones_to_the_bag():
    g = Game(3)
    g.market(SIX)
    bag = int(g.s[G_BAG_N])
    g.deck(0, hand=[])
    g.start_turn(0)
    g.reputation(0, 2)
    g.act(A_REFRESH)
    new = [x[-1] for x in g.market_names()]
    assert not set(new) & set(SIX) and all(new)
    assert int(g.s[G_BAG_N]) + sum(len(x) for x in g.market_names()) == bag + 6


# ---------------------------------------------------------------- special actions


def test_borrowing_costs_two_reputation_per_100_pounds_as_often_as_reputation_allows():
    g = Game(3)
    g.deck(0, hand=[])
    g.start_turn(0)
    g.reputation(0, 1, 5)  # 4 steps
    g.money(0, 0)
    g.act(A_BORROW)
    g.act(A_BORROW)
    assert g.p(0, P_MONEY) == 200 and g.p(0, P_REP) == 0
    assert A_BORROW not in g.legal()


def test_service_help_brings_a_resting_servant_for_three_reputation():
    g = Game(3)
    g.deck(0, hand=[])
    g.start_turn(0)
    g.set_servants(0, "quarters", valet=1)
    g.reputation(0, 1, 3)  # 2 steps: not enough
    assert A_CALL + SV_VALET not in g.legal()
    g.reputation(0, 1, 4)
    g.act(A_CALL + SV_VALET)
    assert g.servants(0)["valet"] == 2 and g.p(0, P_REP) == 0
    assert A_CALL + SV_FOOTMAN not in g.legal()  # nobody of that kind resting


def test_the_market_refresh_costs_four_reputation_and_is_allowed_once_a_turn():
    g = Game(3)
    g.deck(0, hand=[])
    g.start_turn(0)
    g.reputation(0, 3)
    assert A_REFRESH in g.legal()
    g.act(A_REFRESH)
    assert g.p(0, P_REP) == 10 - 4 and A_REFRESH not in g.legal()
    g.act(A_PASS)
    g.act(A_RENT)
    assert A_REFRESH not in g.legal()  # not again in the buy step of the same turn


def test_special_actions_are_offered_while_buying():
    g = Game(3)
    g.market(SIX)
    buying(g, money=500, level=2)
    assert A_BORROW in g.legal() and A_REFRESH in g.legal()
    assert A_BUY + 3 not in g.legal()
    g.act(A_BORROW)
    g.buy("Library")


def test_service_help_is_offered_before_the_activity_and_not_in_the_buy_step():
    """R2 (Special Actions) allows service help anytime in the turn; after the activity a servant called from
    the quarters changes nothing (step 1 of the next turn makes it available anyway) but the reputation paid,
    so the buy step does not offer it (RULES.md, choices)."""
    g = Game(3)
    g.deck(0, hand=[])
    g.start_turn(0)
    g.set_servants(0, "quarters", valet=1)
    g.reputation(0, 3)
    assert A_CALL + SV_VALET in g.legal()  # the main step
    g.act(A_PASS)
    g.act(A_RENT)
    g.set_servants(0, "quarters", valet=1)  # passing refreshed service: one resting again
    assert g.phase == "buy" and A_CALL + SV_VALET not in g.legal() and A_BORROW in g.legal()


def test_the_knobs_change_the_prices_of_the_special_actions():
    g = Game(3, k=params(special__borrow_reputation=3, special__borrow_money=200))
    g.deck(0, hand=[])
    g.start_turn(0)
    g.reputation(0, 1, 4)
    g.money(0, 0)
    g.act(A_BORROW)
    assert g.p(0, P_MONEY) == 200 and g.p(0, P_REP) == 0
