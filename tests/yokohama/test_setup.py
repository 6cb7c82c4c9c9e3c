"""Setup by player count (seed 000 準備, seed 001 準備/内容物; S3/S5 via NOTES.md 2.2)."""

from collections import Counter

import pytest

from sim.games.yokohama.actions import A_KEEP_ORDER
from sim.games.yokohama.layout import (
    DUMMY,
    G_ACH,
    G_ACH_CLAIMED,
    G_AGENT_SUPPLY,
    G_CHURCH,
    G_CUR,
    G_CUSTOMS,
    G_END_TRIGGER,
    G_IMPORT_SUPPLY,
    G_LAB_SLOTS,
    G_LAST_ROUND,
    G_N_POS,
    G_ORDER_DECK,
    G_ORDER_END,
    G_ORDER_TOP,
    G_PHASE,
    G_PORT_SLOTS,
    G_ROUND,
    G_STATION,
    G_SUPPLY,
    G_TECH_DECK,
    G_TECH_END,
    G_TECH_TOP,
    HAND_SLOTS,
    K_CANAL,
    K_DOCK,
    K_RESEARCH,
    MAX_CHURCH,
    MAX_CUSTOMS,
    N_ACHIEVEMENTS,
    N_COUNTRIES,
    N_GOODS,
    N_KINDS,
    N_SLOTS,
    N_TECHS,
    NONE,
    P_AGENTS,
    P_ASSIST_HAND,
    P_ASSIST_WAREHOUSE,
    P_DEALT,
    P_GOODS,
    P_IMPORTS,
    P_MONEY,
    P_N_TECHS,
    P_ORDERS_HAND,
    P_PRESIDENT,
    P_SHOPS_BUILT,
    P_SHOPS_HAND,
    P_SHOPS_WAREHOUSE,
    P_TECHS,
    P_TH_BUILT,
    P_TH_HAND,
    P_TH_WAREHOUSE,
    P_VP,
    PH_EXTRA_BEFORE,
    PH_KEEP_ORDER,
    Q_ASSIST,
    Q_CHIP,
    Q_KIND,
    Q_LOCATION,
)
from sim.games.yokohama.tables import (
    A_PILE,
    D_AGENTS,
    D_AREA_COPIES,
    D_CHIP_N,
    D_CHURCH_FAITH,
    D_CHURCH_N,
    D_CUSTOMS_IMPORTS,
    D_CUSTOMS_N,
    D_LOC_N,
    D_ORDER_N,
    D_TECH_COPIES,
    MIN_PLAYERS,
)

from .scenario import DATA, ach_field, act, knobs, legal, pb, qb, setup

