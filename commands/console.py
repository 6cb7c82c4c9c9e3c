"""What several commands show while and after they work: the progress bar with games/s and ETA, the shape of an
experiment (compile, play under the bar, show the answer, say what an interrupt kept), and the tables and
footer more than one command prints. Imported inside the commands, so `playout --help` loads none of it."""

from __future__ import annotations

import time
from pathlib import Path

import polars as pl
import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from commands.options import Interrupted, claim, fits_in_memory
from reports.analysis.strength import strength_text
from reports.writers.export import data_text

LINE_EVERY = 30.0  # seconds between progress lines when stdout is not a terminal (a log, a CI job)


def progress(total: int, label: str, terminal: bool | None = None, every: float = LINE_EVERY, unit: str = "games"):
    """(bar, advance): a progress bar with games/s and ETA, and a callback advancing it by games played;
    advance.skip(n) moves it for games already done (a resumed run) without counting them in the rate.
    Where stdout is not a terminal a live bar shows nothing until the end, so a line is written instead
    at most every `every` seconds and when done (`terminal` overrides the detection). Both go to stdout:
    stderr keeps only an error's one line. `unit` names what is counted when it is not games (the ladder
    counts its planned CPU seconds, since its games differ a thousandfold in cost)."""
    if terminal is None:
        terminal = Console().is_terminal
    bar = (
        Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[rate]}"),
            TimeElapsedColumn(),
            TextColumn("ETA"),
            TimeRemainingColumn(),
        )
        if terminal
        else ProgressLines(total, label, every, unit)
    )
    task = bar.add_task(label, total=total, rate="")
    start = [time.perf_counter()]
    played = [0]

    def advance(count: int):
        played[0] += count
        elapsed = time.perf_counter() - start[0]
        bar.update(task, advance=count, rate=f"{played[0] / elapsed:,.0f} {unit}/s" if elapsed > 0 else "")

    def compiling(now: bool):
        """Say so while the kernels compile; the rate counts from the end of the compile."""
        bar.update(task, description=f"{label}: compiling kernels..." if now else label)
        start[0] = time.perf_counter()

    advance.skip = lambda count: bar.update(task, advance=count)
    advance.compiling = compiling
    return bar, advance


class ProgressLines:
    """The progress bar's interface for a log: one plain line per `every` seconds, e.g.
    `yokohama robustness: 120/640 games (19%), 0.4 games/s, 5:02 elapsed, ETA 21:50`."""

    def __init__(self, total: int, label: str, every: float, unit: str = "games"):
        self.total, self.label, self.every, self.unit = total, label, every, unit
        self.base = label
        self.done = self.fresh = 0  # games counted, and those played in this session (they set the rate)
        self.began = self.last = time.perf_counter()
        self.console = Console(highlight=False, soft_wrap=True)

    def add_task(self, label: str, total: int, rate: str) -> int:
        return 0

    def update(self, task: int, advance: int = 0, rate: str | None = None, description: str | None = None):
        if description is not None:  # a compile starts or ends: the rate counts from its end
            self.label, self.began, self.fresh = description, time.perf_counter(), 0
            if description != self.base:
                self.console.print(description)
        if not advance:
            return
        self.done += advance
        if rate is not None:
            self.fresh += advance
        now = time.perf_counter()
        if now - self.last >= self.every:
            self.last = now
            self.console.print(self.line(now))

    def line(self, now: float) -> str:
        elapsed = now - self.began
        done = f"{amount(self.done)}/{amount(self.total)} {self.unit}"
        text = f"{self.label}: {done} ({self.done / self.total if self.total else 0:.0%})"
        if self.fresh and elapsed > 0:
            rate = self.fresh / elapsed
            eta = (self.total - self.done) / rate
            shown = f"{rate:,.0f}" if rate >= 10 else f"{rate:.2f}"
            text += f", {shown} {self.unit}/s, {clock(elapsed)} elapsed, ETA {clock(eta)}"
        return text

    def __enter__(self):
        return self

    def __exit__(self, kind, value, trace):
        if kind is None:  # an error says what happened in its own one line
            self.console.print(self.line(time.perf_counter()))
        return False


def amount(x: float) -> str:
    """1,234 for counts and large amounts, 0.12 for small ones (a planned CPU time under ten seconds)."""
    return f"{x:,.0f}" if x >= 10 or x == int(x) else f"{x:.2g}"


