"""`playout learn` keeps what it made as the keyed, verified store keeps answers (issue 48): a resume made by other
code, rules, data or settings is refused in one line; a kept sample part, generation model or model.json that was
damaged or edited is made again, never read; a learn interrupted at any point (Ctrl-C in its first generation, a
kill -9 in the middle of a write, a full disk) resumes to the model an uninterrupted learn writes; its sizes are
bounded and refused before anything is written. Yokohama, 40 sampling games a generation in chunks of 20."""

from __future__ import annotations

import errno
import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import polars as pl
import pytest

import cli
from cli import main
from reports.training import learn as ln
from tests.cli_checks import fails

ROOT = Path(cli.__file__).parent
GAME = "yokohama"
ARGS = ["learn", GAME, "--games", "40", "--generations", "2", "--eval-games", "8", "--seed", "3", "-t", "1"]
CHUNK = 20  # two sample chunks a generation


def exits(capsys, code: int, *argv) -> str:
    with pytest.raises(SystemExit) as e:
        main([str(a) for a in argv])
    err = capsys.readouterr().err.strip()
    assert e.value.code == code, err
    assert "\n" not in err and "Traceback" not in err, err
    return err


def learns(out: Path, *extra, capsys=None) -> str:
    """Run the small learn into out; exit code 0; its stderr (the warnings)."""
    try:
        main([*ARGS, "--out", str(out), *extra])
    except SystemExit as e:
        err = capsys.readouterr().err if capsys else ""
        raise AssertionError(f"exit {e.code}: {err}") from None
    return capsys.readouterr().err if capsys else ""


def the_model(out: Path) -> dict:
    """What a learn decides: model.json without its seal and the command that made it."""
    doc = json.loads((out / "model.json").read_text())
    return {k: v for k, v in doc.items() if k not in ("content_sha256",)}


@pytest.fixture(autouse=True)
def small_chunks(monkeypatch):
    monkeypatch.setattr(ln, "CHUNK", CHUNK)


@pytest.fixture(scope="module")
def whole(tmp_path_factory) -> Path:
    """An uninterrupted learn, the reference every interrupted one must end at."""
    out = tmp_path_factory.mktemp("whole") / "l"
    mp = pytest.MonkeyPatch()
    mp.setattr(ln, "CHUNK", CHUNK)
    try:
        main([*ARGS, "--out", str(out)])
    finally:
        mp.undo()
    return out


def same_model(out: Path, whole: Path) -> None:
    a, b = the_model(out), the_model(whole)
    for doc in (a, b):  # each records the --out it was told, and its own learn's key
        doc.pop("command"), doc.pop("learn_key")
    assert a == b


def interrupt_at(monkeypatch, module, name: str, call: int) -> None:
    real, calls = getattr(module, name), []

    def counted(*args, **kwargs):
        calls.append(1)
        if len(calls) == call:
            raise cli.Interrupted("interrupted")
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)


# ---------------------------------------------------------------- interrupted, then resumed


def test_a_learn_interrupted_in_its_first_generation_resumes_to_the_uninterrupted_model(tmp_path, capsys, whole):
    out = tmp_path / "l"
    with monkeypatch_context() as mp:
        interrupt_at(mp, ln, "sample_range", 2)  # as the second chunk of generation 0 starts
        line = exits(capsys, 130, *ARGS, "--out", out)
    assert line == (f"playout: interrupted; kept 1 of 4 sample chunks and 0 of 2 judged generations in {out}: "
                    "rerun with --resume to go on")  # fmt: skip
    assert "--resume" in fails(capsys, *ARGS, "--out", out)  # a plain rerun says how to go on
    learns(out, "--resume", capsys=capsys)
    same_model(out, whole)


