"""Gangsta!'s rules: the only definition of what is legal (legal_mask) and what happens (step).

State, data and params are flat int32 arrays (layout.py, tables.py, params.py). A turn is a chain of
small decisions; G_PHASE says which one is due:

    [mobilise] -> action: recruit ------------------------------------------------------------\\
                        | heist -> crew ... crew_done -> [learn] (play again) (rally) [fast_recruit] |-> end of turn
                        |                                 [theft] [diversion] [assassination -> lose] |
                        | pass -> [pass_discard] -------------------------------------------------------/
    end of turn: chapter check (opportunity income | gang war -> lose ... | game end)
                 -> refill the rivers (a snitch: payments -> lose ...) -> next turn (or play again)

Between two decisions the rules run by themselves (rewards, end of turn, refills, discards): each of those
procedures names the next one in G_FLOW and `advance` runs them in a loop, so no rule function calls back
into the turn flow (numba's on-disk cache breaks on mutually recursive functions).

All chance is dealt at setup: the decks are shuffled then and drawn from the end during play; a discard
pile that must be reshuffled uses a key drawn at setup, so step() needs no generator. Phases whose only
legal action is "done" are still phases: the engine applies a sole legal action without asking the bot.
Rule sources and every choice made where the seed is silent or the sources disagree: RULES.md.
"""

import numpy as np
from numba import njit

from sim.games.gangsta.actions import (
    A_CREW,
    A_CREW_DONE,
    A_DISCARD_GANGSTER,
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
)
from sim.games.gangsta.layout import (
    E_GANG_SIZE,
    E_NO_CARDS,
    E_ROUND_LIMIT,
    E_SNITCHES,
    F_DECIDE,
    F_FINISH_ACTION,
    F_NEXT_LOSS,
    F_REFILL,
    F_REWARDS,
    G_ACTIVE,
    G_CHAPTER,
    G_CREW_BITS,
    G_CREW_N,
    G_CUR,
    G_END_TRIGGER,
    G_FLOW,
    G_FREE_UNTAPS,
    G_GDECK,
    G_GDECK_N,
    G_GDISCARD,
    G_GDISCARD_N,
    G_GRIVER,
    G_HDECK,
    G_HDECK_N,
    G_HDISCARD,
    G_HDISCARD_N,
    G_HEIST,
    G_HEIST_OWNER,
    G_HEIST_SLOT,
    G_HRIVER,
    G_KILLED,
    G_KILLED_N,
    G_LOSS_CAUSE,
    G_LOSS_CHOOSER,
    G_LOSS_QUEUE,
    G_MISSING,
    G_OPENING,
    G_PHASE,
    G_PLAYER,
    G_PLAYERS,
    G_REPLAY,
    G_REPLAY_PENDING,
    G_REWARD_LEFT,
    G_REWARD_STEP,
    G_ROUND,
    G_SHUFFLE_KEY,
    G_SHUFFLES,
    G_SNITCHES,
    G_TURNS,
    G_VICTIM,
    L_ASSASSINATION,
    L_GANG_WAR,
    L_NONE,
    L_SNITCH,
    MAX_CHAPTER_CARDS,
    MAX_GANG,
    MAX_PLAYERS,
    N_CHAPTERS,
    N_SKILLS,
    NONE,
    P_COOP_JOINED,
    P_ENGAGED,
    P_GANG,
    P_GANG_N,
    P_HEISTS_DONE,
    P_LEARNED,
    P_LOST,
    P_MONEY,
    P_PASSES,
    P_RECRUITED,
    P_SIZE,
    P_SKILL_BITS,
    P_SKILLS,
    P_SNITCH_PAID,
    P_VP,
    P_VP_SRC,
    PH_ACTION,
    PH_ASSASSINATION,
    PH_CREW,
    PH_DIVERSION,
    PH_FAST_RECRUIT,
    PH_GAME_OVER,
    PH_LEARN,
    PH_LOSE,
    PH_MOBILISE,
    PH_PASS_DISCARD,
    PH_THEFT,
    RIVER,
    RS_ASSASSINATION,
    RS_DIVERSION,
    RS_FAST_RECRUIT,
    RS_LEARN,
    RS_PLAY_AGAIN,
    RS_RALLY,
    RS_THEFT,
    SK_INFORMANT,
    SK_LEADER,
    SK_MERCENARY,
    SNITCH_OWNER,
    V_GANGSTERS,
    V_HEISTS,
    V_MOST_GANGSTERS,
    V_MOST_MONEY,
)
from sim.games.gangsta.params import (
    COUNT_GANG,
    COUNT_HIRES,
    K_CHAPTER2_AT,
    K_CHAPTER3_AT,
    K_CHAPTER_COUNT,
    K_COOP_SOLO,
    K_CREW_MISSING,
    K_END_AT,
    K_END_SNITCHES,
    K_ENGAGED_LEADERS,
    K_GANG_WAR_DOUBLE,
    K_GIVE_BOSS,
    K_GIVE_BOSS_SEAT,
    K_LONE_BOSS_PAYS,
    K_MAX_ROUNDS,
    K_MOST_VP,
    K_PASS_DISCARD,
    K_PASS_MIN,
    K_REMOVE_BOSS,
    K_SEAT_BONUS,
    K_SHARED_VP,
    K_SNITCH_BGA,
    K_SNITCH_TAKES_ALL,
    K_UNTAP_COST,
)
from sim.games.gangsta.tables import (
    C_COST,
    C_INFLUENCE,
    C_NSKILLS,
    C_SKILL,
    CARD_STRIDE,
    D_CARD,
    D_HEIST,
    D_N_BOSSES,
    D_N_CARDS,
    D_N_HEISTS,
    H_ASSASSIN,
    H_CASH,
    H_CHAPTER,
    H_COOP,
    H_COOP_CASH,
    H_DIVERSION,
    H_FAST,
    H_INFLUENCE,
    H_LEARN,
    H_RALLY,
    H_REPLAY,
    H_REQ,
    H_SNITCH,
    H_SNITCH_BGA,
    H_THEFT,
    HEIST_STRIDE,
)
from sim.kernel_tools import rank_by_score_then_seat
from sim.rng import SETUP_STREAM, below, seed_streams, shuffle

