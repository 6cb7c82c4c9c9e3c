"""`playout sweep`: one rule knob over a range on the same seeds, and the value at which a seat is fair."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from commands import options as opt
from commands.options import BadInput


def sweep(
    game: opt.GameArgument,
    sets: Annotated[
        list[str], typer.Option("--set", help="KNOB=LO..HI[:STEP] to sweep (one), or KNOB=VALUE to fix (repeatable).")
    ],
    n: Annotated[int, typer.Option("-n", "--games", help="Games per value.")] = 20_000,
    players: Annotated[str | None, typer.Option("--players", "-p", help="Player codes, one per seat.")] = None,
    seat: Annotated[
        int | None, typer.Option("--seat", help="Seat whose fairness is asked (default: from the knob).")
    ] = None,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Master seed (the same for every value).")] = 1,
    data: opt.DataOption = None,
    out: opt.OutOption = None,
    threads: opt.ThreadsOption = None,
):
    """Sweep one rule knob over a range on the same seeds: win rate per seat with its 95% band, and the value
    at which the seat becomes fair (crosses 1/players) with an interval.

    Examples:

      playout sweep yokohama --set start_money.seat0=0..8 -n 200000

      playout sweep yokohama --set start_money.seat0=0..8:2 --players greedy*3 -n 50000

      playout sweep yokohama --set final.church_first=2..10 --set start_money.seat0=4 --seat 1 -n 20000
    """
    opt.game_info(game)
    opt.positive(n, "-n")
    opt.index(seed, "--seed")
    threads = opt.threads(threads)
    codes = opt.lineup(game, players)
    from sim.experiments import parse_range
    from sim.params import parse_assignments

    raw = parse_assignments(sets)
    ranged = {k: v for k, v in raw.items() if ".." in v}
    if len(ranged) != 1:
        raise BadInput(f"sweep needs exactly one --set KNOB=LO..HI[:STEP], got {len(ranged)}")
    knob, text = next(iter(ranged.items()))
    fixed = opt.params_overrides(game, [f"{k}={v}" for k, v in raw.items() if k != knob])
    from sim.registry import get_game

    spec = get_game(game)
    values = parse_range(knob, text, spec.params)
    for v in values:
        spec.params.values({**fixed, knob: v})  # every value must be possible before anything runs
    from reports.analysis import sweep as sw

    asked = seat if seat is not None else (sw.seat_of_knob(knob) or 0)
    if not 0 <= asked < len(codes):
        raise BadInput(f"--seat {asked}: the game has seats 0..{len(codes) - 1}")
    from commands import console
    from reports.experiments.questions import knob_sweep
    from sim.engine import Recipe, chunk_for, prepare
    from sim.experiments import sweep_arms

    base = Recipe(game, codes, seed, n, chunk_for(game, codes, n), fixed, opt.data(game, data))
    for _, arm in sweep_arms(base, knob, values):
        prepare(arm)  # every value must be possible with this lineup before anything runs
    console.experiment(
        base, n * len(values), 6 + 3 * len(codes), f"-n {n} at each of {len(values)} values",
        opt.out_dir(out, Path("runs") / f"sweep-{game}-{knob}-{len(codes)}p-seed{seed}-n{n}"),
        f"{game} sweep of {knob}",
        lambda out, advance: knob_sweep(base, knob, values, asked, out, threads, advance), print_sweep,
        (len(values), "arms"),
    )  # fmt: skip


def print_sweep(answer) -> None:
    import polars as pl
    from rich.console import Console
    from rich.table import Table

    from commands.console import footer

    console = Console()
    table, c = answer.tables["win_rates"], answer.extra["crossing"]
    knob, seat, players = answer.extra["knob"], answer.extra["seat"], answer.extra["players"]
    t = Table(knob, *(f"seat {s}" for s in range(players)), title=f"win rate per seat (fair {1 / players:.1%})")
    for v in sorted(table["value"].unique().to_list()):
        part = table.filter(pl.col("value") == v).sort("seat").iter_rows(named=True)
        t.add_row(str(v), *(f"{r['win_rate']:.1%} [{r['lo']:.1%}, {r['hi']:.1%}]" for r in part))
    console.print(t)
    if c.found:
        console.print(f"seat {seat} is fair at {knob} = {c.x:.2f} (95% interval {c.lo:.2f} to {c.hi:.2f}; {c.method})")
    else:
        console.print(f"seat {seat}: {c.message}")
    console.print(footer(answer.manifest, timed=True))
