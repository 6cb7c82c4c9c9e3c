"""Statistics and judgements on results already played: intervals and tests, the balance questions of a
games table, card, family and matchup values, sweeps, robustness verdicts, player strength, comparisons and
regression checks. Nothing here plays a game; a module may draw its own figure through reports/writers/plots.py.
"""
