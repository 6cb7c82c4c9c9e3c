"""Obsession states and actions as text and JSON, for `playout show` (fields documented in RULES.md).

`events(before, after, data)` derives what happened between two states (a round begins, a theme is revealed,
a courtship is won, tiles are bought or flipped, guests come and go...) from the states alone, so the trace
needs no extra record from the kernel.
"""

from __future__ import annotations

import numpy as np

from sim.games.obsession import actions as A
from sim.games.obsession.layout import (
    BOXES,
    CARD_STATES,
    CATEGORIES,
    CS_ATTENDING,
    END_TRIGGERS,
    FAMILIES,
    G_ACT_LEVEL,
    G_ACT_N,
    G_ACT_NEED,
    G_ACT_TILE,
    G_ACT_TYPE,
    G_ACTIVE,
    G_BAG_N,
    G_CUR,
    G_DRAFT,
    G_END_TRIGGER,
    G_FAIRCHILD,
    G_FIRST,
    G_LAST_ROUND,
    G_LOOK,
    G_MARKET,
    G_MARKET_N,
    G_PHASE,
    G_PLAYERS,
    G_RES_PR1,
    G_RES_PR1_N,
    G_RES_PR1_ON,
    G_RES_SERVICE,
    G_RES_SERVICE_N,
    G_RES_SERVICE_ON,
    G_ROUND,
    G_SUPPLY,
    G_THEMES,
    G_THEMES_SHOWN,
    G_TILE_SIDE,
    G_VPC_DECK_N,
    GUEST_TYPES,
    HIREABLE,
    MARKET,
    MAX_PLAYERS,
    N_BOXES,
    N_SERV,
    P_BORROWED,
    P_CARD_STATE,
    P_DECK,
    P_DECK_N,
    P_ESTATE,
    P_ESTATE_N,
    P_FAMILY,
    P_MONEY,
    P_OBJ,
    P_OBJ_N,
    P_REP,
    P_SERV,
    P_VP,
    P_VP_SRC,
    P_VPC,
    P_VPC_N,
    PHASES,
    POSITIONS,
    SERVANTS,
    STACK,
    VP_SOURCES,
)
from sim.games.obsession.rules import pb
from sim.games.obsession.tables import (
    C_MONEY,
    D_INST_KIND,
    D_THEMES,
    K_CAT,
    K_CAT_BACK,
    K_MODIFIER,
    S_VP,
    gentry_base,
    kind_base,
    side_base,
)


def tile_name(data, t: int) -> str:
    return data.detail.tiles[int(data.array[D_INST_KIND + t])]


def card_name(data, c: int) -> str:
    return data.detail.gentry[int(c)]


