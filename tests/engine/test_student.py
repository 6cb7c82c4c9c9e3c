"""The distilled student (strategies/student.py, reports/training/distil.py): it plays as its proposer with an
empty table, reads nothing a seat cannot see, a fit recovers a teacher whose ratings are linear in the features,
distil is deterministic and resumes to the same model, and bad model files are refused in one line."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib import import_module
from pathlib import Path

import numpy as np
import polars as pl
import pytest

from reports.training.distil import RIDGES, fit, fit_ridge, joined, judge, select
from sim.dispatch import for_game
from sim.recipe import Recipe, prepare
from sim.registry import available, get_game
from sim.rng import new_streams
from strategies.families import STUDENT, choose
from strategies.student_model import KIND
from tests.cli_checks import fails

ROOT = Path(__file__).resolve().parents[2]
GAMES = available()


def playout(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cli", *args], cwd=cwd, capture_output=True, text=True)


def student_file(tmp_path: Path, game: str, rng: np.random.Generator | None = None, proposer: float = 1.0) -> Path:
    """A student model of `game` with a random table (or an empty one), made under the builtin data."""
    prep = prepare(Recipe(game, ["greedy", "greedy"], 1, 1, 1))
    names = [name for name, _ in import_module(f"sim.games.{game}.features").FEATURES]
    a = prep.spec.n_actions
    table = rng.normal(0, 1, (a, len(names) + 1)) if rng is not None else np.zeros((a, len(names) + 1))
    doc = {
        "kind": KIND, "game": game, "rules_version": prep.spec.version, "data_fingerprint": prep.data.fingerprint,
        "features": names, "n_actions": a, "proposer_weight": proposer, "bias": table[:, 0].tolist(),
        "coef": table[:, 1:].tolist(), "proposer": {"code": "greedy", "weights": {}},
    }  # fmt: skip
    path = tmp_path / f"{game}-student.json"
    path.write_text(json.dumps(doc))
    return path


@pytest.mark.parametrize("game", GAMES)
def test_a_student_of_an_empty_table_plays_exactly_as_its_proposer(game, tmp_path):
    from sim.play import play_frame

    path = student_file(tmp_path, game)
    n = min(4, get_game(game).max_players)
    frames = []
    for code in ("greedy", f"student@{path}"):
        prep = prepare(Recipe(game, [code] * n, 5, 40, 40))
        frames.append(play_frame(prep, 0, 40).select(pl.col("^score_.*$")))
    assert frames[0].equals(frames[1])


@pytest.mark.parametrize("game", GAMES)
def test_the_student_reads_nothing_the_seat_cannot_see(game, tmp_path):
    """Re-dealing what the deciding seat cannot see never changes the student's choice (a random table, so every
    feature and every action's coefficients count)."""
    reads_nothing_hidden(game, student_file(tmp_path, game, np.random.default_rng(3), proposer=0.5))


def reads_nothing_hidden(game: str, path: Path) -> None:
    """The student at `path` makes the same choice in four re-deals of what the deciding seat cannot see, at every
    third decision of a 3-player game."""
    rules, hidden = import_module(f"sim.games.{game}.rules"), import_module(f"sim.games.{game}.hidden")
    prep = prepare(Recipe(game, [f"student@{path}"] * 3, 1, 1, 1))
    d, k, w = prep.data.array, prep.params, prep.weights[0]
    s = np.zeros(prep.spec.state_size, np.int32)
    mask = np.zeros(prep.spec.n_actions, np.uint8)
    memory = import_module(f"strategies.{game}").new_memory()
    rng = new_streams(9, 0)
    rules.init_state(s, d, k, 3, rng)
    checked = steps = 0
    while not rules.is_terminal(s) and steps < 3000:
        n_legal = rules.legal_mask(s, d, k, mask)
        seat = np.int64(rules.current_player(s))
        args = (d, k, mask, np.int64(n_legal), seat)
        if n_legal > 1 and steps % 3 == 0:
            choices = set()
            for redeal in range(4):
                world = s.copy()
                if redeal:
                    hidden.redeal(world, d, k, seat, new_streams(redeal, 1), np.int64(1 + seat))
                choices.add(for_game(choose, game, np.int64(STUDENT), w, world, *args, rng.copy(),
                                     memory[seat].copy()))  # fmt: skip
            assert len(choices) == 1, f"{game}: the student's choice moved with hidden cards at step {steps}"
            checked += 1
        a = for_game(choose, game, np.int64(STUDENT), w, s, *args, rng, memory[seat])
        rules.step(s, d, k, np.int64(a))
        steps += 1
    assert checked >= 5


