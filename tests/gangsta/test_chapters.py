"""Snitches, the three chapters, opportunity income and the gang war (seed 002; readings in RULES.md)."""

from sim.games.gangsta.actions import A_CREW, A_CREW_DONE, A_FAST_RECRUIT, A_HEIST, A_LOSE, A_PASS, A_RECRUIT
from sim.games.gangsta.layout import (
    G_ACTIVE,
    G_CHAPTER,
    G_CUR,
    G_HEIST_OWNER,
    G_HRIVER,
    G_OPENING,
    G_PHASE,
    G_SNITCHES,
    G_VICTIM,
    P_GANG_N,
    P_LOST,
    P_MONEY,
    PH_GAME_OVER,
    PH_LOSE,
    RIVER,
    SNITCH_OWNER,
)

from .scenario import Game, heist, params, pb, snitch_value

NO_DISCARD = {"pass__may_discard": 0}


def set_money(g, seat, value):
    g.s[pb(seat) + P_MONEY] = value


def reveal_snitch(g, snitch, chapter=2, seat=0):
    """Seat passes ($1 per leader skill); a gap in the heist river is refilled with the snitch on top."""
    g.s[G_CHAPTER] = chapter
    g.heist_deck_top(chapter, [snitch])
    g.s[G_HRIVER + 0] = -1
    g.turn(seat)
    g.act(A_PASS)


def river(g):
    return [int(h) for h in g.s[G_HRIVER : G_HRIVER + RIVER]]


# ---------------------------------------------------------------- snitches


def test_a_snitch_costs_a_dollar_per_informant_skill_on_it_less_one_per_informant_skill_of_the_gang():
    g = Game(3, k=params(**NO_DISCARD))
    g.heists([301, 302, 303, 304, 305])
    g.gang(0, [105])  # one informant (the boss)
    g.gang(1, [101])  # none
    g.gang(2, [102, 135, 141])  # three
    for p in range(3):
        set_money(g, p, 5)
    value = snitch_value(332)
    reveal_snitch(g, 332)
    assert g.p(0, P_MONEY) == 5 + 1 - (value - 1)
    assert g.p(1, P_MONEY) == 5 - value
    assert g.p(2, P_MONEY) == 5 - max(0, value - 3)
    assert g.s[G_HEIST_OWNER + heist(332)] == SNITCH_OWNER and g.s[G_SNITCHES] == 1


def test_a_revealed_snitch_is_replaced_in_the_river():
    g = Game(3, k=params(**NO_DISCARD))
    g.heists([301, 302, 303, 304, 305])
    reveal_snitch(g, 331)
    assert all(h >= 0 for h in river(g)) and heist(331) not in river(g)
    assert g.s[G_ACTIVE] == 1


def test_a_player_who_cannot_pay_a_snitch_loses_their_money_and_discards_a_gangster():
    g = Game(3, k=params(**NO_DISCARD))
    g.heists([301, 302, 303, 304, 305])
    g.gang(1, [101, 121, 131])
    set_money(g, 1, 1)
    reveal_snitch(g, 333)
    assert g.p(1, P_MONEY) == 0
    assert g.s[G_PHASE] == PH_LOSE and g.s[G_VICTIM] == 1 and g.s[G_CUR] == 1
    assert g.legal() == {A_LOSE + 1, A_LOSE + 2}
    g.act(A_LOSE + 2)
    assert g.gang_ids(1) == [101, 121] and g.p(1, P_LOST) == 1


def test_the_money_of_an_unpaid_snitch_is_kept_with_the_knob_off():
    g = Game(3, k=params(snitch__unpaid_takes_all=0, **NO_DISCARD))
    g.heists([301, 302, 303, 304, 305])
    g.gang(1, [101, 121])
    set_money(g, 1, 1)
    reveal_snitch(g, 333)
    assert g.p(1, P_MONEY) == 1 and g.s[G_PHASE] == PH_LOSE


