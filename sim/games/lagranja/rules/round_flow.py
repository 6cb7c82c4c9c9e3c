"""La Granja's round: the flow of steps, `resume` (what an effect still owes before the flow goes on), turn
order, farm steps 2-3 (income, growth, piglets) and the siesta step.

RULES.md "The game as modelled" (the round), "Steps 2-3", "Transport phase".
"""

import numpy as np
from numba import njit

from sim.games.lagranja.layout import (
    B_DELI,
    B_GROCER,
    B_MERCHANT,
    B_WAINWRIGHT,
    FL_DELIVER,
    FL_DICE,
    FL_DONKEY,
    FL_EXTRA,
    FL_INCOME,
    FL_LEFTOVER,
    FL_PLAY,
    FL_ROOF,
    FL_SCORING,
    G_ACTED,
    G_CUR,
    G_DELIV_LEFT,
    G_DELIV_RES,
    G_EXTRA_FREE,
    G_FLOW,
    G_GAIN_DISTINCT,
    G_GAIN_MASK,
    G_GAIN_N,
    G_GAIN_TAKEN,
    G_LEFTOVER,
    G_MKT_VALUE,
    G_OPT_KIND,
    G_ORDER,
    G_PAID_LEFT,
    G_PAY_LEFT,
    G_PEON,
    G_PHASE,
    G_PIG,
    G_PLAYERS,
    G_PLAYS_LEFT,
    G_REPLACE,
    G_ROBOT_PLACED,
    G_ROUND,
    G_SOLO_FIRST,
    G_TRADE,
    G_TURN,
    G_UPG_LEFT,
    G_XPLAY,
    G_XPLAY_SIDES,
    H_EXTRA_DELIVERY,
    H_EXTRA_PLAY,
    H_FOREMAN,
    H_FREE_EXTRA,
    H_HARVEST_HAND,
    H_INCOME_HARVEST,
    H_INCOME_SILVER,
    H_PIG_BREEDER,
    H_WAGONER,
    MAX_HAND,
    MAX_PLAYERS,
    N_HARVEST,
    N_RES,
    OPT_CARD,
    OPT_NONE,
    OPT_PEON,
    P_BRED,
    P_DEN,
    P_DICE,
    P_DONKEY,
    P_DONKEY_USED,
    P_EXT_DELIVERY,
    P_EXT_INCOME,
    P_FIELD_EXTRA,
    P_FIELD_GOODS,
    P_FIELDS,
    P_HAND_N,
    P_SIESTA,
    P_SILVER,
    P_STACK,
    PH_DELIVER,
    PH_DISCARD,
    PH_DONKEY,
    PH_EXTRA,
    PH_GAIN,
    PH_GAME_OVER,
    PH_MARKET,
    PH_OPTION,
    PH_PAY,
    PH_PLAY,
    PH_REPLACE,
    PH_ROOF,
    PH_UPGRADE,
    PH_XPLAY,
)
from sim.games.lagranja.params import (
    K_EXTRA_DELIVERIES,
    K_EXTRA_UPFRONT,
    K_FIRST_PLAYS,
    K_MERCHANT_SILVER,
    K_ROBOT_TIMING,
)
from sim.games.lagranja.rules.common import (
    HARVEST_MASK,
    RESOURCE_MASK,
    any_resource,
    craft_active,
    gain,
    hand_limit,
    helper_amount,
    helper_slot,
    order_seat,
    pb,
    pig_capacity,
    take_marker,
)
from sim.games.lagranja.rules.effects import ask_gain, resolve_face
from sim.games.lagranja.rules.farm import can_draw, draw_to_hand
from sim.games.lagranja.rules.revenue import dice_flow, roll_dice
from sim.games.lagranja.rules.roofs import roof_offered
from sim.games.lagranja.rules.scoring import scoring
from sim.games.lagranja.rules.transport import advance_siesta, any_hex, any_stall_hex, robot_place


