"""Step 2, movement (seed 000 2.移動ステップ): from hand, walking through own assistants, other presidents,
the canal, never back; or the president returns to hand and assistants are recalled."""

import numpy as np
import pytest

from sim.games.yokohama import rules
from sim.games.yokohama.actions import A_MOVE, A_RECALL, A_RECALL_DONE, A_RETURN
from sim.games.yokohama.layout import (
    G_ACT_POS,
    G_CUR,
    G_N_POS,
    G_PHASE,
    G_PLAYERS,
    G_STATION,
    K_BANK,
    K_CANAL,
    K_FISH,
    K_SILK,
    K_TEA,
    MAX_POS,
    NONE,
    P_ASSIST_HAND,
    P_MONEY,
    P_PRESIDENT,
    P_TECHS,
    P_VP,
    PH_EXTRA_AFTER,
    PH_MOVE,
    PH_RECALL,
    Q_ASSIST,
    Q_KIND,
    Q_TH,
    T_POSTAL,
    T_STAGECOACH,
    T_STATION,
    T_TRAM,
)
from sim.games.yokohama.params import K_CANAL_FEE, K_PRESIDENT_FEE, K_TH_INCOME

from .scenario import (
    KNOBS,
    act,
    adjacent,
    board_with,
    canal_away,
    in_range,
    lay_out,
    legal,
    neighbours,
    new_game,
    pb,
    qb,
    random_states,
    set_turn,
)


def moving(players=4):
    s = new_game(players)
    set_turn(s, 0, PH_MOVE)
    return s


def moves(s):
    return in_range(legal(s), A_MOVE, MAX_POS)


def test_president_from_hand_goes_to_an_area_with_own_assistant_and_no_other_president():
    s = moving()
    a, b, c, d = board_with(s, [K_BANK, K_TEA, K_FISH, K_SILK])
    s[qb(a) + Q_ASSIST + 0] = 1
    s[qb(c) + Q_ASSIST + 0] = 1
    s[qb(d) + Q_ASSIST + 0] = 1
    s[pb(1) + P_PRESIDENT] = d
    s[qb(b) + Q_ASSIST + 1] = 1  # another seat's assistant does not open b
    assert moves(s) == {a, c}  # from hand: no walk, no adjacency needed


def test_president_from_hand_pays_nothing():
    s = moving()
    a, b, c = board_with(s, [K_TEA, K_BANK, K_FISH])
    s[qb(c) + Q_ASSIST + 0] = 1
    money = s[pb(0) + P_MONEY]
    act(s, A_MOVE + c)
    assert s[pb(0) + P_PRESIDENT] == c
    assert s[G_ACT_POS] == c
    assert s[pb(0) + P_MONEY] == money


def test_president_steps_only_through_areas_with_own_assistants():
    s = moving()
    a, b, c = board_with(s, [K_BANK, K_TEA, K_FISH])
    s[pb(0) + P_PRESIDENT] = a
    s[qb(a) + Q_ASSIST + 0] = 1
    s[qb(c) + Q_ASSIST + 0] = 1
    s[qb(b) + Q_ASSIST + 1] = 1  # another seat's assistant is no stepping stone
    assert c not in moves(s)
    assert moves(s) == set()
    s[qb(b) + Q_ASSIST + 0] = 1
    assert moves(s) == {b, c}


def test_president_walks_any_number_of_steps():
    s = moving()
    path = board_with(s, [K_BANK, K_TEA, K_FISH, K_SILK])
    s[pb(0) + P_PRESIDENT] = path[0]
    for q in path:
        s[qb(q) + Q_ASSIST + 0] = 1
    assert moves(s) == set(path[1:])
    act(s, A_MOVE + path[-1])
    assert s[pb(0) + P_PRESIDENT] == path[-1]


def test_president_cannot_return_to_the_area_it_left():
    s = moving()
    a, b = board_with(s, [K_BANK, K_TEA])
    s[pb(0) + P_PRESIDENT] = a
    s[qb(a) + Q_ASSIST + 0] = 2
    s[qb(b) + Q_ASSIST + 0] = 1
    assert a not in moves(s)  # staying put is no move, and walking a -> b -> a is not allowed either
    assert legal(s) == {A_MOVE + b, A_RETURN}


def test_president_cannot_stop_on_another_president():
    s = moving()
    a, b, c = board_with(s, [K_BANK, K_TEA, K_FISH])
    s[pb(0) + P_PRESIDENT] = a
    for q in (a, b, c):
        s[qb(q) + Q_ASSIST + 0] = 1
    s[pb(1) + P_PRESIDENT] = b
    assert b not in moves(s)
    assert c in moves(s)  # but it may pass through


def test_passing_another_president_costs_one_yen_each():
    s = moving()
    a, b, c = board_with(s, [K_BANK, K_TEA, K_FISH])
    s[pb(0) + P_PRESIDENT] = a
    for q in (a, b, c):
        s[qb(q) + Q_ASSIST + 0] = 1
    s[pb(1) + P_PRESIDENT] = b
    s[pb(2) + P_PRESIDENT] = b
    s[pb(0) + P_MONEY] = 5
    money = [int(s[pb(p) + P_MONEY]) for p in range(4)]
    act(s, A_MOVE + c)
    assert [s[pb(p) + P_MONEY] for p in range(4)] == [money[0] - 2, money[1] + 1, money[2] + 1, money[3]]