PLAYER_COUNTS = (2, 3, 4)
BOARDS_BY_PLAYERS = {2: 10, 3: 14, 4: 18}  # rows 4-3-2-1, 5-4-3-2, 6-5-4-3 (NOTES 2.3)
ORDERS_BOXED = {2: 16, 3: 5, 4: 0}  # S3
BOX_GOODS = (30, 30, 40, 40)  # seed 001 内容物: copper, silk, tea, fish
BOX_IMPORTS = 23
UNLIMITED = 999  # the English rulebook, General Rules: goods and imports are not limited by the tokens


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_board_has_ten_fourteen_or_eighteen_positions(players):
    s = setup(players)
    assert s[G_N_POS] == BOARDS_BY_PLAYERS[players]


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_boards_in_play_are_those_of_the_player_count(players):
    s = setup(players)
    kinds = Counter(int(s[qb(q) + Q_KIND]) for q in range(s[G_N_POS]))
    c = players - MIN_PLAYERS
    for kind in range(N_KINDS):
        assert kinds[kind] == DATA[D_AREA_COPIES + c * N_KINDS + kind]


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_each_seat_starts_with_eight_assistants_and_two_shops_in_hand(players):
    s = setup(players)
    for p in range(players):
        b = pb(p)
        assert s[b + P_ASSIST_HAND] == 8
        assert s[b + P_SHOPS_HAND] == 2
        assert s[b + P_TH_HAND] == 0
        # the rest of the 20 assistants, 8 shops and 4 trading houses wait in the warehouse (S5)
        assert s[b + P_ASSIST_WAREHOUSE] == 20 - 8
        assert s[b + P_SHOPS_WAREHOUSE] == 8 - 2
        assert s[b + P_TH_WAREHOUSE] == 4
        assert s[b + P_SHOPS_BUILT] == 0 and s[b + P_TH_BUILT] == 0


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_start_player_has_three_yen_the_others_four(players):
    s = setup(players)
    assert s[pb(0) + P_MONEY] == 3
    for p in range(1, players):
        assert s[pb(p) + P_MONEY] == 4


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_each_seat_starts_with_one_of_each_good_and_nothing_else(players):
    s = setup(players)
    for p in range(players):
        b = pb(p)
        assert [s[b + P_GOODS + g] for g in range(N_GOODS)] == [1] * N_GOODS
        assert s[b + P_IMPORTS] == 0
        assert s[b + P_VP] == 0
        assert s[b + P_TECHS] == 0 and s[b + P_N_TECHS] == 0
        assert s[b + P_AGENTS] == 0
        assert s[b + P_PRESIDENT] == NONE
    for g in range(N_GOODS):
        assert s[G_SUPPLY + g] == UNLIMITED - players
    assert s[G_IMPORT_SUPPLY] == UNLIMITED


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_goods_and_imports_are_unlimited_unless_the_supply_knobs_use_the_box(players):
    """English rulebook, General Rules: trade goods, imports and money are not limited by the components;
    the supply.* knobs set the box's tokens (seed 001 内容物) for the other reading."""
    box = {f"supply.{g}": n for g, n in zip(("copper", "silk", "tea", "fish"), BOX_GOODS, strict=True)}
    s = setup(players, k=knobs({**box, "supply.imports": BOX_IMPORTS}))
    for g in range(N_GOODS):
        assert s[G_SUPPLY + g] == BOX_GOODS[g] - players
    assert s[G_IMPORT_SUPPLY] == BOX_IMPORTS


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_foreign_agents_start_in_the_supply(players):
    s = setup(players)
    assert [s[G_AGENT_SUPPLY + c] for c in range(N_COUNTRIES)] == [3, 2, 2, 2, 1]  # seed 001: uk usa fr de nl
    assert all(s[G_AGENT_SUPPLY + c] == DATA[D_AGENTS + c] for c in range(N_COUNTRIES))


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_orders_are_boxed_by_player_count_and_two_dealt_to_each_seat(players):
    s = setup(players)
    assert s[G_ORDER_END] == DATA[D_ORDER_N] - ORDERS_BOXED[players]
    dealt = [int(s[pb(p) + P_DEALT + i]) for p in range(players) for i in range(2)]
    boards = 1 + (1 if any(s[qb(q) + Q_KIND] == K_DOCK for q in range(s[G_N_POS])) else 0)
    on_board = [int(s[G_PORT_SLOTS + i]) for i in range(boards * N_SLOTS)]
    assert NONE not in dealt and NONE not in on_board
    # every card dealt came off the top of the shuffled deck, each once
    assert s[G_ORDER_TOP] == 2 * players + boards * N_SLOTS
    drawn = [int(s[G_ORDER_DECK + i]) for i in range(s[G_ORDER_TOP])]
    assert sorted(dealt + on_board) == sorted(drawn)
    assert len(set(drawn)) == len(drawn)
    if boards == 1:
        assert all(s[G_PORT_SLOTS + N_SLOTS + i] == NONE for i in range(N_SLOTS))
    for p in range(players):
        assert all(s[pb(p) + P_ORDERS_HAND + i] == NONE for i in range(HAND_SLOTS))


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("keep", (0, 1))
def test_each_seat_keeps_one_of_its_two_dealt_orders_in_seat_order(players, keep):
    s = setup(players)
    assert s[G_PHASE] == PH_KEEP_ORDER
    dealt = {p: [int(s[pb(p) + P_DEALT + i]) for i in range(2)] for p in range(players)}
    for p in range(players):
        assert s[G_CUR] == p
        assert legal(s) == {A_KEEP_ORDER, A_KEEP_ORDER + 1}
        act(s, A_KEEP_ORDER + keep)
        hand = [int(s[pb(p) + P_ORDERS_HAND + i]) for i in range(HAND_SLOTS)]
        assert hand == [dealt[p][keep], NONE, NONE]
        assert [s[pb(p) + P_DEALT + i] for i in range(2)] == [NONE, NONE]
    # the other card went back to the box: it is nowhere in play
    boxed = {dealt[p][1 - keep] for p in range(players)}
    in_play = {int(s[G_PORT_SLOTS + i]) for i in range(2 * N_SLOTS)}
    in_play |= {int(s[G_ORDER_DECK + i]) for i in range(s[G_ORDER_TOP], s[G_ORDER_END])}
    assert not boxed & in_play
    # then the start player's first turn begins
    assert s[G_PHASE] == PH_EXTRA_BEFORE and s[G_CUR] == 0 and s[G_ROUND] == 0


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_three_achievements_are_dealt_one_from_each_pile(players):
    s = setup(players)
    for pile in range(N_ACHIEVEMENTS):
        assert ach_field(int(s[G_ACH + pile]), A_PILE) == pile
        assert s[G_ACH_CLAIMED + pile] == 0


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_technologies_are_shuffled_and_dealt_to_the_tech_boards(players):
    s = setup(players)
    deck = [int(s[G_TECH_DECK + i]) for i in range(s[G_TECH_END])]
    copies = {t: int(DATA[D_TECH_COPIES + t]) for t in range(N_TECHS)}
    assert Counter(deck) == Counter({t: n for t, n in copies.items() if n})
    assert len(deck) == 30  # seed 001: 30 technology cards
    research = any(s[qb(q) + Q_KIND] == K_RESEARCH for q in range(s[G_N_POS]))
    boards = 2 if research else 1
    assert s[G_TECH_TOP] == boards * N_SLOTS
    assert [int(s[G_LAB_SLOTS + i]) for i in range(boards * N_SLOTS)] == deck[: boards * N_SLOTS]
    if not research:
        assert all(s[G_LAB_SLOTS + N_SLOTS + i] == NONE for i in range(N_SLOTS))


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_every_area_but_the_canal_gets_a_location_card_and_a_five_power_chip(players):
    s = setup(players)
    locations, chips = [], []
    for q in range(s[G_N_POS]):
        b = qb(q)
        if s[b + Q_KIND] == K_CANAL:
            assert s[b + Q_LOCATION] == NONE and s[b + Q_CHIP] == NONE
        else:
            locations.append(int(s[b + Q_LOCATION]))
            chips.append(int(s[b + Q_CHIP]))
        assert all(s[b + Q_ASSIST + p] == 0 for p in range(players))
    assert len(set(locations)) == len(locations) and all(0 <= c < DATA[D_LOC_N] for c in locations)
    assert len(set(chips)) == len(chips) and all(0 <= c < DATA[D_CHIP_N] for c in chips)
    assert s[G_STATION] == NONE
    assert s[G_END_TRIGGER] == 0 and s[G_LAST_ROUND] == NONE


@pytest.mark.parametrize("players", (3, 4))
def test_church_and_customs_boards_start_empty(players):
    s = setup(players)
    assert all(s[G_CHURCH + i] == NONE for i in range(MAX_CHURCH))
    assert all(s[G_CUSTOMS + i] == NONE for i in range(MAX_CUSTOMS))


def test_two_player_dummy_sits_on_church_faith_seven_and_the_first_two_import_customs_space():
    s = setup(2)
    church = [i for i in range(MAX_CHURCH) if s[G_CHURCH + i] == DUMMY]
    assert len(church) == 1 and DATA[D_CHURCH_FAITH + church[0]] == 7
    assert all(s[G_CHURCH + i] == NONE for i in range(DATA[D_CHURCH_N]) if i != church[0])
    customs = [i for i in range(MAX_CUSTOMS) if s[G_CUSTOMS + i] == DUMMY]
    two_import_spaces = [i for i in range(DATA[D_CUSTOMS_N]) if DATA[D_CUSTOMS_IMPORTS + i] == 2]
    assert customs == two_import_spaces[:1]
    assert all(s[G_CUSTOMS + i] == NONE for i in range(DATA[D_CUSTOMS_N]) if i != customs[0])