@njit(cache=True)
def next_turn(s, n_turns, next_flow):
    s[G_TURN] += 1
    s[G_ACTED] = 0
    s[G_PEON] = 0
    if s[G_TURN] >= n_turns:
        s[G_TURN] = 0
        s[G_FLOW] = next_flow


@njit(cache=True)
def gain_possible(s, p):
    for g in range(N_RES):  # noqa: SIM110 (numba: a plain loop)
        if (s[G_GAIN_MASK] >> g) & 1 and not (s[G_GAIN_DISTINCT] and (s[G_GAIN_TAKEN] >> g) & 1):
            return True
    return False


@njit(cache=True)
def resume(s, d, k):
    """Set the next decision: first what an effect still owes the current player, then the round's flow."""
    while True:
        p = s[G_CUR]
        b = pb(p)
        if s[G_MKT_VALUE] > 0:
            if any_hex(s, d, k, p, s[G_MKT_VALUE]) or any_stall_hex(s, d, k, p):
                s[G_PHASE] = PH_MARKET
                return
            s[G_MKT_VALUE] = 0
            continue
        if s[G_REPLACE] >= 0:
            s[G_PHASE] = PH_REPLACE
            return
        if s[G_PAY_LEFT] > 0:
            s[G_PHASE] = PH_PAY
            return
        if s[G_GAIN_N] > 0:
            if gain_possible(s, p):
                s[G_PHASE] = PH_GAIN
                return
            s[G_GAIN_N] = 0
        if s[G_UPG_LEFT] > 0:
            if any_resource(s, p):
                s[G_PHASE] = PH_UPGRADE
                return
            s[G_UPG_LEFT] = 0
        if s[G_OPT_KIND] != OPT_NONE:
            if s[G_OPT_KIND] == OPT_CARD and s[b + P_HAND_N] == 0 and not can_draw(s):
                s[G_OPT_KIND] = OPT_NONE
            else:
                s[G_PHASE] = PH_OPTION
                return
        if s[G_XPLAY] > 0:
            if s[b + P_HAND_N] > 0:
                s[G_PHASE] = PH_XPLAY
                return
            s[G_XPLAY] = 0
            s[G_XPLAY_SIDES] = 0
        if s[G_DELIV_LEFT] > 0:
            s[G_PHASE] = PH_EXTRA if s[G_FLOW] == FL_EXTRA else PH_DELIVER
            return
        s[G_DELIV_RES] = 0
        if s[G_PEON] > 0:
            s[G_OPT_KIND] = OPT_PEON
            s[G_PHASE] = PH_OPTION
            return
        if flow(s, d, k):
            return


