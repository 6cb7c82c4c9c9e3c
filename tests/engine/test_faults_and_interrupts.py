"""Issue 31's last defects: Ctrl-C at any moment of a command ends in one line and exit code 130, a fault of
the machine (a full disk) is exit code 1 and not bad input, litter in a run directory (a directory where a
part belongs, a killed writer's temporary file) is cleaned and played again, an interrupted experiment says
what it kept, and options that could not act are refused. Small Yokohama runs (n of tens of games)."""

from __future__ import annotations

import errno
import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import cli
from cli import main
from sim.datafiles import game_data_dir
from sim.engine import Recipe, run
from sim.results import GAMES_FILE, MANIFEST, PARTS, part_path, part_record_path

ROOT = Path(cli.__file__).parent
GO_ON = "rerun the same command to go on"  # how an experiment goes on: it resumes its kept arms by itself


def _exits(capsys, code: int, *argv) -> str:
    """The one line a command ends with, after checking its exit code and that it is one line."""
    with pytest.raises(SystemExit) as e:
        main([str(a) for a in argv])
    err = capsys.readouterr().err.strip()
    assert e.value.code == code, err
    assert "\n" not in err and "Traceback" not in err, err
    return err


@pytest.fixture(scope="module")
def finished_run(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("run") / "r"
    main(["run", "yokohama", "-n", "20", "-p", "greedy*2", "--out", str(out), "-q"])
    return out


def _stopped_run(out: Path, chunks: int = 1) -> Recipe:
    """A run of 3 chunks of 20 games stopped (as by Ctrl-C) after `chunks` of them were kept."""
    recipe = Recipe("yokohama", ["greedy", "random"], 3, 60, 20)
    seen = []

    def stop(games):
        seen.append(games)
        if len(seen) >= chunks:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run(recipe, out, threads=1, on_chunk=stop)
    return recipe


def _resume_args(recipe: Recipe, out: Path) -> list[str]:
    return ["run", recipe.game, "-n", str(recipe.n), "--chunk", str(recipe.chunk), "-p", ",".join(recipe.players),
            "--seed", str(recipe.seed), "--out", str(out), "-q", "--resume", "--threads", "1"]  # fmt: skip


# ---------------------------------------------------------------- 1. Ctrl-C during report


def _python_interrupted(tmp_path: Path, when: str, argv: list[str]) -> subprocess.CompletedProcess:
    """`python -m cli ARGV` with a SIGINT delivered at a fixed point: `import` (while cli imports typer,
    before main() runs) or `exit` (after main() returned, while the interpreter shuts down)."""
    script = tmp_path / "interrupted.py"
    script.write_text(
        textwrap.dedent(f"""
        import atexit, importlib.abc, os, runpy, signal, sys, time

        def interrupt():
            os.kill(os.getpid(), signal.SIGINT)
            for _ in range(1000):  # bytecodes run, so a Python-level handler is called here
                time.sleep(0.001)

        class AtImport(importlib.abc.MetaPathFinder):
            def find_spec(self, name, path, target=None):
                if name == "typer":
                    sys.meta_path.remove(self)
                    interrupt()
                return None

        if {when!r} == "import":
            sys.meta_path.insert(0, AtImport())
        else:
            atexit.register(interrupt)
        sys.path.insert(0, {str(ROOT)!r})  # this checkout's cli, not an installed one
        sys.argv = ["playout", *{argv!r}]
        runpy.run_module("cli", run_name="__main__")
    """)
    )
    return subprocess.run([sys.executable, str(script)], cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_ctrl_c_while_report_loads_is_one_line_and_exit_130(tmp_path, finished_run):
    done = _python_interrupted(tmp_path, "import", ["report", str(finished_run), "--out", str(tmp_path / "rep")])
    assert done.returncode == 130, done.stderr
    assert done.stderr.strip() == "playout: interrupted before anything started; nothing was written"
    assert not (tmp_path / "rep").exists()


def test_ctrl_c_as_report_exits_is_not_a_traceback(tmp_path, finished_run):
    done = _python_interrupted(tmp_path, "exit", ["report", str(finished_run), "--out", str(tmp_path / "rep")])
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert (tmp_path / "rep" / "report.html").exists()


def test_ctrl_c_while_report_writes_says_what_it_left(tmp_path, finished_run, capsys, monkeypatch):
    import reports.writers.report

    def interrupted(*args):
        raise cli.Interrupted("interrupted")  # what main's SIGINT handler raises

    monkeypatch.setattr(reports.writers.report, "draw_figures", interrupted)  # the CSV tables are written by then
    out = tmp_path / "rep"
    line = _exits(capsys, 130, "report", finished_run, "--out", out)
    assert line == f"playout: interrupted; {out} holds an unfinished report: rerun the same command to write it"


# ---------------------------------------------------------------- 2. a full disk is not bad input


def test_a_full_disk_while_creating_the_output_is_exit_1_naming_the_path(tmp_path, finished_run, capsys, monkeypatch):
    def full(self, *args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device", str(self))

    monkeypatch.setattr(Path, "mkdir", full)
    out = tmp_path / "new" / "rep"
    line = _exits(capsys, 1, "report", finished_run, "--out", out)
    assert str(out) in line and "No space left on device" in line
    assert not (tmp_path / "new").exists()


def test_a_read_only_location_found_while_creating_stays_bad_input(tmp_path, finished_run, capsys, monkeypatch):
    def refused(self, *args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied", str(self))

    monkeypatch.setattr(Path, "mkdir", refused)
    assert "Permission denied" in _exits(capsys, 2, "report", finished_run, "--out", tmp_path / "new")


# ---------------------------------------------------------------- 3. a directory where a part belongs


@pytest.mark.parametrize("where", [part_path, part_record_path])
@pytest.mark.parametrize("chunk", [0, 1])  # a finished chunk's part, and an unfinished chunk's
def test_a_directory_where_a_part_belongs_is_removed_and_played_again(tmp_path, where, chunk):
    out = tmp_path / "r"
    recipe = _stopped_run(out)
    spot = where(out, chunk)
    spot.unlink(missing_ok=True)
    (spot / "inside").mkdir(parents=True)
    main(_resume_args(recipe, out))
    whole = tmp_path / "whole"
    run(recipe, whole, threads=1)
    manifest = json.loads((out / MANIFEST).read_text())
    assert manifest["results_sha256"] == json.loads((whole / MANIFEST).read_text())["results_sha256"]
    assert not (out / PARTS).exists()


# ---------------------------------------------------------------- 4, 5. what an interrupted or faulted experiment says


def _interrupt_at_call(monkeypatch, module, name: str, call: int) -> None:
    """Make module.name raise what main's SIGINT handler raises when it is called the `call`-th time."""
    real, calls = getattr(module, name), []

    def counted(*args, **kwargs):
        calls.append(1)
        if len(calls) == call:
            raise cli.Interrupted("interrupted")
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)


@pytest.mark.parametrize(
    ("argv", "kept"),
    [
        (["sweep", "yokohama", "--set", "start_money.seat0=0..1"], "1 of 2 arms"),
        (["matrix", "yokohama", "--strategies", "greedy,random", "--players", "2"], "1 of 2 arms"),
        (["robustness", "yokohama", "-p", "greedy*2", "-p", "random*2"], "1 of 2 variations"),
    ],
)
def test_ctrl_c_in_an_experiment_says_what_was_kept(tmp_path, capsys, monkeypatch, argv, kept):
    import sim.store

    _interrupt_at_call(monkeypatch, sim.store, "kept_run", 2)  # as the second arm or variation starts
    out = tmp_path / "x"
    line = _exits(capsys, 130, *argv, "-n", 8, "--threads", 1, "--out", out)
    assert line == f"playout: interrupted; kept {kept} in {out}: {GO_ON}"
    assert "--resume" not in line


def test_ctrl_c_before_an_experiment_kept_anything_says_so(tmp_path, capsys, monkeypatch):
    import sim.store

    _interrupt_at_call(monkeypatch, sim.store, "kept_run", 1)
    line = _exits(capsys, 130, "sweep", "yokohama", "--set", "start_money.seat0=0..1", "-n", 8, "--out", tmp_path / "x")
    assert line == "playout: interrupted before any arm finished; nothing was kept"


def test_a_fault_in_an_experiment_does_not_tell_the_user_to_add_resume(tmp_path, monkeypatch):
    # an experiment's arms are kept runs (sim/store.py) that resume by themselves: --resume is not one of its
    # options, so a fault says to rerun the same command
    import sim.results
    from sim.errors import WriteError
    from sim.store import kept_run

    real, calls = sim.results.write_part, []

    def full_on_the_second(*args):
        calls.append(1)
        if len(calls) == 2:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(*args)

    monkeypatch.setattr(sim.results, "write_part", full_on_the_second)
    with pytest.raises(WriteError) as e:
        kept_run(Recipe("yokohama", ["greedy", "random"], 3, 60, 20), tmp_path / "arm", threads=1)
    assert "No space left on device" in str(e.value) and "--resume" not in str(e.value)
    assert str(e.value).endswith(f"1 finished chunk(s) kept in {tmp_path / 'arm'}: {GO_ON}")


def test_two_data_directories_with_the_same_contents_are_one_variation(tmp_path, capsys):
    for name in ("a", "b"):
        (tmp_path / name / "alt").mkdir(parents=True)
        shutil.copy(game_data_dir("yokohama") / "orders.csv", tmp_path / name / "alt")
    line = _exits(capsys, 2, "robustness", "yokohama", "--data", tmp_path / "a" / "alt", "--data",
                  tmp_path / "b" / "alt", "-n", 4)  # fmt: skip
    assert "twice" in line and str(tmp_path / "a" / "alt") in line and str(tmp_path / "b" / "alt") in line


def _default_weight_code(game: str, strategy: str) -> str:
    """`strategy` with its first weight written out at the value it already has (the same bot, another name)."""
    from sim.registry import get_game

    book = get_game(game).strategies
    player = book.player(strategy)
    weight = next(w for w in book.weights if not w.only and not w.choices)
    return f"{strategy}:{weight.name}={player.weights[book.weights.index(weight)]:g}"


def test_one_bot_under_two_names_is_one_variation(capsys):
    other = _default_weight_code("yokohama", "greedy")
    line = _exits(capsys, 2, "robustness", "yokohama", "-p", "greedy*2", "-p", f"{other}*2", "-n", 4)
    assert "twice" in line


# ---------------------------------------------------------------- 6. a resume refused for another --chunk


def test_a_resume_refused_for_another_chunk_names_both_chunks(tmp_path, capsys):
    out = tmp_path / "r"
    recipe = _stopped_run(out)
    argv = _resume_args(recipe, out)
    argv[argv.index("--chunk") + 1] = "10"
    line = _exits(capsys, 2, *argv)
    assert "--chunk 20 there, 10 now" in line


# ---------------------------------------------------------------- 7. the file that is wrong; inert options


def test_a_short_lagranja_cards_file_is_named_not_the_builtin_helpers(tmp_path):
    from sim.errors import DataError
    from sim.registry import get_game

    lines = (game_data_dir("lagranja") / "cards.csv").read_text(encoding="utf-8").splitlines()
    (tmp_path / "cards.csv").write_text("\n".join(lines[:-1]) + "\n", encoding="utf-8")  # the last card dropped
    with pytest.raises(DataError) as e:
        get_game("lagranja").load_data(str(tmp_path))
    assert str(e.value).startswith(f"{tmp_path / 'cards.csv'}: ")


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["value", "yokohama", "--set", "experiment.give_tech=3"], "sets this knob itself"),
        (["value", "yokohama", "--set", "experiment.remove_tech=3"], "sets this knob itself"),
        (["sweep", "yokohama", "--set", "experiment.give_tech_seat=0..3"], "would change nothing"),
        (["run", "yokohama", "--set", "experiment.give_tech_seat=1"], "would change nothing"),
        (
            [
                "robustness",
                "yokohama",
                "-q",
                "card-value",
                "--set",
                "experiment.give_tech=2",
                "-p",
                "greedy*4",
                "-p",
                "random*4",
            ],
            "sets this knob itself",
        ),  # fmt: skip
        (["matrix", "yokohama", "--strategies", "greedy,random,GREEDY_DEFAULT"], "one bot twice"),
        (["run", "yokohama", "-p", "random:w_vp=2*4"], "takes no weights"),
        (["run", "yokohama", "--data", ""], "--data is empty"),
        (["value", "yokohama", "--cards", ""], "no card kind ''"),
        (["sensitivity", "yokohama", "--tables", ""], "empty entry"),
    ],
)
def test_an_option_that_could_not_act_is_refused_before_anything_is_made(tmp_path, capsys, argv, says):
    argv = [a.replace("GREEDY_DEFAULT", _default_weight_code("yokohama", "greedy")) for a in argv]
    out = tmp_path / "x"
    assert says in _exits(capsys, 2, *argv, "-n", 8, "--out", out)
    assert not out.exists()


