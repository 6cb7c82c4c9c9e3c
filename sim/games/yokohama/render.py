"""Yokohama states, actions and events as text and JSON, for `playout show` (the JSON trace's common frame is
sim/trace.py's; the fields below are documented in RULES.md)."""

from __future__ import annotations

import numpy as np

from sim.games.yokohama import actions as A
from sim.games.yokohama.layout import (
    AREA_KEYS,
    COUNTRIES,
    DUMMY,
    END_TRIGGERS,
    G_ACH,
    G_ACH_CLAIMED,
    G_ACT_POS,
    G_CHURCH,
    G_CUR,
    G_CUSTOMS,
    G_END_TRIGGER,
    G_LAB_SLOTS,
    G_LAST_ROUND,
    G_N_POS,
    G_PHASE,
    G_PLAYERS,
    G_PORT_SLOTS,
    G_ROUND,
    G_STATION,
    GOODS,
    HAND_SLOTS,
    MAX_CHURCH,
    MAX_CUSTOMS,
    MAX_PLAYERS,
    MAX_SHOP_SPACES,
    N_ACHIEVEMENTS,
    N_GOODS,
    N_SLOTS,
    N_TECHS,
    P_AGENTS,
    P_ASSIST_HAND,
    P_ASSIST_WAREHOUSE,
    P_CHURCH_N,
    P_CUSTOMS_N,
    P_DEALT,
    P_FLAGS,
    P_GOODS,
    P_IMPORTS,
    P_INDUSTRY,
    P_MONEY,
    P_ORDERS_DONE,
    P_ORDERS_HAND,
    P_PRESIDENT,
    P_SHOPS_BUILT,
    P_SHOPS_HAND,
    P_TECHS,
    P_TH_BUILT,
    P_TH_HAND,
    P_VP,
    P_VP_SRC,
    PHASES,
    Q_ASSIST,
    Q_CHIP,
    Q_KIND,
    Q_LOCATION,
    Q_SHOP,
    Q_TH,
    TECH_KEYS,
    VP_SOURCES,
)
from sim.games.yokohama.rules import pb, power_at, qb
from sim.games.yokohama.tables import D_ORDER, N_ORDER, O_COUNTRY, O_GOODS, O_IMPORTS, O_VP
from sim.trace import seat_codes


def area_names(s: np.ndarray) -> list[str]:
    """English key per position; a second board of a kind is `<kind>_2` (e.g. copper_mine_2)."""
    names, seen = [], {}
    for q in range(int(s[G_N_POS])):
        key = AREA_KEYS[int(s[qb(q) + Q_KIND])]
        seen[key] = seen.get(key, 0) + 1
        names.append(key if seen[key] == 1 else f"{key}_{seen[key]}")
    return names


def tech_names(bits: int) -> list[str]:
    return [TECH_KEYS[t] for t in range(N_TECHS) if (bits >> t) & 1]


def order_text(d: np.ndarray, o: int) -> str:
    base = D_ORDER + o * N_ORDER
    need = " ".join(f"{int(d[base + O_GOODS + g])} {GOODS[g]}" for g in range(N_GOODS) if d[base + O_GOODS + g])
    reward = f"{int(d[base + O_VP])} VP" + (f" + {int(d[base + O_IMPORTS])} import" if d[base + O_IMPORTS] else "")
    return f"order {o + 1} ({COUNTRIES[int(d[base + O_COUNTRY])]}: {need} -> {reward})"


QUIET_WHEN_FORCED = (
    "end_extra", "place_done", "port_done", "lab_done", "agency_done", "chinatown_done", "church_done",
    "customs_done", "build_skip", "recover_all", "recall_done",
)  # fmt: skip