# ================================================================ addressing


@njit(cache=True)
def pb(p):
    """Offset of seat p's player block."""
    return G_PLAYER + p * P_SIZE


@njit(cache=True)
def cb(c):
    """Offset of gang member card c in the data."""
    return D_CARD + c * CARD_STRIDE


@njit(cache=True)
def hb(h):
    """Offset of heist card h in the data."""
    return D_HEIST + h * HEIST_STRIDE


@njit(cache=True)
def member_skill(s, d, p, i, sk):
    """Skill sk of seat p's gang slot i: printed icons plus a learned one."""
    b = pb(p)
    n = d[cb(s[b + P_GANG + i]) + C_SKILL + sk]
    if s[b + P_LEARNED + i] == sk:
        n += 1
    return n


@njit(cache=True)
def member_n_skills(s, d, p, i):
    b = pb(p)
    return d[cb(s[b + P_GANG + i]) + C_NSKILLS] + (1 if s[b + P_LEARNED + i] >= 0 else 0)


@njit(cache=True)
def threshold_count(s, k, p):
    """What the 4/7/9 thresholds read for seat p: the gangsters it has hired (seed: "hires the 4th gangster";
    the boss is dealt, not hired; fast recruits are hires; a gangster lost later stays hired), or, by the
    chapters.count knob, the gang now without the boss (the reading before 1.1) or with it (S1)."""
    how = k[K_CHAPTER_COUNT]
    if how == COUNT_HIRES:
        return s[pb(p) + P_RECRUITED]
    return s[pb(p) + P_GANG_N] - (1 if how == COUNT_GANG else 0)


@njit(cache=True)
def highest_count(s, k):
    top = 0
    for p in range(s[G_PLAYERS]):
        top = max(top, threshold_count(s, k, p))
    return top


@njit(cache=True)
def is_snitch(d, h):
    return d[hb(h) + H_SNITCH] > 0


@njit(cache=True)
def add_vp(s, p, source, n):
    b = pb(p)
    s[b + P_VP] += n
    s[b + P_VP_SRC + source] += n


@njit(cache=True)
def add_member_skills(s, d, p, i, sign):
    """Add (sign 1) or remove (sign -1) gang slot i's skills to the gang's skill totals; a member added
    also gets its skill bits (kept so that legal_mask tests 'brings a missing skill' in one operation)."""
    b = pb(p)
    bits = 0
    for sk in range(N_SKILLS):
        x = member_skill(s, d, p, i, sk)
        s[b + P_SKILLS + sk] += sign * x
        if x > 0:
            bits |= 1 << sk
    if sign > 0:
        s[b + P_SKILL_BITS + i] = bits


@njit(cache=True)
def learn(s, p, i, sk):
    b = pb(p)
    s[b + P_LEARNED + i] = sk
    s[b + P_SKILLS + sk] += 1
    s[b + P_SKILL_BITS + i] |= 1 << sk


