"""`playout show gangsta --json` says what happened without diffing states (issue 30, traces): the cards
drawn to refill the rivers and a reshuffle's new order, arguments naming what the rules choose (an untap's
price, a pass's dollars, a theft's amount, the skill learned), the heist and the discards pending, and what
the rules did by themselves (rally, a new chapter's opening river, the final scoring)."""

import json
from types import SimpleNamespace

from cli import main
from sim.games.gangsta import rules
from sim.games.gangsta.actions import (
    A_CREW,
    A_CREW_DONE,
    A_DISCARD_HEIST,
    A_HEIST,
    A_LEARN,
    A_LOSE,
    A_PASS,
    A_RECRUIT,
    A_STEAL,
    A_UNTAP,
)
from sim.games.gangsta.layout import (
    E_ROUND_LIMIT,
    G_CHAPTER,
    G_FREE_UNTAPS,
    G_GDECK,
    G_GDECK_N,
    G_GDISCARD,
    G_GDISCARD_N,
    G_HDECK,
    G_HDECK_N,
    G_HDISCARD,
    G_HDISCARD_N,
    G_HRIVER,
    G_OPENING,
    G_PHASE,
    MAX_GANG,
    P_ENGAGED,
    P_MONEY,
    P_SKILLS,
    P_VP,
    PH_LEARN,
    PH_LOSE,
    PH_MOBILISE,
    PH_PASS_DISCARD,
    PH_THEFT,
    RIVER,
    SK_LEADER,
    SKILLS,
)
from sim.games.gangsta.params import K_PASS_MIN, K_UNTAP_COST
from sim.games.gangsta.render import describe, events, state_json
from sim.games.gangsta.tables import H_LEARN, H_SNITCH, H_THEFT

from .scenario import DATA, Game, heist, heist_field, params, pb

D = DATA.array


def prep(g):
    return SimpleNamespace(data=DATA, params=g.k)  # what describe and state_json read of a prepared run


def crew(seat, slot):
    return A_CREW + seat * MAX_GANG + slot


def step_events(g, a):
    before = g.s.copy()
    g.act(a)
    return events(before, g.s, DATA)


def of(evs, name):
    return [e for e in evs if e["event"] == name]


def test_a_gangster_drawn_to_refill_the_river_is_an_event_naming_the_card():
    g = Game(3)
    g.gangster_river([121, 122, 131, 141, 151])
    g.s[pb(0) + P_MONEY] = 20
    g.turn(0)
    top = int(g.s[G_GDECK + g.s[G_GDECK_N] - 1])
    drawn = of(step_events(g, A_RECRUIT + 2), "gangster_drawn")
    assert drawn == [{"event": "gangster_drawn", "slot": 2, "gangster": DATA.detail.card_ids[top]}]


def test_a_heist_drawn_to_refill_the_river_is_an_event_naming_the_card():
    g = Game(3)
    g.heists([201, 202, 203, 204, 205])
    g.heist_deck_top(1, [206])
    assert heist_field(206, H_SNITCH) == 0
    g.turn(0)
    g.act(A_PASS)
    assert g.s[G_PHASE] == PH_PASS_DISCARD
    drawn = of(step_events(g, A_DISCARD_HEIST + 3), "heist_drawn")
    name = DATA.detail.heist_names[heist(206)]
    assert drawn == [{"event": "heist_drawn", "slot": 3, "heist": 206, "name": name}]


def test_a_reshuffle_is_an_event_giving_the_new_order_from_the_top():
    g = Game(3)
    g.gangster_river([121, 122, 131, 141, 151])
    n = int(g.s[G_GDECK_N])
    pile = [int(c) for c in g.s[G_GDECK : G_GDECK + n]]
    g.s[G_GDISCARD : G_GDISCARD + n] = pile  # the whole deck in the discard pile: the refill reshuffles it
    g.s[G_GDISCARD_N] = n
    g.s[G_GDECK_N] = 0
    g.s[pb(0) + P_MONEY] = 20
    g.turn(0)
    evs = step_events(g, A_RECRUIT + 0)
    (shuffle,) = of(evs, "reshuffle")
    (drawn,) = of(evs, "gangster_drawn")
    left = int(g.s[G_GDECK_N])
    assert shuffle["deck"] == "gangsters" and sorted(shuffle["order"]) == sorted(DATA.detail.card_ids[c] for c in pile)
    assert shuffle["order"][0] == drawn["gangster"]  # the top card is the one drawn
    assert shuffle["order"][1:] == [DATA.detail.card_ids[int(g.s[G_GDECK + i])] for i in range(left - 1, -1, -1)]


