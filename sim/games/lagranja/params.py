"""La Granja's rule knobs: every printed number of the rules and each reading where sources disagree, by name.

Component data (cards, helpers, buildings, roofs, market, siesta track, prices) are data files, see tables.py.
Sources: "seed 002" is the BGA Japanese help page in shared/seeds (the primary source); "EN" the 2014 English
rulebook (rulespal transcription); "Yucata" the variants noted in shared/games/lagranja/NOTES.md. Where they
differ or the seed is silent, the seed's reading is the default and the other one a knob (RULES.md).
"""

from sim.params import ParamSpace

PARAMS = ParamSpace("lagranja")
_k = PARAMS.knob

K_ROUNDS = _k("game.rounds", 6, "game turns", 1, 6, "sourced: seed 002, EN 5.0")
K_START_SILVER = _k("start.silver", 1, "silver each player starts with", 0, 50, "sourced: seed 002, EN 4.0")
K_START_VP = _k("start.vp", 1, "VP each player starts with", 0, 50, "sourced: seed 002, EN 4.0")
K_START_TRADE = _k("start.trade", 1, "trade commodities each player starts with", 0, 5, "sourced: seed 002, EN 4.0")
K_START_CARDS = _k("start.cards", 4, "farm cards dealt to each player", 1, 10, "sourced: seed 002, EN 4.0")
K_FIRST_PLAYS = _k("farm.first_round_plays", 2, "cards played in farm step 1 of round 1", 1, 4, "sourced: seed 002")
K_HAND_LIMIT = _k("farm.hand_limit", 3, "hand limit before extensions and helpers", 1, 10, "sourced: seed 002, EN")
K_EXTRA_DELIVERIES = _k("farm.extra_deliveries", 1, "paid extra deliveries printed on the farm", 0, 5,
                        "sourced: seed 002, EN 8.4")  # fmt: skip
K_PIG_SPACES = _k("farm.pig_spaces", 2, "pig spaces printed on the farm", 0, 10, "sourced: EN 2.4")
K_MARKERS = _k("markers.per_player", 25, "player markers of each colour", 10, 40, "sourced: seed 002, EN 2.7.1")
K_MARKER_CAP = _k("markers.cap", 1, "1: at most markers.per_player in play (seed: reuse one in play); 0: no cap "
                  "(Yucata)", 0, 1, "seed 002 vs Yucata")  # fmt: skip
K_EXTRA_UPFRONT = _k("transport.extra_upfront", 0, "0: each extra delivery paid as it is made (seed); 1: the number "
                     "bought at once before any is made (EN, German rules)", 0, 1, "seed 002 vs EN 8.4")  # fmt: skip
K_ORDER_READING = _k("buildings.order_reading", 0, "0: each completion of a building by anyone removes the next "
                     "building-order marker (seed); 1: only the first completion of each building does", 0, 1,
                     "seed 002 (ambiguous) vs EN 8.3.2 reading")  # fmt: skip
K_X_HEXES = _k("market.x_hexes_below", 4, "X hexes are closed with fewer than this many players (4: at 1-3 players; "
               "3: only at 1-2)", 1, 5, "EN 2.1 (2-3 players; solo ASSUMED closed too)")  # fmt: skip
K_DICE_PER_PLAYER = _k("dice.per_player", 2, "revenue dice per player (plus dice.extra)", 1, 3, "sourced: seed 002")
K_DICE_EXTRA = _k("dice.extra", 1, "revenue dice beyond two per player", 0, 3, "sourced: seed 002")
K_SOLO_DICE = _k("solo.dice", 5, "revenue dice in the solo game", 3, 9, "sourced: seed 002")
K_SOLO_ROOFS = _k("solo.roofs", 2, "roof markers a round in the solo game", 1, 4, "sourced: seed 002")
K_SOLO_SIESTA = _k("solo.siesta_start", 3, "siesta space the solo player reaches to start the next round", 0, 7,
                   "sourced: seed 002")  # fmt: skip
K_ROBOT_TIMING = _k("solo.robot_timing", 0, "0: the robot places before the transport phase of a player who does "
                    "not start, ahead of its donkey choice (seed, EN 11.0); 1: after the donkey choice and the siesta "
                    "step, before its deliveries", 0, 1, "seed 002, EN 11.0 vs the earlier reading")  # fmt: skip
K_TRADE_SILVER = _k("trade.silver", 4, "silver for a trade commodity (and its end value)", 0, 20, "sourced: seed 002")
K_REV4_SILVER = _k("revenue.die4_silver", 4, "silver of revenue space 4", 0, 20, "sourced: seed 002")
K_REV6_SILVER = _k("revenue.die6_silver", 2, "silver of revenue space 6", 0, 20, "sourced: seed 002")
K_SILVER_PER_VP = _k("final.silver_per_vp", 5, "silver per VP at the end", 1, 20, "sourced: seed 002")
K_STORE_VP = _k("craft.store_vp", 2, "Village Store VP (taken, then per craft marker)", 0, 10, "sourced: seed 002")
K_MERCHANT_SILVER = _k("craft.merchant_silver", 3, "Merchant House silver", 0, 10, "sourced: seed 002")
K_TIEBREAK = _k("final.tiebreak", 0, "0: silver left after the conversion (seed); 1: silver before it", 0, 1,
                "seed 002 ('most silver left'); 1 another reading")  # fmt: skip
K_START_SILVER_SEAT = _k("start_money.seat0", 0, "extra silver for seat 0 at the start (not a rule: a lever for "
                         "sweeps)", 0, 50, "experiment")  # fmt: skip
_k("start_money.seat1", 0, "extra silver for seat 1 at the start (not a rule)", 0, 50, "experiment")
_k("start_money.seat2", 0, "extra silver for seat 2 at the start (not a rule)", 0, 50, "experiment")
_k("start_money.seat3", 0, "extra silver for seat 3 at the start (not a rule)", 0, 50, "experiment")
# Experiments (`playout value --cards farm`), not rules: a card taken out of the deck, or given to a seat's hand
# at the start (in place of its first dealt card). Every other draw of the setup is unchanged.
K_REMOVE_CARD = _k("experiment.remove_card", 0, "farm card + 1 (cards.csv order) taken out of the game (0: none)",
                   0, 80, "experiment")  # fmt: skip
K_GIVE_CARD = _k("experiment.give_card", 0, "farm card + 1 put into a seat's starting hand (0: none)", 0, 80,
                 "experiment")  # fmt: skip
K_GIVE_CARD_SEAT = _k("experiment.give_card_seat", 0, "the seat given experiment.give_card", 0, 3, "experiment")
