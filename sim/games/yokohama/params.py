"""Yokohama's rule knobs: every printed number of the rules, by name (`--set NAME=VALUE`, sweeps).

Component tables (cards, boards, area yields) are data files, not knobs; see tables.py.
Sources: "seed 000" / "seed 001" are the rules pages in shared/seeds; S3 the English player aid; "rulebook"
the English rulebook (RULES.md, Sources). Where the rulebook and the seeds disagree the seeds' number is the
default and the rulebook's is named in the knob's source.
"""

from sim.params import ParamSpace

PARAMS = ParamSpace("yokohama")
_k = PARAMS.knob

K_START_MONEY = _k("start_money.seat0", 3, "yen of the start player", 0, 99, "sourced: seed 000")
_k("start_money.seat1", 4, "yen of the second seat", 0, 99, "sourced: seed 000")
_k("start_money.seat2", 4, "yen of the third seat", 0, 99, "sourced: seed 000")
_k("start_money.seat3", 4, "yen of the fourth seat", 0, 99, "sourced: seed 000")
K_START_ASSIST_HAND = _k("start.assistants_hand", 8, "assistants in hand at the start", 0, 20, "sourced: seed 000")
K_START_ASSIST_WAREHOUSE = _k("start.assistants_warehouse", 12, "assistants in the warehouse", 0, 20, "sourced: S5")
K_START_SHOPS_HAND = _k("start.shops_hand", 2, "shops in hand at the start", 0, 8, "sourced: seed 000")
K_START_SHOPS_WAREHOUSE = _k("start.shops_warehouse", 6, "shops in the warehouse", 0, 8, "sourced: S5")
K_START_TH_WAREHOUSE = _k("start.trading_houses_warehouse", 4, "trading houses in the warehouse", 0, 4, "sourced: S5")
K_START_GOODS = _k("start.goods_each", 1, "of each good at the start", 0, 9, "sourced: seed 000")
# Goods and imports are not limited by the tokens (rulebook, General Rules); the box holds 30/30/40/40 and 23.
UNLIMITED = 999
K_SUPPLY_COPPER = _k("supply.copper", UNLIMITED, "copper available (999: unlimited; the box holds 30)", 0, 999,
                     "sourced: rulebook")  # fmt: skip
_k("supply.silk", UNLIMITED, "silk available (999: unlimited; the box holds 30)", 0, 999, "sourced: rulebook")
_k("supply.tea", UNLIMITED, "tea available (999: unlimited; the box holds 40)", 0, 999, "sourced: rulebook")
_k("supply.fish", UNLIMITED, "fish available (999: unlimited; the box holds 40)", 0, 999, "sourced: rulebook")
K_SUPPLY_IMPORTS = _k("supply.imports", UNLIMITED, "imported goods available (999: unlimited; the box holds 23)",
                      0, 999, "sourced: rulebook")  # fmt: skip
K_ORDERS_BOXED_2P = _k("setup.orders_boxed_2p", 16, "order cards put back unseen at 2 players", 0, 40, "sourced: S3")
_k("setup.orders_boxed_3p", 5, "order cards put back unseen at 3 players", 0, 40, "sourced: S3")
_k("setup.orders_boxed_4p", 0, "order cards put back unseen at 4 players", 0, 40, "sourced: S3")
# Experiments (`playout value`), not rules: a technology taken out of the game, or given to a seat at setup.
K_REMOVE_TECH = _k("experiment.remove_tech", 0, "tech id + 1 whose cards leave the deck (0: none)", 0, 20, "experiment")
K_GIVE_TECH = _k("experiment.give_tech", 0, "tech id + 1 one copy of which a seat owns from the start (0: none)", 0, 20,
                 "experiment")  # fmt: skip
K_GIVE_SEAT = _k("experiment.give_tech_seat", 0, "the seat given experiment.give_tech", 0, 3, "experiment")

K_PLACE_SPREAD = _k("place.spread", 3, "areas for one assistant each (or 2 in one area)", 1, 6, "sourced: seed 000")
K_PLACE_STACK = _k("place.stack", 2, "assistants into one area instead", 1, 6, "sourced: seed 000")
K_PRESIDENT_FEE = _k(
    "fee.president", 1, "yen per assistant placed or passing by another president", 0, 9, "sourced: seed 000"
)
K_CANAL_FEE = _k("fee.canal", 1, "yen to cross the canal", 0, 9, "sourced: seed 000")
K_MAX_POWER = _k("power.max", 5, "power is capped at this", 1, 5, "sourced: seed 000")
K_BUILD_POWER = _k("power.build", 4, "power needed to build a shop or trading house", 1, 9, "sourced: seed 000")
K_TH_INCOME = _k(
    "trading_house.income",
    1,
    "yen to a trading house owner when another player acts there",
    0,
    9,
    "sourced: seed 000",
)

