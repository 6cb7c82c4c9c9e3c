"""Gangsta! states and actions as text and JSON, for `playout show` (fields documented in RULES.md)."""

from __future__ import annotations

import json

import numpy as np

from sim.games.gangsta import actions as A
from sim.games.gangsta.layout import (
    CHAPTERS,
    END_TRIGGERS,
    G_ACTIVE,
    G_CHAPTER,
    G_CUR,
    G_END_TRIGGER,
    G_GRIVER,
    G_HEIST_OWNER,
    G_HRIVER,
    G_PHASE,
    G_PLAYERS,
    G_ROUND,
    G_SNITCHES,
    G_VICTIM,
    MAX_GANG,
    N_SKILLS,
    P_ENGAGED,
    P_GANG,
    P_GANG_N,
    P_LEARNED,
    P_LOST,
    P_MONEY,
    P_RECRUITED,
    P_SKILLS,
    P_VP,
    P_VP_SRC,
    PHASES,
    RIVER,
    SKILLS,
    SNITCH_OWNER,
    VP_SOURCES,
)
from sim.games.gangsta.rules import pb
from sim.games.gangsta.tables import C_BOSS, C_COST, C_INFLUENCE, C_SKILL, H_SNITCH, card_base, heist_base
from sim.trace import seat_codes, step_record


def card_id(prep, c: int) -> int:
    return prep.data.detail.card_ids[c]


def heist_id(prep, h: int) -> int:
    return prep.data.detail.heist_ids[h]


def describe(prep, s: np.ndarray, a: int) -> tuple[str, dict]:
    """(action kind, args) of action a taken in state s; cards by their printed ids."""
    kind, arg = A.ACTIONS.kind_of(a)
    name = kind.name
    p = int(s[G_CUR])
    if name in ("untap", "learn"):
        return name, {"slot": arg, "gangster": card_id(prep, int(s[pb(p) + P_GANG + arg]))}
    if name == "lose":
        v = int(s[G_VICTIM])
        return name, {"seat": v, "slot": arg, "gangster": card_id(prep, int(s[pb(v) + P_GANG + arg]))}
    if name in ("recruit", "fast_recruit", "discard_gangster"):
        c = int(s[G_GRIVER + arg])
        return name, {"slot": arg, "gangster": card_id(prep, c), "cost": int(prep.data.array[card_base(c) + C_COST])}
    if name in ("heist", "discard_heist"):
        h = int(s[G_HRIVER + arg])
        return name, {"slot": arg, "heist": heist_id(prep, h), "name": prep.data.detail.heist_names[h]}
    if name in ("crew", "divert"):
        q, slot = divmod(arg, MAX_GANG)
        return name, {"seat": q, "slot": slot, "gangster": card_id(prep, int(s[pb(q) + P_GANG + slot]))}
    if name in ("steal", "assassinate"):
        return name, {"seat": arg}
    return name, {}


def gangsters_json(prep, s: np.ndarray, p: int) -> list[dict]:
    d = prep.data.array
    b = pb(p)
    out = []
    for i in range(int(s[b + P_GANG_N])):
        c = int(s[b + P_GANG + i])
        base = card_base(c)
        learned = int(s[b + P_LEARNED + i])
        out.append({
            "card": card_id(prep, c),
            "boss": bool(d[base + C_BOSS]),
            "influence": int(d[base + C_INFLUENCE]),
            "skills": [SKILLS[k] for k in range(N_SKILLS) for _ in range(int(d[base + C_SKILL + k]))],
            "learned": SKILLS[learned] if learned >= 0 else None,
            "engaged": bool(s[b + P_ENGAGED + i]),
        })  # fmt: skip
    return out


def heists_done(prep, s: np.ndarray, p: int) -> list[int]:
    return [heist_id(prep, h) for h in range(len(prep.data.detail.heist_ids)) if s[G_HEIST_OWNER + h] == p]


def players_json(prep, s: np.ndarray) -> list[dict]:
    out = []
    for p in range(int(s[G_PLAYERS])):
        b = pb(p)
        out.append({
            "money": int(s[b + P_MONEY]),
            "vp": int(s[b + P_VP]),
            "vp_by_source": {v: int(s[b + P_VP_SRC + i]) for i, v in enumerate(VP_SOURCES)},
            "gangsters": gangsters_json(prep, s, p),
            "heists_done": heists_done(prep, s, p),
            "skills": {k: int(s[b + P_SKILLS + i]) for i, k in enumerate(SKILLS)},
            "recruited": int(s[b + P_RECRUITED]),
            "lost": int(s[b + P_LOST]),
        })  # fmt: skip
    return out


def rivers_json(prep, s: np.ndarray) -> dict:
    d = prep.data.array
    snitches = [heist_id(prep, h) for h in range(len(prep.data.detail.heist_ids))
                if s[G_HEIST_OWNER + h] == SNITCH_OWNER and d[heist_base(h) + H_SNITCH]]  # fmt: skip
    return {
        "gangsters": [card_id(prep, int(c)) if c >= 0 else None for c in s[G_GRIVER : G_GRIVER + RIVER]],
        "heists": [heist_id(prep, int(h)) if h >= 0 else None for h in s[G_HRIVER : G_HRIVER + RIVER]],
        "snitches_revealed": snitches,
    }


