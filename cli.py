"""playout: the command line. Parses, validates and calls sim/ and reports/; no simulation or statistics here.

Only typer is imported at the top: numba, numpy, polars, pandas and matplotlib load inside the commands
that need them, so `playout --help` answers at once.
"""

from __future__ import annotations

import shlex
import signal
import sys
from pathlib import Path
from typing import Annotated

_noted: list[int] = []  # Ctrl-C while main() does not hold SIGINT: the modules still loading, or main done


def _note_interrupt(signum, frame) -> None:
    _noted.append(signum)


# As a program (python -m cli, or the `playout` script), Ctrl-C is taken over before anything heavy loads:
# Python's own handler would raise KeyboardInterrupt inside an import (a traceback) before main() runs, or
# while the interpreter shuts down after it. main() answers a noted Ctrl-C as its own. Imported by another
# program (the tests), the handler is left alone.
if __name__ == "__main__" or Path(sys.argv[0]).name == "playout":
    signal.signal(signal.SIGINT, _note_interrupt)

import typer  # noqa: E402

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
_ARGV: list[str] = []  # the arguments main() was given

DataOption = Annotated[
    str | None,
    typer.Option(
        "--data", help="A data set of `playout data GAME` (default: builtin) or a directory of corrected files."
    ),
]


class BadInput(Exception):
    """Raised for input the user must fix; main() prints it as one line and exits 2."""


class Interrupted(BaseException):
    """Ctrl-C (raised by main's signal handler); a command re-raises it saying what was kept."""


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
    from strategies import count_codes

    spec = get_game(game)
    text = f"greedy*{spec.max_players}" if players is None else players
    count = count_codes(text)  # counted before anything is repeated
    if not spec.min_players <= count <= spec.max_players:
        raise BadInput(
            f"{spec.name} is played by {spec.min_players} to {spec.max_players} players; "
            f"--players {text!r} gives {count}"
        )
    return [p.code for p in spec.strategies.lineup(text)]


def _positive(value: int, what: str) -> int:
    if value < 1:
        raise BadInput(f"{what} must be at least 1, not {value}")
    return value


def _index(value: int, what: str) -> int:
    """A seed or a game index: 0 .. 2**63 - 1 (they travel as int64 to the kernels and into the table)."""
    from sim.engine import check_index

    return check_index(value, what)


def _out(text: str | None, default: Path, option: str = "--out") -> Path:
    """An output directory, checked before anything is created (sim.output is the one place for this)."""
    from sim.output import check

    return check(default if text is None else text, option)


def _claim(out: Path):
    from sim.output import OutputDir

    return OutputDir(out)


def _compile(prep, traced: bool = False) -> None:
    """Compile (or load) the kernels before the progress bar starts, saying so, so games/s counts play only."""
    from rich.console import Console

    from sim.engine import compile_kernels

    with Console(stderr=True).status("compiling kernels..."):
        compile_kernels(prep, traced)


def _fits_in_memory(games: int, bytes_per_game: int, what: str) -> None:
    from sim.engine import check_memory

    check_memory(games * bytes_per_game, what)


def _experiment(base, games: int, columns: int, what: str, out: Path, label: str, ask, show, parts=None) -> None:
    """The shape shared by matrix, sweep and value: check that `games` rows of `columns` kept numbers fit
    in memory and the recipe is sound, then, with --out claimed, compile, ask(out, advance) under a progress
    bar (it plays the arms and writes the outputs), and show the answer. On Ctrl-C, say what was kept of the
    `parts` (how many, and what they are: arms or variations)."""
    from reports.console import progress
    from sim.engine import prepare

    prep = prepare(base)
    _fits_in_memory(games, 8 * columns, what)
    with _claim(out):
        _compile(prep)
        bar, advance = progress(games, label)
        try:
            with bar:
                answer = ask(out, advance)
        except Interrupted:
            raise Interrupted(_kept_parts(out, parts)) from None
    show(answer)
    typer.echo(f"written to {out}")


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
            named = [label for label, v in (x.choices or {}).items() if v == x.default]
            w.add_row(x.name, named[0] if named else f"{x.default:g}", x.doc)
        console.print(w)


@app.command()
def knobs(game: Annotated[str, typer.Argument(help="A game from `playout games`.")]):
    """List a game's rule knobs (the printed numbers of its rules), for --set and sweeps.

    Examples:

      playout knobs yokohama

      playout run yokohama --set start_money.seat0=4 --set final.church_first=8
    """
    from rich.console import Console
    from rich.table import Column, Table

    from sim.registry import get_game

    _game_info(game)
    knobs_ = get_game(game).params.knobs
    name = Column("knob", no_wrap=True, min_width=max(len(k.name) for k in knobs_))
    t = Table(name, "default", "range", "meaning", "source", title=f"{game} rule knobs (--set NAME=VALUE)")
    for k in knobs_:
        t.add_row(k.name, str(k.default), f"{k.lo}..{k.hi}", k.doc, k.source)
    Console().print(t)


@app.command("data")
def data_sets(game: Annotated[str, typer.Argument(help="A game from `playout games`.")]):
    """List a game's data sets: the builtin tables and the named alternatives it ships, with the share of
    their values that are ASSUMED and the tables each alternative replaces.

    Examples:

      playout data yokohama

      playout run yokohama --data seed-guess-2026 -n 20000
    """
    from rich.console import Console
    from rich.table import Column, Table

    from sim.datafiles import game_data_dir, named_sets
    from sim.registry import get_game

    _game_info(game)
    spec = get_game(game)
    sets = named_sets(game_data_dir(game)).values()
    t = Table(Column("data set", no_wrap=True), "ASSUMED", Column("fingerprint", no_wrap=True),
              "tables that differ from builtin", title=f"{game} data sets (--data NAME)")  # fmt: skip
    builtin = spec.load_data(None)
    t.add_row("builtin", f"{builtin.assumed_share:.0%}", builtin.fingerprint, "-")
    for s in sets:
        loaded = spec.load_data(s.name)
        tables = ", ".join(name.removesuffix(".csv") for name in s.tables())
        t.add_row(s.name, f"{loaded.assumed_share:.0%}", loaded.fingerprint, tables)
    console = Console()
    console.print(t)
    console.print("builtin: the tables in data/ (RULES.md says where each comes from)")
    for s in sets:
        console.print(f"{s.name}: {s.description}")