K_HAND_LIMIT = _k("orders.hand_limit", 3, "order cards a hand may hold", 1, 3, "sourced: seed 000")
K_SECOND_ORDER_YEN = _k(
    "orders.second_card_yen", 2, "yen for a second order card (or 1 import)", 0, 9, "sourced: seed 000"
)
K_PORT5_VP = _k("orders.port_power5_vp", 3, "VP for a port or dock action at power 5", 0, 20, "sourced: seed 000")
K_INDUSTRY_YEN = _k("techs.yen_per_industry", 2, "yen per extra industry (or 1 import)", 1, 9, "sourced: seed 000")
K_FREE_TECHS = _k("techs.free", 3, "techs owned before each further one costs the fee", 0, 20,
                  "sourced: seed 000 (rulebook: 4)")  # fmt: skip
K_TECH_FEE_YEN = _k("techs.fee_yen", 2, "yen fee for each tech beyond techs.free (or 1 import)", 0, 9,
                    "sourced: seed 000")  # fmt: skip
K_SHOP_YEN = _k("agency.shop_yen", 2, "yen to take a shop from the warehouse", 0, 9, "sourced: seed 000")
K_TH_YEN = _k("agency.trading_house_yen.1", 4, "yen for the 1st trading house", 0, 20, "sourced: seed 000")
_k("agency.trading_house_yen.2", 5, "yen for the 2nd trading house", 0, 20, "sourced: seed 000")
_k("agency.trading_house_yen.3", 6, "yen for the 3rd trading house", 0, 20, "sourced: seed 000")
_k("agency.trading_house_yen.4", 7, "yen for the 4th trading house", 0, 20, "sourced: seed 000")
K_CT_IMPORT_YEN = _k("chinatown.import_yen", 4, "yen to buy an imported good", 0, 20, "sourced: seed 000")
K_CT_GOOD_YEN = _k("chinatown.copper_yen", 2, "yen a copper is bought or sold for", 0, 20, "sourced: seed 000")
_k("chinatown.silk_yen", 2, "yen a silk is bought or sold for", 0, 20, "sourced: seed 000")
_k("chinatown.tea_yen", 1, "yen a tea is bought or sold for", 0, 20, "sourced: seed 000")
_k("chinatown.fish_yen", 1, "yen a fish is bought or sold for", 0, 20, "sourced: seed 000")
K_CHURCH_DONATION_YEN = _k("church.donation_yen", 2, "yen given as the money donation", 0, 20,
                           "sourced: seed 000 (rulebook: 1)")  # fmt: skip
K_CHURCH_EXACT = _k(
    "church.exact_space", 0,
    "0: the assistant goes onto a free space of at most the faith reached, the excess lost (rulebook); "
    "1: only onto the space of exactly that faith", 0, 1, "sourced: rulebook",
)  # fmt: skip

K_SPINNING_YEN = _k("tech.spinning_mill_yen", 2, "yen for one silk, once a turn", 0, 20, "sourced: seed 000")
K_UNIVERSITY_YEN = _k(
    "tech.university_yen", 1, "yen to bring one assistant from the warehouse", 0, 20, "sourced: seed 000"
)
K_GASLIGHT_VP = _k("tech.gaslight_vp", 2, "VP per shop built from the turn Gaslight is taken", 0, 20,
                   "sourced: seed 000")  # fmt: skip
K_ELECTRIC_VP = _k("tech.electrical_light_vp", 3, "VP per trading house built from the turn Electrical Light is taken",
                   0, 20, "sourced: seed 000")  # fmt: skip
K_BALL_VP = _k("tech.ball_vp", 2, "VP per order fulfilled with Ball", 0, 20, "sourced: seed 000")
K_LANGUAGE_YEN = _k(
    "tech.language_school_yen", 1, "yen per order fulfilled with Language School", 0, 20, "sourced: seed 000"
)
K_PRINTING_YEN = _k("tech.letterpress_printing_yen", 1, "yen per tech gained after Letterpress Printing", 0, 20,
                    "sourced: seed 000")  # fmt: skip
