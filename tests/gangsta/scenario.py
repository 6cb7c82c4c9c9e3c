"""Gangsta! positions for the rule scenarios, built by name.

A scenario starts from `init_state` with a fixed generator (sim.rng.new_streams) and then writes the
fields it needs through the layout names, with cards named by their printed ids:

    g = Game(3)
    g.gang(0, [101, 121, 131], engaged=[0, 1, 0])
    g.heists([201, 202, 203, 204, 205])
    g.turn(0)
    g.act(A_HEIST + 0)

`legal()` is the set of legal actions, `act(a)` checks that `a` is legal and applies it. Card values the
rules use (costs, skills, rewards) are read from the data set, never copied from a run.
"""

from __future__ import annotations

import numpy as np

from sim.games.gangsta import rules
from sim.games.gangsta.actions import A_DISCARD_SKIP, A_PASS, ACTIONS, N_ACTIONS
from sim.games.gangsta.layout import (
    G_ACTIVE,
    G_CUR,
    G_GDECK,
    G_GDECK_N,
    G_GRIVER,
    G_HDECK,
    G_HDECK_N,
    G_HRIVER,
    G_PHASE,
    G_PLAYERS,
    MAX_CHAPTER_CARDS,
    MAX_GANG,
    N_CHAPTERS,
    N_SKILLS,
    NONE,
    P_ENGAGED,
    P_GANG,
    P_GANG_N,
    P_LEARNED,
    P_RECRUITED,
    P_SKILL_BITS,
    P_SKILLS,
    P_VP,
    P_VP_SRC,
    PH_ACTION,
    PH_PASS_DISCARD,
    RIVER,
    SKILLS,
    STATE_SIZE,
    V_GANGSTERS,
)
from sim.games.gangsta.params import PARAMS
from sim.games.gangsta.tables import C_COST, C_INFLUENCE, C_SKILL, H_COOP_CASH, H_SNITCH, card_base, heist_base, load
from sim.rng import new_streams

DATA = load()
D = DATA.array
pb = rules.pb


def card(printed_id: int) -> int:
    return DATA.detail.card_ids.index(printed_id)


def heist(printed_id: int) -> int:
    return DATA.detail.heist_ids.index(printed_id)


def cost(printed_id: int) -> int:
    return int(D[card_base(card(printed_id)) + C_COST])


def influence(printed_id: int) -> int:
    return int(D[card_base(card(printed_id)) + C_INFLUENCE])


def skill(printed_id: int, name: str) -> int:
    return int(D[card_base(card(printed_id)) + C_SKILL + SKILLS.index(name)])


def snitch_value(printed_id: int) -> int:
    return int(D[heist_base(heist(printed_id)) + H_SNITCH])


def coop_cash(printed_id: int) -> int:
    return int(D[heist_base(heist(printed_id)) + H_COOP_CASH])


def heist_field(printed_id: int, field: int) -> int:
    return int(D[heist_base(heist(printed_id)) + field])


def params(**knobs) -> np.ndarray:
    """Rule knobs by their dotted names, written with __ for the dot: params(pass__min_money=2)."""
    return PARAMS.values({name.replace("__", "."): value for name, value in knobs.items()})


