"""La Granja's flat state: named offsets (G_* global, P_* per player) and enumerations.

Goods are numbered once for dens, deliveries and payments (GOODS). Fields of the same crop are alike, so a
player's fields are two counts per crop: fields owned and fields carrying a harvest good. Cards are numbered
by their row in data/cards.csv (card i is F00i+1). The market hexes are the rows of data/market.csv.

Hidden information (for a search bot): the order of the draw deck and every other player's hand, the roof
markers of the rounds to come, and the donkey markers chosen in the same transport step; the rest is public.
"""

from sim.layout import Layout

MAX_PLAYERS = 4
ROBOT = 4  # the solo game's neutral player, as a market owner
N_ROUNDS_MAX = 6

GOODS = ("olive", "grain", "grape", "pig", "food", "wine", "meat", "trade")
N_GOODS = len(GOODS)
G_OLIVE, G_GRAIN, G_GRAPE, G_PIG, G_FOOD, G_WINE, G_MEAT, G_TRADE = range(N_GOODS)
N_HARVEST = 3  # olive, grain, grape grow on fields
N_RES = 4  # the resources: harvest goods and pigs (bought, sold, upgraded)
# Farm goods pay for extensions: the seven goods but trade, then silver and VP.
PAY_GOODS = ("olive", "grain", "grape", "pig", "food", "wine", "meat", "silver", "vp")
N_PAY = len(PAY_GOODS)
PAY_SILVER, PAY_VP = 7, 8

SIDES = ("field", "barrow", "extension", "helper")
N_SIDES = len(SIDES)
SIDE_FIELD, SIDE_BARROW, SIDE_EXT, SIDE_HELPER = range(N_SIDES)
EXTENSIONS = ("delivery+income", "delivery+pig", "income+pig")

BUILDINGS = ("wainwright", "village_store", "merchant_house", "greengrocer", "deli", "butcher")
N_BUILD = len(BUILDINGS)
B_WAINWRIGHT, B_STORE, B_MERCHANT, B_GROCER, B_DELI, B_BUTCHER = range(N_BUILD)
MAX_SYMBOLS = 4  # goods on a barrow or a building row

ROOF_FUNCTIONS = ("olive", "grape", "grain_or_olive", "any_harvest", "two_harvest", "pig", "free_upgrade", "delivery",
                  "card", "vp", "silver", "flip_roof", "siesta")  # fmt: skip
N_ROOF_FUNC = len(ROOF_FUNCTIONS)
(RF_OLIVE, RF_GRAPE, RF_GRAIN_OLIVE, RF_ANY_HARVEST, RF_TWO_HARVEST, RF_PIG, RF_UPGRADE, RF_DELIVERY, RF_CARD, RF_VP,
 RF_SILVER, RF_FLIP, RF_SIESTA) = range(N_ROOF_FUNC)  # fmt: skip
ROOF_SLOTS = 6  # five on the farm house, a sixth on the Storage Builder
MAX_ROOF_DECK = 24
ROOFS_PER_ROUND = 4

