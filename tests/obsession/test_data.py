"""Obsession's data files: one row per card with its provenance and source, the ASSUMED share stated, the counts
the rulebook gives, corrected files given with --data, and one-line errors naming the file, row and problem."""

import csv
import shutil

import pytest

from cli import main
from sim.errors import DataError
from sim.games.obsession.layout import CL_CASUAL, CL_PRESTIGE, CL_STARTER, TT_MONUMENT
from sim.games.obsession.tables import BUILTIN, C_CLASS, C_VP, K_COPIES, K_START, K_TYPE, gentry_base, kind_base, load


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


def test_the_card_counts_are_the_rulebooks():
    ds = load(None)
    d = ds.array
    classes = [int(d[gentry_base(c) + C_CLASS]) for c in range(len(ds.detail.gentry))]
    assert classes.count(CL_STARTER) == 15 and classes.count(CL_CASUAL) == 35 and classes.count(CL_PRESTIGE) == 26
    casual = [c for c in range(len(classes)) if classes[c] in (CL_STARTER, CL_CASUAL)]
    assert sum(1 for c in casual if d[gentry_base(c) + C_VP] < 0) <= 20  # 20 of 50 have a negative trait (R2)
    assert len(ds.detail.objectives) == 30 and len(ds.detail.vp_cards) == 30
    kinds = len(ds.detail.tiles)
    start = [k for k in range(kinds) if d[kind_base(k) + K_START]]
    monuments = [k for k in range(kinds) if d[kind_base(k) + K_TYPE] == TT_MONUMENT]
    assert len(start) == 5 and len(monuments) == 15
    assert sum(int(d[kind_base(k) + K_COPIES]) for k in range(kinds) if k not in monuments) >= 49


def test_every_unpublished_card_is_labelled_assumed_or_inferred():
    for name in ("tiles.csv", "gentry.csv", "objectives.csv", "vp_cards.csv"):
        rows = _rows(name)
        assert sum(r["provenance"] != "sourced" for r in rows) > len(rows) // 2, name


def test_a_corrected_file_overrides_the_builtin_one(tmp_path):
    path = _copy(tmp_path, "tiles.csv")
    _replace_cell(path, 6, "vp_front", "7")  # the Breakfast Room
    ds = load(str(tmp_path))
    assert "tiles.csv" in ds.name and ds.fingerprint != load(None).fingerprint


@pytest.mark.parametrize(
    ("filename", "row", "column", "value", "problem"),
    [
        ("tiles.csv", 6, "pr", "9", "column pr: 9 is outside 0..6"),
        ("tiles.csv", 7, "guests_front", "everyone", "column guests_front: 'everyone' is not one of"),
        ("tiles.csv", 17, "guests_front", "gentry", "a service tile is never hosted"),
        ("tiles.csv", 3, "category_back", "sporting", "only a hybrid tile changes category"),
        ("gentry.csv", 30, "vp", "lots", "column vp: 'lots' is not a whole number"),
        ("gentry.csv", 1, "servant_1", "valet", "family and Fairchild cards need no service"),
        ("gentry.csv", 24, "servant_2", "valet", "fill servant_1 first"),
        ("objectives.csv", 1, "tile", "Ice Rink", "'Ice Rink' is not a tile of tiles.csv"),
        ("objectives.csv", 17, "category", "kitchen", "'kitchen' is not one of"),
        ("families.csv", 2, "family", "york", "row 2 is cavendish"),
        ("servants.csv", 6, "in_box", "3", "column in_box"),
        ("round_track.csv", 2, "round", "3", "a courtship round has no other event"),
        ("vp_cards.csv", 1, "amount", "0", "a reputation card gives at least 1"),
        ("vp_cards.csv", 2, "name", "reputation 1", "column name: 'reputation 1' already used"),
    ],
)
def test_a_bad_data_file_is_refused_naming_file_row_and_problem(tmp_path, filename, row, column, value, problem):
    path = _copy(tmp_path, filename)
    rows = _rows(filename)
    if rows[row - 1][column] == value:  # pick a row where the value really changes
        pytest.skip("the value is already there")
    _replace_cell(path, row, column, value)
    with pytest.raises(DataError) as e:
        load(str(tmp_path))
    assert filename in str(e.value) and problem in str(e.value)


def test_a_bad_data_file_is_one_line_and_exit_code_2(tmp_path, capsys):
    path = _copy(tmp_path, "gentry.csv")
    _replace_cell(path, 30, "pr", "12")
    with pytest.raises(SystemExit) as e:
        main(["run", "obsession", "-n", "5", "--data", str(tmp_path), "--out", str(tmp_path / "out")])
    assert e.value.code == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "gentry.csv, row 30" in err and "column pr: 12 is outside 1..6" in err
