"""The scenario writers (scenario.py) checked against the layout on their own: what they write is read back
field by field, with the expected values taken from the data files by name, not from the rules' helpers.
Then the rules' own bookkeeping of the estate (ability bits, monuments) is checked against the writers'
independent summary over random play."""

import numpy as np

from sim.games.obsession.layout import (
    AB_BARN,
    AB_QUEENS,
    CS_DISCARD,
    CS_HAND,
    G_CASUAL,
    G_CASUAL_N,
    G_CUR,
    G_PHASE,
    G_TILE_SIDE,
    P_ABILITY,
    P_CARD_STATE,
    P_DECK,
    P_DECK_N,
    P_ESTATE,
    P_ESTATE_N,
    P_MONUMENTS,
    PH_GAME_OVER,
)
from sim.games.obsession.tables import D_INST_KIND

from .scenario import CL_FAMILY, D, Game, card, estate_summary, gentry_class, kind, params, pb


def test_estate_writes_the_tiles_front_up_with_their_abilities_and_monuments():
    g = Game(3, k=params(setup__suites=1))
    n = g.p(0, P_ESTATE_N)
    g.estate(0, ["Barn", "Sculpture Garden", "Queen's Suite"])
    assert g.p(0, P_ESTATE_N) == n + 3
    slots = [g.p(0, P_ESTATE, n + i) for i in range(3)]
    assert [int(D[D_INST_KIND + t]) for t in slots] == [kind("Barn"), kind("Sculpture Garden"), kind("Queen's Suite")]
    assert [int(g.s[G_TILE_SIDE + t]) for t in slots] == [0, 0, 0]
    assert g.p(0, P_ABILITY) >> AB_BARN & 1 and g.p(0, P_ABILITY) >> AB_QUEENS & 1
    assert g.p(0, P_MONUMENTS) == 1  # the Sculpture Garden; the suite is not a monument before its use
    g.flip(0, "Queen's Suite")
    assert int(g.s[G_TILE_SIDE + slots[2]]) == 1 and g.p(0, P_MONUMENTS) == 2  # used: a monument (R2)
    assert g.p(1, P_ABILITY) >> AB_BARN & 1 == 0  # other seats untouched


def test_deck_writes_hand_and_discard_and_returns_the_old_guests_under_their_deck():
    g = Game(3)
    old_guests = [c for c in g.cards(0, None) if gentry_class(card(c)) != CL_FAMILY]  # the drafted starters
    assert len(old_guests) == 2
    g.deck(0, hand=["Lord Asquith", "Mr. Amos Tuttle"], discard=["Asquith heir"])
    assert g.p(0, P_DECK_N) == 3
    assert [g.p(0, P_DECK, i) for i in range(3)] == [
        card("Lord Asquith"),
        card("Mr. Amos Tuttle"),
        card("Asquith heir"),
    ]
    assert [g.p(0, P_CARD_STATE, i) for i in range(3)] == [CS_HAND, CS_HAND, CS_DISCARD]
    casual = [int(x) for x in g.s[G_CASUAL : G_CASUAL + int(g.s[G_CASUAL_N])]]
    assert card("Mr. Amos Tuttle") not in casual  # taken out of the deck it was in
    for name in old_guests:
        assert casual.count(card(name)) == 1 and casual.index(card(name)) < len(old_guests)  # at the bottom


def test_the_rules_keep_the_estates_abilities_and_monuments_as_the_tiles_say():
    """Random legal play: after every step the rules' ability bits and monument count equal the summary
    computed from the tile data (scenario.estate_summary)."""
    rng = np.random.default_rng(5)
    for players, game in ((2, 0), (4, 1)):
        g = Game(players, k=params(setup__suites=1, setup__wessex=1), game=game)
        checked = 0
        while int(g.s[G_PHASE]) != PH_GAME_OVER:
            g.act(int(rng.choice(sorted(g.legal()))))
            seat = int(g.s[G_CUR])
            bits, monuments = estate_summary(g.s, seat)
            assert (int(g.s[pb(seat) + P_ABILITY]), int(g.s[pb(seat) + P_MONUMENTS])) == (bits, monuments)
            checked += 1
        assert checked > 100
