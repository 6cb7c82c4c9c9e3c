"""Gangsta! states, actions and events as text and JSON, for `playout show` (the JSON trace's common frame is
sim/trace.py's; the fields below are documented in RULES.md)."""

from __future__ import annotations

import numpy as np

from sim.games.gangsta import actions as A
from sim.games.gangsta.layout import (
    CHAPTERS,
    END_TRIGGERS,
    G_ACTIVE,
    G_CHAPTER,
    G_CUR,
    G_END_TRIGGER,
    G_GDISCARD_N,
    G_GRIVER,
    G_HEIST_OWNER,
    G_HRIVER,
    G_KILLED,
    G_KILLED_N,
    G_LOSS_CAUSE,
    G_LOSS_QUEUE,
    G_PHASE,
    G_PLAYERS,
    G_REPLAY,
    G_ROUND,
    G_SHUFFLES,
    G_SNITCHES,
    G_TURNS,
    G_VICTIM,
    L_GANG_WAR,
    L_SNITCH,
    LOSS_CAUSES,
    MAX_GANG,
    N_SKILLS,
    P_COOP_JOINED,
    P_ENGAGED,
    P_GANG,
    P_GANG_N,
    P_LEARNED,
    P_LOST,
    P_MONEY,
    P_RECRUITED,
    P_SKILLS,
    P_SNITCH_PAID,
    P_VP,
    P_VP_SRC,
    PH_LOSE,
    PHASES,
    RIVER,
    SK_MERCENARY,
    SKILLS,
    SNITCH_OWNER,
    V_HEISTS,
    VP_SOURCES,
)
from sim.games.gangsta.rules import pb
from sim.games.gangsta.tables import C_BOSS, C_COST, C_INFLUENCE, C_SKILL, H_CASH, H_SNITCH, card_base, heist_base
from sim.trace import seat_codes


def card_id(prep, c: int) -> int:
    return prep.data.detail.card_ids[c]


def heist_id(prep, h: int) -> int:
    return prep.data.detail.heist_ids[h]


def position(s: np.ndarray) -> tuple[int, str]:
    """Round number from 0 and the decision due."""
    return int(s[G_ROUND]), PHASES[int(s[G_PHASE])]


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


def state_json(prep, s: np.ndarray) -> dict:
    return {
        "chapter": CHAPTERS[int(s[G_CHAPTER]) - 1],
        "players": players_json(prep, s),
        "rivers": rivers_json(prep, s),
    }


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


def events(before: np.ndarray, after: np.ndarray, data) -> list[dict]:
    """What the rules did by themselves in one step (`data`: the DataSet), from the states around it, in the
    order the rules do it: the heist's payout or the gangster discarded, the chapter check, the refill
    (snitches, reshuffles), the next turn, the end."""
    seats = range(int(after[G_PLAYERS]))
    return (
        _heist_events(before, after, data, seats)
        + _loss_events(before, after, data, seats)
        + _chapter_events(before, after, seats)
        + _snitch_events(before, after, data, seats)
        + _reshuffle_events(before, after)
        + _turn_events(before, after)
    )


def _heist_events(before, after, data, seats) -> list[dict]:
    out = []
    for h in _new_owners(before, after, data):
        p = int(after[G_HEIST_OWNER + h])
        if p == SNITCH_OWNER:
            continue
        out.append({
            "event": "heist_done", "seat": p, "heist": data.detail.heist_ids[h], "name": data.detail.heist_names[h],
            "cash": int(data.array[heist_base(h) + H_CASH]),
            "influence": int(after[pb(p) + P_VP_SRC + V_HEISTS] - before[pb(p) + P_VP_SRC + V_HEISTS]),
            "coop_reward_to": [q for q in seats if after[pb(q) + P_COOP_JOINED] > before[pb(q) + P_COOP_JOINED]],
        })  # fmt: skip
    return out


def _chapter_events(before, after, seats) -> list[dict]:
    out = []
    if after[G_CHAPTER] == 2 and before[G_CHAPTER] == 1:
        skills = {str(p): int(sum(after[pb(p) + P_SKILLS : pb(p) + P_SKILLS + N_SKILLS])) for p in seats}
        top = max(skills.values())
        out.append({"event": "opportunity_income", "paid": {p: top - n for p, n in skills.items()}})
    war_begins = after[G_LOSS_CAUSE] == L_GANG_WAR and before[G_LOSS_CAUSE] != L_GANG_WAR
    war_without_losses = after[G_CHAPTER] == 3 and before[G_CHAPTER] == 2 and before[G_LOSS_CAUSE] != L_GANG_WAR
    if war_begins or war_without_losses:
        out.append({"event": "gang_war", "mercenary": [int(after[pb(p) + P_SKILLS + SK_MERCENARY]) for p in seats],
                    "must_discard": _must_discard(after, L_GANG_WAR, seats)})  # fmt: skip
    if after[G_CHAPTER] != before[G_CHAPTER]:
        out.append({"event": "chapter", "chapter": CHAPTERS[int(after[G_CHAPTER]) - 1]})
    return out


