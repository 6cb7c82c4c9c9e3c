"""A game's functions, bound at compile time by the game's name: how code written once (the play loop,
sim/playloop.py; the search, strategies/mcts.py) calls into one game without receiving its functions.

numba cannot cache a function that receives compiled functions as arguments or through a closure (a cache
miss in every process), so the shared code takes the game as a *literal string* and calls the hooks below
(`g_step("yokohama", s, d, k, a)`). A hook that calls a game's function is an `intrinsic` that numba resolves,
while it compiles that specialisation, to a direct call of the function of the same name in the game's
modules; the result is an ordinary compiled function that the cache keeps. With the JIT off
(NUMBA_DISABLE_JIT=1) each hook is a Python function doing the same lookup at run time, so the shared code
also runs as plain Python.

Where a hook looks (a game supplies these and nothing else to the shared code):
    sim/games/<game>/rules      init_state, legal_mask, step, current_player, is_terminal, final_scores
    sim/games/<game>/hidden     redeal                            (what a seat cannot see, re-dealt)
    sim/games/<game>/row        write_row, PER_SEAT, and trace_label if the game labels its steps
    sim/games/<game>/layout     G_PLAYERS, MAX_PLAYERS, G_ROUND, G_END_TRIGGER, STATE_SIZE
    sim/games/<game>/actions    N_ACTIONS
    sim/games/<game>/features   features, N_FEATURES  (a seat's view of a position, for the learned value;
                                a game without the module has no features: N_FEATURES 0)
    strategies/<game>           choose, rollout, new_memory, evaluate   (the game's own bots; evaluate scores
                                an unfinished game for a search cut short)
"""

from __future__ import annotations

import inspect

import numpy as np
from numba import config, types
from numba.core.errors import TypingError
from numba.extending import intrinsic, overload

from sim.parts import optional_part, part


def module_of(game, place: str):
    """The module `place` of `game` (a literal string type while compiling, a str when run as Python)."""
    if isinstance(game, types.StringLiteral):
        game = game.literal_value
    elif not isinstance(game, str):
        raise TypingError("the game must be a literal string, e.g. g_step('yokohama', ...)")
    return part(game, place)


def calls(place: str, name: str, int64_at: tuple[int, ...] = ()):
    """Make the declared hook `def g_x(game, ...)` call the game's function `name` of `place` with the
    arguments after the game's name (those at `int64_at` as int64).

    Compiled, the hook is an intrinsic that emits the call itself. Written as an inlined `overload`, it cost
    random games 4-14% of their speed (issue 29): numba's inliner gives the arrays passed on new variables,
    with a reference count taken and dropped around every call of the rules. Non-literal argument types are
    passed on, so a constant argument does not compile the game's function once more for its value."""

    def declare(declared):
        def run(game, *args):  # the JIT off: the same lookup, at run time
            return getattr(module_of(game, place), name)(*args)

        if config.DISABLE_JIT:
            run.__name__, run.__doc__ = declared.__name__, declared.__doc__
            return run

        def typer(typingctx, game, *args):
            f = getattr(module_of(game, place), name)
            passed = tuple(types.int64 if i in int64_at else types.unliteral(t) for i, t in enumerate(args))
            fnty = typingctx.resolve_value_type(f)
            inner = fnty.get_call_type(typingctx, passed, {})

            def codegen(context, builder, signature, values):
                cast = [context.cast(builder, v, t, u) for v, t, u in zip(values[1:], args, inner.args, strict=True)]
                return context.get_function(fnty, inner)(builder, cast)

            return inner.return_type(game, *args), codegen

        # numba folds a call's arguments by the definition's signature: the declared one, after the context
        context = inspect.Parameter("typingctx", inspect.Parameter.POSITIONAL_OR_KEYWORD)
        typer.__signature__ = inspect.Signature([context, *inspect.signature(declared).parameters.values()])
        typer.__name__, typer.__doc__ = declared.__name__, declared.__doc__
        return intrinsic(prefer_literal=True)(typer)

    return declare


# ------------------------------------------------------------------ the rules


@calls("rules", "init_state")
def g_init_state(game, s, d, k, n_players, rng):
    """Deal a new game into s."""


@calls("rules", "legal_mask")
def g_legal_mask(game, s, d, k, mask):
    """Mark the legal actions in mask; how many there are."""


# always an int64 action: an int32 one (the search tree's) would compile the game's whole step again
@calls("rules", "step", int64_at=(3,))
def g_step(game, s, d, k, a):
    """Apply action a to s."""


@calls("rules", "current_player")
def g_current_player(game, s):
    """The seat to act."""


@calls("rules", "is_terminal")
def g_is_terminal(game, s):
    """Whether the game has ended."""


