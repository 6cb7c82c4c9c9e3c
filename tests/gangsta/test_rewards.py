"""The extra rewards of a heist (seed 002 list; details from S1 misc/help.html): learn a skill, fast
recruit, play again, theft, diversion (tie up), assassination, rally (ready the gang)."""

from sim.games.gangsta.actions import (
    A_CREW,
    A_CREW_DONE,
    A_DIVERT,
    A_DIVERT_DONE,
    A_FAST_RECRUIT,
    A_FAST_SKIP,
    A_HEIST,
    A_LEARN,
    A_LEARN_SKIP,
    A_LOSE,
    A_MARK,
    A_MARK_SKIP,
    A_STEAL,
    A_STEAL_SKIP,
)
from sim.games.gangsta.layout import (
    G_ACTIVE,
    G_CHAPTER,
    G_CUR,
    G_PHASE,
    G_REPLAY,
    MAX_GANG,
    P_ENGAGED,
    P_GANG_N,
    P_LEARNED,
    P_LOST,
    P_MONEY,
    P_SKILLS,
    P_VP,
    PH_ASSASSINATION,
    PH_DIVERSION,
    PH_FAST_RECRUIT,
    PH_LEARN,
    PH_LOSE,
    PH_MOBILISE,
    PH_THEFT,
    SK_LEADER,
)
from sim.games.gangsta.tables import H_CASH, H_THEFT

from .scenario import Game, cost, heist_field, influence, pb


def crew(seat, slot):
    return A_CREW + seat * MAX_GANG + slot


def set_money(g, seat, value):
    g.s[pb(seat) + P_MONEY] = value


def perform(g, seat, slot, members):
    g.turn(seat)
    g.act(A_HEIST + slot)
    for q, i in members:
        g.act(crew(q, i))
    g.act(A_CREW_DONE)


def test_learn_skill_reward_teaches_a_gangster_of_the_crew():
    g = Game(3)
    g.heists([215, 201, 202, 203, 204])  # 215: mercenary; learn leader
    g.gang(0, [101, 152, 121])
    perform(g, 0, 0, [(0, 1)])
    assert g.s[G_PHASE] == PH_LEARN
    assert g.legal() == {A_LEARN + 1, A_LEARN_SKIP}  # only the crew member
    leaders = g.p(0, P_SKILLS + SK_LEADER)
    g.act(A_LEARN + 1)
    assert g.p(0, P_LEARNED, 1) == SK_LEADER and g.p(0, P_SKILLS + SK_LEADER) == leaders + 1
    assert g.s[G_ACTIVE] == 1


def test_a_gangster_learns_at_most_one_skill():
    g = Game(3)
    g.heists([215, 201, 202, 203, 204])
    g.gang(0, [101, 152], learned=[None, "sniper"])
    perform(g, 0, 0, [(0, 1)])
    assert g.s[G_ACTIVE] == 1  # no one could learn: the reward is lost


def test_a_leader_cannot_learn_a_second_leader_skill():
    g = Game(3)
    g.heists([215, 201, 202, 203, 204])
    g.gang(0, [101, 116])  # 116: leader, mercenary, hacker
    perform(g, 0, 0, [(0, 1)])
    assert g.s[G_ACTIVE] == 1


def test_fast_recruit_reward_recruits_one_more_gangster_paying_its_cost():
    g = Game(3)
    g.heists([207, 201, 202, 203, 204])  # 207: informant + hacker; fast recruit
    g.gang(0, [101, 114])
    g.gangster_river([152, 121, 131, 141, 151])
    set_money(g, 0, 3)
    perform(g, 0, 0, [(0, 1)])
    money = 3 + heist_field(207, H_CASH)
    assert g.s[G_PHASE] == PH_FAST_RECRUIT
    assert A_FAST_SKIP in g.legal() and (A_FAST_RECRUIT + 0 in g.legal()) == (money >= cost(152))
    g.act(A_FAST_RECRUIT + 1)
    assert g.gang_ids(0) == [101, 114, 121] and g.p(0, P_MONEY) == money - cost(121)


def test_play_again_reward_gives_a_full_extra_turn():
    g = Game(3)
    g.s[G_CHAPTER] = 2
    g.heists([314, 301, 302, 303, 304])  # 314: leader x2, mercenary, informant; play again
    g.gang(0, [103, 146, 121])  # 146: leader, informant
    set_money(g, 0, 5)
    perform(g, 0, 0, [(0, 0), (0, 1)])
    assert g.s[G_ACTIVE] == 0 and g.s[G_REPLAY] == 1
    assert g.s[G_PHASE] == PH_MOBILISE  # the extra turn starts with the gang mobilisation


def test_play_again_never_twice_in_a_row():
    g = Game(3)
    g.s[G_CHAPTER] = 2
    g.heists([323, 301, 302, 303, 304])  # 323: leader, sniper x2; play again
    g.gang(0, [101, 121, 131])
    g.s[G_REPLAY] = 1  # this turn is already an extra turn
    perform(g, 0, 0, [(0, 0), (0, 1)])
    assert g.s[G_ACTIVE] == 1 and g.s[G_REPLAY] == 0


