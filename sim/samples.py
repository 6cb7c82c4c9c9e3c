"""Positions and outcomes for learning a value (`playout learn`, reports/training/learn.py) and for distilling a
student (`playout distil`, reports/training/distil.py): games played like the play loop's (sim/playloop.py, same seeds,
same seats, same bots' streams), recording at sampled decisions every seat's features
(sim/games/<game>/features.py, through sim/hooks.py) and at the end each seat's outcome; with a teacher, also the
teacher's verdict on every legal action of the seat deciding (strategies/families.py `teach`, on copies: the game
goes on as the lineup plays it).

Decision j of game i is sampled when (j + i) % stride == 0, at most `per_game` decisions a game, so which
positions are kept depends on (seed, i) alone; each game writes only its own slots, so the rows are the
same for any thread count or chunk size. The sampling reads no generator: the games are the run's games.
"""

from __future__ import annotations

import numpy as np
import polars as pl
from numba import literally, njit, prange

from sim.dispatch import for_game
from sim.hooks import (
    g_current_player,
    g_features,
    g_final_scores,
    g_init_state,
    g_is_terminal,
    g_legal_mask,
    g_new_mask,
    g_new_memory,
    g_new_state,
    g_step,
)
from sim.kernel_tools import first_legal
from sim.parts import part
from sim.recipe import Prepared
from sim.rng import N_STREAMS, seed_streams
from strategies.families import choose, teach
from strategies.student import where_actions_land

OUTCOMES = ("win", "rank_share", "score_share")  # split win (ties on score split), (n - rank)/(n - 1), score/sum


@njit(cache=True)
def sample_game(game, seed, game_index, n_players, lineup, weights, d, k, max_steps, stride, feats, mover, outcome,
                teacher, teacher_w, verdict, proposed, landed):  # fmt: skip
    """Play game `game_index`, writing feats[m, p, :] (seat p's features at sampled decision m), mover[m]
    (the seat deciding there) and outcome[p, :] (OUTCOMES); with a teacher (its kernel id, -1 for none), also
    verdict[m, :] (its verdict on each action of the seat deciding), proposed[m] (the one-step bot's choice there)
    and, for the first landed.shape[1] legal actions, landed[m, i, :] (the seat's features where the i-th lands:
    strategies/student.py); returns the decisions sampled."""
    rng = np.zeros(N_STREAMS, np.uint64)
    seed_streams(seed, game_index, rng)
    s = g_new_state(game)
    g_init_state(game, s, d, k, n_players, rng)
    mask = g_new_mask(game)
    memory = g_new_memory(game)
    steps = 0
    decisions = 0
    m = 0
    while not g_is_terminal(game, s) and steps < max_steps:
        n_legal = g_legal_mask(game, s, d, k, mask)
        if n_legal == 0:
            break
        seat = g_current_player(game, s)
        if n_legal == 1:
            a = first_legal(mask)
        else:
            if (decisions + game_index) % stride == 0 and m < feats.shape[0]:
                for p in range(n_players):
                    g_features(game, s, d, k, p, feats[m, p])
                mover[m] = seat
                if teacher >= 0:
                    proposed[m] = teach(game, teacher, teacher_w, s, d, k, mask, n_legal, seat, rng, memory[seat],
                                        verdict[m])  # fmt: skip
                    if landed.shape[1] > 0:
                        where_actions_land(game, s, d, k, mask, seat, rng.copy(), landed[m])
                m += 1
            who = (seat + game_index) % n_players
            a = choose(game, lineup[who], weights[who], s, d, k, mask, n_legal, seat, rng, memory[seat])
            decisions += 1
        g_step(game, s, d, k, a)
        steps += 1
    scores = np.zeros(n_players, np.int64)
    ranks = np.zeros(n_players, np.int64)
    g_final_scores(game, s, d, k, scores, ranks)
    top = scores.max()
    tied = 0
    total = 0
    for p in range(n_players):
        tied += scores[p] == top
        total += max(scores[p], 0)
    for p in range(n_players):
        outcome[p, 0] = (scores[p] == top) / tied
        outcome[p, 1] = (n_players - ranks[p]) / max(1, n_players - 1)
        outcome[p, 2] = max(scores[p], 0) / max(1, total)
    return m


