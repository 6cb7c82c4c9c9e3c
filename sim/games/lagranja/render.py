"""La Granja states and actions as text and JSON, for `playout show` (fields documented in RULES.md).

`events(before, after, data)` derives what happened between two states from the states alone: a round begins (with
its roofs), the hidden draws (cards with where they went, a reshuffle's new order, the revenue dice, a Village
Elder's space, the solo dice the rules take off, the leftover die), growth and piglets, a barrow or a craft building
completed, the turn order, markers on the market (a Peddler's move), the game's end. `describe` names what an
action acts on, the choices the rules make for it included (the last section: what a trace names beyond the state).
"""

from __future__ import annotations

import numpy as np

from sim.games.lagranja import actions as A
from sim.games.lagranja import rules
from sim.games.lagranja.layout import (
    BUILDINGS,
    END_TRIGGERS,
    FL_DICE,
    FL_PLAY,
    FL_SCORING,
    FLOWS,
    G_BLOCKED,
    G_CUR,
    G_DECK,
    G_DECK_N,
    G_DELIV_LEFT,
    G_DELIV_RES,
    G_DICE,
    G_DISCARD,
    G_DISCARD_N,
    G_END_TRIGGER,
    G_EXTRA_FREE,
    G_FLOW,
    G_GAIN_DISTINCT,
    G_GAIN_MASK,
    G_GAIN_N,
    G_GAIN_TAKEN,
    G_GRAIN,
    G_GRAPE,
    G_LEFTOVER,
    G_MARKET,
    G_MKT_VALUE,
    G_MW,
    G_OLIVE,
    G_OPT_KIND,
    G_ORDER,
    G_PAID_LEFT,
    G_PAY_LEFT,
    G_PAY_TAKEN,
    G_PEON,
    G_PHASE,
    G_PIG,
    G_PLAYERS,
    G_PLAYS_LEFT,
    G_REPLACE,
    G_REPLACE_SIDE,
    G_ROLLS,
    G_ROOF_OPEN,
    G_ROUND,
    G_SHUFFLE_KEY,
    G_SHUFFLES,
    G_SOLO_FIRST,
    G_SOLO_STEP,
    G_UPG_LEFT,
    G_XPLAY,
    G_XPLAY_SIDES,
    GOODS,
    HELPER_EFFECTS,
    MAX_CARDS,
    MAX_PLAYERS,
    MAX_SYMBOLS,
    N_BUILD,
    N_HARVEST,
    N_RES,
    N_SLOTS,
    OPTIONS,
    P_BARROW,
    P_BARROW_FILL,
    P_BARROWS_DONE,
    P_BRED,
    P_BUILD_FILL,
    P_CRAFT,
    P_DEN,
    P_DICE,
    P_DONKEY,
    P_ELDER,
    P_EXT_DELIVERY,
    P_EXT_INCOME,
    P_EXT_N,
    P_EXT_PIG,
    P_FIELD_EXTRA,
    P_FIELD_GOODS,
    P_FIELDS,
    P_HAND,
    P_HAND_N,
    P_HELPER,
    P_HELPER_USED,
    P_ROOF,
    P_ROOF_USED,
    P_SIESTA,
    P_SILVER,
    P_STACK,
    P_STOCK,
    P_VP,
    P_VP_SRC,
    PAY_GOODS,
    PAY_SILVER,
    PH_MARKET,
    PH_XPLAY,
    PHASES,
    RF_FLIP,
    ROOF_FUNCTIONS,
    ROOF_SLOTS,
    ROOFS_PER_ROUND,
    SIDE_BARROW,
    SIDES,
    STATE_SIZE,
    VP_SOURCES,
)
from sim.games.lagranja.params import K_MARKER_CAP, K_REV4_SILVER, K_REV6_SILVER, K_TRADE_SILVER
from sim.games.lagranja.rules import pb
from sim.games.lagranja.tables import (
    C_AMOUNT,
    C_BARROW_N,
    C_BARROW_VP,
    C_EFFECT,
    C_GOODS,
    D_BUILD_GOODS,
    D_BUY,
    D_HEX_NB,
    D_HEX_VALUE,
    D_HEX_X,
    D_N_HEX,
    D_SELL,
    D_UPG_TO,
    card_base,
)

