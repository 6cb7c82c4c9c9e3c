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
    G_CREW_BITS,
    G_CUR,
    G_END_TRIGGER,
    G_FREE_UNTAPS,
    G_GDECK,
    G_GDECK_N,
    G_GDISCARD,
    G_GDISCARD_N,
    G_GRIVER,
    G_HDECK,
    G_HDECK_N,
    G_HDISCARD,
    G_HDISCARD_N,
    G_HEIST,
    G_HEIST_OWNER,
    G_HRIVER,
    G_KILLED,
    G_KILLED_N,
    G_LOSS_CAUSE,
    G_LOSS_CHOOSER,
    G_LOSS_QUEUE,
    G_MISSING,
    G_OPENING,
    G_PHASE,
    G_PLAYERS,
    G_REPLAY,
    G_REPLAY_PENDING,
    G_REWARD_LEFT,
    G_REWARD_STEP,
    G_ROUND,
    G_SHUFFLES,
    G_SNITCHES,
    G_TURNS,
    G_VICTIM,
    L_GANG_WAR,
    L_SNITCH,
    LOSS_CAUSES,
    MAX_CHAPTER_CARDS,
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
    PH_CREW,
    PH_DIVERSION,
    PH_GAME_OVER,
    PH_LOSE,
    PH_MOBILISE,
    PHASES,
    REWARD_STEPS,
    RIVER,
    RS_DONE,
    RS_LEARN,
    RS_RALLY,
    SK_MERCENARY,
    SKILLS,
    SNITCH_OWNER,
    V_HEISTS,
    VP_SOURCES,
)
from sim.games.gangsta.params import K_UNTAP_COST
from sim.games.gangsta.rules import pass_money, pb
from sim.games.gangsta.tables import (
    C_BOSS,
    C_COST,
    C_INFLUENCE,
    C_SKILL,
    H_ASSASSIN,
    H_CASH,
    H_DIVERSION,
    H_FAST,
    H_LEARN,
    H_RALLY,
    H_REPLAY,
    H_REQ,
    H_SNITCH,
    H_THEFT,
    card_base,
    heist_base,
)


def card_id(prep, c: int) -> int:
    return prep.data.detail.card_ids[c]


def heist_id(prep, h: int) -> int:
    return prep.data.detail.heist_ids[h]


def position(s: np.ndarray) -> tuple[int, str]:
    """Round number from 0 and the decision due."""
    return int(s[G_ROUND]), PHASES[int(s[G_PHASE])]


def describe(prep, s: np.ndarray, a: int) -> tuple[str, dict]:
    """(action kind, args) of action a taken in state s; cards by their printed ids, and what the rules
    choose for the player (an untap's price, a pass's dollars, a theft's amount) as named arguments."""
    kind, arg = A.ACTIONS.kind_of(a)
    name = kind.name
    d, k = prep.data.array, prep.params
    p = int(s[G_CUR])
    if name == "untap":
        cost = 0 if s[G_FREE_UNTAPS] > 0 else int(k[K_UNTAP_COST])
        return name, {"slot": arg, "gangster": card_id(prep, int(s[pb(p) + P_GANG + arg])), "cost": cost}
    if name == "learn":
        skill = SKILLS[int(d[heist_base(int(s[G_HEIST])) + H_LEARN])]
        return name, {"slot": arg, "gangster": card_id(prep, int(s[pb(p) + P_GANG + arg])), "skill": skill}
    if name == "lose":
        v = int(s[G_VICTIM])
        return name, {"seat": v, "slot": arg, "gangster": card_id(prep, int(s[pb(v) + P_GANG + arg])),
                      "cause": LOSS_CAUSES[int(s[G_LOSS_CAUSE])]}  # fmt: skip
    if name in ("recruit", "fast_recruit", "discard_gangster"):
        c = int(s[G_GRIVER + arg])
        return name, {"slot": arg, "gangster": card_id(prep, c), "cost": int(d[card_base(c) + C_COST])}
    if name in ("heist", "discard_heist"):
        h = int(s[G_HRIVER + arg])
        out = {"slot": arg, "heist": heist_id(prep, h), "name": prep.data.detail.heist_names[h]}
        if name == "heist":
            out["requires"] = {SKILLS[i]: int(d[heist_base(h) + H_REQ + i]) for i in range(N_SKILLS)
                               if d[heist_base(h) + H_REQ + i]}  # fmt: skip
        return name, out
    if name in ("crew", "divert"):
        q, slot = divmod(arg, MAX_GANG)
        return name, {"seat": q, "slot": slot, "gangster": card_id(prep, int(s[pb(q) + P_GANG + slot]))}
    if name == "steal":
        amount = min(int(d[heist_base(int(s[G_HEIST])) + H_THEFT]), int(s[pb(arg) + P_MONEY]))
        return name, {"seat": arg, "amount": amount}
    if name == "assassinate":
        return name, {"seat": arg}
    if name == "pass":
        return name, {"money": int(pass_money(s, k, p))}
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
        "decks": decks_json(prep, s),
        "pending": pending_json(prep, s),
    }


