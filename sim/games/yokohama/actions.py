"""Yokohama's fixed action table: one kind per kind of decision, arguments as offsets."""

from sim.actions import ActionTable
from sim.games.yokohama.layout import (
    HAND_SLOTS,
    MAX_CUSTOMS,
    MAX_POS,
    MAX_SHOP_SPACES,
    N_ACHIEVEMENTS,
    N_GOODS,
    N_SLOTS,
)

MAX_TECH_IMPORTS = 5  # imports one tech purchase may use (fee + industry points)
DONATIONS = ("yen", "import", "copper", "silk", "tea", "fish")  # church donation kinds, each once
N_DONATIONS = len(DONATIONS)
DON_YEN, DON_IMPORT, DON_GOODS = 0, 1, 2

ACTIONS = ActionTable("yokohama")
_a = ACTIONS.kind
A_KEEP_ORDER = _a("keep_order", 2, "setup: keep dealt order card i, box the other")
A_END_EXTRA = _a("end_extra", 1, "end this additional-action phase")
A_USE_AGENT = _a("use_agent", MAX_POS, "foreign agent: steps 3-6 at position i (own assistant, not own president)")
A_ACHIEVE = _a("achieve", N_ACHIEVEMENTS, "claim achievement card i with an assistant from hand")
A_FULFIL = _a("fulfil", HAND_SLOTS, "fulfil the order in hand slot i")
A_SPIN = _a("spin", 1, "Spinning Mill: one silk for yen (once a turn)")
A_UNIVERSITY = _a("university", 1, "University: pay to bring an assistant from the warehouse (once a turn)")
A_PLACE = _a("place", MAX_POS, "put one assistant from hand at position i")
A_PLACE_DONE = _a("place_done", 1, "stop placing")
A_MOVE = _a("move", MAX_POS, "move the president to position i (cheapest legal way) and act there")
A_RETURN = _a("return", 1, "return the president to hand (ends the main action; recall follows)")
A_RECALL = _a("recall", MAX_POS, "take all own assistants at position i back to hand")
A_RECALL_DONE = _a("recall_done", 1, "stop recalling")
A_TAKE_ORDER = _a("take_order", N_SLOTS, "port/dock: take the order in slot i (free)")
A_TAKE_ORDER_YEN = _a("take_order_yen", N_SLOTS, "port/dock: take a second order, slot i, paying yen")
A_TAKE_ORDER_IMPORT = _a("take_order_import", N_SLOTS, "port/dock: take a second order, slot i, paying an import")
A_PORT_DONE = _a("port_done", 1, "port/dock: take no (more) orders")
A_BUY_TECH = _a(
    "buy_tech",
    N_SLOTS * (MAX_TECH_IMPORTS + 1),
    "lab: buy the tech in slot i // 6 using i % 6 imports, the rest in yen",
)
A_LAB_DONE = _a("lab_done", 1, "lab: buy nothing")
A_HIRE_ASSISTANT = _a("hire_assistant", 1, "agency: an assistant from the warehouse (free)")
A_HIRE_SHOP = _a("hire_shop", 1, "agency: a shop from the warehouse")
A_HIRE_TH = _a("hire_trading_house", 1, "agency: a trading house from the warehouse")
A_AGENCY_DONE = _a("agency_done", 1, "agency: take no more")
A_CT_BUY_IMPORT = _a("buy_import", 1, "Chinatown: buy an imported good")
A_CT_SELL = _a("sell_good", N_GOODS, "Chinatown: sell one good g for yen")
A_CT_BUY = _a("buy_good", N_GOODS, "Chinatown: buy one good g with yen")
A_CT_DONE = _a("chinatown_done", 1, "Chinatown: no more exchanges")
A_DONATE = _a("donate", N_DONATIONS, "church: donate kind k (yen, import, copper, silk, tea, fish) for +1 faith")
A_CHURCH_HAND = _a("church_from_hand", 1, "church: an assistant from hand onto the space of the faith reached")
A_CHURCH_AREA = _a("church_from_area", 1, "church: an assistant from the church area onto that space")
A_CHURCH_DONE = _a("church_done", 1, "church: place nothing")
A_CUSTOMS = _a("customs", MAX_CUSTOMS * 2, "customs: space i // 2, assistant from hand (i even) or the area (odd)")
A_CUSTOMS_DONE = _a("customs_done", 1, "customs: place nothing")
A_STATION = _a("station", MAX_POS, "Station: put the station token at position i")
A_TAKE_CHIP = _a("take_chip", 1, "take the five-power chip and its reward")
A_SKIP_CHIP = _a("skip_chip", 1, "leave the five-power chip")
A_BUILD_SHOP = _a("build_shop", MAX_SHOP_SPACES, "build a shop on space i of the location card")
A_BUILD_TH = _a("build_trading_house", 1, "build the trading house of the location card")
A_BUILD_SKIP = _a("build_skip", 1, "build nothing")
A_RECOVER_ALL = _a("recover_all", 1, "take all own assistants back from the acted area")
A_KEEP_ONE = _a("keep_one", 1, "Telephone: leave one assistant in the acted area")
N_ACTIONS = ACTIONS.size
