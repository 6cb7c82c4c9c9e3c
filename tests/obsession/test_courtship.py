"""Courtship rounds (seed 003 求愛; R2): the theme's tile VP decides; the winner takes a Fairchild of its choice
and a VP card, a tie gives each tied player a VP card and nobody a Fairchild; the Fairchild returns before the
next courtship; the final courtship counts every revealed theme (twice when revealed twice) and breaks ties by
reputation; every player then discards an objective; the market reserves open after courtships 1 and 2."""

import numpy as np

from sim.games.obsession import rules
from sim.games.obsession.actions import (
    A_BUY_PR1,
    A_BUY_SERVICE,
    A_FAIRCHILD,
    A_KEEP,
    A_KEEP_VPC,
    A_OBJ_DISCARD,
    A_PASS,
    A_REFRESH,
    A_RENT,
    A_USE_VPC,
)
from sim.games.obsession.layout import (
    CS_DISCARD,
    F_START_ROUND,
    G_CUR,
    G_END_TRIGGER,
    G_FAIRCHILD,
    G_FLOW,
    G_ROUND,
    G_THEMES_SHOWN,
    P_MONEY,
    P_OBJ_N,
    P_REP,
    P_VP_SRC,
    P_VPC_N,
    PH_GAME_OVER,
    V_FAIRCHILD,
    V_VP_CARDS,
    V_WEALTH,
)
from sim.games.obsession.tables import K_MODIFIER

from .scenario import D, Game, kind, params


def courtship(g, round_):
    g.s[G_ROUND] = round_
    g.s[G_FLOW] = F_START_ROUND
    rules.advance(g.s, D, g.k)


def discard_all(g):
    while g.phase == "court_discard":
        g.act(A_OBJ_DISCARD)


def test_the_most_vp_in_the_theme_wins_a_fairchild_of_choice_and_a_vp_card():
    g = Game(3)
    g.themes(["prestige"], shown=1)
    g.flip(1, "Parlour")  # 2 VP of prestige
    courtship(g, 4)
    assert g.phase == "fairchild" and int(g.s[G_CUR]) == 1
    cards = g.p(1, P_VPC_N)
    g.act(A_FAIRCHILD + 1)
    assert "Elizabeth Fairchild" in g.cards(1) and int(g.s[G_FAIRCHILD + 1]) == 1
    assert g.p(1, P_VPC_N) == cards + 1 and g.p(0, P_VPC_N) == 0


def test_a_tie_gives_each_tied_player_a_vp_card_and_nobody_a_fairchild():
    g = Game(3)
    g.themes(["estate"], shown=1)
    g.flip(0, "Gazebo")
    g.flip(2, "Gazebo")
    courtship(g, 4)
    assert g.phase == "court_discard"
    assert [g.p(p, P_VPC_N) for p in range(3)] == [1, 0, 1]
    assert int(g.s[G_FAIRCHILD]) == -1 and int(g.s[G_FAIRCHILD + 1]) == -1


def test_the_fairchild_returns_from_hand_or_discard_pile_before_the_next_courtship():
    g = Game(3)
    g.themes(["prestige", "sporting"], shown=1)
    g.flip(1, "Parlour")
    courtship(g, 4)
    g.act(A_FAIRCHILD + 0)
    discard_all(g)
    i = g.deck_slot(1, "Charles Fairchild")
    g.s[rules.pb(1) + rules.P_CARD_STATE + i] = CS_DISCARD
    g.s[G_THEMES_SHOWN] = 2
    g.flip(0, "Bowling Green")
    courtship(g, 8)
    assert "Charles Fairchild" not in g.cards(1, None) and int(g.s[G_FAIRCHILD]) == -1
    assert g.phase == "fairchild" and int(g.s[G_CUR]) == 0
    g.act(A_FAIRCHILD + 0)
    assert "Charles Fairchild" in g.cards(0)


def test_the_final_courtship_counts_every_revealed_theme_and_a_repeated_theme_twice():
    g = Game(3)
    g.themes(["prestige", "estate", "prestige", "sporting"], shown=4)
    g.flip(0, "Parlour")  # 2 VP, counted twice: 4
    g.flip(1, "Gazebo")
    g.flip(1, "Bowling Green")  # 1 + 1 + Parlour front 0: 2 (+ ... )
    g.flip(2, "Gazebo")
    assert rules.courtship_score(g.s, D, np.int64(0), True) == 4
    assert rules.courtship_score(g.s, D, np.int64(1), True) == 2
    courtship(g, 16)
    assert g.phase == "fairchild" and int(g.s[G_CUR]) == 0


