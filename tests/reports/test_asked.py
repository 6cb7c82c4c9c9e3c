"""A balance question is one registered object (reports/experiments/asked/): robustness, sensitivity and answers
ask every question through it, so a new one is a module and one line in QUESTIONS. Checked by doing it: a question
registered here, and nowhere else, is asked from the command line."""

from __future__ import annotations

import pytest

from cli import main
from reports.experiments.asked import QUESTIONS, Question, asked
from reports.experiments.asked.seat_fairness import SeatFairness
from sim.errors import InputError
from tests.cli_checks import fails


class StartSeat(SeatFairness):
    """The start seat's win rate alone: seat fairness cut to one conclusion."""

    name = "start-seat"
    help = "the start seat's win rate"

    def answer(self, q, recipe, out, threads, on_games):
        return super().answer(q, recipe, out, threads, on_games)[:1]


@pytest.fixture()
def registered(monkeypatch):
    monkeypatch.setitem(QUESTIONS, StartSeat.name, StartSeat())  # the one registration line, undone after


def test_every_question_answers_to_its_own_name_and_describes_itself():
    for name, kind in QUESTIONS.items():
        assert kind.name == name and kind.help
        assert Question(name).asked is kind
    assert Question("seat-fairness").reference(4) == 0.25 and Question("card-value", kind="tech").reference(4) == 0.0
    assert (
        Question("fair-value", knob="k", values=(0, 2, 4)).asked.half_width(Question("fair-value", values=(0, 2, 4)))
        == 1
    )


def test_an_unknown_question_names_the_nearest():
    with pytest.raises(InputError, match="did you mean 'seat-fairness'"):
        asked("seat-fairnes")


def test_a_question_registered_in_one_line_is_asked_by_robustness(registered, tmp_path, capsys):
    main(["robustness", "yokohama", "-q", "start-seat", "-p", "greedy*2", "-p", "random*2", "-n", "20", "-t", "1",
          "-o", str(tmp_path / "r")])  # fmt: skip
    out = " ".join(capsys.readouterr().out.split())
    assert "seat 0" in out and "seat 1" not in out  # its own conclusions
    assert (tmp_path / "r" / "estimates.csv").exists()


def test_sensitivity_refuses_a_question_it_cannot_rank(capsys):
    assert "unknown question 'matchups'" in fails(capsys, "sensitivity", "yokohama", "-q", "matchups", "-n", "10")
