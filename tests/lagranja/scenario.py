"""Building La Granja positions for scenario tests: a dealt game, then the state written through layout names."""

import numpy as np

from sim.games.lagranja import rules
from sim.games.lagranja.actions import ACTIONS, N_ACTIONS
from sim.games.lagranja.layout import (
    G_FLOW,
    G_PHASE,
    N_SLOTS,
    P_BARROW,
    P_HAND,
    P_HAND_N,
    P_HELPER,
    PHASES,
    STATE_SIZE,
)
from sim.games.lagranja.params import PARAMS
from sim.games.lagranja.tables import C_BARROW_N, C_BARROW_VP, C_GOODS, card_base, load
from sim.rng import new_streams

DATA = load()
D = DATA.array
NAMES = list(DATA.detail.cards)


def game(n_players=2, knobs=None, seed=1, index=0):
    k = PARAMS.values(knobs or {})
    s = np.zeros(STATE_SIZE, np.int32)
    rules.init_state(s, D, k, n_players, new_streams(seed, index))
    return s, k


def card(name: str) -> int:
    return NAMES.index(name)


def pb(p: int) -> int:
    return int(rules.pb(p))


def phase(s) -> str:
    return PHASES[int(s[G_PHASE])]


def legal(s, k) -> list[str]:
    mask = np.zeros(N_ACTIONS, np.uint8)
    rules.legal_mask(s, D, k, mask)
    return [ACTIONS.name(a) for a in np.flatnonzero(mask)]


def act(s, k, name: str):
    """Apply the action spelled `name` (as ACTIONS.name spells it); it must be legal."""
    mask = np.zeros(N_ACTIONS, np.uint8)
    rules.legal_mask(s, D, k, mask)
    a = next(a for a in range(N_ACTIONS) if ACTIONS.name(a) == name)
    assert mask[a], f"{name} is not legal in phase {phase(s)}: {legal(s, k)}"
    rules.step(s, D, k, a)


def give_helper(s, p: int, name: str, slot: int = 0):
    s[pb(p) + P_HELPER + slot] = card(name)


def give_barrow(s, p: int, c: int, slot: int = 0):
    s[pb(p) + P_BARROW + slot] = c


def set_hand(s, p: int, cards: list[int]):
    b = pb(p)
    s[b + P_HAND : b + P_HAND + 20] = -1
    for i, c in enumerate(cards):
        s[b + P_HAND + i] = c
    s[b + P_HAND_N] = len(cards)


def barrow_of(c: int) -> tuple[list[int], int]:
    base = card_base(c)
    return [int(D[base + C_GOODS + j]) for j in range(int(D[base + C_BARROW_N]))], int(D[base + C_BARROW_VP])


def barrow_card(vp: int, n_goods: int | None = None) -> int:
    for c in range(len(NAMES)):
        goods, v = barrow_of(c)
        if v == vp and (n_goods is None or len(goods) == n_goods):
            return c
    raise LookupError(vp)


def clear_helpers(s, p: int):
    for i in range(N_SLOTS):
        s[pb(p) + P_HELPER + i] = -1


def flow(s) -> int:
    return int(s[G_FLOW])
