"""`student`: a policy distilled from a strong player (issue 49), written once for every game: it scores each legal
action directly from what the seat sees, with no look-ahead, so it plays at about the cost of the game's greedy bot.

A decision: the seat's features f (the learned value's, sim/games/<game>/features.py: nothing hidden from the seat),
and the game's one-step bot's choice (its proposer, as for `learned`); each legal action a gets the logit

    z[a] = bias[a] + sum_j coef[a, j] * f[j]  +  proposer * (a == the one-step bot's choice)
           [ + sum_j after[j] * f_a[j] ]

and the highest is played (ties to the lowest action id). A student with a hidden layer (`playout distil --hidden
H`, the NNUE shape) adds, per unit h with a non-zero output weight,

    out[h] * max(0, bias[h] + sum_j now[h, j] * f[j] + sum_j after[h, j] * f_a[j])

where the state part (bias and `now`) is computed once a decision and only the action part per legal action: a
linear policy weighs what each feature of the landing is worth the same in every position, and the hidden layer
lets what one is worth depend on the others (a field worth more with the goods to fill it).

The proposer term starts the student where its teacher starts (`learned` keeps its one-step bot's choice unless
its value rates another higher by a margin), and the per-action table learns when and towards what the teacher
departs from it. A student distilled `--after` also weighs the seat's features f_a where action a lands, one step on,
in a re-deal of what the seat cannot see (drawn from its own stream): it sees what an action brings, not only which
action it is, at the cost of a step per legal action. `playout distil` fits it to the teacher's ratings of every
legal action on positions of the student's own games (reports/training/distil.py).

The parameters are the book's `student` weights: st_proposer, st_after (1: weigh where each action lands) and its
coefficients (st_after.<feature>), then bias and coefficients per action id (st_<action>.bias,
st_<action>.<feature>), then the hidden units (st_h<h>.*), placed before the learned and search weights, so a model
file reaches the kernel as a player's weights (`student@PATH`, or strategies/students/<game>.json shipped as
`student`). A game gets the family from strategies/families.py without a line of its own.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numba.extending import overload

from sim.hooks import features_module, g_features, g_n_features, g_redeal, g_rollout, g_step, module_of
from sim.kernel_tools import copy_into
from sim.parts import part
from strategies import Strategy, Weight
from strategies.learned_value import N_EXTRA
from strategies.mcts import N_MCTS_WEIGHTS
from strategies.student_model import HIDDEN, read_student, shipped_path, student_weights_of

FAMILY = "student"
PREFIX = "st_"
HIDDEN_PREFIX = "st_h"  # a hidden unit's parameters (st_h<h>.out, ...): at 0 it adds nothing
GREEDY_POLICY = 1  # the game's `rollout` policy of its one-step bot (strategies/mcts.py ROLLOUTS)


def n_actions(game: str) -> int:
    return module_of(game, "actions").N_ACTIONS


HEAD = 2  # st_proposer, st_after: then the after-state coefficients, then the per-action rows, then the hidden units


def unit_size(n: int) -> int:
    """A hidden unit's parameters: its output weight, its bias, a weight per feature of the position and one per
    feature of where the action lands."""
    return 2 + 2 * n


def table_size(game: str) -> int:
    """The student's parameters: the proposer's weight, the after-state switch and a coefficient per feature, then
    per action a bias and one coefficient per feature, then the hidden units."""
    m = features_module(game)
    if m is None:
        return 0
    n = m.N_FEATURES
    return HEAD + n + n_actions(game) * (1 + n) + HIDDEN * unit_size(n)


def weight_names(game: str) -> list[str]:
    """The parameters' names in kernel order: st_proposer, st_after, st_after.<feature> ..., then st_<a>.bias,
    st_<a>.<feature> ... for each action a, then per hidden unit h st_h<h>.out, st_h<h>.bias, st_h<h>.now.<feature>
    ..., st_h<h>.after.<feature> ...."""
    features = [name for name, _ in part(game, "features").FEATURES]
    names = [f"{PREFIX}proposer", f"{PREFIX}after", *(f"{PREFIX}after.{f}" for f in features)]
    for a in range(n_actions(game)):
        names.append(f"{PREFIX}{a}.bias")
        names.extend(f"{PREFIX}{a}.{f}" for f in features)
    for h in range(HIDDEN):
        names += [f"{HIDDEN_PREFIX}{h}.out", f"{HIDDEN_PREFIX}{h}.bias"]
        names += [f"{HIDDEN_PREFIX}{h}.now.{f}" for f in features]
        names += [f"{HIDDEN_PREFIX}{h}.after.{f}" for f in features]
    return names


def shipped_student(game: str) -> dict | None:
    path = shipped_path(game)
    return read_student(path, game) if path.exists() else None


def student_weights(game: str) -> list[Weight]:
    """The `student` family's weights (a table: `playout strategies` shows it as one row), defaulting to the
    shipped model's, or to the proposer alone (a table of zeros) where the game ships none."""
    if features_module(game) is None:
        return []
    doc = shipped_student(game)
    values = student_weights_of(doc) if doc else {}
    return [
        Weight(name, values.get(name, 1.0 if i == 0 else 0.0), "student: a policy table parameter", only=FAMILY,
               table=True, inert=name.startswith(HIDDEN_PREFIX) and name not in values)
        for i, name in enumerate(weight_names(game))
    ]  # fmt: skip


