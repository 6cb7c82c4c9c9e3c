"""The end (a player's 9th hire in the last chapter, or its third snitch), scoring and the tiebreak (seed 002, S1)."""

import numpy as np

from sim.games.gangsta import rules
from sim.games.gangsta.actions import A_PASS, A_RECRUIT
from sim.games.gangsta.layout import (
    E_GANG_SIZE,
    E_NO_CARDS,
    E_SNITCHES,
    G_CHAPTER,
    G_END_TRIGGER,
    G_GDECK_N,
    G_HDECK_N,
    G_HEIST_OWNER,
    G_HRIVER,
    G_PHASE,
    G_SNITCHES,
    P_GANG_N,
    P_HEISTS_DONE,
    P_MONEY,
    P_SKILLS,
    P_VP,
    P_VP_SRC,
    PH_GAME_OVER,
    PH_LOSE,
    RIVER,
    SKILLS,
    V_GANGSTERS,
    V_HEISTS,
    V_MOST_GANGSTERS,
    V_MOST_MONEY,
)
from sim.games.gangsta.params import K_PASS_MIN
from sim.games.gangsta.tables import D_HEIST, D_N_HEISTS, H_CHAPTER, H_INFLUENCE, H_SNITCH, H_SNITCH_BGA, HEIST_STRIDE

from .scenario import D, Game, influence, params, pb

NO_DISCARD = {"pass__may_discard": 0}
NINE = [101, 111, 112, 113, 114, 115, 116, 117, 121]  # the boss and eight recruits


def set_money(g, seat, value):
    g.s[pb(seat) + P_MONEY] = value


def recruit_from(g, seat, gang, card=152, hired=None):
    g.gang(seat, gang, hired=hired)
    hire(g, seat, card)


def hire(g, seat, card):
    g.gangster_river([card, 131, 132, 133, 134])
    set_money(g, seat, 20)
    g.turn(seat)
    g.act(A_RECRUIT + 0)


def test_game_ends_when_a_player_hires_their_ninth_gangster_in_the_last_chapter():
    # seed 002: "プレイヤーが9人目のギャングスタを雇用する ... と、ゲームが終了します"
    g = Game(3)
    g.s[G_CHAPTER] = 3
    recruit_from(g, 0, NINE[:8])  # the boss, seven hires, then the 8th
    assert g.s[G_PHASE] != PH_GAME_OVER
    hire(g, 0, 153)  # the 9th
    assert g.s[G_PHASE] == PH_GAME_OVER and g.s[G_END_TRIGGER] == E_GANG_SIZE
    assert g.p(0, P_GANG_N) == 10


def test_the_ninth_hire_ends_the_game_even_when_gangsters_were_lost():
    g = Game(3)
    g.s[G_CHAPTER] = 3
    recruit_from(g, 0, NINE[:6], hired=8)  # two of its eight hires were lost
    assert g.s[G_PHASE] == PH_GAME_OVER and g.p(0, P_GANG_N) == 7


def test_with_the_knobs_nine_means_the_gang_without_or_with_the_boss():
    for how, short in ((1, NINE[:-1]), (2, NINE[:-2])):  # 1: the gang now, boss excluded; 2: boss included (S1)
        g = Game(3, k=params(chapters__count=how))
        g.s[G_CHAPTER] = 3
        recruit_from(g, 0, short, hired=20)  # one gangster short, however many were hired
        assert g.s[G_PHASE] != PH_GAME_OVER, how
        g = Game(3, k=params(chapters__count=how))
        g.s[G_CHAPTER] = 3
        recruit_from(g, 0, NINE[: len(short) + 1], hired=0)
        assert g.s[G_PHASE] == PH_GAME_OVER, how


def test_nine_recruits_do_not_end_the_game_before_the_last_chapter():
    g = Game(3)
    g.s[G_CHAPTER] = 2
    g.gang(1, [103, 153])
    recruit_from(g, 0, NINE)
    assert g.s[G_PHASE] != PH_GAME_OVER


def pass_with_snitch(g, snitch_id, seat):
    from .scenario import heist

    g.heist_deck_top(3, [snitch_id])
    g.s[G_HRIVER + 0] = -1
    g.turn(seat)
    g.act(A_PASS)
    while g.s[G_PHASE] == PH_LOSE:
        g.act(min(g.legal()))
    return heist(snitch_id)