def test_a_learn_killed_while_writing_a_sample_part_resumes_to_the_uninterrupted_model(tmp_path, capsys, whole):
    """kill -9 in the middle of writing generation 0's second part: a temporary file is left half written."""
    out = tmp_path / "l"
    script = tmp_path / "killed.py"
    script.write_text(
        textwrap.dedent(f"""
        import os, signal, sys
        sys.path.insert(0, {str(ROOT)!r})
        from reports.training import learn as ln
        ln.CHUNK = {CHUNK}
        real, calls = ln.atomic_write_bytes, []

        def killed(path, data):
            calls.append(path)
            if len(calls) == 2:  # generation 0's second sample part
                tmp = path.with_name(f".{{path.name}}.{{os.getpid()}}.0123abcd.tmp")
                tmp.write_bytes(data[: len(data) // 2])
                os.kill(os.getpid(), signal.SIGKILL)
            return real(path, data)

        ln.atomic_write_bytes = killed
        from cli import main
        main({[*ARGS, "--out", str(out)]!r})
    """)
    )
    done = subprocess.run([sys.executable, str(script)], cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert done.returncode == -9, done.stderr
    assert any(p.name.endswith(".tmp") for p in (out / "samples").iterdir())
    learns(out, "--resume", capsys=capsys)
    same_model(out, whole)
    assert not [p for p in (out / "samples").iterdir() if p.name.endswith(".tmp")]


def test_a_full_disk_during_learn_is_exit_1_naming_the_file_and_the_learn_resumes(tmp_path, capsys, whole):
    from sim.output import atomic_write

    out = tmp_path / "l"
    real, calls = ln.atomic_write_bytes, []

    def full(path, data):
        calls.append(path)
        if len(calls) == 2:  # generation 0's second sample part

            def write(f):
                raise OSError(errno.ENOSPC, "No space left on device")

            return atomic_write(path, write)
        return real(path, data)

    with monkeypatch_context() as mp:
        mp.setattr(ln, "atomic_write_bytes", full)
        line = exits(capsys, 1, *ARGS, "--out", out)
    part = out / "samples" / "gen0-00001.parquet"
    assert f"cannot write {part} (No space left on device)" in line and "rerun with --resume" in line, line
    learns(out, "--resume", capsys=capsys)  # the folder is not refused after the fault
    same_model(out, whole)


# ---------------------------------------------------------------- what is kept is checked


def copy_of(whole: Path, tmp_path: Path) -> Path:
    out = tmp_path / "l"
    shutil.copytree(whole, out)
    return out


def test_a_hand_edited_sample_part_is_sampled_again_not_read(tmp_path, capsys, whole):
    out = copy_of(whole, tmp_path)
    part = out / "samples" / "gen0-00000.parquet"
    frame = pl.read_parquet(part)
    frame.with_columns(pl.lit(1.0).alias("win")).write_parquet(part)  # every position won: a poisoned fit
    (out / "models" / "gen0.json").unlink()  # so the generation is fitted again, from the samples
    err = learns(out, "--resume", capsys=capsys)
    assert f"{part}: its bytes do not match its record" in err and "playing it again" in err, err
    assert pl.read_parquet(part).equals(pl.read_parquet(whole / "samples" / "gen0-00000.parquet"))
    same_model(out, whole)


@pytest.mark.parametrize("name", ["models/gen0.json", "model.json", "generations.json"])
def test_a_hand_edited_model_or_judgement_is_made_again_not_read(tmp_path, capsys, whole, name):
    out = copy_of(whole, tmp_path)
    doc = json.loads((out / name).read_text())
    if "coef" in doc:
        doc["coef"][0] += 1.0
    else:
        doc["generations"][0]["win_vs_greedy"] = 0.99
    (out / name).write_text(json.dumps(doc))
    err = learns(out, "--resume", capsys=capsys)
    assert f"{out / name} was changed after playout wrote it" in err, err
    same_model(out, whole)


def test_a_learn_resumed_under_other_code_or_settings_is_refused_in_one_line(tmp_path, capsys, monkeypatch):
    out = tmp_path / "l"
    interrupt_at(monkeypatch, ln, "sample_range", 1)
    exits(capsys, 130, *ARGS, "--out", out)
    monkeypatch.undo()
    monkeypatch.setattr(ln, "CHUNK", CHUNK)
    line = fails(capsys, *ARGS[:3], "41", *ARGS[4:], "--out", out, "--resume")
    assert "other settings (--games 40 there, 41 now)" in line
    import sim.engine

    monkeypatch.setattr(sim.engine, "code_fingerprint", lambda: "0123456789abcdef")
    line = fails(capsys, *ARGS, "--out", out, "--resume")
    assert "made by other code (code_fingerprint" in line and "0123456789abcdef now" in line


def test_a_learn_resumed_after_its_data_files_changed_is_refused(tmp_path, capsys, monkeypatch):
    from sim.datafiles import game_data_dir

    data = tmp_path / "data"
    shutil.copytree(game_data_dir(GAME), data)
    out = tmp_path / "l"
    interrupt_at(monkeypatch, ln, "sample_range", 1)
    exits(capsys, 130, *ARGS, "--data", data, "--out", out)
    orders = data / "orders.csv"
    assert "\n1,0,0,2,1,uk,4," in orders.read_text()
    orders.write_text(orders.read_text().replace("\n1,0,0,2,1,uk,4,", "\n1,0,0,2,1,uk,5,"))  # order 1 worth 5 VP
    monkeypatch.undo()
    monkeypatch.setattr(ln, "CHUNK", CHUNK)
    line = fails(capsys, *ARGS, "--data", data, "--out", out, "--resume")
    assert "made by other data (data_fingerprint" in line, line


def test_an_edited_learn_record_is_refused_in_one_line(tmp_path, capsys, monkeypatch):
    out = tmp_path / "l"
    interrupt_at(monkeypatch, ln, "sample_range", 1)
    exits(capsys, 130, *ARGS, "--out", out)
    doc = json.loads((out / "learn.json").read_text())
    doc["identity"]["settings"]["games"] = 41
    (out / "learn.json").write_text(json.dumps(doc))
    monkeypatch.undo()
    assert "was changed after playout wrote it" in fails(capsys, *ARGS, "--out", out, "--resume")


# ---------------------------------------------------------------- bad input, refused before anything is written


@pytest.mark.parametrize(
    ("extra", "says"),
    [
        (["--games", str(10**13)], "at most"),
        (["--games", "200000000", "--generations", "3"], "GiB of memory"),
        (["--eval-games", str(2**62)], "--eval-games"),
        (["--eval-games", str(10**15)], "GiB of memory"),
        (["--generations", str(10**12)], "at most"),
        (["--players", ""], "--players is empty"),
        (["--players", " "], "--players is empty"),
        (["--proposer", ""], "--proposer is empty"),
        (["--players", "learned@nosuch.json,greedy*3"], "nosuch.json"),
        (["--players", "mcts:iters=2.5,greedy*3"], "iters must be a whole number"),
    ],
)
def test_a_learn_of_impossible_sizes_or_empty_options_is_refused_before_anything_is_written(
    tmp_path, capsys, extra, says
):
    out = tmp_path / "l"
    assert says in fails(capsys, "learn", GAME, *extra, "--out", out)
    assert not out.exists()


class monkeypatch_context:  # noqa: N801  (a with-block MonkeyPatch, undone on leaving)
    def __enter__(self):
        self.mp = pytest.MonkeyPatch()
        return self.mp

    def __exit__(self, *exc):
        self.mp.undo()
        return False