HELPER_EFFECTS = (
    "none", "upgrade_discount", "vp_own_removed", "porter", "play_for_vp", "merchant_revenue",
    "siesta_bonus", "keep_barrow", "extension_discount", "roof_discount", "pig_space", "peon", "foreman",
    "hand_limit", "free_extra_delivery", "free_upgrade", "wagoner", "extra_play", "harvest_silver", "sell_from_field",
    "potter", "storage_roof", "opp_removal_vp", "field_to_den", "revenue4_bonus", "pig_breeder", "barrow_return",
    "building_return", "long_distance_trader", "peddler", "seeds_trader", "olive_play", "grain_pig", "pig_anyway",
    "grape_delivery", "income_silver", "income_harvest", "extra_delivery", "marketer", "gain_harvest",
    "village_elder", "migrant_laborer", "wainwright_card", "market_woman", "joiner", "tenant", "carpenter",
    "harvest_hand", "deer_breeder", "stall_builder", "roofer", "gardener", "beekeeper",
)  # fmt: skip
(H_NONE, H_UPGRADE_DISCOUNT, H_VP_OWN_REMOVED, H_PORTER, H_PLAY_FOR_VP, H_MERCHANT, H_SIESTA_BONUS,
 H_KEEP_BARROW, H_EXT_DISCOUNT, H_ROOF_DISCOUNT, H_PIG_SPACE, H_PEON, H_FOREMAN, H_HAND_LIMIT, H_FREE_EXTRA,
 H_FREE_UPGRADE, H_WAGONER, H_EXTRA_PLAY, H_HARVEST_SILVER, H_SELL_FIELD, H_POTTER, H_STORAGE_ROOF, H_OPP_REMOVAL_VP,
 H_FIELD_TO_DEN, H_REVENUE4, H_PIG_BREEDER, H_BARROW_RETURN, H_BUILDING_RETURN, H_LDT, H_PEDDLER, H_SEEDS_TRADER,
 H_OLIVE_PLAY, H_GRAIN_PIG, H_PIG_ANYWAY, H_GRAPE_DELIVERY, H_INCOME_SILVER, H_INCOME_HARVEST, H_EXTRA_DELIVERY,
 H_MARKETER, H_GAIN_HARVEST, H_VILLAGE_ELDER, H_MIGRANT, H_WAINWRIGHT_CARD, H_MARKET_WOMAN, H_JOINER, H_TENANT,
 H_CARPENTER, H_HARVEST_HAND, H_DEER_BREEDER, H_STALL_BUILDER, H_ROOFER, H_GARDENER,
 H_BEEKEEPER) = range(len(HELPER_EFFECTS))  # fmt: skip

MAX_CARDS = 80  # rows of cards.csv at most (66 in the base game)
MAX_HAND = 20
N_SLOTS = 3  # barrow notches and helper notches
MAX_HEX = 48
N_DONKEYS = 4  # donkey marker m: m + 1 donkeys, 3 - m hats

VP_SOURCES = ("start", "roofs", "barrows", "removals", "buildings", "market", "siesta", "helpers", "other", "silver",
              "spent")  # fmt: skip
N_VP = len(VP_SOURCES)
(V_START, V_ROOFS, V_BARROWS, V_REMOVALS, V_BUILDINGS, V_MARKET, V_SIESTA, V_HELPERS, V_OTHER, V_SILVER,
 V_SPENT) = range(N_VP)  # fmt: skip

END_TRIGGERS = ("none", "round_6")

# The main flow of a round: which step runs; decisions inside a step are PHASES.
FLOWS = ("play", "income", "roof", "dice", "leftover", "donkey", "deliver", "extra", "scoring", "over")
(FL_PLAY, FL_INCOME, FL_ROOF, FL_DICE, FL_LEFTOVER, FL_DONKEY, FL_DELIVER, FL_EXTRA, FL_SCORING,
 FL_OVER) = range(len(FLOWS))  # fmt: skip

PHASES = ("play", "replace", "pay", "discard", "gain", "upgrade", "option", "xplay", "roof", "die", "donkey",
          "deliver", "extra", "market", "game_over")  # fmt: skip
(PH_PLAY, PH_REPLACE, PH_PAY, PH_DISCARD, PH_GAIN, PH_UPGRADE, PH_OPTION, PH_XPLAY, PH_ROOF, PH_DIE, PH_DONKEY,
 PH_DELIVER, PH_EXTRA, PH_MARKET, PH_GAME_OVER) = range(len(PHASES))  # fmt: skip

# What an option decision chooses between (G_OPT_KIND), options 0..2.
OPTIONS = ("none", "die2", "die5", "die6", "card", "die4", "siesta", "peon", "carpenter")
OPT_NONE, OPT_DIE2, OPT_DIE5, OPT_DIE6, OPT_CARD, OPT_DIE4, OPT_SIESTA, OPT_PEON, OPT_CARPENTER = range(len(OPTIONS))
WORD_BITS = 31  # card ids per int32 word of P_CARDS_OWNED (reports/analysis/card_value.py reads the same)

