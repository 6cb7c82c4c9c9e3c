"""matrix, sweep, value and regress from the command line, with small n."""

import json

import numpy as np
import polars as pl
import pytest

from cli import main


def test_matrix_writes_the_matrix_ratings_and_a_picture(tmp_path, capsys):
    out = tmp_path / "m"
    main(["matrix", "yokohama", "--strategies", "random,greedy", "-n", "60", "--players", "3", "--out", str(out)])
    printed = capsys.readouterr().out
    assert "ratings" in printed
    assert "cost per game (pilot)" in printed and "CPU s (100%)" in printed  # the bar reaches its planned total
    matrix = pl.read_csv(out / "matrix.csv", comment_prefix="#")
    assert matrix.height == 2 and set(matrix["strategy"]) == {"random", "greedy"}
    greedy = matrix.filter(pl.col("strategy") == "greedy")["win_rate"][0]
    assert greedy > 0.5  # one greedy seat against two random ones
    for name in ("ratings.csv", "scores.csv", "matrix.png", "report.html", "experiment.json"):
        assert (out / name).stat().st_size > 0
    assert json.loads((out / "experiment.json").read_text())["arms"] == 2


def test_sweep_finds_the_value_where_the_seat_is_fair(tmp_path, capsys):
    out = tmp_path / "s"
    main(["sweep", "yokohama", "--set", "start_money.seat0=0..8:4", "-n", "300", "--players", "greedy*4",
          "--out", str(out)])  # fmt: skip
    rates = pl.read_csv(out / "win_rates.csv", comment_prefix="#")
    assert sorted(rates["value"].unique().to_list()) == [0, 4, 8]
    seat0 = rates.filter(pl.col("seat") == 0).sort("value")
    x, wins, games = (seat0[c].to_numpy().astype(float) for c in ("value", "wins", "games"))
    assert seat0["win_rate"][0] < seat0["win_rate"][-1]  # more money, more wins
    fair = pl.read_csv(out / "fair_value.csv", comment_prefix="#").row(0, named=True)
    assert fair["seat"] == 0 and fair["knob"] == "start_money.seat0" and fair["target"] == 0.25
    # the fair value from the sweep's own table, computed here: the observed curve crosses parity between
    # two swept values, and the estimate is the binomial logistic fit's crossing (or, when the report says
    # it interpolated, the straight line between those two points)
    rate = wins / games
    j = next(i for i in range(len(x) - 1) if (rate[i] - 0.25) * (rate[i + 1] - 0.25) <= 0)
    if fair["method"] == "logistic":
        b0, b1 = logistic_mle(x, wins, games)
        expected = (np.log(0.25 / 0.75) - b0) / b1
    else:
        assert fair["method"] == "interpolation"
        expected = x[j] + (x[j + 1] - x[j]) * (0.25 - rate[j]) / (rate[j + 1] - rate[j])
    assert fair["fair_value"] == pytest.approx(expected, abs=1e-4)
    assert x[j] <= fair["fair_value"] <= x[j + 1]
    assert fair["lo"] <= fair["fair_value"] <= fair["hi"]
    assert f"= {fair['fair_value']:.2f}" in capsys.readouterr().out


def logistic_mle(x, wins, games):
    """Maximum-likelihood (b0, b1) of wins ~ Binomial(games, 1 / (1 + exp(-(b0 + b1 x)))), by Newton's method."""
    b = np.zeros(2)
    design = np.column_stack([np.ones_like(x), x])
    for _ in range(50):
        p = 1 / (1 + np.exp(-(design @ b)))
        grad = design.T @ (wins - games * p)
        hess = design.T @ (design * (games * p * (1 - p))[:, None])
        b = b + np.linalg.solve(hess, grad)
    return b


def test_sweep_needs_exactly_one_range(capsys):
    with pytest.raises(SystemExit) as e:
        main(["sweep", "yokohama", "--set", "start_money.seat0=3", "-n", "10"])
    assert e.value.code == 2 and "exactly one" in capsys.readouterr().err


