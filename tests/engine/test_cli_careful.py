"""Every command as careful as `run`: each bad input is one line on stderr with exit code 2 and creates
nothing; a fault while writing is one line with exit code 1 (a run keeps its finished chunks and resumes);
Ctrl-C says what was kept; never a traceback."""

from __future__ import annotations

import csv
import errno
import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import polars as pl
import pytest

from cli import main
from sim.games.yokohama.tables import BUILTIN
from sim.output import OutputDir
from sim.regression import BASELINE_DIR
from sim.results import PARTS

TOO_BIG = [str(2**64), str(2**63), "-1"]


def fails(capsys, *argv, code=2) -> str:
    with pytest.raises(SystemExit) as e:
        main([str(a) for a in argv])
    err = capsys.readouterr().err.strip()
    assert e.value.code == code, err
    assert err.startswith("playout: ") and "\n" not in err and "Traceback" not in err, err
    return err


def listing(path: Path) -> list[str]:
    return sorted(str(p.relative_to(path)) for p in path.rglob("*"))


@pytest.fixture()
def empty(tmp_path, monkeypatch):
    """An empty working directory: the default output locations land here, so 'nothing created' shows."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def writing_commands(out: str) -> dict[str, list[str]]:
    return {
        "run": ["run", "yokohama", "-n", "4", "--players", "random*2", "--out", out, "-q"],
        "sweep": ["sweep", "yokohama", "--set", "start_money.seat0=0..1", "-n", "4", "--players", "random*2",
                  "--out", out],
        "value": ["value", "yokohama", "--only", "ball", "-n", "4", "--players", "random*2", "--out", out],
        "matrix": ["matrix", "yokohama", "-n", "4", "--players", "2", "--out", out],
        "stats": ["stats", "yokohama", "-n", "2", "--players", "random*2", "--csv", out],
    }  # fmt: skip


# ---------------------------------------------------------------- seeds and game indices


SEEDED = {
    "run": ["run", "yokohama", "-n", "3", "--out", "r"],
    "show": ["show", "yokohama"],
    "sweep": ["sweep", "yokohama", "--set", "start_money.seat0=0..1", "-n", "4"],
    "value": ["value", "yokohama", "--only", "ball", "-n", "4"],
    "matrix": ["matrix", "yokohama", "-n", "4"],
    "stats": ["stats", "yokohama", "-n", "2"],
    "regress --add": ["regress", "yokohama", "--add", "never", "-n", "3"],
}


@pytest.mark.parametrize("command", SEEDED)
@pytest.mark.parametrize("seed", TOO_BIG)
def test_a_seed_outside_0_to_2_63_is_refused_by_every_command(capsys, empty, command, seed):
    assert "out of range" in fails(capsys, *SEEDED[command], "--seed", seed)
    assert listing(empty) == [] and not (BASELINE_DIR / "yokohama" / "never.json").exists()


@pytest.mark.parametrize("index", [str(2**70), str(2**63), "-1"])
def test_show_refuses_a_game_index_outside_0_to_2_63(capsys, index):
    assert "--game" in fails(capsys, "show", "yokohama", "--game", index)


def test_the_largest_seed_and_game_index_are_played(capsys, empty):
    top = str(2**63 - 1)
    main(["run", "yokohama", "-n", "2", "--players", "random*2", "--seed", top, "--out", "r", "-q"])
    assert pl.read_parquet(empty / "r" / "games.parquet")["seed"].to_list() == [2**63 - 1] * 2
    main(["show", "yokohama", "--players", "random*2", "--seed", top, "--game", top])
    assert f"seed {top}, game {top}" in capsys.readouterr().out


def test_a_run_past_the_last_game_index_is_refused(capsys, empty):
    assert "last game index" in fails(capsys, "run", "yokohama", "-n", str(2**70), "--out", "r")
    assert listing(empty) == []


# ---------------------------------------------------------------- sizes checked before anything is allocated


@pytest.mark.parametrize("command", ["run", "show", "stats", "sweep", "value"])
def test_a_repeat_count_is_checked_before_it_is_expanded(capsys, empty, command):
    assert "gives 1000000000" in fails(capsys, *SEEDED[command], "--players", "greedy*1000000000")
    assert listing(empty) == []


def test_matrix_checks_its_repeat_counts_too(capsys):
    assert "names 1000000001" in fails(capsys, "matrix", "yokohama", "--strategies", "greedy*1000000000,random")


@pytest.mark.parametrize(
    "argv",
    [
        ["stats", "yokohama", "-n", "100000000000"],
        ["sweep", "yokohama", "--set", "start_money.seat0=0..8", "-n", str(10**12)],
        ["value", "yokohama", "-n", str(10**12)],
        ["matrix", "yokohama", "-n", str(10**12)],
    ],
    ids=["stats", "sweep", "value", "matrix"],
)
def test_work_that_cannot_fit_in_memory_is_refused_first(capsys, empty, argv):
    assert "GiB of memory" in fails(capsys, *argv)
    assert listing(empty) == []


# ---------------------------------------------------------------- weights, empty options, knobs that cannot apply


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e999"])
def test_a_weight_that_is_not_finite_is_named(capsys, empty, value):
    err = fails(capsys, "run", "yokohama", "-n", "3", "--players", f"greedy:w_vp={value},greedy,greedy", "--out", "r")
    assert "w_vp" in err and "not a finite number" in err
    assert listing(empty) == []


@pytest.mark.parametrize(
    "argv, words",
    [
        (["run", "yokohama", "-n", "3", "--players", ""], "player list is empty"),
        (["run", "yokohama", "-n", "3", "--out", ""], "--out is empty"),
        (["sweep", "yokohama", "--set", "start_money.seat0=0..1", "-n", "4", "--out", " "], "--out is empty"),
        (["stats", "yokohama", "-n", "2", "--csv", ""], "--csv is empty"),
        (["report", "RUN", "--out", ""], "--out is empty"),
        (["matrix", "yokohama", "-n", "4", "--players", "0"], "not 0"),
        (["matrix", "yokohama", "-n", "4", "--strategies", ""], "player list is empty"),
        (["value", "yokohama", "-n", "4", "--only", ""], "--only '' has an empty entry"),
        (["value", "yokohama", "-n", "4", "--only", "ball,,tram"], "empty entry"),
    ],
    ids=["players", "run-out", "sweep-out", "stats-csv", "report-out", "matrix-players", "strategies", "only",
         "only-gap"],
)  # fmt: skip
def test_an_empty_or_zero_option_is_refused_not_replaced_by_the_default(capsys, empty, finished_run, argv, words):
    """RUN is a finished run: `report` looks at its run directory first, so a missing one would be refused
    before --out is read."""
    kept = listing(finished_run)
    assert words in fails(capsys, *[str(finished_run) if a == "RUN" else a for a in argv])
    assert listing(empty) == []
    assert listing(finished_run) == kept  # no report written to the default RUN/report


@pytest.mark.parametrize(
    "argv, words",
    [
        (["run", "yokohama", "-n", "3", "--players", "greedy*3", "--set", "start_money.seat3=5"], "about seat 3"),
        (["run", "yokohama", "-n", "3", "--players", "greedy*3", "--set", "setup.orders_boxed_2p=4"], "2-player"),
        (["run", "yokohama", "-n", "3", "--players", "greedy*3", "--set", "experiment.give_tech_seat=3"], "seats 0..2"),
        (["sweep", "yokohama", "--players", "greedy*3", "--set", "start_money.seat3=0..2", "--seat", "0", "-n", "4"],
         "about seat 3"),
        (["show", "gangsta", "--players", "greedy*2", "--set", "experiment.give_boss_seat=2"], "seats 0..1"),
        (["regress", "--baseline", str(BASELINE_DIR / "yokohama" / "mixed3.json"), "--set", "start_money.seat3=5"],
         "about seat 3"),
    ],
    ids=["seat-money", "player-count", "seat-valued", "sweep", "gangsta", "regress"],
)  # fmt: skip
def test_a_knob_that_cannot_take_effect_is_refused(capsys, empty, argv, words):
    assert words in fails(capsys, *argv)
    assert listing(empty) == []


def start_of_show(capsys, game: str, players: str, knobs: list[str]) -> tuple[dict, np.ndarray]:
    """The knobs `show --json` reports as changed, and the game's state as set up (its context line)."""
    main(["show", game, "--players", players, "--json", *[a for knob in knobs for a in ("--set", knob)]])
    context = json.loads(capsys.readouterr().out.splitlines()[0])
    assert context["type"] == "context"
    return context["knobs_changed"], np.array(context["initial_state"], dtype=np.int64)


