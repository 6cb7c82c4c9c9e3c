"""The games, found by discovery: every package under sim/games/ is a game, and declares its title, player
counts, summary and rules version in its __init__.py (nothing heavy: listing the games loads no numba).
Adding a game is one folder under sim/games/ and its bots under strategies/; no list to edit here.

`get_game` loads one game's GameSpec (its kernels) and attaches its bots' strategy book, found the same way
(strategies/<game>): the game's own package never imports its bots.
"""

from __future__ import annotations

import functools
import pkgutil
from dataclasses import dataclass

import sim.games
from sim.errors import UnknownGame, did_you_mean
from sim.parts import part, part_name


@dataclass(frozen=True)
class GameInfo:
    name: str
    title: str
    players: tuple[int, int]
    module: str  # the module whose SPEC is the GameSpec
    summary: str


@functools.cache
def available() -> dict[str, GameInfo]:
    """Every game package under sim/games/, by name."""
    games = {}
    for found in sorted(pkgutil.iter_modules(sim.games.__path__), key=lambda m: m.name):
        if not found.ispkg:
            continue
        package = part(found.name, "package")
        lo, hi = package.PLAYERS
        games[found.name] = GameInfo(
            found.name, package.TITLE, (lo, hi), part_name(found.name, "spec"), package.SUMMARY
        )
    return games


def info(name: str) -> GameInfo:
    games = available()
    if name not in games:
        raise UnknownGame(f"unknown game {name!r}{did_you_mean(name, sorted(games))}")
    return games[name]


def rules_version(name: str) -> str:
    """The rules version, read from the game package without loading its kernels."""
    return part(name, "package").VERSION


def get_game(name: str):
    """The GameSpec of `name` (imports its kernels, and so numba), its strategy book attached."""
    info(name)  # an unknown game: one line with a did-you-mean
    spec = part(name, "spec").SPEC
    if spec.strategies is None:
        spec.strategies = part(name, "bots").BOOK
    return spec
