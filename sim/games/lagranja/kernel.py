"""La Granja's game loop and batch kernel: rules.py decides what is legal, strategies/lagranja.py chooses.

One result row per game (sim/spec.py GAME_COLUMNS, then per seat: score, rank, SEAT_FEATURES).
Game i of seed s is always the same game: its generator is keyed by (s, i), seat k's bot draws from
stream 1 + k, and the seat of lineup entry j in game i rotates as (j - i) mod players.
"""

import numpy as np
from numba import njit, prange

from sim.games.lagranja.actions import N_ACTIONS
from sim.games.lagranja.layout import (
    G_END_TRIGGER,
    G_MARKET,
    G_PLAYERS,
    G_ROUND,
    MAX_PLAYERS,
    N_BUILD,
    N_VP,
    P_BARROWS_DONE,
    P_BOUGHT,
    P_BRED,
    P_BUILDINGS_DONE,
    P_CARDS_OWNED,
    P_CRAFT,
    P_DELIVERIES,
    P_EXT_N,
    P_PLAYED,
    P_REMOVED,
    P_ROOF_N,
    P_SILVER_END,
    P_SOLD,
    P_TRADES,
    P_UPGRADES,
    P_VP_SRC,
    STATE_SIZE,
    VP_SOURCES,
)
from sim.games.lagranja.rules import (
    current_player,
    final_scores,
    init_state,
    is_terminal,
    legal_mask,
    pb,
    step,
    tiebreak_key,
)
from sim.games.lagranja.tables import D_N_HEX
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
from strategies.lagranja import MEMORY_SIZE, choose

__all__ = ["current_player", "init_state", "is_terminal", "legal_mask", "step", "final_scores"]

CARD_WORDS = 3  # int32 words of the played-card masks (31 cards each)
SEAT_FEATURES = tuple(f"vp_{v}" for v in VP_SOURCES) + (
    "silver_left", "fields", "barrows_played", "extensions", "helpers_played", "barrows_done", "buildings_done",
    "craft_markers", "roofs", "market_markers", "removed", "deliveries", "trades", "pigs_bred", "upgrades", "sold",
    "bought",
) + tuple(f"cards{w}" for w in range(CARD_WORDS)) + ("tied_first",)  # fmt: skip
PER_SEAT = len(SEAT_COLUMNS) + len(SEAT_FEATURES)
FIRST_SEAT_COLUMN = len(GAME_COLUMNS)
TRACE_FIELDS = 3  # seat, action, forced (1 when it was the only legal action)


@njit(cache=True)
def play_game(seed, game_index, n_players, lineup, weights, d, k, max_steps, row, trace):
    """Play one game to the end (or the step guard) and write its result row; returns the steps taken.

    Every game's kernel.py has this same loop, on purpose: numba cannot cache a function that receives the
    game's compiled functions as arguments or through a closure, and the cache is what lets `playout run`
    start in about a second."""
    rng = np.zeros(N_STREAMS, np.uint64)
    seed_streams(seed, game_index, rng)
    s = np.zeros(STATE_SIZE, np.int32)
    init_state(s, d, k, n_players, rng)
    mask = np.zeros(N_ACTIONS, np.uint8)
    memory = np.zeros((MAX_PLAYERS, MEMORY_SIZE), np.float64)
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
        step(s, d, k, a)
        steps += 1
    write_row(s, d, k, status, steps, decisions, row)
    return steps


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
    top = tiebreak_key(s, winner)
    for p in range(n):
        c = FIRST_SEAT_COLUMN + p * PER_SEAT
        b = pb(p)
        row[c] = scores[p]
        row[c + 1] = ranks[p]
        c += 2
        for v in range(N_VP):
            row[c + v] = s[b + P_VP_SRC + v]
        c += N_VP
        crafts = 0
        for x in range(N_BUILD):
            crafts += s[b + P_CRAFT + x] > 0
        market = 0
        for h in range(d[D_N_HEX]):
            market += s[G_MARKET + h] == p
        row[c] = s[b + P_SILVER_END]
        row[c + 1] = s[b + P_PLAYED]
        row[c + 2] = s[b + P_PLAYED + 1]
        row[c + 3] = s[b + P_EXT_N]
        row[c + 4] = s[b + P_PLAYED + 3]
        row[c + 5] = s[b + P_BARROWS_DONE]
        row[c + 6] = s[b + P_BUILDINGS_DONE]
        row[c + 7] = crafts
        row[c + 8] = s[b + P_ROOF_N]
        row[c + 9] = market
        row[c + 10] = s[b + P_REMOVED]
        row[c + 11] = s[b + P_DELIVERIES]
        row[c + 12] = s[b + P_TRADES]
        row[c + 13] = s[b + P_BRED]
        row[c + 14] = s[b + P_UPGRADES]
        row[c + 15] = s[b + P_SOLD]
        row[c + 16] = s[b + P_BOUGHT]
        for w in range(CARD_WORDS):
            row[c + 17 + w] = s[b + P_CARDS_OWNED + w]
        # the winner's tiebreak key (score, silver left) shared by another seat: a shared win
        row[c + 17 + CARD_WORDS] = p != winner and tiebreak_key(s, p) == top


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
