"""Gangsta!'s GameSpec: what the engine, the CLI and the reports need to know of the game."""

from sim.games import gangsta
from sim.games.gangsta import render, row, rules
from sim.games.gangsta.actions import ACTIONS, N_ACTIONS
from sim.games.gangsta.layout import END_TRIGGERS, MAX_PLAYERS, PLAYER, STATE, STATE_SIZE
from sim.games.gangsta.params import PARAMS
from sim.games.gangsta.tables import DATA, load
from sim.spec import GameSpec

SPEC = GameSpec(
    name="gangsta",
    title="Gangsta!",
    version=gangsta.VERSION,
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
    layouts=(STATE, PLAYER, DATA),
    card_kinds={
        "boss": {
            "feature": "boss_bit",
            "names": row.BOSS_NAMES,
            "give_knob": "experiment.give_boss",
            "give_seat_knob": "experiment.give_boss_seat",
            "remove_knob": "experiment.remove_boss",
            # each boss has its own skill besides leader, so only the starting money groups them
            "described_by": {
                "table": "bosses.csv",
                "key": "id",
                "keys": [name.split()[0] for name in row.BOSS_NAMES],
                "columns": {"starting_money": ("money",), "influence": ("influence",)},
            },
        }
    },
)
