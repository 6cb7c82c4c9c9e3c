"""Every command works for Obsession: run, show, stats, report, sweep, value (tiles and families), matrix,
strategies, knobs; and the bad inputs of the options it adds get one line and exit code 2."""

import json

import polars as pl
import pytest

from cli import main


def ok(*argv):
    try:
        main(list(argv))
    except SystemExit as e:
        assert e.code in (0, None), f"{argv}: exit {e.code}"


def fails(capsys, *argv) -> str:
    with pytest.raises(SystemExit) as e:
        main(list(argv))
    assert e.value.code == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    return err


def test_run_then_report(tmp_path, capsys):
    out = tmp_path / "run"
    ok("run", "obsession", "-n", "60", "--players", "greedy,climber,random", "--seed", "5", "--out", str(out))
    games = pl.read_parquet(out / "games.parquet")
    assert games.height == 60 and set(games["rounds"].to_list()) == {16}
    assert {"vp_reputation_0", "family_2", "tiles0_1", "courtships_won_0", "tied_first_2"} <= set(games.columns)
    ok("report", str(out))
    assert (out / "report" / "report.html").exists()


def test_show_text_and_json(capsys):
    ok("show", "obsession", "--seed", "2", "--game", "1", "--players", "greedy,random")
    text = capsys.readouterr().out
    assert text.startswith("Obsession, 2 players") and "courtship" in text
    ok("show", "obsession", "--seed", "2", "--game", "1", "--players", "greedy,random", "--json")
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert lines[0]["type"] == "context" and lines[-1]["type"] == "final"


def test_stats_strategies_and_knobs(capsys):
    ok("stats", "obsession", "--players", "greedy,climber,builder,courtier", "-n", "20")
    out = capsys.readouterr().out
    assert "tile owned" in out and "vp by source" in out
    ok("strategies", "obsession")
    out = capsys.readouterr().out
    assert all(x in out for x in ("climber", "builder", "courtier", "socialite", "w_theme"))
    ok("knobs", "obsession")
    out = capsys.readouterr().out
    assert "turn.first_player" in out and "experiment.give_tile" in out


def test_value_of_tiles_and_of_families(tmp_path, capsys):
    out = tmp_path / "tiles"
    ok("value", "obsession", "--only", "Barn,Sculpture Garden", "-n", "30", "--players", "greedy*3", "--out", str(out))
    table = pl.read_csv(out / "value.csv", comment_prefix="#")
    assert sorted(table["card"].to_list()) == ["Barn", "Sculpture Garden"]
    out = tmp_path / "families"
    ok("value", "obsession", "--family", "-n", "30", "--players", "greedy*2", "--out", str(out))
    table = pl.read_csv(out / "families.csv", comment_prefix="#")
    assert table["condition"].unique().sort().to_list() == ["with wessex", "without wessex"]
    assert set(table.filter(pl.col("condition") == "without wessex")["family"]) == {
        "asquith", "cavendish", "ponsonby", "york",
    }  # fmt: skip
    assert (out / "families.png").exists()


def test_value_of_families_under_a_fixed_wessex_setting_runs_that_condition_only(tmp_path):
    out = tmp_path / "families"
    ok("value", "obsession", "--family", "-n", "20", "--players", "greedy*2", "--set", "setup.wessex=1", "--out",
       str(out))  # fmt: skip
    table = pl.read_csv(out / "families.csv", comment_prefix="#")
    assert table["condition"].unique().to_list() == ["with wessex"] and table.height == 5


def test_sweep_and_matrix(tmp_path):
    ok("sweep", "obsession", "--set", "start_money.seat1=0..400:200", "-n", "40", "--players", "greedy*2", "--out",
       str(tmp_path / "sweep"))  # fmt: skip
    rates = pl.read_csv(tmp_path / "sweep" / "win_rates.csv", comment_prefix="#")
    assert sorted(rates["value"].unique().to_list()) == [0, 200, 400] and set(rates["seat"]) == {0, 1}
    for value in (0, 200, 400):  # one winner a game: the two seats' rates at each value sum to 1
        assert abs(rates.filter(pl.col("value") == value)["win_rate"].sum() - 1) < 1e-9
    assert ((rates["lo"] <= rates["win_rate"]) & (rates["win_rate"] <= rates["hi"])).all()
    fair = pl.read_csv(tmp_path / "sweep" / "fair_value.csv", comment_prefix="#")
    assert fair["seat"][0] == 1 and fair["knob"][0] == "start_money.seat1"
    ok("matrix", "obsession", "--strategies", "random,greedy", "--players", "2", "-n", "20", "--out",
       str(tmp_path / "matrix"))  # fmt: skip
    matrix = pl.read_csv(tmp_path / "matrix" / "matrix.csv", comment_prefix="#")
    assert matrix.height == 2 and set(matrix["strategy"]) == {"random", "greedy"}
    greedy = matrix.filter(pl.col("strategy") == "greedy")["win_rate"][0]
    random_ = matrix.filter(pl.col("strategy") == "random")["win_rate"][0]
    assert greedy > 0.5 > random_  # the greedy seat beats the random one


def test_bad_inputs_of_the_new_options(capsys):
    assert "no families" in fails(capsys, "value", "yokohama", "--family", "-n", "10")
    assert "did you mean 'tile'" in fails(capsys, "value", "obsession", "--cards", "tiles", "-n", "10")
    assert "unknown tile" in fails(capsys, "value", "obsession", "--only", "Ice Rink", "-n", "10")
    assert "did you mean 'climber'" in fails(capsys, "run", "obsession", "--players", "climbr,greedy", "-n", "5")