def describe(prep, s: np.ndarray, a: int) -> tuple[str, dict]:
    """(action kind, args) of action a taken in state s."""
    kind, arg = A.ACTIONS.kind_of(a)
    names = area_names(s)
    if kind.name in ("use_agent", "place", "move", "recall", "station"):
        return kind.name, {"area": names[arg]}
    if kind.name.startswith("take_order"):
        board = _board_under_way(s, "port")
        return kind.name, {"slot": arg, "order": int(s[G_PORT_SLOTS + board * N_SLOTS + arg]) + 1}
    if kind.name == "buy_tech":
        slot, imports = divmod(arg, A.MAX_TECH_IMPORTS + 1)
        board = _board_under_way(s, "laboratory")
        return kind.name, {
            "slot": slot,
            "tech": TECH_KEYS[int(s[G_LAB_SLOTS + board * N_SLOTS + slot])],
            "imports": imports,
        }
    if kind.name in ("sell_good", "buy_good"):
        return kind.name, {"good": GOODS[arg]}
    if kind.name == "donate":
        return kind.name, {"kind": A.DONATIONS[arg]}
    if kind.name == "customs":
        return kind.name, {"space": arg // 2, "from": "area" if arg % 2 else "hand"}
    if kind.name in ("fulfil", "keep_order"):
        cards = pb(int(s[G_CUR])) + (P_ORDERS_HAND if kind.name == "fulfil" else P_DEALT)
        return kind.name, {"slot": arg, "order": int(s[cards + arg]) + 1}
    if kind.name in ("achieve", "build_shop"):
        return kind.name, {"card" if kind.name == "achieve" else "space": arg}
    return kind.name, {}


def _board_under_way(s: np.ndarray, board_a_kind: str) -> int:
    """0 when the area action under way is on board A (port, laboratory), 1 on board B."""
    return 0 if AREA_KEYS[int(s[qb(int(s[G_ACT_POS])) + Q_KIND])] == board_a_kind else 1


def players_json(s: np.ndarray) -> list[dict]:
    names = area_names(s)
    out = []
    for p in range(int(s[G_PLAYERS])):
        b = pb(p)
        pres = int(s[b + P_PRESIDENT])
        board = {names[q]: int(s[qb(q) + Q_ASSIST + p]) for q in range(len(names)) if s[qb(q) + Q_ASSIST + p]}
        out.append({
            "money": int(s[b + P_MONEY]),
            "vp": int(s[b + P_VP]),
            "goods": {g: int(s[b + P_GOODS + i]) for i, g in enumerate(GOODS)},
            "imports": int(s[b + P_IMPORTS]),
            "assistants_hand": int(s[b + P_ASSIST_HAND]),
            "assistants_warehouse": int(s[b + P_ASSIST_WAREHOUSE]),
            "assistants_board": board,
            "president": names[pres] if pres >= 0 else None,
            "shops_hand": int(s[b + P_SHOPS_HAND]),
            "shops_built": int(s[b + P_SHOPS_BUILT]),
            "trading_houses_hand": int(s[b + P_TH_HAND]),
            "trading_houses_built": int(s[b + P_TH_BUILT]),
            "techs": tech_names(int(s[b + P_TECHS])),
            "industry": int(s[b + P_INDUSTRY]),
            "orders_hand": [int(o) + 1 for o in s[b + P_ORDERS_HAND : b + P_ORDERS_HAND + HAND_SLOTS] if o >= 0],
            "orders_done": int(s[b + P_ORDERS_DONE]),
            "flags": {c: int(s[b + P_FLAGS + i]) for i, c in enumerate(COUNTRIES)},
            "agents_unused": int(s[b + P_AGENTS]),
            "church": int(s[b + P_CHURCH_N]),
            "customs": int(s[b + P_CUSTOMS_N]),
        })  # fmt: skip
    return out


def areas_json(s: np.ndarray, k: np.ndarray) -> dict:
    names = area_names(s)
    n = int(s[G_PLAYERS])
    out = {}
    for q, name in enumerate(names):
        b = qb(q)
        out[name] = {
            "presidents": [p for p in range(n) if s[pb(p) + P_PRESIDENT] == q],
            "assistants": [int(s[b + Q_ASSIST + p]) for p in range(n)],
            "power_pieces": [int(power_at(s, k, p, q)) for p in range(n)],
            "shops": [int(s[b + Q_SHOP + i]) for i in range(MAX_SHOP_SPACES) if s[b + Q_SHOP + i] >= 0],
            "trading_house": int(s[b + Q_TH]) if s[b + Q_TH] >= 0 else None,
            "location_card": int(s[b + Q_LOCATION]) + 1 if s[b + Q_LOCATION] >= 0 else None,
            "five_power_chip": int(s[b + Q_CHIP]) + 1 if s[b + Q_CHIP] >= 0 else None,
            "station": bool(s[G_STATION] == q),
        }
    return out


def boards_json(s: np.ndarray) -> dict:
    def owner(x):
        return None if x < 0 else ("dummy" if x == DUMMY else int(x))

    def slots(first, board, name):
        cells = s[first + board * N_SLOTS : first + (board + 1) * N_SLOTS]
        return [name(int(c)) if c >= 0 else None for c in cells]

    claims = [int(s[G_ACH_CLAIMED + i]) for i in range(N_ACHIEVEMENTS)]
    return {
        "order_slots": [slots(G_PORT_SLOTS, b, lambda o: o + 1) for b in range(2)],
        "tech_slots": [slots(G_LAB_SLOTS, b, lambda t: TECH_KEYS[t]) for b in range(2)],
        "church": [owner(x) for x in s[G_CHURCH : G_CHURCH + MAX_CHURCH]],
        "customs": [owner(x) for x in s[G_CUSTOMS : G_CUSTOMS + MAX_CUSTOMS]],
        "achievements": [
            {"card": int(s[G_ACH + i]), "claimed_by": [p for p in range(MAX_PLAYERS) if (claims[i] >> p) & 1]}
            for i in range(N_ACHIEVEMENTS)
        ],
    }


def final_json(s: np.ndarray, row: np.ndarray, codes: list[str]) -> dict:
    n = int(s[G_PLAYERS])
    scores = {}
    for p in range(n):
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
    """Round number from 0 and the decision due."""
    return int(s[G_ROUND]), PHASES[int(s[G_PHASE])]


def state_json(prep, s: np.ndarray) -> dict:
    return {"players": players_json(s), "areas": areas_json(s, prep.params), "boards": boards_json(s)}


def events(before: np.ndarray, after: np.ndarray, data) -> list[dict]:
    """What the rules did by themselves in one step, from the states around it: money another player took
    in (president tolls, trading-house income), a new round, the end trigger."""
    out = []
    actor = int(before[G_CUR])
    for p in range(int(after[G_PLAYERS])):
        gain = int(after[pb(p) + P_MONEY] - before[pb(p) + P_MONEY])
        if p != actor and gain > 0:
            out.append({"event": "income", "seat": p, "yen": gain})
    if after[G_ROUND] > before[G_ROUND]:
        out.append({"event": "round", "round": int(after[G_ROUND])})
    if after[G_END_TRIGGER] and not before[G_END_TRIGGER]:
        out.append({"event": "end_triggered", "end_trigger": END_TRIGGERS[int(after[G_END_TRIGGER])],
                    "last_round": int(after[G_LAST_ROUND])})  # fmt: skip
    return out


def text_lines(prep, trace):
    s0 = trace.initial
    d = prep.data.array
    n = int(s0[G_PLAYERS])
    codes = seat_codes(prep, trace.game_index)
    yield f"Yokohama, {n} players, seed {prep.recipe.seed}, game {trace.game_index} (data {prep.data.name}, " \
          f"{prep.data.assumed_share:.0%} of its values ASSUMED)"  # fmt: skip
    yield "seats: " + ", ".join(f"{p}={codes[p]}" for p in range(n)) + "  (seat 0 starts)"
    yield "board: " + ", ".join(f"{i}:{name}" for i, name in enumerate(area_names(s0)))
    last_turn = None
    for st in trace.steps:
        name, args = describe(prep, st.before, st.action)
        turn = (int(st.before[G_ROUND]), st.seat)
        if turn != last_turn:
            yield f"-- round {turn[0] + 1}, seat {st.seat} ({codes[st.seat]}): {_short(st.before, st.seat)}"
            last_turn = turn
        if not (st.forced and name in QUIET_WHEN_FORCED):
            detail = ", ".join(f"{k}={v}" for k, v in args.items())
            if name == "fulfil":
                detail = order_text(d, int(args["order"]) - 1)
            call = f"{name}({detail})" if detail else name
            yield f"   {PHASES[int(st.before[G_PHASE])]:>12}: {call}{_delta(st, st.seat)}"
        if st.after[G_END_TRIGGER] and not st.before[G_END_TRIGGER]:  # also after a quiet forced step
            trigger = END_TRIGGERS[int(st.after[G_END_TRIGGER])]
            yield f"   ** end triggered: {trigger}; the game ends after round {int(st.after[G_LAST_ROUND]) + 1}"
    final = final_json(trace.final, trace.row, codes)
    winner = final["winner"]
    yield f"== final ({final['end_trigger']}, {final['rounds']} rounds): winner seat {winner} ({codes[winner]})"
    head = f"{'source':<18}" + "".join(f"{'seat ' + str(p):>9}" for p in range(n))
    yield head
    for v in VP_SOURCES:
        yield f"{v:<18}" + "".join(f"{final['scores'][str(p)][v]:>9}" for p in range(n))
    yield f"{'total':<18}" + "".join(f"{final['scores'][str(p)]['total']:>9}" for p in range(n))


def _short(s: np.ndarray, p: int) -> str:
    b = pb(p)
    goods = "/".join(str(int(s[b + P_GOODS + g])) for g in range(N_GOODS))
    return (f"yen {int(s[b + P_MONEY])}, VP {int(s[b + P_VP])}, goods {goods}, imports {int(s[b + P_IMPORTS])}, "
            f"hand {int(s[b + P_ASSIST_HAND])} assistants, techs {len(tech_names(int(s[b + P_TECHS])))}")  # fmt: skip


def _delta(st, p: int) -> str:
    b = pb(p)
    parts = []
    for label, off in (("yen", P_MONEY), ("VP", P_VP), ("imports", P_IMPORTS)):
        diff = int(st.after[b + off]) - int(st.before[b + off])
        if diff:
            parts.append(f"{diff:+d} {label}")
    for g in range(N_GOODS):
        diff = int(st.after[b + P_GOODS + g]) - int(st.before[b + P_GOODS + g])
        if diff:
            parts.append(f"{diff:+d} {GOODS[g]}")
    return "  [" + ", ".join(parts) + "]" if parts else ""