@njit(cache=True)
def flow(s, d, k):
    """One move of the round's flow; True when it set a decision for a player."""
    n = s[G_PLAYERS]
    fl = s[G_FLOW]
    if fl == FL_PLAY:
        p = order_seat(s, s[G_TURN])
        s[G_CUR] = p
        b = pb(p)
        if s[G_ACTED] == 0:
            s[G_PLAYS_LEFT] = (k[K_FIRST_PLAYS] if s[G_ROUND] == 1 else 1) + helper_amount(
                s, d, p, np.int64(H_EXTRA_PLAY)
            )
            s[G_ACTED] = 1
        if s[G_ACTED] == 1:
            if s[G_PLAYS_LEFT] > 0 and s[b + P_HAND_N] > 0:
                s[G_PHASE] = PH_PLAY
                return True
            while s[b + P_HAND_N] < hand_limit(s, d, k, p) and can_draw(s) and s[b + P_HAND_N] < MAX_HAND:
                draw_to_hand(s, p)
            s[G_ACTED] = 2
        if s[b + P_HAND_N] > hand_limit(s, d, k, p):
            s[G_PHASE] = PH_DISCARD
            return True
        next_turn(s, n, np.int64(FL_INCOME))
        return False
    if fl == FL_INCOME:
        p = order_seat(s, s[G_TURN])
        s[G_CUR] = p
        if s[G_ACTED] == 0:
            income(s, d, k, p)
            s[G_ACTED] = 1
            if craft_active(s, p, np.int64(B_GROCER)):
                ask_gain(s, np.int64(1), np.int64(RESOURCE_MASK), np.int64(0))
            return False
        if s[G_ACTED] == 1:
            s[G_ACTED] = 2
            h = helper_amount(s, d, p, np.int64(H_INCOME_HARVEST))
            if h > 0:
                ask_gain(s, h, np.int64(HARVEST_MASK), np.int64(0))
            return False
        next_turn(s, n, np.int64(FL_ROOF))
        return False
    if fl == FL_ROOF:
        t = s[G_TURN]
        p = order_seat(s, n - 1 - t if s[G_ROUND] == 1 else t)  # round 1: reverse turn order (seed)
        s[G_CUR] = p
        if s[G_ACTED] == 0 and roof_offered(s, d, k, p):
            s[G_PHASE] = PH_ROOF
            return True
        next_turn(s, n, np.int64(FL_DICE))
        if s[G_FLOW] == FL_DICE:
            roll_dice(s, d, k)
        return False
    if fl == FL_DICE:
        return dice_flow(s, d, k)
    if fl == FL_LEFTOVER:
        p = order_seat(s, s[G_TURN])
        s[G_CUR] = p
        if s[G_ACTED] == 0:
            s[G_ACTED] = 1
            f = s[G_LEFTOVER]
            if f > 0:
                b = pb(p)
                if s[b + P_DICE] == f or s[b + P_DICE + 1] == f:  # Foreman: the third die matches
                    s[b + P_SILVER] += helper_amount(s, d, p, np.int64(H_FOREMAN)) * (n - 1)
                resolve_face(s, d, k, p, f)
            return False
        next_turn(s, n, np.int64(FL_DONKEY))
        return False
    if fl == FL_DONKEY:
        p = order_seat(s, s[G_TURN])
        s[G_CUR] = p
        if s[G_TURN] == 0 and s[G_ACTED] == 0 and s[G_ROUND] == 4:
            for q in range(n):
                s[pb(q) + P_DONKEY_USED] = 0  # round 4: all four donkey markers again (seed)
        if n == 1 and s[G_SOLO_FIRST] == 0 and s[G_ROBOT_PLACED] == 0 and k[K_ROBOT_TIMING] == 0:
            robot_place(s, d, k)  # solo, the robot starts: it places before the player's transport phase (seed)
        if s[G_ACTED] == 0:
            s[G_PHASE] = PH_DONKEY
            return True
        next_turn(s, n, np.int64(FL_DELIVER))
        if s[G_FLOW] == FL_DELIVER:
            siesta_step(s, d)
        return False
    if fl == FL_DELIVER:
        if n == 1 and s[G_SOLO_FIRST] == 0 and s[G_ROBOT_PLACED] == 0:
            robot_place(s, d, k)  # solo.robot_timing=1: the robot places after the donkey choice, before deliveries
        p = order_seat(s, s[G_TURN])
        s[G_CUR] = p
        b = pb(p)
        if s[G_ACTED] == 0:
            s[G_ACTED] = 1
            m = s[b + P_DONKEY]
            s[G_DELIV_LEFT] = (m + 1) + helper_amount(s, d, p, np.int64(H_EXTRA_DELIVERY))
            if craft_active(s, p, np.int64(B_WAINWRIGHT)):
                s[G_DELIV_LEFT] += 1
            return False
        next_turn(s, n, np.int64(FL_EXTRA))
        return False
    if fl == FL_EXTRA:
        p = order_seat(s, s[G_TURN])
        s[G_CUR] = p
        b = pb(p)
        if s[G_ACTED] == 0:
            s[G_ACTED] = 1
            packer = helper_amount(s, d, p, np.int64(H_FREE_EXTRA))
            limit = k[K_EXTRA_DELIVERIES] + s[b + P_EXT_DELIVERY]
            s[G_EXTRA_FREE] = packer + min(limit, 2 * helper_amount(s, d, p, np.int64(H_WAGONER)))
            s[G_PAID_LEFT] = 0
            if k[K_EXTRA_UPFRONT]:
                s[G_ACTED] = 3  # first the number bought at once
                s[G_DELIV_LEFT] = 1
                s[G_PHASE] = PH_EXTRA
                return True
            s[G_DELIV_LEFT] = limit + packer
            return False
        s[G_EXTRA_FREE] = 0
        next_turn(s, n, np.int64(FL_SCORING))
        if s[G_FLOW] == FL_SCORING and n == 1 and s[G_SOLO_FIRST] == 1 and s[G_ROBOT_PLACED] == 0:
            robot_place(s, d, k)  # solo, the player starts: the robot places after the whole transport phase
        return False
    if fl == FL_SCORING:
        scoring(s, d, k)
        return False
    s[G_PHASE] = PH_GAME_OVER
    return True