def gangsta_money(s: np.ndarray, seat: int) -> int:
    from sim.games.gangsta.layout import P_MONEY
    from sim.games.gangsta.rules import pb

    return int(s[pb(seat) + P_MONEY])


def yokohama_money(s: np.ndarray, seat: int) -> int:
    from sim.games.yokohama.layout import P_MONEY
    from sim.games.yokohama.rules import pb

    return int(s[pb(seat) + P_MONEY])


def yokohama_orders_in_play(s: np.ndarray) -> int:
    from sim.games.yokohama.layout import G_ORDER_END

    return int(s[G_ORDER_END])  # the deck ends where the boxed cards begin


def bonus_per_seat_3(plain, changed):  # RULES.md: seat i gets the bonus i times
    assert [gangsta_money(changed, i) - gangsta_money(plain, i) for i in range(2)] == [0, 3]


def boxed_2p_10(plain, changed):  # 16 orders boxed unseen at 2 players by default (S3), 10 here: 6 more in play
    from sim.games.yokohama.params import K_ORDERS_BOXED_2P, PARAMS

    default = int(PARAMS.defaults()[K_ORDERS_BOXED_2P])
    assert yokohama_orders_in_play(changed) - yokohama_orders_in_play(plain) == default - 10


def seat2_money_6(plain, changed):  # the third seat starts with 6 yen, the others as by default
    assert [yokohama_money(changed, i) for i in range(3)] == [yokohama_money(plain, 0), yokohama_money(plain, 1), 6]
    assert yokohama_money(plain, 2) != 6


