"""`playout matrix`: every strategy against every other, with Bradley-Terry ratings."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from commands import options as opt
from commands.options import BadInput


def matrix(
    game: opt.GameArgument,
    strategies_: Annotated[
        str, typer.Option("--strategies", help="Player codes to match up (at least two).")
    ] = "random,greedy",
    n: Annotated[int, typer.Option("-n", "--games", help="Games per matchup.")] = 4000,
    players: Annotated[int | None, typer.Option("--players", help="Players per game (default: the most).")] = None,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Master seed (every matchup uses it).")] = 1,
    sets: opt.SetsOption = None,
    data: opt.DataOption = None,
    out: opt.OutOption = None,
    threads: opt.ThreadsOption = None,
):
    """Every strategy against every other: the win rate of one seat of A against a field of B, in all seats,
    with 95% intervals, and a Bradley-Terry rating per strategy.

    Examples:

      playout matrix yokohama --strategies greedy,orders,techs,church,builder -n 10000

      playout matrix yokohama --strategies random,greedy --players 3 -n 2000
    """
    info = opt.game_info(game)
    opt.positive(n, "-n")
    opt.index(seed, "--seed")
    threads = opt.threads(threads)
    from reports.experiments.asked.base import one_name_per_bot
    from sim.registry import get_game
    from strategies import split_codes

    spec = get_game(game)
    listed = split_codes(strategies_)
    codes = one_name_per_bot(spec, [spec.strategies.player(c).code for c in listed], "--strategies")
    if len(set(codes)) < 2:
        raise BadInput(f"--strategies needs at least two different codes, not {strategies_!r}")
    p = info.players[1] if players is None else players
    if not info.players[0] <= p <= info.players[1]:
        raise BadInput(f"{game} is played by {info.players[0]} to {info.players[1]} players, not {p}")
    if p < 2:
        raise BadInput(
            f"--players {p}: a matchup puts one seat of A against a field of B, so it needs 2 players or more"
        )
    params = opt.params_overrides(game, sets or [])
    from commands import console
    from reports.experiments.ladder import SHORT_PILOT, arm_cost, measure_costs
    from reports.experiments.questions import matchup_matrix
    from sim.engine import Recipe, chunk_for

    unique = list(dict.fromkeys(codes))
    base = Recipe(game, unique[:1] * p, seed, n, chunk_for(game, unique[:1] * p, n), params, opt.data(game, data))
    matchups = len(unique) * (len(unique) - 1)
    costs = console.pilot(base, "strategy", lambda: measure_costs(base, unique, p, threads, SHORT_PILOT, n)[0])
    work = (n * sum(arm_cost(costs, a, b, p) for a in unique for b in unique if a != b), "CPU s")
    console.experiment(
        base, n * matchups, 6 + 3 * p, f"-n {n} in each of {matchups} matchups",
        opt.out_dir(out, Path("runs") / f"matrix-{game}-{p}p-seed{seed}-n{n}"), f"{game} matrix ({matchups} matchups)",
        lambda out, advance: matchup_matrix(base, unique, p, out, threads, advance, costs), console.print_matrix,
        (matchups, "arms"), work,
    )  # fmt: skip
