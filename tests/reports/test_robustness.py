"""The robustness verdicts on synthetic answers with known effects: a conclusion that holds everywhere is
robust, one that flips is blamed on what flips it, and no verdict claims more than the intervals allow."""

import numpy as np
import pytest

from reports.analysis import robustness as rb
from reports.analysis.stats import wilson

A_GREEDY = rb.Variation("builtin", "greedy*4")
A_MCTS = rb.Variation("builtin", "mcts*4")
B_GREEDY = rb.Variation("alt", "greedy*4")
B_MCTS = rb.Variation("alt", "mcts*4")
GRID = (A_GREEDY, A_MCTS, B_GREEDY, B_MCTS)
FAIR = 0.25


def est(variation, value, half=0.01, conclusion="seat 0"):
    return rb.Estimate(variation, conclusion, value, value - half, value + half)


def verdict(values: dict, reference=FAIR, half=0.01):
    return rb.judge([est(v, x, half) for v, x in values.items()], reference)


def test_a_seat_favoured_in_every_variation_holds():
    v = verdict({A_GREEDY: 0.34, A_MCTS: 0.29, B_GREEDY: 0.33, B_MCTS: 0.28})
    assert v.verdict == rb.HOLDS
    assert set(v.classes.values()) == {rb.ABOVE}
    assert v.spread == pytest.approx(0.06)


def test_a_seat_fair_in_every_variation_holds_as_fair():
    v = verdict({A_GREEDY: 0.252, A_MCTS: 0.247, B_GREEDY: 0.25, B_MCTS: 0.255})
    assert v.verdict == rb.HOLDS
    assert set(v.classes.values()) == {rb.NEUTRAL}


def test_a_flip_between_data_sets_with_the_same_players_depends_on_the_data():
    v = verdict({A_GREEDY: 0.30, A_MCTS: 0.31, B_GREEDY: 0.20, B_MCTS: 0.21})
    assert v.verdict == rb.DEPENDS_DATA
    assert all(rb.factor_between(a, b) in ("data", "both") for a, b in v.flipped_by)


def test_a_flip_between_player_populations_on_the_same_data_depends_on_the_players():
    v = verdict({A_GREEDY: 0.30, A_MCTS: 0.20, B_GREEDY: 0.31, B_MCTS: 0.19})
    assert v.verdict == rb.DEPENDS_PLAYERS


def test_flips_along_both_factors_depend_on_both():
    v = verdict({A_GREEDY: 0.30, A_MCTS: 0.20, B_GREEDY: 0.20, B_MCTS: 0.20})
    assert v.verdict == rb.DEPENDS_BOTH


def test_a_flip_only_across_the_diagonal_depends_on_the_combination():
    v = verdict({A_GREEDY: 0.30, A_MCTS: 0.25, B_GREEDY: 0.25, B_MCTS: 0.20})
    assert v.verdict == rb.DEPENDS_TOGETHER


def test_estimates_that_differ_inside_their_intervals_are_not_a_flip():
    # 0.29 and 0.21 look opposite, but both intervals reach the fair rate: nothing flips
    v = verdict({A_GREEDY: 0.29, B_GREEDY: 0.21}, half=0.05)
    assert v.verdict == rb.HOLDS
    assert not v.flipped_by


def test_significant_in_one_variation_only_is_not_established_everywhere():
    v = verdict({A_GREEDY: 0.30, B_GREEDY: 0.27}, half=0.03)
    assert v.verdict == rb.NOT_ESTABLISHED
    assert v.classes == {A_GREEDY: rb.ABOVE, B_GREEDY: rb.NEUTRAL}


def test_a_fair_value_without_a_reference_holds_while_the_intervals_overlap():
    same = rb.judge([est(A_GREEDY, 1.1, 0.2), est(B_GREEDY, 1.4, 0.2)], reference=None)
    apart = rb.judge([est(A_GREEDY, 1.1, 0.1), est(B_GREEDY, 1.4, 0.1)], reference=None)
    assert same.verdict == rb.HOLDS
    assert apart.verdict == rb.DEPENDS_DATA
    assert same.classes == {}


def test_estimates_of_different_conclusions_are_not_judged_together():
    with pytest.raises(ValueError, match="several conclusions"):
        rb.judge([est(A_GREEDY, 0.3, conclusion="seat 0"), est(B_GREEDY, 0.3, conclusion="seat 1")], FAIR)


