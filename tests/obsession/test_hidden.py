"""What each seat cannot see (RULES.md, "Hidden information"), re-dealt for a search bot (hidden.py): the
re-deal keeps every multiset, every count and everything the seat can see, and it depends only on what the
seat knows, never on the hidden order it replaces."""

import numpy as np

from sim.games.obsession.hidden import redeal
from sim.games.obsession.layout import (
    G_BAG,
    G_BAG_N,
    G_CASUAL,
    G_CASUAL_N,
    G_OBJ_DECK,
    G_OBJ_DECK_N,
    G_PRESTIGE,
    G_PRESTIGE_N,
    G_THEMES,
    G_THEMES_SHOWN,
    G_VPC_DECK,
    G_VPC_DECK_N,
    N_THEMES,
    P_OBJ,
    P_OBJ_N,
    P_VPC,
    P_VPC_N,
    STATE,
)
from sim.games.obsession.tables import C_VP, S_VP, V_VP, vpc_base
from sim.rng import new_streams
from strategies.obsession import evaluate

from .scenario import DATA, D, Game, gentry_field, pb, tile_field

SEAT = 1


def hidden_cells(s) -> set[int]:
    """State cells SEAT cannot see."""
    cells = set()
    for start, count in ((G_BAG, G_BAG_N), (G_CASUAL, G_CASUAL_N), (G_PRESTIGE, G_PRESTIGE_N),
                         (G_OBJ_DECK, G_OBJ_DECK_N), (G_VPC_DECK, G_VPC_DECK_N)):  # fmt: skip
        cells |= set(range(start, start + int(s[count])))
    cells |= set(range(G_THEMES + int(s[G_THEMES_SHOWN]), G_THEMES + N_THEMES))
    for q in (0, 2):
        cells |= set(range(pb(q) + P_OBJ, pb(q) + P_OBJ + int(s[pb(q) + P_OBJ_N])))
        cells |= set(range(pb(q) + P_VPC, pb(q) + P_VPC + int(s[pb(q) + P_VPC_N])))
    return cells


def a_position():
    g = Game(3)
    g.vp_cards(0, ["hire 1"])
    g.vp_cards(1, ["money 1"])
    g.vp_cards(2, ["reputation 2", "objective 1"])
    return g.s.copy()


def multisets(s):
    objectives = sorted(
        [int(x) for x in s[G_OBJ_DECK : G_OBJ_DECK + s[G_OBJ_DECK_N]]]
        + [int(s[pb(q) + P_OBJ + i]) for q in range(3) for i in range(int(s[pb(q) + P_OBJ_N]))]
    )
    vp_cards = sorted(
        [int(x) for x in s[G_VPC_DECK : G_VPC_DECK + s[G_VPC_DECK_N]]]
        + [int(s[pb(q) + P_VPC + i]) for q in range(3) for i in range(int(s[pb(q) + P_VPC_N]))]
    )
    decks = [sorted(s[a : a + s[n]].tolist()) for a, n in ((G_BAG, G_BAG_N), (G_CASUAL, G_CASUAL_N),
                                                          (G_PRESTIGE, G_PRESTIGE_N))]  # fmt: skip
    themes = sorted(s[G_THEMES + s[G_THEMES_SHOWN] : G_THEMES + N_THEMES].tolist())
    return objectives, vp_cards, decks, themes


def test_a_redeal_keeps_every_multiset_count_and_everything_the_seat_sees():
    s = a_position()
    t = s.copy()
    redeal(t, D, Game(3).k, np.int64(SEAT), new_streams(5, 0), np.int64(0))
    assert multisets(t) == multisets(s)
    seen = [i for i in range(STATE.size) if i not in hidden_cells(s)]
    assert np.array_equal(t[seen], s[seen])  # the seat's own objectives and VP cards included
    assert not np.array_equal(t, s)  # and the hidden order did change


def test_a_redeal_does_not_depend_on_the_hidden_order_it_replaces():
    s = a_position()
    other = s.copy()
    other[G_BAG : G_BAG + other[G_BAG_N]] = other[G_BAG : G_BAG + other[G_BAG_N]][::-1]
    other[G_CASUAL : G_CASUAL + 2] = other[G_CASUAL : G_CASUAL + 2][::-1]
    # seat 0's objective card swapped with one of the deck: hidden from SEAT either way
    a, b = pb(0) + P_OBJ, G_OBJ_DECK + 3
    other[a], other[b] = other[b], other[a]
    other[pb(2) + P_VPC], other[G_VPC_DECK] = other[G_VPC_DECK], other[pb(2) + P_VPC]
    x, y = s.copy(), other.copy()
    k = Game(3).k
    redeal(x, D, k, np.int64(SEAT), new_streams(9, 1), np.int64(0))
    redeal(y, D, k, np.int64(SEAT), new_streams(9, 1), np.int64(0))
    assert np.array_equal(x, y)


def test_evaluate_scores_the_state_as_if_the_game_ended_now():
    """Seed 003 (得点計算): tile VP showing, gentry VP, completed objectives, reputation by level (1, 3, 6, 10,
    ..), 2 VP per servant, 1 VP per 200 pounds, VP cards kept; each term computed here from the data by name."""
    g = Game(3)
    g.vp_cards(0, ["hire 1"])
    g.vp_cards(2, ["reputation 2", "objective 1"])
    decks = {0: ["Lord Asquith", "Dowager Countess Asquith", "Capt. Henry Dunn"], 1: ["Mr. Jasper Crane"], 2: []}
    levels = {0: 3, 1: 1, 2: 4}
    money = {0: 450, 1: 199, 2: 1000}
    servants = {0: {"butler": 1, "footman": 2}, 1: {}, 2: {"valet": 1}}
    for p in range(3):
        g.deck(p, hand=decks[p])
        g.objectives(p, [])
        g.reputation(p, levels[p], 3)
        g.money(p, money[p])
        for box in ("available", "expended", "quarters", "busy"):
            g.set_servants(p, box)
        g.set_servants(p, "quarters", **servants[p])
    g.flip(0, "Parlour")
    vpc = {name: int(D[vpc_base(DATA.detail.vp_cards.index(name)) + V_VP]) for name in ("hire 1", "reputation 2",
                                                                                       "objective 1")}  # fmt: skip
    expected = []
    for p in range(3):
        tiles = sum(tile_field(name, S_VP, g.side(p, name)) for name in g.estate_names(p))
        gentry = sum(gentry_field(name, C_VP) for name in decks[p])
        reputation = levels[p] * (levels[p] + 1) // 2
        cards = {0: vpc["hire 1"], 1: 0, 2: vpc["reputation 2"] + vpc["objective 1"]}[p]
        expected.append(tiles + gentry + reputation + 2 * sum(servants[p].values()) + money[p] // 200 + cards)
    out = np.zeros(4, np.int64)
    evaluate(g.s.copy(), D, g.k, out)
    assert [int(out[p]) for p in range(3)] == expected
    assert expected[0] != expected[1] != expected[2]
