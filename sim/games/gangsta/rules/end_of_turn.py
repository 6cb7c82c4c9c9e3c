"""Gangsta!'s end of a turn: the chapter check (opportunity income, gang war), snitches and the discards
they cause, refilling the rivers, the next turn.

RULES.md "A turn" (end of turn), "Snitches", "Chapters"; seed 002.
"""

import numpy as np
from numba import njit

from sim.games.gangsta.layout import (
    E_GANG_SIZE,
    E_NO_CARDS,
    E_ROUND_LIMIT,
    E_SNITCHES,
    F_NEXT_LOSS,
    F_REFILL,
    F_REWARDS,
    G_ACTIVE,
    G_CHAPTER,
    G_CREW_BITS,
    G_CREW_N,
    G_CUR,
    G_FLOW,
    G_GDECK_N,
    G_GDISCARD_N,
    G_GRIVER,
    G_HDECK_N,
    G_HDISCARD,
    G_HDISCARD_N,
    G_HEIST,
    G_HEIST_OWNER,
    G_HRIVER,
    G_KILLED,
    G_KILLED_N,
    G_LOSS_CAUSE,
    G_LOSS_CHOOSER,
    G_LOSS_QUEUE,
    G_OPENING,
    G_PHASE,
    G_PLAYERS,
    G_REPLAY,
    G_REPLAY_PENDING,
    G_ROUND,
    G_SNITCHES,
    G_VICTIM,
    L_ASSASSINATION,
    L_GANG_WAR,
    L_NONE,
    L_SNITCH,
    MAX_PLAYERS,
    N_SKILLS,
    NONE,
    P_ENGAGED,
    P_GANG,
    P_GANG_N,
    P_LEARNED,
    P_LOST,
    P_MONEY,
    P_SKILL_BITS,
    P_SKILLS,
    P_SNITCH_PAID,
    PH_LOSE,
    RIVER,
    SK_INFORMANT,
    SK_MERCENARY,
    SNITCH_OWNER,
    V_GANGSTERS,
)
from sim.games.gangsta.params import (
    K_CHAPTER2_AT,
    K_CHAPTER3_AT,
    K_END_AT,
    K_END_SNITCHES,
    K_GANG_WAR_DOUBLE,
    K_LONE_BOSS_PAYS,
    K_MAX_ROUNDS,
    K_SNITCH_BGA,
    K_SNITCH_TAKES_ALL,
)
from sim.games.gangsta.rules.common import (
    add_member_skills,
    add_vp,
    cb,
    draw_gangster,
    draw_heist,
    hb,
    highest_count,
    is_snitch,
    member_n_skills,
    pb,
    push_heist,
)
from sim.games.gangsta.rules.scoring import end_game
from sim.games.gangsta.rules.turn_actions import start_turn
from sim.games.gangsta.tables import C_INFLUENCE, H_SNITCH, H_SNITCH_BGA


@njit(cache=True)
def finish_action(s, d, k):
    """The active player's action and its rewards are over: chapter check, refill, next turn."""
    s[G_CUR] = s[G_ACTIVE]
    s[G_HEIST] = NONE
    for q in range(MAX_PLAYERS):
        s[G_CREW_BITS + q] = 0
    s[G_CREW_N] = 0
    if not check_chapter(s, d, k):
        s[G_FLOW] = F_REFILL


@njit(cache=True)
def check_chapter(s, d, k):
    """End of a chapter or of the game; True when the game ended or gang-war discards are due."""
    ch = s[G_CHAPTER]
    top = highest_count(s, k)
    if ch == 3:
        if top >= k[K_END_AT]:
            end_game(s, d, k, np.int64(E_GANG_SIZE))
            return True
    elif ch == 2:
        if top >= k[K_CHAPTER3_AT]:
            return gang_war(s, d, k)
    elif top >= k[K_CHAPTER2_AT]:
        opportunity_income(s)
        start_chapter(s, np.int64(2))
    return False


