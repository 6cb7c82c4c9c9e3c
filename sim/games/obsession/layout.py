"""Obsession's flat state: named offsets (G_* global, P_* per player) and enumerations.

Tiles are numbered twice: a *kind* is one row of data/tiles.csv (a named tile: Dining Room), an *instance* is
one physical tile (tables.py makes one per copy in the bag, one START copy per seat and the Wessex START
choices). A tile instance is always in exactly one place: the bag, a market stack, a reserve, a player's
estate, or the box. Gentry cards are numbered by their row in data/gentry.csv; a card is always in exactly
one place: the casual or prestige deck, a player's gentry deck (active hand, discard pile or attending the
activity, P_CARD_STATE), beside the round track (the Fairchilds, the undrafted starters) or the box.

Hidden information (for a search bot, see RULES.md): the order of every deck and of the tile bag, the theme
cards not yet revealed, and each player's objective cards and victory point cards are hidden from the other
seats; everything else is public. Each is an array with a count, drawn from the end.
"""

from sim.layout import Layout

MAX_PLAYERS = 4

CATEGORIES = ("essentials", "service", "estate", "prestige", "sporting")
N_CATS = len(CATEGORIES)
CAT_ESSENTIALS, CAT_SERVICE, CAT_ESTATE, CAT_PRESTIGE, CAT_SPORTING = range(N_CATS)

SERVANTS = ("butler", "housekeeper", "underbutler", "valet", "ladys_maid", "footman")
N_SERV = len(SERVANTS)
SV_BUTLER, SV_HOUSEKEEPER, SV_UNDERBUTLER, SV_VALET, SV_MAID, SV_FOOTMAN = range(N_SERV)
HIREABLE = (SV_VALET, SV_MAID, SV_FOOTMAN)  # what the Butler's Room hires or recruits
N_HIREABLE = len(HIREABLE)

# Where a player's servants stand: the three boxes of the player board, and `busy` for those serving the
# activity under way (they go to `expended` when the board is cleared).
BOXES = ("available", "expended", "quarters", "busy")
N_BOXES = len(BOXES)
BX_AVAILABLE, BX_EXPENDED, BX_QUARTERS, BX_BUSY = range(N_BOXES)

FAMILIES = ("asquith", "cavendish", "ponsonby", "york", "wessex")
N_FAMILIES = len(FAMILIES)
FAM_WESSEX = 4

# Who a tile asks for. `supply`: the Lionheart Suite's guest comes from the prestige deck, not the hand.
GUEST_TYPES = ("none", "gentry", "family", "gentlemen", "ladies", "casual", "prestige", "supply")
GT_NONE, GT_GENTRY, GT_FAMILY, GT_GENTLEMEN, GT_LADIES, GT_CASUAL, GT_PRESTIGE, GT_SUPPLY = range(len(GUEST_TYPES))

CLASSES = ("family", "fairchild", "starter", "casual", "prestige")
CL_FAMILY, CL_FAIRCHILD, CL_STARTER, CL_CASUAL, CL_PRESTIGE = range(len(CLASSES))
ROLES = ("none", "husband", "wife", "heir", "daughter", "dowager")
SEXES = ("M", "F")
SEX_M, SEX_F = range(2)
TAGS = ("none", "cad", "scoundrel", "pauper", "gossip", "adventuress", "heiress")

TILE_TYPES = ("improvement", "service", "monument", "suite", "hybrid")
TT_IMPROVEMENT, TT_SERVICE, TT_MONUMENT, TT_SUITE, TT_HYBRID = range(len(TILE_TYPES))
ABILITIES = (
    "none", "private_study", "butlers_room", "barn", "brushing_room", "butlers_pantry", "servants_quarters",
    "servants_hall", "heritage_suite", "queens_suite", "lionheart_suite",
)  # fmt: skip
(
    AB_NONE,
    AB_STUDY,
    AB_BUTLERS_ROOM,
    AB_BARN,
    AB_BRUSHING,
    AB_PANTRY,
    AB_QUARTERS,
    AB_HALL,
    AB_HERITAGE,
    AB_QUEENS,
    AB_LIONHEART,
) = range(len(ABILITIES))
TILE_SETS = ("base", "wessex", "suites")
SET_BASE, SET_WESSEX, SET_SUITES = range(len(TILE_SETS))

