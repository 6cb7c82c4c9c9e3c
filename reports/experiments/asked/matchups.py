"""Matchups: one seat of each code against a field of each other (`--strategies`), against a fair share."""

from __future__ import annotations

from reports.experiments.asked.base import Asked, Question, one_name_per_bot, refuse_ranges
from sim.errors import InputError


class Matchups(Asked):
    name = "matchups"
    help = "one seat of A against a field of B (--strategies)"
    sensitivity = False  # it varies the data only through one lineup's seats

    def question(self, o):
        from strategies import split_codes

        refuse_ranges(o, self.name)
        if len(o.lineups) != 1 or len({len(c) for c in o.lineups}) != 1:
            raise InputError("--question matchups varies the data only: give one --players (its count of seats)")
        if len(o.lineups[0]) < 2:
            raise InputError("--question matchups puts one seat of A against a field of B: give 2 players or more")
        codes = [o.spec.strategies.player(c).code for c in split_codes(o.strategies or "random,greedy")]
        codes = list(dict.fromkeys(one_name_per_bot(o.spec, codes, "--strategies")))
        if len(codes) < 2:
            raise InputError(f"--strategies needs at least two different codes, not {o.strategies!r}")
        return Question(self.name, strategies=tuple(codes))

    def describe(self, q):
        return f"matchups of {', '.join(q.strategies)}"

    def reference(self, q, players):
        return 1 / players

    def answer(self, q, recipe, out, threads, on_games):
        from reports.experiments import questions

        a = questions.matchup_matrix(recipe, list(q.strategies), len(recipe.players), out, threads, on_games)
        return [(f"one {c.row} against {c.col}", c.rate, c.lo, c.hi) for c in a.extra["cells"]]

    def games(self, q, recipe):
        k = len(q.strategies)
        return recipe.n * k * (k - 1)


ASKED = Matchups()
