"""Bazaar's rules (RULES.md), as the kernels of the rules contract (sim/spec.py): init_state, legal_mask,
step, current_player, is_terminal, final_scores. The rest are the rules' helpers, named as verbs."""

from numba import njit

from sim.games.bazaar.actions import A_BUY, A_TAKE
from sim.games.bazaar.layout import (
    E_ROUND_LIMIT,
    G_CUR,
    G_DECK,
    G_DECK_N,
    G_END_TRIGGER,
    G_MARKET,
    G_OWNER,
    G_PHASE,
    G_PLAYER,
    G_PLAYERS,
    G_ROUND,
    MARKET,
    MAX_CARDS,
    NONE,
    OUT,
    P_BUYS,
    P_CARD_BITS,
    P_CARDS,
    P_INCOME,
    P_MONEY,
    P_SIZE,
    P_TAKES,
    P_VP,
    PH_GAME_OVER,
    PH_TURN,
)
from sim.games.bazaar.params import (
    K_COINS_PER_VP,
    K_GIVE_CARD,
    K_GIVE_CARD_SEAT,
    K_REMOVE_CARD,
    K_ROUNDS,
    K_START_MONEY,
    K_TAKE,
)
from sim.games.bazaar.tables import C_COST, C_INCOME, C_VP, CARD_STRIDE, D_CARD, D_N_CARDS
from sim.kernel_tools import rank_by_score_then_seat
from sim.rng import SETUP_STREAM, shuffle


@njit(cache=True)
def pb(p):
    """Where seat p's block starts in the state."""
    return G_PLAYER + p * P_SIZE


@njit(cache=True)
def cb(c):
    """Where card c's fields start in the data."""
    return D_CARD + c * CARD_STRIDE


# ------------------------------------------------------------------ setup


@njit(cache=True)
def init_state(s, d, k, n_players, rng):
    """Shuffle the deck, give each seat its start money, apply the experiments, deal the market."""
    s[:] = 0
    s[G_PLAYERS] = n_players
    s[G_PHASE] = PH_TURN
    n = d[D_N_CARDS]
    for c in range(MAX_CARDS):
        s[G_OWNER + c] = NONE
        s[G_DECK + c] = NONE
    for c in range(n):
        s[G_DECK + c] = c
    s[G_DECK_N] = n
    shuffle(s, G_DECK, G_DECK + n, rng, SETUP_STREAM)
    for p in range(n_players):
        s[pb(p) + P_MONEY] = k[K_START_MONEY + p]
    # the experiments adjust the shuffled deck, so every other card keeps its order (common random numbers)
    removed = k[K_REMOVE_CARD] - 1
    if 0 <= removed < n and pull_from_deck(s, removed):
        s[G_OWNER + removed] = OUT
    given, seat = k[K_GIVE_CARD] - 1, k[K_GIVE_CARD_SEAT]
    if 0 <= given < n and seat < n_players and pull_from_deck(s, given):
        gain_card(s, d, seat, given)
    for i in range(MARKET):
        refill(s, i)


@njit(cache=True)
def pull_from_deck(s, c):
    """Take card c out of the deck, the others keeping their order; False when it is not in the deck."""
    n = s[G_DECK_N]
    for i in range(n):
        if s[G_DECK + i] == c:
            for j in range(i, n - 1):
                s[G_DECK + j] = s[G_DECK + j + 1]
            s[G_DECK + n - 1] = NONE
            s[G_DECK_N] = n - 1
            return True
    return False


@njit(cache=True)
def refill(s, slot):
    """Deal the top of the deck into an empty market slot; the slot stays empty once the deck is out."""
    n = s[G_DECK_N]
    if n == 0:
        s[G_MARKET + slot] = NONE
        return
    s[G_MARKET + slot] = s[G_DECK + n - 1]
    s[G_DECK + n - 1] = NONE
    s[G_DECK_N] = n - 1


@njit(cache=True)
def gain_card(s, d, p, c):
    """Card c enters seat p's tableau: its VP count at the end, its income at every round's end."""
    b = pb(p)
    s[G_OWNER + c] = p
    s[b + P_VP] += d[cb(c) + C_VP]
    s[b + P_INCOME] += d[cb(c) + C_INCOME]
    s[b + P_CARDS] += 1
    s[b + P_CARD_BITS] |= 1 << c


# ------------------------------------------------------------------ a turn


@njit(cache=True)
def legal_mask(s, d, k, mask):
    """Take is always offered; buy slot i only when it holds a card the player can pay for."""
    mask[:] = 0
    if s[G_PHASE] != PH_TURN:
        return 0
    mask[A_TAKE] = 1
    n_legal = 1
    money = s[pb(s[G_CUR]) + P_MONEY]
    for i in range(MARKET):
        c = s[G_MARKET + i]
        if c >= 0 and d[cb(c) + C_COST] <= money:
            mask[A_BUY + i] = 1
            n_legal += 1
    return n_legal


@njit(cache=True)
def step(s, d, k, a):
    p = s[G_CUR]
    b = pb(p)
    if a == A_TAKE:
        s[b + P_MONEY] += k[K_TAKE]
        s[b + P_TAKES] += 1
    else:
        slot = a - A_BUY
        c = s[G_MARKET + slot]
        s[b + P_MONEY] -= d[cb(c) + C_COST]
        s[b + P_BUYS] += 1
        gain_card(s, d, p, c)
        refill(s, slot)
    end_turn(s, k)


@njit(cache=True)
def end_turn(s, k):
    """The next seat plays; after the last seat, everyone is paid their income and the round ends."""
    p = s[G_CUR]
    n = s[G_PLAYERS]
    if p + 1 < n:
        s[G_CUR] = p + 1
        return
    pay_income(s)
    s[G_ROUND] += 1
    s[G_CUR] = 0
    if s[G_ROUND] >= k[K_ROUNDS]:
        s[G_PHASE] = PH_GAME_OVER
        s[G_END_TRIGGER] = E_ROUND_LIMIT


@njit(cache=True)
def pay_income(s):
    for p in range(s[G_PLAYERS]):
        s[pb(p) + P_MONEY] += s[pb(p) + P_INCOME]


@njit(cache=True)
def current_player(s):
    return s[G_CUR]


@njit(cache=True)
def is_terminal(s):
    return s[G_PHASE] == PH_GAME_OVER


# ------------------------------------------------------------------ the end


@njit(cache=True)
def coin_vp(s, k, p):
    """VP of seat p's coins: one per final.coins_per_vp coins, rounded down."""
    return s[pb(p) + P_MONEY] // k[K_COINS_PER_VP]


@njit(cache=True)
def final_scores(s, d, k, scores, ranks):
    """Cards' VP plus the coins' VP; most VP wins, a tie goes to the seat nearer the start player."""
    n = s[G_PLAYERS]
    for p in range(n):
        scores[p] = s[pb(p) + P_VP] + coin_vp(s, k, p)
    return rank_by_score_then_seat(scores, n, ranks)
