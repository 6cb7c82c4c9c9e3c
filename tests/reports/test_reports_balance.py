"""reports.analysis.balance on synthetic games tables whose answers are known or recomputed here with numpy."""

from __future__ import annotations

import itertools

import numpy as np
import polars as pl
import pytest
from scipy.stats import binomtest
from statsmodels.stats.proportion import proportion_confint
from synthetic_runs import CARD1_OWNED, synthetic_games

from reports.analysis import balance


def seat_array(frame: pl.DataFrame, name: str) -> np.ndarray:
    """(games, seats) array of a per-seat column."""
    seats = balance.n_seats(frame)
    return np.column_stack([frame[f"{name}_{s}"].to_numpy() for s in range(seats)])


def test_seat_fairness_counts_intervals_and_tests(synth):
    table = balance.seat_fairness(synth)
    winner = synth["winner"].to_numpy()
    assert table["seat"].to_list() == [0, 1, 2]
    for row in table.iter_rows(named=True):
        wins = int(np.sum(winner == row["seat"]))
        assert row["wins"] == wins and row["games"] == len(winner) and row["fair"] == pytest.approx(1 / 3)
        assert (row["lo"], row["hi"]) == pytest.approx(proportion_confint(wins, len(winner), method="wilson"))
        assert row["p_value"] == pytest.approx(binomtest(wins, len(winner), 1 / 3).pvalue)
    # seat 0 was drawn to win 40% of games: it must stand out, with 0.4 inside its interval
    seat0 = table.row(0, named=True)
    assert seat0["lo"] < 0.4 < seat0["hi"] and seat0["p_holm"] < 1e-6


def test_seat_fairness_by_player_count():
    three = synthetic_games(900, 3, seed=1)
    four = synthetic_games(800, 4, seed=2)
    mixed = pl.concat([three, four], how="diagonal_relaxed")
    table = balance.seat_fairness(mixed)
    assert table.select("players", "seat").rows() == [(3, 0), (3, 1), (3, 2), (4, 0), (4, 1), (4, 2), (4, 3)]
    assert table.filter(pl.col("players") == 3)["wins"].sum() == 900
    assert table.filter(pl.col("players") == 4)["fair"].to_list() == [0.25] * 4


def test_scores_by_strategy_and_seat(synth):
    table = balance.scores(synth)
    scores = seat_array(synth, "score").astype(float)
    strategies = seat_array(synth, "strategy")
    won = synth["winner"].to_numpy()[:, None] == np.arange(3)[None, :]
    for row in table.iter_rows(named=True):
        mask = strategies == row["key"] if row["by"] == "strategy" else np.arange(3)[None, :] == int(row["key"])
        mask = np.broadcast_to(mask, scores.shape)
        values = scores[mask]
        assert row["n"] == values.size and row["wins"] == int(won[mask].sum())
        assert row["mean"] == pytest.approx(values.mean())
        assert row["sd"] == pytest.approx(values.std(ddof=1))
        assert [row[q] for q in ("q05", "q25", "q50", "q75", "q95")] == pytest.approx(
            np.quantile(values, [0.05, 0.25, 0.5, 0.75, 0.95])
        )
        half = 1.96 * values.std(ddof=1) / np.sqrt(values.size)
        assert (row["mean_lo"], row["mean_hi"]) == pytest.approx((values.mean() - half, values.mean() + half), rel=1e-4)
    assert sorted(table.filter(pl.col("by") == "strategy")["key"].to_list()) == ["a", "b", "c"]


def test_vp_sources_are_found_generically(synth):
    assert balance.vp_sources(synth) == ["alpha", "two_words"]
    table = balance.vp_by_source(synth)
    vp = {src: seat_array(synth, f"vp_{src}").astype(float) for src in ("alpha", "two_words")}
    for row in table.filter(pl.col("by") == "seat").iter_rows(named=True):
        assert row["mean"] == pytest.approx(vp[row["source"]][:, int(row["key"])].mean())
    shares = table.group_by("by", "key").agg(pl.col("share").sum())["share"].to_numpy()
    assert shares == pytest.approx(1.0)


def test_vp_by_source_without_vp_columns(synth):
    bare = synth.select(pl.exclude("^vp_.*$"))
    assert balance.vp_by_source(bare).height == 0


