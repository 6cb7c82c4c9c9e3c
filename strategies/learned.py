"""`learned`: the one-step player of the learned value (issue 33), written once for every game.

For a decision it re-deals, on a copy, everything the seat cannot see (the game's `redeal`, from the seat's own
stream: the look-ahead must not peek at a shuffled deck), then for each legal action copies that world, steps it and
rates the result with the learned value for its seat (strategies/learned_value.py). The game's own one-step bot
proposes an action too (greedy's kernel with the seat's weights: the model's `proposer`, the game's tuned preset
where `playout learn` found one, so the value is judged over the best one-step bot); it stands unless the value
rates another higher by more than `lv_margin`, and then the best rated is played (ties broken by the seat's stream).
The value alone cannot see a step whose worth comes later in the turn: in Yokohama, placing an assistant changes no
feature before its action, and a first model playing by the value alone placed none and won none of 400 games
against three greedy bots. With `lv_look=turn` each candidate is first played on to the end of the seat's turn
(until another seat is to move) by the proposer, on the candidate's copy with a copy of the proposer's memory, and
the value rates where the turn ends: the step's worth then shows, at the cost of a turn's proposer decisions per
candidate. With `lv_look=round` the proposer plays on for every seat (the others from fresh memories, on a generator
drawn from the seat's own stream) until the seat is to move again, so the value also sees what the others make of
the candidate: in Yokohama that is worth 8 points against three greedy bots, at seven times the turn's cost. With
`lv_worlds=K` the unseen cards are re-dealt K times and each candidate's values are averaged over those worlds: one
world rates a candidate by the cards one draw happens to bring (a heist that refills the river, a recruit that turns
up a gangster), K see past that luck at K times the cost (Gangsta!, against three greedy bots: to the turn's end
38.4% in one world, 41.0% in sixteen; a round on, which draws far more, 33.6% in one and 50.6% in sixteen). A margin
of NEVER or more rates nothing (the proposer alone, at its cost). With `lv_proposer=student` the game's distilled
student (strategies/student.py, its table at the book's defaults: the shipped one) proposes instead of the one-step
bot: the improvement loop's next generation (issue 50), a stronger proposer whose choice the value overrides less
often, at the cost of one student decision a decision (the look plays on with the one-step bot, as before). The
value's coefficients are the book's `learned` weights (lv_<feature>, then lv_bias, lv_margin, lv_look, lv_worlds and
lv_proposer, just before the search's weights), so a model file reaches the kernel as a player's weights:
`learned@PATH`, or the model shipped with the game (strategies/models/<game>.json) as `learned`.

Adding it to a game: the game's features.py, then in its book `weights=WEIGHTS + learned.learned_weights(game) +
mcts.MCTS_WEIGHTS`, `*learned.learned_strategies(LEARNED, game)` among the strategies, and in its dispatcher `if
kernel == LEARNED: return learned.choose("<game>", weights, s, d, k, mask, n_legal, seat, rng, memory)`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.hooks import (
    g_current_player,
    g_is_terminal,
    g_legal_mask,
    g_n_features,
    g_new_memory,
    g_redeal,
    g_rollout,
    g_step,
)
from sim.kernel_tools import first_legal
from sim.parts import part
from sim.rng import below
from strategies import Strategy, Weight
from strategies.learned_model import (
    LOOKS,
    MOST_WORLDS,
    PROPOSERS,
    feature_names,
    player_weights,
    read_model,
    shipped_path,
)
from strategies.learned_value import N_EXTRA, linear_value
from strategies.mcts import N_MCTS_WEIGHTS, STEP_GUARD, search_rng
from strategies.student import choose as student_choose

FAMILY = "learned"
MARGIN = 0.5  # lv_margin's default: in Yokohama 0.4 and more play at greedy's level, 0.2 and less worse
# (benchmarks/README.md, "Learned evaluation (issue 33)")
PREFIX = "lv_"
TIE = 1e-9  # values this close are equal (then the game's own bot, or the seat's stream, picks)
GREEDY_POLICY = 1  # the game's `rollout` policy of its one-step bot (strategies/mcts.py ROLLOUTS)
LOOKS_ROUND = 2  # lv_look's value for a round on in the kernel (strategies/learned_model.py LOOKS)
NEVER = 100.0  # a margin no difference of log-odds reaches: the proposer's choice always stands, nothing is rated


def shipped_model(game: str) -> dict | None:
    path = shipped_path(game)
    return read_model(path, game, feature_names(game)) if path.exists() else None


def learned_weights(game: str) -> list[Weight]:
    """The `learned` family's weights: one coefficient per feature and the bias, defaulting to the shipped
    model's (so `mcts:eval=learned` scores with it), or 0 where the game ships none."""
    features = part(game, "features").FEATURES
    doc = shipped_model(game)
    coef = doc["coef"] if doc else [0.0] * len(features)
    out = [
        Weight(f"{PREFIX}{name}", float(c), f"learned value: coefficient of {meaning}", only=FAMILY)
        for (name, meaning), c in zip(features, coef, strict=True)
    ]
    out.append(Weight(f"{PREFIX}bias", float(doc["bias"]) if doc else 0.0, "learned value: its bias", only=FAMILY))
    out.append(
        Weight(
            f"{PREFIX}margin",
            MARGIN,
            "learned: the game's one-step bot's choice stands unless another "
            "is rated higher by more than this (in the value's units, log-odds of a win)",
            only=FAMILY,
        )
    )
    out.append(
        Weight(
            f"{PREFIX}look",
            LOOKS["step"],
            "learned: rate the position one step on, where the seat's turn ends (the proposer finishing it), or "
            "a round on, where the seat is to move again (the proposer playing every seat)",
            LOOKS,
            FAMILY,
        )
    )
    out.append(
        Weight(
            f"{PREFIX}worlds",
            1.0,
            "learned: re-deal what the seat cannot see this many times and average each candidate's value over "
            "them (sees past the luck of one draw, at that many times the cost)",
            only=FAMILY,
            whole=(1, MOST_WORLDS),
        )
    )
    out.append(
        Weight(
            f"{PREFIX}proposer",
            PROPOSERS["greedy"],
            "learned: who proposes the action the value may override: the game's one-step bot (its weights the "
            "player's), or the game's distilled student (the shipped one), a stronger proposer at a student "
            "decision's cost",
            PROPOSERS,
            FAMILY,
            inert=True,
        )
    )
    return out


