"""`playout ladder`: every population of a game on one rating scale, its games per pair planned from a CPU
budget and shown before anything is played."""

from __future__ import annotations

import shlex
import time
from pathlib import Path
from typing import Annotated

import typer

from commands import options as opt
from commands.options import BadInput, Interrupted


def ladder(
    game: opt.GameArgument,
    only: Annotated[
        str | None, typer.Option("--only", help="The populations, as player codes (default: the book's and mcts-fast).")
    ] = None,
    add: Annotated[
        list[str] | None, typer.Option("--add", help="A further player code or preset (repeatable).")
    ] = None,
    players: Annotated[int, typer.Option("--players", help="Players per game.")] = 4,
    budget: Annotated[
        str | None, typer.Option("--budget", help="CPU time for all games: seconds, or 90s, 20m, 2h (default 10m).")
    ] = None,
    games: Annotated[
        int | None, typer.Option("-n", "--games", help="Games per pair: exactly, or at most with --budget.")
    ] = None,
    anchor: Annotated[str | None, typer.Option("--anchor", help="The population rated 0 (default: random).")] = None,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Master seed (every pair uses it).")] = 1,
    sets: opt.SetsOption = None,
    data: opt.DataOption = None,
    out: opt.OutOption = None,
    threads: opt.ThreadsOption = None,
    settle_top: Annotated[
        str | None,
        typer.Option(
            "--settle-top",
            help="CPU time for more games among the populations the ladder cannot tell from its strongest, "
            "after the plan (90s, 20m, 2h).",
        ),
    ] = None,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", "--plan", help="Measure and show the plan; play nothing.")
    ] = False,
):
    """The strength of every population of a game on one scale: one seat of A against a field of B for
    every pair, Bradley-Terry ratings with 95% intervals (random = 0), the matrix behind them. The games
    per pair are planned from a CPU budget with a short pilot, shown before anything is played, and kept
    in --out so an interrupted ladder resumes.

    Examples:

      playout ladder yokohama --budget 20m

      playout ladder gangsta --only random,greedy,heister,recruiter,defender,mcts --budget 1h --dry-run

      playout ladder lagranja --add greedy:w_vp=2 -n 2000

      playout ladder yokohama --budget 8m --settle-top 30m

    With --settle-top, once the plan is played, the strongest population and every one whose distance from it
    has an interval holding 0 play each other again on fresh deals, from that budget, and the ratings are
    fitted on all the games: two strong players the equal shares left apart get the games that order them.
    """
    info = opt.game_info(game)
    opt.index(seed, "--seed")
    threads = opt.threads(threads)
    if not info.players[0] <= players <= info.players[1]:
        raise BadInput(f"{game} is played by {info.players[0]} to {info.players[1]} players, not {players}")
    if players < 2:
        raise BadInput(f"--players {players}: a ladder puts one seat of A against a field of B, so it needs 2 or more")
    if games is not None:
        opt.positive(games, "-n")
        if games < players:
            raise BadInput(f"-n {games}: each pair needs at least {players} games, one rotation of the seats")
    seconds = None if budget is None and games is not None else _cpu_seconds("10m" if budget is None else budget)
    settling = None if settle_top is None else _cpu_seconds(settle_top, "--settle-top")
    most = games if games is not None else 4000
    params = opt.params_overrides(game, sets or [])
    from sim.registry import get_game
    from strategies import split_codes

    book = get_game(game).strategies
    from reports.experiments.asked.base import one_name_per_bot
    from reports.experiments.ladder import anchor_of, populations

    added = [code for text in add or [] for code in split_codes(text)]
    codes = populations(book, None if only is None else split_codes(only), added)
    one_name_per_bot(get_game(game), codes, "the ladder (--only, --add)")
    anchored = anchor_of(codes, None if anchor is None else book.player(anchor).code)
    from commands import console
    from commands.console import clock
    from reports.experiments.ladder import kept_plan, play_plan, rate
    from sim.engine import Recipe, prepare

    base = Recipe(game, codes[:1] * players, seed, players, players, params, opt.data(game, data))
    where = opt.out_dir(out, Path("runs") / f"ladder-{game}-{players}p-seed{seed}")
    prep = prepare(base)
    with opt.claim(where):
        console.compile_kernels(prep)
        measuring = lambda: typer.echo("measuring each population's cost per game (pilot)...")  # noqa: E731
        try:
            plan, kept = kept_plan(where, base, codes, players, seconds, most, threads, measuring)
        except Interrupted:
            raise Interrupted("interrupted while measuring the populations' costs (pilot); nothing was kept") from None
        print_ladder_plan(plan, kept)
        if settling is not None:
            typer.echo(
                f"then {settling:,.0f} CPU s more settling the top ({clock(settling)}): which populations it plays "
                "is known once the plan's games are rated"
            )
        if dry_run:
            typer.echo(f"plan kept in {where}: the same command without --dry-run plays it")
            return
        opt.fits_in_memory(sum(arm["games"] for arm in plan["arms"]), 8 * (6 + 3 * players), "the ladder's games")
        from reports.analysis.strength import fingerprints, ladder_doc, write_ladder

        played = fingerprints(game, codes)  # what each code plays as the games start
        started = time.perf_counter()
        bar, advance = console.progress(plan["cpu"], f"{game} ladder", unit="CPU s")
        try:
            with bar:
                frames = play_plan(base, plan, where, threads, advance)
        except Interrupted:
            raise Interrupted(kept_ladder(where, len(plan["arms"]))) from None
        if settling is not None:
            plan, frames = settle(base, plan, frames, settling, where, threads, game)
        answer = rate(base, plan, frames, anchored, where, started)
        command = shlex.join(["playout", *opt.ARGV])
        write_ladder(where, ladder_doc(answer.manifest, answer.tables["ratings"], command, played))
    print_ladder(answer)
    typer.echo(f"written to {where} (ladder.json: copy it to strategies/ladders/{game}.json to ship it)")


