"""A run's results are never silently wrong: a resume across changed code is refused; a damaged, swapped,
duplicated or foreign part is named and played again, never merged; writes are durable before they are
renamed, and parts go only after the table and the complete manifest are on disk; two commands cannot
share an --out; files get the user's umask; compile time is reported apart from play."""

from __future__ import annotations

import json
import os
import re
import shutil
import stat

import polars as pl
import pytest

from sim import engine, kernel_cache
from sim.engine import Recipe, run
from sim.errors import ParamError, RunDirError, WriteError
from sim.output import LOCK_FILE, OutputDir
from sim.results import PARTS, part_path, part_record_path

RECIPE = Recipe("yokohama", ["greedy", "random", "random"], seed=3, n=240, chunk=40)


class Stop(KeyboardInterrupt):
    pass


def interrupt_after(chunks, then=None):
    seen = []

    def on_chunk(count):
        seen.append(count)
        if then:
            then(len(seen))
        if len(seen) == chunks:
            raise Stop

    return on_chunk


@pytest.fixture(scope="module")
def whole(tmp_path_factory):
    """The uninterrupted run every repaired run must equal, byte for byte."""
    out = tmp_path_factory.mktemp("whole") / "r"
    run(RECIPE, out, threads=2)
    return out


@pytest.fixture()
def cut(tmp_path):
    """The same run stopped after 4 of its 6 chunks."""
    out = tmp_path / "cut"
    with pytest.raises(Stop):
        run(RECIPE, out, threads=2, on_chunk=interrupt_after(4))
    return out


def resume_collecting_warnings(out):
    warnings = []
    manifest = run(RECIPE, out, threads=2, resume=True, on_warning=warnings.append)
    return manifest, warnings


def assert_same_table(out, whole):
    assert (out / "games.parquet").read_bytes() == (whole / "games.parquet").read_bytes()
    assert json.loads((out / "manifest.json").read_text())["status"] == "complete"


# ---------------------------------------------------------------- resume across changed code


def test_resume_refuses_a_run_played_by_other_code(cut, monkeypatch):
    monkeypatch.setattr(engine, "code_fingerprint", lambda: "0123456789abcdef")  # as after an edit
    with pytest.raises(RunDirError, match="other code"):
        run(RECIPE, cut, threads=2, resume=True)
    assert json.loads((cut / "manifest.json").read_text())["status"] == "running"


