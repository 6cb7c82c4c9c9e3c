"""`playout tune`: a bot's weights tuned by black-box optimisation, then confirmed on fresh games."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Annotated

import typer

from commands import options as opt
from commands.options import BadInput, Interrupted


def tune(
    game: opt.GameArgument,
    strategy: Annotated[str, typer.Argument(help="The bot to tune: a player code, weights typed on it allowed.")],
    against: Annotated[
        list[str] | None,
        typer.Option("--against", help="A field of opponents, e.g. greedy*3 (repeatable; default: the bot's copies)."),
    ] = None,
    players: Annotated[int | None, typer.Option("--players", help="Players in self-play (default: the most).")] = None,
    weights: Annotated[
        str | None, typer.Option("--weights", help="Weights to tune, comma-separated (default: every tunable one).")
    ] = None,
    ranges: Annotated[
        list[str] | None,
        typer.Option(
            "--range",
            help="NAME=LO..HI (repeatable; default 0..2x the start value, or start +-1 when it is within 0.1 of 0: "
            "see --spread; categorical weights try every value).",
        ),
    ] = None,
    spread: Annotated[
        float, typer.Option("--spread", help="Default ranges: start +- SPREAD x start (+- SPREAD within 0.1 of 0).")
    ] = 1.0,
    budget: Annotated[int, typer.Option("--budget", help="Games for the tuning trials in all.")] = 100_000,
    trials: Annotated[
        int | None, typer.Option("--trials", help="Trials (default: about 2,000 games each, 10 to 100 trials).")
    ] = None,
    per_trial: Annotated[
        int | None, typer.Option("--games-per-trial", help="Games per trial (or give --trials).")
    ] = None,
    confirm: Annotated[
        int, typer.Option("--confirm", help="Fresh games per field for the tuned-vs-start confirmation (each arm).")
    ] = 4000,
    objective: Annotated[str, typer.Option("--objective", help="win (win rate) or rank (mean rank).")] = "win",
    sampler: Annotated[str, typer.Option("--sampler", help="tpe (default) or cmaes (needs the cmaes package).")] = (
        "tpe"
    ),
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the games and of the sampler.")] = 1,
    out: Annotated[str | None, typer.Option("--out", "-o", help="Output directory (the study is kept here).")] = None,
    storage: Annotated[
        str | None,
        typer.Option(
            "--storage",
            help="An optuna storage URL (default: SQLite in --out). Workers on several machines running the same "
            "command with the same --storage share one study: the first creates it, the others join.",
        ),
    ] = None,
    resume: Annotated[bool, typer.Option("--resume", help="Continue an interrupted tune (--out, --storage).")] = False,
    sets: opt.SetsOption = None,
    data: opt.DataOption = None,
    threads: opt.ThreadsOption = None,
    cluster: Annotated[
        str | None, typer.Option("--cluster", help="local[:WORKERS] or tcp://HOST:PORT (dask.distributed).")
    ] = None,
):
    """Tune a bot's weights by black-box optimisation (optuna): each trial plays the same games, the tuned seat
    rotated through every seat against each field; then a confirmation on fresh games, tuned against start,
    paired. Writes preset.json (play it as tuned@OUT/preset.json), trials.csv, two plots and report.html.

    Examples:

      playout tune yokohama greedy --against greedy*3 --budget 200000

      playout tune yokohama greedy --weights w_vp,w_money --range w_vp=0.5..3 --budget 40000 --out runs/t

      playout tune yokohama greedy --out runs/t --resume
    """
    opt.game_info(game)
    opt.index(seed, "--seed")
    opt.positive(confirm, "--confirm")
    threads = opt.threads(threads)
    from reports.training import tune as tn
    from sim.backends import parse_cluster
    from sim.errors import did_you_mean
    from sim.registry import get_game

    if objective not in tn.OBJECTIVES:
        raise BadInput(f"unknown objective {objective!r}{did_you_mean(objective, list(tn.OBJECTIVES))}")
    tn.check_sampler(sampler)
    parse_cluster(cluster)
    book = get_game(game).strategies
    start = [book.player(strategy).code]
    if against and players is not None:
        raise BadInput("--players sets the count of self-play: with --against the fields set it")
    if against:
        fields = [_field(game, [p.code for p in book.lineup(f)]) for f in against]
    else:
        p = opt.game_info(game).players[1] if players is None else players
        fields = [_field(game, start * (p - 1))]
    knobs = tn.choose_knobs(game, start[0], weights, ranges or [], spread)
    n_trials, per_field = tn.split_budget(budget, trials, per_trial, fields)
    cfg = tn.TuneConfig(game, start[0], fields, knobs, objective, budget, n_trials, per_field, confirm, sampler, seed,
                        opt.params_overrides(game, sets or []), opt.data(game, data))  # fmt: skip
    sizes = f"--games-per-trial {per_trial}" if per_trial is not None else f"--budget {budget} over {n_trials} trials"
    tn.check_sizes(cfg, sizes)  # every size and every recipe checked before the study (or --out) is created
    out = opt.out_dir(out, Path("runs") / f"tune-{game}-{start[0].split(':')[0]}-seed{seed}")
    tn.storage_url(storage, out)
    from commands.console import compile_kernels
    from reports.training.tune_output import TuneProgress, write_tune
    from sim.engine import Recipe, prepare

    code = tn.trial_code(cfg.start, knobs, tn.start_params(knobs) or tn.middle(knobs))
    prep = prepare(Recipe(game, [code, *fields[0]], seed, 1, 1, cfg.params, cfg.data_dir))
    with opt.claim(out):
        label = f"{game} tune of {start[0]}"
        try:
            compile_kernels(prep)
            with TuneProgress(tn.total_games(cfg), cfg.trials, cfg.games_per_trial, label, objective) as bar:
                result = tn.tune(cfg, out, storage, resume, threads, cluster, bar.advance, bar.trial)
            write_tune(result, out, shlex.join(["playout", *opt.ARGV]))
        except Interrupted:
            raise Interrupted(tn.kept(cfg, out, storage)) from None
    c = result.confirmation
    typer.echo(f"tuned {result.tuned_code}")
    typer.echo(f"confirmation on {c.games:,} fresh games: win rate {c.tuned_win_rate:.2%} tuned, "
               f"{c.start_win_rate:.2%} start; difference {c.difference:+.2%} [{c.lo:+.2%}, {c.hi:+.2%}] "
               "(95%, paired)")  # fmt: skip
    typer.echo(f"cost: {result.cost.games:,} tuning games, {result.cost.cpu_seconds:,.0f} s of CPU")
    typer.echo(f"preset: {out / 'preset.json'} (play it as tuned@{out / 'preset.json'}); report: {out / 'report.html'}")


def _field(game: str, field: list[str]) -> list[str]:
    """A field of opponents: with the tuned bot it must make a lineup the game allows."""
    info = opt.game_info(game)
    if not info.players[0] <= len(field) + 1 <= info.players[1]:
        raise BadInput(f"{game} is played by {info.players[0]} to {info.players[1]} players: the tuned bot and "
                       f"{len(field)} opponent(s) make {len(field) + 1}")  # fmt: skip
    return field