# The trade options of a trade commodity, in action order (seed: 4 silver, two different harvest goods, a card,
# a pig, two free upgrades).
TRADE_OPTIONS = ("silver", "two_harvest_goods", "card", "pig", "two_free_upgrades")
STORAGE_SPACE = 5  # rules.STORAGE_SLOT: the Storage Builder's roof space
IN_STEP_DISCARDS = 4  # cards a step can discard before it reshuffles (a notch cleared, a barrow, the robot's)


def card_name(data, c: int) -> str:
    return data.detail.cards[int(c)]


def barrow_json(data, s: np.ndarray, p: int, i: int) -> dict | None:
    c = int(s[pb(p) + P_BARROW + i])
    if c < 0:
        return None
    d = data.array
    n = int(d[card_base(c) + C_BARROW_N])
    fill = int(s[pb(p) + P_BARROW_FILL + i])
    goods = [GOODS[int(d[card_base(c) + C_GOODS + j])] for j in range(n)]
    return {"card": card_name(data, c), "vp": int(d[card_base(c) + C_BARROW_VP]), "goods": goods,
            "delivered": [bool(fill >> j & 1) for j in range(n)]}  # fmt: skip


def players_json(data, s: np.ndarray) -> list[dict]:
    out = []
    for p in range(int(s[G_PLAYERS])):
        b = pb(p)
        out.append({
            "vp": int(s[b + P_VP]),
            "silver": int(s[b + P_SILVER]),
            "markers_in_supply": int(s[b + P_STOCK]),
            "dens": {g: int(s[b + P_DEN + i]) for i, g in enumerate(GOODS) if s[b + P_DEN + i]},
            "fields": {GOODS[g]: {"fields": int(s[b + P_FIELDS + g]), "with_good": int(s[b + P_FIELD_GOODS + g]),
                          "second_goods": int(s[b + P_FIELD_EXTRA + g])}
                       for g in range(N_HARVEST) if s[b + P_FIELDS + g]},
            "barrows": [barrow_json(data, s, p, i) for i in range(N_SLOTS)],
            "helpers": [None if s[b + P_HELPER + i] < 0 else
                        {"card": card_name(data, int(s[b + P_HELPER + i])), "used": bool(s[b + P_HELPER_USED + i])}
                        for i in range(N_SLOTS)],
            "extensions": {"count": int(s[b + P_EXT_N]), "deliveries": int(s[b + P_EXT_DELIVERY]),
                           "income": int(s[b + P_EXT_INCOME]), "pig_spaces": int(s[b + P_EXT_PIG])},
            "roofs": [None if s[b + P_ROOF + i] < 0 else
                      {"function": ROOF_FUNCTIONS[int(s[b + P_ROOF + i])], "used": bool(s[b + P_ROOF_USED + i])}
                      for i in range(ROOF_SLOTS)],
            "craft_markers": {BUILDINGS[x]: int(s[b + P_CRAFT + x]) for x in range(N_BUILD) if s[b + P_CRAFT + x]},
            "building_rows": {BUILDINGS[x]: int(s[b + P_BUILD_FILL + x]) for x in range(N_BUILD)
                              if s[b + P_BUILD_FILL + x]},
            "hand": [card_name(data, int(s[b + P_HAND + i])) for i in range(int(s[b + P_HAND_N]))],
            "donkey": int(s[b + P_DONKEY]),
            "dice_taken": [int(f) for f in s[b + P_DICE : b + P_DICE + 2] if f],
            "village_elder_space": int(s[b + P_ELDER]) or None,
            "vp_by_source": {v: int(s[b + P_VP_SRC + i]) for i, v in enumerate(VP_SOURCES)},
        })  # fmt: skip
    return out