# ================================================================ decks (all shuffled at setup)


@njit(cache=True)
def reshuffle(s, start, n):
    """Shuffle s[start:start+n] with the reshuffle key dealt at setup (no chance enters after setup)."""
    local = np.zeros(1, np.uint64)
    seed_streams(np.int64(s[G_SHUFFLE_KEY]), np.int64(s[G_SHUFFLES]), local)
    s[G_SHUFFLES] += 1
    shuffle(s, start, start + n, local, np.int64(0))


@njit(cache=True)
def draw_gangster(s):
    """The top gangster of the recruiting deck; an empty deck takes back its shuffled discards (S1)."""
    if s[G_GDECK_N] == 0:
        n = s[G_GDISCARD_N]
        if n == 0:
            return NONE
        for i in range(n):
            s[G_GDECK + i] = s[G_GDISCARD + i]
        s[G_GDISCARD_N] = 0
        s[G_GDECK_N] = n
        reshuffle(s, np.int64(G_GDECK), n)
    s[G_GDECK_N] -= 1
    return s[G_GDECK + s[G_GDECK_N]]


@njit(cache=True)
def deck_base(ch):
    return G_HDECK + (ch - 1) * MAX_CHAPTER_CARDS


@njit(cache=True)
def draw_heist(s):
    """The top card of this chapter's deck; an empty deck takes back the chapter's shuffled discards (S1)."""
    ch = s[G_CHAPTER]
    base = deck_base(ch)
    if s[G_HDECK_N + ch - 1] == 0:
        n = s[G_HDISCARD_N]
        if n == 0:
            return NONE
        for i in range(n):
            s[base + i] = s[G_HDISCARD + i]
        s[G_HDISCARD_N] = 0
        s[G_HDECK_N + ch - 1] = n
        reshuffle(s, base, n)
    s[G_HDECK_N + ch - 1] -= 1
    return s[base + s[G_HDECK_N + ch - 1]]


@njit(cache=True)
def push_heist(s, ch, h):
    s[deck_base(ch) + s[G_HDECK_N + ch - 1]] = h
    s[G_HDECK_N + ch - 1] += 1


# ================================================================ setup


@njit(cache=True)
def init_state(s, d, k, n_players, rng):
    s[:] = 0
    s[G_PLAYERS] = n_players
    s[G_CHAPTER] = 1
    s[G_HEIST] = NONE
    s[G_LOSS_CHOOSER] = NONE
    for h in range(d[D_N_HEISTS]):
        s[G_HEIST_OWNER + h] = NONE
    deal_bosses(s, d, k, n_players, rng)
    deal_gangsters(s, d, rng)
    for ch in range(1, N_CHAPTERS + 1):
        deal_chapter(s, d, ch, rng)
    s[G_SHUFFLE_KEY] = below(rng, np.int64(SETUP_STREAM), np.int64(2147483647))
    start_turn(s, d, k, np.int64(0))


@njit(cache=True)
def deal_bosses(s, d, k, n_players, rng):
    """A random boss each, with the money printed on it (plus the seat bonus of the BGA option)."""
    nb = d[D_N_BOSSES]
    bosses = np.arange(nb).astype(np.int32)
    shuffle(bosses, np.int64(0), nb, rng, np.int64(SETUP_STREAM))
    adjust_boss_deal(bosses, nb, n_players, k[K_REMOVE_BOSS] - 1, k[K_GIVE_BOSS] - 1, k[K_GIVE_BOSS_SEAT])
    for p in range(n_players):
        b = pb(p)
        c = bosses[p]
        s[b + P_GANG] = c
        s[b + P_GANG_N] = 1
        for i in range(MAX_GANG):
            s[b + P_LEARNED + i] = NONE
        s[b + P_MONEY] = d[cb(c) + C_COST] + p * k[K_SEAT_BONUS]
        add_member_skills(s, d, p, np.int64(0), np.int64(1))
        add_vp(s, p, np.int64(V_GANGSTERS), d[cb(c) + C_INFLUENCE])


@njit(cache=True)
def adjust_boss_deal(bosses, nb, n_players, removed, given, seat):
    """Experiments only (`playout value`): swap a removed boss out of the dealt seats for an undealt one,
    then swap a given boss into its seat. Swaps, so the setup draws and every other card stay the same."""
    if 0 <= removed < nb:
        for i in range(n_players):
            if bosses[i] == removed and n_players < nb:
                bosses[i] = bosses[nb - 1]
                bosses[nb - 1] = removed
    if 0 <= given < nb and seat < n_players:
        for i in range(nb):
            if bosses[i] == given:
                bosses[i] = bosses[seat]
                bosses[seat] = given
                break


