"""Bazaar's fixed action table: a turn is one action, take coins or buy the card of one market slot."""

from sim.actions import ActionTable
from sim.games.bazaar.layout import MARKET

ACTIONS = ActionTable("bazaar")
A_TAKE = ACTIONS.kind("take", 1, "take coins (take.coins) from the bank")
A_BUY = ACTIONS.kind("buy", MARKET, "buy the card in market slot i, paying its cost")
N_ACTIONS = ACTIONS.size
