"""What the shared play loop costs a game, measured in one process: sim/playloop.py's `play_chunk` (the game's
functions reached through sim/hooks.py) against a copy of the loop that calls the game's functions directly,
the way each game's own kernel.py did before the loop was written once (issue 29).

    python benchmarks/loop_cost.py gangsta --bots random --games 8000 --rounds 9

Both are compiled in this process (the direct copy without the cache), their rows checked equal on the first
200 games, then timed in alternating rounds on one numba thread (games per CPU second of the process). One
process and one checkout: no second cache, file or import differs between the two, so the ratio is the loop's.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numba
import numpy as np
from numba import njit, prange

from sim.engine import Recipe, play_range, prepare
from sim.kernel_tools import first_legal
from sim.parts import part
from sim.rng import N_STREAMS, seed_streams
from sim.spec import STATUS_ILLEGAL_ACTION, STATUS_NO_LEGAL_ACTION, STATUS_OK, STATUS_STEP_LIMIT


def direct_loop(game: str):
    """A parallel kernel playing `game` with the game's functions called by name, not through the hooks."""
    rules = part(game, "rules")
    init_state, legal_mask, step = rules.init_state, rules.legal_mask, rules.step
    current_player, is_terminal = rules.current_player, rules.is_terminal
    final_scores, write_row = rules.final_scores, part(game, "row").write_row
    layout = part(game, "layout")
    round_at, end_at, g_players = layout.G_ROUND, layout.G_END_TRIGGER, layout.G_PLAYERS
    max_players = layout.MAX_PLAYERS
    per_seat = part(game, "row").PER_SEAT
    bots = part(game, "bots")
    choose, new_memory = bots.choose, bots.new_memory
    state_size = part(game, "layout").STATE_SIZE
    n_actions = part(game, "actions").N_ACTIONS

    @njit
    def play_game(seed, game_index, n_players, lineup, weights, d, k, max_steps, row):
        rng = np.zeros(N_STREAMS, np.uint64)
        seed_streams(seed, game_index, rng)
        s = np.zeros(state_size, np.int32)
        init_state(s, d, k, n_players, rng)
        mask = np.zeros(n_actions, np.uint8)
        memory = new_memory()
        steps = 0
        decisions = 0
        status = STATUS_OK
        while not is_terminal(s):
            if steps >= max_steps:
                status = STATUS_STEP_LIMIT
                break
            n_legal = legal_mask(s, d, k, mask)
            if n_legal == 0:
                status = STATUS_NO_LEGAL_ACTION
                break
            seat = current_player(s)
            if n_legal == 1:
                a = first_legal(mask)
            else:
                who = (seat + game_index) % n_players
                a = choose(lineup[who], weights[who], s, d, k, mask, n_legal, seat, rng, memory[seat])
                decisions += 1
            if a < 0 or a >= n_actions or mask[a] == 0:
                status = STATUS_ILLEGAL_ACTION
                break
            step(s, d, k, np.int64(a))
            steps += 1
        scores = np.zeros(max_players, np.int64)
        ranks = np.zeros(max_players, np.int64)
        winner = final_scores(s, d, k, scores, ranks)
        row[0], row[1], row[2], row[3], row[4], row[5] = status, steps, decisions, s[round_at], s[end_at], winner
        for p in range(s[g_players]):
            row[6 + p * per_seat] = scores[p]
            row[7 + p * per_seat] = ranks[p]
        write_row(s, d, k, scores, winner, row)

    @njit(parallel=True)
    def play_chunk(seed, first, n_players, lineup, weights, d, k, max_steps, out):
        for i in prange(out.shape[0]):
            play_game(seed, first + i, n_players, lineup, weights, d, k, max_steps, out[i])

    return play_chunk


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("--bots", default="random", help="the bot in every seat (4 players)")
    ap.add_argument("--games", type=int, default=8000)
    ap.add_argument("--rounds", type=int, default=9)
    a = ap.parse_args()
    numba.set_num_threads(1)
    prep = prepare(Recipe(a.game, [a.bots] * 4, 1, a.games, a.games))
    kernel = direct_loop(a.game)

    def direct(count: int) -> np.ndarray:
        out = np.zeros((count, prep.spec.n_result_columns), dtype=np.int32)
        kernel(np.int64(1), np.int64(0), np.int64(4), prep.lineup, prep.weights, prep.data.array, prep.params,
               np.int64(prep.spec.max_steps), out)  # fmt: skip
        return out

    def shared(count: int) -> np.ndarray:
        return play_range(prep, 0, count)

    for name, play in (("shared", shared), ("direct", direct)):
        started = time.perf_counter()
        play(2)
        print(f"{name}: compiled or loaded in {time.perf_counter() - started:.1f} s", flush=True)
    assert (shared(200) == direct(200)).all(), "the two loops play different games"
    rates = {"shared": [], "direct": []}
    for _ in range(a.rounds):
        for name, play in (("shared", shared), ("direct", direct)):
            cpu = time.process_time()
            play(a.games)
            rates[name].append(a.games / (time.process_time() - cpu))
    ratios = [s / d for s, d in zip(rates["shared"], rates["direct"], strict=True)]
    print(f"{a.game} {a.bots}*4: shared {statistics.median(rates['shared']):,.0f} games/s, direct "
          f"{statistics.median(rates['direct']):,.0f}; shared/direct {statistics.median(ratios):.3f} "
          f"({min(ratios):.3f}..{max(ratios):.3f} over {a.rounds} rounds)")  # fmt: skip


if __name__ == "__main__":
    main()