def test_the_experiment_knobs_still_act_when_set_together():
    """Both knobs reach the kernels' parameters together: the set-up state of a game (read through the layout)
    has tech 3 (1-based: TECH_KEYS[2]) owned by the seat named, and by no other seat."""
    import numpy as np

    from sim.engine import prepare
    from sim.games.yokohama.layout import P_TECHS, STATE_SIZE
    from sim.games.yokohama.rules import init_state, pb
    from sim.rng import new_streams

    def owners(seat):
        knobs = {"experiment.give_tech": 3, "experiment.give_tech_seat": seat}
        prep = prepare(Recipe("yokohama", ["greedy"] * 2, 1, 4, 4, knobs))
        s = np.zeros(STATE_SIZE, np.int32)
        init_state(s, prep.data.array, prep.params, 2, new_streams(1, 0))
        return [p for p in range(2) if (s[pb(p) + P_TECHS] >> 2) & 1]

    assert owners(1) == [1] and owners(0) == [0]


# ---------------------------------------------------------------- 8. a killed writer's temporary files


def test_a_killed_writers_temporary_files_are_removed_at_the_next_start(tmp_path):
    out = tmp_path / "r"
    recipe = _stopped_run(out)
    merging = out / f".{GAMES_FILE}.4242.0a1b2c3d.tmp"  # kill -9 during the merge leaves this
    writing = out / PARTS / ".part-000001.parquet.4242.deadbeef.tmp"  # ... and during a part's write, this
    mine = out / "notes.tmp"  # not a temporary file of playout's: left alone
    for path in (merging, writing, mine):
        path.write_bytes(b"partial")
    main(_resume_args(recipe, out))
    assert (out / GAMES_FILE).exists()
    assert not merging.exists() and not writing.exists()
    assert mine.read_bytes() == b"partial"
