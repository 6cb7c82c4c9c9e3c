"""`playout tune` and tuned presets as players (issue 32): small budgets, Yokohama greedy at 4 players."""

import json
from pathlib import Path

import optuna
import polars as pl
import pytest

from cli import main
from reports.training import tune as tn

# Money buys every action in Yokohama (rules: workers and buildings cost yen; orders and techs are bought): a
# greedy bot that values a yen at nothing passes up the income it needs, so tuning w_money must move it up.
BAD = "greedy:w_money=0"


def run_cli(args, capsys):
    try:
        main(args)
    except SystemExit as e:
        out = capsys.readouterr()
        return e.code, out.out, out.err
    out = capsys.readouterr()
    return 0, out.out, out.err


@pytest.fixture(scope="module")
def bad_tuned(tmp_path_factory):
    """A tune of the badly set weight: its output directory."""
    out = tmp_path_factory.mktemp("tune") / "t"
    main(["tune", "yokohama", BAD, "--against", "greedy*3", "--weights", "w_money", "--range", "w_money=0..2.5",
          "--budget", "6400", "--trials", "8", "--confirm", "2000", "--seed", "3", "--out", str(out)])  # fmt: skip
    return out


def test_tune_moves_a_badly_set_weight_back_and_the_confirmation_finds_it(bad_tuned):
    preset = json.loads((bad_tuned / "preset.json").read_text())
    assert preset["kind"] == "playout tune preset" and preset["game"] == "yokohama"
    assert preset["weights"]["w_money"] > 0.25  # off the bad value 0: a yen is worth something again
    c = preset["confirmation"]
    assert c["lo"] > 0, c  # the tuned bot beats the start bot on fresh games, paired
    assert c["tuned_win_rate"] > c["start_win_rate"]
    assert preset["strategy"] == "greedy" and preset["start"] == BAD
    assert preset["command"].startswith(f"playout tune yokohama {BAD} --against 'greedy*3' --weights w_money")
    trials = pl.read_csv(bad_tuned / "trials.csv", comment_prefix="#")
    assert trials.height == 8 and trials["trial"][0] == 0
    assert trials["w_money"][0] == 0.0  # trial 0 is the start bot
    assert trials["best_so_far"].to_list() == sorted(trials["best_so_far"].to_list())
    for name in ("best_so_far.png", "importance.png", "report.html"):
        assert (bad_tuned / name).stat().st_size > 0


def test_a_preset_plays_as_the_same_weights_typed_in_the_code(bad_tuned, tmp_path, capsys):
    preset = json.loads((bad_tuned / "preset.json").read_text())
    typed = "greedy:" + ",".join(f"{k}={v!r}" for k, v in preset["weights"].items())
    for name, code in (("preset", f"tuned@{bad_tuned / 'preset.json'}"), ("typed", typed)):
        code_ = run_cli(["run", "yokohama", "-n", "400", "--players", f"{code},greedy*3", "--seed", "9", "-q",
                         "--out", str(tmp_path / name)], capsys)[0]  # fmt: skip
        assert code_ == 0
    a, b = (pl.read_parquet(tmp_path / name / "games.parquet") for name in ("preset", "typed"))
    columns = ["winner", *[f"score_{s}" for s in range(4)]]
    assert a.select(columns).equals(b.select(columns))
    assert a["strategy_0"][0].startswith("tuned@")


