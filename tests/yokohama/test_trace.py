"""`playout show yokohama --json` says what happened without diffing states (issue 30, traces): the cards
drawn to refill the boards, arguments that name the cards, spaces and walks they act on, the area action
under way, and what the rules did by themselves (country checks, System of Stock, scoring)."""

import json
from types import SimpleNamespace

from cli import main
from sim.games.yokohama.actions import (
    A_ACHIEVE,
    A_BUILD_SHOP,
    A_BUY_TECH,
    A_CHURCH_HAND,
    A_DONATE,
    A_END_EXTRA,
    A_FULFIL,
    A_KEEP_ORDER,
    A_MOVE,
    A_PORT_DONE,
    A_TAKE_CHIP,
    A_TAKE_ORDER,
    DON_GOODS,
    MAX_TECH_IMPORTS,
)
from sim.games.yokohama.layout import (
    C_YEN,
    COUNTRIES,
    G_CHURCH,
    G_ORDER_DECK,
    G_ORDER_END,
    G_ORDER_TOP,
    G_PHASE,
    G_TECH_DECK,
    G_TECH_TOP,
    GOODS,
    K_BANK,
    K_CHURCH,
    K_FISH,
    K_LAB,
    K_PORT,
    K_TEA,
    N_SLOTS,
    NONE,
    P_DEALT,
    P_FLAGS,
    P_GOODS,
    P_MONEY,
    P_PRESIDENT,
    P_TECHS,
    P_VP,
    PH_BONUS,
    PH_BUILD,
    PH_CHURCH,
    PH_EXTRA_AFTER,
    PH_MOVE,
    PH_PORT,
    Q_ASSIST,
    Q_CHIP,
    Q_LOCATION,
    T_GASLIGHT,
    T_STOCK,
    TECH_KEYS,
)
from sim.games.yokohama.params import K_PRESIDENT_FEE, K_STOCK_FLOOR
from sim.games.yokohama.render import area_names, describe, events, state_json
from sim.games.yokohama.tables import (
    D_CHIP_AMOUNT,
    D_CHIP_REWARD,
    D_CHURCH_FAITH,
    D_CHURCH_VP,
    D_LOC_SHOPS,
    D_PORT_TIER,
    load,
)

from .scenario import (
    KNOBS,
    achievement_cards,
    act,
    area_value,
    board_with,
    move_in,
    new_game,
    order_goods,
    order_of_country,
    pb,
    put_achievement,
    qb,
    score_now,
    set_hand_orders,
    set_turn,
    setup,
    tech_industry,
    tech_slot,
)
from .scenario import (
    location_reward as printed_reward,
)

DATA_SET = load()
PREP = SimpleNamespace(data=DATA_SET, params=KNOBS)  # what describe and state_json read of a prepared run


def acting_at(kind):
    s = new_game(4)
    set_turn(s, 0)
    (q,) = board_with(s, [kind])
    s[qb(q) + Q_CHIP] = NONE
    return s, q


def step_events(s, a):
    before = s.copy()
    act(s, a)
    return events(before, s, DATA_SET)


def of(evs, name):
    return [e for e in evs if e["event"] == name]


def test_an_order_drawn_to_refill_the_port_is_an_event_naming_the_card():
    s, q = acting_at(K_PORT)
    move_in(s, 0, q, 4)
    nxt = int(s[G_ORDER_DECK + s[G_ORDER_TOP]])
    act(s, A_TAKE_ORDER + 1)
    drawn = of(step_events(s, A_PORT_DONE), "order_drawn")
    assert drawn == [{"event": "order_drawn", "board": "port", "slot": N_SLOTS - 1, "order": nxt + 1}]


def test_an_order_deck_found_empty_at_the_refill_is_an_event():
    s, q = acting_at(K_PORT)
    move_in(s, 0, q, 4)
    act(s, A_TAKE_ORDER + 0)
    s[G_ORDER_TOP] = s[G_ORDER_END]
    evs = step_events(s, A_PORT_DONE)
    assert not of(evs, "order_drawn")
    assert of(evs, "order_deck_empty") == [{"event": "order_deck_empty", "board": "port", "empty_slots": [N_SLOTS - 1]}]
    assert of(evs, "end_triggered")[0]["end_trigger"] == "port_empty"


