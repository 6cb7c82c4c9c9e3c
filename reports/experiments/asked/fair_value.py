"""A knob's fair value for a seat: where its win rate crosses a fair share, swept over the knob's values
(`--set KNOB=LO..HI`)."""

from __future__ import annotations

from reports.experiments.asked.base import SETTLE_HALF_WIDTH, Asked, Question
from sim.errors import InputError


class FairValue(Asked):
    name = "fair-value"
    help = "a knob's fair value for a seat (--set KNOB=LO..HI)"
    measure = "change of the fair value"

    def question(self, o):
        from sim.experiments import parse_range

        if len(o.ranged) != 1:
            raise InputError(f"--question fair-value needs exactly one --set KNOB=LO..HI, got {len(o.ranged)}")
        ((knob, text),) = o.ranged.items()
        values = parse_range(knob, text, o.spec.params)
        for v in values:
            o.spec.params.values({**o.fixed, knob: v})
        from reports.analysis import sweep as sw

        asked = o.seat if o.seat is not None else (sw.seat_of_knob(knob) or 0)
        if not all(0 <= asked < len(codes) for codes in o.lineups):
            raise InputError(f"--seat {asked} is not a seat of every lineup")
        return Question(self.name, knob=knob, values=tuple(values), seat=asked)

    def describe(self, q):
        return f"fair value of {q.knob} for seat {q.seat}"

    def answer(self, q, recipe, out, threads, on_games):
        from reports.experiments import questions

        a = questions.knob_sweep(recipe, q.knob, list(q.values), q.seat, out, threads, on_games)
        c = a.extra["crossing"]
        return [(q.describe(), c.x, c.lo, c.hi)]

    def games(self, q, recipe):
        return recipe.n * len(q.values)

    def half_width(self, q):
        """Half a step of the swept knob: two answers that settle name one value of the sweep."""
        if len(q.values) < 2:
            return SETTLE_HALF_WIDTH
        return 0.5 * min(b - a for a, b in zip(q.values, q.values[1:], strict=False))


ASKED = FairValue()
