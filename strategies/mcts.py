"""`mcts`: one information-set Monte-Carlo tree search for every game, written once, compiled with numba.

The search (single-observer IS-MCTS, Cowling, Powley & Whitehouse 2012) runs `iters` iterations per decision.
Each iteration copies the real state, lets the game re-deal everything the deciding seat cannot see
(`redeal`), walks down the tree by UCB over the actions legal in that determinisation (counting each child's
availability, as IS-MCTS does), adds one node (progressive widening: a node of N visits has at most
1 + sqrt(N) children, the rollout bot's own choice first, then random ones), plays out with the game's own
bot (`rollout` = random or greedy) for at most `depth` decisions (0: to the end; with `cut=turn`, on to the end
of the turn then under way), then scores the state: the final ranks at the end, or the ranks of the game's
`evaluate` (the score if the game ended now) at the cut-off (with `eval=learned`, each seat's win probability
from the learned value, normalised over the seats: strategies/learned_value.py). The reward of seat p in
[0, 1] mixes its rank and its score's share against the best other seat (`score_ranks`), and each node sums
the rewards of every seat, so the seat to move at a node picks by its own column (max^n). The action played
is the root child visited most (ties to the rollout bot's move).

`search=paired` replaces the tree by flat Monte Carlo with common random numbers: every legal action is
played out in the same sampled worlds with the same random draws, so two actions are compared on what they
change and not on the luck of their samples. Where outcomes hinge on the cards still to come (Gangsta!),
the tree spends its budget on noise and wins about 30% of 4-player games against three greedy bots; the
paired comparison wins about 45% at the same cost (benchmarks/README.md). A game's book may tune its `mcts`
preset (`mcts_strategies(kernel, tuned)`).
Forced steps (one legal action) are played through, in the tree and in rollouts, without a node. The seat's
own bot decides once on the real state first (its memory, e.g. Yokohama's placement plan, is then what it
would be had it played), so at iters=1 mcts plays exactly as its rollout bot.

Randomness: at the start of a decision the search draws its own generator from the deciding seat's stream
rng[1 + seat] (and only from it): the re-deals and expansions use its spare stream, the rollout bot of seat q
its stream 1 + q. So the real game's generator moves only in the deciding seat's stream, and the same seed
gives the same game for any thread count or chunk size.

Tree storage: flat arrays sized iters + 1 nodes (each iteration adds at most one), allocated once per
decision: parent, action, first child, next sibling, visits, availability and reward sums per seat.

How the game is bound: the search takes it as a literal string (`choose("yokohama", ...)`) and calls the
game through sim/hooks.py, which numba resolves at compile time to the game's own functions (its rules, its
hidden cards' `redeal`, its bots' `rollout`, `evaluate` and `new_memory`); the compiled search is an
ordinary cached function (benchmarks/bench_mcts.py measures a second process loading it).

Adding a game: its bots module (strategies/<game>) defines what sim/hooks.py lists for the bots, and
sim/games/<game>/hidden.py its `redeal` (re-sample in place what `seat` cannot see: gather each hidden group
as a multiset, sort it, shuffle it with sim.rng; never read the hidden order). The game's strategy book
appends `MCTS_WEIGHTS` to its weights (they must be the last ones) and lists `mcts_strategies(MCTS)`; its
dispatcher `choose` starts with
`if kernel == MCTS: return mcts.choose("<game>", weights, s, d, k, mask, n_legal, seat, rng, memory)`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.hooks import (
    g_current_player,
    g_evaluate,
    g_final_scores,
    g_is_terminal,
    g_legal_mask,
    g_n_features,
    g_new_memory,
    g_players,
    g_redeal,
    g_rollout,
    g_step,
)
from sim.kernel_tools import first_legal, rank_by_score_then_seat
from sim.rng import N_STREAMS, below, next_u64
from strategies import Strategy, Weight
from strategies.learned_value import N_EXTRA, linear_value

# ------------------------------------------------------------------ weights (the last ones of a game's book)

ROLLOUTS = {"random": 0.0, "greedy": 1.0}
SEARCHES = {"tree": 0.0, "paired": 1.0}
EVALS = {"score": 0.0, "learned": 1.0}
CUTS = {"decision": 0.0, "turn": 1.0}
MCTS_WEIGHTS = [
    Weight("iters", 50.0, "mcts: iterations (determinise, select, expand, roll out) per decision", only="mcts"),
    Weight("rollout", 1.0, "mcts: rollout bot, random or greedy (the game's own bots)", ROLLOUTS, "mcts"),
    Weight("c", 0.7, "mcts: UCB exploration constant (rewards in [0, 1]: rank and score share)", only="mcts"),
    Weight("depth", 0.0, "mcts: rollout decisions before the state is evaluated (0: to the end)", only="mcts"),
    Weight("search", 0.0, "mcts: a tree (UCB), or every root action in the same sampled worlds", SEARCHES, "mcts"),
    Weight("eval", 0.0, "mcts: a cut-off's worth: the score now, or the learned value (the book's lv_)", EVALS, "mcts"),
    Weight("cut", 0.0, "mcts: a cut-off at `depth` decisions, or at the end of the turn then under way", CUTS, "mcts"),
]
N_MCTS_WEIGHTS = len(MCTS_WEIGHTS)
MCTS_NAMES = tuple(w.name for w in MCTS_WEIGHTS)
FAST = {"iters": 16.0}  # the mcts-fast preset (cost in benchmarks/README.md)


def mcts_strategies(kernel: int, tuned: dict | None = None, fast: dict | None = None, doc: str = "") -> list[Strategy]:
    """The search's entries of a game's strategy book (same kernel, other budgets). `tuned` sets the game's
    own defaults of `mcts` (and `doc` says what they are); mcts-fast is mcts at the budget `fast` (FAST)."""
    tuned = tuned or {}
    default = "information-set Monte-Carlo tree search, greedy rollouts (strategies/mcts.py)"
    return [
        Strategy("mcts", kernel, doc or default, dict(tuned), family="mcts"),
        Strategy(
            "mcts-fast",
            kernel,
            "mcts at a budget for balance runs of thousands of games",
            {**tuned, **(fast or FAST)},
            family="mcts",
        ),
    ]


SEARCH_STREAM = N_STREAMS - 1  # the search generator's stream for re-deals and expansions
MAX_SEATS = 8  # reward columns (every game has at most this many seats)
STEP_GUARD = 100_000  # steps of one playout before it is cut off (a stalled game; never seen)

# ------------------------------------------------------------------ the search


@njit(cache=True)
def choose(game, w, s, d, k, mask, n_legal, seat, rng, memory):
    """The action `seat` plays: the weights are the game's, then MCTS_WEIGHTS as the last ones (with
    eval=learned, the learned value's weights just before them: strategies/learned.py)."""
    n = w.shape[0] - N_MCTS_WEIGHTS
    iters = max(1, np.int64(w[n]))
    policy = np.int64(w[n + 1])
    c = w[n + 2]
    depth = np.int64(w[n + 3])
    if depth > 0 and w[n + 6] > 0:
        depth = -depth  # negative: cut at the first turn's end after |depth| decisions (playout)
    lv = n - g_n_features(game) - N_EXTRA if w[n + 5] > 0 else -1  # where lv_ starts; -1: score the cut-off
    if w[n + 4] > 0:
        return search_paired(game, w, s, d, k, mask, n_legal, seat, rng, memory, iters, policy, depth, lv)
    return search(game, w, s, d, k, mask, n_legal, seat, rng, memory, iters, policy, c, depth, lv)


