"""Kept answers (sim/store.py): a result kept for reuse is reused only when everything that made it is the
same and its content still hashes to what was written; anything else is played again. Small Yokohama runs."""

from __future__ import annotations

import json
import shutil

import polars as pl
import pyarrow.parquet as pq
import pytest

from reports.analysis import robustness as rb
from reports.experiments.variations import ESTIMATES, Question, answer_all, slug, variation_recipes
from sim.datafiles import game_data_dir
from sim.engine import Recipe
from sim.results import TABLE_META

BASE = Recipe("yokohama", ["greedy", "greedy"], seed=5, n=40, chunk=40)
SEATS = Question("seat-fairness")


class Games:
    """A progress callback: games played, and games found finished (skip)."""

    def __init__(self, stop_after=None):
        self.played, self.skipped, self.stop_after = 0, 0, stop_after

    def __call__(self, games):
        self.played += games
        if self.stop_after is not None and self.played >= self.stop_after:
            raise KeyboardInterrupt

    def skip(self, games):
        self.skipped += games


def two_lineups(data_dir=None):
    return variation_recipes(BASE, [("d", data_dir)], [["greedy", "greedy"], ["random", "random"]])


def test_a_kept_estimate_is_reused_when_nothing_changed(tmp_path):
    variations = two_lineups()
    first = answer_all(SEATS, BASE, variations, tmp_path, 1, Games())
    again = Games()
    assert answer_all(SEATS, BASE, variations, tmp_path, 1, again) == first
    assert again.played == 0 and again.skipped == 2 * BASE.n


def test_lineups_of_different_cost_are_counted_in_planned_cpu_seconds_played_and_skipped(tmp_path, monkeypatch):
    # a learned lineup's game costs many greedy ones: a bar counting games would take its rate from greedy's.
    # The pilot's measured costs depend on the machine and its load, so they are given here: each lineup's
    # cost goes to its own variations, and the progress counts games times those costs.
    import reports.experiments.ladder
    from reports.experiments.variations import lineup_costs

    measured = {("greedy", "greedy"): 0.002, ("learned:lv_look=turn", "learned:lv_look=turn"): 0.05}
    monkeypatch.setattr(reports.experiments.ladder, "warm", lambda base, threads: None)
    monkeypatch.setattr(reports.experiments.ladder, "per_game", lambda base, lineup, *a: (measured[tuple(lineup)], 0.0))
    variations = variation_recipes(BASE, [("d", None)], [["greedy"] * 2, ["learned:lv_look=turn"] * 2])
    costs = lineup_costs(variations, 1)
    assert costs == [measured[tuple(r.players)] for _, r in variations] == [0.002, 0.05]
    planned = BASE.n * sum(costs)
    first = Games()
    answer_all(SEATS, BASE, variations, tmp_path, 1, first, costs)
    assert first.played == pytest.approx(planned)
    again = Games()
    answer_all(SEATS, BASE, variations, tmp_path, 1, again, costs)  # read back: skipped, in the same unit
    assert again.played == 0 and again.skipped == pytest.approx(planned)
    assert lineup_costs(variations[:1], 1) is None  # one lineup: the bar counts games


def test_a_kept_estimate_is_not_reused_under_other_code(tmp_path, monkeypatch):
    # a bot change changes the code fingerprint: the old answer must not be printed under the new code
    import sim.engine

    variations = two_lineups()
    answer_all(SEATS, BASE, variations, tmp_path, 1, Games())
    monkeypatch.setattr(sim.engine, "code_fingerprint", lambda: "0123456789abcdef")
    again = Games()
    answer_all(SEATS, BASE, variations, tmp_path, 1, again)
    assert again.played == 2 * BASE.n and again.skipped == 0
    for run in (tmp_path / "variations").iterdir():
        assert json.loads((run / "manifest.json").read_text())["code_fingerprint"] == "0123456789abcdef"


def test_a_kept_estimate_is_not_reused_after_a_model_or_preset_was_replaced(tmp_path, monkeypatch):
    # a shipped model or preset is JSON, outside the code fingerprint: the new player must not inherit the
    # old one's kept answer (nor an experiment's kept arm, which shares the key)
    from strategies import StrategyBook

    variations = two_lineups()
    answer_all(SEATS, BASE, variations, tmp_path, 1, Games())
    real = StrategyBook.fingerprint
    monkeypatch.setattr(
        StrategyBook, "fingerprint", lambda book, code: "0" * 16 if code == "greedy" else real(book, code)
    )
    again = Games()
    answer_all(SEATS, BASE, variations, tmp_path, 1, again)
    assert again.played == BASE.n and again.skipped == BASE.n  # greedy's variation again, random's read back


def test_a_kept_estimate_is_not_reused_after_the_data_files_were_corrected(tmp_path):
    # the same --data path, other contents: the key holds the data's fingerprint, not its path
    from sim.games.yokohama.tables import load

    data = tmp_path / "data"
    data.mkdir()
    church = (game_data_dir("yokohama") / "church_spaces.csv").read_text()
    (data / "church_spaces.csv").write_text(church)
    variations = two_lineups(str(data))
    answer_all(SEATS, BASE, variations, tmp_path / "out", 1, Games())
    lines = church.splitlines()
    header = lines.index(next(x for x in lines if not x.startswith("#")))
    cells = lines[header + 1].split(",")
    column = lines[header].split(",").index("vp") if "vp" in lines[header] else 1
    cells[column] = str(int(cells[column]) + 1)
    lines[header + 1] = ",".join(cells)
    (data / "church_spaces.csv").write_text("\n".join(lines) + "\n")
    corrected = load(str(data)).fingerprint
    again = Games()
    answer_all(SEATS, BASE, variations, tmp_path / "out", 1, again)
    assert again.played == 2 * BASE.n
    for run in (tmp_path / "out" / "variations").iterdir():
        assert json.loads((run / "manifest.json").read_text())["data_fingerprint"] == corrected


