"""The answers, above the engine, in subpackages by job:

- analysis/: statistics and judgements on results already played (plays nothing);
- training/: produces bots (tuned presets, learned values, distilled students) and writes their outputs;
- writers/: writes results as CSV tables, PNG figures and HTML pages, each under its header.
"""
