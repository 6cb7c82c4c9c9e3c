"""La Granja's position features: what one seat's position is worth, as numbers a learned value weighs.

`features(s, d, k, seat, out)` writes `out[:N_FEATURES]` from `seat`'s point of view. A seat cannot see
(layout.py, "Hidden information"; hidden.py) the draw deck, the other seats' hands (only their size), the roof
markers of the rounds to come, the revenue dice not yet rolled (G_ROLLS is dealt at setup) and the reshuffle
key; the donkey markers the others choose in the same step are not looked at either. The features read none of
those: the seat's own hand size, farm, goods, silver and VP, the other seats' public VP and silver, the market,
the round and its step.

What the greedy bot values (strategies/lagranja.py `value`: VP, silver, harvest goods, pigs, upgraded goods,
trade, fields and extensions per round left, barrows by their delivered share, craft buildings, market markers,
unused roofs, cards, the siesta track) appears as state quantities, not as its weights. Progress is the round
and the step within it against `game.rounds`. In the solo game there is no other seat: lead and rank are 0.

The last nine (since 2026-12-07) are for a position one step into a turn, where a student rates each action
(strategies/student.py): what the seat's decision under way still owes it (greedy's `pending`, unweighted: goods
of choice, upgrades, a card play, deliveries, an option, a market hex, the donkey's deliveries) and the delivered
shares squared (a row near full is worth more than two half full). Without them the student saw a delivery and an
anytime trade as alike, and a delivery decision was where it lost most to its teacher (benchmarks/README.md, "What
a turn still owes"). The shipped value weighs them 0 (strategies/models/lagranja.json): it rates a turn's end.
"""

import numpy as np
from numba import njit

from sim.games.lagranja.layout import (
    FL_DELIVER,
    FL_DONKEY,
    FL_OVER,
    G_CUR,
    G_DELIV_LEFT,
    G_FLOW,
    G_FOOD,
    G_GAIN_N,
    G_MARKET,
    G_MEAT,
    G_MKT_VALUE,
    G_OPT_KIND,
    G_ORDER,
    G_PHASE,
    G_PIG,
    G_PLAYERS,
    G_ROUND,
    G_TRADE,
    G_UPG_LEFT,
    G_WINE,
    G_XPLAY,
    MAX_HEX,
    MAX_PLAYERS,
    N_BUILD,
    N_HARVEST,
    N_RES,
    N_SLOTS,
    P_BARROW,
    P_BARROW_FILL,
    P_BUILD_FILL,
    P_CRAFT,
    P_DEN,
    P_DONKEY,
    P_EXT_N,
    P_FIELD_EXTRA,
    P_FIELD_GOODS,
    P_FIELDS,
    P_HAND_N,
    P_HELPER,
    P_ROOF,
    P_ROOF_USED,
    P_SIESTA,
    P_SILVER,
    P_VP,
    PH_GAME_OVER,
    ROOF_SLOTS,
)
from sim.games.lagranja.params import K_ROUNDS, K_SILVER_PER_VP, K_TRADE_SILVER
from sim.games.lagranja.rules import count_deliveries, pb, sell_price
from sim.games.lagranja.tables import C_BARROW_N, C_BARROW_VP, CARD_STRIDE, D_BUILD_N, D_CARDS, D_SIESTA_VP
from sim.kernel_tools import popcount

UPGRADED = (G_FOOD, G_WINE, G_MEAT)

