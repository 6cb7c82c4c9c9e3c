"""Cost of the search bot `mcts`: decisions per second per core, seconds per 4-player game when all four
seats search, and whether a second process loads the compiled search from the numba cache.

    python benchmarks/bench_mcts.py --game yokohama --iters 50 --depth 20 --games 4
    python benchmarks/bench_mcts.py --game gangsta --code mcts --games 8     (a preset or any player code)

Each figure comes from `playout run` in a subprocess with one numba thread (`-t 1`), timed by the process's
CPU time (so other load on the shared machine matters less); decisions are the `decisions` column (the
searched decisions of every seat). Results are printed and saved as JSON in benchmarks/results/.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import polars as pl

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from bench import machine  # noqa: E402

PLAYOUT = str(Path(sys.executable).parent / "playout")


def timed_run(game: str, players: str, n: int, out: Path) -> tuple[float, float, pl.DataFrame]:
    """(CPU seconds, wall seconds, games) of one `playout run` in a child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    cmd = [PLAYOUT, "run", game, "-n", str(n), "-t", "1", "--players", players, "--out", str(out), "-q", "--seed", "5"]
    subprocess.run(cmd, check=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, pl.read_parquet(out / "games.parquet")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="yokohama")
    ap.add_argument("--iters", type=int, default=50)
    ap.add_argument("--depth", type=int, default=20)
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--code", help="a search player code (overrides --iters/--depth), e.g. mcts-fast")
    a = ap.parse_args()
    code = a.code or f"mcts:iters={a.iters},depth={a.depth}"
    result = {"machine": machine(), "game": a.game, "code": code, "date": time.strftime("%Y-%m-%d")}
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        # warm the cache (and measure that a second process only loads it: start-up of a 1-game run)
        timed_run(a.game, f"{code},greedy*3", 1, tmp / "warm")
        cpu1, wall1, _ = timed_run(a.game, f"{code},greedy*3", 1, tmp / "again")
        result["one_game_run_after_warm_cache_s"] = round(wall1, 2)
        cpu, wall, g = timed_run(a.game, f"{code}*4", a.games, tmp / "all4")
        decisions = int(g["decisions"].sum())
        result.update(
            games=a.games,
            decisions=decisions,
            cpu_s=round(cpu, 2),
            seconds_per_game_all_four_search=round(cpu / a.games, 2),
            decisions_per_s_per_core=round(decisions / cpu, 1),
        )
    print(json.dumps(result, indent=2))
    name = "" if a.code is None else "-" + a.code.replace(":", "-").replace(",", "-").replace("=", "")
    out = HERE / "results" / f"{result['date']}-mcts-{a.game}{name}.json"
    out.write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    os.environ.setdefault("NUMBA_NUM_THREADS", "1")
    main()
