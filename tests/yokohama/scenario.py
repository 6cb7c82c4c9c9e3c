"""Yokohama positions for the rule scenarios, built by name.

A scenario starts from `init_state` with a fixed generator (sim.rng.new_streams), lets every seat keep a
dealt order, and then writes the fields it needs through the layout names:

    s = new_game(4)
    q = find_position(s, K_BANK)
    s[qb(q) + Q_ASSIST + 0] = 2
    set_turn(s, 0, PH_MOVE)
    act(s, A_MOVE + q)

`legal(s)` is the set of legal actions, `act(s, a)` checks that `a` is legal and applies it. Data values
that the rules name (area yields, card values) are read from the data set, never copied from a run.
"""

from __future__ import annotations

import numpy as np

from sim.games.yokohama import rules
from sim.games.yokohama.actions import (
    A_BUILD_SKIP,
    A_END_EXTRA,
    A_KEEP_ORDER,
    A_MOVE,
    A_PLACE_DONE,
    A_RECALL_DONE,
    A_RECOVER_ALL,
    A_RETURN,
    A_SKIP_CHIP,
    A_USE_AGENT,
    ACTIONS,
    N_ACTIONS,
)
from sim.games.yokohama.layout import (
    G_ACH,
    G_ACH_CLAIMED,
    G_ADJ,
    G_AGENT_USED,
    G_CUR,
    G_LAB_SLOTS,
    G_LAST_ROUND,
    G_LEFT,
    G_N_POS,
    G_PHASE,
    G_PLACE_FIRST,
    G_PLACE_N,
    G_PLACE_STACKED,
    G_PLACED_BITS,
    G_PLAYERS,
    G_PORT_SLOTS,
    G_ROUND,
    G_SPIN_USED,
    G_UNIV_USED,
    HAND_SLOTS,
    K_CANAL,
    MAX_PLAYERS,
    N_COUNTRIES,
    N_GOODS,
    N_SLOTS,
    NONE,
    P_AGENTS,
    P_ASSIST_HAND,
    P_ASSIST_WAREHOUSE,
    P_FLAGS,
    P_INDUSTRY,
    P_N_TECHS,
    P_ORDERS_HAND,
    P_PRESIDENT,
    P_TECHS,
    P_VP_SRC,
    PH_BONUS,
    PH_BUILD,
    PH_EXTRA_AFTER,
    PH_EXTRA_BEFORE,
    PH_GAME_OVER,
    PH_KEEP_ORDER,
    PH_MOVE,
    PH_RECOVER,
    Q_ASSIST,
    Q_CHIP,
    Q_KIND,
    Q_LOCATION,
    STATE_SIZE,
)
from sim.games.yokohama.params import PARAMS
from sim.games.yokohama.rules import pb, qb
from sim.games.yokohama.tables import (
    A_CONDITION,
    A_PILE,
    D_ACH,
    D_ACH_N,
    D_AREA_POWER,
    D_CHIP_AMOUNT,
    D_CHIP_N,
    D_CHIP_REWARD,
    D_LOC_REWARD,
    D_ORDER,
    D_ORDER_N,
    D_TECH_COUNTRY,
    D_TECH_INDUSTRY,
    LOC_SPACES,
    N_ACH_FIELDS,
    N_ORDER,
    N_POWER,
    N_REWARD,
    O_COUNTRY,
    O_GOODS,
    REWARD_FIELDS,
    load,
)
from sim.rng import new_streams

SEED = 20160101
DATA = load().array
KNOBS = PARAMS.defaults()


def knobs(overrides: dict[str, int] | None = None) -> np.ndarray:
    """The rule knobs with `overrides` ({"final.sole_player_takes_both": 1}) applied."""
    return PARAMS.values(overrides or {})


# ---------------------------------------------------------------- games and decisions


def setup(players: int, seed: int = SEED, game: int = 0, k: np.ndarray | None = None) -> np.ndarray:
    """The state straight after init_state: every seat still has to keep one of its two dealt orders."""
    s = np.zeros(STATE_SIZE, dtype=np.int32)
    rules.init_state(s, DATA, KNOBS if k is None else k, players, new_streams(seed, game))
    return s


