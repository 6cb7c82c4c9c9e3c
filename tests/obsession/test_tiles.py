"""Tiles with their own rules (R2 unique tile rules; seed 003 for the two-colour tiles): the Private Study, the
Barn, the Butler's Pantry, the Servants' Quarters, the Main Library, monuments, the Wessex two-colour tiles
and the three Suites."""

import numpy as np

from sim.games.obsession import rules
from sim.games.obsession.actions import A_CALL, A_DOUBLE, A_PASS, A_RENT
from sim.games.obsession.layout import (
    CAT_ESSENTIALS,
    CAT_PRESTIGE,
    CS_DISCARD,
    G_PRESTIGE,
    G_PRESTIGE_N,
    G_SUPPLY,
    P_MONEY,
    P_MONUMENTS,
    P_OBJ_N,
    P_REP,
    P_VPC_N,
    SV_UNDERBUTLER,
    SV_VALET,
)
from sim.games.obsession.tables import C_MONEY, C_REP, S_VP

from .scenario import D, Game, card, gentry_field, params, tile_field
from .test_turn import ready


def test_hosting_the_private_study_flips_it_for_the_fairs_losing_its_three_vp():
    g = Game(3)
    ready(g, hand=["Lord Asquith", "Asquith heir"])
    g.host("Private Study")
    g.guest("Lord Asquith")
    g.guest("Asquith heir")
    assert g.side(0, "Private Study") == 1 and rules.study_flipped(g.s, D, np.int64(0))
    assert rules.tile_vp(g.s, D, np.int64(g.instance(0, "Private Study"))) == 0


def test_the_barn_adds_one_reputation_to_every_estate_activity():
    g = Game(3)
    g.estate(0, ["Barn"])
    ready(g, hand=["Lord Asquith", "Lady Asquith"])
    g.host("Gazebo")  # Estate
    g.guest("Lord Asquith")
    g.guest("Lady Asquith")
    assert g.p(0, P_REP) == 1
    ready(g, hand=["Lord Asquith", "Asquith heir"])
    g.host("Bowling Green")  # Sporting: the heir's +1 only
    g.guest("Lord Asquith")
    g.guest("Asquith heir")
    assert g.p(0, P_REP) == 1


def test_buying_the_butlers_pantry_brings_an_underbutler_into_expended_service():
    g = Game(3)
    g.market(["Kitchen Garden", "Card Room", "Butler's Pantry", "Library", "Kennels", "Music Room"])
    g.deck(0, hand=[])
    g.start_turn(0)
    g.act(A_PASS)
    g.act(A_RENT)
    g.money(0, 2000)
    supply = int(g.s[G_SUPPLY + SV_UNDERBUTLER])
    g.buy("Butler's Pantry")
    assert g.servants(0, "expended")["underbutler"] == 1
    assert int(g.s[G_SUPPLY + SV_UNDERBUTLER]) == supply - 1


def test_the_servants_quarters_lets_one_resting_servant_serve_each_turn_for_free():
    g = Game(3)
    g.estate(0, ["Servants' Quarters"])
    g.deck(0, hand=[])
    g.start_turn(0)
    g.set_servants(0, "quarters", valet=2)
    g.reputation(0, 1)
    g.act(A_CALL + SV_VALET)
    assert g.servants(0)["valet"] == 2 and g.p(0, P_REP) == 0
    assert A_CALL + SV_VALET not in g.legal()  # the next one costs 3 reputation
    g.reputation(0, 1, 4)
    g.act(A_CALL + SV_VALET)
    assert g.p(0, P_REP) == 0


def test_the_main_library_draws_an_objective_on_its_front_and_a_vp_card_on_its_back():
    g = Game(3)
    g.estate(0, ["Main Library"])
    family = ["Lord Asquith", "Lady Asquith", "Asquith heir"]
    ready(g, hand=family, level=2)
    objectives = g.p(0, P_OBJ_N)
    g.host("Main Library")
    for x in family:
        g.guest(x)
    while g.phase != "buy":
        g.act(min(g.legal()))
    assert g.p(0, P_OBJ_N) == objectives + 1 and g.side(0, "Main Library") == 1
    g.done_buying()
    ready(g, hand=family, level=2)
    g.host("Main Library")
    for x in family:
        g.guest(x)
    while g.phase != "buy":
        g.act(min(g.legal()))
    assert g.p(0, P_VPC_N) == 1


def test_a_monument_is_never_hosted_and_counts_in_its_category():
    g = Game(3)
    g.estate(0, ["Marble Floors"])  # essentials, 5 VP
    expected = tile_field("Private Study", S_VP) + tile_field("Marble Floors", S_VP)
    assert rules.category_vp(g.s, D, np.int64(0), np.int64(CAT_ESSENTIALS)) == expected  # the Study's too
    assert int(g.p(0, P_MONUMENTS)) == 1