@app.command()
def run(
    game: Annotated[str, typer.Argument(help="A game from `playout games`.")],
    n: Annotated[int, typer.Option("-n", "--games", help="Number of games.")] = 10_000,
    players: Annotated[
        str | None,
        typer.Option("--players", "-p", help="Player codes, one per seat (default: greedy in every seat)."),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Master seed: same seed, same games.")] = 1,
    out: Annotated[str | None, typer.Option("--out", "-o", help="Output directory.")] = None,
    sets: Annotated[list[str] | None, typer.Option("--set", help="Rule knob KEY=VALUE (repeatable).")] = None,
    data: DataOption = None,
    threads: Annotated[int | None, typer.Option("--threads", "-t", help="Numba threads (default: all cores).")] = None,
    chunk: Annotated[
        int | None,
        typer.Option("--chunk", help="Games per chunk, the resume unit (default 8192; 16 when a seat searches)."),
    ] = None,
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
    if chunk is not None:
        _positive(chunk, "--chunk")
    _index(seed, "--seed")
    threads = _threads(threads)
    codes = _lineup(game, players)
    params = _params_overrides(game, sets or [])
    data_dir = _data(game, data)
    out = _out(out, Path("runs") / f"{game}-{len(codes)}p-seed{seed}-n{n}")
    from sim.backends import parse_cluster
    from sim.engine import Recipe, chunk_for

    parse_cluster(cluster)
    recipe = Recipe(game, codes, seed, n, chunk or chunk_for(game, codes, n), params, data_dir)
    try:
        manifest = _run_with_progress(recipe, out, threads, cluster, resume, quiet)
    except Interrupted:
        raise Interrupted(_kept(out)) from None
    if not quiet:
        _print_summary(out, manifest)


def _kept(out: Path) -> str:
    """What an interrupted run leaves behind, and how to go on."""
    from sim.results import PARTS

    kept = len(list((out / PARTS).glob("part-*.json"))) if (out / PARTS).is_dir() else 0
    if not kept:
        return "interrupted before any chunk finished; nothing was kept"
    return f"interrupted; {kept} finished chunk(s) kept in {out}: rerun the same command with --resume to continue"


def _kept_parts(out: Path, parts: tuple[int, str] | None) -> str:
    """What an interrupted experiment leaves behind in out, and how to go on (it resumes by itself)."""
    from sim.store import GO_ON, finished_parts

    done, started = finished_parts(out)
    total, what = parts or (None, "arms")
    if not done and not started:
        return f"interrupted before any {what.removesuffix('s')} finished; nothing was kept"
    of = f"{done} of {total} {what}" if total else f"{done} {what}"
    more = f" and the finished chunks of {started} more" if started else ""
    return f"interrupted; kept {of}{more} in {out}: {GO_ON}"


def _data(game: str, data: str | None) -> str | None:
    from sim.datafiles import resolve_data

    return resolve_data(game, data)


def _run_with_progress(recipe, out: Path, threads, cluster, resume: bool, quiet: bool) -> dict:
    from sim.engine import run as run_engine

    def warn(line: str) -> None:
        typer.echo(f"playout: warning: {_one_line(line)}", err=True)

    if quiet:
        return run_engine(recipe, out, threads=threads, cluster=cluster, resume=resume, on_warning=warn)
    from reports.console import progress

    bar, advance = progress(recipe.n, f"{recipe.game} ({len(recipe.players)}p)")
    with bar:
        return run_engine(
            recipe, out, threads=threads, cluster=cluster, resume=resume, on_chunk=advance, on_resume=advance.skip,
            on_compile=advance.compiling, on_warning=warn,
        )  # fmt: skip


def _print_summary(out: Path, manifest: dict):
    from reports.console import print_run_summary
    from sim.results import read_games

    print_run_summary(read_games(out), manifest, out)


@app.command()
def show(
    game: Annotated[str, typer.Argument(help="A game from `playout games`.")],
    seed: Annotated[int, typer.Option("--seed", "-s", help="Master seed of the run.")] = 1,
    index: Annotated[int, typer.Option("--game", "-g", help="Game index within the run.")] = 0,
    players: Annotated[str | None, typer.Option("--players", "-p", help="The run's player codes.")] = None,
    sets: Annotated[list[str] | None, typer.Option("--set", help="Rule knob KEY=VALUE (repeatable).")] = None,
    data: DataOption = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="A JSON trace a checker can replay: one object per line (README).")
    ] = False,
    legal: Annotated[bool, typer.Option("--legal", help="With --json: each step's legal actions.")] = False,
):
    """Print one game turn by turn: game I of seed S, exactly as `playout run` played it.

    Examples:

      playout show yokohama --seed 1 --game 0

      playout show yokohama --seed 7 --game 3 --players greedy,random,random --json | jq 'select(.type == "event")'

      playout show gangsta --seed 2 --game 5 --json --legal > game.jsonl
    """
    _game_info(game)
    _index(seed, "--seed")
    _index(index, "--game")
    if legal and not as_json:
        raise BadInput("--legal adds each step's legal actions to the JSON trace: add --json")
    codes = _lineup(game, players)
    params = _params_overrides(game, sets or [])
    from sim.engine import Recipe, prepare
    from sim.trace import check_trace, json_lines, trace_game

    prep = prepare(Recipe(game, codes, seed, index + 1, 1, params, _data(game, data)))
    trace = trace_game(prep, index)
    lines = json_lines(prep, trace, legal) if as_json else prep.spec.render.text_lines(prep, trace)
    for line in lines:
        typer.echo(line)
    check_trace(prep, trace)


@app.command()
def report(
    run_dir: Annotated[Path, typer.Argument(help="A directory written by `playout run`.")],
    out: Annotated[str | None, typer.Option("--out", "-o", help="Where to write (default: RUN_DIR/report).")] = None,
):
    """Balance report of a finished run, without re-simulating: CSV tables, PNG plots and one HTML page.

    Seat fairness (win rate per seat with 95% Wilson intervals), score distributions by strategy and seat,
    VP by source, game length, end triggers, and card owners vs non-owners (a correlation).

    Examples:

      playout report runs/yoko4

      playout report runs/yoko4 --out /tmp/yoko-report
    """
    from reports.report import build_report
    from sim.registry import available, get_game
    from sim.results import read_manifest

    game = read_manifest(run_dir).get("game") if run_dir.is_dir() else None
    kinds = get_game(game).card_kinds if game in available() else None
    card_names = next(iter(kinds.values()))["names"] if kinds else None
    try:
        paths = build_report(run_dir, out, card_names=card_names)
    except Interrupted:
        target = Path(out) if out is not None else run_dir / "report"
        written = target.is_dir() and any(p.name != ".playout-lock" for p in target.iterdir())
        raise Interrupted(
            f"interrupted; {target} holds an unfinished report: rerun the same command to write it"
            if written
            else "interrupted before the report was written; nothing was kept"
        ) from None
    typer.echo(f"report: {paths['report.html']} ({len(paths)} files)")


