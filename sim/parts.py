"""Where a game's parts live: the one place the convention is written. A game is a package sim/games/<game>/
(its rules, layout, actions, features... as modules of that name) and a bots module strategies/<game>.py; the
engine, the hooks and the bots find them by name through here, never by a path spelled elsewhere
(tests/engine/test_architecture.py checks both that and which layer each such lookup reaches)."""

from __future__ import annotations

import importlib
from types import ModuleType

PLACES = {
    "package": "sim.games.{}",
    "spec": "sim.games.{}.spec",
    "rules": "sim.games.{}.rules",
    "hidden": "sim.games.{}.hidden",
    "row": "sim.games.{}.row",
    "layout": "sim.games.{}.layout",
    "actions": "sim.games.{}.actions",
    "features": "sim.games.{}.features",
    "tables": "sim.games.{}.tables",
    "bots": "strategies.{}",
}


def part_name(game: str, place: str) -> str:
    """The module name of `game`'s part `place` (one of PLACES)."""
    return PLACES[place].format(game)


def part(game: str, place: str) -> ModuleType:
    """`game`'s part `place`, imported."""
    return importlib.import_module(part_name(game, place))


def optional_part(game: str, place: str) -> ModuleType | None:
    """`game`'s part `place`, or None where the game has none (features: a game may declare none)."""
    try:
        return part(game, place)
    except ModuleNotFoundError as e:
        if e.name != part_name(game, place):  # the part exists but something it imports does not
            raise
        return None
