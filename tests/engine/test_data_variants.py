"""Perturbed variants of one ASSUMED table: only ASSUMED numbers move, keys and text never, the game's
own checks accept every variant, and a variant is the same file on every run."""

from pathlib import Path

from sim.data_variants import assumed_tables, make_variant, moved, read, set_files
from sim.errors import DataError
from sim.rng import new_streams

DATA = Path(__file__).resolve().parents[2] / "sim" / "games" / "yokohama" / "data"


def test_only_tables_with_assumed_numbers_are_offered():
    tables = assumed_tables(set_files("yokohama", None))
    assert "orders.csv" in tables and "church_spaces.csv" in tables
    assert "techs.csv" not in tables  # every row sourced
    assert "port_slots.csv" not in tables  # its ASSUMED column is text (the tier)


def test_a_variant_moves_only_assumed_numbers_and_never_the_key(tmp_path, yokohama):
    table = read(DATA / "church_spaces.csv")
    v = make_variant(table, 0, 0.5, 7, tmp_path / "v", yokohama.load_data)
    new = read(v.directory / "church_spaces.csv")
    assert new.header == table.header and len(new.rows) == len(table.rows)
    assumed = set(table.assumed_rows())
    changed = 0
    for i, (a, b) in enumerate(zip(table.rows, new.rows, strict=True)):
        assert a[0] == b[0]  # the key
        assert a[-2:] == b[-2:]  # provenance and source
        if i not in assumed:
            assert a == b
        changed += sum(x != y for x, y in zip(a, b, strict=True))
    assert changed == v.changed_cells > 0
    yokohama.load_data(str(v.directory))  # the game accepts it


def test_the_same_seed_gives_the_same_variant_and_another_seed_another(tmp_path, yokohama):
    table = read(DATA / "orders.csv")
    a = make_variant(table, 1, 0.5, 7, tmp_path / "a", yokohama.load_data)
    b = make_variant(table, 1, 0.5, 7, tmp_path / "b", yokohama.load_data)
    c = make_variant(table, 1, 0.5, 8, tmp_path / "c", yokohama.load_data)
    text = [(x.directory / "orders.csv").read_text() for x in (a, b, c)]
    assert text[0] == text[1] != text[2]


def test_a_column_the_game_refuses_to_vary_is_kept_and_named(tmp_path):
    table = read(DATA / "church_spaces.csv")

    def refuse_faith_changes(directory):
        if read(Path(directory) / "church_spaces.csv").rows != table.rows:
            faith = table.header.index("faith")
            new = read(Path(directory) / "church_spaces.csv")
            if any(a[faith] != b[faith] for a, b in zip(table.rows, new.rows, strict=True)):
                raise DataError("faith must stay as printed")

    v = make_variant(table, 0, 0.5, 3, tmp_path / "v", refuse_faith_changes)
    assert v.kept_columns == ("faith",)
    new = read(v.directory / "church_spaces.csv")
    faith = table.header.index("faith")
    assert [r[faith] for r in new.rows] == [r[faith] for r in table.rows]


def test_a_moved_number_keeps_its_sign_and_moves_zero_on_average():
    rng = new_streams(11, 0)
    draws = [moved(4, 0.5, rng) for _ in range(4000)]
    assert min(draws) >= 2 and max(draws) <= 6
    assert abs(sum(draws) / len(draws) - 4) < 0.05
    assert min(moved(0, 0.5, rng) for _ in range(200)) == 0


def test_the_tables_of_a_named_set_are_its_own_files_over_the_builtin_ones():
    files = set_files("yokohama", "seed-guess-2026")
    assert files["church_spaces.csv"].parent.name == "seed-guess-2026"
    assert files["techs.csv"].parent == DATA  # the set does not replace it


def test_a_variant_of_a_named_set_keeps_the_sets_other_tables(tmp_path, yokohama):
    from reports.experiments.sensitivity import build_variants

    [v] = build_variants("yokohama", "seed-guess-2026", yokohama.load_data, ["orders.csv"], 1, 0.5, 5, tmp_path)
    own = set_files("yokohama", "seed-guess-2026")
    assert (v.directory / "church_spaces.csv").read_bytes() == own["church_spaces.csv"].read_bytes()
    assert not (v.directory / "techs.csv").exists()
    assert read(v.directory / "orders.csv").rows != read(own["orders.csv"]).rows
