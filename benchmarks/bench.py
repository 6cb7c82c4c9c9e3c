"""Speed, compile time, start-up and memory of playout, measured on this machine.

    python benchmarks/bench.py                          # kernels, JIT-off ratio, compile, start-up (~5 min)
    python benchmarks/bench.py --end-to-end 1000000     # also: a 1M-game `playout run`, wall time
    python benchmarks/bench.py --memory 10000000        # also: peak RSS of a 10M-game `playout run`

Throughput is measured on the kernels directly: per core with one numba thread and the process's CPU time
(so other load on the machine matters less), and with two threads in wall time. `NUMBA_DISABLE_JIT=1` runs
the same code as Python for the speedup ratio. Compile times use a fresh, empty kernel cache in a
subprocess. Results are printed as a Markdown table and saved as JSON next to this file.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
PY = sys.executable


def machine() -> dict:
    cpu = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
        mem = next(x for x in Path("/proc/meminfo").read_text().splitlines() if x.startswith("MemTotal"))
        ram = f"{int(mem.split()[1]) / 2**20:.0f} GiB"
    except (OSError, StopIteration):
        ram = "unknown"
    import numba

    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "ram": ram,
        "python": platform.python_version(),
        "numba": numba.__version__,
        "date": time.strftime("%Y-%m-%d"),
    }


KERNEL_SNIPPET = """
import json, sys, time
import numpy as np, numba
from sim.engine import Recipe, play_range, prepare
game, players, n, threads = sys.argv[1], sys.argv[2].split(","), int(sys.argv[3]), int(sys.argv[4])
numba.set_num_threads(threads)
prep = prepare(Recipe(game, players, 1, n, n))
def play(first, count):
    return play_range(prep, first, count)
play(10_000_000, 4)  # compile or load the kernels outside the timing
cpu, wall = time.process_time(), time.perf_counter()
out = play(0, n)
cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
print(json.dumps({"games": n, "cpu": cpu, "wall": wall, "decisions": int(out[:, 2].sum()),
                  "steps": int(out[:, 1].sum()), "rounds": float(out[:, 3].mean())}))