@app.command()
def matrix(
    game: Annotated[str, typer.Argument(help="A game from `playout games`.")],
    strategies_: Annotated[
        str, typer.Option("--strategies", help="Player codes to match up (at least two).")
    ] = "random,greedy",
    n: Annotated[int, typer.Option("-n", "--games", help="Games per matchup.")] = 4000,
    players: Annotated[int | None, typer.Option("--players", help="Players per game (default: the most).")] = None,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Master seed (every matchup uses it).")] = 1,
    sets: Annotated[list[str] | None, typer.Option("--set", help="Rule knob KEY=VALUE (repeatable).")] = None,
    data: DataOption = None,
    out: Annotated[str | None, typer.Option("--out", "-o", help="Output directory.")] = None,
    threads: Annotated[int | None, typer.Option("--threads", "-t", help="Numba threads.")] = None,
):
    """Every strategy against every other: the win rate of one seat of A against a field of B, in all seats,
    with 95% intervals, and a Bradley-Terry rating per strategy.

    Examples:

      playout matrix yokohama --strategies greedy,orders,techs,church,builder -n 10000

      playout matrix yokohama --strategies random,greedy --players 3 -n 2000
    """
    info = _game_info(game)
    _positive(n, "-n")
    _index(seed, "--seed")
    threads = _threads(threads)
    from sim.registry import get_game
    from strategies import split_codes

    spec = get_game(game)
    listed = split_codes(strategies_)
    codes = _one_name_per_bot(spec, [spec.strategies.player(c).code for c in listed], "--strategies")
    if len(set(codes)) < 2:
        raise BadInput(f"--strategies needs at least two different codes, not {strategies_!r}")
    p = info.players[1] if players is None else players
    if not info.players[0] <= p <= info.players[1]:
        raise BadInput(f"{game} is played by {info.players[0]} to {info.players[1]} players, not {p}")
    if p < 2:
        raise BadInput(
            f"--players {p}: a matchup puts one seat of A against a field of B, so it needs 2 players or more"
        )
    params = _params_overrides(game, sets or [])
    from reports.console import print_matrix
    from reports.questions import matchup_matrix
    from sim.engine import Recipe, chunk_for

    unique = list(dict.fromkeys(codes))
    base = Recipe(game, unique[:1] * p, seed, n, chunk_for(game, unique[:1] * p, n), params, _data(game, data))
    matchups = len(unique) * (len(unique) - 1)
    _experiment(
        base, n * matchups, 6 + 3 * p, f"-n {n} in each of {matchups} matchups",
        _out(out, Path("runs") / f"matrix-{game}-{p}p-seed{seed}-n{n}"), f"{game} matrix ({matchups} matchups)",
        lambda out, advance: matchup_matrix(base, unique, p, out, threads, advance), print_matrix, (matchups, "arms"),
    )  # fmt: skip


@app.command()
def ladder(
    game: Annotated[str, typer.Argument(help="A game from `playout games`.")],
    only: Annotated[
        str | None, typer.Option("--only", help="The populations, as player codes (default: the book's and mcts-fast).")
    ] = None,
    add: Annotated[
        list[str] | None, typer.Option("--add", help="A further player code or preset (repeatable).")
    ] = None,
    players: Annotated[int, typer.Option("--players", help="Players per game.")] = 4,
    budget: Annotated[
        str | None, typer.Option("--budget", help="CPU time for all games: seconds, or 90s, 20m, 2h (default 10m).")
    ] = None,
    games: Annotated[
        int | None, typer.Option("-n", "--games", help="Games per pair: exactly, or at most with --budget.")
    ] = None,
    anchor: Annotated[str | None, typer.Option("--anchor", help="The population rated 0 (default: random).")] = None,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Master seed (every pair uses it).")] = 1,
    sets: Annotated[list[str] | None, typer.Option("--set", help="Rule knob KEY=VALUE (repeatable).")] = None,
    data: DataOption = None,
    out: Annotated[str | None, typer.Option("--out", "-o", help="Output directory.")] = None,
    threads: Annotated[int | None, typer.Option("--threads", "-t", help="Numba threads.")] = None,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", "--plan", help="Measure and show the plan; play nothing.")
    ] = False,
):
    """The strength of every population of a game on one scale: one seat of A against a field of B for
    every pair, Bradley-Terry ratings with 95% intervals (random = 0), the matrix behind them. The games
    per pair are planned from a CPU budget with a short pilot, shown before anything is played, and kept
    in --out so an interrupted ladder resumes.

    Examples:

      playout ladder yokohama --budget 20m

      playout ladder gangsta --only random,greedy,heister,recruiter,defender,mcts --budget 1h --dry-run

      playout ladder lagranja --add greedy:w_vp=2 -n 2000
    """
    info = _game_info(game)
    _index(seed, "--seed")
    threads = _threads(threads)
    if not info.players[0] <= players <= info.players[1]:
        raise BadInput(f"{game} is played by {info.players[0]} to {info.players[1]} players, not {players}")
    if players < 2:
        raise BadInput(f"--players {players}: a ladder puts one seat of A against a field of B, so it needs 2 or more")
    if games is not None:
        _positive(games, "-n")
        if games < players:
            raise BadInput(f"-n {games}: each pair needs at least {players} games, one rotation of the seats")
    seconds = None if budget is None and games is not None else _cpu_seconds(budget or "10m")
    most = games if games is not None else 4000
    params = _params_overrides(game, sets or [])
    from sim.registry import get_game
    from strategies import split_codes

    book = get_game(game).strategies
    from reports.ladder import anchor_of, populations

    added = [code for text in add or [] for code in split_codes(text)]
    codes = populations(book, None if only is None else split_codes(only), added)
    anchored = anchor_of(codes, None if anchor is None else book.player(anchor).code)
    from reports.console import print_ladder, print_ladder_plan, progress
    from reports.ladder import kept_plan
    from reports.ladder import ladder as play_ladder
    from sim.engine import Recipe, prepare

    base = Recipe(game, codes[:1] * players, seed, players, players, params, _data(game, data))
    where = _out(out, Path("runs") / f"ladder-{game}-{players}p-seed{seed}")
    prep = prepare(base)
    with _claim(where):
        _compile(prep)
        plan, kept = kept_plan(where, base, codes, players, seconds, most, threads,
                               lambda: typer.echo("measuring each population's cost per game (pilot)..."))  # fmt: skip
        print_ladder_plan(plan, kept)
        if dry_run:
            typer.echo(f"plan kept in {where}: the same command without --dry-run plays it")
            return
        _fits_in_memory(sum(arm["games"] for arm in plan["arms"]), 8 * (6 + 3 * players), "the ladder's games")
        bar, advance = progress(plan["cpu"], f"{game} ladder", unit="CPU s")
        with bar:
            answer = play_ladder(base, plan, anchored, where, threads, advance)
    print_ladder(answer)
    typer.echo(f"written to {where}")