@pytest.mark.parametrize(
    "game, players, knob, effect",
    [("gangsta", "greedy*2", "start_money.bonus_per_seat=3", bonus_per_seat_3),
     ("yokohama", "greedy*2", "setup.orders_boxed_2p=10", boxed_2p_10),
     ("yokohama", "greedy*3", "start_money.seat2=6", seat2_money_6)],
    ids=["gangsta-bonus", "yokohama-boxed", "yokohama-seat2"],
)  # fmt: skip
def test_a_knob_that_does_apply_is_taken(capsys, game, players, knob, effect):
    """The knob is reported as changed and the game is set up by it: the setup differs from the default
    one by what the rule the knob sets says."""
    _, plain = start_of_show(capsys, game, players, [])
    changed_knobs, changed = start_of_show(capsys, game, players, [knob])
    key, value = knob.split("=")
    assert changed_knobs == {key: int(value)}
    effect(plain, changed)


# ---------------------------------------------------------------- output locations


def a_file(tmp: Path) -> str:
    (tmp / "taken").write_text("x")
    return str(tmp / "taken")


LOCATIONS = {
    "a file": a_file,
    "read-only": lambda tmp: "/sys/playout-cannot-write-here/out",  # read-only even for root
    "a name too long": lambda tmp: str(tmp / ("x" * 300)),
    "under a file": lambda tmp: str(Path(a_file(tmp)) / "sub"),
}


@pytest.fixture(scope="module")
def finished_run(tmp_path_factory) -> Path:
    from sim.engine import Recipe, run

    out = tmp_path_factory.mktemp("finished") / "r"
    run(Recipe("yokohama", ["greedy", "random"], 2, 60, 30), out, threads=2)
    return out


