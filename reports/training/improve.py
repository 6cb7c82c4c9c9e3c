"""`playout improve`: the improvement loop (issue 50), in the spirit of Expert Iteration: a strong player teaches a
cheap student, the student makes the strong player stronger, and so on until the strong player stops improving.

Generation k (from 1): the teacher is the strong player (`--teacher`, default `learned`) with the student of
generation k-1 proposing (`lv_proposer=student@FILE`; generation 0's student is the game's shipped one). A student is
distilled from that teacher (reports/training/distil.py, into gen<k>/), and the teacher with the new student proposing
meets the teacher it came from head to head: a ladder of the two (one seat of each against a field of the other,
every seat in turn; `playout ladder --only OLD,NEW -n RATE_GAMES --seed RATE_SEED`) on another seed than the distils'.
The new teacher's rise is its rating less the old one's, with the 95% interval of that difference. The loop goes on
while that interval is above 0, and stops the first time it is not (the top stopped rising beyond its interval) or
after --generations (the budget), and says which.

The next teacher costs what this one does: the student it asks is as cheap as the one it replaces. Each generation's
distil and head-to-head are kept under --out as `playout distil` and `playout ladder` keep theirs, and the loop's log
(improve.json) is sealed with the loop's settings, so the same command rerun goes on from the last finished step.

What the loop leaves to the user: the learned value is not refitted on each generation's games (`playout learn`). A
new value moves the fingerprint of every learned player and so every shipped ladder and kept answer; it is a
separate, deliberate step, taken when the students have stopped moving the top.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from reports.writers.plots import write_png
from sim.errors import ParamError
from sim.store import keep, recall

MOST_GENERATIONS = 50


@dataclass
class ImproveConfig:
    game: str
    teacher: str  # the strong player, without lv_proposer: each generation's student proposes for it
    student: str  # generation 0's student file (the game's shipped one by default)
    players: int
    generations: int  # the budget: at most this many generations
    games: int  # a distil's sampling games
    eval_games: int  # its judging games (the student, one seat against greedy)
    choose_games: int  # its choosing games per candidate fit
    temperature: float
    hidden: int
    seed: int  # the distils' games
    rate_games: int  # head-to-head games each way
    rate_seed: int  # the head-to-head games' seed
    params: dict = field(default_factory=dict)
    data_dir: str | None = None


@dataclass
class Step:
    gen: int
    teacher: str  # what the student was distilled from
    student: str  # its file
    win_vs_greedy: float  # the student, one seat against three greedy bots, on the distil's judging games
    lo: float
    hi: float
    agreement: float  # top-1 agreement with the teacher on held-out positions
    regret: float
    rise: float  # the teacher with this student proposing, less `teacher`, head to head, and its 95% interval
    rise_lo: float
    rise_hi: float
    rated_games: int
    seconds: float


def proposing(teacher: str, student: str) -> str:
    """The teacher's code with `student` (a file) proposing for it."""
    return f"{teacher}{',' if ':' in teacher else ':'}lv_proposer=student@{student}"


def check_config(cfg: ImproveConfig, book) -> None:
    if not 1 <= cfg.generations <= MOST_GENERATIONS:
        raise ParamError(f"--generations must be a whole number from 1 to {MOST_GENERATIONS}, not {cfg.generations}")
    if cfg.rate_seed == cfg.seed:
        raise ParamError(f"--rate-seed {cfg.rate_seed} is the distils' --seed: the teachers would be rated on the "
                         "deals their students were fitted on")  # fmt: skip
    if cfg.rate_games < cfg.players:
        raise ParamError(f"--rate-games {cfg.rate_games}: each way needs at least {cfg.players} games, one rotation "
                         "of the seats")  # fmt: skip
    player = book.player(cfg.teacher)
    if player.strategy.family != "learned":
        raise ParamError(f"--teacher {cfg.teacher}: the loop's teacher is a learned player (a student proposes for "
                         "it), not a " + (player.strategy.family or player.strategy.code))  # fmt: skip
    if "lv_proposer" in cfg.teacher:
        raise ParamError(f"--teacher {cfg.teacher}: leave lv_proposer out; each generation's student proposes")
    book.player(proposing(cfg.teacher, cfg.student))  # the first student: one of this game's, readable


def distil_config(cfg: ImproveConfig, teacher: str):
    from reports.training.distil import DistilConfig

    return DistilConfig(cfg.game, teacher, cfg.players, cfg.games, 1, cfg.eval_games, cfg.temperature, cfg.seed,
                        choose_games=cfg.choose_games, hidden=cfg.hidden, params=cfg.params,
                        data_dir=cfg.data_dir)  # fmt: skip


def games_per_generation(cfg: ImproveConfig, book) -> int:
    from reports.training.distil import hard_teacher, total_games

    teacher = proposing(cfg.teacher, cfg.student)
    return total_games(distil_config(cfg, teacher), hard_teacher(book, teacher)) + 2 * cfg.rate_games


