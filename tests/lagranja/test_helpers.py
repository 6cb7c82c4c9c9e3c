"""One scenario per helper card whose effect is implemented (helpers.csv; RULES.md 'Helpers'): each card is put in
a helper notch of seat 0 and its effect checked against the same position without it."""

import numpy as np

from sim.games.lagranja import rules
from sim.games.lagranja.layout import (
    FL_EXTRA,
    FL_PLAY,
    FL_ROOF,
    G_BLOCKED,
    G_CUR,
    G_DECK,
    G_DECK_N,
    G_DELIV_LEFT,
    G_DELIV_RES,
    G_DICE,
    G_EXTRA_FREE,
    G_FLOW,
    G_GAIN_N,
    G_MARKET,
    G_MKT_VALUE,
    G_OPT_KIND,
    G_ORDER,
    G_PAY_LEFT,
    G_PHASE,
    G_ROOF_OPEN,
    G_ROUND,
    G_TURN,
    G_UPG_LEFT,
    H_INCOME_HARVEST,
    OPT_CARPENTER,
    OPT_DIE4,
    OPT_PEON,
    P_BARROW,
    P_BARROW_FILL,
    P_BUILD_FILL,
    P_DEN,
    P_DICE,
    P_ELDER,
    P_EXT_N,
    P_FIELD_EXTRA,
    P_FIELD_GOODS,
    P_FIELDS,
    P_HAND,
    P_HAND_N,
    P_HELPER_USED,
    P_LDT,
    P_ROOF,
    P_SIESTA,
    P_SILVER,
    P_STOCK,
    P_VP,
    PH_DIE,
)
from sim.games.lagranja.tables import D_BUILD_GOODS, D_BUILD_N, D_HEX_NB, D_HEX_VALUE, D_N_HEX

from .scenario import (
    NAMES,
    D,
    act,
    barrow_card,
    barrow_of,
    clear_helpers,
    game,
    give_helper,
    legal,
    pb,
    phase,
    set_hand,
)


def with_helper(name, n=2, knobs=None):
    s, k = game(n, knobs)
    clear_helpers(s, 0)
    give_helper(s, 0, name)
    return s, k


def test_chef_upgrades_cost_1_silver_less():
    """Glossary (Chef): upgrades 1 silver cheaper; a grape's upgrade costs 3 (seed 002), 2 with the Chef."""
    for helper, offered in (("Chef", True), ("Porter", False)):
        s, k = with_helper(helper)
        s[pb(0) + P_SILVER] = 2
        s[pb(0) + P_DEN + 2] = 1  # a grape
        assert ("upgrade(2)" in legal(s, k)) == offered, helper
    s, k = with_helper("Chef")
    s[pb(0) + P_SILVER] = 2
    s[pb(0) + P_DEN + 2] = 1
    act(s, k, "upgrade(2)")
    assert s[pb(0) + P_SILVER] == 0 and s[pb(0) + P_DEN + 5] == 1


def test_negotiator_scores_1_vp_when_its_owners_marker_leaves_the_market():
    for helper, extra in (("Negotiator", 1), ("Chef", 0)):
        s, k = with_helper(helper)
        vp = int(s[pb(0) + P_VP])
        h = market_next_to(s, k, 1, 0)
        assert s[G_MARKET + h] == -1 and s[pb(0) + P_VP] == vp + extra, helper


def test_porter_takes_both_options_of_revenue_space_6():
    s, k = with_helper("Porter")
    dice_phase(s, {6: 1, 1: 1})
    act(s, k, "take_die(5)")
    assert s[G_DELIV_LEFT] == 1 and s[pb(0) + P_SILVER] == 3 and s[G_OPT_KIND] == 0 and s[pb(0) + P_HELPER_USED]
    assert phase(s) == "deliver"
    s, k = with_helper("Chef")  # without it: the choice of space 6
    dice_phase(s, {6: 1, 1: 1})
    act(s, k, "take_die(5)")
    assert phase(s) == "option" and legal(s, k) == ["option(0)", "option(1)"]


def test_farm_worker_pays_1_vp_to_play_a_card():
    s, k = with_helper("Farm Worker")
    vp = int(s[pb(0) + P_VP])
    act(s, k, "use_helper(0)")
    assert s[pb(0) + P_VP] == vp - 1 and phase(s) == "xplay"


