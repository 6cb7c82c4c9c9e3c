"""A standard turn (seed 003 steps 1-8): service rotation, hosting an activity (prestige rating, servant, the
exact guests asked for, their service with the housekeeper, footman and underbutler stand-ins), favours in
order (pounds, reputation, invitations and dismissals, hiring), clearing the board, and passing."""

import pytest

from sim.games.obsession import rules
from sim.games.obsession.actions import (
    A_ATTACK,
    A_DISMISS_SKIP,
    A_HIRE,
    A_HOST,
    A_KEEP,
    A_PASS,
    A_PASS_REFRESH,
    A_RECRUIT,
    A_RENT,
    A_USE_VPC,
    A_WIFE_DISMISS,
    A_WIFE_LOOK,
)
from sim.games.obsession.layout import (
    CS_DISCARD,
    CS_HAND,
    G_CASUAL,
    G_CASUAL_N,
    G_PRESTIGE,
    G_PRESTIGE_N,
    G_SUPPLY,
    P_MONEY,
    P_REP,
    P_VPC_N,
    SV_FOOTMAN,
    SV_MAID,
    SV_VALET,
)
from sim.games.obsession.tables import (
    C_ATTACK,
    C_CASUAL,
    C_MONEY,
    C_PRESTIGE,
    C_REP,
    S_CASUAL,
    S_MONEY,
    S_PRESTIGE,
    S_REP,
    V_AMOUNT,
    vpc_base,
)

from .scenario import DATA, D, Game, card, gentry_field, params, tile_field


def ready(g, seat=0, hand=(), discard=(), level=1, **available):
    """A fresh turn for `seat` (any activity under way is dropped) with this deck, level and available service."""
    rules.end_activity(g.s)
    g.set_servants(seat, "busy")
    g.deck(seat, hand=list(hand), discard=list(discard))
    g.reputation(seat, level)
    g.set_servants(seat, **(available or {"butler": 1, "housekeeper": 1, "valet": 1, "ladys_maid": 1, "footman": 1}))
    g.start_turn(seat)


# ---------------------------------------------------------------- step 1: service rotation


def test_rotation_moves_the_quarters_to_available_and_the_expended_to_the_quarters():
    g = Game(3)
    g.set_servants(0, "available", butler=1)
    g.set_servants(0, "expended", valet=1)
    g.set_servants(0, "quarters", footman=2)
    g.start_turn(0, round_=2)
    assert g.servants(0)["footman"] == 2 and g.servants(0)["butler"] == 1
    assert g.servants(0, "quarters")["valet"] == 1 and sum(g.servants(0, "expended").values()) == 0


def test_there_is_no_rotation_in_round_1():
    g = Game(3)
    g.set_servants(0, "expended", valet=1)
    g.set_servants(0, "quarters", footman=1)
    g.start_turn(0, round_=1)
    assert g.servants(0, "expended")["valet"] == 1 and g.servants(0, "quarters")["footman"] == 1


# ---------------------------------------------------------------- step 3: which activities can be hosted


def test_an_activity_needs_the_tiles_prestige_rating_within_the_reputation_level():
    g = Game(3)
    g.estate(0, ["Music Room"])  # PR 4, five guests, the butler
    hand = ["Lord Asquith", "Lady Asquith", "Asquith heir", "Miss Asquith", "Dowager Countess Asquith"]
    ready(g, hand=hand, level=3)
    assert not g.host_legal(0, "Music Room")
    ready(g, hand=hand, level=4)
    assert g.host_legal(0, "Music Room")


def test_service_and_monument_tiles_are_never_hosted():
    g = Game(3)
    g.estate(0, ["Barn", "Fountain"])
    ready(g, hand=["Lord Asquith", "Lady Asquith", "Asquith heir", "Miss Asquith"], level=7)
    assert not g.host_legal(0, "Barn") and not g.host_legal(0, "Fountain")
    assert g.host_legal(0, "Butler's Room")  # the one service tile that is played


def test_an_activity_needs_the_servant_on_its_tile():
    g = Game(3)
    ready(g, hand=["Lord Asquith", "Asquith heir"], footman=0, butler=1)
    assert not g.host_legal(0, "Bowling Green")  # a footman's activity
    ready(g, hand=["Lord Asquith", "Asquith heir"], footman=1)
    assert g.host_legal(0, "Bowling Green")