def synthetic(n_pos: int, n_actions: int, n_features: int, truth: np.ndarray, gamma: float, seed: int,
              after: np.ndarray | None = None) -> dict:  # fmt: skip
    """Positions with random features and legal sets, rated by a teacher exactly linear in the features (and, with
    `after`, in the features where each action lands)."""
    rng = np.random.default_rng(seed)
    x = rng.normal(0, 1, (n_pos, n_features))
    counts = rng.integers(2, n_actions + 1, n_pos)
    action = np.concatenate([np.sort(rng.choice(n_actions, c, replace=False)) for c in counts])
    start = np.concatenate([[0], np.cumsum(counts)])[:-1]
    proposed = np.array([action[s + rng.integers(c)] for s, c in zip(start, counts, strict=True)])
    pos = np.repeat(np.arange(n_pos), counts)
    utility = truth[action, 0] + np.einsum("lf,lf->l", truth[action, 1:], x[pos]) + gamma * (action == proposed[pos])
    landed = np.zeros((len(action), 0))
    if after is not None:
        landed = x[pos] + rng.normal(0, 1, (len(action), n_features))
        utility = utility + landed @ after
    return {"game": np.arange(n_pos), "x": x, "proposed": proposed, "start": start, "count": counts,
            "action": action, "utility": utility, "landed": landed}  # fmt: skip


@pytest.mark.parametrize("after", [None, np.array([0.8, -0.5, 0.3])])
def test_a_fit_recovers_a_teacher_whose_ratings_are_linear_in_the_features(after):
    n_actions, n_features, temperature = 6, 3, 0.5
    truth = np.random.default_rng(0).normal(0, 1, (n_actions, n_features + 1))
    train = synthetic(6000, n_actions, n_features, truth, 0.7, seed=1, after=after)
    fitted = fit_ridge(train, n_actions, temperature, hard=False, ridge=1e-6)
    # the softmax fixes logits up to a constant per position: compare each action's logit less action 0's
    coef, bias = np.asarray(fitted["coef"]), np.asarray(fitted["bias"])
    got = np.column_stack([bias - bias[0], coef - coef[0]])
    want = (truth - truth[0]) / temperature
    assert np.max(np.abs(got - want)) < 0.1
    assert abs(fitted["proposer_weight"] - 0.7 / temperature) < 0.1
    if after is not None:
        assert fitted["after"] and np.max(np.abs(np.asarray(fitted["after_coef"]) - after / temperature)) < 0.1
    held = synthetic(2000, n_actions, n_features, truth, 0.7, seed=2, after=after)
    agree, _, regret = judge(fitted, held)
    assert agree > 0.97 and regret < 0.01


def test_the_ridge_is_chosen_on_validation_games_and_kept_small_where_the_teacher_is_learnable():
    truth = np.random.default_rng(0).normal(0, 1, (5, 3))
    fitted = fit(synthetic(3000, 5, 2, truth, 0.0, seed=4), 5, 0.5, hard=False, table=True)
    assert fitted["ridge"] <= 1e-2  # a strong ridge would keep the student at its proposer, which knows nothing here


