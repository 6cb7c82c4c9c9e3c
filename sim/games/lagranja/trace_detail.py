"""What La Granja's trace names beyond the state (issue 30, traces): the hidden draws of a step, the goods, spaces
and markers an action acts on, what a decision in progress still owes, and what the rules did by themselves.

Everything here is read from states (before and after a step) and the data, never logged by the kernels; where
the rules pick by themselves (a harvest good from a field before the den, the Storage Builder's roof space first,
where a Peddler's marker goes) the choice is read off the kernel's own step on a copy, so the trace and the rules
cannot disagree.
"""

from __future__ import annotations

import numpy as np

from sim.games.lagranja import rules
from sim.games.lagranja.layout import (
    FL_DICE,
    FL_PLAY,
    FL_SCORING,
    FLOWS,
    G_CUR,
    G_DECK,
    G_DECK_N,
    G_DELIV_LEFT,
    G_DELIV_RES,
    G_DICE,
    G_DISCARD,
    G_DISCARD_N,
    G_EXTRA_FREE,
    G_FLOW,
    G_GAIN_DISTINCT,
    G_GAIN_MASK,
    G_GAIN_N,
    G_GAIN_TAKEN,
    G_LEFTOVER,
    G_MARKET,
    G_MKT_VALUE,
    G_MW,
    G_OPT_KIND,
    G_PAID_LEFT,
    G_PAY_LEFT,
    G_PAY_TAKEN,
    G_PEON,
    G_PHASE,
    G_PLAYERS,
    G_PLAYS_LEFT,
    G_REPLACE,
    G_REPLACE_SIDE,
    G_ROLLS,
    G_ROUND,
    G_SHUFFLE_KEY,
    G_SHUFFLES,
    G_SOLO_STEP,
    G_UPG_LEFT,
    G_XPLAY,
    G_XPLAY_SIDES,
    GOODS,
    MAX_CARDS,
    MAX_PLAYERS,
    N_HARVEST,
    N_RES,
    N_SLOTS,
    OPTIONS,
    P_BARROW,
    P_BRED,
    P_DEN,
    P_DICE,
    P_ELDER,
    P_FIELD_EXTRA,
    P_FIELD_GOODS,
    P_HAND,
    P_HAND_N,
    PAY_GOODS,
    PH_MARKET,
    PH_XPLAY,
    PHASES,
    SIDES,
    STATE_SIZE,
)
from sim.games.lagranja.params import K_REV4_SILVER, K_REV6_SILVER, K_TRADE_SILVER
from sim.games.lagranja.rules import pb
from sim.games.lagranja.tables import C_BARROW_VP, D_HEX_NB, D_N_HEX, card_base

# The trade options of a trade commodity, in action order (seed: 4 silver, two different harvest goods, a card,
# a pig, two free upgrades).
TRADE_OPTIONS = ("silver", "two_harvest_goods", "card", "pig", "two_free_upgrades")
STORAGE_SPACE = 5  # rules.STORAGE_SLOT: the Storage Builder's roof space
IN_STEP_DISCARDS = 4  # cards a step can discard before it reshuffles (a notch cleared, a barrow, the robot's)


def owner_name(o: int):
    return "robot" if o >= MAX_PLAYERS else int(o)


# ================================================================ hidden draws


def reshuffle_order(before: np.ndarray, after: np.ndarray) -> list[int] | None:
    """The deck a reshuffle made during the step, bottom first (draws take the end), or None when the step
    reshuffled more than once (too few cards to follow).

    The reshuffle copies the discard pile (the pile before the step and the cards discarded in the step before it)
    to the deck and shuffles it with the key dealt at setup; draws only lower the deck count, so the after state's
    first n deck cells hold that order. n is found by the reshuffle itself: the kernel's reshuffle of the positions
    0..n-1 must send every card of the pile before the step to where the after state has it."""
    if after[G_SHUFFLES] - before[G_SHUFFLES] != 1:
        return None
    pile = [int(c) for c in before[G_DISCARD : G_DISCARD + int(before[G_DISCARD_N])]]
    deck = [int(c) for c in after[G_DECK : G_DECK + MAX_CARDS]]
    lo = max(len(pile), int(after[G_DECK_N]), 1)
    for n in range(lo, min(len(pile) + IN_STEP_DISCARDS, MAX_CARDS) + 1):
        perm = reshuffle_permutation(int(before[G_SHUFFLE_KEY]), int(before[G_SHUFFLES]), n)
        if all(perm[j] >= len(pile) or deck[j] == pile[perm[j]] for j in range(n)):
            return deck[:n]
    return None