@njit(cache=True)
def deal_gangsters(s, d, rng):
    n = 0
    for c in range(d[D_N_BOSSES], d[D_N_CARDS]):
        s[G_GDECK + n] = c
        n += 1
    shuffle(s, np.int64(G_GDECK), G_GDECK + n, rng, np.int64(SETUP_STREAM))
    s[G_GDECK_N] = n
    for r in range(RIVER):
        s[G_GRIVER + r] = draw_gangster(s)


@njit(cache=True)
def deal_chapter(s, d, ch, rng):
    """Chapter 1: shuffle and show five. Chapters 2 and 3: five random heists (never a snitch) are set
    aside as the chapter's opening river and the rest is shuffled (S1 draws until five heists, then puts
    the snitches drawn back and reshuffles: the same distribution, dealt now)."""
    base = deck_base(ch)
    n = 0
    for h in range(d[D_N_HEISTS]):
        if d[hb(h) + H_CHAPTER] == ch and not is_snitch(d, h):
            s[base + n] = h
            n += 1
    shuffle(s, base, base + n, rng, np.int64(SETUP_STREAM))
    if ch == 1:
        s[G_HDECK_N] = n
        for r in range(RIVER):
            s[G_HRIVER + r] = draw_heist(s)
        return
    for r in range(RIVER):
        s[G_OPENING + (ch - 2) * RIVER + r] = s[base + n - 1 - r]
    n -= RIVER
    for h in range(d[D_N_HEISTS]):
        if d[hb(h) + H_CHAPTER] == ch and is_snitch(d, h):
            s[base + n] = h
            n += 1
    shuffle(s, base, base + n, rng, np.int64(SETUP_STREAM))
    s[G_HDECK_N + ch - 1] = n


# ================================================================ turn flow


@njit(cache=True)
def start_turn(s, d, k, p):
    """Synchronisation, then mobilisation if there is anything to untap and a way to pay for it."""
    s[G_ACTIVE] = p
    s[G_CUR] = p
    s[G_TURNS] += 1
    b = pb(p)
    n = s[b + P_GANG_N]
    engaged = 0
    free = 0
    for i in range(n):
        if s[b + P_ENGAGED + i]:
            engaged += 1
            if k[K_ENGAGED_LEADERS]:
                free += member_skill(s, d, p, i, np.int64(SK_LEADER))
        else:
            free += member_skill(s, d, p, i, np.int64(SK_LEADER))
    s[G_PHASE] = PH_ACTION
    if engaged == n:
        for i in range(n):  # synchronised: the whole gang is available and mobilisation is skipped
            s[b + P_ENGAGED + i] = 0
    elif engaged > 0 and (free > 0 or s[b + P_MONEY] >= k[K_UNTAP_COST]):
        s[G_FREE_UNTAPS] = free
        s[G_PHASE] = PH_MOBILISE


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


@njit(cache=True)
def current_player(s):
    return s[G_CUR]


@njit(cache=True)
def is_terminal(s):
    return s[G_PHASE] == PH_GAME_OVER


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


@njit(cache=True)
def has_assassination_target(s, d, q):
    for i in range(1, s[pb(q) + P_GANG_N]):  # noqa: SIM110 (a plain loop compiles; a generator would not)
        if member_n_skills(s, d, q, i) == 2:
            return True
    return False


# ================================================================ recruiting and heists


@njit(cache=True)
def can_recruit(s, d, p, r):
    c = s[G_GRIVER + r]
    b = pb(p)
    return c >= 0 and s[b + P_MONEY] >= d[cb(c) + C_COST] and s[b + P_GANG_N] < MAX_GANG


@njit(cache=True)
def recruit(s, d, p, r):
    """Pay the cost; the gangster joins the gang available, with its influence."""
    c = s[G_GRIVER + r]
    b = pb(p)
    n = s[b + P_GANG_N]
    s[b + P_MONEY] -= d[cb(c) + C_COST]
    s[b + P_GANG + n] = c
    s[b + P_ENGAGED + n] = 0
    s[b + P_LEARNED + n] = NONE
    s[b + P_GANG_N] = n + 1
    add_member_skills(s, d, p, n, np.int64(1))
    add_vp(s, p, np.int64(V_GANGSTERS), d[cb(c) + C_INFLUENCE])
    s[b + P_RECRUITED] += 1
    s[G_GRIVER + r] = NONE