def test_an_activity_needs_the_exact_number_and_type_of_guests():
    g = Game(3)
    ready(g, hand=["Lord Asquith", "Lady Asquith"])  # one gentleman only
    assert not g.host_legal(0, "Bowling Green")  # two gentlemen
    assert g.host_legal(0, "Gazebo")  # two gentry of any kind
    ready(g, hand=["Lord Asquith", "Asquith heir", "Lady Asquith"])
    g.host("Bowling Green")
    assert not g.guest_legal("Lady Asquith")
    g.guest("Lord Asquith")
    assert g.phase == "guests"
    g.guest("Asquith heir")
    assert g.phase != "guests"


def test_the_private_study_is_for_the_family_only():
    g = Game(3)
    ready(g, hand=["Lord Asquith", "Mr. Arthur Lyle", "Rev. Thomas Hale"])
    assert not g.host_legal(0, "Private Study")
    ready(g, hand=["Lord Asquith", "Lady Asquith", "Rev. Thomas Hale"])
    g.host("Private Study")
    assert not g.guest_legal("Rev. Thomas Hale")


def test_a_guest_above_the_reputation_level_cannot_attend():
    g = Game(3)
    ready(g, hand=["Lord Asquith", "Hon. Albert Plantagenet", "Lady Asquith"], level=2)  # Albert: PR 3
    g.host("Gazebo")
    assert not g.guest_legal("Hon. Albert Plantagenet")
    ready(g, hand=["Lord Asquith", "Hon. Albert Plantagenet", "Lady Asquith"], level=3)
    g.host("Gazebo")
    assert g.guest_legal("Hon. Albert Plantagenet")


def test_family_and_the_fairchilds_count_as_prestige_rating_1():
    g = Game(3)
    ready(g, hand=["Charles Fairchild", "Lord Asquith"], level=1)
    g.host("Bowling Green")
    assert g.guest_legal("Charles Fairchild")


def test_cards_in_the_discard_pile_cannot_attend():
    g = Game(3)
    ready(g, hand=["Lord Asquith"], discard=["Asquith heir"])
    assert not g.host_legal(0, "Bowling Green")


# ---------------------------------------------------------------- step 5: service


def test_every_guest_needs_its_own_servant():
    g = Game(3)
    ready(g, hand=["Capt. Henry Dunn", "Sir Walter Grey"], footman=1, valet=1)  # two valets' guests
    assert not g.host_legal(0, "Bowling Green")
    ready(g, hand=["Capt. Henry Dunn", "Sir Walter Grey"], footman=1, valet=2)
    g.host("Bowling Green")
    g.guest("Capt. Henry Dunn")
    g.guest("Sir Walter Grey")
    assert g.servants(0, "expended") == {**dict.fromkeys(g.servants(0), 0), "footman": 1, "valet": 2}


def test_the_housekeeper_stands_in_for_a_ladys_maid_only_when_none_is_available():
    g = Game(3)
    ready(g, hand=["Mrs. Edith Marsh", "Lady Asquith"], footman=1, housekeeper=1, ladys_maid=0)
    g.host("Gazebo")
    g.guest("Mrs. Edith Marsh")  # a lady's maid's guest, served by the housekeeper
    assert g.servants(0, "busy")["housekeeper"] == 1
    ready(g, hand=["Mrs. Edith Marsh", "Lady Asquith"], footman=1, housekeeper=1, ladys_maid=1)
    g.host("Gazebo")
    g.guest("Mrs. Edith Marsh")
    assert g.servants(0, "busy")["ladys_maid"] == 1 and g.servants(0, "busy")["housekeeper"] == 0


def test_a_footman_stands_in_for_a_valet_only_with_the_brushing_room():
    g = Game(3)
    ready(g, hand=["Capt. Henry Dunn", "Lady Asquith"], footman=2, valet=0)
    assert not g.host_legal(0, "Gazebo")
    g.estate(0, ["Brushing Room"])
    ready(g, hand=["Capt. Henry Dunn", "Lady Asquith"], footman=2, valet=0)
    g.host("Gazebo")
    g.guest("Capt. Henry Dunn")
    assert g.servants(0, "busy")["footman"] == 2
    ready(g, hand=["Capt. Henry Dunn", "Lady Asquith"], footman=2, valet=1)
    g.host("Gazebo")
    g.guest("Capt. Henry Dunn")
    assert g.servants(0, "busy")["valet"] == 1 and g.servants(0, "busy")["footman"] == 1