def reshuffle_permutation(key: int, index: int, n: int) -> list[int]:
    """perm[j]: the pile position the reshuffle puts at deck position j (the kernel's own reshuffle of 0..n-1)."""
    s = np.zeros(STATE_SIZE, np.int32)
    s[G_DISCARD : G_DISCARD + n] = np.arange(n)
    s[G_DISCARD_N] = n
    s[G_SHUFFLE_KEY] = key
    s[G_SHUFFLES] = index
    rules.reshuffle(s)
    return [int(x) for x in s[G_DECK : G_DECK + n]]


def draw_events(before: np.ndarray, after: np.ndarray, data) -> list[dict]:
    """The cards drawn in the step, in the order drawn, each with where it went, and a reshuffle between them."""
    names = data.detail.cards
    n_before, n_after = int(before[G_DECK_N]), int(after[G_DECK_N])
    shuffles = int(after[G_SHUFFLES] - before[G_SHUFFLES])
    if shuffles == 0:
        return [card_drawn(after, data, int(c)) for c in before[G_DECK + n_after : G_DECK + n_before][::-1]]
    out = [card_drawn(after, data, int(c)) for c in before[G_DECK : G_DECK + n_before][::-1]]
    order = reshuffle_order(before, after)
    if order is None:
        out.append({"event": "reshuffle", "reshuffles": shuffles, "order": None})
        return out
    out.append({"event": "reshuffle", "cards": len(order), "order": [names[c] for c in order[::-1]]})
    return out + [card_drawn(after, data, c) for c in order[n_after:][::-1]]


def card_drawn(after: np.ndarray, data, c: int) -> dict:
    """A drawn card and where the after state has it: a hand, a barrow notch (Wainwright), waiting for a notch, or
    the discard pile (the solo robot's card)."""
    ev = {"event": "card_drawn", "card": data.detail.cards[c]}
    for p in range(int(after[G_PLAYERS])):
        b = pb(p)
        if c in after[b + P_HAND : b + P_HAND + int(after[b + P_HAND_N])]:
            return ev | {"seat": p, "to": "hand"}
        if c in after[b + P_BARROW : b + P_BARROW + N_SLOTS]:
            return ev | {"seat": p, "to": "barrow"}
    if after[G_REPLACE] == c:
        return ev | {"seat": int(after[G_CUR]), "to": "barrow, waiting for a notch"}
    if after[G_PLAYERS] == 1:
        return ev | {"seat": "robot", "to": "robot", "barrow_vp": int(data.array[card_base(c) + C_BARROW_VP])}
    return ev | {"seat": None, "to": "discard"}


def rolled(before: np.ndarray, after: np.ndarray) -> bool:
    """The round's revenue dice were rolled in the step (they are dealt at setup: a hidden draw)."""
    fl = int(after[G_FLOW])
    return FL_DICE <= fl < FL_SCORING and (after[G_ROUND] != before[G_ROUND] or before[G_FLOW] < FL_DICE)


def dice_events(before: np.ndarray, after: np.ndarray) -> list[dict]:
    """The roll, the Village Elders' reservations, the solo game's dice removed by the rules, the leftover die."""
    out = []
    n = int(after[G_PLAYERS])
    roll = rolled(before, after)
    if roll:
        count = int(after[G_DICE + 1 : G_DICE + 7].sum()) + int(after[G_SOLO_STEP])
        base = G_ROLLS + (int(after[G_ROUND]) - 1) * 9
        out.append({"event": "dice_rolled", "round": int(after[G_ROUND]),
                    "faces": [int(f) for f in after[base : base + count]]})  # fmt: skip
        for p in range(n):
            if after[pb(p) + P_ELDER]:
                out.append({"event": "elder_reserved", "seat": p, "space": int(after[pb(p) + P_ELDER])})
    if n == 1:
        for f in solo_removed(before, after, roll):
            out.append({"event": "die_removed", "face": f, "why": "solo: the rules take a die off"})
    left = int(after[G_LEFTOVER])
    if left and (roll or before[G_LEFTOVER] != left):
        out.append({"event": "leftover_die", "face": left})
    return out


def solo_removed(before: np.ndarray, after: np.ndarray, roll: bool) -> list[int]:
    """The faces of the dice the solo rules took off in the step: every die that left the pool other than the
    player's picks and the leftover die, a Migrant Laborer's turn undone."""
    if roll:
        base = G_ROLLS + (int(after[G_ROUND]) - 1) * 9
        count = int(after[G_DICE + 1 : G_DICE + 7].sum()) + int(after[G_SOLO_STEP])
        start = [0] * 7
        for f in after[base : base + count]:
            start[int(f)] += 1
        picked_before = [0, 0]
    else:
        start = [int(x) for x in before[G_DICE : G_DICE + 7]]
        picked_before = [int(x) for x in before[pb(0) + P_DICE : pb(0) + P_DICE + 2]]
    diff = [start[f] - int(after[G_DICE + f]) for f in range(7)]
    for i in range(2):
        f = int(after[pb(0) + P_DICE + i])
        if f and picked_before[i] != f:
            diff[f] -= 1
    left = int(after[G_LEFTOVER])
    if left and (roll or before[G_LEFTOVER] != left):
        diff[left] -= 1
    for f in range(1, 7):
        while diff[f] < 0:  # a Migrant Laborer turned a die from 7 - f to f
            diff[f] += 1
            diff[7 - f] -= 1
    return [f for f in range(1, 7) for _ in range(max(0, diff[f]))]