"""


def kernel_run(game: str, players: list[str], n: int, threads: int, jit: bool = True) -> dict:
    env = dict(os.environ)
    if not jit:
        env["NUMBA_DISABLE_JIT"] = "1"
    r = subprocess.run(
        [PY, "-c", KERNEL_SNIPPET, game, ",".join(players), str(n), str(threads)],
        capture_output=True, text=True, env=env, check=True,
    )  # fmt: skip
    return json.loads(r.stdout.strip().splitlines()[-1])


def throughput(game: str, counts: list[int], bots: list[str], n_greedy: int, n_random: int) -> list[dict]:
    rows = []
    for players in counts:
        for bot in bots:
            n = n_random if bot == "random" else n_greedy
            lineup = [bot] * players
            one = kernel_run(game, lineup, n, 1)
            two = kernel_run(game, lineup, n, 2)
            rows.append({
                "game": game, "players": players, "bot": bot, "games": n, "rounds": round(one["rounds"], 1),
                "decisions_per_game": round(one["decisions"] / n, 1),
                "games_per_s_core": round(n / one["cpu"]), "decisions_per_s_core": round(one["decisions"] / one["cpu"]),
                "games_per_s_2_threads": round(n / two["wall"]),
            })  # fmt: skip
            print(f"  {game} {players}p {bot}: {rows[-1]['games_per_s_core']:,} games/s/core, "
                  f"{rows[-1]['decisions_per_s_core']:,} decisions/s/core, "
                  f"{rows[-1]['games_per_s_2_threads']:,} games/s on 2 threads", flush=True)  # fmt: skip
    return rows


def jit_ratio(game: str, n_python: int) -> list[dict]:
    rows = []
    for bot in ("random", "greedy"):
        lineup = [bot] * 4
        py = kernel_run(game, lineup, n_python, 1, jit=False)
        jit = kernel_run(game, lineup, max(200, n_python * 50), 1)
        python_rate = n_python / py["cpu"]
        jit_rate = jit["games"] / jit["cpu"]
        rows.append(
            {"bot": bot, "python_games_per_s": round(python_rate, 1), "jit_games_per_s": round(jit_rate),
             "speedup": round(jit_rate / python_rate)}
        )  # fmt: skip
        print(f"  JIT off, {bot}: {rows[-1]['python_games_per_s']} games/s vs {rows[-1]['jit_games_per_s']:,} "
              f"({rows[-1]['speedup']}x)", flush=True)  # fmt: skip
    return rows


def timed(cmd: list[str], env: dict | None = None) -> float:
    t = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True, env=env)
    return time.perf_counter() - t


def compile_times(game: str) -> dict:
    """Cold: an empty kernel cache; cached: the same cache again (both `playout run -n 1000`, wall)."""
    with tempfile.TemporaryDirectory() as cache, tempfile.TemporaryDirectory() as runs:
        env = {**os.environ, "PLAYOUT_CACHE_DIR": cache}
        cmd = [PY, "-m", "cli", "run", game, "-n", "1000", "-q", "--out"]
        cold = timed([*cmd, f"{runs}/a"], env)
        cached = min(timed([*cmd, f"{runs}/{i}"], env) for i in "bcd")
    help_s = min(timed([PY, "-m", "cli", "--help"]) for _ in range(5))
    out = {"cold_run_1000_s": round(cold, 1), "cached_run_1000_s": round(cached, 2), "help_s": round(help_s, 3)}
    print(f"  {game}: cold compile + 1,000 games {out['cold_run_1000_s']} s; cached start + 1,000 games "
          f"{out['cached_run_1000_s']} s; playout --help {out['help_s']} s", flush=True)  # fmt: skip
    return out


def end_to_end(game: str, n: int) -> dict:
    with tempfile.TemporaryDirectory() as runs:
        wall = timed([PY, "-m", "cli", "run", game, "-n", str(n), "-q", "--out", f"{runs}/e2e"])
    out = {"games": n, "wall_s": round(wall, 1), "games_per_s": round(n / wall)}
    print(f"  {game}: playout run -n {n:,} (greedy*4, 2 threads) in {out['wall_s']} s", flush=True)
    return out


def peak_memory(game: str, n: int) -> dict:
    with tempfile.TemporaryDirectory() as runs:
        cmd = [PY, "-m", "cli", "run", game, "-n", str(n), "-q", "--players", "greedy*4", "--out", f"{runs}/mem"]
        r = subprocess.run(["/usr/bin/time", "-v", *cmd], capture_output=True, text=True, check=True)
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", r.stderr).group(1))
    wall = re.search(r"Elapsed \(wall clock\) time.*: (\S+)", r.stderr).group(1)
    out = {"games": n, "peak_rss_mib": round(rss / 1024), "wall": wall}
    print(f"  {game}: playout run -n {n:,}: peak RSS {out['peak_rss_mib']} MiB, wall {wall}", flush=True)
    return out


def markdown(res: dict) -> str:
    m = res["machine"]
    lines = [f"Machine: {m['cpu']}, {m['cores']} cores, {m['ram']}, Python {m['python']}, numba {m['numba']}, "
             f"{m['date']}.", "", "| game | players | bot | rounds | decisions/game | games/s per core | "
             "decisions/s per core | games/s on 2 threads |", "|---|---|---|---|---|---|---|---|"]  # fmt: skip
    for r in res["throughput"]:
        rates = f"{r['games_per_s_core']:,} | {r['decisions_per_s_core']:,} | {r['games_per_s_2_threads']:,}"
        head = f"| {r['game']} | {r['players']} | {r['bot']} | {r['rounds']} | {r['decisions_per_game']} |"
        lines.append(f"{head} {rates} |")
    for r in res.get("jit_ratio", []):
        lines.append(f"\nNUMBA_DISABLE_JIT=1, {r['bot']} 4p: {r['python_games_per_s']} games/s against "
                     f"{r['jit_games_per_s']:,} compiled: **{r['speedup']}x**.")  # fmt: skip
    for game, c in res.get("compile", {}).items():
        lines.append(f"\n{game}: cold compile + 1,000 games **{c['cold_run_1000_s']} s**; cached start + 1,000 games "
                     f"**{c['cached_run_1000_s']} s**; `playout --help` {c['help_s']} s.")  # fmt: skip
    if "end_to_end" in res:
        e = res["end_to_end"]
        lines.append(f"\n`playout run -n {e['games']:,}` (greedy, 4 players, parquet and manifest written): "
                     f"**{e['wall_s']} s** ({e['games_per_s']:,} games/s).")  # fmt: skip
    if "memory" in res:
        mm = res["memory"]
        lines.append(f"\n`playout run -n {mm['games']:,}`: peak RSS **{mm['peak_rss_mib']} MiB** (wall {mm['wall']}).")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="yokohama")
    ap.add_argument("--players", default="2,3,4")
    ap.add_argument("--greedy-games", type=int, default=8000)
    ap.add_argument("--random-games", type=int, default=2000)
    ap.add_argument("--python-games", type=int, default=4)
    ap.add_argument("--end-to-end", type=int, default=0, help="also time `playout run -n N` (greedy*4)")
    ap.add_argument("--memory", type=int, default=0, help="also measure peak RSS of `playout run -n N`")
    ap.add_argument("--skip-jit-ratio", action="store_true")
    ap.add_argument("--skip-compile", action="store_true")
    args = ap.parse_args()
    res = {"machine": machine()}
    print("throughput (kernels):", flush=True)
    counts = [int(x) for x in args.players.split(",")]
    res["throughput"] = throughput(args.game, counts, ["random", "greedy"], args.greedy_games, args.random_games)
    if not args.skip_jit_ratio:
        print("JIT off:", flush=True)
        res["jit_ratio"] = jit_ratio(args.game, args.python_games)
    if not args.skip_compile:
        print("compile and start-up:", flush=True)
        res["compile"] = {args.game: compile_times(args.game)}
    if args.end_to_end:
        res["end_to_end"] = end_to_end(args.game, args.end_to_end)
    if args.memory:
        res["memory"] = peak_memory(args.game, args.memory)
    out = HERE / "results" / f"{res['machine']['date']}-{args.game}.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(res, indent=2) + "\n")
    print("\n" + markdown(res))
    print(f"\nsaved {out}")


if __name__ == "__main__":
    main()