def test_game_ends_at_the_third_snitch_of_the_last_chapter():
    g = Game(3, k=params(**NO_DISCARD))
    g.s[G_CHAPTER] = 3
    g.heists([401, 402, 403, 404, 405])
    for i, snitch in enumerate((431, 432, 433)):
        assert g.s[G_PHASE] != PH_GAME_OVER
        for p in range(3):
            set_money(g, p, 10)
        pass_with_snitch(g, snitch, seat=i)
        assert g.s[G_SNITCHES] == i + 1
    assert g.s[G_PHASE] == PH_GAME_OVER and g.s[G_END_TRIGGER] == E_SNITCHES


def test_the_last_chapter_snitches_follow_the_seed_unless_the_bga_knob():
    values = sorted(
        int(D[D_HEIST + h * HEIST_STRIDE + H_SNITCH])
        for h in range(int(D[D_N_HEISTS]))
        if D[D_HEIST + h * HEIST_STRIDE + H_CHAPTER] == 3 and D[D_HEIST + h * HEIST_STRIDE + H_SNITCH]
    )
    bga = sorted(
        int(D[D_HEIST + h * HEIST_STRIDE + H_SNITCH_BGA])
        for h in range(int(D[D_N_HEISTS]))
        if D[D_HEIST + h * HEIST_STRIDE + H_CHAPTER] == 3 and D[D_HEIST + h * HEIST_STRIDE + H_SNITCH]
    )
    assert values == [2, 3, 3, 4, 4] and bga == [3, 3, 3, 4, 4]
    for knob, paid in ((0, 2), (1, 3)):
        g = Game(3, k=params(snitch__bga_values=knob, **NO_DISCARD))
        g.s[G_CHAPTER] = 3
        g.heists([401, 402, 403, 404, 405])
        g.gang(1, [101])
        set_money(g, 1, 5)
        pass_with_snitch(g, 431, seat=0)
        assert g.p(1, P_MONEY) == 5 - paid


def test_scoring_adds_gangster_and_heist_influence():
    """The final score: the gang's influence (gangsters.csv), the heists' (4 here), and most money and most
    gangsters: 2 VP alone, 1 each when shared (seed 002; gangsta knobs most/shared). Seat 1 ends with the most
    money alone (25 against seat 0's 20 less the hire and seat 2's 0); seat 0 has the most gangsters (10)."""
    for rival_money, most_money in ((0, 2), (25, 1)):  # seat 2 with nothing, then with as much as seat 1
        g = Game(3)
        g.s[G_CHAPTER] = 3
        g.gang(1, [102, 152, 117])
        g.s[pb(1) + P_VP_SRC + V_HEISTS] = 4
        g.s[pb(1) + P_VP] += 4
        set_money(g, 1, 25)
        set_money(g, 2, rival_money)
        recruit_from(g, 0, NINE)
        assert g.s[G_PHASE] == PH_GAME_OVER and g.p(0, P_MONEY) < 25
        assert g.p(1, P_VP_SRC + V_GANGSTERS) == influence(152) + influence(117)
        assert g.p(1, P_VP_SRC + V_MOST_MONEY) == most_money and g.p(1, P_VP_SRC + V_MOST_GANGSTERS) == 0
        assert g.p(0, P_VP_SRC + V_MOST_GANGSTERS) == 2 and g.p(2, P_VP_SRC + V_MOST_MONEY) == 2 - most_money
        assert g.p(1, P_VP) == influence(152) + influence(117) + 4 + most_money


def no_cards_left(chapter=2):
    """A game whose rivers and decks are empty: the next pass ends it (end trigger no_cards_left), so the
    scoring runs through the legal set. The passer gains its pass money (its leader skills, at least the
    knob's minimum) before the scoring."""
    g = Game(3, k=params(**NO_DISCARD))
    g.s[G_CHAPTER] = chapter
    g.heists([None] * RIVER)
    g.gangster_river([None] * RIVER)
    g.s[G_GDECK_N] = 0
    g.s[G_HDECK_N + chapter - 1] = 0
    return g


def end_by_passing(g, seat):
    g.turn(seat)
    g.act(A_PASS)
    assert g.s[G_PHASE] == PH_GAME_OVER and g.s[G_END_TRIGGER] == E_NO_CARDS


def pass_money(g, seat):
    return max(g.p(seat, P_SKILLS + SKILLS.index("leader")), int(g.k[K_PASS_MIN]))


