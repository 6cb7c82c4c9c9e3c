"""La Granja states and actions as text and JSON, for `playout show` (fields documented in RULES.md).

`events(before, after, data)` derives what happened between two states (a round begins, a barrow or a craft
building is completed, markers leave the market, the turn order changes, the game ends) from the states alone.
"""

from __future__ import annotations

import numpy as np

from sim.games.lagranja import actions as A
from sim.games.lagranja.layout import (
    BUILDINGS,
    END_TRIGGERS,
    G_BLOCKED,
    G_CUR,
    G_DECK_N,
    G_DICE,
    G_END_TRIGGER,
    G_LEFTOVER,
    G_MARKET,
    G_ORDER,
    G_PHASE,
    G_PLAYERS,
    G_ROOF_OPEN,
    G_ROUND,
    G_SOLO_FIRST,
    GOODS,
    N_BUILD,
    N_HARVEST,
    N_SLOTS,
    P_BARROW,
    P_BARROW_FILL,
    P_BARROWS_DONE,
    P_BUILD_FILL,
    P_CRAFT,
    P_DEN,
    P_DONKEY,
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
    PHASES,
    ROOF_FUNCTIONS,
    ROOF_SLOTS,
    ROOFS_PER_ROUND,
    SIDES,
    VP_SOURCES,
)
from sim.games.lagranja.rules import pb
from sim.games.lagranja.tables import C_BARROW_N, C_BARROW_VP, C_GOODS, D_HEX_VALUE, D_HEX_X, D_N_HEX, card_base
from sim.trace import seat_codes


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
    """(action kind, args) of action a taken in state s, with cards by name."""
    data = prep.data
    kind, arg = A.ACTIONS.kind_of(a)
    name = kind.name
    p = int(s[G_CUR])
    b = pb(p)
    if name == "play":
        return name, {"card": card_name(data, int(s[b + P_HAND + arg // 4])), "side": SIDES[arg % 4]}
    if name == "discard":
        return name, {"card": card_name(data, int(s[b + P_HAND + arg]))}
    if name == "pay":
        return name, {"good": PAY_GOODS[arg]}
    if name in ("gain", "free_upgrade", "sell", "buy", "upgrade"):
        return name, {"good": GOODS[arg]}
    if name == "take_die":
        return name, {"face": arg + 1}
    if name == "donkey":
        return name, {"donkeys": arg + 1, "hats": 3 - arg}
    if name == "deliver_building":
        return name, {"building": BUILDINGS[arg // 4], "symbol": arg % 4}
    if name == "deliver_barrow":
        return name, {"notch": arg // 4, "symbol": arg % 4}
    if name == "buy_roof":
        return name, {"function": ROOF_FUNCTIONS[int(s[G_ROOF_OPEN + arg])]}
    if name == "use_roof":
        return name, {"function": ROOF_FUNCTIONS[int(s[b + P_ROOF + arg])]}
    if name == "use_helper":
        return name, {"card": card_name(data, int(s[b + P_HELPER + arg]))}
    return name, ({"arg": arg} if kind.count > 1 else {})


def events(before: np.ndarray, after: np.ndarray, data) -> list[dict]:
    """What happened between two states, as records {"event": name, ...}, in a fixed order."""
    out: list[dict] = []
    n = int(after[G_PLAYERS])
    if after[G_ROUND] != before[G_ROUND]:
        out.append({"event": "round", "round": int(after[G_ROUND])})
    if [int(before[G_ORDER + i]) for i in range(n)] != [int(after[G_ORDER + i]) for i in range(n)]:
        out.append({"event": "turn_order", "order": [int(after[G_ORDER + i]) for i in range(n)]})
    for p in range(n):
        b = pb(p)
        if after[b + P_BARROWS_DONE] > before[b + P_BARROWS_DONE]:
            out.append({"event": "barrow_completed", "seat": p})
        for x in range(N_BUILD):
            if after[b + P_CRAFT + x] and not before[b + P_CRAFT + x]:
                out.append({"event": "building_completed", "seat": p, "building": BUILDINGS[x]})
    for h in range(int(data.array[D_N_HEX])):
        o, o2 = int(before[G_MARKET + h]), int(after[G_MARKET + h])
        if o >= 0 and o2 != o:
            out.append({"event": "market_marker_removed", "hex": h, "owner": "robot" if o >= 4 else o})
        if o2 >= 0 and o2 != o:
            out.append({"event": "market_marker_placed", "hex": h, "owner": "robot" if o2 >= 4 else o2})
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
    return {"players": players_json(prep.data, s), "market": market_json(prep.data, s), "siesta": siesta_json(s)}


def text_lines(prep, trace):
    data = prep.data
    n = len(prep.codes)
    codes = seat_codes(prep, trace.game_index)
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
    "game_over": lambda e: f"game over: {e['end_trigger']}",
}


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