def test_positions_joined_from_several_chunks_keep_their_own_actions():
    truth = np.random.default_rng(0).normal(0, 1, (5, 3))
    a, b = synthetic(50, 5, 2, truth, 0.0, seed=5), synthetic(70, 5, 2, truth, 0.0, seed=6)
    both = joined([a, b])
    for i, (part, j) in enumerate([*((a, j) for j in range(50)), *((b, j) for j in range(70))]):
        mine = slice(part["start"][j], part["start"][j] + part["count"][j])
        theirs = slice(both["start"][i], both["start"][i] + both["count"][i])
        assert np.array_equal(both["action"][theirs], part["action"][mine])
        assert np.array_equal(both["utility"][theirs], part["utility"][mine])


def test_judge_counts_agreement_and_regret_by_hand():
    data = {"game": np.array([0, 1]), "x": np.zeros((2, 1)), "proposed": np.array([0, 1]),
            "start": np.array([0, 2]), "count": np.array([2, 3]), "action": np.array([0, 1, 0, 1, 2]),
            "utility": np.array([0.0, 1.0, 0.5, 0.2, 0.1]), "landed": np.zeros((5, 0))}  # fmt: skip
    # the student prefers action 0 everywhere: right on position 1 (teacher's best 0), wrong on position 0
    model = {"proposer_weight": 0.0, "bias": [1.0, 0.0, 0.0], "coef": [[0.0], [0.0], [0.0]]}
    agree, proposer_agree, regret = judge(model, data)
    assert agree == 0.5
    assert proposer_agree == 0.0  # the proposer chose 0 then 1, the teacher 1 then 0
    assert regret == pytest.approx((1.0 + 0.0) / 2)
    assert len(select(data, np.array([False, True]))["action"]) == 3


def distil_args(out: Path, threads: int) -> list[str]:
    return ["distil", "bazaar", "--teacher", "mcts-fast", "--games", "60", "--generations", "2", "--eval-games",
            "40", "--per-game", "8", "--choose-games", "30", "--seed", "3", "--out", str(out), "-t",
            str(threads)]  # fmt: skip


def table_of(out: Path) -> tuple:
    doc = json.loads((out / "student.json").read_text())
    return doc["proposer_weight"], doc["bias"], doc["coef"], doc["chosen"], doc["ridge"], doc["temperature"]


def test_distil_is_deterministic_for_any_thread_count_and_resumes_to_the_same_model(tmp_path):
    one, two = tmp_path / "one", tmp_path / "two"
    done = playout(*distil_args(one, 1))
    assert done.returncode == 0, done.stderr
    assert playout(*distil_args(two, 2)).returncode == 0
    assert table_of(one) == table_of(two)
    assert (one / "report.html").exists() and "generation 1" in done.stdout
    # each generation kept the fit that won most on the choosing games (the first of equals), one per ridge
    for g in json.loads((one / "student.json").read_text())["generations"]:
        assert len(g["tried"]) == len(RIDGES)  # a teacher that only chooses: one temperature
        assert all(len(t) == 4 and 0 <= t[3] <= 1 for t in g["tried"])  # and each one's held-out agreement
        first_best = max(g["tried"], key=lambda t: t[2])
        assert [g["temperature"], g["ridge"]] == first_best[:2]
    # an interruption after the first generation: its second chunk of samples and its log are lost
    (two / "generations.json").unlink()
    for lost in (two / "samples").glob("gen1-*"):
        lost.unlink()
    (two / "student.json").unlink()
    again = playout(*distil_args(two, 2))
    assert again.returncode == 0, again.stderr
    assert table_of(one) == table_of(two)
    # a hand-edited chunk is not read back as it is: it is played again, and the model is the same
    part = next((two / "samples").glob("gen0-*.npz"))
    part.write_bytes(part.read_bytes()[:-10] + b"0123456789")
    assert playout(*distil_args(two, 2)).returncode == 0
    assert table_of(one) == table_of(two)


