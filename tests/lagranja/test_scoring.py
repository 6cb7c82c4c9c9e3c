"""The scoring phase, the end of the game and the tiebreak (seed 002, 得点計算フェイズ, ゲームの終了); 25 markers."""

import numpy as np

from sim.games.lagranja import row as row_writer
from sim.games.lagranja import rules
from sim.games.lagranja.layout import (
    G_END_TRIGGER,
    G_MARKET,
    G_ORDER,
    G_ROUND,
    P_DEN,
    P_FIELD_GOODS,
    P_FIELDS,
    P_HELPER,
    P_HELPER_USED,
    P_SIESTA,
    P_SILVER,
    P_SILVER_END,
    P_STACK,
    P_STOCK,
    P_VP,
    P_VP_SRC,
    V_MARKET,
    V_SIESTA,
    V_SILVER,
)
from sim.games.lagranja.row import FIRST_SEAT_COLUMN, PER_SEAT, SEAT_FEATURES
from sim.games.lagranja.tables import D_SIESTA_VP
from sim.spec import SEAT_COLUMNS

from .scenario import D, game, pb


def test_scoring_pays_1_vp_per_market_marker_and_the_siesta_vp_then_stacks_the_discs_by_turn_order():
    s, k = game(2)
    s[pb(1) + P_SIESTA] = 5
    s[G_ORDER] = 1
    s[G_ORDER + 1] = 0
    vp1 = int(s[pb(1) + P_VP])
    rules.scoring(s, D, k)
    assert s[pb(1) + P_VP_SRC + V_MARKET] == 1 and s[pb(1) + P_VP_SRC + V_SIESTA] == D[D_SIESTA_VP + 5]
    assert s[pb(1) + P_VP] == vp1 + 1 + D[D_SIESTA_VP + 5]
    assert s[pb(1) + P_SIESTA] == 0 and s[pb(1) + P_STACK] > s[pb(0) + P_STACK] and s[G_ROUND] == 2


def test_scoring_returns_the_markers_of_used_helpers():
    s, k = game(2)
    b = pb(0)
    s[b + P_HELPER] = 0
    s[b + P_HELPER_USED] = 1
    s[b + P_STOCK] -= 1
    stock = int(s[b + P_STOCK])
    rules.scoring(s, D, k)
    assert s[b + P_HELPER_USED] == 0 and s[b + P_STOCK] == stock + 1


def test_the_game_ends_after_round_6_selling_den_resources_and_trade_commodities_then_5_silver_a_vp():
    s, k = game(2)
    b = pb(0)
    s[G_ROUND] = 6
    s[b + P_SILVER] = 2
    s[b + P_DEN : b + P_DEN + 8] = [1, 1, 1, 1, 2, 2, 2, 1]  # olive 1 grain 1 grape 2 pig 3; upgraded goods 0
    s[b + P_FIELDS] = 3
    s[b + P_FIELD_GOODS] = 3  # fields do not convert
    vp = int(s[b + P_VP])
    rules.scoring(s, D, k)
    silver = 2 + 1 + 1 + 2 + 3 + 4
    market = sum(1 for h in range(48) if s[G_MARKET + h] == 0)
    assert s[b + P_VP_SRC + V_SILVER] == silver // 5 and s[b + P_SILVER_END] == silver % 5
    assert s[b + P_VP] == vp + market + silver // 5 + D[D_SIESTA_VP + int(s[b + P_SIESTA])]
    assert s[G_END_TRIGGER] == 1


def test_a_tie_goes_to_the_most_silver_left_then_is_shared():
    """Seed 002 ゲームの終了とタイブレーク: most VP wins; tied, the most silver left (after 5 silver = 1 VP); still
    tied, the win is shared. Seats 0 and 1 reach 20 VP with 3 silver left (19 VP + 8 silver, 20 VP + 3 silver), seat 2
    20 VP with 1 left, seat 3 has 19: seats 0 and 1 share the win (the row names seat 0, the lower seat, and marks
    seat 1 tied_first), seat 2 is third."""
    s, k = game(4)
    for p, (vp, silver) in enumerate(((19, 8), (20, 3), (20, 1), (19, 0))):
        b = pb(p)
        s[b + P_VP] = vp
        s[b + P_VP_SRC : b + P_VP_SRC + 11] = 0
        s[b + P_VP_SRC] = vp
        s[b + P_SILVER] = silver
        s[b + P_DEN : b + P_DEN + 8] = 0
        s[b + P_HELPER : b + P_HELPER + 3] = -1
    rules.final_scoring(s, D, k)
    assert [int(s[pb(p) + P_SILVER_END]) for p in range(4)] == [3, 3, 1, 0]
    scores = np.zeros(4, np.int64)
    ranks = np.zeros(4, np.int64)
    assert rules.final_scores(s, D, k, scores, ranks) == 0
    assert list(scores) == [20, 20, 20, 19] and list(ranks) == [1, 2, 3, 4]
    row = np.zeros(FIRST_SEAT_COLUMN + 4 * PER_SEAT, np.int64)
    row_writer.write_row(s, D, k, scores, 0, row)
    tied = FIRST_SEAT_COLUMN + len(SEAT_COLUMNS) + SEAT_FEATURES.index("tied_first")
    assert [int(row[tied + p * PER_SEAT]) for p in range(4)] == [0, 1, 0, 0]


def test_with_all_25_markers_in_play_one_in_a_den_is_reused():
    s, k = game(2)
    b = pb(0)
    s[b + P_STOCK] = 0
    s[b + P_DEN] = 2
    assert rules.take_marker(s, k, 0) and s[b + P_DEN] == 1 and s[b + P_STOCK] == 0
    s[b + P_DEN : b + P_DEN + 8] = 0
    assert not rules.take_marker(s, k, 0)


def test_without_the_cap_markers_run_past_25():
    s, k = game(2, {"markers.cap": 0})
    s[pb(0) + P_STOCK] = 0
    assert rules.take_marker(s, k, 0) and s[pb(0) + P_STOCK] == -1
