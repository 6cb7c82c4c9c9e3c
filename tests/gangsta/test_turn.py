"""A turn: mobilisation, then one action (recruit, heist, pass), then the rivers are refilled (seed 002)."""

from sim.games.gangsta.actions import (
    A_DISCARD_HEIST,
    A_DISCARD_SKIP,
    A_MOBILISE_DONE,
    A_PASS,
    A_RECRUIT,
    A_UNTAP,
)
from sim.games.gangsta.layout import (
    G_ACTIVE,
    G_FREE_UNTAPS,
    G_GDECK,
    G_GDECK_N,
    G_GDISCARD,
    G_GDISCARD_N,
    G_GRIVER,
    G_HDECK_N,
    G_HDISCARD,
    G_HDISCARD_N,
    G_HRIVER,
    G_PHASE,
    G_SHUFFLES,
    P_ENGAGED,
    P_GANG_N,
    P_MONEY,
    P_RECRUITED,
    P_VP,
    P_VP_SRC,
    PH_ACTION,
    PH_MOBILISE,
    PH_PASS_DISCARD,
    RIVER,
    V_GANGSTERS,
)

from .scenario import Game, card, cost, heist, influence, params, pb


def money(g, seat, value):
    g.s[pb(seat) + P_MONEY] = value


# ---------------------------------------------------------------- mobilisation


def test_untapping_an_engaged_gangster_costs_one_dollar():
    g = Game(3)
    g.gang(0, [103, 121, 131], engaged=[1, 0, 1])  # the boss's leader skill is engaged: no free untap
    money(g, 0, 5)
    g.start(0)
    assert g.s[G_PHASE] == PH_MOBILISE and g.s[G_FREE_UNTAPS] == 0
    assert g.legal() == {A_MOBILISE_DONE, A_UNTAP + 0, A_UNTAP + 2}
    g.act(A_UNTAP + 2)
    assert g.p(0, P_MONEY) == 4 and g.p(0, P_ENGAGED, 2) == 0


def test_untapping_needs_a_dollar_when_no_free_untap_is_left():
    g = Game(3)
    g.gang(0, [103, 121, 131], engaged=[1, 0, 1])
    money(g, 0, 0)
    g.start(0)
    assert g.s[G_PHASE] == PH_ACTION  # nothing to pay with: mobilisation is skipped


def test_each_leader_skill_of_an_available_gangster_untaps_one_for_free():
    g = Game(3)
    g.gang(0, [101, 122, 121, 131, 141], engaged=[0, 0, 1, 1, 1])  # boss and 122 are leaders
    money(g, 0, 5)
    g.start(0)
    assert g.s[G_FREE_UNTAPS] == 2
    g.act(A_UNTAP + 2)
    g.act(A_UNTAP + 3)
    assert g.p(0, P_MONEY) == 5
    g.act(A_UNTAP + 4)
    assert g.p(0, P_MONEY) == 4
    assert g.legal() == {A_MOBILISE_DONE}


def test_engaged_leaders_give_no_free_untap_unless_the_knob_says_so():
    for knob, free in ((0, 1), (1, 2)):
        g = Game(3, k=params(mobilise__engaged_leaders_free=knob))
        g.gang(0, [101, 122, 121], engaged=[0, 1, 1])
        g.start(0)
        assert g.s[G_FREE_UNTAPS] == free


def test_a_gang_all_engaged_becomes_available_without_mobilisation():
    g = Game(3)
    g.gang(0, [101, 122, 121], engaged=[1, 1, 1])
    money(g, 0, 5)
    g.start(0)
    assert g.s[G_PHASE] == PH_ACTION
    assert all(g.p(0, P_ENGAGED, i) == 0 for i in range(3))
    assert g.p(0, P_MONEY) == 5


def test_mobilisation_is_skipped_when_nothing_is_engaged():
    g = Game(3)
    g.gang(0, [101, 122, 121])
    g.start(0)
    assert g.s[G_PHASE] == PH_ACTION


# ---------------------------------------------------------------- recruit


def test_recruit_pays_the_cost_and_gains_the_influence():
    g = Game(3)
    g.gang(0, [101])
    g.gangster_river([152, 121, 131, 141, 151])
    money(g, 0, 8)
    vp = g.p(0, P_VP)
    g.turn(0)
    g.act(A_RECRUIT + 0)
    assert g.gang_ids(0) == [101, 152]
    assert g.p(0, P_MONEY) == 8 - cost(152)
    assert g.p(0, P_VP) == vp + influence(152) and g.p(0, P_VP_SRC + V_GANGSTERS) == influence(152)
    assert g.p(0, P_ENGAGED, 1) == 0 and g.p(0, P_RECRUITED) == 1
    assert g.s[G_ACTIVE] == 1  # one action, then the next seat