@njit(cache=True, parallel=True)
def sample_chunk(game, seed, first, n_players, lineup, weights, d, k, max_steps, stride, feats, mover, outcome,
                 teacher, teacher_w, verdict, proposed, landed, count):  # fmt: skip
    """Games first .. first + count.shape[0] - 1 in parallel; game i owns feats[i], mover[i], outcome[i],
    verdict[i], proposed[i] and landed[i]."""
    literally(game)
    for i in prange(count.shape[0]):
        count[i] = sample_game(game, seed, first + i, n_players, lineup, weights, d, k, max_steps, stride, feats[i],
                               mover[i], outcome[i], teacher, teacher_w, verdict[i], proposed[i],
                               landed[i])  # fmt: skip


def play_samples(prep: Prepared, first: int, count: int, stride: int, per_game: int, teacher=None,
                 slots: int = 0) -> dict:  # fmt: skip
    """Games first..first+count-1 of the prepared run, sampled: arrays feats[game, m, seat, feature], mover[game,
    m], outcome[game, seat, OUTCOMES] and got[game] (decisions sampled); with `teacher` (a Player), verdict[game,
    m, action] and proposed[game, m] too, and with `slots`, landed[game, m, i, feature] for the first `slots` legal
    actions."""
    names = feature_names(prep.spec.name)
    n = len(prep.players)
    n_actions = prep.spec.n_actions if teacher is not None else 0
    out = {
        "feats": np.zeros((count, per_game, n, len(names)), np.float64),
        "mover": np.full((count, per_game), -1, np.int64),
        "outcome": np.zeros((count, n, len(OUTCOMES)), np.float64),
        "verdict": np.zeros((count, per_game, n_actions), np.float64),
        "proposed": np.full((count, per_game), -1, np.int64),
        "landed": np.zeros((count, per_game, slots if teacher is not None else 0, len(names)), np.float64),
        "got": np.zeros(count, np.int64),
    }
    kernel = -1 if teacher is None else teacher.strategy.kernel
    teacher_w = prep.weights[0] if teacher is None else teacher.weights.astype(np.float64)
    args = (np.int64(prep.recipe.seed), np.int64(first), np.int64(n), prep.lineup, prep.weights, prep.data.array,
            prep.params, np.int64(prep.spec.max_steps), np.int64(stride), out["feats"], out["mover"], out["outcome"],
            np.int64(kernel), teacher_w, out["verdict"], out["proposed"], out["landed"], out["got"])  # fmt: skip
    for_game(sample_chunk, prep.spec.name, *args)
    return out


def feature_names(game: str) -> list[str]:

    return [name for name, _ in part(game, "features").FEATURES]


def sample_range(prep: Prepared, first: int, count: int, stride: int, per_game: int) -> pl.DataFrame:
    """Games first..first+count-1 of the prepared run as samples: one row per sampled decision and seat:
    game, decision (its number among the game's samples), seat, mover (1 for the seat deciding), the
    features (f_<name>) and the outcomes (OUTCOMES)."""
    names = feature_names(prep.spec.name)
    n = len(prep.players)
    played = play_samples(prep, first, count, stride, per_game)
    feats, mover, outcome, got = played["feats"], played["mover"], played["outcome"], played["got"]
    games, decisions = np.nonzero(np.arange(per_game)[None, :] < got[:, None])
    rows = len(games)
    cols: dict[str, np.ndarray] = {
        "game": np.repeat(first + games, n).astype(np.int64),
        "decision": np.repeat(decisions, n).astype(np.int32),
        "seat": np.tile(np.arange(n), rows).astype(np.int8),
        "mover": (np.repeat(mover[games, decisions], n) == np.tile(np.arange(n), rows)).astype(np.int8),
    }
    flat = feats[games, decisions].reshape(rows * n, len(names))
    for j, name in enumerate(names):
        cols[f"f_{name}"] = flat[:, j]
    per_seat = outcome[games].reshape(rows * n, len(OUTCOMES))
    for j, name in enumerate(OUTCOMES):
        cols[name] = per_seat[:, j]
    return pl.DataFrame(cols)
