"""Setup: a boss and its money each, five face-up genesis heists and five gangsters (seed 002)."""

import numpy as np
import pytest

from sim.games.gangsta.layout import (
    G_CHAPTER,
    G_CUR,
    G_GRIVER,
    G_HDECK,
    G_HDECK_N,
    G_HRIVER,
    G_OPENING,
    G_PHASE,
    MAX_CHAPTER_CARDS,
    P_GANG,
    P_GANG_N,
    P_MONEY,
    PH_ACTION,
    RIVER,
)
from sim.games.gangsta.tables import C_BOSS, C_COST, D_N_HEISTS, H_CHAPTER, H_SNITCH, card_base, heist_base

from .scenario import D, Game, params


@pytest.mark.parametrize("n", [2, 3, 4])
def test_each_player_is_dealt_a_different_boss_with_its_money(n):
    for seed in range(20):
        g = Game(n, seed=seed)
        bosses = [g.p(p, P_GANG) for p in range(n)]
        assert len(set(bosses)) == n
        for p, c in enumerate(bosses):
            assert g.p(p, P_GANG_N) == 1
            assert D[card_base(c) + C_BOSS] == 1
            assert g.p(p, P_MONEY) == D[card_base(c) + C_COST]


def test_bosses_are_dealt_at_random():
    seen = {Game(4, seed=seed).p(0, P_GANG) for seed in range(40)}
    assert len(seen) == 5


def test_setup_shows_five_genesis_heists_and_five_gangsters():
    g = Game(4)
    for r in range(RIVER):
        h = int(g.s[G_HRIVER + r])
        c = int(g.s[G_GRIVER + r])
        assert h >= 0 and D[heist_base(h) + H_CHAPTER] == 1
        assert c >= 0 and D[card_base(c) + C_BOSS] == 0
    assert g.s[G_CHAPTER] == 1


def test_first_player_is_seat_zero_and_starts_with_an_action():
    g = Game(3)
    assert g.s[G_CUR] == 0 and g.s[G_PHASE] == PH_ACTION


def test_cash_for_not_playing_first_adds_a_dollar_per_seat_after_the_first():
    plain = Game(4, seed=3)
    bonus = Game(4, seed=3, k=params(start_money__bonus_per_seat=1))
    for p in range(4):
        assert bonus.p(p, P_MONEY) == plain.p(p, P_MONEY) + p


@pytest.mark.parametrize("chapter", [2, 3])
def test_later_chapters_open_with_five_heists_and_keep_their_snitches_in_the_deck(chapter):
    for seed in range(30):
        g = Game(2, seed=seed)
        opening = [int(h) for h in g.s[G_OPENING + (chapter - 2) * RIVER : G_OPENING + (chapter - 1) * RIVER]]
        n = int(g.s[G_HDECK_N + chapter - 1])
        base = G_HDECK + (chapter - 1) * MAX_CHAPTER_CARDS
        deck = [int(h) for h in g.s[base : base + n]]
        assert all(D[heist_base(h) + H_SNITCH] == 0 for h in opening)
        expected = sorted(h for h in range(int(D[D_N_HEISTS])) if D[heist_base(h) + H_CHAPTER] == chapter)
        assert sorted(opening + deck) == expected
        assert any(D[heist_base(h) + H_SNITCH] > 0 for h in deck)


def test_snitches_are_spread_through_the_later_decks():
    """The snitches are shuffled with the rest of the deck, not left on top (seed 002 via S1's reshuffle)."""
    tops = []
    for seed in range(200):
        g = Game(2, seed=seed)
        n = int(g.s[G_HDECK_N + 1])
        base = G_HDECK + MAX_CHAPTER_CARDS
        deck = [int(h) for h in g.s[base : base + n]]
        tops.append(D[heist_base(deck[-1]) + H_SNITCH] > 0)
    share = np.mean(tops)
    assert 0.02 < share < 0.25  # 3 snitches in 31 cards: about 0.1


def test_a_boss_given_to_a_seat_for_an_experiment_changes_nothing_else():
    for seed in range(20):
        base = Game(4, seed=seed)
        before = [base.p(p, P_GANG) for p in range(4)]
        for seat in range(4):
            g = Game(4, seed=seed, k=params(experiment__give_boss=3, experiment__give_boss_seat=seat))
            after = [g.p(p, P_GANG) for p in range(4)]
            assert after[seat] == 2
            holder = before.index(2) if 2 in before else None
            if holder is not None:
                assert after[holder] == before[seat]
            assert all(after[p] == before[p] for p in range(4) if p not in (seat, holder))
            assert np.array_equal(g.s[G_GRIVER : G_GRIVER + RIVER], base.s[G_GRIVER : G_GRIVER + RIVER])
            assert np.array_equal(g.s[G_HRIVER : G_HRIVER + RIVER], base.s[G_HRIVER : G_HRIVER + RIVER])


def test_a_boss_removed_for_an_experiment_is_never_dealt():
    for seed in range(40):
        base = Game(4, seed=seed)
        g = Game(4, seed=seed, k=params(experiment__remove_boss=1))
        dealt = [g.p(p, P_GANG) for p in range(4)]
        assert 0 not in dealt
        assert all(d == b for d, b in zip(dealt, [base.p(p, P_GANG) for p in range(4)], strict=True) if b != 0)
