"""`playout show lagranja --json` says what happened without diffing states (issue 30, traces): every hidden draw
(cards off the deck, a reshuffle's new order, the revenue dice, the solo dice the rules take off, the leftover die)
is an event naming what came out; an action's arguments name the good's place (field or den), the roof space, the
markers a placement removes and where a Peddler's marker goes; the readable state shows what a decision still owes;
growth and piglets are events. Sources: seed 002 (farm step 1 refill, farm steps 2-3, phase II dice, solo), the
deluxe glossary (Peddler F033, Storage Builder F043, Village Elder F005), RULES.md for the readings."""

from functools import cache
from types import SimpleNamespace

import pytest

from sim.engine import Recipe, prepare
from sim.games.lagranja import rules
from sim.games.lagranja.layout import (
    FL_DICE,
    FL_ROOF,
    G_CUR,
    G_DECK,
    G_DECK_N,
    G_DELIV_LEFT,
    G_DICE,
    G_DISCARD,
    G_DISCARD_N,
    G_FLOW,
    G_MARKET,
    G_MKT_VALUE,
    G_ROOF_OPEN,
    GOODS,
    P_BARROW,
    P_BRED,
    P_DEN,
    P_DICE,
    P_FIELD_GOODS,
    P_FIELDS,
    P_HAND,
    P_HAND_N,
    P_ROOF,
    P_SILVER,
    P_STOCK,
    ROOF_FUNCTIONS,
)
from sim.games.lagranja.render import describe, events, state_json
from sim.games.lagranja.tables import D_HEX_NB, D_HEX_VALUE, D_N_HEX
from sim.trace import trace_game

from .scenario import DATA, NAMES, D, act, barrow_card, barrow_of, game, pb, phase, set_hand
from .test_helpers import dice_phase, roof_turn, with_helper


def prep(k):
    return SimpleNamespace(data=DATA, params=k)


def stepped(s, k, name):
    """Apply action `name` (legal); returns the state before it."""
    before = s.copy()
    act(s, k, name)
    return before


def of_kind(evs, kind):
    return [e for e in evs if e["event"] == kind]


def args_of(s, k, name):
    from sim.games.lagranja.actions import ACTIONS

    a = next(a for a in range(ACTIONS.size) if ACTIONS.name(a) == name)
    return describe(prep(k), s, a)[1]


def hand(s, p):
    return [int(c) for c in s[pb(p) + P_HAND : pb(p) + P_HAND + int(s[pb(p) + P_HAND_N])]]


# ================================================================ hidden draws


def test_the_refill_draws_from_the_top_of_the_deck_and_names_each_card_and_its_hand():
    """Seed 002 farm step 1: after playing, a player draws up to the hand limit (3) from the deck."""
    s, k = game(2)
    set_hand(s, 0, hand(s, 0)[:2])
    top = [int(s[G_DECK + int(s[G_DECK_N]) - 1 - i]) for i in range(3)]
    act(s, k, "play(0)")
    before = stepped(s, k, "play(0)")  # the hand is empty: three cards drawn
    drawn = of_kind(events(before, s, DATA), "card_drawn")
    assert [e["card"] for e in drawn] == [NAMES[c] for c in top]
    assert all(e["seat"] == 0 and e["to"] == "hand" for e in drawn) and sorted(hand(s, 0)) == sorted(top)


def test_an_empty_deck_reshuffles_the_discard_pile_and_the_trace_names_its_new_order():
    """RULES.md: the discard pile is reshuffled when the deck runs out (with the key dealt at setup)."""
    s, k = game(2)
    n = int(s[G_DECK_N])
    pile = [int(c) for c in s[G_DECK : G_DECK + n - 1]]
    last = int(s[G_DECK + n - 1])
    s[G_DISCARD : G_DISCARD + len(pile)] = pile
    s[G_DISCARD_N] = len(pile)
    s[G_DECK] = last
    s[G_DECK_N] = 1
    set_hand(s, 0, hand(s, 0)[:2])
    act(s, k, "play(0)")
    before = stepped(s, k, "play(0)")
    evs = [e for e in events(before, s, DATA) if e["event"] in ("card_drawn", "reshuffle")]
    new_order = [int(c) for c in s[G_DECK : G_DECK + len(pile)]][::-1]  # top first: draws take the end
    assert [e["event"] for e in evs] == ["card_drawn", "reshuffle", "card_drawn", "card_drawn"]
    assert evs[0]["card"] == NAMES[last]
    assert evs[1]["cards"] == len(pile) and evs[1]["order"] == [NAMES[c] for c in new_order]
    assert sorted(evs[1]["order"]) == sorted(NAMES[c] for c in pile)
    assert [evs[2]["card"], evs[3]["card"]] == [NAMES[c] for c in new_order[:2]]
    assert sorted(hand(s, 0)) == sorted([last, *new_order[:2]])


