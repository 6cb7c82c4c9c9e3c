"""robustness and sensitivity from the command line, with small n: outputs, resume, one-line errors."""

import json

import polars as pl
import pytest

from cli import main


def test_robustness_answers_under_each_lineup_and_resumes(tmp_path, capsys):
    out = tmp_path / "r"
    args = ["robustness", "yokohama", "--players", "greedy*2", "--players", "random*2", "-n", "120", "--out", str(out)]
    main(args)
    shown = capsys.readouterr().out
    assert "what the answer rests on" in shown
    assert "cost per game (pilot)" in shown and "CPU s (100%)" in shown  # lineups of unequal cost
    verdicts = pl.read_csv(out / "verdicts.csv", comment_prefix="#")
    assert verdicts["conclusion"].to_list() == ["seat 0", "seat 1"]
    assert verdicts["verdict"][0] in ("holds in every variation", "not established everywhere")
    estimates = pl.read_csv(out / "estimates.csv", comment_prefix="#")
    assert estimates.height == 4 and set(estimates["players"]) == {"greedy*2", "random*2"}  # as typed
    for name in ("robustness.png", "report.html", "experiment.json"):
        assert (out / name).stat().st_size > 0
    manifest = json.loads((out / "experiment.json").read_text())
    assert len(manifest["checked_under"]) == 2
    stamp = {p: p.stat().st_mtime_ns for p in (out / "variations").rglob("games.parquet")}
    main(args)  # the same command again: every variation is read back, none replayed
    assert {p: p.stat().st_mtime_ns for p in (out / "variations").rglob("games.parquet")} == stamp
    assert pl.read_csv(out / "estimates.csv", comment_prefix="#").equals(estimates)


def test_sensitivity_ranks_the_chosen_tables(tmp_path, capsys):
    out = tmp_path / "s"
    main(["sensitivity", "yokohama", "--players", "greedy*2", "-n", "100", "--variants", "1",
          "--tables", "church_spaces.csv,lab_slots.csv", "--out", str(out)])  # fmt: skip
    ranking = pl.read_csv(out / "ranking.csv", comment_prefix="#")
    assert sorted(ranking["table"]) == ["church_spaces.csv", "lab_slots.csv"]
    assert (out / "data" / "church_spaces-0" / "church_spaces.csv").exists()
    assert "ranked by" in capsys.readouterr().out


def test_a_card_value_sensitivity_counts_every_game_it_played_and_judges_the_ranking_against_its_noise(tmp_path):
    # 3 variations (shipped + 2) x (1 + 3 cards given) arms x 40 games; the headers once said 3 x 40. The
    # ranking reads only the given condition, so the removed arms are not played (they once were: 1 + 2 x 3)
    out = tmp_path / "s"
    main(["sensitivity", "yokohama", "-q", "card-value", "--cards", "tech", "--only", "tram,telegram,telephone",
          "--top", "1", "--players", "greedy*2", "-n", "40", "--variants", "1",
          "--tables", "church_spaces.csv,lab_slots.csv", "--out", str(out)])  # fmt: skip
    assert json.loads((out / "experiment.json").read_text())["n"] == 3 * (1 + 3) * 40
    assert not list(out.rglob("value_removed.png"))
    ranking = pl.read_csv(out / "ranking.csv", comment_prefix="#")
    assert ranking["noise"].is_not_nan().all() and (ranking["noise"] > 0).all()


@pytest.mark.parametrize(
    "args, message",
    [
        (["robustness", "yokohama", "--players", "greedy*2"], "at least two variations"),
        (["robustness", "yokohama", "-q", "seat-fairnes", "--players", "greedy*2", "--players", "random*2"],
         "did you mean 'seat-fairness'"),
        (["robustness", "yokohama", "-q", "fair-value", "--players", "greedy*2", "--players", "random*2"],
         "needs exactly one --set"),
        (["robustness", "yokohama", "-q", "card-value", "--cards", "tek", "--players", "greedy*2",
          "--players", "random*2"], "did you mean 'tech'"),
        (["sensitivity", "yokohama", "--tables", "order.csv"], "did you mean 'orders.csv'"),
        (["sensitivity", "yokohama", "--spread", "0"], "--spread must be above 0"),
        (["sensitivity", "yokohama", "-q", "matchups"], "unknown question"),
    ],
)  # fmt: skip
def test_bad_robustness_input_is_one_line_and_exit_two(args, message, capsys):
    with pytest.raises(SystemExit) as e:
        main(args)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("command", ["robustness", "sensitivity"])
def test_an_output_that_is_a_file_is_refused_before_anything_runs(command, tmp_path, capsys):
    target = tmp_path / "taken"
    target.write_text("a file")
    extra = ["--players", "greedy*2", "--players", "random*2"] if command == "robustness" else []
    with pytest.raises(SystemExit) as e:
        main([command, "yokohama", *extra, "-n", "10", "--out", str(target)])
    assert e.value.code == 2
    assert "is an existing file" in capsys.readouterr().err
    assert target.read_text() == "a file"


def test_robustness_across_data_sets_names_each_set_with_its_own_assumed_share(tmp_path, capsys):
    from sim.datafiles import resolve_data
    from sim.games.yokohama.tables import load

    out = tmp_path / "d"
    main(["robustness", "yokohama", "--data", "builtin", "--data", "seed-guess-2026", "--players", "greedy*2",
          "-n", "80", "--out", str(out)])  # fmt: skip
    estimates = pl.read_csv(out / "estimates.csv", comment_prefix="#")
    assert set(estimates["data"]) == {"builtin", "seed-guess-2026"}
    header = (out / "verdicts.csv").read_text()
    assert "checked under 2 variations" in header
    builtin, guess = load().assumed_share, load(resolve_data("yokohama", "seed-guess-2026")).assumed_share
    builtin, guess = int(builtin * 100), int(guess * 100)  # whole percent: a prefix of "86%" and "86.42%"
    assert builtin != guess  # else this test could not tell the two shares apart
    for text in (header, " ".join(capsys.readouterr().out.split())):  # the terminal wraps lines
        assert f"builtin ({builtin}" in text and f"seed-guess-2026 ({guess}" in text


def test_robustness_refuses_an_unknown_data_set(capsys):
    with pytest.raises(SystemExit) as e:
        main(["robustness", "yokohama", "--data", "builtin", "--data", "seed-guess", "-n", "10"])
    assert e.value.code == 2
    assert "did you mean 'seed-guess-2026'" in capsys.readouterr().err
