"""The solo game with its robot (seed 002, ソロゲーム): 5 dice, 2 roofs a round, turn-order markers 2 and 3, the
dice discarded lowest (rounds 1-3) or highest (4-6), the robot's market marker, the siesta threshold."""

from sim.games.lagranja import rules
from sim.games.lagranja.layout import (
    FL_DICE,
    FL_DONKEY,
    G_DECK,
    G_DECK_N,
    G_DICE,
    G_FLOW,
    G_MARKET,
    G_ROBOT_PLACED,
    G_ROLLS,
    G_ROOF_DECK,
    G_ROUND,
    G_SOLO_FIRST,
    G_TURN,
    P_BARROW,
    P_BARROW_FILL,
    P_DEN,
    P_SIESTA,
    P_STOCK,
    P_VP,
    P_VP_SRC,
    ROBOT,
    V_REMOVALS,
)
from sim.games.lagranja.tables import D_HEX_NB, D_HEX_START, D_HEX_VALUE, D_HEX_X, D_N_HEX

from .scenario import D, act, barrow_card, barrow_of, game, legal, pb, phase
from .test_transport import to_deliver


def test_solo_uses_5_dice_and_2_roof_markers_a_round():
    s, k = game(1)
    rules.roll_dice(s, D, k)
    assert sum(int(s[G_DICE + f]) for f in range(1, 7)) == 5
    for r in range(6):
        assert sum(1 for i in range(4) if s[G_ROOF_DECK + r * 4 + i] >= 0) == 2


def test_solo_start_markers_follow_the_drawn_turn_order_marker():
    for index in range(6):
        s, k = game(1, index=index)
        mine = 1 if s[G_SOLO_FIRST] else 2
        owners = {int(D[D_HEX_START + h]): int(s[G_MARKET + h]) for h in range(D[D_N_HEX]) if D[D_HEX_START + h]}
        assert owners[mine] == 0 and owners[3 - mine] == ROBOT


def set_dice(s, faces):
    for f in range(7):
        s[G_DICE + f] = 0
    for f in faces:
        s[G_DICE + f] += 1


def test_solo_start_player_picks_then_the_lowest_die_goes_in_rounds_1_to_3():
    s, k = game(1)
    s[G_SOLO_FIRST] = 1
    s[G_FLOW] = FL_DICE
    s[G_TURN] = 0
    s[rules.G_ACTED] = 0
    rules.roll_dice(s, D, k)
    set_dice(s, [1, 2, 4, 5, 6])
    rules.resume(s, D, k)
    act(s, k, "take_die(3)")  # the 4
    while phase(s) != "die":
        act(s, k, legal(s, k)[0])
    assert [int(s[G_DICE + f]) for f in range(1, 7)] == [0, 1, 0, 0, 1, 1]  # the 1 left


def test_solo_second_player_loses_the_highest_die_before_each_pick_in_rounds_4_to_6():
    s, k = game(1)
    s[G_SOLO_FIRST] = 0
    s[G_ROUND] = 4
    s[G_FLOW] = FL_DICE
    s[G_TURN] = 0
    s[rules.G_ACTED] = 0
    rules.roll_dice(s, D, k)
    set_dice(s, [1, 2, 4, 5, 6])
    rules.resume(s, D, k)
    assert phase(s) == "die" and [int(s[G_DICE + f]) for f in range(1, 7)] == [1, 1, 0, 1, 1, 0]


def market_pair(value):
    """From market.csv: a hex of `value` open in the solo game and a lower open neighbour of it."""
    for h in range(D[D_N_HEX]):
        if D[D_HEX_VALUE + h] == value and not D[D_HEX_X + h]:
            for j in range(6):
                x = int(D[D_HEX_NB + h * 6 + j])
                if x >= 0 and D[D_HEX_VALUE + x] < value and not D[D_HEX_X + x]:
                    return h, x
    raise LookupError(value)


