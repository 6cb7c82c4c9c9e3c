"""Setup: families and their start bonuses, the Wessex START tile, the starter draft, objectives, servants for
hire, the first market, the monuments in the bag, the first theme (seed 003; R2)."""

import pytest

from sim.games.obsession import rules
from sim.games.obsession.actions import A_DRAFT, A_FAMILY, A_WESSEX_TILE
from sim.games.obsession.layout import (
    CL_STARTER,
    CS_HAND,
    FAMILIES,
    G_BAG,
    G_BAG_N,
    G_CASUAL,
    G_CASUAL_N,
    G_CUR,
    G_DRAFT_N,
    G_MARKET,
    G_MARKET_N,
    G_RES_PR1_N,
    G_RES_SERVICE_N,
    G_ROUND,
    G_SUPPLY,
    G_THEMES_SHOWN,
    MARKET,
    P_DECK_N,
    P_MONEY,
    P_OBJ_N,
    P_REP,
    PH_MAIN,
    SERVANTS,
    STACK,
    TT_MONUMENT,
)
from sim.games.obsession.tables import (
    C_CLASS,
    C_VP,
    D_INST_KIND,
    K_INITIAL,
    K_MONUMENT_ROLE,
    K_TSN,
    K_TYPE,
    MR_GUARANTEED,
    MR_SUBSTITUTE,
)

from .scenario import D, Game, card, kind, params

START = ["Private Study", "Butler's Room", "Gazebo", "Parlour", "Bowling Green"]


def test_every_player_starts_with_the_five_start_tiles_five_servants_and_the_family_cards():
    g = Game(4, families=("cavendish", "ponsonby", "york", "asquith"))
    for seat in range(4):
        assert g.estate_names(seat) == START
        assert g.servants(seat)["butler"] == 1 and g.servants(seat)["housekeeper"] == 1
        assert g.servants(seat)["valet"] == 1 and g.servants(seat)["ladys_maid"] == 1
        family = g.family(seat)
        members = [c for c in g.cards(seat) if family.capitalize() in c]
        assert len(members) == (5 if family == "asquith" else 4)


def test_asquith_starts_with_a_fifth_family_member_the_dowager_worth_one_vp():
    g = Game(2, families=("asquith", "york"))
    assert "Dowager Countess Asquith" in g.cards(0)
    assert int(D[rules.gb(card("Dowager Countess Asquith")) + C_VP]) == 1
    assert len(g.cards(0)) == len(g.cards(1)) + 1


def test_cavendish_starts_at_reputation_level_1_position_4():
    g = Game(2, families=("cavendish", "york"))
    assert g.p(0, P_REP) == 3 and g.p(1, P_REP) == 0


def test_ponsonby_starts_with_300_pounds():
    g = Game(2, families=("ponsonby", "york"))
    assert g.p(0, P_MONEY) == 300 and g.p(1, P_MONEY) == 0


def test_york_starts_with_a_second_footman():
    g = Game(2, families=("york", "asquith"))
    assert g.servants(0)["footman"] == 2 and g.servants(1)["footman"] == 1


def test_the_wessex_family_is_offered_only_with_the_expansion():
    g = Game(2, setup=False)
    assert A_FAMILY + FAMILIES.index("wessex") not in g.legal()
    g = Game(2, setup=False, k=params(setup__wessex=1))
    assert A_FAMILY + FAMILIES.index("wessex") in g.legal()


@pytest.mark.parametrize(("choice", "tile"), [(0, "Breakfast Room"), (1, "Tennis Court")])
def test_wessex_adds_the_breakfast_room_or_the_tennis_court_as_an_extra_start_tile(choice, tile):
    g = Game(2, setup=False, k=params(setup__wessex=1))
    seat = int(g.s[G_CUR])
    g.act(A_FAMILY + FAMILIES.index("wessex"))
    assert g.phase == "wessex_tile" and int(g.s[G_CUR]) == seat
    g.act(A_WESSEX_TILE + choice)
    assert g.estate_names(seat) == START + [tile]


def test_families_are_chosen_from_the_seat_left_of_the_start_player_the_start_player_last():
    g = Game(3, setup=False)
    order = []
    for f in ("york", "ponsonby", "asquith"):
        order.append(int(g.s[G_CUR]))
        g.act(A_FAMILY + FAMILIES.index(f))
    assert order == [1, 2, 0]
    assert g.family(1) == "york" and g.family(0) == "asquith"
    g = Game(3, setup=False, k=params(setup__family_order=1))
    assert int(g.s[G_CUR]) == 0


def test_a_family_taken_cannot_be_chosen_again():
    g = Game(3, setup=False)
    g.act(A_FAMILY + FAMILIES.index("york"))
    assert A_FAMILY + FAMILIES.index("york") not in g.legal()


def test_families_may_be_dealt_at_random_for_experiments():
    g = Game(4, setup=False, k=params(setup__family_choice=0))
    assert g.phase == "draft"
    assert sorted(g.family(p) for p in range(4)) == sorted(FAMILIES[:4])


