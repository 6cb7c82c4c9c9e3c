"""Obsession's GameSpec: what the engine, the CLI and the reports need to know of the game."""

from sim.datafiles import BuiltinNames
from sim.games import obsession
from sim.games.obsession import render, row, rules
from sim.games.obsession.actions import ACTIONS, N_ACTIONS
from sim.games.obsession.layout import END_TRIGGERS, FAMILIES, MAX_PLAYERS, PLAYER, STATE, STATE_SIZE
from sim.games.obsession.params import PARAMS
from sim.games.obsession.tables import DATA, load
from sim.spec import GameSpec


def _tile_names() -> list[str]:
    """The tile kinds that can be bought, in `experiment.give_tile` / `remove_tile` order (index + 1)."""
    data = load(None)
    return [data.detail.tiles[k] for k in data.detail.market_kinds]


SPEC = GameSpec(
    name="obsession",
    title="Obsession",
    version=obsession.VERSION,
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
        "tile": {
            "feature": [f"tiles{w}" for w in range(row.TILE_WORDS)],
            "names": BuiltinNames(_tile_names),
            "give_knob": "experiment.give_tile",
            "give_seat_knob": "experiment.give_tile_seat",
            "remove_knob": "experiment.remove_tile",
            # the words are those the rows' source texts use when they call a value ASSUMED
            "described_by": {
                "table": "tiles.csv",
                "key": "name",
                "columns": {
                    "type": ("type",),
                    "category": ("category",),
                    "pr": ("PR", "price"),
                    "vp_front": ("VP",),
                    "vp_back": ("VP",),
                    "servant_front": ("servant",),
                    "guests_front": ("guests",),
                },
            },
        }
    },
    families={
        "names": list(FAMILIES),
        "give_knob": "experiment.give_family",
        "give_seat_knob": "experiment.give_family_seat",
        "deal_knob": "setup.family_choice",
        "expansion_knob": "setup.wessex",
        "expansion_families": ["wessex"],
    },
)
