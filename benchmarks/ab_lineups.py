"""Whole-game speed of several lineups of one game, alternating in one process.

    python benchmarks/ab_lineups.py lagranja "greedy*4" "greedy:top_options=99,defer_anytime=0*4" -n 3000 -r 8

This host's speed drifts by 1.3-1.7x within an hour, so two processes measured one after the other cannot
compare variants closer than that. Here every lineup uses the same loaded kernels and the runs alternate
(forward, then backward), so drift hits each lineup alike. Per core: one numba thread, process CPU time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

import numba
import numpy as np

from sim.engine import Recipe, play_range, prepare
from sim.errors import InputError
from strategies import split_codes


def play(prep, first: int, count: int) -> np.ndarray:
    return play_range(prep, first, count)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("lineups", nargs="+", help="each as `playout run -p` takes it")
    ap.add_argument("-n", type=int, default=3000, help="games a run")
    ap.add_argument("-r", type=int, default=8, help="runs of each lineup")
    a = ap.parse_args()
    numba.set_num_threads(1)
    try:
        preps = [prepare(Recipe(a.game, split_codes(x), 1, a.n, a.n)) for x in a.lineups]
    except InputError as e:  # an unknown game, strategy or weight: one line, exit code 2
        print(f"ab_lineups: error: {e}", file=sys.stderr)
        sys.exit(2)
    for p in preps:
        play(p, 10_000_000, 4)  # compile or load outside the timing
    rates: list[list[float]] = [[] for _ in preps]
    decisions = [0.0] * len(preps)
    for r in range(a.r):
        for j in range(len(preps)) if r % 2 == 0 else reversed(range(len(preps))):
            t = time.process_time()
            out = play(preps[j], r * a.n, a.n)
            rates[j].append(a.n / (time.process_time() - t))
            decisions[j] = float(out[:, 2].mean())
    base = statistics.mean(rates[0])
    print("| lineup | games/s per core (mean) | runs | decisions/game | against the first |")
    print("|---|---|---|---|---|")
    for x, v, dd in zip(a.lineups, rates, decisions, strict=True):
        runs = ", ".join(f"{y:,.0f}" for y in v)
        print(f"| `{x}` | {statistics.mean(v):,.0f} | {runs} | {dd:.1f} | {statistics.mean(v) / base:.3f}x |")


if __name__ == "__main__":
    main()
