"""Bazaar's rules (sim/games/bazaar/RULES.md, "The game as modelled", numbered as there), each through the
legal set: an action the rules offer is taken with `act`, one they withhold is absent from `legal()`."""

import numpy as np

from sim.games.bazaar.actions import A_BUY, A_TAKE
from sim.games.bazaar.layout import (
    E_ROUND_LIMIT,
    G_CUR,
    G_DECK,
    G_DECK_N,
    G_END_TRIGGER,
    G_MARKET,
    G_OWNER,
    G_ROUND,
    MARKET,
    NONE,
    OUT,
    P_CARD_BITS,
    P_CARDS,
    P_INCOME,
    P_MONEY,
    P_VP,
)
from sim.games.bazaar.params import PARAMS
from sim.games.bazaar.rules import is_terminal

from .scenario import N_CARDS, Game, card, cost, income, pb, vp


def place_of_every_card(s) -> list[str]:
    """Where each card is, read from the layout: 'deck', 'market', 'seat p' or 'out' (each exactly once)."""
    places = []
    for c in range(N_CARDS):
        where = [f"seat {s[G_OWNER + c]}" if 0 <= s[G_OWNER + c] < OUT else "out" if s[G_OWNER + c] == OUT else ""]
        where += ["deck"] * int((s[G_DECK : G_DECK + s[G_DECK_N]] == c).sum())
        where += ["market"] * int((s[G_MARKET : G_MARKET + MARKET] == c).sum())
        where = [w for w in where if w]
        assert len(where) == 1, f"card {c} is in {where}"
        places.append(where[0])
    return places


# ---------------------------------------------------------------- 1. setup


def test_setup_deals_five_face_up_cards_and_the_rest_is_the_deck():
    g = Game(3)
    places = place_of_every_card(g.s)
    assert places.count("market") == MARKET and places.count("deck") == N_CARDS - MARKET
    assert g.s[G_DECK_N] == N_CARDS - MARKET and g.s[G_CUR] == 0 and g.s[G_ROUND] == 0


def test_each_seat_starts_with_its_own_start_money_knob():
    g = Game(4, start_money__seat0=1, start_money__seat1=2, start_money__seat2=7, start_money__seat3=9)
    assert [int(g.s[pb(p) + P_MONEY]) for p in range(4)] == [1, 2, 7, 9]


def test_the_deck_is_shuffled_by_the_seed():
    orders = {tuple(Game(2, seed=seed).s[G_DECK : G_DECK + N_CARDS - MARKET]) for seed in range(5)}
    assert len(orders) > 1


# ---------------------------------------------------------------- 2. a turn: take or buy


def test_take_is_always_offered_and_gives_take_coins():
    g = Game(2, take__coins=3)
    g.market(["sultans_favour"])
    g.money(0, 0)
    assert g.legal() == {A_TAKE}  # nothing affordable: take is still there
    g.act(A_TAKE)
    assert g.s[pb(0) + P_MONEY] == 3


def test_buying_is_offered_only_for_a_card_the_player_can_pay_for():
    g = Game(2)
    g.market(["pottery", "jeweller"])
    g.money(0, cost("pottery"))
    assert A_BUY + 0 in g.legal() and A_BUY + 1 not in g.legal()
    g.money(0, cost("pottery") - 1)
    assert A_BUY + 0 not in g.legal()
    g.money(0, cost("jeweller"))
    assert {A_BUY + 0, A_BUY + 1} <= g.legal()


def test_an_empty_market_slot_offers_nothing_to_buy():
    g = Game(2)
    g.market([None, "date_stall"], deck=[])
    g.money(0, 99)
    assert g.legal() == {A_TAKE, A_BUY + 1}


def test_buying_pays_the_cost_and_puts_the_card_in_the_tableau():
    g = Game(2)
    g.market(["caravan"])
    g.money(0, 10)
    g.act(A_BUY + 0)
    b = pb(0)
    assert g.s[b + P_MONEY] == 10 - cost("caravan")
    assert g.s[b + P_VP] == vp("caravan") and g.s[b + P_INCOME] == income("caravan") and g.s[b + P_CARDS] == 1
    assert g.s[b + P_CARD_BITS] == 1 << card("caravan") and g.s[G_OWNER + card("caravan")] == 0


def test_a_bought_slot_is_refilled_from_the_top_of_the_deck():
    g = Game(2)
    g.market(["pottery", "rug_loom"], deck=["jeweller", "caravan"])  # caravan on top
    g.money(0, 9)
    g.act(A_BUY + 0)
    assert g.s[G_MARKET + 0] == card("caravan") and g.s[G_MARKET + 1] == card("rug_loom")
    assert g.s[G_DECK_N] == 1 and g.s[G_DECK] == card("jeweller")


def test_a_slot_stays_empty_once_the_deck_is_out_and_is_not_offered_again():
    g = Game(2)
    g.market(["pottery", "rug_loom"], deck=[])
    g.money(0, 9)
    g.act(A_BUY + 0)
    assert g.s[G_MARKET + 0] == NONE
    g.money(1, 9)
    assert A_BUY + 0 not in g.legal() and A_BUY + 1 in g.legal()