@pytest.mark.parametrize("command", ["run", "sweep", "value", "matrix", "stats", "report"])
@pytest.mark.parametrize("where", LOCATIONS)
def test_an_unusable_output_location_is_one_line_for_every_command(capsys, empty, finished_run, command, where):
    out = LOCATIONS[where](empty)
    before = listing(empty)
    argv = ["report", str(finished_run), "--out", out] if command == "report" else writing_commands(out)[command]
    err = fails(capsys, *argv)
    assert "--out" in err or "--csv" in err
    assert listing(empty) == before


@pytest.mark.parametrize("command", ["run", "sweep", "value", "matrix", "stats", "report"])
def test_an_output_in_use_by_another_command_is_refused(capsys, empty, finished_run, command):
    busy = str(empty / "busy")
    argv = ["report", str(finished_run), "--out", busy] if command == "report" else writing_commands(busy)[command]
    with OutputDir(busy):
        assert "in use by another playout command" in fails(capsys, *argv)


# ---------------------------------------------------------------- faults while writing


@pytest.fixture()
def disk_full_at(monkeypatch):
    """Make the file system full as soon as a file whose name contains `name` is flushed."""
    real = os.fsync

    def arm(name: str):
        def fsync(fd):
            if name in os.readlink(f"/proc/self/fd/{fd}"):
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            return real(fd)

        monkeypatch.setattr(os, "fsync", fsync)

    return arm


def test_a_full_disk_during_a_run_is_one_line_and_the_run_resumes(capsys, empty, disk_full_at):
    argv = ["run", "yokohama", "-n", "200", "--chunk", "40", "--players", "greedy,random", "-q"]
    disk_full_at("part-000002.parquet")
    err = fails(capsys, *argv, "--out", "r", code=1)
    assert "No space left on device" in err and "2 finished chunk(s) kept" in err and "--resume" in err
    assert len(list((empty / "r" / PARTS).glob("part-*.json"))) == 2
    disk_full_at("\0 nothing")  # space again
    main([*argv, "--out", "r", "--resume"])
    main([*argv, "--out", "clean"])
    assert (empty / "r" / "games.parquet").read_bytes() == (empty / "clean" / "games.parquet").read_bytes()


@pytest.mark.parametrize("command, file", [("sweep", "win_rates.csv"), ("value", "value.csv"),
                                           ("matrix", "ratings.csv"), ("stats", "summary.csv")])  # fmt: skip
def test_a_full_disk_while_writing_an_experiment_is_one_line(capsys, empty, disk_full_at, command, file):
    disk_full_at(file)
    err = fails(capsys, *writing_commands(str(empty / "out"))[command], code=1)
    assert file in err and "No space left on device" in err


def test_a_full_disk_while_writing_a_report_is_one_line(capsys, finished_run, disk_full_at, tmp_path):
    disk_full_at("seat_fairness.csv")
    assert "seat_fairness.csv" in fails(capsys, "report", str(finished_run), "--out", str(tmp_path / "rep"), code=1)


# ---------------------------------------------------------------- nothing created before everything is checked


@pytest.mark.parametrize(
    "extra, words",
    [(["--cluster", "lcoal"], "--cluster"), (["--players", "greedy:w_vp=nan,greedy"], "finite")],
    ids=["cluster-typo", "nan-weight"],
)
def test_a_failed_check_leaves_no_directory_and_the_corrected_rerun_starts(capsys, empty, extra, words):
    argv = ["run", "yokohama", "-n", "4", "--out", "r", "-q"]
    assert words in fails(capsys, *argv, *extra)
    assert listing(empty) == []
    main([*argv, "--players", "greedy,random"])
    assert (empty / "r" / "games.parquet").exists()


# ---------------------------------------------------------------- baselines


