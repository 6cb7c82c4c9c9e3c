"""Yokohama's flat state: named offsets (G_* global, P_* per player, Q_* per area position) and enumerations.

A position is a place on the board (0..n_pos-1); which area board lies there is dealt at setup
(Q_KIND). Players are seats 0..3; seat 0 is the start player. Every count of pieces is kept where the
piece is, so conservation can be checked: assistants are in hand, in the warehouse, on positions, on the
church or customs board, or on achievement cards.
"""

from sim.layout import Layout

MAX_PLAYERS = 4
MAX_POS = 18
N_GOODS = 4  # copper, silk, tea, fish
N_COUNTRIES = 5  # uk, usa, france, germany, netherlands
N_TECHS = 20
N_BOARDS = 2  # order/tech board A (Port A, Laboratory A) and B (Port B: the dock, Laboratory B)
N_SLOTS = 6  # cards on an order or tech board
HAND_SLOTS = 3  # order cards in hand (the printed limit; the knob may lower it)
N_ACHIEVEMENTS = 3  # one card of each pile in play
MAX_CHURCH = 12
MAX_CUSTOMS = 10
MAX_SHOP_SPACES = 4
MAX_ORDERS = 48
MAX_TECH_CARDS = 40
MAX_CHIPS = 24
MAX_LOCATIONS = 30
DUMMY = 4  # owner code of the two-player dummy's pieces on the church and customs boards
NONE = -1

GOODS = ("copper", "silk", "tea", "fish")
COUNTRIES = ("uk", "usa", "france", "germany", "netherlands")

# Area kinds: the order of data/areas.csv.
AREA_KEYS = (
    "copper_mine", "silk_mill", "tea_plantation", "fishery", "bank", "port", "dock", "laboratory",
    "research_institute", "employment_agency", "chinatown", "church", "customs", "canal",
)  # fmt: skip
N_KINDS = len(AREA_KEYS)
(
    K_COPPER,
    K_SILK,
    K_TEA,
    K_FISH,
    K_BANK,
    K_PORT,
    K_DOCK,
    K_LAB,
    K_RESEARCH,
    K_AGENCY,
    K_CHINATOWN,
    K_CHURCH,
    K_CUSTOMS,
    K_CANAL,
) = range(N_KINDS)

# What an area's action does (data/areas.csv column `action`).
ACTION_KINDS = (
    "copper",
    "silk",
    "tea",
    "fish",
    "yen",
    "orders",
    "techs",
    "hire",
    "exchange",
    "church",
    "customs",
    "none",
)
(
    ACT_COPPER,
    ACT_SILK,
    ACT_TEA,
    ACT_FISH,
    ACT_YEN,
    ACT_ORDERS,
    ACT_TECHS,
    ACT_HIRE,
    ACT_EXCHANGE,
    ACT_CHURCH,
    ACT_CUSTOMS,
    ACT_NONE,
) = range(len(ACTION_KINDS))

# Technologies: the order of data/techs.csv keys; effects are implemented by these ids. The keys are the official
# English card names (the English rulebook), in snake case; every output names a technology by its key.
TECH_KEYS = (
    "gaslight", "station", "mining_technology", "spinning_mill", "stagecoach", "exposition", "ball",
    "language_school", "letterpress_printing", "winery", "postal_system", "newspaper", "electrical_light",
    "university", "telegram", "telephone", "brickyard", "system_of_stock", "patent_system", "tram",
)  # fmt: skip
(
    T_GASLIGHT,
    T_STATION,
    T_MINING,
    T_SPINNING,
    T_STAGECOACH,
    T_EXPOSITION,
    T_BALL,
    T_LANGUAGE,
    T_PRINTING,
    T_WINERY,
    T_POSTAL,
    T_NEWSPAPER,
    T_ELECTRIC,
    T_UNIVERSITY,
    T_TELEGRAM,
    T_TELEPHONE,
    T_BRICKYARD,
    T_STOCK,
    T_PATENT,
    T_TRAM,
) = range(N_TECHS)

