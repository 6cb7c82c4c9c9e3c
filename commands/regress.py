"""`playout regress`: re-play the recorded baselines and check that nothing drifted (or re-record them)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from commands import options as opt
from commands.options import BadInput


def regress(
    games_: Annotated[list[str] | None, typer.Argument(help="Games whose baselines to check (default: all).")] = None,
    baseline: Annotated[
        list[Path] | None, typer.Option("--baseline", "-b", help="A baseline file (repeatable) instead of all.")
    ] = None,
    update: Annotated[bool, typer.Option("--update", help="Re-record the baselines and print what moved.")] = False,
    statistical_only: Annotated[
        bool, typer.Option("--statistical-only", help="Ignore the exact fingerprint; only the win-rate test.")
    ] = False,
    add: Annotated[str | None, typer.Option("--add", help="Record a new baseline NAME for the one GAME given.")] = None,
    players: Annotated[str | None, typer.Option("--players", "-p", help="With --add: player codes.")] = None,
    n: Annotated[int, typer.Option("-n", "--games", help="With --add: number of games.")] = 20_000,
    seed: Annotated[int, typer.Option("--seed", "-s", help="With --add: master seed.")] = 1,
    sets: Annotated[list[str] | None, typer.Option("--set", help="Rule knob KEY=VALUE for the replay.")] = None,
    threads: opt.ThreadsOption = None,
):
    """Re-play each baseline's fixed seeds and lineup; check the exact result fingerprint and every win rate
    (per seat and per strategy) with a two-sided test. Exit 0 when all hold, 1 when any drifts.

    The test: a pooled two-proportion z-test per win rate against the baseline counts, Holm-adjusted over
    the baseline's win rates, family-wise false-alarm rate 1%. `--set` replays under changed rules (to see
    what a rule change would move).

    Examples:

      playout regress

      playout regress yokohama --set start_money.seat0=6

      playout regress yokohama --update

      playout regress yokohama --add greedy4 --players greedy*4 -n 20000 --seed 7
    """
    threads = opt.threads(threads)
    from sim import regression

    for g in games_ or []:
        opt.game_info(g)
    if add is not None:
        if len(games_ or []) != 1:
            raise BadInput("--add records a baseline for exactly one GAME")
        _regress_add(games_[0], add, players, n, seed, sets or [], threads)
        return
    paths = list(baseline or []) or regression.baseline_paths(games_)
    if not paths:
        raise BadInput(f"no baselines found under {regression.BASELINE_DIR} for {', '.join(games_ or ['any game'])}")
    from sim.engine import Recipe, prepare

    docs, overrides_for = {}, {}
    for path in paths:  # every baseline and every override is checked before any is replayed
        docs[path] = doc = regression.load_baseline(path)
        opt.game_info(doc["game"])
        overrides_for[path] = opt.params_overrides(doc["game"], sets or [])
        recipe = Recipe.from_json(doc["recipe"])
        if recipe.data_dir is not None and opt.data(doc["game"], recipe.data_dir) is None:
            raise BadInput(f"{path}: recipe.data_dir {recipe.data_dir!r} names the builtin data: write null")
        prep = prepare(Recipe(**{**recipe.to_json(), "params": {**recipe.params, **overrides_for[path]}}))
        if prep.codes != recipe.players:
            raise BadInput(f"{path}: recipe.players {recipe.players} are not written as playout writes them "
                           f"({prep.codes}): the counts could not be matched")  # fmt: skip
        kept = f"{path}: n {recipe.n} (a replay keeps every game)"
        opt.fits_in_memory(recipe.n, 8 * prep.spec.n_result_columns, kept)
    drifted = False
    for path in paths:
        drifted |= _regress_one(path, docs[path], overrides_for[path], update, statistical_only, threads)
    if drifted and not update:
        typer.echo("DRIFT: at least one baseline moved (re-record on purpose with --update)", err=True)
        raise typer.Exit(1)
    typer.echo("all baselines hold" if not update else f"{len(paths)} baseline(s) re-recorded")


def _regress_add(game, name, players, n, seed, sets, threads):
    from sim import regression
    from sim.engine import Recipe, chunk_for, prepare

    opt.positive(n, "-n")
    opt.index(seed, "--seed")
    if not name or name != Path(name).name or name.startswith("."):
        raise BadInput(f"--add {name!r}: a baseline name is a plain file name, e.g. greedy4")
    codes = opt.lineup(game, players)
    recipe = Recipe(game, codes, seed, n, chunk_for(game, codes, n), opt.params_overrides(game, sets))
    prepare(recipe)
    path = regression.BASELINE_DIR / game / f"{name}.json"
    if path.exists():
        raise BadInput(f"{path} exists: use --update to re-record it")
    regression.write_baseline(path, regression.record(recipe, regression.replay(recipe, threads)))
    typer.echo(f"recorded {path}")


def _regress_one(path, doc, overrides, update, statistical_only, threads) -> bool:
    """Check one baseline (or re-record it); True when it drifted."""
    from dataclasses import replace

    from reports.analysis.regression import compare
    from sim import regression
    from sim.engine import Recipe

    recipe = Recipe.from_json(doc["recipe"])
    if overrides:
        recipe = replace(recipe, params={**recipe.params, **overrides})
    stale = None if overrides else regression.stale_reason(doc)
    counts = regression.replay(recipe, threads)
    checks = compare(doc, counts.seats, counts.strategies, regression.FAMILY_ALPHA, regression.POWER)
    exact = counts.fingerprint == doc["results_sha256"]
    moved = [c for c in checks if c.drifted]
    title = f"{path.parent.name}/{path.name}: {recipe.n:,} games, seed {recipe.seed}, {', '.join(recipe.players)}"
    print_checks(title, checks, exact, stale)
    if update:
        regression.write_baseline(path, regression.record(recipe, counts))
        what = ", ".join(c.what for c in moved) or "no win rate beyond its tolerance"
        typer.echo(f"re-recorded {path}: moved: {what}" + ("" if exact else "; the result table changed"))
        return False
    for c in moved:
        typer.echo(f"DRIFT {c.what}: {c.base_wins / c.base_n:.2%} -> {c.wins / c.n:.2%} (p = {c.p_adjusted:.2g})")
    return bool(moved) or stale is not None or (not exact and not statistical_only)


def print_checks(title: str, checks, exact: bool, stale: str | None) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    t = Table("win rate of", "baseline", "now", "difference [95%]", "p (Holm)", "detects", "", title=title)
    for c in checks:
        t.add_row(
            c.what,
            f"{c.base_wins / c.base_n:.2%}",
            f"{c.wins / c.n:.2%}",
            f"{c.diff:+.2%} [{c.lo:+.2%}, {c.hi:+.2%}]",
            f"{c.p_adjusted:.3g}",
            f"±{c.detectable:.2%}",
            "DRIFT" if c.drifted else "ok",
        )
    console.print(t)
    stale_text = f"; stale baseline: {stale}" if stale else ""
    console.print(f"exact fingerprint: {'same' if exact else 'CHANGED'}{stale_text}")
