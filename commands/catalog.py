"""`playout games`, `strategies`, `knobs` and `data`: what there is to play with, as tables."""

from __future__ import annotations

from commands import options as opt


def games():
    """List the games, their player counts and rules versions.

    Example:

      playout games
    """
    from rich.console import Console
    from rich.table import Table

    from sim.registry import available, rules_version

    table = Table("game", "title", "players", "rules", "what it is")
    for g in available().values():
        table.add_row(g.name, g.title, f"{g.players[0]}-{g.players[1]}", rules_version(g.name), g.summary)
    Console().print(table)


def strategies(game: opt.GameArgument):
    """List a game's bots and the weights they take, with defaults.

    Examples:

      playout strategies yokohama

      playout run yokohama --players greedy:w_vp=2,w_money=0.5,random*3
    """
    from rich.console import Console
    from rich.table import Table

    from sim.registry import get_game
    from strategies.learned_value import PLAYER_ONLY

    opt.game_info(game)
    book = get_game(game).strategies
    console = Console()
    t = Table("code", "description", "weights changed from the defaults", title=f"{game} strategies")
    for s in book.strategies.values():
        t.add_row(s.code, s.doc, ", ".join(f"{k}={book.label(k, v)}" for k, v in s.weights.items()) or "-")
    console.print(t)
    if book.weights:
        w = Table("weight", "default", "what it values", title="weights (set with CODE:NAME=VALUE,...)")
        # the value's coefficients and bias; the player's own settings (margin, look, worlds) get rows of their own
        model = [x for x in book.weights if x.only == "learned" and x.name not in PLAYER_ONLY]
        tables_shown: set[str] = set()
        for x in book.weights:
            if x in model:  # one row for the learned value's coefficients, which a model file sets
                if x is model[0]:
                    w.add_row(
                        "lv_*",
                        "the shipped model",
                        f"learned value: {len(model) - 1} feature coefficients "
                        "and lv_bias (sim/games/<game>/features.py); a model file sets them: learned@PATH",
                    )
                continue
            if x.table:  # one row for a family's parameter table (the student's), which a model file sets
                if x.only not in tables_shown:
                    tables_shown.add(x.only)
                    size = sum(1 for y in book.weights if y.table and y.only == x.only)
                    w.add_row(f"{x.name.partition('_')[0]}_*", "the shipped model",
                              f"{x.only}: a table of {size:,} parameters (strategies/{x.only}.py); a model "
                              f"file sets them: {x.only}@PATH")  # fmt: skip
                continue
            named = [label for label, v in (x.choices or {}).items() if v == x.default]
            w.add_row(x.name, named[0] if named else f"{x.default:g}", x.doc)
        console.print(w)


def knobs(game: opt.GameArgument):
    """List a game's rule knobs (the printed numbers of its rules), for --set and sweeps.

    Examples:

      playout knobs yokohama

      playout run yokohama --set start_money.seat0=4 --set final.church_first=8
    """
    from rich.console import Console
    from rich.table import Column, Table

    from sim.registry import get_game

    opt.game_info(game)
    knobs_ = get_game(game).params.knobs
    name = Column("knob", no_wrap=True, min_width=max(len(k.name) for k in knobs_))
    t = Table(name, "default", "range", "meaning", "source", title=f"{game} rule knobs (--set NAME=VALUE)")
    for k in knobs_:
        t.add_row(k.name, str(k.default), f"{k.lo}..{k.hi}", k.doc, k.source)
    Console().print(t)


def data_sets(game: opt.GameArgument):
    """List a game's data sets: the builtin tables and the named alternatives it ships, with the share of
    their values that are ASSUMED and the tables each alternative replaces.

    Examples:

      playout data yokohama

      playout run yokohama --data seed-guess-2026 -n 20000
    """
    from rich.console import Console
    from rich.table import Column, Table

    from sim.datafiles import game_data_dir, named_sets
    from sim.registry import get_game

    opt.game_info(game)
    spec = get_game(game)
    sets = named_sets(game_data_dir(game)).values()
    t = Table(Column("data set", no_wrap=True), "ASSUMED", Column("fingerprint", no_wrap=True),
              "tables that differ from builtin", title=f"{game} data sets (--data NAME)")  # fmt: skip
    builtin = spec.load_data(None)
    t.add_row("builtin", f"{builtin.assumed_share:.0%}", builtin.fingerprint, "-")
    for s in sets:
        loaded = spec.load_data(s.name)
        tables = ", ".join(name.removesuffix(".csv") for name in s.tables())
        t.add_row(s.name, f"{loaded.assumed_share:.0%}", loaded.fingerprint, tables)
    console = Console()
    console.print(t)
    console.print("builtin: the tables in data/ (RULES.md says where each comes from)")
    for s in sets:
        console.print(f"{s.name}: {s.description}")