def _snitch_events(before, after, data, seats) -> list[dict]:
    """One event per step that revealed snitches (a refill may reveal two: their payments are summed)."""
    owners = _new_owners(before, after, data)
    revealed = [data.detail.heist_ids[h] for h in owners if after[G_HEIST_OWNER + h] == SNITCH_OWNER]
    if not revealed:
        return []
    paid = {str(p): int(after[pb(p) + P_SNITCH_PAID] - before[pb(p) + P_SNITCH_PAID]) for p in seats}
    return [{
        "event": "snitch", "snitches": revealed, "revealed_in_chapter": int(after[G_SNITCHES]),
        "paid": {p: v for p, v in paid.items() if v}, "must_discard": _must_discard(after, L_SNITCH, seats),
    }]  # fmt: skip


def _loss_events(before, after, data, seats) -> list[dict]:
    out = []
    for i in range(int(before[G_KILLED_N]), int(after[G_KILLED_N])):
        c = int(after[G_KILLED + i])
        loser = next(p for p in seats if c in before[pb(p) + P_GANG : pb(p) + P_GANG + int(before[pb(p) + P_GANG_N])])
        out.append({"event": "gangster_lost", "seat": loser, "gangster": data.detail.card_ids[c],
                    "cause": LOSS_CAUSES[int(before[G_LOSS_CAUSE])]})  # fmt: skip
    return out


def _reshuffle_events(before, after) -> list[dict]:
    reshuffles = int(after[G_SHUFFLES] - before[G_SHUFFLES])
    gangsters = 1 if reshuffles and after[G_GDISCARD_N] < before[G_GDISCARD_N] else 0
    decks = ["gangsters"] * gangsters + ["heists"] * (reshuffles - gangsters)
    return [{"event": "reshuffle", "deck": deck} for deck in decks]


def _turn_events(before, after) -> list[dict]:
    out = []
    if after[G_ROUND] > before[G_ROUND]:
        out.append({"event": "round", "round": int(after[G_ROUND])})
    if after[G_TURNS] > before[G_TURNS] and not after[G_END_TRIGGER]:
        p = int(after[G_ACTIVE])
        gang = range(int(before[pb(p) + P_GANG_N]))
        if after[G_REPLAY]:
            out.append({"event": "play_again", "seat": p})
        was_engaged = all(before[pb(p) + P_ENGAGED + i] for i in gang)
        if was_engaged and not any(after[pb(p) + P_ENGAGED + i] for i in gang):
            out.append({"event": "synchronised", "seat": p})
    if after[G_END_TRIGGER] and not before[G_END_TRIGGER]:
        out.append({"event": "game_over", "end_trigger": END_TRIGGERS[int(after[G_END_TRIGGER])]})
    return out


def _new_owners(before, after, data) -> list[int]:
    """Heist cards performed or snitches revealed in this step."""
    n = len(data.detail.heist_ids)
    return [h for h in range(n) if after[G_HEIST_OWNER + h] != before[G_HEIST_OWNER + h]]


def _must_discard(after, cause: int, seats) -> list[int]:
    """Seats still to discard for `cause` after the step: the one discarding now and the queue."""
    if after[G_LOSS_CAUSE] != cause:
        return []
    queue = int(after[G_LOSS_QUEUE]) | (1 << int(after[G_VICTIM]) if after[G_PHASE] == PH_LOSE else 0)
    return [p for p in seats if (queue >> p) & 1]


EVENT_TEXT = {
    "chapter": lambda e: f"chapter {e['chapter']} begins",
    "opportunity_income": lambda e: "opportunity income: " + _per_seat(e["paid"], "$"),
    "gang_war": lambda e: f"gang war: mercenary skills {e['mercenary']}, seats {e['must_discard']} discard",
    "snitch": lambda e: (
        f"snitch {', '.join(map(str, e['snitches']))} revealed ({e['revealed_in_chapter']} in this chapter)"
        + (": paid " + _per_seat(e["paid"], "$") if e["paid"] else "")
        + (f"; seats {e['must_discard']} cannot pay and discard" if e["must_discard"] else "")
    ),
    "gangster_lost": lambda e: f"seat {e['seat']} loses gangster {e['gangster']} ({e['cause']})",
    "reshuffle": lambda e: f"the {e['deck']} discard pile is reshuffled into its deck",
    "synchronised": lambda e: f"seat {e['seat']}'s gang is synchronised: all available",
    "play_again": lambda e: f"seat {e['seat']} plays again",
    "game_over": lambda e: f"game over: {e['end_trigger']}",
}  # events not listed here (heist_done, round) show in the step's line or the turn header


def _per_seat(amounts: dict, unit: str) -> str:
    return ", ".join(f"seat {p} {unit}{v}" for p, v in amounts.items())


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
        if not (st.forced and name.endswith(("_done", "_skip"))):
            detail = ", ".join(f"{k}={v}" for k, v in args.items())
            who = "" if st.seat == turn[1] else f" (seat {st.seat})"
            yield f"   {PHASES[int(st.before[G_PHASE])]:>13}{who}: {name}{'(' + detail + ')' if detail else ''}" \
                  f"{_delta(st, n)}"  # fmt: skip
        for ev in events(st.before, st.after, prep.data):  # also after a quiet forced step
            if ev["event"] in EVENT_TEXT:
                yield f"   ** {EVENT_TEXT[ev['event']](ev)}"
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


def _rivers_text(prep, s: np.ndarray) -> str:
    r = rivers_json(prep, s)
    return f"gangsters {r['gangsters']}, heists {r['heists']}"