# ================================================================ what the rules did by themselves


def farm_events(before: np.ndarray, after: np.ndarray) -> list[dict]:
    """Growth on empty fields, a Harvest Hand's second goods and piglets born (farm steps 2-3)."""
    out = []
    for p in range(int(after[G_PLAYERS])):
        b = pb(p)
        grown = {GOODS[g]: int(after[b + P_FIELD_GOODS + g] - before[b + P_FIELD_GOODS + g]) for g in range(N_HARVEST)
                 if after[b + P_FIELD_GOODS + g] > before[b + P_FIELD_GOODS + g]}  # fmt: skip
        if grown:
            out.append({"event": "fields_grown", "seat": p, "goods": grown})
        second = {GOODS[g]: int(after[b + P_FIELD_EXTRA + g] - before[b + P_FIELD_EXTRA + g]) for g in range(N_HARVEST)
                  if after[b + P_FIELD_EXTRA + g] > before[b + P_FIELD_EXTRA + g]}  # fmt: skip
        if second:
            out.append({"event": "second_goods", "seat": p, "goods": second})
        if after[b + P_BRED] > before[b + P_BRED]:
            out.append({"event": "piglets_born", "seat": p, "pigs": int(after[b + P_BRED] - before[b + P_BRED])})
    return out


def market_changes(before: np.ndarray, after: np.ndarray, data) -> tuple[list[dict], list[dict], list[dict]]:
    """(placed, removed, peddler moves) on the market between two states. A hex newly held by an owner is a
    placement when the step placed that owner's barrow marker (the market decision's player, the robot) and a
    Peddler's move otherwise; a move goes to a hex next to one its owner lost."""
    d = data.array
    n_hex = int(d[D_N_HEX])
    placer = int(before[G_CUR]) if before[G_PHASE] == PH_MARKET else None
    gained, lost = [], []
    for h in range(n_hex):
        o, o2 = int(before[G_MARKET + h]), int(after[G_MARKET + h])
        if o == o2:
            continue
        if o >= 0:
            lost.append((h, o))
        if o2 >= 0:
            gained.append((h, o2))
    placed = [(h, o) for h, o in gained if o == placer or o >= MAX_PLAYERS]
    moved_to = [(h, o) for h, o in gained if (h, o) not in placed]
    moves, used = [], set()
    for to, o in moved_to:
        near = [h for h, q in lost if q == o and h not in used and to in d[D_HEX_NB + h * 6 : D_HEX_NB + h * 6 + 6]]
        src = near[0] if near else None
        used.add(src)
        moves.append({"owner": owner_name(o), "from_hex": src, "to_hex": to})
    removed = [{"hex": h, "owner": owner_name(o)} for h, o in lost]
    return [{"hex": h, "owner": owner_name(o)} for h, o in placed], removed, moves


# ================================================================ action arguments


def take_source(s: np.ndarray, p: int, g: int) -> str:
    """Where the rules take a good g of p's from (rules.remove_good): a harvest good from a field first, a Harvest
    Hand's second good before the field's own, else the den."""
    b = pb(p)
    if g < N_HARVEST and s[b + P_FIELD_GOODS + g] > 0:
        return "field_second_good" if s[b + P_FIELD_EXTRA + g] > 0 else "field"
    return "den"


def sale_source(s: np.ndarray, p: int, r: int) -> str:
    """Where a sale takes the good from: the den first, a field only with the Agricultural Worker."""
    b = pb(p)
    if s[b + P_DEN + r] > 0:
        return "den"
    return "field_second_good" if s[b + P_FIELD_EXTRA + r] > 0 else "field"


def preview(prep, s: np.ndarray, a: int) -> np.ndarray:
    """The state after action a, by the kernel's own step on a copy."""
    t = s.copy()
    rules.step(t, prep.data.array, prep.params, np.int64(a))
    return t


