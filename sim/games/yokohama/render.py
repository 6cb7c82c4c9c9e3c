"""Yokohama states, actions and events as text and JSON, for `playout show` (the JSON trace's common frame is
sim/trace.py's; the fields below are documented in RULES.md)."""

from __future__ import annotations

import numpy as np

from sim.games.yokohama import actions as A
from sim.games.yokohama.layout import (
    AREA_KEYS,
    CHIP_REWARDS,
    COUNTRIES,
    DUMMY,
    END_TRIGGERS,
    G_ACH,
    G_ACH_CLAIMED,
    G_ACT_AGENT,
    G_ACT_POS,
    G_ACT_POWER,
    G_AGENT_SUPPLY,
    G_AGENT_USED,
    G_CHURCH,
    G_CUR,
    G_CUSTOMS,
    G_DONATED,
    G_END_TRIGGER,
    G_FAITH,
    G_IMPORT_SUPPLY,
    G_LAB_SLOTS,
    G_LAST_ROUND,
    G_LEFT,
    G_N_POS,
    G_ORDER_DECK,
    G_ORDER_END,
    G_ORDER_TOP,
    G_PHASE,
    G_PLACE_N,
    G_PLACED_BITS,
    G_PLAYERS,
    G_PORT_SLOTS,
    G_RESUME,
    G_ROUND,
    G_SPIN_USED,
    G_STATION,
    G_SUB_LIMIT,
    G_SUB_N,
    G_SUPPLY,
    G_TECH_DECK,
    G_TECH_END,
    G_TECH_TOP,
    G_TURNS,
    G_UNIV_USED,
    GOODS,
    HAND_SLOTS,
    MAX_CHURCH,
    MAX_CUSTOMS,
    MAX_PLAYERS,
    MAX_POS,
    MAX_SHOP_SPACES,
    N_ACHIEVEMENTS,
    N_BOARDS,
    N_COUNTRIES,
    N_GOODS,
    N_SLOTS,
    N_TECHS,
    P_ACHIEVE_N,
    P_AGENTS,
    P_AGENTS_GAINED,
    P_ASSIST_HAND,
    P_ASSIST_WAREHOUSE,
    P_CHIPS,
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
    P_SHOPS_WAREHOUSE,
    P_TECHS,
    P_TH_BUILT,
    P_TH_HAND,
    P_TH_WAREHOUSE,
    P_VP,
    P_VP_SRC,
    PH_BONUS,
    PH_BUILD,
    PH_CHURCH,
    PH_CUSTOMS,
    PH_GAME_OVER,
    PH_KEEP_ORDER,
    PH_PORT,
    PH_RECOVER,
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
from sim.games.yokohama.params import K_SECOND_ORDER_YEN, K_SHOP_YEN
from sim.games.yokohama.rules import church_space, move_costs, pb, power_at, qb, tech_payment, trading_house_price
from sim.games.yokohama.tables import (
    D_CHIP_AMOUNT,
    D_CHIP_REWARD,
    D_CHURCH_FAITH,
    D_CUSTOMS_IMPORTS,
    D_LOC_REWARD,
    D_ORDER,
    LOC_SPACES,
    LOC_TH,
    N_ORDER,
    N_REWARD,
    O_COUNTRY,
    O_GOODS,
    O_IMPORTS,
    O_VP,
    PILES,
    REWARD_FIELDS,
)


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
    """(action kind, args) of action a taken in state s: every card, tile and space by its name or number
    in the data, and what the rules choose for the player (the president's walk, a tech's price, the
    church space reached) as named arguments."""
    kind, arg = A.ACTIONS.kind_of(a)
    name = kind.name
    d, k = prep.data.array, prep.params
    names = area_names(s)
    p = int(s[G_CUR])
    if name == "move":
        return name, move_args(s, k, p, arg, names)
    if name in ("use_agent", "place", "recall", "station"):
        return name, {"area": names[arg]}
    acting = {"area": names[int(s[G_ACT_POS])]} if PH_PORT <= s[G_PHASE] <= PH_RECOVER else {}
    if name.startswith("take_order"):
        board = _board_under_way(s, "port")
        out = acting | {"slot": arg, "order": int(s[G_PORT_SLOTS + board * N_SLOTS + arg]) + 1}
        if name == "take_order_yen":
            out["yen"] = int(k[K_SECOND_ORDER_YEN])
        return name, out
    if name == "buy_tech":
        slot, imports = divmod(arg, A.MAX_TECH_IMPORTS + 1)
        board = _board_under_way(s, "laboratory")
        return name, acting | {
            "slot": slot,
            "tech": TECH_KEYS[int(s[G_LAB_SLOTS + board * N_SLOTS + slot])],
            "imports": imports,
            "yen": int(tech_payment(s, d, k, p, slot, imports)),
        }
    if name in ("sell_good", "buy_good"):
        return name, {"good": GOODS[arg]}
    if name == "donate":
        return name, {"kind": A.DONATIONS[arg]}
    if name in ("church_from_hand", "church_from_area"):
        space = int(church_space(s, d, k))
        return name, acting | {"space": space, "faith": int(d[D_CHURCH_FAITH + space])}
    if name == "customs":
        space = arg // 2
        return name, acting | {"space": space, "from": "area" if arg % 2 else "hand",
                               "imports": int(d[D_CUSTOMS_IMPORTS + space])}  # fmt: skip
    if name in ("fulfil", "keep_order"):
        cards = pb(p) + (P_ORDERS_HAND if name == "fulfil" else P_DEALT)
        out = {"slot": arg, "order": int(s[cards + arg]) + 1}
        if name == "keep_order":
            out["boxed"] = int(s[cards + 1 - arg]) + 1
        return name, out
    if name == "achieve":
        card = int(s[G_ACH + arg])
        return name, {"card": prep.data.detail.achievements[card], "pile": PILES[arg]}
    if name in ("build_shop", "build_trading_house"):
        space = arg if name == "build_shop" else LOC_TH
        loc = int(s[qb(int(s[G_ACT_POS])) + Q_LOCATION])
        out = acting | {"location_card": loc + 1}
        if name == "build_shop":
            out["space"] = arg
        return name, out | {"reward": location_reward(d, loc, space)}
    if name in ("take_chip", "skip_chip"):
        chip = int(s[qb(int(s[G_ACT_POS])) + Q_CHIP])
        return name, acting | chip_json(d, chip)
    if name == "hire_shop":
        return name, acting | {"yen": int(k[K_SHOP_YEN])}
    if name == "hire_trading_house":
        return name, acting | {"yen": int(trading_house_price(s, k, p))}
    return name, acting


def move_args(s: np.ndarray, k: np.ndarray, p: int, q: int, names: list[str]) -> dict:
    """Where the president comes from, the areas it walks through (the cheapest walk, which the rules
    choose) and the yen that walk costs in all (fees to other presidents and the canal)."""
    cost = np.empty(MAX_POS, np.int64)
    via = np.empty(MAX_POS, np.int64)
    move_costs(s, k, p, cost, via)
    start = int(s[pb(p) + P_PRESIDENT])
    path = []
    u = int(via[q]) if cost[q] > 0 else -1
    while u >= 0 and u != start:
        path.append(names[u])
        u = int(via[u])
    return {"area": names[q], "from": names[start] if start >= 0 else "hand", "through": path[::-1],
            "yen": int(cost[q])}  # fmt: skip


def location_reward(d: np.ndarray, loc: int, space: int) -> dict:
    base = D_LOC_REWARD + (loc * LOC_SPACES + space) * N_REWARD
    return {f: int(d[base + i]) for i, f in enumerate(REWARD_FIELDS) if d[base + i]}


def chip_json(d: np.ndarray, chip: int) -> dict:
    return {"chip": chip + 1, "reward": CHIP_REWARDS[int(d[D_CHIP_REWARD + chip])],
            "amount": int(d[D_CHIP_AMOUNT + chip])}  # fmt: skip


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
            "shops_warehouse": int(s[b + P_SHOPS_WAREHOUSE]),
            "trading_houses_warehouse": int(s[b + P_TH_WAREHOUSE]),
            "orders_hand": [int(o) + 1 for o in s[b + P_ORDERS_HAND : b + P_ORDERS_HAND + HAND_SLOTS] if o >= 0],
            "orders_dealt": [int(o) + 1 for o in s[b + P_DEALT : b + P_DEALT + 2] if o >= 0],
            "orders_done": int(s[b + P_ORDERS_DONE]),
            "flags": {c: int(s[b + P_FLAGS + i]) for i, c in enumerate(COUNTRIES)},
            "agents_unused": int(s[b + P_AGENTS]),
            "agents_gained": int(s[b + P_AGENTS_GAINED]),
            "five_power_chips": int(s[b + P_CHIPS]),
            "achievements": int(s[b + P_ACHIEVE_N]),
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
    return {"players": players_json(s), "areas": areas_json(s, prep.params), "boards": boards_json(s),
            "supply": supply_json(s), "pending": pending_json(prep, s)}  # fmt: skip


def supply_json(s: np.ndarray) -> dict:
    """What the general supply and the two decks still hold (the decks' order stays hidden)."""
    return {
        "goods": {g: int(s[G_SUPPLY + i]) for i, g in enumerate(GOODS)},
        "imports": int(s[G_IMPORT_SUPPLY]),
        "agents": {c: int(s[G_AGENT_SUPPLY + i]) for i, c in enumerate(COUNTRIES)},
        "order_deck": int(s[G_ORDER_END] - s[G_ORDER_TOP]),
        "tech_deck": int(s[G_TECH_END] - s[G_TECH_TOP]),
    }


def pending_json(prep, s: np.ndarray) -> dict:
    """The decision due and what it answers: the seat, this turn's placements and once-a-turn uses, and the
    area action under way (its area, power, what it still allows: orders, hires, exchanges, faith...)."""
    phase = int(s[G_PHASE])
    if phase == PH_GAME_OVER:
        return {"phase": PHASES[phase]}
    names = area_names(s)
    out = {"seat": int(s[G_CUR]), "phase": PHASES[phase]}
    if phase == PH_KEEP_ORDER:
        return out | {"choose_one_of": [int(o) + 1 for o in s[pb(int(s[G_CUR])) + P_DEALT :][:2] if o >= 0]}
    left = int(s[G_LEFT])
    out["turn"] = {
        "placed_in": [names[q] for q in range(len(names)) if (int(s[G_PLACED_BITS]) >> q) & 1],
        "assistants_placed": int(s[G_PLACE_N]),
        "president_left": names[left] if left >= 0 else None,
        "foreign_agent_used": bool(s[G_AGENT_USED]),
        "spinning_mill_used": bool(s[G_SPIN_USED]),
        "university_used": bool(s[G_UNIV_USED]),
    }
    if PH_PORT <= phase <= PH_RECOVER:
        out["area_action"] = area_action_json(prep, s, names)
    return out


def area_action_json(prep, s: np.ndarray, names: list[str]) -> dict:
    d, k = prep.data.array, prep.params
    phase = int(s[G_PHASE])
    q = int(s[G_ACT_POS])
    out = {"area": names[q], "power": int(s[G_ACT_POWER]), "by_foreign_agent": bool(s[G_ACT_AGENT])}
    if s[G_ACT_AGENT]:
        out["then"] = PHASES[int(s[G_RESUME])]
    done, limit = int(s[G_SUB_N]), int(s[G_SUB_LIMIT])
    if phase == PH_PORT:
        out |= {"orders_taken": done, "highest_tier": limit}
    elif PHASES[phase] == "lab":
        out["industry"] = limit
    elif PHASES[phase] in ("agency", "chinatown"):
        out |= {"used": done, "allowed": limit}
    elif phase == PH_CHURCH:
        space = int(church_space(s, d, k))
        out |= {"faith": int(s[G_FAITH]), "donated": [A.DONATIONS[i] for i in range(A.N_DONATIONS)
                                                      if (int(s[G_DONATED]) >> i) & 1],
                "space": space if space >= 0 else None}  # fmt: skip
    elif phase == PH_CUSTOMS:
        out["most_imports"] = limit
    elif phase == PH_BONUS:
        out |= chip_json(d, int(s[qb(q) + Q_CHIP]))
    elif phase == PH_BUILD:
        out["location_card"] = int(s[qb(q) + Q_LOCATION]) + 1
    elif phase == PH_RECOVER:
        out["assistants_there"] = int(s[qb(q) + Q_ASSIST + int(s[G_CUR])])
    return out


def events(before: np.ndarray, after: np.ndarray, data) -> list[dict]:
    """What the rules did by themselves in one step, from the states around it: the cards drawn to refill
    the order and tech boards (and a deck found empty), foreign agents a country check gave, System of
    Stock's money at the start of a turn, money another player took in (president fees, trading-house
    income), VP scored (by source), a new round, the end trigger and the final scoring."""
    out = _draws(before, after)
    out += _agents(before, after)
    actor = int(before[G_CUR])
    starter = int(after[G_CUR]) if after[G_TURNS] > before[G_TURNS] else -1
    for p in range(int(after[G_PLAYERS])):
        gain = int(after[pb(p) + P_MONEY] - before[pb(p) + P_MONEY])
        if p == starter and p != actor and gain > 0:
            out.append({"event": "system_of_stock", "seat": p, "yen": gain})
        elif p != actor and gain > 0:
            out.append({"event": "income", "seat": p, "yen": gain})
    final = after[G_PHASE] == PH_GAME_OVER and before[G_PHASE] != PH_GAME_OVER
    for p in range(int(after[G_PLAYERS])):
        gained = {v: int(after[pb(p) + P_VP_SRC + i] - before[pb(p) + P_VP_SRC + i]) for i, v in enumerate(VP_SOURCES)}
        gained = {v: n for v, n in gained.items() if n}
        if final:
            out.append({"event": "final_scoring", "seat": p} | gained)
        else:
            out += [{"event": "scored", "seat": p, "source": v, "vp": n} for v, n in gained.items()]
    if after[G_ROUND] > before[G_ROUND]:
        out.append({"event": "round", "round": int(after[G_ROUND])})
    if after[G_END_TRIGGER] and not before[G_END_TRIGGER]:
        out.append({"event": "end_triggered", "end_trigger": END_TRIGGERS[int(after[G_END_TRIGGER])],
                    "last_round": int(after[G_LAST_ROUND])})  # fmt: skip
    return out


def _draws(before: np.ndarray, after: np.ndarray) -> list[dict]:
    """The order and tech cards drawn in the step (from the deck's order: the rules draw from its top) and
    where each went; a board left with an empty slot after its refill found its deck empty."""
    out = []
    decks = (
        ("order", G_ORDER_DECK, G_ORDER_TOP, G_PORT_SLOTS, ("port", "dock"), lambda c: c + 1),
        ("tech", G_TECH_DECK, G_TECH_TOP, G_LAB_SLOTS, ("laboratory", "research_institute"), lambda c: TECH_KEYS[c]),
    )  # fmt: skip
    phases = (PH_PORT, PHASES.index("lab"))
    for (what, deck, top, slots, boards, name), phase in zip(decks, phases, strict=True):
        for i in range(int(before[top]), int(after[top])):
            card = int(after[deck + i])
            for cell in range(N_BOARDS * N_SLOTS):
                if after[slots + cell] == card and before[slots + cell] != card:
                    board, slot = divmod(cell, N_SLOTS)
                    out.append({"event": f"{what}_drawn", "board": boards[board], "slot": slot, what: name(card)})
                    break
        if before[G_PHASE] == phase and after[G_PHASE] != phase:
            board = _board_under_way(after, boards[0])
            cells = after[slots + board * N_SLOTS : slots + (board + 1) * N_SLOTS]
            refilled = what == "order" or any(after[pb(p) + P_TECHS] != before[pb(p) + P_TECHS] for p in range(4))
            if refilled and (cells < 0).any():
                out.append({"event": f"{what}_deck_empty", "board": boards[board],
                            "empty_slots": [i for i in range(N_SLOTS) if cells[i] < 0]})  # fmt: skip
    return out


def _agents(before: np.ndarray, after: np.ndarray) -> list[dict]:
    """Foreign agents the country check gave (a country's flags reaching 2, 4 or 6)."""
    out = []
    for c in range(N_COUNTRIES):
        if after[G_AGENT_SUPPLY + c] < before[G_AGENT_SUPPLY + c]:
            for p in range(int(after[G_PLAYERS])):
                if after[pb(p) + P_AGENTS_GAINED] > before[pb(p) + P_AGENTS_GAINED]:
                    flags = int(after[pb(p) + P_FLAGS + c])
                    out.append({"event": "foreign_agent", "seat": p, "country": COUNTRIES[c], "flags": flags})
    return out


NOTED_EVENTS = ("order_drawn", "tech_drawn", "order_deck_empty", "tech_deck_empty", "foreign_agent", "system_of_stock")


def text_lines(prep, trace):
    s0 = trace.initial
    d = prep.data.array
    n = int(s0[G_PLAYERS])
    codes = prep.seat_codes(trace.game_index)
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
        for ev in events(st.before, st.after, prep.data):
            if ev["event"] in NOTED_EVENTS:
                yield "   ** " + ev["event"] + ": " + ", ".join(f"{k}={v}" for k, v in ev.items() if k != "event")
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