def test_a_lone_boss_who_cannot_pay_a_snitch_loses_nothing():
    # seed 002: "ボスは、いかなる状況下でも破棄できません。彼が唯一のギャングスタである場合は何も起こりません"
    g = Game(3, k=params(**NO_DISCARD))
    g.heists([301, 302, 303, 304, 305])
    g.gang(1, [101])  # no informant skill: owes the snitch's full value
    set_money(g, 1, 1)
    reveal_snitch(g, 333)
    assert snitch_value(333) > 1
    assert g.p(1, P_MONEY) == 1 and g.p(1, P_GANG_N) == 1 and g.s[G_PHASE] != PH_LOSE


def test_with_the_knob_a_lone_boss_who_cannot_pay_loses_his_money():
    g = Game(3, k=params(snitch__lone_boss_pays=1, **NO_DISCARD))
    g.heists([301, 302, 303, 304, 305])
    g.gang(1, [101])
    set_money(g, 1, 1)
    reveal_snitch(g, 333)
    assert g.p(1, P_MONEY) == 0 and g.p(1, P_GANG_N) == 1 and g.s[G_PHASE] != PH_LOSE


def test_boss_is_never_discarded_by_a_snitch():
    g = Game(3, k=params(**NO_DISCARD))
    g.heists([301, 302, 303, 304, 305])
    g.gang(1, [101])  # the boss alone: nothing happens
    g.gang(2, [102, 121])
    set_money(g, 1, 0)
    set_money(g, 2, 0)
    reveal_snitch(g, 333)
    assert g.s[G_VICTIM] == 2 and g.legal() == {A_LOSE + 1}
    g.act(A_LOSE + 1)
    assert g.gang_ids(1) == [101] and g.gang_ids(2) == [102]


# ---------------------------------------------------------------- chapters


def reach(g, seat, gang, new_card=152):
    """Seat's gang is `gang`; it recruits `new_card` from river slot 0."""
    g.gang(seat, gang)
    fillers = [c for c in (121, 122, 131, 141, 151, 132, 133) if c not in gang and c != new_card]
    g.gangster_river([new_card] + fillers[: RIVER - 1])
    set_money(g, seat, 20)
    g.turn(seat)
    g.act(A_RECRUIT + 0)


def test_chapter_two_starts_when_a_player_hires_their_fourth_gangster():
    # seed 002: "ギャング抗争...1人のプレイヤーが4人目のギャングスタを雇用すると始まります";
    # the boss is dealt, not hired
    g = Game(3)
    opening = [int(h) for h in g.s[G_OPENING : G_OPENING + RIVER]]
    reach(g, 0, [101, 111, 112])  # the boss and a 3rd hire
    assert g.s[G_CHAPTER] == 1
    reach(g, 1, [102, 113, 114, 115])
    assert g.s[G_CHAPTER] == 2 and river(g) == opening and g.s[G_SNITCHES] == 0


def test_gangsters_lost_still_count_as_hired():
    g = Game(3)
    g.gang(0, [101, 111], hired=3)  # one of three hires was lost (a snitch)
    g.gangster_river([152, 121, 131, 141, 151])
    set_money(g, 0, 20)
    g.turn(0)
    g.act(A_RECRUIT + 0)
    assert g.s[G_CHAPTER] == 2 and g.p(0, P_GANG_N) == 3


def test_a_fast_recruit_is_a_hire():
    g = Game(3)
    g.heists([207, 201, 202, 203, 204])  # 207: informant + hacker; fast recruit
    g.gang(0, [101, 114, 112, 113])  # three hires
    g.gangster_river([121, 131, 141, 151, 152])
    set_money(g, 0, 9)
    g.turn(0)
    g.act(A_HEIST + 0)
    g.act(A_CREW + 1)
    g.act(A_CREW_DONE)
    assert g.s[G_CHAPTER] == 1
    g.act(A_FAST_RECRUIT + 0)
    assert g.s[G_CHAPTER] == 2


