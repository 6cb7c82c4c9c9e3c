"""Long runs keep finished chunks: an interrupted run resumed ends with the same table as an uninterrupted
one; a dask LocalCluster gives the same table as a local run."""

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from sim.engine import Recipe, run
from sim.errors import RunDirError
from sim.results import PARTS

RECIPE = Recipe("yokohama", ["greedy", "random", "random"], seed=3, n=240, chunk=40)


class Stop(KeyboardInterrupt):
    pass


def _interrupt_after(chunks):
    seen = []

    def on_chunk(count):
        seen.append(count)
        if len(seen) == chunks:
            raise Stop

    return on_chunk


def test_interrupted_then_resumed_run_equals_an_uninterrupted_one(tmp_path):
    whole = tmp_path / "whole"
    run(RECIPE, whole, threads=2)
    cut = tmp_path / "cut"
    with pytest.raises(Stop):
        run(RECIPE, cut, threads=2, on_chunk=_interrupt_after(2))
    assert len(list((cut / PARTS).glob("part-*.parquet"))) == 2  # finished chunks are kept and readable
    assert json.loads((cut / "manifest.json").read_text())["status"] == "running"
    manifest = run(RECIPE, cut, threads=1, resume=True)
    assert manifest["games_played_this_session"] == 160
    assert (cut / "games.parquet").read_bytes() == (whole / "games.parquet").read_bytes()
    assert not (cut / PARTS).exists()


def test_resuming_a_finished_run_plays_nothing(tmp_path):
    out = tmp_path / "r"
    first = run(RECIPE, out, threads=2)
    again = run(RECIPE, out, threads=2, resume=True)
    assert again["results_sha256"] == first["results_sha256"]


def test_resume_refuses_a_different_recipe(tmp_path):
    out = tmp_path / "r"
    with pytest.raises(Stop):
        run(RECIPE, out, threads=2, on_chunk=_interrupt_after(1))
    other = Recipe("yokohama", ["greedy", "random", "random"], seed=4, n=240, chunk=40)
    with pytest.raises(RunDirError, match="different run"):
        run(other, out, resume=True)


def test_a_killed_process_leaves_readable_chunks_that_resume(tmp_path):
    out = tmp_path / "killed"
    cmd = [sys.executable, "-m", "cli", "run", "yokohama", "-n", "4000", "--chunk", "200", "--players", "random*4",
           "--out", str(out), "-q", "--threads", "1"]  # fmt: skip
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 120
    while time.time() < deadline and len(list((out / PARTS).glob("part-*.parquet"))) < 2:
        time.sleep(0.2)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    parts = list((out / PARTS).glob("part-*.parquet"))
    assert parts, "no chunk finished before the kill"
    import polars as pl

    for p in parts:
        assert pl.read_parquet(p).height == 200
    recipe = Recipe("yokohama", ["random"] * 4, seed=1, n=4000, chunk=200)
    run(recipe, out, threads=2, resume=True)
    assert pl.read_parquet(out / "games.parquet")["game_index"].to_list() == list(range(4000))


def test_local_cluster_gives_the_same_table_as_a_local_run(tmp_path):
    pytest.importorskip("dask.distributed")
    local = tmp_path / "local"
    run(RECIPE, local, threads=2)
    dist = tmp_path / "dist"
    run(RECIPE, dist, cluster="local:2")
    assert (dist / "games.parquet").read_bytes() == (local / "games.parquet").read_bytes()