@njit(cache=True)
def search_rng(rng, seat):
    """The search's own generator, drawn from the deciding seat's stream (and only from it)."""
    local = np.zeros(N_STREAMS, np.uint64)
    for j in range(N_STREAMS):
        local[j] = next_u64(rng, 1 + seat)
    return local


@njit(cache=True)
def search(game, w, root, d, k, root_mask, n_root, seat, rng, own_memory, iters, policy, c, depth, lv):
    n_act = root_mask.shape[0]
    cap = iters + 1
    parent = np.full(cap, -1, np.int32)
    action = np.full(cap, -1, np.int32)
    first = np.full(cap, -1, np.int32)
    sibling = np.full(cap, -1, np.int32)
    visits = np.zeros(cap, np.float64)
    avail = np.zeros(cap, np.float64)
    value = np.zeros((cap, MAX_SEATS), np.float64)
    n_nodes = 1

    local = search_rng(rng, seat)
    s = root.copy()
    mask = np.zeros(n_act, np.uint8)
    seen = np.full(n_act, -1, np.int64)  # seen[a] == stamp: action a already has a child of this node
    memory = g_new_memory(game)
    # The seat's own bot decides once on the real state, so what it keeps between decisions (Yokohama's
    # placement plan) is what it would be had it played; every iteration starts from that memory.
    g_rollout(game, policy, w, s, d, k, root_mask, n_root, seat, local, own_memory)
    reward = np.zeros(MAX_SEATS, np.float64)
    path = np.zeros(cap, np.int32)
    stamp = 0
    for _ in range(iters):
        s[:] = root
        memory[:] = 0
        memory[seat, :] = own_memory
        g_redeal(game, s, d, k, seat, local, SEARCH_STREAM)
        node = 0
        n_path = 1
        path[0] = 0
        # selection and expansion: down the tree until a node is added or the game ends
        while not g_is_terminal(game, s):
            n_legal = g_legal_mask(game, s, d, k, mask)
            if n_legal == 0:
                break
            if node == 0:
                n_legal = 0
                for a in range(n_act):
                    mask[a] &= root_mask[a]
                    n_legal += mask[a]
            if n_legal == 1:
                g_step(game, s, d, k, first_legal(mask))
                continue
            p = g_current_player(game, s)
            stamp += 1
            tried = 0
            best = -1
            best_ucb = -1e300
            ch = first[node]
            while ch >= 0:
                a = action[ch]
                if mask[a]:
                    seen[a] = stamp
                    tried += 1
                    avail[ch] += 1.0
                    ucb = value[ch, p] / visits[ch] + c * np.sqrt(np.log(avail[ch]) / visits[ch])
                    if ucb >= best_ucb:  # ties to the older child (the bot's move first)
                        best_ucb = ucb
                        best = ch
                ch = sibling[ch]
            if tried < n_legal and tried <= np.sqrt(visits[node]) and n_nodes < cap:
                child = n_nodes
                n_nodes += 1
                parent[child] = node
                a = untried(game, w, s, d, k, mask, n_legal, n_legal - tried, seen, stamp, p, policy, local, memory)
                action[child] = a
                sibling[child] = first[node]
                first[node] = child
                avail[child] = 1.0
                g_step(game, s, d, k, action[child])
                path[n_path] = child
                n_path += 1
                break
            if best < 0:
                break
            node = best
            g_step(game, s, d, k, action[node])
            path[n_path] = node
            n_path += 1
        playout(game, w, s, d, k, mask, policy, depth, local, memory)
        score_leaf(game, w, lv, s, d, k, reward)
        for i in range(n_path):
            x = path[i]
            visits[x] += 1.0
            for q in range(MAX_SEATS):
                value[x, q] += reward[q]
    # the most visited root child legal at the table; children are listed newest first, so `>=` gives ties
    # to the oldest, the rollout bot's own move
    best = -1
    most = -1.0
    ch = first[0]
    while ch >= 0:
        if root_mask[action[ch]] and visits[ch] >= most:
            most = visits[ch]
            best = action[ch]
        ch = sibling[ch]
    if best < 0:
        best = first_legal(root_mask)
    return best


