"""Final scoring (seed 003 得点計算): tiles' VP showing, gentry VP (negative too), completed objectives, 2 VP per
servant, 1 VP per 200 pounds, VP cards kept, triangular reputation VP (to 28 standard, 45 extended); the
tiebreak (a Fairchild, then reputation); and every objective kind."""

import numpy as np
import pytest

from sim.games.obsession import rules
from sim.games.obsession.actions import A_FAIRCHILD, A_KEEP_VPC
from sim.games.obsession.layout import (
    G_FAIRCHILD,
    MAX_PLAYERS,
    P_VP,
    P_VP_SRC,
    PH_GAME_OVER,
    V_FAIRCHILD,
    V_GENTRY,
    V_OBJECTIVES,
    V_REPUTATION,
    V_SERVANTS,
    V_TILES,
    V_VP_CARDS,
    V_WEALTH,
)

from .scenario import DATA, D, Game, gentry_field, params, tile_field


def scored(g):
    rules.final_scoring(g.s, D, g.k)
    return g


def objective(g, seat, name):
    return int(rules.objective_vp(g.s, D, g.k, np.int64(seat), np.int64(DATA.detail.objectives.index(name))))


def test_tiles_score_the_vp_showing_on_the_side_up():
    g = Game(2)
    g.estate(0, ["Drawing Room", "Fountain"])  # front 1, monument 4
    g.flip(0, "Parlour")  # back 2
    g.flip(0, "Private Study")  # back 0 (front 3)
    scored(g)
    assert g.p(0, P_VP_SRC, V_TILES) == 1 + 4 + 2 + 0 + 0


def test_gentry_score_their_vp_the_negative_ones_too():
    g = Game(2)
    g.deck(0, hand=["Dowager Countess Asquith", "Mr. Silas Thorne"], discard=["Hon. Albert Plantagenet"])
    scored(g)
    assert g.p(0, P_VP_SRC, V_GENTRY) == 1 - 3 + 3


def test_a_fairchild_held_at_the_end_scores_its_vp():
    g = Game(2)
    g.deck(1, hand=["Charles Fairchild"])
    g.s[G_FAIRCHILD] = 1
    scored(g)
    assert g.p(1, P_VP_SRC, V_FAIRCHILD) == 8


def test_each_servant_scores_two_vp_whatever_its_kind_and_box():
    g = Game(2)
    g.set_servants(0, "available", butler=1, underbutler=1)
    g.set_servants(0, "expended", footman=2)
    g.set_servants(0, "quarters", valet=1)
    scored(g)
    assert g.p(0, P_VP_SRC, V_SERVANTS) == 10


def test_every_200_pounds_score_one_vp_rounded_down():
    g = Game(2)
    g.money(0, 500)
    scored(g)
    assert g.p(0, P_VP_SRC, V_WEALTH) == 2


def test_vp_cards_kept_score_their_vp():
    g = Game(2)
    g.vp_cards(0, ["reputation 1", "hire 1"])
    scored(g)
    assert g.p(0, P_VP_SRC, V_VP_CARDS) == 3 + 5


@pytest.mark.parametrize(("extended", "level", "vp"), [(0, 1, 1), (0, 4, 10), (0, 7, 28), (1, 7, 28), (1, 9, 45)])
def test_reputation_scores_the_triangular_number_of_its_level(extended, level, vp):
    g = Game(2, k=params(game__extended=extended))
    g.reputation(0, level, 3)
    scored(g)
    assert g.p(0, P_VP_SRC, V_REPUTATION) == vp


def test_the_score_is_the_sum_of_its_sources():
    """Seat 1 ends the game through the final courtship (won with a flipped Parlour: Elizabeth Fairchild and the
    VP card on top, kept) with every source non-zero, each written out from the data set: the tiles' VP showing
    (tiles.csv), the gentry's VP (gentry.csv, the Fairchild apart), the wealth objective kept after the
    courtship's discard (objectives.csv: 1,200 pounds, 6 VP), reputation level 4 (1+2+3+4), 2 VP a servant,
    1 VP per 200 pounds, the VP card (vp_cards.csv: money 1, 3 VP); the score is their sum."""
    from sim.games.obsession.tables import C_VP, S_VP

    from .test_courtship import courtship, discard_all

    g = Game(2)
    g.themes(["prestige", "estate", "sporting", "service"], shown=4)
    g.estate(1, ["Drawing Room", "Fountain"])
    g.flip(1, "Parlour")
    g.deck(1, hand=["Dowager Countess Asquith", "Mr. Silas Thorne"])
    g.objectives(1, ["Room: Music Room", "Misc: wealth"])  # the courtship's discard takes the first
    g.reputation(1, 4)
    g.set_servants(1, "available", butler=1, footman=2)
    g.money(1, 1300)
    g.vp_deck_top(["money 1"])
    courtship(g, 16)
    g.act(A_FAIRCHILD + 1)
    discard_all(g)
    g.act(A_KEEP_VPC)
    assert int(g.s[rules.G_PHASE]) == PH_GAME_OVER
    estate = g.estate_names(1)  # the start tiles and the three named, each scored on the side showing
    assert {"Drawing Room", "Fountain", "Parlour"} <= set(estate) and g.side(1, "Parlour") == 1
    tiles = sum(tile_field(t, S_VP, g.side(1, t)) for t in estate)
    cards = g.cards(1, None)
    assert "Elizabeth Fairchild" in cards
    gentry = sum(gentry_field(c, C_VP) for c in cards if c != "Elizabeth Fairchild")
    servants = sum(sum(g.servants(1, box).values()) for box in ("available", "expended", "quarters"))
    expected = {
        V_TILES: tiles,
        V_GENTRY: gentry,
        V_FAIRCHILD: gentry_field("Elizabeth Fairchild", C_VP),
        V_OBJECTIVES: 6,
        V_REPUTATION: 1 + 2 + 3 + 4,
        V_SERVANTS: 2 * servants,
        V_WEALTH: 1300 // 200,
        V_VP_CARDS: 3,
    }
    assert all(v != 0 for v in expected.values()), expected
    assert {v: g.p(1, P_VP_SRC, v) for v in expected} == expected
    assert g.p(1, P_VP) == sum(expected.values())


