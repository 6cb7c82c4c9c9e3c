"""How often each action kind is taken, per strategy: games replayed one by one with their action trace.

This answers "does the bot use the whole game?" without putting counters into the batch kernel: each game
is played by the same compiled loop as `playout run` (play_traced), so the counts describe exactly the
games a run of that recipe contains.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import polars as pl

from sim import results
from sim.engine import Prepared, check_rows
from sim.play import new_trace, play_one
from sim.playloop import TRACE_LABEL
from sim.results import seat_strategy_index


def action_counts(
    prep: Prepared, n_games: int, on_game: Callable[[], None] | None = None
) -> tuple[pl.DataFrame, pl.DataFrame]:
    """(counts, games): counts has rows (strategy, action kind, taken, decisions, seat_games) over games
    0..n_games-1 of the recipe, `taken` counting every step and `decisions` only the steps where the bot
    had a choice; games is the result table of those games, as `playout run` writes it."""
    spec = prep.spec
    kinds = spec.action_kinds()
    kind_of = np.array(kinds.kind_index(), dtype=np.int64)
    codes = prep.codes
    n_players = len(codes)
    unique = sorted(set(codes))
    taken = np.zeros((len(unique), len(kinds.kinds)), dtype=np.int64)
    chosen = np.zeros_like(taken)
    labels = list(getattr(spec.row, "TRACE_LABELS", ()))
    labelled = np.zeros((len(unique), max(1, len(labels))), dtype=np.int64)
    games = np.zeros(len(unique), dtype=np.int64)
    rows = np.zeros((n_games, spec.n_result_columns), dtype=np.int32)
    trace = new_trace(prep)
    for g in range(n_games):
        steps = play_one(prep, g, rows[g], trace)
        seats = trace[:steps, 0]
        who = np.array(
            [unique.index(codes[i]) for i in seat_strategy_index(np.int64(g), np.arange(n_players), n_players)]
        )
        owner = who[seats]
        kind = kind_of[trace[:steps, 1]]
        np.add.at(taken, (owner, kind), 1)
        free = trace[:steps, 2] == 0
        np.add.at(chosen, (owner[free], kind[free]), 1)
        if labels:
            has = trace[:steps, TRACE_LABEL] >= 0
            np.add.at(labelled, (owner[has], trace[:steps, TRACE_LABEL][has]), 1)
        for s in range(n_players):
            games[who[s]] += 1
        if on_game:
            on_game()
    table = [
        (code, k.name, int(taken[i, j]), int(chosen[i, j]), int(games[i]))
        for i, code in enumerate(unique)
        for j, k in enumerate(kinds.kinds)
    ]
    table += [
        (code, f"acts in {label}", int(labelled[i, j]), int(labelled[i, j]), int(games[i]))
        for i, code in enumerate(unique)
        for j, label in enumerate(labels)
    ]
    check_rows(prep, 0, rows)
    counts = pl.DataFrame(table, schema=["strategy", "action", "taken", "decisions", "seat_games"], orient="row")
    return counts, results.to_frame(spec, codes, prep.recipe.seed, 0, rows)