def reputation_json(r: int) -> dict:
    return {"step": int(r), "level": int(r) // POSITIONS + 1, "position": int(r) % POSITIONS + 1}


def tile_json(data, s: np.ndarray, t: int) -> dict:
    d = data.array
    kind = int(d[D_INST_KIND + t])
    side = int(s[G_TILE_SIDE + t])
    kb = kind_base(kind)
    return {
        "tile": data.detail.tiles[kind],
        "category": CATEGORIES[int(d[kb + (K_CAT_BACK if side else K_CAT)])],
        "side": "back" if side else "front",
        "vp": int(d[side_base(kind, side) + S_VP]),
    }


def _market_tile(data, s: np.ndarray, t: int, price: int) -> dict:
    return {"tile": tile_name(data, t), "price": price}


def market_json(data, s: np.ndarray, k: np.ndarray) -> dict:
    """The open market (stacks, cheapest space first), the reserves and the bag's size."""
    from sim.games.obsession.params import K_MARKET_COST, K_RESERVE_COST, K_RESERVE_MODIFIER

    d = data.array

    def price(t: int, base: int, modified: bool = True) -> int:
        return max(base + (int(d[kind_base(int(d[D_INST_KIND + t])) + K_MODIFIER]) if modified else 0), 0)

    spaces = []
    for i in range(MARKET):
        stack = [int(s[G_MARKET + i * STACK + j]) for j in range(int(s[G_MARKET_N + i]))]
        spaces.append([_market_tile(data, s, t, price(t, int(k[K_MARKET_COST + i]))) for t in stack])

    def reserve(base: int, count: int) -> list[dict]:
        modified = bool(k[K_RESERVE_MODIFIER])
        return [_market_tile(data, s, int(s[base + j]), price(int(s[base + j]), int(k[K_RESERVE_COST]), modified))
                for j in range(int(s[count]))]  # fmt: skip

    return {
        "spaces": spaces,
        "service_reserve": reserve(G_RES_SERVICE, G_RES_SERVICE_N),
        "pr1_reserve": reserve(G_RES_PR1, G_RES_PR1_N),
        "reserves_open": {"service": bool(s[G_RES_SERVICE_ON]), "pr1": bool(s[G_RES_PR1_ON])},
        "bag": int(s[G_BAG_N]),
    }


def track_json(data, s: np.ndarray) -> dict:
    d = data.array
    shown = int(s[G_THEMES_SHOWN])
    return {
        "round": int(s[G_ROUND]),
        "last_round": int(s[G_LAST_ROUND]),
        "start_player": int(s[G_FIRST]),
        "themes": [CATEGORIES[int(d[D_THEMES + int(s[G_THEMES + i])])] for i in range(shown)],
        "fairchild": {
            name: (int(s[G_FAIRCHILD + f]) if s[G_FAIRCHILD + f] >= 0 else None)
            for f, name in enumerate(("charles", "elizabeth"))
        },  # fmt: skip
        "vp_cards_left": int(s[G_VPC_DECK_N]),
        "servants_for_hire": {SERVANTS[t]: int(s[G_SUPPLY + t]) for t in range(N_SERV)},
    }


def players_json(data, s: np.ndarray) -> list[dict]:
    out = []
    for p in range(int(s[G_PLAYERS])):
        b = pb(p)
        deck = [(int(s[b + P_DECK + i]), int(s[b + P_CARD_STATE + i])) for i in range(int(s[b + P_DECK_N]))]
        fam = int(s[b + P_FAMILY])
        out.append({
            "family": FAMILIES[fam] if fam >= 0 else None,
            "money": int(s[b + P_MONEY]),
            "reputation": reputation_json(int(s[b + P_REP])),
            "vp": int(s[b + P_VP]),
            "servants": {BOXES[x]: {SERVANTS[t]: int(s[b + P_SERV + x * N_SERV + t]) for t in range(N_SERV)
                                    if s[b + P_SERV + x * N_SERV + t]} for x in range(N_BOXES)},
            "estate": [tile_json(data, s, int(s[b + P_ESTATE + i])) for i in range(int(s[b + P_ESTATE_N]))],
            "hand": [card_name(data, c) for c, st in deck if CARD_STATES[st] == "hand"],
            "discard": [card_name(data, c) for c, st in deck if CARD_STATES[st] == "discard"],
            "attending": [card_name(data, c) for c, st in deck if CARD_STATES[st] == "attending"],
            "objectives": [data.detail.objectives[int(s[b + P_OBJ + i])] for i in range(int(s[b + P_OBJ_N]))],
            "vp_cards": [data.detail.vp_cards[int(s[b + P_VPC + i])] for i in range(int(s[b + P_VPC_N]))],
        })  # fmt: skip
    return out


def describe(prep, s: np.ndarray, a: int) -> tuple[str, dict]:
    """(action kind, args) of action a taken in state s, with tiles and guests by name."""
    data = prep.data
    kind, arg = A.ACTIONS.kind_of(a)
    name = kind.name
    p = int(s[G_CUR])
    b = pb(p)
    if name == "host":
        return name, {"slot": arg, "tile": tile_name(data, int(s[b + P_ESTATE + arg]))}
    if name in ("guest", "dismiss", "vp_guest"):
        return name, {"slot": arg, "guest": card_name(data, int(s[b + P_DECK + arg]))}
    if name == "buy":
        top = int(s[G_MARKET + arg * STACK + int(s[G_MARKET_N + arg]) - 1])
        return name, {"space": arg, "tile": tile_name(data, top)}
    if name in ("buy_service_reserve", "buy_pr1_reserve"):
        base = G_RES_SERVICE if name == "buy_service_reserve" else G_RES_PR1
        return name, {"slot": arg, "tile": tile_name(data, int(s[base + arg]))}
    if name == "family":
        return name, {"family": FAMILIES[arg]}
    if name == "draft":
        return name, {"guest": card_name(data, int(s[G_DRAFT + arg]))}
    if name == "keep" and s[G_PHASE] == PHASES.index("keep_guest"):
        return name, {"guest": card_name(data, int(s[G_LOOK + arg]))}
    if name in ("objective_discard",):
        return name, {"objective": data.detail.objectives[int(s[b + P_OBJ + arg])]}
    if name == "use_vp_card":
        return name, {"card": data.detail.vp_cards[int(s[b + P_VPC + arg])]}
    if name in ("call_servant",):
        return name, {"servant": SERVANTS[arg]}
    if name in ("hire", "vp_hire"):
        return name, {"servant": SERVANTS[HIREABLE[arg]]}
    if name == "recruit":
        return name, {"seat": arg // len(HIREABLE), "servant": SERVANTS[HIREABLE[arg % len(HIREABLE)]]}
    if name == "hall":
        return name, {"servant": SERVANTS[arg // MAX_PLAYERS], "seat": arg % MAX_PLAYERS}
    if name == "attack":
        return name, {"seat": arg}
    if name == "fairchild":
        return name, {"card": ("Charles", "Elizabeth")[arg]}
    if name == "wessex_tile":
        return name, {"tile": ("Breakfast Room", "Tennis Court")[arg]}
    if name == "double":
        return name, {"favour": ("money", "reputation", "casual", "prestige", "vp_cards")[arg]}
    return name, ({"arg": arg} if kind.count > 1 else {})


def events(before: np.ndarray, after: np.ndarray, data) -> list[dict]:
    """What happened between two states, as records {"event": name, ...}, in a fixed order."""
    out: list[dict] = []
    d = data.array
    n = int(after[G_PLAYERS])
    if after[G_ROUND] != before[G_ROUND] and after[G_ROUND] > 0:
        out.append({"event": "round", "round": int(after[G_ROUND]), "start_player": int(after[G_FIRST])})
    for i in range(int(before[G_THEMES_SHOWN]), int(after[G_THEMES_SHOWN])):
        out.append({"event": "theme_revealed", "theme": CATEGORIES[int(d[D_THEMES + int(after[G_THEMES + i])])]})
    for f, name in enumerate(("Charles", "Elizabeth")):
        if after[G_FAIRCHILD + f] != before[G_FAIRCHILD + f] and after[G_FAIRCHILD + f] >= 0:
            out.append({"event": "fairchild", "card": name, "seat": int(after[G_FAIRCHILD + f])})
    if after[G_RES_SERVICE_ON] and not before[G_RES_SERVICE_ON]:
        out.append({"event": "reserve_opened", "reserve": "service"})
    if after[G_RES_PR1_ON] and not before[G_RES_PR1_ON]:
        out.append({"event": "reserve_opened", "reserve": "pr1"})
    for p in range(n):
        b = pb(p)
        old = {int(before[b + P_ESTATE + i]) for i in range(int(before[b + P_ESTATE_N]))}
        for i in range(int(after[b + P_ESTATE_N])):
            t = int(after[b + P_ESTATE + i])
            if t not in old:
                out.append({"event": "tile_gained", "seat": p, "tile": tile_name(data, t)})
            elif after[G_TILE_SIDE + t] != before[G_TILE_SIDE + t]:
                out.append({"event": "tile_flipped", "seat": p, "tile": tile_name(data, t),
                            "side": "back" if after[G_TILE_SIDE + t] else "front"})  # fmt: skip
        cards_before = [int(before[b + P_DECK + i]) for i in range(int(before[b + P_DECK_N]))]
        cards_after = [int(after[b + P_DECK + i]) for i in range(int(after[b + P_DECK_N]))]
        for c in cards_after:
            if c not in cards_before:
                out.append({"event": "guest_joined", "seat": p, "guest": card_name(data, c)})
        for c in cards_before:
            if c not in cards_after:
                out.append({"event": "guest_left", "seat": p, "guest": card_name(data, c)})
        hired = sum(int(after[b + P_SERV + x * N_SERV + t]) - int(before[b + P_SERV + x * N_SERV + t])
                    for x in range(N_BOXES) for t in range(N_SERV))  # fmt: skip
        if hired:
            out.append({"event": "servants", "seat": p, "change": hired})
        if after[b + P_OBJ_N] > before[b + P_OBJ_N]:
            out.append({"event": "objectives_drawn", "seat": p, "count": int(after[b + P_OBJ_N] - before[b + P_OBJ_N])})
        if after[b + P_VPC_N] > before[b + P_VPC_N]:
            out.append({"event": "vp_cards_drawn", "seat": p, "count": int(after[b + P_VPC_N] - before[b + P_VPC_N])})
        if after[b + P_BORROWED] > before[b + P_BORROWED] and PHASES[int(before[G_PHASE])] not in ("main", "buy"):
            # the rules borrowed by themselves: a pauper's cost the favours' pounds left unpaid
            pounds = int(after[b + P_BORROWED] - before[b + P_BORROWED])
            out.append({"event": "borrowed", "seat": p, "pounds": pounds, "automatic": True})
    if after[G_END_TRIGGER] and not before[G_END_TRIGGER]:
        out.append({"event": "game_over", "end_trigger": END_TRIGGERS[int(after[G_END_TRIGGER])]})
        shared = shared_win(after)
        if len(shared) > 1:
            out.append(
                {
                    "event": "shared_win",
                    "seats": shared,
                    "ranked_first": shared[0],
                    "why": "equal score, Fairchild and reputation: the seat nearer seat 0 is ranked first",
                }
            )
    return out


def shared_win(s: np.ndarray) -> list[int]:
    """The seats tied for the win on every tiebreak (score, holding a Fairchild, reputation), seat order."""
    keys = []
    for p in range(int(s[G_PLAYERS])):
        fair = int(s[G_FAIRCHILD] == p or s[G_FAIRCHILD + 1] == p)
        keys.append((int(s[pb(p) + P_VP]), fair, int(s[pb(p) + P_REP])))
    best = max(keys)
    return [p for p, key in enumerate(keys) if key == best]


def final_json(s: np.ndarray, row: np.ndarray, codes: list[str]) -> dict:
    scores = {}
    for p in range(int(s[G_PLAYERS])):
        b = pb(p)
        by_source = {v: int(s[b + P_VP_SRC + i]) for i, v in enumerate(VP_SOURCES)}
        fam = int(s[b + P_FAMILY])
        scores[str(p)] = {"total": int(s[b + P_VP]), "strategy": codes[p], "family": FAMILIES[fam]} | by_source
    return {
        "scores": scores,
        "winner": int(row[5]),
        "end_trigger": END_TRIGGERS[int(s[G_END_TRIGGER])],
        "rounds": int(s[G_ROUND]),
    }


def position(s: np.ndarray) -> tuple[int, str]:
    """The round (1..16 or 20; 0 is the setup: families and the starter draft) and the decision due."""
    return int(s[G_ROUND]), PHASES[int(s[G_PHASE])]


def state_json(prep, s: np.ndarray) -> dict:
    data = prep.data
    return {
        "players": players_json(data, s),
        "market": market_json(data, s, prep.params),
        "track": track_json(data, s),
        "activity": activity_json(data, s),
    }


def activity_json(data, s: np.ndarray) -> dict | None:
    """The activity under way: its tile, the guest type it asks for, the reputation level fixed at hosting
    (step 3: guests are checked against it), the guests attending and, among them, the paupers admitted with
    their cost (paid at the favours)."""
    t = int(s[G_ACT_TILE])
    if t < 0:
        return None
    d = data.array
    p = int(s[G_ACTIVE])
    b = pb(p)
    attending = [int(s[b + P_DECK + i]) for i in range(int(s[b + P_DECK_N])) if s[b + P_CARD_STATE + i] == CS_ATTENDING]
    return {
        "seat": p,
        "tile": tile_name(data, t),
        "guest_type": GUEST_TYPES[int(s[G_ACT_TYPE])],
        "level": int(s[G_ACT_LEVEL]),
        "attending": [card_name(data, c) for c in attending],
        "paupers": {card_name(data, c): -int(d[gentry_base(c) + C_MONEY]) for c in attending
                    if d[gentry_base(c) + C_MONEY] < 0},
        "guests_invited": int(s[G_ACT_N]),
        "guests_to_invite": int(s[G_ACT_NEED]),
    }  # fmt: skip


def text_lines(prep, trace):
    data = prep.data
    n = len(prep.codes)
    codes = prep.seat_codes(trace.game_index)
    yield (f"Obsession, {n} players, seed {prep.recipe.seed}, game {trace.game_index} (data {data.name}, "
           f"{data.assumed_share:.0%} of its values ASSUMED)")  # fmt: skip
    yield "seats: " + ", ".join(f"{p}={codes[p]}" for p in range(n)) + "  (seat 0 starts round 1)"
    yield "market: " + _market_text(data, trace.initial, prep.params)
    last_turn = None
    for st in trace.steps:
        name, args = describe(prep, st.before, st.action)
        courting = PHASES[int(st.before[G_PHASE])] in ("fairchild", "court_discard", "final_vp_card")
        turn = int(st.before[G_ROUND]), -1 if courting else int(st.before[G_ACTIVE])
        if turn != last_turn and st.before[G_ROUND] > 0:
            yield (f"-- round {turn[0]}: courtship" if courting else
                   f"-- round {turn[0]}, seat {turn[1]} ({codes[turn[1]]}): {_short(st.before, turn[1])}")  # fmt: skip
            last_turn = turn
        if not (st.forced and name.endswith(("_done", "_skip"))):
            detail = ", ".join(f"{k}={v}" for k, v in args.items())
            who = "" if st.seat == turn[1] else f" (seat {st.seat})"  # a courtship's seats are always named
            yield f"   {PHASES[int(st.before[G_PHASE])]:>17}{who}: {name}{'(' + detail + ')' if detail else ''}" \
                  f"{_delta(st, n)}"  # fmt: skip
        for e in events(st.before, st.after, data):
            if e["event"] in EVENT_TEXT:
                yield "   ** " + EVENT_TEXT[e["event"]](e)
    final = final_json(trace.final, trace.row, codes)
    yield f"== final ({final['end_trigger']}, {final['rounds']} rounds): winner seat {final['winner']} " \
          f"({codes[final['winner']]})"  # fmt: skip
    yield f"{'source':<12}" + "".join(f"{'seat ' + str(p):>11}" for p in range(n))
    yield f"{'family':<12}" + "".join(f"{final['scores'][str(p)]['family']:>11}" for p in range(n))
    for v in (*VP_SOURCES, "total"):
        yield f"{v:<12}" + "".join(f"{final['scores'][str(p)][v]:>11}" for p in range(n))


EVENT_TEXT = {
    "theme_revealed": lambda e: f"theme revealed: {e['theme']}",
    "fairchild": lambda e: f"seat {e['seat']} takes {e['card']} Fairchild",
    "reserve_opened": lambda e: f"the {e['reserve']} reserve opens",
    "tile_gained": lambda e: f"seat {e['seat']} gains the {e['tile']}",
    "tile_flipped": lambda e: f"seat {e['seat']}'s {e['tile']} turns to its {e['side']}",
    "guest_joined": lambda e: f"seat {e['seat']}: {e['guest']} joins the gentry deck",
    "guest_left": lambda e: f"seat {e['seat']}: {e['guest']} leaves the gentry deck",
    "servants": lambda e: f"seat {e['seat']}: {e['change']:+d} servants",
    "objectives_drawn": lambda e: f"seat {e['seat']} draws {e['count']} objective card(s)",
    "vp_cards_drawn": lambda e: f"seat {e['seat']} draws {e['count']} VP card(s)",
    "game_over": lambda e: f"game over: {e['end_trigger']}",
}  # the round event shows in the turn headers


def _short(s: np.ndarray, p: int) -> str:
    b = pb(p)
    r = reputation_json(int(s[b + P_REP]))
    hand = sum(1 for i in range(int(s[b + P_DECK_N])) if s[b + P_CARD_STATE + i] == 0)
    return f"£{int(s[b + P_MONEY])}, reputation {r['level']}.{r['position']}, {hand} cards in hand"


def _delta(st, n: int) -> str:
    parts = []
    for p in range(n):
        b = pb(p)
        for label, off in (("£", P_MONEY), ("reputation", P_REP)):
            diff = int(st.after[b + off]) - int(st.before[b + off])
            if diff:
                parts.append(f"seat {p} {diff:+d} {label}")
    return "  [" + ", ".join(parts) + "]" if parts else ""


def _market_text(data, s: np.ndarray, k: np.ndarray) -> str:
    m = market_json(data, s, k)
    return "; ".join(" + ".join(f"{x['tile']} £{x['price']}" for x in space) for space in m["spaces"] if space)
