"""Gangsta!'s position features (sim/games/gangsta/features.py): they see nothing hidden, they are finite and
each varies, and a set-up position gives the values worked out by hand from the rules."""

import numpy as np
import pytest

from sim.games.gangsta.features import FEATURES
from sim.games.gangsta.layout import G_CHAPTER, G_GDECK, G_GDECK_N, G_HDECK_N, G_PLAYERS, P_MONEY
from sim.games.gangsta.params import K_END_AT, K_MOST_VP
from sim.games.gangsta.rules import deck_base
from sim.games.gangsta.tables import H_INFLUENCE
from tests import features_check as fc
from tests.kernel_code import literal_argument_calls, recursive_chain, rules_files

from .scenario import Game, heist_field, influence, pb

G = fc.Game("gangsta")


@pytest.fixture(scope="module")
def played():
    """Random games at 2 and 4 players and greedy games at 3."""
    return (
        fc.positions(G, 2, range(2), seed=1)
        + fc.positions(G, 4, range(2), seed=2)
        + fc.positions(G, 3, range(2), seed=3, bot="greedy")
    )


def test_the_features_see_nothing_a_seat_cannot_see(played):
    assert fc.redeal_changes_no_feature(G, played[::3]) > 0  # the re-deal did change the hidden cards


def test_reordering_the_recruiting_and_heist_decks_changes_no_feature(played):
    for s in played[::50]:
        t = s.copy()
        n = int(t[G_GDECK_N])
        t[G_GDECK : G_GDECK + n] = t[G_GDECK : G_GDECK + n][::-1]
        ch = int(t[G_CHAPTER])
        base, m = int(deck_base(ch)), int(t[G_HDECK_N + ch - 1])
        t[base : base + m] = t[base : base + m][::-1]
        for seat in range(int(s[G_PLAYERS])):
            assert np.array_equal(G.features(s, seat), G.features(t, seat))


def test_names_are_unique_values_finite_and_every_feature_varies(played):
    fc.check_declaration(G)
    fc.check_table(G, fc.feature_table(G, played))


def test_the_kernel_keeps_the_numba_rules():
    files = [*rules_files("gangsta"), "sim/games/gangsta/features.py"]
    assert not literal_argument_calls(files, "sim/games/gangsta/features.py")
    assert recursive_chain(files) is None


def value(f, name):
    return f[[n for n, _ in FEATURES].index(name)]


def test_standing_and_heists_of_a_set_up_position():
    g = Game(3)
    g.gang(0, [101, 141])  # leader + sniper, informant
    g.gang(1, [102])
    g.gang(2, [103, 121, 122])  # the biggest gang: most gangsters if the game ended now
    for seat, money in enumerate((5, 8, 3)):  # seat 1 the richest: most money
        g.s[pb(seat) + P_MONEY] = money
    # 202 informant + sniper: seat 0 can do it; 203 mercenary + sniper, 204 two leaders, 205 two mercenaries,
    # 207 informant + hacker: it cannot
    g.heists([202, 203, 204, 205, 207])
    g.turn(1)
    f = G.features(g.s, 0)
    most = int(g.k[K_MOST_VP])
    own = influence(101) + influence(141)
    others = (influence(102) + most, influence(103) + influence(121) + influence(122) + most)
    assert value(f, "score_now") == own
    assert value(f, "lead") == own - max(others)
    assert value(f, "rank") == sum(x > own for x in others) / 2
    assert value(f, "money_lead") == 5 - 8
    assert value(f, "gang_lead") == 2 - 3
    assert value(f, "progress") == pytest.approx(2 / g.k[K_END_AT])  # seat 2's two hires lead
    assert value(f, "feasible_heists") == 1
    assert value(f, "best_heist_vp") == heist_field(202, H_INFLUENCE)
    # the face-up heists ask for leader 2, informant 2, sniper 2 among seat 0's skills (one of each)
    assert value(f, "skills_wanted") == 3
    assert value(f, "own_turn") == 0 and value(f, "wait") == 1.0  # seat 1 plays, then seat 2, then seat 0