def test_merchant_pays_1_vp_for_the_revenue_space_of_the_rounds_number():
    s, k = with_helper("Merchant")
    s[G_ROUND] = 4
    assert "use_helper(0)" not in legal(s, k)  # the revenue phase only
    dice_phase(s, {1: 1})
    act(s, k, "use_helper(0)")
    assert s[pb(0) + P_SILVER] == 5 and s[pb(0) + P_VP] == 0


def test_monger_adds_1_vp_to_a_scoring_siesta_disc():
    for space, extra in ((0, 0), (5, 1)):
        s, k = with_helper("Monger")
        s[pb(0) + P_SIESTA] = space
        t, _ = game(2)
        t[pb(0) + P_SIESTA] = space
        rules.scoring(s, D, k)
        rules.scoring(t, D, k)
        assert s[pb(0) + P_VP] - t[pb(0) + P_VP] == extra


def with_full_barrow(helper, vp):
    """Seat 0 with `helper` and a barrow of `vp` whose goods are all delivered: (state, knobs, card, goods)."""
    s, k = with_helper(helper)
    c = barrow_card(vp)
    goods, _ = barrow_of(c)
    s[pb(0) + P_BARROW] = c
    s[pb(0) + P_BARROW_FILL] = (1 << len(goods)) - 1
    return s, k, c, goods


def test_barrow_builder_keeps_the_completed_barrow():
    for helper, kept in (("Barrow Builder", True), ("Chef", False)):
        s, k, c, _ = with_full_barrow(helper, 2)
        deliver_last_to_barrow(s, k)
        assert (s[pb(0) + P_BARROW] == c) == kept and s[pb(0) + P_BARROW_FILL] == 0, helper


def test_shack_builder_makes_each_extension_cost_one_good_less():
    """The n-th extension costs n farm goods (seed 002); one less with the Shack Builder: the first free."""
    s, k = play_extension("Shack Builder", 0, {})
    act(s, k, "play(2)")
    assert phase(s) != "pay" and s[pb(0) + P_EXT_N] == 1
    s, k = play_extension("Chef", 0, {})
    assert "play(2)" not in legal(s, k)  # nothing to pay with
    s, k = play_extension("Shack Builder", 2, {0: 1, 1: 1, 2: 1})
    act(s, k, "play(2)")
    assert phase(s) == "pay" and s[G_PAY_LEFT] == 2


def test_turner_makes_roofs_1_silver_cheaper():
    """Round 3's roof costs 3 silver (seed 002 ステップ４), 2 with the Turner: with 2 silver only it may buy."""
    for helper, offered in (("Turner", True), ("Chef", False)):
        s, k = with_helper(helper)
        roof_turn(s, k, 3, silver=2)
        assert (phase(s) == "roof" and s[G_CUR] == 0 and "buy_roof(0)" in legal(s, k)) == offered, helper
    s, k = with_helper("Turner")
    roof_turn(s, k, 3, silver=2)
    act(s, k, "buy_roof(0)")
    assert s[pb(0) + P_SILVER] == 0 and s[pb(0) + P_ROOF] >= 0


def test_groom_swineherd_and_herder_add_pig_spaces():
    """Two pig spaces on the farm (EN 2.4); a pig may be bought only with room (anytime buy)."""
    for name, spaces in (("Groom", 3), ("Swineherd", 4), ("Herder", 3)):
        s, k = with_helper(name)
        s[pb(0) + P_SILVER] = 10
        s[pb(0) + P_DEN + 3] = spaces - 1
        assert "buy(3)" in legal(s, k), name
        act(s, k, "buy(3)")
        assert s[pb(0) + P_DEN + 3] == spaces and "buy(3)" not in legal(s, k), name


def test_peon_pays_1_vp_to_use_the_die_just_taken_again():
    s, k = with_helper("Peon")
    dice_phase(s, {4: 1, 1: 1})
    act(s, k, "take_die(3)")
    assert phase(s) == "option" and s[G_OPT_KIND] == OPT_PEON and legal(s, k) == ["option(0)", "option(1)"]
    act(s, k, "option(1)")
    assert s[pb(0) + P_SILVER] == 9 and s[pb(0) + P_VP] == 0