def test_game_length_matches_numpy(synth):
    table = balance.game_length(synth)
    assert table["metric"].to_list() == ["rounds", "decisions", "steps"]
    for row in table.iter_rows(named=True):
        values = synth[row["metric"]].to_numpy().astype(float)
        assert (row["mean"], row["min"], row["max"]) == pytest.approx((values.mean(), values.min(), values.max()))
        assert row["q50"] == pytest.approx(np.median(values))


def test_end_triggers_shares(synth):
    table = balance.end_triggers(synth)
    assert table["trigger"].to_list() == ["deck_out", "race"]  # most frequent first
    assert table["games"].sum() == synth.height and table["share"].sum() == pytest.approx(1.0)
    race = int((synth["end_trigger"] == "race").sum())
    row = table.row(1, named=True)
    assert (row["lo"], row["hi"]) == pytest.approx(proportion_confint(race, synth.height, method="wilson"))
    assert row["lo"] < 0.3 < row["hi"]  # drawn with share 0.3


def test_card_owners_counts_and_known_association(synth):
    table = balance.card_owners(synth, "techs")
    techs = seat_array(synth, "techs")
    won = synth["winner"].to_numpy()[:, None] == np.arange(3)[None, :]
    assert table["card"].to_list() == [0, 1, 2, 3]  # width from the highest bit in use
    for row in table.iter_rows(named=True):
        owned = (techs >> row["card"]) & 1 == 1
        assert row["owners"] == int(owned.sum()) and row["owner_wins"] == int((owned & won).sum())
        assert row["non_owners"] == int((~owned).sum()) and row["non_owner_wins"] == int((~owned & won).sum())
    assert set(table["note"].to_list()) == {"correlation, not causation"}
    card0, card1, card2 = (table.row(k, named=True) for k in range(3))
    assert card0["diff_lo"] > 0.1 and card0["p_holm"] < 1e-9  # constructed: winners own card 0 more
    assert card1["diff_lo"] < 0 < card1["diff_hi"]  # constructed: card 1 is owned independently
    assert card1["owners"] / (3 * synth.height) == pytest.approx(CARD1_OWNED, abs=0.02)
    assert card2["owners"] == 0 and np.isnan(card2["owner_rate"]) and np.isnan(card2["difference"])


def test_card_owners_uses_given_names(synth):
    names = ["Gas Lamp", "Station", "Mining", "Telegraph"]
    assert balance.card_owners(synth, "techs", names)["name"].to_list() == names


def test_pairwise_wins_match_a_brute_force_count():
    frame = synthetic_games(300, 4, seed=3, lineup=["x", "y", "y", "z"])
    codes, wins = balance.pairwise_wins(frame)
    assert codes == ["x", "y", "z"]
    expected = np.zeros((3, 3))
    index = {c: k for k, c in enumerate(codes)}
    for row in frame.iter_rows(named=True):
        for s, t in itertools.permutations(range(4), 2):
            if row[f"rank_{s}"] < row[f"rank_{t}"]:
                expected[index[row[f"strategy_{s}"]], index[row[f"strategy_{t}"]]] += 1
    assert wins == pytest.approx(expected)
    assert wins.sum() == 300 * 6  # every pair of seats, every game


def test_pairwise_wins_by_block_partition_the_games():
    frame = synthetic_games(1000, 4, seed=5, lineup=["x", "y", "z", "w"])
    codes, total = balance.pairwise_wins(frame)
    same, blocks = balance.pairwise_wins_by_block(frame, 10)
    assert same == codes and blocks.shape == (10, 4, 4)
    assert blocks.sum(axis=0) == pytest.approx(total)
    assert blocks.sum(axis=(1, 2)) == pytest.approx([100 * 6] * 10)  # 100 games of 6 seat pairs each
    first = balance.pairwise_wins(frame.head(100))[1]
    assert blocks[0] == pytest.approx(first)


def test_lazy_and_eager_frames_agree(synth):
    lazy = synth.lazy()
    for question in (balance.seat_fairness, balance.scores, balance.vp_by_source, balance.end_triggers):
        assert question(lazy).equals(question(synth))
