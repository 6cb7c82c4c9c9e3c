"""Errors that reach the user as one line. Kept free of heavy imports so the CLI can catch them cheaply."""

import difflib


def did_you_mean(name: str, options: list[str]) -> str:
    """' (did you mean 'x'?)' for the closest option, or the list of options when none is close."""
    close = difflib.get_close_matches(name, options, n=1, cutoff=0.5)
    if close:
        return f" (did you mean {close[0]!r}?)"
    shown = ", ".join(options[:12]) + (", ..." if len(options) > 12 else "")
    return f" (choose from: {shown})"


class InputError(ValueError):
    """Input the user must fix: the CLI prints the message as one line and exits with code 2."""


class ParamError(InputError):
    """An unknown or impossible game, strategy, weight or --set key/value."""


class DataError(InputError):
    """A malformed data file (the message names the file, the row and the problem)."""


class RunDirError(InputError):
    """An output location that cannot be used (empty, a file, unwritable, in use, or holding another run)."""


class RunDataError(InputError):
    """A run directory whose files do not agree with each other (a damaged table or part, another game)."""


class UnknownGame(ParamError):
    pass


class SimulationError(RuntimeError):
    """A game broke a rule of the engine (no legal action, illegal choice, step guard); names the game."""


class WriteError(RuntimeError):
    """A fault while writing an output (a full disk, an I/O error): one line, exit code 1; a run keeps its
    finished chunks and can be resumed."""
