"""`playout sensitivity`: a game's ASSUMED data tables ranked by how much they move an answer."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from commands import options as opt
from commands.options import BadInput


def sensitivity(
    game: opt.GameArgument,
    question: Annotated[
        str,
        typer.Option(
            "--question", "-q", help="The question: seat-fairness, fair-value, ... (an unknown one lists all)."
        ),
    ] = "seat-fairness",
    tables: Annotated[
        str | None, typer.Option("--tables", help="Comma-separated data files to vary (default: every ASSUMED one).")
    ] = None,
    variants: Annotated[int, typer.Option("--variants", help="Perturbed variants per table.")] = 3,
    spread: Annotated[
        float, typer.Option("--spread", help="Each ASSUMED number moves by up to this fraction of itself.")
    ] = 0.5,
    players: Annotated[str | None, typer.Option("--players", "-p", help="Player codes, one per seat.")] = None,
    data: opt.DataOption = None,
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
    threads: opt.ThreadsOption = None,
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
    from reports.experiments.asked import QUESTIONS
    from sim.errors import did_you_mean

    opt.game_info(game)
    opt.positive(n, "-n")
    opt.positive(variants, "--variants")
    opt.index(seed, "--seed")
    threads = opt.threads(threads)
    if not 0 < spread <= 1:
        raise BadInput(f"--spread must be above 0 and at most 1, not {spread}")
    among = [name for name, a in QUESTIONS.items() if a.sensitivity]
    codes = opt.lineup(game, players)
    q, fixed = opt.question_of(game, question, sets or [], seat, cards, only, top, None, [codes], among)
    from dataclasses import replace

    from commands import console
    from reports.experiments.sensitivity import build_variants, games_total
    from reports.experiments.sensitivity import sensitivity as rank_tables
    from sim.data_variants import assumed_tables, set_files
    from sim.engine import Recipe, chunk_for
    from sim.registry import get_game

    data_dir = opt.data(game, data)
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
    base = replace(base, n=q.asked.games_per_variation(n, len(codes)))
    load = get_game(game).load_data

    def ask(out, advance):
        built = build_variants(game, data_dir, load, chosen, variants, spread, seed, out)
        return rank_tables(q, base, built, out, threads, advance)

    console.experiment(
        base, games_total(q, base, len(chosen) * variants), 6 + 3 * len(codes),
        f"{len(chosen) * variants} variants of -n {n}",
        opt.out_dir(out, Path("runs") / f"sensitivity-{game}-{question}-seed{seed}-n{n}"),
        f"{game} sensitivity of {question}", ask, print_sensitivity, (1 + len(chosen) * variants, "variations"),
    )  # fmt: skip


def print_sensitivity(result: dict) -> None:
    from rich.console import Console
    from rich.table import Table

    from commands.console import footer

    console = Console()
    t = Table("table", "mean shift", "least", "most", "noise", "variants beyond noise", "kept as printed",
              title=f"ASSUMED tables ranked by {result['manifest']['measure']}")  # fmt: skip
    for r in result["ranking"].iter_rows(named=True):
        t.add_row(r["table"], *(f"{r[k]:.3g}" for k in ("mean_shift", "min_shift", "max_shift", "noise")),
                  f"{r['variants_beyond_noise']} of {r['variants']}", r["kept_as_printed"])  # fmt: skip
    console.print(t)
    console.print(footer(result["manifest"]))
