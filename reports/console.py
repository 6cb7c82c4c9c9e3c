"""What the terminal shows: progress bars with games/s and ETA, and the result tables of each command."""

from __future__ import annotations

import time

import polars as pl
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from reports.export import data_text
from reports.rests_on import headline
from reports.summary import by_seat, by_strategy

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
        text = f"{self.label}: {self.done:,.0f}/{self.total:,.0f} {self.unit} ({self.done / max(self.total, 1):.0%})"
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


def clock(seconds: float) -> str:
    """h:mm:ss or m:ss."""
    m, s = divmod(int(seconds), 60)
    h, m = divmod(m, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def frame_table(title: str, frame: pl.DataFrame) -> Table:
    t = Table(*frame.columns, title=title)
    for row in frame.iter_rows():
        t.add_row(*(f"{v:.3g}" if isinstance(v, float) else str(v) for v in row))
    return t


def footer(m: dict) -> str:
    lineup = f", lineup {', '.join(m['lineup'])}" if m.get("lineup") else ""
    data = data_text(m, lambda share: f"{share:.0%} of its values ASSUMED")
    return f"{m['game']} rules {m['rules_version']}, data {data}{lineup}, seed {m['seed']}, {m['n']:,} games"


def timing(m: dict) -> str:
    """What this session did and how fast: games played now, play time and rate, the compile apart."""
    played, seconds = m.get("games_played_this_session", m["n"]), m.get("play_seconds", m["wall_seconds"])
    rate = f"{m['games_per_second']:,.0f} games/s" if m.get("games_per_second") else "no games played"
    kept = f" ({m['n'] - played:,} kept from before)" if played < m["n"] else ""
    took = m.get("compile_seconds")  # None on a cluster, where each worker compiles within play
    compiled = "" if took is None else f"; kernels compiled or loaded in {took:.1f} s"
    return f"played {played:,} games in {seconds:.1f} s ({rate}){kept}{compiled}"


def print_run_summary(frame: pl.DataFrame, manifest: dict, out) -> None:
    console = Console()
    for title, rows in (("win rate by seat", by_seat(frame)), ("win rate by strategy", by_strategy(frame))):
        t = Table("", "games", "wins", "win rate", "95% interval", "mean score", title=title)
        for r in rows:
            interval = f"{r.lo:.1%} - {r.hi:.1%}"
            t.add_row(r.label, f"{r.games:,}", f"{r.wins:,}", f"{r.rate:.1%}", interval, f"{r.mean_score:.1f}")
        console.print(t)
    console.print(footer(manifest))
    console.print(timing(manifest))
    console.print(f"results: {out / 'games.parquet'}  manifest: {out / 'manifest.json'}")


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
    console.print(footer(answer.manifest) + f" in {answer.manifest['wall_seconds']:.0f} s")


def print_sweep(answer) -> None:
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
    console.print(footer(answer.manifest) + f" in {answer.manifest['wall_seconds']:.0f} s")


def removed_cell(r: dict, played: bool) -> str:
    """The removed condition's cell: its change, or why there is none."""
    d = r["removed_owner_win_delta"]
    if not played:
        return "not played"
    if d is None or d != d:  # NaN: fewer than two baseline games had an owner
        return f"owners in {r['removed_games']} games"
    return f"{d:+.1%} [{r['removed_owner_win_lo']:+.1%}, {r['removed_owner_win_hi']:+.1%}]"


def print_value(answer) -> None:
    console = Console()
    heads = ("card", "given: win rate change", "given: score change", "removed: owners' win change")
    t = Table(*heads, "owners win (corr.)", "others win", title="card value, ranked by the receiver's win-rate change")
    for r in answer.tables["value"].iter_rows(named=True):
        t.add_row(
            r["card"],
            f"{r['given_win_delta']:+.1%} [{r['given_win_lo']:+.1%}, {r['given_win_hi']:+.1%}]",
            f"{r['given_score_delta']:+.1f} [{r['given_score_lo']:+.1f}, {r['given_score_hi']:+.1f}]",
            removed_cell(r, answer.manifest.get("removed", True)),
            f"{r['owner_win_rate (correlation)']:.1%}",
            f"{r['non_owner_win_rate']:.1%}",
        )
    console.print(t)
    rests = answer.tables.get("rests_on")
    line = headline(rests, answer.tables["value"].height) if rests is not None else None
    if line:
        console.print(line)
    console.print(footer(answer.manifest) + f" in {answer.manifest['wall_seconds']:.0f} s")


def print_families(answer) -> None:
    """One table per condition (the expansion family out, then in)."""
    console = Console()
    players = answer.extra["players"]
    table = answer.tables["families"]
    for condition in table["condition"].unique(maintain_order=True):
        heads = ("family", f"win rate when dealt (fair {1 / players:.1%})", "p (Holm)", "mean score")
        t = Table(*heads, "given: win rate change", "given: score change", title=f"family value, {condition}")
        for r in table.filter(pl.col("condition") == condition).iter_rows(named=True):
            t.add_row(
                r["family"],
                f"{r['win_rate']:.1%} [{r['win_lo']:.1%}, {r['win_hi']:.1%}]",
                f"{r['p_holm']:.2g}",
                f"{r['mean_score']:.1f}",
                f"{r['given_win_delta']:+.1%} [{r['given_win_lo']:+.1%}, {r['given_win_hi']:+.1%}]",
                f"{r['given_score_delta']:+.1f} [{r['given_score_lo']:+.1f}, {r['given_score_hi']:+.1f}]",
            )
        console.print(t)
    console.print(footer(answer.manifest))


def print_checks(title: str, checks, exact: bool, stale: str | None) -> None:
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


def print_robustness(result: dict) -> None:
    """One row per conclusion: its verdict, then its estimate and interval under each variation."""
    console = Console()
    variations = list(dict.fromkeys(e.variation for e in result["estimates"]))
    t = Table("conclusion", "verdict", *(v.label for v in variations), title="what the answer rests on")
    cell = {(e.conclusion, e.variation): e for e in result["estimates"]}
    for v in result["verdicts"]:
        shown = [cell.get((v.conclusion, var)) for var in variations]
        t.add_row(v.conclusion, v.verdict, *(f"{e.value:.3g} [{e.lo:.3g}, {e.hi:.3g}]" if e else "" for e in shown))
    console.print(t)
    for label, top in result["tops"].items():
        console.print(f"top under {label}: {', '.join(top)}")
    console.print(footer(result["manifest"]))


def print_sensitivity(result: dict) -> None:
    console = Console()
    t = Table("table", "mean shift", "least", "most", "noise", "variants beyond noise", "kept as printed",
              title=f"ASSUMED tables ranked by {result['manifest']['measure']}")  # fmt: skip
    for r in result["ranking"].iter_rows(named=True):
        t.add_row(r["table"], *(f"{r[k]:.3g}" for k in ("mean_shift", "min_shift", "max_shift", "noise")),
                  f"{r['variants_beyond_noise']} of {r['variants']}", r["kept_as_printed"])  # fmt: skip
    console.print(t)
    console.print(footer(result["manifest"]))


def print_ladder_plan(plan: dict, kept: bool) -> None:
    """The ladder's plan before it plays: games per pair and what they are estimated to cost."""
    console = Console()
    codes = plan["codes"]
    t = Table("one seat of \\ field of", *codes, title=f"games per pair ({plan['players']} players)")
    lookup = {(arm["a"], arm["b"]): arm for arm in plan["arms"]}
    for a in codes:
        t.add_row(a, *(f"{lookup[a, b]['games']:,}" if (a, b) in lookup else "-" for b in codes))
    console.print(t)
    costs = ", ".join(f"{code} {1000 * s:.3g}" for code, s in plan["cost_per_seat"].items())
    console.print(f"CPU ms one seat adds to a game (pilot): {costs}")
    budget = "no budget (the same games per pair)" if plan["budget"] is None else f"budget {plan['budget']:,.0f} CPU s"
    games = sum(arm["games"] for arm in plan["arms"])
    console.print(
        f"plan{' (kept from an earlier attempt)' if kept else ''}: {games:,} games in {len(plan['arms'])} pairs, "
        f"about {plan['cpu']:,.0f} CPU s ({clock(plan['cpu'])}), {clock(plan['wall'])} wall at the pilot's pace; "
        f"{budget}, at most {plan['most']:,} games per pair"
    )


def print_ladder(answer) -> None:
    """The matrix and the ratings as `playout matrix` shows them, and what the ratings are relative to."""
    print_matrix(answer)
    Console().print(f"ratings in logits relative to {answer.extra['anchor']} (= 0), 95% bootstrap intervals")