def test_with_the_knobs_the_thresholds_count_the_gang_without_or_with_the_boss():
    g = Game(3, k=params(chapters__count=1))  # the gang now, boss excluded
    g.gang(0, [101, 111], hired=3)
    g.gangster_river([152, 121, 131, 141, 151])
    set_money(g, 0, 20)
    g.turn(0)
    g.act(A_RECRUIT + 0)
    assert g.s[G_CHAPTER] == 1
    reach(g, 1, [102, 113, 114, 115])
    assert g.s[G_CHAPTER] == 2
    g = Game(3, k=params(chapters__count=2))  # the boss card counts (S1)
    reach(g, 0, [101, 111, 112])
    assert g.s[G_CHAPTER] == 2


def test_opportunity_income_pays_the_skill_gap_at_the_end_of_chapter_one():
    g = Game(3)
    g.gang(1, [102, 116])  # 2 + 3 skills
    g.gang(2, [103])  # 2 skills
    money = [g.p(p, P_MONEY) for p in range(3)]
    reach(g, 0, [101, 111, 112, 113])  # 2 + 2 + 2 + 2 + mercenary (152) = 9 skills
    assert g.s[G_CHAPTER] == 2
    assert g.p(1, P_MONEY) == money[1] + 9 - 5
    assert g.p(2, P_MONEY) == money[2] + 9 - 2


def test_chapter_three_starts_at_seven_recruits_after_the_gang_war():
    g = Game(3)
    g.s[G_CHAPTER] = 2
    g.gang(1, [102, 153, 117])  # four mercenary skills: the sole leader
    g.gang(2, [103])  # the boss alone: nothing to discard
    reach(g, 0, [101, 111, 112, 113, 114, 115, 122])  # one mercenary (111) + 152
    assert g.s[G_PHASE] == PH_LOSE and g.s[G_VICTIM] == 0 and g.s[G_CUR] == 0
    assert A_LOSE + 0 not in g.legal()
    g.act(A_LOSE + 1)
    assert g.s[G_CHAPTER] == 3 and g.p(0, P_GANG_N) == 7 and g.p(1, P_GANG_N) == 3
    assert g.s[G_SNITCHES] == 0 and g.s[G_ACTIVE] == 1


def test_gang_war_tie_for_the_most_mercenaries_makes_everyone_discard():
    g = Game(3)
    g.s[G_CHAPTER] = 2
    g.gang(1, [103, 121])  # one mercenary skill (the boss), as many as seat 0 will have
    g.gang(2, [102, 131])  # none
    reach(g, 0, [101, 112, 113, 114, 115, 122, 141])  # + 152: one mercenary
    victims = []
    while g.s[G_PHASE] == PH_LOSE:
        victims.append(int(g.s[G_VICTIM]))
        g.act(min(g.legal()))
    assert victims == [0, 1, 2]
    assert g.s[G_CHAPTER] == 3


def test_two_player_gang_war_double_lets_the_leader_choose_the_discard():
    g = Game(2)
    g.s[G_CHAPTER] = 2
    g.gang(1, [103, 121, 131])  # one mercenary skill
    reach(g, 0, [102, 153, 112, 113, 114, 115, 122])  # 153 + 152: three mercenaries, at least double
    assert g.s[G_PHASE] == PH_LOSE and g.s[G_VICTIM] == 1 and g.s[G_CUR] == 0
    g.act(A_LOSE + 2)
    assert g.gang_ids(1) == [103, 121]


def test_two_player_gang_war_without_double_lets_the_loser_choose():
    g = Game(2)
    g.s[G_CHAPTER] = 2
    g.gang(1, [103, 152, 131])  # two mercenary skills
    reach(g, 0, [102, 153, 111, 113, 114, 115, 122], new_card=121)  # three: not double
    assert g.s[G_VICTIM] == 1 and g.s[G_CUR] == 1


def test_snitches_before_the_last_chapter_do_not_end_the_game():
    g = Game(3, k=params(**NO_DISCARD))
    g.s[G_CHAPTER] = 2
    g.heists([301, 302, 303, 304, 305])
    for snitch in (331, 332, 333):
        reveal_snitch(g, snitch, seat=int(g.s[G_ACTIVE]))
        while g.s[G_PHASE] == PH_LOSE:
            g.act(min(g.legal()))
    assert g.s[G_SNITCHES] == 3 and g.s[G_PHASE] != PH_GAME_OVER
