"""The writers of output files: CSV tables and one self-contained HTML page under the header that says what the
numbers are about (export), PNG figures (plots), an experiment's outputs, written alike for every question
(experiment_output), and a finished run's balance report (report, `playout report DIR`).
"""
