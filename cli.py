"""playout: the command line's entry point. It builds the typer app from the commands (commands/, one module
per command) and runs it in main(), which turns bad input, faults and Ctrl-C into one line and an exit code.

Only typer is imported at the top (here and in commands/): numba, numpy, polars, pandas and matplotlib load
inside the commands that need them, so `playout --help` answers at once.
"""

from __future__ import annotations

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

from commands import (  # noqa: E402
    answers,
    catalog,
    compare,
    distil,
    improve,
    ladder,
    learn,
    matrix,
    regress,
    report,
    robustness,
    run,
    sensitivity,
    show,
    stats,
    sweep,
    tune,
    value,
)
from commands import options as opt  # noqa: E402
from commands.options import EXIT_BAD_INPUT, BadInput, Interrupted  # noqa: E402

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

# (name, function): the commands in the order `playout --help` lists them
COMMANDS = [
    ("games", catalog.games),
    ("strategies", catalog.strategies),
    ("knobs", catalog.knobs),
    ("data", catalog.data_sets),
    ("run", run.run),
    ("show", show.show),
    ("report", report.report),
    ("matrix", matrix.matrix),
    ("ladder", ladder.ladder),
    ("sweep", sweep.sweep),
    ("value", value.value),
    ("regress", regress.regress),
    ("stats", stats.stats),
    ("robustness", robustness.robustness),
    ("answers", answers.answers),
    ("sensitivity", sensitivity.sensitivity),
    ("tune", tune.tune),
    ("learn", learn.learn),
    ("distil", distil.distil),
    ("improve", improve.improve),
    ("compare", compare.compare),
]
for _name, _command in COMMANDS:
    app.command(_name)(_command)


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


# ---------------------------------------------------------------- entry point


def main(argv: list[str] | None = None) -> int:
    """Console entry: bad input is one line on stderr with exit code 2, a fault one line with exit code 1,
    Ctrl-C one line saying what was kept with exit code 130; never a traceback."""
    from sim.errors import InputError, SimulationError, WriteError

    def interrupt(signum, frame):
        raise Interrupted("interrupted")

    opt.ARGV[:] = list(sys.argv[1:] if argv is None else argv)  # as typed, for outputs that record their command
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
    typer.echo(f"playout: {opt.one_line(message)}", err=True)
    sys.exit(code)


if __name__ == "__main__":
    main()