def test_the_underbutler_serves_as_butler_valet_or_footman():
    g = Game(3)
    ready(g, hand=["Lord Asquith", "Lady Asquith"], underbutler=1)
    g.host("Private Study")  # the butler's activity
    assert g.servants(0, "busy")["underbutler"] == 1
    ready(g, hand=["Capt. Henry Dunn", "Lord Asquith"], underbutler=1, footman=1)
    g.host("Bowling Green")
    g.guest("Capt. Henry Dunn")  # a valet's guest
    assert g.servants(0, "busy") == {**dict.fromkeys(g.servants(0), 0), "footman": 1, "underbutler": 1}
    ready(g, hand=["Lord Asquith", "Asquith heir"], underbutler=1)
    assert g.host_legal(0, "Bowling Green")  # the footman's activity


def test_the_guest_choices_always_leave_the_activity_completable():
    g = Game(3)
    # Gazebo: footman + two gentry; one valet: only one of the two valets' guests can come
    ready(g, hand=["Capt. Henry Dunn", "Sir Walter Grey", "Lord Asquith"], footman=1, valet=1)
    g.host("Gazebo")
    g.guest("Capt. Henry Dunn")
    assert not g.guest_legal("Sir Walter Grey") and g.guest_legal("Lord Asquith")


# ---------------------------------------------------------------- step 6: favours


def test_pounds_reputation_and_invitations_are_taken_from_tile_and_guests():
    """Seed 003 step 6 a-c (R2 Enjoy Favours 1-3): the pounds and reputation of tile and guests are totalled,
    and each invitation brings the top card of its deck into the active hand."""
    g = Game(3)
    tile, guests = "Gazebo", ["Miss Violet Ames", "Asquith heir"]  # the tile a prestige, Miss Ames a casual guest
    ready(g, hand=guests, level=2)
    g.money(0, 0)
    g.top_of_deck("casual", ["Mr. Hugh Daventry"])
    g.top_of_deck("prestige", ["Baron Wexley"])
    casual_n, prestige_n = int(g.s[G_CASUAL_N]), int(g.s[G_PRESTIGE_N])
    g.host(tile)
    for name in guests:
        g.guest(name)
    casual = tile_field(tile, S_CASUAL) + sum(gentry_field(x, C_CASUAL) for x in guests)
    prestige = tile_field(tile, S_PRESTIGE) + sum(gentry_field(x, C_PRESTIGE) for x in guests)
    assert casual == 1 and prestige == 1  # one of each, from the data
    assert g.p(0, P_MONEY) == tile_field(tile, S_MONEY) + sum(gentry_field(x, C_MONEY) for x in guests)
    assert g.p(0, P_REP) == 5 + tile_field(tile, S_REP) + sum(gentry_field(x, C_REP) for x in guests)
    assert g.cards(0, CS_HAND) == ["Mr. Hugh Daventry", "Baron Wexley"]  # the top cards, into the active hand
    assert int(g.s[G_CASUAL_N]) == casual_n - 1 and int(g.s[G_PRESTIGE_N]) == prestige_n - 1


def gain_reputation(g, level, position, card_="reputation 1"):
    """Seat 0 at this level and position gains a reputation card's steps on its turn (taken through `act`)."""
    g.vp_cards(0, [card_])
    g.deck(0, hand=[])
    g.start_turn(0)
    g.reputation(0, level, position)
    g.act(A_USE_VPC + g.p(0, P_VPC_N) - 1)
    return int(D[vpc_base(DATA.detail.vp_cards.index(card_)) + V_AMOUNT])


