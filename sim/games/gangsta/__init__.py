"""Gangsta! (Yves Rosenbaum, Schmeta Games 2019), every rule of the seed, for 2 to 4 players.

Nothing heavy is imported here: sim/registry.py finds the game by this package and reads what it
declares below (title, player counts, summary, rules version) without loading numba.
"""

# Bump whenever a rule, a data default or the action table changes results.
VERSION = "1.1.0"

TITLE = "Gangsta! (Yves Rosenbaum, 2019)"
PLAYERS = (2, 4)  # fewest and most players
SUMMARY = "recruit gangsters and pull heists over three chapters; snitches, gang war, influence"
