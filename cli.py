"""playout: the command line. Parses, validates and calls sim/ and reports/; no simulation or statistics here.

Only typer is imported at the top: numba, numpy, polars, pandas and matplotlib load inside the commands
that need them, so `playout --help` answers at once.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

app = typer.Typer(
    name="playout",
    help="Play millions of seeded board games between bots and answer balance questions with error bars.\n\n"
    "Examples:\n\n"
    "  playout games\n\n"
    "  playout run yokohama -n 100000 --players greedy*4 --out runs/yoko\n\n"
    "  playout show yokohama --seed 1 --game 0",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

EXIT_BAD_INPUT = 2


class BadInput(Exception):
    """Raised for input the user must fix; main() prints it as one line and exits 2."""


def _version(value: bool):
    if value:
        import sim

        typer.echo(f"playout {sim.__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
):
    pass


# ---------------------------------------------------------------- shared option parsing


def _game_info(name: str):
    from sim.registry import info

    return info(name)


def _params_overrides(game: str, sets: list[str]) -> dict[str, int]:
    from sim.params import parse_assignments, parse_int
    from sim.registry import get_game

    raw = parse_assignments(sets or [])
    spec = get_game(game)
    out = {}
    for key, text in raw.items():
        spec.params.get(key)  # unknown key -> did-you-mean
        out[key] = parse_int(text, f"--set {key}")
    spec.params.values(out)  # range check now, before any work
    return out


def _lineup(game: str, players: str | None) -> list[str]:
    from sim.registry import get_game

    spec = get_game(game)
    text = players or f"greedy*{spec.max_players}"
    lineup = spec.strategies.lineup(text)
    if not spec.min_players <= len(lineup) <= spec.max_players:
        raise BadInput(
            f"{spec.name} is played by {spec.min_players} to {spec.max_players} players; "
            f"--players {text!r} gives {len(lineup)}"
        )
    return [p.code for p in lineup]


def _positive(value: int, what: str) -> int:
    if value < 1:
        raise BadInput(f"{what} must be at least 1, not {value}")
    return value


def _threads(threads: int | None) -> int | None:
    if threads is None:
        return None
    import os

    cores = os.cpu_count() or 1
    if not 1 <= threads <= cores:
        raise BadInput(f"--threads must be between 1 and {cores} (the cores of this machine), not {threads}")
    return threads


# ---------------------------------------------------------------- commands


@app.command()
def games():
    """List the games, their player counts and rules versions.

    Example:

      playout games
    """
    from rich.console import Console
    from rich.table import Table

    from sim.registry import available, rules_version

    table = Table("game", "title", "players", "rules", "what it is")
    for g in available().values():
        table.add_row(g.name, g.title, f"{g.players[0]}-{g.players[1]}", rules_version(g.name), g.summary)
    Console().print(table)


@app.command()
def strategies(game: Annotated[str, typer.Argument(help="A game from `playout games`.")]):
    """List a game's bots and the weights they take, with defaults.

    Examples:

      playout strategies yokohama

      playout run yokohama --players greedy:w_vp=2,w_money=0.5,random*3
    """
    from rich.console import Console
    from rich.table import Table

    from sim.registry import get_game

    _game_info(game)
    book = get_game(game).strategies
    console = Console()
    t = Table("code", "description", "weights changed from the defaults", title=f"{game} strategies")
    for s in book.strategies.values():
        t.add_row(s.code, s.doc, ", ".join(f"{k}={v:g}" for k, v in s.weights.items()) or "-")
    console.print(t)
    if book.weights:
        w = Table("weight", "default", "what it values", title="weights (set with CODE:NAME=VALUE,...)")
        for x in book.weights:
            w.add_row(x.name, f"{x.default:g}", x.doc)
        console.print(w)


@app.command()
def run(
    game: Annotated[str, typer.Argument(help="A game from `playout games`.")],
    n: Annotated[int, typer.Option("-n", "--games", help="Number of games.")] = 10_000,
    players: Annotated[
        str | None,
        typer.Option("--players", "-p", help="Player codes, one per seat (default: greedy in every seat)."),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Master seed: same seed, same games.")] = 1,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Output directory.")] = None,
    sets: Annotated[list[str] | None, typer.Option("--set", help="Rule knob KEY=VALUE (repeatable).")] = None,
    data: Annotated[Path | None, typer.Option("--data", help="Directory of corrected data files.")] = None,
    threads: Annotated[int | None, typer.Option("--threads", "-t", help="Numba threads (default: all cores).")] = None,
    chunk: Annotated[int, typer.Option("--chunk", help="Games per chunk (a parquet part; resume unit).")] = 8192,
    resume: Annotated[bool, typer.Option("--resume", help="Continue an interrupted run in --out.")] = False,
    cluster: Annotated[
        str | None, typer.Option("--cluster", help="local[:WORKERS] or tcp://HOST:PORT (dask.distributed).")
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar or summary.")] = False,
):
    """Play N seeded games and write games.parquet + manifest.json to --out, then print a summary.

    Seats rotate with the game index, so every strategy plays every seat equally.

    Examples:

      playout run yokohama -n 100000 --out runs/yoko4

      playout run yokohama -n 20000 --players greedy,random,random --seed 7 --set start_money.seat0=4

      playout run yokohama -n 10000000 --out runs/big --resume
    """
    _game_info(game)
    _positive(n, "-n")
    _positive(chunk, "--chunk")
    threads = _threads(threads)
    codes = _lineup(game, players)
    params = _params_overrides(game, sets or [])
    data_dir = _data_dir(data)
    out = out or Path("runs") / f"{game}-{len(codes)}p-seed{seed}-n{n}"
    from sim.engine import Recipe

    recipe = Recipe(game, codes, seed, n, chunk, params, data_dir)
    manifest = _run_with_progress(recipe, out, threads, cluster, resume, quiet)
    if not quiet:
        _print_summary(out, manifest)


def _data_dir(data: Path | None) -> str | None:
    if data is None:
        return None
    if not data.is_dir():
        raise BadInput(f"--data {data}: no such directory")
    return str(data.resolve())


def _run_with_progress(recipe, out: Path, threads, cluster, resume: bool, quiet: bool) -> dict:
    from sim.engine import run as run_engine

    if quiet:
        return run_engine(recipe, out, threads=threads, cluster=cluster, resume=resume)
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        transient=False,
    ) as progress:
        task = progress.add_task(f"{recipe.game} ({len(recipe.players)}p)", total=recipe.n, rate="")
        import time

        start = time.perf_counter()
        done = [0]

        def on_chunk(count: int):
            done[0] += count
            elapsed = time.perf_counter() - start
            rate = f"{done[0] / elapsed:,.0f} games/s" if elapsed > 0 else ""
            progress.update(task, advance=count, rate=rate)

        return run_engine(recipe, out, threads=threads, cluster=cluster, resume=resume, on_chunk=on_chunk)


def _print_summary(out: Path, manifest: dict):
    from rich.console import Console
    from rich.table import Table

    from reports.summary import by_seat, by_strategy
    from sim.results import read_games

    frame = read_games(out)
    console = Console()
    head = (
        f"{manifest['game']} rules {manifest['rules_version']}, data {manifest['data_set']} "
        f"({manifest['data_assumed_share']:.0%} of its values ASSUMED), seed {manifest['seed']}, "
        f"{manifest['n']:,} games, {manifest['games_per_second']:,} games/s"
    )
    for title, rows in (("win rate by seat", by_seat(frame)), ("win rate by strategy", by_strategy(frame))):
        t = Table("", "games", "wins", "win rate", "95% interval", "mean score", title=title, caption=head)
        for r in rows:
            t.add_row(
                r.label,
                f"{r.games:,}",
                f"{r.wins:,}",
                f"{r.rate:.1%}",
                f"{r.lo:.1%} - {r.hi:.1%}",
                f"{r.mean_score:.1f}",
            )
        console.print(t)
    console.print(f"results: {out / 'games.parquet'}  manifest: {out / 'manifest.json'}")


@app.command()
def show(
    game: Annotated[str, typer.Argument(help="A game from `playout games`.")],
    seed: Annotated[int, typer.Option("--seed", "-s", help="Master seed of the run.")] = 1,
    index: Annotated[int, typer.Option("--game", "-g", help="Game index within the run.")] = 0,
    players: Annotated[str | None, typer.Option("--players", "-p", help="The run's player codes.")] = None,
    sets: Annotated[list[str] | None, typer.Option("--set", help="Rule knob KEY=VALUE (repeatable).")] = None,
    data: Annotated[Path | None, typer.Option("--data", help="Directory of corrected data files.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per line and per decision.")] = False,
):
    """Print one game turn by turn: game I of seed S, exactly as `playout run` played it.

    Examples:

      playout show yokohama --seed 1 --game 0

      playout show yokohama --seed 7 --game 3 --players greedy,random,random --json | jq .action
    """
    _game_info(game)
    if index < 0:
        raise BadInput(f"--game must be 0 or more, not {index}")
    codes = _lineup(game, players)
    params = _params_overrides(game, sets or [])
    from sim.engine import Recipe, prepare
    from sim.trace import trace_game

    prep = prepare(Recipe(game, codes, seed, index + 1, 1, params, _data_dir(data)))
    trace = trace_game(prep, index)
    render = prep.spec.render
    lines = render.json_lines(prep, trace) if as_json else render.text_lines(prep, trace)
    for line in lines:
        typer.echo(line)


@app.command()
def report(
    run_dir: Annotated[Path, typer.Argument(help="A directory written by `playout run`.")],
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Where to write (default: RUN_DIR/report).")] = None,
):
    """Balance report of a finished run, without re-simulating: CSV tables, PNG plots and one HTML page.

    Seat fairness (win rate per seat with 95% Wilson intervals), score distributions by strategy and seat,
    VP by source, game length, end triggers, and card owners vs non-owners (a correlation).

    Examples:

      playout report runs/yoko4

      playout report runs/yoko4 --out /tmp/yoko-report
    """
    from reports.report import build_report
    from sim.results import read_manifest

    card_names = None
    try:
        from sim.registry import get_game

        kinds = get_game(read_manifest(run_dir)["game"]).card_kinds
        card_names = next(iter(kinds.values()))["names"] if kinds else None
    except (OSError, ValueError, KeyError):
        pass  # build_report reports a missing or unreadable run in one line
    paths = build_report(run_dir, out, card_names=card_names)
    typer.echo(f"report: {paths['report.html']} ({len(paths)} files)")


@app.command()
def stats(
    game: Annotated[str, typer.Argument(help="A game from `playout games`.")],
    players: Annotated[str | None, typer.Option("--players", "-p", help="Player codes, one per seat.")] = None,
    n: Annotated[int, typer.Option("-n", "--games", help="Number of games.")] = 2000,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Master seed.")] = 1,
    sets: Annotated[list[str] | None, typer.Option("--set", help="Rule knob KEY=VALUE (repeatable).")] = None,
    data: Annotated[Path | None, typer.Option("--data", help="Directory of corrected data files.")] = None,
    csv: Annotated[Path | None, typer.Option("--csv", help="Also write the tables as CSV into this directory.")] = None,
):
    """What each strategy does: action kinds per game, cards owned, VP by source, end triggers.

    The games are exactly games 0..N-1 of `playout run` with the same players and seed.

    Examples:

      playout stats yokohama --players greedy,orders,techs,church -n 2000

      playout stats yokohama --players builder*4 -n 10000 --csv runs/builder-stats
    """
    _game_info(game)
    _positive(n, "-n")
    codes = _lineup(game, players)
    params = _params_overrides(game, sets or [])
    from rich.console import Console
    from rich.progress import Progress

    from reports import strategy_stats as st
    from sim.action_stats import action_counts
    from sim.engine import Recipe, prepare

    prep = prepare(Recipe(game, codes, seed, n, n, params, _data_dir(data)))
    with Progress(transient=True) as progress:
        task = progress.add_task("playing", total=n)
        counts, frame = action_counts(prep, n, on_game=lambda: progress.advance(task))
    tables = {
        "summary": st.game_summary(frame),
        "decisions_per_game": st.decisions_per_game(counts),
        "vp_by_source": st.vp_by_source(frame),
        "end_triggers": st.end_triggers(frame),
    }
    for kind, card in prep.spec.card_kinds.items():
        tables[f"{kind}_owned"] = st.card_ownership(frame, card["feature"], card["names"])
    console = Console()
    console.print(f"{game}: {n:,} games, seed {seed}, players {', '.join(codes)}; data {prep.data.name} "
                  f"({prep.data.assumed_share:.0%} of its values ASSUMED)")  # fmt: skip
    for title, table in tables.items():
        console.print(_rich_table(title.replace("_", " "), table))
    if csv is not None:
        csv.mkdir(parents=True, exist_ok=True)
        for title, table in tables.items():
            table.write_csv(csv / f"{title}.csv")
        console.print(f"tables written to {csv}")


def _rich_table(title: str, frame):
    from rich.table import Table

    t = Table(*frame.columns, title=title)
    for row in frame.iter_rows():
        t.add_row(*(f"{v:.3g}" if isinstance(v, float) else str(v) for v in row))
    return t


# ---------------------------------------------------------------- entry point


def main(argv: list[str] | None = None) -> int:
    """Console entry: bad input is one line on stderr with exit code 2, never a traceback."""
    from sim.errors import InputError, SimulationError

    try:
        app(args=argv, standalone_mode=False)
    except (BadInput, InputError) as e:
        typer.echo(f"playout: error: {_one_line(str(e))}", err=True)
        sys.exit(EXIT_BAD_INPUT)
    except SimulationError as e:
        typer.echo(f"playout: simulation error: {e}", err=True)
        sys.exit(1)
    except typer.Exit as e:
        sys.exit(e.exit_code)
    except typer.Abort:
        typer.echo("playout: interrupted", err=True)
        sys.exit(130)
    except typer.TyperException as e:  # typer's own usage errors: bad option value, missing argument...
        message = e.format_message() if hasattr(e, "format_message") else str(e)
        typer.echo(f"playout: error: {_one_line(message)}", err=True)
        sys.exit(EXIT_BAD_INPUT)
    except KeyboardInterrupt:
        typer.echo("playout: interrupted; finished chunks are kept: rerun with --resume to continue", err=True)
        sys.exit(130)
    return 0


def _one_line(text: str) -> str:
    return " ".join(text.split())


if __name__ == "__main__":
    main()
