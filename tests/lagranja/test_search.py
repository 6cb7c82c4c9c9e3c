"""The search hooks: redeal keeps what the seat sees and re-samples the rest; evaluate is the final scoring."""

import numpy as np

from sim.games.lagranja.hidden import redeal
from sim.games.lagranja.layout import (
    G_DECK,
    G_DECK_N,
    G_PLAYERS,
    G_ROLLS,
    G_ROOF_DECK,
    G_ROUND,
    P_HAND,
    P_HAND_N,
    P_SILVER,
    P_VP,
)
from sim.rng import new_streams
from strategies.lagranja import evaluate

from .scenario import D, game, pb


def hands(s):
    return [sorted(int(s[pb(q) + P_HAND + i]) for i in range(int(s[pb(q) + P_HAND_N]))) for q in range(s[G_PLAYERS])]


def test_redeal_keeps_the_seats_hand_the_hand_sizes_and_the_unseen_multiset():
    s, k = game(3)
    before = s.copy()
    redeal(s, D, k, 1, new_streams(9, 0), 2)
    assert hands(s)[1] == hands(before)[1]
    assert [len(h) for h in hands(s)] == [len(h) for h in hands(before)]
    unseen = lambda x: sorted(hands(x)[0] + hands(x)[2] + [int(v) for v in x[G_DECK : G_DECK + x[G_DECK_N]]])  # noqa: E731
    assert unseen(s) == unseen(before) and hands(s)[0] != hands(before)[0]
    this_round = slice(G_ROOF_DECK, G_ROOF_DECK + 4 * int(s[G_ROUND]))
    assert (s[this_round] == before[this_round]).all()
    assert sorted(s[G_ROOF_DECK + 4 : G_ROOF_DECK + 24]) == sorted(before[G_ROOF_DECK + 4 : G_ROOF_DECK + 24])
    assert not (s[G_ROLLS : G_ROLLS + 54] == before[G_ROLLS : G_ROLLS + 54]).all()


def test_redeal_depends_on_the_generator_not_on_the_hidden_order():
    a, k = game(2, seed=1)
    b = a.copy()
    n = int(b[G_DECK_N])
    b[G_DECK : G_DECK + n] = b[G_DECK : G_DECK + n][::-1]
    redeal(a, D, k, 0, new_streams(4, 4), 1)
    redeal(b, D, k, 0, new_streams(4, 4), 1)
    assert (a == b).all()


def test_evaluate_is_the_final_conversion():
    s, k = game(2)
    s[pb(0) + P_SILVER] = 9
    out = np.zeros(4, np.int64)
    t = s.copy()
    evaluate(t, D, k, out)
    assert out[0] == s[pb(0) + P_VP] + (9 + 4) // 5  # 9 silver and the trade commodity's 4