def student_strategies(kernel: int, game: str) -> list[Strategy]:
    """The `student` entry of a game's book: the shipped model's policy (its proposer's weights too), or where the
    game ships none, its one-step bot alone until a model is given as student@PATH."""
    if features_module(game) is None:
        return []
    doc = shipped_student(game)
    if doc is None:
        return [Strategy("student", kernel, "no student shipped yet: play student@MODEL (`playout distil`)",
                         family=FAMILY)]  # fmt: skip
    teacher = doc.get("teacher", "learned")
    where = "where each action lands, one step on" if doc.get("after") else "each action by its id"
    doc_line = f"a policy distilled from {teacher}, weighing {where} (strategies/students/{game}.json)"
    return [Strategy("student", kernel, doc_line, student_weights_of(doc, proposer_only=True), FAMILY)]


# ------------------------------------------------------------------ the kernel


def g_table_at(game, w):
    """Where the student's table starts in a weight vector: before the learned family's and the search's."""
    return w.shape[0] - N_MCTS_WEIGHTS - g_n_features(game) - N_EXTRA - table_size(game)


@overload(g_table_at, prefer_literal=True, inline="always")
def _table_at(game, w):
    m = features_module(game.literal_value)
    tail = N_MCTS_WEIGHTS + (0 if m is None else m.N_FEATURES) + N_EXTRA + table_size(game.literal_value)
    return lambda game, w: w.shape[0] - tail


@njit(cache=True)
def choose(game, w, s, d, k, mask, n_legal, seat, rng, memory):
    n = g_n_features(game)
    f = np.zeros(max(1, n), np.float64)
    g_features(game, s, d, k, seat, f)
    bot = g_rollout(game, GREEDY_POLICY, w, s, d, k, mask, n_legal, seat, rng, memory)
    at = g_table_at(game, w)
    rows = at + HEAD + n
    after = w[at + 1] > 0
    world = s.copy()
    if after:  # where each action lands is rated in a re-deal of what the seat cannot see
        g_redeal(game, world, d, k, seat, rng, 1 + seat)
    landed = world.copy()
    fa = np.zeros(max(1, n), np.float64)
    units = rows + mask.shape[0] * (n + 1)
    live = live_units(w, units, n) if after else np.zeros(0, np.int64)
    now = hidden_now(w, units, n, f, live)
    reach = hidden_after_weights(w, units, n, live)
    t = np.empty(live.shape[0])
    best, best_z = -1, -np.inf
    for a in range(mask.shape[0]):
        if mask[a]:
            z = logit(w, rows, n, f, a) + (w[at] if a == bot else 0.0)
            if after:
                copy_into(world, landed)
                g_step(game, landed, d, k, a)
                g_features(game, landed, d, k, seat, fa)
                for j in range(n):
                    z += w[at + HEAD + j] * fa[j]
                z += hidden_after(w, units, n, live, now, reach, fa, t)
            if z > best_z:
                best, best_z = a, z
    return best


@njit(cache=True)
def live_units(w, units, n):
    """The hidden units in use (a non-zero output weight), in order: a unit at 0 adds nothing and is skipped."""
    live = np.empty(HIDDEN, np.int64)
    m = 0
    for h in range(HIDDEN):
        if w[units + h * (2 + 2 * n)] != 0.0:
            live[m] = h
            m += 1
    return live[:m]


@njit(cache=True)
def hidden_now(w, units, n, f, live):
    """Each live unit's state part, computed once a decision: its bias plus its `now` weights times the
    position's features."""
    out = np.zeros(live.shape[0])
    for i in range(live.shape[0]):
        u = units + live[i] * (2 + 2 * n)
        out[i] = w[u + 1]
        for j in range(n):
            out[i] += w[u + 2 + j] * f[j]
    return out


@njit(cache=True)
def hidden_after_weights(w, units, n, live):
    """The live units' `after` weights gathered feature-major (reach[j, i]: unit i's weight on feature j), once a
    decision, so each action's part sums the units side by side."""
    reach = np.empty((n, live.shape[0]))
    for i in range(live.shape[0]):
        u = units + live[i] * (2 + 2 * n) + 2 + n
        for j in range(n):
            reach[j, i] = w[u + j]
    return reach


@njit(cache=True)
def hidden_after(w, units, n, live, now, reach, fa, t):
    """The hidden layer's part of an action's logit: each live unit's output weight times its rectified sum of the
    state part and its `after` weights times the features where the action lands. The units are summed side by
    side, feature by feature, but each in the order j = 0, 1, ... as one at a time would (the same bits); a
    feature at 0 adds nothing and is skipped. t: scratch of the live units' size."""
    m = live.shape[0]
    for i in range(m):
        t[i] = now[i]
    for j in range(n):
        x = fa[j]
        if x != 0.0:
            for i in range(m):
                t[i] += reach[j, i] * x
    z = 0.0
    for i in range(m):
        if t[i] > 0.0:
            z += w[units + live[i] * (2 + 2 * n)] * t[i]
    return z


@njit(cache=True)
def logit(w, rows, n, f, a):
    """Action a's logit from its row of the table: its bias plus its coefficients times the features."""
    row = rows + a * (n + 1)
    z = w[row]
    for j in range(n):
        z += w[row + 1 + j] * f[j]
    return z


@njit(cache=True)
def where_actions_land(game, s, d, k, mask, seat, rng, out):
    """out[i]: the seat's features where its i-th legal action lands, one step on, in a re-deal of what it cannot see
    (drawn from its own stream of rng, as `choose` draws it), for the first out.shape[0] legal actions."""
    world = s.copy()
    g_redeal(game, world, d, k, seat, rng, 1 + seat)
    landed = world.copy()
    i = 0
    for a in range(mask.shape[0]):
        if mask[a] and i < out.shape[0]:
            copy_into(world, landed)
            g_step(game, landed, d, k, a)
            g_features(game, landed, d, k, seat, out[i])
            i += 1
