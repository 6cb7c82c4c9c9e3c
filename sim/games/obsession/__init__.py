"""Obsession (Dan Hallagan, Kayenta Games 2018), every rule of the seed, Wessex included, for 2 to 4 players.

Nothing heavy is imported here: `VERSION` is read by `playout games` without loading numba.
"""

# Bump whenever a rule, a data default or the action table changes results.
VERSION = "1.1.0"
