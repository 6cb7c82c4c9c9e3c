"""Gangsta! bots: one compiled dispatcher, `choose`, selects the strategy by id at run time.

`greedy` scores each legal action of the decision due with named weights (an analytic one-step value:
influence, money, skills the face-up heists ask for, gangsters engaged, rewards); the archetypes are the
same kernel with other weights. Bots read the rules only through the rules package (feasibility, skills, `step` on a
copy for the game-ending recruit); they never re-implement a rule.
"""

import numpy as np
from numba import njit

from sim.games.gangsta.actions import (
    A_CREW,
    A_CREW_DONE,
    A_DISCARD_HEIST,
    A_DISCARD_SKIP,
    A_DIVERT,
    A_DIVERT_DONE,
    A_FAST_RECRUIT,
    A_FAST_SKIP,
    A_HEIST,
    A_LEARN,
    A_LEARN_SKIP,
    A_LOSE,
    A_MARK,
    A_MARK_SKIP,
    A_MOBILISE_DONE,
    A_PASS,
    A_RECRUIT,
    A_STEAL,
    A_STEAL_SKIP,
    A_UNTAP,
    N_ACTIONS,
)
from sim.games.gangsta.layout import (
    G_ACTIVE,
    G_CHAPTER,
    G_CREW_BITS,
    G_FREE_UNTAPS,
    G_GRIVER,
    G_HEIST,
    G_HRIVER,
    G_MISSING,
    G_PHASE,
    G_PLAYERS,
    G_REPLAY,
    G_VICTIM,
    MAX_GANG,
    MAX_PLAYERS,
    N_SKILLS,
    P_ENGAGED,
    P_GANG,
    P_GANG_N,
    P_MONEY,
    P_SKILL_BITS,
    P_SKILLS,
    P_VP,
    PH_ACTION,
    PH_ASSASSINATION,
    PH_CREW,
    PH_DIVERSION,
    PH_FAST_RECRUIT,
    PH_LEARN,
    PH_LOSE,
    PH_MOBILISE,
    PH_PASS_DISCARD,
    PH_THEFT,
    RIVER,
    SK_INFORMANT,
    SK_MERCENARY,
)
from sim.games.gangsta.params import K_END_AT, K_UNTAP_COST
from sim.games.gangsta.rules import (
    available_pool,
    can_learn,
    cb,
    feasible_with,
    final_scores,
    final_scoring,
    hb,
    heist_feasible,
    is_terminal,
    member_n_skills,
    member_skill,
    missing_bits,
    pass_money,
    pb,
    required_bits,
    step,
    threshold_count,
)
from sim.games.gangsta.tables import (
    C_COST,
    C_INFLUENCE,
    C_NSKILLS,
    C_SKILL,
    H_ASSASSIN,
    H_CASH,
    H_COOP_CASH,
    H_DIVERSION,
    H_FAST,
    H_INFLUENCE,
    H_LEARN,
    H_NREQ,
    H_RALLY,
    H_REPLAY,
    H_REQ,
    H_THEFT,
)
from sim.kernel_tools import random_legal
from sim.rng import uniform
from strategies import Strategy, Weight, families

GREEDY = 1  # the game's own kernel (strategies/families.py dispatches the families)
MEMORY_SIZE = 4  # per-seat scratch a bot may keep between its decisions
# The search that beats greedy here: a tree spends its budget on the luck of the cards still to come (about
# 30% of 4-player games against three greedy), the paired comparison does not (benchmarks/README.md).
PAIRED = {"search": 1.0, "iters": 100.0, "depth": 40.0}

