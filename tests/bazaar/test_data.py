"""data/cards.csv: every number ASSUMED (an invented game), and a bad file stops with one line naming the
file, the row and the problem."""

import pytest

from cli import main
from sim.errors import DataError
from sim.games.bazaar.tables import BUILTIN, load

HEADER = "id,name,cost,vp,income,provenance,source\n"


def write(tmp_path, rows: list[str]):
    (tmp_path / "cards.csv").write_text(HEADER + "".join(r + "\n" for r in rows))
    return str(tmp_path)


def cards(n: int) -> list[str]:
    return [f"{i},card{i},{i},1,1,ASSUMED,test" for i in range(1, n + 1)]


def test_the_builtin_cards_are_all_assumed_and_say_so():
    data = load()
    assert data.assumed_share == 1.0
    assert "ASSUMED" in (BUILTIN / "cards.csv").read_text().splitlines()[1]


def test_a_card_cost_that_is_not_a_number_names_the_file_and_row(tmp_path):
    rows = cards(6)
    rows[2] = "3,card3,three,1,1,ASSUMED,test"
    with pytest.raises(DataError, match=r"cards\.csv, row 3: column cost: 'three' is not a whole number"):
        load(write(tmp_path, rows))


def test_two_cards_of_one_name_are_refused(tmp_path):
    rows = cards(6)
    rows[5] = "6,card1,6,1,1,ASSUMED,test"
    with pytest.raises(DataError, match="column name: 'card1' already used"):
        load(write(tmp_path, rows))


def test_fewer_cards_than_the_market_or_more_than_the_bits_are_refused(tmp_path):
    with pytest.raises(DataError, match="has 4 rows, needs between 5 and 30"):
        load(write(tmp_path, cards(4)))
    with pytest.raises(DataError, match="has 31 rows"):
        load(write(tmp_path, cards(31)))
    assert load(write(tmp_path, cards(30))).array[0] == 30


def test_the_cli_refuses_a_bad_cards_file_in_one_line(tmp_path, capsys):
    rows = cards(6)
    rows[0] = "1,card1,1,1,1,GUESSED,test"
    with pytest.raises(SystemExit) as e:
        main(["run", "bazaar", "-n", "4", "--data", write(tmp_path, rows), "-q"])
    err = capsys.readouterr().err.strip()
    assert e.value.code == 2 and "row 1" in err and "provenance" in err and "\n" not in err