def test_foreman_earns_1_silver_when_another_player_takes_a_die_matching_one_of_its_dice():
    for face, silver in ((4, 2), (2, 1)):
        s, k = with_helper("Foreman")
        s[pb(0) + P_DICE] = 4
        dice_phase(s, {4: 1, 2: 1}, seat=1)
        act(s, k, f"take_die({face - 1})")
        assert s[pb(0) + P_SILVER] == silver, face


def test_oil_miller_spends_a_field_olive_to_play_a_card():
    s, k = with_helper("Oil Miller")
    assert "use_helper(0)" not in legal(s, k)  # no olive on a field
    s[pb(0) + P_FIELDS] = 1
    s[pb(0) + P_FIELD_GOODS] = 1
    act(s, k, "use_helper(0)")
    assert s[pb(0) + P_FIELD_GOODS] == 0 and phase(s) == "xplay"


def test_cooper_spends_a_field_grape_for_a_delivery():
    s, k = with_helper("Cooper")
    assert "use_helper(0)" not in legal(s, k)  # no grape on a field
    s[pb(0) + P_FIELDS + 2] = 1
    s[pb(0) + P_FIELD_GOODS + 2] = 1
    act(s, k, "use_helper(0)")
    assert s[pb(0) + P_FIELD_GOODS + 2] == 0 and phase(s) == "deliver"


def test_farm_girl_and_manservant_raise_the_hand_limit():
    """The hand limit of 3 (seed 002) binds at the refill: a player who plays its one card draws up to it, 4 with
    these."""
    for name, limit in (("Farm Girl", 4), ("Manservant", 4), ("Chef", 3)):
        s, k = with_helper(name)
        s[G_ROUND] = 2
        s[G_ORDER] = 0
        s[G_ORDER + 1] = 1
        set_hand(s, 0, [int(s[pb(0) + P_HAND])])
        s[G_FLOW] = FL_PLAY
        s[G_TURN] = 0
        s[rules.G_ACTED] = 0
        rules.resume(s, D, k)
        act(s, k, "play(0)")  # a field
        assert s[pb(0) + P_HAND_N] == limit, name


def extra_step(name):
    s, k = with_helper(name)
    s[G_FLOW] = FL_EXTRA
    s[G_TURN] = 0
    s[rules.G_ACTED] = 0
    s[pb(0) + P_SILVER] = 0
    rules.resume(s, D, k)
    return s, k


def test_packer_and_wagoner_servant_give_a_free_paid_delivery():
    for name in ("Packer", "Wagoner Servant"):
        s, k = extra_step(name)
        assert s[G_EXTRA_FREE] == 1 and s[G_DELIV_LEFT] == 2, name
        assert any(a.startswith("deliver_") and a != "deliver_done" for a in legal(s, k)), name  # with 0 silver
    s, k = extra_step("Chef")
    assert not any(a.startswith("deliver_") and a != "deliver_done" for a in legal(s, k))  # no silver, none free


def test_wagoner_makes_two_paid_deliveries_free():
    s, k = extra_step("Wagoner")
    assert s[G_EXTRA_FREE] == 1 and s[G_DELIV_LEFT] == 1  # the farm board's one, capped by the limit


def test_farm_servant_upgrades_once_a_round_for_free():
    s, k = with_helper("Farm Servant")
    s[pb(0) + P_DEN] = 1
    act(s, k, "use_helper(0)")
    assert s[G_UPG_LEFT] == 1 and phase(s) == "upgrade"
    act(s, k, "free_upgrade(0)")
    assert s[pb(0) + P_DEN + 4] == 1 and s[pb(0) + P_SILVER] == 1 and "use_helper(0)" not in legal(s, k)


def test_builder_plays_one_more_card_in_farm_step_1():
    for helper, plays in (("Builder", 3), ("Chef", 2)):
        s, k = with_helper(helper)
        s[G_FLOW] = FL_PLAY  # the farm step again, now with the helper
        s[G_TURN] = 0
        s[rules.G_ACTED] = 0
        rules.resume(s, D, k)
        for _ in range(plays):
            assert phase(s) == "play" and s[G_CUR] == 0, helper
            act(s, k, "play(0)")  # a field
        assert s[G_CUR] != 0, helper  # round 1: two, and one more with the Builder