def improve(cfg: ImproveConfig, out: Path, command: str, head_to_head, advance) -> tuple[list[Step], str]:
    """Run (or resume) the loop: its steps, and why it stopped. head_to_head(old, new, where) -> (new's rating less
    old's, its 95% interval, games played): the two teachers' match, kept under `where` (the commands pass the
    ladder's, reports/experiments/ladder.py, which training does not import)."""
    from reports.training.distil import distil, write_report
    from sim.recipe import Recipe, prepare

    out = Path(out)
    prep = prepare(Recipe(cfg.game, [cfg.teacher] * cfg.players, cfg.seed, 1, 1, cfg.params, cfg.data_dir))
    book = prep.spec.strategies
    check_config(cfg, book)
    key = {"config": asdict(cfg), "first teacher": book.fingerprint(proposing(cfg.teacher, cfg.student))}
    steps = [Step(**s) for s in recall(out / "improve.json", key) or []]
    student = cfg.student
    for gen in range(1, cfg.generations + 1):
        if gen <= len(steps):
            advance.skip(games_per_generation(cfg, book))
            student = steps[gen - 1].student
            if steps[gen - 1].rise_lo <= 0:
                break
            continue
        started = time.perf_counter()
        teacher = proposing(cfg.teacher, student)
        where = out / f"gen{gen}"
        dcfg = distil_config(cfg, teacher)
        records = distil(dcfg, where, command, advance)
        write_report(where, dcfg, records, command)
        best = max(records, key=lambda r: r.win_vs_greedy)
        student = str(where / "student.json")
        rise, lo, hi, games = head_to_head(teacher, proposing(cfg.teacher, student), where / "rating")
        steps.append(Step(gen, teacher, student, best.win_vs_greedy, best.lo, best.hi, best.agreement, best.regret,
                          rise, lo, hi, games, time.perf_counter() - started))  # fmt: skip
        keep(out / "improve.json", key, [asdict(s) for s in steps])
        if lo <= 0:
            break
    return steps, stopped_because(cfg, steps)


def stopped_because(cfg: ImproveConfig, steps: list[Step]) -> str:
    if not steps:
        return "no generation finished"
    last = steps[-1]
    if last.rise_lo <= 0:
        return (f"stopped after generation {last.gen}: the teacher with its student proposing is {last.rise:+.2f} "
                f"[{last.rise_lo:+.2f}, {last.rise_hi:+.2f}] logits from the teacher it came from, not above it "
                "beyond the interval: the top stopped rising")  # fmt: skip
    return (
        f"stopped at the budget of {cfg.generations} generation(s), still rising (the last rise "
        f"{last.rise:+.2f} [{last.rise_lo:+.2f}, {last.rise_hi:+.2f}] logits): rerun with more --generations to go on"
    )


def write_report(out: Path, cfg: ImproveConfig, steps: list[Step], why: str, command: str) -> Path:
    """report.html: per generation, the student's strength against greedy and the teacher's rise head to head."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import polars as pl

    from reports.writers.export import Section, Table, write_html

    gens = [s.gen for s in steps]
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4))
    left.errorbar(gens, [s.win_vs_greedy for s in steps], yerr=[[s.win_vs_greedy - s.lo for s in steps],
                  [s.hi - s.win_vs_greedy for s in steps]], fmt="o-", capsize=3)  # fmt: skip
    left.axhline(1 / cfg.players, color="grey", ls="--", lw=1)
    left.set_ylabel("student: win rate, one seat vs greedy (95%)")
    right.errorbar(gens, [s.rise for s in steps], yerr=[[s.rise - s.rise_lo for s in steps],
                   [s.rise_hi - s.rise for s in steps]], fmt="o", capsize=3)  # fmt: skip
    right.axhline(0, color="grey", ls="--", lw=1)
    right.set_ylabel("teacher with the new student proposing, less the old (logits, 95%)")
    for ax in (left, right):
        ax.set_xlabel("generation")
        ax.set_xticks(gens)
    caption = f"{cfg.game}: the improvement loop over {cfg.teacher}"
    fig.suptitle(caption)
    fig.tight_layout()
    write_png(fig, out / "improve.png", caption, dpi=100)
    plt.close(fig)
    table = pl.DataFrame([asdict(s) for s in steps]) if steps else pl.DataFrame()
    header = [f"command: {command}", f"generation 0's student: {cfg.student}", why]
    sections = [
        Section("Per generation", "win_vs_greedy: the student distilled from `teacher`, one seat against greedy on "
                f"{cfg.eval_games:,} judging games; agreement and regret: against that teacher on held-out positions; "
                f"rise: the teacher with this student proposing, less `teacher`, head to head on "
                f"{cfg.rate_games:,} games each way "
                f"(seed {cfg.rate_seed}), with the interval of that difference", [out / "improve.png"],
                [Table("generations", table)]),
    ]  # fmt: skip
    return write_html(out / "report.html", f"{cfg.game}: the improvement loop", header, sections)
