"""Bazaar's rules, what several share: where a seat's block and a card's fields start, a card leaving the deck,
the market refilled, a card gained; whose turn it is and whether the game is over."""

from numba import njit

from sim.games.bazaar.layout import (
    G_CUR,
    G_DECK,
    G_DECK_N,
    G_MARKET,
    G_OWNER,
    G_PHASE,
    G_PLAYER,
    NONE,
    P_CARD_BITS,
    P_CARDS,
    P_INCOME,
    P_SIZE,
    P_VP,
    PH_GAME_OVER,
)
from sim.games.bazaar.tables import C_INCOME, C_VP, CARD_STRIDE, D_CARD


@njit(cache=True)
def pb(p):
    """Where seat p's block starts in the state."""
    return G_PLAYER + p * P_SIZE


@njit(cache=True)
def cb(c):
    """Where card c's fields start in the data."""
    return D_CARD + c * CARD_STRIDE


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


@njit(cache=True)
def current_player(s):
    return s[G_CUR]


@njit(cache=True)
def is_terminal(s):
    return s[G_PHASE] == PH_GAME_OVER
