"""The answers, above the engine, in four subpackages by job:

- analysis/: statistics and judgements on results already played (plays nothing);
- experiments/: plays the experiments that answer a question, and the questions they can ask (asked/);
- training/: produces bots (tuned presets, learned values, distilled students) and writes their outputs;
- writers/: writes results as CSV tables, PNG figures and HTML pages, each under its header.

experiments/ and training/ may import analysis/ and writers/; analysis/ and writers/ import neither of them
(tests/engine/test_architecture.py).
"""