def test_reputation_past_position_5_moves_to_the_next_level_and_stops_at_max():
    """Seed 003 step 6 b: past position 5 the marker returns to 1 and the level rises; Max is the top (level
    7 standard, 9 extended: RULES.md, the reputation table)."""
    g = Game(3)
    steps = gain_reputation(g, 1, 4)
    assert steps == 2 and g.level(0) == 2 and g.p(0, P_REP) % 5 + 1 == 1  # 4 -> 5 -> level 2, position 1
    g = Game(3)
    gain_reputation(g, 7, 4)
    assert g.level(0) == 7 and g.p(0, P_REP) % 5 + 1 == 5  # Max, position 5: no further
    g = Game(3, k=params(game__extended=1))
    gain_reputation(g, 7, 4)
    assert g.level(0) == 8 and g.p(0, P_REP) % 5 + 1 == 1  # the extended game goes on to 8
    g = Game(3, k=params(game__extended=1))
    gain_reputation(g, 9, 4)
    assert g.level(0) == 9 and g.p(0, P_REP) % 5 + 1 == 5


def test_a_pauper_is_paid_from_the_activitys_pounds():
    g = Game(3)
    ready(g, hand=["Mr. Amos Tuttle", "Lord Asquith"])  # a pauper (-100) and the husband (+100)
    g.money(0, 0)
    g.host("Bowling Green")
    g.guest("Mr. Amos Tuttle")
    g.guest("Lord Asquith")
    paid = gentry_field("Mr. Amos Tuttle", C_MONEY)
    assert paid < 0
    assert g.p(0, P_MONEY) == tile_field("Bowling Green", S_MONEY) + gentry_field("Lord Asquith", C_MONEY) + paid


def test_a_pauper_cannot_attend_when_the_cost_cannot_be_paid():
    """R2 step 6: 'If the player cannot generate pounds to cover the penalty, the pauper cannot attend.'"""
    g = Game(3)
    ready(g, hand=["Mr. Amos Tuttle", "Lady Asquith", "Miss Asquith"], level=1)  # nobody brings pounds
    g.money(0, 0)
    g.host("Gazebo")  # no pounds on the tile, no reputation to borrow with
    assert not g.guest_legal("Mr. Amos Tuttle") and g.guest_legal("Lady Asquith")
    g.money(0, -gentry_field("Mr. Amos Tuttle", C_MONEY))
    assert g.guest_legal("Mr. Amos Tuttle")


def test_a_pauper_the_player_could_pay_for_alone_is_offered():
    """R2 step 6: a player must be able to pay for the paupers who attend; of two -200 paupers with 300 to
    pay from (200 held, 100 to borrow), either may come, but not both."""
    g = Game(3)
    crump, wren = "Mr. Elias Crump", "Miss Polly Wren"
    assert gentry_field(crump, C_MONEY) == gentry_field(wren, C_MONEY) == -200
    ready(g, hand=[crump, wren, "Lady Asquith"], level=1)
    g.reputation(0, 1, 3)  # 2 steps: one borrow of 100
    g.money(0, 200)
    g.host("Gazebo")
    assert g.guest_legal(crump) and g.guest_legal(wren) and g.guest_legal("Lady Asquith")
    g.guest(wren)
    assert not g.guest_legal(crump) and g.guest_legal("Lady Asquith")  # 400 to pay: too much
    g.guest("Lady Asquith")
    assert g.p(0, P_MONEY) == 0 and g.p(0, P_REP) == 2 + gentry_field(wren, C_REP)


def test_a_paupers_cost_may_be_paid_from_the_other_guests_pound_favours():
    """R2 step 6: 'a player may either use other pound favours from the activity to account for the pauper or
    use a Special Action'. With nothing held or to borrow, the husband's +200 pays the pauper's -100: the
    activity is offered and the pauper may come with him, not with a guest who brings nothing. The former
    reading (pauper.guest_pounds=0) counts only pounds held, borrowing and the tile's pounds."""
    hand = ["Mr. Amos Tuttle", "Lord Asquith", "Lady Asquith"]
    assert gentry_field("Lord Asquith", C_MONEY) + gentry_field("Mr. Amos Tuttle", C_MONEY) >= 0
    assert gentry_field("Lady Asquith", C_MONEY) == 0 and tile_field("Gazebo", S_MONEY) == 0
    g = Game(3)
    ready(g, hand=hand, level=1)
    g.money(0, 0)
    g.host("Gazebo")
    assert g.guest_legal("Mr. Amos Tuttle")
    g.guest("Mr. Amos Tuttle")
    assert g.guest_legal("Lord Asquith") and not g.guest_legal("Lady Asquith")
    g.guest("Lord Asquith")
    assert g.p(0, P_MONEY) == gentry_field("Lord Asquith", C_MONEY) + gentry_field("Mr. Amos Tuttle", C_MONEY)
    g = Game(3, k=params(pauper__guest_pounds=0))
    ready(g, hand=hand, level=1)
    g.money(0, 0)
    g.host("Gazebo")
    assert not g.guest_legal("Mr. Amos Tuttle")