def test_turns_pass_from_seat_to_seat_in_order():
    g = Game(3)
    assert g.s[G_CUR] == 0
    g.act(A_TAKE)
    assert g.s[G_CUR] == 1
    g.act(A_TAKE)
    assert g.s[G_CUR] == 2
    g.act(A_TAKE)
    assert g.s[G_CUR] == 0 and g.s[G_ROUND] == 1


# ---------------------------------------------------------------- 3. income


def test_income_is_paid_to_everyone_after_the_last_seats_turn_and_not_before():
    g = Game(2, take__coins=0)
    g.market(["caravan", "spice_stall"])
    g.money(0, 9)
    g.money(1, 9)
    g.act(A_BUY + 0)  # seat 0 buys the caravan
    assert g.s[pb(0) + P_MONEY] == 9 - cost("caravan")  # no income yet: the round is not over
    g.act(A_BUY + 1)  # seat 1 buys the spice stall, the last turn of the round: both cards pay already
    assert g.s[pb(0) + P_MONEY] == 9 - cost("caravan") + income("caravan")
    assert g.s[pb(1) + P_MONEY] == 9 - cost("spice_stall") + income("spice_stall")


# ---------------------------------------------------------------- 4. the end


def test_the_game_ends_after_end_rounds_rounds():
    g = Game(2, end__rounds=3)
    for _ in range(3 * 2 - 1):
        g.act(A_TAKE)
        assert not is_terminal(g.s)
    g.act(A_TAKE)
    assert is_terminal(g.s) and g.s[G_ROUND] == 3 and g.s[G_END_TRIGGER] == E_ROUND_LIMIT
    assert g.legal() == set()


# ---------------------------------------------------------------- 5. scoring


def test_score_is_card_vp_plus_one_vp_per_coins_per_vp_coins_rounded_down():
    g = Game(2, take__coins=0, end__rounds=1, final__coins_per_vp=4)
    g.market(["jeweller", "pottery"])
    g.money(0, cost("jeweller") + 7)
    g.money(1, 11)
    g.act(A_BUY + 0)
    g.act(A_TAKE)
    scores, _ = g.scores()
    assert scores[:2] == [vp("jeweller") + (7 + income("jeweller")) // 4, 11 // 4]


def test_most_vp_wins():
    g = Game(3, take__coins=0, end__rounds=1)
    g.market(["pottery", "jeweller", "rug_loom"])
    for p in range(3):
        g.money(p, 9)
    g.act(A_BUY + 0)  # pottery
    g.act(A_BUY + 1)  # jeweller: the most VP of the three
    g.act(A_BUY + 2)  # rug_loom
    _, winner = g.scores()
    assert vp("jeweller") > max(vp("pottery"), vp("rug_loom")) and winner == 1


def test_a_tie_goes_to_the_seat_nearer_the_start_player():
    g = Game(3, take__coins=0, end__rounds=1)
    g.money(0, 0)
    g.money(1, 5)
    g.money(2, 5)
    for _ in range(3):
        g.act(A_TAKE)
    scores, winner = g.scores()
    assert scores[1] == scores[2] > scores[0] and winner == 1


# ---------------------------------------------------------------- the value experiments (not rules)


def dealing_order(s) -> list[int]:
    """The shuffled deck as it was before the market was dealt from its top: the deck left, then the market
    from the last slot dealt to the first."""
    return [*s[G_DECK : G_DECK + s[G_DECK_N]].tolist(), *s[G_MARKET : G_MARKET + MARKET][::-1].tolist()]


def test_experiment_remove_card_takes_the_card_out_and_keeps_the_other_cards_order():
    base = Game(2, seed=4)
    c = card("caravan")
    g = Game(2, seed=4, experiment__remove_card=c + 1)
    assert place_of_every_card(g.s)[c] == "out"
    assert dealing_order(g.s) == [x for x in dealing_order(base.s) if x != c]


def test_experiment_give_card_puts_it_in_the_seats_tableau_at_setup():
    c = card("money_changer")
    g = Game(3, experiment__give_card=c + 1, experiment__give_card_seat=2)
    assert place_of_every_card(g.s)[c] == "seat 2"
    b = pb(2)
    assert g.s[b + P_INCOME] == income("money_changer") and g.s[b + P_VP] == vp("money_changer")
    assert g.s[b + P_MONEY] == PARAMS.get("start_money.seat2").default  # given, not bought


def test_every_card_stays_in_exactly_one_place_through_a_game():
    g = Game(4, seed=9)
    rng = np.random.default_rng(0)  # the test's own choices, not the game's randomness
    while not is_terminal(g.s):
        g.act(int(rng.choice(sorted(g.legal()))))
        place_of_every_card(g.s)
    assert g.s[G_END_TRIGGER] == E_ROUND_LIMIT
