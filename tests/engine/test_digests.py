"""Committed digests of a few hundred games per game and player count: a refactor of the kernels (the play
loop, the rules files, where the bots live) must leave every game byte for byte as it was.

Each digest is the sha256 of the raw result rows (int32, the kernel's own output, before any table is made)
of DIGEST_GAMES games of seed DIGEST_SEED, with a lineup that cycles through every non-search bot of the
game; plus a few games with a searching seat, and the trace (seat, action, forced, ...) of one game.
A change that is meant to move results re-records them, and says so in its commit:

    python -m tests.engine.test_digests --write
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import numba
import numpy as np
import pytest

from sim.engine import Recipe, play_range, prepare
from sim.registry import available, get_game
from sim.trace import trace_game

DIGESTS = Path(__file__).with_name("digests.json")
DIGEST_SEED = 20261203
DIGEST_GAMES = 300
SEARCH_GAMES = 2
SEARCHER = "mcts:iters=4"


def lineup(game: str, n_players: int) -> list[str]:
    """Every non-search bot of the game in turn, starting at an offset set by the player count."""
    book = get_game(game).strategies
    bots = [code for code, s in book.strategies.items() if s.family != "mcts"]
    return [bots[(n_players + i) % len(bots)] for i in range(n_players)]


def cases() -> list[tuple[str, int]]:
    out = []
    for game in sorted(available()):
        lo, hi = available()[game].players
        out += [(game, n) for n in range(lo, hi + 1)]
    return out


def sha(array: np.ndarray) -> str:
    return hashlib.sha256(np.ascontiguousarray(array).tobytes()).hexdigest()


def rows_digest(game: str, players: list[str], n: int) -> str:
    """The rows' digest, played on one thread and on two: they must agree (a kernel that reads outside its
    arrays reads what another thread left there; tests/engine/test_bounds.py finds where)."""
    prep = prepare(Recipe(game, players, seed=DIGEST_SEED, n=n, chunk=n))
    threads = numba.get_num_threads()
    try:
        digests = set()
        for t in (1, min(2, numba.config.NUMBA_NUM_THREADS)):
            numba.set_num_threads(t)
            digests.add(sha(play_range(prep, 0, n)))
    finally:
        numba.set_num_threads(threads)
    assert len(digests) == 1, f"{game} {players}: the rows differ between one thread and two"
    return digests.pop()


def trace_digest(game: str, players: list[str]) -> str:
    prep = prepare(Recipe(game, players, seed=DIGEST_SEED, n=1, chunk=1))
    trace = trace_game(prep, 0)
    steps = np.array([[s.seat, s.action, s.forced] for s in trace.steps], dtype=np.int64)
    return sha(np.concatenate([steps.ravel(), trace.row.astype(np.int64), trace.final.astype(np.int64)]))


def measure(game: str, n_players: int) -> dict[str, str]:
    players = lineup(game, n_players)
    searching = [SEARCHER] + players[1:]
    return {
        "rows": rows_digest(game, players, DIGEST_GAMES),
        "search_rows": rows_digest(game, searching, SEARCH_GAMES),
        "trace": trace_digest(game, players),
    }


def key(game: str, n_players: int) -> str:
    return f"{game}/{n_players}"


@pytest.mark.parametrize(("game", "n_players"), cases(), ids=[key(*c) for c in cases()])
def test_games_are_byte_identical_to_the_committed_digest(game, n_players):
    committed = json.loads(DIGESTS.read_text())
    assert key(game, n_players) in committed, f"no digest for {key(game, n_players)}: record it (module doc)"
    assert measure(game, n_players) == committed[key(game, n_players)]


def test_every_game_and_player_count_has_a_digest():
    assert sorted(json.loads(DIGESTS.read_text())) == sorted(key(*c) for c in cases())


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    DIGESTS.write_text(json.dumps({key(*c): measure(*c) for c in cases()}, indent=1, sort_keys=True) + "\n")
    print(f"wrote {DIGESTS}")