def test_an_activity_only_the_guests_pounds_make_affordable_is_offered():
    """R2 step 6, the activity side: two gentlemen asked for, a pauper and the husband in hand, no pounds and
    no reputation: the husband's pounds pay, so the activity is offered; under pauper.guest_pounds=0 not."""
    hand = ["Mr. Amos Tuttle", "Lord Asquith"]
    g = Game(3)
    ready(g, hand=hand, level=1)
    g.money(0, 0)
    assert g.host_legal(0, "Bowling Green") and g.host_legal(0, "Gazebo")
    g = Game(3, k=params(pauper__guest_pounds=0))
    ready(g, hand=hand, level=1)
    g.money(0, 0)
    assert tile_field("Gazebo", S_MONEY) == 0 and not g.host_legal(0, "Gazebo")
    assert tile_field("Bowling Green", S_MONEY) >= 100 and g.host_legal(0, "Bowling Green")  # the tile pays


def test_a_pauper_may_be_paid_by_borrowing_against_reputation():
    g = Game(3)
    ready(g, hand=["Mr. Amos Tuttle", "Lady Asquith"])
    g.money(0, 0)
    g.reputation(0, 1, 3)  # 2 steps: one borrow of 100
    g.host("Gazebo")
    g.guest("Mr. Amos Tuttle")
    g.guest("Lady Asquith")
    assert g.p(0, P_MONEY) == 0 and g.p(0, P_REP) == 1  # -2 borrowing, +1 the pauper's favour


def test_the_lowest_reputation_pays_no_penalty_and_a_partial_penalty_stops_there():
    g = Game(3)
    ready(g, hand=["Miss Hawkins", "Lady Asquith"], level=1)  # Hawkins: -2 reputation
    g.host("Gazebo")
    g.guest("Miss Hawkins")
    g.guest("Lady Asquith")
    assert g.p(0, P_REP) == 0
    g = Game(3)
    ready(g, hand=["Miss Hawkins", "Lady Asquith"])
    g.reputation(0, 1, 2)
    g.host("Gazebo")
    g.guest("Miss Hawkins")
    g.guest("Lady Asquith")
    assert g.p(0, P_REP) == 0


def test_a_gossip_attacks_the_reputation_of_a_player_of_the_hosts_choice():
    g = Game(3)
    ready(g, hand=["Miss Oliver", "Lord Asquith"])  # attack 2, and -1 to the host
    g.reputation(0, 2)
    g.reputation(2, 2, 3)
    g.host("Gazebo")
    g.guest("Miss Oliver")
    g.guest("Lord Asquith")
    assert g.phase == "attack" and A_ATTACK + 0 not in g.legal()
    g.act(A_ATTACK + 2)
    attack = gentry_field("Miss Oliver", C_ATTACK)
    assert g.p(2, P_REP) == 7 - attack and g.p(0, P_REP) == 5 + gentry_field("Miss Oliver", C_REP)


@pytest.mark.parametrize(("guest", "bonus"), [("Hon. Albert Plantagenet", 2), ("Charles Fairchild", 2),
                                              ("Hon. Regina Washburn", 0), ("Lord Asquith", 0)])  # fmt: skip
def test_the_daughters_admirer_bonus_needs_a_male_prestige_guest(guest, bonus):
    g = Game(3)
    ready(g, hand=["Miss Asquith", guest], level=3)
    g.host("Gazebo")
    g.guest("Miss Asquith")
    before = g.p(0, P_REP)
    g.guest(guest)
    assert g.p(0, P_REP) - before == gentry_field(guest, C_REP) + bonus


