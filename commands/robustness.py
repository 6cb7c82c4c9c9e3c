"""`playout robustness`: one balance question under every data set x lineup given, and what it rests on."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from commands import options as opt
from commands.options import BadInput


def robustness(
    game: opt.GameArgument,
    question: Annotated[
        str,
        typer.Option(
            "--question", "-q", help="The question: seat-fairness, fair-value, ... (an unknown one lists all)."
        ),
    ] = "seat-fairness",
    data: Annotated[
        list[str] | None,
        typer.Option("--data", help="A data set of `playout data GAME` or a directory to answer under (repeatable)."),
    ] = None,
    players: Annotated[
        list[str] | None, typer.Option("--players", "-p", help="A lineup to answer under (repeatable).")
    ] = None,
    n: Annotated[int, typer.Option("-n", "--games", help="Games per variation (per arm for experiments).")] = 10_000,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Master seed (the same in every variation).")] = 1,
    sets: Annotated[
        list[str] | None, typer.Option("--set", help="Rule knob KEY=VALUE, or KNOB=LO..HI to sweep for fair-value.")
    ] = None,
    seat: Annotated[int | None, typer.Option("--seat", help="fair-value: the seat asked.")] = None,
    cards: Annotated[str | None, typer.Option("--cards", help="card-value: the card kind.")] = None,
    only: Annotated[str | None, typer.Option("--only", help="card-value: comma-separated cards.")] = None,
    top: Annotated[int, typer.Option("--top", help="card-value: judge membership of the top K.")] = 5,
    strategies_: Annotated[str | None, typer.Option("--strategies", help="matchups: player codes to match up.")] = None,
    out: Annotated[str | None, typer.Option("--out", "-o", help="Output directory (reruns resume in it).")] = None,
    threads: opt.ThreadsOption = None,
):
    """Answer one balance question under every data set x lineup given, and say what the answer rests on:
    each variation's answer with its 95% interval, the spread, and a verdict per conclusion (holds in every
    variation / not established everywhere / depends on the data / on the players / on both).

    Finished variations are kept under OUT/variations/: rerunning the same command resumes.

    Examples:

      playout robustness yokohama --data builtin --data ALT --players greedy*4 --players mcts*4

      playout robustness yokohama -q fair-value --set start_money.seat0=0..6 -p greedy*3 --data builtin --data ALT

      playout robustness yokohama --question card-value --cards tech --players greedy*4 --players techs*4 -n 4000
    """
    from reports.experiments.asked import asked
    from reports.experiments.asked.base import bot

    opt.game_info(game)
    opt.positive(n, "-n")
    opt.index(seed, "--seed")
    threads = opt.threads(threads)
    asked(question)  # an unknown question: one line with a did-you-mean, before anything is prepared
    from sim.registry import get_game

    bots = get_game(game).strategies
    lineups = _distinct([opt.lineup(game, p) for p in (players or [None])], "--players",
                        key=lambda codes: tuple(bot(bots, c) for c in codes))  # fmt: skip
    data_sets = _distinct(
        [(d, opt.data(game, d)) for d in (data or ["builtin"])],
        "--data",
        key=lambda d: get_game(game).load_data(d[1]).fingerprint,
    )  # by contents, not by name
    if len(lineups) * len(data_sets) < 2:
        raise BadInput("robustness needs at least two variations: give --data or --players more than once")
    q, fixed = opt.question_of(game, question, sets or [], seat, cards, only, top, strategies_, lineups)
    from dataclasses import replace

    from commands import console
    from reports.experiments.variations import games_of, lineup_costs, variation_recipes
    from reports.experiments.variations import robustness as answer_robustness
    from sim.engine import Recipe, chunk_for, prepare

    base = Recipe(game, lineups[0], seed, n, chunk_for(game, lineups[0], n), fixed, data_sets[0][1])
    base = replace(base, n=q.asked.games_per_variation(n, len(lineups[0])))
    variations = variation_recipes(base, data_sets, lineups)
    for _, recipe in variations:
        prepare(recipe)  # every variation must be possible before anything runs
    games = sum(games_of(q, r) for _, r in variations)
    costs = console.pilot(base, "lineup", lambda: lineup_costs(variations, threads)) if len(lineups) > 1 else None
    work = (sum(games_of(q, r) * c for (_, r), c in zip(variations, costs, strict=True)), "CPU s") if costs else None
    console.experiment(
        base, games, 6 + 3 * max(len(c) for c in lineups), f"{len(variations)} variations of -n {n}",
        opt.out_dir(out, Path("runs") / f"robustness-{game}-{question}-seed{seed}-n{n}"),
        f"{game} robustness of {question}",
        lambda out, advance: answer_robustness(q, base, variations, out, threads, advance, costs), print_robustness,
        (len(variations), "variations"), work,
    )  # fmt: skip


def _distinct(items: list, option: str, key) -> list:
    """The variations an option gives, refusing one given twice (as typed, or resolved to the same bots or
    the same data contents): a repeated variation would agree with itself and pass for a second opinion."""
    seen = {}
    for item in items:
        typed = item[0] if option == "--data" else ",".join(item)
        if key(item) in seen:
            same = repr(typed) if seen[key(item)] == typed else f"{seen[key(item)]!r} and {typed!r}"
            raise BadInput(f"{option} gives the same variation twice ({same}): give each once")
        seen[key(item)] = typed
    return items


def print_robustness(result: dict) -> None:
    """One row per conclusion: its verdict, then its estimate and interval under each variation."""
    from rich.console import Console
    from rich.table import Table

    from commands.console import footer

    console = Console()
    variations = list(dict.fromkeys(e.variation for e in result["estimates"]))
    ratings, strength = result.get("ratings", {}), result.get("strength", {})
    rated = any(ratings.values())

    def heading(var) -> str:  # the variation, and its players' ladder rating when they have one
        r = ratings.get(var)
        return var.label + (f" (rating {r[0]:.2f} [{r[1]:.2f}, {r[2]:.2f}])" if r else "")

    extra = ("with strength",) if rated else ()
    t = Table("conclusion", "verdict", *extra, *(heading(v) for v in variations), title="what the answer rests on")
    cell = {(e.conclusion, e.variation): e for e in result["estimates"]}
    for v in result["verdicts"]:
        shown = [cell.get((v.conclusion, var)) for var in variations]
        judged = (strength.get(v.conclusion, ("", ""))[0],) if rated else ()
        t.add_row(v.conclusion, v.verdict, *judged,
                  *(f"{e.value:.3g} [{e.lo:.3g}, {e.hi:.3g}]" if e else "" for e in shown))  # fmt: skip
    console.print(t)
    for label, top in result["tops"].items():
        console.print(f"top under {label}: {', '.join(top)}")
    console.print(footer(result["manifest"]))