def test_a_tech_drawn_to_refill_the_laboratory_is_an_event_naming_the_card():
    s, q = acting_at(K_LAB)
    for i in range(N_SLOTS):
        s[tech_slot(0, i)] = T_GASLIGHT
    move_in(s, 0, q, tech_industry(T_GASLIGHT))
    nxt = int(s[G_TECH_DECK + s[G_TECH_TOP]])
    drawn = of(step_events(s, A_BUY_TECH + 0), "tech_drawn")
    assert drawn == [{"event": "tech_drawn", "board": "laboratory", "slot": N_SLOTS - 1, "tech": TECH_KEYS[nxt]}]


def test_a_tech_bought_names_the_card_and_the_yen_the_rules_charge():
    s, q = acting_at(K_LAB)
    for i in range(N_SLOTS):
        s[tech_slot(0, i)] = T_GASLIGHT
    s[pb(0) + P_MONEY] = 10
    move_in(s, 0, q, tech_industry(T_GASLIGHT) - 1)  # one industry point short: paid in yen
    a = A_BUY_TECH + 0 * (MAX_TECH_IMPORTS + 1)
    kind, args = describe(PREP, s, a)
    money = int(s[pb(0) + P_MONEY])
    act(s, a)
    assert kind == "buy_tech" and args["tech"] == "gaslight" and args["imports"] == 0
    assert args["area"] == "laboratory" and args["yen"] == money - s[pb(0) + P_MONEY] > 0


def test_the_move_names_the_walk_and_the_yen_the_rules_chose():
    s = new_game(4)
    set_turn(s, 0, PH_MOVE)
    a, b, c = board_with(s, [K_BANK, K_TEA, K_FISH])
    s[pb(0) + P_PRESIDENT] = a
    for x in (a, b, c):
        s[qb(x) + Q_ASSIST + 0] = 1
    s[pb(1) + P_PRESIDENT] = b  # passing it costs the president fee
    names = area_names(s)
    kind, args = describe(PREP, s, A_MOVE + c)
    money = int(s[pb(0) + P_MONEY])
    act(s, A_MOVE + c)
    assert args == {"area": names[c], "from": names[a], "through": [names[b]], "yen": KNOBS[K_PRESIDENT_FEE]}
    assert money - s[pb(0) + P_MONEY] == args["yen"]


def test_keeping_a_dealt_order_names_the_card_kept_and_the_card_boxed():
    s = setup(3)
    dealt = [int(s[pb(0) + P_DEALT + i]) for i in range(2)]
    assert state_json(PREP, s)["pending"]["choose_one_of"] == [o + 1 for o in dealt]
    kind, args = describe(PREP, s, A_KEEP_ORDER + 1)
    assert args == {"slot": 1, "order": dealt[1] + 1, "boxed": dealt[0] + 1}
    act(s, A_KEEP_ORDER + 1)


def test_an_achievement_is_named_by_its_card():
    s = new_game(4)
    set_turn(s, 0)
    card = achievement_cards(pile=1, condition=C_YEN)[0]
    put_achievement(s, 1, card)
    s[pb(0) + P_MONEY] = 99
    kind, args = describe(PREP, s, A_ACHIEVE + 1)
    act(s, A_ACHIEVE + 1)
    assert args == {"card": DATA_SET.detail.achievements[card], "pile": "B"}


def test_a_shop_built_names_the_location_card_its_space_and_reward():
    s, q = acting_at(K_FISH)
    move_in(s, 0, q, 4)
    assert s[G_PHASE] == PH_BUILD
    loc = int(s[qb(q) + Q_LOCATION])
    space = int(DATA_SET.array[D_LOC_SHOPS + loc]) - 1
    kind, args = describe(PREP, s, A_BUILD_SHOP + space)
    act(s, A_BUILD_SHOP + space)
    reward = {k: v for k, v in printed_reward(loc, space).items() if v}
    assert args == {"area": area_names(s)[q], "location_card": loc + 1, "space": space, "reward": reward}


def test_a_church_placement_names_the_space_reached_and_its_vp_is_a_scored_event():
    s, q = acting_at(K_CHURCH)
    move_in(s, 0, q, 3)
    assert s[G_PHASE] == PH_CHURCH
    act(s, A_DONATE + DON_GOODS + GOODS.index("tea"))
    faith = area_value(K_CHURCH, 3) + 1
    pending = state_json(PREP, s)["pending"]["area_action"]
    assert pending["faith"] == faith and pending["donated"] == ["tea"] and pending["power"] == 3
    kind, args = describe(PREP, s, A_CHURCH_HAND)
    assert DATA_SET.array[D_CHURCH_FAITH + args["space"]] == args["faith"] == faith
    evs = step_events(s, A_CHURCH_HAND)
    space_vp = int(DATA_SET.array[D_CHURCH_VP + args["space"]])
    assert s[G_CHURCH + args["space"]] == 0
    assert of(evs, "scored") == [{"event": "scored", "seat": 0, "source": "church", "vp": space_vp}]


