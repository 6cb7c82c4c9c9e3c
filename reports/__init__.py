"""The answers, above the engine, in subpackages by job:

- analysis/: statistics and judgements on results already played (plays nothing);
- writers/: writes results as CSV tables, PNG figures and HTML pages, each under its header.
"""
