"""reports.writers.export and reports.writers.plots: headers, CSV round trips, atomic writes, self-contained HTML,
PNGs."""

from __future__ import annotations

import base64
import os
import re
import subprocess
import sys

import numpy as np
import polars as pl
import pytest
from PIL import Image

from reports.analysis import balance
from reports.writers import export, plots
from sim.errors import WriteError

MANIFEST = {
    "tool_version": "0.1.0",
    "status": "complete",
    "game": "yokohama",
    "rules_version": "1.0.0",
    "params_changed": {"ships": 3},
    "data_set": "builtin",
    "data_assumed_share": 0.9439,
    "lineup": ["greedy", "greedy", "random", "greedy"],
    "seed": 17,
    "n": 5000,
}
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def test_header_states_every_required_fact():
    text = "\n".join(export.header_lines(MANIFEST, 4999))
    for fact in (
        "game: yokohama",
        "rules version: 1.0.0",
        "data set: builtin (94.39% of the component values are ASSUMED placeholders)",
        "lineup: greedy*2,random,greedy",
        "seed: 17",
        "n: 4999 games",
        "params: ships=3",
    ):
        assert fact in text


def test_header_variants():
    real = export.header_lines({**MANIFEST, "data_assumed_share": 0.0, "seeds": [1, 2, 3], "status": "running"})
    text = "\n".join(real)
    assert "no ASSUMED placeholder values" in text and "% of the component" not in text
    assert "seed: 1, 2, 3" in text and "n: 5000 games" in text and "did not finish" in text
    assert "unknown" in "\n".join(export.header_lines({}))  # a bare manifest still yields a header


def test_header_says_whether_the_answer_was_checked_under_other_variations():
    unchecked = "\n".join(export.header_lines(MANIFEST))
    assert "robustness: not checked under other data sets or players" in unchecked
    checked = "\n".join(
        export.header_lines(
            {**MANIFEST, "checked_under": ["data builtin, players greedy*4", "data alt, players greedy*4"]}
        )
    )
    assert "robustness: checked under 2 variations: data builtin, players greedy*4; data alt" in checked


def test_caption_is_one_line_with_the_header_facts():
    caption = export.caption_line(MANIFEST, 5000)
    assert "\n" not in caption
    for fact in ("yokohama", "1.0.0", "builtin", "94.39% ASSUMED", "greedy*2,random,greedy", "17", "n=5000"):
        assert fact in caption


def test_csv_has_comment_header_and_round_trips(tmp_path):
    table = pl.DataFrame({"name": ["a,b", 'say "hi"'], "rate": [0.1234567890123, float("nan")], "n": [3, 4]})
    path = export.write_csv(table, tmp_path / "t.csv", ["game: x", "n: 7 games"])
    lines = path.read_text().splitlines()
    assert lines[:2] == ["# game: x", "# n: 7 games"] and lines[2] == "name,rate,n"
    back = pl.read_csv(path, comment_prefix="#")
    assert back["name"].to_list() == table["name"].to_list()
    assert back["rate"][0] == 0.1234567890123 and np.isnan(back["rate"][1])
    assert [p.name for p in tmp_path.iterdir()] == ["t.csv"]  # no temp file left behind


def test_failed_write_keeps_the_old_file(tmp_path, monkeypatch):
    path = export.write_csv(pl.DataFrame({"a": [1]}), tmp_path / "t.csv", ["old"])
    before = path.read_bytes()

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(WriteError, match="t.csv"):
        export.write_csv(pl.DataFrame({"a": [2]}), path, ["new"])
    assert path.read_bytes() == before and len(list(tmp_path.iterdir())) == 1


def test_html_is_self_contained_and_escaped(tmp_path):
    png = plots.end_triggers(
        pl.DataFrame({"trigger": ["x"], "share": [1.0], "lo": [0.9], "hi": [1.0]}), "cap", tmp_path / "e.png"
    )
    section = export.Section("Odd <names> & co", "a note", [png], [("t.csv", pl.DataFrame({"k": ["<b>"]}))])
    path = export.write_html(tmp_path / "r.html", "title", export.header_lines(MANIFEST), [section])
    page = path.read_text()
    assert "Odd &lt;names&gt; &amp; co" in page and "&lt;b&gt;" in page and "<b>" not in page
    assert "94.39% of the component values are ASSUMED placeholders" in page
    uris = re.findall(r'src="data:image/png;base64,([^"]+)"', page)
    assert len(uris) == 1 and base64.b64decode(uris[0]) == png.read_bytes()
    assert not re.search(r'(src|href)="(?!data:)', page)  # nothing loaded from elsewhere


def png_caption(path):
    assert path.read_bytes()[:8] == PNG_MAGIC
    with Image.open(path) as image:
        assert image.size[0] > 300 and image.size[1] > 200
        return image.info.get("Description")


def test_report_figures_are_pngs_carrying_the_caption(tmp_path, synth):
    caption = export.caption_line(MANIFEST, synth.height)
    paths = [
        plots.seat_win_rates(balance.seat_fairness(synth), caption, tmp_path / "seats.png"),
        plots.score_distributions({"by seat": balance.score_counts(synth, "seat")}, caption, tmp_path / "s.png"),
        plots.vp_by_source(balance.vp_by_source(synth), caption, tmp_path / "vp.png"),
        plots.histograms({"rounds": balance.value_counts(synth, "rounds")}, caption, tmp_path / "len.png", "L"),
        plots.end_triggers(balance.end_triggers(synth), caption, tmp_path / "end.png"),
    ]
    for path in paths:
        assert png_caption(path) == caption


def test_curve_with_band_and_ranked_bars(tmp_path):
    x = np.linspace(0, 4, 5)
    y = np.array([0.2, 0.24, 0.27, 0.3, 0.33])
    path = plots.curve_with_band(
        x,
        {"seat 0": (y, y - 0.02, y + 0.02), "seat 1": (1 - y, 0.98 - y, 1.02 - y)},
        "cap line",
        tmp_path / "sweep.png",
        xlabel="ships",
        fair=0.25,
        crossings={"seat 0": (1.3, 1.0, 1.6), "seat 1": (float("nan"),) * 3},
    )
    assert png_caption(path) == "cap line"
    bars = plots.ranked_bars(
        ["a", "b", "c"],
        [0.1, float("nan"), -0.05],
        [0.05, 0, -0.1],
        [0.15, 0, 0.0],
        "cap",
        tmp_path / "r.png",
        "x",
        "t",
    )
    assert png_caption(bars) == "cap"


def test_importing_reports_loads_no_plotting_or_scipy():
    code = (
        "import sys, reports.analysis.stats, reports.analysis.balance;"
        "import reports.writers.plots, reports.writers.export, reports.writers.report;"
        "print(sorted(m for m in ('matplotlib', 'scipy', 'statsmodels') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_a_shaded_column_of_one_value_is_shown_without_bars_and_without_a_warning():
    import warnings

    table = export.Table("shares", pl.DataFrame({"column": ["a", "b"], "share": [0.0, 0.0]}), ["share"], "share", 0.0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        page = export.table_html(table, "t")
    assert "0.0%" in page and "linear-gradient" not in page
