"""Calling a shared kernel (sim/playloop.py) for one game from Python, without paying for dispatch."""

from numba import typeof, types

_entries: dict = {}


def for_game(kernel, game: str, *args):
    """Call the shared kernel `kernel(game, *args)` (sim/playloop.py) through its compiled entry for this game
    and these argument types, found once per process. (A plain call re-types the name as a literal on every
    call, at about 0.1 s a call: a trace or a small chunk would cost more in dispatch than in play.) With the
    JIT off, a plain call."""
    if not hasattr(kernel, "compile"):
        return kernel(game, *args)
    arg_types = tuple(typeof(a) for a in args)
    key = (kernel.py_func.__name__, game, arg_types)
    entry = _entries.get(key)
    if entry is None:
        entry = _entries[key] = kernel.compile((types.literal(game), *arg_types))
    return entry(game, *args)
