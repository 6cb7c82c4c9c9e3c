"""`playout answers`: a game's flagship answers at the strongest rung of its ladder, and which have settled."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from commands import options as opt
from commands.options import BadInput, Interrupted


def answers(
    game: opt.GameArgument,
    play: Annotated[
        bool, typer.Option("--play", help="Play what is not kept yet (or kept stale) under every rung, then answer.")
    ] = False,
    rungs: Annotated[
        str | None,
        typer.Option(
            "--rungs",
            help="The rungs, as comma-separated player codes (default: greedy, tuned, student, "
            "learned and the ladder's two strongest; reading: every kept one).",
        ),  # fmt: skip
    ] = None,
    n: Annotated[
        int, typer.Option("-n", "--games", help="--play: games per rung (per value for a fair value).")
    ] = 2000,
    seed: Annotated[int, typer.Option("--seed", "-s", help="--play: master seed.")] = 1,
    players: Annotated[
        list[int] | None,
        typer.Option("--players", help="Only the answers at this many players (repeatable; default: every count)."),
    ] = None,
    store: Annotated[str | None, typer.Option("--store", help="Where answers are kept (default runs/answers).")] = None,
    html: Annotated[
        str | None, typer.Option("--html", help="Also write the answers as a page with a plot per answer here.")
    ] = None,
    threads: opt.ThreadsOption = None,
    dry_run: Annotated[
        bool,
        typer.Option("--dry-run", "--plan", help="--play: show each rung's cost and the plan only."),
    ] = False,
):
    """Every flagship answer of a game (each seat's win rate at every player count; Yokohama's fair start money
    at 3 and 4 players) at the strongest rung of the skill ladder that played it, with its 95% interval and its
    verdict: settled where the two strongest rungs agree within narrow intervals, still moving otherwise (and
    which way), with what would settle it. Reading plays nothing: answers are read from the store, and one
    played by other code, rules, data or players than today's is named stale. --play plays what is missing.

    Examples:

      playout answers lagranja --play -n 2000

      playout answers yokohama

      playout answers yokohama --html runs/yokohama-answers

      playout answers gangsta --play -n 1600 --players 4
    """
    from reports.experiments import answers as an
    from strategies import split_codes

    opt.game_info(game)
    counts = sorted(set(players)) if players else None
    asked = sorted({f.players for f in an.flagships(game)})
    for p in counts or ():
        if p not in asked:
            raise BadInput(f"--players {p}: {game}'s answers are at {asked[0]} to {asked[-1]} players")
    opt.positive(n, "-n")
    opt.index(seed, "--seed")
    threads = opt.threads(threads)
    where = opt.out_dir(store, an.STORE, "--store")
    page = opt.out_dir(html, Path(), "--html") if html is not None else None
    chosen = split_codes(rungs) if rungs is not None else None
    if chosen is not None:
        _check_rungs(game, chosen)
    if play:
        _play(game, where, chosen or an.default_rungs(game), seed, n, threads, dry_run, counts)
        if dry_run:
            return
    judged, kept = an.gather(game, where, chosen, counts)
    print_answers(game, judged, kept)
    if page is not None:
        if not an.current_answers(kept):
            raise BadInput(f"--html: no current answer of {game} is kept to show: play them with --play")
        with opt.claim(page):
            an.write_page(game, page, judged, kept)
        typer.echo(f"written to {page / 'report.html'}")


def _check_rungs(game: str, codes: list[str]) -> None:
    from sim.registry import get_game

    book = get_game(game).strategies
    if not codes:
        raise BadInput("--rungs is empty: give player codes, comma-separated")
    for code in codes:
        book.player(code)  # an unknown code or weight: one line with a did-you-mean
    if len(set(codes)) < len(codes):
        raise BadInput("--rungs gives a code twice: give each once")


def _play(game: str, store: Path, rungs: list[str], seed: int, n: int, threads, dry_run: bool, counts) -> None:
    """Measure each rung's cost with a short pilot, show the plan, then (unless a dry run) play what is not kept."""
    from commands import console
    from reports.experiments import answers as an
    from reports.experiments.ladder import SHORT_PILOT, per_game, warm
    from sim.engine import prepare

    recipes = an.lineups(game, rungs, seed, n, counts)
    for recipe in recipes:
        prepare(recipe)  # every rung must be playable before anything runs

    def pilot():  # a learned or searching rung's game costs 10 to 1,000 times greedy's: plan in CPU seconds
        warm(recipes[0], threads)
        return {tuple(r.players): per_game(r, r.players, threads, SHORT_PILOT, r.n)[0] for r in recipes}

    costs = console.pilot(recipes[0], "rung", pilot)
    total = an.planned_cpu(game, rungs, n, costs, counts)
    for code in rungs:
        each = ", ".join(f"{len(p)} players {c * 1000:.3g} ms" for p, c in costs.items() if p[0] == code)
        typer.echo(f"  {code}: a game costs {each} of CPU")
    cores = threads or os.cpu_count() or 1
    typer.echo(f"plan: {console.amount(total)} CPU s for every answer under every rung, about "
               f"{console.clock(total / cores)} on {cores} cores (answers kept are not played again)")  # fmt: skip
    if dry_run:
        return
    with opt.claim(store / game):
        bar, advance = console.progress(total, f"{game} flagship answers", unit="CPU s")
        try:
            with bar:
                an.play(game, store, rungs, seed, n, threads, advance, costs, counts)
        except Interrupted:
            raise Interrupted(f"interrupted; every finished answer and chunk is kept in {store / game}: rerun the "
                              "same command to go on") from None  # fmt: skip