def test_most_money_scores_two_alone_and_one_each_when_shared():
    g = no_cards_left()
    for p, m in enumerate((7, 3, 5)):
        set_money(g, p, m)
    assert 3 + pass_money(g, 1) < 5  # the passer stays last
    end_by_passing(g, 1)
    assert [g.p(p, P_VP_SRC + V_MOST_MONEY) for p in range(3)] == [2, 0, 0]
    g = no_cards_left()
    for p, m in enumerate((7, 7, 5)):
        set_money(g, p, m)
    assert 5 + pass_money(g, 2) < 7
    end_by_passing(g, 2)
    assert [g.p(p, P_VP_SRC + V_MOST_MONEY) for p in range(3)] == [1, 1, 0]
    g = no_cards_left()
    for p, m in enumerate((7, 5, 3)):
        set_money(g, p, m)
    set_money(g, 1, 7 - pass_money(g, 1))  # the pass money makes the tie
    end_by_passing(g, 1)
    assert [g.p(p, P_VP_SRC + V_MOST_MONEY) for p in range(3)] == [1, 1, 0]


def test_most_gangsters_scores_two_alone_and_one_each_when_shared():
    g = no_cards_left()
    g.gang(0, [101, 121, 131])
    g.gang(1, [102, 141])
    g.gang(2, [103, 151, 152])
    end_by_passing(g, 1)
    assert [g.p(p, P_VP_SRC + V_MOST_GANGSTERS) for p in range(3)] == [1, 0, 1]
    g = no_cards_left()
    g.gang(1, [102, 141])
    end_by_passing(g, 0)
    assert [g.p(p, P_VP_SRC + V_MOST_GANGSTERS) for p in range(3)] == [0, 2, 0]


def test_tiebreak_on_influence_is_the_larger_gang():
    g = no_cards_left()
    g.gang(0, [101, 121])
    g.gang(1, [102, 131, 141])
    g.gang(2, [103])
    money = 4
    for p in range(3):
        set_money(g, p, money)
    set_money(g, 2, money - pass_money(g, 2))  # after seat 2's pass all hold the same: most money +1 each
    # seat 1 alone has the most gangsters (+2): influence 10 for everyone after the scoring
    for p, before in enumerate((9, 7, 9)):
        heists = before - g.p(p, P_VP_SRC + V_GANGSTERS)  # the rest of the influence from heists
        assert heists >= 0
        g.s[pb(p) + P_VP_SRC + V_HEISTS] = heists
        g.s[pb(p) + P_VP] = before
    end_by_passing(g, 2)
    assert [g.p(p, P_VP) for p in range(3)] == [10, 10, 10]
    scores = np.zeros(4, np.int64)
    ranks = np.zeros(4, np.int64)
    winner = rules.final_scores(g.s, D, g.k, scores, ranks)
    assert winner == 1 and list(ranks[:3]) == [2, 1, 3]


def test_all_heists_are_counted_once():
    """The card set holds 93 heists, 30, 33 and 30 in chapters 1-3 (RULES.md, S1), and scoring counts the
    influence of each heist performed once, for its initiator: played through the legal set to the end,
    every seat's heist influence is the sum over the heists it owns, and its heists_done their number."""
    per_chapter = [0, 0, 0]
    for h in range(int(D[D_N_HEISTS])):
        if D[D_HEIST + h * HEIST_STRIDE + H_SNITCH] == 0:
            per_chapter[int(D[D_HEIST + h * HEIST_STRIDE + H_CHAPTER]) - 1] += 1
    assert per_chapter == [30, 33, 30]
    rng = np.random.default_rng(34)
    performed = 0
    for game in range(3):
        g = Game(3, seed=11, game=game)
        while g.s[G_PHASE] != PH_GAME_OVER:
            g.act(int(rng.choice(sorted(g.legal()))))
        owners = [int(g.s[G_HEIST_OWNER + h]) for h in range(int(D[D_N_HEISTS]))]
        for p in range(3):
            mine = [h for h, owner in enumerate(owners) if owner == p]
            influence = sum(int(D[D_HEIST + h * HEIST_STRIDE + H_INFLUENCE]) for h in mine)
            assert g.p(p, P_VP_SRC + V_HEISTS) == influence
            assert g.p(p, P_HEISTS_DONE) == len(mine)
            performed += len(mine)
    assert performed > 0  # the games did perform heists


def test_a_game_with_no_card_left_to_recruit_or_perform_is_scored():
    g = Game(2, k=params(**NO_DISCARD))
    s = g.s
    s[G_CHAPTER] = 2
    g.heists([None] * RIVER)
    g.gangster_river([None] * RIVER)
    s[G_GDECK_N] = 0
    s[G_HDECK_N + 1] = 0
    g.turn(0)
    g.act(A_PASS)
    assert g.s[G_PHASE] == PH_GAME_OVER and g.s[G_END_TRIGGER] == E_NO_CARDS
    assert g.p(0, P_VP_SRC + V_MOST_GANGSTERS) == 1