WEIGHTS = [
    Weight("w_vp", 1.0, "one influence point"),
    Weight("w_money", 0.4, "one dollar, up to w_money_cap dollars in hand"),
    Weight("w_money_cap", 15.0, "dollars in hand beyond which one more is worth a tenth of w_money"),
    Weight("w_member", 0.8, "one more gangster in the gang, beyond its influence (majority, thresholds)"),
    Weight("w_skill", 0.35, "a skill point, scaled by how much the face-up heists ask for it"),
    Weight("w_defence", 0.5, "a mercenary (before the gang war) or informant (snitch) skill point"),
    Weight("w_heist", 0.0, "bonus for performing a heist"),
    Weight("w_recruit", 0.0, "bonus for recruiting"),
    Weight("w_engage", 0.3, "cost of engaging one own gangster in a heist"),
    Weight("w_play_again", 2.5, "the play-again reward"),
    Weight("w_reward", 1.0, "fast recruit, learned skill, assassination, rally"),
    Weight("w_discard", 1.0, "after passing, discard the heist best for the next player (0: never)"),
    Weight("w_finish", 20.0, "ending the game with a recruit: + when it wins, - when it loses"),
    Weight("w_noise", 0.05, "random jitter on every score (variety between games)"),
]
(W_VP, W_MONEY, W_MONEY_CAP, W_MEMBER, W_SKILL, W_DEFENCE, W_HEIST, W_RECRUIT, W_ENGAGE, W_PLAY_AGAIN,
 W_REWARD, W_DISCARD, W_FINISH, W_NOISE) = range(len(WEIGHTS))  # fmt: skip

BOOK = families.book(
    "gangsta",
    WEIGHTS,
    [
        Strategy("greedy", GREEDY, "best one-step value of each legal action (weights below)"),
        Strategy("heister", GREEDY, "heist specialist: heists first, few recruits",
                 {"w_heist": 2.0, "w_recruit": -1.0, "w_engage": 0.1, "w_member": 0.4}),
        Strategy("recruiter", GREEDY, "recruiter: builds a big gang, heists only when rich in rewards",
                 {"w_recruit": 2.0, "w_member": 1.5, "w_heist": -1.0, "w_money": 0.5}),
        Strategy("defender", GREEDY, "values mercenaries and informants against the gang war and snitches",
                 {"w_defence": 2.0}),
    ],
    search={"tuned": PAIRED, "fast": {"iters": 40.0}, "doc": "paired Monte Carlo (search=paired, depth=40): each "
            "action in the same sampled worlds (strategies/mcts.py)"},
)  # fmt: skip


@njit(cache=True)
def choose(kernel, weights, s, d, k, mask, n_legal, seat, rng, memory):
    """The game's own bots: greedy and its archetypes (every family is dispatched in strategies/families.py)."""
    return greedy(weights, s, d, k, mask, seat, rng)


@njit(cache=True)
def greedy(w, s, d, k, mask, p, rng):
    """The legal action of highest score (first on ties; w_noise jitters the scores)."""
    best = -1
    best_score = -1e18
    phase = s[G_PHASE]
    base = 0.0  # mobilisation: the best heist before untapping anyone
    if phase == PH_MOBILISE and s[G_FREE_UNTAPS] == 0:
        base = max(best_heist(w, s, d, p), 0.0)
    for a in range(N_ACTIONS):
        if not mask[a]:
            continue
        sc = score(w, s, d, k, phase, p, a, base)
        if w[W_NOISE] > 0:
            sc += w[W_NOISE] * uniform(rng, 1 + p)
        if sc > best_score:
            best_score = sc
            best = a
    return best


