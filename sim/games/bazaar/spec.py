"""Bazaar's GameSpec: what the engine, the CLI and the reports need to know of the game."""

from sim.datafiles import BuiltinNames
from sim.games import bazaar
from sim.games.bazaar import render, row, rules
from sim.games.bazaar.actions import ACTIONS, N_ACTIONS
from sim.games.bazaar.layout import END_TRIGGERS, MAX_PLAYERS, PLAYER, STATE, STATE_SIZE
from sim.games.bazaar.params import PARAMS
from sim.games.bazaar.tables import DATA, load
from sim.spec import GameSpec

# the builtin deck in cards.csv order: card c is bit c of card_bits
CARD_NAMES = BuiltinNames(lambda: load().detail.card_names)

SPEC = GameSpec(
    name="bazaar",
    title="Bazaar",
    version=bazaar.VERSION,
    min_players=2,
    max_players=MAX_PLAYERS,
    n_actions=N_ACTIONS,
    state_size=STATE_SIZE,
    max_steps=1_000,  # end.rounds (at most 30) turns of at most 4 seats: the guard is never reached
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
        "card": {
            "feature": "card_bits",
            "names": CARD_NAMES,
            "give_knob": "experiment.give_card",
            "give_seat_knob": "experiment.give_card_seat",
            "remove_knob": "experiment.remove_card",
            # what a card's value may rest on: its three numbers (all ASSUMED: the game is invented)
            "described_by": {
                "table": "cards.csv",
                "key": "name",
                "columns": {"cost": ("cost",), "vp": ("vp", "VP"), "income": ("income",)},
            },
        }
    },
)