def test_an_untap_names_its_price_free_for_a_leader_skill_else_the_untap_cost():
    g = Game(3)
    g.gang(0, [101, 121, 131], engaged=[0, 1, 1])
    g.s[pb(0) + P_MONEY] = 5
    g.turn(0, PH_MOBILISE)
    g.s[G_FREE_UNTAPS] = 1
    assert describe(prep(g), g.s, A_UNTAP + 1)[1]["cost"] == 0
    g.act(A_UNTAP + 1)
    assert g.s[pb(0) + P_MONEY] == 5
    args = describe(prep(g), g.s, A_UNTAP + 2)[1]
    g.act(A_UNTAP + 2)
    assert args == {"slot": 2, "gangster": 131, "cost": int(g.k[K_UNTAP_COST])}
    assert g.s[pb(0) + P_MONEY] == 5 - args["cost"]


def test_a_pass_names_the_dollars_the_rules_give():
    g = Game(3, k=params(pass__may_discard=0))
    g.gang(0, [101, 121])
    g.turn(0)
    leaders = int(g.s[pb(0) + P_SKILLS + SK_LEADER])
    money = int(g.s[pb(0) + P_MONEY])
    args = describe(prep(g), g.s, A_PASS)[1]
    g.act(A_PASS)
    assert args["money"] == g.s[pb(0) + P_MONEY] - money == max(leaders, int(g.k[K_PASS_MIN]))


def test_a_theft_names_the_amount_taken():
    g = Game(3)
    g.s[G_CHAPTER] = 2
    g.heists([318, 301, 302, 303, 304])  # 318: sniper, brawler x2; theft 2
    g.gang(0, [101, 123])
    g.s[pb(1) + P_MONEY] = 1
    g.turn(0)
    g.act(A_HEIST + 0)
    g.act(crew(0, 0))
    g.act(crew(0, 1))
    g.act(A_CREW_DONE)
    assert g.s[G_PHASE] == PH_THEFT
    args = describe(prep(g), g.s, A_STEAL + 1)[1]
    g.act(A_STEAL + 1)
    assert args == {"seat": 1, "amount": 1} and heist_field(318, H_THEFT) > 1


def test_learning_names_the_skill_learned_and_the_pending_heist_shows_the_reward():
    g = Game(3)
    g.heists([215, 201, 202, 203, 204])  # 215: mercenary; learn leader
    g.gang(0, [101, 152, 121])
    g.turn(0)
    g.act(A_HEIST + 0)
    pending = state_json(prep(g), g.s)["pending"]["heist"]
    assert pending["heist"] == 215 and pending["crew"] == [] and pending["missing"] == {"mercenary": 1}
    g.act(crew(0, 1))
    assert state_json(prep(g), g.s)["pending"]["heist"]["crew"] == [{"seat": 0, "slot": 1, "gangster": 152}]
    g.act(A_CREW_DONE)
    assert g.s[G_PHASE] == PH_LEARN
    assert state_json(prep(g), g.s)["pending"]["heist"]["reward"] == "learn"
    args = describe(prep(g), g.s, A_LEARN + 1)[1]
    assert args == {"slot": 1, "gangster": 152, "skill": SKILLS[heist_field(215, H_LEARN)]}
    assert args["skill"] == "leader"


def test_the_pending_state_shows_the_discards_a_snitch_is_owed():
    g = Game(3, k=params(pass__may_discard=0))
    g.heists([301, 302, 303, 304, 305])
    g.gang(1, [101, 121, 131])
    g.s[pb(1) + P_MONEY] = 1
    g.s[G_CHAPTER] = 2
    g.heist_deck_top(2, [333])
    g.s[G_HRIVER + 0] = -1
    g.turn(0)
    g.act(A_PASS)
    assert g.s[G_PHASE] == PH_LOSE
    pending = state_json(prep(g), g.s)["pending"]
    assert pending["discards"] == {"cause": "snitch", "victim": 1, "chosen_by": "victim", "still_owed_by": []}
    assert describe(prep(g), g.s, A_LOSE + 2)[1] == {"seat": 1, "slot": 2, "gangster": 131, "cause": "snitch"}


