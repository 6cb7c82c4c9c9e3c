"""Bazaar's rules: the deal (the shuffled deck, start money, the experiments' cards, the market)."""

from numba import njit

from sim.games.bazaar.layout import (
    G_DECK,
    G_DECK_N,
    G_OWNER,
    G_PHASE,
    G_PLAYERS,
    MARKET,
    MAX_CARDS,
    NONE,
    OUT,
    P_MONEY,
    PH_TURN,
)
from sim.games.bazaar.params import K_GIVE_CARD, K_GIVE_CARD_SEAT, K_REMOVE_CARD, K_START_MONEY
from sim.games.bazaar.rules.common import gain_card, pb, pull_from_deck, refill
from sim.games.bazaar.tables import D_N_CARDS
from sim.rng import SETUP_STREAM, shuffle


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