@njit(cache=True)
def available_pool(s, d, p):
    """Skills of seat p's available gangsters (cells 0..5), then of everyone else's (6..11)."""
    pool = np.zeros(2 * N_SKILLS, np.int64)
    for q in range(s[G_PLAYERS]):
        off = 0 if q == p else N_SKILLS
        b = pb(q)
        for i in range(s[b + P_GANG_N]):
            if s[b + P_ENGAGED + i] == 0:
                c = cb(s[b + P_GANG + i])
                for sk in range(N_SKILLS):
                    pool[off + sk] += d[c + C_SKILL + sk]
                learned = s[b + P_LEARNED + i]
                if learned >= 0:
                    pool[off + learned] += 1
    return pool


@njit(cache=True)
def feasible_with(d, h, pool):
    """Can heist h be completed from this pool? Its available gangsters (any player's for a cooperative
    heist) must hold every required skill, and one of the initiator's own must bring one (it starts the
    crew). Any gangster joining keeps the rest feasible (per skill, it takes x out of a pool that covered
    what was missing and takes min(x, missing) off the missing count), so a crew can always be finished
    once started and no "abandon" action is needed."""
    hbase = hb(h)
    coop = d[hbase + H_COOP]
    own_brings = False
    for sk in range(N_SKILLS):
        need = d[hbase + H_REQ + sk]
        if need == 0:
            continue
        have = pool[sk] + (pool[N_SKILLS + sk] if coop else 0)
        if have < need:
            return False
        if pool[sk] > 0:
            own_brings = True
    return own_brings


@njit(cache=True)
def heist_feasible(s, d, p, h):
    return feasible_with(d, h, available_pool(s, d, p))


@njit(cache=True)
def missing_bits(s):
    bits = 0
    for sk in range(N_SKILLS):
        if s[G_MISSING + sk] > 0:
            bits |= 1 << sk
    return bits


@njit(cache=True)
def required_bits(d, h):
    bits = 0
    for sk in range(N_SKILLS):
        if d[hb(h) + H_REQ + sk] > 0:
            bits |= 1 << sk
    return bits


@njit(cache=True)
def crew_wanted(s, d, k):
    """Skill bits a gangster needs one of to join the crew: any skill the heist requires (seed: "a gangster
    with at least one of the skills needed"), or a still-missing one (heist.crew_brings_missing)."""
    return missing_bits(s) if k[K_CREW_MISSING] else required_bits(d, s[G_HEIST])


@njit(cache=True)
def crew_legal(s, d, p, q, i, wanted):
    """An available gangster, not yet in the crew, with a skill in `wanted`; another player's only in a
    cooperative heist and after the initiator's first gangster."""
    b = pb(q)
    if s[b + P_ENGAGED + i] or (s[G_CREW_BITS + q] >> i) & 1 or not (s[b + P_SKILL_BITS + i] & wanted):
        return False
    return q == p or (d[hb(s[G_HEIST]) + H_COOP] != 0 and s[G_CREW_N] > 0)


@njit(cache=True)
def begin_heist(s, d, r):
    h = s[G_HRIVER + r]
    s[G_HEIST] = h
    s[G_HEIST_SLOT] = r
    for sk in range(N_SKILLS):
        s[G_MISSING + sk] = d[hb(h) + H_REQ + sk]
    for q in range(MAX_PLAYERS):
        s[G_CREW_BITS + q] = 0
    s[G_CREW_N] = 0
    s[G_PHASE] = PH_CREW


@njit(cache=True)
def join_crew(s, d, k, q, i):
    """The gangster is engaged at once. Seed: once nothing is missing the player may still add gangsters
    and ends the crew with crew_done; with heist.crew_brings_missing the heist is performed at once."""
    s[pb(q) + P_ENGAGED + i] = 1
    s[G_CREW_BITS + q] |= 1 << i
    s[G_CREW_N] += 1
    for sk in range(N_SKILLS):
        s[G_MISSING + sk] = max(s[G_MISSING + sk] - member_skill(s, d, q, i, sk), 0)
    if k[K_CREW_MISSING] and missing_bits(s) == 0:
        complete_heist(s, d, k)