def test_the_code_fingerprint_changes_with_a_bots_preset_weight(tmp_path, monkeypatch):
    root = kernel_cache._ROOT
    for package in ("sim", "strategies"):
        shutil.copytree(root / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(kernel_cache, "_ROOT", tmp_path)
    before = kernel_cache.code_fingerprint.__wrapped__()
    preset = tmp_path / "strategies" / "yokohama" / "__init__.py"
    text = preset.read_text()
    changed, count = re.subn(r'("w_\w+": )(\d+(?:\.\d+)?)', lambda m: f"{m[1]}{float(m[2]) + 0.1}", text, count=1)
    assert count == 1  # one archetype's preset weight, moved by 0.1
    preset.write_text(changed)
    assert kernel_cache.code_fingerprint.__wrapped__() != before
    results = tmp_path / "sim" / "results.py"  # not a kernel, but it decides the rows
    preset.write_text(text)
    assert kernel_cache.code_fingerprint.__wrapped__() == before
    results.write_text(results.read_text() + "\n# an edit\n")
    assert kernel_cache.code_fingerprint.__wrapped__() != before


def test_the_manifest_records_the_code_fingerprint(whole):
    manifest = json.loads((whole / "manifest.json").read_text())
    assert manifest["code_fingerprint"] == kernel_cache.code_fingerprint()


# ---------------------------------------------------------------- damaged, swapped, duplicated, foreign parts


def flip(path, offset, mask=0xFF):
    data = bytearray(path.read_bytes())
    data[offset % len(data)] ^= mask
    path.write_bytes(bytes(data))


def test_resume_replays_a_part_with_flipped_bytes(cut, whole):
    part = part_path(cut, 1)
    data = bytearray(part.read_bytes())
    data[len(data) // 3 : len(data) // 3 + 400] = bytes(b ^ 0x5A for b in data[len(data) // 3 : len(data) // 3 + 400])
    part.write_bytes(bytes(data))
    manifest, warnings = resume_collecting_warnings(cut)
    assert len(warnings) == 1 and "part-000001.parquet is damaged" in warnings[0]
    assert manifest["games_played_this_session"] == 120  # chunk 1 again, and the two never played
    assert_same_table(cut, whole)


def test_resume_replays_a_part_with_one_flipped_bit(cut, whole):
    flip(part_path(cut, 2), len(part_path(cut, 2).read_bytes()) // 2, 0x01)
    _, warnings = resume_collecting_warnings(cut)
    assert len(warnings) == 1 and "part-000002.parquet is damaged" in warnings[0]
    assert_same_table(cut, whole)


def test_resume_replays_a_part_copied_over_another(cut, whole):
    shutil.copy(part_path(cut, 0), part_path(cut, 3))  # chunk 0's games twice, chunk 3's missing
    _, warnings = resume_collecting_warnings(cut)
    assert len(warnings) == 1 and "part-000003.parquet" in warnings[0]
    assert_same_table(cut, whole)


def test_resume_replays_a_part_copied_with_its_record(cut, whole):
    for path in (part_path, part_record_path):
        shutil.copy(path(cut, 0), path(cut, 2))
    _, warnings = resume_collecting_warnings(cut)
    assert len(warnings) == 1 and "holds games 0+40, not chunk 2" in warnings[0]
    assert_same_table(cut, whole)


def test_resume_replays_a_part_of_another_run(cut, whole, tmp_path):
    other = tmp_path / "other"
    with pytest.raises(Stop):
        run(Recipe("yokohama", ["greedy", "random", "random"], 4, 240, 40), other, threads=2,
            on_chunk=interrupt_after(1))  # fmt: skip
    for path in (part_path, part_record_path):
        shutil.copy(path(other, 0), path(cut, 0))
    _, warnings = resume_collecting_warnings(cut)
    assert len(warnings) == 1 and "belongs to another run" in warnings[0]
    assert_same_table(cut, whole)


def test_a_part_without_its_record_is_an_unfinished_chunk(cut, whole):
    part_record_path(cut, 3).unlink()
    _, warnings = resume_collecting_warnings(cut)
    assert "was not finished" in warnings[0]
    assert_same_table(cut, whole)


def test_a_part_damaged_before_the_merge_is_named_and_never_merged(tmp_path, whole):
    out = tmp_path / "r"

    def damage_first_part(written):
        if written == 6:  # every chunk played; the merge comes next
            flip(part_path(out, 0), 1000)

    with pytest.raises(WriteError, match=r"part-000000.parquet is damaged.*--resume"):
        run(RECIPE, out, threads=2, on_chunk=interrupt_after(99, damage_first_part))
    assert not (out / "games.parquet").exists()
    assert json.loads((out / "manifest.json").read_text())["status"] == "running"
    _, warnings = resume_collecting_warnings(out)
    assert "part-000000.parquet is damaged" in warnings[0]
    assert_same_table(out, whole)


# ---------------------------------------------------------------- durable writes, clean-up order


def test_every_file_is_flushed_before_its_rename_and_parts_go_last(tmp_path, monkeypatch):
    events = []
    real_fsync, real_replace, real_unlink = os.fsync, os.replace, os.unlink

    def fsync(fd):
        target = os.readlink(f"/proc/self/fd/{fd}")
        events.append(("fsync", target))
        return real_fsync(fd)

    def replace(src, dst):
        events.append(("replace", str(src), str(dst)))
        return real_replace(src, dst)

    def unlink(path, *args, **kwargs):
        events.append(("unlink", str(path)))
        return real_unlink(path, *args, **kwargs)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    monkeypatch.setattr(os, "unlink", unlink)
    out = tmp_path / "r"
    run(RECIPE, out, threads=2)
    for i, event in enumerate(events):
        if event[0] == "replace":
            assert ("fsync", event[1]) in events[:i], f"{event[2]} renamed before its bytes were flushed"
            assert ("fsync", str(out if "parts" not in event[2] else out / PARTS)) in events[i + 1 :]
    replaced = [e[2] for e in events if e[0] == "replace"]
    complete = max(i for i, e in enumerate(events) if e[0] == "replace" and e[2] == str(out / "manifest.json"))
    first_part_removed = min(i for i, e in enumerate(events) if e[0] == "unlink" and "/parts/" in e[1])
    assert replaced.index(str(out / "games.parquet")) < len(replaced) - 1
    assert complete < first_part_removed
    assert ("fsync", str(out)) in events[complete:first_part_removed]


# ---------------------------------------------------------------- one writer per --out; the umask


def test_a_second_command_cannot_write_into_a_locked_out(tmp_path):
    out = tmp_path / "r"
    with OutputDir(out), pytest.raises(RunDirError, match="in use by another playout command"):
        run(RECIPE, out, threads=2)
    assert not (out / "manifest.json").exists()
    run(RECIPE, out, threads=2)  # free again once the first has finished
    assert (out / "games.parquet").exists()


@pytest.mark.parametrize("mask", [0o022, 0o002, 0o077])
def test_files_are_created_with_the_users_umask(tmp_path, mask):
    old = os.umask(mask)
    try:
        out = tmp_path / "r"
        run(RECIPE, out, threads=2)
    finally:
        os.umask(old)
    for name in ("games.parquet", "manifest.json", LOCK_FILE):
        assert stat.S_IMODE((out / name).stat().st_mode) == 0o666 & ~mask, name
    assert stat.S_IMODE(out.stat().st_mode) == 0o777 & ~mask


# ---------------------------------------------------------------- nothing is left by a run that never started


def test_a_run_failing_before_its_first_chunk_leaves_nothing_behind(tmp_path, monkeypatch):
    out = tmp_path / "new" / "r"

    def broken_compile(prep, traced=False):
        raise KeyboardInterrupt

    monkeypatch.setattr(engine, "compile_kernels", broken_compile)
    with pytest.raises(KeyboardInterrupt):
        run(RECIPE, out, threads=2)
    assert not (tmp_path / "new").exists()


def test_an_unreachable_cluster_creates_nothing(tmp_path):
    pytest.importorskip("dask.distributed")
    out = tmp_path / "r"
    with pytest.raises(ParamError, match="no scheduler answers"):
        run(RECIPE, out, cluster="tcp://127.0.0.1:9")
    assert not out.exists()


# ---------------------------------------------------------------- compile apart from play


def test_compile_is_reported_apart_and_the_rate_counts_this_sessions_games(cut):
    phases = []
    manifest = run(RECIPE, cut, threads=2, resume=True, on_compile=phases.append,
                   on_chunk=lambda n: phases.append(n))  # fmt: skip
    assert phases == [True, False, 40, 40]  # the compile comes before the first chunk
    assert manifest["games_played_this_session"] == 80 and manifest["n"] == 240
    assert manifest["compile_seconds"] >= 0 and manifest["play_seconds"] > 0
    assert manifest["games_per_second"] == pytest.approx(80 / manifest["play_seconds"], rel=0.01)
    assert manifest["wall_seconds"] >= manifest["play_seconds"] + manifest["compile_seconds"]


def test_the_progress_bar_says_compiling_and_times_the_rate_from_the_end_of_the_compile():
    from commands.console import progress

    bar, advance = progress(100, "yokohama (3p)", terminal=True)
    advance.compiling(True)
    assert bar.tasks[0].description == "yokohama (3p): compiling kernels..."
    advance.compiling(False)
    assert bar.tasks[0].description == "yokohama (3p)"


def test_progress_in_a_log_is_a_line_with_the_rate_and_eta_not_a_silent_bar(capsys):
    from commands.console import progress

    bar, advance = progress(100, "yokohama (3p)", terminal=False, every=0.0)
    with bar:
        advance.skip(20)  # a resumed run's kept games: counted, not in the rate
        advance.compiling(True)
        advance.compiling(False)
        advance(30)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "yokohama (3p): 20/100 games (20%)"  # no rate: none of them was played here
    assert lines[1] == "yokohama (3p): compiling kernels..."
    assert lines[2].startswith("yokohama (3p): 50/100 games (50%), ") and "games/s" in lines[2] and "ETA" in lines[2]
    assert lines[-1].startswith("yokohama (3p): 50/100 games (50%)")


def test_a_finished_run_resumed_plays_nothing_and_says_so(whole, tmp_path):
    out = tmp_path / "done"
    shutil.copytree(whole, out)
    again = run(RECIPE, out, threads=2, resume=True)
    assert again["games_played_this_session"] == 0 and again["games_per_second"] is None
    assert pl.read_parquet(out / "games.parquet").height == 240