@njit(cache=True)
def income(s, d, k, p):
    """Farm steps 2 and 3 for p: income, growth on every empty field, one piglet from two pigs with room, and
    the blue craft markers (seed)."""
    b = pb(p)
    s[b + P_SILVER] += s[b + P_EXT_INCOME] + helper_amount(s, d, p, np.int64(H_INCOME_SILVER))
    for g in range(N_HARVEST):
        while s[b + P_FIELD_GOODS + g] < s[b + P_FIELDS + g] and take_marker(s, k, p):
            s[b + P_FIELD_GOODS + g] += 1
    if helper_slot(s, d, p, np.int64(H_HARVEST_HAND)) >= 0:
        second_goods(s, k, p)
    pigs = s[b + P_DEN + G_PIG]
    room = pig_capacity(s, d, k, p) - pigs
    if helper_slot(s, d, p, np.int64(H_PIG_BREEDER)) >= 0 and pigs >= 3 and room >= 2:
        for _ in range(2):
            if take_marker(s, k, p):
                s[b + P_DEN + G_PIG] += 1
                s[b + P_BRED] += 1
    elif pigs >= 2 and room >= 1 and take_marker(s, k, p):
        s[b + P_DEN + G_PIG] += 1
        s[b + P_BRED] += 1
    if craft_active(s, p, np.int64(B_MERCHANT)):
        s[b + P_SILVER] += k[K_MERCHANT_SILVER]
    if craft_active(s, p, np.int64(B_DELI)):
        gain(s, d, k, p, np.int64(G_TRADE))


@njit(cache=True)
def second_goods(s, k, p):
    """Harvest Hand: a second harvest good on two fields of different crops (glossary F034); when it acts and the
    crops, ASSUMED: at growth, grapes then grain then olives, a field holding at most two."""
    b = pb(p)
    placed = 0
    for i in range(N_HARVEST):
        g = N_HARVEST - 1 - i
        if placed < 2 and s[b + P_FIELD_EXTRA + g] < s[b + P_FIELD_GOODS + g] and take_marker(s, k, p):
            s[b + P_FIELD_EXTRA + g] += 1
            placed += 1


@njit(cache=True)
def siesta_step(s, d):
    """Transport step 2: in turn order each disc moves by its donkey marker's hats (+1 with the Wainwright's
    marker); the new turn order: furthest disc first, on a shared space the upper disc first (seed)."""
    n = s[G_PLAYERS]
    for t in range(n):
        p = s[G_ORDER + t]
        b = pb(p)
        steps = 3 - s[b + P_DONKEY]
        if craft_active(s, p, np.int64(B_WAINWRIGHT)):
            steps += 1
        advance_siesta(s, d, p, steps)
    if n == 1:
        return
    seats = np.zeros(MAX_PLAYERS, np.int64)
    for i in range(n):
        seats[i] = i
    for i in range(n):
        for j in range(i + 1, n):
            a, c = pb(seats[i]), pb(seats[j])
            if s[c + P_SIESTA] > s[a + P_SIESTA] or (
                s[c + P_SIESTA] == s[a + P_SIESTA] and s[c + P_STACK] > s[a + P_STACK]
            ):
                x = seats[i]
                seats[i] = seats[j]
                seats[j] = x
    for i in range(n):
        s[G_ORDER + i] = seats[i]