@pytest.mark.parametrize("damage", ["edit", "garble"])
def test_an_edited_or_damaged_estimates_file_is_answered_again(tmp_path, damage):
    variations = two_lineups()
    first = answer_all(SEATS, BASE, variations, tmp_path, 1, Games())
    kept = tmp_path / "variations" / slug(variations[0][0]) / ESTIMATES
    if damage == "edit":
        doc = json.loads(kept.read_text())
        doc["payload"][0][1] = 0.99  # a hand-edited win rate
        kept.write_text(json.dumps(doc))
    else:
        kept.write_text('{"key": ')
    assert answer_all(SEATS, BASE, variations, tmp_path, 1, Games()) == first


def rewrite_rows(path, change):
    """games.parquet with its rows changed but its metadata kept (a flipped bit that still decodes)."""
    meta = pq.ParquetFile(path).metadata.metadata[TABLE_META.encode()]
    table = change(pl.read_parquet(path)).to_arrow().replace_schema_metadata({TABLE_META: meta})
    pq.write_table(table, path)


def flip_winners(frame):
    return frame.with_columns((1 - pl.col("winner")).alias("winner"))


def test_a_damaged_variation_run_is_played_again_not_read(tmp_path):
    variations = two_lineups()
    first = answer_all(SEATS, BASE, variations, tmp_path, 1, Games())
    where = tmp_path / "variations" / slug(variations[0][0])
    (where / ESTIMATES).unlink()  # the estimate is made again from the kept run
    rewrite_rows(where / "games.parquet", flip_winners)
    again = Games()
    assert answer_all(SEATS, BASE, variations, tmp_path, 1, again) == first
    assert again.played == BASE.n


def test_a_damaged_finished_arm_of_an_interrupted_experiment_is_played_again(tmp_path):
    from reports.experiments.questions import knob_sweep
    from sim.experiments import ARMS

    base = Recipe("yokohama", ["greedy", "greedy"], seed=3, n=40, chunk=20)
    cut = tmp_path / "cut"
    with pytest.raises(KeyboardInterrupt):  # the first arm finished, the second stopped after a chunk
        knob_sweep(base, "start_money.seat0", [0, 4], 0, cut, 1, Games(stop_after=60))
    (arm,) = [p for p in (cut / ARMS).iterdir() if (p / "games.parquet").exists()]
    rewrite_rows(arm / "games.parquet", flip_winners)
    resumed = knob_sweep(base, "start_money.seat0", [0, 4], 0, cut, 1, Games())
    whole = knob_sweep(base, "start_money.seat0", [0, 4], 0, tmp_path / "whole", 1, Games())
    assert resumed.tables["win_rates"].equals(whole.tables["win_rates"])


def test_two_data_directories_with_one_base_name_keep_their_variations_apart(tmp_path):
    a = slug(rb.Variation(str(tmp_path / "a" / "cards"), "greedy,greedy"))
    b = slug(rb.Variation(str(tmp_path / "b" / "cards"), "greedy,greedy"))
    assert a != b and a.startswith("cards") and b.startswith("cards")
    assert slug(rb.Variation("builtin", "greedy,greedy")) == "builtin__greedy_greedy"


def test_a_run_whose_manifest_was_edited_is_not_reported(tmp_path):
    # report copies data_assumed_share into every header: an edited share must not be printed
    from cli import main

    out = tmp_path / "r"
    main(["run", "yokohama", "-n", "20", "-p", "greedy*2", "--out", str(out), "-q"])
    path = out / "manifest.json"
    path.write_text(json.dumps({**json.loads(path.read_text()), "data_assumed_share": 0}))
    with pytest.raises(SystemExit) as e:
        main(["report", str(out)])
    assert e.value.code == 2
    assert not (out / "report").exists()
    shutil.rmtree(out)


def test_a_lineup_whose_name_is_a_pattern_for_another_answers_from_its_own_games_alone(tmp_path):
    """The variations are kept in directories named by lineup: greedy*2 beside greedy_w_vp=2*2, as learned*4 beside
    learned_lv_look=turn*4. polars reads a path holding `*` as a pattern unless told not to, so each answer pooled
    the games of every sibling its name matched."""
    from sim.results import read_games

    variations = variation_recipes(BASE, [("builtin", None)], [["greedy", "greedy"], ["greedy:w_vp=2"] * 2])
    assert [slug(v) for v, _ in variations] == ["builtin__greedy*2", "builtin__greedy_w_vp=2*2"]
    plain, weighted = (
        answer_all(SEATS, BASE, variations[1:], tmp_path, 1),
        answer_all(SEATS, BASE, variations, tmp_path, 1),
    )
    assert weighted[2:] == plain  # the sibling played first is read back unchanged
    alone = answer_all(SEATS, BASE, variations[:1], tmp_path / "alone", 1)
    assert weighted[:2] == alone  # greedy*2's answer is the one it gives with no sibling beside it
    for v, recipe in variations:
        games = read_games(tmp_path / "variations" / slug(v))
        assert games.height == recipe.n and games["game_index"].n_unique() == recipe.n, slug(v)
