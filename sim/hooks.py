"""A game's functions, bound at compile time by the game's name: how code written once (the play loop,
sim/playloop.py; the search, strategies/mcts.py) calls into one game without receiving its functions.

numba cannot cache a function that receives compiled functions as arguments or through a closure (a cache
miss in every process), so the shared code takes the game as a *literal string* and calls the hooks below
(`g_step("yokohama", s, d, k, a)`). Each hook is an `overload` that numba resolves, while it compiles that
specialisation, to the function of the same name in the game's modules; the result is an ordinary compiled
function that the cache keeps. With the JIT off (NUMBA_DISABLE_JIT=1) the hooks' Python bodies do the same
lookup at run time, so the shared code also runs as plain Python.

Where a hook looks (a game supplies these and nothing else to the shared code):
    sim/games/<game>/rules      init_state, legal_mask, step, current_player, is_terminal, final_scores
    sim/games/<game>/hidden     redeal                            (what a seat cannot see, re-dealt)
    sim/games/<game>/row        write_row, and trace_label if the game labels its steps
    sim/games/<game>/layout     G_PLAYERS, STATE_SIZE
    sim/games/<game>/actions    N_ACTIONS
    sim/games/<game>/features   features, N_FEATURES  (a seat's view of a position, for the learned value;
                                a game without the module has no features: N_FEATURES 0)
    strategies/<game>           choose, rollout, new_memory, evaluate   (the game's bots; evaluate scores
                                an unfinished game for a search cut short)
"""

from __future__ import annotations

import importlib

import numpy as np
from numba import types
from numba.core.errors import TypingError
from numba.extending import overload

_PLACES = {
    "rules": "sim.games.{}.rules",
    "hidden": "sim.games.{}.hidden",
    "row": "sim.games.{}.row",
    "layout": "sim.games.{}.layout",
    "actions": "sim.games.{}.actions",
    "features": "sim.games.{}.features",
    "bots": "strategies.{}",
}


def module_of(game, place: str):
    """The module `place` of `game` (a literal string type while compiling, a str when run as Python)."""
    if isinstance(game, types.StringLiteral):
        game = game.literal_value
    elif not isinstance(game, str):
        raise TypingError("the game must be a literal string, e.g. g_step('yokohama', ...)")
    return importlib.import_module(_PLACES[place].format(game))


def hook(python_hook):
    """Overload `python_hook` for compiled callers, resolved per game on its literal name and inlined where it
    is called, so the caller calls the game's own function. Not inlined, each hook was a function of its own
    around the game's: a second call per step (Gangsta!'s random games spent about 4% of their time in the
    wrappers) and a second link and machine-code pass of the game's whole step or bots when compiling.
    Inlining does not remove the reference counts of the arrays passed on (numba's inliner gives them new
    variables); a hook written as an @intrinsic would (benchmarks/README.md, issue 29)."""
    return overload(python_hook, prefer_literal=True, inline="always")


# ------------------------------------------------------------------ the rules


def g_init_state(game, s, d, k, n_players, rng):
    return module_of(game, "rules").init_state(s, d, k, n_players, rng)


def g_legal_mask(game, s, d, k, mask):
    return module_of(game, "rules").legal_mask(s, d, k, mask)


def g_step(game, s, d, k, a):
    return module_of(game, "rules").step(s, d, k, a)


def g_current_player(game, s):
    return module_of(game, "rules").current_player(s)


def g_is_terminal(game, s):
    return module_of(game, "rules").is_terminal(s)


def g_final_scores(game, s, d, k, scores, ranks):
    return module_of(game, "rules").final_scores(s, d, k, scores, ranks)


def g_players(game, s):
    return s[module_of(game, "layout").G_PLAYERS]


@hook(g_init_state)
def _init_state(game, s, d, k, n_players, rng):
    f = module_of(game, "rules").init_state
    return lambda game, s, d, k, n_players, rng: f(s, d, k, n_players, rng)


@hook(g_legal_mask)
def _legal_mask(game, s, d, k, mask):
    f = module_of(game, "rules").legal_mask
    return lambda game, s, d, k, mask: f(s, d, k, mask)


@hook(g_step)
def _step(game, s, d, k, a):
    f = module_of(game, "rules").step
    # always an int64 action: an int32 one (the search tree's) would compile the game's whole step again
    return lambda game, s, d, k, a: f(s, d, k, np.int64(a))


