"""`playout learn`: a learned value of positions for the `learned` player (reports/training/learn.py does the work)."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Annotated

import typer

from commands import options as opt
from commands.options import BadInput, Interrupted


def learn(
    game: opt.GameArgument,
    players: Annotated[
        str | None,
        typer.Option("--players", help="Generation 0's sampling lineup (default: greedy and tuned alternating, 4)."),
    ] = None,
    games: Annotated[int, typer.Option("--games", help="Sampling games per generation.")] = 4000,
    generations: Annotated[int, typer.Option("--generations", help="Generations (0 is from the base lineup).")] = 3,
    eval_games: Annotated[
        int, typer.Option("--eval-games", help="Paired judging games per comparison (one seat vs three greedy).")
    ] = 2000,
    target: Annotated[str, typer.Option("--target", help="win (logistic) or rank_share (ridge).")] = "win",
    proposer: Annotated[
        str | None,
        typer.Option(
            "--proposer", help="The one-step bot the value may overrule (default: tuned where shipped, else greedy)."
        ),
    ] = None,
    look: Annotated[
        str,
        typer.Option(
            "--look",
            help="How the generations' models rate a candidate as they sample and are judged: step (the position "
            "one step on), turn (where the seat's turn ends; slower) or round (where the seat is to move again "
            "after every other seat; slowest). The final step tries each.",
        ),
    ] = "step",
    worlds: Annotated[
        int,
        typer.Option(
            "--worlds",
            help="Re-deals of the unseen cards the final player averages each candidate's value over (lv_worlds): "
            "the final step chooses its margin and look playing with them; the generations sample in one.",
        ),
    ] = 1,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of every game played.")] = 1,
    out: Annotated[str | None, typer.Option("--out", "-o", help="Output directory (kept and resumable).")] = None,
    resume: Annotated[bool, typer.Option("--resume", help="Continue an interrupted learn in --out.")] = False,
    sets: opt.SetsOption = None,
    data: opt.DataOption = None,
    threads: opt.ThreadsOption = None,
):
    """Learn a value of positions from self-play, improve it over generations (each sampled with the best
    model so far, kept only if it wins more in paired games against three greedy bots), and write model.json
    (play it as learned@OUT/model.json), the samples (parquet), generations.json and report.html.

    Examples:

      playout learn yokohama --games 4000 --generations 3 --out runs/learn

      playout learn yokohama --out runs/learn --resume

      playout learn gangsta --look turn --out runs/learn --resume --worlds 16   (the margin again, in 16 worlds)
    """
    opt.game_info(game)
    opt.index(seed, "--seed")
    threads = opt.threads(threads)
    from reports.training import learn as ln
    from sim.registry import get_game

    book = get_game(game).strategies
    if not any(w.name == "lv_bias" for w in book.weights):
        raise BadInput(f"{game} has no learned player yet (no features.py wired into its bots)")
    info = opt.game_info(game)
    if players is not None and not players.strip():
        raise BadInput("--players is empty: name generation 0's lineup, or leave the option out for the default")
    if players is not None:
        lineup = [p.code for p in book.lineup(players)]
    else:
        lineup = ln.default_players(book, info.players[1])
    if not info.players[0] <= len(lineup) <= info.players[1]:
        raise BadInput(f"{game} is played by {info.players[0]} to {info.players[1]} players, not {len(lineup)}")
    if proposer is not None and not proposer.strip():
        raise BadInput("--proposer is empty: name a one-step bot, or leave the option out for the default")
    proposer = ln.default_proposer(book) if proposer is None else proposer.strip()
    ln.check_proposer(book, proposer)
    params = opt.params_overrides(game, sets or [])
    cfg = ln.LearnConfig(game, lineup, games, generations, eval_games, target, seed, params, opt.data(game, data),
                         proposer, look, worlds)  # fmt: skip
    ln.check_config(cfg)
    out = opt.out_dir(out, Path("runs") / f"learn-{game}-seed{seed}")
    if ((out / ln.LEARN_FILE).exists() or (out / ln.LOG_FILE).exists()) and not resume:
        raise BadInput(f"{out} holds a learn run: continue it with --resume or give another --out")
    if threads:
        import numba

        numba.set_num_threads(threads)
    from commands.console import compile_kernels, progress
    from sim.errors import WriteError
    from sim.recipe import Recipe, prepare

    prep = prepare(Recipe(game, lineup, seed, 1, 1, cfg.params, cfg.data_dir))  # every code checked up front
    command = shlex.join(["playout", *(a for a in opt.ARGV if a != "--resume")])  # a resumed learn is the same learn
    with opt.claim(out):
        try:
            compile_kernels(prep)
            bar, advance = progress(ln.total_games(cfg), f"{game} learn")
            with bar:
                records = ln.learn(cfg, out, command, advance, lambda text: typer.echo(f"warning: {text}", err=True))
            ln.write_report(out, cfg, records, command)
        except Interrupted:
            raise Interrupted(f"interrupted; {ln.kept_text(out, cfg)}") from None
        except WriteError as e:
            raise WriteError(f"{e}; {ln.kept_text(out, cfg)}") from None
    for r in records:
        vs = "" if r.diff_vs_best is None else f"; vs the best so far {r.diff_vs_best:+.1%} [{r.diff_lo:+.1%}, " \
             f"{r.diff_hi:+.1%}], head to head {r.head_to_head:.1%}"  # fmt: skip
        typer.echo(f"generation {r.gen}: {r.win_vs_greedy:.1%} [{r.lo:.1%}, {r.hi:.1%}] one seat vs greedy "
                   f"(held-out AUC {r.auc:.3f}){vs}{' kept' if r.kept else ''}")  # fmt: skip
    final = json.loads((out / "model.json").read_text())
    tried = ", ".join(
        f"{r['margin']:g}/{r['look']}{worlds_note(r)} {r['win_vs_greedy3']:.1%}" for r in final["margins"]
    )
    typer.echo(f"override margin and look-ahead (one seat vs greedy): {tried}; the model plays lv_margin "
               f"{final['margin']:g}, lv_look {final['look']}, lv_worlds {final.get('worlds', 1)}")  # fmt: skip
    typer.echo(f"model: {out / 'model.json'} (play it as learned@{out / 'model.json'}); report: {out / 'report.html'}")


def worlds_note(setting: dict) -> str:
    """'/16 worlds' for a setting played in more than one re-deal."""
    return f"/{setting['worlds']} worlds" if setting.get("worlds", 1) > 1 else ""