@njit(cache=True)
def refill_and_advance(s, d, k):
    """Refill both rivers; a snitch drawn is resolved at once and replaced (payments, then discards)."""
    for r in range(RIVER):
        if s[G_GRIVER + r] < 0:
            s[G_GRIVER + r] = draw_gangster(s)
    while True:
        slot = NONE
        for r in range(RIVER):
            if s[G_HRIVER + r] < 0:
                slot = r
                break
        if slot < 0:
            break
        h = draw_heist(s)
        if h < 0:
            break
        if not is_snitch(d, h):
            s[G_HRIVER + slot] = h
            continue
        s[G_HEIST_OWNER + h] = SNITCH_OWNER
        s[G_SNITCHES] += 1
        queue = pay_snitch(s, d, k, h)
        if queue:
            begin_losses(s, d, k, np.int64(L_SNITCH), queue, np.int64(NONE))
            return
        if snitches_end_game(s, k):
            end_game(s, d, k, np.int64(E_SNITCHES))
            return
    if no_cards_left(s):
        end_game(s, d, k, np.int64(E_NO_CARDS))
        return
    next_turn(s, d, k)


@njit(cache=True)
def no_cards_left(s):
    """No gangster to recruit and no heist (nor snitch) anywhere: gangs can only shrink, so no threshold
    and no snitch can ever be reached. The seed does not cover this dead end; the game is scored now."""
    if s[G_GDECK_N] or s[G_GDISCARD_N] or s[G_HDECK_N + s[G_CHAPTER] - 1] or s[G_HDISCARD_N]:
        return False
    for r in range(RIVER):  # noqa: SIM110 (a plain loop compiles; a generator would not)
        if s[G_GRIVER + r] >= 0 or s[G_HRIVER + r] >= 0:
            return False
    return True


@njit(cache=True)
def next_turn(s, d, k):
    p = s[G_ACTIVE]
    if s[G_REPLAY_PENDING]:
        s[G_REPLAY_PENDING] = 0
        s[G_REPLAY] = 1
        start_turn(s, d, k, p)
        return
    s[G_REPLAY] = 0
    nxt = p + 1
    if nxt == s[G_PLAYERS]:
        nxt = 0
        s[G_ROUND] += 1
        if s[G_ROUND] >= k[K_MAX_ROUNDS]:
            end_game(s, d, k, np.int64(E_ROUND_LIMIT))
            return
    start_turn(s, d, k, nxt)


# ================================================================ chapters


@njit(cache=True)
def opportunity_income(s):
    """End of chapter 1: each player gets the gap between the most skills in a gang and their own."""
    n = s[G_PLAYERS]
    top = 0
    for p in range(n):
        top = max(top, total_skills(s, p))
    for p in range(n):
        s[pb(p) + P_MONEY] += top - total_skills(s, p)


@njit(cache=True)
def total_skills(s, p):
    t = 0
    for sk in range(N_SKILLS):
        t += s[pb(p) + P_SKILLS + sk]
    return t


@njit(cache=True)
def start_chapter(s, ch):
    """The river's heists and the discards go back to the old deck; the new chapter's opening river is shown."""
    old = s[G_CHAPTER]
    for r in range(RIVER):
        if s[G_HRIVER + r] >= 0:
            push_heist(s, old, s[G_HRIVER + r])
        s[G_HRIVER + r] = s[G_OPENING + (ch - 2) * RIVER + r]
    for i in range(s[G_HDISCARD_N]):
        push_heist(s, old, s[G_HDISCARD + i])
    s[G_HDISCARD_N] = 0
    s[G_CHAPTER] = ch
    s[G_SNITCHES] = 0


@njit(cache=True)
def gang_war(s, d, k):
    """End of chapter 2: the sole leader in mercenary skills keeps its gang, every other player discards a
    gangster (everyone on a tie for the lead). Two players: a leader with at least double the loser's
    mercenary skills chooses the loser's discard. Returns True when discards are due."""
    n = s[G_PLAYERS]
    best = -1
    leader = NONE
    tied = False
    for p in range(n):
        m = s[pb(p) + P_SKILLS + SK_MERCENARY]
        if m > best:
            best = m
            leader = p
            tied = False
        elif m == best:
            tied = True
    queue = 0
    for p in range(n):
        if (tied or p != leader) and s[pb(p) + P_GANG_N] > 1:
            queue |= 1 << p
    chooser = NONE
    if n == 2 and not tied:
        loser = 1 - leader
        if best >= k[K_GANG_WAR_DOUBLE] * s[pb(loser) + P_SKILLS + SK_MERCENARY]:
            chooser = leader
    if queue == 0:
        start_chapter(s, np.int64(3))
        return False
    begin_losses(s, d, k, np.int64(L_GANG_WAR), queue, chooser)
    return True


@njit(cache=True)
def snitches_end_game(s, k):
    return s[G_CHAPTER] == 3 and s[G_SNITCHES] >= k[K_END_SNITCHES]