def test_starter_guests_are_drafted_two_each_in_snake_order_from_a_pool_of_two_per_player_plus_two():
    g = Game(3, setup=False)
    for f in ("york", "ponsonby", "asquith"):
        g.act(A_FAMILY + FAMILIES.index(f))
    assert g.phase == "draft" and int(g.s[G_DRAFT_N]) == 8
    order = []
    while g.phase == "draft":
        order.append(int(g.s[G_CUR]))
        g.act(A_DRAFT)
    assert order == [0, 1, 2, 2, 1, 0]
    starters = [c for c in g.cards(0) if D[rules.gb(card(c)) + C_CLASS] == CL_STARTER]
    assert len(starters) == 2
    assert int(g.s[G_ROUND]) == 1 and g.phase == "main" and int(g.s[G_CUR]) == 0


def test_the_undrafted_starters_are_shuffled_into_the_casual_deck():
    g = Game(2)
    starters = [c for c in range(int(D[rules.D_N_GENTRY])) if D[rules.gb(c) + C_CLASS] == CL_STARTER]
    casual = [int(x) for x in g.s[G_CASUAL : G_CASUAL + int(g.s[G_CASUAL_N])]]
    held = [card(x) for p in range(2) for x in g.cards(p, None)]
    for c in starters:
        assert casual.count(c) + held.count(c) == 1
    assert sum(held.count(c) for c in starters) == 4 and int(g.s[G_DRAFT_N]) == 0


def test_without_the_draft_two_starters_are_dealt_to_each_player():
    g = Game(4, k=params(setup__starter_draft=0))
    for p in range(4):
        starters = [c for c in g.cards(p) if D[rules.gb(card(c)) + C_CLASS] == CL_STARTER]
        assert len(starters) == 2


@pytest.mark.parametrize(("extended", "dealt"), [(0, 5), (1, 4)])
def test_five_objective_cards_are_dealt_in_the_standard_game_four_in_the_extended(extended, dealt):
    g = Game(3, k=params(game__extended=extended))
    assert [g.p(p, P_OBJ_N) for p in range(3)] == [dealt] * 3


@pytest.mark.parametrize(("players", "valets", "footmen"), [(2, 2, 4), (3, 3, 6), (4, 4, 8)])
def test_the_servants_for_hire_depend_on_the_player_count(players, valets, footmen):
    g = Game(players)
    supply = {SERVANTS[t]: int(g.s[G_SUPPLY + t]) for t in range(6)}
    assert supply["valet"] == valets and supply["ladys_maid"] == valets and supply["footman"] == footmen
    assert supply["underbutler"] == 2 and supply["butler"] == 0 and supply["housekeeper"] == 0


@pytest.mark.parametrize("seed", range(6))
def test_the_first_market_holds_six_qualifying_tiles_in_tile_sorting_order(seed):
    g = Game(4, seed=seed)
    tsn = []
    for i in range(MARKET):
        assert g.s[G_MARKET_N + i] >= 1
        stack = [int(g.s[G_MARKET + i * STACK + j]) for j in range(int(g.s[G_MARKET_N + i]))]
        kinds = {int(D[D_INST_KIND + t]) for t in stack}
        assert len(kinds) == 1  # a space holds one kind (duplicates stacked)
        k = rules.kb(kinds.pop())
        assert D[k + K_INITIAL] == 1  # PR 1-3 and four service tiles; no Servants' Hall, no monument
        tsn.append(int(D[k + K_TSN]))
    assert tsn == sorted(tsn)
    assert g.s[G_RES_SERVICE_N] == 0 and g.s[G_RES_PR1_N] == 0


def _bag_monuments(g):
    kinds = [int(D[D_INST_KIND + g.s[G_BAG + i]]) for i in range(int(g.s[G_BAG_N]))]
    kinds += [int(D[D_INST_KIND + t]) for t in g.s[G_MARKET : G_MARKET + MARKET * STACK] if t > 0]
    return [k for k in set(kinds) if D[rules.kb(k) + K_TYPE] == TT_MONUMENT]


@pytest.mark.parametrize(("players", "count"), [(2, 3), (3, 4), (4, 5)])
def test_the_bag_holds_the_sculpture_garden_and_monuments_of_choice_by_player_count(players, count):
    for seed in range(5):
        monuments = _bag_monuments(Game(players, seed=seed))
        assert len(monuments) == count
        if players < 4:
            assert kind("Sculpture Garden") in monuments
        assert kind("Garden Maze") not in monuments


def test_the_garden_maze_may_replace_the_sculpture_garden():
    monuments = _bag_monuments(Game(2, k=params(monuments__garden_maze=1)))
    assert kind("Garden Maze") in monuments and kind("Sculpture Garden") not in monuments
    assert D[rules.kb(kind("Garden Maze")) + K_MONUMENT_ROLE] == MR_SUBSTITUTE
    assert D[rules.kb(kind("Sculpture Garden")) + K_MONUMENT_ROLE] == MR_GUARANTEED


def test_the_first_theme_is_revealed_before_round_1_unless_the_courtship_is_closed():
    assert int(Game(2).s[G_THEMES_SHOWN]) == 1
    assert int(Game(2, k=params(courtship__closed=1)).s[G_THEMES_SHOWN]) == 0


def test_the_first_turn_is_the_start_players_main_decision():
    g = Game(3)
    assert int(g.s[G_ROUND]) == 1 and int(g.s[G_CUR]) == 0 and g.s[rules.G_PHASE] == PH_MAIN
    assert all(g.p(p, P_DECK_N) == len(g.cards(p, CS_HAND)) for p in range(3))
