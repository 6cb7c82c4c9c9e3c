"""Seat fairness: each seat's win rate, against a fair share of 1/players."""

from __future__ import annotations

from reports.experiments.asked.base import Asked


class SeatFairness(Asked):
    name = "seat-fairness"
    help = "each seat's win rate"

    def reference(self, q, players):
        return 1 / players

    def answer(self, q, recipe, out, threads, on_games):
        from reports.analysis.balance import seat_fairness as fairness
        from sim.results import read_games
        from sim.store import kept_run

        table = fairness(read_games(kept_run(recipe, out, threads, on_chunk=on_games)))
        return [(f"seat {s}", r, lo, hi) for s, r, lo, hi in table.select("seat", "win_rate", "lo", "hi").iter_rows()]


ASKED = SeatFairness()
