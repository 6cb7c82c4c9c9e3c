"""reports.writers.report.build_report: a full report from a run directory, and one-line errors on bad input."""

from __future__ import annotations

import base64
import json
import re

import numpy as np
import polars as pl
import pytest
from synthetic_runs import manifest, synthetic_games, write_run

from reports.writers.report import build_report
from sim.errors import InputError

CSVS = ["seat_fairness.csv", "scores.csv", "vp_by_source.csv", "game_length.csv", "end_triggers.csv"]
PNGS = ["seat_fairness.png", "scores.png", "vp_by_source.png", "game_length.png", "end_triggers.png"]


def embedded_pngs(page: str) -> list[bytes]:
    return [base64.b64decode(s) for s in re.findall(r'src="data:image/png;base64,([^"]+)"', page)]


def test_full_report_of_the_example_run(example_run):
    games = pl.read_parquet(example_run / "games.parquet")
    meta = json.loads((example_run / "manifest.json").read_text())
    paths = build_report(example_run)
    out = example_run / "report"
    expected = [*CSVS, "card_owners.csv", *PNGS, "card_owners.png", "report.html"]
    assert sorted(paths) == sorted(expected)
    assert all(paths[name] == out / name and paths[name].stat().st_size > 0 for name in expected)

    page = paths["report.html"].read_text()
    share = f"{meta['data_assumed_share'] * 100:.4g}% of the component values are ASSUMED placeholders"
    for fact in (
        f"game: {meta['game']}",
        f"rules version: {meta['rules_version']}",
        f"data set: {meta['data_set']}",
        share,
        "lineup: " + ("random*4" if meta["lineup"] == ["random"] * 4 else ",".join(meta["lineup"])),
        f"seed: {meta['seed']}",
        f"n: {games.height} games",
        "correlation, not causation",
    ):
        assert fact in page
    images = embedded_pngs(page)
    assert len(images) == 6 and all(img.startswith(b"\x89PNG") for img in images)
    assert sorted(images) == sorted(paths[p].read_bytes() for p in [*PNGS, "card_owners.png"])
    assert not re.search(r'(src|href)="(?!data:)', page)

    for name in [*CSVS, "card_owners.csv"]:
        text = paths[name].read_text()
        assert text.startswith(f"# game: {meta['game']}\n") and share in text
    # the seat table agrees with a count straight from the parquet file
    seats = pl.read_csv(paths["seat_fairness.csv"], comment_prefix="#")
    winner = games["winner"].to_numpy()
    assert seats["wins"].to_list() == [int(np.sum(winner == s)) for s in range(4)]
    assert set(seats["fair"].to_list()) == {0.25}


def test_report_of_a_synthetic_run_into_another_directory(synth_run, tmp_path):
    out = tmp_path / "elsewhere" / "rep"
    paths = build_report(synth_run, out)
    assert paths["report.html"].parent == out and (out / "card_owners.csv").is_file()
    assert not (synth_run / "report").exists()
    page = paths["report.html"].read_text()
    assert "game: synthgame" in page and "rules version: 9.9.9" in page and "lineup: a,b,c" in page
    assert "25% of the component values are ASSUMED placeholders" in page
    first = {name: p.read_bytes() for name, p in paths.items() if name.endswith(".csv")}
    again = build_report(synth_run, out)  # rebuilding overwrites with the same tables
    assert {name: again[name].read_bytes() for name in first} == first


def test_report_without_techs_or_vp_columns(tmp_path):
    frame = synthetic_games(500, 2, seed=4, techs=False).select(pl.exclude("^vp_.*$"))
    run = write_run(tmp_path / "bare", frame, manifest(frame, ["s0", "s1"], 4, share=0.0))
    paths = build_report(run)
    assert "card_owners.csv" not in paths and "vp_by_source.png" not in paths
    assert "no ASSUMED placeholder values" in paths["report.html"].read_text()
    assert len(embedded_pngs(paths["report.html"].read_text())) == 4


def one_line_error(call) -> str:
    with pytest.raises(InputError) as info:
        call()
    message = str(info.value)
    assert "\n" not in message
    return message


def test_missing_run_directory(tmp_path):
    assert str(tmp_path / "nope") in one_line_error(lambda: build_report(tmp_path / "nope"))


def test_missing_games_file(synth_run):
    (synth_run / "games.parquet").unlink()
    assert "games.parquet" in one_line_error(lambda: build_report(synth_run))


def test_missing_manifest(synth_run):
    (synth_run / "manifest.json").unlink()
    assert "manifest.json" in one_line_error(lambda: build_report(synth_run))


@pytest.mark.parametrize("text", ["{not json", "", "[1, 2]"])
def test_manifest_that_is_not_a_json_object(synth_run, text):
    (synth_run / "manifest.json").write_text(text)
    assert str(synth_run / "manifest.json") in one_line_error(lambda: build_report(synth_run))


def test_games_file_that_is_not_parquet(synth_run):
    (synth_run / "games.parquet").write_bytes(b"PAR1 torn in half")
    assert str(synth_run / "games.parquet") in one_line_error(lambda: build_report(synth_run))


def test_games_file_of_another_shape(synth_run):
    pl.DataFrame({"x": [1, 2]}).write_parquet(synth_run / "games.parquet")
    assert "missing column" in one_line_error(lambda: build_report(synth_run))


def test_output_path_that_is_a_file(synth_run, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert str(blocker) in one_line_error(lambda: build_report(synth_run, blocker))