class Game:
    def __init__(self, n_players: int, seed: int = 7, game: int = 0, k: np.ndarray | None = None):
        self.k = PARAMS.defaults() if k is None else k
        self.s = np.zeros(STATE_SIZE, np.int32)
        self.rng = new_streams(seed, game)
        rules.init_state(self.s, D, self.k, np.int64(n_players), self.rng)
        self.mask = np.zeros(N_ACTIONS, np.uint8)

    # ------------------------------------------------------------ reading
    def p(self, seat: int, field: int, i: int = 0) -> int:
        return int(self.s[pb(seat) + field + i])

    def gang_ids(self, seat: int) -> list[int]:
        return [DATA.detail.card_ids[self.p(seat, P_GANG, i)] for i in range(self.p(seat, P_GANG_N))]

    def legal(self) -> set[int]:
        rules.legal_mask(self.s, D, self.k, self.mask)
        return {int(a) for a in np.flatnonzero(self.mask)}

    def legal_names(self) -> set[str]:
        return {ACTIONS.name(a) for a in self.legal()}

    # ------------------------------------------------------------ writing
    def take_card(self, c: int) -> None:
        """Remove gang member card c from the deck and the river (it is about to be placed elsewhere)."""
        s = self.s
        for r in range(RIVER):
            if s[G_GRIVER + r] == c:
                s[G_GRIVER + r] = NONE
        n = int(s[G_GDECK_N])
        cards = [int(x) for x in s[G_GDECK : G_GDECK + n] if x != c]
        s[G_GDECK : G_GDECK + len(cards)] = cards
        s[G_GDECK_N] = len(cards)

    def gang(self, seat: int, printed: list[int], engaged: list[int] | None = None,
             learned: list[str | None] | None = None, hired: int | None = None) -> None:  # fmt: skip
        """Seat's gang becomes exactly these cards (the first is its boss), with skills and influence; the
        seat has hired `hired` gangsters so far (default: every member but the boss)."""
        b = pb(seat)
        s = self.s
        engaged = engaged or [0] * len(printed)
        learned = learned or [None] * len(printed)
        s[b + P_GANG : b + P_GANG + MAX_GANG] = 0
        s[b + P_ENGAGED : b + P_ENGAGED + MAX_GANG] = 0
        s[b + P_LEARNED : b + P_LEARNED + MAX_GANG] = NONE
        s[b + P_SKILLS : b + P_SKILLS + N_SKILLS] = 0
        s[b + P_SKILL_BITS : b + P_SKILL_BITS + MAX_GANG] = 0
        for i, pid in enumerate(printed):
            c = card(pid)
            self.take_card(c)
            s[b + P_GANG + i] = c
            s[b + P_ENGAGED + i] = engaged[i]
            s[b + P_LEARNED + i] = SKILLS.index(learned[i]) if learned[i] else NONE
            bits = 0
            for k in range(N_SKILLS):
                x = D[card_base(c) + C_SKILL + k] + (1 if learned[i] == SKILLS[k] else 0)
                s[b + P_SKILLS + k] += x
                bits |= (1 << k) if x else 0
            s[b + P_SKILL_BITS + i] = bits
        s[b + P_GANG_N] = len(printed)
        s[b + P_RECRUITED] = len(printed) - 1 if hired is None else hired
        vp = sum(influence(pid) for pid in printed)
        s[b + P_VP] += vp - s[b + P_VP_SRC + V_GANGSTERS]
        s[b + P_VP_SRC + V_GANGSTERS] = vp

    def gangster_river(self, printed: list[int | None]) -> None:
        for r, pid in enumerate(printed):
            if pid is None:
                self.s[G_GRIVER + r] = NONE
            else:
                self.take_card(card(pid))
                self.s[G_GRIVER + r] = card(pid)

    def heists(self, printed: list[int | None]) -> None:
        """The face-up heists, by printed id (the cards are taken out of their decks)."""
        for r, pid in enumerate(printed):
            if pid is None:
                self.s[G_HRIVER + r] = NONE
                continue
            h = heist(pid)
            self._take_heist(h)
            self.s[G_HRIVER + r] = h

    def heist_deck_top(self, chapter: int, printed: list[int]) -> None:
        """Put these heists (or snitches) on top of the chapter's deck, the first one drawn first."""
        for pid in reversed(printed):
            h = heist(pid)
            self._take_heist(h)
            base = G_HDECK + (chapter - 1) * MAX_CHAPTER_CARDS
            n = int(self.s[G_HDECK_N + chapter - 1])
            self.s[base + n] = h
            self.s[G_HDECK_N + chapter - 1] = n + 1

    def _take_heist(self, h: int) -> None:
        s = self.s
        for r in range(RIVER):
            if s[G_HRIVER + r] == h:
                s[G_HRIVER + r] = NONE
        for ch in range(N_CHAPTERS):
            base = G_HDECK + ch * MAX_CHAPTER_CARDS
            n = int(s[G_HDECK_N + ch])
            cards = [int(x) for x in s[base : base + n] if x != h]
            s[base : base + len(cards)] = cards
            s[G_HDECK_N + ch] = len(cards)

    def turn(self, seat: int, phase: int = PH_ACTION) -> None:
        self.s[G_ACTIVE] = seat
        self.s[G_CUR] = seat
        self.s[G_PHASE] = phase

    def start(self, seat: int) -> None:
        """Begin seat's turn as the rules do (synchronisation, then mobilisation if due), through the legal
        set: the seat before it passes (declining the discard) and its turn ends."""
        before = (seat - 1) % int(self.s[G_PLAYERS])
        self.turn(before)
        self.act(A_PASS)
        if self.s[G_PHASE] == PH_PASS_DISCARD:
            self.act(A_DISCARD_SKIP)
        assert self.s[G_ACTIVE] == seat and self.s[G_CUR] == seat

    def act(self, a: int) -> None:
        legal = self.legal()
        assert a in legal, f"{ACTIONS.name(a)} is not legal here; legal: {sorted(ACTIONS.name(x) for x in legal)}"
        rules.step(self.s, D, self.k, a)
