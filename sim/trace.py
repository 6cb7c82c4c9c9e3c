"""One game replayed step by step, for `playout show` and for tests.

The game is played by the same compiled loop as `playout run` (play_traced records who chose what), then
replayed here through init_state and step, so each recorded state is exactly the state the bot saw.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from sim.errors import SimulationError
from sim.rng import N_STREAMS, seed_streams
from sim.spec import STATUS_OK, STATUS_TEXT


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
    kern = spec.kernels
    row = np.zeros(spec.n_result_columns, dtype=np.int32)
    recorded = np.zeros((spec.max_steps, kern.TRACE_FIELDS), dtype=np.int32)
    seed = np.int64(prep.recipe.seed)
    n_players = np.int64(len(prep.players))
    n = kern.play_traced(
        seed, np.int64(game_index), n_players, prep.lineup, prep.weights, prep.data.array, prep.params,
        np.int64(spec.max_steps), row, recorded,
    )  # fmt: skip
    rng = np.zeros(N_STREAMS, dtype=np.uint64)
    seed_streams(seed, np.int64(game_index), rng)
    s = np.zeros(spec.state_size, dtype=np.int32)
    kern.init_state(s, prep.data.array, prep.params, n_players, rng)
    initial = s.copy()
    steps = []
    for i in range(n):
        before = s.copy()
        seat, action, forced = (int(x) for x in recorded[i, :3])
        kern.step(s, prep.data.array, prep.params, action)
        steps.append(Step(i, seat, action, bool(forced), before, s.copy()))
    return Trace(game_index, initial, steps, row, s.copy())


def seat_codes(prep, game_index: int) -> list[str]:
    """The player code in each seat of game `game_index` (seats rotate with the game index)."""
    n = len(prep.codes)
    return [prep.codes[(seat + game_index) % n] for seat in range(n)]


def step_record(st: Step, codes: list[str], round_: int, phase: str, action: str, args: dict) -> dict:
    """The fields every game's `show --json` line starts with; the game adds its state after them."""
    return {
        "step": st.index,
        "round": round_,
        "seat": st.seat,
        "strategy": codes[st.seat],
        "phase": phase,
        "action": action,
        "args": args,
        "forced": st.forced,
    }


def check_trace(prep, trace: Trace) -> None:
    """Raise SimulationError when the traced game broke an engine rule (after it has been shown)."""
    if trace.row[0] != STATUS_OK:
        raise SimulationError(f"game {trace.game_index} of seed {prep.recipe.seed}: {STATUS_TEXT[int(trace.row[0])]}")
