"""`playout improve`: the improvement loop, generation by generation until the strong player stops rising
(reports/training/improve.py does the work)."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Annotated

import typer

from commands import options as opt
from commands.options import BadInput, Interrupted


def improve(
    game: opt.GameArgument,
    teacher: Annotated[
        str,
        typer.Option("--teacher", help="The strong player a student proposes for (without lv_proposer)."),
    ] = "learned",
    student: Annotated[
        str | None, typer.Option("--student", help="Generation 0's student file (default: the game's shipped one).")
    ] = None,
    generations: Annotated[int, typer.Option("--generations", help="At most this many generations.")] = 3,
    players: opt.SeatsOption = None,
    games: Annotated[int, typer.Option("--games", help="Sampling games of each generation's distil.")] = 3000,
    eval_games: Annotated[
        int, typer.Option("--eval-games", help="Judging games of each student (one seat vs greedy).")
    ] = 1000,
    choose_games: Annotated[
        int, typer.Option("--choose-games", help="Games each candidate fit plays to be chosen (as distil's).")
    ] = 500,
    temperature: Annotated[
        float, typer.Option("--temperature", help="Of the softmax of the teacher's ratings (as distil's).")
    ] = 0.05,
    hidden: Annotated[int, typer.Option("--hidden", help="The students' hidden units (as distil's).")] = 16,
    rate_games: Annotated[
        int, typer.Option("--rate-games", help="Head-to-head games each way, new teacher against old.")
    ] = 1000,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the distils' games.")] = 1,
    rate_seed: Annotated[int, typer.Option("--rate-seed", help="Seed of the head-to-head games.")] = 11,
    out: Annotated[str | None, typer.Option("--out", "-o", help="Output directory (kept and resumable).")] = None,
    sets: opt.SetsOption = None,
    data: opt.DataOption = None,
    threads: opt.ThreadsOption = None,
):
    """The improvement loop: each generation a student is distilled from the strong player with the last student
    proposing for it, and the strong player with the new student proposing meets the old head to head. It goes on
    while the new one is stronger beyond its 95% interval, stops when it is not (the top stopped rising) or after
    --generations, and says which. Writes gen<k>/ (each distil and head-to-head), improve.json and report.html; the
    same command rerun into the same --out goes on from what was kept.

    Examples:

      playout improve obsession --generations 3 --out runs/improve-ob

      playout improve obsession --teacher 'learned:lv_look=round,lv_worlds=4' --out runs/improve-ob-round

      playout run obsession -n 2000 --players 'learned:lv_proposer=student@runs/improve-ob/gen2/student.json,greedy*3'
    """
    info = opt.game_info(game)
    opt.index(seed, "--seed")
    opt.index(rate_seed, "--rate-seed")
    threads = opt.threads(threads)
    from reports.training import distil as ds
    from reports.training import improve as im
    from sim.errors import ParamError
    from sim.registry import get_game
    from strategies.student_model import shipped_path

    book = get_game(game).strategies
    if "student" not in book.strategies:
        raise BadInput(f"{game} has no student player (it declares no features.py to read)")
    first = student if student is not None else str(shipped_path(game))
    if student is None and not shipped_path(game).exists():
        raise BadInput(f"{game} ships no student: give generation 0's with --student FILE (`playout distil`)")
    n = opt.seats(game, info, players)
    cfg = im.ImproveConfig(game, teacher, first, n, generations, games, eval_games, choose_games, temperature, hidden,
                           seed, rate_games, rate_seed, opt.params_overrides(game, sets or []),
                           opt.data(game, data))  # fmt: skip
    try:
        im.check_config(cfg, book)
        ds.check_config(im.distil_config(cfg, im.proposing(teacher, first)))
    except ParamError as e:
        raise BadInput(str(e)) from None
    out = opt.out_dir(out, Path("runs") / f"improve-{game}-seed{seed}")
    if threads:
        import numba

        numba.set_num_threads(threads)
    from commands.console import compile_kernels, progress
    from sim.recipe import Recipe, prepare

    command = shlex.join(["playout", *opt.ARGV])
    with opt.claim(out):
        compile_kernels(prepare(Recipe(game, [im.proposing(teacher, first), *["student"] * (n - 1)], seed, 1, 1,
                                       cfg.params, cfg.data_dir)))  # fmt: skip
        bar, advance = progress(generations * im.games_per_generation(cfg, book), f"{game} improve")
        from reports.experiments.ladder import head_to_head

        base = Recipe(game, [teacher] * n, rate_seed, n, n, cfg.params, cfg.data_dir)
        match = lambda old, new, where: head_to_head(base, old, new, rate_games, where, threads, advance)  # noqa: E731
        with bar:
            try:
                steps, why = im.improve(cfg, out, command, match, advance)
            except Interrupted:
                raise Interrupted(f"interrupted; the finished generations and chunks are kept in {out}: rerun the "
                                  "same command to go on") from None  # fmt: skip
        im.write_report(out, cfg, steps, why, command)
    for s in steps:
        typer.echo(
            f"generation {s.gen}: student {s.win_vs_greedy:.1%} [{s.lo:.1%}, {s.hi:.1%}] one seat vs greedy, "
            f"agrees with its teacher on {s.agreement:.1%}; the teacher with it proposing {s.rise:+.2f} "
            f"[{s.rise_lo:+.2f}, {s.rise_hi:+.2f}] logits from the one it came from ({s.rated_games:,} games)"
        )
    typer.echo(why)
    typer.echo(f"report: {out / 'report.html'}")