# Round-track events (bits of the data's per-round event word).
EVENTS = ("village_fair", "objective_draw", "builders_holiday", "national_holiday", "courtship")
EV_FAIR, EV_OBJECTIVES, EV_BUILDERS, EV_NATIONAL, EV_COURTSHIP = range(len(EVENTS))
TRACKS = ("standard", "extended")
MAX_ROUNDS = 20
MAX_LEVELS = 9  # reputation levels of the extended game (7 in the standard game)
POSITIONS = 5  # reputation positions per level (the small circle)

OBJECTIVE_KINDS = ("tile", "guests", "category", "servants", "group", "largest_category", "reputation", "money",
                   "monuments")  # fmt: skip
(
    OK_TILE,
    OK_GUESTS,
    OK_CATEGORY,
    OK_SERVANTS,
    OK_GROUP,
    OK_LARGEST,
    OK_REPUTATION,
    OK_MONEY,
    OK_MONUMENTS,
) = range(len(OBJECTIVE_KINDS))
VP_CARD_KINDS = ("reputation", "money", "prestige_invite", "objective", "purchases", "hire", "refresh_market",
                 "refresh_service", "refresh_guest")  # fmt: skip
(
    VK_REPUTATION,
    VK_MONEY,
    VK_PRESTIGE,
    VK_OBJECTIVE,
    VK_PURCHASES,
    VK_HIRE,
    VK_REFRESH_MARKET,
    VK_REFRESH_SERVICE,
    VK_REFRESH_GUEST,
) = range(len(VP_CARD_KINDS))

# Where the final score comes from: one counter per player and source; the total is their sum.
VP_SOURCES = ("tiles", "gentry", "fairchild", "objectives", "reputation", "servants", "wealth", "vp_cards")
N_VP = len(VP_SOURCES)
V_TILES, V_GENTRY, V_FAIRCHILD, V_OBJECTIVES, V_REPUTATION, V_SERVANTS, V_WEALTH, V_VP_CARDS = range(N_VP)

END_TRIGGERS = ("none", "last_round")
E_NONE, E_LAST_ROUND = range(len(END_TRIGGERS))

MARKET = 6  # open market spaces, cheapest on the left
STACK = 4  # tiles of one kind stacked on one market space (duplicates)
MAX_RESERVE = 24  # tiles in each reserve (service, prestige rating 1)
MAX_KINDS = 96
MAX_INST = 160
MAX_ESTATE = 32  # tiles in one player's estate
MAX_GENTRY = 128
MAX_DECK = 64  # gentry cards in one player's deck (hand + discard pile + attending)
MAX_OBJ_CARDS = 48
MAX_VP_CARDS = 48
MAX_OBJ = 16  # objective cards one player holds
MAX_VPC = 16  # victory point cards one player holds
N_THEMES = 10
MAX_DRAFT = 10  # starter guests face up for the draft (2 * players + 2)
MAX_ATTACKS = 8  # gossip attacks waiting for a target
WORD_BITS = 31  # bits per int32 word of the tile-kind masks in the results

# Hand states of the cards in a player's gentry deck.
CARD_STATES = ("hand", "discard", "attending")
CS_HAND, CS_DISCARD, CS_ATTENDING = range(len(CARD_STATES))

# What the rules do next by themselves, between decisions (step runs these until a decision is due).
# Kept as a state field so that no rule function calls back into the turn flow: numba's cache breaks on
# mutually recursive functions.
FLOWS = (
    "decide", "setup", "start_round", "start_turn", "after_events", "favours", "pending", "clear", "end_buy",
    "end_turn", "courtship", "court_discard", "end_round", "final_vp_cards",
)  # fmt: skip
(
    F_DECIDE,
    F_SETUP,
    F_START_ROUND,
    F_START_TURN,
    F_AFTER_EVENTS,
    F_FAVOURS,
    F_PENDING,
    F_CLEAR,
    F_END_BUY,
    F_END_TURN,
    F_COURTSHIP,
    F_COURT_DISCARD,
    F_END_ROUND,
    F_FINAL_VPC,
) = range(len(FLOWS))

