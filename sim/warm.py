"""Compile every game's kernels into numba's on-disk cache before they are needed.

A cold cache costs about a minute per kernel and game. Processes that start together on a cold cache (the
test suite's workers, a dask cluster's) would each compile the same kernels; warming first, one game per
process and core, compiles each kernel once and lets every later process load it in about a second.
`python -m sim.warm [GAME ...]` warms the named games (default: all), `--jobs` at a time.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path


def warm_game(game: str) -> float:
    """Compile (or load) `game`'s play kernel and its traced kernel in this process; the seconds it took."""
    from sim.engine import Recipe, compile_kernels, prepare
    from sim.registry import get_game

    started = time.perf_counter()
    spec = get_game(game)
    prep = prepare(Recipe(game, ["greedy"] * spec.max_players, seed=1, n=1, chunk=1))
    compile_kernels(prep)  # one dispatcher holds every bot of the game, search included
    compile_kernels(prep, traced=True)
    return time.perf_counter() - started


def warm(games: list[str], jobs: int) -> dict[str, float]:
    """Warm each game in its own process, `jobs` at a time; the wall seconds per game."""

    def one(game: str) -> tuple[str, float]:
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "sim.warm", "--in-process", game], check=True, env=os.environ.copy())
        return game, time.perf_counter() - started

    with ThreadPoolExecutor(max(1, jobs)) as pool:
        return dict(pool.map(one, sorted(games, key=source_size, reverse=True)))


def source_size(game: str) -> int:
    """Bytes of the game's kernel sources and bots: a proxy for its compile time, so the longest compiles
    start first and no core idles at the end."""
    root = Path(__file__).resolve().parent
    bots = root.parent / "strategies"
    files = [*(root / "games" / game).rglob("*.py"), *bots.glob(f"{game}.py"), *(bots / game).rglob("*.py")]
    return sum(f.stat().st_size for f in files)


def main(argv: list[str] | None = None) -> None:
    from sim.registry import available

    parser = argparse.ArgumentParser(prog="python -m sim.warm", description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games to warm (default: every registered game)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes at a time")
    parser.add_argument("--in-process", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    games = args.games or list(available())
    if args.in_process:
        for game in games:
            warm_game(game)
        return
    for game, seconds in warm(games, args.jobs).items():
        print(f"warmed {game}'s kernels in {seconds:.1f} s", flush=True)


if __name__ == "__main__":
    main()
