"""Obsession positions for the rule scenarios, built by name.

A scenario starts from `init_state` with a fixed generator (sim.rng.new_streams), plays the setup decisions
it names (families, then the first starters of the draft) and then writes the fields it needs through the
layout names, with tiles and guests named as in the data files:

    g = Game(3)                                    # families asquith, cavendish, ponsonby; round 1
    g.estate(0, ["Drawing Room"])                  # the START tiles plus these (taken from the bag)
    g.deck(0, hand=["Lady Asquith", "Hon. Albert Plantagenet"])
    g.level(0, 3)
    g.start_turn(0)                                # rotation and step 2, then the main decision
    g.host("Drawing Room")
    g.guest("Hon. Albert Plantagenet")

`legal()` is the set of legal actions, `act(a)` checks that `a` is legal and applies it. Card values the
rules use are read from the data set, never copied from a run.

Positions are written through the layout names only, never with the rules' own helpers (add_tile,
update_estate, add_card, ...), so a bug in those cannot hide in the setup of the test that checks them. The
estate's derived fields (ability bits, monument count) are computed here from the tile data
(`estate_summary`); test_scenario.py checks these writers against the layout on their own.
"""

from __future__ import annotations

import numpy as np

from sim.games.obsession import rules
from sim.games.obsession.actions import (
    A_BUY,
    A_BUY_DONE,
    A_DISMISS,
    A_FAMILY,
    A_GUEST,
    A_HOST,
    ACTIONS,
    N_ACTIONS,
)
from sim.games.obsession.layout import (
    AB_LIONHEART,
    AB_QUEENS,
    BOXES,
    CL_FAIRCHILD,
    CL_FAMILY,
    CL_PRESTIGE,
    CS_DISCARD,
    CS_HAND,
    F_START_TURN,
    FAMILIES,
    G_ACTIVE,
    G_BAG,
    G_BAG_N,
    G_CASUAL,
    G_CASUAL_N,
    G_CUR,
    G_FIRST,
    G_FLOW,
    G_MARKET,
    G_MARKET_N,
    G_PHASE,
    G_PLAYER,
    G_PRESTIGE,
    G_PRESTIGE_N,
    G_RES_PR1,
    G_RES_PR1_N,
    G_RES_SERVICE,
    G_RES_SERVICE_N,
    G_ROUND,
    G_THEMES,
    G_THEMES_SHOWN,
    G_TILE_SIDE,
    MARKET,
    N_SERV,
    P_ABILITY,
    P_CARD_STATE,
    P_DECK,
    P_DECK_N,
    P_ESTATE,
    P_ESTATE_N,
    P_FAMILY,
    P_MONEY,
    P_MONUMENTS,
    P_OBJ,
    P_OBJ_N,
    P_REP,
    P_SERV,
    P_SIZE,
    P_VPC,
    P_VPC_N,
    PH_DRAFT,
    PH_FAMILY,
    PH_WESSEX_TILE,
    PHASES,
    POSITIONS,
    SERVANTS,
    STACK,
    STATE_SIZE,
    TT_MONUMENT,
)
from sim.games.obsession.params import PARAMS
from sim.games.obsession.tables import (
    C_CLASS,
    D_INST_KIND,
    D_INST_ROLE,
    D_N_INST,
    IR_BAG,
    K_ABILITY,
    K_TYPE,
    gentry_base,
    kind_base,
    load,
)
from sim.rng import new_streams

DATA = load()
D = DATA.array


def pb(p: int) -> int:
    """Offset of seat p's player block (the layout's)."""
    return G_PLAYER + p * P_SIZE


def gentry_class(c: int) -> int:
    return int(D[gentry_base(c) + C_CLASS])


def estate_summary(s: np.ndarray, seat: int) -> tuple[int, int]:
    """(ability bits, monuments) of the seat's estate, from the tile data: a tile's ability sets its bit; a
    monument tile, and a Queen's or Lionheart Suite once used (back side up), counts as a monument."""
    bits = 0
    monuments = 0
    b = pb(seat)
    for i in range(int(s[b + P_ESTATE_N])):
        t = int(s[b + P_ESTATE + i])
        base = kind_base(int(D[D_INST_KIND + t]))
        ability = int(D[base + K_ABILITY])
        bits |= 1 << ability
        suite_used = ability in (AB_QUEENS, AB_LIONHEART) and s[G_TILE_SIDE + t] == 1
        monuments += int(D[base + K_TYPE]) == TT_MONUMENT or suite_used
    return bits, monuments


