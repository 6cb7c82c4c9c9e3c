"""`playout distil`: a cheap student policy distilled from a strong player (reports/training/distil.py does the
work)."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Annotated

import typer

from commands import options as opt
from commands.options import BadInput, Interrupted


def distil(
    game: opt.GameArgument,
    teacher: Annotated[
        str, typer.Option("--teacher", help="The player code the student learns from (default: the shipped learned).")
    ] = "learned",
    players: opt.SeatsOption = None,
    games: Annotated[int, typer.Option("--games", help="Sampling games per generation.")] = 2000,
    generations: Annotated[
        int, typer.Option("--generations", help="Generations (0 samples the proposer's games).")
    ] = 3,
    eval_games: Annotated[
        int, typer.Option("--eval-games", help="Judging games per generation (one student seat vs greedy).")
    ] = 1000,
    temperature: Annotated[
        float, typer.Option("--temperature", help="Of the softmax of the teacher's ratings the student is fitted to.")
    ] = 0.2,
    choose_games: Annotated[
        int,
        typer.Option(
            "--choose-games",
            help="Games each candidate fit (a ridge and temperature) plays against greedy to be chosen; 0 chooses "
            "the ridge by agreement with the teacher instead (which was measured to pick students that never win).",
        ),
    ] = 1000,
    per_game: Annotated[int, typer.Option("--per-game", help="Positions labelled at most per game.")] = 24,
    stride: Annotated[int, typer.Option("--stride", help="A position labelled every this many decisions.")] = 4,
    after: Annotated[
        bool,
        typer.Option(
            "--after/--no-after",
            help="Weigh the features where each legal action lands, one step on (what an action brings; a step per "
            "legal action).",
        ),
    ] = True,
    table: Annotated[
        bool,
        typer.Option(
            "--table",
            help="Also fit a bias and coefficients per action id (agrees more with the teacher on held-out "
            "positions, but played far worse where measured: off by default).",
        ),
    ] = False,
    hidden: Annotated[
        int,
        typer.Option(
            "--hidden",
            help="Hidden units (up to 16) over the position and where each action lands, fitted from the linear "
            "student (the NNUE shape: what a feature of the landing is worth may then depend on the others).",
        ),
    ] = 0,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of every game played.")] = 1,
    out: Annotated[str | None, typer.Option("--out", "-o", help="Output directory (kept and resumable).")] = None,
    sets: opt.SetsOption = None,
    data: opt.DataOption = None,
    threads: opt.ThreadsOption = None,
):
    """Distil a student from a strong player: generation by generation the student plays, the teacher rates every
    legal action of positions of those games, and the student is fitted to the ratings (DAgger). Writes
    student.json (play it as student@OUT/student.json), the labelled positions, generations.json and report.html.
    The same command rerun into the same --out continues from what was kept.

    Examples:

      playout distil lagranja --games 2000 --generations 3 --out runs/distil-lg

      playout distil yokohama --teacher 'learned:lv_look=turn' --out runs/distil-yoko

      playout distil obsession --no-after --table --out runs/distil-ob   (the per-action table, no step)

      playout distil lagranja --hidden 16 --out runs/distil-lg-net   (a hidden layer over the linear student)

      playout run lagranja -n 20000 --players student@runs/distil-lg/student.json,greedy*3
    """
    info = opt.game_info(game)
    opt.index(seed, "--seed")
    threads = opt.threads(threads)
    from reports.training import distil as ds
    from sim.errors import ParamError
    from sim.registry import get_game

    book = get_game(game).strategies
    if "student" not in book.strategies:
        raise BadInput(f"{game} has no student player (it declares no features.py to read)")
    n = opt.seats(game, info, players)
    book.player(teacher)  # an unknown code or weight: one line now
    params = opt.params_overrides(game, sets or [])
    if not (after or table):
        raise BadInput("--no-after without --table fits nothing: the student would play as its proposer")
    cfg = ds.DistilConfig(game, teacher, n, games, generations, eval_games, temperature, seed, stride, per_game,
                          choose_games, after, table, hidden, params, opt.data(game, data))  # fmt: skip
    try:
        ds.check_config(cfg)
    except ParamError as e:
        raise BadInput(str(e)) from None
    out = opt.out_dir(out, Path("runs") / f"distil-{game}-seed{seed}")
    if threads:
        import numba

        numba.set_num_threads(threads)
    from commands.console import compile_kernels, progress
    from sim.recipe import Recipe, prepare

    command = shlex.join(["playout", *opt.ARGV])
    with opt.claim(out):
        compile_kernels(prepare(Recipe(game, [teacher, *["student"] * (n - 1)], seed, 1, 1, params, cfg.data_dir)))
        bar, advance = progress(ds.total_games(cfg, ds.hard_teacher(book, teacher)), f"{game} distil")
        with bar:
            try:
                records = ds.distil(cfg, out, command, advance)
            except Interrupted:
                raise Interrupted(f"interrupted; the finished chunks and generations are kept in {out}: rerun the "
                                  "same command to go on") from None  # fmt: skip
        ds.write_report(out, cfg, records, command)
    for r in records:
        typer.echo(f"generation {r.gen}: {r.win_vs_greedy:.1%} [{r.lo:.1%}, {r.hi:.1%}] one seat vs greedy; "
                   f"agrees with the teacher on {r.agreement:.1%} of held-out positions (its proposer alone "
                   f"{r.proposer_agreement:.1%}), regret {r.regret:.3f}; ridge {r.ridge:g}, temperature "
                   f"{r.temperature:g}")  # fmt: skip
    typer.echo(f"student: {out / 'student.json'} (play it as student@{out / 'student.json'}); report: "
               f"{out / 'report.html'}")  # fmt: skip