def test_an_invitation_takes_the_top_card_of_the_deck_into_the_active_hand():
    g = Game(3)
    ready(g, hand=["Mrs. Louisa Finch", "Lord Asquith"])  # a casual invitation
    g.top_of_deck("casual", ["Mr. Jasper Crane"])
    g.host("Gazebo")  # and a prestige invitation
    top_prestige = int(g.s[G_PRESTIGE + g.s[G_PRESTIGE_N] - 1])
    g.guest("Mrs. Louisa Finch")
    g.guest("Lord Asquith")
    assert "Mr. Jasper Crane" in g.cards(0, CS_HAND)
    assert card(g.cards(0, CS_HAND)[-1]) == top_prestige


def test_the_lady_looks_at_two_casual_guests_keeps_one_and_the_other_goes_under_the_deck():
    g = Game(3)
    ready(g, hand=["Lady Asquith", "Lord Asquith"])
    g.top_of_deck("casual", ["Mr. Hugh Daventry", "Miss Violet Ames"])
    g.host("Gazebo")
    g.guest("Lady Asquith")
    g.guest("Lord Asquith")
    assert g.phase == "wife"
    g.act(A_WIFE_LOOK)
    assert g.phase == "keep_guest"
    g.act(A_KEEP + 1)  # the second one looked at (the top card was looked at first)
    assert "Mr. Hugh Daventry" in g.cards(0)
    assert int(g.s[G_CASUAL]) == card("Miss Violet Ames")  # the bottom card
    assert int(g.s[G_CASUAL_N]) >= 1


def test_the_lady_may_dismiss_a_guest_instead_never_a_family_member():
    g = Game(3)
    ready(g, hand=["Lady Asquith", "Lord Asquith"], discard=["Mr. Jasper Crane"])
    g.host("Gazebo")
    g.guest("Lady Asquith")
    g.guest("Lord Asquith")
    g.act(A_WIFE_DISMISS)
    assert g.phase == "dismiss"
    assert g.legal_names() >= {"dismiss_skip", f"dismiss({g.deck_slot(0, 'Mr. Jasper Crane')})"}
    assert f"dismiss({g.deck_slot(0, 'Lord Asquith')})" not in g.legal_names()
    g.dismiss("Mr. Jasper Crane")
    assert "Mr. Jasper Crane" not in g.cards(0, None)
    assert int(g.s[G_CASUAL]) == card("Mr. Jasper Crane")  # dismissed guests go under their deck


def test_dismissal_is_optional():
    g = Game(3)
    g.estate(0, ["English Garden"])  # invites and dismisses
    ready(g, hand=["Lord Asquith", "Asquith heir", "Capt. Henry Dunn"], discard=["Mr. Jasper Crane"], level=2)
    g.host("English Garden")
    for x in ("Lord Asquith", "Asquith heir", "Capt. Henry Dunn"):
        g.guest(x)
    assert g.phase == "dismiss"
    g.act(A_DISMISS_SKIP)
    assert "Mr. Jasper Crane" in g.cards(0, None) and g.phase == "buy"


def test_a_guest_dismissed_during_its_activity_still_gives_its_favours():
    g = Game(3)
    g.estate(0, ["English Garden"])
    ready(g, hand=["Lord Asquith", "Asquith heir", "Mr. Jasper Crane"], level=2)  # Crane: +1 rep, +100, cad
    g.money(0, 0)
    g.host("English Garden")
    for x in ("Lord Asquith", "Asquith heir", "Mr. Jasper Crane"):
        g.guest(x)
    g.dismiss("Mr. Jasper Crane")
    money = gentry_field("Lord Asquith", C_MONEY) + gentry_field("Mr. Jasper Crane", C_MONEY)
    assert g.p(0, P_MONEY) == money and "Mr. Jasper Crane" not in g.cards(0, None)


# ---------------------------------------------------------------- hiring (the Butler's Room)


def test_the_butlers_room_hires_two_servants_into_expended_service_with_the_butler():
    g = Game(3)
    ready(g, hand=[])
    supply = int(g.s[G_SUPPLY + SV_VALET])
    g.host("Butler's Room")
    assert g.phase == "hire"
    g.act(A_HIRE + 0)  # a valet
    g.act(A_HIRE + 2)  # a footman
    assert g.phase == "buy"
    assert g.servants(0, "expended") == {**dict.fromkeys(g.servants(0), 0), "butler": 1, "valet": 1, "footman": 1}
    assert int(g.s[G_SUPPLY + SV_VALET]) == supply - 1


