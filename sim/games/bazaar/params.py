"""Bazaar's rule knobs: every number of the rules by name (`--set NAME=VALUE`). The game is invented, so
every default is ASSUMED; card numbers are data (data/cards.csv), not knobs."""

from sim.params import ParamSpace

PARAMS = ParamSpace("bazaar")
_k = PARAMS.knob

K_START_MONEY = _k("start_money.seat0", 3, "coins of the start player", 0, 99, "ASSUMED")
for _seat in (1, 2, 3):  # consecutive offsets: seat p's knob is K_START_MONEY + p
    _k(f"start_money.seat{_seat}", 3, f"coins of seat {_seat}", 0, 99, "ASSUMED")
K_TAKE = _k("take.coins", 2, "coins a take action gives", 0, 20, "ASSUMED")
K_ROUNDS = _k("end.rounds", 8, "rounds played; the game ends after the last seat's turn of the last round", 1, 30,
              "ASSUMED")  # fmt: skip
K_COINS_PER_VP = _k("final.coins_per_vp", 5, "coins worth one VP at the end (rounded down)", 1, 99, "ASSUMED")

# Experiments (`playout value bazaar --cards card`), not rules: a card left out of the deck, or dealt to a
# seat's tableau before the market is dealt. The deck is shuffled as usual and then adjusted.
K_REMOVE_CARD = _k("experiment.remove_card", 0, "card index + 1 (cards.csv order) taken out of the game (0: none)",
                   0, 30, "experiment")  # fmt: skip
K_GIVE_CARD = _k("experiment.give_card", 0, "card index + 1 put in experiment.give_card_seat's tableau (0: none)",
                 0, 30, "experiment")  # fmt: skip
K_GIVE_CARD_SEAT = _k("experiment.give_card_seat", 0, "the seat given experiment.give_card", 0, 3, "experiment")