PLAYER = Layout("player")
_p = PLAYER.field
P_SILVER = _p("silver", "silver")
P_VP = _p("vp", "victory points")
P_STOCK = _p("stock", "player markers in the supply (25 at most in play)")
P_DEN = _p("den", "goods in the dens (GOODS; pigs in the stall, trade commodities on the centre)", N_GOODS)
P_FIELDS = _p("fields", "fields owned per crop (olive, grain, grape)", N_HARVEST)
P_FIELD_GOODS = _p("field_goods", "fields per crop carrying a harvest good", N_HARVEST)
P_FIELD_EXTRA = _p("field_extra", "second harvest goods on fields per crop (Harvest Hand; taken first)", N_HARVEST)
P_HAND = _p("hand", "card ids in hand", MAX_HAND)
P_HAND_N = _p("hand_n", "cards in hand")
P_BARROW = _p("barrow", "card id in each barrow notch, -1 empty", N_SLOTS)
P_BARROW_FILL = _p("barrow_fill", "bit j: symbol j of that barrow carries a marker", N_SLOTS)
P_HELPER = _p("helper", "card id in each helper notch, -1 empty", N_SLOTS)
P_HELPER_USED = _p("helper_used", "1: a marker shows the helper used this round", N_SLOTS)
P_EXT_N = _p("extensions", "farm extensions played")
P_EXT_DELIVERY = _p("ext_delivery", "extra deliveries from extensions")
P_EXT_INCOME = _p("ext_income", "silver income from extensions")
P_EXT_PIG = _p("ext_pig", "pig spaces from extensions")
P_ROOF = _p("roof", "roof function on each roof slot (ROOF_FUNCTIONS), -1 empty; slot 5 is the Storage Builder's",
            ROOF_SLOTS)  # fmt: skip
P_ROOF_USED = _p("roof_used", "1: that roof marker is flipped (used)", ROOF_SLOTS)
P_ROOF_N = _p("roofs", "roof markers bought")
P_DONKEY = _p("donkey", "donkey marker chosen this round (-1 none)")
P_DONKEY_USED = _p("donkeys_used", "bit m: donkey marker m used in this half (rounds 1-3, 4-6)")
P_SIESTA = _p("siesta", "siesta track space")
P_STACK = _p("stack", "height in the stack of its space (higher acts first)")
P_CRAFT = _p("craft", "round a craft marker of each building was taken (0: none)", N_BUILD)
P_BUILD_FILL = _p("build_fill", "bit j: symbol j of the player's row at building b carries a marker", N_BUILD)
P_DICE = _p("dice", "revenue dice taken this round (faces 1..6, 0 none)", 2)
P_VP_SRC = _p("vp_by_source", "VP per source (VP_SOURCES), summing to vp", N_VP)
P_LDT = _p("ldt_marks", "bit o: trade option o marked by the Long Distance Trader")
P_PLAYED = _p("played", "cards played per side (SIDES)", N_SIDES)
P_BARROWS_DONE = _p("barrows_done", "market barrows completed")
P_BUILDINGS_DONE = _p("buildings_done", "craft buildings completed")
P_REMOVED = _p("removed", "other markers removed from the market")
P_DELIVERIES = _p("deliveries", "deliveries made")
P_TRADES = _p("trades", "trade commodities used")
P_BRED = _p("bred", "pigs born")
P_UPGRADES = _p("upgrades", "upgrades made")
P_SOLD = _p("sold", "resources sold")
P_BOUGHT = _p("bought", "resources bought")
P_SILVER_END = _p("silver_left", "silver left after the final conversion (the tiebreak)")
P_ELDER = _p("elder_face", "revenue space reserved by the Village Elder this round (0 none)")
P_CARDS_OWNED = _p("cards_owned", "bit words of card ids played to the farm (experiments)", 3)
PLAYER_SIZE = PLAYER.size

STATE = Layout("state")
_g = STATE.field
G_PLAYERS = _g("players", "number of players (1 = solo with the robot)")
G_ROUND = _g("round", "game turn 1..6")
G_FLOW = _g("flow", "the step of the round under way (FLOWS)")
G_PHASE = _g("phase", "the decision due (PHASES)")
G_CUR = _g("current", "seat deciding")
G_TURN = _g("turn", "position in turn order of the player whose turn it is in the step")
G_ACTED = _g("acted", "1: the player whose turn it is has done the step's action")
G_ORDER = _g("order", "seat at each turn-order position", MAX_PLAYERS)
G_DECK = _g("deck", "draw deck, drawn from the end", MAX_CARDS)
G_DECK_N = _g("deck_n", "cards in the draw deck")
G_DISCARD = _g("discard", "discard pile", MAX_CARDS)
G_DISCARD_N = _g("discard_n", "cards on the discard pile")
G_DICE = _g("dice", "revenue dice showing each face (index 1..6)", 7)
G_LEFTOVER = _g("leftover", "the leftover die's face (0 until set)")
G_PICKS = _g("picks", "dice taken so far this revenue phase")
G_ROOF_DECK = _g("roof_deck", "roof functions dealt to each round (round r: r*4-4 .. r*4-1, -1 none)",
                 MAX_ROOF_DECK)  # fmt: skip
