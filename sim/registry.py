"""The registered games. Listing them imports nothing heavy; `get_game` loads one game's kernels."""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass

from sim.errors import UnknownGame, did_you_mean


@dataclass(frozen=True)
class GameInfo:
    name: str
    title: str
    players: tuple[int, int]
    module: str  # the module whose SPEC is the GameSpec
    summary: str


GAMES: dict[str, GameInfo] = {
    "yokohama": GameInfo(
        "yokohama",
        "Yokohama (Hisashi Hayashi, 2016)",
        (2, 4),
        "sim.games.yokohama.spec",
        "merchants place assistants, move a president and act in areas; orders, techs, church and customs",
    ),
    "gangsta": GameInfo(
        "gangsta",
        "Gangsta! (Yves Rosenbaum, 2019)",
        (2, 4),
        "sim.games.gangsta.spec",
        "recruit gangsters and pull heists over three chapters; snitches, gang war, influence",
    ),
    "obsession": GameInfo(
        "obsession",
        "Obsession (Dan Hallagan, 2018), Wessex included",
        (2, 4),
        "sim.games.obsession.spec",
        "Victorian families host activities, court the Fairchilds and improve their estates; 16 or 20 rounds",
    ),
    "lagranja": GameInfo(
        "lagranja",
        "La Granja (Andreas Odendahl, Michael Keller, 2014), solo robot included",
        (1, 4),
        "sim.games.lagranja.spec",
        "Majorcan farms play cards four ways, take revenue dice, deliver to barrows, the market and craft buildings",
    ),
}


def available() -> dict[str, GameInfo]:
    """Registered games whose package is present."""
    return {n: g for n, g in GAMES.items() if importlib.util.find_spec(f"sim.games.{n}") is not None}


def info(name: str) -> GameInfo:
    games = available()
    if name not in games:
        raise UnknownGame(f"unknown game {name!r}{did_you_mean(name, sorted(games))}")
    return games[name]


def rules_version(name: str) -> str:
    """The rules version, read from the game package without loading its kernels."""
    return importlib.import_module(f"sim.games.{name}").VERSION


def get_game(name: str):
    """The GameSpec of `name` (imports its kernels, and so numba)."""
    return importlib.import_module(info(name).module).SPEC