FEATURES = (
    ("players", "players in the game (1: solo against the robot)"),
    ("progress", "0..1: the round and the step within it against game.rounds"),
    ("score_now", "VP plus the final sale if the game ended now (resources, trade, silver to VP)"),
    ("lead", "score_now minus the best other seat's (0 solo)"),
    ("rank", "0 first .. 1 last: share of the other seats with a higher score_now (0 solo)"),
    ("lead_x_progress", "lead times progress: a lead counts more near the end"),
    ("vp", "victory points so far"),
    ("silver", "silver"),
    ("silver_x_early", "silver times (1 - progress): it buys roofs and pays for the paid deliveries"),
    ("harvest", "harvest goods in the dens and on the fields"),
    ("pigs", "pigs"),
    ("upgraded", "food, wine and cured meat"),
    ("trade", "trade commodities"),
    ("goods_x_early", "harvest goods, pigs and upgraded goods times (1 - progress): they fill barrows and buildings"),
    ("fields", "fields owned"),
    ("fields_x_early", "fields times (1 - progress): each harvests every round left"),
    ("extensions", "farm extensions"),
    ("extensions_x_early", "extensions times (1 - progress)"),
    ("helpers", "helpers in the notches"),
    ("barrows", "barrows on the farm"),
    ("barrow_vp_due", "VP of the barrows times their delivered share"),
    ("building_share", "delivered share of the open craft-building rows, summed"),
    ("crafts", "craft markers owned"),
    ("market", "own markers on the market"),
    ("market_x_early", "market markers times (1 - progress): each pays at every round's end"),
    ("roofs", "unused roof markers"),
    ("hand", "cards in hand"),
    ("siesta_vp", "VP the siesta disc would score now"),
    ("deliverable", "symbols the seat could deliver now (its barrows and open craft buildings)"),
    ("turn_order", "0 first .. 1 last in this round's turn order"),
    ("gains_due", "goods of choice an effect still owes the seat (its own decision under way)"),
    ("upgrades_due", "free upgrades still owed"),
    ("play_due", "an extra card play still owed"),
    ("deliveries_due", "deliveries still owed this decision that the seat could make"),
    ("option_due", "an option (a die's, a card's, the siesta's) still to choose"),
    ("market_due", "a finished barrow's market hex still to place"),
    ("donkey_due", "deliveries the chosen donkey marker still brings"),
    ("barrow_vp_due_sq", "VP of the barrows times their delivered share squared: a barrow near full counts more"),
    ("building_share_sq", "the open craft rows' delivered shares, squared and summed: a row near full counts more"),
)
N_FEATURES = len(FEATURES)
(F_PLAYERS, F_PROGRESS, F_SCORE_NOW, F_LEAD, F_RANK, F_LEAD_X_PROGRESS, F_VP, F_SILVER, F_SILVER_X_EARLY,
 F_HARVEST, F_PIGS, F_UPGRADED, F_TRADE, F_GOODS_X_EARLY, F_FIELDS, F_FIELDS_X_EARLY, F_EXTENSIONS,
 F_EXTENSIONS_X_EARLY, F_HELPERS, F_BARROWS, F_BARROW_VP_DUE, F_BUILDING_SHARE, F_CRAFTS, F_MARKET,
 F_MARKET_X_EARLY, F_ROOFS, F_HAND, F_SIESTA_VP, F_DELIVERABLE, F_TURN_ORDER, F_GAINS_DUE, F_UPGRADES_DUE,
 F_PLAY_DUE, F_DELIVERIES_DUE, F_OPTION_DUE, F_MARKET_DUE, F_DONKEY_DUE, F_BARROW_VP_DUE_SQ,
 F_BUILDING_SHARE_SQ) = range(N_FEATURES)  # fmt: skip


@njit(cache=True)
def progress(s, k):
    if s[G_PHASE] == PH_GAME_OVER:
        return 1.0
    done = s[G_ROUND] - 1 + s[G_FLOW] / FL_OVER
    return min(max(done / max(k[K_ROUNDS], 1), 0.0), 1.0)


@njit(cache=True)
def score_now(s, d, k, p):
    """Final scoring's sale and conversion (scoring.final_scoring, the end helpers aside); a finished game has
    already added them."""
    b = pb(p)
    if s[G_PHASE] == PH_GAME_OVER:
        return s[b + P_VP]
    silver = s[b + P_SILVER] + s[b + P_DEN + G_TRADE] * k[K_TRADE_SILVER]
    for r in range(N_RES):
        silver += s[b + P_DEN + r] * sell_price(d, r)
    return s[b + P_VP] + silver // k[K_SILVER_PER_VP]


@njit(cache=True)
def count_goods(s, seat, out):
    b = pb(seat)
    harvest = 0
    fields = 0
    for g in range(N_HARVEST):
        harvest += s[b + P_DEN + g] + s[b + P_FIELD_GOODS + g] + s[b + P_FIELD_EXTRA + g]
        fields += s[b + P_FIELDS + g]
    upgraded = 0
    for g in UPGRADED:
        upgraded += s[b + P_DEN + g]
    out[F_HARVEST] = harvest
    out[F_PIGS] = s[b + P_DEN + G_PIG]
    out[F_UPGRADED] = upgraded
    out[F_TRADE] = s[b + P_DEN + G_TRADE]
    out[F_FIELDS] = fields


