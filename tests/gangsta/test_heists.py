"""Heists: choose a face-up heist, then a crew of available gangsters that each bring a missing skill;
cooperative heists from chapter 2 may take other players' available gangsters (seed 002)."""

from sim.games.gangsta.actions import A_CREW, A_HEIST
from sim.games.gangsta.layout import (
    G_ACTIVE,
    G_CHAPTER,
    G_HEIST_OWNER,
    G_HRIVER,
    G_MISSING,
    G_PHASE,
    MAX_GANG,
    P_COOP_JOINED,
    P_ENGAGED,
    P_HEISTS_DONE,
    P_MONEY,
    P_VP,
    P_VP_SRC,
    PH_CREW,
    RIVER,
    V_HEISTS,
)
from sim.games.gangsta.tables import H_CASH, H_INFLUENCE

from .scenario import Game, coop_cash, heist, heist_field, params


def crew(seat, slot):
    return A_CREW + seat * MAX_GANG + slot


def chapter_two(g):
    g.s[G_CHAPTER] = 2


def test_heist_needs_every_required_skill_among_available_gangsters():
    g = Game(3)
    g.heists([202, 203, 204, 205, 206])  # 202: informant + sniper
    g.gang(0, [101])  # leader, sniper
    g.turn(0)
    assert A_HEIST + 0 not in g.legal()
    g.gang(0, [101, 141])  # + informant
    assert A_HEIST + 0 in g.legal()
    g.gang(0, [101, 141], engaged=[0, 1])
    assert A_HEIST + 0 not in g.legal()


def test_each_crew_gangster_must_bring_a_missing_skill():
    g = Game(3)
    g.heists([201, 202, 203, 204, 205])  # 201: leader + mercenary
    g.gang(0, [101, 121, 152])  # leader+sniper, sniper, mercenary
    g.turn(0)
    g.act(A_HEIST + 0)
    assert g.s[G_PHASE] == PH_CREW
    assert g.legal() == {crew(0, 0), crew(0, 2)}
    g.act(crew(0, 0))
    assert g.legal() == {crew(0, 2)}  # the leader is no longer missing; the sniper never was


def test_heist_pays_cash_and_influence_and_engages_the_crew():
    g = Game(3)
    g.heists([202, 203, 204, 205, 206])
    g.gang(0, [101, 141, 131])
    money = g.p(0, P_MONEY)
    vp = g.p(0, P_VP)
    g.turn(0)
    g.act(A_HEIST + 0)
    g.act(crew(0, 0))
    g.act(crew(0, 1))
    assert g.p(0, P_MONEY) == money + heist_field(202, H_CASH)
    assert g.p(0, P_VP) == vp + heist_field(202, H_INFLUENCE)
    assert g.p(0, P_VP_SRC + V_HEISTS) == heist_field(202, H_INFLUENCE)
    assert [g.p(0, P_ENGAGED, i) for i in range(3)] == [1, 1, 0]
    assert g.s[G_HEIST_OWNER + heist(202)] == 0 and g.p(0, P_HEISTS_DONE) == 1
    assert heist(202) not in [int(x) for x in g.s[G_HRIVER : G_HRIVER + RIVER]]
    assert g.s[G_ACTIVE] == 1


def test_a_learned_skill_counts_for_a_heist():
    g = Game(3)
    g.heists([202, 203, 204, 205, 206])
    g.gang(0, [101, 131], learned=[None, "informant"])
    g.turn(0)
    g.act(A_HEIST + 0)
    g.act(crew(0, 1))
    assert g.s[G_MISSING + 3] == 1  # the sniper is still missing


def test_engaged_gangsters_cannot_join_a_heist():
    g = Game(3)
    g.heists([201, 202, 203, 204, 205])
    g.gang(0, [103, 152], engaged=[0, 1])
    g.turn(0)
    g.act(A_HEIST + 0)
    assert g.legal() == {crew(0, 0)}


def test_cooperative_heist_may_use_other_players_available_gangsters():
    g = Game(3)
    chapter_two(g)
    g.heists([303, 301, 302, 304, 306])  # 303 (coop): leader, mercenary, informant, sniper
    g.gang(0, [103])  # leader, mercenary
    g.gang(1, [105, 121])  # leader, informant; sniper
    g.gang(2, [101, 141], engaged=[0, 1])
    g.turn(0)
    assert A_HEIST + 0 in g.legal()
    g.act(A_HEIST + 0)
    assert g.legal() == {crew(0, 0)}  # the initiator's gangster starts the crew
    g.act(crew(0, 0))
    assert g.legal() == {crew(1, 0), crew(1, 1), crew(2, 0)}
    g.act(crew(1, 0))
    g.act(crew(2, 0))
    assert g.s[G_HEIST_OWNER + heist(303)] == 0
    assert [g.p(1, P_ENGAGED, i) for i in range(2)] == [1, 0] and g.p(2, P_ENGAGED, 0) == 1


def test_cooperative_reward_goes_to_every_player_with_a_gangster_in_the_heist():
    g = Game(4)
    chapter_two(g)
    g.heists([303, 301, 302, 304, 306])
    g.gang(0, [103])
    g.gang(1, [105])
    g.gang(2, [101])
    g.gang(3, [102, 121])
    before = [g.p(p, P_MONEY) for p in range(4)]
    vp1 = g.p(1, P_VP)
    g.turn(0)
    g.act(A_HEIST + 0)
    g.act(crew(0, 0))
    g.act(crew(1, 0))
    g.act(crew(2, 0))
    cc = coop_cash(303)
    assert [g.p(p, P_MONEY) - before[p] for p in range(4)] == [cc + heist_field(303, H_CASH), cc, cc, 0]
    assert g.p(1, P_VP) == vp1  # the heist's influence is the initiator's
    assert [g.p(p, P_COOP_JOINED) for p in range(4)] == [1, 1, 1, 0]


def test_a_cooperative_heist_done_alone_pays_the_co_op_reward_unless_the_bga_reading():
    for knob, paid in ((1, coop_cash(303)), (0, 0)):
        g = Game(3, k=params(coop__solo_reward=knob))
        chapter_two(g)
        g.heists([303, 301, 302, 304, 306])
        g.gang(0, [103, 105, 121])
        money = g.p(0, P_MONEY)
        g.turn(0)
        g.act(A_HEIST + 0)
        g.act(crew(0, 0))
        g.act(crew(0, 1))
        g.act(crew(0, 2))
        assert g.p(0, P_MONEY) == money + heist_field(303, H_CASH) + paid


def test_a_non_cooperative_heist_uses_only_own_gangsters():
    g = Game(3)
    chapter_two(g)
    g.heists([302, 301, 303, 304, 306])  # 302: mercenary x2, informant (not cooperative)
    g.gang(0, [103, 141])
    g.gang(1, [105, 152])
    g.turn(0)
    assert A_HEIST + 0 not in g.legal()  # the second mercenary is only in another gang
    g.gang(0, [103, 141, 152])
    g.gang(1, [105, 153])
    g.turn(0)
    g.act(A_HEIST + 0)
    g.act(crew(0, 0))
    assert all(a < A_CREW + MAX_GANG for a in g.legal())
