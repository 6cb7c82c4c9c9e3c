"""`playout show obsession --json` says what happened without diffing states (issue 30, traces): VP cards by
unique names, the activity record (guest type, the level fixed at hosting, the paupers admitted), the
borrowing the rules do by themselves, and a shared win."""

import numpy as np

from sim.games.obsession import rules
from sim.games.obsession.layout import E_LAST_ROUND, G_END_TRIGGER, G_FAIRCHILD, P_REP, P_VP
from sim.games.obsession.render import activity_json, events
from sim.games.obsession.tables import C_MONEY

from .scenario import DATA, Game, gentry_field, pb


def test_every_vp_card_has_its_own_name():
    names = DATA.detail.vp_cards
    assert len(set(names)) == len(names) == 30


def test_the_activity_record_shows_guest_type_level_at_hosting_and_paupers():
    g = Game(3)
    g.deck(0, hand=["Mr. Amos Tuttle", "Lord Asquith"])
    g.set_servants(0, footman=1)
    g.reputation(0, 2)
    g.money(0, 0)
    g.start_turn(0)
    g.host("Gazebo")
    g.guest("Mr. Amos Tuttle")
    g.reputation(0, 1)  # the level is fixed at hosting (step 3): the record keeps 2
    record = activity_json(DATA, g.s)
    assert record["tile"] == "Gazebo" and record["guest_type"] == "gentry" and record["level"] == 2
    assert record["attending"] == ["Mr. Amos Tuttle"]
    assert record["paupers"] == {"Mr. Amos Tuttle": -gentry_field("Mr. Amos Tuttle", C_MONEY)}
    assert record["guests_invited"] == 1 and record["guests_to_invite"] == 1


def test_borrowing_the_rules_do_at_the_favours_is_an_event():
    g = Game(3)
    g.deck(0, hand=["Mr. Amos Tuttle", "Lady Asquith"])
    g.set_servants(0, footman=1)
    g.money(0, 0)
    g.reputation(0, 1, 3)  # 2 steps: one borrow of 100
    g.start_turn(0)
    g.host("Gazebo")
    g.guest("Mr. Amos Tuttle")
    before = g.s.copy()
    g.guest("Lady Asquith")
    borrowed = [e for e in events(before, g.s, DATA) if e["event"] == "borrowed"]
    assert borrowed == [{"event": "borrowed", "seat": 0, "pounds": 100, "automatic": True}]


def test_a_win_shared_on_every_tiebreak_is_an_event():
    g = Game(3)
    before = g.s.copy()
    after = g.s.copy()
    after[G_END_TRIGGER] = E_LAST_ROUND
    for p, (vp, rep) in enumerate([(80, 7), (75, 9), (80, 7)]):
        after[pb(p) + P_VP] = vp
        after[pb(p) + P_REP] = rep
    after[G_FAIRCHILD : G_FAIRCHILD + 2] = -1
    shared = [e for e in events(before, after, DATA) if e["event"] == "shared_win"]
    assert len(shared) == 1 and shared[0]["seats"] == [0, 2] and shared[0]["ranked_first"] == 0
    after[G_FAIRCHILD] = 2  # a Fairchild breaks the tie: no shared win
    assert not [e for e in events(before, after, DATA) if e["event"] == "shared_win"]
    scores, ranks = np.zeros(4, np.int64), np.zeros(4, np.int64)
    assert rules.final_scores(after, DATA.array, g.k, scores, ranks) == 2  # the rules agree
