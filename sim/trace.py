"""One game replayed step by step, for `playout show` and for tests, and its JSON trace.

The game is played by the same compiled loop as `playout run` (play_traced records who chose what), then
replayed here through init_state and step, so each recorded state is exactly the state the bot saw.

The JSON trace (`playout show GAME --json [--legal]`) is one object per line; `type` says which. It is the
same for every game, so that a checker can replay any game from it:

    context  the first line: format (TRACE_FORMAT), game, title, rules_version, data_set, data_fingerprint,
             data_assumed_share, params_fingerprint, knobs_changed {knob: value} (from the printed rules),
             seed, game_index, players, lineup (the codes as given), seats (the code in each seat of this
             game: seats rotate with the game index), state_size, n_actions, initial_state (the flat int32
             state after setup, in the layout of the game's RULES.md) and state (the same, readable)
    step     one per step, forced ones included: step, round, seat (who decided), strategy, phase, action
             and args (in words), action_id (the index `step` takes), forced (the only legal action,
             applied without asking the bot), legal (with --legal: every legal action as {id, action,
             args}), state_digest (of the state after the step), then the game's readable state after it
    event    what the rules did by themselves during the step just listed (a chapter change, a payout, a
             reshuffle, a lost gangster, a round change, the end trigger...): step, event, then its fields
    final    the last line: step (the number of steps), round, end_trigger, final (scores per seat with
             their sources, winner, end_trigger, rounds and what else the game adds)

To replay: load the data set and check data_fingerprint; params = the printed rules with knobs_changed
(check params_fingerprint); s = initial_state; for each step line, step(s, data, params, action_id) and
state_digest(s) equals the line's; at the end is_terminal(s) and final_scores(s, ...) give the final line's
scores. tests/engine/test_show.py does exactly this from the JSON alone.

A game's render module supplies the game-specific parts:

    describe(prep, s, a) -> (kind, args)  action a taken in state s, in words (cards, areas by name or id)
    position(s) -> (round, phase)         the round number from 0 and the decision due, by name
    state_json(prep, s) -> dict           the readable state (players, board, rivers...)
    events(before, after, data) -> list   the events of one step, derived from the states before and after
                                          it (data: the DataSet), each a dict with an "event" name
    final_json(s, row, codes) -> dict     scores {seat: {"total", <sources>...}}, winner, end_trigger, rounds
    text_lines(prep, trace)               the readable `show`
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from sim.errors import SimulationError
from sim.play import new_trace, play_one
from sim.rng import N_STREAMS, seed_streams
from sim.spec import STATUS_OK, STATUS_TEXT

TRACE_FORMAT = 1  # bump when a field of the JSON trace changes meaning


@dataclass
class Step:
    index: int
    seat: int
    action: int
    forced: bool  # the only legal action: applied without asking the bot
    before: np.ndarray  # state the decision was taken in
    after: np.ndarray


@dataclass
class Trace:
    game_index: int
    initial: np.ndarray
    steps: list[Step]
    row: np.ndarray  # the result row, as `run` writes it
    final: np.ndarray


def trace_game(prep, game_index: int) -> Trace:
    spec = prep.spec
    rules = spec.rules
    row = np.zeros(spec.n_result_columns, dtype=np.int32)
    recorded = new_trace(prep)
    seed = np.int64(prep.recipe.seed)
    n_players = np.int64(len(prep.players))
    n = play_one(prep, game_index, row, recorded)
    rng = np.zeros(N_STREAMS, dtype=np.uint64)
    seed_streams(seed, np.int64(game_index), rng)
    s = np.zeros(spec.state_size, dtype=np.int32)
    rules.init_state(s, prep.data.array, prep.params, n_players, rng)
    initial = s.copy()
    steps = []
    for i in range(n):
        before = s.copy()
        seat, action, forced = (int(x) for x in recorded[i, :3])
        rules.step(s, prep.data.array, prep.params, action)
        steps.append(Step(i, seat, action, bool(forced), before, s.copy()))
    return Trace(game_index, initial, steps, row, s.copy())


def state_digest(s: np.ndarray) -> str:
    """A short hash of a flat state (its int32 cells, little-endian): equal digests, equal states."""
    return hashlib.sha256(np.ascontiguousarray(s, dtype="<i4").tobytes()).hexdigest()[:16]


def context_record(prep, trace: Trace) -> dict:
    spec = prep.spec
    return {
        "type": "context",
        "format": TRACE_FORMAT,
        "game": spec.name,
        "title": spec.title,
        "rules_version": spec.version,
        "data_set": prep.data.name,
        "data_fingerprint": prep.data.fingerprint,
        "data_assumed_share": round(prep.data.assumed_share, 4),
        "params_fingerprint": spec.params.fingerprint(prep.params),
        "knobs_changed": spec.params.changed(prep.params),
        "seed": prep.recipe.seed,
        "game_index": trace.game_index,
        "players": len(prep.codes),
        "lineup": prep.codes,
        "seats": prep.seat_codes(trace.game_index),
        "state_size": spec.state_size,
        "n_actions": spec.n_actions,
        "initial_state": trace.initial.tolist(),
        "state": spec.render.state_json(prep, trace.initial),
    }


def legal_actions(prep, s: np.ndarray) -> list[dict]:
    """Every legal action in state s, by id and in words."""
    mask = np.zeros(prep.spec.n_actions, dtype=np.uint8)
    prep.spec.rules.legal_mask(s, prep.data.array, prep.params, mask)
    out = []
    for a in np.flatnonzero(mask):
        kind, args = prep.spec.render.describe(prep, s, int(a))
        out.append({"id": int(a), "action": kind, "args": args})
    return out


def step_records(prep, st: Step, codes: list[str], legal: bool) -> list[dict]:
    """The step's line and the lines of its events."""
    render = prep.spec.render
    round_, phase = render.position(st.before)
    kind, args = render.describe(prep, st.before, st.action)
    record = {
        "type": "step",
        "step": st.index,
        "round": round_,
        "seat": st.seat,
        "strategy": codes[st.seat],
        "phase": phase,
        "action": kind,
        "args": args,
        "action_id": st.action,
        "forced": st.forced,
    }
    if legal:
        record["legal"] = legal_actions(prep, st.before)
    record["state_digest"] = state_digest(st.after)
    record |= render.state_json(prep, st.after)
    events = [{"type": "event", "step": st.index} | ev for ev in render.events(st.before, st.after, prep.data)]
    return [record, *events]


def json_lines(prep, trace: Trace, legal: bool = False) -> Iterator[str]:
    """The JSON trace of a game, line by line (format in this module's docstring)."""
    render = prep.spec.render
    codes = prep.seat_codes(trace.game_index)
    yield json.dumps(context_record(prep, trace))
    for st in trace.steps:
        for record in step_records(prep, st, codes, legal):
            yield json.dumps(record)
    final = render.final_json(trace.final, trace.row, codes)
    round_, _ = render.position(trace.final)
    yield json.dumps({"type": "final", "step": len(trace.steps), "round": round_,
                      "end_trigger": final["end_trigger"], "final": final})  # fmt: skip


def check_trace(prep, trace: Trace) -> None:
    """Raise SimulationError when the traced game broke an engine rule (after it has been shown)."""
    if trace.row[0] != STATUS_OK:
        raise SimulationError(f"game {trace.game_index} of seed {prep.recipe.seed}: {STATUS_TEXT[int(trace.row[0])]}")