def test_candle_maker_adds_2_silver_to_harvest_goods_from_spaces_2_and_3():
    s, k = with_helper("Candle Maker")
    dice_phase(s, {3: 1, 1: 1})
    act(s, k, "take_die(2)")
    assert s[pb(0) + P_SILVER] == 3 and phase(s) == "gain"


def test_agricultural_worker_sells_harvest_goods_from_fields():
    for helper, offered in (("Agricultural Worker", True), ("Chef", False)):
        s, k = with_helper(helper)
        s[pb(0) + P_FIELDS] = 1
        s[pb(0) + P_FIELD_GOODS] = 1
        assert ("sell(0)" in legal(s, k)) == offered, helper
    s, k = with_helper("Agricultural Worker")
    s[pb(0) + P_FIELDS] = 1
    s[pb(0) + P_FIELD_GOODS] = 1
    act(s, k, "sell(0)")
    assert s[pb(0) + P_FIELD_GOODS] == 0 and s[pb(0) + P_SILVER] == 2


def test_potter_pays_extensions_with_goods_of_one_kind():
    """The second extension costs two farm goods of different kinds (EN 6.0, seed 002); the Potter pays with any
    (glossary): two olives pay for it with the Potter and not without; with an olive and a grain both may pay, the
    second olive is offered only with the Potter."""
    s, k = play_extension("Potter", 1, {0: 2})
    act(s, k, "play(2)")
    assert phase(s) == "pay" and legal(s, k) == ["pay(0)"]
    act(s, k, "pay(0)")
    assert legal(s, k) == ["pay(0)"]
    act(s, k, "pay(0)")
    assert s[pb(0) + P_EXT_N] == 2 and s[pb(0) + P_DEN] == 0 and phase(s) != "pay"
    s, k = play_extension("Chef", 1, {0: 2})
    assert "play(2)" not in legal(s, k)
    for helper, second in (("Potter", ["pay(0)", "pay(1)"]), ("Chef", ["pay(1)"])):
        s, k = play_extension(helper, 1, {0: 2, 1: 1})
        act(s, k, "play(2)")
        act(s, k, "pay(0)")
        assert legal(s, k) == second, helper


def test_storage_builder_holds_a_sixth_roof_worth_3_vp():
    s, k = with_helper("Storage Builder")
    roof_turn(s, k, 2, silver=2)
    vp = int(s[pb(0) + P_VP])
    roof = int(s[G_ROOF_OPEN])
    act(s, k, "buy_roof(0)")
    assert s[pb(0) + P_ROOF + 5] == roof and s[pb(0) + P_VP] == vp + 3
    assert rules.storage_locked(s, D, 0, 0)


def test_fodder_maid_turns_a_field_grain_into_a_pig():
    s, k = with_helper("Fodder Maid")
    s[pb(0) + P_FIELDS + 1] = 1
    s[pb(0) + P_FIELD_GOODS + 1] = 1
    act(s, k, "use_helper(0)")
    assert s[pb(0) + P_FIELD_GOODS + 1] == 0 and s[pb(0) + P_DEN + 3] == 1


def test_cabinetmaker_takes_a_pig_sold_without_room():
    s, k = with_helper("Cabinetmaker")
    s[pb(0) + P_DEN + 3] = 2
    act(s, k, "use_helper(0)")
    assert s[pb(0) + P_SILVER] == 4 and s[pb(0) + P_DEN + 3] == 2
    assert "use_helper(0)" not in legal(s, k)  # once a round


def test_errand_boy_takes_a_harvest_good_once_a_round():
    s, k = with_helper("Errand Boy")
    act(s, k, "use_helper(0)")
    assert phase(s) == "gain" and s[G_GAIN_N] == 1


def test_olive_picker_brewer_and_vintner_move_their_crop_from_a_field_to_the_den():
    for name, g in (("Olive Picker", 0), ("Brewer", 1), ("Vintner", 2)):
        s, k = with_helper(name)
        s[pb(0) + P_FIELDS + g] = 1
        s[pb(0) + P_FIELD_GOODS + g] = 1
        act(s, k, "use_helper(0)")
        assert s[pb(0) + P_FIELD_GOODS + g] == 0 and s[pb(0) + P_DEN + g] == 1, name


