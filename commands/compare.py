"""`playout compare`: two answers to the same question, A - B with 95% intervals."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from commands import options as opt


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

    from commands.console import footer, frame_table
    from reports.analysis.compare import compare as compare_answers
    from reports.writers.export import header_lines, write_csv

    target = None if out is None else opt.out_dir(out, Path())  # checked before anything is read or created
    kind, tables, m_a, m_b = compare_answers(dir_a, dir_b)
    console = Console()
    console.print(f"A: {footer(m_a)}")
    console.print(f"B: {footer(m_b)}")
    for name, table in tables.items():
        console.print(frame_table(f"{name.replace('_', ' ')}: A - B", table))
    if target is not None:
        with opt.claim(target):
            for name, table in tables.items():
                write_csv(table, target / f"{name}.csv", [f"A: {x}" for x in header_lines(m_a)]
                          + [f"B: {x}" for x in header_lines(m_b)])  # fmt: skip
        console.print(f"tables: {target}")