def test_passing_presidents_needs_the_money():
    s = moving()
    a, b, c = board_with(s, [K_BANK, K_TEA, K_FISH])
    s[pb(0) + P_PRESIDENT] = a
    for q in (a, b, c):
        s[qb(q) + Q_ASSIST + 0] = 1
    s[pb(1) + P_PRESIDENT] = b
    s[pb(2) + P_PRESIDENT] = b
    s[pb(0) + P_MONEY] = 1
    assert c not in moves(s)
    s[pb(0) + P_MONEY] = 2
    assert c in moves(s)


def test_canal_crossing_costs_one_yen():
    s = moving()
    a, canal, c = board_with(s, [K_BANK, K_CANAL, K_FISH])
    s[pb(0) + P_PRESIDENT] = a
    s[qb(a) + Q_ASSIST + 0] = 1
    s[qb(c) + Q_ASSIST + 0] = 1  # no assistant is needed (or possible) on the canal
    s[pb(0) + P_MONEY] = 3
    assert moves(s) == {c}  # the president cannot stop on the canal
    act(s, A_MOVE + c)
    assert s[pb(0) + P_MONEY] == 3 - 1


def test_canal_crossing_needs_the_money():
    s = moving()
    a, canal, c = board_with(s, [K_BANK, K_CANAL, K_FISH])
    s[pb(0) + P_PRESIDENT] = a
    s[qb(a) + Q_ASSIST + 0] = 1
    s[qb(c) + Q_ASSIST + 0] = 1
    s[pb(0) + P_MONEY] = int(KNOBS[K_CANAL_FEE]) - 1
    assert moves(s) == set()
    s[pb(0) + P_MONEY] = int(KNOBS[K_CANAL_FEE])
    assert moves(s) == {c}


def square(s):
    """Positions a, b, c, d with b and c each touching both a and d, and a not touching d."""
    n = int(s[G_N_POS])
    for a in range(n):
        for d in range(n):
            if d == a or adjacent(s, a, d):
                continue
            common = [x for x in neighbours(s, a) if adjacent(s, x, d)]
            if len(common) >= 2:
                b, c = common[:2]
                lay_out(s, {a: K_BANK, b: K_TEA, c: K_FISH, d: K_SILK})
                canal_away(s, [a, b, c, d])
                return a, b, c, d
    raise AssertionError("no square")


def test_president_takes_the_cheapest_way():
    s = moving()
    a, b, c, d = square(s)
    s[pb(0) + P_PRESIDENT] = a
    for q in (a, b, c, d):
        s[qb(q) + Q_ASSIST + 0] = 1
    s[pb(1) + P_PRESIDENT] = b  # the way through b costs 1, the way through c nothing
    money = [int(s[pb(p) + P_MONEY]) for p in range(4)]
    act(s, A_MOVE + d)
    assert [s[pb(p) + P_MONEY] for p in range(4)] == money


def test_president_must_move_or_return():
    s = moving()
    a, b = board_with(s, [K_BANK, K_TEA])
    s[pb(0) + P_PRESIDENT] = a
    s[qb(a) + Q_ASSIST + 0] = 1
    assert legal(s) == {A_RETURN}


def test_returning_the_president_skips_the_area_action_and_recalls_chosen_areas():
    s = moving()
    a, b, c = board_with(s, [K_BANK, K_TEA, K_FISH])
    s[pb(0) + P_PRESIDENT] = a
    s[qb(a) + Q_ASSIST + 0] = 2
    s[qb(b) + Q_ASSIST + 0] = 1
    s[qb(c) + Q_ASSIST + 0] = 3
    s[qb(c) + Q_ASSIST + 1] = 1
    hand, money, vp = s[pb(0) + P_ASSIST_HAND], s[pb(0) + P_MONEY], s[pb(0) + P_VP]
    act(s, A_RETURN)
    assert s[pb(0) + P_PRESIDENT] == NONE
    assert s[G_PHASE] == PH_RECALL
    assert legal(s) == {A_RECALL + a, A_RECALL + b, A_RECALL + c, A_RECALL_DONE}
    act(s, A_RECALL + a)
    act(s, A_RECALL + c)  # every own assistant of a chosen area comes back
    assert legal(s) == {A_RECALL + b, A_RECALL_DONE}
    act(s, A_RECALL_DONE)
    assert s[G_PHASE] == PH_EXTRA_AFTER
    assert s[pb(0) + P_ASSIST_HAND] == hand + 2 + 3
    assert [s[qb(q) + Q_ASSIST + 0] for q in (a, b, c)] == [0, 1, 0]
    assert s[qb(c) + Q_ASSIST + 1] == 1
    assert s[pb(0) + P_MONEY] == money and s[pb(0) + P_VP] == vp  # no area action