@njit(cache=True)
def complete_heist(s, d, k):
    """Cash and influence to the initiator, the co-op reward to each player in the crew, then the specials."""
    p = s[G_ACTIVE]
    h = s[G_HEIST]
    hbase = hb(h)
    b = pb(p)
    s[G_HRIVER + s[G_HEIST_SLOT]] = NONE
    s[G_HEIST_OWNER + h] = p
    s[b + P_MONEY] += d[hbase + H_CASH]
    add_vp(s, p, np.int64(V_HEISTS), d[hbase + H_INFLUENCE])
    s[b + P_HEISTS_DONE] += 1
    if d[hbase + H_COOP]:
        seats = 0
        for q in range(s[G_PLAYERS]):
            if s[G_CREW_BITS + q]:
                seats += 1
        if seats > 1 or k[K_COOP_SOLO]:
            for q in range(s[G_PLAYERS]):
                if s[G_CREW_BITS + q]:
                    s[pb(q) + P_MONEY] += d[hbase + H_COOP_CASH]
                    s[pb(q) + P_COOP_JOINED] += 1
    s[G_REWARD_STEP] = RS_LEARN
    s[G_FLOW] = F_REWARDS


@njit(cache=True)
def learn_legal(s, d, p, i):
    """A crew member of this heist who may learn its skill."""
    if i >= s[pb(p) + P_GANG_N] or not (s[G_CREW_BITS + p] >> i) & 1:
        return False
    return can_learn(s, d, p, i, d[hb(s[G_HEIST]) + H_LEARN])


@njit(cache=True)
def can_learn(s, d, p, i, sk):
    """Gang slot i may learn skill sk: no learned skill yet, and never a second leader skill."""
    return s[pb(p) + P_LEARNED + i] < 0 and not (sk == SK_LEADER and member_skill(s, d, p, i, np.int64(SK_LEADER)) > 0)


@njit(cache=True)
def next_reward(s, d, k):
    """Resolve the heist's special rewards in order; stop at the first that needs a decision."""
    p = s[G_ACTIVE]
    b = pb(p)
    hbase = hb(s[G_HEIST])
    n = s[G_PLAYERS]
    while True:
        step_ = s[G_REWARD_STEP]
        s[G_REWARD_STEP] = step_ + 1
        if step_ == RS_LEARN:
            if d[hbase + H_LEARN] >= 0:
                for i in range(s[b + P_GANG_N]):
                    if learn_legal(s, d, p, i):
                        s[G_PHASE] = PH_LEARN
                        return
        elif step_ == RS_PLAY_AGAIN:
            if d[hbase + H_REPLAY] and not s[G_REPLAY]:  # never twice in a row
                s[G_REPLAY_PENDING] = 1
        elif step_ == RS_RALLY:
            if d[hbase + H_RALLY]:
                for i in range(s[b + P_GANG_N]):
                    s[b + P_ENGAGED + i] = 0
        elif step_ == RS_FAST_RECRUIT:
            if d[hbase + H_FAST]:
                for r in range(RIVER):
                    if can_recruit(s, d, p, r):
                        s[G_PHASE] = PH_FAST_RECRUIT
                        return
        elif step_ == RS_THEFT:
            if d[hbase + H_THEFT] > 0:
                for q in range(n):
                    if q != p and s[pb(q) + P_MONEY] > 0:
                        s[G_PHASE] = PH_THEFT
                        return
        elif step_ == RS_DIVERSION:
            if d[hbase + H_DIVERSION] > 0 and opponents_available(s, p) > 0:
                s[G_REWARD_LEFT] = d[hbase + H_DIVERSION]
                s[G_PHASE] = PH_DIVERSION
                return
        elif step_ == RS_ASSASSINATION:
            if d[hbase + H_ASSASSIN]:
                for q in range(n):
                    if q != p and has_assassination_target(s, d, q):
                        s[G_PHASE] = PH_ASSASSINATION
                        return
        else:
            s[G_FLOW] = F_FINISH_ACTION
            return


@njit(cache=True)
def opponents_available(s, p):
    c = 0
    for q in range(s[G_PLAYERS]):
        if q == p:
            continue
        b = pb(q)
        for i in range(s[b + P_GANG_N]):
            if s[b + P_ENGAGED + i] == 0:
                c += 1
    return c


@njit(cache=True)
def pass_money(s, k, p):
    """$1 per leader skill of the whole gang, at least the BGA option's minimum."""
    return max(s[pb(p) + P_SKILLS + SK_LEADER], k[K_PASS_MIN])


# ================================================================ the end


@njit(cache=True)
def end_game(s, d, k, trigger):
    s[G_END_TRIGGER] = trigger
    final_scoring(s, k)
    s[G_PHASE] = PH_GAME_OVER
    s[G_CUR] = s[G_ACTIVE]


@njit(cache=True)
def final_scoring(s, k):
    """Most money and most gangsters: +2 alone, +1 each when shared."""
    award_most(s, k, np.int64(P_MONEY), np.int64(V_MOST_MONEY))
    award_most(s, k, np.int64(P_GANG_N), np.int64(V_MOST_GANGSTERS))


