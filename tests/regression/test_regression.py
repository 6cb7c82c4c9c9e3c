"""The project's own regression check: every baseline under tests/regression/ still holds, so CI fails on
unintended drift; and the check catches what it should."""

from dataclasses import replace

import polars as pl
import pytest

from reports.analysis.regression import compare
from sim import regression
from sim.engine import Recipe, prepare
from sim.experiments import play_arm
from sim.results import table_fingerprint

BASELINES = regression.baseline_paths()


def test_there_is_a_baseline_for_every_registered_game():
    from sim.registry import available

    assert {p.parent.name for p in BASELINES} >= set(available())


@pytest.mark.parametrize("path", BASELINES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_baseline_holds(path, shared_replays):
    doc = regression.load_baseline(path)
    assert regression.stale_reason(doc) is None, f"re-record with: playout regress {doc['game']} --update"
    counts = regression.replay(Recipe.from_json(doc["recipe"]), threads=2)
    drifted = [c.what for c in compare(doc, counts.seats, counts.strategies, regression.FAMILY_ALPHA, 0.9) if c.drifted]
    assert drifted == []
    assert counts.fingerprint == doc["results_sha256"], "the result table changed: playout regress --update if intended"


def test_changing_the_start_players_money_fails_and_names_the_seat(shared_replays):
    # Bazaar's baseline and knob, as in the regress command's test: the drifted replay is shared between the two
    doc = regression.load_baseline(regression.BASELINE_DIR / "bazaar" / "greedy4.json")
    recipe = Recipe.from_json(doc["recipe"])
    changed = replace(recipe, params={**recipe.params, "start_money.seat0": 8})
    counts = regression.replay(changed, threads=2)
    checks = compare(doc, counts.seats, counts.strategies, regression.FAMILY_ALPHA, 0.9)
    assert "seat 0" in [c.what for c in checks if c.drifted]
    assert counts.fingerprint != doc["results_sha256"]


def test_exact_fingerprint_catches_a_one_game_difference_the_test_cannot():
    recipe = Recipe("yokohama", ["greedy", "random"], seed=5, n=400, chunk=400)
    frame = play_arm(recipe, columns=None)
    full = play_arm(recipe, columns=list(frame.columns))
    altered = full.with_columns(
        pl.when(pl.col("game_index") == 123).then(pl.col("score_1") + 1).otherwise(pl.col("score_1")).alias("score_1")
    )
    assert table_fingerprint(full) != table_fingerprint(altered)
    assert table_fingerprint(full) == table_fingerprint(play_arm(recipe, columns=list(frame.columns)))


def test_a_stale_baseline_is_reported(tmp_path):
    doc = regression.load_baseline(BASELINES[0])
    doc["rules_version"] = "0.0.1"
    assert "recorded for rules 0.0.1" in regression.stale_reason(doc)
    assert prepare(Recipe.from_json(doc["recipe"])).spec.version != "0.0.1"