TILES = DATA.detail.tiles
GENTRY = DATA.detail.gentry


def kind(name: str) -> int:
    return TILES.index(name)


def card(name: str) -> int:
    return GENTRY.index(name)


def gentry_field(name: str, field: int) -> int:
    return int(D[gentry_base(card(name)) + field])


def tile_field(name: str, field: int, side: int = 0) -> int:
    """A side's field (tables.S_*) of the named tile, from the data set."""
    from sim.games.obsession.tables import side_base

    return int(D[side_base(kind(name), side) + field])


def params(**knobs) -> np.ndarray:
    """Rule knobs by their dotted names, written with __ for the dot: params(pass__rent=300)."""
    return PARAMS.values({name.replace("__", "."): value for name, value in knobs.items()})


class Game:
    def __init__(self, n_players: int = 3, families: tuple[str, ...] | None = None, seed: int = 7, game: int = 0,
                 k: np.ndarray | None = None, setup: bool = True):  # fmt: skip
        self.k = PARAMS.defaults() if k is None else k
        self.n = n_players
        self.s = np.zeros(STATE_SIZE, np.int32)
        self.rng = new_streams(seed, game)
        rules.init_state(self.s, D, self.k, np.int64(n_players), self.rng)
        self.mask = np.zeros(N_ACTIONS, np.uint8)
        if setup:
            self.play_setup(families or tuple(FAMILIES[:n_players]))

    # ------------------------------------------------------------ setup and play
    def play_setup(self, families: tuple[str, ...]) -> None:
        """Each seat takes families[seat] (when choosing), Wessex its first START choice, the draft its
        first card; stops at the first decision of round 1."""
        while self.s[G_ROUND] == 0:
            phase = int(self.s[G_PHASE])
            seat = int(self.s[G_CUR])
            if phase == PH_FAMILY:
                self.act(A_FAMILY + FAMILIES.index(families[seat]))
            elif phase in (PH_WESSEX_TILE, PH_DRAFT):
                self.act(min(self.legal()))
            else:
                raise AssertionError(f"unexpected setup phase {PHASES[phase]}")

    def legal(self) -> set[int]:
        rules.legal_mask(self.s, D, self.k, self.mask)
        return {int(a) for a in np.flatnonzero(self.mask)}

    def legal_names(self) -> set[str]:
        return {ACTIONS.name(a) for a in self.legal()}

    def act(self, a: int) -> None:
        assert a in self.legal(), f"{ACTIONS.name(a)} is not legal in phase {self.phase} ({sorted(self.legal_names())})"
        rules.step(self.s, D, self.k, np.int64(a))

    @property
    def phase(self) -> str:
        return PHASES[int(self.s[G_PHASE])]

    def start_turn(self, seat: int, round_: int | None = None) -> None:
        """Seat `seat` begins its turn (service rotation, the round's event, monuments, the Servants' Hall)."""
        if round_ is not None:
            self.s[G_ROUND] = round_
        self.s[G_ACTIVE] = seat
        self.s[G_FIRST] = seat
        self.s[G_FLOW] = F_START_TURN
        rules.advance(self.s, D, self.k)

    # ------------------------------------------------------------ reading
    def p(self, seat: int, field: int, i: int = 0) -> int:
        return int(self.s[pb(seat) + field + i])

    def servants(self, seat: int, box: str = "available") -> dict[str, int]:
        x = BOXES.index(box)
        return {SERVANTS[t]: self.p(seat, P_SERV, x * N_SERV + t) for t in range(N_SERV)}

    def estate_names(self, seat: int) -> list[str]:
        return [TILES[int(D[D_INST_KIND + self.p(seat, P_ESTATE, i)])] for i in range(self.p(seat, P_ESTATE_N))]

    def cards(self, seat: int, state: int | None = CS_HAND) -> list[str]:
        out = []
        for i in range(self.p(seat, P_DECK_N)):
            if state is None or self.p(seat, P_CARD_STATE, i) == state:
                out.append(GENTRY[self.p(seat, P_DECK, i)])
        return out

    def market_names(self) -> list[list[str]]:
        return [[TILES[int(D[D_INST_KIND + self.s[G_MARKET + i * STACK + j]])] for j in range(self.s[G_MARKET_N + i])]
                for i in range(MARKET)]  # fmt: skip

    def reserve_names(self, which: str) -> list[str]:
        base, count = (G_RES_SERVICE, G_RES_SERVICE_N) if which == "service" else (G_RES_PR1, G_RES_PR1_N)
        return [TILES[int(D[D_INST_KIND + self.s[base + i]])] for i in range(self.s[count])]

    def tile_slot(self, seat: int, name: str) -> int:
        return self.estate_names(seat).index(name)

    def deck_slot(self, seat: int, name: str) -> int:
        return self.cards(seat, None).index(name)

    def instance(self, seat: int, name: str) -> int:
        return self.p(seat, P_ESTATE, self.tile_slot(seat, name))

    def side(self, seat: int, name: str) -> int:
        return int(self.s[G_TILE_SIDE + self.instance(seat, name)])

    def level(self, seat: int) -> int:
        return self.p(seat, P_REP) // POSITIONS + 1

    # ------------------------------------------------------------ writing
    def money(self, seat: int, value: int) -> None:
        self.s[pb(seat) + P_MONEY] = value

    def reputation(self, seat: int, level: int, position: int = 1) -> None:
        self.s[pb(seat) + P_REP] = (level - 1) * POSITIONS + position - 1

    def set_servants(self, seat: int, box: str = "available", **counts: int) -> None:
        """Servants in one box, by name (others in that box become 0); the supply absorbs the difference."""
        x = BOXES.index(box)
        for t in range(N_SERV):
            self.s[pb(seat) + P_SERV + x * N_SERV + t] = counts.get(SERVANTS[t], 0)

    def take_from_bag(self, name: str) -> int:
        """A bag instance of the named tile (out of the bag, market or reserves; a fresh one if all are out)."""
        k = kind(name)
        for base, count in ((G_BAG, G_BAG_N), (G_RES_SERVICE, G_RES_SERVICE_N), (G_RES_PR1, G_RES_PR1_N)):
            for i in range(self.s[count]):
                t = int(self.s[base + i])
                if D[D_INST_KIND + t] == k:
                    n = int(self.s[count])
                    self.s[base + i : base + n - 1] = self.s[base + i + 1 : base + n].copy()
                    self.s[count] = n - 1
                    return t
        for i in range(MARKET):
            for j in range(self.s[G_MARKET_N + i]):
                t = int(self.s[G_MARKET + i * STACK + j])
                if D[D_INST_KIND + t] == k:
                    n = int(self.s[G_MARKET_N + i])
                    stack = [int(self.s[G_MARKET + i * STACK + x]) for x in range(n) if x != j]
                    for x, v in enumerate(stack):
                        self.s[G_MARKET + i * STACK + x] = v
                    self.s[G_MARKET_N + i] = n - 1
                    return t
        for t in range(int(D[D_N_INST])):
            if D[D_INST_KIND + t] == k and D[D_INST_ROLE + t] == IR_BAG:
                return t
        raise AssertionError(f"no tile {name}")

    def write_estate_summary(self, seat: int) -> None:
        bits, monuments = estate_summary(self.s, seat)
        self.s[pb(seat) + P_ABILITY] = bits
        self.s[pb(seat) + P_MONUMENTS] = monuments

    def estate(self, seat: int, names: list[str], flipped: tuple[str, ...] = ()) -> None:
        """Add the named tiles to the seat's estate (front up unless named in `flipped`)."""
        b = pb(seat)
        for name in names:
            t = self.take_from_bag(name)
            n = int(self.s[b + P_ESTATE_N])
            self.s[b + P_ESTATE + n] = t
            self.s[b + P_ESTATE_N] = n + 1
            self.s[G_TILE_SIDE + t] = 0
        for name in flipped:
            self.s[G_TILE_SIDE + self.instance(seat, name)] = 1
        self.write_estate_summary(seat)

    def flip(self, seat: int, name: str, side: int = 1) -> None:
        self.s[G_TILE_SIDE + self.instance(seat, name)] = side
        self.write_estate_summary(seat)

    def deck(self, seat: int, hand: list[str] = (), discard: list[str] = ()) -> None:
        """Replace the seat's gentry deck (cards leave wherever they were; the old deck's guests go back under
        their decks, family cards to the box)."""
        b = pb(seat)
        wanted = {card(x) for x in (*hand, *discard)}
        old = [self.p(seat, P_DECK, i) for i in range(self.p(seat, P_DECK_N))]
        self.s[b + P_DECK_N] = 0
        for c in old:
            if c not in wanted and gentry_class(c) not in (CL_FAMILY, CL_FAIRCHILD):  # a guest: under its deck
                base, count = (G_PRESTIGE, G_PRESTIGE_N) if gentry_class(c) == CL_PRESTIGE else (G_CASUAL, G_CASUAL_N)
                n = int(self.s[count])
                self.s[base + 1 : base + n + 1] = self.s[base : base + n].copy()
                self.s[base] = c
                self.s[count] = n + 1
        for names, state in ((hand, CS_HAND), (discard, CS_DISCARD)):
            for name in names:
                c = card(name)
                self.pull(c)
                n = int(self.s[b + P_DECK_N])
                self.s[b + P_DECK + n] = c
                self.s[b + P_CARD_STATE + n] = state
                self.s[b + P_DECK_N] = n + 1

    def pull(self, c: int) -> None:
        """Card c leaves the casual or prestige deck or another player's deck, if it is there."""
        for base, count in ((G_CASUAL, G_CASUAL_N), (G_PRESTIGE, G_PRESTIGE_N)):
            n = int(self.s[count])
            for i in range(n):
                if self.s[base + i] == c:
                    self.s[base + i : base + n - 1] = self.s[base + i + 1 : base + n].copy()
                    self.s[count] = n - 1
                    return
        for q in range(self.n):
            b = pb(q)
            n = self.p(q, P_DECK_N)
            slots = [i for i in range(n) if self.p(q, P_DECK, i) == c]
            if slots:
                i = slots[0]
                for field in (P_DECK, P_CARD_STATE):
                    self.s[b + field + i : b + field + n - 1] = self.s[b + field + i + 1 : b + field + n].copy()
                self.s[b + P_DECK_N] = n - 1
                return

    def top_of_deck(self, which: str, names: list[str]) -> None:
        """Put these cards on top of the casual or prestige deck (the last named on top)."""
        base, count = (G_CASUAL, G_CASUAL_N) if which == "casual" else (G_PRESTIGE, G_PRESTIGE_N)
        for name in names:
            c = card(name)
            self.pull(c)
            self.s[base + self.s[count]] = c
            self.s[count] += 1

    def market(self, spaces: list[list[str] | str]) -> None:
        """Set the open market (each space a tile name or a stack of names); the old tiles go back to the bag."""
        old = [int(self.s[G_MARKET + i * STACK + j]) for i in range(MARKET) for j in range(self.s[G_MARKET_N + i])]
        for i in range(MARKET):
            self.s[G_MARKET_N + i] = 0
        for t in old:
            self.s[G_BAG + self.s[G_BAG_N]] = t
            self.s[G_BAG_N] += 1
        for i, space in enumerate(spaces):
            names = [space] if isinstance(space, str) else space
            for j, name in enumerate(names):
                self.s[G_MARKET + i * STACK + j] = self.take_from_bag(name)
            self.s[G_MARKET_N + i] = len(names)

    def bag_top(self, names: list[str]) -> None:
        """The next tiles drawn from the bag, in this order."""
        for name in reversed(names):
            t = self.take_from_bag(name)
            self.s[G_BAG + self.s[G_BAG_N]] = t
            self.s[G_BAG_N] += 1

    def themes(self, categories: list[str], shown: int) -> None:
        """The theme deck in this order (categories, from the data's theme cards), the first `shown` revealed."""
        from sim.games.obsession.layout import CATEGORIES
        from sim.games.obsession.tables import D_THEMES

        free = list(range(10))
        for i, cat in enumerate(categories):
            card_ = next(c for c in free if D[D_THEMES + c] == CATEGORIES.index(cat))
            free.remove(card_)
            self.s[G_THEMES + i] = card_
        for i, c in enumerate(free):
            self.s[G_THEMES + len(categories) + i] = c
        self.s[G_THEMES_SHOWN] = shown

    def objectives(self, seat: int, names: list[str]) -> None:
        from sim.games.obsession.layout import G_OBJ_DECK, G_OBJ_DECK_N

        b = pb(seat)
        for i in range(self.p(seat, P_OBJ_N)):
            self.s[G_OBJ_DECK + self.s[G_OBJ_DECK_N]] = self.s[b + P_OBJ + i]
            self.s[G_OBJ_DECK_N] += 1
        self.s[b + P_OBJ_N] = 0
        for name in names:
            o = DATA.detail.objectives.index(name)
            n = int(self.s[G_OBJ_DECK_N])
            deck = [int(x) for x in self.s[G_OBJ_DECK : G_OBJ_DECK + n] if x != o]
            self.s[G_OBJ_DECK : G_OBJ_DECK + len(deck)] = deck
            self.s[G_OBJ_DECK_N] = len(deck)
            self.s[b + P_OBJ + self.s[b + P_OBJ_N]] = o
            self.s[b + P_OBJ_N] += 1

    def vp_cards(self, seat: int, names: list[str]) -> None:
        from sim.games.obsession.layout import G_VPC_DECK, G_VPC_DECK_N

        b = pb(seat)
        for name in names:
            v = DATA.detail.vp_cards.index(name)
            n = int(self.s[G_VPC_DECK_N])
            deck = [int(x) for x in self.s[G_VPC_DECK : G_VPC_DECK + n] if x != v]
            self.s[G_VPC_DECK : G_VPC_DECK + len(deck)] = deck
            self.s[G_VPC_DECK_N] = len(deck)
            self.s[b + P_VPC + self.s[b + P_VPC_N]] = v
            self.s[b + P_VPC_N] += 1

    def vp_deck_top(self, names: list[str]) -> None:
        """The next VP cards drawn, the last named on top (taken out of the deck wherever they were)."""
        from sim.games.obsession.layout import G_VPC_DECK, G_VPC_DECK_N

        wanted = [DATA.detail.vp_cards.index(name) for name in names]
        n = int(self.s[G_VPC_DECK_N])
        deck = [int(x) for x in self.s[G_VPC_DECK : G_VPC_DECK + n]]
        for v in wanted:
            deck.remove(v)
        deck += wanted
        self.s[G_VPC_DECK : G_VPC_DECK + len(deck)] = deck
        self.s[G_VPC_DECK_N] = len(deck)

    # ------------------------------------------------------------ actions by name
    def host(self, name: str) -> None:
        self.act(A_HOST + self.tile_slot(int(self.s[G_CUR]), name))

    def host_legal(self, seat: int, name: str) -> bool:
        return A_HOST + self.tile_slot(seat, name) in self.legal()

    def guest(self, name: str) -> None:
        self.act(A_GUEST + self.deck_slot(int(self.s[G_CUR]), name))

    def guest_legal(self, name: str) -> bool:
        return A_GUEST + self.deck_slot(int(self.s[G_CUR]), name) in self.legal()

    def dismiss(self, name: str) -> None:
        self.act(A_DISMISS + self.deck_slot(int(self.s[G_CUR]), name))

    def buy(self, name: str) -> None:
        for i, space in enumerate(self.market_names()):
            if space and space[-1] == name:
                self.act(A_BUY + i)
                return
        raise AssertionError(f"{name} is not on top of a market space: {self.market_names()}")

    def done_buying(self) -> None:
        self.act(A_BUY_DONE)

    def family(self, seat: int) -> str:
        return FAMILIES[self.p(seat, P_FAMILY)]
