"""Invariants over many random games (tests/yokohama/harness.py); each invariant can fail.

A failure names the game; replay it with the command in the message (the random bots of play_checked draw
exactly as the `random` strategy of sim/playloop.play_game does).
"""

import numpy as np
import pytest

from sim.games.yokohama.layout import (
    G_ACT_POWER,
    G_CHURCH,
    G_IMPORT_SUPPLY,
    G_LAB_SLOTS,
    G_ORDER_DECK,
    G_ORDER_END,
    G_PHASE,
    G_PORT_SLOTS,
    G_STATION,
    G_SUPPLY,
    K_CANAL,
    K_COPPER,
    K_FISH,
    K_PORT,
    K_SILK,
    K_TEA,
    MAX_PLAYERS,
    P_ASSIST_HAND,
    P_GOODS,
    P_IMPORTS,
    P_INDUSTRY,
    P_MONEY,
    P_N_TECHS,
    P_SHOPS_HAND,
    P_TH_WAREHOUSE,
    P_VP,
    PH_PORT,
    Q_ASSIST,
    Q_SHOP,
    T_BALL,
)
from sim.games.yokohama.params import K_MAX_POWER
from sim.games.yokohama.spec import SPEC
from sim.registry import get_game
from tests.tiers import SPANS

from . import harness as inv
from .scenario import DATA, KNOBS, find_position, give_tech, knobs, move_in, new_game, pb, qb, set_hand_orders

SEED = 20_160_101
MAX_STEPS = SPEC.max_steps


def replay(players, game):
    return f"playout show yokohama --seed {SEED} --game {game} --players random*{players}"


@pytest.mark.parametrize(("first", "n"), SPANS)
@pytest.mark.parametrize("players", (2, 3, 4))
def test_random_games_keep_every_invariant(players, first, n):
    stats = np.zeros(3, np.int64)
    game, step, code = inv.play_checked(SEED, first, n, players, DATA, KNOBS, MAX_STEPS, stats)
    assert code == inv.OK, f"{inv.MESSAGES[code]}: game {game}, step {step}; replay: {replay(players, game)}"
    assert stats[0] == n  # every game reached its end
    assert stats[2] < MAX_STEPS  # within the step guard


def test_play_checked_plays_the_games_the_kernel_plays():
    """Game i of play_checked is game i of a `random*N` run, so the replay command shows the same game."""
    from sim.dispatch import for_game
    from sim.games.yokohama.row import FIRST_SEAT_COLUMN, PER_SEAT
    from sim.playloop import TRACE_FIELDS, no_notes, play_game

    players = 3
    # the play kernel's types (int32 lineup and result row), so play_game loads from the cache: with int64 ones
    # the whole game loop, every bot and the search compiled again for this test
    lineup = np.zeros(players, np.int32)
    weights = np.zeros((players, max(1, len(get_game("yokohama").strategies.weights))), np.float64)
    for game in range(5):
        stats = np.zeros(3, np.int64)
        assert inv.play_checked(SEED, game, 1, players, DATA, KNOBS, MAX_STEPS, stats)[2] == inv.OK
        row = np.zeros(FIRST_SEAT_COLUMN + MAX_PLAYERS * PER_SEAT, np.int32)
        trace = np.zeros((0, TRACE_FIELDS), np.int32)
        steps = for_game(
            play_game, "yokohama", SEED, game, players, lineup, weights, DATA, KNOBS, MAX_STEPS, row, trace, no_notes()
        )
        assert steps == stats[1]


# ---------------------------------------------------------------- every check can fail


def corrupt_money(s):
    s[pb(1) + P_MONEY] = -1


def corrupt_goods(s):
    s[pb(0) + P_GOODS + K_TEA] -= 2
    s[G_SUPPLY + K_TEA] += 2


def corrupt_imports(s):
    s[pb(0) + P_IMPORTS] = -1
    s[G_IMPORT_SUPPLY] += 1


def corrupt_assistants(s):
    s[qb(0) + Q_ASSIST + 0] += 1  # an assistant from nowhere


def corrupt_shops(s):
    s[pb(2) + P_SHOPS_HAND] += 1


def corrupt_trading_houses(s):
    s[pb(3) + P_TH_WAREHOUSE] -= 1


def corrupt_built(s):
    s[qb(find_position(s, K_COPPER)) + Q_SHOP + 0] = 0  # a shop on a card that nobody built


def corrupt_power(s):
    s[G_ACT_POWER] = KNOBS[K_MAX_POWER] + 1


def corrupt_tech_count(s):
    give_tech(s, 0, T_BALL)
    s[pb(0) + P_N_TECHS] += 1  # as if a second Ball were owned


def corrupt_industry(s):
    give_tech(s, 0, T_BALL)
    s[pb(0) + P_INDUSTRY] += 1


def corrupt_supply(s):
    s[G_SUPPLY + K_FISH] = -1


def corrupt_goods_conserved(s):
    s[pb(0) + P_GOODS + K_SILK] += 1


