"""Obsession's position features (sim/games/obsession/features.py): they see nothing hidden (the other seats'
objective and VP cards, the decks, the bag, the themes to come), they are finite and each varies, and a set-up
position gives the values worked out by hand from the rules, the favours an activity under way still owes its host
included."""

import numpy as np
import pytest

from sim.games.obsession import rules
from sim.games.obsession.features import FEATURES
from sim.games.obsession.layout import (
    G_BAG,
    G_BAG_N,
    G_OBJ_DECK,
    G_OBJ_DECK_N,
    G_PLAYERS,
    G_VPC_DECK,
    G_VPC_DECK_N,
    P_OBJ,
    P_OBJ_N,
    P_VPC,
    P_VPC_N,
    POSITIONS,
)
from sim.games.obsession.tables import C_MONEY, C_PRESTIGE, C_REP, S_MONEY, S_N, S_PRESTIGE, S_REP, S_VP, V_VP, vpc_base
from tests import features_check as fc
from tests.kernel_code import literal_argument_calls, recursive_chain, rules_files

from .scenario import DATA, D, Game, gentry_field, pb, tile_field

G = fc.Game("obsession")
DUE = ("guests_due", "money_due", "rep_due", "casual_due", "prestige_due", "cards_due", "flip_vp_due",
       "flip_favours_x_early")  # fmt: skip


@pytest.fixture(scope="module")
def played():
    """A random game at 2 and at 4 players and a greedy one at 3."""
    return (
        fc.positions(G, 2, range(1), seed=1)
        + fc.positions(G, 4, range(1), seed=2)
        + fc.positions(G, 3, range(1), seed=3, bot="greedy")
    )


def test_the_features_see_nothing_a_seat_cannot_see(played):
    assert fc.redeal_changes_no_feature(G, played[::3]) > 0  # the re-deal did change the hidden cards


def swap(s, a, b):
    s[a], s[b] = s[b], s[a]


def test_another_seats_objective_and_vp_card_exchanged_with_the_decks_change_no_feature(played):
    checked = 0
    for s in played[::20]:
        t = s.copy()
        if t[pb(1) + P_OBJ_N] and t[G_OBJ_DECK_N]:
            swap(t, pb(1) + P_OBJ, G_OBJ_DECK)
        if t[pb(1) + P_VPC_N] and t[G_VPC_DECK_N]:
            swap(t, pb(1) + P_VPC, G_VPC_DECK)
        n = int(t[G_BAG_N])
        t[G_BAG : G_BAG + n] = t[G_BAG : G_BAG + n][::-1]
        checked += not np.array_equal(s, t)
        for seat in (0, 2) if s[G_PLAYERS] > 2 else (0,):
            assert np.array_equal(G.features(s, seat), G.features(t, seat))
    assert checked > 0


def test_names_are_unique_values_finite_and_every_feature_varies(played):
    fc.check_declaration(G)
    fc.check_table(G, fc.feature_table(G, played))


def test_the_kernel_keeps_the_numba_rules():
    files = [*rules_files("obsession"), "sim/games/obsession/features.py"]
    assert not literal_argument_calls(files, "sim/games/obsession/features.py")
    assert recursive_chain(files) is None


def value(f, name):
    return f[[n for n, _ in FEATURES].index(name)]


def vp_card_vp(name):
    return int(D[vpc_base(DATA.detail.vp_cards.index(name)) + V_VP])


def test_purse_reputation_and_vp_cards_of_a_set_up_position():
    g = Game(3)
    assert all(g.p(q, P_VPC_N) == 0 for q in range(3))  # nobody holds a VP card at round 1
    g.money(0, 450)
    g.reputation(0, 3, 2)  # step (3 - 1) * 5 + 1
    g.reputation(1, 4, 1)  # the best other seat
    g.reputation(2, 2, 5)
    g.vp_cards(0, ["money 1"])
    g.vp_cards(1, ["hire 1", "reputation 2"])
    f = G.features(g.s, 0)
    assert value(f, "money") == 4.5
    assert value(f, "reputation") == 2 * POSITIONS + 1
    assert value(f, "rep_level") == 3
    assert value(f, "rep_lead") == (2 * POSITIONS + 1) - 3 * POSITIONS
    assert value(f, "vp_cards_vp") == vp_card_vp("money 1")
    assert value(f, "others_vp_cards") == (2 + 0) / 2  # how many, not which
    assert value(f, "progress") == 1 / 16  # round 1 of the standard track's 16


def host(g, tile, hand):
    """Seat 0 starts a turn with this hand (every servant available, level 1) and hosts `tile`."""
    rules.end_activity(g.s)
    g.set_servants(0, "busy")
    g.deck(0, hand=hand)
    g.reputation(0, 1)
    g.set_servants(0, butler=1, housekeeper=1, valet=1, ladys_maid=1, footman=1)
    g.start_turn(0)
    g.host(tile)


def favour(field, *gentlemen):
    return sum(gentry_field(name, field) for name in gentlemen)


def test_the_favours_an_activity_still_owes_count_for_its_host_and_for_no_other_seat():
    g = Game(3)
    host(g, "Bowling Green", ["Lord Asquith", "Asquith heir", "Lady Asquith"])  # two gentlemen wanted
    gentlemen = ("Lord Asquith", "Asquith heir")  # the only two eligible: both will attend
    f = G.features(g.s, 0)
    assert value(f, "guests_due") == 2
    assert value(f, "money_due") == (tile_field("Bowling Green", S_MONEY) + favour(C_MONEY, *gentlemen)) / 100
    assert value(f, "rep_due") == tile_field("Bowling Green", S_REP) + favour(C_REP, *gentlemen)
    assert value(f, "prestige_due") == tile_field("Bowling Green", S_PRESTIGE) + favour(C_PRESTIGE, *gentlemen)
    assert value(f, "flip_vp_due") == tile_field("Bowling Green", S_VP, 1) - tile_field("Bowling Green", S_VP, 0)
    assert value(f, "money_due") + value(f, "rep_due") + value(f, "flip_vp_due") > 0  # the check is not empty
    other = G.features(g.s, 1)
    assert all(value(other, name) == 0 for name in DUE)
    g.guest("Lord Asquith")  # one attends, the other is still to come: the same favours are due
    invited = G.features(g.s, 0)
    assert value(invited, "guests_due") == 1
    assert [value(invited, n) for n in DUE[1:]] == pytest.approx([value(f, n) for n in DUE[1:]])
    g.guest("Asquith heir")  # the favours are paid: nothing is due any more
    paid = G.features(g.s, 0)
    assert all(value(paid, name) == 0 for name in DUE[:-2])


def test_a_guest_still_to_invite_counts_at_the_mean_of_those_eligible():
    g = Game(3)
    hand = ["Lord Asquith", "Lady Asquith", "Asquith heir"]
    host(g, "Gazebo", hand)  # two gentry of any kind: three eligible, two to invite
    need = tile_field("Gazebo", S_N)
    f = G.features(g.s, 0)
    mean_money = favour(C_MONEY, *hand) / len(hand)
    assert 0 < mean_money < favour(C_MONEY, *hand)  # one guest brings pounds, the others none
    assert value(f, "money_due") == pytest.approx((tile_field("Gazebo", S_MONEY) + need * mean_money) / 100)