# Achievement conditions (data/achievements.csv column `condition`). The English rulebook's twelve cards use
# copper_held..fish_held, yen, chips_and_agents, orders, techs and building_areas; the others are kept for
# alternative data sets (data_sets/).
CONDITIONS = (
    "goods_set", "techs", "orders", "shops", "yen", "trading_houses", "church_and_customs", "imports",
    "order_countries", "copper_held", "silk_held", "tea_held", "fish_held", "chips_and_agents", "building_areas",
)  # fmt: skip
(
    C_GOODS_SET,
    C_TECHS,
    C_ORDERS,
    C_SHOPS,
    C_YEN,
    C_TRADING_HOUSES,
    C_CHURCH_CUSTOMS,
    C_IMPORTS,
    C_ORDER_COUNTRIES,
    C_COPPER_HELD,  # ..C_FISH_HELD: hold `amount` of that good, in GOODS order
    C_SILK_HELD,
    C_TEA_HELD,
    C_FISH_HELD,
    C_CHIPS_AGENTS,
    C_BUILDING_AREAS,
) = range(len(CONDITIONS))

# Area categories (data/areas.csv column `category`): the icons achievement cards C count.
CATEGORIES = ("none", "production", "commercial")
CAT_NONE, CAT_PRODUCTION, CAT_COMMERCIAL = range(len(CATEGORIES))

# Five-power chip rewards (data/five_power_chips.csv column `reward`).
CHIP_REWARDS = ("yen", "copper", "silk", "tea", "fish", "imports")
R_YEN, R_COPPER, R_SILK, R_TEA, R_FISH, R_IMPORTS = range(len(CHIP_REWARDS))

# Where victory points come from: one counter per player and source; the total is their sum.
VP_SOURCES = (
    "orders", "port", "techs", "church", "customs", "buildings", "achievements", "church_majority",
    "customs_majority", "industry_majority", "country_sets", "agents", "imports", "money", "goods",
)  # fmt: skip
N_VP = len(VP_SOURCES)
(
    V_ORDERS,
    V_PORT,
    V_TECHS,
    V_CHURCH,
    V_CUSTOMS,
    V_BUILDINGS,
    V_ACHIEVEMENTS,
    V_CHURCH_MAJ,
    V_CUSTOMS_MAJ,
    V_INDUSTRY_MAJ,
    V_SETS,
    V_AGENTS,
    V_IMPORTS,
    V_MONEY,
    V_GOODS,
) = range(N_VP)

END_TRIGGERS = ("none", "trading_houses", "shops", "port_empty", "church", "customs")
E_NONE, E_TRADING_HOUSES, E_SHOPS, E_PORT_EMPTY, E_CHURCH, E_CUSTOMS = range(len(END_TRIGGERS))

# The decision due: what legal_mask offers and step expects.
PHASES = (
    "keep_order", "extra_before", "place", "move", "recall", "port", "lab", "agency", "chinatown", "church",
    "customs", "station", "bonus", "build", "recover", "extra_after", "game_over",
)  # fmt: skip
(
    PH_KEEP_ORDER,
    PH_EXTRA_BEFORE,
    PH_PLACE,
    PH_MOVE,
    PH_RECALL,
    PH_PORT,
    PH_LAB,
    PH_AGENCY,
    PH_CHINATOWN,
    PH_CHURCH,
    PH_CUSTOMS,
    PH_STATION,
    PH_BONUS,
    PH_BUILD,
    PH_RECOVER,
    PH_EXTRA_AFTER,
    PH_GAME_OVER,
) = range(len(PHASES))