K_PATENT_VP = _k("tech.patent_system_vp", 2, "VP per tech gained after Patent System", 0, 20, "sourced: seed 000")
K_SELF_TRIGGER = _k(
    "tech.printing_patent_fire_for_self", 0,
    "1: Letterpress Printing and Patent System also pay for their own acquisition (a reading of the seed; "
    "the rulebook says only for techs gained after them)", 0, 1, "sourced: rulebook",
)  # fmt: skip
K_EXPOSITION_VP = _k("tech.exposition_vp", 10, "VP on acquiring Exposition", 0, 50, "sourced: seed 000")
K_WINERY_VP = _k("tech.winery_vp", 3, "VP per church space taken with Winery", 0, 20, "sourced: seed 000")
K_BRICKYARD_VP = _k("tech.brickyard_vp", 4, "VP per customs space taken with Brickyard", 0, 20, "sourced: seed 000")
K_STOCK_FLOOR = _k("tech.system_of_stock_floor", 2, "System of Stock raises money at or below floor-1 to this", 0, 20,
                   "sourced: seed 000")  # fmt: skip
K_NEWSPAPER_SPREAD = _k(
    "tech.newspaper_spread", 4, "areas for one assistant each with Newspaper", 1, 6, "sourced: seed 000"
)

K_END_COUNT_2P = _k(
    "end.board_pieces_2p",
    4,
    "player pieces on church or customs that end the game, 2p",
    1,
    12,
    "sourced: seed 000",
)
_k("end.board_pieces_3p", 5, "... at 3 players", 1, 12, "sourced: seed 000")
_k("end.board_pieces_4p", 6, "... at 4 players", 1, 12, "sourced: seed 000")
K_CHURCH_VP_1 = _k("final.church_first", 6, "church majority, first", 0, 50, "sourced: seed 000")
K_CHURCH_VP_2 = _k("final.church_second", 3, "church majority, second", 0, 50, "sourced: seed 000")
K_CUSTOMS_VP_1 = _k("final.customs_first", 8, "customs majority, first", 0, 50, "sourced: seed 000")
K_CUSTOMS_VP_2 = _k("final.customs_second", 4, "customs majority, second", 0, 50, "sourced: seed 000")
K_INDUSTRY_VP_1 = _k("final.industry_first", 10, "industry majority, first", 0, 50, "sourced: seed 000")
K_INDUSTRY_VP_2 = _k("final.industry_second", 5, "industry majority, second", 0, 50, "sourced: seed 000")
K_SET_VP_2 = _k("final.set_of_2", 2, "VP for 2 different flags", 0, 50, "sourced: seed 000")
_k("final.set_of_3", 4, "VP for 3 different flags", 0, 50, "sourced: seed 000")
_k("final.set_of_4", 8, "VP for 4 different flags", 0, 50, "sourced: seed 000")
_k("final.set_of_5", 12, "VP for 5 different flags", 0, 50, "sourced: seed 000")
K_VP_PER_AGENT = _k("final.vp_per_agent", 1, "VP per unused foreign agent", 0, 9, "sourced: seed 000")
K_VP_PER_IMPORT = _k("final.vp_per_import", 1, "VP per imported good", 0, 9, "sourced: seed 000")
K_YEN_PER_VP = _k("final.yen_per_vp", 2, "yen for 1 VP", 1, 99, "sourced: seed 000")
K_GOODS_PER_VP = _k("final.goods_per_vp", 3, "goods for 1 VP", 1, 99, "sourced: seed 000")
K_SOLE_BOTH = _k(
    "final.sole_player_takes_both", 0,
    "1: a player alone on a majority takes first and second (S3); the rulebook: first only", 0, 1,
    "sourced: rulebook",
)  # fmt: skip
K_DUMMY_FAITH = _k("dummy.church_faith", 7, "2p dummy's church space (faith value)", 1, 12, "sourced: seed 000")
K_DUMMY_CUSTOMS = _k("dummy.customs_imports", 2, "2p dummy's customs space (imports)", 1, 9, "sourced: seed 000")
K_DUMMY_INDUSTRY_X2 = _k("dummy.industry_x2", 15, "2p dummy's industry, doubled (7.5)", 0, 99, "sourced: seed 000")