def new_game(players: int = 4, seed: int = SEED, game: int = 0, k: np.ndarray | None = None) -> np.ndarray:
    """Set up and let every seat keep its first dealt order: seat 0's first turn is due."""
    s = setup(players, seed, game, k)
    while s[G_PHASE] == PH_KEEP_ORDER:
        act(s, A_KEEP_ORDER, k)
    return s


def legal(s: np.ndarray, k: np.ndarray | None = None, d: np.ndarray | None = None) -> set[int]:
    """The legal actions under knobs k and data set d (default: the built-in ones)."""
    mask = np.zeros(N_ACTIONS, dtype=np.uint8)
    n = rules.legal_mask(s, DATA if d is None else d, KNOBS if k is None else k, mask)
    out = {int(a) for a in np.flatnonzero(mask)}
    assert n == len(out), "legal_mask's count disagrees with its mask"
    return out


def names(actions) -> list[str]:
    return sorted(ACTIONS.name(a) for a in actions)


def act(s: np.ndarray, a: int, k: np.ndarray | None = None, d: np.ndarray | None = None) -> None:
    """Apply action a after checking it is legal."""
    options = legal(s, k, d)
    assert a in options, f"{ACTIONS.name(a)} is not legal; legal: {names(options)}"
    rules.step(s, DATA if d is None else d, KNOBS if k is None else k, a)


def acts(s: np.ndarray, *actions: int, k: np.ndarray | None = None) -> None:
    for a in actions:
        act(s, a, k)


def in_range(options: set[int], first: int, count: int) -> set[int]:
    """The arguments i of the legal actions first + i (e.g. the positions where a move is legal)."""
    return {a - first for a in options if first <= a < first + count}


def set_turn(s: np.ndarray, p: int, phase: int = PH_EXTRA_BEFORE) -> None:
    """Seat p's turn has just begun (nothing placed, no agent or once-a-turn tech used) and `phase` is due."""
    s[G_CUR] = p
    s[G_PHASE] = phase
    s[G_PLACE_N] = 0
    s[G_PLACE_FIRST] = NONE
    s[G_PLACE_STACKED] = 0
    s[G_PLACED_BITS] = 0
    s[G_AGENT_USED] = 0
    s[G_SPIN_USED] = 0
    s[G_UNIV_USED] = 0
    s[G_LEFT] = NONE


# ---------------------------------------------------------------- the board


def positions_of(s: np.ndarray, kind: int) -> list[int]:
    return [q for q in range(int(s[G_N_POS])) if s[qb(q) + Q_KIND] == kind]


def find_position(s: np.ndarray, kind: int, nth: int = 0) -> int:
    found = positions_of(s, kind)
    assert len(found) > nth, f"no board of kind {kind} (#{nth}) at {s[G_PLAYERS]} players"
    return found[nth]


def adjacent(s: np.ndarray, a: int, b: int) -> bool:
    return bool((int(s[G_ADJ + a]) >> b) & 1)


def neighbours(s: np.ndarray, q: int) -> list[int]:
    return [r for r in range(int(s[G_N_POS])) if adjacent(s, q, r)]


def put_kind(s: np.ndarray, q: int, kind: int) -> None:
    """Make the board at position q of `kind` by swapping it (with its location card and chip) with a board
    of that kind elsewhere. The boards in play stay the same, only where they lie changes."""
    if s[qb(q) + Q_KIND] == kind:
        return
    r = find_position(s, kind)
    for f in (Q_KIND, Q_LOCATION, Q_CHIP):
        s[qb(q) + f], s[qb(r) + f] = s[qb(r) + f], s[qb(q) + f]


def lay_out(s: np.ndarray, kinds: dict[int, int]) -> None:
    """Put each kind at its position (positions are placed in order; kinds must be distinct boards)."""
    for q, kind in kinds.items():
        put_kind(s, q, kind)
    for q, kind in kinds.items():
        assert s[qb(q) + Q_KIND] == kind, "two of the requested boards are the same board"


