"""`playout stats`: what each strategy does in games 0..N-1 of a run: actions, cards, VP by source, endings."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from commands import options as opt


def stats(
    game: opt.GameArgument,
    players: Annotated[str | None, typer.Option("--players", "-p", help="Player codes, one per seat.")] = None,
    n: Annotated[int, typer.Option("-n", "--games", help="Number of games.")] = 2000,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Master seed.")] = 1,
    sets: opt.SetsOption = None,
    data: opt.DataOption = None,
    csv: Annotated[str | None, typer.Option("--csv", help="Also write the tables as CSV into this directory.")] = None,
):
    """What each strategy does: action kinds per game, cards owned, VP by source, end triggers.

    The games are exactly games 0..N-1 of `playout run` with the same players and seed.

    Examples:

      playout stats yokohama --players greedy,orders,techs,church -n 2000

      playout stats yokohama --players builder*4 -n 10000 --csv runs/builder-stats
    """
    opt.game_info(game)
    opt.positive(n, "-n")
    opt.index(seed, "--seed")
    codes = opt.lineup(game, players)
    params = opt.params_overrides(game, sets or [])
    from contextlib import nullcontext

    from sim.engine import Recipe, prepare

    prep = prepare(Recipe(game, codes, seed, n, n, params, opt.data(game, data)))
    opt.fits_in_memory(n, 3 * 4 * prep.spec.n_result_columns, f"-n {n} (stats keeps every game's row)")
    csv_dir = None if csv is None else opt.out_dir(csv, Path(), "--csv")
    with opt.claim(csv_dir) if csv_dir is not None else nullcontext():
        _stats(prep, n, seed, codes, csv_dir)


def _stats(prep, n: int, seed: int, codes: list[str], csv_dir: Path | None) -> None:
    from rich.console import Console

    from commands.console import compile_kernels, frame_table, progress
    from reports.analysis import strategy_stats as st
    from sim.action_stats import action_counts

    game = prep.spec.name
    compile_kernels(prep, traced=True)
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
    if csv_dir is not None:  # under the header every output carries: the data's ASSUMED share, lineup, seed
        from reports.writers.export import header_lines, write_csv
        from sim.engine import manifest_for

        header = header_lines(manifest_for(prep, "complete", 0.0, n, None))
        for title, table in tables.items():
            write_csv(table, csv_dir / f"{title}.csv", header)
        console.print(f"tables written to {csv_dir}")