def broken_baselines(tmp: Path) -> dict[str, Path]:
    good = json.loads((BASELINE_DIR / "yokohama" / "mixed3.json").read_text())
    cases = {
        "seed-not-a-number": {**good, "recipe": {**good["recipe"], "seed": "eight"}},
        "seed-too-big": {**good, "recipe": {**good["recipe"], "seed": 2**64}},
        "no-seats": {k: v for k, v in good.items() if k != "seats"},
        "bad-counts": {**good, "seats": {"0": [5, 3]}},
        "a-list": [1, 2],
    }
    paths = {}
    for name, doc in cases.items():
        paths[name] = tmp / f"{name}.json"
        paths[name].write_text(json.dumps(doc))
    (tmp / "not-json.json").write_text("{")
    paths["not-json"] = tmp / "not-json.json"
    (tmp / "a-directory").mkdir()
    paths["a-directory"] = tmp / "a-directory"
    return paths


@pytest.mark.parametrize("case", ["seed-not-a-number", "seed-too-big", "no-seats", "bad-counts", "a-list",
                                  "not-json", "a-directory"])  # fmt: skip
def test_a_broken_baseline_is_named_in_one_line(capsys, tmp_path, case):
    path = broken_baselines(tmp_path)[case]
    assert str(path) in fails(capsys, "regress", "--baseline", str(path))


def test_a_baseline_name_is_a_plain_file_name(capsys):
    assert "plain file name" in fails(capsys, "regress", "yokohama", "--add", "../../outside", "-n", "3")


# ---------------------------------------------------------------- data files


def test_a_data_file_with_a_byte_order_mark_is_read(empty, capsys):
    (empty / "data").mkdir()
    (empty / "data" / "techs.csv").write_bytes(b"\xef\xbb\xbf" + (BUILTIN / "techs.csv").read_bytes())
    main(["run", "yokohama", "-n", "3", "--players", "random*2", "--data", "data", "--out", "r", "-q"])
    manifest = json.loads((empty / "r" / "manifest.json").read_text())
    from sim.games.yokohama.tables import load

    assert manifest["data_fingerprint"] == load(None).fingerprint and "techs.csv" in manifest["data_set"]


