"""The bot families written once for every game, and the one dispatcher that reaches them and a game's own bots.

A game's bot module (strategies/<game>) holds only its own heuristics: its `choose` for its own kernel ids (1 to
OWN_LAST: greedy and any kernels of its own), `rollout`, `new_memory` and `evaluate` (sim/hooks.py). It builds its
book with `book(game, weights, strategies)`, which appends every family the game's package supports: `random`
always, the search (`mcts`, `mcts-fast`: strategies/mcts.py) and, where the game declares features
(sim/games/<game>/features.py), the learned player (strategies/learned.py) and the distilled student
(strategies/student.py). The play loop calls `choose` here, which sends a family's kernel id to the family and any
other to the game's own dispatcher.

Adding a family: its module (weights, strategies and an @njit `choose(game, w, s, d, k, mask, n_legal, seat, rng,
memory)`), an id below, a line in `book` and a line in `choose`. No game is edited.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.hooks import features_module, g_choose, g_rollout
from sim.kernel_tools import random_legal
from strategies import Strategy, StrategyBook, Weight, learned, mcts, student

RANDOM = 0
OWN_LAST = 99  # a game's own kernels are 1 .. OWN_LAST
MCTS = 100
LEARNED = 101
STUDENT = 102


def book(game: str, weights: list[Weight], strategies: list[Strategy], search: dict | None = None) -> StrategyBook:
    """The game's strategy book: its own weights and strategies, then the families'. The families' weights come
    after the game's in a fixed order (student, learned, search: each family finds its own from the end), and
    `search` passes mcts_strategies' tuned defaults (`tuned`, `fast`, `doc`) where the game tunes its search."""
    for s in strategies:
        if not 1 <= s.kernel <= OWN_LAST:
            raise ValueError(f"{game}: strategy {s.code} has kernel id {s.kernel}; a game's own are 1..{OWN_LAST}")
    featured = features_module(game) is not None
    family_weights = [
        *student.student_weights(game),
        *(learned.learned_weights(game) if featured else []),
        *mcts.MCTS_WEIGHTS,
    ]
    family_strategies = [
        Strategy("random", RANDOM, "uniform over the legal actions"),
        *strategies,
        *(learned.learned_strategies(LEARNED, game) if featured else []),
        *student.student_strategies(STUDENT, game),
        *mcts.mcts_strategies(MCTS, **(search or {})),
    ]
    return StrategyBook(game, weights=weights + family_weights, strategies=family_strategies)


@njit(cache=True)
def choose(game, kernel, w, s, d, k, mask, n_legal, seat, rng, memory):
    """The action the bot `kernel` (a family's, or the game's own) with weights w chooses for `seat`."""
    if kernel == RANDOM:
        return random_legal(mask, n_legal, rng, 1 + seat)
    if kernel == MCTS:
        return mcts.choose(game, w, s, d, k, mask, n_legal, seat, rng, memory)
    if kernel == LEARNED:
        return learned.choose(game, w, s, d, k, mask, n_legal, seat, rng, memory)
    if kernel == STUDENT:
        return student.choose(game, w, s, d, k, mask, n_legal, seat, rng, memory)
    return g_choose(game, kernel, w, s, d, k, mask, n_legal, seat, rng, memory)


@njit(cache=True)
def teach(game, teacher, w, s, d, k, mask, n_legal, seat, rng, memory, u):
    """A teacher's verdict on each legal action of a position, for a student (strategies/student.py), taken on
    copies so the game goes on as if nothing had been asked: the learned player's ratings (strategies/learned.py
    `teach`), or for any other player its choice (1, the other legal actions 0); -inf where illegal. Returns the
    one-step bot's choice with the teacher's weights (the student's proposer)."""
    s, rng, memory, mask = s.copy(), rng.copy(), memory.copy(), mask.copy()
    if teacher == LEARNED:
        return learned.teach(game, w, s, d, k, mask, n_legal, seat, rng, memory, u)
    bot = g_rollout(game, student.GREEDY_POLICY, w, s.copy(), d, k, mask, n_legal, seat, rng.copy(), memory.copy())
    a = choose(game, teacher, w, s, d, k, mask, n_legal, seat, rng, memory)
    for b in range(mask.shape[0]):
        u[b] = (1.0 if b == a else 0.0) if mask[b] else -np.inf
    return bot
