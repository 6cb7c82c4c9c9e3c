"""Committed digests of a few hundred games per game and player count: a refactor of the kernels (the play
loop, the rules files, where the bots live) must leave every game byte for byte as it was.

Each digest is the sha256 of the raw result rows (int32, the kernel's own output, before any table is made)
of DIGEST_GAMES games of seed DIGEST_SEED, with a lineup that cycles through every non-search bot of the
game; plus a few games with a searching seat, and the trace (seat, action, forced, ...) of one game.
The default tier plays the rows on one thread and the first AGREE_GAMES of them again on two (they must
agree); the slow tier plays all of them on two threads as well, against the same committed digest.
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
AGREE_GAMES = 40  # of DIGEST_GAMES, played on two threads as well in the default tier
SEARCHER = "mcts:iters=4"


def lineup(game: str, n_players: int) -> list[str]:
    """Every non-search bot of the game in turn, starting at an offset set by the player count. Not `learned` or
    `student`: their play is their shipped model's, retrained by `playout learn` and `playout distil` (a new model is
    not a change of the code).
    `tuned` is in: a new shipped preset moves the digests whose lineup plays it, re-recorded with the preset."""
    book = get_game(game).strategies
    bots = [code for code, s in book.strategies.items() if s.family not in ("mcts", "learned", "student")]
    return [bots[(n_players + i) % len(bots)] for i in range(n_players)]


def cases() -> list[tuple[str, int]]:
    out = []
    for game in sorted(available()):
        lo, hi = available()[game].players
        out += [(game, n) for n in range(lo, hi + 1)]
    return out


def sha(array: np.ndarray) -> str:
    return hashlib.sha256(np.ascontiguousarray(array).tobytes()).hexdigest()


def play_rows(game: str, players: list[str], n: int, threads: int) -> np.ndarray:
    prep = prepare(Recipe(game, players, seed=DIGEST_SEED, n=n, chunk=n))
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(min(threads, numba.config.NUMBA_NUM_THREADS))
        return play_range(prep, 0, n)
    finally:
        numba.set_num_threads(before)


def rows_digest(game: str, players: list[str], n: int, agree: int) -> str:
    """The rows' digest, played on one thread; the first `agree` games played again on two threads must give
    the same rows (a kernel that reads outside its arrays reads what another thread left there;
    tests/engine/test_bounds.py finds where)."""
    rows = play_rows(game, players, n, threads=1)
    if agree:
        two = play_rows(game, players, agree, threads=2)
        assert np.array_equal(two, rows[:agree]), f"{game} {players}: the rows differ between one thread and two"
    return sha(rows)


def trace_digest(game: str, players: list[str]) -> str:
    prep = prepare(Recipe(game, players, seed=DIGEST_SEED, n=1, chunk=1))
    trace = trace_game(prep, 0)
    steps = np.array([[s.seat, s.action, s.forced] for s in trace.steps], dtype=np.int64)
    return sha(np.concatenate([steps.ravel(), trace.row.astype(np.int64), trace.final.astype(np.int64)]))


def measure(game: str, n_players: int, agree: int = AGREE_GAMES) -> dict[str, str]:
    players = lineup(game, n_players)
    searching = [SEARCHER] + players[1:]
    return {
        "rows": rows_digest(game, players, DIGEST_GAMES, agree),
        "search_rows": rows_digest(game, searching, SEARCH_GAMES, SEARCH_GAMES),
        "trace": trace_digest(game, players),
    }


def key(game: str, n_players: int) -> str:
    return f"{game}/{n_players}"


@pytest.mark.parametrize(("game", "n_players"), cases(), ids=[key(*c) for c in cases()])
def test_games_are_byte_identical_to_the_committed_digest(game, n_players):
    committed = json.loads(DIGESTS.read_text())
    assert key(game, n_players) in committed, f"no digest for {key(game, n_players)}: record it (module doc)"
    assert measure(game, n_players) == committed[key(game, n_players)]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "n_players"), cases(), ids=[key(*c) for c in cases()])
def test_every_digested_game_is_the_same_on_two_threads(game, n_players):
    """The default tier checks two threads on the first AGREE_GAMES games; here all DIGEST_GAMES of them."""
    committed = json.loads(DIGESTS.read_text())[key(game, n_players)]
    assert sha(play_rows(game, lineup(game, n_players), DIGEST_GAMES, threads=2)) == committed["rows"]


def test_every_game_and_player_count_has_a_digest():
    assert sorted(json.loads(DIGESTS.read_text())) == sorted(key(*c) for c in cases())


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    digests = {key(*c): measure(*c, agree=DIGEST_GAMES) for c in cases()}
    DIGESTS.write_text(json.dumps(digests, indent=1, sort_keys=True) + "\n")
    print(f"wrote {DIGESTS}")