def test_a_final_courtship_tie_goes_to_the_higher_reputation():
    g = Game(3)
    g.themes(["prestige", "estate", "sporting", "service"], shown=4)
    g.flip(0, "Gazebo")
    g.flip(2, "Gazebo")
    g.reputation(0, 2)
    g.reputation(2, 3)
    courtship(g, 16)
    assert g.phase == "fairchild" and int(g.s[G_CUR]) == 2
    g.act(A_FAIRCHILD + 0)
    assert g.p(0, P_VPC_N) == 0 and g.p(2, P_VPC_N) == 1


def test_a_final_courtship_still_tied_on_reputation_gives_no_fairchild_and_each_tied_a_vp_card():
    g = Game(3)
    g.themes(["prestige", "estate", "sporting", "service"], shown=4)
    g.flip(0, "Gazebo")
    g.flip(2, "Gazebo")
    for p in range(3):
        g.reputation(p, 2)
    courtship(g, 16)
    assert g.phase == "court_discard"
    assert [g.p(p, P_VPC_N) for p in range(3)] == [1, 0, 1]


def test_the_final_courtships_fairchild_stays_for_scoring_with_its_eight_vp():
    g = Game(2)
    g.themes(["prestige", "estate", "sporting", "service"], shown=4)
    g.flip(1, "Parlour")
    courtship(g, 16)
    g.act(A_FAIRCHILD + 1)
    discard_all(g)
    if g.phase == "final_vp_card":
        g.act(A_KEEP_VPC)
    assert int(g.s[rules.G_PHASE]) == PH_GAME_OVER and int(g.s[G_END_TRIGGER]) == 1
    assert g.p(1, P_VP_SRC, V_FAIRCHILD) == 8


def final_courtship_won_by_seat_1(card_on_top, knobs=None):
    g = Game(2, k=knobs)
    g.themes(["prestige", "estate", "sporting", "service"], shown=4)
    g.flip(1, "Parlour")
    g.vp_deck_top([card_on_top])
    courtship(g, 16)
    g.act(A_FAIRCHILD + 1)
    discard_all(g)
    return g


def test_the_vp_card_drawn_at_the_final_courtship_may_be_used_before_final_scoring():
    """R2 (The Final Courtship): 'The winner also takes one VP card ... If the card has a favour, the player
    may use it before final scoring if she chooses.' The money card: its pounds count as wealth, its VP not."""
    g = final_courtship_won_by_seat_1("money 1")
    assert g.phase == "final_vp_card" and int(g.s[G_CUR]) == 1
    slot = g.p(1, P_VPC_N) - 1
    assert g.legal() == {A_KEEP_VPC, A_USE_VPC + slot}
    g.money(1, 0)
    g.act(A_USE_VPC + slot)
    assert int(g.s[rules.G_PHASE]) == PH_GAME_OVER
    assert g.p(1, P_VP_SRC, V_VP_CARDS) == 0 and g.p(1, P_VP_SRC, V_WEALTH) == 300 // 200


def test_the_vp_card_drawn_at_the_final_courtship_may_be_kept_for_its_vp():
    g = final_courtship_won_by_seat_1("money 1")
    g.act(A_KEEP_VPC)
    assert int(g.s[rules.G_PHASE]) == PH_GAME_OVER and g.p(1, P_VP_SRC, V_VP_CARDS) == 3


def test_a_final_vp_card_whose_favour_needs_a_turn_is_only_kept():
    """The purchases favour acts in a buy step; none comes after the final courtship (RULES.md, choices)."""
    g = final_courtship_won_by_seat_1("purchases 1")
    assert g.phase == "final_vp_card" and g.legal() == {A_KEEP_VPC}


def test_a_final_vp_card_with_its_own_decision_returns_to_the_end():
    """The objective card: two drawn, one kept, then the final scoring."""
    g = final_courtship_won_by_seat_1("objective 1")
    held = g.p(1, P_OBJ_N)
    g.act(A_USE_VPC + g.p(1, P_VPC_N) - 1)
    assert g.phase == "keep_objective"
    g.act(A_KEEP + 0)
    assert int(g.s[rules.G_PHASE]) == PH_GAME_OVER and g.p(1, P_OBJ_N) == held + 1


def test_each_player_tied_at_the_final_courtship_may_use_the_vp_card_drawn_there():
    g = Game(3)
    g.themes(["prestige", "estate", "sporting", "service"], shown=4)
    g.flip(0, "Gazebo")
    g.flip(2, "Gazebo")
    for p in range(3):
        g.reputation(p, 2)
    g.vp_deck_top(["money 1", "reputation 1"])  # seat 0 draws first: the last named
    courtship(g, 16)
    discard_all(g)
    seats = []
    while g.phase == "final_vp_card":
        seats.append(int(g.s[G_CUR]))
        g.act(A_KEEP_VPC)
    assert seats == [0, 2] and int(g.s[rules.G_PHASE]) == PH_GAME_OVER