def line(s: np.ndarray, n: int) -> list[int]:
    """n positions in a row: each touches the next, and no other two touch (so a walk must follow it)."""

    def extend(path):
        if len(path) == n:
            return path
        for r in neighbours(s, path[-1]):
            if r not in path and not any(adjacent(s, r, x) for x in path[:-1]):
                found = extend(path + [r])
                if found:
                    return found
        return None

    for start in range(int(s[G_N_POS])):
        found = extend([start])
        if found:
            return found
    raise AssertionError(f"no line of {n} positions")


def clear_board(s: np.ndarray) -> None:
    """No assistant of any seat on any position and every president in hand (as at the start)."""
    for q in range(int(s[G_N_POS])):
        for p in range(MAX_PLAYERS):
            s[pb(p) + P_ASSIST_HAND] += s[qb(q) + Q_ASSIST + p]
            s[qb(q) + Q_ASSIST + p] = 0
    for p in range(int(s[G_PLAYERS])):
        s[pb(p) + P_PRESIDENT] = NONE


def area_value(kind: int, power: int) -> int:
    """What an area's action gives at `power` (data/areas.csv)."""
    return int(DATA[D_AREA_POWER + kind * N_POWER + power - 1])


def move_in(s: np.ndarray, p: int, q: int, power: int, k: np.ndarray | None = None) -> None:
    """Seat p acts at q with exactly `power` from its own pieces: power - 1 assistants there and the
    president coming from hand (power 1: one assistant there and a foreign agent acting instead)."""
    assert s[G_CUR] == p
    s[pb(p) + P_PRESIDENT] = NONE
    if power >= 2:
        s[qb(q) + Q_ASSIST + p] = power - 1
        s[G_PHASE] = PH_MOVE
        act(s, A_MOVE + q, k)
    else:
        s[qb(q) + Q_ASSIST + p] = 1
        s[pb(p) + P_AGENTS] += 1
        s[G_PHASE] = PH_EXTRA_BEFORE
        act(s, A_USE_AGENT + q, k)


def assistants_on_board(s: np.ndarray, p: int) -> int:
    return int(sum(s[qb(q) + Q_ASSIST + p] for q in range(int(s[G_N_POS]))))


# ---------------------------------------------------------------- cards


def give_tech(s: np.ndarray, p: int, t: int) -> None:
    """Seat p owns technology t (with its industry and its flag, as if bought)."""
    b = pb(p)
    assert not (s[b + P_TECHS] >> t) & 1
    s[b + P_TECHS] |= 1 << t
    s[b + P_N_TECHS] += 1
    s[b + P_INDUSTRY] += DATA[D_TECH_INDUSTRY + t]
    s[b + P_FLAGS + DATA[D_TECH_COUNTRY + t]] += 1


def tech_industry(t: int) -> int:
    return int(DATA[D_TECH_INDUSTRY + t])


def tech_country(t: int) -> int:
    return int(DATA[D_TECH_COUNTRY + t])


def tech_slot(board: int, slot: int) -> int:
    return G_LAB_SLOTS + board * N_SLOTS + slot


def order_slot(board: int, slot: int) -> int:
    return G_PORT_SLOTS + board * N_SLOTS + slot


def order_field(o: int, f: int) -> int:
    return int(DATA[D_ORDER + o * N_ORDER + f])


def order_goods(o: int) -> list[int]:
    return [order_field(o, O_GOODS + g) for g in range(N_GOODS)]


def orders_where(pred) -> list[int]:
    return [o for o in range(int(DATA[D_ORDER_N])) if pred(o)]


def order_of_country(c: int) -> int:
    return orders_where(lambda o: order_field(o, O_COUNTRY) == c)[0]


def set_hand_orders(s: np.ndarray, p: int, orders: list[int]) -> None:
    for i in range(HAND_SLOTS):
        s[pb(p) + P_ORDERS_HAND + i] = orders[i] if i < len(orders) else NONE


def achievement_cards(pile: int | None = None, condition: int | None = None) -> list[int]:
    out = []
    for i in range(int(DATA[D_ACH_N])):
        base = D_ACH + i * N_ACH_FIELDS
        pile_ok = pile is None or DATA[base + A_PILE] == pile
        if pile_ok and (condition is None or DATA[base + A_CONDITION] == condition):
            out.append(i)
    return out


def ach_field(card: int, f: int) -> int:
    return int(DATA[D_ACH + card * N_ACH_FIELDS + f])


