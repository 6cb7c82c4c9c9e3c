"""The experiment knobs behind `playout value`: a tech given at setup, a tech removed from the game."""

import numpy as np

from sim.games.yokohama.layout import (
    G_LAB_SLOTS,
    G_STATION,
    G_TECH_DECK,
    G_TECH_END,
    K_CANAL,
    N_SLOTS,
    P_INDUSTRY,
    P_TECHS,
    P_VP,
    Q_KIND,
    STATE_SIZE,
    T_EXPOSITION,
    T_STATION,
    TECH_KEYS,
)
from sim.games.yokohama.params import PARAMS
from sim.games.yokohama.rules import init_state, pb, qb
from sim.games.yokohama.tables import D_TECH_INDUSTRY
from sim.rng import new_streams


def _setup(yokohama_data, players=4, **knobs):
    s = np.zeros(STATE_SIZE, np.int32)
    init_state(s, yokohama_data.array, PARAMS.values(knobs), players, new_streams(9, 4))
    return s


def _cards(s):
    deck = s[G_TECH_DECK : G_TECH_DECK + s[G_TECH_END]].tolist()
    slots = [t for t in s[G_LAB_SLOTS : G_LAB_SLOTS + 2 * N_SLOTS].tolist() if t >= 0]
    return deck, slots


def test_a_removed_tech_is_nowhere_and_the_other_cards_keep_their_order(yokohama_data):
    ball = TECH_KEYS.index("ball")
    base = _setup(yokohama_data)
    cut = _setup(yokohama_data, **{"experiment.remove_tech": ball + 1})
    deck, slots = _cards(cut)
    assert ball not in deck and ball not in slots
    assert ball in _cards(base)[0]
    # the deck array keeps every card in shuffled order (drawn ones below the top pointer)
    assert deck == [t for t in _cards(base)[0] if t != ball]


def test_a_given_tech_is_owned_from_the_start_with_its_effect(yokohama_data):
    s = _setup(yokohama_data, **{"experiment.give_tech": T_EXPOSITION + 1, "experiment.give_tech_seat": 2})
    assert (s[pb(2) + P_TECHS] >> T_EXPOSITION) & 1 == 1
    assert s[pb(2) + P_VP] == 10
    assert s[pb(2) + P_INDUSTRY] == yokohama_data.array[D_TECH_INDUSTRY + T_EXPOSITION]
    base = _setup(yokohama_data)
    copies = _cards(base)[0].count(T_EXPOSITION) + _cards(base)[1].count(T_EXPOSITION)
    assert _cards(s)[0].count(T_EXPOSITION) + _cards(s)[1].count(T_EXPOSITION) == copies - 1


def test_a_given_station_puts_its_token_on_an_area(yokohama_data):
    s = _setup(yokohama_data, **{"experiment.give_tech": T_STATION + 1, "experiment.give_tech_seat": 0})
    assert s[G_STATION] >= 0 and s[qb(s[G_STATION]) + Q_KIND] != K_CANAL


def test_a_seat_beyond_the_players_gets_nothing(yokohama_data):
    s = _setup(yokohama_data, players=2, **{"experiment.give_tech": T_EXPOSITION + 1, "experiment.give_tech_seat": 3})
    assert all(s[pb(p) + P_TECHS] == 0 for p in range(2))
