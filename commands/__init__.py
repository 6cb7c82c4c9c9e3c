"""The command line's commands, one module each (or one per small family): its typer function with its options,
the checks of its input, its run and the console output it alone shows. cli.py assembles them into the app.

Layers point one way: sim <- strategies <- reports <- commands <- cli.py. A command module imports sim/ and
reports/ and the two shared modules here, never another command: `options` (the parsing and checks of options
several commands take, and the errors main() answers) and `console` (the progress bar, the run shape of an
experiment, and the tables several commands print).

Only typer is imported at the top of these modules: numba, numpy, polars, pandas and matplotlib load inside
the commands that need them, so `playout --help` answers at once.
"""
