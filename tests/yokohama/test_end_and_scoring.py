"""End of the game and final scoring (seed 000 ゲーム終了とタイブレーク): the five triggers, the round that
finishes plus one more, the majorities, country sets, leftovers, the tiebreak and the two-player dummy."""

import itertools
from functools import cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sim.games.yokohama import rules
from sim.games.yokohama.actions import (
    A_BUILD_SHOP,
    A_BUILD_TH,
    A_CHURCH_HAND,
    A_CUSTOMS,
    A_END_EXTRA,
    A_PORT_DONE,
    A_TAKE_ORDER,
)
from sim.games.yokohama.layout import (
    DUMMY,
    E_CHURCH,
    E_CUSTOMS,
    E_PORT_EMPTY,
    E_SHOPS,
    E_TRADING_HOUSES,
    G_CHURCH,
    G_CUR,
    G_CUSTOMS,
    G_END_TRIGGER,
    G_FAITH,
    G_LAST_ROUND,
    G_ORDER_END,
    G_ORDER_TOP,
    G_PHASE,
    G_PLAYERS,
    G_ROUND,
    K_CHURCH,
    K_CUSTOMS,
    K_FISH,
    K_PORT,
    MAX_PLAYERS,
    N_COUNTRIES,
    N_GOODS,
    N_SLOTS,
    N_VP,
    NONE,
    P_AGENTS,
    P_FLAGS,
    P_GOODS,
    P_IMPORTS,
    P_INDUSTRY,
    P_MONEY,
    P_PRESIDENT,
    P_SHOPS_BUILT,
    P_SHOPS_HAND,
    P_TH_BUILT,
    P_TH_HAND,
    P_VP,
    P_VP_SRC,
    PH_CHURCH,
    PH_CUSTOMS,
    PH_EXTRA_BEFORE,
    PH_GAME_OVER,
    Q_CHIP,
    V_AGENTS,
    V_CHURCH_MAJ,
    V_CUSTOMS_MAJ,
    V_GOODS,
    V_IMPORTS,
    V_INDUSTRY_MAJ,
    V_MONEY,
    V_ORDERS,
    V_SETS,
)
from sim.games.yokohama.tables import D_CHURCH_FAITH, D_CHURCH_N, D_CUSTOMS_IMPORTS, D_CUSTOMS_N

from .scenario import (
    DATA,
    KNOBS,
    act,
    board_with,
    knobs,
    move_in,
    new_game,
    order_slot,
    pass_turn,
    pb,
    qb,
    score_now,
    set_hand_orders,
    set_turn,
    skip_rest_of_action,
    vp,
)

END_COUNT = {2: 4, 3: 5, 4: 6}  # player pieces on the church or customs board that end the game


def fresh(players=4):
    """A game with nothing to score but what the test writes: no money, goods, imports or agents."""
    s = new_game(players)
    for p in range(players):
        b = pb(p)
        s[b + P_MONEY] = 0
        for g in range(N_GOODS):
            s[b + P_GOODS + g] = 0
    return s


def scored(s, k=None):
    score_now(s, k)
    return s


# ---------------------------------------------------------------- the end of the game


def build_fourth_trading_house(s, p):
    (q,) = board_with(s, [K_FISH])
    s[qb(q) + Q_CHIP] = NONE
    s[pb(p) + P_TH_BUILT] = 3
    s[pb(p) + P_TH_HAND] = 1
    set_turn(s, p)
    move_in(s, p, q, 4)
    act(s, A_BUILD_TH)
    skip_rest_of_action(s)
    return q


@pytest.mark.parametrize(("players", "seat"), [(n, p) for n in (2, 3, 4) for p in range(n)])
def test_end_trigger_finishes_round_then_one_more(players, seat):
    s = new_game(players)
    s[G_ROUND] = 4
    build_fourth_trading_house(s, seat)
    assert s[G_END_TRIGGER] == E_TRADING_HOUSES
    act(s, A_END_EXTRA)
    remaining = (players - 1 - seat) + players  # the rest of this round, then a whole round
    for turn in range(remaining):
        assert s[G_PHASE] == PH_EXTRA_BEFORE, f"the game ended {remaining - turn} turns early"
        assert s[G_CUR] == (seat + 1 + turn) % players
        pass_turn(s)
    assert s[G_PHASE] == PH_GAME_OVER
    assert s[G_ROUND] == 4 + 2


def test_building_the_fourth_trading_house_triggers_the_end():
    s = new_game(3)
    build_fourth_trading_house(s, 1)
    assert s[G_END_TRIGGER] == E_TRADING_HOUSES
    assert s[G_LAST_ROUND] == s[G_ROUND] + 1