def market_json(data, s: np.ndarray) -> dict:
    d = data.array
    n = int(s[G_PLAYERS])
    hexes = []
    for h in range(int(d[D_N_HEX])):
        o = int(s[G_MARKET + h])
        hexes.append({"hex": h, "value": int(d[D_HEX_VALUE + h]), "x": bool(d[D_HEX_X + h]),
                      "owner": None if o < 0 else ("robot" if o >= 4 else o)})  # fmt: skip
    return {
        "hexes": hexes,
        "blocked_buildings": {BUILDINGS[x]: int(s[G_BLOCKED + x]) for x in range(N_BUILD) if s[G_BLOCKED + x]},
        "roofs_for_sale": [ROOF_FUNCTIONS[int(s[G_ROOF_OPEN + i])] for i in range(ROOFS_PER_ROUND)
                           if s[G_ROOF_OPEN + i] >= 0],
        "dice": {str(f): int(s[G_DICE + f]) for f in range(1, 7) if s[G_DICE + f]},
        "leftover_die": int(s[G_LEFTOVER]),
        "deck": int(s[G_DECK_N]),
        "players": n,
    }  # fmt: skip


def siesta_json(s: np.ndarray) -> dict:
    n = int(s[G_PLAYERS])
    return {
        "turn_order": [int(s[G_ORDER + i]) for i in range(n)],
        "discs": [{"seat": p, "space": int(s[pb(p) + P_SIESTA]), "stack": int(s[pb(p) + P_STACK])} for p in range(n)],
        "solo_start_player": bool(s[G_SOLO_FIRST]) if n == 1 else None,
    }


