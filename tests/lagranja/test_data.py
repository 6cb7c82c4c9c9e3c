"""La Granja's data files: one row per card with its provenance and source, the ASSUMED share stated, the counts
the rulebook gives, and one-line errors naming the file, row and problem for a bad --data file."""

import csv
import shutil

import pytest

from sim.errors import DataError
from sim.games.lagranja.layout import HELPER_EFFECTS
from sim.games.lagranja.tables import (
    BUILTIN,
    C_BARROW_VP,
    C_EFFECT,
    D_HEX_NB,
    D_HEX_START,
    D_HEX_VALUE,
    D_HEX_X,
    D_N_CARDS,
    D_N_HEX,
    D_N_ROOFS,
    card_base,
    load,
)


def _rows(name):
    lines = [x for x in (BUILTIN / name).read_text().splitlines() if x and not x.startswith("#")]
    return list(csv.DictReader(lines))


def _copy(tmp_path, name):
    shutil.copy(BUILTIN / name, tmp_path / name)
    return tmp_path / name


def _replace_cell(path, row, column, value):
    lines = path.read_text().splitlines(keepends=True)
    comments = [x for x in lines if x.startswith("#")]
    rows = list(csv.DictReader([x for x in lines if not x.startswith("#")]))
    rows[row - 1][column] = value
    with path.open("w", newline="") as f:
        f.writelines(comments)
        w = csv.DictWriter(f, fieldnames=list(rows[0]), lineterminator="\n")
        w.writeheader()
        w.writerows(rows)


def test_every_row_of_every_file_names_its_provenance_and_source():
    for path in sorted(BUILTIN.glob("*.csv")):
        rows = _rows(path.name)
        assert rows, path.name
        assert all(r["provenance"] in ("sourced", "inferred", "ASSUMED") for r in rows), path.name
        assert all(r["source"] for r in rows), f"{path.name}: every row says where its numbers come from"


def test_the_builtin_set_is_mostly_assumed_and_says_so():
    ds = load(None)
    assert ds.name == "builtin" and 0.5 < ds.assumed_share < 1.0


def test_the_counts_are_the_rulebooks():
    d = load().array
    assert d[D_N_CARDS] == 66  # 66 farm cards
    assert d[D_N_ROOFS] == 24  # 24 roof markers
    n = d[D_N_HEX]
    assert sum(d[D_HEX_X + i] for i in range(n)) == 10  # ten X hexes
    starts = sorted(int(d[D_HEX_VALUE + i]) for i in range(n) if d[D_HEX_START + i])
    assert starts == [2, 3, 4, 5]  # the central start hexes 2..5
    assert sorted({int(d[card_base(c) + C_BARROW_VP]) for c in range(66)}) == [2, 3, 4, 5, 6]


def test_market_neighbours_are_symmetric():
    d = load().array
    for h in range(d[D_N_HEX]):
        for k in range(6):
            nb = d[D_HEX_NB + h * 6 + k]
            if nb >= 0:
                assert h in [d[D_HEX_NB + nb * 6 + j] for j in range(6)]


def test_helpers_name_an_effect_for_each_card_and_label_the_unknown_ones():
    rows = _rows("helpers.csv")
    cards = _rows("cards.csv")
    assert [r["name"] for r in rows] == [r["name"] for r in cards]
    d = load().array
    assert all(d[card_base(c) + C_EFFECT] == HELPER_EFFECTS.index(r["effect"]) for c, r in enumerate(rows))
    assert "not_modelled" not in HELPER_EFFECTS  # every card's helper has an effect (issue 11)
    for r in rows:
        if r["provenance"] == "ASSUMED":
            assert "ASSUMED" in r["source"]


def test_a_corrected_file_replaces_the_builtin_one(tmp_path):
    path = _copy(tmp_path, "cards.csv")
    _replace_cell(path, 1, "barrow_vp", "6")
    ds = load(str(tmp_path))
    assert ds.array[card_base(0) + C_BARROW_VP] == 6
    assert ds.fingerprint != load().fingerprint and "cards.csv" in ds.name


@pytest.mark.parametrize(
    "name, row, column, value, message",
    [
        ("cards.csv", 3, "barrow_vp", "7", "row 3: column barrow_vp: 7 is outside 2..6"),
        ("cards.csv", 2, "barrow", "olive+gold", "'gold' is not one of"),
        ("cards.csv", 2, "field", "pig", "column field: 'pig' is not one of"),
        ("cards.csv", 4, "card", "70", "row 4 is card 4"),
        ("helpers.csv", 5, "effect", "fly", "column effect: 'fly' is not one of"),
        ("helpers.csv", 12, "amount", "0", "a pig_space helper gives at least 1"),
        ("helpers.csv", 7, "name", "Somebody", "row 7 is card 7"),
        ("economy.csv", 1, "buy", "0", "below the sale price"),
        ("buildings.csv", 2, "building", "deli", "row 2 is village_store"),
        ("roofs.csv", 3, "copies", "1", "23 roof markers; the game has 24"),
        ("market.csv", 1, "start", "0", "start position 1 needs exactly one hex"),
        ("market.csv", 2, "q", "0", "row 3: hex (0, 1) already at row 2"),
        ("siesta.csv", 2, "space", "5", "row 2 is space 1"),
        ("cards.csv", 1, "provenance", "guess", "column provenance: 'guess' is not one of"),
    ],
)
def test_a_bad_data_file_names_file_row_and_problem(tmp_path, name, row, column, value, message):
    path = _copy(tmp_path, name)
    _replace_cell(path, row, column, value)
    with pytest.raises(DataError) as e:
        load(str(tmp_path))
    assert message in str(e.value) and name in str(e.value)