def test_marketer_scores_1_vp_for_siesta_steps_from_space_5():
    for option, vp in ((2, 2), (0, 1)):
        s, k = with_helper("Marketer")
        dice_phase(s, {5: 1, 1: 1})
        act(s, k, "take_die(4)")
        act(s, k, f"option({option})")
        assert s[pb(0) + P_VP] == vp, option


def test_seeds_trader_may_take_3_silver_and_a_harvest_good_from_space_4():
    s, k = with_helper("Seeds Trader")
    dice_phase(s, {4: 1, 1: 1})
    act(s, k, "take_die(3)")
    assert phase(s) == "option" and s[G_OPT_KIND] == OPT_DIE4 and legal(s, k) == ["option(0)", "option(1)"]
    act(s, k, "option(1)")
    assert s[pb(0) + P_SILVER] == 4 and s[G_GAIN_N] == 1
    s, k = with_helper("Chef")  # without it: the 4 silver, no choice
    dice_phase(s, {4: 1, 1: 1})
    act(s, k, "take_die(3)")
    assert s[pb(0) + P_SILVER] == 5 and phase(s) != "option"


def test_fat_cat_adds_2_silver_to_space_4():
    s, k = with_helper("Fat Cat")
    dice_phase(s, {4: 1, 1: 1})
    act(s, k, "take_die(3)")
    assert s[pb(0) + P_SILVER] == 7


def test_pitchman_scores_2_vp_per_removed_marker():
    for helper, vp in (("Pitchman", 2), ("Chef", 1)):
        s, k = with_helper(helper)
        before = int(s[pb(0) + P_VP])
        market_next_to(s, k, 0, 1)
        assert s[pb(0) + P_VP] == before + vp, helper


def test_peddler_moves_a_removed_marker_to_an_adjacent_empty_hex():
    s, k = with_helper("Peddler", n=4)
    stock = int(s[pb(0) + P_STOCK])
    h = market_next_to(s, k, 1, 0)
    moved = [int(D[D_HEX_NB + h * 6 + j]) for j in range(6) if D[D_HEX_NB + h * 6 + j] >= 0]
    assert s[G_MARKET + h] == -1 and any(s[G_MARKET + x] == 0 for x in moved) and s[pb(0) + P_STOCK] == stock


def test_pig_breeder_breeds_two_piglets_from_three_pigs_with_two_free_spaces():
    s, k = with_helper("Pig Breeder")
    s[pb(0) + P_DEN + 3] = 3
    s[pb(0) + rules.P_EXT_PIG] = 3
    rules.income(s, D, k, 0)
    assert s[pb(0) + P_DEN + 3] == 5


def test_barterer_gets_a_good_of_the_completed_barrow_back():
    s, k, _, goods = with_full_barrow("Barterer", 5)
    before = s[pb(0) + P_DEN : pb(0) + P_DEN + 7].copy()
    deliver_last_to_barrow(s, k)
    assert (s[pb(0) + P_DEN : pb(0) + P_DEN + 7] - before).sum() == (0 if all(g == 7 for g in goods) else 1)


def test_haggler_gets_an_upgraded_good_back_from_a_completed_building():
    s, k = with_helper("Haggler")
    x = next(x for x in range(6) if any(4 <= D[D_BUILD_GOODS + x * 4 + j] <= 6 for j in range(D[D_BUILD_N + x])))
    s[G_BLOCKED + x] = 0
    n = int(D[D_BUILD_N + x])
    s[pb(0) + P_BUILD_FILL + x] = (1 << (n - 1)) - 1
    last = int(D[D_BUILD_GOODS + x * 4 + n - 1])
    s[pb(0) + P_DEN + last] += 1
    before = int(s[pb(0) + P_DEN + 4] + s[pb(0) + P_DEN + 5] + s[pb(0) + P_DEN + 6])
    s[G_DELIV_LEFT] = 1
    rules.resume(s, D, k)
    act(s, k, f"deliver_building({x * 4 + n - 1})")
    spent = int(4 <= last <= 6)
    assert s[pb(0) + P_DEN + 4] + s[pb(0) + P_DEN + 5] + s[pb(0) + P_DEN + 6] == before - spent + 1


