"""Positions and outcomes for learning a value (`playout learn`, reports/training/learn.py) and for distilling a
student (`playout distil`, reports/training/distil.py): the run's own games, played by the one play loop
(sim/playloop.py) with Notes, which at sampled decisions note every seat's features (sim/games/<game>/features.py,
through sim/hooks.py) and, with a teacher, its verdict on every legal action of the seat deciding
(strategies/families.py `teach`, on copies: the game goes on as the lineup plays it); each seat's outcome is read
from the game's result row.

Decision j of game i is sampled when (j + i) % stride == 0, at most `per_game` decisions a game, so which
positions are kept depends on (seed, i) alone; each game writes only its own slots, so the rows are the
same for any thread count or chunk size. The sampling reads no generator: the games are the run's games.
"""

from __future__ import annotations

import numpy as np
import polars as pl

from sim.parts import part
from sim.play import play_range
from sim.playloop import Notes
from sim.recipe import Prepared

OUTCOMES = ("win", "rank_share", "score_share")  # split win (ties on score split), (n - rank)/(n - 1), score/sum


def play_samples(prep: Prepared, first: int, count: int, stride: int, per_game: int, teacher=None,
                 slots: int = 0) -> dict:  # fmt: skip
    """Games first..first+count-1 of the prepared run, sampled: arrays feats[game, m, seat, feature], mover[game,
    m], outcome[game, seat, OUTCOMES] and got[game] (decisions sampled); with `teacher` (a Player), verdict[game,
    m, action] and proposed[game, m] too, and with `slots`, landed[game, m, i, feature] for the first `slots` legal
    actions."""
    names = feature_names(prep.spec.name)
    n = len(prep.players)
    taught = teacher is not None
    notes = Notes(
        stride=np.int64(stride),
        teacher=np.int64(teacher.strategy.kernel if taught else -1),
        teacher_w=teacher.weights.astype(np.float64) if taught else np.zeros(0),
        feats=np.zeros((count, per_game, n, len(names)), np.float64),
        mover=np.full((count, per_game), -1, np.int64),
        verdict=np.zeros((count, per_game, prep.spec.n_actions if taught else 0), np.float64),
        proposed=np.full((count, per_game), -1, np.int64),
        landed=np.zeros((count, per_game, slots if taught else 0, len(names)), np.float64),
    )
    rows = play_range(prep, first, count, notes)
    return {
        "feats": notes.feats,
        "mover": notes.mover,
        "outcome": outcomes(prep, rows),
        "verdict": notes.verdict,
        "proposed": notes.proposed,
        "landed": notes.landed,
        "got": (notes.mover >= 0).sum(axis=1),
    }


def outcomes(prep: Prepared, rows: np.ndarray) -> np.ndarray:
    """outcome[game, seat, OUTCOMES] from the games' result rows."""
    n = len(prep.players)
    scores = np.stack([rows[:, prep.spec.seat_column(p, "score")] for p in range(n)], axis=1).astype(np.int64)
    ranks = np.stack([rows[:, prep.spec.seat_column(p, "rank")] for p in range(n)], axis=1).astype(np.int64)
    top = scores == scores.max(axis=1, keepdims=True)
    kept = np.maximum(scores, 0)
    return np.stack(
        [top / top.sum(axis=1, keepdims=True), (n - ranks) / max(1, n - 1),
         kept / np.maximum(1, kept.sum(axis=1, keepdims=True))],
        axis=2,
    )  # fmt: skip


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
