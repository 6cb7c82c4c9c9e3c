"""Bazaar's position features (sim/games/bazaar/features.py): they see nothing hidden (the deck's order), they
are finite and each varies, and a set-up position gives the values worked out by hand from the rules."""

import numpy as np
import pytest

from sim.games.bazaar.features import FEATURES
from sim.games.bazaar.layout import G_DECK, G_DECK_N, G_PLAYERS, G_ROUND, P_INCOME, P_VP
from sim.games.bazaar.params import K_COINS_PER_VP, K_ROUNDS
from tests import features_check as fc
from tests.kernel_code import literal_argument_calls, recursive_chain, rules_files

from .scenario import Game, cost, pb

G = fc.Game("bazaar")


@pytest.fixture(scope="module")
def played():
    """Random games at 2 and 4 players and greedy ones at 3."""
    return (
        fc.positions(G, 2, range(3), seed=1)
        + fc.positions(G, 4, range(3), seed=2)
        + fc.positions(G, 3, range(3), seed=3, bot="greedy")
    )


def test_the_features_see_nothing_a_seat_cannot_see(played):
    assert fc.redeal_changes_no_feature(G, played) > 0  # the re-deal did change the deck


def test_reversing_the_deck_changes_no_feature(played):
    for s in played[::5]:
        t = s.copy()
        n = int(t[G_DECK_N])
        t[G_DECK : G_DECK + n] = t[G_DECK : G_DECK + n][::-1]
        for seat in range(int(s[G_PLAYERS])):
            assert np.array_equal(G.features(s, seat), G.features(t, seat))


def test_names_are_unique_values_finite_and_every_feature_varies(played):
    fc.check_declaration(G)
    fc.check_table(G, fc.feature_table(G, played))


def test_the_kernel_keeps_the_numba_rules():
    files = [*rules_files("bazaar"), "sim/games/bazaar/features.py"]
    assert not literal_argument_calls(files, "sim/games/bazaar/features.py")
    assert recursive_chain(files) is None


def value(f, name):
    return f[[n for n, _ in FEATURES].index(name)]


def test_standing_income_and_market_of_a_set_up_position():
    g = Game(3)
    g.market(["date_stall", "pottery", "silk_trader"])
    for seat, (coins, vp) in enumerate(((7, 2), (12, 1), (0, 3))):
        g.money(seat, coins)
        g.s[pb(seat) + P_VP] = vp
    g.s[pb(0) + P_INCOME] = 2
    g.s[G_ROUND] = 3
    f = G.features(g.s, 0)
    per_vp = int(g.k[K_COINS_PER_VP])
    own = 2 + 7 // per_vp  # cards' VP, then the coins rounded down (rules.final_scores)
    others = (1 + 12 // per_vp, 3 + 0 // per_vp)
    assert value(f, "score_now") == own
    assert value(f, "lead") == own - max(others)
    assert value(f, "rank") == sum(x > own for x in others) / 2
    assert value(f, "income_to_come") == 2 * (g.k[K_ROUNDS] - 3)
    assert value(f, "progress") == pytest.approx(3 / g.k[K_ROUNDS])
    assert value(f, "affordable") == sum(cost(c) <= 7 for c in ("date_stall", "pottery", "silk_trader"))
    assert value(f, "wait") == 0  # seat 0 plays first in a round
