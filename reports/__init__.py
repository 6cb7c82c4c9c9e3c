"""The answers, above the engine, in subpackages by job:

- analysis/: statistics and judgements on results already played (plays nothing).
"""