def test_long_distance_trader_turns_a_trade_commodity_into_2_vp_marking_the_option():
    s, k = with_helper("Long Distance Trader")
    vp = int(s[pb(0) + P_VP])
    act(s, k, "trade_vp(0)")
    assert s[pb(0) + P_VP] == vp + 2 and s[pb(0) + P_LDT] == 1 and s[pb(0) + P_DEN + 7] == 0
    s[pb(0) + P_DEN + 7] = 1
    assert "trade_vp(0)" not in legal(s, k) and "trade_vp(1)" in legal(s, k)


def test_the_assumed_income_helpers_pay_a_silver_or_a_harvest_good_in_the_farm_phase():
    for name in ("Trader", "Straw Binder", "Basket Weaver", "Ornament Carver", "Shoemaker"):
        s, k = with_helper(name)
        rules.income(s, D, k, 0)
        assert s[pb(0) + P_SILVER] == 2, name
    for name in ("Greengrocer", "Instructor", "Ploughboy", "Supplier"):
        assert rules.helper_amount(*with_helper(name)[:1], D, 0, np.int64(H_INCOME_HARVEST)) == 1, name


def test_the_assumed_delivery_helpers_add_a_delivery_in_transport_step_3():
    for name in ("Donkey Driver", "Blacksmith"):
        s, k = with_helper(name)
        s[G_FLOW] = 6  # deliveries
        s[G_TURN] = 0
        s[rules.G_ACTED] = 0
        s[pb(0) + rules.P_DONKEY] = 1
        rules.resume(s, D, k)
        assert s[G_CUR] == 0 and s[G_DELIV_LEFT] == 3, name


# ---------------------------------------------------------------- the thirteen cards modelled for issue 11


def dice_phase(s, faces, seat=0):
    """A revenue decision for `seat` with the given dice on the board ({face: count})."""
    for f in range(1, 7):
        s[G_DICE + f] = faces.get(f, 0)
    s[G_PHASE] = PH_DIE
    s[G_CUR] = seat


def test_village_elder_keeps_the_last_die_of_its_space_from_the_opponents():
    s, k = with_helper("Village Elder")
    rules.roll_dice(s, D, k)
    f = int(s[pb(0) + P_ELDER])
    assert f > 0 and s[pb(0) + P_HELPER_USED] == 1
    other = f % 6 + 1
    dice_phase(s, {f: 1, other: 1}, seat=1)
    assert f"take_die({f - 1})" not in legal(s, k) and f"take_die({other - 1})" in legal(s, k)
    s[G_DICE + f] = 2  # not the last die: opponents may take one
    assert f"take_die({f - 1})" in legal(s, k)
    dice_phase(s, {f: 1, other: 1}, seat=0)  # its owner may take it
    assert f"take_die({f - 1})" in legal(s, k)


def test_migrant_laborer_turns_a_die_to_its_opposite_side_once_a_round():
    s, k = with_helper("Migrant Laborer")
    dice_phase(s, {2: 1})
    act(s, k, "turn_die(1)")
    assert s[G_DICE + 2] == 0 and s[G_DICE + 5] == 1 and s[pb(0) + P_HELPER_USED] == 1
    assert "turn_die(4)" not in legal(s, k)


def test_wainwright_card_plays_a_new_card_as_a_barrow_after_a_completed_barrow():
    s, k, _, _ = with_full_barrow("Wainwright", 2)
    deck = int(s[G_DECK_N])
    top = int(s[G_DECK + deck - 1])
    deliver_last_to_barrow(s, k)
    assert s[pb(0) + P_BARROW] == top and s[G_DECK_N] == deck - 1 and s[pb(0) + P_HELPER_USED] == 1


def test_market_woman_buys_a_second_different_trade_option_for_3_silver():
    s, k = with_helper("Market Woman")
    s[pb(0) + P_SILVER] = 5
    act(s, k, "trade(3)")  # a pig
    assert "market_woman(3)" not in legal(s, k) and "market_woman(0)" in legal(s, k)
    act(s, k, "market_woman(0)")
    assert s[pb(0) + P_SILVER] == 5 - 3 + 4 and s[pb(0) + P_HELPER_USED] == 1


def test_market_woman_acts_only_right_after_a_trade():
    s, k = with_helper("Market Woman")
    s[pb(0) + P_SILVER] = 5
    s[pb(0) + P_DEN] = 1
    act(s, k, "trade(0)")
    act(s, k, "sell(0)")
    assert not any(a.startswith("market_woman") for a in legal(s, k))


