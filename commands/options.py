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


def chosen_cards(only: str | None, kind: str, names: list[str]) -> list[str]:
    """The cards --only names (each once, in the order given), or every card of the kind; shared by value,
    robustness and sensitivity so that a card named twice is valued once everywhere."""
    if only is None:
        return list(names)
    chosen = list(dict.fromkeys(c.strip() for c in only.split(",")))
    if "" in chosen:
        raise BadInput(f"--only {only!r} has an empty entry: name {kind} cards, separated by commas")
    return chosen


def not_set_by_question(game: str, params: dict[str, int], question: str) -> dict[str, int]:
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


def bot(book, code: str) -> tuple:
    """What decides how a player code plays: its kernel and its full weight vector (so `greedy` and
    `greedy:w_vp=<its default>` are one bot)."""
    player = book.player(code)
    return player.strategy.kernel, tuple(player.weights.tolist())


def one_name_per_bot(spec, codes: list[str], option: str) -> list[str]:
    """codes, after refusing two different codes for one bot: it would be matched against itself under two
    names (a code repeated as typed is the same name, and kept once by the caller)."""
    seen: dict[tuple, str] = {}
    for code in codes:
        other = seen.setdefault(bot(spec.strategies, code), code)
        if other != code:
            raise BadInput(f"{option} names one bot twice: {other!r} and {code!r} play alike (the same bot and "
                           "weights): give each bot once")  # fmt: skip
    return codes


def question_of(game, question, sets, seat, cards, only, top, strategies_, lineups):
    """(reports.variations.Question, fixed knobs) from the options of robustness and sensitivity, each checked."""
    from reports.variations import Question
    from sim.experiments import parse_range
    from sim.params import parse_assignments
    from sim.registry import get_game

    spec = get_game(game)
    raw = parse_assignments(sets)
    ranged = {k: v for k, v in raw.items() if ".." in v}
    fixed = params_overrides(game, [f"{k}={v}" for k, v in raw.items() if k not in ranged])
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

        not_set_by_question(game, fixed, "--question card-value")
        kind = next(iter(spec.card_kinds), None) if cards is None else cards
        if kind not in spec.card_kinds:
            raise BadInput(f"{game} has no card kind {kind!r}{did_you_mean(str(kind), list(spec.card_kinds))}")
        card = spec.card_kinds[kind]
        chosen = chosen_cards(only, kind, card["names"])
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
        codes = list(dict.fromkeys(one_name_per_bot(spec, codes, "--strategies")))
        if len(codes) < 2:
            raise BadInput(f"--strategies needs at least two different codes, not {strategies_!r}")
        return Question(question, strategies=tuple(codes)), fixed
    return Question(question), fixed
