"""The options several commands take, parsed and checked once, and the errors main() answers: bad input is
one line and exit code 2 (BadInput), Ctrl-C one line saying what was kept and exit code 130 (Interrupted)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

EXIT_BAD_INPUT = 2
ARGV: list[str] = []  # the arguments main() was given, as typed, for outputs that record their command

GameArgument = Annotated[str, typer.Argument(help="A game from `playout games`.")]
SetsOption = Annotated[list[str] | None, typer.Option("--set", help="Rule knob KEY=VALUE (repeatable).")]
ThreadsOption = Annotated[int | None, typer.Option("--threads", "-t", help="Numba threads.")]
SeatsOption = Annotated[int | None, typer.Option("--players", "-p", help="Seats of every game (default: the most).")]
OutOption = Annotated[str | None, typer.Option("--out", "-o", help="Output directory.")]
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


def one_line(text: str) -> str:
    return " ".join(text.split())


def game_info(name: str):
    from sim.registry import info

    return info(name)


def params_overrides(game: str, sets: list[str]) -> dict[str, int]:
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


def lineup(game: str, players: str | None) -> list[str]:
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


def seats(game: str, info, players: int | None) -> int:
    """The seats of every game of a trainer (`--players`, default the most): within the game's counts, and 2 or more,
    since a student or a teacher is judged against the other seats."""
    n = info.players[1] if players is None else players
    if not info.players[0] <= n <= info.players[1] or n < 2:
        raise BadInput(f"--players: {game} is played by {max(2, info.players[0])} to {info.players[1]} players, "
                       f"not {n}")  # fmt: skip
    return n


def positive(value: int, what: str) -> int:
    if value < 1:
        raise BadInput(f"{what} must be at least 1, not {value}")
    return value


def index(value: int, what: str) -> int:
    """A seed or a game index: 0 .. 2**63 - 1 (they travel as int64 to the kernels and into the table)."""
    from sim.engine import check_index

    return check_index(value, what)


def out_dir(text: str | None, default: Path, option: str = "--out") -> Path:
    """An output directory, checked before anything is created (sim.output is the one place for this)."""
    from sim.output import check

    return check(default if text is None else text, option)


def claim(out: Path):
    from sim.output import OutputDir

    return OutputDir(out)


def data(game: str, data: str | None) -> str | None:
    from sim.datafiles import resolve_data

    return resolve_data(game, data)


def fits_in_memory(games: int, bytes_per_game: int, what: str) -> None:
    from sim.engine import check_memory

    check_memory(games * bytes_per_game, what)


def threads(threads: int | None) -> int | None:
    if threads is None:
        return None
    import os

    cores = os.cpu_count() or 1
    if not 1 <= threads <= cores:
        raise BadInput(f"--threads must be between 1 and {cores} (the cores of this machine), not {threads}")
    return threads


# ---------------------------------------------------------------- the options of the value questions


def question_of(game, question, sets, seat, cards, only, top, strategies_, lineups, among=None):
    """(reports.experiments.asked.Question, fixed knobs) from the options of robustness and sensitivity, each checked
    by the question itself (reports/experiments/asked/); `among`: the questions the command can ask (default every
    one)."""
    from reports.experiments.asked import asked
    from reports.experiments.asked.base import Options
    from sim.params import parse_assignments
    from sim.registry import get_game

    kind = asked(question, among)
    raw = parse_assignments(sets)
    ranged = {k: v for k, v in raw.items() if ".." in v}
    fixed = params_overrides(game, [f"{k}={v}" for k, v in raw.items() if k not in ranged])
    o = Options(game, get_game(game), fixed, ranged, seat, cards, only, top, strategies_, tuple(lineups))
    return kind.question(o), fixed