def test_joiner_pays_a_roof_with_upgraded_goods():
    """Glossary F022: upgraded goods pay for a roof (ASSUMED 3 silver each). With no silver and a wine (and nothing
    to sell or trade), the roof is offered and bought with the Joiner; without it there is no roof decision."""
    for helper, offered in (("Joiner", True), ("Chef", False)):
        s, k = with_helper(helper)
        roof_turn(s, k, 2, silver=0, goods={5: 1})
        assert (phase(s) == "roof" and s[G_CUR] == 0) == offered, helper
    s, k = with_helper("Joiner")
    roof_turn(s, k, 2, silver=0, goods={5: 1})
    act(s, k, "buy_roof(0)")
    assert s[pb(0) + P_DEN + 5] == 0 and s[pb(0) + P_SILVER] == 0 and s[pb(0) + P_ROOF] >= 0


def test_tenant_takes_the_goods_of_a_die_that_stays():
    s, k = with_helper("Tenant")
    dice_phase(s, {1: 1, 4: 1})
    act(s, k, "use_helper(0)")
    assert s[pb(0) + P_DEN + 3] == 1 and s[G_DICE + 1] == 1 and s[pb(0) + P_HELPER_USED] == 1


def test_carpenter_pays_one_more_farm_good_after_an_extension_to_play_another_card():
    s, k = with_helper("Carpenter")
    b = pb(0)
    s[b + P_DEN] = 1  # an olive
    act(s, k, "play(2)")  # hand card 0 as an extension
    act(s, k, "pay(7)")  # silver
    assert phase(s) == "option" and s[G_OPT_KIND] == OPT_CARPENTER
    act(s, k, "option(1)")
    assert s[b + P_DEN] == 0 and phase(s) == "xplay"
    moves = legal(s, k)
    assert "play(0)" in moves and "play(3)" in moves and "play(2)" not in moves  # not as an extension


def test_harvest_hand_puts_a_second_good_on_fields_of_two_crops():
    s, k = with_helper("Harvest Hand")
    b = pb(0)
    for g in range(3):
        s[b + P_FIELDS + g] = 1
    rules.income(s, D, k, 0)
    assert list(s[b + P_FIELD_GOODS : b + P_FIELD_GOODS + 3]) == [1, 1, 1]
    assert list(s[b + P_FIELD_EXTRA : b + P_FIELD_EXTRA + 3]) == [0, 1, 1]
    assert rules.have(s, 0, 2) == 2
    rules.remove_good(s, 0, 2)  # the second good goes first: the field still carries one
    assert s[b + P_FIELD_EXTRA + 2] == 0 and s[b + P_FIELD_GOODS + 2] == 1


def end_vp_gain(name, setup):
    s, k = with_helper(name)
    t, _ = game(2)
    for x in (s, t):
        setup(x)
        rules.final_scoring(x, D, k)
    return int(s[pb(0) + P_VP] - t[pb(0) + P_VP])


def test_deer_breeder_scores_empty_pig_spaces_of_extensions():
    def setup(x):
        x[pb(0) + rules.P_EXT_PIG] = 2
        x[pb(0) + P_DEN + 3] = 2  # the two printed spaces are full, the extensions' two empty

    assert end_vp_gain("Deer Breeder", setup) == 2


def test_beekeeper_scores_harvest_goods_on_fields():
    def setup(x):
        x[pb(0) + P_FIELDS] = 2
        x[pb(0) + P_FIELD_GOODS] = 2
        x[pb(0) + P_FIELDS + 2] = 2
        x[pb(0) + P_FIELD_GOODS + 2] = 2

    assert end_vp_gain("Beekeeper", setup) == 2


def stall_position(name):
    s, k = with_helper(name, n=4)
    s[G_MKT_VALUE] = 3
    s[G_CUR] = 0
    rules.resume(s, D, k)
    higher = [h for h in range(D[D_N_HEX]) if D[D_HEX_VALUE + h] == 4 and s[G_MARKET + h] < 0]
    return s, k, higher