def heist_rewards(d: np.ndarray, h: int) -> list[str]:
    """The special rewards printed on heist h, in the order the rules resolve them."""
    base = heist_base(h)
    has = (d[base + H_LEARN] >= 0, d[base + H_REPLAY], d[base + H_RALLY], d[base + H_FAST], d[base + H_THEFT] > 0,
           d[base + H_DIVERSION] > 0, d[base + H_ASSASSIN])  # fmt: skip
    return [REWARD_STEPS[i] for i, x in enumerate(has) if x]


def decks_json(prep, s: np.ndarray) -> dict:
    """What the decks hold (their order stays hidden) and the face-up piles: the discards and the gangsters
    out of the game."""
    ch = int(s[G_CHAPTER])
    return {
        "gangster_deck": int(s[G_GDECK_N]),
        "gangster_discard": [card_id(prep, int(c)) for c in s[G_GDISCARD : G_GDISCARD + int(s[G_GDISCARD_N])]],
        "heist_deck": int(s[G_HDECK_N + ch - 1]),
        "heist_discard": [heist_id(prep, int(h)) for h in s[G_HDISCARD : G_HDISCARD + int(s[G_HDISCARD_N])]],
        "gangsters_out": [card_id(prep, int(c)) for c in s[G_KILLED : G_KILLED + int(s[G_KILLED_N])]],
    }


def pending_json(prep, s: np.ndarray) -> dict:
    """The decision due and what it answers: whose turn, the heist under way (its crew, the skills still
    missing, the next reward), the diversions left, the discards owed and why."""
    phase = int(s[G_PHASE])
    out = {"seat": int(s[G_CUR]), "active": int(s[G_ACTIVE]), "phase": PHASES[phase]}
    if phase == PH_GAME_OVER:
        return out
    out |= {"play_again_turn": bool(s[G_REPLAY]), "plays_again_next": bool(s[G_REPLAY_PENDING])}
    if phase == PH_MOBILISE:
        out["free_untaps"] = int(s[G_FREE_UNTAPS])
    h = int(s[G_HEIST])
    if h >= 0:
        bits = [int(s[G_CREW_BITS + q]) for q in range(int(s[G_PLAYERS]))]
        crew = [{"seat": q, "slot": i, "gangster": card_id(prep, int(s[pb(q) + P_GANG + i]))}
                for q, b in enumerate(bits) for i in range(MAX_GANG) if (b >> i) & 1]  # fmt: skip
        out["heist"] = {
            "heist": heist_id(prep, h),
            "name": prep.data.detail.heist_names[h],
            "crew": crew,
            "missing": {SKILLS[i]: int(s[G_MISSING + i]) for i in range(N_SKILLS) if s[G_MISSING + i]},
        }
        if phase != PH_CREW:
            out["heist"]["reward"] = PHASES[phase] if phase != PH_LOSE else "assassination"
            out["heist"]["rewards_after"] = [r for r in heist_rewards(prep.data.array, h)
                                             if REWARD_STEPS.index(r) >= s[G_REWARD_STEP]]  # fmt: skip
    if phase == PH_DIVERSION:
        out["diversions_left"] = int(s[G_REWARD_LEFT])
    cause = int(s[G_LOSS_CAUSE])
    if cause:
        chooser = int(s[G_LOSS_CHOOSER])
        out["discards"] = {
            "cause": LOSS_CAUSES[cause],
            "victim": int(s[G_VICTIM]) if phase == PH_LOSE else None,
            "chosen_by": chooser if chooser >= 0 else "victim",
            "still_owed_by": [q for q in range(int(s[G_PLAYERS])) if (int(s[G_LOSS_QUEUE]) >> q) & 1],
        }
    return out


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
        + _rally_events(before, after, data)
        + _loss_events(before, after, data, seats)
        + _chapter_events(before, after, data, seats)
        + _snitch_events(before, after, data, seats)
        + _reshuffle_events(before, after, data)
        + _draw_events(before, after, data)
        + _turn_events(before, after, seats)
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
            "rewards": heist_rewards(data.array, h),
        })  # fmt: skip
    return out


def _rally_events(before, after, data) -> list[dict]:
    """The rally reward makes the initiator's whole gang available by itself, once the rewards reach it."""
    h = int(before[G_HEIST])
    if h < 0 or not data.array[heist_base(h) + H_RALLY]:
        return []
    start = RS_LEARN if before[G_PHASE] == PH_CREW else int(before[G_REWARD_STEP])
    end = int(after[G_REWARD_STEP]) if after[G_HEIST] == h else RS_DONE + 1
    p = int(before[G_ACTIVE])
    if after[G_HEIST_OWNER + h] != p or not start <= RS_RALLY < end:  # performed, and its rewards passed rally
        return []
    return [{"event": "rally", "seat": p}]


