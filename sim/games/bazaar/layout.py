"""Bazaar's flat state: named offsets (G_* global, P_* per player) and enumerations.

Cards are numbered by their row in data/cards.csv (0 first). A card is always in exactly one place: the
deck, a market slot, a player's tableau, or out of the game (removed by the experiment knob).
"""

from sim.layout import Layout

MAX_PLAYERS = 4
MARKET = 5  # face-up cards
MAX_CARDS = 30  # a player's cards are bits of one int32 result column: at most 31 cards
NONE = -1
OUT = MAX_PLAYERS  # G_OWNER of a card taken out of the game (experiment.remove_card)

END_TRIGGERS = ("none", "round_limit")
E_NONE, E_ROUND_LIMIT = range(len(END_TRIGGERS))

# The decision due: one kind of turn, then the game is over.
PHASES = ("turn", "game_over")
PH_TURN, PH_GAME_OVER = range(len(PHASES))

# ---------------------------------------------------------------- per player
PLAYER = Layout("player")
P_MONEY = PLAYER.field("money", "coins in hand")
P_VP = PLAYER.field("vp", "VP printed on the cards bought (coins are converted only at the end)")
P_INCOME = PLAYER.field("income", "coins paid at each round's end: the sum of the cards' income")
P_CARDS = PLAYER.field("cards", "cards in the tableau")
P_CARD_BITS = PLAYER.field("card_bits", "bit c = the tableau holds card c")
P_TAKES = PLAYER.field("takes", "turns spent taking coins")
P_BUYS = PLAYER.field("buys", "cards bought")
P_SIZE = PLAYER.size

# ---------------------------------------------------------------- the whole state
STATE = Layout("bazaar state")
G_PLAYERS = STATE.field("n_players", "players in this game")
G_PHASE = STATE.field("phase", "decision due (PHASES)")
G_CUR = STATE.field("current", "seat to decide")
G_ROUND = STATE.field("round", "round number from 0; a round ends after the last seat's turn")
G_END_TRIGGER = STATE.field("end_trigger", "what ended the game (END_TRIGGERS), 0 while playing")
G_MARKET = STATE.field("market", "face-up card per slot, -1 empty", MARKET)
G_DECK_N = STATE.field("deck_n", "cards left in the deck (drawn from the end)")
G_DECK = STATE.field("deck", "the deck, face down: its order is hidden (hidden.py)", MAX_CARDS)
G_OWNER = STATE.field("owner", "per card: seat whose tableau holds it, 4 out of the game, -1 deck or market", MAX_CARDS)
G_PLAYER = STATE.block("players", "per seat", PLAYER, MAX_PLAYERS)
STATE_SIZE = STATE.size
