"""La Granja's position features (sim/games/lagranja/features.py): they see nothing hidden (the other seats'
hands, the deck, the roofs and dice to come), they are finite and each varies, and a set-up position gives the
values worked out by hand from the rules."""

import numpy as np
import pytest

from sim.games.lagranja.features import FEATURES
from sim.games.lagranja.layout import (
    G_CUR,
    G_DECK,
    G_DECK_N,
    G_DELIV_LEFT,
    G_GAIN_N,
    G_GRAPE,
    G_MKT_VALUE,
    G_OPT_KIND,
    G_PIG,
    G_PLAYERS,
    G_ROLLS,
    G_ROOF_DECK,
    G_ROUND,
    G_TRADE,
    G_UPG_LEFT,
    G_XPLAY,
    MAX_ROOF_DECK,
    N_GOODS,
    N_ROUNDS_MAX,
    N_SLOTS,
    P_BARROW,
    P_BARROW_FILL,
    P_DEN,
    P_HAND,
    P_HAND_N,
    P_SILVER,
    P_VP,
    ROOFS_PER_ROUND,
)
from sim.games.lagranja.params import K_SILVER_PER_VP, K_TRADE_SILVER
from sim.games.lagranja.tables import D_SELL
from tests import features_check as fc
from tests.kernel_code import literal_argument_calls, recursive_chain, rules_files

from .scenario import D, barrow_card, barrow_of, game, give_barrow, pb

G = fc.Game("lagranja")


@pytest.fixture(scope="module")
def played():
    """Random games solo, at 2 and at 4 players, and a greedy one at 3."""
    return (
        fc.positions(G, 1, range(1), seed=1)
        + fc.positions(G, 2, range(1), seed=2)
        + fc.positions(G, 4, range(1), seed=3)
        + fc.positions(G, 3, range(1), seed=4, bot="greedy")
    )


def test_the_features_see_nothing_a_seat_cannot_see(played):
    assert fc.redeal_changes_no_feature(G, played[::2]) > 0  # the re-deal did change the hidden cards


def test_another_seats_hand_the_deck_and_the_rounds_to_come_change_no_feature(played):
    checked = 0
    for s in played[::10]:
        if s[G_PLAYERS] < 2:
            continue
        t = s.copy()
        if t[pb(1) + P_HAND_N] and t[G_DECK_N]:  # seat 1's first card exchanged with the top of the deck
            top = G_DECK + int(t[G_DECK_N]) - 1
            t[pb(1) + P_HAND], t[top] = t[top], t[pb(1) + P_HAND]
        roofs = slice(G_ROOF_DECK + int(t[G_ROUND]) * ROOFS_PER_ROUND, G_ROOF_DECK + MAX_ROOF_DECK)
        t[roofs] = t[roofs][::-1]  # the roofs of the rounds after this one, reversed
        later = slice(G_ROLLS + int(t[G_ROUND]) * 9, G_ROLLS + N_ROUNDS_MAX * 9)  # dice of the rounds after this one
        t[later] = 7 - t[later]  # each face turned over (still a die's face)
        checked += not np.array_equal(s, t)
        assert np.array_equal(G.features(s, 0), G.features(t, 0))
    assert checked > 0


def test_names_are_unique_values_finite_and_every_feature_varies(played):
    fc.check_declaration(G)
    fc.check_table(G, fc.feature_table(G, played))


def test_the_kernel_keeps_the_numba_rules():
    files = [*rules_files("lagranja"), "sim/games/lagranja/features.py"]
    assert not literal_argument_calls(files, "sim/games/lagranja/features.py")
    assert recursive_chain(files) is None


def value(f, name):
    return f[[n for n, _ in FEATURES].index(name)]


def test_final_sale_and_barrow_of_a_set_up_position():
    s, k = game(3)
    for q, (vp, silver) in enumerate(((3, 7), (5, 0), (2, 12))):
        s[pb(q) + P_VP] = vp
        s[pb(q) + P_SILVER] = silver
        s[pb(q) + P_DEN : pb(q) + P_DEN + N_GOODS] = 0
        s[pb(q) + P_BARROW : pb(q) + P_BARROW + N_SLOTS] = -1
    s[pb(0) + P_DEN + G_GRAPE] = 2
    s[pb(0) + P_DEN + G_PIG] = 1
    s[pb(0) + P_DEN + G_TRADE] = 1
    c = barrow_card(vp=3)
    give_barrow(s, 0, c)
    s[pb(0) + P_BARROW_FILL] = 0b1  # its first symbol delivered
    f = G.features(s, 0)
    # the final sale: resources at their price, a trade commodity for trade.silver, then silver to VP
    silver = 7 + 2 * D[D_SELL + G_GRAPE] + D[D_SELL + G_PIG] + k[K_TRADE_SILVER]
    own = 3 + silver // k[K_SILVER_PER_VP]
    others = (5 + 0 // k[K_SILVER_PER_VP], 2 + 12 // k[K_SILVER_PER_VP])
    assert value(f, "score_now") == own
    assert value(f, "lead") == own - max(others)
    assert value(f, "rank") == sum(x > own for x in others) / 2
    goods, vp = barrow_of(c)
    assert value(f, "barrows") == 1
    assert value(f, "barrow_vp_due") == pytest.approx(vp / len(goods))
    assert value(f, "pigs") == 1 and value(f, "trade") == 1


def test_what_the_deciding_seat_is_still_owed_counts_for_it_and_for_no_other_seat():
    s, _ = game(3)
    s[G_CUR] = 0
    s[G_GAIN_N] = 2
    s[G_UPG_LEFT] = 1
    s[G_XPLAY] = 1
    s[G_OPT_KIND] = 1
    s[G_MKT_VALUE] = 3
    mine, other = G.features(s, 0), G.features(s, 1)
    owed = {"gains_due": 2, "upgrades_due": 1, "play_due": 1, "option_due": 1, "market_due": 1}
    assert {name: value(mine, name) for name in owed} == owed
    assert all(value(other, name) == 0 for name in owed)  # seat 1 is not deciding: nothing is owed to it


def test_deliveries_still_owed_count_only_those_the_seat_could_make():
    s, _ = game(2)
    s[G_CUR] = 0
    s[G_DELIV_LEFT] = 3
    f = G.features(s, 0)
    assert value(f, "deliveries_due") == min(3, value(f, "deliverable"))


def test_a_barrow_near_full_counts_more_in_its_squared_share():
    s, _ = game(2)
    s[pb(0) + P_BARROW : pb(0) + P_BARROW + N_SLOTS] = -1
    c = barrow_card(vp=3)
    give_barrow(s, 0, c)
    goods, vp = barrow_of(c)
    s[pb(0) + P_BARROW_FILL] = 0b1  # its first symbol delivered
    f = G.features(s, 0)
    assert value(f, "barrow_vp_due_sq") == pytest.approx(vp / len(goods) ** 2)