@njit(cache=True)
def count_farm_cards(s, d, seat, out):
    """Barrows (and what their delivered symbols are worth), helpers, craft-building rows and crafts."""
    b = pb(seat)
    barrows = 0
    helpers = 0
    due = 0.0
    due_sq = 0.0
    for i in range(N_SLOTS):
        c = s[b + P_BARROW + i]
        if c >= 0:
            barrows += 1
            at = D_CARDS + c * CARD_STRIDE
            filled = popcount(s[b + P_BARROW_FILL + i]) / d[at + C_BARROW_N]
            due += d[at + C_BARROW_VP] * filled
            due_sq += d[at + C_BARROW_VP] * filled * filled
        helpers += s[b + P_HELPER + i] >= 0
    share = 0.0
    share_sq = 0.0
    crafts = 0
    for x in range(N_BUILD):
        if s[b + P_CRAFT + x] > 0:
            crafts += 1
        else:
            filled = popcount(s[b + P_BUILD_FILL + x]) / d[D_BUILD_N + x]
            share += filled
            share_sq += filled * filled
    out[F_BARROWS] = barrows
    out[F_BARROW_VP_DUE] = due
    out[F_HELPERS] = helpers
    out[F_BUILDING_SHARE] = share
    out[F_CRAFTS] = crafts
    out[F_BARROW_VP_DUE_SQ] = due_sq
    out[F_BUILDING_SHARE_SQ] = share_sq


@njit(cache=True)
def features(s, d, k, seat, out):
    n = s[G_PLAYERS]
    b = pb(seat)
    prog = progress(s, k)
    early = 1.0 - prog
    scores = np.zeros(MAX_PLAYERS, np.int64)
    for q in range(n):
        scores[q] = score_now(s, d, k, q)
    lead = 0
    ahead = 0
    if n > 1:
        best = -(1 << 30)
        for q in range(n):
            if q != seat:
                best = max(best, scores[q])
                ahead += scores[q] > scores[seat]
        lead = scores[seat] - best
    out[F_PLAYERS] = n
    out[F_PROGRESS] = prog
    out[F_SCORE_NOW] = scores[seat]
    out[F_LEAD] = lead
    out[F_RANK] = ahead / max(n - 1, 1)
    out[F_LEAD_X_PROGRESS] = lead * prog
    out[F_VP] = s[b + P_VP]
    out[F_SILVER] = s[b + P_SILVER]
    out[F_SILVER_X_EARLY] = s[b + P_SILVER] * early
    count_goods(s, seat, out)
    out[F_GOODS_X_EARLY] = (out[F_HARVEST] + out[F_PIGS] + out[F_UPGRADED]) * early
    out[F_FIELDS_X_EARLY] = out[F_FIELDS] * early
    out[F_EXTENSIONS] = s[b + P_EXT_N]
    out[F_EXTENSIONS_X_EARLY] = s[b + P_EXT_N] * early
    count_farm_cards(s, d, seat, out)
    mine = 0
    for h in range(MAX_HEX):
        mine += s[G_MARKET + h] == seat
    out[F_MARKET] = mine
    out[F_MARKET_X_EARLY] = mine * early
    roofs = 0
    for i in range(ROOF_SLOTS):
        roofs += s[b + P_ROOF + i] >= 0 and s[b + P_ROOF_USED + i] == 0
    out[F_ROOFS] = roofs
    out[F_HAND] = s[b + P_HAND_N]
    out[F_SIESTA_VP] = d[D_SIESTA_VP + s[b + P_SIESTA]]
    out[F_DELIVERABLE] = count_deliveries(s, d, seat)
    position = 0
    for t in range(n):
        if s[G_ORDER + t] == seat:
            position = t
    out[F_TURN_ORDER] = position / max(n - 1, 1)
    owed(s, d, seat, out)


@njit(cache=True)
def owed(s, d, seat, out):
    """What the seat's own decision under way still owes it (0 while another seat decides), and the deliveries its
    donkey marker brings (chosen in turn, due later): a position one step into a turn is worth what it holds plus
    what is still to come of it (greedy's `pending` and donkey term, unweighted)."""
    can = out[F_DELIVERABLE]
    out[F_DONKEY_DUE] = 0.0
    m = s[pb(seat) + P_DONKEY]  # its own marker, chosen before the others have moved: due whoever decides now
    if m >= 0 and (s[G_FLOW] == FL_DONKEY or (s[G_FLOW] == FL_DELIVER and s[G_DELIV_LEFT] == 0)):
        out[F_DONKEY_DUE] = min(m + 1, can)
    for f in range(F_GAINS_DUE, F_DONKEY_DUE):
        out[f] = 0.0
    if s[G_CUR] != seat:
        return
    out[F_GAINS_DUE] = s[G_GAIN_N]
    out[F_UPGRADES_DUE] = s[G_UPG_LEFT]
    out[F_PLAY_DUE] = s[G_XPLAY]
    out[F_DELIVERIES_DUE] = min(s[G_DELIV_LEFT], can)
    out[F_OPTION_DUE] = s[G_OPT_KIND] != 0
    out[F_MARKET_DUE] = s[G_MKT_VALUE] > 0