# The decision due: what legal_mask offers and step expects.
PHASES = (
    "family", "wessex_tile", "draft", "objective_discard", "hall", "main", "guests", "pass_choice", "wife",
    "keep_guest", "attack", "dismiss", "hire", "double", "buy", "vp_hire", "vp_guest", "keep_objective",
    "fairchild", "court_discard", "game_over", "final_vp_card",
)  # fmt: skip
(
    PH_FAMILY,
    PH_WESSEX_TILE,
    PH_DRAFT,
    PH_OBJ_DISCARD,
    PH_HALL,
    PH_MAIN,
    PH_GUESTS,
    PH_PASS_CHOICE,
    PH_WIFE,
    PH_KEEP_GUEST,
    PH_ATTACK,
    PH_DISMISS,
    PH_HIRE,
    PH_DOUBLE,
    PH_BUY,
    PH_VP_HIRE,
    PH_VP_GUEST,
    PH_KEEP_OBJ,
    PH_FAIRCHILD,
    PH_COURT_DISCARD,
    PH_GAME_OVER,
    PH_FINAL_VPC,
) = range(len(PHASES))

# Favour kinds one guest's favour may be doubled in (Queen's Suite).
DOUBLES = ("money", "reputation", "casual", "prestige", "vp_cards")
N_DOUBLES = len(DOUBLES)

NONE = -1

# ---------------------------------------------------------------- per player
PLAYER = Layout("player")
P_FAMILY = PLAYER.field("family", "FAMILIES index, -1 before the choice")
P_MONEY = PLAYER.field("money", "pounds")
P_REP = PLAYER.field("reputation", "steps above level 1 position 1: level = r // 5 + 1, position = r % 5 + 1")
P_SERV = PLAYER.field("servants", "per box (BOXES) and servant (SERVANTS): how many", N_BOXES * N_SERV)
P_ESTATE_N = PLAYER.field("estate_n", "tiles in the estate")
P_ESTATE = PLAYER.field("estate", "tile instances in the estate (START tiles first)", MAX_ESTATE)
P_DECK_N = PLAYER.field("deck_n", "gentry cards in the player's deck")
P_DECK = PLAYER.field("deck", "gentry card per deck slot", MAX_DECK)
P_CARD_STATE = PLAYER.field("card_state", "per deck slot: CARD_STATES (hand, discard, attending)", MAX_DECK)
P_OBJ_N = PLAYER.field("objectives_n", "objective cards held (hidden from the other seats)")
P_OBJ = PLAYER.field("objectives", "objective card per slot", MAX_OBJ)
P_VPC_N = PLAYER.field("vp_cards_n", "victory point cards held face down (hidden from the other seats)")
P_VPC = PLAYER.field("vp_cards", "victory point card per slot", MAX_VPC)
P_ABILITY = PLAYER.field("abilities", "bit a = the estate holds a tile of ability a (ABILITIES)")
P_MONUMENTS = PLAYER.field("monuments", "monuments in the estate (converted suites included)")
P_VP = PLAYER.field("vp", "final score (the sum of vp_by_source), written at the end")
P_VP_SRC = PLAYER.field("vp_by_source", "final VP per source (VP_SOURCES)", N_VP)
P_HOSTED = PLAYER.field("hosted", "activities hosted")
P_PASSES = PLAYER.field("passes", "turns passed")
P_BOUGHT = PLAYER.field("bought", "tiles bought")
P_INVITED = PLAYER.field("invited", "guests gained by invitations (casual and prestige)")
P_DISMISSED = PLAYER.field("dismissed", "guests dismissed")
P_HIRED = PLAYER.field("hired", "servants hired from the supply or recruited")
P_LOST = PLAYER.field("servants_lost", "servants recruited away by other players")
P_BORROWED = PLAYER.field("borrowed", "pounds borrowed (special action and pauper payments)")
P_HELPED = PLAYER.field("service_help", "servants called from the quarters (special action or Servants' Quarters)")
P_REFRESHES = PLAYER.field("market_refreshes", "market refreshes (special action, pass or VP card)")
P_VPC_USED = PLAYER.field("vp_cards_used", "victory point cards spent for their favour")
P_COURT_WON = PLAYER.field("courtships_won", "courtships won alone")
P_COURT_TIED = PLAYER.field("courtships_tied", "courtships tied for the lead")
P_GOSSIP = PLAYER.field("gossip", "reputation taken from others (gossip guests and the Servants' Hall)")
P_SIZE = PLAYER.size

