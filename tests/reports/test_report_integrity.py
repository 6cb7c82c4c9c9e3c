"""`playout report` never reports on a table that does not match its manifest, and renders its tables with
pandas' Styler (percentages, shaded columns, escaped text, the same page every time)."""

from __future__ import annotations

import json

import polars as pl
import pyarrow.parquet as pq
import pytest
from test_reports_report import one_line_error

from cli import main
from reports.writers.report import build_report
from sim.results import TABLE_META


def rewrite_keeping_metadata(run, change):
    """games.parquet with its rows changed by `change` but its playout metadata kept: a valid file whose
    contents no longer are what the run wrote (as a flipped bit that still decodes would leave it)."""
    path = run / "games.parquet"
    meta = pq.ParquetFile(path).metadata.metadata[TABLE_META.encode()]
    table = change(pl.read_parquet(path)).to_arrow().replace_schema_metadata({TABLE_META: meta})
    pq.write_table(table, path)


def test_a_table_whose_winner_changed_by_one_game_is_refused(example_run):
    rewrite_keeping_metadata(example_run, lambda f: f.with_columns(
        pl.when(pl.col("game_index") == 7).then((pl.col("winner") + 1) % 4).otherwise(pl.col("winner")).alias("winner")
    ))  # fmt: skip
    assert "is damaged" in one_line_error(lambda: build_report(example_run))
    assert not (example_run / "report").exists()


def test_a_table_with_bytes_flipped_in_the_middle_is_refused(example_run):
    path = example_run / "games.parquet"
    data = bytearray(path.read_bytes())
    middle = len(data) // 2
    data[middle : middle + 64] = bytes(b ^ 0xFF for b in data[middle : middle + 64])
    path.write_bytes(bytes(data))
    assert str(path) in one_line_error(lambda: build_report(example_run))


def test_a_manifest_that_names_another_game_is_refused(example_run):
    path = example_run / "manifest.json"
    path.write_text(json.dumps({**json.loads(path.read_text()), "game": "gangsta"}))
    assert "not of the same run" in one_line_error(lambda: build_report(example_run))


def test_a_manifest_of_another_run_is_refused(example_run, synth_run):
    (example_run / "manifest.json").write_text((synth_run / "manifest.json").read_text())
    assert "not of the same run" in one_line_error(lambda: build_report(example_run))


def test_an_unfinished_run_is_refused(example_run):
    path = example_run / "manifest.json"
    path.write_text(json.dumps({**json.loads(path.read_text()), "status": "running"}))
    assert "not finished" in one_line_error(lambda: build_report(example_run))


def test_a_table_not_written_by_playout_run_is_refused(example_run):
    pl.read_parquet(example_run / "games.parquet").write_parquet(example_run / "games.parquet")
    assert "not a table written by `playout run`" in one_line_error(lambda: build_report(example_run))


def test_the_cli_says_so_in_one_line_with_exit_code_2(example_run, capsys):
    rewrite_keeping_metadata(example_run, lambda f: f.with_columns(pl.col("score_0") + 1))
    with pytest.raises(SystemExit) as e:
        main(["report", str(example_run)])
    err = capsys.readouterr().err.strip()
    assert e.value.code == 2 and "is damaged" in err and "\n" not in err


def test_tables_are_styled_by_pandas_with_percentages_and_shading(example_run):
    paths = build_report(example_run)
    page = paths["report.html"].read_text()
    seats = pl.read_csv(paths["seat_fairness.csv"], comment_prefix="#")
    for rate in seats["win_rate"].to_list():
        assert f">{rate:.1%}</td>" in page  # a percentage, as a person reads it
    assert page.count("linear-gradient") >= seats.height  # the win rates shaded as bars around fair
    assert 'class="col_heading' in page  # rendered by the Styler
    first = paths["report.html"].read_bytes()
    assert build_report(example_run)["report.html"].read_bytes() == first  # the same page every time


def test_a_header_fact_edited_in_the_manifest_is_refused(synth_run):
    # report copies data_assumed_share into every header; an edited share of 0 once printed "no ASSUMED
    # placeholder values" over data that is mostly ASSUMED
    path = synth_run / "manifest.json"
    path.write_text(json.dumps({**json.loads(path.read_text()), "data_assumed_share": 0}))
    assert "was changed after playout wrote it" in one_line_error(lambda: build_report(synth_run))
    assert not (synth_run / "report").exists()
