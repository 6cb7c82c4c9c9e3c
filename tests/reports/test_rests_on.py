"""What a card-value answer rests on (reports/analysis/rests_on.py): the share of the cards' spread a data column
explains, on constructed card estimates, and the provenance each column is given."""

import numpy as np
import polars as pl

from reports.analysis import rests_on as ro
from sim.registry import get_game

CARDS = 66


def shares(make_values, groups_of, draws=200, seed=3):
    """explained_share over many constructed sets of card estimates, each card with its own sampling error."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(draws):
        groups = groups_of(rng)
        se = rng.uniform(0.005, 0.02, CARDS)
        out.append(ro.explained_share(make_values(rng, groups) + rng.normal(0, 1, CARDS) * se, groups))
    return np.array(out)


def three_groups(rng):
    return rng.integers(0, 3, CARDS)


def test_a_column_that_fixes_the_cards_values_explains_nearly_all_of_their_spread():
    got = shares(lambda rng, g: np.array([-0.1, 0.0, 0.1])[g], three_groups)
    assert got.min() > 0.9


def test_a_column_unrelated_to_the_cards_values_explains_nearly_none_of_it():
    got = shares(lambda rng, g: rng.normal(0, 0.05, CARDS), three_groups)
    assert got.mean() < 0.05 and np.median(got) < 0.02


def test_many_small_groups_of_an_unrelated_column_are_not_rewarded():
    rng = np.random.default_rng(5)
    corrected, plain = [], []
    for _ in range(200):
        groups = rng.integers(0, 20, CARDS)
        d = rng.normal(0, 0.05, CARDS) + rng.normal(0, 0.01, CARDS)
        corrected.append(ro.explained_share(d, groups))
        group_mean = np.array([d[groups == g].mean() for g in groups])
        plain.append(((group_mean - d.mean()) ** 2).sum() / ((d - d.mean()) ** 2).sum())  # eta squared: ~19/65
    assert np.mean(corrected) < 0.1 < 0.2 < np.mean(plain)


def test_sampling_noise_alone_explains_nearly_none_of_the_spread():
    got = shares(lambda rng, g: np.zeros(CARDS), three_groups)
    assert got.mean() < 0.05 and np.median(got) < 0.02


def test_half_the_true_spread_from_the_column_gives_about_half():
    got = shares(lambda rng, g: np.array([-0.05, 0.0, 0.05])[g] + rng.normal(0, 0.041, CARDS), three_groups)
    assert 0.35 < np.median(got) < 0.65


def test_a_sourced_row_is_assumed_for_a_column_its_source_calls_assumed():
    source = "R2 rulebook: step 6 example (four guests); category, PR, VP ASSUMED; butler: strategy guide"
    assert ro.assumed_in("inferred", source, ("PR", "price"))
    assert ro.assumed_in("inferred", source, ("category",))
    assert not ro.assumed_in("inferred", source, ("servant",))
    assert not ro.assumed_in("sourced", "name: rulebook; industry: seed 000", ("industry",))
    assert ro.assumed_in("ASSUMED", "", ("industry",))


def value_table(values: dict[str, float], se: float = 0.01) -> pl.DataFrame:
    return pl.DataFrame(
        {
            "card": list(values),
            "given_win_delta": list(values.values()),
            "given_win_lo": [v - 1.96 * se for v in values.values()],
            "given_win_hi": [v + 1.96 * se for v in values.values()],
        }
    )


def test_the_table_groups_by_each_column_labels_it_and_leaves_out_columns_that_cannot_group():
    names = [f"c{i}" for i in range(12)]
    kind = [("a", "b", "c")[i % 3] for i in range(12)]
    rows = pl.DataFrame(
        {
            "card": names,
            "kind": kind,
            "colour": ["red" if i < 6 else "blue" for i in range(12)],
            "same": ["x"] * 12,
            "own": names,
            "provenance": ["sourced"] * 11 + ["ASSUMED"],
            "source": ["rulebook"] * 2 + ["rulebook; colour ASSUMED"] + ["rulebook"] * 9,
        }
    )
    values = {n: {"a": 0.1, "b": 0.0, "c": -0.1}[k] for n, k in zip(names, kind, strict=True)}
    words = {"kind": ("kind",), "colour": ("colour",), "same": ("same",), "own": ("own",)}
    table = ro.rests_on(value_table(values), rows, {"columns": words})
    columns = ro.columns_by_share(table)
    assert columns["column"].to_list() == ["kind", "colour"]
    assert ro.skipped_columns(table, {"columns": words}) == ["same", "own"]
    kind_row, colour_row = columns.row(0, named=True), columns.row(1, named=True)
    assert kind_row["share"] > 0.95 and colour_row["share"] < 0.1
    assert (kind_row["provenance"], kind_row["assumed_cards"]) == ("ASSUMED", 1)  # the one ASSUMED row
    assert (colour_row["provenance"], colour_row["assumed_cards"]) == ("ASSUMED", 2)  # and its source's clause
    a = table.filter((pl.col("column") == "kind") & (pl.col("value") == "a")).row(0, named=True)
    assert a["cards"] == 4 and abs(a["mean_given_win_delta"] - 0.1) < 1e-12 and a["mean_lo"] < 0.1 < a["mean_hi"]


def test_the_headline_warns_only_when_an_assumed_column_explains_half_or_more():
    values = {f"c{i}": (0.1 if i % 2 else -0.1) for i in range(10)}
    rows = pl.DataFrame({"card": list(values), "side": [str(i % 2) for i in range(10)],
                         "provenance": ["ASSUMED"] * 10, "source": [""] * 10})  # fmt: skip
    described = {"columns": {"side": ("side",)}}
    assumed = ro.headline(ro.rests_on(value_table(values), rows, described), 10)
    assert "ASSUMED column `side`" in assumed and "ranking of that column" in assumed
    sourced = ro.headline(
        ro.rests_on(value_table(values), rows.with_columns(provenance=pl.lit("sourced")), described), 10
    )
    assert "ranking of that column" not in sourced and "side (sourced)" in sourced


def test_la_granjas_farm_columns_are_assumed_and_yokohamas_tech_columns_sourced():
    for game, kind, expected in (("lagranja", "farm", "ASSUMED"), ("yokohama", "tech", "sourced")):
        card = get_game(game).card_kinds[kind]
        rows = ro.card_rows(game, None, card["described_by"], card["names"])
        assert rows.height == len(card["names"]) and rows.null_count().sum_horizontal()[0] == 0
        for words in card["described_by"]["columns"].values():
            assert ro.provenance_of(rows, ro.assumed_rows(rows, words))[0] == expected


def test_corrected_cards_given_with_data_are_read_and_no_longer_assumed(tmp_path):
    from sim.datafiles import game_data_dir

    text = (game_data_dir("lagranja") / "cards.csv").read_text(encoding="utf-8")
    lines = [line.replace(",ASSUMED,", ",sourced,").split(",name:")[0] + ",checked on the cards" if line[:1].isdigit()
             else line for line in text.splitlines()]  # fmt: skip
    (tmp_path / "cards.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    card = get_game("lagranja").card_kinds["farm"]
    rows = ro.card_rows("lagranja", str(tmp_path), card["described_by"], card["names"])
    assert set(rows["provenance"]) == {"sourced"}
    assert ro.provenance_of(rows, ro.assumed_rows(rows, ("extension",))) == ("sourced", 0)


def test_two_columns_sharing_the_spread_are_shown_together_and_warned_about():
    names = [f"c{i}" for i in range(36)]
    crop = [("grain", "grape", "olive")[i % 3] for i in range(36)]
    kind = [("a", "b", "c")[(i // 3) % 3] for i in range(36)]
    values = {n: {"grain": 0.0, "grape": 0.1, "olive": 0.0}[c] + {"a": 0.1, "b": 0.0, "c": 0.0}[k] + 0.001 * (i % 4)
              for i, (n, c, k) in enumerate(zip(names, crop, kind, strict=True))}  # fmt: skip
    rows = pl.DataFrame({"card": names, "crop": crop, "kind": kind, "provenance": ["ASSUMED"] * 36,
                         "source": [""] * 36})  # fmt: skip
    table = ro.rests_on(value_table(values), rows, {"columns": {"crop": ("crop",), "kind": ("kind",)}})
    columns = ro.columns_by_share(table)
    alone = columns.filter(pl.col("column").is_in(["crop", "kind"]))["share"].to_numpy()
    together = columns.row(0, named=True)
    assert together["column"] in ("crop × kind", "kind × crop") and together["groups"] == 9
    assert together["share"] > 0.95 and alone.max() < 0.6 and together["provenance"] == "ASSUMED"
    assert "ASSUMED columns `" in ro.headline(table, 36)
