"""Kernel speed of two checkouts of playout, measured in one run: is a refactor as fast as the code before it?

    git clone . /tmp/before && git -C /tmp/before checkout <commit>
    python benchmarks/ab_code.py /tmp/before . --games 4000 --rounds 5

For each game (4 players: greedy*4 and random*4), each round plays the same games once under each checkout,
alternating, each in its own process with one numba thread (games per second of the process's CPU time, so
other load on the machine matters less; the alternation spreads what remains over both). Each checkout uses
its own kernel cache (PLAYOUT_CACHE_DIR=<checkout>/.bench-cache): the first round compiles, and is not
counted. Prints the median rate of each and after/before with the spread over rounds.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

SNIPPET = """
import json, sys, time
import numba, numpy as np
from sim.engine import Recipe, play_range, prepare
game, players, n = sys.argv[1], sys.argv[2].split(","), int(sys.argv[3])
numba.set_num_threads(1)
prep = prepare(Recipe(game, players, 1, n, n))
play_range(prep, 0, 1)  # compile or load outside the timing
cpu = time.process_time()
play_range(prep, 0, n)
print(json.dumps({"cpu": time.process_time() - cpu}))
"""


def rate(checkout: Path, game: str, players: list[str], n: int) -> float:
    env = {**os.environ, "PYTHONPATH": str(checkout), "PLAYOUT_CACHE_DIR": str(checkout / ".bench-cache")}
    r = subprocess.run([sys.executable, "-c", SNIPPET, game, ",".join(players), str(n)], cwd=checkout, env=env,
                       capture_output=True, text=True, check=True)  # fmt: skip
    return n / json.loads(r.stdout.strip().splitlines()[-1])["cpu"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("before", type=Path)
    ap.add_argument("after", type=Path)
    ap.add_argument("--games", type=int, default=4000, help="greedy games a measurement (random: 4x)")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--game", action="append", help="default: yokohama, gangsta, lagranja, obsession")
    a = ap.parse_args()
    before, after = a.before.resolve(), a.after.resolve()
    print("| game | bots | before (games/s/core) | after | after/before (min..max over rounds) |")
    print("|---|---|---:|---:|---|")
    for game in a.game or ["yokohama", "gangsta", "lagranja", "obsession"]:
        for bot, n in (("greedy", a.games), ("random", 4 * a.games)):
            players = [bot] * 4
            for checkout in (before, after):  # compile (or load) first, not counted
                rate(checkout, game, players, 10)
            pairs = [(rate(before, game, players, n), rate(after, game, players, n)) for _ in range(a.rounds)]
            ratios = [y / x for x, y in pairs]
            b, f = statistics.median(x for x, _ in pairs), statistics.median(y for _, y in pairs)
            print(f"| {game} | {bot}*4 | {b:,.0f} | {f:,.0f} | {f / b:.3f} ({min(ratios):.3f}..{max(ratios):.3f}) |",
                  flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