@cache
def traced(players: tuple[str, ...], game_index: int):
    p = prepare(Recipe("lagranja", list(players), 5, game_index + 1))
    return p, trace_game(p, game_index)


# random solo games (the robot draws), random games at 3 and 4 players, and two greedy 4-player games of seed 5 that
# reshuffle twice each (random players draw too few cards to empty the deck)
GAMES = [(("random",), 0), (("random",), 1), (("random",) * 4, 0), (("random",) * 3, 2), (("greedy",) * 4, 1),
         (("greedy",) * 4, 3)]  # fmt: skip


def test_every_card_drawn_in_played_games_is_the_next_of_the_deck_a_checker_follows_from_the_trace():
    """Starting from the dealt deck, each card_drawn is the deck's top card and each reshuffle gives the new deck:
    a checker follows every hidden draw from the events alone; the cards new in a hand are the cards drawn to it."""
    reshuffles = robot_cards = 0
    for players, g in GAMES:
        p, trace = traced(players, g)
        deck = [int(c) for c in trace.initial[G_DECK : G_DECK + int(trace.initial[G_DECK_N])]]
        for st in trace.steps:
            evs = events(st.before, st.after, p.data)
            to_hand = {q: [] for q in range(len(players))}
            for e in evs:
                if e["event"] == "reshuffle":
                    assert not deck and e["order"] is not None
                    deck = [NAMES.index(c) for c in e["order"]][::-1]
                    reshuffles += 1
                elif e["event"] == "card_drawn":
                    assert NAMES[deck.pop()] == e["card"], (g, st.index)
                    if e["to"] == "hand":
                        to_hand[e["seat"]].append(e["card"])
                    robot_cards += e["to"] == "robot"
            assert deck == [int(c) for c in st.after[G_DECK : G_DECK + int(st.after[G_DECK_N])]]
            for q in range(len(players)):
                new = sorted(set(hand(st.after, q)) - set(hand(st.before, q)))
                assert sorted(NAMES.index(c) for c in to_hand[q]) == new, (g, st.index, q)
    assert reshuffles > 0 and robot_cards > 0  # both were followed


def test_every_revenue_die_is_named_rolled_then_taken_taken_off_by_the_solo_rules_or_left_over():
    """Seed 002 phase II: 2 dice a player + 1 (solo: 5) are rolled; the players take two each; the die left over
    is everyone's. Solo: a die is taken off before or after each pick (rounds 1-3 the lowest, 4-6 the highest).
    Each die of a round's dice_rolled event is accounted for by a pick, a die_removed or the leftover_die."""
    for players, g in GAMES:
        p, trace = traced(players, g)
        n = len(players)
        rolled, taken, removed, leftover = {}, {}, {}, {}
        for st in trace.steps:
            evs = events(st.before, st.after, p.data)
            r = int(st.after[rules.G_ROUND])
            for e in of_kind(evs, "dice_rolled"):
                rolled[e["round"]] = sorted(e["faces"])
                assert len(e["faces"]) == (5 if n == 1 else 2 * n + 1)
            for e in of_kind(evs, "die_removed"):
                removed.setdefault(r, []).append(e["face"])
            for e in of_kind(evs, "leftover_die"):
                leftover[r] = e["face"]
            kind, args = describe(p, st.before, st.action)
            if kind == "take_die":
                taken.setdefault(int(st.before[rules.G_ROUND]), []).append(args["face"])
            if kind == "turn_die":  # a Migrant Laborer turns a die: the round's dice show the other face
                faces = rolled[int(st.before[rules.G_ROUND])]
                faces.remove(args["face"])
                rolled[int(st.before[rules.G_ROUND])] = sorted([*faces, args["to"]])
        assert sorted(rolled) == list(range(1, 7))
        for r, faces in rolled.items():
            assert sorted(taken[r] + removed.get(r, []) + [leftover[r]]) == faces, (players, g, r)
            assert len(removed.get(r, [])) == (2 if n == 1 else 0)
            if n == 1:  # rounds 1-3 the lowest die leaves, 4-6 the highest; the leftover die was still there
                assert all(x <= leftover[r] if r <= 3 else x >= leftover[r] for x in removed[r]), (g, r)


