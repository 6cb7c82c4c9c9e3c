"""The game through the engine: determinism, `show` (text and JSON, with the trace events), the bots."""

import json

import numba
import numpy as np
import pytest

from sim.engine import Recipe, play_range, prepare
from sim.games.obsession.layout import PHASES
from sim.spec import GAME_COLUMNS
from sim.trace import json_lines, trace_game


def prep_for(players, n=400, seed=5, chunk=None, params=None):
    return prepare(Recipe("obsession", players, seed, n, chunk or n, params or {}))


def test_same_seed_same_results_for_any_thread_count_and_chunk_size():
    prep = prep_for(["greedy", "random", "climber"], n=300)
    threads = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = play_range(prep, 0, 300)
        numba.set_num_threads(min(2, numba.config.NUMBA_NUM_THREADS))
        two = play_range(prep, 0, 300)
    finally:
        numba.set_num_threads(threads)
    chunks = np.concatenate([play_range(prep, first, 75) for first in range(0, 300, 75)])
    assert np.array_equal(one, two) and np.array_equal(one, chunks)
    scores = one[:, [prep.spec.seat_column(p, "score") for p in range(3)]]
    assert len(np.unique(scores, axis=0)) > 200  # the games differ from each other


def test_show_json_has_the_shared_fields_the_estates_hands_market_and_events():
    prep = prep_for(["greedy", "random", "random", "random"], n=1, seed=1)
    trace = trace_game(prep, 0)
    lines = [json.loads(x) for x in json_lines(prep, trace)]
    steps = [x for x in lines if x["type"] == "step"]
    for line in steps:
        assert {"step", "round", "seat", "strategy", "phase", "action", "args", "forced", "players"} <= set(line)
        assert {"market", "track", "activity"} <= set(line)
        assert line["phase"] in PHASES
        for p in line["players"]:
            assert {"family", "money", "reputation", "servants", "estate", "hand", "discard", "objectives"} <= set(p)
    final = lines[-1]["final"]
    assert set(final["scores"]) == {"0", "1", "2", "3"}
    for sc in final["scores"].values():
        assert sc["total"] == sum(sc[v] for v in ("tiles", "gentry", "fairchild", "objectives", "reputation",
                                                 "servants", "wealth", "vp_cards"))  # fmt: skip
    assert final["winner"] == int(trace.row[GAME_COLUMNS.index("winner")])
    events = [x for x in lines if x["type"] == "event"]
    names = {e["event"] for e in events}
    assert {"round", "theme_revealed", "tile_gained", "tile_flipped", "guest_joined", "game_over"} <= names
    assert sum(e["event"] == "round" for e in events) == lines[-1]["round"] == 16
    bought = sum(1 for e in events if e["event"] == "tile_gained")
    last = steps[-1]["players"]
    assert bought == sum(len(p["estate"]) - 5 for p in last)  # every tile beyond the five START tiles
    assert any(x["action"] == "host" for x in steps) and any(x["action"] == "buy" for x in steps)


def test_show_text_tells_the_game_turn_by_turn():
    prep = prep_for(["greedy", "random"], n=1, seed=3)
    text = list(prep.spec.render.text_lines(prep, trace_game(prep, 0)))
    assert text[0].startswith("Obsession, 2 players") and text[-1].startswith("total")
    assert any("theme revealed" in x for x in text) and any(x == "-- round 16: courtship" for x in text)
    assert any("Fairchild" in x for x in text)


def test_greedy_beats_three_random_players():
    prep = prep_for(["greedy", "random", "random", "random"], n=400, seed=11)
    rows = play_range(prep, 0, 400)
    winners = rows[:, GAME_COLUMNS.index("winner")]
    greedy_seat = (-np.arange(400)) % 4  # lineup entry 0 sits at seat (0 - game) mod 4
    assert np.mean(winners == greedy_seat) > 0.8


@pytest.mark.parametrize("players", [["climber", "builder"], ["courtier", "socialite", "greedy", "random"]])
def test_every_strategy_plays_complete_games(players):
    rows = play_range(prep_for(players, n=200, seed=2), 0, 200)
    assert np.all(rows[:, 0] == 0)
    assert np.all(rows[:, GAME_COLUMNS.index("rounds")] == 16)


def test_every_game_ends_on_the_last_round_of_its_track():
    rows = play_range(prep_for(["greedy", "random", "greedy"], n=100, params={"game.extended": 1}), 0, 100)
    assert np.all(rows[:, GAME_COLUMNS.index("rounds")] == 20)


def _mean_feature(players, name, n=300, seed=4):
    prep = prep_for(players, n=n, seed=seed)
    rows = play_range(prep, 0, n)
    seat = (-np.arange(n)) % len(players)  # the seat of lineup entry 0
    col = np.array([prep.spec.seat_column(s, name) for s in range(len(players))])
    return rows[np.arange(n), col[seat]].mean()


def test_the_archetypes_play_differently():
    field = ["greedy", "greedy", "greedy"]
    climber = {f: _mean_feature(["climber"] + field, f) for f in ("reputation", "tiles_bought", "courtships_won")}
    builder = {f: _mean_feature(["builder"] + field, f) for f in ("reputation", "tiles_bought", "courtships_won")}
    courtier = {f: _mean_feature(["courtier"] + field, f) for f in ("courtships_won",)}
    assert climber["reputation"] > builder["reputation"]
    assert builder["tiles_bought"] > climber["tiles_bought"]
    assert courtier["courtships_won"] > climber["courtships_won"]
    assert _mean_feature(["socialite"] + field, "invited") > _mean_feature(["builder"] + field, "invited")
