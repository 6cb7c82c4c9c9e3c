"""Bazaar positions for the rule scenarios, built by name.

A scenario starts from `init_state` with a fixed generator (sim.rng.new_streams) and then writes the fields
it needs through the layout names, with cards named as in data/cards.csv:

    g = Game(2)
    g.market(["pottery", "caravan"])
    g.money(0, 3)
    g.act(A_BUY + 0)

`legal()` is the set of legal actions, `act(a)` checks that `a` is legal and applies it. Card numbers the rules
use (cost, VP, income) are read from the data set, never copied from a run.
"""

from __future__ import annotations

import numpy as np

from sim.games.bazaar import rules
from sim.games.bazaar.actions import ACTIONS, N_ACTIONS
from sim.games.bazaar.layout import (
    G_DECK,
    G_DECK_N,
    G_MARKET,
    G_OWNER,
    MARKET,
    MAX_CARDS,
    NONE,
    P_MONEY,
    STATE_SIZE,
)
from sim.games.bazaar.params import PARAMS
from sim.games.bazaar.tables import C_COST, C_INCOME, C_VP, card_base, load
from sim.rng import new_streams

DATA = load()
D = DATA.array
N_CARDS = len(DATA.detail.card_names)
pb = rules.pb


def card(name: str) -> int:
    return DATA.detail.card_names.index(name)


def cost(name: str) -> int:
    return int(D[card_base(card(name)) + C_COST])


def vp(name: str) -> int:
    return int(D[card_base(card(name)) + C_VP])


def income(name: str) -> int:
    return int(D[card_base(card(name)) + C_INCOME])


def params(**knobs) -> np.ndarray:
    """The printed rules with knobs changed, written with underscores for dots: start_money__seat1=5."""
    return PARAMS.values({name.replace("__", "."): v for name, v in knobs.items()})


class Game:
    def __init__(self, n_players: int = 2, seed: int = 1, **knobs):
        self.k = params(**knobs)
        self.s = np.zeros(STATE_SIZE, np.int32)
        rules.init_state(self.s, D, self.k, n_players, new_streams(seed, 0))

    def market(self, names: list[str | None], deck: list[str] | None = None) -> None:
        """Market slots from the left (None: empty), the deck (top last; default: every card in no tableau
        and not in the market, in file order)."""
        slots = [card(n) if n else NONE for n in names] + [NONE] * (MARKET - len(names))
        for i, c in enumerate(slots):
            self.s[G_MARKET + i] = c
        if deck is None:
            deck = [n for n in DATA.detail.card_names if self.s[G_OWNER + card(n)] == NONE and card(n) not in slots]
        self.s[G_DECK : G_DECK + MAX_CARDS] = NONE
        for i, n in enumerate(deck):
            self.s[G_DECK + i] = card(n)
        self.s[G_DECK_N] = len(deck)

    def money(self, seat: int, value: int) -> None:
        self.s[pb(seat) + P_MONEY] = value

    def legal(self) -> set[int]:
        mask = np.zeros(N_ACTIONS, np.uint8)
        n = rules.legal_mask(self.s, D, self.k, mask)
        assert n == mask.sum()
        return {int(a) for a in np.flatnonzero(mask)}

    def act(self, a: int) -> None:
        assert a in self.legal(), f"{ACTIONS.name(a)} is not legal here: {[ACTIONS.name(x) for x in self.legal()]}"
        rules.step(self.s, D, self.k, np.int64(a))

    def scores(self) -> tuple[list[int], int]:
        scores, ranks = np.zeros(4, np.int64), np.zeros(4, np.int64)
        winner = rules.final_scores(self.s, D, self.k, scores, ranks)
        return scores.tolist(), int(winner)
