"""`playout run`: N seeded games written to --out (resumable, on a cluster if asked), and their summary."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from commands import options as opt
from commands.options import Interrupted


def run(
    game: opt.GameArgument,
    n: Annotated[int, typer.Option("-n", "--games", help="Number of games.")] = 10_000,
    players: Annotated[
        str | None,
        typer.Option("--players", "-p", help="Player codes, one per seat (default: greedy in every seat)."),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Master seed: same seed, same games.")] = 1,
    out: opt.OutOption = None,
    sets: opt.SetsOption = None,
    data: opt.DataOption = None,
    threads: Annotated[int | None, typer.Option("--threads", "-t", help="Numba threads (default: all cores).")] = None,
    chunk: Annotated[
        int | None,
        typer.Option(
            "--chunk",
            help="Games per chunk, the resume unit (default 8192; 256 when a seat plays learned, 16 when one "
            "searches).",
        ),
    ] = None,
    resume: Annotated[bool, typer.Option("--resume", help="Continue an interrupted run in --out.")] = False,
    cluster: Annotated[
        str | None, typer.Option("--cluster", help="local[:WORKERS] or tcp://HOST:PORT (dask.distributed).")
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar or summary.")] = False,
):
    """Play N seeded games and write games.parquet + manifest.json to --out, then print a summary.

    Seats rotate with the game index, so every strategy plays every seat equally.

    Examples:

      playout run yokohama -n 100000 --out runs/yoko4

      playout run yokohama -n 20000 --players greedy,random,random --seed 7 --set start_money.seat0=4

      playout run yokohama -n 10000000 --out runs/big --resume
    """
    opt.game_info(game)
    opt.positive(n, "-n")
    if chunk is not None:
        opt.positive(chunk, "--chunk")
    opt.index(seed, "--seed")
    threads = opt.threads(threads)
    codes = opt.lineup(game, players)
    params = opt.params_overrides(game, sets or [])
    data_dir = opt.data(game, data)
    out = opt.out_dir(out, Path("runs") / f"{game}-{len(codes)}p-seed{seed}-n{n}")
    from sim.backends import parse_cluster
    from sim.engine import Recipe, chunk_for

    parse_cluster(cluster)
    recipe = Recipe(game, codes, seed, n, chunk or chunk_for(game, codes, n), params, data_dir)
    try:
        manifest = _run_with_progress(recipe, out, threads, cluster, resume, quiet)
    except Interrupted:
        raise Interrupted(_kept(out)) from None
    if not quiet:
        _print_summary(out, manifest)


def _kept(out: Path) -> str:
    """What an interrupted run leaves behind, and how to go on."""
    from sim.results import PARTS

    kept = len(list((out / PARTS).glob("part-*.json"))) if (out / PARTS).is_dir() else 0
    if not kept:
        return "interrupted before any chunk finished; nothing was kept"
    return f"interrupted; {kept} finished chunk(s) kept in {out}: rerun the same command with --resume to continue"


def _run_with_progress(recipe, out: Path, threads, cluster, resume: bool, quiet: bool) -> dict:
    from sim.engine import run as run_engine

    def warn(line: str) -> None:
        typer.echo(f"playout: warning: {opt.one_line(line)}", err=True)

    if quiet:
        return run_engine(recipe, out, threads=threads, cluster=cluster, resume=resume, on_warning=warn)
    from commands.console import progress

    bar, advance = progress(recipe.n, f"{recipe.game} ({len(recipe.players)}p)")
    with bar:
        return run_engine(
            recipe, out, threads=threads, cluster=cluster, resume=resume, on_chunk=advance, on_resume=advance.skip,
            on_compile=advance.compiling, on_warning=warn,
        )  # fmt: skip


def _print_summary(out: Path, manifest: dict):
    from sim.results import read_games

    print_run_summary(read_games(out), manifest, out)


def timing(m: dict) -> str:
    """What this session did and how fast: games played now, play time and rate, the compile apart."""
    played, seconds = m.get("games_played_this_session", m["n"]), m.get("play_seconds", m["wall_seconds"])
    rate = f"{m['games_per_second']:,.0f} games/s" if m.get("games_per_second") else "no games played"
    kept = f" ({m['n'] - played:,} kept from before)" if played < m["n"] else ""
    took = m.get("compile_seconds")  # None on a cluster, where each worker compiles within play
    compiled = "" if took is None else f"; kernels compiled or loaded in {took:.1f} s"
    return f"played {played:,} games in {seconds:.1f} s ({rate}){kept}{compiled}"


def print_run_summary(frame, manifest: dict, out) -> None:
    from rich.console import Console
    from rich.table import Table

    from commands.console import footer
    from reports.analysis.summary import by_seat, by_strategy

    console = Console()
    for title, rows in (("win rate by seat", by_seat(frame)), ("win rate by strategy", by_strategy(frame))):
        t = Table("", "games", "wins", "win rate", "95% interval", "mean score", title=title)
        for r in rows:
            interval = f"{r.lo:.1%} - {r.hi:.1%}"
            t.add_row(r.label, f"{r.games:,}", f"{r.wins:,}", f"{r.rate:.1%}", interval, f"{r.mean_score:.1f}")
        console.print(t)
    console.print(footer(manifest))
    console.print(timing(manifest))
    console.print(f"results: {out / 'games.parquet'}  manifest: {out / 'manifest.json'}")
