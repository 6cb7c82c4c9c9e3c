"""Step 1, placement (seed 000 1.配置ステップ): 3 different areas or 2 in one, the president fee, no canal."""

import numpy as np
import pytest

from sim.games.yokohama.actions import A_PLACE, A_PLACE_DONE
from sim.games.yokohama.layout import (
    G_CUR,
    G_N_POS,
    G_PHASE,
    G_PLACE_N,
    K_BANK,
    K_CANAL,
    K_FISH,
    K_SILK,
    K_TEA,
    MAX_POS,
    P_ASSIST_HAND,
    P_MONEY,
    P_PRESIDENT,
    P_TECHS,
    PH_MOVE,
    PH_PLACE,
    Q_ASSIST,
    Q_KIND,
    T_NEWSPAPER,
    T_TELEGRAM,
)

from .scenario import (
    act,
    acts,
    adjacent,
    board_with,
    find_position,
    in_range,
    legal,
    new_game,
    not_canal,
    pb,
    qb,
    random_states,
    set_turn,
)


def placing(players=4):
    s = new_game(players)
    set_turn(s, 0, PH_PLACE)
    return s


def places(s):
    return in_range(legal(s), A_PLACE, MAX_POS)


def test_placing_where_another_president_stands_pays_that_player_one_yen():
    s = placing()
    (q,) = board_with(s, [K_BANK])
    s[pb(1) + P_PRESIDENT] = q
    money0, money1 = s[pb(0) + P_MONEY], s[pb(1) + P_MONEY]
    act(s, A_PLACE + q)
    assert s[qb(q) + Q_ASSIST + 0] == 1
    assert s[pb(0) + P_MONEY] == money0 - 1
    assert s[pb(1) + P_MONEY] == money1 + 1


def test_placing_pays_one_yen_to_each_president_in_the_area():
    s = placing()
    (q,) = board_with(s, [K_BANK])
    s[pb(1) + P_PRESIDENT] = q
    s[pb(2) + P_PRESIDENT] = q
    s[pb(0) + P_MONEY] = 5
    money = [int(s[pb(p) + P_MONEY]) for p in range(4)]
    act(s, A_PLACE + q)
    assert [s[pb(p) + P_MONEY] for p in range(4)] == [money[0] - 2, money[1] + 1, money[2] + 1, money[3]]


def test_each_assistant_placed_by_another_president_pays_again():
    s = placing()
    (q,) = board_with(s, [K_BANK])
    s[pb(1) + P_PRESIDENT] = q
    s[pb(0) + P_MONEY] = 5
    acts(s, A_PLACE + q, A_PLACE + q)
    assert s[qb(q) + Q_ASSIST + 0] == 2
    assert s[pb(0) + P_MONEY] == 5 - 2


def test_own_president_costs_nothing_to_place_beside():
    s = placing()
    (q,) = board_with(s, [K_BANK])
    s[pb(0) + P_PRESIDENT] = q
    money = s[pb(0) + P_MONEY]
    act(s, A_PLACE + q)
    assert s[pb(0) + P_MONEY] == money


def test_cannot_place_where_the_president_fee_cannot_be_paid():
    s = placing()
    (q,) = board_with(s, [K_BANK])
    s[pb(1) + P_PRESIDENT] = q
    s[pb(0) + P_MONEY] = 0
    assert q not in places(s)
    assert places(s) == set(not_canal(s)) - {q}


def test_cannot_place_on_the_canal():
    s = placing()
    canal = find_position(s, K_CANAL)
    assert canal not in places(s)
    assert places(s) == set(not_canal(s))


def test_assistants_go_into_three_different_areas():
    s = placing()
    a, b, c = board_with(s, [K_BANK, K_TEA, K_FISH])
    act(s, A_PLACE + a)
    act(s, A_PLACE + b)
    assert a not in places(s) and b not in places(s)  # neither a second in the same area
    assert c in places(s)
    act(s, A_PLACE + c)
    assert s[G_PHASE] == PH_MOVE  # three placed: nothing more to place
    assert [s[qb(q) + Q_ASSIST + 0] for q in (a, b, c)] == [1, 1, 1]
    assert s[pb(0) + P_ASSIST_HAND] == 8 - 3


def test_two_assistants_may_go_into_one_area_and_then_no_more():
    s = placing()
    a, b = board_with(s, [K_BANK, K_TEA])
    act(s, A_PLACE + a)
    assert a in places(s)  # the second may join the first
    act(s, A_PLACE + a)
    assert s[G_PHASE] == PH_MOVE
    assert s[qb(a) + Q_ASSIST + 0] == 2
    assert s[qb(b) + Q_ASSIST + 0] == 0


