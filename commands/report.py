"""`playout report`: the balance report of a finished run (reports.writers.report writes it)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from commands.options import Interrupted


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
    from reports.writers.report import build_report
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