def test_a_rally_is_an_event():
    g = Game(3)
    g.s[G_CHAPTER] = 3
    g.heists([402, 401, 403, 404, 405])  # 402: mercenary, informant, sniper x2; rally
    g.gang(0, [101, 126, 134, 131], engaged=[0, 0, 0, 1])
    g.turn(0)
    g.act(A_HEIST + 0)
    g.act(crew(0, 1))
    g.act(crew(0, 2))
    evs = step_events(g, A_CREW_DONE)
    assert of(evs, "rally") == [{"event": "rally", "seat": 0}]
    assert all(g.s[pb(0) + P_ENGAGED + i] == 0 for i in range(4))
    assert of(evs, "heist_done")[0]["rewards"] == ["rally"]


def test_a_new_chapter_shows_its_opening_heist_river():
    g = Game(3)
    opening = [DATA.detail.heist_ids[int(h)] for h in g.s[G_OPENING : G_OPENING + RIVER]]
    g.gang(1, [102, 113, 114, 115])
    g.gangster_river([152, 121, 122, 131, 141])
    g.s[pb(1) + P_MONEY] = 20
    g.turn(1)
    evs = step_events(g, A_RECRUIT + 0)  # the 4th hire: chapter 2
    (chapter,) = of(evs, "chapter")
    assert chapter["chapter"] == "gangwar" and chapter["heist_river"] == opening
    assert not of(evs, "heist_drawn")  # the opening heists are no draw


def test_the_final_scoring_is_an_event_per_seat():
    g = Game(3)
    g.s[pb(0) + P_MONEY] = 30
    before = g.s.copy()
    rules.end_game(g.s, D, g.k, E_ROUND_LIMIT)
    evs = of(events(before, g.s, DATA), "final_scoring")
    assert [e["seat"] for e in evs] == [0, 1, 2]
    for e in evs:
        assert e["most_money"] + e["most_gangsters"] == g.s[pb(e["seat"]) + P_VP] - before[pb(e["seat"]) + P_VP]
    assert evs[0]["most_money"] > 0 and evs[1]["most_money"] == evs[2]["most_money"] == 0


def test_a_traced_game_names_every_card_drawn_to_the_rivers(capsys):
    main(["show", "gangsta", "--seed", "2", "--game", "5", "--players", "greedy,random,greedy", "--json"])
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    steps = {x["step"]: x for x in lines if x["type"] == "step"}
    evs = [x for x in lines if x["type"] == "event"]
    assert of(evs, "gangster_drawn") and of(evs, "heist_drawn")
    for e in of(evs, "gangster_drawn"):  # the card drawn lies where the event says, in the state after its step
        assert steps[e["step"]]["rivers"]["gangsters"][e["slot"]] == e["gangster"]
    for e in of(evs, "heist_drawn"):
        assert steps[e["step"]]["rivers"]["heists"][e["slot"]] == e["heist"]
    for e in of(evs, "reshuffle"):  # every reshuffle names its new order
        assert e["order"]


def test_a_heist_reshuffle_gives_the_new_order_the_discarded_heist_included():
    g = Game(3)
    g.heists([201, 202, 203, 204, 205])
    n = int(g.s[G_HDECK_N + 0])
    pile = [int(h) for h in g.s[G_HDECK : G_HDECK + n]]
    g.s[G_HDISCARD : G_HDISCARD + n] = pile  # chapter 1's deck in the discard pile: the refill reshuffles it
    g.s[G_HDISCARD_N] = n
    g.s[G_HDECK_N + 0] = 0
    g.turn(0)
    g.act(A_PASS)
    evs = step_events(g, A_DISCARD_HEIST + 1)  # heist 202 joins the pile before the refill
    (shuffle,) = of(evs, "reshuffle")
    (drawn,) = of(evs, "heist_drawn")
    assert shuffle["deck"] == "heists"
    assert sorted(shuffle["order"]) == sorted([202] + [DATA.detail.heist_ids[h] for h in pile])
    assert shuffle["order"][0] == drawn["heist"]
    left = int(g.s[G_HDECK_N + 0])
    assert shuffle["order"][1:] == [DATA.detail.heist_ids[int(g.s[G_HDECK + i])] for i in range(left - 1, -1, -1)]
