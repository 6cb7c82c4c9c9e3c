"""What a game hands the engine: its facts, its knobs, its data, its rules and its result columns.

The rules contract (every game the same way; sim/hooks.py lists all a game supplies):

    init_state(s, data, params, n_players, rng)       deal the setup into the flat int32 state `s`
    legal_mask(s, data, params, mask) -> n_legal      fill mask[a] = 1 for each legal action a
    step(s, data, params, action)                     apply one action (the rules live here and in legal_mask)
    current_player(s) -> seat                         who decides next
    is_terminal(s) -> bool
    final_scores(s, data, params, scores, ranks)      scores[seat], ranks[seat]; returns the winner
    write_row(s, data, params, status, steps, decisions, row)   (in row.py) the game's result row

`s`, `data` and `params` are flat int32 arrays with named offsets (sim/layout.py). The play loop
(sim/playloop.py) is written once for every game; bots choose through the game's strategy dispatcher
(strategies/<game>) by id, so a new lineup compiles nothing new.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from sim.params import ParamSpace

# Result row status codes written by play_chunk (column 0).
STATUS_OK = 0
STATUS_STEP_LIMIT = 1
STATUS_ILLEGAL_ACTION = 2
STATUS_NO_LEGAL_ACTION = 3
STATUS_TEXT = {
    STATUS_OK: "ok",
    STATUS_STEP_LIMIT: "the game did not end within the step guard",
    STATUS_ILLEGAL_ACTION: "a bot chose an illegal action",
    STATUS_NO_LEGAL_ACTION: "no legal action existed in a non-final state",
}

# The fixed columns every play_chunk writes before the per-seat block, in this order.
GAME_COLUMNS = ("status", "steps", "decisions", "rounds", "end_trigger", "winner")
# Per seat, in this order, then the game's own seat features.
SEAT_COLUMNS = ("score", "rank")


@dataclass(frozen=True)
class DataSet:
    name: str  # "builtin" or the --data directory it came from
    array: np.ndarray  # flat int32, the game's data layout
    assumed_share: float  # share of the numbers read that are ASSUMED placeholders
    fingerprint: str
    detail: Any = None  # the game's parsed tables, for rendering


@dataclass
class GameSpec:
    name: str
    title: str
    version: str  # rules version: bump whenever a rule changes results
    min_players: int
    max_players: int
    n_actions: int
    state_size: int
    max_steps: int
    params: ParamSpace
    load_data: Callable[[str | None], DataSet]
    rules: Any  # module with the rules' njit functions (the contract above)
    row: Any  # module with the result row's writer, SEAT_FEATURES, and TRACE_LABELS if the game labels steps
    seat_features: tuple[str, ...]  # extra per-seat result columns, in kernel order
    end_triggers: tuple[str, ...]  # names of end_trigger codes 0..
    actions: Any = None  # the game's sim.actions.ActionTable
    layouts: tuple = ()  # the game's sim.layout.Layouts (state, per-player blocks, data), for RULES.md
    render: Any = None  # module with text/json rendering for `show`
    card_kinds: dict[str, Any] = field(default_factory=dict)  # for `playout value`
    families: dict[str, Any] = field(default_factory=dict)  # for `playout value --family` (games with families)
    strategies: Any = None  # the game's strategies.StrategyBook, attached by sim/registry.get_game (a game's
    # package knows nothing of its bots: they sit above the rules)

    def action_kinds(self):
        return self.actions

    @property
    def n_result_columns(self) -> int:
        return len(GAME_COLUMNS) + self.max_players * (len(SEAT_COLUMNS) + len(self.seat_features))

    def seat_column(self, seat: int, name: str) -> int:
        per_seat = len(SEAT_COLUMNS) + len(self.seat_features)
        inner = SEAT_COLUMNS.index(name) if name in SEAT_COLUMNS else len(SEAT_COLUMNS) + self.seat_features.index(name)
        return len(GAME_COLUMNS) + seat * per_seat + inner