def test_a_wessex_two_colour_tile_flips_on_every_use_and_changes_category():
    g = Game(3, k=params(setup__wessex=1))
    g.estate(0, ["Sitting Room"])  # essentials front (4 gentry, the housekeeper), prestige back
    t = g.instance(0, "Sitting Room")
    assert rules.tile_cat(g.s, D, np.int64(t)) == CAT_ESSENTIALS
    family = ["Lord Asquith", "Dowager Countess Asquith", "Asquith heir", "Miss Asquith"]
    ready(g, hand=family)
    g.host("Sitting Room")
    for x in family:
        g.guest(x)
    assert g.side(0, "Sitting Room") == 1 and rules.tile_cat(g.s, D, np.int64(t)) == CAT_PRESTIGE
    g.done_buying()
    ready(g, hand=["Lord Asquith", "Asquith heir"])
    g.host("Sitting Room")  # the back: two gentry, the valet
    g.guest("Lord Asquith")
    g.guest("Asquith heir")
    assert g.side(0, "Sitting Room") == 0 and rules.tile_cat(g.s, D, np.int64(t)) == CAT_ESSENTIALS


def test_the_heritage_suite_doubles_every_favour_of_one_casual_guest_and_can_be_used_again():
    g = Game(3, k=params(setup__suites=1))
    g.estate(0, ["Heritage Suite"])
    ready(g, hand=["Mr. Jasper Crane", "Lord Asquith"], level=2)  # Crane: +1 reputation, +100
    g.money(0, 0)
    g.host("Heritage Suite")
    assert not g.guest_legal("Lord Asquith")  # family is not a casual guest
    g.guest("Mr. Jasper Crane")
    assert g.p(0, P_MONEY) == 2 * gentry_field("Mr. Jasper Crane", C_MONEY)
    assert g.p(0, P_REP) == 5 + 2 * gentry_field("Mr. Jasper Crane", C_REP)
    g.done_buying()
    ready(g, hand=["Mr. Jasper Crane"], level=2)
    assert g.host_legal(0, "Heritage Suite")


def test_the_heritage_suite_doubles_a_paupers_cost_too():
    g = Game(3, k=params(setup__suites=1))
    g.estate(0, ["Heritage Suite"])
    ready(g, hand=["Mr. Amos Tuttle"], level=1)  # -100 pounds, +1 reputation
    g.start_turn(0, round_=14)  # the National Holiday: the suite at reputation level 1, nothing to borrow
    g.money(0, 100)
    assert not g.host_legal(0, "Heritage Suite")  # 200 to pay
    g.money(0, 200)
    g.host("Heritage Suite")
    g.guest("Mr. Amos Tuttle")
    assert g.p(0, P_MONEY) == 200 + 2 * gentry_field("Mr. Amos Tuttle", C_MONEY)
    assert g.p(0, P_REP) == 2 * gentry_field("Mr. Amos Tuttle", C_REP)


def test_the_queens_suite_doubles_one_favour_of_a_prestige_guest_then_becomes_a_monument():
    g = Game(3, k=params(setup__suites=1))
    g.estate(0, ["Queen's Suite"])
    ready(g, hand=["Istvan, Count Hoyos"], level=5)  # +200, a casual and a prestige invitation
    g.money(0, 0)
    g.host("Queen's Suite")
    g.guest("Istvan, Count Hoyos")  # service still required: a valet
    assert g.phase == "double"
    assert {a - A_DOUBLE for a in g.legal()} == {0, 2, 3}  # money, casual, prestige (no reputation favour)
    g.act(A_DOUBLE + 0)
    assert g.p(0, P_MONEY) == 2 * gentry_field("Istvan, Count Hoyos", C_MONEY)
    assert g.p(0, P_MONUMENTS) == 1 and not g.host_legal(0, "Queen's Suite")


def test_the_lionheart_suite_hosts_the_top_prestige_guest_unserved_with_all_favours_doubled():
    g = Game(3, k=params(setup__suites=1))
    g.estate(0, ["Lionheart Suite"])
    ready(g, hand=[], level=6, butler=0, valet=0, footman=0, housekeeper=0, ladys_maid=0)
    g.top_of_deck("prestige", ["Peter, Viscount Townshend"])  # 300 pounds, needs a valet
    g.money(0, 0)
    top = int(g.s[G_PRESTIGE + g.s[G_PRESTIGE_N] - 1])
    assert top == card("Peter, Viscount Townshend")
    g.host("Lionheart Suite")
    assert g.p(0, P_MONEY) == 2 * gentry_field("Peter, Viscount Townshend", C_MONEY)
    assert g.cards(0, CS_DISCARD) == ["Peter, Viscount Townshend"]
    assert g.p(0, P_MONUMENTS) == 1 and not g.host_legal(0, "Lionheart Suite")
