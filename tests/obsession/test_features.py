"""Obsession's position features (sim/games/obsession/features.py): they see nothing hidden (the other seats'
objective and VP cards, the decks, the bag, the themes to come), they are finite and each varies, and a set-up
position gives the values worked out by hand from the rules."""

import numpy as np
import pytest

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
from sim.games.obsession.tables import V_VP, vpc_base
from tests import features_check as fc
from tests.kernel_code import literal_argument_calls, recursive_chain, rules_files

from .scenario import DATA, D, Game, pb

G = fc.Game("obsession")


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
