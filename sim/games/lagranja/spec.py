"""La Granja's GameSpec: what the engine, the CLI and the reports need to know of the game."""

from sim.datafiles import BuiltinNames
from sim.games import lagranja
from sim.games.lagranja import render, row, rules
from sim.games.lagranja.actions import ACTIONS, N_ACTIONS
from sim.games.lagranja.layout import END_TRIGGERS, MAX_PLAYERS, PLAYER, STATE, STATE_SIZE
from sim.games.lagranja.params import PARAMS
from sim.games.lagranja.tables import DATA, load
from sim.spec import GameSpec

SPEC = GameSpec(
    name="lagranja",
    title="La Granja",
    version=lagranja.VERSION,
    min_players=1,
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
        "farm": {
            "feature": [f"cards{w}" for w in range(row.CARD_WORDS)],
            "names": BuiltinNames(lambda: load(None).detail.cards),
            "give_knob": "experiment.give_card",
            "give_seat_knob": "experiment.give_card_seat",
            "remove_knob": "experiment.remove_card",
            # the card side that is its own (the helper side is helpers.csv); barrow is left out: its goods
            # combination is nearly unique per card, and barrow_vp carries its weight
            "described_by": {
                "table": "cards.csv",
                "key": "name",
                "columns": {"field": ("field",), "extension": ("extension",), "barrow_vp": ("barrow",)},
            },
        }
    },
)
