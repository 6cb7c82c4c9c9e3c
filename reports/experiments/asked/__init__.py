"""The balance questions robustness, sensitivity and answers can ask, each one registered object (base.Asked:
its options, its answer under one recipe, its reference, its description). Adding a question is a module here
and one line below."""

from __future__ import annotations

from reports.experiments.asked import card_value, fair_value, matchups, seat_fairness
from reports.experiments.asked.base import QUESTIONS, Asked, Question, asked  # noqa: F401  (what the modules that ask use)

QUESTIONS.update({a.name: a for a in (seat_fairness.ASKED, fair_value.ASKED, card_value.ASKED, matchups.ASKED)})