def test_third_trading_house_does_not_trigger_the_end():
    s = new_game(3)
    (q,) = board_with(s, [K_FISH])
    s[qb(q) + Q_CHIP] = NONE
    s[pb(0) + P_TH_BUILT] = 2
    s[pb(0) + P_TH_HAND] = 1
    move_in(s, 0, q, 4)
    act(s, A_BUILD_TH)
    assert s[G_END_TRIGGER] == 0 and s[G_LAST_ROUND] == NONE


@pytest.mark.parametrize(("built_before", "triggers"), ((6, False), (7, True)))
def test_building_the_eighth_shop_triggers_the_end(built_before, triggers):
    s = new_game(3)
    (q,) = board_with(s, [K_FISH])
    s[qb(q) + Q_CHIP] = NONE
    s[pb(0) + P_SHOPS_BUILT] = built_before
    s[pb(0) + P_SHOPS_HAND] = 1
    move_in(s, 0, q, 4)
    act(s, A_BUILD_SHOP + 0)
    assert s[G_END_TRIGGER] == (E_SHOPS if triggers else 0)


@pytest.mark.parametrize(("deck_left", "triggers"), ((1, False), (0, True)))
def test_an_order_slot_left_empty_after_refilling_triggers_the_end(deck_left, triggers):
    s = new_game(3)
    (q,) = board_with(s, [K_PORT])
    s[qb(q) + Q_CHIP] = NONE
    s[G_ORDER_TOP] = s[G_ORDER_END] - deck_left
    move_in(s, 0, q, 4)
    act(s, A_TAKE_ORDER + 0)
    act(s, A_PORT_DONE)
    assert (s[order_slot(0, N_SLOTS - 1)] == NONE) == triggers  # the cards moved left; the right-most slot is empty
    assert s[G_END_TRIGGER] == (E_PORT_EMPTY if triggers else 0)


def church_space_of(faith):
    return next(i for i in range(DATA[D_CHURCH_N]) if DATA[D_CHURCH_FAITH + i] == faith)


def lowest_church_space():
    """(space, faith) of the church space of the lowest faith; the tests reach it with that much power."""
    faith = int(DATA[D_CHURCH_FAITH + 0])
    assert faith <= 5
    return 0, faith


def fill(s, first, n_spaces, pieces, avoid):
    """Put `pieces` player pieces (of the seats in turn) on free spaces other than `avoid`."""
    free = [i for i in range(n_spaces) if s[first + i] == NONE and i not in avoid]
    for j in range(pieces):
        s[first + free[j]] = j % int(s[G_PLAYERS])


@pytest.mark.parametrize("players", (2, 3, 4))
@pytest.mark.parametrize("before", ("one_short", "two_short"))
def test_church_pieces_reaching_the_player_count_limit_trigger_the_end(players, before):
    s = new_game(players)
    (q,) = board_with(s, [K_CHURCH])
    s[qb(q) + Q_CHIP] = NONE
    target, faith = lowest_church_space()
    pieces = END_COUNT[players] - (1 if before == "one_short" else 2)
    fill(s, G_CHURCH, int(DATA[D_CHURCH_N]), pieces, {target})
    move_in(s, 0, q, faith)
    assert s[G_PHASE] == PH_CHURCH and s[G_FAITH] == faith
    act(s, A_CHURCH_HAND)
    assert s[G_END_TRIGGER] == (E_CHURCH if before == "one_short" else 0)


@pytest.mark.parametrize("players", (2, 3, 4))
@pytest.mark.parametrize("before", ("one_short", "two_short"))
def test_customs_pieces_reaching_the_player_count_limit_trigger_the_end(players, before):
    s = new_game(players)
    (q,) = board_with(s, [K_CUSTOMS])
    s[qb(q) + Q_CHIP] = NONE
    target = 0
    pieces = END_COUNT[players] - (1 if before == "one_short" else 2)
    fill(s, G_CUSTOMS, int(DATA[D_CUSTOMS_N]), pieces, {target})
    s[pb(0) + P_IMPORTS] = int(DATA[D_CUSTOMS_IMPORTS + target])
    move_in(s, 0, q, 5)
    assert s[G_PHASE] == PH_CUSTOMS
    act(s, A_CUSTOMS + 2 * target)
    assert s[G_END_TRIGGER] == (E_CUSTOMS if before == "one_short" else 0)


