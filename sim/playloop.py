"""The play loop, written once for every game: deal, ask the bots, apply the rules, write the result row.

A game supplies its rules, its row writer and its own bots (sim/hooks.py says where each is found; the bot
families and the dispatcher reaching them and the game's own are in strategies/families.py);
the loop is compiled once per game, specialised on the game's name as a literal string, and cached like
any other kernel. Call it with the name: `play_chunk("yokohama", ...)`.

Game i of seed s is always the same game: its generator is keyed by (s, i), seat k's bot draws from
stream 1 + k, and the seat of lineup entry j in game i rotates as (j - i) mod players. One result row per
game (sim/spec.py GAME_COLUMNS, then per seat: score, rank, the game's SEAT_FEATURES).
"""

import numpy as np
from numba import literally, njit, prange

from sim.hooks import (
    g_current_player,
    g_init_state,
    g_is_terminal,
    g_legal_mask,
    g_new_mask,
    g_new_memory,
    g_new_state,
    g_step,
    g_trace_label,
    g_write_row,
)
from sim.kernel_tools import first_legal
from sim.rng import N_STREAMS, seed_streams
from sim.spec import STATUS_ILLEGAL_ACTION, STATUS_NO_LEGAL_ACTION, STATUS_OK, STATUS_STEP_LIMIT
from strategies.families import choose

# What a trace records per step: the seat, the action, 1 when it was the only legal action (forced), and the
# game's label of the step (Yokohama: the kind of area an area action is taken in), -1 where it has none.
TRACE_SEAT, TRACE_ACTION, TRACE_FORCED, TRACE_LABEL = range(4)
TRACE_FIELDS = 4


@njit(cache=True)
def play_game(game, seed, game_index, n_players, lineup, weights, d, k, max_steps, row, trace):
    """Play one game to the end (or the step guard) and write its result row; returns the steps taken.
    The first trace.shape[0] steps are recorded into `trace` (give it no rows to record nothing)."""
    literally(game)
    rng = np.zeros(N_STREAMS, np.uint64)
    seed_streams(seed, game_index, rng)
    s = g_new_state(game)
    g_init_state(game, s, d, k, n_players, rng)
    mask = g_new_mask(game)
    memory = g_new_memory(game)
    steps = 0
    decisions = 0
    status = STATUS_OK
    while not g_is_terminal(game, s):
        if steps >= max_steps:
            status = STATUS_STEP_LIMIT
            break
        n_legal = g_legal_mask(game, s, d, k, mask)
        if n_legal == 0:
            status = STATUS_NO_LEGAL_ACTION
            break
        seat = g_current_player(game, s)
        if n_legal == 1:
            a = first_legal(mask)
        else:
            who = (seat + game_index) % n_players
            a = choose(game, lineup[who], weights[who], s, d, k, mask, n_legal, seat, rng, memory[seat])
            decisions += 1
        if a < 0 or a >= mask.shape[0] or mask[a] == 0:
            status = STATUS_ILLEGAL_ACTION
            break
        if steps < trace.shape[0]:
            trace[steps, TRACE_SEAT] = seat
            trace[steps, TRACE_ACTION] = a
            trace[steps, TRACE_FORCED] = n_legal == 1
            trace[steps, TRACE_LABEL] = g_trace_label(game, s, a)
        g_step(game, s, d, k, a)
        steps += 1
    g_write_row(game, s, d, k, status, steps, decisions, row)
    return steps


@njit(cache=True, parallel=True)
def play_chunk(game, seed, first, n_players, lineup, weights, d, k, max_steps, out):
    """Games first .. first + out.shape[0] - 1, in parallel; each writes only its own row of `out`."""
    literally(game)  # compiled per game: a call from Python with a plain str is re-typed as the literal
    for i in prange(out.shape[0]):
        no_trace = np.zeros((0, TRACE_FIELDS), np.int32)
        play_game(game, seed, first + i, n_players, lineup, weights, d, k, max_steps, out[i], no_trace)


# One game, recording each step into `trace` (TRACE_FIELDS columns); returns the steps. The very function that
# play_chunk calls, not a wrapper around it: a wrapper would link and compile the game's whole code once more.
play_traced = play_game