def test_value_ranks_the_chosen_cards(tmp_path, capsys):
    out = tmp_path / "v"
    main(["value", "yokohama", "--only", "exposition,postal_system", "-n", "120", "--out", str(out)])
    table = pl.read_csv(out / "value.csv", comment_prefix="#")
    assert table["card"].to_list()[0] == "exposition"  # ten VP at once beats a movement convenience
    assert (out / "value_given.png").exists() and (out / "value_removed.png").exists()
    assert "correlation" in (out / "value.csv").read_text()


def test_value_without_the_removed_condition_plays_only_the_given_arms(tmp_path, capsys):
    out = tmp_path / "v"
    main(["value", "yokohama", "--only", "exposition,postal_system", "-n", "60", "--no-removed", "--out", str(out)])
    manifest = json.loads((out / "experiment.json").read_text())
    assert manifest["arms"] == 1 + 2 and manifest["n"] == 3 * 60 and manifest["removed"] is False
    table = pl.read_csv(out / "value.csv", comment_prefix="#")
    assert table["given_win_delta"].is_not_null().all() and table["removed_owner_win_delta"].is_nan().all()
    assert (out / "value_given.png").exists() and not (out / "value_removed.png").exists()
    assert "not played" in capsys.readouterr().out


def test_value_says_which_data_columns_the_card_values_rest_on(tmp_path, capsys):
    out = tmp_path / "v"
    cards = ["Chef", "Negotiator", "Porter", "Farm Worker"]  # two crops, three extension kinds among them
    main(["value", "lagranja", "--cards", "farm", "--only", ",".join(cards), "-n", "40", "--no-removed", "-t", "1",
          "--out", str(out)])  # fmt: skip
    rests = pl.read_csv(out / "rests_on.csv", comment_prefix="#", schema_overrides={"value": pl.String})
    assert rests.columns == ["column", "provenance", "assumed_cards", "share", "groups", "value", "cards",
                             "mean_given_win_delta", "mean_lo", "mean_hi"]  # fmt: skip
    singles = {c for c in rests["column"] if " × " not in c}  # and the two leading ones together, if both explain
    assert singles == {"field", "extension", "barrow_vp"} and len(set(rests["column"])) - len(singles) <= 1
    assert set(rests["provenance"]) == {"ASSUMED"} and set(rests["assumed_cards"]) == {len(cards)}
    per_column = rests.group_by("column").agg(pl.col("cards").sum())["cards"].to_list()
    assert per_column == [len(cards)] * len(set(rests["column"]))  # each column's groups hold every card once
    assert rests["share"].drop_nulls().is_between(0, 1).all()
    assert "rests on" in (out / "report.html").read_text() and (out / "rests_on.png").exists()
    printed = " ".join(capsys.readouterr().out.split())  # undo the console's wrapping
    assert "cards' value" in printed and "omega squared" in printed


def test_value_refuses_no_removed_with_families(capsys):
    with pytest.raises(SystemExit) as e:
        main(["value", "obsession", "--family", "--no-removed", "-n", "10"])
    err = capsys.readouterr().err.strip()
    assert e.value.code == 2 and err.startswith("playout: ") and "\n" not in err and "--no-removed" in err


def test_value_refuses_an_unknown_card(capsys):
    with pytest.raises(SystemExit) as e:
        main(["value", "yokohama", "--only", "expositon", "-n", "10"])
    assert e.value.code == 2 and "did you mean 'exposition'" in capsys.readouterr().err


def test_regress_exits_one_on_drift_and_zero_when_all_hold(capsys, shared_replays):
    from sim.regression import baseline_paths

    # Bazaar's baseline: the smallest game's replays cost little (tests/regression shares the drifted one)
    path = str(next(p for p in baseline_paths(["bazaar"]) if p.stem == "greedy4"))
    main(["regress", "--baseline", path])
    assert "all baselines hold" in capsys.readouterr().out
    with pytest.raises(SystemExit) as e:
        main(["regress", "--baseline", path, "--set", "start_money.seat0=8"])
    assert e.value.code == 1
    assert "DRIFT seat 0" in capsys.readouterr().out