def test_two_player_dummy_piece_does_not_count_toward_the_end():
    s = new_game(2)
    (q,) = board_with(s, [K_CHURCH])
    s[qb(q) + Q_CHIP] = NONE
    target, faith = lowest_church_space()
    fill(s, G_CHURCH, int(DATA[D_CHURCH_N]), END_COUNT[2] - 2, {target})
    on_board = sum(1 for i in range(DATA[D_CHURCH_N]) if s[G_CHURCH + i] != NONE)
    assert on_board == END_COUNT[2] - 1  # with the dummy
    move_in(s, 0, q, faith)
    act(s, A_CHURCH_HAND)  # four pieces on the board, three of them players'
    assert s[G_END_TRIGGER] == 0


def test_only_the_first_trigger_counts():
    s = new_game(3)
    s[G_ROUND] = 2
    q = build_fourth_trading_house(s, 0)
    last = s[G_LAST_ROUND]
    act(s, A_END_EXTRA)
    s[G_ROUND] = 3  # a second trigger a round later: seat 1 builds its eighth shop
    s[pb(0) + P_PRESIDENT] = NONE
    s[pb(1) + P_SHOPS_BUILT] = 7
    s[pb(1) + P_SHOPS_HAND] = 1
    move_in(s, 1, q, 4)
    act(s, A_BUILD_SHOP + 0)
    assert s[pb(1) + P_SHOPS_BUILT] == 8
    assert s[G_END_TRIGGER] == E_TRADING_HOUSES and s[G_LAST_ROUND] == last


# ---------------------------------------------------------------- majorities


def test_church_majority_six_then_three():
    s = fresh()
    for i, owner in ((0, 2), (1, 2), (3, 0), (5, 1)):
        s[G_CHURCH + i] = owner
    scored(s)
    assert [vp(s, p, V_CHURCH_MAJ) for p in range(4)] == [0, 3, 6, 0]


def test_church_tie_goes_to_the_right_most_space():
    s = fresh()
    for i, owner in ((0, 3), (6, 3), (2, 1), (7, 1)):
        s[G_CHURCH + i] = owner
    scored(s)
    assert [vp(s, p, V_CHURCH_MAJ) for p in range(4)] == [0, 6, 0, 3]


def test_customs_majority_eight_then_four():
    s = fresh()
    for i, owner in ((0, 1), (2, 1), (1, 3)):
        s[G_CUSTOMS + i] = owner
    scored(s)
    assert [vp(s, p, V_CUSTOMS_MAJ) for p in range(4)] == [0, 8, 0, 4]


def test_customs_tie_goes_to_the_right_most_space():
    s = fresh()
    for i, owner in ((0, 0), (5, 0), (1, 2), (6, 2)):
        s[G_CUSTOMS + i] = owner
    scored(s)
    assert [vp(s, p, V_CUSTOMS_MAJ) for p in range(4)] == [4, 0, 8, 0]


def test_industry_majority_ten_then_five():
    s = fresh()
    for p, industry in enumerate((5, 12, 9, 3)):
        s[pb(p) + P_INDUSTRY] = industry
    scored(s)
    assert [vp(s, p, V_INDUSTRY_MAJ) for p in range(4)] == [0, 10, 5, 0]


@pytest.mark.parametrize(
    ("industry", "expected"),
    (((5, 9, 9, 3), [0, 10, 5, 0]), ((9, 3, 3, 9), [10, 0, 0, 5]), ((4, 6, 4, 4), [5, 10, 0, 0])),
)
def test_industry_tie_goes_to_the_seat_nearer_the_start_player(industry, expected):
    s = fresh()
    for p, value in enumerate(industry):
        s[pb(p) + P_INDUSTRY] = value
    scored(s)
    assert [vp(s, p, V_INDUSTRY_MAJ) for p in range(4)] == expected


def test_player_without_technologies_takes_no_industry_place():
    s = fresh()
    s[pb(2) + P_INDUSTRY] = 3
    scored(s)
    assert [vp(s, p, V_INDUSTRY_MAJ) for p in range(4)] == [0, 0, 10, 0]


@pytest.mark.parametrize(("sole_both", "expected"), ((0, 6), (1, 6 + 3)))
def test_player_alone_on_a_majority_takes_first_place_only_unless_the_knob_says_both(sole_both, expected):
    k = knobs({"final.sole_player_takes_both": sole_both})
    s = fresh()
    s[G_CHURCH + 4] = 1
    scored(s, k)
    assert vp(s, 1, V_CHURCH_MAJ) == expected


# ---------------------------------------------------------------- country sets