@njit(cache=True)
def score(w, s, d, k, phase, p, a, base):
    if phase == PH_ACTION:
        if a == A_PASS:
            return money_gain(w, s, p, pass_money(s, k, p))
        if a < A_HEIST:
            return recruit_value(w, s, d, k, p, s[G_GRIVER + a - A_RECRUIT], a)
        return heist_value(w, s, d, p, s[G_HRIVER + a - A_HEIST])
    if phase == PH_MOBILISE:
        return untap_value(w, s, d, k, p, a, base)
    if phase == PH_CREW:
        if a == A_CREW_DONE:
            return 0.0
        if missing_bits(s):
            return crew_value(s, d, p, a - A_CREW)
        return extra_member_value(w, s, d, p, a - A_CREW)
    if phase == PH_LEARN:
        if a == A_LEARN_SKIP:
            return 0.0
        # a learned skill makes a one-skill gangster a two-skill one: an assassination target
        return 2.0 if member_n_skills(s, d, p, a - A_LEARN) != 1 else 1.0
    if phase == PH_FAST_RECRUIT:
        if a == A_FAST_SKIP:
            return 0.0
        return recruit_value(w, s, d, k, p, s[G_GRIVER + a - A_FAST_RECRUIT], np.int64(-1))
    if phase == PH_THEFT:
        if a == A_STEAL_SKIP:
            return -1.0
        q = a - A_STEAL
        return s[pb(q) + P_MONEY] + 0.01 * s[pb(q) + P_VP]
    if phase == PH_DIVERSION:
        if a == A_DIVERT_DONE:
            return 0.0
        i = a - A_DIVERT
        q = i // MAX_GANG
        nxt = (p + 1) % s[G_PLAYERS]
        return 1.0 + member_n_skills(s, d, q, i % MAX_GANG) + (3.0 if q == nxt else 0.0)
    if phase == PH_ASSASSINATION:
        if a == A_MARK_SKIP:
            return -1.0
        return 1.0 + s[pb(a - A_MARK) + P_VP]
    if phase == PH_LOSE:
        v = s[G_VICTIM]
        value = member_value(w, s, d, v, a - A_LOSE)
        return -value if v == p else value
    if phase == PH_PASS_DISCARD:
        return discard_value(w, s, d, p, a)
    return 0.0


@njit(cache=True)
def money_value(w, m):
    """Money is worth w_money a dollar up to w_money_cap, a tenth of that beyond (it only buys so much)."""
    cap = w[W_MONEY_CAP]
    return w[W_MONEY] * min(m, cap) + 0.1 * w[W_MONEY] * max(m - cap, 0.0)


@njit(cache=True)
def money_gain(w, s, p, delta):
    m = s[pb(p) + P_MONEY]
    return money_value(w, m + delta) - money_value(w, m)


@njit(cache=True)
def demand(s, d, sk):
    """Skill points of kind sk asked for by the face-up heists."""
    t = 0
    for r in range(RIVER):
        h = s[G_HRIVER + r]
        if h >= 0:
            t += d[hb(h) + H_REQ + sk]
    return t


@njit(cache=True)
def skill_point_value(w, s, d, p, sk):
    v = w[W_SKILL] * (1.0 + demand(s, d, sk)) / (1.0 + s[pb(p) + P_SKILLS + sk])
    ch = s[G_CHAPTER]
    if (sk == SK_MERCENARY and ch <= 2) or (sk == SK_INFORMANT and ch >= 2):
        v += w[W_DEFENCE] / (1.0 + s[pb(p) + P_SKILLS + sk])
    return v


@njit(cache=True)
def card_value(w, s, d, p, c):
    """A gangster card in p's gang: influence, membership and its skills."""
    v = w[W_VP] * d[cb(c) + C_INFLUENCE] + w[W_MEMBER]
    for sk in range(N_SKILLS):
        x = d[cb(c) + C_SKILL + sk]
        if x:
            v += x * skill_point_value(w, s, d, p, sk)
    return v


@njit(cache=True)
def member_value(w, s, d, p, i):
    v = card_value(w, s, d, p, s[pb(p) + P_GANG + i])
    if member_n_skills(s, d, p, i) > d[cb(s[pb(p) + P_GANG + i]) + C_NSKILLS]:  # a learned skill
        v += w[W_REWARD]
    return v


@njit(cache=True)
def recruit_value(w, s, d, k, p, c, a):
    v = card_value(w, s, d, p, c) + money_gain(w, s, p, -d[cb(c) + C_COST]) + w[W_RECRUIT]
    if a >= 0 and s[G_CHAPTER] == 3 and threshold_count(s, k, p) + 1 >= k[K_END_AT]:
        v += w[W_FINISH] * finish_outcome(s, d, k, p, a)
    return v