# ---------------------------------------------------------------- the whole state
STATE = Layout("obsession state")
G_PLAYERS = STATE.field("n_players", "players in this game")
G_PHASE = STATE.field("phase", "decision due (PHASES)")
G_CUR = STATE.field("current", "seat to decide")
G_ACTIVE = STATE.field("active", "seat whose turn it is")
G_ROUND = STATE.field("round", "round of the track, 1..16 (standard) or 1..20 (extended); 0 during setup")
G_LAST_ROUND = STATE.field("last_round", "16 or 20")
G_FIRST = STATE.field("first", "start player of this round")
G_TURNS = STATE.field("turns_in_round", "player turns taken this round")
G_FLOW = STATE.field("flow", "what the rules do next before the next decision (FLOWS)")
G_END_TRIGGER = STATE.field("end_trigger", "what ended the game (END_TRIGGERS), 0 while playing")
G_MAX_REP = STATE.field("max_reputation", "highest reputation step: max level, position 5")
G_SETUP_STEP = STATE.field("setup_step", "setup decisions taken (family choices, then draft picks)")
G_DRAFT_N = STATE.field("draft_n", "starter guests left in the draft pool")
G_DRAFT = STATE.field("draft", "the draft pool (gentry cards)", MAX_DRAFT)
# the round track
G_THEMES = STATE.field("themes", "the theme deck, shuffled at setup; the first themes_shown are revealed", N_THEMES)
G_THEMES_SHOWN = STATE.field("themes_shown", "theme cards revealed")
G_FAIRCHILD = STATE.field("fairchild_holder", "per Fairchild card (Charles, Elizabeth): seat holding it, -1", 2)
G_COURT_WINNER = STATE.field("court_winner", "seat choosing a Fairchild, -1")
G_COURT_QUEUE = STATE.field("court_queue", "bit p = seat p still discards an objective after the courtship")
G_FINAL_VPC = STATE.field("final_vp_queue", "bit p = seat p may still use the VP card drawn at the final courtship")
G_RES_SERVICE_ON = STATE.field("service_reserve_on", "1 once the service tile reserve is in use")
G_RES_PR1_ON = STATE.field("pr1_reserve_on", "1 once the prestige-rating-1 tile reserve is in use")
G_SUPPLY = STATE.field("supply", "servants for hire, per servant (the underbutlers come only with a Butler's Pantry)",
                       N_SERV)  # fmt: skip