G_ROOF_OPEN = _g("roof_open", "roof markers of this round still for sale (-1 bought or absent)", ROOFS_PER_ROUND)
G_MARKET = _g("market", "owner of each market hex (-1 empty, seats, 4 = the robot)", MAX_HEX)
G_BLOCKED = _g("blocked", "building-order marker on each building (0 none, 1..3)", 6)
G_NEXT_ORDER = _g("next_order", "the building-order marker removed next (1..3, 4: all gone)")
G_COMPLETED = _g("completed", "1: building b was completed by someone", 6)
G_FIRST_VP = _g("first_vp", "1: the grey-hex VP of building b is still there", 6)
G_SOLO_FIRST = _g("solo_first", "solo: 1 when the player holds turn-order marker 2 (start player)")
G_SOLO_STEP = _g("solo_step", "solo: dice removed so far this revenue phase")
G_ROBOT_PLACED = _g("robot_placed", "solo: 1 once the robot placed its marker this round")
# what a decision in progress still owes (rules.resume decides which decision comes next)
G_GAIN_N = _g("gain_n", "goods still to take in a gain decision")
G_GAIN_MASK = _g("gain_mask", "bit g: good g may be taken")
G_GAIN_DISTINCT = _g("gain_distinct", "1: the goods taken must differ")
G_GAIN_TAKEN = _g("gain_taken", "bit g: good g already taken in this gain")
G_UPG_LEFT = _g("upgrades_left", "free upgrades still to do")
G_OPT_KIND = _g("option_kind", "the option decision due (OPTIONS)")
G_XPLAY = _g("xplay", "1: a card may be played now (a revenue, roof or trade effect)")
G_XPLAY_PAID = _g("xplay_paid", "what the extra play costs if made: 0 free, 1 VP, 2 an olive from a field")
G_DELIV_LEFT = _g("deliveries_left", "deliveries still to make in this decision")
G_MKT_VALUE = _g("market_value", "a completed barrow's value awaiting its market hex (0 none)")
G_PAY_LEFT = _g("pay_left", "farm goods still to pay for the extension being played")
G_PAY_TAKEN = _g("pay_taken", "bit g: farm good g paid for this extension")
G_REPLACE = _g("replace", "a card waiting for a notch: card id, -1 none")
G_REPLACE_SIDE = _g("replace_side", "its side (barrow or helper)")
G_PLAYS_LEFT = _g("plays_left", "cards the player still plays in farm step 1")
G_EXTRA_FREE = _g("extra_free", "free deliveries left in the paid delivery step (Packer, Wagoner)")
G_PEON = _g("peon_face", "the face of the die just taken (Peon may reuse it), 0 none")
G_ROLLS = _g("rolls", "the revenue dice of each round, rolled at setup (round r: (r-1)*9 ..)", N_ROUNDS_MAX * 9)
G_SHUFFLE_KEY = _g("shuffle_key", "key of the discard-pile reshuffles, dealt at setup (no chance after setup)")
G_SHUFFLES = _g("shuffles", "reshuffles so far")
G_PAID_LEFT = _g("paid_left", "paid deliveries bought up front still to make (transport.extra_upfront=1)")
G_MW = _g("market_woman", "trade option just taken + 1 (the Market Woman may buy another for 3 silver), 0 none")
G_XPLAY_SIDES = _g("xplay_sides", "bit side: sides the extra play may use (0: all; Carpenter: no extension)")
G_DELIV_RES = _g("deliveries_resources", "1: the deliveries due carry resources only (the Roofer's)")
G_END_TRIGGER = _g("end_trigger", "what ended the game (END_TRIGGERS), 0 while playing")
G_PLAYER = STATE.block("player_blocks", "per-player blocks", PLAYER, MAX_PLAYERS)
STATE_SIZE = STATE.size


def describe_state() -> str:
    return STATE.markdown() + "\n\n" + PLAYER.markdown()