def option_choices(prep, s: np.ndarray) -> list[str]:
    """What options 0..2 of the option decision due mean (RULES.md, 'Options')."""
    kind = OPTIONS[int(s[G_OPT_KIND])]
    k = prep.params
    if kind in ("card", "die2"):
        return ["draw_a_card", "play_a_card"] + (["a_harvest_good"] if kind == "die2" else [])
    if kind == "die4":
        return [f"{int(k[K_REV4_SILVER])}_silver", f"{int(k[K_REV4_SILVER]) - 1}_silver_and_a_harvest_good"]
    if kind == "die5":
        return ["two_free_upgrades", "a_free_upgrade_and_1_siesta_step", "2_siesta_steps"]
    if kind == "die6":
        return ["a_delivery", f"{int(k[K_REV6_SILVER])}_silver"]
    if kind == "siesta":
        return ["1_siesta_step", "2_siesta_steps"]
    if kind == "carpenter":
        g = int(rules.carpenter_good(s, np.int64(s[G_CUR])))
        return ["no", f"pay_{GOODS[g] if g >= 0 else 'nothing'}_for_another_card"]
    if kind == "peon":
        return ["no", f"1_vp_for_revenue_space_{int(s[G_PEON])}_again"]
    return ["nothing"]


def trade_args(prep, o: int) -> dict:
    args = {"option": TRADE_OPTIONS[o]}
    if o == 0:
        args["silver"] = int(prep.params[K_TRADE_SILVER])
    return args


def roof_space(s: np.ndarray, data, p: int) -> str:
    slot = int(rules.roof_slot(s, data.array, np.int64(p)))
    return "storage_builder" if slot == STORAGE_SPACE else f"farm_house_{slot + 1}"


def pending_json(prep, s: np.ndarray) -> dict:
    """What the decision in progress still owes the player deciding (each item only when something is owed)."""
    p = int(s[G_CUR])
    out: dict = {"flow": FLOWS[int(s[G_FLOW])], "decision": PHASES[int(s[G_PHASE])], "seat": p}
    if s[G_OPT_KIND]:
        out["option"] = {"answers": OPTIONS[int(s[G_OPT_KIND])], "choices": option_choices(prep, s)}
    if s[G_GAIN_N] > 0:
        mask, taken = int(s[G_GAIN_MASK]), int(s[G_GAIN_TAKEN])
        out["goods_to_take"] = {"count": int(s[G_GAIN_N]), "of": [GOODS[g] for g in range(N_RES) if mask >> g & 1],
                                "different": bool(s[G_GAIN_DISTINCT]),
                                "taken": [GOODS[g] for g in range(N_RES) if taken >> g & 1]}  # fmt: skip
    if s[G_UPG_LEFT] > 0:
        out["free_upgrades"] = int(s[G_UPG_LEFT])
    if s[G_DELIV_LEFT] > 0:
        out["deliveries"] = int(s[G_DELIV_LEFT])
        if s[G_DELIV_RES]:
            out["deliveries_of_resources_only"] = True
    if s[G_EXTRA_FREE] > 0:
        out["free_paid_deliveries"] = int(s[G_EXTRA_FREE])
    if s[G_PAID_LEFT] > 0:
        out["paid_deliveries_bought"] = int(s[G_PAID_LEFT])
    if s[G_MKT_VALUE] > 0:
        out["market_marker_of_value"] = int(s[G_MKT_VALUE])
    if s[G_PAY_LEFT] > 0:
        paid = int(s[G_PAY_TAKEN])
        out["extension_payment"] = {"goods_left": int(s[G_PAY_LEFT]),
                                    "paid": [g for i, g in enumerate(PAY_GOODS) if paid >> i & 1]}  # fmt: skip
    if s[G_REPLACE] >= 0:
        out["card_waiting_for_a_notch"] = {"card": prep.data.detail.cards[int(s[G_REPLACE])],
                                           "side": SIDES[int(s[G_REPLACE_SIDE])]}  # fmt: skip
    if s[G_XPLAY] > 0 or s[G_PHASE] == PH_XPLAY:
        sides = int(s[G_XPLAY_SIDES])
        out["extra_play"] = {"sides": [x for i, x in enumerate(SIDES) if sides == 0 or sides >> i & 1]}
    if s[G_FLOW] == FL_PLAY and s[G_PLAYS_LEFT] > 0:
        out["plays_left"] = int(s[G_PLAYS_LEFT])
    if s[G_PEON] > 0:
        out["peon_may_reuse_space"] = int(s[G_PEON])
    if s[G_MW] > 0:
        out["market_woman_after_trade"] = TRADE_OPTIONS[int(s[G_MW]) - 1]
    elder = {str(q): int(s[pb(q) + P_ELDER]) for q in range(int(s[G_PLAYERS])) if s[pb(q) + P_ELDER]}
    if elder:
        out["village_elder_reserves"] = elder
    return out
