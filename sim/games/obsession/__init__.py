"""Obsession (Dan Hallagan, Kayenta Games 2018), every rule of the seed, Wessex included, for 2 to 4 players.

Nothing heavy is imported here: sim/registry.py finds the game by this package and reads what it
declares below (title, player counts, summary, rules version) without loading numba.
"""

# Bump whenever a rule, a data default or the action table changes results.
VERSION = "1.1.0"

TITLE = "Obsession (Dan Hallagan, 2018), Wessex included"
PLAYERS = (2, 4)  # fewest and most players
SUMMARY = "Victorian families host activities, court the Fairchilds and improve their estates; 16 or 20 rounds"