SET_VP = {2: 2, 3: 4, 4: 8, 5: 12}


@cache
def best_partition(counts: tuple[int, ...]) -> int:
    """The most VP any partition of these flags into sets of different countries scores (brute force)."""
    present = [c for c in range(N_COUNTRIES) if counts[c] > 0]
    best = 0
    for size in range(2, len(present) + 1):
        for group in itertools.combinations(present, size):
            rest = tuple(n - (1 if c in group else 0) for c, n in enumerate(counts))
            best = max(best, SET_VP[size] + best_partition(rest))
    return best


def country_sets_of(counts):
    """The country-set VP seat 0 scores at the end (through the legal set) with these flags."""
    s = fresh()
    for c, n in enumerate(counts):
        s[pb(0) + P_FLAGS + c] = n
    scored(s)
    return vp(s, 0, V_SETS)


@pytest.mark.parametrize(
    ("flags", "expected"),
    (
        ((1, 1, 1, 1, 1), 12),
        ((1, 1, 1, 1, 0), 8),
        ((1, 1, 1, 0, 0), 4),
        ((0, 1, 0, 0, 1), 2),
        ((3, 0, 0, 0, 0), 0),
        ((2, 2, 2, 2, 2), 24),
        ((3, 1, 1, 0, 0), 4),
        ((2, 2, 1, 1, 0), 8 + 2),
        ((2, 1, 1, 1, 1), 12),
    ),
)
def test_country_sets_score_twelve_eight_four_two(flags, expected):
    assert best_partition(flags) == expected
    s = fresh()
    for c, n in enumerate(flags):
        s[pb(3) + P_FLAGS + c] = n
    scored(s)
    assert vp(s, 3, V_SETS) == expected


@settings(max_examples=400, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=7), min_size=N_COUNTRIES, max_size=N_COUNTRIES))
def test_country_sets_take_the_best_partition(counts):
    assert country_sets_of(counts) == best_partition(tuple(counts))


def test_orders_left_in_hand_score_nothing():
    s = fresh()
    set_hand_orders(s, 0, [0, 1, 2])
    scored(s)
    assert vp(s, 0, V_ORDERS) == 0 and vp(s, 0, V_SETS) == 0


# ---------------------------------------------------------------- leftovers, totals and the tiebreak


def test_leftovers_score_one_vp_per_agent_import_two_yen_and_three_goods():
    s = fresh()
    b = pb(1)
    s[b + P_AGENTS] = 3
    s[b + P_IMPORTS] = 5
    s[b + P_MONEY] = 7
    for g, n in enumerate((2, 2, 2, 1)):
        s[b + P_GOODS + g] = n
    scored(s)
    assert vp(s, 1, V_AGENTS) == 3
    assert vp(s, 1, V_IMPORTS) == 5
    assert vp(s, 1, V_MONEY) == 7 // 2
    assert vp(s, 1, V_GOODS) == 7 // 3


def test_final_score_is_the_sum_of_every_source():
    s = fresh()
    s[pb(0) + P_MONEY] = 9
    s[pb(0) + P_INDUSTRY] = 4
    s[G_CHURCH + 2] = 0
    s[pb(0) + P_VP] = 17
    s[pb(0) + P_VP_SRC + V_ORDERS] = 17
    scored(s)
    b = pb(0)
    assert s[b + P_VP] == sum(int(s[b + P_VP_SRC + v]) for v in range(N_VP))
    assert s[b + P_VP] == 17 + 9 // 2 + 10 + 6


@pytest.mark.parametrize(
    ("vps", "winner", "ranks"),
    (((10, 12, 12, 3), 1, [3, 1, 2, 4]), ((7, 7, 7, 7), 0, [1, 2, 3, 4]), ((5, 9, 2, 9), 1, [3, 1, 4, 2])),
)
def test_overall_tie_goes_to_the_seat_nearer_the_start_player(vps, winner, ranks):
    s = fresh()  # nothing else to score
    for p, v in enumerate(vps):
        s[pb(p) + P_VP] = v
        s[pb(p) + P_VP_SRC + V_ORDERS] = v
    scored(s)
    scores = np.zeros(MAX_PLAYERS, np.int64)
    out = np.zeros(MAX_PLAYERS, np.int64)
    assert rules.final_scores(s, DATA, KNOBS, scores, out) == winner
    assert list(out[:4]) == ranks
    assert list(scores[:4]) == list(vps)


# ---------------------------------------------------------------- the two-player dummy


def dummy_church_space():
    return church_space_of(7)