@njit(cache=True)
def award_most(s, k, field, source):
    n = s[G_PLAYERS]
    top = -1
    count = 0
    for p in range(n):
        x = s[pb(p) + field]
        if x > top:
            top = x
            count = 1
        elif x == top:
            count += 1
    for p in range(n):
        if s[pb(p) + field] == top:
            add_vp(s, p, source, k[K_MOST_VP] if count == 1 else k[K_SHARED_VP])


@njit(cache=True)
def final_scores(s, d, k, scores, ranks):
    """Final influence per seat and ranks: more influence, then more gangsters (tiebreak, S1), then the
    seat nearer the first player (the project's convention; the seed is silent). Returns the winner."""
    n = s[G_PLAYERS]
    keys = np.zeros(MAX_PLAYERS, np.int64)
    for p in range(n):
        scores[p] = s[pb(p) + P_VP]
        keys[p] = scores[p] * 64 + s[pb(p) + P_GANG_N]
    return rank_by_score_then_seat(keys, n, ranks)


@njit(cache=True)
def advance(s, d, k):
    """Run what the rules do by themselves (rewards, end of turn, refills, discards) until a decision is due."""
    while True:
        flow = s[G_FLOW]
        s[G_FLOW] = F_DECIDE
        if flow == F_REWARDS:
            next_reward(s, d, k)
        elif flow == F_FINISH_ACTION:
            finish_action(s, d, k)
        elif flow == F_REFILL:
            refill_and_advance(s, d, k)
        elif flow == F_NEXT_LOSS:
            next_loss(s, d, k)
        else:
            return


# ================================================================ the contract: legal_mask and step


@njit(cache=True)
def legal_mask(s, d, k, mask):
    """mask[a] = 1 for every legal action; returns how many there are."""
    mask[:] = 0
    phase = s[G_PHASE]
    p = s[G_CUR]
    b = pb(p)
    n = s[G_PLAYERS]
    count = 0
    if phase == PH_MOBILISE:
        mask[A_MOBILISE_DONE] = 1
        count += 1
        if s[G_FREE_UNTAPS] > 0 or s[b + P_MONEY] >= k[K_UNTAP_COST]:
            for i in range(s[b + P_GANG_N]):
                count += allow(mask, A_UNTAP + i, s[b + P_ENGAGED + i] != 0)
    elif phase == PH_ACTION:
        mask[A_PASS] = 1
        count += 1
        pool = available_pool(s, d, p)
        for r in range(RIVER):
            count += allow(mask, A_RECRUIT + r, can_recruit(s, d, p, r))
            h = s[G_HRIVER + r]
            count += allow(mask, A_HEIST + r, h >= 0 and feasible_with(d, h, pool))
    elif phase == PH_CREW:
        count += allow(mask, np.int64(A_CREW_DONE), missing_bits(s) == 0)
        wanted = crew_wanted(s, d, k)
        for q in range(n):
            for i in range(s[pb(q) + P_GANG_N]):
                count += allow(mask, A_CREW + q * MAX_GANG + i, crew_legal(s, d, p, q, i, wanted))
    elif phase == PH_LEARN:
        mask[A_LEARN_SKIP] = 1
        count += 1
        for i in range(s[b + P_GANG_N]):
            count += allow(mask, A_LEARN + i, learn_legal(s, d, p, i))
    elif phase == PH_FAST_RECRUIT:
        mask[A_FAST_SKIP] = 1
        count += 1
        for r in range(RIVER):
            count += allow(mask, A_FAST_RECRUIT + r, can_recruit(s, d, p, r))
    elif phase == PH_THEFT:
        mask[A_STEAL_SKIP] = 1
        count += 1
        for q in range(n):
            count += allow(mask, A_STEAL + q, q != p and s[pb(q) + P_MONEY] > 0)
    elif phase == PH_DIVERSION:
        mask[A_DIVERT_DONE] = 1
        count += 1
        for q in range(n):
            if q != p:
                for i in range(s[pb(q) + P_GANG_N]):
                    count += allow(mask, A_DIVERT + q * MAX_GANG + i, s[pb(q) + P_ENGAGED + i] == 0)
    elif phase == PH_ASSASSINATION:
        mask[A_MARK_SKIP] = 1
        count += 1
        for q in range(n):
            count += allow(mask, A_MARK + q, q != p and has_assassination_target(s, d, q))
    elif phase == PH_LOSE:
        v = s[G_VICTIM]
        for i in range(s[pb(v) + P_GANG_N]):
            count += allow(mask, A_LOSE + i, loss_legal(s, d, v, i, s[G_LOSS_CAUSE]))
    elif phase == PH_PASS_DISCARD:
        mask[A_DISCARD_SKIP] = 1
        count += 1
        for r in range(RIVER):
            count += allow(mask, A_DISCARD_GANGSTER + r, s[G_GRIVER + r] >= 0)
            count += allow(mask, A_DISCARD_HEIST + r, s[G_HRIVER + r] >= 0)
    return count