@hook(g_current_player)
def _current_player(game, s):
    f = module_of(game, "rules").current_player
    return lambda game, s: f(s)


@hook(g_is_terminal)
def _is_terminal(game, s):
    f = module_of(game, "rules").is_terminal
    return lambda game, s: f(s)


@hook(g_final_scores)
def _final_scores(game, s, d, k, scores, ranks):
    f = module_of(game, "rules").final_scores
    return lambda game, s, d, k, scores, ranks: f(s, d, k, scores, ranks)


@hook(g_players)
def _players(game, s):
    at = module_of(game, "layout").G_PLAYERS
    return lambda game, s: s[at]


def g_new_state(game):
    return np.zeros(module_of(game, "layout").STATE_SIZE, np.int32)


def g_new_mask(game):
    return np.zeros(module_of(game, "actions").N_ACTIONS, np.uint8)


@hook(g_new_state)
def _new_state(game):
    size = module_of(game, "layout").STATE_SIZE
    return lambda game: np.zeros(size, np.int32)


@hook(g_new_mask)
def _new_mask(game):
    size = module_of(game, "actions").N_ACTIONS
    return lambda game: np.zeros(size, np.uint8)


# ------------------------------------------------------------------ what a search needs: hidden cards re-dealt,
# an unfinished game scored


def g_redeal(game, s, d, k, seat, rng, stream):
    return module_of(game, "hidden").redeal(s, d, k, seat, rng, stream)


def g_evaluate(game, s, d, k, out):
    return module_of(game, "bots").evaluate(s, d, k, out)


@hook(g_redeal)
def _redeal(game, s, d, k, seat, rng, stream):
    f = module_of(game, "hidden").redeal
    return lambda game, s, d, k, seat, rng, stream: f(s, d, k, seat, rng, stream)


@hook(g_evaluate)
def _evaluate(game, s, d, k, out):
    f = module_of(game, "bots").evaluate
    return lambda game, s, d, k, out: f(s, d, k, out)


# ------------------------------------------------------------------ a seat's view of a position (the learned value)


def features_module(game):
    """The game's features module, or None when it declares no features."""
    try:
        return module_of(game, "features")
    except ModuleNotFoundError:
        return None


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


def g_write_row(game, s, d, k, status, steps, decisions, row):
    return module_of(game, "row").write_row(s, d, k, status, steps, decisions, row)


def g_trace_label(game, s, a):
    label = getattr(module_of(game, "row"), "trace_label", None)
    return -1 if label is None else label(s, a)


@hook(g_write_row)
def _write_row(game, s, d, k, status, steps, decisions, row):
    f = module_of(game, "row").write_row
    return lambda game, s, d, k, status, steps, decisions, row: f(s, d, k, status, steps, decisions, row)


@hook(g_trace_label)
def _trace_label(game, s, a):
    f = getattr(module_of(game, "row"), "trace_label", None)
    if f is None:  # the game does not label its steps
        return lambda game, s, a: -1
    return lambda game, s, a: f(s, a)


# ------------------------------------------------------------------ the game's bots


def g_choose(game, kernel, w, s, d, k, mask, n_legal, seat, rng, memory):
    return module_of(game, "bots").choose(kernel, w, s, d, k, mask, n_legal, seat, rng, memory)


def g_rollout(game, policy, w, s, d, k, mask, n_legal, seat, rng, memory):
    return module_of(game, "bots").rollout(policy, w, s, d, k, mask, n_legal, seat, rng, memory)


def g_new_memory(game):
    return module_of(game, "bots").new_memory()


@hook(g_choose)
def _choose(game, kernel, w, s, d, k, mask, n_legal, seat, rng, memory):
    f = module_of(game, "bots").choose
    return lambda game, kernel, w, s, d, k, mask, n_legal, seat, rng, memory: f(
        kernel, w, s, d, k, mask, n_legal, seat, rng, memory
    )


@hook(g_rollout)
def _rollout(game, policy, w, s, d, k, mask, n_legal, seat, rng, memory):
    f = module_of(game, "bots").rollout
    return lambda game, policy, w, s, d, k, mask, n_legal, seat, rng, memory: f(
        policy, w, s, d, k, mask, n_legal, seat, rng, memory
    )


@hook(g_new_memory)
def _new_memory(game):
    f = module_of(game, "bots").new_memory
    return lambda game: f()