def clock(seconds: float) -> str:
    """h:mm:ss or m:ss."""
    m, s = divmod(int(seconds), 60)
    h, m = divmod(m, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def compile_kernels(prep, traced: bool = False) -> None:
    """Compile (or load) the kernels before the progress bar starts, saying so, so games/s counts play only."""
    from sim.engine import compile_kernels as compile_now

    with Console(stderr=True).status("compiling kernels..."):
        compile_now(prep, traced)


def pilot(base, what: str, measure):
    """measure() on compiled kernels, saying so: the short pilot with which robustness and matrix plan their
    progress in CPU seconds (a learned or searching lineup's game costs 10 to 1,000 times a greedy one's, and a
    bar counting games would take its rate from the cheap ones)."""
    from sim.engine import prepare

    compile_kernels(prepare(base))
    typer.echo(f"measuring each {what}'s cost per game (pilot)...")
    return measure()


def experiment(
    base, games: int, columns: int, what: str, out: Path, label: str, ask, show, parts=None, work=None
) -> None:
    """The shape shared by matrix, sweep, value, robustness and sensitivity: check that `games` rows of
    `columns` kept numbers fit in memory and the recipe is sound, then, with --out claimed, compile,
    ask(out, advance) under a progress bar (it plays the arms and writes the outputs), and show the answer.
    The bar counts games, or `work` = (total, unit) when ask advances it in other units (planned CPU seconds
    where the lineups' games differ in cost). On Ctrl-C, say what was kept of the `parts` (how many, and what
    they are: arms or variations)."""
    from sim.engine import prepare

    prep = prepare(base)
    fits_in_memory(games, 8 * columns, what)
    with claim(out):
        compile_kernels(prep)
        total, unit = work or (games, "games")
        bar, advance = progress(total, label, unit=unit)
        try:
            with bar:
                answer = ask(out, advance)
        except Interrupted:
            raise Interrupted(kept_parts(out, parts)) from None
    show(answer)
    typer.echo(f"written to {out}")


def kept_parts(out: Path, parts: tuple[int, str] | None) -> str:
    """What an interrupted experiment leaves behind in out, and how to go on (it resumes by itself)."""
    from sim.store import GO_ON, finished_parts

    done, started = finished_parts(out)
    total, what = parts or (None, "arms")
    if not done and not started:
        return f"interrupted before any {what.removesuffix('s')} finished; nothing was kept"
    of = f"{done} of {total} {what}" if total else f"{done} {what}"
    more = f" and the finished chunks of {started} more" if started else ""
    return f"interrupted; kept {of}{more} in {out}: {GO_ON}"


# ---------------------------------------------------------------- tables more than one command prints


def frame_table(title: str, frame: pl.DataFrame) -> Table:
    t = Table(*frame.columns, title=title)
    for row in frame.iter_rows():
        t.add_row(*(f"{v:.3g}" if isinstance(v, float) else str(v) for v in row))
    return t


def footer(m: dict, timed: bool = False) -> str:
    """What an answer is about, under it: game, rules, data, lineup, seed, games (and the time taken), then
    how strong its players are on the game's ladder."""
    lineup = f", lineup {', '.join(m['lineup'])}" if m.get("lineup") else ""
    data = data_text(m, lambda share: f"{share:.0%} of its values ASSUMED")
    took = f" in {m['wall_seconds']:.0f} s" if timed else ""
    return (f"{m['game']} rules {m['rules_version']}, data {data}{lineup}, seed {m['seed']}, {m['n']:,} games{took}\n"
            f"players' strength: {strength_text(m)}")  # fmt: skip


def print_matrix(answer) -> None:
    console = Console()
    codes, players = answer.extra["codes"], answer.extra["players"]
    t = Table(
        "one seat of \\ field of", *codes, title=f"win rate against a field of {players - 1} (fair {1 / players:.0%})"
    )
    lookup = {(c.row, c.col): c for c in answer.extra["cells"]}
    for a in codes:
        cells = [lookup.get((a, b)) for b in codes]
        t.add_row(a, *(f"{c.rate:.1%} [{c.lo:.1%}, {c.hi:.1%}]" if c else "-" for c in cells))
    console.print(t)
    console.print(frame_table("ratings", answer.tables["ratings"]))
    console.print(frame_table("scores", answer.tables["scores"]))
    console.print(footer(answer.manifest, timed=True))