def print_answers(game: str, judged, kept) -> None:
    """One row per conclusion: the answer at the strongest rung that gave it and its verdict; then, verdict by
    verdict, why each answer that has not settled has not, and what would settle it."""
    from rich.console import Console
    from rich.table import Table

    from reports.analysis.robustness import MOVING, SETTLED

    console = Console()
    t = Table("answer", "conclusion", "strongest rung", "answer [95% interval]", "verdict",
              title=f"{game}: flagship answers against the players' strength")  # fmt: skip
    for j in judged:
        e = j.strongest
        value = f"{e.value:.4g} [{e.lo:.4g}, {e.hi:.4g}]" if e else ""
        verdict = j.verdict.split(":")[0]  # the reason follows below the table
        if j.verdict == MOVING:
            verdict = "still moving " + ("up" if "rises" in j.why else "down")
        t.add_row(j.flagship.title, j.conclusion, e.variation.players if e else "", value, verdict)
    console.print(t)
    for title, k in [(f.title, k) for f, ks in kept.items() for k in ks if k.stale]:
        console.print(f"stale, not shown: {title} under {k.code}: {k.stale}")
    console.print(f"{sum(j.verdict == SETTLED for j in judged)} of {len(judged)} conclusions settled")
    console.print(rests_on(game, kept))
    for verdict in dict.fromkeys(j.verdict for j in judged if j.verdict != SETTLED):
        group = [j for j in judged if j.verdict == verdict]
        console.print(f"{verdict} ({len(group)}):")
        for j in group:
            console.print(f"- {j.flagship.title}{', ' + j.conclusion if j.conclusion else ''}: {j.why}")
        for settle in dict.fromkeys(j.settle for j in group):
            console.print(f"  to settle: {settle}")


def rests_on(game: str, kept) -> str:
    """The rungs the answers rest on, with their ratings on the shipped ladder."""
    from reports.analysis.strength import shipped
    from reports.experiments import answers as an

    ratings, doc = an.ladder_ratings(game), shipped(game)
    codes = sorted({k.code for ks in kept.values() for k in ks if k.estimates and not k.stale},
                   key=lambda c: ratings.get(c, [float("inf")])[0])  # fmt: skip
    rungs = ", ".join(f"{c} {ratings[c][0]:.2f}" if c in ratings else f"{c} (unrated)" for c in codes)
    if doc is None or not ratings:
        return f"rungs: {rungs or 'none'} ({game} has no shipped ladder that rates its players as they play now)"
    return (
        f"rungs: {rungs or 'none'} (ratings in logits on strategies/ladders/{game}.json, {doc.get('players')} "
        f"players, rules {doc['rules_version']}; its strongest: {max(ratings, key=lambda c: ratings[c][0])})"
    )
