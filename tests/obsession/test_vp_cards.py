"""Victory point cards (seed 003 求愛; R2 glossary): kept face down for their VP, or revealed on one's own turn
for their favour instead (the VP are then lost)."""

import pytest

from sim.games.obsession.actions import A_BUY, A_KEEP, A_PASS, A_RENT, A_USE_VPC, A_VP_GUEST, A_VP_HIRE
from sim.games.obsession.layout import (
    CS_DISCARD,
    CS_HAND,
    G_OBJ_DECK,
    G_OBJ_DECK_N,
    G_PRESTIGE_N,
    G_SUPPLY,
    P_MONEY,
    P_OBJ,
    P_OBJ_N,
    P_REP,
    P_VPC_N,
    P_VPC_USED,
    SV_FOOTMAN,
)

from .scenario import Game


def holding(name, phase="main", seat=0):
    g = Game(3)
    g.vp_cards(seat, [name])
    g.deck(seat, hand=["Lord Asquith"], discard=["Asquith heir"])
    g.start_turn(seat)
    if phase == "buy":
        g.act(A_PASS)
        g.act(A_RENT)
    return g


def test_a_vp_card_may_be_spent_for_its_favour_on_ones_turn_losing_its_vp():
    g = holding("reputation 1")
    assert A_USE_VPC in g.legal()
    g.act(A_USE_VPC)
    assert g.p(0, P_VPC_N) == 0 and g.p(0, P_VPC_USED) == 1 and g.p(0, P_REP) == 2


def test_the_money_card_pays_its_pounds():
    g = holding("money 1")
    g.money(0, 0)
    g.act(A_USE_VPC)
    assert g.p(0, P_MONEY) == 300


def test_the_prestige_card_invites_a_prestige_guest():
    g = holding("prestige_invite 1")
    deck = int(g.s[G_PRESTIGE_N])
    g.act(A_USE_VPC)
    assert int(g.s[G_PRESTIGE_N]) == deck - 1 and len(g.cards(0, CS_HAND)) == 2


@pytest.mark.parametrize("keep", [0, 1])
def test_the_objective_card_draws_two_objectives_and_keeps_one(keep):
    """R2 glossary: the two top objective cards are drawn, one is kept, the other goes under the deck."""
    g = holding("objective 1")
    held = [g.p(0, P_OBJ, i) for i in range(g.p(0, P_OBJ_N))]
    n = int(g.s[G_OBJ_DECK_N])
    deck = [int(x) for x in g.s[G_OBJ_DECK : G_OBJ_DECK + n]]
    top, second = deck[-1], deck[-2]  # drawn from the end: the top first
    g.act(A_USE_VPC)
    assert g.phase == "keep_objective" and g.legal() == {A_KEEP, A_KEEP + 1}  # a choice between the two drawn
    g.act(A_KEEP + keep)
    kept, other = (top, second) if keep == 0 else (second, top)
    assert [g.p(0, P_OBJ, i) for i in range(g.p(0, P_OBJ_N))] == [*held, kept] and g.phase == "main"
    assert int(g.s[G_OBJ_DECK_N]) == n - 1  # two drawn, one back
    assert [int(x) for x in g.s[G_OBJ_DECK : G_OBJ_DECK + n - 1]] == [other, *deck[:-2]]  # under the deck


def test_the_purchases_card_allows_as_many_purchases_as_a_builders_holiday():
    g = holding("purchases 1", phase="buy")
    g.market(["Kitchen Garden", "Card Room", "Morning Room", "Library", "Kennels", "Music Room"])
    g.money(0, 5000)
    g.act(A_USE_VPC)
    g.buy("Kitchen Garden")
    g.buy("Card Room")
    assert any(A_BUY <= a < A_BUY + 6 for a in g.legal())


def test_the_hire_card_hires_one_servant_from_the_supply():
    g = holding("hire 1")
    supply = int(g.s[G_SUPPLY + SV_FOOTMAN])
    g.act(A_USE_VPC)
    assert g.phase == "vp_hire"
    g.act(A_VP_HIRE + 2)
    assert g.servants(0, "expended")["footman"] == 1 and int(g.s[G_SUPPLY + SV_FOOTMAN]) == supply - 1
    assert g.phase == "main"


def test_the_refresh_market_card_refreshes_the_market_without_reputation():
    g = holding("refresh_market 1")
    before = g.market_names()
    rep = g.p(0, P_REP)
    g.act(A_USE_VPC)
    assert g.market_names() != before and g.p(0, P_REP) == rep


def test_the_refresh_service_card_makes_every_servant_available():
    g = holding("refresh_service 1")
    g.set_servants(0, "expended", valet=1)
    g.set_servants(0, "quarters", footman=2)
    g.act(A_USE_VPC)
    assert g.servants(0)["valet"] >= 1 and g.servants(0)["footman"] >= 2
    assert sum(g.servants(0, "quarters").values()) == 0 and sum(g.servants(0, "expended").values()) == 0


def test_the_refresh_guest_card_returns_a_guest_from_the_discard_pile_to_the_hand():
    g = holding("refresh_guest 1")
    assert g.cards(0, CS_DISCARD) == ["Asquith heir"]
    g.act(A_USE_VPC)
    assert g.phase == "vp_guest"
    g.act(A_VP_GUEST + g.deck_slot(0, "Asquith heir"))
    assert g.cards(0, CS_DISCARD) == [] and g.phase == "main"


def test_vp_cards_may_be_used_while_buying():
    g = holding("money 1", phase="buy")
    assert A_USE_VPC in g.legal()