def test_theft_takes_up_to_its_amount_from_one_opponent():
    g = Game(3)
    g.s[G_CHAPTER] = 2
    g.heists([318, 301, 302, 303, 304])  # 318: sniper, brawler x2; theft 2
    g.gang(0, [101, 123])
    set_money(g, 0, 0)
    set_money(g, 1, 1)
    set_money(g, 2, 0)
    perform(g, 0, 0, [(0, 0), (0, 1)])
    assert g.s[G_PHASE] == PH_THEFT and g.legal() == {A_STEAL + 1, A_STEAL_SKIP}
    g.act(A_STEAL + 1)
    assert g.p(0, P_MONEY) == heist_field(318, H_CASH) + 1 and g.p(1, P_MONEY) == 0
    assert heist_field(318, H_THEFT) == 2


def test_theft_is_capped_at_its_amount():
    g = Game(3)
    g.s[G_CHAPTER] = 2
    g.heists([318, 301, 302, 303, 304])
    g.gang(0, [101, 123])
    set_money(g, 0, 0)
    set_money(g, 2, 9)
    perform(g, 0, 0, [(0, 0), (0, 1)])
    g.act(A_STEAL + 2)
    assert g.p(2, P_MONEY) == 9 - heist_field(318, H_THEFT)


def test_diversion_engages_up_to_its_amount_of_opponent_gangsters():
    g = Game(3)
    g.s[G_CHAPTER] = 2
    g.heists([311, 301, 302, 303, 304])  # 311: mercenary x2, brawler; diversion 2
    g.gang(0, [102, 153])
    g.gang(1, [105, 121, 131])
    g.gang(2, [101, 141], engaged=[1, 0])
    perform(g, 0, 0, [(0, 0), (0, 1)])
    assert g.s[G_PHASE] == PH_DIVERSION
    options = {A_DIVERT + 1 * MAX_GANG + i for i in range(3)} | {A_DIVERT + 2 * MAX_GANG + 1, A_DIVERT_DONE}
    assert g.legal() == options
    g.act(A_DIVERT + 1 * MAX_GANG + 0)
    g.act(A_DIVERT + 2 * MAX_GANG + 1)
    assert g.s[G_ACTIVE] == 1  # two engaged: the reward is used up
    assert g.p(1, P_ENGAGED, 0) == 1 and g.p(2, P_ENGAGED, 1) == 1 and g.p(1, P_ENGAGED, 1) == 0


def test_assassination_discards_a_two_skill_gangster_chosen_by_its_owner():
    g = Game(3)
    g.s[G_CHAPTER] = 3
    g.heists([418, 401, 402, 403, 404])  # 418: sniper, brawler x2; assassination
    g.gang(0, [101, 123])
    g.gang(1, [105, 111, 121, 116, 112])  # two-skill gangsters: 111 and 112
    g.gang(2, [102, 151])  # 151: one skill
    vp = g.p(1, P_VP)
    perform(g, 0, 0, [(0, 0), (0, 1)])
    assert g.s[G_PHASE] == PH_ASSASSINATION and g.legal() == {A_MARK + 1, A_MARK_SKIP}
    g.act(A_MARK + 1)
    assert g.s[G_PHASE] == PH_LOSE and g.s[G_CUR] == 1
    assert g.legal() == {A_LOSE + 1, A_LOSE + 4}
    g.act(A_LOSE + 4)
    assert g.gang_ids(1) == [105, 111, 121, 116]
    assert g.p(1, P_VP) == vp - influence(112) and g.p(1, P_LOST) == 1
    assert g.s[G_ACTIVE] == 1 and g.s[G_CUR] == 1


def test_assassination_never_targets_a_boss():
    g = Game(2)
    g.s[G_CHAPTER] = 3
    g.heists([418, 401, 402, 403, 404])
    g.gang(0, [101, 123])
    g.gang(1, [105, 121])  # a two-skill boss and a one-skill gangster
    perform(g, 0, 0, [(0, 0), (0, 1)])
    assert g.s[G_ACTIVE] == 1 and g.p(1, P_GANG_N) == 2


def test_rally_makes_the_whole_gang_available():
    g = Game(3)
    g.s[G_CHAPTER] = 3
    g.heists([402, 401, 403, 404, 405])  # 402: mercenary, informant, sniper x2; rally
    g.gang(0, [101, 126, 134, 131], engaged=[0, 0, 0, 1])  # 126: mercenary x2, informant; 134: sniper x2
    perform(g, 0, 0, [(0, 1), (0, 2)])
    assert all(g.p(0, P_ENGAGED, i) == 0 for i in range(4))


def test_theft_and_rally_on_one_heist_both_apply():
    g = Game(3)
    g.s[G_CHAPTER] = 3
    g.heists([429, 401, 402, 403, 404])  # 429: leader x2, mercenary, informant; theft 3, rally
    g.gang(0, [103, 146])
    set_money(g, 1, 5)
    perform(g, 0, 0, [(0, 0), (0, 1)])
    assert g.s[G_PHASE] == PH_THEFT
    assert all(g.p(0, P_ENGAGED, i) == 0 for i in range(2))
    g.act(A_STEAL + 1)
    assert g.p(1, P_MONEY) == 2