@pytest.mark.parametrize("sampler", tn.SAMPLERS)
def test_a_tune_interrupted_and_resumed_is_the_tune_run_at_once(sampler, tmp_path):
    def config():
        knobs = tn.choose_knobs("yokohama", "greedy", "w_money,w_vp", [])
        fields = [["greedy"] * 3]
        trials, per_field = tn.split_budget(1600, 8, None, fields)
        return tn.TuneConfig("yokohama", "greedy", fields, knobs, "win", 1600, trials, per_field, 100, sampler, 5, {},
                             None)  # fmt: skip

    whole = tn.tune(config(), tmp_path / "whole")
    played = [0]

    def kill_midway(games):
        played[0] += games
        if played[0] > 5 * 200 + 100:  # inside trial 5: it is left running, as after kill -9
            raise KeyboardInterrupt

    (tmp_path / "cut").mkdir()
    with pytest.raises(KeyboardInterrupt):
        tn.tune(config(), tmp_path / "cut", on_games=kill_midway)
    left = optuna.load_study(study_name=None, storage=tn.storage_url(None, tmp_path / "cut")).get_trials()
    assert [t.state.name for t in left][-1] == "RUNNING" and len(left) == 6  # trial 5 was cut short
    resumed = tn.tune(config(), tmp_path / "cut", resume=True)

    def trials(result):
        return [(t.number, t.state.name, t.params, t.value) for t in result.study.get_trials()]

    assert len(trials(whole)) == 8
    assert trials(resumed) == trials(whole)
    assert resumed.confirmation == whole.confirmation