# decks (drawn from the end: index n-1 is the top)
G_CASUAL_N = STATE.field("casual_n", "casual guest deck: cards")
G_CASUAL = STATE.field("casual", "casual guest deck", MAX_GENTRY)
G_PRESTIGE_N = STATE.field("prestige_n", "prestige guest deck: cards")
G_PRESTIGE = STATE.field("prestige", "prestige guest deck", MAX_GENTRY)
G_OBJ_DECK_N = STATE.field("objective_deck_n", "objective deck: cards")
G_OBJ_DECK = STATE.field("objective_deck", "objective deck", MAX_OBJ_CARDS)
G_OBJ_BOTTOM = STATE.field("objective_bottom", "objective cards put under the deck since the last reshuffle")
G_VPC_DECK_N = STATE.field("vp_deck_n", "victory point card deck: cards")
G_VPC_DECK = STATE.field("vp_deck", "victory point card deck", MAX_VP_CARDS)
G_BAG_N = STATE.field("bag_n", "tiles in the bag")
G_BAG = STATE.field("bag", "the tile bag (instances; its order is the order of the draws)", MAX_INST)
G_TILE_SIDE = STATE.field("tile_side", "per tile instance: 0 front, 1 back (flipped, rose showing)", MAX_INST)
# the builders' market
G_MARKET_N = STATE.field("market_n", "per open market space: tiles stacked there", MARKET)
G_MARKET = STATE.field("market", "per open market space: the stack (tiles of one kind)", MARKET * STACK)
G_RES_SERVICE_N = STATE.field("service_reserve_n", "tiles in the service reserve")
G_RES_SERVICE = STATE.field("service_reserve", "the service tile reserve", MAX_RESERVE)
G_RES_PR1_N = STATE.field("pr1_reserve_n", "tiles in the prestige-rating-1 reserve")
G_RES_PR1 = STATE.field("pr1_reserve", "the prestige-rating-1 tile reserve", MAX_RESERVE)
# the turn under way
G_BUYS_LEFT = STATE.field("buys_left", "purchases still allowed this turn")
G_MULTI_BUY = STATE.field("multi_buy", "1: several purchases this turn (Builders' Holiday, VP card): refill at the end")
G_BOUGHT_NOW = STATE.field("bought_now", "tiles bought this turn (refilled together when multi_buy)")
G_REFRESHED = STATE.field("refreshed", "1 when the refresh special action was used this turn")
G_QUARTERS_USED = STATE.field("quarters_used", "1 when the Servants' Quarters servant was called this turn")
G_RETURN_PHASE = STATE.field("return_phase", "phase a VP card's own decision returns to (main or buy)")
G_ACT_TILE = STATE.field("activity_tile", "tile instance hosted this turn, -1")
G_ACT_SIDE = STATE.field("activity_side", "side of the hosted tile when hosting began")
G_ACT_LEVEL = STATE.field("activity_level", "reputation level the guests are checked against (step 3)")
G_ACT_TYPE = STATE.field("activity_guests", "guest type the tile asks for (GUEST_TYPES)")
G_ACT_NEED = STATE.field("activity_need", "guests still to invite")
G_ACT_N = STATE.field("activity_n", "guests invited so far")
G_ACT_OK = STATE.field("activity_ok", "per deck slot: 1 = of the type and prestige allowed (paupers: per choice)",
                       MAX_DECK)  # fmt: skip
G_ACT_DOUBLE = STATE.field("activity_double", "suites: 0 none, 1 all guest favours doubled, 2 one favour (chosen)")
G_ACT_DOUBLE_KIND = STATE.field("double_kind", "Queen's Suite: the favour doubled (DOUBLES), -1")
G_SUPPLY_GUEST = STATE.field("supply_guest", "Lionheart Suite: the prestige guest taken from the deck, -1")
# favours waiting for a decision
G_PEND_ATTACK_N = STATE.field("attacks_n", "gossip attacks waiting for a target")
G_PEND_ATTACK = STATE.field("attacks", "reputation each waiting attack takes", MAX_ATTACKS)
G_PEND_WIFE = STATE.field("wife_choices", "wife favours waiting: look at two casual guests, or dismiss")
G_PEND_DISMISS = STATE.field("dismissals", "dismissals the player may still make")
G_PEND_HIRE = STATE.field("hires", "servants still to hire (Butler's Room)")
G_HIRE_MAY_RECRUIT = STATE.field("may_recruit", "1: the Butler's Room back side: recruit one instead")
G_LOOK_N = STATE.field("look_n", "casual guests looked at (wife's favour)")
G_LOOK = STATE.field("look", "the two casual guests looked at", 2)
G_KEEP_OBJ_N = STATE.field("keep_objective_n", "objective cards drawn by a VP card, one to keep")
G_KEEP_OBJ = STATE.field("keep_objective", "those objective cards", 2)
# chance after setup: a key drawn at setup for every later reshuffle (bag, objective discards)
G_SHUFFLE_KEY = STATE.field("shuffle_key", "drawn at setup: the key of every later reshuffle")
G_SHUFFLES = STATE.field("shuffles", "reshuffles so far (the counter of the reshuffle stream)")
G_PLAYER = STATE.block("players", "per seat", PLAYER, MAX_PLAYERS)
STATE_SIZE = STATE.size