def learned_strategies(kernel: int, game: str) -> list[Strategy]:
    """The `learned` entry of a game's book: the shipped model's player (its coefficients are the book's
    defaults, its proposer's weights, margin and look the strategy's), or where the game ships none, greedy under
    a value of zeros (nothing overrides it) until a model is given as learned@PATH."""
    doc = shipped_model(game)
    if doc is None:
        return [
            Strategy("learned", kernel, "no model shipped yet: play learned@MODEL (`playout learn`)", family=FAMILY)
        ]
    line = doc.get("command", "playout learn")
    proposer = "the student" if doc.get("proposes") == "student" else doc.get("proposer", {}).get("code", "greedy")
    margin = float(doc.get("margin", MARGIN))
    where = {"turn": "where the seat's turn ends", "round": "a round on, where the seat is to move again"}.get(
        doc.get("look", "step"), "one step on"
    ) + (f", averaged over {doc['worlds']} re-deals of the unseen cards" if doc.get("worlds", 1) > 1 else "")
    return [Strategy("learned", kernel, f"{proposer} proposes, the learned value rating {where} may override it "
                     f"(lv_margin {margin:g}; strategies/models/{game}.json: {line})", player_weights(doc),
                     FAMILY)]  # fmt: skip


# ------------------------------------------------------------------ the kernel


@njit(cache=True)
def choose(game, w, s, d, k, mask, n_legal, seat, rng, memory):
    if n_legal == 1:  # a forced step: nothing to rate, and no re-deal drawn from the stream
        return first_legal(mask)
    n = g_n_features(game)
    at = w.shape[0] - N_MCTS_WEIGHTS - n - N_EXTRA
    margin = w[at + n + 1]
    if margin >= NEVER:
        return propose(game, w, at, s, d, k, mask, n_legal, seat, rng, memory)
    world = s.copy()
    look, worlds = np.int64(w[at + n + 2]), max(1, np.int64(w[at + n + 3]))
    value = rate_in_worlds(game, w, at, s, world, d, k, mask, seat, rng, memory, look, worlds)
    best_v = -np.inf
    for a in range(mask.shape[0]):
        best_v = max(best_v, value[a])
    # The game's own one-step bot's choice stands unless the value rates another action higher by more than
    # the margin: a step whose worth shows only later in the turn (Yokohama: placing an assistant, whose
    # action comes after the move) changes no feature or few, and the value alone then plays nothing.
    bot = propose(game, w, at, world, d, k, mask, n_legal, seat, rng, memory)
    if value[bot] >= best_v - margin:
        return bot
    ties = 0
    for a in range(mask.shape[0]):
        ties += value[a] >= best_v - TIE
    pick = below(rng, 1 + seat, ties)  # one of the equal best, uniformly
    for a in range(mask.shape[0]):
        if value[a] >= best_v - TIE:
            if pick == 0:
                return a
            pick -= 1
    return -1


