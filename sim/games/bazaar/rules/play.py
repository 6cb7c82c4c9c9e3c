"""Bazaar's rules: a turn, what is legal (legal_mask) and what happens (step), then the turn's end and the income."""

from numba import njit

from sim.games.bazaar.actions import A_BUY, A_TAKE
from sim.games.bazaar.layout import (
    E_ROUND_LIMIT,
    G_CUR,
    G_END_TRIGGER,
    G_MARKET,
    G_PHASE,
    G_PLAYERS,
    G_ROUND,
    MARKET,
    P_BUYS,
    P_INCOME,
    P_MONEY,
    P_TAKES,
    PH_GAME_OVER,
    PH_TURN,
)
from sim.games.bazaar.params import K_ROUNDS, K_TAKE
from sim.games.bazaar.rules.common import cb, gain_card, pb, refill
from sim.games.bazaar.tables import C_COST


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
