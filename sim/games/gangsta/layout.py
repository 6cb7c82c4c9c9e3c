"""Gangsta!'s flat state: named offsets (G_* global, P_* per player) and enumerations.

Cards are numbered by their index in the data tables (tables.py): gang members (bosses first, then the
gangsters of the recruiting deck) and heists (the three chapter decks, snitches included). A gangster card
is always in exactly one place: the recruiting deck, its discard pile, the recruiting reserve (river), a
gang, or out of the game (lost to a snitch, the gang war or an assassination).
"""

from sim.layout import Layout

MAX_PLAYERS = 4
N_SKILLS = 6
SKILLS = ("leader", "mercenary", "informant", "sniper", "brawler", "hacker")
SK_LEADER, SK_MERCENARY, SK_INFORMANT, SK_SNIPER, SK_BRAWLER, SK_HACKER = range(N_SKILLS)
CLANS = ("bratva", "cartel", "gang", "mafia", "triad")
CHAPTERS = ("genesis", "gangwar", "domination")
N_CHAPTERS = len(CHAPTERS)

RIVER = 5  # face-up gangsters and face-up heists
MAX_GANG = 16  # boss + recruits; the end threshold (at most 12 recruits, params.py) keeps gangs below this
MAX_CARDS = 48  # bosses + gangsters in the data
MAX_HEISTS = 128  # heists + snitches of all chapters in the data
MAX_CHAPTER_CARDS = 48  # heists + snitches of one chapter
NONE = -1
SNITCH_OWNER = MAX_PLAYERS  # G_HEIST_OWNER value of a revealed snitch

# Where influence comes from: one counter per player and source; the total is their sum.
VP_SOURCES = ("gangsters", "heists", "most_money", "most_gangsters")
N_VP = len(VP_SOURCES)
V_GANGSTERS, V_HEISTS, V_MOST_MONEY, V_MOST_GANGSTERS = range(N_VP)

END_TRIGGERS = ("none", "gang_size", "third_snitch", "no_cards_left", "round_limit")
E_NONE, E_GANG_SIZE, E_SNITCHES, E_NO_CARDS, E_ROUND_LIMIT = range(len(END_TRIGGERS))

# Why gangsters are being discarded (PH_LOSE).
LOSS_CAUSES = ("none", "snitch", "gang_war", "assassination")
L_NONE, L_SNITCH, L_GANG_WAR, L_ASSASSINATION = range(len(LOSS_CAUSES))

# Special rewards of a heist, resolved in this order after cash and influence.
REWARD_STEPS = ("learn", "play_again", "rally", "fast_recruit", "theft", "diversion", "assassination", "done")
RS_LEARN, RS_PLAY_AGAIN, RS_RALLY, RS_FAST_RECRUIT, RS_THEFT, RS_DIVERSION, RS_ASSASSINATION, RS_DONE = range(
    len(REWARD_STEPS)
)

# What the rules do next by themselves, between decisions (step runs these until a decision is due).
# Kept as a state field so that no rule function calls back into the turn flow: numba's cache breaks on
# mutually recursive functions.
FLOWS = ("decide", "rewards", "finish_action", "refill", "next_loss")
F_DECIDE, F_REWARDS, F_FINISH_ACTION, F_REFILL, F_NEXT_LOSS = range(len(FLOWS))

# The decision due: what legal_mask offers and step expects.
PHASES = (
    "mobilise", "action", "crew", "learn", "fast_recruit", "theft", "diversion", "assassination", "lose",
    "pass_discard", "game_over",
)  # fmt: skip
(
    PH_MOBILISE,
    PH_ACTION,
    PH_CREW,
    PH_LEARN,
    PH_FAST_RECRUIT,
    PH_THEFT,
    PH_DIVERSION,
    PH_ASSASSINATION,
    PH_LOSE,
    PH_PASS_DISCARD,
    PH_GAME_OVER,
) = range(len(PHASES))

# ---------------------------------------------------------------- per player
PLAYER = Layout("player")
P_MONEY = PLAYER.field("money", "dollars in hand")
P_VP = PLAYER.field("vp", "influence so far (the sum of vp_by_source)")
P_VP_SRC = PLAYER.field("vp_by_source", "influence per source (VP_SOURCES)", N_VP)
P_GANG_N = PLAYER.field("gang_n", "cards in the gang, the boss included")
P_GANG = PLAYER.field("gang", "card index per gang slot; slot 0 is the boss", MAX_GANG)
P_ENGAGED = PLAYER.field("engaged", "per gang slot: 1 engaged, 0 available", MAX_GANG)
P_LEARNED = PLAYER.field("learned", "per gang slot: learned skill (SKILLS), -1 none", MAX_GANG)
P_SKILL_BITS = PLAYER.field("skill_bits", "per gang slot: bit k = the member has skill k (learned included)", MAX_GANG)
P_SKILLS = PLAYER.field("skills", "skill totals of the whole gang, learned skills included", N_SKILLS)
P_RECRUITED = PLAYER.field("recruited", "gangsters hired, fast recruits included (what the 4/7/9 thresholds count)")
P_LOST = PLAYER.field("lost", "gangsters discarded (snitch, gang war, assassination)")
P_HEISTS_DONE = PLAYER.field("heists_done", "heists performed")
P_COOP_JOINED = PLAYER.field("coop_joined", "cooperative heists it had a gangster in and was paid the co-op reward for")
P_PASSES = PLAYER.field("passes", "turns passed")
P_SNITCH_PAID = PLAYER.field("snitch_paid", "dollars paid to snitches")
P_SIZE = PLAYER.size