@njit(cache=True)
def allow(mask, a, ok):
    """Mark action a legal when ok; 1 if it was marked (legal_mask counts as it goes)."""
    if ok:
        mask[a] = 1
        return 1
    return 0


@njit(cache=True)
def step(s, d, k, a):
    """Apply legal action a for the current seat."""
    phase = s[G_PHASE]
    p = s[G_CUR]
    b = pb(p)
    if phase == PH_MOBILISE:
        if a == A_MOBILISE_DONE:
            s[G_PHASE] = PH_ACTION
        else:
            if s[G_FREE_UNTAPS] > 0:
                s[G_FREE_UNTAPS] -= 1
            else:
                s[b + P_MONEY] -= k[K_UNTAP_COST]
            s[b + P_ENGAGED + a - A_UNTAP] = 0
    elif phase == PH_ACTION:
        if a == A_PASS:
            s[b + P_MONEY] += pass_money(s, k, p)
            s[b + P_PASSES] += 1
            if k[K_PASS_DISCARD]:
                s[G_PHASE] = PH_PASS_DISCARD
            else:
                s[G_FLOW] = F_FINISH_ACTION
        elif a < A_HEIST:
            recruit(s, d, p, a - A_RECRUIT)
            s[G_FLOW] = F_FINISH_ACTION
        else:
            begin_heist(s, d, a - A_HEIST)
    elif phase == PH_CREW:
        if a == A_CREW_DONE:
            complete_heist(s, d, k)
        else:
            i = a - A_CREW
            join_crew(s, d, k, i // MAX_GANG, i % MAX_GANG)
    elif phase == PH_LEARN:
        if a != A_LEARN_SKIP:
            i = a - A_LEARN
            learn(s, p, i, d[hb(s[G_HEIST]) + H_LEARN])
        s[G_FLOW] = F_REWARDS
    elif phase == PH_FAST_RECRUIT:
        if a != A_FAST_SKIP:
            recruit(s, d, p, a - A_FAST_RECRUIT)
        s[G_FLOW] = F_REWARDS
    elif phase == PH_THEFT:
        if a != A_STEAL_SKIP:
            q = a - A_STEAL
            amount = min(d[hb(s[G_HEIST]) + H_THEFT], s[pb(q) + P_MONEY])
            s[pb(q) + P_MONEY] -= amount
            s[b + P_MONEY] += amount
        s[G_FLOW] = F_REWARDS
    elif phase == PH_DIVERSION:
        if a == A_DIVERT_DONE:
            s[G_FLOW] = F_REWARDS
        else:
            i = a - A_DIVERT
            s[pb(i // MAX_GANG) + P_ENGAGED + i % MAX_GANG] = 1
            s[G_REWARD_LEFT] -= 1
            if s[G_REWARD_LEFT] == 0 or opponents_available(s, p) == 0:
                s[G_FLOW] = F_REWARDS
    elif phase == PH_ASSASSINATION:
        if a == A_MARK_SKIP:
            s[G_FLOW] = F_REWARDS
        else:
            begin_losses(s, d, k, np.int64(L_ASSASSINATION), 1 << (a - A_MARK), np.int64(NONE))
    elif phase == PH_LOSE:
        discard_member(s, d, s[G_VICTIM], a - A_LOSE)
        s[G_FLOW] = F_NEXT_LOSS
    elif phase == PH_PASS_DISCARD:
        if a == A_DISCARD_SKIP:
            pass
        elif a < A_DISCARD_HEIST:
            r = a - A_DISCARD_GANGSTER
            s[G_GDISCARD + s[G_GDISCARD_N]] = s[G_GRIVER + r]
            s[G_GDISCARD_N] += 1
            s[G_GRIVER + r] = NONE
        else:
            r = a - A_DISCARD_HEIST
            s[G_HDISCARD + s[G_HDISCARD_N]] = s[G_HRIVER + r]
            s[G_HDISCARD_N] += 1
            s[G_HRIVER + r] = NONE
        s[G_FLOW] = F_FINISH_ACTION
    advance(s, d, k)
