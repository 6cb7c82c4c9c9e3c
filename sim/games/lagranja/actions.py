"""La Granja's fixed action table: one kind per kind of decision, arguments as offsets.

Hand slots index P_HAND; notches are 0..2; goods follow GOODS, farm goods PAY_GOODS; market hexes are the rows
of data/market.csv. The anytime actions (sell, buy, upgrade, trade, roof, helper) are legal in every main
decision of the player whose turn it is (playing a card, buying a roof, taking a die, delivering).
"""

from sim.actions import ActionTable
from sim.games.lagranja.layout import (
    MAX_HAND,
    MAX_HEX,
    MAX_SYMBOLS,
    N_BUILD,
    N_DONKEYS,
    N_PAY,
    N_RES,
    N_SIDES,
    N_SLOTS,
    ROOF_SLOTS,
    ROOFS_PER_ROUND,
)

N_TRADE = 5  # the trade-commodity options: 4 silver, 2 harvest goods, a card, a pig, 2 upgrades

ACTIONS = ActionTable("lagranja")
_a = ACTIONS.kind
A_PLAY = _a("play", MAX_HAND * N_SIDES, "play hand card i // 4 as side i % 4 (field, barrow, extension, helper)")
A_NO_PLAY = _a("no_play", 1, "play no card now (an optional play: a revenue, roof or trade effect)")
A_SLOT = _a("replace_slot", N_SLOTS, "discard the barrow or helper in notch i for the new card")
A_PAY = _a("pay", N_PAY, "pay farm good i (PAY_GOODS) for the extension")
A_DISCARD = _a("discard", MAX_HAND, "discard hand card i (over the hand limit at the refill)")
A_GAIN = _a("gain", N_RES, "take resource i (olive, grain, grape, pig)")
A_UPG_FREE = _a("free_upgrade", N_RES, "upgrade resource i free of charge")
A_UPG_DONE = _a("free_upgrade_done", 1, "make no more free upgrades")
A_OPTION = _a("option", 3, "option i of the choice due (RULES.md, 'Options')")
A_ROOF = _a("buy_roof", ROOFS_PER_ROUND, "buy the roof marker for sale in position i")
A_ROOF_PASS = _a("roof_pass", 1, "buy no roof marker this round")
A_DIE = _a("take_die", 6, "take a revenue die showing i + 1")
A_DONKEY = _a("donkey", N_DONKEYS, "choose donkey marker i (i + 1 donkeys, 3 - i hats)")
A_DELIVER_B = _a("deliver_building", N_BUILD * MAX_SYMBOLS, "deliver symbol i % 4 of craft building i // 4")
A_DELIVER_W = _a("deliver_barrow", N_SLOTS * MAX_SYMBOLS, "deliver symbol i % 4 of the barrow in notch i // 4")
A_DELIVER_DONE = _a("deliver_done", 1, "make no more deliveries now")
A_HEX = _a("market_hex", MAX_HEX, "put the barrow's marker on market hex i")
A_SELL = _a("sell", N_RES, "anytime: sell resource i from a den")
A_BUY = _a("buy", N_RES, "anytime: buy resource i")
A_UPGRADE = _a("upgrade", N_RES, "anytime: upgrade resource i, paying its cost")
A_TRADE = _a("trade", N_TRADE, "anytime: return a trade commodity for option i")
A_TRADE_VP = _a("trade_vp", N_TRADE, "anytime, Long Distance Trader: a trade commodity for 2 VP, marking option i")
A_USE_ROOF = _a("use_roof", ROOF_SLOTS, "anytime: use the roof marker on roof slot i")
A_USE_HELPER = _a("use_helper", N_SLOTS, "anytime: use the helper in notch i")
A_EXTRA_BUY = _a("extra_buy", 6, "paid deliveries bought at once, i + 1 (transport.extra_upfront=1)")
A_TURN_DIE = _a("turn_die", 6, "revenue phase, Migrant Laborer: turn a die showing i + 1 to its opposite side")
A_MW_TRADE = _a("market_woman", N_TRADE, "anytime, Market Woman: 3 silver for another trade option i after a trade")
N_ACTIONS = ACTIONS.size