def test_the_robot_places_on_its_cards_barrow_value_removing_the_players_markers():
    """Seed 002 ソロゲーム: when the robot starts, before the player's transport phase it draws a card and puts its
    marker on a hex of the card's barrow value, removing the player's markers on adjacent lower hexes. Reached
    through the flow: the robot's card is written on top of the deck and the market set at the first pick; the
    dice (all 4s) draw no card before the robot does."""
    index = next(i for i in range(6) if game(1, index=i)[0][G_SOLO_FIRST] == 0)  # the robot starts
    s, k = game(1, index=index)
    for i in range(5):
        s[G_ROLLS + i] = 4
    while phase(s) != "die":
        act(s, k, "roof_pass" if "roof_pass" in legal(s, k) else legal(s, k)[0])
    target, low = market_pair(5)
    for h in range(D[D_N_HEX]):
        s[G_MARKET + h] = -1
    s[G_MARKET + low] = 0
    s[G_DECK + int(s[G_DECK_N]) - 1] = barrow_card(5)
    stock = int(s[pb(0) + P_STOCK])
    while phase(s) == "die":
        act(s, k, "take_die(3)")
    assert phase(s) == "donkey" and s[G_ROBOT_PLACED] == 1
    robot = [h for h in range(D[D_N_HEX]) if s[G_MARKET + h] == ROBOT]
    assert len(robot) == 1 and D[D_HEX_VALUE + robot[0]] == 5
    nb = [int(D[D_HEX_NB + robot[0] * 6 + j]) for j in range(6)]
    assert low in nb and s[G_MARKET + low] == -1 and s[pb(0) + P_STOCK] == stock + 1  # the marker back


def test_the_player_removing_a_robot_marker_scores_1_vp():
    """Seed 002 ソロゲーム: the player removing a robot marker (placing next to it, one value higher or more)
    scores 1 VP, as for another player's marker."""
    target, low = market_pair(5)
    s, k, p = to_deliver(1)
    b = pb(p)
    for h in range(D[D_N_HEX]):
        s[G_MARKET + h] = -1
    s[G_MARKET + low] = ROBOT
    c = barrow_card(5)
    goods, _ = barrow_of(c)
    s[b + P_BARROW] = c
    s[b + P_BARROW_FILL] = (1 << (len(goods) - 1)) - 1
    s[b + P_DEN + goods[-1]] += 1
    act(s, k, f"deliver_barrow({len(goods) - 1})")
    assert phase(s) == "market" and f"market_hex({target})" in legal(s, k) and f"market_hex({low})" not in legal(s, k)
    vp, removals = int(s[b + P_VP]), int(s[b + P_VP_SRC + V_REMOVALS])
    act(s, k, f"market_hex({target})")
    assert s[G_MARKET + low] == -1 and s[b + P_VP] == vp + 1 and s[b + P_VP_SRC + V_REMOVALS] == removals + 1


def test_solo_siesta_space_3_or_more_makes_the_player_start_the_next_round():
    for space, first in ((2, 0), (3, 1), (5, 1)):
        s, k = game(1)
        s[pb(0) + P_SIESTA] = space
        rules.scoring(s, D, k)
        assert s[G_SOLO_FIRST] == first


def solo_transport(knobs=None, first=0):
    """The solo game at the start of round 1's transport phase, the player second (or first) in turn order."""
    s, k = game(1, knobs)
    s[G_SOLO_FIRST] = first
    s[G_FLOW] = FL_DONKEY
    s[G_TURN] = 0
    s[rules.G_ACTED] = 0
    rules.resume(s, D, k)
    return s, k


def test_the_robot_places_before_a_second_players_transport_phase():
    """Seed 002 ソロゲーム 輸送フェイズ (プレイヤーが自分の輸送フェイズを実行する前に) and EN 11.0 Game play 2
    ('before the player carries out his transportation phase'): the robot's marker is on the market when the player
    chooses its donkey marker; as start player it is not (the robot places after the whole transport phase)."""
    s, k = solo_transport()
    assert phase(s) == "donkey" and s[G_ROBOT_PLACED] == 1
    s, k = solo_transport(first=1)
    assert phase(s) == "donkey" and s[G_ROBOT_PLACED] == 0


def test_the_robot_places_after_the_donkey_choice_with_the_knob():
    """solo.robot_timing=1, the earlier reading: the robot places after the donkey choice and the siesta step,
    before the player delivers."""
    s, k = solo_transport({"solo.robot_timing": 1})
    assert phase(s) == "donkey" and s[G_ROBOT_PLACED] == 0
    act(s, k, "donkey(0)")
    assert phase(s) == "deliver" and s[G_ROBOT_PLACED] == 1