@calls("rules", "final_scores")
def g_final_scores(game, s, d, k, scores, ranks):
    """Write each seat's score and rank; the winner."""


# ------------------------------------------------------------------ a game's sizes, read at compile time


def g_players(game, s):
    return s[module_of(game, "layout").G_PLAYERS]


@overload(g_players, prefer_literal=True, inline="always")
def _players(game, s):
    at = module_of(game, "layout").G_PLAYERS
    return lambda game, s: s[at]


def g_new_state(game):
    return np.zeros(module_of(game, "layout").STATE_SIZE, np.int32)


def g_new_mask(game):
    return np.zeros(module_of(game, "actions").N_ACTIONS, np.uint8)


@overload(g_new_state, prefer_literal=True, inline="always")
def _new_state(game):
    size = module_of(game, "layout").STATE_SIZE
    return lambda game: np.zeros(size, np.int32)


@overload(g_new_mask, prefer_literal=True, inline="always")
def _new_mask(game):
    size = module_of(game, "actions").N_ACTIONS
    return lambda game: np.zeros(size, np.uint8)


# ------------------------------------------------------------------ what a search needs: hidden cards re-dealt,
# an unfinished game scored


@calls("hidden", "redeal")
def g_redeal(game, s, d, k, seat, rng, stream):
    """Re-deal in s what `seat` cannot see, drawing from rng's `stream`."""


@calls("bots", "evaluate")
def g_evaluate(game, s, d, k, out):
    """Score an unfinished game per seat into out."""


# ------------------------------------------------------------------ a seat's view of a position (the learned value)


def features_module(game):
    """The game's features module, or None when it declares no features."""
    return optional_part(game.literal_value if isinstance(game, types.StringLiteral) else game, "features")


def g_features(game, s, d, k, seat, out):
    return features_module(game).features(s, d, k, seat, out)


def g_n_features(game):
    m = features_module(game)
    return 0 if m is None else m.N_FEATURES


@overload(g_features, prefer_literal=True)
def _features(game, s, d, k, seat, out):
    m = features_module(game)
    if m is None:  # the game declares no features: nothing to write
        return lambda game, s, d, k, seat, out: None
    f = m.features
    return lambda game, s, d, k, seat, out: f(s, d, k, seat, out)


@overload(g_n_features, prefer_literal=True)
def _n_features(game):
    n = 0 if features_module(game) is None else features_module(game).N_FEATURES
    return lambda game: n


# ------------------------------------------------------------------ the result row and the trace


@calls("row", "write_row")
def g_write_row(game, s, d, k, scores, winner, row):
    """Write the game's own columns of a finished game's result row: each seat's SEAT_FEATURES (the play loop
    writes the columns every game has)."""


def constant(place: str, name: str):
    """Declare a hook `g_x(game)` that is the game's constant `name` of `place`, folded in while compiling."""

    def declare(declared):
        def run(game):
            return getattr(module_of(game, place), name)

        run.__name__, run.__doc__ = declared.__name__, declared.__doc__
        if not config.DISABLE_JIT:

            @overload(run, prefer_literal=True, inline="always")
            def _constant(game):
                value = getattr(module_of(game, place), name)
                return lambda game: value

        return run

    return declare


@constant("layout", "G_ROUND")
def g_round_at(game):
    """Where the state keeps the round."""


@constant("layout", "G_END_TRIGGER")
def g_end_trigger_at(game):
    """Where the state keeps what ended the game."""


@constant("layout", "MAX_PLAYERS")
def g_max_players(game):
    """The most seats the game has."""


@constant("row", "PER_SEAT")
def g_per_seat(game):
    """How many result columns each seat has."""


def g_trace_label(game, s, a):
    label = getattr(module_of(game, "row"), "trace_label", None)
    return -1 if label is None else label(s, a)


@overload(g_trace_label, prefer_literal=True, inline="always")
def _trace_label(game, s, a):
    f = getattr(module_of(game, "row"), "trace_label", None)
    if f is None:  # the game does not label its steps
        return lambda game, s, a: -1
    return lambda game, s, a: f(s, a)


# ------------------------------------------------------------------ the game's bots


@calls("bots", "choose")
def g_choose(game, kernel, w, s, d, k, mask, n_legal, seat, rng, memory):
    """The action the game's own bot `kernel` (its greedy and archetypes) with weights w chooses for `seat`."""


@calls("bots", "rollout")
def g_rollout(game, policy, w, s, d, k, mask, n_legal, seat, rng, memory):
    """The action the search's rollout `policy` plays for `seat`."""


@calls("bots", "new_memory")
def g_new_memory(game):
    """Each seat's bot memory, zeroed."""