@njit(cache=True)
def finish_outcome(s, d, k, p, a):
    """+1 when the game-ending action a wins for p, -1 when it loses (a lookahead through step on a copy)."""
    t = s.copy()
    step(t, d, k, a)
    if not is_terminal(t):
        return 0.0
    scores = np.zeros(4, np.int64)
    ranks = np.zeros(4, np.int64)
    return 1.0 if final_scores(t, d, k, scores, ranks) == p else -1.0


@njit(cache=True)
def heist_value(w, s, d, p, h):
    hbase = hb(h)
    v = w[W_VP] * d[hbase + H_INFLUENCE] + money_gain(w, s, p, d[hbase + H_CASH] + d[hbase + H_COOP_CASH])
    v += w[W_HEIST]
    crew = (d[hbase + H_NREQ] + 1) // 2  # about two required skills per gangster
    v -= w[W_ENGAGE] * crew
    if d[hbase + H_LEARN] >= 0 or d[hbase + H_FAST] or d[hbase + H_ASSASSIN]:
        v += w[W_REWARD]
    if d[hbase + H_RALLY]:
        v += w[W_ENGAGE] * crew + w[W_REWARD]
    if d[hbase + H_REPLAY] and not s[G_REPLAY]:
        v += w[W_PLAY_AGAIN]
    richest = 0
    for q in range(s[G_PLAYERS]):
        if q != p:
            richest = max(richest, s[pb(q) + P_MONEY])
    v += money_gain(w, s, p, min(d[hbase + H_THEFT], richest))
    v += 0.2 * w[W_REWARD] * d[hbase + H_DIVERSION]
    return v


@njit(cache=True)
def best_heist(w, s, d, p):
    """Value of the best face-up heist p can do now (-1e18 if none)."""
    best = -1e18
    pool = available_pool(s, d, p)
    for r in range(RIVER):
        h = s[G_HRIVER + r]
        if h >= 0 and feasible_with(d, h, pool):
            best = max(best, heist_value(w, s, d, p, h))
    return best


@njit(cache=True)
def untap_value(w, s, d, k, p, a, before):
    """Free untaps: the gangster with most skills. Paid ones: only for a better heist than without it."""
    if a == A_MOBILISE_DONE:
        return 0.0
    i = a - A_UNTAP
    if s[G_FREE_UNTAPS] > 0:
        return 1.0 + member_n_skills(s, d, p, i)
    b = pb(p)
    s[b + P_ENGAGED + i] = 0  # look at the river with this gangster available, then put it back
    after = best_heist(w, s, d, p)
    s[b + P_ENGAGED + i] = 1
    return after - before + money_gain(w, s, p, -k[K_UNTAP_COST])


@njit(cache=True)
def crew_value(s, d, p, i):
    """Bring the most missing skills and waste the fewest; prefer other players' gangsters (they are
    engaged instead of ours)."""
    q = i // MAX_GANG
    slot = i % MAX_GANG
    brings = 0
    waste = 0
    for sk in range(N_SKILLS):
        x = member_skill(s, d, q, slot, sk)
        useful = min(x, s[G_MISSING + sk])
        brings += useful
        waste += x - useful
    return 10.0 * brings - waste + (2.0 if q != p else 0.0)


@njit(cache=True)
def extra_member_value(w, s, d, p, i):
    """Nothing is missing: one more gangster for the crew against crew_done (0). Own: worth it when every
    own available gangster can join (the whole gang engaged is synchronised, all available next turn for
    free) or when it is the only one who could learn the heist's skill; else it only costs w_engage.
    Another player's (co-op): engaging it costs them a gangster (w_engage), but a seat new to the crew
    is paid the co-op reward."""
    q = i // MAX_GANG
    h = s[G_HEIST]
    if q != p:
        new_seat = s[G_CREW_BITS + q] == 0
        return w[W_ENGAGE] - (w[W_MONEY] * d[hb(h) + H_COOP_CASH] if new_seat else 0.0)
    b = pb(p)
    wanted = required_bits(d, h)
    free_left = 0  # own available gangsters outside the crew
    all_can_join = True
    for j in range(s[b + P_GANG_N]):
        if s[b + P_ENGAGED + j] == 0:
            free_left += 1
            all_can_join = all_can_join and (s[b + P_SKILL_BITS + j] & wanted) != 0
    v = w[W_ENGAGE] * (s[b + P_GANG_N] - free_left) if all_can_join else -w[W_ENGAGE]
    sk = d[hb(h) + H_LEARN]
    if sk >= 0 and can_learn(s, d, p, i % MAX_GANG, sk):
        for j in range(s[b + P_GANG_N]):
            if (s[G_CREW_BITS + p] >> j) & 1 and can_learn(s, d, p, j, sk):
                return v
        v += w[W_REWARD]
    return v


