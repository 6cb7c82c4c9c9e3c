"""Bazaar states, actions and events as text and JSON, for `playout show` (the JSON trace's common frame and
what each function below must return are sim/trace.py's)."""

from __future__ import annotations

import numpy as np

from sim.games.bazaar import actions as A
from sim.games.bazaar.layout import (
    END_TRIGGERS,
    G_CUR,
    G_DECK_N,
    G_END_TRIGGER,
    G_MARKET,
    G_PHASE,
    G_PLAYERS,
    G_ROUND,
    MARKET,
    P_CARD_BITS,
    P_INCOME,
    P_MONEY,
    P_VP,
    PHASES,
)
from sim.games.bazaar.params import K_TAKE
from sim.games.bazaar.row import FIRST_SEAT_COLUMN, PER_SEAT, SEAT_FEATURES
from sim.games.bazaar.rules import pb
from sim.games.bazaar.tables import C_COST, card_base


def card_name(data, c: int) -> str | None:
    return data.detail.card_names[c] if c >= 0 else None


def position(s: np.ndarray) -> tuple[int, str]:
    """Round number from 0 and the decision due."""
    return int(s[G_ROUND]), PHASES[int(s[G_PHASE])]


def describe(prep, s: np.ndarray, a: int) -> tuple[str, dict]:
    """(action kind, args): the coins a take gives; the slot, card and price of a buy."""
    kind, arg = prep.spec.actions.kind_of(a)
    if a == A.A_TAKE:
        return kind.name, {"coins": int(prep.params[K_TAKE])}
    c = int(s[G_MARKET + arg])
    cost = int(prep.data.array[card_base(c) + C_COST])
    return kind.name, {"slot": arg, "card": card_name(prep.data, c), "cost": cost}


def tableau(data, s: np.ndarray, p: int) -> list[str]:
    bits = int(s[pb(p) + P_CARD_BITS])
    return [card_name(data, c) for c in range(len(data.detail.card_names)) if bits >> c & 1]


def state_json(prep, s: np.ndarray) -> dict:
    """Purses, tableaux and the market are face up; of the deck only its size is shown."""
    players = [
        {"seat": p, "money": int(s[pb(p) + P_MONEY]), "vp_cards": int(s[pb(p) + P_VP]),
         "income": int(s[pb(p) + P_INCOME]), "tableau": tableau(prep.data, s, p)}
        for p in range(int(s[G_PLAYERS]))
    ]  # fmt: skip
    market = [card_name(prep.data, int(c)) for c in s[G_MARKET : G_MARKET + MARKET]]
    return {"players": players, "market": market, "deck_left": int(s[G_DECK_N]), "current": int(s[G_CUR])}


def events(before: np.ndarray, after: np.ndarray, data) -> list[dict]:
    """What the rules did by themselves in one step: a market slot refilled, income paid at a round's end, the
    end of the game."""
    out = []
    for i in range(MARKET):
        c = int(after[G_MARKET + i])
        if c != int(before[G_MARKET + i]):
            out.append({"event": "refill", "slot": i, "card": card_name(data, c)})
    if after[G_ROUND] != before[G_ROUND]:
        paid = {str(p): int(after[pb(p) + P_INCOME]) for p in range(int(after[G_PLAYERS]))}
        out.append({"event": "income", "round": int(before[G_ROUND]), "paid": paid})
    if after[G_END_TRIGGER] != before[G_END_TRIGGER]:
        out.append({"event": "game_end", "end_trigger": END_TRIGGERS[int(after[G_END_TRIGGER])]})
    return out


def final_json(s: np.ndarray, row: np.ndarray, codes: list[str]) -> dict:
    """Scores per seat with their sources, read from the result row the kernels wrote."""
    scores = {}
    for p in range(int(s[G_PLAYERS])):
        c = FIRST_SEAT_COLUMN + p * PER_SEAT
        features = dict(zip(SEAT_FEATURES, (int(x) for x in row[c + 2 : c + PER_SEAT]), strict=True))
        shown = {name: features[name] for name in ("vp_cards", "vp_coins", "money", "cards")}
        scores[str(p)] = {"total": int(row[c]), "strategy": codes[p]} | shown
    return {"scores": scores, "winner": int(row[5]), "end_trigger": END_TRIGGERS[int(s[G_END_TRIGGER])],
            "rounds": int(s[G_ROUND])}  # fmt: skip


def text_lines(prep, trace):
    n = len(prep.codes)
    codes = prep.seat_codes(trace.game_index)
    data = prep.data
    yield (f"Bazaar, {n} players, seed {prep.recipe.seed}, game {trace.game_index} (data {data.name}, "
           f"{data.assumed_share:.0%} of its values ASSUMED)")  # fmt: skip
    yield "seats: " + ", ".join(f"{p}={codes[p]}" for p in range(n)) + "  (seat 0 starts)"
    yield "market: " + ", ".join(str(c) for c in state_json(prep, trace.initial)["market"])
    for st in trace.steps:
        name, args = describe(prep, st.before, st.action)
        p = st.seat
        detail = ", ".join(f"{k}={v}" for k, v in args.items())
        yield (f"round {int(st.before[G_ROUND]) + 1}, seat {p} ({codes[p]}, {int(st.before[pb(p) + P_MONEY])} coins): "
               f"{name}({detail})")  # fmt: skip
        for ev in events(st.before, st.after, data):
            if ev["event"] == "income":
                yield "   ** income paid: " + ", ".join(f"seat {q} +{v}" for q, v in ev["paid"].items())
    final = final_json(trace.final, trace.row, codes)
    yield f"== final ({final['end_trigger']}, {final['rounds']} rounds): winner seat {final['winner']}"
    yield f"{'source':<10}" + "".join(f"{'seat ' + str(p):>9}" for p in range(n))
    for v in ("vp_cards", "vp_coins", "money", "cards", "total"):
        yield f"{v:<10}" + "".join(f"{final['scores'][str(p)][v]:>9}" for p in range(n))