@njit(cache=True)
def search_paired(game, w, root, d, k, root_mask, n_root, seat, rng, own_memory, iters, policy, depth, lv):
    """Flat Monte Carlo with common random numbers: every legal action is played out in the same sampled
    worlds, each rollout with the same random draws, so two actions are compared on what they change and
    not on the luck of their samples (a paired comparison). iters // n_root worlds, at least one. The
    action of the highest mean reward; ties go to the rollout bot's own move."""
    n_act = root_mask.shape[0]
    local = search_rng(rng, seat)
    world = root.copy()
    s = root.copy()
    mask = np.zeros(n_act, np.uint8)
    memory = g_new_memory(game)
    bot = g_rollout(game, policy, w, s, d, k, root_mask, n_root, seat, local, own_memory)
    total = np.zeros(n_act, np.float64)
    reward = np.zeros(MAX_SEATS, np.float64)
    drawn = local.copy()
    for _ in range(max(1, iters // n_root)):
        world[:] = root
        g_redeal(game, world, d, k, seat, local, SEARCH_STREAM)
        drawn[:] = local
        for a in range(n_act):
            if not root_mask[a]:
                continue
            s[:] = world
            local[:] = drawn  # the same draws for every action
            memory[:] = 0
            memory[seat, :] = own_memory
            g_step(game, s, d, k, a)
            playout(game, w, s, d, k, mask, policy, depth, local, memory)
            score_leaf(game, w, lv, s, d, k, reward)
            total[a] += reward[seat]
    best = bot
    for a in range(n_act):
        if root_mask[a] and total[a] > total[best]:
            best = a
    return best


@njit(cache=True)
def untried(game, w, s, d, k, mask, n_legal, n_untried, seen, stamp, p, policy, rng, memory):
    """The action of a new child: the rollout bot's own choice when it has no child yet (so the search
    starts from the bot's move and a small budget plays no worse than the bot), else a random one."""
    a = g_rollout(game, policy, w, s, d, k, mask, n_legal, p, rng, memory[p])
    if seen[a] != stamp:
        return a
    pick = below(rng, SEARCH_STREAM, n_untried)
    for a in range(mask.shape[0]):
        if mask[a] and seen[a] != stamp:
            if pick == 0:
                return a
            pick -= 1
    return -1


@njit(cache=True)
def playout(game, w, s, d, k, mask, policy, depth, rng, memory):
    """Play on with the rollout bot for at most `depth` decisions (0: to the end); a negative depth plays
    -depth decisions and then on to the end of the turn under way (until another seat is to move), so a
    learned value never rates a turn half done (Yokohama: assistants placed, their action still to come)."""
    decisions = 0
    steps = 0
    last = -1  # the seat of the last decision
    while not g_is_terminal(game, s) and steps < STEP_GUARD:
        if depth > 0 and decisions >= depth:
            return
        if depth < 0 and decisions >= -depth and g_current_player(game, s) != last:
            return
        n_legal = g_legal_mask(game, s, d, k, mask)
        if n_legal == 0:
            return
        if n_legal == 1:
            a = first_legal(mask)
        else:
            q = g_current_player(game, s)
            a = g_rollout(game, policy, w, s, d, k, mask, n_legal, q, rng, memory[q])
            decisions += 1
            last = q
        g_step(game, s, d, k, a)
        steps += 1


@njit(cache=True)
def score_leaf(game, w, lv, s, d, k, reward):
    """The leaf's reward per seat: with the learned value (lv >= 0, where its weights start) at a cut-off,
    each seat's sigmoid of its value, normalised over the seats (a win probability each); else score_ranks."""
    if lv < 0 or g_is_terminal(game, s):
        score_ranks(game, s, d, k, reward)
        return
    n = g_players(game, s)
    f = np.zeros(max(1, g_n_features(game)), np.float64)
    reward[:] = 0.0
    total = 0.0
    for p in range(n):
        z = min(max(linear_value(game, w, lv, s, d, k, p, f), -30.0), 30.0)
        reward[p] = 1.0 / (1.0 + np.exp(-z))
        total += reward[p]
    for p in range(n):
        reward[p] /= total


@njit(cache=True)
def score_ranks(game, s, d, k, reward):
    """reward[p] in [0, 1]: half (n - rank_p) / (n - 1), half p's share of its score and the best other
    seat's (a smoother signal than ranks alone); final scores at the end, else the game's `evaluate`."""
    n = g_players(game, s)
    scores = np.zeros(MAX_SEATS, np.int64)
    ranks = np.zeros(MAX_SEATS, np.int64)
    if g_is_terminal(game, s):
        g_final_scores(game, s, d, k, scores, ranks)
    else:
        g_evaluate(game, s, d, k, scores)
        rank_by_score_then_seat(scores, n, ranks)
    reward[:] = 0.0
    for p in range(n):
        best_other = 0
        for q in range(n):
            if q != p:
                best_other = max(best_other, scores[q])
        share = max(scores[p], 0) / max(max(scores[p], 0) + best_other, 1)
        reward[p] = 0.5 * (n - ranks[p]) / max(n - 1, 1) + 0.5 * share