def test_stall_builder_places_a_barrows_marker_one_value_higher_removing_no_one():
    s, k, higher = stall_position("Stall Builder")
    t, _, _ = stall_position("Chef")
    h = higher[0]
    assert f"market_hex({h})" in legal(s, k) and f"market_hex({h})" not in legal(t, k)
    market = s[G_MARKET : G_MARKET + D[D_N_HEX]].copy()
    act(s, k, f"market_hex({h})")
    market[h] = 0
    assert (s[G_MARKET : G_MARKET + D[D_N_HEX]] == market).all()


def test_roofer_delivers_a_resource_after_buying_a_roof():
    s, k = with_helper("Roofer")
    b = pb(0)
    c = barrow_card_with({0, 5})
    goods, _ = barrow_of(c)
    roof_turn(s, k, 2, silver=2, goods={0: 1, 5: 1})  # an olive, and a wine (not a resource)
    s[b + P_BARROW] = c
    act(s, k, "buy_roof(0)")
    assert phase(s) == "deliver" and s[G_DELIV_LEFT] == 1 and s[G_DELIV_RES] == 1
    moves = legal(s, k)
    assert f"deliver_barrow({goods.index(0)})" in moves and f"deliver_barrow({goods.index(5)})" not in moves


def barrow_card_with(goods):
    return next(c for c in range(len(NAMES)) if goods <= set(barrow_of(c)[0]))


def test_gardener_takes_two_harvest_goods_once_a_round_with_one_already():
    s, k = with_helper("Gardener")
    assert "use_helper(0)" not in legal(s, k)  # no harvest good yet
    s[pb(0) + P_DEN + 1] = 1
    act(s, k, "use_helper(0)")
    assert phase(s) == "gain" and s[G_GAIN_N] == 2


def market_next_to(s, k, placer, owner):
    """`placer` puts a completed barrow's marker (its market decision, taken with act) on an empty open hex next to
    one of `owner`'s of a lower value: the owner's marker there is removed (seed 002 荷車への輸送). Returns that hex."""
    for h in range(D[D_N_HEX]):
        if s[G_MARKET + h] != owner:
            continue
        for j in range(6):
            nb = int(D[D_HEX_NB + h * 6 + j])
            higher = D[D_HEX_VALUE + nb] > D[D_HEX_VALUE + h]
            if nb >= 0 and s[G_MARKET + nb] < 0 and rules.hex_open(s, D, k, nb) and higher:
                s[G_MKT_VALUE] = D[D_HEX_VALUE + nb]
                s[G_CUR] = placer
                rules.resume(s, D, k)
                act(s, k, f"market_hex({nb})")
                return h
    raise LookupError(owner)


def deliver_last_to_barrow(s, k, slot=0, p=0):
    """p, in a delivery decision, delivers the last good of the barrow in `slot` (the others delivered)."""
    goods, _ = barrow_of(int(s[pb(p) + P_BARROW + slot]))
    s[pb(p) + P_BARROW_FILL + slot] = (1 << (len(goods) - 1)) - 1
    s[pb(p) + P_DEN + goods[-1]] += 1
    s[G_CUR] = p
    s[G_DELIV_LEFT] = 1
    rules.resume(s, D, k)
    act(s, k, f"deliver_barrow({slot * 4 + len(goods) - 1})")


def play_extension(helper, done, goods):
    """Seat 0 with `done` extensions, no silver or VP, `goods` ({good: n}) in the dens, hand card 0 offered as an
    extension or not."""
    s, k = with_helper(helper)
    b = pb(0)
    s[b + P_EXT_N] = done
    s[b + P_VP] = 0
    s[b + P_SILVER] = 0
    s[b + P_DEN : b + P_DEN + 8] = 0
    for g, n in goods.items():
        s[b + P_DEN + g] = n
    return s, k


def roof_turn(s, k, rnd, silver, goods=None):
    """Round `rnd`'s roof step reached through the flow, seat 0 first, with `silver`, only `goods` ({good: n}) in the
    dens and no trade commodity."""
    b = pb(0)
    s[G_ROUND] = rnd
    rules.open_roofs(s)
    s[G_ORDER] = 0
    s[G_ORDER + 1] = 1
    s[b + P_SILVER] = silver
    s[b + P_DEN : b + P_DEN + 8] = 0
    for g, n in (goods or {}).items():
        s[b + P_DEN + g] = n
    s[G_FLOW] = FL_ROOF
    s[G_TURN] = 0
    s[rules.G_ACTED] = 0
    rules.resume(s, D, k)
