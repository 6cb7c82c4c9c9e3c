"""La Granja (Andreas Odendahl, Michael Keller; Spielworxx 2014), every rule of the seed for 1 to 4 players, the
solo robot included, with the 66 farm cards as data.

Nothing heavy is imported here: sim/registry.py finds the game by this package and reads what it
declares below (title, player counts, summary, rules version) without loading numba.
"""

# Bump whenever a rule, a data default or the action table changes results.
VERSION = "1.2.0"

TITLE = "La Granja (Andreas Odendahl, Michael Keller, 2014), solo robot included"
PLAYERS = (1, 4)  # fewest and most players
SUMMARY = "Majorcan farms play cards four ways, take revenue dice, deliver to barrows, the market and craft buildings"
