"""The play loop, written once for every game: deal, ask the bots, apply the rules, write the result row.

Every way of playing goes through it: `run` and the experiments (play_chunk, rows only), a trace (play_traced,
recording each step) and the positions that `learn` and `distil` sample (play_chunk given Notes: at sampled
decisions it notes each seat's features and, with a teacher, the teacher's verdict on every legal action; see
sim/samples.py). Noting reads no generator and works on copies, so the games sampled are the games `run` plays.

A game supplies its rules, its row writer and its own bots (sim/hooks.py says where each is found; the bot
families and the dispatcher reaching them and the game's own are in strategies/families.py);
the loop is compiled once per game, specialised on the game's name as a literal string, and cached like
any other kernel. Call it with the name: `play_chunk("yokohama", ...)`.

Game i of seed s is always the same game: its generator is keyed by (s, i), seat k's bot draws from
stream 1 + k, and the seat of lineup entry j in game i rotates as (j - i) mod players. One result row per
game (sim/spec.py GAME_COLUMNS, then per seat: score, rank, the game's SEAT_FEATURES); the loop writes the
columns every game has and the game's row.py its SEAT_FEATURES.
"""

from collections import namedtuple

import numpy as np
from numba import literally, njit, prange

from sim.hooks import (
    g_current_player,
    g_end_trigger_at,
    g_features,
    g_final_scores,
    g_init_state,
    g_is_terminal,
    g_legal_mask,
    g_max_players,
    g_new_mask,
    g_new_memory,
    g_new_state,
    g_per_seat,
    g_players,
    g_round_at,
    g_step,
    g_trace_label,
    g_write_row,
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
from strategies.families import choose, teach
from strategies.student import where_actions_land

# What a trace records per step: the seat, the action, 1 when it was the only legal action (forced), and the
# game's label of the step (Yokohama: the kind of area an area action is taken in), -1 where it has none.
TRACE_SEAT, TRACE_ACTION, TRACE_FORCED, TRACE_LABEL = range(4)
TRACE_FIELDS = 4

# The result columns every game has (sim/spec.py GAME_COLUMNS), and where a seat's score and rank sit in its own.
STATUS, STEPS, DECISIONS, ROUNDS, END_TRIGGER, WINNER = (
    GAME_COLUMNS.index(c) for c in ("status", "steps", "decisions", "rounds", "end_trigger", "winner")
)
FIRST_SEAT_COLUMN = len(GAME_COLUMNS)
SCORE, RANK = (SEAT_COLUMNS.index(c) for c in ("score", "rank"))

# What the loop notes at sampled decisions, for learning (sim/samples.py). Decision j of game i is sampled when
# (j + i) % stride == 0, while a slot is free. For one game: feats[m, seat, :] (every seat's features at the m-th
# sampled decision), mover[m] (the seat deciding); with a teacher (its kernel id, -1 for none) and its weights,
# verdict[m, :] (its verdict on each action), proposed[m] (the one-step bot's choice) and landed[m, i, :] (the
# deciding seat's features where its i-th legal action lands, for the first landed.shape[1]). For a chunk, each
# array has the game first. No slots (feats.shape[0] == 0 for a game) notes nothing.
Notes = namedtuple("Notes", ("stride", "teacher", "teacher_w", "feats", "mover", "verdict", "proposed", "landed"))


def no_notes(games: int | None = None) -> Notes:
    """Notes that note nothing: for a chunk of `games` games, or for one game (None)."""
    lead = () if games is None else (games,)
    return Notes(np.int64(1), np.int64(-1), np.zeros(0), np.zeros((*lead, 0, 0, 0)), np.zeros((*lead, 0), np.int64),
                 np.zeros((*lead, 0, 0)), np.zeros((*lead, 0), np.int64), np.zeros((*lead, 0, 0, 0)))  # fmt: skip


@njit(cache=True)
def play_game(game, seed, game_index, n_players, lineup, weights, d, k, max_steps, row, trace, notes):
    """Play one game to the end (or the step guard) and write its result row; returns the steps taken.
    The first trace.shape[0] steps are recorded into `trace` (give it no rows to record nothing); the sampled
    decisions are noted into `notes` (this game's Notes)."""
    literally(game)
    rng = np.zeros(N_STREAMS, np.uint64)
    seed_streams(seed, game_index, rng)
    s = g_new_state(game)
    g_init_state(game, s, d, k, n_players, rng)
    mask = g_new_mask(game)
    memory = g_new_memory(game)
    steps = 0
    decisions = 0
    noted = 0
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
            if noted < notes.feats.shape[0] and (decisions + game_index) % notes.stride == 0:
                note(game, notes, noted, s, d, k, mask, n_legal, seat, rng, memory[seat])
                noted += 1
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
    write_result(game, s, d, k, status, steps, decisions, row)
    return steps


@njit(cache=True)
def write_result(game, s, d, k, status, steps, decisions, row):
    """The result row: the columns every game has here, then the game's own (its row.py write_row)."""
    scores = np.zeros(g_max_players(game), np.int64)
    ranks = np.zeros(g_max_players(game), np.int64)
    winner = g_final_scores(game, s, d, k, scores, ranks)
    row[STATUS] = status
    row[STEPS] = steps
    row[DECISIONS] = decisions
    row[ROUNDS] = s[g_round_at(game)]
    row[END_TRIGGER] = s[g_end_trigger_at(game)]
    row[WINNER] = winner
    for p in range(g_players(game, s)):
        c = FIRST_SEAT_COLUMN + p * g_per_seat(game)
        row[c + SCORE] = scores[p]
        row[c + RANK] = ranks[p]
    g_write_row(game, s, d, k, scores, winner, row)


@njit(cache=True)
def note(game, notes, m, s, d, k, mask, n_legal, seat, rng, memory):
    """Note the m-th sampled decision of a game (Notes), on copies: the game goes on as if nothing were asked."""
    for p in range(notes.feats.shape[1]):
        g_features(game, s, d, k, p, notes.feats[m, p])
    notes.mover[m] = seat
    if notes.teacher >= 0:
        notes.proposed[m] = teach(game, notes.teacher, notes.teacher_w, s, d, k, mask, n_legal, seat, rng, memory,
                                  notes.verdict[m])  # fmt: skip
        if notes.landed.shape[1] > 0:
            where_actions_land(game, s, d, k, mask, seat, rng.copy(), notes.landed[m])


@njit(cache=True, parallel=True)
def play_chunk(game, seed, first, n_players, lineup, weights, d, k, max_steps, out, notes):
    """Games first .. first + out.shape[0] - 1, in parallel; each writes only its own row of `out` and its own
    slots of `notes` (Notes with the game first)."""
    literally(game)  # compiled per game: a call from Python with a plain str is re-typed as the literal
    for i in prange(out.shape[0]):
        no_trace = np.zeros((0, TRACE_FIELDS), np.int32)
        mine = Notes(notes.stride, notes.teacher, notes.teacher_w, notes.feats[i], notes.mover[i], notes.verdict[i],
                     notes.proposed[i], notes.landed[i])  # fmt: skip
        play_game(game, seed, first + i, n_players, lineup, weights, d, k, max_steps, out[i], no_trace, mine)


# One game, recording each step into `trace` (TRACE_FIELDS columns); returns the steps. The very function that
# play_chunk calls, not a wrapper around it: a wrapper would link and compile the game's whole code once more.
play_traced = play_game