@njit(cache=True)
def pay_snitch(s, d, k, h):
    """Each player pays $1 per informant skill on the snitch beyond their gang's informant skills; a
    player who cannot pay discards a gangster (never the boss; a lone boss: nothing happens, seed).
    Returns the seats that must discard."""
    threshold = d[hb(h) + (H_SNITCH_BGA if k[K_SNITCH_BGA] else H_SNITCH)]
    queue = 0
    for p in range(s[G_PLAYERS]):
        b = pb(p)
        cost = threshold - s[b + P_SKILLS + SK_INFORMANT]
        if cost <= 0:
            continue
        if s[b + P_MONEY] >= cost:
            s[b + P_MONEY] -= cost
            s[b + P_SNITCH_PAID] += cost
            continue
        if s[b + P_GANG_N] == 1 and not k[K_LONE_BOSS_PAYS]:
            continue
        if k[K_SNITCH_TAKES_ALL]:
            s[b + P_SNITCH_PAID] += s[b + P_MONEY]
            s[b + P_MONEY] = 0
        if s[b + P_GANG_N] > 1:
            queue |= 1 << p
    return queue


# ================================================================ discards (snitch, gang war, assassination)


@njit(cache=True)
def begin_losses(s, d, k, cause, queue, chooser):
    s[G_LOSS_CAUSE] = cause
    s[G_LOSS_QUEUE] = queue
    s[G_LOSS_CHOOSER] = chooser
    s[G_FLOW] = F_NEXT_LOSS


@njit(cache=True)
def next_loss(s, d, k):
    """The next victim in turn order from the active player, or what follows the discards."""
    queue = s[G_LOSS_QUEUE]
    n = s[G_PLAYERS]
    if queue == 0:
        after_losses(s, d, k)
        return
    for j in range(n):
        v = (s[G_ACTIVE] + j) % n
        if (queue >> v) & 1:
            s[G_LOSS_QUEUE] = queue & ~(1 << v)
            s[G_VICTIM] = v
            s[G_CUR] = s[G_LOSS_CHOOSER] if s[G_LOSS_CHOOSER] >= 0 else v
            s[G_PHASE] = PH_LOSE
            return


@njit(cache=True)
def after_losses(s, d, k):
    cause = s[G_LOSS_CAUSE]
    s[G_LOSS_CAUSE] = L_NONE
    s[G_LOSS_CHOOSER] = NONE
    s[G_VICTIM] = NONE
    s[G_CUR] = s[G_ACTIVE]
    if cause == L_SNITCH:
        if snitches_end_game(s, k):
            end_game(s, d, k, np.int64(E_SNITCHES))
        else:
            s[G_FLOW] = F_REFILL
    elif cause == L_GANG_WAR:
        start_chapter(s, np.int64(3))
        s[G_FLOW] = F_REFILL
    else:
        s[G_FLOW] = F_REWARDS


@njit(cache=True)
def loss_legal(s, d, v, i, cause):
    """May gang slot i of the victim be discarded? Never the boss; an assassination takes a two-skill one."""
    if i < 1 or i >= s[pb(v) + P_GANG_N]:
        return False
    if cause == L_ASSASSINATION:
        return member_n_skills(s, d, v, i) == 2
    return True


@njit(cache=True)
def discard_member(s, d, p, i):
    """Gang slot i leaves the game with its influence; the slots above it move down."""
    b = pb(p)
    c = s[b + P_GANG + i]
    add_member_skills(s, d, p, i, np.int64(-1))
    add_vp(s, p, np.int64(V_GANGSTERS), -d[cb(c) + C_INFLUENCE])
    n = s[b + P_GANG_N]
    for j in range(i, n - 1):
        s[b + P_GANG + j] = s[b + P_GANG + j + 1]
        s[b + P_ENGAGED + j] = s[b + P_ENGAGED + j + 1]
        s[b + P_LEARNED + j] = s[b + P_LEARNED + j + 1]
        s[b + P_SKILL_BITS + j] = s[b + P_SKILL_BITS + j + 1]
    s[b + P_GANG + n - 1] = 0
    s[b + P_ENGAGED + n - 1] = 0
    s[b + P_LEARNED + n - 1] = NONE
    s[b + P_SKILL_BITS + n - 1] = 0
    s[b + P_GANG_N] = n - 1
    s[G_KILLED + s[G_KILLED_N]] = c
    s[G_KILLED_N] += 1
    s[b + P_LOST] += 1