def test_after_each_courtship_every_player_discards_one_objective_in_turn_order():
    g = Game(3)
    g.themes(["estate"], shown=1)
    before = [g.p(p, P_OBJ_N) for p in range(3)]
    courtship(g, 4)  # a three-way tie
    order = []
    while g.phase == "court_discard":
        order.append(int(g.s[G_CUR]))
        g.act(A_OBJ_DISCARD)
    assert order == [0, 1, 2]
    assert [g.p(p, P_OBJ_N) for p in range(3)] == [b - 1 for b in before]
    assert int(g.s[G_ROUND]) == 5 and g.phase == "main"


def test_a_courtship_round_has_no_activities_no_rotation_and_no_monument_reputation():
    g = Game(3)
    g.themes(["estate", "sporting"], shown=1)
    g.estate(0, ["Fountain"])
    g.set_servants(0, "expended", valet=1)
    g.reputation(0, 2)
    courtship(g, 4)
    assert g.phase == "fairchild" and g.p(0, P_REP) == 5  # the Fountain (estate, 4 VP) won; no reputation
    g.act(A_FAIRCHILD + 0)
    assert g.p(0, P_REP) == 5 and g.servants(0, "expended")["valet"] == 1


def test_the_next_theme_is_revealed_at_the_start_of_the_next_season():
    g = Game(3)
    g.themes(["estate", "sporting"], shown=1)
    courtship(g, 4)
    discard_all(g)
    assert int(g.s[G_THEMES_SHOWN]) == 2 and int(g.s[G_ROUND]) == 5


def test_with_a_closed_courtship_the_theme_is_revealed_at_the_courtship():
    g = Game(3, k=params(courtship__closed=1))
    assert int(g.s[G_THEMES_SHOWN]) == 0
    courtship(g, 4)
    assert int(g.s[G_THEMES_SHOWN]) == 1


def test_after_the_first_courtship_service_tiles_go_to_their_reserve_now_and_when_drawn():
    g = Game(3)
    g.themes(["estate"], shown=1)
    g.market(["Kitchen Garden", "Barn", "Morning Room", "Library", "Kennels", "Butler's Pantry"])
    g.bag_top(["Brushing Room", "Stables", "Card Room", "Servants' Hall", "Croquet Lawn"])
    courtship(g, 4)
    discard_all(g)
    # the two spaces left open draw Brushing Room (to the reserve), Stables and Card Room
    assert sorted(g.reserve_names("service")) == ["Barn", "Brushing Room", "Butler's Pantry"]
    spaces = [x[-1] for x in g.market_names() if x]
    assert len(spaces) == 6 and "Stables" in spaces and "Card Room" in spaces
    assert g.reserve_names("pr1") == []


def test_after_the_second_courtship_prestige_rating_1_tiles_go_to_their_reserve():
    g = Game(3)
    g.themes(["estate", "sporting"], shown=2)
    g.market(["Kitchen Garden", "Card Room", "Morning Room", "Library", "Kennels", "Music Room"])
    g.bag_top(["Croquet Lawn", "Stables", "Racecourse"])
    courtship(g, 4)
    discard_all(g)
    courtship(g, 8)
    discard_all(g)
    assert sorted(g.reserve_names("pr1")) == ["Card Room", "Croquet Lawn", "Kitchen Garden"]


def test_a_reserve_tile_costs_300_pounds_and_a_refresh_leaves_the_reserves():
    g = Game(3)
    g.themes(["estate"], shown=1)
    g.market(["Kitchen Garden", "Barn", "Morning Room", "Library", "Kennels", "Music Room"])
    courtship(g, 4)
    discard_all(g)
    assert g.reserve_names("service") == ["Barn"]
    g.deck(0, hand=[])
    g.reputation(0, 3)
    g.start_turn(0)
    g.act(A_REFRESH)
    assert g.reserve_names("service")[0] == "Barn"  # the reserve keeps its tiles (new service tiles join it)
    g.act(A_PASS)
    g.act(A_RENT)
    g.money(0, 1000)
    g.act(A_BUY_SERVICE + 0)
    assert g.p(0, P_MONEY) == 1000 - 300  # flat: the seed's 'the tiles become 300 pounds' (no modifier)
    assert "Barn" in g.estate_names(0) and "Barn" not in g.reserve_names("service")
    assert A_BUY_PR1 not in g.legal()


def test_with_the_modifier_reading_a_reserve_tile_costs_300_plus_its_modifier():
    g = Game(3, k=params(market__reserve_modifier=1))
    t = np.int64(g.take_from_bag("Barn"))
    assert rules.tile_price(g.s, D, g.k, t, np.int64(-1)) == 300 + int(D[rules.kb(kind("Barn")) + K_MODIFIER])