def test_only_completed_objectives_score():
    g = Game(2)
    g.objectives(0, ["Room: Music Room", "Misc: wealth"])
    g.money(0, 1300)
    scored(g)
    assert g.p(0, P_VP_SRC, V_OBJECTIVES) == 6  # the wealth objective; no Music Room


def _tie(g, a=0, b=1):
    scored(g)
    for p in (a, b):
        g.s[rules.pb(p) + P_VP] = 50


def test_a_tie_goes_to_the_fairchild_holder_then_the_higher_reputation():
    g = Game(2)
    _tie(g)
    g.s[G_FAIRCHILD + 1] = 1
    g.reputation(0, 5)
    scores = np.zeros(MAX_PLAYERS, np.int64)
    ranks = np.zeros(MAX_PLAYERS, np.int64)
    assert rules.final_scores(g.s, D, g.k, scores, ranks) == 1
    g.s[G_FAIRCHILD + 1] = -1
    assert rules.final_scores(g.s, D, g.k, scores, ranks) == 0
    g.reputation(1, 5, 2)
    assert rules.final_scores(g.s, D, g.k, scores, ranks) == 1 and list(ranks[:2]) == [2, 1]


# ---------------------------------------------------------------- the objective kinds


def test_a_room_objective_needs_the_named_tile():
    g = Game(2)
    assert objective(g, 0, "Room: Drawing Room") == 0
    g.estate(0, ["Drawing Room"])
    assert objective(g, 0, "Room: Drawing Room") == 3


def test_a_guest_objective_scores_each_matching_guest():
    g = Game(2)
    g.deck(0, hand=["Hon. Albert Plantagenet", "Hon. Regina Washburn", "Lord Asquith"],
           discard=["Dowager Countess Holt", "Mr. Hugh Daventry"])  # fmt: skip
    assert objective(g, 0, "Guests: prestige company") == 3
    assert objective(g, 0, "Guests: ladies of quality") == 2
    assert objective(g, 0, "Guests: the highest circles") == 2  # Holt, PR 5: 2 VP
    assert objective(g, 0, "Guests: a wide acquaintance") == 1


def test_a_category_objective_scores_each_tile_of_the_category():
    g = Game(2)
    g.estate(0, ["English Garden", "Rose Garden"])
    assert objective(g, 0, "Category: estate") == 2 * 3  # the Gazebo too


def test_a_servant_objective_is_all_or_nothing():
    g = Game(2)
    g.set_servants(0, footman=2)
    assert objective(g, 0, "Servants: footmen") == 0
    g.set_servants(0, "quarters", footman=1)
    assert objective(g, 0, "Servants: footmen") == 5


def test_a_group_objective_needs_every_category_listed():
    g = Game(2)
    assert objective(g, 0, "Group: a complete estate") == 8  # the START tiles: one of each
    g.estate(0, ["English Garden", "Rose Garden", "Kennels", "Stables"])
    assert objective(g, 0, "Group: country sports") == 10


def test_the_largest_category_objective():
    g = Game(2)
    g.estate(0, ["English Garden", "Rose Garden"])
    assert objective(g, 0, "Group: one passion") == 0
    g.estate(0, ["Kitchen Garden"])
    assert objective(g, 0, "Group: one passion") == 6


def test_the_miscellaneous_objectives():
    g = Game(2)
    g.reputation(0, 7)
    g.money(0, 1200)
    g.estate(0, ["Fountain", "Obelisk"])
    assert objective(g, 0, "Misc: maximum reputation") == 8
    assert objective(g, 0, "Misc: wealth") == 6
    assert objective(g, 0, "Misc: monuments") == 6
    g.reputation(0, 6, 5)
    g.money(0, 1100)
    assert objective(g, 0, "Misc: maximum reputation") == 0 and objective(g, 0, "Misc: wealth") == 0