@pytest.mark.parametrize(("faith", "expected"), ((6, 3), (8, 6)))
def test_two_player_dummy_counts_in_the_church_majority_at_faith_seven(faith, expected):
    s = fresh(2)
    assert s[G_CHURCH + dummy_church_space()] == DUMMY
    s[G_CHURCH + church_space_of(faith)] = 0
    scored(s)
    assert vp(s, 0, V_CHURCH_MAJ) == expected
    assert vp(s, 1, V_CHURCH_MAJ) == 0


@pytest.mark.parametrize(("space_imports", "expected"), ((1, 4), (3, 8)))
def test_two_player_dummy_counts_in_the_customs_majority_on_its_two_import_space(space_imports, expected):
    s = fresh(2)
    space = next(i for i in range(DATA[D_CUSTOMS_N]) if DATA[D_CUSTOMS_IMPORTS + i] == space_imports)
    s[G_CUSTOMS + space] = 1
    scored(s)
    assert vp(s, 1, V_CUSTOMS_MAJ) == expected


@pytest.mark.parametrize(("industry", "expected"), (((7, 0), [5, 0]), ((8, 0), [10, 0]), ((8, 7), [10, 0])))
def test_two_player_dummy_counts_seven_and_a_half_industry(industry, expected):
    s = fresh(2)
    for p, value in enumerate(industry):
        s[pb(p) + P_INDUSTRY] = value
    scored(s)
    assert [vp(s, p, V_INDUSTRY_MAJ) for p in range(2)] == expected


def test_two_player_dummy_scores_no_points_for_a_seat():
    s = fresh(2)
    scored(s)
    assert [s[pb(p) + P_VP] for p in range(2)] == [0, 0]
    assert vp(s, 0, V_CHURCH_MAJ) == 0


# ---------------------------------------------------------------- majorities against a sorted reference


def reference_majority(keys, first_vp, second_vp, sole_both):
    """VP per seat: rank the seats that compete by key (higher first); first and second place score."""
    ranked = sorted((key, seat) for seat, key in keys.items() if key is not None)[::-1]
    vps = dict.fromkeys(keys, 0)
    if ranked:
        vps[ranked[0][1]] += first_vp
        if len(ranked) > 1:
            vps[ranked[1][1]] += second_vp
        elif sole_both:
            vps[ranked[0][1]] += second_vp
    return vps


board_owners = st.lists(st.sampled_from([NONE, 0, 1, 2, 3]), min_size=11, max_size=11)


@settings(max_examples=200, deadline=None)
@given(board_owners, st.sampled_from([0, 1]))
def test_church_majority_matches_a_sorted_reference(owners, sole_both):
    s = fresh()
    for i, owner in enumerate(owners[: DATA[D_CHURCH_N]]):
        s[G_CHURCH + i] = owner
    keys = {}
    for p in range(4):
        mine = [i for i, o in enumerate(owners[: DATA[D_CHURCH_N]]) if o == p]
        keys[p] = (len(mine), max(mine)) if mine else None  # more pieces, then the right-most space
    scored(s, knobs({"final.sole_player_takes_both": sole_both}))
    expected = reference_majority(keys, 6, 3, sole_both)
    assert [vp(s, p, V_CHURCH_MAJ) for p in range(4)] == [expected[p] for p in range(4)]


@settings(max_examples=200, deadline=None)
@given(board_owners)
def test_customs_majority_matches_a_sorted_reference(owners):
    n = int(DATA[D_CUSTOMS_N])
    s = fresh()
    for i, owner in enumerate(owners[:n]):
        s[G_CUSTOMS + i] = owner
    keys = {}
    for p in range(4):
        mine = [i for i, o in enumerate(owners[:n]) if o == p]
        keys[p] = (len(mine), max(mine)) if mine else None
    scored(s)
    expected = reference_majority(keys, 8, 4, 0)
    assert [vp(s, p, V_CUSTOMS_MAJ) for p in range(4)] == [expected[p] for p in range(4)]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=8), min_size=4, max_size=4))
def test_industry_majority_matches_a_sorted_reference(industry):
    s = fresh()
    for p, value in enumerate(industry):
        s[pb(p) + P_INDUSTRY] = value
    # more industry first, then the seat nearer the start player; no technology, no place
    keys = {p: (value, -p) if value > 0 else None for p, value in enumerate(industry)}
    scored(s)
    expected = reference_majority(keys, 10, 5, 0)
    assert [vp(s, p, V_INDUSTRY_MAJ) for p in range(4)] == [expected[p] for p in range(4)]