def test_workers_sharing_a_storage_play_each_trial_once_and_confirm_the_same_best(tmp_path):
    """Two machines' workers, here two processes started together on one --storage: one creates the study, the
    other joins it; neither plays a trial the other is playing, the study ends with exactly the trials asked
    for, and both confirm the same best weights on the same fresh games."""
    import os
    import subprocess
    import sys

    url = f"sqlite:///{tmp_path / 'shared.db'}"
    args = ["tune", "yokohama", BAD, "--against", "greedy*3", "--weights", "w_money", "--range", "w_money=0..2.5",
            "--budget", "800", "--trials", "8", "--confirm", "100", "--seed", "3", "--storage", url]  # fmt: skip
    # Both workers must play: the first to finish a trial waits, after telling it, until the other has asked one
    # (a flag file), so neither can play all 8 before the other joins, on any machine (a fixed number of games a
    # trial, chosen so that the other had time to join, once did not suffice).
    root = Path(__file__).resolve().parents[2]
    script = tmp_path / "worker.py"
    script.write_text(
        "import os, runpy, sys, time\n"
        f"sys.path.insert(0, {str(root)!r})\n"
        "import optuna\n"
        "mine, other = sys.argv[1], sys.argv[2]\n"
        "ask, tell = optuna.study.Study.ask, optuna.study.Study.tell\n"
        "def asked(self, *args, **kwargs):\n"
        "    trial = ask(self, *args, **kwargs)\n"
        "    open(mine, 'a').close()\n"
        "    return trial\n"
        "def told(self, *args, **kwargs):\n"
        "    result = tell(self, *args, **kwargs)\n"
        "    deadline = time.time() + 600\n"
        "    while not os.path.exists(other) and time.time() < deadline:\n"
        "        time.sleep(0.05)\n"
        "    return result\n"
        "optuna.study.Study.ask, optuna.study.Study.tell = asked, told\n"
        "sys.argv = ['playout', *sys.argv[3:]]\n"
        "runpy.run_module('cli', run_name='__main__')\n"
    )
    flags = [str(tmp_path / f"asked{i}") for i in range(2)]
    workers = [
        subprocess.Popen([sys.executable, str(script), flags[i], flags[1 - i], *args, "--out", str(tmp_path / f"w{i}")],
                         cwd=root, env={**os.environ, "NUMBA_NUM_THREADS": "1"}, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
        for i in range(2)
    ]  # fmt: skip
    for w in workers:
        _, err = w.communicate(timeout=600)
        assert w.returncode == 0, err.decode()[-2000:]
    study = optuna.load_study(study_name=None, storage=url)
    trials = study.get_trials(states=(optuna.trial.TrialState.COMPLETE,))
    assert len(trials) == 8
    # a trial asked past the budget (both workers asked the last one together) was given up unplayed
    given_up = [t for t in study.get_trials() if t.state != optuna.trial.TrialState.COMPLETE]
    assert all(t.state.name == "FAIL" and f"over_budget_{t.number}" in study.user_attrs for t in given_up)
    assert all(f"cost_{t.number}" not in study.user_attrs for t in given_up)
    players = {study.user_attrs[f"alive_{t.number}"][0] for t in trials}
    assert len(players) == 2  # both workers played trials
    presets = [json.loads((tmp_path / f"w{i}" / "preset.json").read_text()) for i in range(2)]
    assert presets[0]["weights"] == presets[1]["weights"]
    assert presets[0]["weights"]["w_money"] == pytest.approx(study.best_params["w_money"], abs=1e-4)
    assert presets[0]["confirmation"] == presets[1]["confirmation"]


def test_of_two_trials_asked_for_the_last_place_the_later_gives_way():
    study = optuna.create_study()
    for _ in range(3):
        study.tell(study.ask(), 1.0)
    study.tell(study.ask(), state=optuna.trial.TrialState.FAIL)  # number 3: given up before, counts for nothing
    first, second = study.ask(), study.ask()  # two workers both saw 3 of a budget of 4 and asked
    assert not tn.over_budget(study, first.number, 4)
    assert tn.over_budget(study, second.number, 4)
    assert not tn.over_budget(study, second.number, 5)


def test_a_running_trial_is_another_workers_only_while_that_worker_lives(tmp_path):
    import datetime
    import os
    import socket
    import subprocess
    import time

    study = optuna.create_study(storage=f"sqlite:///{tmp_path / 's.db'}")
    me, here = tn.worker(), socket.gethostname()
    dead = subprocess.Popen(["true"])
    dead.wait()
    stamps = {
        0: [me, time.time()],  # this process: an interrupted tune in it, not playing now
        1: [f"{here}:{os.getppid()}", time.time()],  # a live process of this host
        2: [f"{here}:{dead.pid}", time.time()],  # a process of this host that died (kill -9)
        3: ["elsewhere:12", time.time() - 5],  # another host, stamped a moment ago
        4: ["elsewhere:12", time.time() - 2 * tn.STALE],  # another host, silent for longer than STALE
    }
    for number, stamp in stamps.items():
        study.ask()
        study.set_user_attr(f"alive_{number}", stamp)
    study.ask()  # 5: asked a moment ago, not stamped yet
    trials = study.get_trials()
    assert [tn.played_by_another(study, t, me) for t in trials] == [False, True, False, True, False, True]
    old = optuna.trial.create_trial(state=optuna.trial.TrialState.RUNNING)
    old.datetime_start -= datetime.timedelta(seconds=2 * tn.STALE)
    assert not tn.played_by_another(study, old, me)  # asked long ago and never stamped: its worker died


def test_a_fresh_tune_refuses_a_directory_holding_one_and_resume_needs_one(bad_tuned, tmp_path, capsys):
    args = ["tune", "yokohama", "greedy", "--weights", "w_vp", "--budget", "400", "--trials", "2", "--confirm", "8"]
    code, _, err = run_cli([*args, "--out", str(bad_tuned)], capsys)
    assert code == 2 and "already holds a tune" in err
    code, _, err = run_cli([*args, "--out", str(tmp_path / "none"), "--resume"], capsys)
    assert code == 2 and "holds no tune" in err


@pytest.mark.parametrize(
    "args, says",
    [
        (["greedyy"], "did you mean 'greedy'"),
        (["greedy", "--weights", "w_mony"], "did you mean 'w_money'"),
        (["greedy", "--weights", "iters"], "not tunable"),
        (["learned", "--weights", "lv_worlds"], "a count"),
        (["greedy", "--range", "w_vp=2..1"], "inverted"),
        (["greedy", "--range", "w_vp=1..1"], "empty"),
        (["greedy", "--budget", "0"], "--budget must be at least 1"),
        (["greedy", "--storage", "not a url"], "not a database URL"),
        (["greedy", "--against", "greedy*4"], "make 5"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, says, tmp_path, capsys):
    code, _, err = run_cli(["tune", "yokohama", *args, "--out", str(tmp_path / "t")], capsys)
    assert code == 2
    assert says in err and len(err.strip().splitlines()) == 1


def bad_preset(path, bad_tuned, **changes):
    doc = {**json.loads((bad_tuned / "preset.json").read_text()), **changes}
    path.write_text(json.dumps(doc))
    return path


@pytest.mark.parametrize(
    "make, says",
    [
        (lambda p, t: p.write_text("{not json") and p, "is not a preset: it is not JSON"),
        (lambda p, t: p.write_text(json.dumps({"game": "yokohama"})) and p, "is not a preset"),
        (lambda p, t: bad_preset(p, t, game="gangsta"), "was tuned for the game 'gangsta'"),
        (lambda p, t: bad_preset(p, t, rules_version="0.0.1"), "tuned for rules version 0.0.1"),
        (lambda p, t: bad_preset(p, t, data_fingerprint="0" * 16), "tuned on another data set"),
        (lambda p, t: bad_preset(p, t, weights={"w_vp": "x"}), "not all finite numbers"),
    ],
)
def test_a_bad_preset_file_is_named_one_line_and_exit_2(make, says, bad_tuned, tmp_path, capsys):
    path = make(tmp_path / "p.json", bad_tuned)
    code, _, err = run_cli(["run", "yokohama", "-n", "8", "--players", f"tuned@{path},greedy*3",
                            "--out", str(tmp_path / "r")], capsys)  # fmt: skip
    assert code == 2 and says in err and len(err.strip().splitlines()) == 1


SHIPPED = sorted(p.stem for p in (Path(__file__).parents[2] / "strategies" / "presets").glob("*.json"))


def test_presets_are_shipped():
    assert SHIPPED == ["gangsta", "lagranja", "obsession", "yokohama"]


@pytest.mark.parametrize("game", SHIPPED)
def test_a_shipped_tuned_bot_was_made_by_playout_tune_for_its_game(game):
    from sim.registry import get_game, rules_version
    from strategies.presets import read_preset, shipped_path

    doc = read_preset(shipped_path(game), game)
    book = get_game(game).strategies
    tuned = book.player("tuned")
    assert doc["command"].startswith(f"playout tune {game} ") and doc["rules_version"] == rules_version(game)
    assert tuned.strategy.kernel == book.strategies[doc["strategy"]].kernel
    at = {w.name: i for i, w in enumerate(book.weights)}
    assert {name: tuned.weights[at[name]] for name in doc["weights"]} == doc["weights"]


def test_the_shipped_tuned_bot_is_a_player_code_like_any_other(tmp_path, capsys):
    """`tuned` is the game's preset in strategies/presets/: it plays exactly as its strategy with the preset's
    weights typed as a code, and not as that strategy at its defaults."""
    from sim.play import play_frame
    from sim.recipe import Recipe, prepare

    preset = json.loads((Path(__file__).parents[2] / "strategies" / "presets" / "yokohama.json").read_text())
    typed = f"{preset['strategy']}:" + ",".join(f"{k}={v!r}" for k, v in preset["weights"].items())
    assert "tuned" in run_cli(["strategies", "yokohama"], capsys)[1]

    def games(code):
        frame = play_frame(prepare(Recipe("yokohama", [code] * 4, 7, 12, 12)), 0, 12)
        return frame.select(pl.selectors.numeric())

    tuned = games("tuned")
    assert tuned.equals(games(typed)) and not tuned.equals(games(preset["strategy"]))
    code, out, err = run_cli(["run", "yokohama", "-n", "8", "--players", "tuned*4", "--out", str(tmp_path / "r")],
                             capsys)  # fmt: skip
    manifest = json.loads((tmp_path / "r" / "manifest.json").read_text())
    assert code == 0 and manifest["lineup"] == ["tuned"] * 4, err
