"""The shipped card data and the one-line errors for bad data files (--data DIR)."""

import shutil
from pathlib import Path

import pytest

from sim.errors import DataError
from sim.games.gangsta.tables import (
    BUILTIN,
    D_N_BOSSES,
    D_N_CARDS,
    D_N_HEISTS,
    H_CHAPTER,
    H_COOP,
    H_SNITCH,
    heist_base,
    load,
)


def test_the_shipped_data_is_the_complete_card_set():
    ds = load()
    d = ds.array
    assert d[D_N_BOSSES] == 5 and d[D_N_CARDS] - d[D_N_BOSSES] == 35
    kinds = [(int(d[heist_base(h) + H_CHAPTER]), bool(d[heist_base(h) + H_SNITCH])) for h in range(int(d[D_N_HEISTS]))]
    assert [kinds.count((ch, False)) for ch in (1, 2, 3)] == [30, 33, 30]
    assert [kinds.count((ch, True)) for ch in (1, 2, 3)] == [0, 3, 5]
    coop = [int(d[heist_base(h) + H_CHAPTER]) for h in range(int(d[D_N_HEISTS])) if d[heist_base(h) + H_COOP]]
    assert [coop.count(ch) for ch in (1, 2, 3)] == [0, 7, 8]
    assert ds.assumed_share == 0.0


def test_every_data_row_names_its_provenance_and_source():
    for path in BUILTIN.glob("*.csv"):
        lines = [x for x in path.read_text().splitlines() if x and not x.startswith("#")]
        header = lines[0].split(",")
        assert header[-2:] == ["provenance", "source"], path.name
        for line in lines[1:]:
            assert ",sourced," in line or ",inferred," in line or ",ASSUMED," in line, (path.name, line)


def corrupt(tmp_path: Path, filename: str, old: str, new: str) -> str:
    text = (BUILTIN / filename).read_text()
    assert old in text
    (tmp_path / filename).write_text(text.replace(old, new, 1))
    return str(tmp_path)


@pytest.mark.parametrize(
    "filename, old, new, problem",
    [
        ("gangsters.csv", "111,bratva,4,1", "111,bratva,four,1", "column cost: 'four' is not a whole number"),
        ("gangsters.csv", "111,bratva,4,1", "111,vikings,4,1", "column clan: 'vikings' is not one of"),
        ("bosses.csv", "101,bratva,8,0,1", "101,bratva,8,0,0", "every boss has the leader skill"),
        (
            "heists.csv",
            "201,genesis,Armored Van,0",
            "201,genesis,Armored Van,1",
            "cooperative heists belong to chapters 2",
        ),
        ("heists.csv", ",,0,0,0,0,0,0,sourced", ",juggler,0,0,0,0,0,0,sourced", "column learn_skill: 'juggler'"),
        ("snitches.csv", "331,gangwar,2", "331,genesis,2", "snitches are shuffled into the chapter 2 and 3"),
        ("heists.csv", "202,genesis", "201,genesis", "column id: 201 already used"),
    ],
)
def test_a_bad_data_file_gives_one_line_naming_the_file_the_row_and_the_problem(tmp_path, filename, old, new, problem):
    with pytest.raises(DataError) as err:
        load(corrupt(tmp_path, filename, old, new))
    message = str(err.value)
    assert "\n" not in message
    assert filename in message and problem in message
    assert "row" in message or "header" in message


def test_a_missing_column_is_named(tmp_path):
    text = (BUILTIN / "snitches.csv").read_text().replace("informant_bga", "informant_s1")
    (tmp_path / "snitches.csv").write_text(text)
    with pytest.raises(DataError, match="header lacks column.*informant_bga"):
        load(str(tmp_path))


def test_corrected_files_override_the_builtin_ones(tmp_path):
    shutil.copy(BUILTIN / "bosses.csv", tmp_path / "bosses.csv")
    text = (tmp_path / "bosses.csv").read_text().replace("101,bratva,8,", "101,bratva,9,")
    (tmp_path / "bosses.csv").write_text(text)
    ds = load(str(tmp_path))
    assert "bosses.csv" in ds.name and ds.fingerprint != load().fingerprint
