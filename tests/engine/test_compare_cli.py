"""`playout compare` on real runs, and its bad input: one line, exit code 2."""

from cli import main
from sim.engine import Recipe, run
from tests.cli_checks import fails


def test_compare_prints_the_seat_differences_of_two_runs_and_writes_them(tmp_path, capsys):
    run(Recipe("yokohama", ["greedy"] * 3, 1, 60, 60), tmp_path / "a", threads=1)
    run(Recipe("yokohama", ["random"] * 3, 1, 60, 60), tmp_path / "b", threads=1)
    assert main(["compare", str(tmp_path / "a"), str(tmp_path / "b"), "--out", str(tmp_path / "c")]) == 0
    out = capsys.readouterr().out
    assert "seat fairness: A - B" in out
    assert (tmp_path / "c" / "seat_fairness.csv").read_text().startswith("# A: ")


def test_compare_refuses_a_missing_directory_and_two_games(tmp_path, capsys):
    run(Recipe("yokohama", ["random"] * 3, 1, 20, 20), tmp_path / "y", threads=1)
    run(Recipe("gangsta", ["random"] * 3, 1, 20, 20), tmp_path / "g", threads=1)
    assert "not a directory" in fails(capsys, "compare", str(tmp_path / "y"), str(tmp_path / "nope"))
    assert "same game" in fails(capsys, "compare", str(tmp_path / "y"), str(tmp_path / "g"))
