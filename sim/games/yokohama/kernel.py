"""Yokohama's game loop and batch kernel: rules.py decides what is legal, strategies/yokohama.py chooses.

One result row per game (sim/spec.py GAME_COLUMNS, then per seat: score, rank, SEAT_FEATURES).
Game i of seed s is always the same game: its generator is keyed by (s, i), seat k's bot draws from
stream 1 + k, and the seat of lineup entry j in game i rotates as (j - i) mod players.
"""

import numpy as np
from numba import njit, prange

from sim.games.yokohama.actions import A_MOVE, A_USE_AGENT, N_ACTIONS
from sim.games.yokohama.layout import (
    AREA_KEYS,
    G_END_TRIGGER,
    G_PLAYERS,
    G_ROUND,
    MAX_PLAYERS,
    MAX_POS,
    N_GOODS,
    N_VP,
    P_AGENTS,
    P_AGENTS_GAINED,
    P_CHIPS,
    P_CHURCH_N,
    P_CUSTOMS_N,
    P_GOODS,
    P_IMPORTS,
    P_INDUSTRY,
    P_MONEY,
    P_N_TECHS,
    P_ORDERS_DONE,
    P_SHOPS_BUILT,
    P_TECHS,
    P_TH_BUILT,
    P_VP_SRC,
    STATE_SIZE,
    VP_SOURCES,
)
from sim.games.yokohama.rules import (
    current_player,
    final_scores,
    init_state,
    is_terminal,
    kind_at,
    legal_mask,
    pb,
    step,
)
from sim.kernel_tools import first_legal
from sim.rng import N_STREAMS, seed_streams
from sim.spec import (
    GAME_COLUMNS,
    SEAT_COLUMNS,
    STATUS_ILLEGAL_ACTION,
    STATUS_NO_LEGAL_ACTION,
    STATUS_OK,
    STATUS_STEP_LIMIT,
)
from strategies.yokohama import MEMORY_SIZE, choose

SEAT_FEATURES = tuple(f"vp_{v}" for v in VP_SOURCES) + (
    "money", "imports", "goods", "techs", "n_techs", "industry", "orders_done", "shops_built",
    "trading_houses_built", "church", "customs", "agents_gained", "agents_unused", "chips",
)  # fmt: skip
PER_SEAT = len(SEAT_COLUMNS) + len(SEAT_FEATURES)
FIRST_SEAT_COLUMN = len(GAME_COLUMNS)
TRACE_FIELDS = 4  # seat, action, forced (1 when it was the only legal action), label (trace_label)
TRACE_LABELS = AREA_KEYS  # what a trace label names: the area kind a move or a foreign agent acts in


@njit(cache=True)
def play_game(seed, game_index, n_players, lineup, weights, d, k, max_steps, row, trace):
    """Play one game to the end (or the step guard) and write its result row; returns the steps taken.

    Every game's kernel.py has this same loop, on purpose: numba cannot cache a function that receives the
    game's compiled functions as arguments or through a closure (measured: a cache miss in every process),
    and the cache is what lets `playout run` start in about a second."""
    rng = np.zeros(N_STREAMS, np.uint64)
    seed_streams(seed, game_index, rng)
    s = np.zeros(STATE_SIZE, np.int32)
    init_state(s, d, k, n_players, rng)
    mask = np.zeros(N_ACTIONS, np.uint8)
    memory = np.zeros((MAX_PLAYERS, MEMORY_SIZE), np.int32)
    steps = 0
    decisions = 0
    status = STATUS_OK
    while not is_terminal(s):
        if steps >= max_steps:
            status = STATUS_STEP_LIMIT
            break
        n_legal = legal_mask(s, d, k, mask)
        if n_legal == 0:
            status = STATUS_NO_LEGAL_ACTION
            break
        seat = current_player(s)
        if n_legal == 1:
            a = first_legal(mask)
        else:
            who = (seat + game_index) % n_players
            a = choose(lineup[who], weights[who], s, d, k, mask, n_legal, seat, rng, memory[seat])
            decisions += 1
        if a < 0 or a >= N_ACTIONS or mask[a] == 0:
            status = STATUS_ILLEGAL_ACTION
            break
        if steps < trace.shape[0]:
            trace[steps, 0] = seat
            trace[steps, 1] = a
            trace[steps, 2] = n_legal == 1
            trace[steps, 3] = trace_label(s, a)
        step(s, d, k, a)
        steps += 1
    write_row(s, d, k, status, steps, decisions, row)
    return steps


@njit(cache=True)
def trace_label(s, a):
    """The area kind an area action is taken in (a move, or a foreign agent), -1 for other actions."""
    if A_MOVE <= a < A_MOVE + MAX_POS:
        return kind_at(s, a - A_MOVE)
    if A_USE_AGENT <= a < A_USE_AGENT + MAX_POS:
        return kind_at(s, a - A_USE_AGENT)
    return -1


@njit(cache=True)
def write_row(s, d, k, status, steps, decisions, row):
    n = s[G_PLAYERS]
    scores = np.zeros(MAX_PLAYERS, np.int64)
    ranks = np.zeros(MAX_PLAYERS, np.int64)
    winner = final_scores(s, d, k, scores, ranks)
    row[0] = status
    row[1] = steps
    row[2] = decisions
    row[3] = s[G_ROUND]
    row[4] = s[G_END_TRIGGER]
    row[5] = winner
    for p in range(n):
        c = FIRST_SEAT_COLUMN + p * PER_SEAT
        b = pb(p)
        row[c] = scores[p]
        row[c + 1] = ranks[p]
        c += 2
        for v in range(N_VP):
            row[c + v] = s[b + P_VP_SRC + v]
        c += N_VP
        goods = 0
        for g in range(N_GOODS):
            goods += s[b + P_GOODS + g]
        row[c] = s[b + P_MONEY]
        row[c + 1] = s[b + P_IMPORTS]
        row[c + 2] = goods
        row[c + 3] = s[b + P_TECHS]
        row[c + 4] = s[b + P_N_TECHS]
        row[c + 5] = s[b + P_INDUSTRY]
        row[c + 6] = s[b + P_ORDERS_DONE]
        row[c + 7] = s[b + P_SHOPS_BUILT]
        row[c + 8] = s[b + P_TH_BUILT]
        row[c + 9] = s[b + P_CHURCH_N]
        row[c + 10] = s[b + P_CUSTOMS_N]
        row[c + 11] = s[b + P_AGENTS_GAINED]
        row[c + 12] = s[b + P_AGENTS]
        row[c + 13] = s[b + P_CHIPS]


@njit(cache=True, parallel=True)
def play_chunk(seed, first, n_players, lineup, weights, d, k, max_steps, out):
    """Games first .. first + out.shape[0] - 1, in parallel; each writes only its own row of `out`."""
    for i in prange(out.shape[0]):
        no_trace = np.zeros((0, TRACE_FIELDS), np.int32)
        play_game(seed, first + i, n_players, lineup, weights, d, k, max_steps, out[i], no_trace)


@njit(cache=True)
def play_traced(seed, game_index, n_players, lineup, weights, d, k, max_steps, row, trace):
    """One game, recording (seat, action, forced) for each step into `trace`; returns the steps."""
    return play_game(seed, game_index, n_players, lineup, weights, d, k, max_steps, row, trace)