def test_the_butlers_room_back_side_may_recruit_one_servant_from_another_player():
    g = Game(3)
    g.flip(0, "Butler's Room")
    ready(g, hand=[])
    g.set_servants(1, "quarters", ladys_maid=1)
    g.set_servants(1, "available", butler=1, housekeeper=1, ladys_maid=0)
    g.host("Butler's Room")
    legal = g.legal_names()
    assert f"recruit({1 * 3 + 1})" in legal  # seat 1's lady's maid, wherever she is
    assert f"recruit({1 * 3 + 0})" not in legal  # seat 1 has no valet; butlers are never recruited
    g.act(A_RECRUIT + 1 * 3 + 1)
    assert g.phase == "buy" and g.servants(0, "expended")["ladys_maid"] == 1
    assert g.servants(1, "quarters")["ladys_maid"] == 0


def test_hiring_is_skipped_when_nobody_is_left_for_hire():
    g = Game(3)
    for t in (SV_VALET, SV_MAID, SV_FOOTMAN):
        g.s[G_SUPPLY + t] = 0
    ready(g, hand=[])
    g.host("Butler's Room")
    assert g.phase == "buy"


def test_with_one_servant_left_for_hire_a_player_hires_that_one_and_recruits_no_second():
    g = Game(3)
    g.flip(0, "Butler's Room")
    for t in (SV_VALET, SV_MAID):
        g.s[G_SUPPLY + t] = 0
    g.s[G_SUPPLY + SV_FOOTMAN] = 1
    ready(g, hand=[])
    g.host("Butler's Room")
    g.act(A_HIRE + 2)
    assert g.phase == "buy"


# ---------------------------------------------------------------- step 8 and passing


def test_after_the_activity_guests_go_to_the_discard_pile_servants_to_expended_and_the_tile_flips():
    g = Game(3)
    ready(g, hand=["Lord Asquith", "Asquith heir", "Lady Asquith"])
    assert g.side(0, "Bowling Green") == 0
    g.host("Bowling Green")
    g.guest("Lord Asquith")
    g.guest("Asquith heir")
    assert g.cards(0, CS_DISCARD) == ["Lord Asquith", "Asquith heir"] and g.cards(0, CS_HAND) == ["Lady Asquith"]
    assert g.servants(0, "expended")["footman"] == 1 and g.side(0, "Bowling Green") == 1
    g.done_buying()
    ready(g, hand=["Lord Asquith", "Asquith heir"])
    g.host("Bowling Green")
    g.guest("Lord Asquith")
    g.guest("Asquith heir")
    assert g.side(0, "Bowling Green") == 1  # flipped once, never back


def test_passing_takes_back_the_discard_pile_refreshes_service_and_pays_the_rent():
    g = Game(3)
    g.deck(0, hand=["Lord Asquith"], discard=["Lady Asquith", "Asquith heir"])
    g.set_servants(0, "available", butler=1)
    g.set_servants(0, "quarters", footman=1)
    g.start_turn(0, round_=2)  # quarters -> available
    g.set_servants(0, "quarters", valet=1)
    g.set_servants(0, "expended", ladys_maid=1)
    g.money(0, 100)
    g.act(A_PASS)
    assert g.phase == "pass_choice"
    g.act(A_RENT)
    assert g.phase == "buy" and g.p(0, P_MONEY) == 300
    assert sorted(g.cards(0, CS_HAND)) == sorted(["Lord Asquith", "Lady Asquith", "Asquith heir"])
    assert g.servants(0)["valet"] == 1 and g.servants(0)["ladys_maid"] == 1 and g.servants(0)["footman"] == 1


def test_passing_may_refresh_the_market_instead_of_the_rent():
    g = Game(3)
    ready(g, hand=["Lord Asquith"])
    g.money(0, 100)
    before = g.market_names()
    g.act(A_PASS)
    g.act(A_PASS_REFRESH)
    assert g.p(0, P_MONEY) == 100 and g.market_names() != before


def test_passing_is_always_possible():
    g = Game(3)
    ready(g, hand=[], butler=0, housekeeper=0, valet=0, ladys_maid=0, footman=0)
    assert g.legal_names() == {"pass"} or "pass" in g.legal_names()
    assert not any(a >= A_HOST and a < A_HOST + 32 for a in g.legal())