@njit(cache=True)
def teach(game, w, s, d, k, mask, n_legal, seat, rng, memory, u):
    """What the player makes of each legal action, for a student to learn (strategies/student.py): u[a] is the
    value's rating of a, plus the margin where a is the proposer's choice, so the action the player plays is u's
    best (-inf where illegal; with a margin of NEVER the proposer's choice alone: 1, the others 0). Draws as
    `choose` does; returns the one-step bot's choice (a student's proposer term), whoever proposes."""
    n = g_n_features(game)
    at = w.shape[0] - N_MCTS_WEIGHTS - n - N_EXTRA
    margin = w[at + n + 1]
    u[:] = -np.inf
    if margin >= NEVER:
        own = greedy_beside(game, w, at, s, d, k, mask, n_legal, seat, rng, memory)
        bot = propose(game, w, at, s, d, k, mask, n_legal, seat, rng, memory)
        for a in range(mask.shape[0]):
            if mask[a]:
                u[a] = 1.0 if a == bot else 0.0
        return own if own >= 0 else bot
    world = s.copy()
    look, worlds = np.int64(w[at + n + 2]), max(1, np.int64(w[at + n + 3]))
    value = rate_in_worlds(game, w, at, s, world, d, k, mask, seat, rng, memory, look, worlds)
    own = greedy_beside(game, w, at, world, d, k, mask, n_legal, seat, rng, memory)
    bot = propose(game, w, at, world, d, k, mask, n_legal, seat, rng, memory)
    for a in range(mask.shape[0]):
        if mask[a]:
            u[a] = value[a] + (margin if a == bot else 0.0)
    return own if own >= 0 else bot


@njit(cache=True)
def greedy_beside(game, w, at, s, d, k, mask, n_legal, seat, rng, memory):
    """Where the student proposes for the teacher: the one-step bot's choice as `propose` would have asked it (on
    copies of the stream and memory, so the student's proposal draws as before); -1 where the bot proposes. A
    student's proposer term is the one-step bot's choice: fitted to the student's proposals instead, it would read
    them as greedy's and play something else than it was fitted to."""
    if w[at + g_n_features(game) + 4] <= 0:
        return -1
    return g_rollout(game, GREEDY_POLICY, w, s, d, k, mask, n_legal, seat, rng.copy(), memory.copy())


@njit(cache=True)
def propose(game, w, at, s, d, k, mask, n_legal, seat, rng, memory):
    """The action the value may override: the one-step bot's choice, or with lv_proposer=student the student's."""
    if w[at + g_n_features(game) + 4] > 0:
        return student_choose(game, w, s, d, k, mask, n_legal, seat, rng, memory)
    return g_rollout(game, GREEDY_POLICY, w, s, d, k, mask, n_legal, seat, rng, memory)


@njit(cache=True)
def rate_in_worlds(game, w, at, s, world, d, k, mask, seat, rng, memory, look, worlds):
    """rate's values averaged over `worlds` re-deals of what the seat cannot see, each drawn afresh from `s`
    into `world` (which holds the last one after): one world rates a candidate by the luck of one draw."""
    value = np.zeros(mask.shape[0])
    for _ in range(worlds):
        world[:] = s
        g_redeal(game, world, d, k, seat, rng, 1 + seat)
        value += rate(game, w, at, world, d, k, mask, seat, rng, memory, look)
    return value / worlds


@njit(cache=True)
def rate(game, w, at, world, d, k, mask, seat, rng, memory, look):
    """value[a]: the learned value for `seat` after each legal action a (-inf where illegal), one step on
    (look 0), after the proposer has played the seat's turn out (1, on a copy of its memory), or after it has
    played every seat until `seat` is to move again (2, the others from fresh memories, on a generator of
    their own drawn from the seat's stream)."""
    n = g_n_features(game)
    f = np.zeros(max(1, n), np.float64)
    value = np.full(mask.shape[0], -np.inf)
    after = world.copy()
    inner = np.zeros(mask.shape[0], np.uint8)
    seats = g_new_memory(game)
    local = search_rng(rng, seat) if look == LOOKS_ROUND else rng
    for a in range(mask.shape[0]):
        if mask[a]:
            after[:] = world
            g_step(game, after, d, k, a)
            if look > 0:
                seats[:] = 0
                seats[seat, :] = memory
                play_on(game, w, after, d, k, inner, seat, local, seats, look == LOOKS_ROUND)
            value[a] = linear_value(game, w, at, after, d, k, seat, f)
    return value


@njit(cache=True)
def play_on(game, w, s, d, k, mask, seat, rng, memory, whole_round):
    """Play on with the proposer (memory: every seat's) while `seat` is to move, its turn under way, or with
    `whole_round` until it is to move again after the others; forced steps included."""
    steps = 0
    left = False  # another seat has moved
    while not g_is_terminal(game, s) and steps < STEP_GUARD:
        q = g_current_player(game, s)
        if (q != seat and not whole_round) or (q == seat and left):
            return
        left = left or q != seat
        n_legal = g_legal_mask(game, s, d, k, mask)
        if n_legal == 0:
            return
        a = (
            first_legal(mask)
            if n_legal == 1
            else g_rollout(game, GREEDY_POLICY, w, s, d, k, mask, n_legal, q, rng, memory[q])
        )
        g_step(game, s, d, k, a)
        steps += 1
