"""How far a variant moves an answer, and the ranking of the tables, on synthetic answers."""

import math
from pathlib import Path

import pytest

from reports.analysis import robustness as rb
from reports.experiments.sensitivity import movement, ranking_table
from reports.experiments.variations import Question
from sim.data_variants import Variant

SHIPPED = rb.Variation("builtin", "greedy*4")


def answer(variation, values, half=0.01):
    return [rb.Estimate(variation, c, x, x - half, x + half) for c, x in values.items()]


def variant(table, number, kept=()):
    return Variant(table, number, Path("/nowhere"), 3, kept)


def test_seat_fairness_moves_by_the_largest_seat_change_against_its_noise():
    base = answer(SHIPPED, {"seat 0": 0.34, "seat 1": 0.30, "seat 2": 0.20, "seat 3": 0.16})
    mine = answer(
        rb.Variation("orders#0", "greedy*4"), {"seat 0": 0.30, "seat 1": 0.31, "seat 2": 0.22, "seat 3": 0.17}
    )
    m = movement(Question("seat-fairness"), base, mine, variant("orders.csv", 0), 5)
    assert m.shift == pytest.approx(0.04)
    assert m.noise == pytest.approx(math.hypot(0.01, 0.01))


def test_card_values_move_by_rank_disagreement_and_top_cards_lost():
    base = answer(SHIPPED, {"a": 0.4, "b": 0.3, "c": 0.2, "d": 0.1})
    same = answer(rb.Variation("x#0", "greedy*4"), {"a": 0.5, "b": 0.35, "c": 0.1, "d": 0.0})
    flipped = answer(rb.Variation("x#1", "greedy*4"), {"a": 0.0, "b": 0.1, "c": 0.2, "d": 0.3})
    q = Question("card-value", top=2)
    assert movement(q, base, same, variant("x.csv", 0), 2).shift == pytest.approx(0.0)
    m = movement(q, base, flipped, variant("x.csv", 1), 2)
    assert m.shift == pytest.approx(2.0)  # rho = -1
    assert m.top_changed == 2


def test_a_ranking_change_is_judged_against_how_far_sampling_alone_moves_it():
    # Ten cards whose values lie far apart: sampling barely reorders them, so a reversed ranking is beyond
    # the noise. The same cards with intervals wider than their spread: any order is within the noise.
    values = {f"card {i}": 0.01 * i for i in range(10)}
    q = Question("card-value", top=3)
    reversed_ = {c: -x for c, x in values.items()}
    tight = movement(q, answer(SHIPPED, values, 0.001), answer(rb.Variation("x#0", "g"), reversed_, 0.001),
                     variant("x.csv", 0), 3)  # fmt: skip
    assert tight.noise < 0.05 and tight.shift > tight.noise
    wide = movement(q, answer(SHIPPED, values, 0.5), answer(rb.Variation("x#0", "g"), values, 0.5),
                    variant("x.csv", 0), 3)  # fmt: skip
    assert wide.shift == pytest.approx(0.0) and wide.noise > 0.5
    again = movement(q, answer(SHIPPED, values, 0.5), answer(rb.Variation("x#0", "g"), values, 0.5),
                     variant("x.csv", 0), 3)  # fmt: skip
    assert again.noise == wide.noise  # a fixed generator: the same answers, the same noise


def test_tables_are_ranked_by_their_mean_shift_and_name_what_was_kept():
    q = Question("seat-fairness")
    base = answer(SHIPPED, {"seat 0": 0.3})
    moves, variants = [], []
    for table, shifts in (("small.csv", (0.005, 0.01)), ("big.csv", (0.08, 0.10))):
        for i, s in enumerate(shifts):
            v = variant(table, i, ("faith",) if table == "big.csv" else ())
            variants.append(v)
            moves.append(movement(q, base, answer(rb.Variation(f"{table}#{i}", "g"), {"seat 0": 0.3 + s}), v, 5))
    ranking = ranking_table(moves, variants)
    assert ranking["table"].to_list() == ["big.csv", "small.csv"]
    assert ranking["variants_beyond_noise"].to_list() == [2, 0]
    assert ranking["kept_as_printed"].to_list() == ["faith", "-"]