# ================================================================ arguments that name what they act on


def deliver_position(field: bool):
    """Seat 0 delivering to a barrow whose first good is a harvest good, holding one in the den and, if `field`,
    one on a field."""
    s, k = game(2)
    c = next(c for c in range(len(NAMES)) if barrow_of(c)[0] and barrow_of(c)[0][0] < 3)
    g = barrow_of(c)[0][0]
    b = pb(0)
    s[b + P_BARROW] = c
    s[b + P_DEN + g] = 1
    s[b + P_FIELDS + g] = 1
    s[b + P_FIELD_GOODS + g] = int(field)
    s[G_CUR] = 0
    s[G_DELIV_LEFT] = 1
    rules.resume(s, D, k)
    return s, k, c, g


def test_a_delivery_names_its_good_and_takes_a_harvest_good_from_a_field_before_the_den():
    """RULES.md: harvest goods on fields may be delivered; the rules take one from a field first (an empty field
    grows again). The trace names the place, and the kernel takes it from there."""
    for field in (True, False):
        s, k, c, g = deliver_position(field)
        args = args_of(s, k, "deliver_barrow(0)")
        assert args == {"card": NAMES[c], "notch": 0, "symbol": 0, "good": GOODS[g],
                        "from": "field" if field else "den"}  # fmt: skip
        act(s, k, "deliver_barrow(0)")
        assert s[pb(0) + P_FIELD_GOODS + g] == 0 and s[pb(0) + P_DEN + g] == (1 if field else 0)


def test_every_place_a_played_game_takes_a_good_from_is_where_the_rules_took_it():
    """Over played games: each action naming `from` (delivery, payment, upgrade, sale, helper) took its good from
    the field or the den it names, and nothing else lost one of that good."""
    seen = set()
    for players, g in GAMES:
        p, trace = traced(players, g)
        for st in trace.steps:
            kind, args = describe(p, st.before, st.action)
            if "from" not in args:
                continue
            q, good = int(st.before[G_CUR]), GOODS.index(args["good"])
            b = pb(q)
            field = (
                int(st.before[b + P_FIELD_GOODS + good]) > int(st.after[b + P_FIELD_GOODS + good]) if good < 3 else 0
            )
            if args["from"] == "den":
                assert not field, (kind, args)
            else:
                assert field or args["from"] == "field_second_good", (kind, args)
            seen.add((kind, args["from"]))
    assert {("deliver_barrow", "field"), ("deliver_barrow", "den"), ("deliver_building", "den")} <= seen


def test_a_gain_with_every_marker_in_play_names_the_den_good_whose_marker_it_reuses():
    """Seed 002 (markers.cap=1): with no marker left in the supply a player reuses one in play; RULES.md ASSUMED the
    cheapest den good's. With a marker in the supply nothing is reused."""
    for stock, reused in ((0, "grain"), (1, None)):
        s, k = with_helper("Chef")
        dice_phase(s, {3: 1, 1: 1})
        act(s, k, "take_die(2)")
        b = pb(0)
        s[b + P_STOCK] = stock
        s[b + P_DEN : b + P_DEN + 8] = 0
        s[b + P_DEN + 1] = 1  # a grain
        s[b + P_DEN + 7] = 1  # a trade commodity
        args = args_of(s, k, "gain(0)")
        assert args.get("reuses_marker_of") == reused, stock
        act(s, k, "gain(0)")
        assert s[b + P_DEN + 0] == 1 and s[b + P_DEN + 1] == (0 if reused else 1), stock