def test_recruit_needs_the_cost_in_hand():
    g = Game(3)
    g.gang(0, [101])
    g.gangster_river([152, 121, 131, 141, 151])
    money(g, 0, cost(152) - 1)
    g.turn(0)
    assert A_RECRUIT + 0 not in g.legal() and A_RECRUIT + 1 in g.legal()
    money(g, 0, cost(152))
    assert A_RECRUIT + 0 in g.legal()


# ---------------------------------------------------------------- pass


def test_pass_pays_one_dollar_per_leader_skill():
    g = Game(3, k=params(pass__may_discard=0))
    g.gang(0, [101, 122, 116], engaged=[1, 0, 1])  # three leader skills, engaged or not
    money(g, 0, 0)
    g.turn(0)
    g.act(A_PASS)
    assert g.p(0, P_MONEY) == 3


def test_a_learned_leader_skill_counts_when_passing():
    g = Game(3, k=params(pass__may_discard=0))
    g.gang(0, [101, 121], learned=[None, "leader"])
    money(g, 0, 0)
    g.turn(0)
    g.act(A_PASS)
    assert g.p(0, P_MONEY) == 2


def test_minimum_two_dollars_when_passing_is_an_option():
    for knob, paid in ((0, 1), (2, 2)):
        g = Game(3, k=params(pass__may_discard=0, pass__min_money=knob))
        g.gang(0, [103])
        money(g, 0, 0)
        g.turn(0)
        g.act(A_PASS)
        assert g.p(0, P_MONEY) == paid


def test_after_passing_a_player_may_discard_one_face_up_card():
    g = Game(3)
    g.gang(0, [101])
    g.heists([201, 202, 203, 204, 205])
    g.turn(0)
    g.act(A_PASS)
    assert g.s[G_PHASE] == PH_PASS_DISCARD
    assert A_DISCARD_SKIP in g.legal()
    g.act(A_DISCARD_HEIST + 1)
    assert g.s[G_HDISCARD_N] == 1 and g.s[G_HDISCARD] == heist(202)
    assert heist(202) not in [int(x) for x in g.s[G_HRIVER : G_HRIVER + RIVER]]
    assert all(g.s[G_HRIVER + r] >= 0 for r in range(RIVER))  # refilled at the end of the turn


def test_no_discard_after_passing_when_the_knob_is_off():
    g = Game(3, k=params(pass__may_discard=0))
    g.turn(0)
    g.act(A_PASS)
    assert g.s[G_ACTIVE] == 1


# ---------------------------------------------------------------- market refill


def test_market_refills_to_five_after_each_turn():
    g = Game(3)
    g.gangster_river([152, 121, 131, 141, 151])
    money(g, 0, 10)
    g.turn(0)
    g.act(A_RECRUIT + 2)
    river = [int(x) for x in g.s[G_GRIVER : G_GRIVER + RIVER]]
    assert all(c >= 0 for c in river) and card(131) not in river
    assert g.p(0, P_GANG_N) == 2


def test_an_empty_recruiting_deck_takes_back_its_shuffled_discards():
    g = Game(3)
    s = g.s
    n = int(s[G_GDECK_N])
    s[G_GDISCARD : G_GDISCARD + n] = s[G_GDECK : G_GDECK + n]
    s[G_GDISCARD_N] = n
    s[G_GDECK_N] = 0
    money(g, 0, 10)
    g.turn(0)
    g.act(A_RECRUIT + 0)
    assert all(s[G_GRIVER + r] >= 0 for r in range(RIVER))
    assert s[G_GDISCARD_N] == 0 and s[G_GDECK_N] == n - 1 and s[G_SHUFFLES] == 1


def test_an_empty_heist_deck_takes_back_the_chapters_discarded_heists():
    g = Game(3, k=params(pass__may_discard=1))
    s = g.s
    n = int(s[G_HDECK_N])
    s[G_HDECK_N] = 0
    g.turn(0)
    g.act(A_PASS)
    g.act(A_DISCARD_HEIST + 0)  # the only discard: it comes straight back
    assert s[G_HDISCARD_N] == 0 and s[G_HDECK_N] == 0 and n > 0
    assert all(s[G_HRIVER + r] >= 0 for r in range(RIVER))