def _cpu_seconds(text: str) -> float:
    """'600', '90s', '20m', '2h' -> seconds (at least 1)."""
    units = {"s": 1, "m": 60, "h": 3600}
    body, scale = (text[:-1], units[text[-1]]) if text and text[-1] in units else (text, 1)
    try:
        seconds = float(body) * scale
    except ValueError:
        raise BadInput(f"--budget {text!r} is not a CPU time: write seconds, or 90s, 20m, 2h") from None
    if not 1 <= seconds < 1e9:
        raise BadInput(f"--budget {text!r}: the CPU time must be at least 1 second")
    return seconds


@app.command()
def sweep(
    game: Annotated[str, typer.Argument(help="A game from `playout games`.")],
    sets: Annotated[
        list[str], typer.Option("--set", help="KNOB=LO..HI[:STEP] to sweep (one), or KNOB=VALUE to fix (repeatable).")
    ],
    n: Annotated[int, typer.Option("-n", "--games", help="Games per value.")] = 20_000,
    players: Annotated[str | None, typer.Option("--players", "-p", help="Player codes, one per seat.")] = None,
    seat: Annotated[
        int | None, typer.Option("--seat", help="Seat whose fairness is asked (default: from the knob).")
    ] = None,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Master seed (the same for every value).")] = 1,
    data: DataOption = None,
    out: Annotated[str | None, typer.Option("--out", "-o", help="Output directory.")] = None,
    threads: Annotated[int | None, typer.Option("--threads", "-t", help="Numba threads.")] = None,
):
    """Sweep one rule knob over a range on the same seeds: win rate per seat with its 95% band, and the value
    at which the seat becomes fair (crosses 1/players) with an interval.

    Examples:

      playout sweep yokohama --set start_money.seat0=0..8 -n 200000

      playout sweep yokohama --set start_money.seat0=0..8:2 --players greedy*3 -n 50000

      playout sweep yokohama --set final.church_first=2..10 --set start_money.seat0=4 --seat 1 -n 20000
    """
    _game_info(game)
    _positive(n, "-n")
    _index(seed, "--seed")
    threads = _threads(threads)
    codes = _lineup(game, players)
    from sim.experiments import parse_range
    from sim.params import parse_assignments

    raw = parse_assignments(sets)
    ranged = {k: v for k, v in raw.items() if ".." in v}
    if len(ranged) != 1:
        raise BadInput(f"sweep needs exactly one --set KNOB=LO..HI[:STEP], got {len(ranged)}")
    knob, text = next(iter(ranged.items()))
    fixed = _params_overrides(game, [f"{k}={v}" for k, v in raw.items() if k != knob])
    from sim.registry import get_game

    spec = get_game(game)
    values = parse_range(knob, text, spec.params)
    for v in values:
        spec.params.values({**fixed, knob: v})  # every value must be possible before anything runs
    from reports import sweep as sw

    asked = seat if seat is not None else (sw.seat_of_knob(knob) or 0)
    if not 0 <= asked < len(codes):
        raise BadInput(f"--seat {asked}: the game has seats 0..{len(codes) - 1}")
    from reports.console import print_sweep
    from reports.questions import knob_sweep
    from sim.engine import Recipe, chunk_for, prepare
    from sim.experiments import sweep_arms

    base = Recipe(game, codes, seed, n, chunk_for(game, codes, n), fixed, _data(game, data))
    for _, arm in sweep_arms(base, knob, values):
        prepare(arm)  # every value must be possible with this lineup before anything runs
    _experiment(
        base, n * len(values), 6 + 3 * len(codes), f"-n {n} at each of {len(values)} values",
        _out(out, Path("runs") / f"sweep-{game}-{knob}-{len(codes)}p-seed{seed}-n{n}"), f"{game} sweep of {knob}",
        lambda out, advance: knob_sweep(base, knob, values, asked, out, threads, advance), print_sweep,
        (len(values), "arms"),
    )  # fmt: skip


@app.command()
def value(
    game: Annotated[str, typer.Argument(help="A game from `playout games`.")],
    cards: Annotated[
        str | None,
        typer.Option("--cards", help="Card kind (Yokohama: tech; Obsession: tile; La Granja: farm; default: first)."),
    ] = None,
    family: Annotated[
        bool, typer.Option("--family", help="The worth of each family instead (games with families: Obsession).")
    ] = False,
    n: Annotated[
        int, typer.Option("-n", "--games", help="Games per card and condition (and for the baseline).")
    ] = 10_000,
    only: Annotated[str | None, typer.Option("--only", help="Comma-separated card names (default: all).")] = None,
    removed: Annotated[
        bool,
        typer.Option(
            "--removed/--no-removed",
            help="Also play each card removed from the game (--no-removed: given only, about half the games).",
        ),
    ] = True,
    players: Annotated[str | None, typer.Option("--players", "-p", help="Player codes, one per seat.")] = None,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Master seed (the same in every condition).")] = 1,
    sets: Annotated[list[str] | None, typer.Option("--set", help="Rule knob KEY=VALUE (repeatable).")] = None,
    data: DataOption = None,
    out: Annotated[str | None, typer.Option("--out", "-o", help="Output directory.")] = None,
    threads: Annotated[int | None, typer.Option("--threads", "-t", help="Numba threads.")] = None,
):
    """What each card is worth, by paired experiments on the same seeds: the card given to a seat at the
    start vs not, and the card removed from the game vs not; change in win rate and score with 95%
    intervals, ranked, as a table and plots. Also owners vs non-owners (a correlation, labelled so).

    Examples:

      playout value yokohama --cards tech -n 10000

      playout value yokohama --cards tech --only exposition,ball,tram -n 40000

      playout value yokohama --only tram,telephone,postal_system --no-removed -n 400 -p mcts-fast*4

      playout value obsession --family -n 20000 --players greedy*3
    """
    _game_info(game)
    _positive(n, "-n")
    _index(seed, "--seed")
    threads = _threads(threads)
    from sim.errors import did_you_mean
    from sim.registry import get_game

    spec = get_game(game)
    if family and not removed:
        raise BadInput("--no-removed is for card values: --family plays each family in and out, nothing removed")
    if family:
        _family_value(spec, game, n, players, seed, sets, data, out, threads)
        return
    cards = next(iter(spec.card_kinds)) if cards is None else cards  # --cards '' is not the default
    if cards not in spec.card_kinds:
        raise BadInput(f"{game} has no card kind {cards!r}{did_you_mean(cards, list(spec.card_kinds))}")
    card = spec.card_kinds[cards]
    names = card["names"]
    chosen = _chosen_cards(only, cards, names)
    for c in chosen:
        if c not in names:
            raise BadInput(f"unknown {cards} {c!r}{did_you_mean(c, names)}")
    base = _value_recipe(game, n, players, seed, sets, data)
    p, n = len(base.players), base.n
    from reports.console import print_value
    from reports.questions import card_value, value_arms

    arms = value_arms(len(chosen), removed)
    _experiment(
        base, n * arms, 3 + 3 * p, f"-n {n} in each of {arms} conditions",
        _out(out, Path("runs") / f"value-{game}-{cards}-{p}p-seed{seed}-n{n}"),
        f"{game} {cards} value ({len(chosen)} cards)",
        lambda out, advance: card_value(base, cards, card, chosen, out, threads, advance, removed), print_value,
        (1 + len(chosen) * (p + removed), "arms"),  # the baseline; per card, one arm per seat given it, one removed
    )  # fmt: skip


