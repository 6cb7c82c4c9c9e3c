"""Obsession's fixed action table: one kind per kind of decision, arguments as offsets.

Estate slots index a player's estate (P_ESTATE), deck slots their gentry deck (P_DECK), objective and VP
card slots their hidden hands; market spaces are 0 (cheapest) to 5.
"""

from sim.actions import ActionTable
from sim.games.obsession.layout import (
    MARKET,
    MAX_DECK,
    MAX_DRAFT,
    MAX_ESTATE,
    MAX_OBJ,
    MAX_PLAYERS,
    MAX_RESERVE,
    MAX_VPC,
    N_DOUBLES,
    N_FAMILIES,
    N_HIREABLE,
    N_SERV,
)

ACTIONS = ActionTable("obsession")
_a = ACTIONS.kind
A_FAMILY = _a("family", N_FAMILIES, "setup: take family i (FAMILIES)")
A_WESSEX_TILE = _a("wessex_tile", 2, "setup, Wessex: the extra START tile, i = 0 Breakfast Room, 1 Tennis Court")
A_DRAFT = _a("draft", MAX_DRAFT, "setup: take starter guest i of the draft pool")
A_OBJ_DISCARD = _a("objective_discard", MAX_OBJ, "discard objective card in slot i (draw round or courtship)")
A_HALL = _a("hall", N_SERV * MAX_PLAYERS,
            "Servants' Hall: servant i // 4 (SERVANTS) gossips about seat i % 4")  # fmt: skip
A_HALL_SKIP = _a("hall_skip", 1, "Servants' Hall: no gossip this turn")
A_HOST = _a("host", MAX_ESTATE, "host the activity of the tile in estate slot i")
A_PASS = _a("pass", 1, "pass: take the discard pile back, refresh service, then rent or a market refresh")
A_BORROW = _a("borrow", 1, "special action: pay reputation for 100 pounds")
A_CALL = _a("call_servant", N_SERV, "bring a servant of type i from the quarters (Servants' Quarters, else reputation)")
A_REFRESH = _a("refresh_market", 1, "special action: pay reputation to refresh the market (once a turn)")
A_USE_VPC = _a("use_vp_card", MAX_VPC, "reveal the VP card in slot i and take its favour instead of its VP")
A_GUEST = _a("guest", MAX_DECK, "invite the card in deck slot i (active hand) to the activity")
A_RENT = _a("rent", 1, "pass: take the tenant rent")
A_PASS_REFRESH = _a("pass_refresh", 1, "pass: refresh the market instead of the rent")
A_WIFE_LOOK = _a("wife_look", 1, "the lady's favour: look at two casual guests and keep one")
A_WIFE_DISMISS = _a("wife_dismiss", 1, "the lady's favour: dismiss a guest")
A_KEEP = _a("keep", 2, "keep card i of the two looked at (the other goes to the bottom of its deck)")
A_ATTACK = _a("attack", MAX_PLAYERS, "gossip: seat i loses the attack's reputation")
A_DISMISS = _a("dismiss", MAX_DECK, "dismiss the guest in deck slot i (to the bottom of its deck)")
A_DISMISS_SKIP = _a("dismiss_skip", 1, "dismiss nobody (the one optional favour)")
A_HIRE = _a("hire", N_HIREABLE, "hire a servant of HIREABLE type i from the supply")
A_RECRUIT = _a("recruit", MAX_PLAYERS * N_HIREABLE, "Butler's Room back: recruit type i % 3 from seat i // 3")
A_DOUBLE = _a("double", N_DOUBLES, "Queen's Suite: double the guest's favour of kind i (DOUBLES)")
A_BUY = _a("buy", MARKET, "buy the top tile of market space i")
A_BUY_SERVICE = _a("buy_service_reserve", MAX_RESERVE, "buy tile i of the service reserve")
A_BUY_PR1 = _a("buy_pr1_reserve", MAX_RESERVE, "buy tile i of the prestige-rating-1 reserve")
A_BUY_DONE = _a("buy_done", 1, "buy nothing more: the turn ends")
A_VP_HIRE = _a("vp_hire", N_HIREABLE, "VP card favour: hire a servant of HIREABLE type i")
A_VP_GUEST = _a("vp_guest", MAX_DECK, "VP card favour: the guest in deck slot i returns from the discard pile")
A_FAIRCHILD = _a("fairchild", 2, "courtship winner: take Charles (0) or Elizabeth (1) Fairchild")
A_KEEP_VPC = _a("keep_vp_card", 1, "final courtship: keep the VP card drawn there for its VP (its favour unused)")
N_ACTIONS = ACTIONS.size
