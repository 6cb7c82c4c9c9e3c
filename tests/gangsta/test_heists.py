"""Heists: choose a face-up heist, then a crew of available gangsters that each have one of its required
skills, and perform it once nothing is missing; cooperative heists from chapter 2 may take other players'
available gangsters (seed 002)."""

from sim.games.gangsta.actions import A_CREW, A_CREW_DONE, A_HEIST, A_LEARN, A_LEARN_SKIP
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
    PH_ACTION,
    PH_CREW,
    PH_LEARN,
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


def test_any_available_gangster_with_one_of_the_heists_required_skills_may_join_the_crew():
    # seed 002: "強盗を実行するために必要なスキルが少なくとも1つは持っているギャングスタを選択できます"
    g = Game(3)
    g.heists([201, 202, 203, 204, 205])  # 201: leader + mercenary
    g.gang(0, [101, 146, 152, 121])  # leader+sniper, leader+informant, mercenary, sniper
    g.turn(0)
    g.act(A_HEIST + 0)
    assert g.s[G_PHASE] == PH_CREW
    assert g.legal() == {crew(0, 0), crew(0, 1), crew(0, 2)}  # the sniper has no skill the heist needs
    g.act(crew(0, 0))
    assert g.legal() == {crew(0, 1), crew(0, 2)}  # 146's leader skill is no longer missing, still required


def test_once_nothing_is_missing_the_player_may_add_gangsters_or_perform_the_heist():
    # seed 002: the player chooses the crew; "強盗に必要なスキルがすべて満たされると" the crew is engaged and paid
    g = Game(3)
    g.heists([201, 202, 203, 204, 205])
    g.gang(0, [101, 146, 152, 121])
    money = g.p(0, P_MONEY)
    g.turn(0)
    g.act(A_HEIST + 0)
    g.act(crew(0, 0))
    assert A_CREW_DONE not in g.legal()  # the mercenary is still missing
    g.act(crew(0, 2))
    assert g.legal() == {A_CREW_DONE, crew(0, 1)}
    assert g.s[G_HEIST_OWNER + heist(201)] == -1  # not performed until the crew is closed
    g.act(crew(0, 1))
    assert g.legal() == {A_CREW_DONE}
    g.act(A_CREW_DONE)
    assert g.s[G_HEIST_OWNER + heist(201)] == 0 and g.p(0, P_MONEY) == money + heist_field(201, H_CASH)
    assert [g.p(0, P_ENGAGED, i) for i in range(4)] == [1, 1, 1, 0]  # every member of the crew is engaged


def test_extra_crew_members_can_engage_the_whole_gang_which_then_synchronises():
    # seed 002: "プレイヤーのすべてのギャングスタが強盗に関与している場合 ... すべて利用可能になります"
    g = Game(3)
    g.heists([201, 202, 203, 204, 205])
    g.gang(0, [101, 146, 152])
    g.turn(0)
    g.act(A_HEIST + 0)
    for slot in (0, 2, 1):  # 146 (leader) joins although nothing is missing any more
        g.act(crew(0, slot))
    g.act(A_CREW_DONE)
    assert [g.p(0, P_ENGAGED, i) for i in range(3)] == [1, 1, 1]
    g.start(0)
    assert [g.p(0, P_ENGAGED, i) for i in range(3)] == [0, 0, 0] and g.s[G_PHASE] == PH_ACTION


def test_an_extra_crew_member_may_learn_the_heists_skill():
    g = Game(3)
    g.heists([215, 201, 202, 203, 204])  # 215: mercenary; learn leader
    g.gang(0, [101, 152, 153], learned=[None, "sniper", None])  # 152 has learned a skill already
    g.turn(0)
    g.act(A_HEIST + 0)
    g.act(crew(0, 1))
    g.act(crew(0, 2))  # an extra: 153's mercenary skills are no longer missing
    g.act(A_CREW_DONE)
    assert g.s[G_PHASE] == PH_LEARN and g.legal() == {A_LEARN + 2, A_LEARN_SKIP}


def test_a_partner_added_to_a_complete_cooperative_crew_is_paid_the_co_op_reward():
    # seed 002: "少なくとも1人のギャングスタが強盗に参加している各プレイヤーは、協力報酬(開始者を含む)を獲得します"
    g = Game(3)
    chapter_two(g)
    g.heists([303, 301, 302, 304, 306])  # 303 (coop): leader, mercenary, informant, sniper
    g.gang(0, [103, 146, 121])  # everything the heist needs
    g.gang(1, [105, 131])  # leader, informant; brawler
    g.gang(2, [104])  # leader, hacker
    before = [g.p(p, P_MONEY) for p in range(3)]
    g.turn(0)
    g.act(A_HEIST + 0)
    for slot in range(3):
        g.act(crew(0, slot))
    assert g.legal() == {A_CREW_DONE, crew(1, 0), crew(2, 0)}  # both bosses have a leader skill
    g.act(crew(1, 0))
    g.act(A_CREW_DONE)
    cc = coop_cash(303)
    assert [g.p(p, P_MONEY) - before[p] for p in range(3)] == [cc + heist_field(303, H_CASH), cc, 0]
    assert g.p(1, P_ENGAGED, 0) == 1 and [g.p(p, P_COOP_JOINED) for p in range(3)] == [1, 1, 0]


def test_with_the_knob_each_crew_gangster_must_bring_a_missing_skill_and_the_heist_is_performed_at_once():
    g = Game(3, k=params(heist__crew_brings_missing=1))
    g.heists([201, 202, 203, 204, 205])  # 201: leader + mercenary
    g.gang(0, [101, 146, 152, 121])
    g.turn(0)
    g.act(A_HEIST + 0)
    assert g.legal() == {crew(0, 0), crew(0, 1), crew(0, 2)}
    g.act(crew(0, 0))
    assert g.legal() == {crew(0, 2)}  # the leader is no longer missing; the sniper never was
    g.act(crew(0, 2))
    assert g.s[G_HEIST_OWNER + heist(201)] == 0 and g.s[G_ACTIVE] == 1
    assert [g.p(0, P_ENGAGED, i) for i in range(4)] == [1, 0, 1, 0]


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
    assert g.legal() == {A_CREW_DONE}  # 131 (brawler) has no skill the heist needs
    g.act(A_CREW_DONE)
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
    assert g.legal() == {A_CREW_DONE, crew(1, 1)}
    g.act(A_CREW_DONE)
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
    g.act(A_CREW_DONE)
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
        g.act(A_CREW_DONE)
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
