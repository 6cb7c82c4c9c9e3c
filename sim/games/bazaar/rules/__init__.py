"""Bazaar's rules (RULES.md), as the kernels of the rules contract (sim/spec.py): init_state, legal_mask,
step, current_player, is_terminal, final_scores. The rest are the rules' helpers, named as verbs.

The rules are split where a reader would look, as every game's are, each module importing only the ones listed
before it:

    common.py       addressing, a card leaving the deck or gained, the market refilled, whose turn, the end reached
    scoring.py      coins' VP and the final scores
    setup.py        the deal
    play.py         a turn: legal_mask, step, the turn's end and the income

This package re-exports every name the rest of the code imports from it.
"""

from sim.games.bazaar.rules.common import cb, current_player, gain_card, is_terminal, pb, pull_from_deck, refill
from sim.games.bazaar.rules.play import end_turn, legal_mask, pay_income, step
from sim.games.bazaar.rules.scoring import coin_vp, final_scores
from sim.games.bazaar.rules.setup import init_state

__all__ = [
    "cb", "coin_vp", "current_player", "end_turn", "final_scores", "gain_card", "init_state", "is_terminal",
    "legal_mask", "pay_income", "pb", "pull_from_deck", "refill", "step",
]  # fmt: skip
