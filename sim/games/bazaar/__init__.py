"""Bazaar: playout's template game, invented to show every part a game supplies (docs/ARCHITECTURE.md,
"Adding a game"). Take coins or buy a face-up card; cards give VP and income; most VP after the last round wins.

Nothing heavy is imported here: sim/registry.py finds the game by this package and reads what it
declares below (title, player counts, summary, rules version) without loading numba.
"""

# Bump whenever a rule, a data default or the action table changes results.
VERSION = "1.0.0"

TITLE = "Bazaar (playout's template game)"
PLAYERS = (2, 4)  # fewest and most players
SUMMARY = "template game: take coins or buy a face-up card (cost, VP, income); most VP after the last round"