def test_after_two_different_areas_the_stack_is_no_longer_possible():
    s = placing()
    a, b, c = board_with(s, [K_BANK, K_TEA, K_SILK])
    acts(s, A_PLACE + a, A_PLACE + b)
    assert places(s) == set(not_canal(s)) - {a, b}


def test_fewer_assistants_may_be_placed():
    s = placing()
    a, b = board_with(s, [K_BANK, K_TEA])
    assert A_PLACE_DONE in legal(s)
    act(s, A_PLACE + a)
    assert A_PLACE_DONE in legal(s)
    act(s, A_PLACE_DONE)
    assert s[G_PHASE] == PH_MOVE
    assert s[pb(0) + P_ASSIST_HAND] == 8 - 1


def test_placing_none_at_all_is_allowed():
    s = placing()
    act(s, A_PLACE_DONE)
    assert s[G_PHASE] == PH_MOVE
    assert s[pb(0) + P_ASSIST_HAND] == 8


def test_no_assistant_can_be_placed_without_one_in_hand():
    s = placing()
    s[pb(0) + P_ASSIST_HAND] = 0
    assert legal(s) == {A_PLACE_DONE}
    s[pb(0) + P_ASSIST_HAND] = 1
    assert places(s) == set(not_canal(s))


def test_placing_the_last_assistant_in_hand_ends_placement():
    s = placing()
    (a,) = board_with(s, [K_BANK])
    s[pb(0) + P_ASSIST_HAND] = 1
    act(s, A_PLACE + a)
    assert s[G_PHASE] == PH_MOVE


# ---------------------------------------------------------------- against the rule written out again


def valid_placement(seq, newspaper, telegraph, s):
    """Is this sequence of positions (a prefix of) a legal placement: different areas (3, or 4 with the
    Newspaper), or two in one area and, with the Telegram, one more in an adjacent area?"""
    if len(seq) <= 1:
        return True
    if seq[0] == seq[1]:
        return len(seq) == 2 or (len(seq) == 3 and telegraph and adjacent(s, seq[0], seq[2]))
    return len(set(seq)) == len(seq) and len(seq) <= (4 if newspaper else 3)


@pytest.mark.parametrize("players", (2, 3, 4))
def test_placements_match_the_rule_over_random_positions(players):
    rng = np.random.default_rng(5)
    checked = 0
    for s in random_states(players, 6, 11, PH_PLACE):
        if s[G_PLACE_N] != 0:
            continue
        p = int(s[G_CUR])
        for techs in (0, 1 << T_NEWSPAPER, 1 << T_TELEGRAM, (1 << T_NEWSPAPER) | (1 << T_TELEGRAM)):
            t = s.copy()
            t[pb(p) + P_TECHS] |= techs
            owned = int(t[pb(p) + P_TECHS])
            newspaper, telegraph = bool(owned >> T_NEWSPAPER & 1), bool(owned >> T_TELEGRAM & 1)
            seq = []
            while t[G_PHASE] == PH_PLACE:
                fees = {q: sum(1 for o in range(players) if o != p and t[pb(o) + P_PRESIDENT] == q)
                        for q in range(t[G_N_POS])}  # fmt: skip
                in_hand, money = t[pb(p) + P_ASSIST_HAND] >= 1, t[pb(p) + P_MONEY]
                open_areas = [q for q in range(t[G_N_POS]) if t[qb(q) + Q_KIND] != K_CANAL]
                affordable = {q for q in open_areas if in_hand and money >= fees[q]}
                expected = {q for q in affordable if valid_placement(seq + [q], newspaper, telegraph, t)}
                assert places(t) == expected
                if not expected or rng.random() < 0.15:
                    act(t, A_PLACE_DONE)
                    break
                q = sorted(expected)[rng.integers(len(expected))]
                money = [int(t[pb(o) + P_MONEY]) for o in range(players)]
                act(t, A_PLACE + q)
                seq.append(q)
                for o in range(players):
                    paid = 1 if o != p and t[pb(o) + P_PRESIDENT] == q else 0
                    assert t[pb(o) + P_MONEY] == money[o] + (paid if o != p else -fees[q])
                checked += 1
            assert t[G_PHASE] == PH_MOVE
    assert checked > 100