def _chosen_cards(only: str | None, kind: str, names: list[str]) -> list[str]:
    """The cards --only names (each once, in the order given), or every card of the kind; shared by value,
    robustness and sensitivity so that a card named twice is valued once everywhere."""
    if only is None:
        return list(names)
    chosen = list(dict.fromkeys(c.strip() for c in only.split(",")))
    if "" in chosen:
        raise BadInput(f"--only {only!r} has an empty entry: name {kind} cards, separated by commas")
    return chosen


def _not_set_by_question(game: str, params: dict[str, int], question: str) -> dict[str, int]:
    """params, after refusing the knobs a value question sets itself in each of its arms (which card goes to
    which seat, which is removed, how families are dealt): one given with --set would change nothing."""
    from sim.registry import get_game

    spec = get_game(game)
    own = {spec.families.get("deal_knob")} if spec.families else set()
    for key in params:
        if spec.params.get(key).source == "experiment" or key in own:
            raise BadInput(f"--set {key}: {question} sets this knob itself in each of its arms, so it would change "
                           "nothing: leave it out")  # fmt: skip
    return params


def _value_recipe(game, n, players, seed, sets, data):
    """The base recipe of a value experiment, n rounded down to a multiple of the players so that every seat
    receives the card (or family) in an equal share of the games."""
    codes = _lineup(game, players)
    p = len(codes)
    if n < p:
        raise BadInput(f"-n must be at least the number of players ({p})")
    params = _not_set_by_question(game, _params_overrides(game, sets or []), "value")
    from sim.engine import Recipe, chunk_for

    n = (n // p) * p
    return Recipe(game, codes, seed, n, chunk_for(game, codes, n), params, _data(game, data))


def _family_value(spec, game, n, players, seed, sets, data, out, threads):
    if not spec.families:
        raise BadInput(f"{game} has no families to value (--family is for games with families, e.g. obsession)")
    base = _value_recipe(game, n, players, seed, sets, data)
    p, n = len(base.players), base.n
    from reports.console import print_families
    from reports.questions import family_value

    conditions = 1 if spec.families["expansion_knob"] in base.params else 2
    arms = conditions + len(spec.families["names"]) * conditions
    _experiment(
        base, n * arms, 3 + 3 * p, f"-n {n} in each of {arms} conditions",
        _out(out, Path("runs") / f"value-{game}-families-{p}p-seed{seed}-n{n}"), f"{game} family value",
        lambda out, advance: family_value(base, spec.families, out, threads, advance), print_families,
    )  # fmt: skip


@app.command()
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
    threads: Annotated[int | None, typer.Option("--threads", "-t", help="Numba threads.")] = None,
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
    threads = _threads(threads)
    from sim import regression

    for g in games_ or []:
        _game_info(g)
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
        _game_info(doc["game"])
        overrides_for[path] = _params_overrides(doc["game"], sets or [])
        recipe = Recipe.from_json(doc["recipe"])
        if recipe.data_dir is not None and _data(doc["game"], recipe.data_dir) is None:
            raise BadInput(f"{path}: recipe.data_dir {recipe.data_dir!r} names the builtin data: write null")
        prep = prepare(Recipe(**{**recipe.to_json(), "params": {**recipe.params, **overrides_for[path]}}))
        if prep.codes != recipe.players:
            raise BadInput(f"{path}: recipe.players {recipe.players} are not written as playout writes them "
                           f"({prep.codes}): the counts could not be matched")  # fmt: skip
        _fits_in_memory(recipe.n, 8 * prep.spec.n_result_columns, f"{path}: n {recipe.n} (a replay keeps every game)")
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

    _positive(n, "-n")
    _index(seed, "--seed")
    if not name or name != Path(name).name or name.startswith("."):
        raise BadInput(f"--add {name!r}: a baseline name is a plain file name, e.g. greedy4")
    codes = _lineup(game, players)
    recipe = Recipe(game, codes, seed, n, chunk_for(game, codes, n), _params_overrides(game, sets))
    prepare(recipe)
    path = regression.BASELINE_DIR / game / f"{name}.json"
    if path.exists():
        raise BadInput(f"{path} exists: use --update to re-record it")
    regression.write_baseline(path, regression.record(recipe, regression.replay(recipe, threads)))
    typer.echo(f"recorded {path}")


def _regress_one(path, doc, overrides, update, statistical_only, threads) -> bool:
    """Check one baseline (or re-record it); True when it drifted."""
    from dataclasses import replace

    from reports.console import print_checks
    from reports.regression import compare
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


@app.command()
def stats(
    game: Annotated[str, typer.Argument(help="A game from `playout games`.")],
    players: Annotated[str | None, typer.Option("--players", "-p", help="Player codes, one per seat.")] = None,
    n: Annotated[int, typer.Option("-n", "--games", help="Number of games.")] = 2000,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Master seed.")] = 1,
    sets: Annotated[list[str] | None, typer.Option("--set", help="Rule knob KEY=VALUE (repeatable).")] = None,
    data: DataOption = None,
    csv: Annotated[str | None, typer.Option("--csv", help="Also write the tables as CSV into this directory.")] = None,
):
    """What each strategy does: action kinds per game, cards owned, VP by source, end triggers.

    The games are exactly games 0..N-1 of `playout run` with the same players and seed.

    Examples:

      playout stats yokohama --players greedy,orders,techs,church -n 2000

      playout stats yokohama --players builder*4 -n 10000 --csv runs/builder-stats
    """
    _game_info(game)
    _positive(n, "-n")
    _index(seed, "--seed")
    codes = _lineup(game, players)
    params = _params_overrides(game, sets or [])
    from contextlib import nullcontext

    from sim.engine import Recipe, prepare

    prep = prepare(Recipe(game, codes, seed, n, n, params, _data(game, data)))
    _fits_in_memory(n, 3 * 4 * prep.spec.n_result_columns, f"-n {n} (stats keeps every game's row)")
    csv_dir = None if csv is None else _out(csv, Path(), "--csv")
    with _claim(csv_dir) if csv_dir is not None else nullcontext():
        _stats(prep, n, seed, codes, csv_dir)


def _stats(prep, n: int, seed: int, codes: list[str], csv_dir: Path | None) -> None:
    from rich.console import Console

    from reports import strategy_stats as st
    from reports.console import frame_table, progress
    from sim.action_stats import action_counts
    from sim.output import atomic_write

    game = prep.spec.name
    _compile(prep, traced=True)
    bar, advance = progress(n, f"{game} stats")
    with bar:
        counts, frame = action_counts(prep, n, on_game=lambda: advance(1))
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
        console.print(frame_table(title.replace("_", " "), table))
    if csv_dir is not None:
        for title, table in tables.items():
            atomic_write(csv_dir / f"{title}.csv", table.write_csv)
        console.print(f"tables written to {csv_dir}")


@app.command()
def robustness(
    game: Annotated[str, typer.Argument(help="A game from `playout games`.")],
    question: Annotated[
        str, typer.Option("--question", "-q", help="seat-fairness, fair-value, card-value or matchups.")
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
    threads: Annotated[int | None, typer.Option("--threads", "-t", help="Numba threads.")] = None,
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
    from reports.variations import QUESTIONS
    from sim.errors import did_you_mean

    _game_info(game)
    _positive(n, "-n")
    _index(seed, "--seed")
    threads = _threads(threads)
    if question not in QUESTIONS:
        raise BadInput(f"unknown question {question!r}{did_you_mean(question, list(QUESTIONS))}")
    from sim.registry import get_game

    bots = get_game(game).strategies
    lineups = _distinct([_lineup(game, p) for p in (players or [None])], "--players",
                        key=lambda codes: tuple(_bot(bots, c) for c in codes))  # fmt: skip
    data_sets = _distinct(
        [(d, _data(game, d)) for d in (data or ["builtin"])],
        "--data",
        key=lambda d: get_game(game).load_data(d[1]).fingerprint,
    )  # by contents, not by name
    if len(lineups) * len(data_sets) < 2:
        raise BadInput("robustness needs at least two variations: give --data or --players more than once")
    q, fixed = _robustness_question(game, question, sets or [], seat, cards, only, top, strategies_, lineups)
    from dataclasses import replace

    from reports.console import print_robustness
    from reports.variations import games_of, variation_recipes
    from reports.variations import robustness as answer_robustness
    from sim.engine import Recipe, chunk_for, prepare

    base = Recipe(game, lineups[0], seed, n, chunk_for(game, lineups[0], n), fixed, data_sets[0][1])
    if q.name == "card-value":
        p = len(lineups[0])
        base = replace(base, n=(n // p) * p)
    variations = variation_recipes(base, data_sets, lineups)
    for _, recipe in variations:
        prepare(recipe)  # every variation must be possible before anything runs
    games = sum(games_of(q, r) for _, r in variations)
    _experiment(
        base, games, 6 + 3 * max(len(c) for c in lineups), f"{len(variations)} variations of -n {n}",
        _out(out, Path("runs") / f"robustness-{game}-{question}-seed{seed}-n{n}"), f"{game} robustness of {question}",
        lambda out, advance: answer_robustness(q, base, variations, out, threads, advance), print_robustness,
        (len(variations), "variations"),
    )  # fmt: skip


def _bot(book, code: str) -> tuple:
    """What decides how a player code plays: its kernel and its full weight vector (so `greedy` and
    `greedy:w_vp=<its default>` are one bot)."""
    player = book.player(code)
    return player.strategy.kernel, tuple(player.weights.tolist())


def _one_name_per_bot(spec, codes: list[str], option: str) -> list[str]:
    """codes, after refusing two different codes for one bot: it would be matched against itself under two
    names (a code repeated as typed is the same name, and kept once by the caller)."""
    seen: dict[tuple, str] = {}
    for code in codes:
        other = seen.setdefault(_bot(spec.strategies, code), code)
        if other != code:
            raise BadInput(f"{option} names one bot twice: {other!r} and {code!r} play alike (the same bot and "
                           "weights): give each bot once")  # fmt: skip
    return codes


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


def _robustness_question(game, question, sets, seat, cards, only, top, strategies_, lineups):
    """(reports.variations.Question, fixed knobs) from the options, each checked."""
    from reports.variations import Question
    from sim.experiments import parse_range
    from sim.params import parse_assignments
    from sim.registry import get_game

    spec = get_game(game)
    raw = parse_assignments(sets)
    ranged = {k: v for k, v in raw.items() if ".." in v}
    fixed = _params_overrides(game, [f"{k}={v}" for k, v in raw.items() if k not in ranged])
    if question == "fair-value":
        if len(ranged) != 1:
            raise BadInput(f"--question fair-value needs exactly one --set KNOB=LO..HI, got {len(ranged)}")
        ((knob, text),) = ranged.items()
        values = parse_range(knob, text, spec.params)
        for v in values:
            spec.params.values({**fixed, knob: v})
        from reports import sweep as sw

        asked = seat if seat is not None else (sw.seat_of_knob(knob) or 0)
        if not all(0 <= asked < len(codes) for codes in lineups):
            raise BadInput(f"--seat {asked} is not a seat of every lineup")
        return Question(question, knob=knob, values=tuple(values), seat=asked), fixed
    if ranged:
        raise BadInput(f"--set {next(iter(ranged))}=LO..HI sweeps only with --question fair-value")
    if question == "card-value":
        from sim.errors import did_you_mean

        _not_set_by_question(game, fixed, "--question card-value")
        kind = next(iter(spec.card_kinds), None) if cards is None else cards
        if kind not in spec.card_kinds:
            raise BadInput(f"{game} has no card kind {kind!r}{did_you_mean(str(kind), list(spec.card_kinds))}")
        card = spec.card_kinds[kind]
        chosen = _chosen_cards(only, kind, card["names"])
        for c in chosen:
            if c not in card["names"]:
                raise BadInput(f"unknown {kind} {c!r}{did_you_mean(c, card['names'])}")
        if not 1 <= top < len(chosen):
            raise BadInput(f"--top must be between 1 and {len(chosen) - 1} (one less than the cards), not {top}")
        return Question(question, kind=kind, card=card, cards=tuple(chosen), top=top), fixed
    if question == "matchups":
        from strategies import split_codes

        if len(lineups) != 1 or len({len(c) for c in lineups}) != 1:
            raise BadInput("--question matchups varies the data only: give one --players (its count of seats)")
        if len(lineups[0]) < 2:
            raise BadInput("--question matchups puts one seat of A against a field of B: give 2 players or more")
        codes = [spec.strategies.player(c).code for c in split_codes(strategies_ or "random,greedy")]
        codes = list(dict.fromkeys(_one_name_per_bot(spec, codes, "--strategies")))
        if len(codes) < 2:
            raise BadInput(f"--strategies needs at least two different codes, not {strategies_!r}")
        return Question(question, strategies=tuple(codes)), fixed
    return Question(question), fixed


@app.command()
def sensitivity(
    game: Annotated[str, typer.Argument(help="A game from `playout games`.")],
    question: Annotated[
        str, typer.Option("--question", "-q", help="seat-fairness, fair-value or card-value.")
    ] = "seat-fairness",
    tables: Annotated[
        str | None, typer.Option("--tables", help="Comma-separated data files to vary (default: every ASSUMED one).")
    ] = None,
    variants: Annotated[int, typer.Option("--variants", help="Perturbed variants per table.")] = 3,
    spread: Annotated[
        float, typer.Option("--spread", help="Each ASSUMED number moves by up to this fraction of itself.")
    ] = 0.5,
    players: Annotated[str | None, typer.Option("--players", "-p", help="Player codes, one per seat.")] = None,
    data: DataOption = None,
    n: Annotated[int, typer.Option("-n", "--games", help="Games per variant (per arm for experiments).")] = 10_000,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Master seed of the games and of the variants.")] = 1,
    sets: Annotated[
        list[str] | None, typer.Option("--set", help="Rule knob KEY=VALUE, or KNOB=LO..HI to sweep for fair-value.")
    ] = None,
    seat: Annotated[int | None, typer.Option("--seat", help="fair-value: the seat asked.")] = None,
    cards: Annotated[str | None, typer.Option("--cards", help="card-value: the card kind.")] = None,
    only: Annotated[str | None, typer.Option("--only", help="card-value: comma-separated cards.")] = None,
    top: Annotated[int, typer.Option("--top", help="card-value: how many top cards to follow.")] = 5,
    out: Annotated[str | None, typer.Option("--out", "-o", help="Output directory (reruns resume in it).")] = None,
    threads: Annotated[int | None, typer.Option("--threads", "-t", help="Numba threads.")] = None,
):
    """Rank a game's ASSUMED data tables by how much they move an answer: the answer on the shipped data,
    and on variants where one ASSUMED table at a time has its numbers moved by up to --spread of themselves
    (checked by the game's data checks). Tells a user with the physical game which cards to transcribe first.

    Examples:

      playout sensitivity yokohama --question seat-fairness --players greedy*4 -n 20000

      playout sensitivity yokohama --question card-value --cards tech -n 4000 --variants 2

      playout sensitivity yokohama --tables orders.csv,church_spaces.csv --spread 0.25

      playout sensitivity yokohama --data seed-guess-2026 -n 20000
    """
    from reports.variations import QUESTIONS
    from sim.errors import did_you_mean

    _game_info(game)
    _positive(n, "-n")
    _positive(variants, "--variants")
    _index(seed, "--seed")
    threads = _threads(threads)
    if not 0 < spread <= 1:
        raise BadInput(f"--spread must be above 0 and at most 1, not {spread}")
    asked = [q for q in QUESTIONS if q != "matchups"]
    if question not in asked:
        raise BadInput(f"unknown question {question!r}{did_you_mean(question, asked)}")
    codes = _lineup(game, players)
    q, fixed = _robustness_question(game, question, sets or [], seat, cards, only, top, None, [codes])
    from dataclasses import replace

    from reports.console import print_sensitivity
    from reports.sensitivity import build_variants, games_total
    from reports.sensitivity import sensitivity as rank_tables
    from sim.data_variants import assumed_tables, set_files
    from sim.engine import Recipe, chunk_for
    from sim.registry import get_game

    data_dir = _data(game, data)
    get_game(game).load_data(data_dir)  # the game's own checks first: a malformed file is named, never read raw
    found = list(assumed_tables(set_files(game, data_dir)))
    if not found:
        raise BadInput(f"{game}'s data set {data or 'builtin'} has no ASSUMED table with numbers to vary: "
                       "sensitivity has nothing to rank")  # fmt: skip
    chosen = found if tables is None else list(dict.fromkeys(t.strip() for t in tables.split(",")))
    for t in chosen:
        if not t:
            raise BadInput(f"--tables {tables!r} has an empty entry: name data files, separated by commas")
        if t not in found:
            raise BadInput(f"{game} has no ASSUMED table {t!r}{did_you_mean(t, found)}")
    base = Recipe(game, codes, seed, n, chunk_for(game, codes, n), fixed, data_dir)
    if q.name == "card-value":
        base = replace(base, n=(n // len(codes)) * len(codes))
    load = get_game(game).load_data

    def ask(out, advance):
        built = build_variants(game, data_dir, load, chosen, variants, spread, seed, out)
        return rank_tables(q, base, built, out, threads, advance)

    _experiment(
        base, games_total(q, base, len(chosen) * variants), 6 + 3 * len(codes),
        f"{len(chosen) * variants} variants of -n {n}",
        _out(out, Path("runs") / f"sensitivity-{game}-{question}-seed{seed}-n{n}"),
        f"{game} sensitivity of {question}", ask, print_sensitivity, (1 + len(chosen) * variants, "variations"),
    )  # fmt: skip


@app.command()
def tune(
    game: Annotated[str, typer.Argument(help="A game from `playout games`.")],
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
        str | None, typer.Option("--storage", help="An optuna storage URL to share a study (default: SQLite in --out).")
    ] = None,
    resume: Annotated[bool, typer.Option("--resume", help="Continue an interrupted tune (--out, --storage).")] = False,
    sets: Annotated[list[str] | None, typer.Option("--set", help="Rule knob KEY=VALUE (repeatable).")] = None,
    data: DataOption = None,
    threads: Annotated[int | None, typer.Option("--threads", "-t", help="Numba threads.")] = None,
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
    _game_info(game)
    _index(seed, "--seed")
    _positive(confirm, "--confirm")
    threads = _threads(threads)
    from reports import tune as tn
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
        p = _game_info(game).players[1] if players is None else players
        fields = [_field(game, start * (p - 1))]
    knobs = tn.choose_knobs(game, start[0], weights, ranges or [], spread)
    n_trials, per_field = tn.split_budget(budget, trials, per_trial, fields)
    cfg = tn.TuneConfig(game, start[0], fields, knobs, objective, budget, n_trials, per_field, confirm, sampler, seed,
                        _params_overrides(game, sets or []), _data(game, data))  # fmt: skip
    out = _out(out, Path("runs") / f"tune-{game}-{start[0].split(':')[0]}-seed{seed}")
    url = tn.storage_url(storage, out)
    from reports.tune_output import TuneProgress, write_tune
    from sim.engine import Recipe, prepare

    prep = prepare(Recipe(game, [tn.trial_code(cfg.start, knobs, tn.start_params(knobs) or _mid(knobs)), *fields[0]],
                          seed, 1, 1, cfg.params, cfg.data_dir))  # fmt: skip
    with _claim(out):
        _compile(prep)
        label = f"{game} tune of {start[0]}"
        with TuneProgress(tn.total_games(cfg), cfg.trials, cfg.games_per_trial, label, objective) as bar:
            try:
                result = tn.tune(cfg, out, storage, resume, threads, cluster, bar.advance, bar.trial)
            except Interrupted:
                raise Interrupted(f"interrupted; the study is kept in {url}: rerun the command with --resume") from None
        write_tune(result, out, shlex.join(["playout", *_ARGV]))
    c = result.confirmation
    typer.echo(f"tuned {result.tuned_code}")
    typer.echo(f"confirmation on {c.games:,} fresh games: win rate {c.tuned_win_rate:.2%} tuned, "
               f"{c.start_win_rate:.2%} start; difference {c.difference:+.2%} [{c.lo:+.2%}, {c.hi:+.2%}] "
               "(95%, paired)")  # fmt: skip
    typer.echo(f"cost: {result.cost.games:,} tuning games, {result.cost.cpu_seconds:,.0f} s of CPU")
    typer.echo(f"preset: {out / 'preset.json'} (play it as tuned@{out / 'preset.json'}); report: {out / 'report.html'}")


def _field(game: str, field: list[str]) -> list[str]:
    """A field of opponents: with the tuned bot it must make a lineup the game allows."""
    info = _game_info(game)
    if not info.players[0] <= len(field) + 1 <= info.players[1]:
        raise BadInput(f"{game} is played by {info.players[0]} to {info.players[1]} players: the tuned bot and "
                       f"{len(field)} opponent(s) make {len(field) + 1}")  # fmt: skip
    return field


def _mid(knobs) -> dict:
    """Trial values inside every range (checks a lineup can be built before anything runs)."""
    return {k.name: next(iter(k.choices)) if k.choices else (k.lo + k.hi) / 2 for k in knobs}


# ---------------------------------------------------------------- entry point


@app.command()
def compare(
    dir_a: Annotated[Path, typer.Argument(help="An answer: a `playout run` directory, or a sweep/value output.")],
    dir_b: Annotated[Path, typer.Argument(help="The same question answered again (other bots, data, rules).")],
    out: Annotated[str | None, typer.Option("--out", "-o", help="Also write the tables as CSV here.")] = None,
):
    """Compare two answers to the same question: the difference A - B with its 95% interval.

    Seat fairness (two runs): per seat. Sweeps: per value and seat, and the fair value. Card values: per card,
    and the Spearman rank correlation of the two rankings.

    Examples:

      playout compare runs/yoko4-greedy runs/yoko4-mcts

      playout compare sweeps/money-greedy sweeps/money-mcts --out /tmp/money-compare
    """
    from rich.console import Console

    from reports.compare import compare as compare_answers
    from reports.console import footer, frame_table
    from reports.export import header_lines, write_csv

    target = None if out is None else _out(out, Path())  # checked before anything is read or created
    kind, tables, m_a, m_b = compare_answers(dir_a, dir_b)
    console = Console()
    console.print(f"A: {footer(m_a)}")
    console.print(f"B: {footer(m_b)}")
    for name, table in tables.items():
        console.print(frame_table(f"{name.replace('_', ' ')}: A - B", table))
    if target is not None:
        with _claim(target):
            for name, table in tables.items():
                write_csv(table, target / f"{name}.csv", [f"A: {x}" for x in header_lines(m_a)]
                          + [f"B: {x}" for x in header_lines(m_b)])  # fmt: skip
        console.print(f"tables: {target}")


def main(argv: list[str] | None = None) -> int:
    """Console entry: bad input is one line on stderr with exit code 2, a fault one line with exit code 1,
    Ctrl-C one line saying what was kept with exit code 130; never a traceback."""
    from sim.errors import InputError, SimulationError, WriteError

    def interrupt(signum, frame):
        raise Interrupted("interrupted")

    global _ARGV
    _ARGV = list(sys.argv[1:] if argv is None else argv)  # as typed, for outputs that record their command
    previous = signal.signal(signal.SIGINT, interrupt)  # typer would turn KeyboardInterrupt into a silent exit
    try:
        try:
            if _noted:  # pressed while the modules loaded: nothing has started
                raise Interrupted("interrupted before anything started; nothing was written")
            code = app(args=argv, standalone_mode=False)
        finally:  # from here on a Ctrl-C is noted, never raised into the lines that report the outcome
            signal.signal(signal.SIGINT, _note_interrupt)
        if isinstance(code, int) and code:  # typer.Exit(code) comes back as a return value here
            sys.exit(code)
    except (BadInput, InputError) as e:
        _fail(f"error: {e}", EXIT_BAD_INPUT)
    except (SimulationError, WriteError) as e:
        _fail(f"{'simulation error' if isinstance(e, SimulationError) else 'error'}: {e}", 1)
    except (Interrupted, KeyboardInterrupt, typer.Abort) as e:
        _fail(str(e) if isinstance(e, Interrupted) else "interrupted", 130)
    except typer.Exit as e:
        sys.exit(e.exit_code)
    except typer.TyperException as e:  # typer's own usage errors: bad option value, missing argument...
        message = e.format_message() if hasattr(e, "format_message") else str(e)
        _fail(f"error: {message}", EXIT_BAD_INPUT)
    except OSError as e:  # the machine refused something outside the writes above (reading a file, a pipe)
        _fail(f"error: {e.strerror or e}" + (f": {e.filename}" if e.filename else ""), 1)
    finally:
        signal.signal(signal.SIGINT, previous)
    return 0


def _fail(message: str, code: int):
    typer.echo(f"playout: {_one_line(message)}", err=True)
    sys.exit(code)


def _one_line(text: str) -> str:
    return " ".join(text.split())


if __name__ == "__main__":
    main()