def put_achievement(s: np.ndarray, i: int, card: int) -> None:
    """Achievement card `card` in play as card i, unclaimed."""
    s[G_ACH + i] = card
    s[G_ACH_CLAIMED + i] = 0


def vp(s: np.ndarray, p: int, source: int) -> int:
    return int(s[pb(p) + P_VP_SRC + source])


def flags(s: np.ndarray, p: int) -> list[int]:
    return [int(s[pb(p) + P_FLAGS + c]) for c in range(N_COUNTRIES)]


def pieces_total(s: np.ndarray, p: int) -> int:
    return int(s[pb(p) + P_ASSIST_HAND] + s[pb(p) + P_ASSIST_WAREHOUSE]) + assistants_on_board(s, p)


def not_canal(s: np.ndarray) -> list[int]:
    return [q for q in range(int(s[G_N_POS])) if s[qb(q) + Q_KIND] != K_CANAL]


# ---------------------------------------------------------------- whole turns


def skip_rest_of_action(s: np.ndarray, k: np.ndarray | None = None) -> None:
    """Decline the optional steps 4-5 and recover everything (step 6), whatever is due."""
    while s[G_PHASE] in (PH_BONUS, PH_BUILD, PH_RECOVER):
        phase = s[G_PHASE]
        act(s, A_SKIP_CHIP if phase == PH_BONUS else A_BUILD_SKIP if phase == PH_BUILD else A_RECOVER_ALL, k)


def pass_turn(s: np.ndarray, k: np.ndarray | None = None) -> None:
    """The current seat places nothing, returns its president, recalls nothing and ends its turn."""
    assert s[G_PHASE] == PH_EXTRA_BEFORE
    acts(s, A_END_EXTRA, A_PLACE_DONE, A_RETURN, A_RECALL_DONE, A_END_EXTRA, k=k)


def score_now(s: np.ndarray, k: np.ndarray | None = None) -> None:
    """End the game now: this is the last round and its last seat ends its turn (final scoring runs)."""
    s[G_LAST_ROUND] = s[G_ROUND]
    set_turn(s, int(s[G_PLAYERS]) - 1, PH_EXTRA_AFTER)
    act(s, A_END_EXTRA, k)
    assert s[G_PHASE] == PH_GAME_OVER


def canal_away(s: np.ndarray, keep: list[int]) -> None:
    """Move the canal (if any) to a position that is none of `keep` and touches none of them, so that no
    walk can use it as a short cut between them."""
    if not positions_of(s, K_CANAL):
        return
    for r in range(int(s[G_N_POS])):
        if r not in keep and not any(adjacent(s, r, x) for x in keep):
            put_kind(s, r, K_CANAL)
            return
    raise AssertionError("no position for the canal away from the scenario")


def board_with(s: np.ndarray, kinds: list[int]) -> list[int]:
    """A line of positions holding `kinds` in this order, the canal (unless asked for) kept away."""
    path = line(s, len(kinds))
    if K_CANAL not in kinds:
        canal_away(s, path)
    lay_out(s, dict(zip(path, kinds, strict=True)))
    return path


def location_reward(loc: int, space: int) -> dict[str, int]:
    """The reward printed on a space of a location card (space LOC_TH is the trading house)."""
    base = D_LOC_REWARD + (loc * LOC_SPACES + space) * N_REWARD
    return {name: int(DATA[base + i]) for i, name in enumerate(REWARD_FIELDS)}


def chips_with(reward: int) -> list[int]:
    return [c for c in range(int(DATA[D_CHIP_N])) if DATA[D_CHIP_REWARD + c] == reward]


def chip_amount(chip: int) -> int:
    return int(DATA[D_CHIP_AMOUNT + chip])


def random_states(players: int, games: int, seed: int, phase: int):
    """Every state of `phase` met in `games` games between uniformly random players (for comparisons
    against brute-force references)."""
    rng = np.random.default_rng(seed)
    for game in range(games):
        s = new_game(players, seed=seed, game=game)
        while s[G_PHASE] != PH_GAME_OVER:
            options = sorted(legal(s))
            if s[G_PHASE] == phase:
                yield s.copy()
            rules.step(s, DATA, KNOBS, options[rng.integers(len(options))])