def ranking(variation, values: dict, half=0.01):
    return [est(variation, x, half, conclusion=card) for card, x in values.items()]


def test_a_card_surely_in_the_top_two_everywhere_holds():
    cards = {"tram": 0.40, "ball": 0.30, "post": 0.10, "mill": 0.05}
    verdicts = {v.conclusion: v for v in rb.judge_membership(ranking(A_GREEDY, cards) + ranking(B_GREEDY, cards), 2)}
    assert verdicts["tram among the top 2"].verdict == rb.HOLDS
    assert verdicts["post among the top 2"].verdict == rb.HOLDS  # surely out everywhere
    assert verdicts["tram among the top 2"].classes[A_GREEDY] == rb.ABOVE
    assert verdicts["post among the top 2"].classes[B_GREEDY] == rb.BELOW


def test_a_card_in_the_top_two_on_one_data_set_and_surely_out_on_the_other_depends_on_the_data():
    a = ranking(A_GREEDY, {"tram": 0.40, "ball": 0.30, "post": 0.10})
    b = ranking(B_GREEDY, {"tram": 0.05, "ball": 0.30, "post": 0.20})
    verdicts = {v.conclusion: v for v in rb.judge_membership(a + b, 2)}
    assert verdicts["tram among the top 2"].verdict == rb.DEPENDS_DATA


def test_membership_the_intervals_cannot_decide_is_not_established():
    a = ranking(A_GREEDY, {"tram": 0.30, "ball": 0.29, "post": 0.28}, half=0.05)
    verdicts = {v.conclusion: v for v in rb.judge_membership(a, 2)}
    assert {v.verdict for v in verdicts.values()} == {rb.NOT_ESTABLISHED}


def test_the_top_k_of_a_variation_is_ordered_by_estimate():
    a = ranking(A_GREEDY, {"tram": 0.30, "ball": 0.40, "post": 0.28})
    assert rb.top_k(a, A_GREEDY, 2) == ["ball", "tram"]


def seat_estimates(rng, variation, rates, games):
    """Seat win rates drawn from multinomial games with the given true rates, as Wilson estimates."""
    wins = rng.multinomial(games, rates)
    out = []
    for seat, w in enumerate(wins):
        lo, hi = wilson(int(w), games)
        out.append(rb.Estimate(variation, f"seat {seat}", w / games, lo, hi))
    return out


def test_on_sampled_games_a_true_edge_shared_by_all_variations_is_almost_never_blamed():
    rng = np.random.default_rng(20261201)
    flipped = 0
    for _ in range(200):
        es = []
        for v in GRID:
            es += seat_estimates(rng, v, [0.32, 0.26, 0.22, 0.20], 4000)
        flipped += any(v.verdict not in (rb.HOLDS, rb.NOT_ESTABLISHED) for v in rb.judge_all(es, FAIR))
    assert flipped <= 4  # a flip needs two opposite significant errors; at 95% intervals it is very rare


def test_on_sampled_games_an_edge_that_reverses_with_the_players_is_found_and_blamed_on_them():
    rng = np.random.default_rng(7)
    found = 0
    for _ in range(100):
        es = []
        for v in GRID:
            rates = [0.32, 0.24, 0.23, 0.21] if v.players == "greedy*4" else [0.19, 0.27, 0.27, 0.27]
            es += seat_estimates(rng, v, rates, 4000)
        verdicts = {v.conclusion: v for v in rb.judge_all(es, FAIR)}
        found += verdicts["seat 0"].verdict == rb.DEPENDS_PLAYERS
    assert found >= 95


def test_the_tables_carry_one_row_per_estimate_and_per_verdict():
    es = [est(v, x) for v, x in zip(GRID, (0.3, 0.2, 0.3, 0.2), strict=True)]
    verdicts = rb.judge_all(es, FAIR)
    assert rb.estimates_table(es).height == 4
    table = rb.verdicts_table(verdicts)
    assert table["verdict"].to_list() == [rb.DEPENDS_PLAYERS]
    assert "players mcts*4: below" in table["class_per_variation"][0]


def test_a_fair_value_not_found_in_one_variation_is_not_established():
    missing = rb.Estimate(B_GREEDY, "seat 0", float("nan"), float("nan"), float("nan"))
    v = rb.judge([est(A_GREEDY, 1.1, 0.2), missing], reference=None)
    assert v.verdict == rb.NOT_ESTABLISHED