def test_the_storage_builders_roof_space_is_named_when_a_roof_is_bought():
    """Glossary F043: the Storage Builder holds a sixth roof worth 3 VP; RULES.md ASSUMED: its space is used first."""
    for helper, space, slot in (("Storage Builder", "storage_builder", 5), ("Chef", "farm_house_1", 0)):
        s, k = with_helper(helper)
        roof_turn(s, k, 2, silver=2)
        roof = ROOF_FUNCTIONS[int(s[G_ROOF_OPEN])]
        assert args_of(s, k, "buy_roof(0)") == {"function": roof, "space": space, "price": 2}, helper
        act(s, k, "buy_roof(0)")
        assert ROOF_FUNCTIONS[int(s[pb(0) + P_ROOF + slot])] == roof, helper


def removal_position(helper):
    """Seat 1 about to put a barrow's marker next to a lower one of seat 0 (who has `helper`): (state, knobs, the
    hex it removes, the hex it goes on)."""
    s, k = with_helper(helper, n=4)
    for h in range(D[D_N_HEX]):
        if s[G_MARKET + h] != 0:
            continue
        for j in range(6):
            nb = int(D[D_HEX_NB + h * 6 + j])
            if nb >= 0 and s[G_MARKET + nb] < 0 and rules.hex_open(s, D, k, nb) and D[D_HEX_VALUE + nb] > D[
                    D_HEX_VALUE + h]:  # fmt: skip
                s[G_MKT_VALUE] = D[D_HEX_VALUE + nb]
                s[G_CUR] = 1
                rules.resume(s, D, k)
                return s, k, h, nb
    raise LookupError(helper)


def test_where_a_removed_markers_peddler_moves_it_is_named_in_the_placement_and_as_an_event():
    """Glossary F033 (Peddler): its owner's removed marker moves to an adjacent empty hex instead; the rules pick
    the hex. The placement names the removal and the move; the event says the same as the kernel did."""
    for helper in ("Peddler", "Chef"):
        s, k, h, nb = removal_position(helper)
        args = args_of(s, k, f"market_hex({nb})")
        before = stepped(s, k, f"market_hex({nb})")
        assert args["hex"] == nb and {"hex": h, "owner": 0} in args["removes"]
        moved = of_kind(events(before, s, DATA), "peddler_moved")
        if helper == "Peddler":
            to = args["peddler_moves"][0]["to_hex"]
            assert args["peddler_moves"] == [{"owner": 0, "from_hex": h, "to_hex": to}] and s[G_MARKET + to] == 0
            assert to in D[D_HEX_NB + h * 6 : D_HEX_NB + h * 6 + 6] and before[G_MARKET + to] < 0
            assert moved == [{"event": "peddler_moved", "owner": 0, "from_hex": h, "to_hex": to}]
        else:
            assert args["peddler_moves"] == [] and moved == []


def test_replacing_a_notch_names_the_card_discarded_and_the_card_waiting():
    """Seed 002: with three barrows a new one needs a notch cleared first (its card discarded)."""
    s, k = game(2)
    barrows = [barrow_card(v) for v in (2, 3, 4)]
    for i, c in enumerate(barrows):
        s[pb(0) + P_BARROW + i] = c
    new = hand(s, 0)[0]
    act(s, k, "play(1)")  # hand card 0 as a barrow
    assert phase(s) == "replace"
    assert state_json(prep(k), s)["pending"]["card_waiting_for_a_notch"] == {"card": NAMES[new], "side": "barrow"}
    assert args_of(s, k, "replace_slot(1)") == {"notch": 1, "discards": NAMES[barrows[1]], "for": NAMES[new],
                                                "side": "barrow"}  # fmt: skip


def test_an_option_names_what_it_chooses_and_the_pending_state_which_choice_is_due():
    """Seed 002 phase II space 6: a delivery or 2 silver. The option decision says it answers space 6, and option
    1 is the silver the kernel pays."""
    s, k = with_helper("Chef")
    dice_phase(s, {6: 1, 1: 1})
    act(s, k, "take_die(5)")
    pending = state_json(prep(k), s)["pending"]
    assert pending["option"] == {"answers": "die6", "choices": ["a_delivery", "2_silver"]}
    assert args_of(s, k, "option(1)") == {"answers": "die6", "option": 1, "choice": "2_silver"}
    silver = int(s[pb(0) + P_SILVER])
    act(s, k, "option(1)")
    assert s[pb(0) + P_SILVER] == silver + 2 and "option" not in state_json(prep(k), s)["pending"]