# ---------------------------------------------------------------- per player
PLAYER = Layout("player")
P_MONEY = PLAYER.field("money", "yen")
P_VP = PLAYER.field("vp", "victory points so far (the sum of vp_by_source)")
P_GOODS = PLAYER.field("goods", "copper, silk, tea, fish held", N_GOODS)
P_IMPORTS = PLAYER.field("imports", "imported goods held")
P_ASSIST_HAND = PLAYER.field("assistants_hand", "assistants in hand")
P_ASSIST_WAREHOUSE = PLAYER.field("assistants_warehouse", "assistants in the warehouse")
P_SHOPS_HAND = PLAYER.field("shops_hand", "shops in hand")
P_SHOPS_WAREHOUSE = PLAYER.field("shops_warehouse", "shops in the warehouse")
P_TH_HAND = PLAYER.field("trading_houses_hand", "trading houses in hand")
P_TH_WAREHOUSE = PLAYER.field("trading_houses_warehouse", "trading houses in the warehouse")
P_SHOPS_BUILT = PLAYER.field("shops_built", "shops on location cards")
P_TH_BUILT = PLAYER.field("trading_houses_built", "trading houses on location cards")
P_TH_HIRED = PLAYER.field("trading_houses_hired", "trading houses taken from the warehouse (sets the next price)")
P_PRESIDENT = PLAYER.field("president", "position of the president, -1 in hand")
P_TECHS = PLAYER.field("techs", "bit t set = owns technology t")
P_N_TECHS = PLAYER.field("n_techs", "technologies owned")
P_INDUSTRY = PLAYER.field("industry", "sum of the industry values of owned technologies")
P_ORDERS_HAND = PLAYER.field("orders_hand", "order card ids in hand, -1 empty", HAND_SLOTS)
P_ORDERS_DONE = PLAYER.field("orders_done", "orders fulfilled")
P_FLAGS = PLAYER.field("flags", "per country: flags on fulfilled orders and owned techs", N_COUNTRIES)
P_ORDER_FLAGS = PLAYER.field("order_flags", "per country: flags on fulfilled orders only", N_COUNTRIES)
P_AGENTS = PLAYER.field("agents_unused", "foreign agents face up")
P_AGENTS_GAINED = PLAYER.field("agents_gained", "foreign agents taken in all")
P_CHURCH_N = PLAYER.field("church_n", "assistants on church board spaces")
P_CUSTOMS_N = PLAYER.field("customs_n", "assistants on customs board spaces")
P_ACHIEVE_N = PLAYER.field("achievements_n", "assistants on achievement cards")
P_CHIPS = PLAYER.field("chips", "five-power chips taken")
P_DEALT = PLAYER.field("dealt", "the two order cards dealt at setup, one to keep", 2)
P_VP_SRC = PLAYER.field("vp_by_source", "victory points per source (VP_SOURCES)", N_VP)
P_SIZE = PLAYER.size

# ---------------------------------------------------------------- per position
POSITION = Layout("position")
Q_KIND = POSITION.field("kind", "area kind (AREA_KEYS) of the board at this position")
Q_LOCATION = POSITION.field("location", "location card id, -1 none (canal)")
Q_CHIP = POSITION.field("chip", "five-power chip id still there, -1 taken or none")
Q_ASSIST = POSITION.field("assistants", "assistants per seat", MAX_PLAYERS)
Q_SHOP = POSITION.field("shop_owner", "seat owning each shop space of the location card, -1 free", MAX_SHOP_SPACES)
Q_TH = POSITION.field("trading_house_owner", "seat owning the trading house space, -1 free")
Q_SIZE = POSITION.size