def test_the_pending_state_shows_the_port_action_under_way():
    s, q = acting_at(K_PORT)
    move_in(s, 0, q, 4)
    assert s[G_PHASE] == PH_PORT
    act(s, A_TAKE_ORDER + 0)
    pending = state_json(PREP, s)["pending"]
    reached = max(int(DATA_SET.array[D_PORT_TIER + i]) for i in range(N_SLOTS) if DATA_SET.array[D_PORT_TIER + i])
    assert pending["seat"] == 0 and pending["phase"] == "port"
    assert pending["area_action"]["area"] == "port" and pending["area_action"]["orders_taken"] == 1
    assert pending["area_action"]["highest_tier"] == area_value(K_PORT, 4) <= reached
    assert pending["turn"]["president_left"] is None


def test_the_five_power_chip_is_named_with_its_reward():
    s = new_game(4)
    set_turn(s, 0)
    (q,) = board_with(s, [K_BANK])
    chip = int(s[qb(q) + Q_CHIP])
    move_in(s, 0, q, 5)
    assert s[G_PHASE] == PH_BONUS
    kind, args = describe(PREP, s, A_TAKE_CHIP)
    act(s, A_TAKE_CHIP)
    assert args["chip"] == chip + 1 and args["amount"] == DATA_SET.array[D_CHIP_AMOUNT + chip]
    assert args["reward"] == ("yen", "copper", "silk", "tea", "fish", "imports")[DATA_SET.array[D_CHIP_REWARD + chip]]


def test_a_foreign_agent_given_by_the_country_check_is_an_event():
    s = new_game(4)
    set_turn(s, 0)
    c = 0
    o = order_of_country(c)
    set_hand_orders(s, 0, [o])
    for g, n in enumerate(order_goods(o)):
        s[pb(0) + P_GOODS + g] = n
    s[pb(0) + P_FLAGS + c] = 1  # the order's flag makes two
    evs = step_events(s, A_FULFIL + 0)
    assert of(evs, "foreign_agent") == [{"event": "foreign_agent", "seat": 0, "country": COUNTRIES[c], "flags": 2}]


def test_system_of_stock_at_the_start_of_a_turn_is_an_event_not_income():
    s = new_game(4)
    s[pb(1) + P_TECHS] |= 1 << T_STOCK
    s[pb(1) + P_MONEY] = 0
    set_turn(s, 0, PH_EXTRA_AFTER)
    evs = step_events(s, A_END_EXTRA)
    floor = int(KNOBS[K_STOCK_FLOOR])
    assert of(evs, "system_of_stock") == [{"event": "system_of_stock", "seat": 1, "yen": floor}]
    assert not of(evs, "income")


def test_the_final_scoring_is_an_event_per_seat_by_source():
    s = new_game(3)
    before = s.copy()
    score_now(s)
    evs = of(events(before, s, DATA_SET), "final_scoring")
    assert [e["seat"] for e in evs] == [0, 1, 2]
    for e in evs:
        gained = sum(v for k, v in e.items() if k not in ("event", "seat"))
        assert gained == s[pb(e["seat"]) + P_VP] - before[pb(e["seat"]) + P_VP]


def test_a_traced_game_names_every_card_drawn_from_the_decks(capsys):
    main(["show", "yokohama", "--seed", "5", "--game", "2", "--players", "greedy,random,greedy,greedy", "--json"])
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    first, last = lines[0]["state"]["supply"], [x for x in lines if x["type"] == "step"][-1]["supply"]
    evs = [x for x in lines if x["type"] == "event"]
    assert len(of(evs, "order_drawn")) == first["order_deck"] - last["order_deck"] > 0
    assert len(of(evs, "tech_drawn")) == first["tech_deck"] - last["tech_deck"] > 0
    for e in of(evs, "order_drawn"):  # the card drawn lies where the event says, in the state after its step
        step = next(x for x in lines if x["type"] == "step" and x["step"] == e["step"])
        assert step["boards"]["order_slots"][("port", "dock").index(e["board"])][e["slot"]] == e["order"]