def final_json(s: np.ndarray, row: np.ndarray, codes: list[str]) -> dict:
    n = int(s[G_PLAYERS])
    scores = {}
    for p in range(n):
        b = pb(p)
        by_source = {v: int(s[b + P_VP_SRC + i]) for i, v in enumerate(VP_SOURCES)}
        scores[str(p)] = {"total": int(s[b + P_VP]), "strategy": codes[p], "gang": int(s[b + P_GANG_N])} | by_source
    return {
        "scores": scores,
        "winner": int(row[5]),
        "end_trigger": END_TRIGGERS[int(s[G_END_TRIGGER])],
        "rounds": int(s[G_ROUND]),
        "chapter": CHAPTERS[int(s[G_CHAPTER]) - 1],
    }


def json_lines(prep, trace):
    codes = seat_codes(prep, trace.game_index)
    for st in trace.steps:
        name, args = describe(prep, st.before, st.action)
        yield json.dumps({
            **step_record(st, codes, int(st.before[G_ROUND]), PHASES[int(st.before[G_PHASE])], name, args),
            "chapter": CHAPTERS[int(st.after[G_CHAPTER]) - 1],
            "players": players_json(prep, st.after),
            "rivers": rivers_json(prep, st.after),
        })  # fmt: skip
    yield json.dumps({"step": len(trace.steps), "round": int(trace.final[G_ROUND]),
                      "final": final_json(trace.final, trace.row, codes)})  # fmt: skip


def text_lines(prep, trace):
    n = len(prep.codes)
    codes = seat_codes(prep, trace.game_index)
    yield (f"Gangsta!, {n} players, seed {prep.recipe.seed}, game {trace.game_index} (data {prep.data.name}, "
           f"{prep.data.assumed_share:.0%} of its values ASSUMED)")  # fmt: skip
    yield "seats: " + ", ".join(f"{p}={codes[p]}" for p in range(n)) + "  (seat 0 starts)"
    s0 = trace.initial
    for p in range(n):
        yield f"seat {p}: boss {gangsters_json(prep, s0, p)[0]['card']}, ${int(s0[pb(p) + P_MONEY])}"
    yield _rivers_text(prep, s0)
    last_turn = None
    for st in trace.steps:
        name, args = describe(prep, st.before, st.action)
        turn = int(st.before[G_ROUND]), int(st.before[G_ACTIVE])
        if turn != last_turn:
            yield f"-- round {turn[0] + 1}, seat {turn[1]} ({codes[turn[1]]}): {_short(st.before, turn[1])}"
            last_turn = turn
        if st.forced and name.endswith(("_done", "_skip")):
            continue
        detail = ", ".join(f"{k}={v}" for k, v in args.items())
        who = "" if st.seat == turn[1] else f" (seat {st.seat})"
        yield f"   {PHASES[int(st.before[G_PHASE])]:>13}{who}: {name}{'(' + detail + ')' if detail else ''}" \
              f"{_delta(st, n)}"  # fmt: skip
        for note in _events(prep, st):
            yield f"   ** {note}"
    final = final_json(trace.final, trace.row, codes)
    yield f"== final ({final['end_trigger']}, chapter {final['chapter']}, {final['rounds']} rounds): " \
          f"winner seat {final['winner']} ({codes[final['winner']]})"  # fmt: skip
    yield f"{'source':<16}" + "".join(f"{'seat ' + str(p):>9}" for p in range(n))
    for v in (*VP_SOURCES, "gang", "total"):
        yield f"{v:<16}" + "".join(f"{final['scores'][str(p)][v]:>9}" for p in range(n))


def _short(s: np.ndarray, p: int) -> str:
    b = pb(p)
    engaged = int(sum(s[b + P_ENGAGED + i] for i in range(int(s[b + P_GANG_N]))))
    return f"${int(s[b + P_MONEY])}, influence {int(s[b + P_VP])}, gang {int(s[b + P_GANG_N])} ({engaged} engaged)"


def _delta(st, n: int) -> str:
    parts = []
    for p in range(n):
        b = pb(p)
        for label, off in (("$", P_MONEY), ("influence", P_VP)):
            diff = int(st.after[b + off]) - int(st.before[b + off])
            if diff:
                parts.append(f"seat {p} {diff:+d} {label}")
    return "  [" + ", ".join(parts) + "]" if parts else ""


def _events(prep, st) -> list[str]:
    out = []
    before, after = st.before, st.after
    if after[G_CHAPTER] != before[G_CHAPTER]:
        out.append(f"chapter {CHAPTERS[int(after[G_CHAPTER]) - 1]} begins")
    if after[G_SNITCHES] > before[G_SNITCHES] and after[G_CHAPTER] == before[G_CHAPTER]:
        out.append(f"snitch revealed ({int(after[G_SNITCHES])} in this chapter)")
    if after[G_END_TRIGGER] and not before[G_END_TRIGGER]:
        out.append(f"game over: {END_TRIGGERS[int(after[G_END_TRIGGER])]}")
    return out


def _rivers_text(prep, s: np.ndarray) -> str:
    r = rivers_json(prep, s)
    return f"gangsters {r['gangsters']}, heists {r['heists']}"