@njit(cache=True)
def discard_value(w, s, d, p, a):
    """After passing: take away the heist the next player would like most, if it is worth w_discard."""
    if a == A_DISCARD_SKIP or w[W_DISCARD] <= 0:
        return 0.0 if a == A_DISCARD_SKIP else -1.0
    if a < A_DISCARD_HEIST:
        return -1.0
    nxt = (s[G_ACTIVE] + 1) % s[G_PLAYERS]
    h = s[G_HRIVER + a - A_DISCARD_HEIST]
    if nxt != p and heist_feasible(s, d, nxt, h):
        return heist_value(w, s, d, nxt, h) - 1.0 / w[W_DISCARD]
    if s[G_CHAPTER] == 3 and leading(s, p) and not heist_feasible(s, d, p, h):
        return 0.1  # ahead in the last chapter: dig for the snitches that end the game
    return -1.0


@njit(cache=True)
def leading(s, p):
    for q in range(s[G_PLAYERS]):  # noqa: SIM110 (a plain loop compiles; a generator would not)
        if q != p and s[pb(q) + P_VP] > s[pb(p) + P_VP]:
            return False
    return True


# ------------------------------------------------------------------ what the search (strategies/mcts.py) asks


@njit(cache=True)
def new_memory():
    """Every seat's scratch, zeroed: what a bot keeps between its decisions."""
    return np.zeros((MAX_PLAYERS, MEMORY_SIZE), np.int32)


@njit(cache=True)
def rollout(policy, w, s, d, k, mask, n_legal, seat, rng, memory):
    """The game's own bots in a search's playouts: 0 random, 1 greedy (with the searching player's weights)."""
    if policy == 0:
        return random_legal(mask, n_legal, rng, 1 + seat)
    return greedy(w, s, d, k, mask, seat, rng)


EVAL_WEIGHTS = np.array([w.default for w in WEIGHTS])  # the greedy bot's defaults, for a state's worth
EVAL_SCALE = 10.0  # evaluate() returns integers: tenths of an influence point


@njit(cache=True)
def evaluate(s, d, k, out):
    """out[p] = seat p's worth at a rollout's cut-off, in tenths of an influence point: its influence if the
    game ended now (final scoring on `s`, which it changes: pass a copy), plus what the greedy bot's default
    weights say its money and its gang's members and skills are worth, because they win the heists still to
    come. Influence alone made a cut-off search prefer cashing in over building a gang."""
    n = min(s[G_PLAYERS], MAX_PLAYERS)
    for p in range(n):  # the prospects first: final scoring does not touch them
        out[p] = np.int64(EVAL_SCALE * prospects(s, d, p))
    final_scoring(s, k)
    for p in range(n):
        out[p] += np.int64(EVAL_SCALE * s[pb(p) + P_VP])


@njit(cache=True)
def prospects(s, d, p):
    """Money and gang, valued as the greedy bot values them (the members' influence is already counted)."""
    w = EVAL_WEIGHTS
    v = money_value(w, s[pb(p) + P_MONEY])
    for i in range(s[pb(p) + P_GANG_N]):
        v += member_value(w, s, d, p, i) - w[W_VP] * d[cb(s[pb(p) + P_GANG + i]) + C_INFLUENCE]
    return v
