"""The benchmark scripts still run against today's engine: they are not imported by the package, so a change to
the loop's arguments broke two of them silently once (ab_lineups and bench called play_chunk without its notes).
Each is run here on a few games of the cheapest game; the figures themselves are measured in benchmarks/, not
asserted."""

import runpy
import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def test_ab_lineups_plays_each_lineup_and_tables_it(monkeypatch, capsys):
    argv = ["ab_lineups.py", "bazaar", "greedy*2", "random*2", "-n", "3", "-r", "1"]
    monkeypatch.setattr(sys, "argv", argv)
    runpy.run_path(str(BENCHMARKS / "ab_lineups.py"), run_name="__main__")
    out = capsys.readouterr().out
    assert "| `greedy*2` |" in out and "| `random*2` |" in out and "1.000x" in out


def test_bench_kernel_snippet_reports_the_games_it_played():
    bench = runpy.run_path(str(BENCHMARKS / "bench.py"))
    one = bench["kernel_run"]("bazaar", ["random", "random"], 4, 1)
    assert one["games"] == 4 and one["decisions"] > 0 and one["cpu"] >= 0