def describe(prep, s: np.ndarray, a: int) -> tuple[str, dict]:
    """(action kind, args) of action a taken in state s: cards by name, and what the rules pick by themselves named
    too (where a good comes from, the roof space, the markers a placement removes and where a Peddler's marker
    goes), so the trace can be followed without diffing states."""
    data = prep.data
    d = data.array
    kind, arg = A.ACTIONS.kind_of(a)
    name = kind.name
    p = int(s[G_CUR])
    b = pb(p)
    if name == "play":
        return name, {"card": card_name(data, int(s[b + P_HAND + arg // 4])), "side": SIDES[arg % 4]}
    if name == "discard":
        return name, {"card": card_name(data, int(s[b + P_HAND + arg]))}
    if name == "replace_slot":
        base = P_BARROW if s[G_REPLACE_SIDE] == SIDE_BARROW else P_HELPER
        return name, {"notch": arg, "discards": card_name(data, int(s[b + base + arg])),
                      "for": card_name(data, int(s[G_REPLACE])), "side": SIDES[int(s[G_REPLACE_SIDE])]}  # fmt: skip
    if name == "pay":
        args = {"good": PAY_GOODS[arg]}
        if arg < PAY_SILVER:
            args["from"] = take_source(s, p, arg)
        return name, args
    if name in ("gain", "buy"):
        args = {"good": GOODS[arg]}
        if name == "buy":
            args["silver"] = int(d[D_BUY + arg])
        if arg == G_PIG and s[b + P_DEN + G_PIG] >= rules.pig_capacity(s, d, prep.params, np.int64(p)):
            args["sold_for_lack_of_room"] = True  # seed: a pig without a free space is sold at once
        elif s[b + P_STOCK] <= 0 and prep.params[K_MARKER_CAP]:
            args["reuses_marker_of"] = reused_marker(s, p)
        return name, args
    if name in ("free_upgrade", "upgrade"):
        args = {"good": GOODS[arg], "from": take_source(s, p, arg), "to": GOODS[int(d[D_UPG_TO + arg])]}
        if name == "upgrade":
            args["cost"] = int(rules.upgrade_cost(s, d, np.int64(p), np.int64(arg)))
        return name, args
    if name == "sell":
        return name, {"good": GOODS[arg], "from": sale_source(s, p, arg), "silver": int(d[D_SELL + arg])}
    if name == "take_die":
        return name, {"face": arg + 1}
    if name == "turn_die":
        return name, {"face": arg + 1, "to": 6 - arg}
    if name == "donkey":
        return name, {"donkeys": arg + 1, "hats": 3 - arg}
    if name == "deliver_building":
        x, j = arg // 4, arg % 4
        g = int(d[D_BUILD_GOODS + x * MAX_SYMBOLS + j])
        return name, {"building": BUILDINGS[x], "symbol": j, "good": GOODS[g], "from": take_source(s, p, g)}
    if name == "deliver_barrow":
        notch, j = arg // 4, arg % 4
        c = int(s[b + P_BARROW + notch])
        g = int(d[card_base(c) + C_GOODS + j])
        return name, {"card": card_name(data, c), "notch": notch, "symbol": j, "good": GOODS[g],
                      "from": take_source(s, p, g)}  # fmt: skip
    if name == "market_hex":
        _, removed, moves = market_changes(s, preview(prep, s, a), data)
        return name, {"hex": arg, "value": int(d[D_HEX_VALUE + arg]),
                      "stall_builder": bool(d[D_HEX_VALUE + arg] != s[G_MKT_VALUE]), "removes": removed,
                      "peddler_moves": moves}  # fmt: skip
    if name == "buy_roof":
        return name, {"function": ROOF_FUNCTIONS[int(s[G_ROOF_OPEN + arg])], "space": roof_space(s, data, p),
                      "price": int(rules.roof_cost(s, d, np.int64(p)))}  # fmt: skip
    if name == "use_roof":
        fn = int(s[b + P_ROOF + arg])
        args = {"function": ROOF_FUNCTIONS[fn], "space": space_name(arg)}
        if fn == RF_FLIP:  # the rules flip back the first used marker other than a flip marker (RULES.md)
            back = [i for i in range(ROOF_SLOTS) if s[b + P_ROOF + i] >= 0 and s[b + P_ROOF + i] != RF_FLIP
                    and s[b + P_ROOF_USED + i]]  # fmt: skip
            args["flips_back"] = ROOF_FUNCTIONS[int(s[b + P_ROOF + back[0]])] if back else None
        return name, args
    if name == "use_helper":
        return name, helper_args(prep, s, p, arg)
    if name == "option":
        choices = option_choices(prep, s)
        return name, {"answers": OPTIONS[int(s[G_OPT_KIND])], "option": arg,
                      "choice": choices[arg] if arg < len(choices) else "nothing"}  # fmt: skip
    if name in ("trade", "trade_vp", "market_woman"):
        return name, trade_args(prep, arg)
    if name == "extra_buy":
        return name, {"deliveries": arg + 1}
    return name, ({"arg": arg} if kind.count > 1 else {})


def reused_marker(s: np.ndarray, p: int) -> str | None:
    """With every marker in play (markers.cap=1) a gain reuses one: the rules take it off the first den good of
    rules.REUSE_ORDER (ASSUMED the cheapest; the seed lets the player pick); None: there is none, the gain is lost."""
    g = next((int(g) for g in rules.REUSE_ORDER if s[pb(p) + P_DEN + g] > 0), None)
    return None if g is None else GOODS[g]


def helper_args(prep, s: np.ndarray, p: int, slot: int) -> dict:
    """A helper used by choice, with the good it takes or the die it takes from (the rules pick them)."""
    d = prep.data.array
    c = int(s[pb(p) + P_HELPER + slot])
    args: dict = {"card": card_name(prep.data, c)}
    e = HELPER_EFFECTS[int(d[card_base(c) + C_EFFECT])]
    if e == "field_to_den":
        g = int(d[card_base(c) + C_AMOUNT])
        args |= {"good": GOODS[g], "from": "field_second_good" if s[pb(p) + P_FIELD_EXTRA + g] else "field"}
    elif e in FIELD_HELPERS:
        g = FIELD_HELPERS[e]
        args |= {"good": GOODS[g], "from": take_source(s, p, g)}
    elif e == "tenant":
        args["die"] = int(rules.tenant_face(s))
    return args


# helpers that take a harvest good off the farm when used: Oil Miller, Fodder Maid, Cooper
FIELD_HELPERS = {"olive_play": G_OLIVE, "grain_pig": G_GRAIN, "grape_delivery": G_GRAPE}


def space_name(slot: int) -> str:
    return "storage_builder" if slot == STORAGE_SPACE else f"farm_house_{slot + 1}"


def events(before: np.ndarray, after: np.ndarray, data) -> list[dict]:
    """What happened between two states, as records {"event": name, ...}, in a fixed order: the round (with its
    roofs), the hidden draws (cards, a reshuffle's new order, the revenue dice, the Village Elders' spaces, the solo
    dice the rules take off, the leftover die), growth and piglets, completions, the turn order, the market (a
    Peddler's move included), the end."""
    out: list[dict] = []
    n = int(after[G_PLAYERS])
    if after[G_ROUND] != before[G_ROUND]:
        out.append({"event": "round", "round": int(after[G_ROUND]),
                    "roofs_for_sale": [ROOF_FUNCTIONS[int(after[G_ROOF_OPEN + i])] for i in range(ROOFS_PER_ROUND)
                                       if after[G_ROOF_OPEN + i] >= 0]})  # fmt: skip
    out += draw_events(before, after, data)
    out += dice_events(before, after)
    out += farm_events(before, after)
    if [int(before[G_ORDER + i]) for i in range(n)] != [int(after[G_ORDER + i]) for i in range(n)]:
        out.append({"event": "turn_order", "order": [int(after[G_ORDER + i]) for i in range(n)]})
    for p in range(n):
        b = pb(p)
        if after[b + P_BARROWS_DONE] > before[b + P_BARROWS_DONE]:
            out.append({"event": "barrow_completed", "seat": p})
        for x in range(N_BUILD):
            if after[b + P_CRAFT + x] and not before[b + P_CRAFT + x]:
                out.append({"event": "building_completed", "seat": p, "building": BUILDINGS[x]})
    placed, removed, moves = market_changes(before, after, data)
    out += [{"event": "market_marker_removed"} | r for r in removed]
    out += [{"event": "market_marker_placed"} | r for r in placed]
    out += [{"event": "peddler_moved"} | m for m in moves]
    if after[G_END_TRIGGER] and not before[G_END_TRIGGER]:
        out.append({"event": "game_over", "end_trigger": END_TRIGGERS[int(after[G_END_TRIGGER])]})
    return out


def final_json(s: np.ndarray, row: np.ndarray, codes: list[str]) -> dict:
    scores = {}
    for p in range(int(s[G_PLAYERS])):
        b = pb(p)
        by_source = {v: int(s[b + P_VP_SRC + i]) for i, v in enumerate(VP_SOURCES)}
        scores[str(p)] = {"total": int(s[b + P_VP]), "strategy": codes[p]} | by_source
    return {
        "scores": scores,
        "winner": int(row[5]),
        "end_trigger": END_TRIGGERS[int(s[G_END_TRIGGER])],
        "rounds": int(s[G_ROUND]),
    }


def position(s: np.ndarray) -> tuple[int, str]:
    """The round (1..6) and the decision due."""
    return int(s[G_ROUND]), PHASES[int(s[G_PHASE])]


def state_json(prep, s: np.ndarray) -> dict:
    return {
        "players": players_json(prep.data, s),
        "market": market_json(prep.data, s),
        "siesta": siesta_json(s),
        "pending": pending_json(prep, s),
    }


def text_lines(prep, trace):
    data = prep.data
    n = len(prep.codes)
    codes = prep.seat_codes(trace.game_index)
    yield (f"La Granja, {n} player{'s' if n > 1 else ' (solo, with the robot)'}, seed {prep.recipe.seed}, game "
           f"{trace.game_index} (data {data.name}, {data.assumed_share:.0%} of its values ASSUMED)")  # fmt: skip
    yield "seats: " + ", ".join(f"{p}={codes[p]}" for p in range(n)) + "  (seat 0 starts round 1)"
    last = None
    for st in trace.steps:
        name, args = describe(prep, st.before, st.action)
        here = (int(st.before[G_ROUND]), PHASES[int(st.before[G_PHASE])])
        if here[0] != (last or (0,))[0]:
            yield f"-- round {here[0]}: " + "; ".join(_short(st.before, p) for p in range(n))
        last = here
        if not st.forced:
            detail = ", ".join(f"{k}={v}" for k, v in args.items())
            yield f"   {here[1]:>9} seat {st.seat}: {name}{'(' + detail + ')' if detail else ''}{_delta(st, n)}"
        for e in events(st.before, st.after, data):
            if e["event"] in EVENT_TEXT:
                yield "   ** " + EVENT_TEXT[e["event"]](e)
    final = final_json(trace.final, trace.row, codes)
    yield f"== final ({final['rounds']} rounds): winner seat {final['winner']} ({codes[final['winner']]})"
    yield f"{'source':<12}" + "".join(f"{'seat ' + str(p):>11}" for p in range(n))
    for v in (*VP_SOURCES, "total"):
        yield f"{v:<12}" + "".join(f"{final['scores'][str(p)][v]:>11}" for p in range(n))


EVENT_TEXT = {
    "turn_order": lambda e: f"turn order now {e['order']}",
    "barrow_completed": lambda e: f"seat {e['seat']} completes a market barrow",
    "building_completed": lambda e: f"seat {e['seat']} completes the {e['building']}",
    "market_marker_removed": lambda e: f"market hex {e['hex']}: marker of {e['owner']} removed",
    "market_marker_placed": lambda e: f"market hex {e['hex']}: marker of {e['owner']} placed",
    "peddler_moved": lambda e: f"Peddler: seat {e['owner']}'s marker moves from hex {e['from_hex']} to {e['to_hex']}",
    "card_drawn": lambda e: f"{_who(e['seat'])} draws {e['card']} ({e['to']})",
    "reshuffle": lambda e: f"discard pile reshuffled: {e.get('cards')} cards, new order (top first) {e['order']}",
    "dice_rolled": lambda e: f"dice rolled: {sorted(e['faces'])}",
    "elder_reserved": lambda e: f"seat {e['seat']}'s Village Elder reserves revenue space {e['space']}",
    "die_removed": lambda e: f"solo: the die showing {e['face']} is taken off",
    "leftover_die": lambda e: f"leftover die: {e['face']}, for everyone",
    "fields_grown": lambda e: f"seat {e['seat']}'s empty fields grow {e['goods']}",
    "second_goods": lambda e: f"seat {e['seat']}'s Harvest Hand adds {e['goods']}",
    "piglets_born": lambda e: f"seat {e['seat']}: {e['pigs']} piglet(s) born",
    "round": lambda e: f"round {e['round']}: roofs for sale {e['roofs_for_sale']}",
    "game_over": lambda e: f"game over: {e['end_trigger']}",
}


def _who(seat) -> str:
    return "the robot" if seat == "robot" else f"seat {seat}"


def _short(s: np.ndarray, p: int) -> str:
    b = pb(p)
    return f"seat {p} {int(s[b + P_VP])} VP {int(s[b + P_SILVER])} silver"


def _delta(st, n: int) -> str:
    parts = []
    for p in range(n):
        b = pb(p)
        for label, off in (("VP", P_VP), ("silver", P_SILVER)):
            diff = int(st.after[b + off]) - int(st.before[b + off])
            if diff:
                parts.append(f"seat {p} {diff:+d} {label}")
    return "  [" + ", ".join(parts) + "]" if parts else ""


# ------------------------------------------------------------------ what a trace names beyond the state
# What La Granja's trace names beyond the state (issue 30, traces): the hidden draws of a step, the goods, spaces
# and markers an action acts on, what a decision in progress still owes, and what the rules did by themselves.
#
# Everything here is read from states (before and after a step) and the data, never logged by the kernels; where
# the rules pick by themselves (a harvest good from a field before the den, the Storage Builder's roof space first,
# where a Peddler's marker goes) the choice is read off the kernel's own step on a copy, so the trace and the rules
# cannot disagree.


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
