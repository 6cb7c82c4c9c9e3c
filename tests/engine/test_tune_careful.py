"""`playout tune` as careful as `run` (issue 48): a resume refuses a study its inputs no longer make, a tune
interrupted at any moment resumes to the study an uninterrupted one makes, sizes are bounded before anything is
written, a full disk under the study is a fault naming it, preset files get the checks typed codes get, and the
default ranges hold only codes the player code plays. Small budgets, Yokohama at 4 players."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import optuna
import pytest

import cli
from cli import main
from reports.training import tune as tn
from sim.datafiles import game_data_dir
from strategies.presets import shipped_path

TINY = ["--weights", "w_vp,w_money", "--budget", "32", "--trials", "4", "--confirm", "8", "--seed", "2"]


def run_cli(capsys, *args):
    try:
        main([str(a) for a in args])
    except SystemExit as e:
        out = capsys.readouterr()
        return e.code, out.out, out.err.strip()
    out = capsys.readouterr()
    return 0, out.out, out.err.strip()


def one_line(err: str) -> str:
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    return err


def interrupt_at_trial(monkeypatch, k: int) -> None:
    """Ctrl-C (what main's SIGINT handler raises) as the k-th trial of this session starts to play."""
    real, calls = tn.tell, []

    def counted(*args, **kwargs):
        calls.append(1)
        if len(calls) == k:
            raise cli.Interrupted("interrupted")
        return real(*args, **kwargs)

    monkeypatch.setattr(tn, "tell", counted)


def never_wait(monkeypatch) -> None:
    """Fail the test where tune would wait for another worker (there is none)."""
    import time

    class NoWaiting:
        def __getattr__(self, name):
            return getattr(time, name)

        def sleep(self, seconds):
            pytest.fail("the resume waited for a trial no one plays")

    monkeypatch.setattr(tn, "time", NoWaiting())


def complete_trials(out: Path) -> list[tuple]:
    study = optuna.load_study(study_name=None, storage=tn.storage_url(None, out))
    return [(t.number, t.params, t.value) for t in study.get_trials(states=(optuna.trial.TrialState.COMPLETE,))]


# ---------------------------------------------------------------- a resume refuses what its inputs no longer make


def data_copy(where: Path) -> Path:
    where.mkdir(parents=True)
    shutil.copy(game_data_dir("yokohama") / "orders.csv", where / "orders.csv")
    return where


def change_data(where: Path) -> None:
    path = where / "orders.csv"
    text = path.read_text(encoding="utf-8")
    assert "\n1,0,0,2,1,uk,4," in text
    path.write_text(text.replace("\n1,0,0,2,1,uk,4,", "\n1,0,0,2,1,uk,5,"), encoding="utf-8")


def a_preset(where: Path, **weights) -> Path:
    doc = json.loads(shipped_path("yokohama").read_text())
    doc["weights"].update(weights)
    where.write_text(json.dumps(doc))
    return where


@pytest.mark.parametrize("finished", [False, True], ids=["interrupted", "finished"])
def test_a_resume_refuses_a_study_begun_on_other_data(tmp_path, capsys, monkeypatch, finished):
    data, out = data_copy(tmp_path / "data"), tmp_path / "t"
    args = ["tune", "yokohama", "greedy", *TINY, "--data", data, "--out", out]
    if not finished:
        interrupt_at_trial(monkeypatch, 3)
    code, _, err = run_cli(capsys, *args)
    assert code == (0 if finished else 130), err
    monkeypatch.undo()
    kept = complete_trials(out)
    change_data(data)
    code, _, err = run_cli(capsys, *args, "--resume")
    assert code == 2 and "other data" in one_line(err) and "start a new tune" in err
    assert complete_trials(out) == kept  # nothing played on the new data
    if finished:  # the preset still records the data its trials were played on
        assert json.loads((out / "preset.json").read_text())["data_set"] != "builtin"


def test_a_resume_refuses_a_study_whose_opponents_preset_changed(tmp_path, capsys, monkeypatch):
    preset, out = a_preset(tmp_path / "p.json"), tmp_path / "t"
    args = ["tune", "yokohama", "greedy", *TINY, "--against", f"tuned@{preset},greedy*2", "--out", out]
    interrupt_at_trial(monkeypatch, 2)
    assert run_cli(capsys, *args)[0] == 130
    monkeypatch.undo()
    a_preset(preset, w_vp=9.0)
    code, _, err = run_cli(capsys, *args, "--resume")
    assert code == 2 and f"other weights behind tuned@{preset}" in one_line(err)


def test_a_resume_refuses_a_study_begun_by_other_code(tmp_path, capsys, monkeypatch):
    out = tmp_path / "t"
    args = ["tune", "yokohama", "greedy", *TINY, "--out", out]
    interrupt_at_trial(monkeypatch, 2)
    assert run_cli(capsys, *args)[0] == 130
    monkeypatch.undo()
    monkeypatch.setattr(tn, "tune_code_fingerprint", lambda: "0" * 16)
    code, _, err = run_cli(capsys, *args, "--resume")
    assert code == 2 and "another playout tune or optuna" in one_line(err)


def test_a_resume_on_the_same_inputs_goes_on_and_says_what_was_kept(tmp_path, capsys, monkeypatch):
    out = tmp_path / "t"
    args = ["tune", "yokohama", "greedy", *TINY, "--out", out]
    interrupt_at_trial(monkeypatch, 3)
    code, _, err = run_cli(capsys, *args)
    assert code == 130
    assert (
        err == f"playout: interrupted; kept 2 of 4 trials in {out / 'study.db'}: rerun the same command with --resume"
    )
    monkeypatch.undo()
    assert run_cli(capsys, *args, "--resume")[0] == 0
    assert len(complete_trials(out)) == 4


def test_a_ctrl_c_after_the_trials_says_they_are_all_kept(tmp_path, capsys, monkeypatch):
    def interrupted(*args, **kwargs):
        raise cli.Interrupted("interrupted")

    monkeypatch.setattr(tn, "confirm", interrupted)
    out = tmp_path / "t"
    code, _, err = run_cli(capsys, "tune", "yokohama", "greedy", *TINY, "--out", out)
    assert code == 130 and f"kept all 4 trials in {out / 'study.db'}" in one_line(err) and "--resume" in err
    monkeypatch.undo()
    assert run_cli(capsys, "tune", "yokohama", "greedy", *TINY, "--out", out, "--resume")[0] == 0
    assert (out / "preset.json").exists()


def test_an_early_ctrl_c_does_not_claim_a_study_that_does_not_exist(tmp_path, capsys, monkeypatch):
    import commands.console

    def interrupted(*args, **kwargs):
        raise cli.Interrupted("interrupted")

    monkeypatch.setattr(commands.console, "compile_kernels", interrupted)
    out = tmp_path / "t"
    code, _, err = run_cli(capsys, "tune", "yokohama", "greedy", *TINY, "--out", out)
    assert code == 130
    assert err == "playout: interrupted before the study began; nothing was kept: rerun the same command"
    assert not (out / "study.db").exists()


# ---------------------------------------------------------------- interrupted between asking a trial and owning it


def tiny_config(sampler: str = "tpe") -> tn.TuneConfig:
    knobs = tn.choose_knobs("yokohama", "greedy", "w_money,w_vp", [])
    fields = [["greedy"] * 3]
    trials, per_field = tn.split_budget(320, 8, None, fields)
    return tn.TuneConfig("yokohama", "greedy", fields, knobs, "win", 320, trials, per_field, 40, sampler, 5, {}, None)


def study_of(result) -> list[tuple]:
    return [(t.number, t.state.name, t.params, t.value) for t in result.study.get_trials()]


@pytest.fixture(scope="module", params=tn.SAMPLERS)
def whole(request, tmp_path_factory):
    """A tune run at once: what every interrupted and resumed one must equal."""
    return tn.tune(tiny_config(request.param), tmp_path_factory.mktemp("whole"))


def test_a_tune_cut_just_after_its_trial_is_created_resumes_to_the_whole_study(whole, tmp_path, monkeypatch):
    real = optuna.storages.RDBStorage._create_new_trial  # what every storage write of a new trial goes through

    def created_then_cut(self, study_id, template_trial=None):
        trial = real(self, study_id, template_trial)
        if trial.number == 5:
            raise KeyboardInterrupt  # the trial is in the storage; nothing of this session will play it
        return trial

    monkeypatch.setattr(optuna.storages.RDBStorage, "_create_new_trial", created_then_cut)
    cfg = tiny_config(whole.cfg.sampler)
    with pytest.raises(KeyboardInterrupt):
        tn.tune(cfg, tmp_path)
    monkeypatch.undo()
    left = optuna.load_study(study_name=None, storage=tn.storage_url(None, tmp_path)).get_trials()
    assert [t.state.name for t in left] == ["COMPLETE"] * 5 + ["RUNNING"] and set(left[5].params) == {
        "w_money",
        "w_vp",
    }
    never_wait(monkeypatch)
    resumed = tn.tune(cfg, tmp_path, resume=True)
    assert study_of(resumed) == study_of(whole)
    assert resumed.confirmation == whole.confirmation


def test_a_tune_cut_while_the_sampler_asks_resumes_to_the_whole_study(whole, tmp_path, monkeypatch):
    calls = []
    real = tn.sampler_for

    def sampler_then_cut(cfg, number):
        if number == 6:
            calls.append(number)
            sampler = real(cfg, number)

            def cut(*args, **kwargs):
                raise KeyboardInterrupt

            sampler.sample_relative = cut
            return sampler
        return real(cfg, number)

    monkeypatch.setattr(tn, "sampler_for", sampler_then_cut)
    cfg = tiny_config(whole.cfg.sampler)
    with pytest.raises(KeyboardInterrupt):
        tn.tune(cfg, tmp_path)
    assert calls == [6]
    monkeypatch.undo()
    left = optuna.load_study(study_name=None, storage=tn.storage_url(None, tmp_path)).get_trials()
    assert [t.state.name for t in left] == ["COMPLETE"] * 6  # the ask left nothing behind
    resumed = tn.tune(cfg, tmp_path, resume=True)
    assert study_of(resumed) == study_of(whole)


def test_a_trial_left_without_weights_or_owner_is_taken_back_at_once(tmp_path, monkeypatch):
    """A trial as optuna's own ask leaves it when interrupted between creating it and its weights (as a tune
    of an earlier playout could): the resume gives it up and goes on, without waiting or a KeyError."""
    cfg = tiny_config()
    interrupt = []

    def cut(*args, **kwargs):
        if len(interrupt) == 3:
            raise KeyboardInterrupt
        interrupt.append(1)
        return real(*args, **kwargs)

    real = tn.tell
    monkeypatch.setattr(tn, "tell", cut)
    with pytest.raises(KeyboardInterrupt):
        tn.tune(cfg, tmp_path)
    monkeypatch.undo()
    study = optuna.load_study(study_name=None, storage=tn.storage_url(None, tmp_path))
    study.ask()  # created, no weights, no owner
    never_wait(monkeypatch)
    resumed = tn.tune(cfg, tmp_path, resume=True)
    states = [t.state.name for t in resumed.study.get_trials()]
    assert states.count("COMPLETE") == cfg.trials and states.count("FAIL") == 1


# ---------------------------------------------------------------- sizes: bounded, refused before anything is written


@pytest.mark.parametrize(
    "args, says",
    [
        (["--budget", 10**15], "memory"),
        (["--budget", 10**15, "--trials", 10], "memory"),
        (["--games-per-trial", 10**15, "--budget", 10**16], "memory"),
        (["--confirm", 10**15], "--confirm"),
        (["--budget", 10**9, "--games-per-trial", 4], "more than 10,000"),
        (["--trials", 10**6], "--trials must be from 1 to 10,000"),
    ],
)
def test_sizes_are_bounded_before_anything_is_written(tmp_path, capsys, args, says):
    out = tmp_path / "t"
    code, _, err = run_cli(capsys, "tune", "yokohama", "greedy", "--weights", "w_vp", *args, "--out", out)
    assert code == 2 and says in one_line(err) and "MemoryError" not in err
    assert not out.exists()
    # the corrected command works in the same place
    code, _, err = run_cli(capsys, "tune", "yokohama", "greedy", *TINY, "--out", out)
    assert code == 0, err


# ---------------------------------------------------------------- a full disk under the study is a write fault


def test_a_full_disk_creating_the_study_is_a_write_fault_naming_it(tmp_path, capsys, monkeypatch):
    from sqlalchemy import event
    from sqlalchemy.engine import Engine

    def no_room(dbapi_connection, record):  # SQLite's own answer when the disk is full: SQLITE_FULL
        if isinstance(dbapi_connection, sqlite3.Connection):
            dbapi_connection.execute("PRAGMA max_page_count = 1")

    event.listen(Engine, "connect", no_room)
    try:
        code, _, err = run_cli(capsys, "tune", "yokohama", "greedy", *TINY, "--out", tmp_path / "t")
    finally:
        event.remove(Engine, "connect", no_room)
    assert code == 1 and str(tmp_path / "t" / "study.db") in one_line(err) and "full" in err
    assert "--storage" not in err


def test_a_full_disk_during_the_study_is_a_write_fault_naming_it(tmp_path, capsys, monkeypatch):
    from sqlalchemy.exc import OperationalError

    real = optuna.storages.RDBStorage.set_study_user_attr

    def full(self, study_id, key, value):
        if key.startswith("cost_"):
            error = OperationalError(
                "UPDATE study_user_attributes", {}, sqlite3.OperationalError("database or disk is full")
            )
            raise optuna.exceptions.StorageInternalError("An exception is raised during the commit.") from error
        return real(self, study_id, key, value)

    monkeypatch.setattr(optuna.storages.RDBStorage, "set_study_user_attr", full)
    out = tmp_path / "t"
    code, _, err = run_cli(capsys, "tune", "yokohama", "greedy", *TINY, "--out", out)
    assert code == 1 and f"cannot write the study {out / 'study.db'}" in one_line(err) and "--storage" not in err


# ---------------------------------------------------------------- preset files get the checks typed codes get


@pytest.mark.parametrize(
    "changes, says",
    [
        ({"strategy": ["greedy"]}, "its strategy is not a name"),
        ({"rules_version": 1}, "its rules_version is not a name"),
        ({"game": {"a": 1}}, "its game is not a name"),
        ({"weights": {"iters": 5.0}}, "'iters' is for mcts strategies only"),
        ({"weights": {"lv_bias": 1.0}}, "'lv_bias' is for learned strategies only"),
        ({"strategy": "mcts", "weights": {"rollout": 7.0}}, "rollout = 7 is not one of random (0), greedy (1)"),
        ({"strategy": "learned", "weights": {"lv_worlds": 1e9}}, "lv_worlds = 1e+09 is not a whole number from 1"),
        ({"strategy": "learned", "weights": {"lv_worlds": 2.5}}, "lv_worlds = 2.5 is not a whole number"),
        ({"strategy": "mcts", "weights": {"iters": 1e15}}, "iters must be a whole number"),
    ],
)
def test_a_malformed_preset_file_is_one_line_and_exit_2(tmp_path, capsys, changes, says):
    doc = json.loads(shipped_path("yokohama").read_text())
    doc.update(changes)
    path = tmp_path / "p.json"
    path.write_text(json.dumps(doc))
    code, _, err = run_cli(capsys, "run", "yokohama", "-n", 4, "--players", f"tuned@{path},greedy*3", "--out",
                           tmp_path / "r")  # fmt: skip
    assert code == 2 and says in one_line(err)


# ---------------------------------------------------------------- options mean what they say


@pytest.mark.parametrize(
    "args, says",
    [
        (["--games-per-trial", 0], "--games-per-trial must be at least 1, not 0"),
        (["--trials", 0], "--trials must be from 1 to"),
        (["--range", "w_vp=0..1", "--range", "w_vp=1..2"], "--range is given twice for w_vp"),
        (["--range", "w_vp=0..1", "--range", "w_vp=0..1"], "--range is given twice for w_vp"),
        (["--against", "greedy*3", "--weights", "iters"], "not tunable"),
    ],
)
def test_options_are_refused_rather_than_read_as_another(tmp_path, capsys, args, says):
    out = tmp_path / "t"
    code, _, err = run_cli(capsys, "tune", "yokohama", "greedy", "--budget", 64, *args, "--out", out)
    assert code == 2 and says in one_line(err)
    assert not out.exists()


# ---------------------------------------------------------------- tune proposes only trials it can play


GAMES = ["yokohama", "gangsta", "lagranja", "obsession", "bazaar"]
STARTS = ["greedy", "mcts", "mcts-fast", "mcts:depth=6,cut=turn", "learned", "tuned", "student"]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("start", STARTS)
def test_the_default_ranges_hold_only_codes_the_player_code_plays(game, start):
    from optuna.distributions import CategoricalDistribution, IntDistribution

    from sim.engine import Recipe, prepare
    from sim.registry import get_game

    book = get_game(game).strategies
    if start.partition(":")[0] not in book.strategies:
        pytest.skip(f"{game} has no {start}")
    rng = __import__("random").Random(7)
    for spread in (0.3, 10.0):
        knobs = tn.choose_knobs(game, start, None, [], spread)
        space = tn.distributions(knobs)
        points = tn.corners(knobs)
        points = rng.sample(points, min(len(points), 12))  # the corners, where the checks bite
        for _ in range(12):  # and inside the box, as a sampler draws
            point = {}
            for name, d in space.items():
                if isinstance(d, CategoricalDistribution):
                    point[name] = rng.choice(d.choices)
                elif isinstance(d, IntDistribution):
                    point[name] = rng.randint(d.low, d.high)
                else:
                    point[name] = rng.uniform(d.low, d.high)
            points.append(point)
        players = get_game(game).max_players
        for point in points:
            code = tn.trial_code(book.player(start).code, knobs, point)
            prepare(Recipe(game, [code] + ["greedy"] * (players - 1), 1, 1, 1))  # what a run would refuse


def test_search_weights_are_tuned_as_the_search_takes_them():
    knobs = {k.name: k for k in tn.choose_knobs("yokohama", "mcts-fast", "iters,depth,c,cut", [], 1.0)}
    assert knobs["iters"].whole and (knobs["iters"].lo, knobs["iters"].hi) == (1, 32)  # not 0 .. 32, not 0.5
    assert knobs["depth"].whole and knobs["depth"].lo == 0
    assert knobs["c"].lo == 0
    assert list(knobs["cut"].choices) == ["decision"]  # cut=turn needs a depth, and depth may be 0
    cut = {k.name: k for k in tn.choose_knobs("yokohama", "mcts:depth=6,cut=turn", "depth,cut", [], 1.0)}
    assert cut["depth"].lo == 1 and list(cut["cut"].choices) == ["decision", "turn"]
    assert tn.trial_code("mcts", list(knobs.values()), {"iters": 1234567, "depth": 3, "c": 0.5, "cut": "decision"})


@pytest.mark.parametrize(
    "ranges, says",
    [
        (["iters=0..10"], "iters must be a whole number from 1"),
        (["depth=-3..2"], "depth must be a whole number from 0"),
        (["c=-1..1"], "c (exploration) must be 0 or more"),
        (["iters=1.2..1.8"], "holds none"),
    ],
)
def test_a_range_holding_codes_the_player_code_refuses_is_refused_up_front(ranges, says):
    from sim.errors import ParamError

    with pytest.raises(ParamError, match=None) as e:
        tn.choose_knobs("yokohama", "mcts-fast", "iters,depth,c", ranges, 1.0)
    assert says in str(e.value)


# ---------------------------------------------------------------- wording


def test_the_header_of_a_tune_just_made_rates_the_tuned_bot_as_unrated_not_as_old(tmp_path, capsys):
    out = tmp_path / "t"
    assert run_cli(capsys, "tune", "yokohama", "greedy", *TINY, "--out", out)[0] == 0
    header = [line for line in (out / "trials.csv").read_text().splitlines() if line.startswith("#")]
    strength = next(line for line in header if line.startswith("# players' strength:"))
    assert "made before playout kept them" not in strength
    assert f"tuned@{out / 'preset.json'} unrated" in strength
    assert f"# lineup: tuned@{out / 'preset.json'},greedy*3" in "\n".join(header)


def test_the_readme_storage_example_names_a_driver_sqlalchemy_accepts():
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    assert "--storage postgresql://" not in readme and "--storage postgresql+psycopg2://" in readme