def _with_column(path: Path, column: str, value: str) -> str:
    """The text of a data file with one more column, `value` in every row (comment lines kept)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    body = list(csv.reader(x for x in lines if not x.startswith("#")))
    out = io.StringIO()
    out.writelines(x + "\n" for x in lines if x.startswith("#"))
    csv.writer(out, lineterminator="\n").writerows([body[0] + [column]] + [r + [value] for r in body[1:]])
    return out.getvalue()


def test_a_data_column_the_game_does_not_read_is_refused_with_a_did_you_mean(empty, capsys):
    # issue 48: a user correcting the orders' yen in a misspelt column "yenn" had it accepted without a word,
    # and the game went on reading the old "yen"
    (empty / "data").mkdir()
    (empty / "data" / "orders.csv").write_text(_with_column(BUILTIN / "orders.csv", "yenn", "5"), encoding="utf-8")
    err = fails(capsys, "run", "yokohama", "-n", "3", "--players", "random*2", "--data", "data", "--out", "r")
    assert "orders.csv" in err and "reads no column 'yenn' (did you mean 'yen'?)" in err
    assert listing(empty) == ["data", "data/orders.csv"]


def test_a_data_column_of_notes_is_kept_for_people_and_changes_nothing(empty, capsys):
    from sim.games.yokohama.tables import load

    (empty / "data").mkdir()
    (empty / "data" / "orders.csv").write_text(_with_column(BUILTIN / "orders.csv", "note", "seen on my box"))
    main(["run", "yokohama", "-n", "3", "--players", "random*2", "--data", "data", "--out", "r", "-q"])
    manifest = json.loads((empty / "r" / "manifest.json").read_text())
    assert manifest["data_fingerprint"] == load(None).fingerprint and "orders.csv" in manifest["data_set"]


def test_a_data_file_the_game_does_not_read_is_refused_with_a_did_you_mean(empty, capsys):
    (empty / "data").mkdir()
    shutil.copy(BUILTIN / "orders.csv", empty / "data" / "order.csv")
    err = fails(capsys, "run", "yokohama", "-n", "3", "--players", "random*2", "--data", "data", "--out", "r")
    assert "order.csv: the game reads no table of that name (did you mean 'orders.csv'?)" in err
    assert listing(empty) == ["data", "data/order.csv"]


def test_a_data_file_in_another_encoding_is_named_plainly(empty, capsys):
    (empty / "data").mkdir()
    text = (BUILTIN / "orders.csv").read_text(encoding="utf-8") + "# Café\n"
    (empty / "data" / "orders.csv").write_bytes(text.encode("latin-1"))
    err = fails(capsys, "run", "yokohama", "-n", "3", "--data", "data", "--out", "r")
    assert "orders.csv, line" in err and "not UTF-8" in err and "codec" not in err
    assert listing(empty) == ["data", "data/orders.csv"]


def test_a_misspelled_data_file_name_is_refused_with_a_suggestion(empty, capsys):
    (empty / "data").mkdir()
    shutil.copy(BUILTIN / "techs.csv", empty / "data" / "tech.csv")
    err = fails(capsys, "run", "yokohama", "-n", "3", "--data", "data", "--out", "r")
    assert "tech.csv" in err and "did you mean 'techs.csv'" in err


# ---------------------------------------------------------------- statistics that cannot be estimated


def test_a_sweep_of_one_game_per_value_says_the_fair_value_is_not_estimable(capsys, empty):
    main(["sweep", "yokohama", "--set", "start_money.seat0=0..3", "-n", "1", "--players", "random*2", "--out", "s"])
    assert "not estimable" in capsys.readouterr().out
    assert "not estimable" in (empty / "s" / "fair_value.csv").read_text()


def test_a_wide_sweep_of_few_games_answers(capsys, empty):
    """100 values of 100 games each: every value's row per seat, its wins adding up to its games (one winner a
    two-player game), the rate and its 95% Wilson interval as computed here, ¥99 more money winning more than
    none; the fair value a crossing inside the range, or none with the reason printed."""
    main(["sweep", "yokohama", "--set", "start_money.seat0=0..99", "-n", "100", "--players", "greedy*2",
          "--out", "s"])  # fmt: skip
    printed = " ".join(capsys.readouterr().out.split())
    rates = pl.read_csv(empty / "s" / "win_rates.csv", comment_prefix="#").sort("value", "seat")
    assert (
        rates["value"].to_list() == [v for v in range(100) for _ in range(2)]
        and rates["seat"].to_list() == [0, 1] * 100
    )
    assert (rates["games"] == 100).all()
    assert (rates.group_by("value").agg(pl.col("wins").sum())["wins"] == 100).all()
    n, p, z = 100, rates["wins"].to_numpy() / 100, 1.959963984540054
    centre, half = (
        (p + z**2 / (2 * n)) / (1 + z**2 / n),
        z * np.sqrt(p * (1 - p) / n + z**2 / (4 * n**2)) / (1 + z**2 / n),
    )
    assert np.allclose(rates["win_rate"], p) and np.allclose(rates["lo"], centre - half)
    assert np.allclose(rates["hi"], centre + half)
    seat0 = rates.filter(pl.col("seat") == 0)
    assert seat0["wins"][-1] > seat0["wins"][0]
    fair = pl.read_csv(empty / "s" / "fair_value.csv", comment_prefix="#").row(0, named=True)
    assert fair["knob"] == "start_money.seat0" and fair["seat"] == 0 and fair["target"] == 0.5
    if fair["method"] == "none":
        assert np.isnan(fair["fair_value"]) and " ".join(fair["message"].split()) in printed
    else:
        assert 0 <= fair["fair_value"] <= 99 and fair["lo"] <= fair["fair_value"] <= fair["hi"]


def test_a_matrix_of_one_game_per_matchup_says_the_ratings_are_not_estimable(capsys, empty):
    main(["matrix", "yokohama", "-n", "1", "--players", "2", "--out", "m"])
    ratings = pl.read_csv(empty / "m" / "ratings.csv", comment_prefix="#")
    assert ratings["fit"].str.contains("not estimable").all() and ratings["rating_logit"].is_nan().all()


# ---------------------------------------------------------------- what a run says about itself


def test_the_summary_reports_compile_and_play_apart_and_counts_only_this_sessions_games(capsys, empty):
    from sim.engine import Recipe, run

    def stop_after_one(count):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run(Recipe("yokohama", ["greedy", "random"], 1, 120, 40), empty / "r", on_chunk=stop_after_one)
    main(["run", "yokohama", "-n", "120", "--chunk", "40", "--players", "greedy,random", "--out", "r", "--resume"])
    out = " ".join(capsys.readouterr().out.split())
    assert "120 games" in out and "played 80 games in" in out and "(40 kept from before)" in out
    assert "kernels compiled or loaded in" in out
    manifest = json.loads((empty / "r" / "manifest.json").read_text())
    assert manifest["games_played_this_session"] == 80
    assert manifest["games_per_second"] == pytest.approx(80 / manifest["play_seconds"], rel=0.01)


def interrupted_at_part(tmp_path: Path, before_part: int, argv: list[str]) -> subprocess.CompletedProcess:
    """`playout ARGV` in a process that sends itself a real SIGINT as it is about to keep chunk number
    `before_part` (0 = the first), inside sim.results.write_part: the moment is fixed by the work done, not by a
    sleep, so neither a fast machine (the command done before the signal) nor a slow one (still compiling) moves
    it."""
    script = tmp_path / "interrupted.py"
    script.write_text(
        "import os, runpy, signal, sys, time\n"
        f"sys.path.insert(0, {str(Path(__file__).resolve().parents[2])!r})\n"
        "import sim.results\n"
        "real, calls = sim.results.write_part, []\n"
        "def write_part(*args, **kwargs):\n"
        "    calls.append(1)\n"
        f"    if len(calls) <= {before_part}:\n"
        "        return real(*args, **kwargs)\n"
        "    os.kill(os.getpid(), signal.SIGINT)\n"
        "    for _ in range(60000):  # bytecodes run, so the handler is called here\n"
        "        time.sleep(0.001)\n"
        "sim.results.write_part = write_part\n"
        "sys.argv = ['playout', *sys.argv[1:]]\n"
        "runpy.run_module('cli', run_name='__main__')\n"
    )
    return subprocess.run([sys.executable, str(script), *argv], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          text=True, timeout=600)  # fmt: skip


def test_ctrl_c_during_a_run_says_what_was_kept_and_how_to_resume(tmp_path):
    out = tmp_path / "r"
    argv = ["run", "yokohama", "-n", "40000", "--chunk", "200", "--players", "random*4", "--out", str(out),
            "--threads", "1"]  # fmt: skip
    proc = interrupted_at_part(tmp_path, 2, argv)
    assert proc.returncode == 130, proc.stderr
    line = proc.stderr.strip().splitlines()[-1]
    assert "finished chunk(s) kept in" in line and "--resume" in line and "Traceback" not in proc.stderr
    assert len(list((out / PARTS).glob("part-*.parquet"))) == 2


def test_ctrl_c_during_a_sweep_leaves_no_directory(tmp_path):
    out = tmp_path / "s"
    argv = ["sweep", "yokohama", "--set", "start_money.seat0=0..8", "-n", "200", "--players", "random*4",
            "--out", str(out), "--threads", "1"]  # fmt: skip
    proc = interrupted_at_part(tmp_path, 0, argv)  # as the first chunk of the first arm is kept
    last = proc.stderr.strip().splitlines()[-1]
    assert proc.returncode == 130 and last == "playout: interrupted before any arm finished; nothing was kept"
    assert "Traceback" not in proc.stderr and not out.exists()