def corrupt_tech_cards(s):
    s[G_LAB_SLOTS + 0] = s[G_LAB_SLOTS + 1]


def corrupt_order_cards(s):
    set_hand_orders(s, 1, [int(s[G_PORT_SLOTS + 0])])


def corrupt_board_spaces(s):
    s[G_CHURCH + 0] = 2


def corrupt_vp(s):
    s[pb(0) + P_VP] += 1


def corrupt_station(s):
    s[G_STATION] = find_position(s, K_CANAL)


CORRUPTIONS = {
    inv.ERR_NEGATIVE_MONEY: corrupt_money,
    inv.ERR_NEGATIVE_GOODS: corrupt_goods,
    inv.ERR_NEGATIVE_IMPORTS: corrupt_imports,
    inv.ERR_ASSISTANTS: corrupt_assistants,
    inv.ERR_SHOPS: corrupt_shops,
    inv.ERR_TRADING_HOUSES: corrupt_trading_houses,
    inv.ERR_BUILDINGS_ON_BOARD: corrupt_built,
    inv.ERR_POWER: corrupt_power,
    inv.ERR_TECH_COUNT: corrupt_tech_count,
    inv.ERR_INDUSTRY: corrupt_industry,
    inv.ERR_SUPPLY: corrupt_supply,
    inv.ERR_GOODS_CONSERVED: corrupt_goods_conserved,
    inv.ERR_TECH_CARDS: corrupt_tech_cards,
    inv.ERR_ORDER_CARDS: corrupt_order_cards,
    inv.ERR_BOARD_SPACES: corrupt_board_spaces,
    inv.ERR_VP_SUM: corrupt_vp,
    inv.ERR_STATION: corrupt_station,
}


def test_a_sound_state_passes():
    s = new_game(4)
    assert inv.check_state(s, DATA, KNOBS) == inv.OK


@pytest.mark.parametrize("code", sorted(CORRUPTIONS), ids=lambda c: inv.MESSAGES[c][:40])
def test_check_state_catches(code):
    s = new_game(4)
    CORRUPTIONS[code](s)
    assert inv.check_state(s, DATA, KNOBS) == code


def test_check_state_catches_more_orders_than_the_hand_limit():
    k = knobs({"orders.hand_limit": 2})
    s = new_game(4)
    end = int(s[G_ORDER_END])
    cards = [int(s[G_ORDER_DECK + i]) for i in range(end - 3, end)]
    s[G_ORDER_END] = end - 3  # three cards off the deck and into seat 0's hand
    set_hand_orders(s, 0, cards)
    assert inv.check_state(s, DATA, KNOBS) == inv.OK
    assert inv.check_state(s, DATA, k) == inv.ERR_HAND_LIMIT


def test_six_pieces_give_power_5_and_the_check_holds_the_action_to_its_pieces():
    """Power = own assistants + president + shops + trading house + station, capped at power.max (seed 000:
    six or more still give 5). The pieces are not bounded, so six of them pass; the action's power must be
    the pieces in the acted area, capped, so a piece that joins or leaves mid-action is caught."""
    cap = int(KNOBS[K_MAX_POWER])
    s = new_game(4)
    q = find_position(s, K_PORT)
    s[pb(0) + P_ASSIST_HAND] -= cap
    move_in(s, 0, q, cap + 1)  # cap assistants there and the president: cap + 1 pieces
    assert s[G_PHASE] == PH_PORT
    assert s[G_ACT_POWER] == cap
    assert inv.check_state(s, DATA, KNOBS) == inv.OK
    s[qb(q) + Q_ASSIST + 0] -= 2  # two assistants back to hand: cap - 1 pieces under a power-cap action
    s[pb(0) + P_ASSIST_HAND] += 2
    assert inv.check_state(s, DATA, KNOBS) == inv.ERR_POWER


def test_the_power_check_catches_an_assistant_joining_the_acted_area():
    s = new_game(4)
    q = find_position(s, K_PORT)
    s[pb(0) + P_ASSIST_HAND] -= 2
    move_in(s, 0, q, 3)
    assert s[G_PHASE] == PH_PORT
    assert s[G_ACT_POWER] == 3
    assert inv.check_state(s, DATA, KNOBS) == inv.OK
    s[pb(0) + P_ASSIST_HAND] -= 1  # one more assistant from hand into the area: 4 pieces, power 3
    s[qb(q) + Q_ASSIST + 0] += 1
    assert inv.check_state(s, DATA, KNOBS) == inv.ERR_POWER


def test_play_checked_reports_a_game_that_outlasts_the_step_guard():
    stats = np.zeros(3, np.int64)
    assert inv.play_checked(SEED, 0, 1, 2, DATA, KNOBS, 10, stats) == (0, 10, inv.ERR_STEP_LIMIT)


def test_every_code_has_a_message():
    codes = [v for name, v in vars(inv).items() if name.startswith("ERR_")]
    assert len(codes) == len(set(codes))
    assert all(c in inv.MESSAGES for c in codes)