# ---------------------------------------------------------------- the whole state
STATE = Layout("yokohama state")
G_PLAYERS = STATE.field("n_players", "players in this game")
G_N_POS = STATE.field("n_pos", "positions on the board")
G_PHASE = STATE.field("phase", "decision due (PHASES)")
G_CUR = STATE.field("current", "seat to decide")
G_ROUND = STATE.field("round", "round number from 0; a round ends after the last seat")
G_END_TRIGGER = STATE.field("end_trigger", "first end trigger met (END_TRIGGERS), 0 none")
G_LAST_ROUND = STATE.field("last_round", "the round after which the game ends, -1 until triggered")
G_TURNS = STATE.field("turns", "player turns started")
G_STATION = STATE.field("station", "position of the station token, -1 none")
# this turn
G_PLACE_N = STATE.field("place_n", "assistants placed this turn")
G_PLACE_FIRST = STATE.field("place_first", "position of the first assistant placed this turn")
G_PLACE_STACKED = STATE.field("place_stacked", "1 when two went into one area (then only Telegram's extra)")
G_PLACED_BITS = STATE.field("placed_bits", "bit i = an assistant was placed at position i this turn")
G_AGENT_USED = STATE.field("agent_used", "1 once a foreign agent was used this turn")
G_SPIN_USED = STATE.field("spin_used", "1 once the Spinning Mill was used this turn")
G_UNIV_USED = STATE.field("university_used", "1 once the University was used this turn")
G_LEFT = STATE.field("left", "position the president left this turn (cannot come back), -1 none")
G_ACT_POS = STATE.field("act_pos", "position of the area action under way")
G_ACT_POWER = STATE.field("act_power", "power of the area action under way (at most 5)")
G_ACT_AGENT = STATE.field("act_by_agent", "1 when the action under way is a foreign agent's")
G_RESUME = STATE.field("resume_phase", "extra phase to return to after a foreign agent's action")
G_SUB_N = STATE.field("sub_n", "pieces hired / exchanges made / orders taken in this action")
G_SUB_LIMIT = STATE.field("sub_limit", "pieces or exchanges the action allows")
G_DONATED = STATE.field("donated", "church: bit k = donation kind k given")
G_FAITH = STATE.field("faith", "church: faith reached so far")
G_KEEP_SEAT = STATE.field("keep_seat", "setup: seat choosing which dealt order to keep")
# cards and boards
G_ORDER_DECK = STATE.field("order_deck", "order ids, drawn from order_top upwards", MAX_ORDERS)
G_ORDER_TOP = STATE.field("order_top", "next order card to draw")
G_ORDER_END = STATE.field("order_end", "one past the last order card of the deck")
G_TECH_DECK = STATE.field("tech_deck", "technology ids, drawn from tech_top upwards", MAX_TECH_CARDS)
G_TECH_TOP = STATE.field("tech_top", "next technology card to draw")
G_TECH_END = STATE.field("tech_end", "one past the last technology card")
G_PORT_SLOTS = STATE.field("order_slots", "order ids on board A (port) then B (dock), -1 empty", N_BOARDS * N_SLOTS)
G_LAB_SLOTS = STATE.field("tech_slots", "tech ids on board A (lab) then B (research), -1 empty", N_BOARDS * N_SLOTS)
G_BOARDS = STATE.field("boards", "order/tech boards in play (1 or 2)")
G_ACH = STATE.field("achievements", "achievement card ids in play", N_ACHIEVEMENTS)
G_ACH_CLAIMED = STATE.field("achievement_claims", "per card in play: bit s = seat s claimed it", N_ACHIEVEMENTS)
G_AGENT_SUPPLY = STATE.field("agent_supply", "foreign agents left per country", N_COUNTRIES)
G_SUPPLY = STATE.field("goods_supply", "goods tokens left per good", N_GOODS)
G_IMPORT_SUPPLY = STATE.field("import_supply", "imported goods tokens left")
G_CHURCH = STATE.field("church_spaces", "owner of each church space: seat, 4 dummy, -1 free", MAX_CHURCH)
G_CUSTOMS = STATE.field("customs_spaces", "owner of each customs space: seat, 4 dummy, -1 free", MAX_CUSTOMS)
G_ADJ = STATE.field("adjacency", "bit j of cell i = positions i and j touch", MAX_POS)
G_PLAYER = STATE.block("players", "per seat", PLAYER, MAX_PLAYERS)
G_POSITION = STATE.block("positions", "per board position", POSITION, MAX_POS)
STATE_SIZE = STATE.size
