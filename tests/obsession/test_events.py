"""The round track's events (seed 003 イベント; R2): the village fair, the objective draw, the Builders' Holiday,
the National Holiday; monuments and the Servants' Hall in step 2; the start player's move each round."""

import pytest

from sim.games.obsession import rules
from sim.games.obsession.actions import A_BUY, A_HALL, A_HALL_SKIP, A_OBJ_DISCARD, A_PASS, A_RENT
from sim.games.obsession.layout import (
    F_END_ROUND,
    G_FIRST,
    G_FLOW,
    G_ROUND,
    MAX_PLAYERS,
    P_MONEY,
    P_OBJ_N,
    P_REP,
    SV_FOOTMAN,
)

from .scenario import D, Game, params


def test_a_village_fair_pays_a_flipped_private_study_two_reputation_and_300_pounds():
    g = Game(3)
    g.flip(0, "Private Study")
    g.money(0, 0)
    g.money(1, 0)
    g.start_turn(0, round_=3)
    assert g.p(0, P_MONEY) == 300 and g.p(0, P_REP) == 2
    g.start_turn(1, round_=3)  # Cavendish's Study is not flipped: nothing
    assert g.p(1, P_MONEY) == 0 and g.p(1, P_REP) == 3


def test_there_is_no_fair_on_other_rounds():
    g = Game(3)
    g.flip(0, "Private Study")
    g.money(0, 0)
    g.start_turn(0, round_=2)
    assert g.p(0, P_MONEY) == 0


def test_an_objective_draw_round_draws_two_then_one_objective_is_discarded():
    g = Game(3)
    before = g.p(0, P_OBJ_N)
    g.start_turn(0, round_=6)
    assert g.phase == "objective_discard" and g.p(0, P_OBJ_N) == before + 2
    g.act(A_OBJ_DISCARD)
    assert g.p(0, P_OBJ_N) == before + 1 and g.phase == "main"


def test_with_the_second_edition_reading_both_objectives_drawn_are_kept():
    g = Game(3, k=params(objectives__draw_discard=0))
    before = g.p(0, P_OBJ_N)
    g.start_turn(0, round_=6)
    assert g.phase == "main" and g.p(0, P_OBJ_N) == before + 2


def test_the_builders_holiday_allows_as_many_purchases_as_a_player_can_pay():
    g = Game(3)
    g.market(["Kitchen Garden", "Card Room", "Morning Room", "Library", "Kennels", "Music Room"])
    g.deck(0, hand=[])
    g.start_turn(0, round_=11)
    g.act(A_PASS)
    g.act(A_RENT)
    g.money(0, 5000)
    for name in ("Kitchen Garden", "Card Room", "Morning Room"):
        g.buy(name)
    assert {"Kitchen Garden", "Card Room", "Morning Room"} <= set(g.estate_names(0))
    assert any(A_BUY <= a < A_BUY + 6 for a in g.legal())


def test_on_the_national_holiday_reputation_does_not_limit_tiles_or_guests():
    g = Game(3)
    g.estate(0, ["Observatory"])  # prestige rating 6, two prestige guests
    g.deck(0, hand=["Duke of Langford", "Marquess of Thornhill", "Lord Asquith"])  # both PR 6
    g.set_servants(0, butler=1, valet=2, underbutler=1)
    g.reputation(0, 1)
    g.start_turn(0, round_=13)
    assert not g.host_legal(0, "Observatory")
    g.start_turn(0, round_=14)
    assert g.host_legal(0, "Observatory")
    g.host("Observatory")
    assert g.guest_legal("Duke of Langford") and g.guest_legal("Marquess of Thornhill")


def test_each_monument_gives_one_reputation_at_the_start_of_its_owners_turn():
    g = Game(3)
    g.estate(0, ["Fountain", "Obelisk"])
    g.reputation(0, 1)
    g.start_turn(0, round_=2)
    assert g.p(0, P_REP) == 2


def test_the_servants_hall_lets_an_available_servant_gossip_minus_one_for_the_target_plus_one_for_the_owner():
    g = Game(3)
    g.estate(0, ["Servants' Hall"])
    g.set_servants(0, footman=1, butler=1)
    g.reputation(0, 2)
    g.reputation(2, 2)
    g.start_turn(0, round_=2)
    assert g.phase == "hall" and A_HALL_SKIP in g.legal()
    assert A_HALL + SV_FOOTMAN * MAX_PLAYERS + 0 not in g.legal()  # never oneself
    g.act(A_HALL + SV_FOOTMAN * MAX_PLAYERS + 2)
    assert g.p(0, P_REP) == 6 and g.p(2, P_REP) == 4
    assert g.servants(0, "expended")["footman"] == 1 and g.phase == "main"


def test_the_servants_hall_is_skipped_without_an_available_servant():
    g = Game(3)
    g.estate(0, ["Servants' Hall"])
    g.set_servants(0)
    g.start_turn(0, round_=1)
    assert g.phase == "main"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_start_player_moves_to_the_next_seat_every_round(players):
    g = Game(players)
    seen = []
    for _ in range(6):
        seen.append((int(g.s[G_ROUND]), int(g.s[G_FIRST])))
        g.s[G_FLOW] = F_END_ROUND
        rules.advance(g.s, D, g.k)
        while g.phase != "main":  # a courtship round (round 4) resolves, and counts as a round too
            g.act(min(g.legal()))
    assert [r for r, _ in seen] == [1, 2, 3, 5, 6, 7]
    assert all(first == (r - 1) % players for r, first in seen)


def test_with_the_rulebook_reading_the_start_player_passes_counterclockwise_after_a_season():
    g = Game(3, k=params(turn__first_player=1))
    g.s[G_ROUND] = 3
    g.s[G_FLOW] = F_END_ROUND
    rules.advance(g.s, D, g.k)  # round 3 -> 4: no change
    assert int(g.s[G_FIRST]) == 0 and int(g.s[G_ROUND]) == 4
    while int(g.s[G_ROUND]) == 4:  # the courtship round, then the next season
        g.act(min(g.legal()))
    assert int(g.s[G_ROUND]) == 5 and int(g.s[G_FIRST]) == 2