def settle(base, plan: dict, frames: list, budget: float, where: Path, threads, game: str):
    """(plan, frames) with more games among the populations the plan's games cannot tell from the strongest,
    played from `budget` CPU seconds; the plan and frames unchanged, and why, when there is nothing to settle."""
    from commands import console
    from reports.experiments.ladder import contenders, play_plan, settle_plan, with_settling
    from sim.store import GO_ON

    among = contenders(base, frames)
    more = settle_plan(plan, among, budget)
    if more is None:
        why = (
            f"the strongest, {among[0]}, is ahead of every other population"
            if len(among) == 1
            else f"--settle-top {budget:g} CPU s cannot give each pair of {among} one rotation of the seats"
            if among
            else "the games cannot be rated"
        )
        typer.echo(f"nothing to settle at the top: {why}")
        return plan, frames
    typer.echo(f"the plan's games cannot tell {', '.join(among[1:])} from the strongest, {among[0]}: settling them")
    print_ladder_plan(more, False)
    bar, advance = console.progress(more["cpu"], f"{game} ladder, settling the top", unit="CPU s")
    try:
        with bar:
            more_frames = play_plan(base, more, where, threads, advance)
    except Interrupted:
        raise Interrupted(f"interrupted while settling the top; kept every pair of the plan and the settling games "
                          f"played so far in {where}: {GO_ON}") from None  # fmt: skip
    return with_settling(plan, frames, more, more_frames)


def kept_ladder(where: Path, arms: int) -> str:
    """What an interrupted ladder keeps in `where` (its plan, its finished pairs and the finished chunks of
    others), and how to go on: the same command resumes it."""
    from sim.store import GO_ON, finished_parts

    done, started = finished_parts(where)
    more = f" and the finished chunks of {started} more" if started else ""
    return f"interrupted; kept the plan and {done} of {arms} pairs{more} in {where}: {GO_ON}"


def _cpu_seconds(text: str, option: str = "--budget") -> float:
    """'600', '90s', '20m', '2h' -> seconds (at least 1)."""
    units = {"s": 1, "m": 60, "h": 3600}
    body, scale = (text[:-1], units[text[-1]]) if text and text[-1] in units else (text, 1)
    try:
        seconds = float(body) * scale
    except ValueError:
        raise BadInput(f"{option} {text!r} is not a CPU time: write seconds, or 90s, 20m, 2h") from None
    if not 1 <= seconds < 1e9:
        raise BadInput(f"{option} {text!r}: the CPU time must be at least 1 second")
    return seconds


def print_ladder_plan(plan: dict, kept: bool) -> None:
    """The ladder's plan before it plays: games per pair and what they are estimated to cost."""
    from rich.console import Console
    from rich.table import Table

    from commands.console import clock
    from reports.experiments.ladder import UNCAPPED

    console = Console()
    codes = plan["codes"]
    t = Table("one seat of \\ field of", *codes, title=f"games per pair ({plan['players']} players)")
    lookup = {(arm["a"], arm["b"]): arm for arm in plan["arms"]}
    for a in codes:
        t.add_row(a, *(f"{lookup[a, b]['games']:,}" if (a, b) in lookup else "-" for b in codes))
    console.print(t)
    costs = ", ".join(f"{code} {1000 * s:.3g}" for code, s in plan["cost_per_seat"].items())
    console.print(f"CPU ms one seat adds to a game (pilot): {costs}")
    budget = "no budget (the same games per pair)" if plan["budget"] is None else f"budget {plan['budget']:,.0f} CPU s"
    games = sum(arm["games"] for arm in plan["arms"])
    console.print(
        f"plan{' (kept from an earlier attempt)' if kept else ''}: {games:,} games in {len(plan['arms'])} pairs, "
        f"about {plan['cpu']:,.0f} CPU s ({clock(plan['cpu'])}), {clock(plan['wall'])} wall at the pilot's pace; "
        f"{budget}" + (f", at most {plan['most']:,} games per pair" if plan["most"] < UNCAPPED else "")
    )


def print_ladder(answer) -> None:
    """The matrix and the ratings as `playout matrix` shows them, and what the ratings are relative to."""
    from rich.console import Console

    from commands.console import print_matrix

    print_matrix(answer)
    Console().print(f"ratings in logits relative to {answer.extra['anchor']} (= 0), 95% bootstrap intervals")