def test_recalling_is_optional():
    s = moving()
    a, b = board_with(s, [K_BANK, K_TEA])
    s[qb(b) + Q_ASSIST + 0] = 2
    act(s, A_RETURN)
    act(s, A_RECALL_DONE)
    assert s[qb(b) + Q_ASSIST + 0] == 2
    assert s[G_PHASE] == PH_EXTRA_AFTER


def test_canal_is_never_a_destination():
    s = moving()
    (canal,) = board_with(s, [K_CANAL])
    assert s[qb(canal) + Q_KIND] == K_CANAL
    assert canal not in moves(s)


# ---------------------------------------------------------------- against a brute-force walk


def reference_costs(s, k, p):
    """Cheapest yen to end the move at each position, by trying every simple walk (the rules as written)."""
    n_pos = int(s[G_N_POS])
    start = int(s[pb(p) + P_PRESIDENT])
    fee, canal_fee = int(k[K_PRESIDENT_FEE]), int(k[K_CANAL_FEE])
    techs = int(s[pb(p) + P_TECHS])
    stagecoach, postal, tram, station = ((techs >> t) & 1 for t in (T_STAGECOACH, T_POSTAL, T_TRAM, T_STATION))

    def others(q):
        return sum(1 for o in range(int(s[G_PLAYERS])) if o != p and s[pb(o) + P_PRESIDENT] == q)

    def canal(q):
        return s[qb(q) + Q_KIND] == K_CANAL

    def own(q):
        return s[qb(q) + Q_ASSIST + p] >= 1

    def stop(q):  # yen to end here, or None
        if canal(q) or not own(q):
            return None
        if others(q) == 0:
            return 0
        return fee * others(q) if postal else None

    best = {}

    def offer(q, c):
        if c is not None and c < best.get(q, 1 << 30):
            best[q] = c

    if start < 0:
        for q in range(n_pos):
            offer(q, stop(q))
    else:

        def walk(u, paid, seen):
            for v in range(n_pos):
                if not adjacent(s, u, v) or v in seen or not (own(v) or canal(v)):
                    continue
                c = stop(v)
                offer(v, None if c is None else paid + c)
                through = (canal_fee if canal(v) else 0) + (0 if stagecoach else fee * others(v))
                walk(v, paid + through, seen | {v})

        walk(start, 0, {start})
    if tram:
        for q in range(n_pos):
            if q != start and not canal(q) and others(q) == 0:
                best[q] = 0
    st = int(s[G_STATION])
    if station and st >= 0 and st != start:
        best[st] = 0
    return best


MOVEMENT_TECHS = (
    0, 1 << T_STAGECOACH, 1 << T_POSTAL, 1 << T_TRAM, 1 << T_STATION, (1 << T_STAGECOACH) | (1 << T_POSTAL),
    (1 << T_POSTAL) | (1 << T_STATION), (1 << T_POSTAL) | (1 << T_TRAM),
)  # fmt: skip


@pytest.mark.parametrize("players", (2, 3, 4))
def test_move_costs_match_a_brute_force_walk_over_random_positions(players):
    checked = 0
    for s in random_states(players, 12, 99, PH_MOVE):
        p = int(s[G_CUR])
        walkable = [q for q in range(s[G_N_POS]) if s[qb(q) + Q_ASSIST + p] or s[qb(q) + Q_KIND] == K_CANAL]
        if len(walkable) > 11:
            continue  # too many simple walks to try them all
        for techs in MOVEMENT_TECHS:
            t = s.copy()
            t[pb(p) + P_TECHS] |= techs
            if techs & (1 << T_STATION) and t[G_STATION] < 0:
                t[G_STATION] = next(q for q in range(t[G_N_POS]) if t[qb(q) + Q_KIND] != K_CANAL)
            best = reference_costs(t, KNOBS, p)
            cost = np.zeros(MAX_POS, np.int64)
            via = np.zeros(MAX_POS, np.int64)
            rules.move_costs(t, KNOBS, p, cost, via)
            found = {q: int(cost[q]) for q in range(t[G_N_POS]) if cost[q] < rules.UNREACHABLE}
            assert found == best
            money = int(t[pb(p) + P_MONEY])
            assert moves(t) == {q for q, c in best.items() if c <= money}
            for q in moves(t):  # the yen paid on the way is the cheapest cost
                if t[qb(q) + Q_KIND] == K_BANK:
                    continue  # the bank pays out in the same step
                u = t.copy()
                act(u, A_MOVE + q)
                spent = int(t[pb(p) + P_MONEY]) - int(u[pb(p) + P_MONEY])
                assert spent == best[q]
                others = [o for o in range(players) if o != p]
                to_others = sum(int(u[pb(o) + P_MONEY] - t[pb(o) + P_MONEY]) for o in others)
                to_others -= int(KNOBS[K_TH_INCOME]) if 0 <= t[qb(q) + Q_TH] != p else 0
                assert 0 <= spent - to_others <= int(KNOBS[K_CANAL_FEE])  # the rest went to the bank (canal)
            checked += 1
    assert checked > 50