def _chapter_events(before, after, data, seats) -> list[dict]:
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
        opening = _opening_river(after)
        out.append({"event": "chapter", "chapter": CHAPTERS[int(after[G_CHAPTER]) - 1],
                    "heist_river": [data.detail.heist_ids[h] for h in opening]})  # fmt: skip
    return out


def _opening_river(s) -> list[int]:
    """The opening river of the chapter s is in (dealt face down at setup, shown when the chapter begins)."""
    first = G_OPENING + (int(s[G_CHAPTER]) - 2) * RIVER
    return [int(h) for h in s[first : first + RIVER]]


def _draw_events(before, after, data) -> list[dict]:
    """The cards drawn to refill the rivers, by slot: a card in a slot that held another one before the
    step (a new chapter's river starts from its opening heists). Snitches drawn are `snitch` events."""
    out = []
    for r in range(RIVER):
        c = int(after[G_GRIVER + r])
        if c >= 0 and c != before[G_GRIVER + r]:
            out.append({"event": "gangster_drawn", "slot": r, "gangster": data.detail.card_ids[c]})
    opening = _opening_river(after) if after[G_CHAPTER] != before[G_CHAPTER] else None
    for r in range(RIVER):
        h = int(after[G_HRIVER + r])
        was = opening[r] if opening else int(before[G_HRIVER + r])
        if h >= 0 and h != was:
            out.append({"event": "heist_drawn", "slot": r, "heist": data.detail.heist_ids[h],
                        "name": data.detail.heist_names[h]})  # fmt: skip
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


def _reshuffle_events(before, after, data) -> list[dict]:
    """A discard pile shuffled into its empty deck, with the deck's new order from the top. The old deck was
    drawn to its end first, so the cards drawn after the reshuffle (and the cells a draw leaves in place)
    give the order: the deck's cells 0 .. m-1 with m = cards drawn after the reshuffle + cards left."""
    reshuffles = int(after[G_SHUFFLES] - before[G_SHUFFLES])
    gangsters = 1 if reshuffles and after[G_GDISCARD_N] < before[G_GDISCARD_N] else 0
    out = []
    if gangsters:
        drawn = sum(1 for r in range(RIVER) if after[G_GRIVER + r] >= 0 and after[G_GRIVER + r] != before[G_GRIVER + r])
        m = drawn - int(before[G_GDECK_N]) + int(after[G_GDECK_N])
        order = [data.detail.card_ids[int(after[G_GDECK + i])] for i in range(m - 1, -1, -1)]
        out.append({"event": "reshuffle", "deck": "gangsters", "order": order})
    if reshuffles > gangsters:
        ch = int(after[G_CHAPTER])
        base = G_HDECK + (ch - 1) * MAX_CHAPTER_CARDS
        new = len(_new_owners(before, after, data)) - sum(
            1 for h in _new_owners(before, after, data) if after[G_HEIST_OWNER + h] != SNITCH_OWNER
        )
        opening = _opening_river(after) if after[G_CHAPTER] != before[G_CHAPTER] else None
        for r in range(RIVER):
            h = int(after[G_HRIVER + r])
            was = opening[r] if opening else int(before[G_HRIVER + r])
            new += h >= 0 and h != was
        m = new - int(before[G_HDECK_N + ch - 1]) + int(after[G_HDECK_N + ch - 1])
        order = [data.detail.heist_ids[int(after[base + i])] for i in range(m - 1, -1, -1)]
        out.append({"event": "reshuffle", "deck": "heists", "order": order})
    return out


def _turn_events(before, after, seats) -> list[dict]:
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
        for p in seats:
            gained = {v: int(after[pb(p) + P_VP_SRC + i] - before[pb(p) + P_VP_SRC + i])
                      for i, v in enumerate(VP_SOURCES) if v.startswith("most_")}  # fmt: skip
            out.append({"event": "final_scoring", "seat": p} | gained)
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
    "reshuffle": lambda e: f"the {e['deck']} discard pile is reshuffled into its deck: {e['order']} from the top",
    "gangster_drawn": lambda e: f"gangster {e['gangster']} drawn to river slot {e['slot']}",
    "heist_drawn": lambda e: f"heist {e['heist']} ({e['name']}) drawn to river slot {e['slot']}",
    "rally": lambda e: f"seat {e['seat']}'s gang rallies: all available",
    "synchronised": lambda e: f"seat {e['seat']}'s gang is synchronised: all available",
    "play_again": lambda e: f"seat {e['seat']} plays again",
    "game_over": lambda e: f"game over: {e['end_trigger']}",
}  # events not listed here (heist_done, round) show in the step's line or the turn header


def _per_seat(amounts: dict, unit: str) -> str:
    return ", ".join(f"seat {p} {unit}{v}" for p, v in amounts.items())


def text_lines(prep, trace):
    n = len(prep.codes)
    codes = prep.seat_codes(trace.game_index)
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
