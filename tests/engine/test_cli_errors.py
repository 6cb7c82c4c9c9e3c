"""Bad input: one line on stderr, exit code 2, never a traceback."""

import subprocess
import sys

import pytest

from cli import main
from tests.cli_checks import fails


def test_unknown_game_suggests_the_closest(capsys):
    assert "did you mean 'yokohama'" in fails(capsys, "run", "yokohoma", "-n", "5")


def test_unknown_strategy_suggests_the_closest(capsys):
    assert "did you mean 'greedy'" in fails(capsys, "run", "yokohama", "-n", "5", "--players", "gredy,random")


def test_unknown_weight_suggests_the_closest(capsys):
    assert "did you mean 'w_vp'" in fails(capsys, "run", "yokohama", "-n", "5", "--players", "greedy:w_pv=2,random")


def test_unknown_set_key_suggests_the_closest(capsys):
    err = fails(capsys, "run", "yokohama", "-n", "5", "--set", "start_money.seat9=3")
    assert "unknown parameter" in err and "did you mean" in err


@pytest.mark.parametrize("n", ["0", "-3"])
def test_games_must_be_at_least_one(capsys, n):
    assert "at least 1" in fails(capsys, "run", "yokohama", "-n", n)


def test_player_count_the_game_does_not_allow(capsys):
    assert "2 to 4 players" in fails(capsys, "run", "yokohama", "-n", "5", "--players", "random*5")
    assert "2 to 4 players" in fails(capsys, "run", "yokohama", "-n", "5", "--players", "random")


@pytest.mark.parametrize("value", ["start_money.seat0", "start_money.seat0=abc", "=3", "start_money.seat0=999"])
def test_malformed_or_impossible_set_value(capsys, value):
    fails(capsys, "run", "yokohama", "-n", "5", "--set", value)


def test_out_that_is_an_existing_file(capsys, tmp_path):
    f = tmp_path / "taken"
    f.write_text("x")
    assert "existing file" in fails(capsys, "run", "yokohama", "-n", "5", "--out", str(f))


def test_out_that_cannot_be_written(capsys, tmp_path):
    f = tmp_path / "file"
    f.write_text("x")
    assert "cannot be written" in fails(capsys, "run", "yokohama", "-n", "5", "--out", str(f / "sub"))


def test_out_that_holds_another_run(capsys, tmp_path):
    main(["run", "yokohama", "-n", "3", "--players", "random*2", "--out", str(tmp_path / "r"), "-q"])
    assert "already holds a run" in fails(capsys, "run", "yokohama", "-n", "3", "--out", str(tmp_path / "r"))


def test_bad_option_value_is_one_line(capsys):
    fails(capsys, "run", "yokohama", "-n", "many")


def test_show_with_negative_game(capsys):
    fails(capsys, "show", "yokohama", "--game", "-1")


def test_strategies_of_unknown_game(capsys):
    fails(capsys, "strategies", "chess")


def test_a_real_process_prints_no_traceback(tmp_path):
    r = subprocess.run([sys.executable, "-m", "cli", "run", "nogame", "-n", "1"], capture_output=True, text=True)
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
