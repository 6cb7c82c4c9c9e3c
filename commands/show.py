"""`playout show`: one game of a run, turn by turn, as text or as a JSON trace a checker can replay."""

from __future__ import annotations

from typing import Annotated

import typer

from commands import options as opt
from commands.options import BadInput


def show(
    game: opt.GameArgument,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Master seed of the run.")] = 1,
    index: Annotated[int, typer.Option("--game", "-g", help="Game index within the run.")] = 0,
    players: Annotated[str | None, typer.Option("--players", "-p", help="The run's player codes.")] = None,
    sets: opt.SetsOption = None,
    data: opt.DataOption = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="A JSON trace a checker can replay: one object per line (README).")
    ] = False,
    legal: Annotated[bool, typer.Option("--legal", help="With --json: each step's legal actions.")] = False,
):
    """Print one game turn by turn: game I of seed S, exactly as `playout run` played it.

    Examples:

      playout show yokohama --seed 1 --game 0

      playout show yokohama --seed 7 --game 3 --players greedy,random,random --json | jq 'select(.type == "event")'

      playout show gangsta --seed 2 --game 5 --json --legal > game.jsonl
    """
    opt.game_info(game)
    opt.index(seed, "--seed")
    opt.index(index, "--game")
    if legal and not as_json:
        raise BadInput("--legal adds each step's legal actions to the JSON trace: add --json")
    codes = opt.lineup(game, players)
    params = opt.params_overrides(game, sets or [])
    from sim.engine import Recipe, prepare
    from sim.trace import check_trace, json_lines, trace_game

    prep = prepare(Recipe(game, codes, seed, index + 1, 1, params, opt.data(game, data)))
    trace = trace_game(prep, index)
    lines = json_lines(prep, trace, legal) if as_json else prep.spec.render.text_lines(prep, trace)
    for line in lines:
        typer.echo(line)
    check_trace(prep, trace)