def test_resume_refuses_a_run_played_under_other_rules(tmp_path):
    out = tmp_path / "r"
    with pytest.raises(Stop):
        run(RECIPE, out, threads=2, on_chunk=_interrupt_after(1))
    manifest = json.loads((out / "manifest.json").read_text())
    manifest["rules_version"] = "0.0.0"
    (out / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(RunDirError, match="rules_version"):
        run(RECIPE, out, resume=True)


def test_resume_refuses_a_run_whose_players_weights_changed_and_takes_one_from_before_fingerprints(tmp_path):
    """A shipped model or preset is JSON, outside the code fingerprint: replaced between two sessions of a run,
    the rest of the games would be another player's."""
    out = tmp_path / "r"
    with pytest.raises(Stop):
        run(RECIPE, out, threads=2, on_chunk=_interrupt_after(1))
    manifest = json.loads((out / "manifest.json").read_text())
    assert set(manifest["fingerprints"]) == {"greedy", "random"}
    (out / "manifest.json").write_text(json.dumps({**manifest, "fingerprints": {"greedy": "0" * 16}}))
    with pytest.raises(RunDirError, match="other weights under greedy"):
        run(RECIPE, out, resume=True)
    del manifest["fingerprints"]  # a run from before fingerprints resumes as it did
    (out / "manifest.json").write_text(json.dumps(manifest))
    run(RECIPE, out, resume=True)
    assert json.loads((out / "manifest.json").read_text())["games_done"] == RECIPE.n


def test_a_run_with_a_searching_or_learned_seat_keeps_its_progress_every_few_games():
    # A search bot costs seconds a game, a learned one milliseconds: the default chunk (the resume unit) must
    # be minutes of work, not hours; cheap lineups keep the large chunk, and no chunk is larger than the run.
    from sim.engine import DEFAULT_CHUNK, SEARCH_CHUNK, chunk_for
    from sim.experiments import matchup_arms
    from sim.recipe import LEARNED_CHUNK

    assert chunk_for("yokohama", ["greedy"] * 4, 100_000) == DEFAULT_CHUNK
    assert chunk_for("yokohama", ["greedy"] * 4, 300) == 300
    assert chunk_for("gangsta", ["mcts-fast", "greedy", "greedy"], 400) == SEARCH_CHUNK
    assert chunk_for("yokohama", ["greedy", "mcts:iters=8", "greedy"], 400) == SEARCH_CHUNK
    assert chunk_for("yokohama", ["learned", "greedy", "greedy"], 100_000) == LEARNED_CHUNK
    assert chunk_for("yokohama", ["learned", "mcts-fast", "greedy"], 100_000) == SEARCH_CHUNK
    # a seat rating in K worlds costs K times: Gangsta!'s shipped learned rates in 16
    assert chunk_for("gangsta", ["learned", "greedy", "greedy"], 100_000) == LEARNED_CHUNK // 16
    assert chunk_for("yokohama", ["learned:lv_worlds=256", "greedy", "greedy"], 100_000) == SEARCH_CHUNK
    base = Recipe("yokohama", ["greedy"] * 3, seed=1, n=400, chunk=400)
    chunks = {(a, b): r.chunk for a, b, r in matchup_arms(base, ["greedy", "mcts-fast"], 3)}
    assert chunks == {("greedy", "mcts-fast"): SEARCH_CHUNK, ("mcts-fast", "greedy"): SEARCH_CHUNK}


class Progress:
    """A progress callback that counts games played and games skipped (found finished)."""

    def __init__(self, stop_after=None):
        self.played, self.skipped, self.stop_after = [], [], stop_after

    def __call__(self, games):
        self.played.append(games)
        if len(self.played) == self.stop_after:
            raise Stop

    def skip(self, games):
        self.skipped.append(games)


def test_an_interrupted_experiment_replays_only_the_chunks_it_had_not_finished(tmp_path):
    # A sweep of three arms, two chunks each, stopped after its third chunk: the rerun skips those three
    # chunks, gives the same answer as an uninterrupted sweep, and leaves no arm directories behind.
    from reports.experiments.questions import knob_sweep
    from sim.experiments import ARMS

    base = Recipe("yokohama", ["greedy", "greedy"], seed=3, n=40, chunk=20)
    values = [0, 2, 4]
    cut = tmp_path / "cut"
    with pytest.raises(Stop):
        knob_sweep(base, "start_money.seat0", values, 0, cut, 1, Progress(stop_after=3))
    assert (cut / ARMS).is_dir()
    resumed = Progress()
    answer = knob_sweep(base, "start_money.seat0", values, 0, cut, 1, resumed)
    assert sum(resumed.skipped) == 3 * 20 and sum(resumed.played) == 3 * 40 - 3 * 20
    assert not (cut / ARMS).exists()
    whole = knob_sweep(base, "start_money.seat0", values, 0, tmp_path / "whole", 1, None)
    assert answer.tables["win_rates"].equals(whole.tables["win_rates"])


def test_an_experiment_plays_again_an_arm_kept_by_other_code(tmp_path):
    # An arm whose manifest names other code cannot lend its chunks: it is played again, without an error.
    from reports.experiments.questions import knob_sweep
    from sim.experiments import ARMS

    base = Recipe("yokohama", ["greedy", "greedy"], seed=3, n=40, chunk=20)
    cut = tmp_path / "cut"
    with pytest.raises(Stop):
        knob_sweep(base, "start_money.seat0", [0, 2], 0, cut, 1, Progress(stop_after=2))
    (arm,) = [p for p in (cut / ARMS).iterdir() if (p / "manifest.json").exists()]
    manifest = json.loads((arm / "manifest.json").read_text())
    (arm / "manifest.json").write_text(json.dumps({**manifest, "code_fingerprint": "other"}))
    resumed = Progress()
    knob_sweep(base, "start_money.seat0", [0, 2], 0, cut, 1, resumed)
    assert sum(resumed.skipped) == 0 and sum(resumed.played) == 2 * 40
