"""Yokohama's GameSpec: what the engine, the CLI and the reports need to know of the game."""

from sim.games import yokohama
from sim.games.yokohama import render, row, rules
from sim.games.yokohama.actions import ACTIONS, N_ACTIONS
from sim.games.yokohama.layout import (
    END_TRIGGERS,
    MAX_PLAYERS,
    PLAYER,
    POSITION,
    STATE,
    STATE_SIZE,
    TECH_KEYS,
)
from sim.games.yokohama.params import PARAMS
from sim.games.yokohama.tables import DATA, load
from sim.spec import GameSpec

SPEC = GameSpec(
    name="yokohama",
    title="Yokohama",
    version=yokohama.VERSION,
    min_players=2,
    max_players=MAX_PLAYERS,
    n_actions=N_ACTIONS,
    state_size=STATE_SIZE,
    max_steps=20_000,
    params=PARAMS,
    load_data=load,
    rules=rules,
    row=row,
    seat_features=row.SEAT_FEATURES,
    end_triggers=END_TRIGGERS,
    render=render,
    actions=ACTIONS,
    layouts=(STATE, PLAYER, POSITION, DATA),
    card_kinds={
        "tech": {
            "feature": "techs",
            "names": list(TECH_KEYS),
            "give_knob": "experiment.give_tech",
            "give_seat_knob": "experiment.give_tech_seat",
            "remove_knob": "experiment.remove_tech",
            "described_by": {
                "table": "techs.csv",
                "key": "key",
                "columns": {"industry": ("industry",), "country": ("country",)},
            },
        }
    },
)
