"""La Granja (Andreas Odendahl, Michael Keller; Spielworxx 2014), every rule of the seed for 1 to 4 players, the
solo robot included, with the 66 farm cards as data.

Nothing heavy is imported here: `VERSION` is read by `playout games` without loading numba.
"""

# Bump whenever a rule, a data default or the action table changes results.
VERSION = "1.2.0"
