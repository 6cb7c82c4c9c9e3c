"""Yokohama (横濱紳商伝, Hisashi Hayashi 2016), every rule of the seeds, for 2 to 4 players.

Nothing heavy is imported here: sim/registry.py finds the game by this package and reads what it
declares below (title, player counts, summary, rules version) without loading numba.
"""

# Bump whenever a rule, a data default or the action table changes results.
VERSION = "1.1.0"

TITLE = "Yokohama (Hisashi Hayashi, 2016)"
PLAYERS = (2, 4)  # fewest and most players
SUMMARY = "merchants place assistants, move a president and act in areas; orders, techs, church and customs"