def bad_file(tmp_path: Path, change) -> Path:
    doc = json.loads(student_file(tmp_path, "bazaar").read_text())
    change(doc)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc) if isinstance(doc, dict) else doc)
    return path


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda d: d.update(game="yokohama"), "distilled for the game 'yokohama'"),
        (lambda d: d.update(features=d["features"][:-1]), "another feature set"),
        (lambda d: d.update(n_actions=d["n_actions"] + 1), "another feature set or action table"),
        (lambda d: d["bias"].pop(), "its table is not"),
        (lambda d: d.update(proposer_weight=float("nan")), "not all finite"),
        (lambda d: d["coef"][0].__setitem__(0, "x"), "not all finite"),
        (lambda d: d.update(rules_version="0.0.1"), "rules version 0.0.1"),
        (lambda d: d.update(data_fingerprint="abc"), "another data set"),
        (lambda d: d.update(kind="playout learned value"), "is not a student"),
        (lambda d: d.update(proposer={"code": 3}), "proposer is not a code"),
        # the kernel plays greedy with the proposer's weights: a search's weight or another bot there is refused
        (lambda d: d["proposer"]["weights"].update(iters=5.0), "a weight of mcts players, not of a one-step bot"),
        (lambda d: d["proposer"].update(code="mcts"), "is not one of the game's one-step bots"),
        (lambda d: d["proposer"]["weights"].update(w_nosuch=1.0), "proposer sets unknown weight 'w_nosuch'"),
    ],
)
def test_a_bad_student_file_is_refused_in_one_line(tmp_path, change, words):
    path = bad_file(tmp_path, change)
    done = playout("run", "bazaar", "-n", "2", "--players", f"student@{path},greedy", "--out", str(tmp_path / "o"))
    assert done.returncode == 2
    assert words in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr


def test_a_student_file_that_is_not_json_or_missing_is_refused(tmp_path):
    (tmp_path / "x.json").write_text("{not json")
    for path in (tmp_path / "x.json", tmp_path / "missing.json"):
        done = playout("run", "bazaar", "-n", "2", "--players", f"student@{path},greedy", "--out", str(tmp_path / "o"))
        assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr


def test_bazaar_plays_learned_mcts_and_student_from_the_shared_families(tmp_path):
    book = get_game("bazaar").strategies
    assert {"random", "learned", "student", "mcts", "mcts-fast"} <= set(book.strategies)
    done = playout("run", "bazaar", "-n", "8", "--players", "learned,mcts-fast,student,random", "--out",
                   str(tmp_path / "o"))  # fmt: skip
    assert done.returncode == 0, done.stderr
    games = pl.read_parquet(tmp_path / "o" / "games.parquet")
    assert games.height == 8 and set(games["winner_strategy"]) <= {"learned", "mcts-fast", "student", "random"}


@pytest.mark.parametrize(
    "args, words",
    [
        (["--games", "0"], "--games must be a whole number from 1"),
        (["--generations", "0"], "--generations must be a whole number from 1"),
        (["--eval-games", "0"], "--eval-games must be a whole number from 1"),
        (["--choose-games", "-1"], "--choose-games must be a whole number from 0"),
        (["--per-game", "0"], "--per-game must be a whole number from 1"),
        (["--stride", "0"], "--stride must be a whole number from 1"),
        (["--temperature", "0"], "--temperature must be a number above 0"),
        (["--temperature", "nan"], "--temperature must be a number above 0"),
        (["--players", "9"], "--players"),
        (["--teacher", "lerned"], "did you mean 'learned'"),
        (["--no-after"], "fits nothing"),
        (["--hidden", "17"], "--hidden must be a whole number from 0 to 16"),
        (["--hidden", "4", "--table"], "--hidden weighs where each action lands"),
        (["--hidden", "4", "--no-after", "--table"], "--hidden weighs where each action lands"),
    ],
)
def test_bad_distil_options_are_refused_in_one_line_and_create_nothing(tmp_path, capsys, args, words):
    out = tmp_path / "distil"
    assert words in fails(capsys, "distil", "lagranja", *args, "--out", out)
    assert not out.exists()


def test_distil_of_a_game_that_does_not_exist_suggests_the_closest(capsys):
    assert "did you mean 'lagranja'" in fails(capsys, "distil", "lagranja2")
