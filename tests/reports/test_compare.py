"""`playout compare`: two answers to one question, the difference A - B with its 95% interval."""

from __future__ import annotations

import math

import polars as pl
import pytest
from scipy.stats import spearmanr
from synthetic_runs import manifest, synthetic_games, write_run

from reports.analysis.compare import compare
from reports.writers.export import write_csv
from sim.errors import InputError
from sim.store import TABLES_SEAL, seal_tables, write_sealed


def _run(tmp_path, name, seat_win, seed, n=6000):
    games = synthetic_games(n, 3, seed=seed, seat_win=seat_win, lineup=["a", "b", "c"])
    return write_run(tmp_path / name, games, manifest(games, ["a", "b", "c"], seed))


def test_seat_fairness_difference_finds_a_known_shift_and_none_where_there_is_none(tmp_path):
    a = _run(tmp_path, "a", [0.45, 0.275, 0.275], 1)
    b = _run(tmp_path, "b", [0.30, 0.35, 0.35], 2)
    same = _run(tmp_path, "c", [0.45, 0.275, 0.275], 3)
    kind, tables, _, _ = compare(a, b)
    seat0 = tables["seat_fairness"].filter(pl.col("seat") == 0).row(0, named=True)
    assert kind == "seats"
    assert seat0["lo"] < 0.15 < seat0["hi"] and seat0["lo"] > 0  # the true shift, and not zero
    seat0 = compare(a, same)[1]["seat_fairness"].filter(pl.col("seat") == 0).row(0, named=True)
    assert seat0["lo"] < 0 < seat0["hi"]


def _experiment(tmp_path, name, question, game="synthgame", **tables):
    d = tmp_path / name
    d.mkdir()
    for table_name, frame in tables.items():
        write_csv(frame, d / f"{table_name}.csv", ["a header line"])
    names = [f"{t}.csv" for t in tables]
    write_sealed(d / "experiment.json", {"game": game, "question": question, "seat": 0, "seed": 1,
                                         TABLES_SEAL: seal_tables(d, names)})  # fmt: skip
    return d


def _value_table(effects: dict[str, float], half_width=0.02) -> pl.DataFrame:
    rows = [(c, e, e - half_width, e + half_width) for c, e in effects.items()]
    return pl.DataFrame(rows, schema=["card", "given_win_delta", "given_win_lo", "given_win_hi"], orient="row")


def test_card_values_give_each_difference_and_the_rank_correlation(tmp_path):
    a = {f"card{i}": 0.01 * i for i in range(12)}
    b = {f"card{i}": 0.01 * i for i in range(12)}
    b["card0"], b["card11"] = 0.2, -0.1  # two cards swap ends of the ranking
    da = _experiment(tmp_path, "a", "tech value", value=_value_table(a))
    db = _experiment(tmp_path, "b", "tech value", value=_value_table(b))
    kind, tables, _, _ = compare(da, db)
    cards = {r["card"]: r for r in tables["cards"].iter_rows(named=True)}
    assert kind == "value"
    assert cards["card5"]["difference"] == pytest.approx(0.0)
    assert cards["card11"]["difference"] == pytest.approx(0.21)
    assert cards["card11"]["lo"] > 0  # two intervals of half-width 0.02: the difference is clear
    rank = tables["rank_correlation"].row(0, named=True)
    names = sorted(a)
    expected = spearmanr([a[c] for c in names], [b[c] for c in names]).statistic
    assert rank["spearman"] == pytest.approx(expected)
    assert rank["lo"] < rank["spearman"] < rank["hi"] and rank["lo"] >= -1 and rank["hi"] <= 1


def test_sweeps_give_per_value_differences_and_the_fair_value_difference(tmp_path):
    def curve(rate0):
        share = {0: 1.0, 1: 0.5, 2: 0.5}
        rows = [(v, s, 1000, int(1000 * (rate0[v] if s == 0 else 1 - rate0[v]) * share[s]))
                for v in (1, 2) for s in share]  # fmt: skip
        return pl.DataFrame(rows, schema=["value", "seat", "games", "wins"], orient="row")

    def fair(x, lo, hi):
        return pl.DataFrame([("start_money.seat0", 0, 1 / 3, x, lo, hi)],
                            schema=["knob", "seat", "target", "fair_value", "lo", "hi"], orient="row")  # fmt: skip

    da = _experiment(tmp_path, "a", "sweep of start_money.seat0", win_rates=curve({1: 0.3, 2: 0.4}),
                     fair_value=fair(1.5, 1.2, 1.8))  # fmt: skip
    db = _experiment(tmp_path, "b", "sweep of start_money.seat0", win_rates=curve({1: 0.3, 2: 0.3}),
                     fair_value=fair(2.5, 2.2, 2.8))  # fmt: skip
    _, tables, _, _ = compare(da, db)
    at2 = tables["win_rates"].filter((pl.col("value") == 2) & (pl.col("seat") == 0)).row(0, named=True)
    assert at2["difference"] == pytest.approx(0.1) and at2["lo"] > 0
    f = tables["fair_value"].row(0, named=True)
    se = math.hypot(0.3 / 1.959964, 0.3 / 1.959964)
    assert f["difference"] == pytest.approx(-1.0)
    assert f["hi"] == pytest.approx(-1.0 + 1.959964 * se, rel=1e-4)


def test_different_games_or_questions_are_refused(tmp_path):
    da = _experiment(tmp_path, "a", "tech value", value=_value_table({"x": 0.1}))
    db = _experiment(tmp_path, "b", "tech value", game="other", value=_value_table({"x": 0.1}))
    dc = _experiment(tmp_path, "c", "sweep of start_money.seat0")
    run = _run(tmp_path, "r", [0.4, 0.3, 0.3], 1, n=300)
    with pytest.raises(InputError, match="same game"):
        compare(da, db)
    with pytest.raises(InputError, match="same question"):
        compare(da, dc)
    with pytest.raises(InputError, match="same question"):
        compare(run, da)
    with pytest.raises(InputError, match="not a directory"):
        compare(tmp_path / "missing", da)
