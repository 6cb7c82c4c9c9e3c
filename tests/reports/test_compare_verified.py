"""`playout compare` reads both answers through the keyed store: a run only when it finished and its table,
manifest and seal agree; an experiment only when its experiment.json and tables are as written. Damaged or
mismatched inputs are one line and exit code 2, never a traceback, never a comparison."""

from __future__ import annotations

import json
import shutil

import pytest
from synthetic_runs import manifest, synthetic_games, write_run
from test_compare import _experiment, _value_table

from cli import main


def _run(tmp_path, name, seed, game="synthgame"):
    games = synthetic_games(300, 3, seed=seed, lineup=["a", "b", "c"])
    return write_run(tmp_path / name, games, {**manifest(games, ["a", "b", "c"], seed), "game": game})


def _refused(capsys, *argv) -> str:
    with pytest.raises(SystemExit) as e:
        main(["compare", *map(str, argv)])
    err = capsys.readouterr().err.strip()
    assert e.value.code == 2, err
    assert "\n" not in err and "Traceback" not in err, err
    return err


def edit(path, **changes):
    path.write_text(json.dumps({**json.loads(path.read_text()), **changes}))


def test_a_table_of_another_game_inside_a_run_directory_is_refused(tmp_path, capsys):
    a, b = _run(tmp_path, "a", 1), _run(tmp_path, "b", 2)
    other = _run(tmp_path, "other", 3, game="othergame")
    shutil.copy(other / "games.parquet", a / "games.parquet")
    assert "not of the same run" in _refused(capsys, a, b)


def test_an_unfinished_run_is_refused(tmp_path, capsys):
    a, b = _run(tmp_path, "a", 1), _run(tmp_path, "b", 2)
    edit(a / "manifest.json", status="running")
    assert "not finished" in _refused(capsys, a, b)


def test_a_wrong_results_fingerprint_is_refused(tmp_path, capsys):
    a, b = _run(tmp_path, "a", 1), _run(tmp_path, "b", 2)
    edit(a / "manifest.json", results_sha256="0" * 64)
    assert str(a) in _refused(capsys, a, b)


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: (d / "experiment.json").write_text("{not json"),
        lambda d: (d / "experiment.json").write_text("[1, 2]"),
        lambda d: edit(d / "experiment.json", question="tech value", extra=1),
        lambda d: (d / "value.csv").write_text("card,x\nball,1\n"),
        lambda d: (d / "value.csv").unlink(),
        lambda d: (d / "value.csv").write_bytes(b"\xff\xfe\x00"),
    ],
)
def test_a_damaged_experiment_is_refused_in_one_line(tmp_path, capsys, damage):
    a = _experiment(tmp_path, "a", "tech value", value=_value_table({"x": 0.1, "y": 0.0}))
    b = _experiment(tmp_path, "b", "tech value", value=_value_table({"x": 0.1, "y": 0.0}))
    damage(a)
    _refused(capsys, a, b)


def test_compare_out_is_checked_like_every_other_output(tmp_path, capsys):
    a, b = _run(tmp_path, "a", 1), _run(tmp_path, "b", 2)
    taken = tmp_path / "taken"
    taken.write_text("a file")
    assert "is an existing file" in _refused(capsys, a, b, "--out", taken)
    assert taken.read_text() == "a file"