# ---------------------------------------------------------------- the whole state
STATE = Layout("gangsta state")
G_PLAYERS = STATE.field("n_players", "players in this game")
G_PHASE = STATE.field("phase", "decision due (PHASES)")
G_CUR = STATE.field("current", "seat to decide")
G_ACTIVE = STATE.field("active", "seat whose turn it is")
G_ROUND = STATE.field("round", "round number from 0; a round ends after the last seat's turn")
G_TURNS = STATE.field("turns", "player turns started (extra turns included)")
G_CHAPTER = STATE.field("chapter", "1 genesis, 2 gang war, 3 domination")
G_END_TRIGGER = STATE.field("end_trigger", "what ended the game (END_TRIGGERS), 0 while playing")
G_SNITCHES = STATE.field("snitches", "snitches revealed in this chapter")
G_REPLAY = STATE.field("replay", "1 when this turn is a play-again turn (no play-again from it)")
G_REPLAY_PENDING = STATE.field("replay_pending", "1 when the active player plays again after this turn")
G_FLOW = STATE.field("flow", "what the rules do next before the next decision (FLOWS)")
G_FREE_UNTAPS = STATE.field("free_untaps", "mobilisation: free untaps left (leader skills)")
# the heist under way and its rewards
G_HEIST = STATE.field("heist", "heist card under way, -1 none")
G_HEIST_SLOT = STATE.field("heist_slot", "river slot of the heist under way")
G_MISSING = STATE.field("missing", "skills the heist under way still needs", N_SKILLS)
G_CREW_N = STATE.field("crew_n", "gangsters in the crew so far")
G_CREW_BITS = STATE.field("crew_bits", "per seat: bit i = gang slot i is in the crew", MAX_PLAYERS)
G_REWARD_STEP = STATE.field("reward_step", "next special reward to resolve (REWARD_STEPS)")
G_REWARD_LEFT = STATE.field("reward_left", "diversion: gangsters still to engage")
# discards (snitch, gang war, assassination)
G_LOSS_CAUSE = STATE.field("loss_cause", "why gangsters are being discarded (LOSS_CAUSES)")
G_LOSS_QUEUE = STATE.field("loss_queue", "bit q = seat q still has to discard a gangster")
G_LOSS_CHOOSER = STATE.field("loss_chooser", "seat choosing the discarded gangsters, -1 each victim")
G_VICTIM = STATE.field("victim", "seat discarding now")
# cards
G_GRIVER = STATE.field("gangster_river", "face-up gangster card per slot, -1 empty", RIVER)
G_HRIVER = STATE.field("heist_river", "face-up heist card per slot, -1 empty", RIVER)
G_GDECK_N = STATE.field("gangster_deck_n", "cards in the recruiting deck (drawn from the end)")
G_GDECK = STATE.field("gangster_deck", "the recruiting deck", MAX_CARDS)
G_GDISCARD_N = STATE.field("gangster_discard_n", "cards in its discard pile")
G_GDISCARD = STATE.field("gangster_discard", "discarded river gangsters (reshuffled when the deck is empty)", MAX_CARDS)
G_KILLED_N = STATE.field("killed_n", "gangsters out of the game")
G_KILLED = STATE.field("killed", "gangsters lost to snitches, the gang war or assassinations", MAX_CARDS)
G_HDECK_N = STATE.field("heist_deck_n", "per chapter: cards left in its deck (drawn from the end)", N_CHAPTERS)
G_HDECK = STATE.field("heist_decks", "per chapter: its deck of heists and snitches", N_CHAPTERS * MAX_CHAPTER_CARDS)
G_HDISCARD_N = STATE.field("heist_discard_n", "discarded heists of this chapter")
G_HDISCARD = STATE.field("heist_discard", "discarded heists (reshuffled when the deck is empty)", MAX_CHAPTER_CARDS)
G_OPENING = STATE.field("opening_rivers", "the first five heists of chapters 2 and 3, dealt at setup", 2 * RIVER)
G_HEIST_OWNER = STATE.field("heist_owner", "per heist card: seat that performed it, 4 revealed snitch, -1", MAX_HEISTS)
G_SHUFFLE_KEY = STATE.field("shuffle_key", "drawn at setup: the key of every later reshuffle of a discard pile")
G_SHUFFLES = STATE.field("shuffles", "reshuffles so far (the counter of the reshuffle stream)")
G_PLAYER = STATE.block("players", "per seat", PLAYER, MAX_PLAYERS)
STATE_SIZE = STATE.size
