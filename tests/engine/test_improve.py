"""The improvement loop (reports/training/improve.py, `playout improve`) and the player it climbs with,
`learned:lv_proposer=student@FILE`: the file's student proposes exactly as the shipped one would, the loop is
deterministic for any thread count and resumes to the same generations, it stops when the top stops rising or at its
budget and says which, and bad options are refused in one line."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from reports.training.improve import ImproveConfig, Step, proposing, stopped_because
from sim.errors import ParamError
from sim.registry import get_game
from strategies.student_model import shipped_path
from tests.cli_checks import fails
from tests.engine.test_student import student_file

ROOT = Path(__file__).resolve().parents[2]


def playout(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cli", *args], cwd=ROOT, capture_output=True, text=True)


# ------------------------------------------------------------------ the student a file names, proposing


def test_the_shipped_student_named_by_its_file_proposes_as_the_shipped_student():
    book = get_game("obsession").strategies
    plain = book.player("learned:lv_proposer=student")
    named = book.player(f"learned:lv_proposer=student@{shipped_path('obsession')},lv_look=round")
    assert named.code.startswith("learned:lv_proposer=student@") and named.code.endswith(",lv_look=round")
    round_ = book.player("learned:lv_proposer=student,lv_look=round")
    assert np.array_equal(named.weights, round_.weights)
    assert book.fingerprint(named.code) == book.fingerprint(round_.code) != book.fingerprint(plain.code)


def test_another_student_file_proposes_with_its_own_table_and_nothing_of_the_shipped_one(tmp_path):
    book = get_game("bazaar").strategies
    path = student_file(tmp_path, "bazaar", np.random.default_rng(5), proposer=2.5)
    player = book.player(f"learned:lv_proposer=student@{path}")
    table = [i for i, w in enumerate(book.weights) if w.only == "student" and w.table]
    student = book.player(f"student@{path}")
    assert np.array_equal(player.weights[table], student.weights[table])  # the file's table, every cell
    assert player.proposer is not None and player.proposer["game"] == "bazaar"
    assert book.fingerprint(player.code) != book.fingerprint("learned:lv_proposer=student")


@pytest.mark.parametrize(
    "code, words",
    [
        ("greedy:lv_proposer=student@{path}", "for learned strategies only"),
        ("learned:lv_proposer=student@{other}", "was distilled for the game 'lagranja', not bazaar"),
        ("learned:lv_proposer=student@/no/such.json", "cannot read it"),
    ],
)
def test_a_proposing_student_that_cannot_propose_is_refused_in_one_line(tmp_path, capsys, code, words):
    path = student_file(tmp_path, "bazaar")
    other = shipped_path("lagranja")
    lineup = code.format(path=path, other=other) + ",greedy"
    assert words in fails(capsys, "run", "bazaar", "-n", "2", "--players", lineup, "--out", tmp_path / "o")


# ------------------------------------------------------------------ the loop


def improve_args(student: Path, out: Path, threads: int) -> list[str]:
    return ["improve", "bazaar", "--student", str(student), "--games", "60", "--eval-games", "40", "--choose-games",
            "30", "--hidden", "0", "--rate-games", "40", "--generations", "2", "--out", str(out), "-t",
            str(threads)]  # fmt: skip


def generations_of(out: Path) -> list[dict]:
    """What the loop found, per generation, without what names its folder or times it."""
    steps = json.loads((out / "improve.json").read_text())["payload"]
    return [{k: v for k, v in s.items() if k not in ("seconds", "student", "teacher")} for s in steps]


def table_of(path: Path) -> tuple:
    doc = json.loads(path.read_text())
    return doc["proposer_weight"], doc["bias"], doc["coef"], doc["after_coef"]


def test_improve_is_deterministic_for_any_thread_count_and_resumes_to_the_same_generations(tmp_path):
    first = student_file(tmp_path, "bazaar", np.random.default_rng(3), proposer=2.0)
    one, two = tmp_path / "one", tmp_path / "two"
    done = playout(*improve_args(first, one, 1))
    assert done.returncode == 0, done.stderr
    assert playout(*improve_args(first, two, 2)).returncode == 0
    found = generations_of(one)
    assert found == generations_of(two)
    assert [s["gen"] for s in found] == list(range(1, len(found) + 1))
    for gen in range(1, len(found) + 1):
        assert table_of(one / f"gen{gen}" / "student.json") == table_of(two / f"gen{gen}" / "student.json")
    # each line says where the loop stopped and why, as the report does
    assert "stopped" in done.stdout.splitlines()[-2]
    assert (one / "report.html").exists() and (one / "improve.png").exists()
    # an interruption in the last generation: its log, student and head-to-head are lost
    last = len(found)
    (two / "improve.json").unlink()
    shutil.rmtree(two / f"gen{last}" / "rating")
    (two / f"gen{last}" / "student.json").unlink()
    again = playout(*improve_args(first, two, 2))
    assert again.returncode == 0, again.stderr
    assert generations_of(two) == found


def step(gen: int, rise: float, lo: float, hi: float) -> Step:
    return Step(gen, "t", "s", 0.5, 0.4, 0.6, 0.9, 0.01, rise, lo, hi, 100, 1.0)


def config(generations: int) -> ImproveConfig:
    return ImproveConfig("bazaar", "learned", "s.json", 2, generations, 10, 10, 10, 0.05, 0, 1, 10, 11)


@pytest.mark.parametrize(
    "rises, generations, words",
    [
        ([(0.3, 0.1, 0.5), (0.2, 0.05, 0.35)], 2, "stopped at the budget of 2 generation(s), still rising"),
        ([(0.3, 0.1, 0.5), (0.05, -0.1, 0.2)], 3, "stopped after generation 2"),  # the interval holds 0
        ([(-0.2, -0.4, -0.05)], 3, "stopped after generation 1"),  # a weaker teacher: stopped too
        ([], 3, "no generation finished"),
    ],
)
def test_the_loop_says_why_it_stopped(rises, generations, words):
    steps = [step(g + 1, *r) for g, r in enumerate(rises)]
    assert words in stopped_because(config(generations), steps)


def test_a_teacher_is_named_with_the_student_proposing_for_it():
    assert proposing("learned", "a/s.json") == "learned:lv_proposer=student@a/s.json"
    assert proposing("learned:lv_look=round", "s.json") == "learned:lv_look=round,lv_proposer=student@s.json"


@pytest.mark.parametrize(
    "args, words",
    [
        (["--teacher", "greedy"], "the loop's teacher is a learned player"),
        (["--teacher", "learned:lv_proposer=student"], "leave lv_proposer out"),
        (["--rate-seed", "1"], "is the distils' --seed"),
        (["--rate-games", "1"], "--rate-games 1"),
        (["--generations", "0"], "--generations must be a whole number"),
        (["--student", "/no/such.json"], "cannot read it"),
        (["--games", "0"], "--games must be a whole number"),
    ],
)
def test_bad_improve_options_are_refused_in_one_line_and_create_nothing(tmp_path, capsys, args, words):
    out = tmp_path / "improve"
    assert words in fails(capsys, "improve", "obsession", *args, "--out", out)
    assert not out.exists()


def test_a_config_with_lv_proposer_is_refused_before_anything_plays():
    book = get_game("obsession").strategies
    from reports.training.improve import check_config

    cfg = ImproveConfig("obsession", "learned:lv_proposer=greedy", str(shipped_path("obsession")), 4, 1, 10, 10, 10,
                        0.05, 0, 1, 10, 11)  # fmt: skip
    with pytest.raises(ParamError, match="leave lv_proposer out"):
        check_config(cfg, book)