def test_goods_still_owed_are_pending():
    """Seed 002 phase II space 3: two different harvest goods; after the first, one is still owed, not the same."""
    s, k = with_helper("Chef")
    dice_phase(s, {3: 1, 1: 1})
    act(s, k, "take_die(2)")
    assert state_json(prep(k), s)["pending"]["goods_to_take"] == {
        "count": 2, "of": ["olive", "grain", "grape"], "different": True, "taken": []}  # fmt: skip
    act(s, k, "gain(1)")
    assert state_json(prep(k), s)["pending"]["goods_to_take"] == {
        "count": 1, "of": ["olive", "grain", "grape"], "different": True, "taken": ["grain"]}  # fmt: skip


def test_the_village_elders_reserved_space_is_shown_and_its_reservation_is_an_event():
    """Glossary F005: the Village Elder reserves a revenue space (RULES.md: after the roll)."""
    for helper, reserved in (("Village Elder", True), ("Chef", False)):
        s, k = with_helper(helper)
        s[G_FLOW] = FL_ROOF
        before = s.copy()
        rules.roll_dice(s, D, k)
        s[G_FLOW] = FL_DICE
        f = int(s[pb(0) + rules.P_ELDER])
        shown = state_json(prep(k), s)
        assert (shown["players"][0]["village_elder_space"] == f and f > 0) == reserved, helper
        assert (shown["pending"].get("village_elder_reserves") == {"0": f}) == reserved, helper
        assert (of_kind(events(before, s, DATA), "elder_reserved") == [
            {"event": "elder_reserved", "seat": 0, "space": f}]) == reserved, helper  # fmt: skip
        rolled = of_kind(events(before, s, DATA), "dice_rolled")[0]["faces"]
        assert sorted(rolled) == sorted(f for f in range(1, 7) for _ in range(int(s[G_DICE + f])))


def test_growth_on_empty_fields_and_piglets_born_are_events():
    """Seed 002 farm steps 2-3: every empty field grows a good; two pigs with a free space have a piglet."""
    s, k = game(2)
    b = pb(0)
    s[b + P_FIELDS + 0] = 2
    s[b + P_FIELD_GOODS + 0] = 1
    s[b + P_DEN + 3] = 2
    s[b + rules.P_EXT_PIG] = 1
    before = s.copy()
    rules.income(s, D, k, 0)
    evs = events(before, s, DATA)
    assert of_kind(evs, "fields_grown") == [{"event": "fields_grown", "seat": 0, "goods": {"olive": 1}}]
    assert of_kind(evs, "piglets_born") == [{"event": "piglets_born", "seat": 0, "pigs": 1}]
    assert s[b + P_BRED] == 1


@pytest.mark.parametrize("n_players", [2, 4])
def test_the_trace_text_names_the_new_events(n_players):
    """The text names each event of the trace once: the dice rolled and the leftover die once a round (six
    rounds; 2n+1 dice of which 2n are taken), and every card drawn."""
    p, trace = traced(("random",) * n_players, 0)
    text = "\n".join(p.spec.render.text_lines(p, trace))
    kinds = [e["event"] for st in trace.steps for e in events(st.before, st.after, p.data)]
    assert kinds.count("dice_rolled") == 6 and kinds.count("leftover_die") == 6 and kinds.count("card_drawn") > 0
    assert text.count("dice rolled: [") == kinds.count("dice_rolled")
    assert text.count("leftover die: ") == kinds.count("leftover_die")
    assert text.count(" draws ") == kinds.count("card_drawn")


def test_the_dice_a_player_took_are_shown():
    s, k = with_helper("Chef")
    dice_phase(s, {4: 1, 1: 1})
    act(s, k, "take_die(3)")
    assert state_json(prep(k), s)["players"][0]["dice_taken"] == [4] and s[pb(0) + P_DICE] == 4
